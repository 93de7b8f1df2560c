//! One person's totals by rate over a range of days, as last computed, with what they were
//! computed from (see the migration `m20261130_000041_pay_hours_weeks` and
//! [`crate::pay_hours`]). A cache: a row whose stamps differ is computed again.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pay_hours_ranges")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub company_id: kernel::CompanyId,
    #[sea_orm(primary_key, auto_increment = false)]
    pub range_start: Date,
    #[sea_orm(primary_key, auto_increment = false)]
    pub range_end: Date,
    #[sea_orm(primary_key, auto_increment = false)]
    pub employee_id: kernel::UserId,
    pub rules_stamp: i64,
    pub revisions: i64,
    pub regular: i64,
    pub overtime: i64,
    pub double_time: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
