use sea_orm::entity::prelude::*;

/// A custom celebration message for one employee (002 §3 "Celebration message").
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "celebration_messages")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: i64,
    pub employee_id: i64,
    /// BIRTHDAY or ANNIVERSARY.
    pub kind: String,
    pub message: String,
    pub updated_by: Option<i64>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
