//! Where the accrual job left each employee's ledger (pto's `accruals`): the engine's
//! checkpoint through a day, with fingerprints of the inputs it was computed from, so a read
//! goes on from it only while those inputs are unchanged.

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
enum PtoCheckpoints {
    Table,
    Id,
    CompanyId,
    EmployeeId,
    Through,
    InputsDigest,
    WorkedDigest,
    State,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(PtoCheckpoints::Table)
                    .col(ColumnDef::new(PtoCheckpoints::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(PtoCheckpoints::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(PtoCheckpoints::EmployeeId).big_integer().not_null())
                    .col(ColumnDef::new(PtoCheckpoints::Through).date().not_null())
                    .col(ColumnDef::new(PtoCheckpoints::InputsDigest).string_len(64).not_null())
                    .col(ColumnDef::new(PtoCheckpoints::WorkedDigest).string_len(200).not_null())
                    // The engine's `Checkpoint` as JSON.
                    .col(ColumnDef::new(PtoCheckpoints::State).text().not_null())
                    .col(ColumnDef::new(PtoCheckpoints::UpdatedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(PtoCheckpoints::Table, PtoCheckpoints::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(PtoCheckpoints::Table, PtoCheckpoints::EmployeeId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_pto_checkpoints_employee")
                    .table(PtoCheckpoints::Table)
                    .col(PtoCheckpoints::CompanyId)
                    .col(PtoCheckpoints::EmployeeId)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(PtoCheckpoints::Table).to_owned()).await
    }
}
