use sea_orm::entity::prelude::*;

/// An event on the team calendar (002 §3 "Calendar event"); no employee for a team event.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "calendar_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::CalendarEventId,
    pub company_id: kernel::CompanyId,
    pub employee_id: Option<kernel::UserId>,
    pub name: String,
    pub description: String,
    pub starts_at: DateTimeUtc,
    pub ends_at: DateTimeUtc,
    pub created_by: Option<kernel::UserId>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
