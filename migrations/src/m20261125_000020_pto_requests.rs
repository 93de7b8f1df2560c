//! Time-off requests (pto's `requests`): what an employee asked for, in the company's local days
//! (and wall-clock times for a partial day), and what became of it. The minutes a request uses are
//! not stored: they are the engine's arithmetic over its days and the company's paid holidays at
//! the time of reading, so a holiday added later is never charged.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Companies {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum PtoTypes {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum PtoRequests {
    Table,
    Id,
    CompanyId,
    EmployeeId,
    PtoTypeId,
    StartDate,
    EndDate,
    Partial,
    StartTime,
    EndTime,
    IncludeWeekend,
    Reason,
    Status,
    RequestedBy,
    CreatedAt,
    UpdatedAt,
    ActedBy,
    ActedAt,
    ActComment,
    CancelledBy,
    CancelledAt,
    CancelledFrom,
}

fn user_fk(column: PtoRequests, on_delete: ForeignKeyAction) -> ForeignKeyCreateStatement {
    ForeignKey::create().from(PtoRequests::Table, column).to(Users::Table, Users::Id).on_delete(on_delete).to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(PtoRequests::Table)
                    .col(ColumnDef::new(PtoRequests::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(PtoRequests::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(PtoRequests::EmployeeId).big_integer().not_null())
                    .col(ColumnDef::new(PtoRequests::PtoTypeId).big_integer().not_null())
                    .col(ColumnDef::new(PtoRequests::StartDate).date().not_null())
                    .col(ColumnDef::new(PtoRequests::EndDate).date().not_null())
                    .col(ColumnDef::new(PtoRequests::Partial).boolean().not_null())
                    // HH:MM, the company's wall clock (partial days only).
                    .col(ColumnDef::new(PtoRequests::StartTime).string_len(5).null())
                    .col(ColumnDef::new(PtoRequests::EndTime).string_len(5).null())
                    .col(ColumnDef::new(PtoRequests::IncludeWeekend).boolean().not_null())
                    .col(ColumnDef::new(PtoRequests::Reason).string_len(500).not_null())
                    // 0 pending, 3 approved, 4 denied, 5 cancelled.
                    .col(ColumnDef::new(PtoRequests::Status).small_integer().not_null())
                    .col(ColumnDef::new(PtoRequests::RequestedBy).big_integer().null())
                    .col(ColumnDef::new(PtoRequests::CreatedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(PtoRequests::UpdatedAt).timestamp_with_time_zone().not_null())
                    // Who approved or denied it, when, and why.
                    .col(ColumnDef::new(PtoRequests::ActedBy).big_integer().null())
                    .col(ColumnDef::new(PtoRequests::ActedAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(PtoRequests::ActComment).string_len(500).null())
                    .col(ColumnDef::new(PtoRequests::CancelledBy).big_integer().null())
                    .col(ColumnDef::new(PtoRequests::CancelledAt).timestamp_with_time_zone().null())
                    // The status it was cancelled from: an approved one gave its time back.
                    .col(ColumnDef::new(PtoRequests::CancelledFrom).small_integer().null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(PtoRequests::Table, PtoRequests::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(PtoRequests::Table, PtoRequests::PtoTypeId)
                            .to(PtoTypes::Table, PtoTypes::Id)
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .foreign_key(&mut user_fk(PtoRequests::EmployeeId, ForeignKeyAction::Cascade))
                    .foreign_key(&mut user_fk(PtoRequests::RequestedBy, ForeignKeyAction::SetNull))
                    .foreign_key(&mut user_fk(PtoRequests::ActedBy, ForeignKeyAction::SetNull))
                    .foreign_key(&mut user_fk(PtoRequests::CancelledBy, ForeignKeyAction::SetNull))
                    .to_owned(),
            )
            .await?;
        // A person's requests by day (balances, overlaps, history).
        manager
            .create_index(
                Index::create()
                    .name("ix_pto_requests_employee")
                    .table(PtoRequests::Table)
                    .col(PtoRequests::EmployeeId)
                    .col(PtoRequests::StartDate)
                    .to_owned(),
            )
            .await?;
        // The inbox (by status, newest first) and the agenda and dashboard (by day).
        manager
            .create_index(
                Index::create()
                    .name("ix_pto_requests_status")
                    .table(PtoRequests::Table)
                    .col(PtoRequests::CompanyId)
                    .col(PtoRequests::Status)
                    .col(PtoRequests::CreatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_pto_requests_days")
                    .table(PtoRequests::Table)
                    .col(PtoRequests::CompanyId)
                    .col(PtoRequests::EndDate)
                    .col(PtoRequests::StartDate)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(PtoRequests::Table).to_owned()).await
    }
}
