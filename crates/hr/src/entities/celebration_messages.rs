use sea_orm::entity::prelude::*;

/// A custom celebration message for one employee (002 §3 "Celebration message").
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "celebration_messages")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::CelebrationMessageId,
    pub company_id: kernel::CompanyId,
    pub employee_id: kernel::UserId,
    /// BIRTHDAY or ANNIVERSARY.
    pub kind: String,
    pub message: String,
    pub updated_by: Option<kernel::UserId>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
