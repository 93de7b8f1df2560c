use sea_orm::entity::prelude::*;

/// An event on the team calendar (002 §3 "Calendar event"); no employee for a team event.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "calendar_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: i64,
    pub employee_id: Option<i64>,
    pub name: String,
    pub description: String,
    pub starts_at: DateTimeUtc,
    pub ends_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
