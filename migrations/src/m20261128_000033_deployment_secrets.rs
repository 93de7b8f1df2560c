//! Secrets of the whole deployment that every server must share (issue 25): today the key that
//! signs session tokens. Kept in the database rather than in one server's data folder, so a token
//! issued by one instance is accepted by every other without a setting copied by hand. Owned by
//! `accounts` (`accounts::tokens::deployment_secret`); rows of no company.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DeploymentSecrets {
    Table,
    Name,
    Value,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(DeploymentSecrets::Table)
                    .col(ColumnDef::new(DeploymentSecrets::Name).string_len(64).not_null().primary_key())
                    .col(ColumnDef::new(DeploymentSecrets::Value).string_len(256).not_null())
                    .col(ColumnDef::new(DeploymentSecrets::CreatedAt).timestamp_with_time_zone().not_null())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(DeploymentSecrets::Table).to_owned()).await
    }
}
