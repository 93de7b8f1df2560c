//! Erasing a company's clock when its account is closed (called by `closure`, after `timesheet`
//! has erased the comments, changes and edit requests that point at these shifts).

use crate::entities::{
    clock_press_receipts, employee_overtime_rules, kiosk_pins, kiosks, overtime_policies, pay_period_adjustments,
    pay_period_events, pay_period_locks, time_entries, time_entry_actions, time_entry_breaks, time_settings,
    weekly_worked_minutes, work_location_people, work_locations, worked_changes,
};
use kernel::purge::{erase, erase_in_company, ids_in_company, Erased};
use kernel::CompanyId;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr};

/// Deletes every clock row of `company`, children first: the breaks and presses of its shifts
/// (they have no company column: chosen through the company's shifts), the shifts, then the
/// tables the database's triggers keep from the shifts, then the time settings and overtime rules.
///
/// The triggers on `time_entries` fire for these deletions too: they take the shifts' minutes
/// out of `weekly_worked_minutes` and log each shift's day in `worked_changes` (a table with no
/// foreign key, so no cascade would ever clear it). Both are therefore erased after the shifts.
pub async fn purge_company<C: ConnectionTrait>(conn: &C, company: CompanyId) -> Result<Vec<Erased>, DbErr> {
    let shifts = || ids_in_company::<time_entries::Entity>(time_entries::Column::Id, company);
    Ok(vec![
        erase_in_company::<clock_press_receipts::Entity, C>(conn, company).await?,
        erase::<time_entry_breaks::Entity, C>(conn, time_entry_breaks::Column::EntryId.in_subquery(shifts())).await?,
        erase::<time_entry_actions::Entity, C>(conn, time_entry_actions::Column::EntryId.in_subquery(shifts())).await?,
        erase_in_company::<time_entries::Entity, C>(conn, company).await?,
        erase_in_company::<weekly_worked_minutes::Entity, C>(conn, company).await?,
        erase_in_company::<worked_changes::Entity, C>(conn, company).await?,
        erase_in_company::<time_settings::Entity, C>(conn, company).await?,
        erase_in_company::<overtime_policies::Entity, C>(conn, company).await?,
        erase_in_company::<employee_overtime_rules::Entity, C>(conn, company).await?,
        erase_in_company::<kiosk_pins::Entity, C>(conn, company).await?,
        erase_in_company::<kiosks::Entity, C>(conn, company).await?,
        erase_in_company::<work_location_people::Entity, C>(conn, company).await?,
        erase_in_company::<work_locations::Entity, C>(conn, company).await?,
        erase_in_company::<pay_period_adjustments::Entity, C>(conn, company).await?,
        erase_in_company::<pay_period_events::Entity, C>(conn, company).await?,
        erase_in_company::<pay_period_locks::Entity, C>(conn, company).await?,
    ])
}
