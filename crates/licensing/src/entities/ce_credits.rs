use sea_orm::entity::prelude::*;

/// A CE course a producer completed.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "ce_credits")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::CeCreditId,
    pub company_id: kernel::CompanyId,
    pub employee_id: kernel::UserId,
    pub state: String,
    pub course: String,
    pub provider: String,
    pub minutes: i32,
    pub topic: String,
    pub completed_on: Date,
    pub file_id: Option<kernel::FileId>,
    pub file_name: Option<String>,
    pub created_by: kernel::UserId,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
