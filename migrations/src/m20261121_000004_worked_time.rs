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
        // Covering indexes: the sums read these and never the table.
        for (name, columns) in [
            ("ix_time_entries_company_work_day", ["company_id", "work_day", "employee_id", "worked_minutes"]),
            ("ix_time_entries_company_work_week", ["company_id", "work_week", "employee_id", "worked_minutes"]),
            // The shifts whose worked time is computed on reading: running ones and older ones.
            ("ix_time_entries_company_unsummed", ["company_id", "worked_minutes", "start_at", "employee_id"]),
        ] {
            let mut index = Index::create().name(name).table(TimeEntries::Table).to_owned();
            for column in columns {
                index.col(Alias::new(column));
            }
            manager.create_index(index).await?;
        }
        Ok(())
    }

    /// Drops the index; the columns stay, as SQLite before 3.35 cannot drop columns.
    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(Index::drop().name("ix_time_entries_company_work_day").table(TimeEntries::Table).to_owned())
            .await
    }
}
