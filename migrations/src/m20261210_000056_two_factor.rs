//! Two-factor sign-in (issue 43), written by the `accounts` crate.
//!
//! `two_factor_secrets`: a person's TOTP secret (base32), pending until a first code confirms it
//! (`enabled_at`), and the last time step a code was accepted for, so a code is good once.
//!
//! `two_factor_recovery_codes`: ten single-use codes per person, kept as SHA-256 hashes.
//!
//! `companies.two_factor_required`: the company's "admins and managers must use two-factor
//! sign-in".
//!
//! The sign-in challenge between the password and the code is a row of `email_tokens` with its
//! own purpose (hashed, expiring, used once), like the login codes.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum TwoFactorSecrets {
    Table,
    UserId,
    Secret,
    EnabledAt,
    LastStep,
    CreatedAt,
}

#[derive(DeriveIden)]
enum TwoFactorRecoveryCodes {
    Table,
    Id,
    UserId,
    CodeHash,
    UsedAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Companies {
    Table,
    TwoFactorRequired,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use TwoFactorSecrets as S;
        manager
            .create_table(
                Table::create()
                    .table(S::Table)
                    .col(ColumnDef::new(S::UserId).big_integer().not_null().primary_key())
                    .col(ColumnDef::new(S::Secret).string_len(64).not_null())
                    .col(ColumnDef::new(S::EnabledAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(S::LastStep).big_integer().not_null().default(0))
                    .col(ColumnDef::new(S::CreatedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(S::Table, S::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        use TwoFactorRecoveryCodes as R;
        manager
            .create_table(
                Table::create()
                    .table(R::Table)
                    .col(ColumnDef::new(R::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(R::UserId).big_integer().not_null())
                    .col(ColumnDef::new(R::CodeHash).string_len(64).not_null())
                    .col(ColumnDef::new(R::UsedAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(R::CreatedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(R::Table, R::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_two_factor_recovery_codes_user")
                    .table(R::Table)
                    .col(R::UserId)
                    .col(R::CodeHash)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Companies::Table)
                    .add_column(ColumnDef::new(Companies::TwoFactorRequired).boolean().not_null().default(false))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table(Companies::Table).drop_column(Companies::TwoFactorRequired).to_owned())
            .await?;
        manager.drop_table(Table::drop().table(TwoFactorRecoveryCodes::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(TwoFactorSecrets::Table).to_owned()).await
    }
}
