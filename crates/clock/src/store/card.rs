//! The clock card's reads: this week's stored minutes, the running shifts, and the open or last
//! ended shift of several employees at once, in a fixed number of queries.

use super::{unsummed_of, with_breaks, StoredShift};
use crate::entities::{time_entries, weekly_worked_minutes};
use chrono::{DateTime, Utc};
use kernel::time::{start_of_day, week_start};
use kernel::{CompanyId, EntryId, UserId};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect};
use std::collections::HashMap;

/// Whose clock card: an employee of a company, on the company's `today`.
#[derive(Debug, Clone, Copy)]
pub struct CardOf {
    pub company: CompanyId,
    pub employee: UserId,
    pub tz: chrono_tz::Tz,
    pub today: chrono::NaiveDate,
    /// The shift the employee has just ended, when the card answers that press: the one that
    /// ended last, found by its id instead of by searching today's ends.
    pub just_ended: Option<EntryId>,
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
pub async fn cards(db: &impl ConnectionTrait, of: &[CardOf]) -> Result<HashMap<UserId, CardFacts>, DbErr> {
    let mut facts: HashMap<UserId, CardFacts> = HashMap::new();
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
        .filter(|card| facts.get(&card.employee).is_none_or(|facts| facts.current.is_none()))
        .copied()
        .collect();
    // Someone whose press just ended their shift has no open shift from an earlier week: there
    // is one open shift at most, and one opened since would be this week's.
    let long_open: Vec<CardOf> = idle.iter().filter(|card| card.just_ended.is_none()).copied().collect();
    let mut current = Cards(&long_open).open_before_this_week(db).await?;
    let still_idle: Vec<CardOf> = idle.iter().filter(|card| !current.contains_key(&card.employee)).copied().collect();
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
    fn of(&self, company: CompanyId, employee: UserId) -> Option<&CardOf> {
        self.0.iter().find(|card| card.company == company && card.employee == employee)
    }

    fn companies(&self) -> impl Iterator<Item = CompanyId> + '_ {
        self.0.iter().map(|card| card.company)
    }

    fn employees(&self) -> impl Iterator<Item = UserId> + '_ {
        self.0.iter().map(|card| card.employee)
    }

    /// The stored minutes of each one's week, as the database keeps them (a row per person and
    /// week, so a lookup however many shifts the week holds).
    async fn stored_week_minutes(&self, db: &impl ConnectionTrait) -> Result<Vec<(UserId, i64)>, DbErr> {
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
    async fn ended_last_today(&self, db: &impl ConnectionTrait) -> Result<HashMap<UserId, time_entries::Model>, DbErr> {
        let mut latest: HashMap<UserId, time_entries::Model> = HashMap::new();
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
        let ends: Vec<(CompanyId, UserId, Option<DateTime<Utc>>)> = time_entries::Entity::find()
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
        let last_ends: HashMap<UserId, DateTime<Utc>> = ends
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
    ) -> Result<HashMap<UserId, time_entries::Model>, DbErr> {
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
