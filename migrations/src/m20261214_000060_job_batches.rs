//! Scheduled work shared by every instance (issue 44), written by `kernel`'s scheduler.
//!
//! `job_runs`: one run of a job as of one instant (`as_of`, unique with the job: two schedulers
//! planning the same run make one). Its counters move as batches end; `finished_at` is set by
//! whichever instance ends its last batch.
//!
//! `job_batches`: the run's claimable work, a company (or a range of a large company's people)
//! each. Any instance claims due rows (`FOR UPDATE SKIP LOCKED` on PostgreSQL), holds them under a
//! lease it renews while it works, and a batch whose instance died is claimed again after the
//! lease. `day` is the company day a daily job's batch is for. `done_by` names the instance that finished it (each instance's share of a run).
//!
//! `job_company_days`: the last company day a daily job ("at 08:00 in the company's zone") was
//! done for a company, so each company becomes due in its own zone, once a day.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum JobRuns {
    Table,
    Id,
    Job,
    AsOf,
    PlannedBy,
    StartedAt,
    FinishedAt,
    Batches,
    BatchesDone,
    BatchesFailed,
    Items,
}

#[derive(DeriveIden)]
enum JobBatches {
    Table,
    Id,
    RunId,
    Job,
    CompanyId,
    PersonFrom,
    PersonTo,
    Day,
    Status,
    Attempts,
    NextAttemptAt,
    LeaseOwner,
    LeaseUntil,
    LastError,
    Items,
    Report,
    DoneBy,
    FinishedAt,
}

#[derive(DeriveIden)]
enum JobCompanyDays {
    Table,
    Job,
    CompanyId,
    Day,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use JobBatches as B;
        use JobRuns as R;
        manager
            .create_table(
                Table::create()
                    .table(R::Table)
                    .col(ColumnDef::new(R::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(R::Job).string_len(60).not_null())
                    .col(ColumnDef::new(R::AsOf).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(R::PlannedBy).string_len(100).not_null())
                    .col(ColumnDef::new(R::StartedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(R::FinishedAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(R::Batches).integer().not_null())
                    .col(ColumnDef::new(R::BatchesDone).integer().not_null().default(0))
                    .col(ColumnDef::new(R::BatchesFailed).integer().not_null().default(0))
                    .col(ColumnDef::new(R::Items).big_integer().not_null().default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_job_runs_job_as_of")
                    .table(R::Table)
                    .col(R::Job)
                    .col(R::AsOf)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(B::Table)
                    .col(ColumnDef::new(B::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(B::RunId).big_integer().not_null())
                    .col(ColumnDef::new(B::Job).string_len(60).not_null())
                    .col(ColumnDef::new(B::CompanyId).big_integer().null())
                    .col(ColumnDef::new(B::PersonFrom).big_integer().null())
                    .col(ColumnDef::new(B::PersonTo).big_integer().null())
                    .col(ColumnDef::new(B::Day).date().null())
                    .col(ColumnDef::new(B::Status).string_len(10).not_null())
                    .col(ColumnDef::new(B::Attempts).integer().not_null().default(0))
                    .col(ColumnDef::new(B::NextAttemptAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(B::LeaseOwner).string_len(100).null())
                    .col(ColumnDef::new(B::LeaseUntil).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(B::LastError).text().null())
                    .col(ColumnDef::new(B::Items).big_integer().not_null().default(0))
                    .col(ColumnDef::new(B::Report).text().null())
                    .col(ColumnDef::new(B::DoneBy).string_len(100).null())
                    .col(ColumnDef::new(B::FinishedAt).timestamp_with_time_zone().null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(B::Table, B::RunId)
                            .to(R::Table, R::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_job_batches_claimable")
                    .table(B::Table)
                    .col(B::Status)
                    .col(B::NextAttemptAt)
                    .col(B::Id)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_job_batches_run").table(B::Table).col(B::RunId).col(B::Id).to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(JobCompanyDays::Table)
                    .col(ColumnDef::new(JobCompanyDays::Job).string_len(60).not_null())
                    .col(ColumnDef::new(JobCompanyDays::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(JobCompanyDays::Day).date().not_null())
                    .primary_key(Index::create().col(JobCompanyDays::Job).col(JobCompanyDays::CompanyId))
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(JobCompanyDays::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(JobBatches::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(JobRuns::Table).to_owned()).await
    }
}
