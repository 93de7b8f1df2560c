use sea_orm::entity::prelude::*;

/// The company's own celebration message of a kind, in place of the system's default.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "company_celebration_messages")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::CompanyCelebrationMessageId,
    pub company_id: kernel::CompanyId,
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
