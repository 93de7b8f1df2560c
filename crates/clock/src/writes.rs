//! The clock's write API for shifts made or changed by hand: the timesheet's 'Add Shift',
//! 'Edit Now', an approved edit request and 'Delete'. The clock owns `time_entries` and
//! `time_entry_breaks`; other crates change them only through these functions, inside their own
//! transaction (which also records their history of the change).
//!
//! Each asks [`crate::periods::guard`] first: a shift of a closed pay period is changed only by
//! a late change the caller names as such ([`Late::Adjust`]), never directly.

use crate::entities::{time_entries, time_entry_breaks};
use crate::error::ClockError;
use crate::machine::ClockState;
use crate::periods::{self, Late};
use crate::shift::{Interval, Shift};
use crate::store::store_worked_time;
use kernel::{CompanyId, EntryId, UserId};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

/// Whether `employee` has a shift other than `except` that overlaps `shift` (an open shift
/// overlaps everything after its start).
pub async fn overlaps_another(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employee: UserId,
    shift: &Shift,
    except: Option<EntryId>,
) -> Result<bool, DbErr> {
    let mut others = time_entries::Entity::find()
        .filter(kernel::tenancy::same_company::<time_entries::Entity>(company))
        .filter(time_entries::Column::EmployeeId.eq(employee))
        .filter(time_entries::Column::EndAt.is_null().or(time_entries::Column::EndAt.gt(shift.start)));
    if let Some(end) = shift.end {
        others = others.filter(time_entries::Column::StartAt.lt(end));
    }
    if let Some(id) = except {
        others = others.filter(time_entries::Column::Id.ne(id));
    }
    Ok(others.one(db).await?.is_some())
}

/// The company day a shift belongs to: the day it started on.
fn day_of(tz: chrono_tz::Tz, start: chrono::DateTime<chrono::Utc>) -> chrono::NaiveDate {
    kernel::time::local_date(tz, start)
}

/// The day a stored shift belongs to, if the company has it.
pub(crate) async fn stored_day(
    db: &impl ConnectionTrait,
    company: CompanyId,
    entry: EntryId,
    tz: chrono_tz::Tz,
) -> Result<Option<chrono::NaiveDate>, DbErr> {
    Ok(time_entries::Entity::find_by_id(entry)
        .filter(kernel::tenancy::same_company::<time_entries::Entity>(company))
        .one(db)
        .await?
        .map(|row| row.work_day.unwrap_or_else(|| day_of(tz, row.start_at))))
}

/// Stores an ended shift made by hand for `employee` (by `made_by`), with its breaks and its
/// worked time in the company's zone `tz`.
pub async fn create_shift(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employee: UserId,
    shift: &Shift,
    made_by: UserId,
    tz: chrono_tz::Tz,
    late: Late,
) -> Result<EntryId, ClockError> {
    periods::guard(db, company, &[day_of(tz, shift.start)], late).await?;
    let now = crate::now();
    let entry = time_entries::ActiveModel {
        company_id: Set(company),
        employee_id: Set(employee),
        start_at: Set(shift.start),
        end_at: Set(shift.end),
        state: Set(ClockState::ClockedOut.code()),
        open_employee_id: Set(None),
        created_by: Set(made_by),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    insert_breaks(db, entry.id, &shift.breaks).await?;
    store_worked_time(db, entry.id, tz).await?;
    Ok(entry.id)
}

/// Changes a stored shift (of the company) to `new`: its start, end, state and, when they
/// changed, its breaks; then its worked time.
pub async fn change_shift(
    db: &impl ConnectionTrait,
    company: CompanyId,
    entry: EntryId,
    new: &Shift,
    breaks_changed: bool,
    tz: chrono_tz::Tz,
    late: Late,
) -> Result<(), ClockError> {
    let mut days = vec![day_of(tz, new.start)];
    days.extend(stored_day(db, company, entry, tz).await?);
    periods::guard(db, company, &days, late).await?;
    let state = match new.end {
        Some(_) => ClockState::ClockedOut,
        None if new.breaks.iter().any(|pause| pause.end.is_none()) => ClockState::OnBreak,
        None => ClockState::ClockedIn,
    };
    let mut update = time_entries::Entity::update_many()
        .col_expr(time_entries::Column::StartAt, Expr::value(new.start))
        .col_expr(time_entries::Column::EndAt, Expr::value(new.end))
        .col_expr(time_entries::Column::State, Expr::value(state.code()))
        .col_expr(time_entries::Column::UpdatedAt, Expr::value(crate::now()));
    if new.end.is_some() {
        update = update.col_expr(time_entries::Column::OpenEmployeeId, Expr::value(Option::<UserId>::None));
    }
    update.filter(time_entries::Column::Id.eq(entry)).exec(db).await?;
    if breaks_changed {
        time_entry_breaks::Entity::delete_many().filter(time_entry_breaks::Column::EntryId.eq(entry)).exec(db).await?;
        insert_breaks(db, entry, &new.breaks).await?;
    }
    Ok(store_worked_time(db, entry, tz).await?)
}

/// Deletes a shift of the company with everything hanging from it; `false` when there was none.
pub async fn delete_shift(
    db: &impl ConnectionTrait,
    company: CompanyId,
    entry: EntryId,
    tz: chrono_tz::Tz,
    late: Late,
) -> Result<bool, ClockError> {
    let days: Vec<_> = stored_day(db, company, entry, tz).await?.into_iter().collect();
    periods::guard(db, company, &days, late).await?;
    let deleted = time_entries::Entity::delete_many()
        .filter(time_entries::Column::Id.eq(entry))
        .filter(kernel::tenancy::same_company::<time_entries::Entity>(company))
        .exec(db)
        .await?;
    Ok(deleted.rows_affected > 0)
}

async fn insert_breaks(db: &impl ConnectionTrait, entry_id: EntryId, breaks: &[Interval]) -> Result<(), DbErr> {
    for pause in breaks {
        time_entry_breaks::ActiveModel {
            entry_id: Set(entry_id),
            start_at: Set(pause.start),
            end_at: Set(pause.end),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    Ok(())
}
