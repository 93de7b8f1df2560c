//! Classified weeks kept between reads (`pay_hours_weeks`): a person's workdays of one Sunday
//! week by rate, stored with what they were classified from, so a report over a year classifies
//! only the weeks whose shifts or rules changed since the last read. Reports also keep each
//! person's totals over the exact range they asked for (`pay_hours_ranges`), current while the
//! revisions of every week reaching the range add up as they did (the database sums them per
//! person): a repeated report reads a row per person.
//!
//! A row is current when both of its stamps match:
//! - the rules' fingerprint: the company's overtime rules, the person's own, the employer-size
//!   facts the rules read, the zone and the calendar (a change of any of them from any date
//!   changes it, and the weeks are classified again);
//! - the sum of the revisions (`weekly_worked_minutes.revision`, raised by the database's triggers
//!   on every write to a stored shift) of the Sunday weeks whose shifts can reach the week: two
//!   before it (a workweek that does not start on Sunday, a night shift, Nevada's rolling day),
//!   itself and the one after. Revisions only grow, so any write there changes the sum.
//!
//! The revisions are read before the shifts: a write landing between the two leaves a row whose
//! revisions are older than its contents, and the next read classifies it again. Weeks reached by
//! a shift still running are classified on every read and never stored. Rows are written with an
//! upsert, so two instances classifying the same week at once both store a correct answer.

use crate::entities::{pay_hours_ranges, pay_hours_weeks};
use chrono::{Duration, NaiveDate};
use kernel::{CompanyId, UserId};
use overtime::Hours;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};
use std::collections::{BTreeMap, HashMap};
use std::hash::{Hash, Hasher};

/// The Sunday weeks, relative to a week, whose shifts can reach its workdays.
pub(crate) const REACHING_WEEKS: [i64; 4] = [-14, -7, 0, 7];

/// A fingerprint of everything besides the shifts that a classification reads.
pub(crate) fn rules_stamp(parts: &impl std::fmt::Debug) -> i64 {
    let mut hasher = std::hash::DefaultHasher::new();
    format!("{parts:?}").hash(&mut hasher);
    i64::from_ne_bytes(hasher.finish().to_ne_bytes())
}

/// The stored classification of a week and the stamps it was made under.
pub(crate) struct Stored {
    pub rules_stamp: i64,
    pub revisions: i64,
    pub days: BTreeMap<NaiveDate, Hours>,
}

fn encode(week: NaiveDate, days: &BTreeMap<NaiveDate, Hours>) -> String {
    days.iter()
        .map(|(day, hours)| {
            format!("{} {} {} {};", (*day - week).num_days(), hours.regular, hours.overtime, hours.double_time)
        })
        .collect()
}

/// The rows' text read back; `None` for anything malformed (the week is classified again).
fn decode(week: NaiveDate, text: &str) -> Option<BTreeMap<NaiveDate, Hours>> {
    text.split(';')
        .filter(|one| !one.is_empty())
        .map(|one| {
            let mut parts = one.split(' ');
            let offset: u8 = parts.next()?.parse().ok()?;
            let regular = parts.next()?.parse().ok()?;
            let overtime = parts.next()?.parse().ok()?;
            let double_time = parts.next()?.parse().ok()?;
            Some((week + Duration::days(i64::from(offset)), Hours { regular, overtime, double_time }))
        })
        .collect()
}

/// The stored weeks `first_week..=last_week` of `employees` (`None`: everyone in the company).
pub(crate) async fn load(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: Option<&[UserId]>,
    first_week: NaiveDate,
    last_week: NaiveDate,
) -> Result<HashMap<(UserId, NaiveDate), Stored>, DbErr> {
    use sea_orm::QuerySelect;
    type Row = (UserId, NaiveDate, i64, i64, String);
    let query = pay_hours_weeks::Entity::find()
        .filter(kernel::tenancy::same_company::<pay_hours_weeks::Entity>(company))
        .filter(pay_hours_weeks::Column::WorkWeek.gte(first_week))
        .filter(pay_hours_weeks::Column::WorkWeek.lte(last_week))
        .select_only()
        .column(pay_hours_weeks::Column::EmployeeId)
        .column(pay_hours_weeks::Column::WorkWeek)
        .column(pay_hours_weeks::Column::RulesStamp)
        .column(pay_hours_weeks::Column::Revisions)
        .column(pay_hours_weeks::Column::Days);
    let rows: Vec<Row> =
        kernel::tenancy::tuples_for_people(db, query, pay_hours_weeks::Column::EmployeeId, employees).await?;
    Ok(rows
        .into_iter()
        .filter_map(|(employee, week, rules_stamp, revisions, days)| {
            let days = decode(week, &days)?;
            Some(((employee, week), Stored { rules_stamp, revisions, days }))
        })
        .collect())
}

/// A week to keep: whose, which, and the stamps it was classified under.
pub(crate) struct Fresh {
    pub employee: UserId,
    pub week: NaiveDate,
    pub rules_stamp: i64,
    pub revisions: i64,
    pub days: BTreeMap<NaiveDate, Hours>,
}

/// Stores freshly classified weeks, replacing what was there.
pub(crate) async fn store(db: &impl ConnectionTrait, company: CompanyId, weeks: Vec<Fresh>) -> Result<(), DbErr> {
    // Six values a row; 150 rows stay far inside every database's parameter limit.
    let rows: Vec<pay_hours_weeks::ActiveModel> = weeks
        .into_iter()
        .map(|week| pay_hours_weeks::ActiveModel {
            company_id: Set(company),
            employee_id: Set(week.employee),
            work_week: Set(week.week),
            rules_stamp: Set(week.rules_stamp),
            revisions: Set(week.revisions),
            days: Set(encode(week.week, &week.days)),
        })
        .collect();
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let batch: Vec<_> = rows.by_ref().take(150).collect();
        pay_hours_weeks::Entity::insert_many(batch)
            .on_conflict(
                OnConflict::columns([
                    pay_hours_weeks::Column::CompanyId,
                    pay_hours_weeks::Column::EmployeeId,
                    pay_hours_weeks::Column::WorkWeek,
                ])
                .update_columns([
                    pay_hours_weeks::Column::RulesStamp,
                    pay_hours_weeks::Column::Revisions,
                    pay_hours_weeks::Column::Days,
                ])
                .to_owned(),
            )
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// Each person's kept totals over exactly `start..=end`: (rules stamp, revisions, hours).
pub(crate) async fn load_ranges(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: Option<&[UserId]>,
    start: NaiveDate,
    end: NaiveDate,
) -> Result<HashMap<UserId, (i64, i64, Hours)>, DbErr> {
    use sea_orm::QuerySelect;
    type Row = (UserId, i64, i64, i64, i64, i64);
    let query = pay_hours_ranges::Entity::find()
        .filter(kernel::tenancy::same_company::<pay_hours_ranges::Entity>(company))
        .filter(pay_hours_ranges::Column::RangeStart.eq(start))
        .filter(pay_hours_ranges::Column::RangeEnd.eq(end))
        .select_only()
        .column(pay_hours_ranges::Column::EmployeeId)
        .column(pay_hours_ranges::Column::RulesStamp)
        .column(pay_hours_ranges::Column::Revisions)
        .column(pay_hours_ranges::Column::Regular)
        .column(pay_hours_ranges::Column::Overtime)
        .column(pay_hours_ranges::Column::DoubleTime);
    let rows: Vec<Row> =
        kernel::tenancy::tuples_for_people(db, query, pay_hours_ranges::Column::EmployeeId, employees).await?;
    Ok(rows
        .into_iter()
        .map(|(employee, stamp, revisions, regular, overtime, double_time)| {
            (employee, (stamp, revisions, Hours { regular, overtime, double_time }))
        })
        .collect())
}

/// A person's totals over a range to keep, with the stamps they were computed under.
pub(crate) struct FreshRange {
    pub employee: UserId,
    pub rules_stamp: i64,
    pub revisions: i64,
    pub hours: Hours,
}

/// Stores totals over `start..=end`, replacing what was there.
pub(crate) async fn store_ranges(
    db: &impl ConnectionTrait,
    company: CompanyId,
    start: NaiveDate,
    end: NaiveDate,
    ranges: Vec<FreshRange>,
) -> Result<(), DbErr> {
    let rows: Vec<pay_hours_ranges::ActiveModel> = ranges
        .into_iter()
        .map(|range| pay_hours_ranges::ActiveModel {
            company_id: Set(company),
            range_start: Set(start),
            range_end: Set(end),
            employee_id: Set(range.employee),
            rules_stamp: Set(range.rules_stamp),
            revisions: Set(range.revisions),
            regular: Set(range.hours.regular),
            overtime: Set(range.hours.overtime),
            double_time: Set(range.hours.double_time),
        })
        .collect();
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        // Nine values a row: 100 rows stay inside every database's parameter limit.
        let batch: Vec<_> = rows.by_ref().take(100).collect();
        pay_hours_ranges::Entity::insert_many(batch)
            .on_conflict(
                OnConflict::columns([
                    pay_hours_ranges::Column::CompanyId,
                    pay_hours_ranges::Column::RangeStart,
                    pay_hours_ranges::Column::RangeEnd,
                    pay_hours_ranges::Column::EmployeeId,
                ])
                .update_columns([
                    pay_hours_ranges::Column::RulesStamp,
                    pay_hours_ranges::Column::Revisions,
                    pay_hours_ranges::Column::Regular,
                    pay_hours_ranges::Column::Overtime,
                    pay_hours_ranges::Column::DoubleTime,
                ])
                .to_owned(),
            )
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// The Sunday weeks from `first` to `last`.
pub(crate) fn weeks(first: NaiveDate, last: NaiveDate) -> impl Iterator<Item = NaiveDate> {
    std::iter::successors(Some(first), |week| Some(*week + Duration::days(7))).take_while(move |week| *week <= last)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_read_back_as_written() {
        let week = NaiveDate::from_ymd_opt(2026, 3, 8).unwrap();
        let mut days = BTreeMap::new();
        days.insert(week, Hours { regular: 480, overtime: 120, double_time: 7 });
        days.insert(week + Duration::days(6), Hours { regular: 1, overtime: 0, double_time: 0 });
        assert_eq!(encode(week, &days), "0 480 120 7;6 1 0 0;");
        assert_eq!(decode(week, &encode(week, &days)), Some(days));
        assert_eq!(decode(week, ""), Some(BTreeMap::new()));
        assert_eq!(decode(week, "0 480 x 0;"), None);
    }
}
