//! Accrual health (issue 38): the accrual job records each run (`accrual_runs`: started,
//! finished, companies, employees, errors, or why it failed), what it could not compute for one
//! person or company (`accrual_run_errors`, a company's own rows), and each incident the
//! operator was told of once (`accrual_incidents`, unique by key, so two servers noticing the
//! same incident send one e-mail). Written by the `pto` crate.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum AccrualRuns {
    Table,
    Id,
    StartedAt,
    FinishedAt,
    Companies,
    Employees,
    Errors,
    Failure,
}

#[derive(DeriveIden)]
enum AccrualRunErrors {
    Table,
    Id,
    RunId,
    CompanyId,
    EmployeeId,
    Message,
    CreatedAt,
}

#[derive(DeriveIden)]
enum AccrualIncidents {
    Table,
    Id,
    Key,
    Reason,
    OpenedAt,
}

#[derive(DeriveIden)]
enum Companies {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(AccrualRuns::Table)
                    .col(ColumnDef::new(AccrualRuns::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(AccrualRuns::StartedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(AccrualRuns::FinishedAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(AccrualRuns::Companies).big_integer().not_null().default(0))
                    .col(ColumnDef::new(AccrualRuns::Employees).big_integer().not_null().default(0))
                    .col(ColumnDef::new(AccrualRuns::Errors).big_integer().not_null().default(0))
                    .col(ColumnDef::new(AccrualRuns::Failure).text().null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_accrual_runs_started")
                    .table(AccrualRuns::Table)
                    .col(AccrualRuns::StartedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AccrualRunErrors::Table)
                    .col(ColumnDef::new(AccrualRunErrors::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(AccrualRunErrors::RunId).big_integer().not_null())
                    .col(ColumnDef::new(AccrualRunErrors::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(AccrualRunErrors::EmployeeId).big_integer().null())
                    .col(ColumnDef::new(AccrualRunErrors::Message).text().not_null())
                    .col(ColumnDef::new(AccrualRunErrors::CreatedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(AccrualRunErrors::Table, AccrualRunErrors::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_accrual_run_errors_company_run")
                    .table(AccrualRunErrors::Table)
                    .col(AccrualRunErrors::CompanyId)
                    .col(AccrualRunErrors::RunId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AccrualIncidents::Table)
                    .col(ColumnDef::new(AccrualIncidents::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(AccrualIncidents::Key).string_len(200).not_null().unique_key())
                    .col(ColumnDef::new(AccrualIncidents::Reason).text().not_null())
                    .col(ColumnDef::new(AccrualIncidents::OpenedAt).timestamp_with_time_zone().not_null())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(AccrualIncidents::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(AccrualRunErrors::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(AccrualRuns::Table).to_owned()).await
    }
}
