//! The monthly paid-sick-leave statements (issue 38; Washington's WAC 296-128-760(2)): one row
//! per person and month, written with the e-mail in one transaction. The unique index makes
//! the job idempotent and safe with two servers: a second writer of the same month inserts
//! nothing and sends nothing. The figures stated are kept as sent. Written by the `pto` crate.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SickLeaveStatements {
    Table,
    Id,
    CompanyId,
    EmployeeId,
    Month,
    PtoTypeId,
    AccruedMinutes,
    ReducedMinutes,
    BalanceMinutes,
    SentAt,
}

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

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use SickLeaveStatements as S;
        manager
            .create_table(
                Table::create()
                    .table(S::Table)
                    .col(ColumnDef::new(S::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(S::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(S::EmployeeId).big_integer().not_null())
                    // The month's first day.
                    .col(ColumnDef::new(S::Month).date().not_null())
                    .col(ColumnDef::new(S::PtoTypeId).big_integer().not_null())
                    .col(ColumnDef::new(S::AccruedMinutes).big_integer().not_null())
                    .col(ColumnDef::new(S::ReducedMinutes).big_integer().not_null())
                    .col(ColumnDef::new(S::BalanceMinutes).big_integer().not_null())
                    .col(ColumnDef::new(S::SentAt).timestamp_with_time_zone().not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(S::Table, S::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(S::Table, S::EmployeeId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_sick_leave_statements_once")
                    .table(S::Table)
                    .col(S::CompanyId)
                    .col(S::EmployeeId)
                    .col(S::Month)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(SickLeaveStatements::Table).to_owned()).await
    }
}
