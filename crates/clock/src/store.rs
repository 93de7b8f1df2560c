//! Reading shifts with their breaks and history: a fixed number of queries however many shifts.

use crate::entities::{time_entries, time_entry_actions, time_entry_breaks};
use crate::machine::ClockState;
use crate::shift::{Interval, Shift};
use chrono::{DateTime, Utc};
use kernel::{CompanyId, UserId};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use std::collections::HashMap;

/// A shift as stored, with its breaks and its clock actions (oldest first).
#[derive(Debug, Clone)]
pub struct StoredShift {
    pub entry: time_entries::Model,
    pub breaks: Vec<time_entry_breaks::Model>,
    pub actions: Vec<time_entry_actions::Model>,
}

impl StoredShift {
    pub fn shift(&self) -> Shift {
        Shift {
            start: self.entry.start_at,
            end: self.entry.end_at,
            breaks: self.breaks.iter().map(|pause| Interval { start: pause.start_at, end: pause.end_at }).collect(),
        }
    }

    pub fn state(&self) -> ClockState {
        ClockState::from_code(self.entry.state).unwrap_or(ClockState::ClockedOut)
    }

    pub fn open_break(&self) -> Option<&time_entry_breaks::Model> {
        self.breaks.iter().find(|pause| pause.end_at.is_none())
    }
}

/// Attaches breaks and actions to entries, in two queries.
pub async fn with_details(
    db: &impl ConnectionTrait,
    entries: Vec<time_entries::Model>,
) -> Result<Vec<StoredShift>, DbErr> {
    attach(db, entries, true).await
}

/// Attaches breaks only (what worked time needs), in one query.
pub async fn with_breaks(
    db: &impl ConnectionTrait,
    entries: Vec<time_entries::Model>,
) -> Result<Vec<StoredShift>, DbErr> {
    attach(db, entries, false).await
}

async fn attach(
    db: &impl ConnectionTrait,
    entries: Vec<time_entries::Model>,
    with_actions: bool,
) -> Result<Vec<StoredShift>, DbErr> {
    if entries.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i64> = entries.iter().map(|entry| entry.id).collect();
    let mut breaks: HashMap<i64, Vec<time_entry_breaks::Model>> = HashMap::new();
    for chunk in ids.chunks(500) {
        for pause in time_entry_breaks::Entity::find()
            .filter(time_entry_breaks::Column::EntryId.is_in(chunk.iter().copied()))
            .order_by_asc(time_entry_breaks::Column::StartAt)
            .order_by_asc(time_entry_breaks::Column::Id)
            .all(db)
            .await?
        {
            breaks.entry(pause.entry_id).or_default().push(pause);
        }
    }
    let mut actions: HashMap<i64, Vec<time_entry_actions::Model>> = HashMap::new();
    for chunk in ids.chunks(500).filter(|_| with_actions) {
        for action in time_entry_actions::Entity::find()
            .filter(time_entry_actions::Column::EntryId.is_in(chunk.iter().copied()))
            .order_by_asc(time_entry_actions::Column::ActionAt)
            .order_by_asc(time_entry_actions::Column::Id)
            .all(db)
            .await?
        {
            actions.entry(action.entry_id).or_default().push(action);
        }
    }
    Ok(entries
        .into_iter()
        .map(|entry| StoredShift {
            breaks: breaks.remove(&entry.id).unwrap_or_default(),
            actions: actions.remove(&entry.id).unwrap_or_default(),
            entry,
        })
        .collect())
}

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

/// The same with breaks only, for arithmetic.
pub async fn shifts_of_for_minutes(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employee: UserId,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Vec<StoredShift>, DbErr> {
    with_breaks(db, entries_of(db, company, employee, from, to).await?).await
}

async fn entries_of(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employee: UserId,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Vec<time_entries::Model>, DbErr> {
    time_entries::Entity::find()
        .filter(time_entries::Column::CompanyId.eq(company.0))
        .filter(time_entries::Column::EmployeeId.eq(employee.0))
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
    employees: &[i64],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Vec<StoredShift>, DbErr> {
    let mut entries = Vec::new();
    for chunk in employees.chunks(500) {
        entries.extend(
            time_entries::Entity::find()
                .filter(time_entries::Column::CompanyId.eq(company.0))
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

/// A shift of the company, by id (the spec's `trackingNumber` / `ts`).
pub async fn find_in_company(
    db: &impl ConnectionTrait,
    company: CompanyId,
    entry_id: i64,
) -> Result<Option<StoredShift>, DbErr> {
    let entry = time_entries::Entity::find_by_id(entry_id)
        .filter(time_entries::Column::CompanyId.eq(company.0))
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
        .filter(time_entries::Column::CompanyId.eq(company.0))
        .filter(time_entries::Column::OpenEmployeeId.eq(employee.0))
        .one(db)
        .await?;
    with_details(db, entry.into_iter().collect()).await.map(|mut shifts| shifts.pop())
}

/// The clock state of several employees at once: on break, clocked in, or (otherwise) whether
/// their newest shift ended today.
pub async fn current_states(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: &[i64],
    today_starts: DateTime<Utc>,
) -> Result<HashMap<i64, ClockState>, DbErr> {
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
    employees: &[i64],
    today_starts: DateTime<Utc>,
) -> Result<HashMap<i64, CurrentClock>, DbErr> {
    let initial = CurrentClock { state: ClockState::Initial, since: None };
    let mut clocks: HashMap<i64, CurrentClock> = employees.iter().map(|id| (*id, initial)).collect();
    for chunk in employees.chunks(500) {
        // Shifts open now, or ended today: at most a few per employee.
        let recent = time_entries::Entity::find()
            .filter(time_entries::Column::CompanyId.eq(company.0))
            .filter(time_entries::Column::EmployeeId.is_in(chunk.iter().copied()))
            .filter(time_entries::Column::EndAt.is_null().or(time_entries::Column::EndAt.gte(today_starts)))
            .all(db)
            .await?;
        for entry in recent {
            let state = ClockState::from_code(entry.state).unwrap_or(ClockState::ClockedOut);
            let since = if state.is_open() { Some(entry.start_at) } else { entry.end_at };
            let slot = clocks.entry(entry.employee_id).or_insert(initial);
            let newer_end = !slot.state.is_open() && since > slot.since;
            if state.is_open() || slot.state == ClockState::Initial || newer_end {
                *slot = CurrentClock { state, since };
            }
        }
    }
    Ok(clocks)
}

/// Worked minutes per employee and company day, for the shifts of a company that started in
/// `[from, to)`, optionally only some employees'. Two narrow queries (shifts, then their breaks
/// through a sub-select) whatever the number of people: what the dashboard needs for a whole
/// company's pay cycle.
pub async fn worked_minutes_by_day(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: Option<&[i64]>,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    tz: chrono_tz::Tz,
    now: DateTime<Utc>,
) -> Result<HashMap<(i64, chrono::NaiveDate), i64>, DbErr> {
    use sea_orm::sea_query::Query;
    use sea_orm::QuerySelect;
    let in_range = |query: sea_orm::Select<time_entries::Entity>| {
        query
            .filter(time_entries::Column::CompanyId.eq(company.0))
            .filter(time_entries::Column::StartAt.gte(from))
            .filter(time_entries::Column::StartAt.lt(to))
    };
    let mut entries_query = in_range(time_entries::Entity::find());
    if let Some(employees) = employees {
        if employees.is_empty() {
            return Ok(HashMap::new());
        }
        entries_query = entries_query.filter(time_entries::Column::EmployeeId.is_in(employees.iter().copied()));
    }
    /// id, employee, start, end.
    type Row = (i64, i64, DateTime<Utc>, Option<DateTime<Utc>>);
    let entries: Vec<Row> = entries_query
        .select_only()
        .column(time_entries::Column::Id)
        .column(time_entries::Column::EmployeeId)
        .column(time_entries::Column::StartAt)
        .column(time_entries::Column::EndAt)
        .into_tuple()
        .all(db)
        .await?;
    if entries.is_empty() {
        return Ok(HashMap::new());
    }
    let shift_ids = Query::select()
        .column(time_entries::Column::Id)
        .from(time_entries::Entity)
        .and_where(time_entries::Column::CompanyId.eq(company.0))
        .and_where(time_entries::Column::StartAt.gte(from))
        .and_where(time_entries::Column::StartAt.lt(to))
        .to_owned();
    let breaks: Vec<(i64, DateTime<Utc>, Option<DateTime<Utc>>)> = time_entry_breaks::Entity::find()
        .filter(time_entry_breaks::Column::EntryId.in_subquery(shift_ids))
        .select_only()
        .column(time_entry_breaks::Column::EntryId)
        .column(time_entry_breaks::Column::StartAt)
        .column(time_entry_breaks::Column::EndAt)
        .into_tuple()
        .all(db)
        .await?;
    let mut breaks_of: HashMap<i64, Vec<Interval>> = HashMap::new();
    for (entry, start, end) in breaks {
        breaks_of.entry(entry).or_default().push(Interval { start, end });
    }
    let mut minutes = HashMap::new();
    for (id, employee, start, end) in entries {
        let shift = Shift { start, end, breaks: breaks_of.remove(&id).unwrap_or_default() };
        *minutes.entry((employee, shift.day(tz))).or_insert(0) += shift.worked_minutes(now);
    }
    Ok(minutes)
}
