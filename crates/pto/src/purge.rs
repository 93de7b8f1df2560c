//! Erasing a company's time off when its account is closed (called by `closure`).

use crate::entities::{
    accrual_run_errors, employee_holiday_hours, paid_holidays, pto_assumed_hours, pto_balance_entries, pto_checkpoints,
    pto_enrollments, pto_plans, pto_requests, pto_rule_changes, pto_rules, pto_type_overrides, pto_types,
    sick_leave_statements,
};
use kernel::purge::{erase_in_company, Erased};
use kernel::CompanyId;
use sea_orm::{ConnectionTrait, DbErr};

/// Deletes every PTO row of `company`, each table before the ones it refers to: requests
/// (which a type restricts), holiday hours before their holidays, checkpoints, balance entries
/// before the enrolments they came with, enrolments and rule changes before their plans, rules
/// before plans and types, the job roles' allowances before the types. Every table has a
/// company column; the job roles themselves are `accounts`'.
pub async fn purge_company<C: ConnectionTrait>(conn: &C, company: CompanyId) -> Result<Vec<Erased>, DbErr> {
    Ok(vec![
        erase_in_company::<accrual_run_errors::Entity, C>(conn, company).await?,
        erase_in_company::<sick_leave_statements::Entity, C>(conn, company).await?,
        erase_in_company::<pto_assumed_hours::Entity, C>(conn, company).await?,
        erase_in_company::<pto_requests::Entity, C>(conn, company).await?,
        erase_in_company::<employee_holiday_hours::Entity, C>(conn, company).await?,
        erase_in_company::<paid_holidays::Entity, C>(conn, company).await?,
        erase_in_company::<pto_checkpoints::Entity, C>(conn, company).await?,
        erase_in_company::<pto_balance_entries::Entity, C>(conn, company).await?,
        erase_in_company::<pto_enrollments::Entity, C>(conn, company).await?,
        erase_in_company::<pto_rule_changes::Entity, C>(conn, company).await?,
        erase_in_company::<pto_rules::Entity, C>(conn, company).await?,
        erase_in_company::<pto_plans::Entity, C>(conn, company).await?,
        erase_in_company::<pto_type_overrides::Entity, C>(conn, company).await?,
        erase_in_company::<pto_types::Entity, C>(conn, company).await?,
    ])
}
