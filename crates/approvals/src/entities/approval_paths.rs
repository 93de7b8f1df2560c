use sea_orm::entity::prelude::*;

/// A company's approval path; `steps` is the JSON of `Vec<crate::Step>`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "approval_paths")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::ApprovalPathId,
    pub company_id: kernel::CompanyId,
    pub name: String,
    pub steps: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
