//! The limits the paid-sick-leave laws let an employer set on a rule (issue 38): a yearly
//! accrual cap, a yearly use cap, a wait before the first use (counted from day N, or after N
//! days) and the smallest block of time taken. All optional: existing rules keep none.
//! Written by the `pto` crate, with the rest of the rule.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum PtoRules {
    Table,
    YearlyAccrualCapHours,
    YearlyUseCapHours,
    UsableAfterDays,
    UsableCounting,
    MinIncrementMinutes,
}

const COLUMNS: [PtoRules; 5] = [
    PtoRules::YearlyAccrualCapHours,
    PtoRules::YearlyUseCapHours,
    PtoRules::UsableAfterDays,
    PtoRules::UsableCounting,
    PtoRules::MinIncrementMinutes,
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite alters a table one column at a time.
        for column in COLUMNS {
            let mut def = ColumnDef::new(column);
            if matches!(column, PtoRules::UsableCounting) {
                def.string_len(16).null();
            } else {
                def.integer().null();
            }
            manager.alter_table(Table::alter().table(PtoRules::Table).add_column(&mut def).to_owned()).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in COLUMNS {
            manager.alter_table(Table::alter().table(PtoRules::Table).drop_column(column).to_owned()).await?;
        }
        Ok(())
    }
}
