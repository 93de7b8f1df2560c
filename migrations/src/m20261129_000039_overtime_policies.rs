//! The company's overtime rules from a date on (issue 37): which jurisdiction's rule set applies
//! (or the company's own figures), the workweek's first day and the workday's start hour. One row
//! per company and date; the rules of a week are those of the latest row on or before each of its
//! workdays, so earlier weeks keep the rules they were worked under. Written by the `clock` crate,
//! beside the company's other time settings.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Companies {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum OvertimePolicies {
    Table,
    Id,
    CompanyId,
    EffectiveFrom,
    Jurisdiction,
    WorkweekFirstDay,
    WorkdayStartHour,
    WeeklyMinutes,
    DailyOvertimeMinutes,
    DailyDoubleMinutes,
    OvertimePercent,
    DoublePercent,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(OvertimePolicies::Table)
                    .col(ColumnDef::new(OvertimePolicies::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(OvertimePolicies::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(OvertimePolicies::EffectiveFrom).date().not_null())
                    .col(ColumnDef::new(OvertimePolicies::Jurisdiction).string_len(16).not_null())
                    .col(ColumnDef::new(OvertimePolicies::WorkweekFirstDay).small_integer().not_null())
                    .col(ColumnDef::new(OvertimePolicies::WorkdayStartHour).small_integer().not_null())
                    .col(ColumnDef::new(OvertimePolicies::WeeklyMinutes).integer().null())
                    .col(ColumnDef::new(OvertimePolicies::DailyOvertimeMinutes).integer().null())
                    .col(ColumnDef::new(OvertimePolicies::DailyDoubleMinutes).integer().null())
                    .col(ColumnDef::new(OvertimePolicies::OvertimePercent).integer().not_null())
                    .col(ColumnDef::new(OvertimePolicies::DoublePercent).integer().not_null())
                    .col(ColumnDef::new(OvertimePolicies::UpdatedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(OvertimePolicies::Table, OvertimePolicies::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // One row per company and date (two admins saving the same date: the second replaces the
        // first); every computation reads a company's rows through it.
        manager
            .create_index(
                Index::create()
                    .name("overtime_policies_company_from")
                    .table(OvertimePolicies::Table)
                    .col(OvertimePolicies::CompanyId)
                    .col(OvertimePolicies::EffectiveFrom)
                    .unique()
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(OvertimePolicies::Table).to_owned()).await
    }
}
