//! Webhooks (issue 43), written by the `webhooks` crate.
//!
//! `webhook_endpoints`: an address an admin registered for the company, the events it wants, and
//! the secret its deliveries are signed with (kept as is: signing needs it; rotatable).
//!
//! `webhook_deliveries`: one event for one endpoint, a durable queue like the mail outbox:
//! due rows are claimed by one server at a time (`claimed_by`, `claimed_until`), tried with
//! backoff for a day, then failed; the body is kept as sent, so a resend sends the same bytes
//! and the same event id.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum WebhookEndpoints {
    Table,
    Id,
    CompanyId,
    Url,
    Events,
    Secret,
    Active,
    CreatedBy,
    CreatedAt,
}

#[derive(DeriveIden)]
enum WebhookDeliveries {
    Table,
    Id,
    CompanyId,
    EndpointId,
    EventId,
    Event,
    Payload,
    CreatedAt,
    Attempts,
    NextAttemptAt,
    ClaimedBy,
    ClaimedUntil,
    DeliveredAt,
    FailedAt,
    LastStatus,
    LastError,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use WebhookDeliveries as D;
        use WebhookEndpoints as E;
        manager
            .create_table(
                Table::create()
                    .table(E::Table)
                    .col(ColumnDef::new(E::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(E::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(E::Url).string_len(500).not_null())
                    .col(ColumnDef::new(E::Events).string_len(500).not_null())
                    .col(ColumnDef::new(E::Secret).string_len(100).not_null())
                    .col(ColumnDef::new(E::Active).boolean().not_null().default(true))
                    .col(ColumnDef::new(E::CreatedBy).big_integer().not_null())
                    .col(ColumnDef::new(E::CreatedAt).timestamp_with_time_zone().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_webhook_endpoints_company").table(E::Table).col(E::CompanyId).to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(D::Table)
                    .col(ColumnDef::new(D::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(D::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(D::EndpointId).big_integer().not_null())
                    .col(ColumnDef::new(D::EventId).string_len(40).not_null())
                    .col(ColumnDef::new(D::Event).string_len(40).not_null())
                    .col(ColumnDef::new(D::Payload).text().not_null())
                    .col(ColumnDef::new(D::CreatedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(D::Attempts).integer().not_null().default(0))
                    .col(ColumnDef::new(D::NextAttemptAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(D::ClaimedBy).string_len(100).null())
                    .col(ColumnDef::new(D::ClaimedUntil).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(D::DeliveredAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(D::FailedAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(D::LastStatus).integer().null())
                    .col(ColumnDef::new(D::LastError).text().null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(D::Table, D::EndpointId)
                            .to(E::Table, E::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_webhook_deliveries_due")
                    .table(D::Table)
                    .col(D::NextAttemptAt)
                    .col(D::Id)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_webhook_deliveries_endpoint")
                    .table(D::Table)
                    .col(D::EndpointId)
                    .col(D::Id)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_webhook_deliveries_company").table(D::Table).col(D::CompanyId).to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(WebhookDeliveries::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(WebhookEndpoints::Table).to_owned()).await
    }
}
