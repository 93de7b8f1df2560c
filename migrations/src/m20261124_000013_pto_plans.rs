//! PTO plans (the spec's "policies", 002 §3): a plan has one rule per PTO type it includes; an
//! employee has one plan at a time: an enrolment is a plan from a day on, a year's first from
//! 1 January, a switch from its day (so a year may hold a switch); balance entries are what people set by hand
//! (a starting balance when someone joins or switches plan, a manual addition), each one a
//! removable record in the employee's PTO history. Every balance is computed from these by the
//! PTO engine; nothing here stores a balance.

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
enum PtoPlans {
    Table,
    Id,
    CompanyId,
    Name,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum PtoRules {
    Table,
    Id,
    CompanyId,
    PlanId,
    PtoTypeId,
    Active,
    Method,
    RateHundredths,
    RateUnit,
    Prorated,
    WaitingPeriodDays,
    StartAfterWaitingPeriod,
    CarryoverPolicy,
    MaxCarryoverHours,
    MaxBalanceHours,
}

#[derive(DeriveIden)]
enum PtoEnrollments {
    Table,
    Id,
    CompanyId,
    EmployeeId,
    Year,
    PlanId,
    /// The first day in force: 1 January, or the day of a switch within the year.
    EffectiveFrom,
    CreatedBy,
    CreatedAt,
}

#[derive(DeriveIden)]
enum PtoBalanceEntries {
    Table,
    Id,
    CompanyId,
    EmployeeId,
    PtoTypeId,
    Kind,
    Minutes,
    EffectiveOn,
    Year,
    EnrollmentId,
    CreatedBy,
    CreatedAt,
}

fn id<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name).big_integer().not_null().auto_increment().primary_key().to_owned()
}

fn reference<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name).big_integer().not_null().to_owned()
}

fn cascade(
    from: impl IntoIden + 'static,
    column: impl IntoIden + 'static,
    to: impl IntoIden + 'static,
    to_column: impl IntoIden + 'static,
) -> ForeignKeyCreateStatement {
    ForeignKey::create().from(from, column).to(to, to_column).on_delete(ForeignKeyAction::Cascade).to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(PtoPlans::Table)
                    .col(id(PtoPlans::Id))
                    .col(reference(PtoPlans::CompanyId))
                    .col(ColumnDef::new(PtoPlans::Name).string_len(100).not_null())
                    .col(ColumnDef::new(PtoPlans::CreatedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(PtoPlans::UpdatedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(&mut cascade(PtoPlans::Table, PtoPlans::CompanyId, Companies::Table, Companies::Id))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("ix_pto_plans_company").table(PtoPlans::Table).col(PtoPlans::CompanyId).to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(PtoRules::Table)
                    .col(id(PtoRules::Id))
                    .col(reference(PtoRules::CompanyId))
                    .col(reference(PtoRules::PlanId))
                    .col(reference(PtoRules::PtoTypeId))
                    .col(ColumnDef::new(PtoRules::Active).boolean().not_null())
                    // PER_CALENDAR_YEAR, PER_ANNIVERSARY, PER_PAY_PERIOD, PER_HOUR_WORKED.
                    .col(ColumnDef::new(PtoRules::Method).string_len(24).not_null())
                    // Hours (a year, or per rate unit) in hundredths.
                    .col(ColumnDef::new(PtoRules::RateHundredths).big_integer().not_null())
                    // Months or worked hours; 1 for fixed rules.
                    .col(ColumnDef::new(PtoRules::RateUnit).integer().not_null())
                    .col(ColumnDef::new(PtoRules::Prorated).boolean().not_null())
                    .col(ColumnDef::new(PtoRules::WaitingPeriodDays).integer().null())
                    .col(ColumnDef::new(PtoRules::StartAfterWaitingPeriod).boolean().not_null())
                    // allowCarryover or useItOrLoseIt.
                    .col(ColumnDef::new(PtoRules::CarryoverPolicy).string_len(16).not_null())
                    .col(ColumnDef::new(PtoRules::MaxCarryoverHours).integer().null())
                    .col(ColumnDef::new(PtoRules::MaxBalanceHours).integer().null())
                    .foreign_key(&mut cascade(PtoRules::Table, PtoRules::CompanyId, Companies::Table, Companies::Id))
                    .foreign_key(&mut cascade(PtoRules::Table, PtoRules::PlanId, PtoPlans::Table, PtoPlans::Id))
                    .foreign_key(&mut cascade(PtoRules::Table, PtoRules::PtoTypeId, PtoTypes::Table, PtoTypes::Id))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_pto_rules_plan_type")
                    .table(PtoRules::Table)
                    .col(PtoRules::PlanId)
                    .col(PtoRules::PtoTypeId)
                    .unique()
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(PtoEnrollments::Table)
                    .col(id(PtoEnrollments::Id))
                    .col(reference(PtoEnrollments::CompanyId))
                    .col(reference(PtoEnrollments::EmployeeId))
                    .col(ColumnDef::new(PtoEnrollments::Year).integer().not_null())
                    .col(reference(PtoEnrollments::PlanId))
                    .col(ColumnDef::new(PtoEnrollments::EffectiveFrom).date().not_null())
                    .col(ColumnDef::new(PtoEnrollments::CreatedBy).big_integer().null())
                    .col(ColumnDef::new(PtoEnrollments::CreatedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(&mut cascade(
                        PtoEnrollments::Table,
                        PtoEnrollments::CompanyId,
                        Companies::Table,
                        Companies::Id,
                    ))
                    .foreign_key(&mut cascade(
                        PtoEnrollments::Table,
                        PtoEnrollments::EmployeeId,
                        Users::Table,
                        Users::Id,
                    ))
                    .foreign_key(&mut cascade(
                        PtoEnrollments::Table,
                        PtoEnrollments::PlanId,
                        PtoPlans::Table,
                        PtoPlans::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        // One plan at a time, held by the database too: one enrolment per employee and first day.
        manager
            .create_index(
                Index::create()
                    .name("ux_pto_enrollments_employee_day")
                    .table(PtoEnrollments::Table)
                    .col(PtoEnrollments::EmployeeId)
                    .col(PtoEnrollments::EffectiveFrom)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_pto_enrollments_plan")
                    .table(PtoEnrollments::Table)
                    .col(PtoEnrollments::CompanyId)
                    .col(PtoEnrollments::PlanId)
                    .col(PtoEnrollments::Year)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(PtoBalanceEntries::Table)
                    .col(id(PtoBalanceEntries::Id))
                    .col(reference(PtoBalanceEntries::CompanyId))
                    .col(reference(PtoBalanceEntries::EmployeeId))
                    .col(reference(PtoBalanceEntries::PtoTypeId))
                    // NEW_PTO_PLAN (a starting balance) or MANUALLY_ADDITION.
                    .col(ColumnDef::new(PtoBalanceEntries::Kind).string_len(20).not_null())
                    .col(ColumnDef::new(PtoBalanceEntries::Minutes).big_integer().not_null())
                    .col(ColumnDef::new(PtoBalanceEntries::EffectiveOn).date().not_null())
                    .col(ColumnDef::new(PtoBalanceEntries::Year).integer().not_null())
                    // The enrolment a starting balance came with (removed with it).
                    .col(ColumnDef::new(PtoBalanceEntries::EnrollmentId).big_integer().null())
                    .col(ColumnDef::new(PtoBalanceEntries::CreatedBy).big_integer().null())
                    .col(ColumnDef::new(PtoBalanceEntries::CreatedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(&mut cascade(
                        PtoBalanceEntries::Table,
                        PtoBalanceEntries::CompanyId,
                        Companies::Table,
                        Companies::Id,
                    ))
                    .foreign_key(&mut cascade(
                        PtoBalanceEntries::Table,
                        PtoBalanceEntries::EmployeeId,
                        Users::Table,
                        Users::Id,
                    ))
                    .foreign_key(&mut cascade(
                        PtoBalanceEntries::Table,
                        PtoBalanceEntries::PtoTypeId,
                        PtoTypes::Table,
                        PtoTypes::Id,
                    ))
                    .foreign_key(&mut cascade(
                        PtoBalanceEntries::Table,
                        PtoBalanceEntries::EnrollmentId,
                        PtoEnrollments::Table,
                        PtoEnrollments::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_pto_balance_entries_employee")
                    .table(PtoBalanceEntries::Table)
                    .col(PtoBalanceEntries::CompanyId)
                    .col(PtoBalanceEntries::EmployeeId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            PtoBalanceEntries::Table.into_iden(),
            PtoEnrollments::Table.into_iden(),
            PtoRules::Table.into_iden(),
            PtoPlans::Table.into_iden(),
        ] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
