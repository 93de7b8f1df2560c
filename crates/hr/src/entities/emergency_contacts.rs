use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "emergency_contacts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::ContactId,
    pub company_id: kernel::CompanyId,
    pub employee_id: kernel::UserId,
    pub first_name: String,
    pub last_name: String,
    /// Relative or Friend.
    pub relationship: String,
    /// (XXX) XXX-XXXX.
    pub phone: String,
    pub email: Option<String>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
