//! A manager's review of one person's timesheet for a period (the team week's "approve the week",
//! issue 36): who approved it and when. One row per person and period; approving again keeps the
//! first. Written by the `timesheet` crate.

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
enum TimesheetReviews {
    Table,
    Id,
    CompanyId,
    EmployeeId,
    PeriodStart,
    PeriodEnd,
    ReviewedBy,
    ReviewedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(TimesheetReviews::Table)
                    .col(ColumnDef::new(TimesheetReviews::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(TimesheetReviews::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(TimesheetReviews::EmployeeId).big_integer().not_null())
                    .col(ColumnDef::new(TimesheetReviews::PeriodStart).date().not_null())
                    .col(ColumnDef::new(TimesheetReviews::PeriodEnd).date().not_null())
                    .col(ColumnDef::new(TimesheetReviews::ReviewedBy).big_integer().not_null())
                    .col(ColumnDef::new(TimesheetReviews::ReviewedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(TimesheetReviews::Table, TimesheetReviews::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(TimesheetReviews::Table, TimesheetReviews::EmployeeId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(TimesheetReviews::Table, TimesheetReviews::ReviewedBy)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // One review per person and period (two approvers at once: the second finds the first);
        // the team week reads a period's reviews of a company through it.
        manager
            .create_index(
                Index::create()
                    .name("timesheet_reviews_period")
                    .table(TimesheetReviews::Table)
                    .col(TimesheetReviews::CompanyId)
                    .col(TimesheetReviews::PeriodStart)
                    .col(TimesheetReviews::PeriodEnd)
                    .col(TimesheetReviews::EmployeeId)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("timesheet_reviews_employee")
                    .table(TimesheetReviews::Table)
                    .col(TimesheetReviews::EmployeeId)
                    .col(TimesheetReviews::PeriodStart)
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(TimesheetReviews::Table).to_owned()).await
    }
}
