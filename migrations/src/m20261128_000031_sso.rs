//! Single sign-on (accounts' `sso`): the sign-ins under way at the identity provider, the
//! verified identities waiting to become a new company (SSO signup), and which people have
//! signed in through the provider.
//!
//! Both tables live in the database rather than in one server's memory: the browser that starts
//! a sign-in on one server may come back through another.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SsoLogins {
    Table,
    Id,
    StateHash,
    BrowserHash,
    Nonce,
    PkceVerifier,
    Purpose,
    CreatedAt,
    ExpiresAt,
    UsedAt,
}

#[derive(DeriveIden)]
enum SsoSignups {
    Table,
    Id,
    HandleHash,
    Issuer,
    Subject,
    Email,
    FirstName,
    LastName,
    CreatedAt,
    ExpiresAt,
    UsedAt,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    SsoLinkedAt,
}

fn instant<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name).timestamp_with_time_zone().not_null().to_owned()
}

fn optional_instant<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name).timestamp_with_time_zone().null().to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(SsoLogins::Table)
                    .col(ColumnDef::new(SsoLogins::Id).big_integer().not_null().auto_increment().primary_key())
                    // SHA-256 of the `state` and of the browser's cookie: the table alone lets
                    // nobody finish a sign-in.
                    .col(ColumnDef::new(SsoLogins::StateHash).string_len(64).not_null().unique_key())
                    .col(ColumnDef::new(SsoLogins::BrowserHash).string_len(64).not_null())
                    .col(ColumnDef::new(SsoLogins::Nonce).string_len(128).not_null())
                    .col(ColumnDef::new(SsoLogins::PkceVerifier).string_len(128).not_null())
                    .col(ColumnDef::new(SsoLogins::Purpose).string_len(16).not_null())
                    .col(instant(SsoLogins::CreatedAt))
                    .col(instant(SsoLogins::ExpiresAt))
                    .col(optional_instant(SsoLogins::UsedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_sso_logins_expires")
                    .table(SsoLogins::Table)
                    .col(SsoLogins::ExpiresAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(SsoSignups::Table)
                    .col(ColumnDef::new(SsoSignups::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(SsoSignups::HandleHash).string_len(64).not_null().unique_key())
                    .col(ColumnDef::new(SsoSignups::Issuer).string_len(255).not_null())
                    .col(ColumnDef::new(SsoSignups::Subject).string_len(255).not_null())
                    .col(ColumnDef::new(SsoSignups::Email).string_len(320).not_null())
                    .col(ColumnDef::new(SsoSignups::FirstName).string_len(100).null())
                    .col(ColumnDef::new(SsoSignups::LastName).string_len(100).null())
                    .col(instant(SsoSignups::CreatedAt))
                    .col(instant(SsoSignups::ExpiresAt))
                    .col(optional_instant(SsoSignups::UsedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_sso_signups_expires")
                    .table(SsoSignups::Table)
                    .col(SsoSignups::ExpiresAt)
                    .to_owned(),
            )
            .await?;
        // Set on a person's first sign-in through the provider: from then on their e-mail is the
        // provider's and is read-only in My Profile (spec 000 §5).
        manager
            .alter_table(Table::alter().table(Users::Table).add_column(optional_instant(Users::SsoLinkedAt)).to_owned())
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Users::Table).drop_column(Users::SsoLinkedAt).to_owned()).await?;
        manager.drop_table(Table::drop().table(SsoSignups::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(SsoLogins::Table).to_owned()).await
    }
}
