//! Who came from AgencyZoom (the partner CRM import, spec 001 §2): one row per imported person,
//! with the partner's id of them. An import finds a person by this link first and by e-mail
//! only when there is none, so someone whose address changed in AgencyZoom is updated on the
//! next import rather than added a second time. A partner id belongs to one person of one
//! company, and a person to one partner id.

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
enum AgencyzoomLinks {
    Table,
    Id,
    CompanyId,
    UserId,
    PartnerId,
    ImportedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(AgencyzoomLinks::Table)
                    .col(ColumnDef::new(AgencyzoomLinks::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(AgencyzoomLinks::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(AgencyzoomLinks::UserId).big_integer().not_null())
                    .col(ColumnDef::new(AgencyzoomLinks::PartnerId).string_len(64).not_null())
                    .col(ColumnDef::new(AgencyzoomLinks::ImportedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(AgencyzoomLinks::Table, AgencyzoomLinks::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(AgencyzoomLinks::Table, AgencyzoomLinks::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_agencyzoom_links_partner")
                    .table(AgencyzoomLinks::Table)
                    .col(AgencyzoomLinks::CompanyId)
                    .col(AgencyzoomLinks::PartnerId)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_agencyzoom_links_user")
                    .table(AgencyzoomLinks::Table)
                    .col(AgencyzoomLinks::UserId)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(AgencyzoomLinks::Table).to_owned()).await
    }
}
