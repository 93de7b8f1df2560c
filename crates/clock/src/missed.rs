//! Missed punches (issue 40): a shift nobody ended is closed *provisionally* once it is as long
//! as the company's longest shift, at its last known activity (its start, or the start or end of
//! its last break), and marked: a missed clock-out, or a break never ended (closed where it
//! began). It stays marked until a manager corrects it or accepts it as is; until then its pay
//! period's payroll file is not made (the timesheet and the reports ask [`unsettled`]).
//!
//! The close is a compare-and-set on the shift being still open, in the caller's transaction,
//! so two servers running the job, or a clock-out arriving at the same moment, close it once.

use crate::entities::{time_entries, time_entry_actions, time_entry_breaks};
use crate::machine::ClockState;
use crate::places::PressSource;
use crate::store::{self, StoredShift};
use chrono::{DateTime, Utc};
use kernel::tenancy::same_company;
use kernel::{CompanyId, EntryId, UserId};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};

/// How a shift was closed provisionally.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MissedPunch {
    /// Nobody clocked out.
    ClockOut = 1,
    /// A break was never ended.
    BreakEnd = 2,
}

impl MissedPunch {
    pub fn code(self) -> i16 {
        self as i16
    }

    pub fn from_code(code: i16) -> Option<Self> {
        match code {
            1 => Some(MissedPunch::ClockOut),
            2 => Some(MissedPunch::BreakEnd),
            _ => None,
        }
    }

    /// As the screens and mails say it.
    pub fn text(self) -> &'static str {
        match self {
            MissedPunch::ClockOut => "missed clock-out",
            MissedPunch::BreakEnd => "missed break end",
        }
    }

    /// For the API: `clock_out` or `break_end`.
    pub fn key(self) -> &'static str {
        match self {
            MissedPunch::ClockOut => "clock_out",
            MissedPunch::BreakEnd => "break_end",
        }
    }
}

/// A shift the job closed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClosedShift {
    pub company: CompanyId,
    pub employee: UserId,
    pub entry: EntryId,
    pub start: DateTime<Utc>,
    /// Where it was closed: its last known activity.
    pub end: DateTime<Utc>,
    pub missed: MissedPunch,
}

/// The open shifts that started before `before`, of every company (the job's candidates).
pub async fn open_since(
    db: &impl ConnectionTrait,
    before: DateTime<Utc>,
) -> Result<Vec<(CompanyId, EntryId, DateTime<Utc>)>, DbErr> {
    Ok(time_entries::Entity::find()
        .filter(time_entries::Column::OpenEmployeeId.is_not_null())
        .filter(time_entries::Column::StartAt.lt(before))
        .order_by_asc(time_entries::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|entry| (entry.company_id, entry.id, entry.start_at))
        .collect())
}

/// The last moment the shift is known to have been worked or paused: its start, or its last
/// break's start or end.
fn last_activity(shift: &StoredShift) -> DateTime<Utc> {
    shift
        .breaks
        .iter()
        .flat_map(|pause| [Some(pause.start_at), pause.end_at])
        .flatten()
        .chain(std::iter::once(shift.entry.start_at))
        .max()
        .unwrap_or(shift.entry.start_at)
}

/// Closes `entry` provisionally if it is still open (in `txn`): at its last known activity, a
/// running break ended where it began, the shift marked and its history told (source `edit`).
pub async fn close_provisionally(
    txn: &impl ConnectionTrait,
    company: CompanyId,
    entry: EntryId,
    tz: chrono_tz::Tz,
    now: DateTime<Utc>,
) -> Result<Option<ClosedShift>, DbErr> {
    let Some(shift) = store::find_in_company(txn, company, entry).await? else { return Ok(None) };
    if shift.entry.end_at.is_some() || shift.entry.open_employee_id.is_none() {
        return Ok(None);
    }
    let state = shift.state();
    let missed = if state == ClockState::OnBreak { MissedPunch::BreakEnd } else { MissedPunch::ClockOut };
    let end = last_activity(&shift);
    // The compare-and-set: only while still open in the state read.
    let closed = time_entries::Entity::update_many()
        .col_expr(time_entries::Column::EndAt, Expr::value(end))
        .col_expr(time_entries::Column::State, Expr::value(ClockState::ClockedOut.code()))
        .col_expr(time_entries::Column::OpenEmployeeId, Expr::value(Option::<UserId>::None))
        .col_expr(time_entries::Column::Missed, Expr::value(missed.code()))
        .col_expr(time_entries::Column::UpdatedAt, Expr::value(now))
        .filter(same_company::<time_entries::Entity>(company))
        .filter(time_entries::Column::Id.eq(entry))
        .filter(time_entries::Column::State.eq(state.code()))
        .filter(time_entries::Column::EndAt.is_null())
        .exec(txn)
        .await?;
    if closed.rows_affected == 0 {
        return Ok(None);
    }
    time_entry_breaks::Entity::update_many()
        .col_expr(time_entry_breaks::Column::EndAt, Expr::col(time_entry_breaks::Column::StartAt).into())
        .filter(time_entry_breaks::Column::EntryId.eq(entry))
        .filter(time_entry_breaks::Column::EndAt.is_null())
        .exec(txn)
        .await?;
    time_entry_actions::Entity::insert(time_entry_actions::ActiveModel {
        entry_id: Set(entry),
        action_type: Set("end".to_owned()),
        action_at: Set(end),
        actor_id: Set(shift.entry.employee_id),
        source: Set(PressSource::Edit.code().to_owned()),
        ..Default::default()
    })
    .exec_without_returning(txn)
    .await?;
    store::store_worked_time(txn, entry, tz).await?;
    Ok(Some(ClosedShift {
        company,
        employee: shift.entry.employee_id,
        entry,
        start: shift.entry.start_at,
        end,
        missed,
    }))
}

/// Marks a missed punch settled (corrected or accepted) by `by`; whether it was one unsettled.
pub async fn settle(
    db: &impl ConnectionTrait,
    company: CompanyId,
    entry: EntryId,
    by: UserId,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let done = time_entries::Entity::update_many()
        .col_expr(time_entries::Column::MissedSettledBy, Expr::value(by))
        .col_expr(time_entries::Column::MissedSettledAt, Expr::value(now))
        .filter(same_company::<time_entries::Entity>(company))
        .filter(time_entries::Column::Id.eq(entry))
        .filter(time_entries::Column::Missed.ne(0))
        .filter(time_entries::Column::MissedSettledAt.is_null())
        .exec(db)
        .await?;
    Ok(done.rows_affected > 0)
}

/// The company's shifts closed provisionally and not yet settled, of `employees` (all when
/// `None`), that started in `from..to` (any time when `None`), oldest first.
pub async fn unsettled(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: Option<&[UserId]>,
    range: Option<(DateTime<Utc>, DateTime<Utc>)>,
) -> Result<Vec<StoredShift>, DbErr> {
    let mut query = time_entries::Entity::find()
        .filter(same_company::<time_entries::Entity>(company))
        .filter(time_entries::Column::Missed.ne(0))
        .filter(time_entries::Column::MissedSettledAt.is_null())
        .order_by_asc(time_entries::Column::StartAt);
    if let Some(employees) = employees {
        query = query.filter(time_entries::Column::EmployeeId.is_in(employees.iter().copied()));
    }
    if let Some((from, to)) = range {
        query = query.filter(time_entries::Column::StartAt.gte(from)).filter(time_entries::Column::StartAt.lt(to));
    }
    store::with_details(db, query.all(db).await?).await
}

/// The open shifts not yet reminded of, in the companies that remind people still clocked in
/// after their usual end, with the company's minutes (the reminder job's candidates).
pub async fn unreminded_open(
    db: &impl ConnectionTrait,
) -> Result<Vec<(CompanyId, EntryId, UserId, DateTime<Utc>, i64)>, DbErr> {
    use crate::entities::time_settings;
    let reminding: std::collections::HashMap<CompanyId, i64> = time_settings::Entity::find()
        .filter(time_settings::Column::EndReminderMinutes.is_not_null())
        .all(db)
        .await?
        .into_iter()
        .filter_map(|row| Some((row.company_id, i64::from(row.end_reminder_minutes?))))
        .collect();
    if reminding.is_empty() {
        return Ok(Vec::new());
    }
    Ok(time_entries::Entity::find()
        .filter(time_entries::Column::OpenEmployeeId.is_not_null())
        .filter(time_entries::Column::EndRemindedAt.is_null())
        .filter(time_entries::Column::CompanyId.is_in(reminding.keys().copied()))
        .order_by_asc(time_entries::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .filter_map(|entry| {
            let minutes = *reminding.get(&entry.company_id)?;
            Some((entry.company_id, entry.id, entry.employee_id, entry.start_at, minutes))
        })
        .collect())
}

/// How long the person's shifts usually last: the median length (first start to end) of their
/// last 20 ended shifts that started in the five weeks before `before`; `None` without any.
pub async fn usual_length(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employee: UserId,
    before: DateTime<Utc>,
) -> Result<Option<chrono::Duration>, DbErr> {
    use sea_orm::QuerySelect;
    let mut lengths: Vec<chrono::Duration> = time_entries::Entity::find()
        .filter(same_company::<time_entries::Entity>(company))
        .filter(time_entries::Column::EmployeeId.eq(employee))
        .filter(time_entries::Column::EndAt.is_not_null())
        .filter(time_entries::Column::StartAt.gte(before - chrono::Duration::days(35)))
        .filter(time_entries::Column::StartAt.lt(before))
        .order_by_desc(time_entries::Column::StartAt)
        .limit(20)
        .all(db)
        .await?
        .into_iter()
        .filter_map(|entry| Some(entry.end_at? - entry.start_at))
        .collect();
    lengths.sort();
    Ok(lengths.get(lengths.len() / 2).copied())
}

/// Marks the reminder of a still-open shift as sent; `false` when it was (or the shift ended):
/// a compare-and-set, so two servers send it once.
pub async fn mark_end_reminded(
    db: &impl ConnectionTrait,
    company: CompanyId,
    entry: EntryId,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let done = time_entries::Entity::update_many()
        .col_expr(time_entries::Column::EndRemindedAt, sea_orm::sea_query::Expr::value(now))
        .filter(same_company::<time_entries::Entity>(company))
        .filter(time_entries::Column::Id.eq(entry))
        .filter(time_entries::Column::OpenEmployeeId.is_not_null())
        .filter(time_entries::Column::EndRemindedAt.is_null())
        .exec(db)
        .await?;
    Ok(done.rows_affected > 0)
}
