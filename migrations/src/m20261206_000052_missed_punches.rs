//! Missed punches (issue 40), written by the `clock` crate.
//!
//! `time_settings` gains the longest shift (`max_shift_minutes`, default 14 h): a shift still
//! open then is closed provisionally by the missed-punch job.
//!
//! `time_entries` gains `missed` (0 none, 1 a missed clock-out, 2 a break never ended): set when
//! the job closes a shift provisionally at its last known activity, and settled
//! (`missed_settled_by`, `missed_settled_at`) when a manager corrects it or accepts it as is.
//! An unsettled one keeps its pay period's payroll file from being made.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum TimeSettings {
    Table,
    MaxShiftMinutes,
}

#[derive(DeriveIden)]
enum TimeEntries {
    Table,
    Missed,
    MissedSettledBy,
    MissedSettledAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(TimeSettings::Table)
                    .add_column(ColumnDef::new(TimeSettings::MaxShiftMinutes).integer().not_null().default(840))
                    .to_owned(),
            )
            .await?;
        for column in [
            ColumnDef::new(TimeEntries::Missed).small_integer().not_null().default(0).to_owned(),
            ColumnDef::new(TimeEntries::MissedSettledBy).big_integer().null().to_owned(),
            ColumnDef::new(TimeEntries::MissedSettledAt).timestamp_with_time_zone().null().to_owned(),
        ] {
            manager.alter_table(Table::alter().table(TimeEntries::Table).add_column(column).to_owned()).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [TimeEntries::Missed, TimeEntries::MissedSettledBy, TimeEntries::MissedSettledAt] {
            manager.alter_table(Table::alter().table(TimeEntries::Table).drop_column(column).to_owned()).await?;
        }
        manager
            .alter_table(
                Table::alter().table(TimeSettings::Table).drop_column(TimeSettings::MaxShiftMinutes).to_owned(),
            )
            .await
    }
}
