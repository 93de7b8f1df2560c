//! Where a person's overtime rules differ from the company's (issue 37), from a date on: another
//! state's rule set (someone working in another state), and Nevada's two per-person facts (paid
//! under the daily-overtime wage line; on an agreed 4×10 schedule). One row per person and date.
//! Written by the `clock` crate, beside the company's overtime rules.

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
enum EmployeeOvertimeRules {
    Table,
    Id,
    CompanyId,
    EmployeeId,
    EffectiveFrom,
    Jurisdiction,
    UnderWageLine,
    FourTens,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(EmployeeOvertimeRules::Table)
                    .col(
                        ColumnDef::new(EmployeeOvertimeRules::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(EmployeeOvertimeRules::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(EmployeeOvertimeRules::EmployeeId).big_integer().not_null())
                    .col(ColumnDef::new(EmployeeOvertimeRules::EffectiveFrom).date().not_null())
                    // Null: the company's rules.
                    .col(ColumnDef::new(EmployeeOvertimeRules::Jurisdiction).string_len(16).null())
                    .col(ColumnDef::new(EmployeeOvertimeRules::UnderWageLine).boolean().not_null())
                    .col(ColumnDef::new(EmployeeOvertimeRules::FourTens).boolean().not_null())
                    .col(ColumnDef::new(EmployeeOvertimeRules::UpdatedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(EmployeeOvertimeRules::Table, EmployeeOvertimeRules::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(EmployeeOvertimeRules::Table, EmployeeOvertimeRules::EmployeeId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // One row per person and date; a company's rows are read together for its reports.
        manager
            .create_index(
                Index::create()
                    .name("employee_overtime_rules_person_from")
                    .table(EmployeeOvertimeRules::Table)
                    .col(EmployeeOvertimeRules::EmployeeId)
                    .col(EmployeeOvertimeRules::EffectiveFrom)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("employee_overtime_rules_company")
                    .table(EmployeeOvertimeRules::Table)
                    .col(EmployeeOvertimeRules::CompanyId)
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(EmployeeOvertimeRules::Table).to_owned()).await
    }
}
