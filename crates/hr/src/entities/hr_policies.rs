use sea_orm::entity::prelude::*;

/// An HR policy (002 §3 "Policy (broadcast)"): what is edited. What was sent is a version.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "hr_policies")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::PolicyId,
    pub company_id: kernel::CompanyId,
    pub policy_type_id: kernel::HrTypeId,
    pub title: String,
    /// Sanitised rich text.
    pub content: String,
    pub current_version_id: Option<i64>,
    pub file_id: Option<kernel::FileId>,
    pub file_name: Option<String>,
    pub doc_name: Option<String>,
    pub media_type: Option<String>,
    pub byte_size: Option<i64>,
    pub onboarding: bool,
    pub onboarding_days: Option<i32>,
    pub onboarding_since: Option<Date>,
    pub created_by: Option<kernel::UserId>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub last_published_at: Option<DateTimeUtc>,
    pub deleted_by: Option<kernel::UserId>,
    pub deleted_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
