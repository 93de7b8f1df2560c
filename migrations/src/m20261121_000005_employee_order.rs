//! The employee list's order as an index: company, status, last name, first name and id (the
//! tie-break). The list then reads a page from the index alone, where the index of migration
//! 000003 (without the first name) left every request to sort the company's people.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
}

const NEW: &str = "ix_users_company_status_full_name";
const OLD: &str = "ix_users_company_status_name";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let mut index = Index::create().name(NEW).table(Users::Table).to_owned();
        for column in ["company_id", "status", "last_name", "first_name", "id"] {
            index.col(Alias::new(column));
        }
        manager.create_index(index).await?;
        // The new index starts with the old one's columns and serves its queries.
        manager.drop_index(Index::drop().name(OLD).table(Users::Table).to_owned()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let mut index = Index::create().name(OLD).table(Users::Table).to_owned();
        for column in ["company_id", "status", "last_name"] {
            index.col(Alias::new(column));
        }
        manager.create_index(index).await?;
        manager.drop_index(Index::drop().name(NEW).table(Users::Table).to_owned()).await
    }
}
