//! The job scheduler's leases (kernel's `scheduler`): one row per named job, with when it is
//! next due and which server holds it until when.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ScheduledJobs {
    Table,
    Name,
    NextRunAt,
    LeaseOwner,
    LeaseUntil,
    LastStartedAt,
    LastFinishedAt,
    LastError,
    Runs,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(ScheduledJobs::Table)
                    .col(ColumnDef::new(ScheduledJobs::Name).string_len(100).not_null().primary_key())
                    .col(ColumnDef::new(ScheduledJobs::NextRunAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(ScheduledJobs::LeaseOwner).string_len(100).null())
                    .col(ColumnDef::new(ScheduledJobs::LeaseUntil).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(ScheduledJobs::LastStartedAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(ScheduledJobs::LastFinishedAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(ScheduledJobs::LastError).text().null())
                    .col(ColumnDef::new(ScheduledJobs::Runs).big_integer().not_null().default(0))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(ScheduledJobs::Table).to_owned()).await
    }
}
