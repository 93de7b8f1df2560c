//! Why an admin added or removed hours by hand (issue 38: "manual additions with who and why"
//! in the balance's explanation). Optional: older additions have none. Written by the `pto`
//! crate.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PtoBalanceEntries {
    Table,
    Reason,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(PtoBalanceEntries::Table)
                    .add_column(ColumnDef::new(PtoBalanceEntries::Reason).text().null())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter().table(PtoBalanceEntries::Table).drop_column(PtoBalanceEntries::Reason).to_owned(),
            )
            .await
    }
}
