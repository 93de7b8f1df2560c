//! Erasing a company's timesheet records when its account is closed (called by `closure`,
//! before `clock` erases the shifts these rows point at).

use crate::entities::{
    overtime_alerts, pay_hours_ranges, pay_hours_weeks, timesheet_changes, timesheet_comments, timesheet_edit_requests,
    timesheet_reviews,
};
use kernel::purge::{erase_in_company, Erased};
use kernel::CompanyId;
use sea_orm::{ConnectionTrait, DbErr};

/// Deletes the edit requests, the change history, the comments, the week reviews, the classified
/// weeks and the overtime alerts of `company`'s shifts.
pub async fn purge_company<C: ConnectionTrait>(conn: &C, company: CompanyId) -> Result<Vec<Erased>, DbErr> {
    Ok(vec![
        erase_in_company::<timesheet_edit_requests::Entity, C>(conn, company).await?,
        erase_in_company::<timesheet_changes::Entity, C>(conn, company).await?,
        erase_in_company::<timesheet_comments::Entity, C>(conn, company).await?,
        erase_in_company::<timesheet_reviews::Entity, C>(conn, company).await?,
        erase_in_company::<pay_hours_weeks::Entity, C>(conn, company).await?,
        erase_in_company::<pay_hours_ranges::Entity, C>(conn, company).await?,
        erase_in_company::<overtime_alerts::Entity, C>(conn, company).await?,
    ])
}
