//! Billing (spec 001 §3 "Billing", 002 §3 "charges and charge attempts"), owned by the `billing`
//! crate: a company's billing account (its customer and card at the payment provider, and the
//! subscription once activated), the checkout sessions it started, its monthly charges, every
//! attempt at each charge, and the provider's webhook events already processed.
//!
//! - A charge is unique per company and period start: the charge job inserts it with
//!   `ON CONFLICT DO NOTHING`, so a re-run or a second server never makes two.
//! - An attempt is written (with the payment intent it created) before the provider is asked to
//!   take the money, so a crash between the two is found and settled by asking the provider
//!   about that intent, never by charging again.
//! - Webhook events are unique by the provider's event id: each is processed once.
//! - Money is integer cents.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Companies {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum BillingAccounts {
    Table,
    CompanyId,
    CustomerId,
    PaymentMethodId,
    CardBrand,
    CardLast4,
    CardExpMonth,
    CardExpYear,
    Status,
    SubscribedOn,
    RecurringDay,
    NextChargeOn,
    ReactivatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum BillingCheckouts {
    Table,
    Id,
    CompanyId,
    SessionId,
    Purpose,
    Url,
    CreatedAt,
    UsedAt,
}

#[derive(DeriveIden)]
enum BillingCharges {
    Table,
    Id,
    CompanyId,
    PeriodStart,
    PeriodEnd,
    UserCount,
    BaseCents,
    PerUserCents,
    TotalCents,
    Status,
    Failures,
    NextAttemptAt,
    ClaimedUntil,
    PaidAt,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum BillingChargeAttempts {
    Table,
    Id,
    ChargeId,
    CompanyId,
    Number,
    Manual,
    PaymentIntentId,
    Outcome,
    ErrorCode,
    ErrorMessage,
    StartedAt,
    FinishedAt,
}

#[derive(DeriveIden)]
enum BillingWebhookEvents {
    Table,
    EventId,
    EventType,
    CompanyId,
    ReceivedAt,
}

fn company_fk<T: Iden + 'static>(table: T, column: impl Iden + 'static) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(Companies::Table, Companies::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(BillingAccounts::Table)
                    .col(ColumnDef::new(BillingAccounts::CompanyId).big_integer().not_null().primary_key())
                    .col(ColumnDef::new(BillingAccounts::CustomerId).string_len(255).null())
                    .col(ColumnDef::new(BillingAccounts::PaymentMethodId).string_len(255).null())
                    .col(ColumnDef::new(BillingAccounts::CardBrand).string_len(32).null())
                    .col(ColumnDef::new(BillingAccounts::CardLast4).string_len(4).null())
                    .col(ColumnDef::new(BillingAccounts::CardExpMonth).integer().null())
                    .col(ColumnDef::new(BillingAccounts::CardExpYear).integer().null())
                    .col(ColumnDef::new(BillingAccounts::Status).string_len(16).not_null())
                    .col(ColumnDef::new(BillingAccounts::SubscribedOn).date().null())
                    .col(ColumnDef::new(BillingAccounts::RecurringDay).integer().null())
                    .col(ColumnDef::new(BillingAccounts::NextChargeOn).date().null())
                    .col(ColumnDef::new(BillingAccounts::ReactivatedAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(BillingAccounts::UpdatedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(&mut company_fk(BillingAccounts::Table, BillingAccounts::CompanyId))
                    .to_owned(),
            )
            .await?;
        // The charge job's question: which subscriptions are due.
        manager
            .create_index(
                Index::create()
                    .name("ix_billing_accounts_due")
                    .table(BillingAccounts::Table)
                    .col(BillingAccounts::NextChargeOn)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(BillingCheckouts::Table)
                    .col(ColumnDef::new(BillingCheckouts::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(BillingCheckouts::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(BillingCheckouts::SessionId).string_len(255).not_null())
                    .col(ColumnDef::new(BillingCheckouts::Purpose).string_len(16).not_null())
                    .col(ColumnDef::new(BillingCheckouts::Url).string_len(2048).not_null())
                    .col(ColumnDef::new(BillingCheckouts::CreatedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(BillingCheckouts::UsedAt).timestamp_with_time_zone().null())
                    .foreign_key(&mut company_fk(BillingCheckouts::Table, BillingCheckouts::CompanyId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_billing_checkouts_session")
                    .table(BillingCheckouts::Table)
                    .col(BillingCheckouts::SessionId)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(BillingCharges::Table)
                    .col(ColumnDef::new(BillingCharges::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(BillingCharges::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(BillingCharges::PeriodStart).date().not_null())
                    .col(ColumnDef::new(BillingCharges::PeriodEnd).date().not_null())
                    .col(ColumnDef::new(BillingCharges::UserCount).integer().not_null())
                    .col(ColumnDef::new(BillingCharges::BaseCents).big_integer().not_null())
                    .col(ColumnDef::new(BillingCharges::PerUserCents).big_integer().not_null())
                    .col(ColumnDef::new(BillingCharges::TotalCents).big_integer().not_null())
                    .col(ColumnDef::new(BillingCharges::Status).string_len(16).not_null())
                    .col(ColumnDef::new(BillingCharges::Failures).integer().not_null().default(0))
                    .col(ColumnDef::new(BillingCharges::NextAttemptAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(BillingCharges::ClaimedUntil).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(BillingCharges::PaidAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(BillingCharges::CreatedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(BillingCharges::UpdatedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(&mut company_fk(BillingCharges::Table, BillingCharges::CompanyId))
                    .to_owned(),
            )
            .await?;
        // The idempotency key of a charge: one per company and period.
        manager
            .create_index(
                Index::create()
                    .name("ux_billing_charges_period")
                    .table(BillingCharges::Table)
                    .col(BillingCharges::CompanyId)
                    .col(BillingCharges::PeriodStart)
                    .unique()
                    .to_owned(),
            )
            .await?;
        // The attempt pass's question: which unpaid charges are due for an attempt.
        manager
            .create_index(
                Index::create()
                    .name("ix_billing_charges_attempt")
                    .table(BillingCharges::Table)
                    .col(BillingCharges::NextAttemptAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(BillingChargeAttempts::Table)
                    .col(
                        ColumnDef::new(BillingChargeAttempts::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(BillingChargeAttempts::ChargeId).big_integer().not_null())
                    .col(ColumnDef::new(BillingChargeAttempts::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(BillingChargeAttempts::Number).integer().not_null())
                    .col(ColumnDef::new(BillingChargeAttempts::Manual).boolean().not_null().default(false))
                    .col(ColumnDef::new(BillingChargeAttempts::PaymentIntentId).string_len(255).null())
                    .col(ColumnDef::new(BillingChargeAttempts::Outcome).string_len(16).not_null())
                    .col(ColumnDef::new(BillingChargeAttempts::ErrorCode).string_len(64).null())
                    .col(ColumnDef::new(BillingChargeAttempts::ErrorMessage).string_len(500).null())
                    .col(ColumnDef::new(BillingChargeAttempts::StartedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(BillingChargeAttempts::FinishedAt).timestamp_with_time_zone().null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(BillingChargeAttempts::Table, BillingChargeAttempts::ChargeId)
                            .to(BillingCharges::Table, BillingCharges::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(&mut company_fk(BillingChargeAttempts::Table, BillingChargeAttempts::CompanyId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_billing_attempts_number")
                    .table(BillingChargeAttempts::Table)
                    .col(BillingChargeAttempts::ChargeId)
                    .col(BillingChargeAttempts::Number)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_billing_attempts_intent")
                    .table(BillingChargeAttempts::Table)
                    .col(BillingChargeAttempts::PaymentIntentId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(BillingWebhookEvents::Table)
                    .col(ColumnDef::new(BillingWebhookEvents::EventId).string_len(255).not_null().primary_key())
                    .col(ColumnDef::new(BillingWebhookEvents::EventType).string_len(255).not_null())
                    .col(ColumnDef::new(BillingWebhookEvents::CompanyId).big_integer().null())
                    .col(ColumnDef::new(BillingWebhookEvents::ReceivedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(&mut company_fk(BillingWebhookEvents::Table, BillingWebhookEvents::CompanyId))
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            BillingWebhookEvents::Table.into_iden(),
            BillingChargeAttempts::Table.into_iden(),
            BillingCharges::Table.into_iden(),
            BillingCheckouts::Table.into_iden(),
            BillingAccounts::Table.into_iden(),
        ] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
