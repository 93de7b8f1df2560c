//! Company API keys (issue 43), written by the `accounts` crate.
//!
//! `api_keys`: a key an admin created for the company, acting as that admin within its scopes.
//! Only the SHA-256 of the secret is kept (the secret is shown once), with a short public prefix
//! to tell keys apart on screen. Its last use (when, from where), its expiry and revocation, and
//! its request counter for the current minute: the per-key throttle lives here, in the database,
//! so every instance of a deployment counts against the same limit.
//!
//! `audit_trail.api_key_id`: the key a change came through (client `api`), so the trail names
//! the key and not only the admin it acts as. Adding a column is no update of an entry: the
//! append-only trigger stays as it is.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ApiKeys {
    Table,
    Id,
    CompanyId,
    Name,
    Prefix,
    SecretHash,
    Scopes,
    CreatedBy,
    CreatedAt,
    ExpiresAt,
    LastUsedAt,
    LastUsedIp,
    RevokedAt,
    WindowStartedAt,
    WindowCount,
}

#[derive(DeriveIden)]
enum AuditTrail {
    Table,
    ApiKeyId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use ApiKeys as K;
        manager
            .create_table(
                Table::create()
                    .table(K::Table)
                    .col(ColumnDef::new(K::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(K::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(K::Name).string_len(100).not_null())
                    .col(ColumnDef::new(K::Prefix).string_len(16).not_null())
                    .col(ColumnDef::new(K::SecretHash).string_len(64).not_null())
                    .col(ColumnDef::new(K::Scopes).string_len(200).not_null())
                    .col(ColumnDef::new(K::CreatedBy).big_integer().not_null())
                    .col(ColumnDef::new(K::CreatedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(K::ExpiresAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(K::LastUsedAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(K::LastUsedIp).string_len(64).null())
                    .col(ColumnDef::new(K::RevokedAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(K::WindowStartedAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(K::WindowCount).integer().not_null().default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_api_keys_secret").table(K::Table).col(K::SecretHash).unique().to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("idx_api_keys_company").table(K::Table).col(K::CompanyId).to_owned())
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(AuditTrail::Table)
                    .add_column(ColumnDef::new(AuditTrail::ApiKeyId).big_integer().null())
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table(AuditTrail::Table).drop_column(AuditTrail::ApiKeyId).to_owned())
            .await?;
        manager.drop_table(Table::drop().table(ApiKeys::Table).to_owned()).await
    }
}
