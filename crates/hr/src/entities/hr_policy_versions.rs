use sea_orm::entity::prelude::*;

/// The text of a policy as it was sent: what recipients read and answer.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "hr_policy_versions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: kernel::CompanyId,
    pub policy_id: kernel::PolicyId,
    pub version: i32,
    pub title: String,
    pub content: String,
    pub file_id: Option<kernel::FileId>,
    pub file_name: Option<String>,
    pub media_type: Option<String>,
    pub byte_size: Option<i64>,
    pub created_by: Option<kernel::UserId>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
