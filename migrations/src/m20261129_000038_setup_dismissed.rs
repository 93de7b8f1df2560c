//! The guided start of a new company (issue 36): when its admin dismissed the checklist on the
//! dashboard (empty: still shown until every item is done). Written by `accounts`.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Companies {
    Table,
    SetupDismissedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Companies::Table)
                    .add_column(ColumnDef::new(Companies::SetupDismissedAt).timestamp_with_time_zone().null())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table(Companies::Table).drop_column(Companies::SetupDismissedAt).to_owned())
            .await
    }
}
