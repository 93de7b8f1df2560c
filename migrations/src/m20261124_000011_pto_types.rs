//! PTO types (spec 002 §3): a company's kinds of time off, each with a colour, paid or not, and
//! per job role a different yearly allowance (`overrides`). A deleted type keeps its row (with
//! `deleted_at`): ledgers and requests that name it keep their meaning.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Companies {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum JobRoles {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum PtoTypes {
    Table,
    Id,
    CompanyId,
    Name,
    Color,
    Payable,
    Available,
    CreatedAt,
    UpdatedAt,
    DeletedAt,
}

#[derive(DeriveIden)]
enum PtoTypeOverrides {
    Table,
    Id,
    CompanyId,
    PtoTypeId,
    JobRoleId,
    RateHundredths,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(PtoTypes::Table)
                    .col(ColumnDef::new(PtoTypes::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(PtoTypes::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(PtoTypes::Name).string_len(100).not_null())
                    // "#rrggbb".
                    .col(ColumnDef::new(PtoTypes::Color).string_len(7).not_null())
                    // Paid time off: requests need a balance. Unpaid types are not listed.
                    .col(ColumnDef::new(PtoTypes::Payable).boolean().not_null())
                    .col(ColumnDef::new(PtoTypes::Available).boolean().not_null())
                    .col(ColumnDef::new(PtoTypes::CreatedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(PtoTypes::UpdatedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(PtoTypes::DeletedAt).timestamp_with_time_zone().null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(PtoTypes::Table, PtoTypes::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("ix_pto_types_company").table(PtoTypes::Table).col(PtoTypes::CompanyId).to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PtoTypeOverrides::Table)
                    .col(ColumnDef::new(PtoTypeOverrides::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(PtoTypeOverrides::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(PtoTypeOverrides::PtoTypeId).big_integer().not_null())
                    .col(ColumnDef::new(PtoTypeOverrides::JobRoleId).big_integer().not_null())
                    // The yearly allowance in hundredths of an hour (rates have two decimals).
                    .col(ColumnDef::new(PtoTypeOverrides::RateHundredths).big_integer().not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(PtoTypeOverrides::Table, PtoTypeOverrides::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(PtoTypeOverrides::Table, PtoTypeOverrides::PtoTypeId)
                            .to(PtoTypes::Table, PtoTypes::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(PtoTypeOverrides::Table, PtoTypeOverrides::JobRoleId)
                            .to(JobRoles::Table, JobRoles::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_pto_type_overrides_role")
                    .table(PtoTypeOverrides::Table)
                    .col(PtoTypeOverrides::PtoTypeId)
                    .col(PtoTypeOverrides::JobRoleId)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(PtoTypeOverrides::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(PtoTypes::Table).to_owned()).await
    }
}
