use sea_orm::entity::prelude::*;

/// One entry of an employee's activity timeline.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "activities")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::ActivityId,
    pub company_id: kernel::CompanyId,
    /// Whose timeline it is on.
    pub employee_id: kernel::UserId,
    /// Who did it; `None` when the system did.
    pub actor_id: Option<kernel::UserId>,
    pub activity_type: String,
    pub title: String,
    pub description: String,
    pub occurred_at: DateTimeUtc,
    /// The record the entry is about, when it is about one.
    pub record_id: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
