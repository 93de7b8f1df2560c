//! Finding shifts: one person's or several people's in a span, one by id, the open one, the
//! running ones; the clocks' current states; and storing a shift's worked time once it changes.

use super::{with_breaks, with_details, StoredShift};
use crate::entities::time_entries;
use crate::machine::ClockState;
use chrono::{DateTime, Utc};
use kernel::{CompanyId, EntryId, UserId};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use std::collections::HashMap;

/// One employee's shifts that started in `[from, to)`, oldest first, with breaks and actions.
pub async fn shifts_of(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employee: UserId,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Vec<StoredShift>, DbErr> {
    with_details(db, entries_of(db, company, employee, from, to).await?).await
}

/// The shifts of `employees` (in `companies`) whose minutes are computed on reading: running
/// ones, and any stored before worked time was kept. A person has few, and they are read through
/// the partial index of such shifts by company and employee. The query has neither a range on
/// their start nor an order on purpose: with a range, SQLite's planner prefers the index of a
/// person's shifts by start, and with an order by start the index of the company's shifts by
/// start; either reads every shift of the range to find the running ones.
pub fn unsummed_of(
    companies: impl IntoIterator<Item = CompanyId>,
    employees: impl IntoIterator<Item = UserId>,
) -> sea_orm::Select<time_entries::Entity> {
    time_entries::Entity::find()
        .filter(time_entries::Column::CompanyId.is_in(companies))
        .filter(time_entries::Column::WorkedMinutes.is_null())
        .filter(time_entries::Column::EmployeeId.is_in(employees))
}

async fn entries_of(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employee: UserId,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Vec<time_entries::Model>, DbErr> {
    time_entries::Entity::find()
        .filter(kernel::tenancy::same_company::<time_entries::Entity>(company))
        .filter(time_entries::Column::EmployeeId.eq(employee))
        .filter(time_entries::Column::StartAt.gte(from))
        .filter(time_entries::Column::StartAt.lt(to))
        .order_by_asc(time_entries::Column::StartAt)
        .order_by_asc(time_entries::Column::Id)
        .all(db)
        .await
}

/// Shifts of any of `employees` in a company that started in `[from, to)`.
pub async fn shifts_of_many(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: &[UserId],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Vec<StoredShift>, DbErr> {
    let mut entries = Vec::new();
    for chunk in employees.chunks(500) {
        entries.extend(
            time_entries::Entity::find()
                .filter(kernel::tenancy::same_company::<time_entries::Entity>(company))
                .filter(time_entries::Column::EmployeeId.is_in(chunk.iter().copied()))
                .filter(time_entries::Column::StartAt.gte(from))
                .filter(time_entries::Column::StartAt.lt(to))
                .order_by_asc(time_entries::Column::StartAt)
                .order_by_asc(time_entries::Column::Id)
                .all(db)
                .await?,
        );
    }
    with_details(db, entries).await
}

/// Recomputes and stores the worked time of a shift from its stored start, end and breaks
/// (after it ended, or was edited). Runs in the caller's transaction.
pub async fn store_worked_time(db: &impl ConnectionTrait, entry_id: EntryId, tz: chrono_tz::Tz) -> Result<(), DbErr> {
    use sea_orm::sea_query::Expr;
    let Some(entry) = time_entries::Entity::find_by_id(entry_id).one(db).await? else {
        return Ok(());
    };
    let Some(shift) = with_breaks(db, vec![entry]).await?.pop() else {
        return Ok(());
    };
    let worked = shift.shift().worked_time(tz);
    time_entries::Entity::update_many()
        .col_expr(time_entries::Column::WorkDay, Expr::value(Some(worked.day)))
        .col_expr(time_entries::Column::WorkWeek, Expr::value(Some(worked.week)))
        .col_expr(time_entries::Column::WorkedMinutes, Expr::value(worked.minutes))
        .filter(time_entries::Column::Id.eq(entry_id))
        .exec(db)
        .await?;
    Ok(())
}

/// A shift of the company, by id (the spec's `trackingNumber` / `ts`).
pub async fn find_in_company(
    db: &impl ConnectionTrait,
    company: CompanyId,
    entry_id: EntryId,
) -> Result<Option<StoredShift>, DbErr> {
    let entry = time_entries::Entity::find_by_id(entry_id)
        .filter(kernel::tenancy::same_company::<time_entries::Entity>(company))
        .one(db)
        .await?;
    with_details(db, entry.into_iter().collect()).await.map(|mut shifts| shifts.pop())
}

/// The employee's open shift, if any.
pub async fn open_shift(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employee: UserId,
) -> Result<Option<StoredShift>, DbErr> {
    let entry = time_entries::Entity::find()
        .filter(kernel::tenancy::same_company::<time_entries::Entity>(company))
        .filter(time_entries::Column::OpenEmployeeId.eq(employee))
        .one(db)
        .await?;
    with_details(db, entry.into_iter().collect()).await.map(|mut shifts| shifts.pop())
}

/// The clock state of several employees at once: on break, clocked in, or (otherwise) whether
/// their newest shift ended today.
pub async fn current_states(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: &[UserId],
    today_starts: DateTime<Utc>,
) -> Result<HashMap<UserId, ClockState>, DbErr> {
    let clocks = current_clocks(db, company, employees, today_starts).await?;
    Ok(clocks.into_iter().map(|(id, clock)| (id, clock.state)).collect())
}

/// An employee's clock right now, and since when it has been so.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CurrentClock {
    pub state: ClockState,
    /// The open shift's start, or the end of today's last shift; `None` when not clocked in today.
    pub since: Option<DateTime<Utc>>,
}

/// [`current_states`] with the time each state began. One query per 500 employees.
pub async fn current_clocks(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: &[UserId],
    today_starts: DateTime<Utc>,
) -> Result<HashMap<UserId, CurrentClock>, DbErr> {
    let initial = CurrentClock { state: ClockState::Initial, since: None };
    let mut clocks: HashMap<UserId, CurrentClock> = employees.iter().map(|id| (*id, initial)).collect();
    // Many people: queries over the whole company beat many long id lists.
    let whole_company = employees.len() > 500;
    let chunks: Vec<&[UserId]> = if whole_company { vec![&[]] } else { employees.chunks(500).collect() };
    for chunk in chunks {
        // Open shifts (found through the unique open-shift column), and shifts ended today
        // (found through their start: none runs for a week). Two narrow queries rather than one
        // that reads every shift of the company.
        let open = time_entries::Entity::find()
            .filter(kernel::tenancy::same_company::<time_entries::Entity>(company))
            // Open shifts have no worked minutes yet: this reaches them through the index of
            // unsummed shifts instead of reading the company's every shift.
            .filter(time_entries::Column::WorkedMinutes.is_null())
            .filter(time_entries::Column::OpenEmployeeId.is_not_null());
        let ended_today = time_entries::Entity::find()
            .filter(kernel::tenancy::same_company::<time_entries::Entity>(company))
            .filter(time_entries::Column::StartAt.gte(today_starts - chrono::Duration::days(7)))
            .filter(time_entries::Column::EndAt.gte(today_starts));
        for query in [open, ended_today] {
            let query = if whole_company {
                query
            } else {
                query.filter(time_entries::Column::EmployeeId.is_in(chunk.iter().copied()))
            };
            for entry in query.all(db).await? {
                let state = ClockState::from_code(entry.state).unwrap_or(ClockState::ClockedOut);
                let since = if state.is_open() { Some(entry.start_at) } else { entry.end_at };
                let Some(slot) = clocks.get_mut(&entry.employee_id) else { continue };
                let newer_end = !slot.state.is_open() && since > slot.since;
                if state.is_open() || slot.state == ClockState::Initial || newer_end {
                    *slot = CurrentClock { state, since };
                }
            }
        }
    }
    Ok(clocks)
}

/// The shifts of `employees` (the whole company for `None`) that started in `[from, to)`, as
/// each person's worked stretches for the overtime classifier (running shifts up to `now`).
pub async fn worked_spans(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: Option<&[UserId]>,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<HashMap<UserId, Vec<overtime::Shift>>, DbErr> {
    let query = time_entries::Entity::find()
        .filter(kernel::tenancy::same_company::<time_entries::Entity>(company))
        .filter(time_entries::Column::StartAt.gte(from))
        .filter(time_entries::Column::StartAt.lt(to));
    let entries = match employees {
        None => query.all(db).await?,
        Some(employees) => {
            let mut entries = Vec::new();
            for chunk in employees.chunks(500) {
                entries.extend(
                    query.clone().filter(time_entries::Column::EmployeeId.is_in(chunk.iter().copied())).all(db).await?,
                );
            }
            entries
        }
    };
    let mut spans: HashMap<UserId, Vec<overtime::Shift>> = HashMap::new();
    for shift in with_breaks(db, entries).await? {
        spans.entry(shift.entry.employee_id).or_default().push(shift.shift().worked_spans(now));
    }
    Ok(spans)
}

/// When the company's first recorded shift started, if it has any.
pub async fn first_shift_start(db: &impl ConnectionTrait, company: CompanyId) -> Result<Option<DateTime<Utc>>, DbErr> {
    Ok(time_entries::Entity::find()
        .filter(kernel::tenancy::same_company::<time_entries::Entity>(company))
        .order_by_asc(time_entries::Column::StartAt)
        .one(db)
        .await?
        .map(|entry| entry.start_at))
}
