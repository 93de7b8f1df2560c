//! Overtime alerts by e-mail (issue 37): the company's choice (`time_settings.overtime_alert_emails`,
//! off unless an admin turns it on; written by `clock` with the other time settings), and
//! `overtime_alerts`, what makes each alert go out once: a row per person, shift (by its start)
//! and kind, written in the same transaction as the mail's row in the outbox. Written by
//! `timesheet`'s alert job.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum TimeSettings {
    Table,
    OvertimeAlertEmails,
}

#[derive(DeriveIden)]
enum OvertimeAlerts {
    Table,
    Id,
    CompanyId,
    EmployeeId,
    ShiftStart,
    Kind,
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
        manager
            .alter_table(
                Table::alter()
                    .table(TimeSettings::Table)
                    .add_column(ColumnDef::new(TimeSettings::OvertimeAlertEmails).boolean().not_null().default(false))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(OvertimeAlerts::Table)
                    .col(ColumnDef::new(OvertimeAlerts::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(OvertimeAlerts::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(OvertimeAlerts::EmployeeId).big_integer().not_null())
                    .col(ColumnDef::new(OvertimeAlerts::ShiftStart).timestamp_with_time_zone().not_null())
                    // 1: in overtime; 2: will be by their usual end.
                    .col(ColumnDef::new(OvertimeAlerts::Kind).small_integer().not_null())
                    .col(ColumnDef::new(OvertimeAlerts::SentAt).timestamp_with_time_zone().not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(OvertimeAlerts::Table, OvertimeAlerts::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(OvertimeAlerts::Table, OvertimeAlerts::EmployeeId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_overtime_alerts")
                    .table(OvertimeAlerts::Table)
                    .col(OvertimeAlerts::EmployeeId)
                    .col(OvertimeAlerts::ShiftStart)
                    .col(OvertimeAlerts::Kind)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(OvertimeAlerts::Table).to_owned()).await?;
        manager
            .alter_table(
                Table::alter().table(TimeSettings::Table).drop_column(TimeSettings::OvertimeAlertEmails).to_owned(),
            )
            .await
    }
}
