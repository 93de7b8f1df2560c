//! Shared kiosks and PINs (issue 40), written by the `clock` crate.
//!
//! `kiosks`: a device an admin registered for one work location, with the hash of its
//! long-lived credential (the secret is shown once), its last use, its revocation, and its own
//! throttle (wrong PINs typed on it).
//!
//! `kiosk_pins`: a person's 4–6 digit PIN for kiosks, hashed like a password, with the count of
//! wrong tries and the lock they lead to.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Kiosks {
    Table,
    Id,
    CompanyId,
    LocationId,
    Name,
    SecretHash,
    CreatedBy,
    CreatedAt,
    LastUsedAt,
    RevokedAt,
    Failures,
    ThrottledUntil,
}

#[derive(DeriveIden)]
enum KioskPins {
    Table,
    EmployeeId,
    CompanyId,
    PinHash,
    Failures,
    LockedUntil,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum WorkLocations {
    Table,
    Id,
}

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

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use Kiosks as K;
        manager
            .create_table(
                Table::create()
                    .table(K::Table)
                    .col(ColumnDef::new(K::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(K::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(K::LocationId).big_integer().not_null())
                    .col(ColumnDef::new(K::Name).string_len(100).not_null())
                    .col(ColumnDef::new(K::SecretHash).string_len(64).not_null())
                    .col(ColumnDef::new(K::CreatedBy).big_integer().null())
                    .col(ColumnDef::new(K::CreatedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(K::LastUsedAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(K::RevokedAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(K::Failures).integer().not_null().default(0))
                    .col(ColumnDef::new(K::ThrottledUntil).timestamp_with_time_zone().null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(K::Table, K::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(K::Table, K::LocationId)
                            .to(WorkLocations::Table, WorkLocations::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_kiosks_secret").table(K::Table).col(K::SecretHash).unique().to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("idx_kiosks_company").table(K::Table).col(K::CompanyId).to_owned())
            .await?;
        use KioskPins as P;
        manager
            .create_table(
                Table::create()
                    .table(P::Table)
                    .col(ColumnDef::new(P::EmployeeId).big_integer().not_null().primary_key())
                    .col(ColumnDef::new(P::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(P::PinHash).string_len(200).not_null())
                    .col(ColumnDef::new(P::Failures).integer().not_null().default(0))
                    .col(ColumnDef::new(P::LockedUntil).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(P::UpdatedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(P::Table, P::EmployeeId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(P::Table, P::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("idx_kiosk_pins_company").table(P::Table).col(P::CompanyId).to_owned())
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(KioskPins::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(Kiosks::Table).to_owned()).await
    }
}
