//! Pay periods and overtime.
//!
//! Overtime is counted per Sunday–Saturday week: the minutes worked after the week's first
//! `threshold` minutes (default 2,400), in the order the days come. Each overtime minute belongs
//! to the day it was worked, and so to that day's pay period — which is how a week that straddles
//! two pay periods (twice-a-month and monthly cycles) splits its overtime between them.

use chrono::{Datelike, Duration, NaiveDate};
use clock::settings::PayCycle;
use kernel::time::week_start;
use std::collections::BTreeMap;

/// The first and last day of the pay period holding `date`.
pub fn pay_period(cycle: PayCycle, anchor: NaiveDate, date: NaiveDate) -> (NaiveDate, NaiveDate) {
    match cycle {
        PayCycle::Weekly => fixed_length(anchor, date, 7),
        PayCycle::Biweekly => fixed_length(anchor, date, 14),
        PayCycle::Semimonthly => {
            if date.day() <= 15 {
                (date.with_day(1).unwrap_or(date), date.with_day(15).unwrap_or(date))
            } else {
                (date.with_day(16).unwrap_or(date), last_day_of_month(date))
            }
        }
        PayCycle::Monthly => {
            let this_month = day_in_month(date.year(), date.month(), anchor.day());
            let start = if date >= this_month {
                this_month
            } else {
                let (year, month) = previous_month(date.year(), date.month());
                day_in_month(year, month, anchor.day())
            };
            let (year, month) = next_month(start.year(), start.month());
            (start, day_in_month(year, month, anchor.day()) - Duration::days(1))
        }
    }
}

/// The pay period holding `today` and the `count - 1` before it, newest first: the periods a
/// payroll file is made for (the current one, and those already closed).
pub fn recent_pay_periods(
    cycle: PayCycle,
    anchor: NaiveDate,
    today: NaiveDate,
    count: usize,
) -> Vec<(NaiveDate, NaiveDate)> {
    let mut periods = Vec::with_capacity(count);
    let mut day = today;
    while periods.len() < count {
        let period = pay_period(cycle, anchor, day);
        periods.push(period);
        day = period.0 - Duration::days(1);
    }
    periods
}

fn fixed_length(anchor: NaiveDate, date: NaiveDate, days: i64) -> (NaiveDate, NaiveDate) {
    let offset = (date - anchor).num_days().rem_euclid(days);
    let start = date - Duration::days(offset);
    (start, start + Duration::days(days - 1))
}

fn previous_month(year: i32, month: u32) -> (i32, u32) {
    if month == 1 {
        (year - 1, 12)
    } else {
        (year, month - 1)
    }
}

fn next_month(year: i32, month: u32) -> (i32, u32) {
    if month == 12 {
        (year + 1, 1)
    } else {
        (year, month + 1)
    }
}

fn last_day_of_month(date: NaiveDate) -> NaiveDate {
    let (year, month) = next_month(date.year(), date.month());
    NaiveDate::from_ymd_opt(year, month, 1).map_or(date, |first| first - Duration::days(1))
}

/// `day` of the month, or the month's last day when it is shorter (an anchor on the 31st).
fn day_in_month(year: i32, month: u32, day: u32) -> NaiveDate {
    (0..4).find_map(|back| NaiveDate::from_ymd_opt(year, month, day.saturating_sub(back))).unwrap_or_default()
}

/// Overtime minutes per day, from worked minutes per day (the day a shift started owns it).
pub fn overtime_by_day(worked: &BTreeMap<NaiveDate, i64>, threshold: i64) -> BTreeMap<NaiveDate, i64> {
    let mut overtime = BTreeMap::new();
    let mut week = None;
    let mut so_far = 0i64;
    for (day, minutes) in worked {
        let this_week = week_start(*day);
        if week != Some(this_week) {
            week = Some(this_week);
            so_far = 0;
        }
        let before = so_far;
        so_far += minutes.max(&0);
        let extra = so_far - before.max(threshold);
        if extra > 0 {
            overtime.insert(*day, extra.min(*minutes));
        }
    }
    overtime
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn periods() {
        let anchor = day(2026, 1, 4); // a Sunday
        assert_eq!(pay_period(PayCycle::Weekly, anchor, day(2026, 11, 21)), (day(2026, 11, 15), day(2026, 11, 21)));
        assert_eq!(pay_period(PayCycle::Biweekly, anchor, day(2026, 1, 17)), (day(2026, 1, 4), day(2026, 1, 17)));
        assert_eq!(pay_period(PayCycle::Biweekly, anchor, day(2026, 1, 3)), (day(2025, 12, 21), day(2026, 1, 3)));
        assert_eq!(pay_period(PayCycle::Semimonthly, anchor, day(2026, 2, 20)), (day(2026, 2, 16), day(2026, 2, 28)));
        assert_eq!(pay_period(PayCycle::Semimonthly, anchor, day(2026, 2, 15)), (day(2026, 2, 1), day(2026, 2, 15)));
        assert_eq!(
            pay_period(PayCycle::Monthly, day(2026, 1, 1), day(2026, 2, 20)),
            (day(2026, 2, 1), day(2026, 2, 28))
        );
        // Anchored on the 31st: short months end their period early.
        assert_eq!(
            pay_period(PayCycle::Monthly, day(2026, 1, 31), day(2026, 3, 10)),
            (day(2026, 2, 28), day(2026, 3, 30))
        );
        assert_eq!(
            pay_period(PayCycle::Monthly, day(2026, 1, 10), day(2026, 1, 9)),
            (day(2025, 12, 10), day(2026, 1, 9))
        );
    }

    #[test]
    fn recent_periods_go_back_from_today() {
        let periods = recent_pay_periods(PayCycle::Semimonthly, day(2026, 1, 4), day(2026, 11, 28), 4);
        assert_eq!(
            periods,
            [
                (day(2026, 11, 16), day(2026, 11, 30)),
                (day(2026, 11, 1), day(2026, 11, 15)),
                (day(2026, 10, 16), day(2026, 10, 31)),
                (day(2026, 10, 1), day(2026, 10, 15)),
            ]
        );
        let weekly = recent_pay_periods(PayCycle::Weekly, day(2026, 1, 4), day(2026, 1, 4), 2);
        assert_eq!(weekly, [(day(2026, 1, 4), day(2026, 1, 10)), (day(2025, 12, 28), day(2026, 1, 3))]);
        assert!(recent_pay_periods(PayCycle::Monthly, day(2026, 1, 31), day(2026, 3, 10), 0).is_empty());
    }

    #[test]
    fn overtime_starts_after_the_threshold_within_each_week() {
        // Sunday 2026-11-15 .. Saturday 2026-11-21: five 9-hour days = 2,700 minutes.
        let worked: BTreeMap<_, _> = (16..=20).map(|d| (day(2026, 11, d), 540)).collect();
        let overtime = overtime_by_day(&worked, 2400);
        assert_eq!(overtime, BTreeMap::from([(day(2026, 11, 20), 300)]));
        // The next week starts from zero.
        let mut two_weeks = worked.clone();
        two_weeks.insert(day(2026, 11, 22), 600);
        assert_eq!(overtime_by_day(&two_weeks, 2400).get(&day(2026, 11, 22)), None);
    }

    fn strategy() -> impl Strategy<Value = (BTreeMap<NaiveDate, i64>, i64)> {
        (proptest::collection::btree_map(0i64..120, 0i64..1000, 0..60), 60i64..3000).prop_map(|(days, threshold)| {
            (
                days.into_iter().map(|(offset, minutes)| (day(2026, 1, 1) + Duration::days(offset), minutes)).collect(),
                threshold,
            )
        })
    }

    proptest! {
        /// Each week's overtime is exactly what it worked above the threshold, no day's overtime
        /// exceeds what that day worked, and a day only has overtime once the week passed it.
        #[test]
        fn overtime_per_week_is_the_excess(input in strategy()) {
            let (worked, threshold) = input;
            let overtime = overtime_by_day(&worked, threshold);
            let mut weeks: BTreeMap<NaiveDate, (i64, i64)> = BTreeMap::new();
            for (d, minutes) in &worked {
                weeks.entry(week_start(*d)).or_default().0 += minutes;
                let extra = overtime.get(d).copied().unwrap_or(0);
                prop_assert!(extra >= 0 && extra <= *minutes);
                weeks.entry(week_start(*d)).or_default().1 += extra;
            }
            for (total, extra) in weeks.values() {
                prop_assert_eq!(*extra, (total - threshold).max(0));
            }
        }

        /// The overtime crate's federal rules (weekly 40, Sunday weeks, midnight workdays) count
        /// exactly what this weekly computation counts, on any days (each day one shift from
        /// midnight, shorter than a day, so none crosses into the next), whatever the threshold
        /// of the company's own rules.
        #[test]
        fn the_classifier_equals_the_weekly_computation(input in strategy()) {
            use chrono::TimeZone;
            let (worked, threshold) = input;
            let tz = chrono_tz::America::New_York;
            let shifts: Vec<overtime::Shift> = worked
                .iter()
                .filter(|(_, minutes)| **minutes > 0)
                .map(|(d, minutes)| {
                    let start = tz.from_local_datetime(&d.and_hms_opt(0, 0, 0).unwrap_or_default()).earliest().map(|at| at.with_timezone(&chrono::Utc)).unwrap_or_default();
                    overtime::Shift { spans: vec![overtime::Span { start, end: start + Duration::minutes(*minutes) }] }
                })
                .collect();
            let custom = overtime::Rules::custom(Some(threshold), None, None, 150, 200);
            let classified = overtime::classify(&shifts, &overtime::Calendar::standard(tz), |_| custom);
            let weekly = overtime_by_day(&worked, threshold);
            for (d, minutes) in worked.iter().filter(|(_, minutes)| **minutes > 0) {
                let hours = classified.get(d).copied().unwrap_or_default();
                prop_assert_eq!(hours.worked(), *minutes);
                prop_assert_eq!(hours.overtime, weekly.get(d).copied().unwrap_or(0), "{}", d);
                prop_assert_eq!(hours.double_time, 0);
            }
            // And `us-flsa` is that computation at 2,400 minutes.
            let federal = overtime::classify(&shifts, &overtime::Calendar::standard(tz), |_| overtime::Rules::FEDERAL);
            let at_forty = overtime_by_day(&worked, 2400);
            for (d, hours) in &federal {
                prop_assert_eq!(hours.overtime, at_forty.get(d).copied().unwrap_or(0));
            }
        }

        /// Every date lies in its pay period, and periods tile the calendar.
        #[test]
        fn periods_tile(offset in 0i64..3000, anchor_offset in 0i64..400, kind in 0usize..4) {
            let cycle = [PayCycle::Weekly, PayCycle::Biweekly, PayCycle::Semimonthly, PayCycle::Monthly][kind];
            let anchor = day(2024, 1, 1) + Duration::days(anchor_offset);
            let date = day(2024, 1, 1) + Duration::days(offset);
            let (start, end) = pay_period(cycle, anchor, date);
            prop_assert!(start <= date && date <= end);
            prop_assert_eq!(pay_period(cycle, anchor, end + Duration::days(1)).0, end + Duration::days(1));
            prop_assert_eq!(pay_period(cycle, anchor, start), (start, end));
        }
    }
}
