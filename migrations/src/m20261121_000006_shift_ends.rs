//! The shifts of an employee by their end: the clock card shows the shift that ended last today,
//! which the index of starts could find only by reading every shift the employee ever worked.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum TimeEntries {
    Table,
}

const NAME: &str = "ix_time_entries_employee_end";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let mut index = Index::create().name(NAME).table(TimeEntries::Table).to_owned();
        for column in ["company_id", "employee_id", "end_at"] {
            index.col(Alias::new(column));
        }
        manager.create_index(index).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name(NAME).table(TimeEntries::Table).to_owned()).await
    }
}
