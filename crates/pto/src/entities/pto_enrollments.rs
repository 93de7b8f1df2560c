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

/// A new enrolment of `employee` in `plan` from `from` (a day of `year`), made by `actor`.
pub fn new_row(
    company: kernel::CompanyId,
    employee: i64,
    year: i32,
    plan: i64,
    from: Date,
    actor: kernel::UserId,
    now: DateTimeUtc,
) -> ActiveModel {
    use sea_orm::ActiveValue::Set;
    ActiveModel {
        company_id: Set(company.0),
        employee_id: Set(employee),
        year: Set(year),
        plan_id: Set(plan),
        effective_from: Set(from),
        created_by: Set(Some(actor.0)),
        created_at: Set(now),
        ..Default::default()
    }
}
