//! One stored file: which company owns it and where its bytes are.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "stored_files")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::FileId,
    pub company_id: kernel::CompanyId,
    /// The key in the [`crate::FileStore`]; random, never built from user input.
    pub storage_key: String,
    pub media_type: String,
    pub byte_size: i64,
    /// avatar, logo, ...
    pub purpose: String,
    pub created_by: kernel::UserId,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
