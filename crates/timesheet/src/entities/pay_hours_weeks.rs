//! One person's workdays of one Sunday week by rate, as classified, with what they were
//! classified from (see the migration `m20261130_000041_pay_hours_weeks` and
//! [`crate::pay_hours`]). A cache: wrong or missing rows are classified again, never trusted.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pay_hours_weeks")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub company_id: kernel::CompanyId,
    #[sea_orm(primary_key, auto_increment = false)]
    pub employee_id: kernel::UserId,
    /// The Sunday of the company's week.
    #[sea_orm(primary_key, auto_increment = false)]
    pub work_week: Date,
    /// The fingerprint of the rules, zone and calendar the week was classified under.
    pub rules_stamp: i64,
    /// The sum of the revisions of the weeks whose shifts can reach this one, when classified.
    pub revisions: i64,
    /// `<day of the week, 0 = Sunday> regular overtime double;` per workday with time worked.
    pub days: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
