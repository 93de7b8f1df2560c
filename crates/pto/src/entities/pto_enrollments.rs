use sea_orm::entity::prelude::*;

/// An employee's plan from a day on (1 January of `year`, or a switch's day within it); the
/// latest one that has begun is in force.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pto_enrollments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::ids::EnrollmentId,
    pub company_id: kernel::CompanyId,
    pub employee_id: kernel::UserId,
    pub year: i32,
    pub plan_id: kernel::ids::PtoPlanId,
    /// 1 January of `year`, or the day of a switch within it.
    pub effective_from: Date,
    pub created_by: Option<kernel::UserId>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();

/// A new enrolment of `employee` in `plan` from `from` (a day of `year`), made by `actor`.
pub fn new_row(
    company: kernel::CompanyId,
    employee: kernel::UserId,
    year: i32,
    plan: kernel::ids::PtoPlanId,
    from: Date,
    actor: kernel::UserId,
    now: DateTimeUtc,
) -> ActiveModel {
    use sea_orm::ActiveValue::Set;
    ActiveModel {
        company_id: Set(company),
        employee_id: Set(employee),
        year: Set(year),
        plan_id: Set(plan),
        effective_from: Set(from),
        created_by: Set(Some(actor)),
        created_at: Set(now),
        ..Default::default()
    }
}
