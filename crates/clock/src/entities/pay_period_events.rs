use sea_orm::entity::prelude::*;

/// A pay period closed, closed automatically or reopened: who, when and why (append-only).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pay_period_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: kernel::CompanyId,
    pub start_day: Date,
    pub end_day: Date,
    /// `closed`, `auto_closed` or `reopened`.
    pub kind: String,
    pub by_user: Option<kernel::UserId>,
    pub reason: Option<String>,
    pub at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
