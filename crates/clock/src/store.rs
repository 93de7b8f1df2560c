//! Reading shifts with their breaks and history: a fixed number of queries however many shifts.

use crate::entities::{time_entries, time_entry_actions, time_entry_breaks, weekly_worked_minutes, worked_changes};
use crate::machine::ClockState;
use crate::shift::{Interval, Shift};
use chrono::{DateTime, Utc};
use kernel::time::{start_of_day, week_start};
use kernel::{CompanyId, UserId};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
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

/// Whose clock card: an employee of a company, on the company's `today`.
#[derive(Debug, Clone, Copy)]
pub struct CardOf {
    pub company: CompanyId,
    pub employee: UserId,
    pub tz: chrono_tz::Tz,
    pub today: chrono::NaiveDate,
    /// The shift the employee has just ended, when the card answers that press: the one that
    /// ended last, found by its id instead of by searching today's ends.
    pub just_ended: Option<i64>,
}

/// What a clock card shows, as stored.
#[derive(Debug, Clone, Default)]
pub struct CardFacts {
    /// The stored minutes of this week's ended shifts.
    pub stored_minutes: i64,
    /// This week's shifts whose minutes are computed on reading (the running one, and any stored
    /// before worked time was kept), with their breaks.
    pub live: Vec<StoredShift>,
    /// The open shift, or else the one that ended last today.
    pub current: Option<StoredShift>,
}

/// The clock cards of several employees (each once), in a fixed number of queries however many
/// cards and shifts: the database sums the weeks' ended shifts through the covering week index,
/// and only running shifts are read. Keyed by employee id.
pub async fn cards(db: &impl ConnectionTrait, of: &[CardOf]) -> Result<HashMap<i64, CardFacts>, DbErr> {
    let mut facts: HashMap<i64, CardFacts> = HashMap::new();
    if of.is_empty() {
        return Ok(facts);
    }
    let cards = Cards(of);
    for (employee, minutes) in cards.stored_week_minutes(db).await? {
        facts.entry(employee).or_default().stored_minutes += minutes;
    }
    for shift in cards.running_this_week(db).await? {
        let card = facts.entry(shift.entry.employee_id).or_default();
        if shift.state().is_open() {
            card.current = Some(shift.clone());
        }
        card.live.push(shift);
    }
    // Without an open shift this week: a shift left open since an earlier week (there is one
    // open shift at most), or else the shift that ended last today.
    let idle: Vec<CardOf> = of
        .iter()
        .filter(|card| facts.get(&card.employee.0).is_none_or(|facts| facts.current.is_none()))
        .copied()
        .collect();
    // Someone whose press just ended their shift has no open shift from an earlier week: there
    // is one open shift at most, and one opened since would be this week's.
    let long_open: Vec<CardOf> = idle.iter().filter(|card| card.just_ended.is_none()).copied().collect();
    let mut current = Cards(&long_open).open_before_this_week(db).await?;
    let still_idle: Vec<CardOf> = idle.iter().filter(|card| !current.contains_key(&card.employee.0)).copied().collect();
    current.extend(Cards(&still_idle).ended_last_today(db).await?);
    // Stored minutes need no breaks.
    let (summed, unsummed): (Vec<_>, Vec<_>) = current.into_values().partition(|entry| entry.worked_minutes.is_some());
    let summed = summed.into_iter().map(|entry| StoredShift { entry, breaks: Vec::new(), actions: Vec::new() });
    for shift in summed.chain(with_breaks(db, unsummed).await?) {
        let employee = shift.entry.employee_id;
        facts.entry(employee).or_default().current = Some(shift);
    }
    Ok(facts)
}

/// The queries behind [`cards`]. Each is scoped by the cards' companies and employees, and each
/// row it returns is then matched to its own card's company, employee and days.
struct Cards<'a>(&'a [CardOf]);

impl Cards<'_> {
    fn of(&self, company: i64, employee: i64) -> Option<&CardOf> {
        self.0.iter().find(|card| card.company.0 == company && card.employee.0 == employee)
    }

    fn companies(&self) -> impl Iterator<Item = i64> + '_ {
        self.0.iter().map(|card| card.company.0)
    }

    fn employees(&self) -> impl Iterator<Item = i64> + '_ {
        self.0.iter().map(|card| card.employee.0)
    }

    /// The stored minutes of each one's week, as the database keeps them (a row per person and
    /// week, so a lookup however many shifts the week holds).
    async fn stored_week_minutes(&self, db: &impl ConnectionTrait) -> Result<Vec<(i64, i64)>, DbErr> {
        let weeks = weekly_worked_minutes::Entity::find()
            .filter(weekly_worked_minutes::Column::CompanyId.is_in(self.companies()))
            .filter(weekly_worked_minutes::Column::EmployeeId.is_in(self.employees()))
            .filter(weekly_worked_minutes::Column::WorkWeek.is_in(self.0.iter().map(|card| week_start(card.today))))
            .all(db)
            .await?;
        Ok(weeks
            .into_iter()
            .filter(|week| {
                self.of(week.company_id, week.employee_id).is_some_and(|card| week_start(card.today) == week.work_week)
            })
            .map(|week| (week.employee_id, week.minutes))
            .collect())
    }

    /// This week's shifts whose minutes are computed on reading, oldest first, with breaks.
    async fn running_this_week(&self, db: &impl ConnectionTrait) -> Result<Vec<StoredShift>, DbErr> {
        let week = |card: &CardOf| {
            let sunday = week_start(card.today);
            (start_of_day(card.tz, sunday), start_of_day(card.tz, sunday + chrono::Duration::days(7)))
        };
        let mut live = unsummed_of(self.companies(), self.employees()).all(db).await?;
        live.sort_by_key(|entry| (entry.start_at, entry.id));
        let in_week = |entry: &time_entries::Model| {
            self.of(entry.company_id, entry.employee_id).is_some_and(|card| {
                let (from, to) = week(card);
                entry.start_at >= from && entry.start_at < to
            })
        };
        with_breaks(db, live.into_iter().filter(in_week).collect()).await
    }

    /// The shift each one ended last today (two may share an end second: the newer id wins).
    /// A shift the card's press has just ended is that one, read by its id.
    async fn ended_last_today(&self, db: &impl ConnectionTrait) -> Result<HashMap<i64, time_entries::Model>, DbErr> {
        let mut latest: HashMap<i64, time_entries::Model> = HashMap::new();
        let (known, searched): (Vec<CardOf>, Vec<CardOf>) = self.0.iter().partition(|card| card.just_ended.is_some());
        if !known.is_empty() {
            let known = Cards(&known);
            let ended = time_entries::Entity::find()
                .filter(time_entries::Column::Id.is_in(known.0.iter().filter_map(|card| card.just_ended)))
                .filter(time_entries::Column::CompanyId.is_in(known.companies()))
                .filter(time_entries::Column::EmployeeId.is_in(known.employees()))
                .all(db)
                .await?;
            for entry in ended {
                if known.of(entry.company_id, entry.employee_id).is_some_and(|card| card.just_ended == Some(entry.id)) {
                    latest.insert(entry.employee_id, entry);
                }
            }
        }
        if searched.is_empty() {
            return Ok(latest);
        }
        // Each one's last end from the index of ends alone, then those shifts: otherwise the
        // rows of all of today's shifts would be read.
        let searched = Cards(&searched);
        let since = |card: &CardOf| start_of_day(card.tz, card.today);
        let earliest = searched.0.iter().map(since).min();
        let ends: Vec<(i64, i64, Option<DateTime<Utc>>)> = time_entries::Entity::find()
            .select_only()
            .column(time_entries::Column::CompanyId)
            .column(time_entries::Column::EmployeeId)
            .column_as(Expr::col(time_entries::Column::EndAt).max(), "last_end")
            .filter(time_entries::Column::CompanyId.is_in(searched.companies()))
            .filter(time_entries::Column::EmployeeId.is_in(searched.employees()))
            .filter(time_entries::Column::EndAt.gte(earliest))
            .group_by(time_entries::Column::CompanyId)
            .group_by(time_entries::Column::EmployeeId)
            .into_tuple()
            .all(db)
            .await?;
        let last_ends: HashMap<i64, DateTime<Utc>> = ends
            .into_iter()
            .filter_map(|(company, employee, end)| {
                let card = searched.of(company, employee)?;
                end.filter(|end| *end >= since(card)).map(|end| (employee, end))
            })
            .collect();
        if last_ends.is_empty() {
            return Ok(latest);
        }
        let ended = time_entries::Entity::find()
            .filter(time_entries::Column::CompanyId.is_in(searched.companies()))
            .filter(time_entries::Column::EmployeeId.is_in(last_ends.keys().copied()))
            .filter(time_entries::Column::EndAt.is_in(last_ends.values().copied()))
            .all(db)
            .await?;
        for entry in ended {
            let last = searched.of(entry.company_id, entry.employee_id).is_some()
                && entry.end_at == last_ends.get(&entry.employee_id).copied();
            if last && latest.get(&entry.employee_id).is_none_or(|best| entry.id > best.id) {
                latest.insert(entry.employee_id, entry);
            }
        }
        Ok(latest)
    }

    /// Each one's open shift, for those whose shift has run since an earlier week.
    async fn open_before_this_week(
        &self,
        db: &impl ConnectionTrait,
    ) -> Result<HashMap<i64, time_entries::Model>, DbErr> {
        if self.0.is_empty() {
            return Ok(HashMap::new());
        }
        let open = time_entries::Entity::find()
            .filter(time_entries::Column::CompanyId.is_in(self.companies()))
            .filter(time_entries::Column::OpenEmployeeId.is_in(self.employees()))
            .all(db)
            .await?;
        Ok(open
            .into_iter()
            .filter(|entry| self.of(entry.company_id, entry.employee_id).is_some())
            .map(|entry| (entry.employee_id, entry))
            .collect())
    }
}

/// The shifts of `employees` (in `companies`) whose minutes are computed on reading: running
/// ones, and any stored before worked time was kept. A person has few, and they are read through
/// the partial index of such shifts by company and employee. The query has neither a range on
/// their start nor an order on purpose: with a range, SQLite's planner prefers the index of a
/// person's shifts by start, and with an order by start the index of the company's shifts by
/// start; either reads every shift of the range to find the running ones.
pub fn unsummed_of(
    companies: impl IntoIterator<Item = i64>,
    employees: impl IntoIterator<Item = i64>,
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
pub async fn store_worked_time(db: &impl ConnectionTrait, entry_id: i64, tz: chrono_tz::Tz) -> Result<(), DbErr> {
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
    entry_id: i64,
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
    // Many people: queries over the whole company beat many long id lists.
    let whole_company = employees.len() > 500;
    let chunks: Vec<&[i64]> = if whole_company { vec![&[]] } else { employees.chunks(500).collect() };
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

/// The shifts whose minutes are computed on reading (running ones, and any stored before worked
/// time was kept) that started on the company days `from..=to`. The query names no range on their
/// start, so it reads the partial index of such shifts (a handful per company) whatever the span:
/// with a range, SQLite's planner takes the index of the company's shifts by start and reads every
/// shift of the span (a year's report: hundreds of thousands). The span is applied here.
async fn unsummed(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: Option<&[i64]>,
    tz: chrono_tz::Tz,
    from: chrono::NaiveDate,
    to: chrono::NaiveDate,
) -> Result<Vec<time_entries::Model>, DbErr> {
    let query = time_entries::Entity::find()
        .filter(kernel::tenancy::same_company::<time_entries::Entity>(company))
        .filter(time_entries::Column::WorkedMinutes.is_null());
    let query = match employees {
        Some(employees) => query.filter(time_entries::Column::EmployeeId.is_in(employees.iter().copied())),
        None => query,
    };
    let (first, after) =
        (kernel::time::start_of_day(tz, from), kernel::time::start_of_day(tz, to + chrono::Duration::days(1)));
    Ok(query.all(db).await?.into_iter().filter(|entry| entry.start_at >= first && entry.start_at < after).collect())
}

/// How [`worked_minutes`] adds shifts up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grouping {
    /// Per employee and company day.
    Day,
    /// Per employee and week (keyed by its Sunday).
    Week,
}

/// Worked minutes of a company's shifts that belong to the days `from..=to` (by week: the whole
/// weeks touching them), per employee and day or week, optionally only some employees'. Ended shifts are summed by the database from
/// their stored minutes (one grouped query, whatever the number of shifts); running shifts, and
/// shifts stored before worked time was kept, are computed here (one more query for them and
/// their breaks).
#[allow(clippy::too_many_arguments)]
pub async fn worked_minutes(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: Option<&[i64]>,
    from: chrono::NaiveDate,
    to: chrono::NaiveDate,
    grouping: Grouping,
    tz: chrono_tz::Tz,
    now: DateTime<Utc>,
) -> Result<HashMap<(i64, chrono::NaiveDate), i64>, DbErr> {
    use sea_orm::sea_query::Expr;
    use sea_orm::QuerySelect;
    if employees.is_some_and(<[i64]>::is_empty) {
        return Ok(HashMap::new());
    }
    // By week, whole weeks: the range widens to the Sundays and Saturdays around it.
    let (period, from, to) = match grouping {
        Grouping::Day => (time_entries::Column::WorkDay, from, to),
        Grouping::Week => (
            time_entries::Column::WorkWeek,
            kernel::time::week_start(from),
            kernel::time::week_start(to) + chrono::Duration::days(6),
        ),
    };
    let mut stored = time_entries::Entity::find()
        .filter(kernel::tenancy::same_company::<time_entries::Entity>(company))
        .filter(period.gte(from))
        .filter(period.lte(to))
        .filter(time_entries::Column::WorkedMinutes.is_not_null());
    if let Some(employees) = employees {
        stored = stored.filter(time_entries::Column::EmployeeId.is_in(employees.iter().copied()));
    }
    let sums: Vec<(i64, chrono::NaiveDate, i64)> = stored
        .select_only()
        .column(time_entries::Column::EmployeeId)
        .column(period)
        .column_as(Expr::col(time_entries::Column::WorkedMinutes).sum(), "minutes")
        // In the covering index's order, so no sorting is needed.
        .group_by(period)
        .group_by(time_entries::Column::EmployeeId)
        .into_tuple()
        .all(db)
        .await?;
    let mut minutes: HashMap<(i64, chrono::NaiveDate), i64> =
        sums.into_iter().map(|(employee, period, sum)| ((employee, period), sum)).collect();
    for shift in with_breaks(db, unsummed(db, company, employees, tz, from, to).await?).await? {
        let worked = shift.shift();
        let day = worked.day(tz);
        let key = match grouping {
            Grouping::Day => day,
            Grouping::Week => kernel::time::week_start(day),
        };
        *minutes.entry((shift.entry.employee_id, key)).or_insert(0) += worked.worked_minutes(now);
    }
    Ok(minutes)
}

/// Worked and overtime minutes of the whole weeks `first_week..=last_week` (their Sundays) over
/// a company's employees, or some of them: [`employee_week_totals`] added up.
#[allow(clippy::too_many_arguments)]
pub async fn week_totals(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: Option<&[i64]>,
    first_week: chrono::NaiveDate,
    last_week: chrono::NaiveDate,
    threshold: i64,
    tz: chrono_tz::Tz,
    now: DateTime<Utc>,
) -> Result<WeekTotals, DbErr> {
    let per_employee = employee_week_totals(db, company, employees, first_week, last_week, threshold, tz, now).await?;
    Ok(per_employee.values().fold(WeekTotals::default(), |sum, one| WeekTotals {
        clocked: sum.clocked + one.clocked,
        overtime: sum.overtime + one.overtime,
    }))
}

/// Worked and overtime minutes of the whole weeks `first_week..=last_week` (their Sundays) per
/// employee, for a company's employees or some of them; overtime is an employee's minutes above
/// `threshold` in a week. The database adds up the ended shifts and applies the threshold per
/// employee and week, answering one row per employee however many weeks there are; running
/// shifts (and any stored before worked time was kept) are added here to the weeks they belong
/// to. People with no time are left out.
#[allow(clippy::too_many_arguments)]
pub async fn employee_week_totals(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: Option<&[i64]>,
    first_week: chrono::NaiveDate,
    last_week: chrono::NaiveDate,
    threshold: i64,
    tz: chrono_tz::Tz,
    now: DateTime<Utc>,
) -> Result<HashMap<i64, WeekTotals>, DbErr> {
    use sea_orm::sea_query::{Alias, Expr, Query};
    use sea_orm::{QuerySelect, QueryTrait};
    let mut result: HashMap<i64, WeekTotals> = HashMap::new();
    if employees.is_some_and(<[i64]>::is_empty) {
        return Ok(result);
    }
    let last_day = last_week + chrono::Duration::days(6);
    // Stored minutes per employee and week: the sums the database keeps as shifts are written
    // (`weekly_worked_minutes`, one row per person and week instead of one per shift).
    let per_week = |employees: Option<&[i64]>| {
        let query = weekly_worked_minutes::Entity::find()
            .filter(kernel::tenancy::same_company::<weekly_worked_minutes::Entity>(company))
            .filter(weekly_worked_minutes::Column::WorkWeek.gte(first_week))
            .filter(weekly_worked_minutes::Column::WorkWeek.lte(last_week));
        let query = match employees {
            Some(employees) => query.filter(weekly_worked_minutes::Column::EmployeeId.is_in(employees.iter().copied())),
            None => query,
        };
        query
            .select_only()
            .column(weekly_worked_minutes::Column::EmployeeId)
            .column(weekly_worked_minutes::Column::WorkWeek)
            .column_as(Expr::col(weekly_worked_minutes::Column::Minutes), "minutes")
    };
    // Added up in the database; only the sums per employee come back. Long lists of people go
    // in chunks, within every database's parameter limit.
    let chunks: Vec<Option<&[i64]>> = match employees {
        Some(employees) => employees.chunks(500).map(Some).collect(),
        None => vec![None],
    };
    let minutes = Expr::col(Alias::new("minutes"));
    let over = Expr::case(minutes.clone().gt(threshold), minutes.clone().sub(threshold)).finally(0);
    for chunk in chunks {
        let totals = Query::select()
            .column(Alias::new("employee_id"))
            .expr_as(Expr::expr(minutes.clone().sum()).cast_as(Alias::new("BIGINT")), Alias::new("clocked"))
            .expr_as(Expr::expr(Expr::expr(over.clone()).sum()).cast_as(Alias::new("BIGINT")), Alias::new("overtime"))
            .from_subquery(per_week(chunk).into_query(), Alias::new("weeks"))
            .group_by_col(Alias::new("employee_id"))
            .to_owned();
        for row in db.query_all(db.get_database_backend().build(&totals)).await? {
            let employee: i64 = row.try_get("", "employee_id")?;
            let clocked: Option<i64> = row.try_get("", "clocked")?;
            let overtime: Option<i64> = row.try_get("", "overtime")?;
            result.insert(employee, WeekTotals { clocked: clocked.unwrap_or(0), overtime: overtime.unwrap_or(0) });
        }
    }
    // Running shifts: their minutes, and the overtime they add to their weeks.
    let mut live: HashMap<(i64, chrono::NaiveDate), i64> = HashMap::new();
    for shift in with_breaks(db, unsummed(db, company, employees, tz, first_week, last_day).await?).await? {
        let week = kernel::time::week_start(shift.shift().day(tz));
        *live.entry((shift.entry.employee_id, week)).or_insert(0) += shift.shift().worked_minutes(now);
    }
    if live.is_empty() {
        return Ok(result);
    }
    let running: Vec<i64> =
        live.keys().map(|(employee, _)| *employee).collect::<std::collections::BTreeSet<_>>().into_iter().collect();
    let sums: Vec<(i64, chrono::NaiveDate, i64)> = per_week(Some(&running)).into_tuple().all(db).await?;
    let stored_of: HashMap<(i64, chrono::NaiveDate), i64> =
        sums.into_iter().map(|(employee, week, minutes)| ((employee, week), minutes)).collect();
    let over = |minutes: i64| (minutes - threshold).max(0);
    for ((employee, week), running) in live {
        let before = stored_of.get(&(employee, week)).copied().unwrap_or(0);
        let totals = result.entry(employee).or_default();
        totals.clocked += running;
        totals.overtime += over(before + running) - over(before);
    }
    Ok(result)
}

/// What [`week_totals`] adds up.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WeekTotals {
    pub clocked: i64,
    pub overtime: i64,
}

/// Where the log of worked-day changes stands: every change logged so far has an id up to it.
///
/// On PostgreSQL a change's id is drawn when its shift is written but becomes visible when that
/// transaction commits, so a smaller id can appear after a larger one was read. Taking the log's
/// table in SHARE mode waits for the transactions writing to it to end (and holds new writers for
/// that moment), so every id up to the answer is visible. SQLite writes one transaction at a time.
pub async fn worked_change_mark(db: &DatabaseConnection) -> Result<i64, DbErr> {
    use sea_orm::DatabaseBackend;
    let txn = kernel::begin_write(db).await?;
    if txn.get_database_backend() == DatabaseBackend::Postgres {
        txn.execute_unprepared("LOCK TABLE worked_changes IN SHARE MODE").await?;
    }
    let mark: Option<i64> = worked_changes::Entity::find()
        .select_only()
        .column_as(Expr::col(worked_changes::Column::Id).max(), "mark")
        .into_tuple()
        .one(&txn)
        .await?
        .flatten();
    txn.commit().await?;
    Ok(mark.unwrap_or(0))
}

/// The employees among `employees` whose worked days on or before `through` changed after the
/// log stood at `after` (see [`worked_change_mark`]), with the earliest such day.
pub async fn worked_days_changed(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: &[i64],
    after: i64,
    through: chrono::NaiveDate,
) -> Result<HashMap<i64, chrono::NaiveDate>, DbErr> {
    if employees.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, Option<chrono::NaiveDate>)> = worked_changes::Entity::find()
        .filter(kernel::tenancy::same_company::<worked_changes::Entity>(company))
        .filter(worked_changes::Column::EmployeeId.is_in(employees.iter().copied()))
        .filter(worked_changes::Column::Id.gt(after))
        .filter(worked_changes::Column::Day.lte(through))
        .select_only()
        .column(worked_changes::Column::EmployeeId)
        .column_as(Expr::col(worked_changes::Column::Day).min(), "day")
        .group_by(worked_changes::Column::EmployeeId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().filter_map(|(employee, day)| day.map(|day| (employee, day))).collect())
}

/// Forgets the changes logged up to `mark` (nothing reads them once every checkpoint is past it).
pub async fn forget_worked_changes(db: &impl ConnectionTrait, mark: i64) -> Result<u64, DbErr> {
    Ok(worked_changes::Entity::delete_many().filter(worked_changes::Column::Id.lte(mark)).exec(db).await?.rows_affected)
}

/// The employees among `employees` with a shift still running that began on or before `through`
/// (their days are not final yet).
pub async fn running_through(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: &[i64],
    through: chrono::NaiveDate,
    tz: chrono_tz::Tz,
) -> Result<Vec<i64>, DbErr> {
    if employees.is_empty() {
        return Ok(Vec::new());
    }
    unsummed_of([company.0], employees.iter().copied())
        .filter(time_entries::Column::StartAt.lt(kernel::time::start_of_day(tz, through + chrono::Duration::days(1))))
        .select_only()
        .column(time_entries::Column::EmployeeId)
        .into_tuple()
        .all(db)
        .await
}
