//! Worked minutes per day of a few employees over a long span (a page of PTO balances reads three
//! years of them): a covering index led by the employee, so the sum reads only those people's days
//! instead of every shift of the company in the span.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum TimeEntries {
    Table,
}

const NAME: &str = "ix_time_entries_company_employee_work_day";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let mut index = Index::create().name(NAME).table(TimeEntries::Table).to_owned();
        for column in ["company_id", "employee_id", "work_day", "worked_minutes"] {
            index.col(Alias::new(column));
        }
        manager.create_index(index).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name(NAME).table(TimeEntries::Table).to_owned()).await
    }
}
