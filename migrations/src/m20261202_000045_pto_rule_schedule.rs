//! The accrual settings of a rule (issue 38): the periods of a per-pay-period rule (months,
//! weeks, two weeks, half months; counted from the joining date or the calendar; credited on
//! their first or last day; a rate per period or a year's split across them), the rounding of
//! each credit, carried-over hours that expire, the day the rule's year turns, and service
//! tiers. Existing rules get the defaults, which are the behaviour they always had.
//! Written by the `pto` crate, with the rest of the rule.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum PtoRules {
    Table,
    AccrualPeriod,
    RateBasis,
    PeriodAnchor,
    CreditOn,
    Rounding,
    CarryoverExpiryAmount,
    CarryoverExpiryUnit,
    YearStart,
    FiscalYearStart,
    ServiceTiers,
}

/// Each column with its default, when it has one (the wire names of `pto_engine::schedule`).
const COLUMNS: [(PtoRules, Option<&str>); 10] = [
    (PtoRules::AccrualPeriod, Some("months")),
    (PtoRules::RateBasis, Some("perPeriod")),
    (PtoRules::PeriodAnchor, Some("joining")),
    (PtoRules::CreditOn, Some("periodEnd")),
    (PtoRules::Rounding, Some("none")),
    (PtoRules::CarryoverExpiryAmount, None),
    (PtoRules::CarryoverExpiryUnit, None),
    (PtoRules::YearStart, Some("default")),
    (PtoRules::FiscalYearStart, None),
    (PtoRules::ServiceTiers, None),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite alters a table one column at a time.
        for (column, default) in COLUMNS {
            let mut def = ColumnDef::new(column);
            match (column, default) {
                (PtoRules::CarryoverExpiryAmount, _) => def.integer().null(),
                // JSON: [{"fromYear": 3, "rateHundredths": 12000}, …], at most six.
                (PtoRules::ServiceTiers, _) => def.text().null(),
                (_, Some(value)) => def.string_len(16).not_null().default(value),
                (_, None) => def.string_len(16).null(),
            };
            manager.alter_table(Table::alter().table(PtoRules::Table).add_column(&mut def).to_owned()).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (column, _) in COLUMNS {
            manager.alter_table(Table::alter().table(PtoRules::Table).drop_column(column).to_owned()).await?;
        }
        Ok(())
    }
}
