//! The date arithmetic of the ledger: days and months that saturate instead of overflowing,
//! anniversaries, a rule's year, and the per-pay-period blocks counted from the start date.

use super::Block;
use crate::model::{Method, Rule};
use crate::schedule::{AccrualPeriod, Anchor, YearStart};
use chrono::{Datelike, Days, Months, NaiveDate};

pub(super) fn next_day(d: NaiveDate) -> NaiveDate {
    d.succ_opt().unwrap_or(NaiveDate::MAX)
}

fn add_months(d: NaiveDate, months: u32) -> NaiveDate {
    d.checked_add_months(Months::new(months)).unwrap_or(NaiveDate::MAX)
}

pub(super) fn days_between(from: NaiveDate, to_exclusive: NaiveDate) -> u32 {
    u32::try_from((to_exclusive - from).num_days().max(0)).unwrap_or(u32::MAX)
}

/// The `n`-th anniversary of `start`: the same day and month, 28 February in common years for
/// a 29 February start.
pub fn anniversary(start: NaiveDate, n: u32) -> NaiveDate {
    add_months(start, n.saturating_mul(12))
}

/// The rule's year containing `day`: the calendar year, or for a per-anniversary rule (or one
/// whose year turns on the hire anniversary) the anniversary year (from an anniversary of the
/// start date to the day before the next), or the rule's fiscal year.
pub(crate) fn rule_year(rule: Option<&Rule>, start: NaiveDate, day: NaiveDate) -> (NaiveDate, NaiveDate) {
    if let Some(YearStart::Fiscal { month, day: first }) = rule.map(|r| r.schedule.year_start) {
        if rule.is_some_and(|r| !r.method.is_fixed()) {
            return YearStart::fiscal_year(month, first, day);
        }
    }
    let anniversary_years = rule.is_some_and(|r| {
        r.method == Method::PerAnniversary
            || (!r.method.is_fixed() && r.schedule.year_start == YearStart::HireAnniversary)
    });
    if anniversary_years && day >= start {
        let mut n = u32::try_from(day.year() - start.year()).unwrap_or(0);
        while n > 0 && anniversary(start, n) > day {
            n -= 1;
        }
        let first = anniversary(start, n);
        let last = anniversary(start, n + 1).pred_opt().unwrap_or(first);
        return (first, last);
    }
    let first = NaiveDate::from_ymd_opt(day.year(), 1, 1).unwrap_or(day);
    let last = NaiveDate::from_ymd_opt(day.year(), 12, 31).unwrap_or(day);
    (first, last)
}

/// The per-pay-period block containing `day` under the rule's period and anchor.
pub(super) fn period_containing(rule: &Rule, start: NaiveDate, day: NaiveDate) -> Block {
    let schedule = rule.schedule;
    match (schedule.period, schedule.anchor) {
        (AccrualPeriod::Months, Anchor::Joining) => block_containing(start, rule.rate_unit, day),
        (AccrualPeriod::Months, Anchor::Calendar) => {
            let unit = i64::from(rule.rate_unit.clamp(1, 12));
            let index = i64::from(day.year()) * 12 + i64::from(day.month0());
            let first_index = index.div_euclid(unit) * unit;
            let first = i32::try_from(first_index.div_euclid(12))
                .ok()
                .and_then(|year| NaiveDate::from_ymd_opt(year, u32::try_from(first_index.rem_euclid(12)).ok()? + 1, 1))
                .unwrap_or(day);
            let end = add_months(first, u32::try_from(unit).unwrap_or(1));
            Block { end, days: days_between(first, end), covered: 0, credited: false }
        }
        (AccrualPeriod::Weekly | AccrualPeriod::Biweekly, anchor) => {
            let length: i64 = if schedule.period == AccrualPeriod::Weekly { 7 } else { 14 };
            // Calendar weeks begin on Monday; two-week periods on Monday 1 January 2024 and
            // every fourteen days before and after it.
            let origin = match anchor {
                Anchor::Joining => start,
                Anchor::Calendar => NaiveDate::from_ymd_opt(2024, 1, 1).unwrap_or(start),
            };
            let offset = (day - origin).num_days().div_euclid(length) * length;
            let first = origin.checked_add_signed(chrono::Duration::days(offset)).unwrap_or(day);
            let end = first.checked_add_days(Days::new(length.unsigned_abs())).unwrap_or(NaiveDate::MAX);
            Block { end, days: days_between(first, end), covered: 0, credited: false }
        }
        (AccrualPeriod::SemiMonthly, _) => {
            let (first, end) = if day.day() <= 15 {
                (day.with_day(1).unwrap_or(day), day.with_day(16).unwrap_or(day))
            } else {
                let first = day.with_day(16).unwrap_or(day);
                (first, add_months(day.with_day(1).unwrap_or(day), 1))
            };
            Block { end, days: days_between(first, end), covered: 0, credited: false }
        }
    }
}

/// The per-pay-period block containing `day`: blocks of `unit` months from the start date.
pub(super) fn block_containing(start: NaiveDate, unit: u32, day: NaiveDate) -> Block {
    let unit = unit.max(1);
    let mut months = u32::try_from(
        (day.year() - start.year()) * 12 + i32::try_from(day.month()).unwrap_or(0)
            - i32::try_from(start.month()).unwrap_or(0),
    )
    .unwrap_or(0);
    while months > 0 && add_months(start, months) > day {
        months -= 1;
    }
    let k = months / unit;
    let first = add_months(start, k.saturating_mul(unit));
    let end = add_months(start, k.saturating_add(1).saturating_mul(unit));
    Block { end, days: days_between(first, end), covered: 0, credited: false }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::PtoTypeId;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn anniversary_of_leap_day_is_28_february_in_common_years() {
        let start = d(2024, 2, 29);
        assert_eq!(anniversary(start, 1), d(2025, 2, 28));
        assert_eq!(anniversary(start, 4), d(2028, 2, 29));
    }

    #[test]
    fn anniversary_years() {
        let mut rule = Rule::new(crate::RuleId(1), PtoTypeId(1), Method::PerAnniversary, crate::Hours::whole(1));
        rule.prorated = false;
        let start = d(2020, 3, 15);
        assert_eq!(rule_year(Some(&rule), start, d(2022, 3, 14)), (d(2021, 3, 15), d(2022, 3, 14)));
        assert_eq!(rule_year(Some(&rule), start, d(2022, 3, 15)), (d(2022, 3, 15), d(2023, 3, 14)));
        assert_eq!(rule_year(None, start, d(2022, 3, 15)), (d(2022, 1, 1), d(2022, 12, 31)));
    }

    #[test]
    fn blocks_count_months_from_the_start_date() {
        let b = block_containing(d(2024, 1, 31), 1, d(2024, 2, 29));
        assert_eq!(b.end, d(2024, 3, 31));
        assert_eq!(b.days, 31);
        let b = block_containing(d(2024, 1, 31), 1, d(2024, 2, 28));
        assert_eq!(b.end, d(2024, 2, 29));
        assert_eq!(b.days, 29);
        let b = block_containing(d(2024, 3, 15), 3, d(2024, 7, 1));
        assert_eq!(b.end, d(2024, 9, 15));
        assert_eq!(b.days, 92);
    }

    fn rule_with(period: AccrualPeriod, anchor: Anchor, unit: u32) -> Rule {
        let mut rule = Rule::new(crate::RuleId(1), PtoTypeId(1), Method::PerPayPeriod, crate::Hours::whole(8));
        rule.rate_unit = unit;
        rule.schedule.period = period;
        rule.schedule.anchor = anchor;
        rule
    }

    #[test]
    fn calendar_and_weekly_periods() {
        let start = d(2026, 3, 15);
        let quarters = rule_with(AccrualPeriod::Months, Anchor::Calendar, 3);
        let b = period_containing(&quarters, start, d(2026, 5, 16));
        assert_eq!((b.end, b.days), (d(2026, 7, 1), 91));
        let weeks = rule_with(AccrualPeriod::Weekly, Anchor::Calendar, 1);
        // Sunday 29 November 2026 is in the week from Monday the 23rd.
        let b = period_containing(&weeks, start, d(2026, 11, 29));
        assert_eq!((b.end, b.days), (d(2026, 11, 30), 7));
        let fortnights = rule_with(AccrualPeriod::Biweekly, Anchor::Joining, 1);
        let b = period_containing(&fortnights, start, d(2026, 3, 29));
        assert_eq!((b.end, b.days), (d(2026, 4, 12), 14));
        let halves = rule_with(AccrualPeriod::SemiMonthly, Anchor::Calendar, 1);
        let b = period_containing(&halves, start, d(2026, 2, 20));
        assert_eq!((b.end, b.days), (d(2026, 3, 1), 13));
        let b = period_containing(&halves, start, d(2026, 2, 15));
        assert_eq!((b.end, b.days), (d(2026, 2, 16), 15));
    }
}
