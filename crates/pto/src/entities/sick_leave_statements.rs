use sea_orm::entity::prelude::*;

/// A monthly paid-sick-leave statement sent to one person (see `crate::statements`): the
/// figures as stated, once per person and month.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sick_leave_statements")]
pub struct Model {
    /// Never addressed: read by company, person and month.
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: kernel::CompanyId,
    pub employee_id: kernel::UserId,
    /// The month's first day.
    pub month: Date,
    pub pto_type_id: kernel::ids::PtoTypeId,
    pub accrued_minutes: i64,
    pub reduced_minutes: i64,
    pub balance_minutes: i64,
    pub sent_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
