use sea_orm::entity::prelude::*;

/// An employee's plan from a day on (1 January of `year`, or a switch's day within it); the
/// latest one that has begun is in force.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pto_enrollments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: i64,
    pub employee_id: i64,
    pub year: i32,
    pub plan_id: i64,
    /// 1 January of `year`, or the day of a switch within it.
    pub effective_from: Date,
    pub created_by: Option<i64>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
