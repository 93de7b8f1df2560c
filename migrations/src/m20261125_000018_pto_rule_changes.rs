//! Why a balance changed after a plan's rule was edited or removed (pto's `rules`): every change
//! to a plan's rules is kept, with who made it, when, and the rule's summary before and after.
//! A rule applies to the plan's whole year, so such a change recalculates past balances; the
//! employee's PTO history shows these records beside the balances they explain.

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
enum PtoPlans {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum PtoRuleChanges {
    Table,
    Id,
    CompanyId,
    PlanId,
    PtoTypeId,
    BeforeSummary,
    AfterSummary,
    ChangedBy,
    ChangedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(PtoRuleChanges::Table)
                    .col(ColumnDef::new(PtoRuleChanges::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(PtoRuleChanges::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(PtoRuleChanges::PlanId).big_integer().not_null())
                    .col(ColumnDef::new(PtoRuleChanges::PtoTypeId).big_integer().not_null())
                    // None when the rule was added.
                    .col(ColumnDef::new(PtoRuleChanges::BeforeSummary).string_len(200).null())
                    // None when the rule was removed.
                    .col(ColumnDef::new(PtoRuleChanges::AfterSummary).string_len(200).null())
                    .col(ColumnDef::new(PtoRuleChanges::ChangedBy).big_integer().null())
                    .col(ColumnDef::new(PtoRuleChanges::ChangedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(PtoRuleChanges::Table, PtoRuleChanges::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(PtoRuleChanges::Table, PtoRuleChanges::PlanId)
                            .to(PtoPlans::Table, PtoPlans::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(PtoRuleChanges::Table, PtoRuleChanges::ChangedBy)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_pto_rule_changes_plan")
                    .table(PtoRuleChanges::Table)
                    .col(PtoRuleChanges::CompanyId)
                    .col(PtoRuleChanges::PlanId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(PtoRuleChanges::Table).to_owned()).await
    }
}
