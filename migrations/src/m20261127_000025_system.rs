//! The system area (issue 23): the operator's append-only audit log (owned by `system-admin`),
//! and two columns of `accounts`: the session an impersonation was started from (so leaving it
//! returns to that session, not to a new one) and each user's last sign-in (the operator's
//! lists and exports read it for every row; counting sessions per user there would be a join
//! per row).
//!
//! Promotions (owned by `billing`): the operator's promotion codes, the one a company redeemed
//! (at signup, at activation, or set by the operator; one per company, how many monthly charges
//! it still applies to), and each charge's discount (cents, with the code as it was applied).
//!
//! The audit log has no foreign keys on purpose: its rows name the company and the people by id
//! and by name, and outlive them (a deleted company's history stays readable).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SystemAudit {
    Table,
    Id,
    At,
    OperatorId,
    OperatorEmail,
    ActingAsId,
    ActingAsEmail,
    CompanyId,
    CompanyName,
    Action,
    Detail,
}

#[derive(DeriveIden)]
enum Companies {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum BillingPromotions {
    Table,
    Id,
    Code,
    Description,
    PercentOff,
    AmountOffCents,
    Months,
    ExpiresOn,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum BillingPromotionRedemptions {
    Table,
    CompanyId,
    PromotionId,
    RedeemedAt,
    MonthsLeft,
}

#[derive(DeriveIden)]
enum BillingCharges {
    Table,
    DiscountCents,
    PromotionCode,
}

#[derive(DeriveIden)]
enum Sessions {
    Table,
    ParentSessionId,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    LastLoginAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(SystemAudit::Table)
                    .col(ColumnDef::new(SystemAudit::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(SystemAudit::At).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(SystemAudit::OperatorId).big_integer().not_null())
                    .col(ColumnDef::new(SystemAudit::OperatorEmail).string_len(255).not_null())
                    .col(ColumnDef::new(SystemAudit::ActingAsId).big_integer().null())
                    .col(ColumnDef::new(SystemAudit::ActingAsEmail).string_len(255).null())
                    .col(ColumnDef::new(SystemAudit::CompanyId).big_integer().null())
                    .col(ColumnDef::new(SystemAudit::CompanyName).string_len(255).null())
                    .col(ColumnDef::new(SystemAudit::Action).string_len(64).not_null())
                    .col(ColumnDef::new(SystemAudit::Detail).string_len(2048).not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_system_audit_company")
                    .table(SystemAudit::Table)
                    .col(SystemAudit::CompanyId)
                    .col(SystemAudit::Id)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_system_audit_operator")
                    .table(SystemAudit::Table)
                    .col(SystemAudit::OperatorId)
                    .col(SystemAudit::Id)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(BillingPromotions::Table)
                    .col(ColumnDef::new(BillingPromotions::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(BillingPromotions::Code).string_len(32).not_null())
                    .col(ColumnDef::new(BillingPromotions::Description).string_len(200).not_null())
                    .col(ColumnDef::new(BillingPromotions::PercentOff).integer().null())
                    .col(ColumnDef::new(BillingPromotions::AmountOffCents).big_integer().null())
                    .col(ColumnDef::new(BillingPromotions::Months).integer().null())
                    .col(ColumnDef::new(BillingPromotions::ExpiresOn).date().null())
                    .col(ColumnDef::new(BillingPromotions::CreatedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(BillingPromotions::UpdatedAt).timestamp_with_time_zone().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_billing_promotions_code")
                    .table(BillingPromotions::Table)
                    .col(BillingPromotions::Code)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(BillingPromotionRedemptions::Table)
                    .col(ColumnDef::new(BillingPromotionRedemptions::CompanyId).big_integer().not_null().primary_key())
                    .col(ColumnDef::new(BillingPromotionRedemptions::PromotionId).big_integer().not_null())
                    .col(ColumnDef::new(BillingPromotionRedemptions::RedeemedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(BillingPromotionRedemptions::MonthsLeft).integer().null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(BillingPromotionRedemptions::Table, BillingPromotionRedemptions::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(BillingPromotionRedemptions::Table, BillingPromotionRedemptions::PromotionId)
                            .to(BillingPromotions::Table, BillingPromotions::Id)
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_billing_promotion_redemptions_promotion")
                    .table(BillingPromotionRedemptions::Table)
                    .col(BillingPromotionRedemptions::PromotionId)
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(BillingCharges::Table)
                    .add_column(ColumnDef::new(BillingCharges::DiscountCents).big_integer().not_null().default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(BillingCharges::Table)
                    .add_column(ColumnDef::new(BillingCharges::PromotionCode).string_len(32).null())
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Sessions::Table)
                    .add_column(ColumnDef::new(Sessions::ParentSessionId).string_len(64).null())
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Users::Table)
                    .add_column(ColumnDef::new(Users::LastLoginAt).timestamp_with_time_zone().null())
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Users::Table).drop_column(Users::LastLoginAt).to_owned()).await?;
        manager
            .alter_table(Table::alter().table(Sessions::Table).drop_column(Sessions::ParentSessionId).to_owned())
            .await?;
        manager
            .alter_table(
                Table::alter().table(BillingCharges::Table).drop_column(BillingCharges::PromotionCode).to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter().table(BillingCharges::Table).drop_column(BillingCharges::DiscountCents).to_owned(),
            )
            .await?;
        manager.drop_table(Table::drop().table(BillingPromotionRedemptions::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(BillingPromotions::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(SystemAudit::Table).to_owned()).await?;
        Ok(())
    }
}
