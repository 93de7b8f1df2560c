//! Worked time kept with each closed shift, so a company's totals are sums in the database
//! rather than arithmetic over every shift: the company day and week (Sunday) the shift belongs
//! to, and its worked minutes (floored per shift, the one rounding rule) once it has ended.
//! Shifts written before this migration have none; readers compute those, like open shifts.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum TimeEntries {
    Table,
    WorkDay,
    WorkWeek,
    WorkedMinutes,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [
            ColumnDef::new(TimeEntries::WorkDay).date().null().to_owned(),
            ColumnDef::new(TimeEntries::WorkWeek).date().null().to_owned(),
            ColumnDef::new(TimeEntries::WorkedMinutes).integer().null().to_owned(),
        ] {
            let mut column = column;
            manager.alter_table(Table::alter().table(TimeEntries::Table).add_column(&mut column).to_owned()).await?;
        }
        manager
            .create_index(
                Index::create()
                    .name("ix_time_entries_company_work_day")
                    .table(TimeEntries::Table)
                    .col(Alias::new("company_id"))
                    .col(Alias::new("work_day"))
                    .to_owned(),
            )
            .await
    }

    /// Drops the index; the columns stay, as SQLite before 3.35 cannot drop columns.
    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(Index::drop().name("ix_time_entries_company_work_day").table(TimeEntries::Table).to_owned())
            .await
    }
}
