//! What a one-time e-mail link carries besides its user: the new address of an e-mail change,
//! which becomes the sign-in address only when the link mailed to it is followed.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum EmailTokens {
    Table,
    Payload,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(EmailTokens::Table)
                    .add_column(ColumnDef::new(EmailTokens::Payload).string().null())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(EmailTokens::Table).drop_column(EmailTokens::Payload).to_owned()).await
    }
}
