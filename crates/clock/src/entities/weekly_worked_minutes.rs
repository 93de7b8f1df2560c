//! Each person's stored worked minutes per week, kept by triggers on `time_entries` (see the
//! migrations `m20261121_000009_weekly_minutes` and `m20261130_000041_pay_hours_weeks`): read,
//! never written, by this code.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "weekly_worked_minutes")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub company_id: kernel::CompanyId,
    #[sea_orm(primary_key, auto_increment = false)]
    pub employee_id: kernel::UserId,
    /// The Sunday of the company's week.
    #[sea_orm(primary_key, auto_increment = false)]
    pub work_week: Date,
    pub minutes: i64,
    /// Raised by every write to the week's stored shifts; only ever grows.
    pub revision: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
