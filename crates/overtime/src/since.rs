//! When a shift went (or will go) into overtime: the first worked minute of one shift that the
//! classifier pays at a premium, found by classifying the shift cut short at instants chosen by
//! bisection. Correct because adding a worked minute never lowers a person's premium minutes (a
//! property the classifier's tests check), so "premium already" is false and then true once
//! along the shift.

use crate::classify::{classify, Calendar, Shift, Span};
use crate::rules::Rules;
use chrono::{DateTime, Duration, NaiveDate, Utc};

/// `shift` with only the time worked before `until`.
fn cut(shift: &Shift, until: DateTime<Utc>) -> Shift {
    Shift {
        spans: shift
            .spans
            .iter()
            .filter(|span| span.start < until)
            .map(|span| Span { start: span.start, end: span.end.min(until) })
            .collect(),
    }
}

/// The first minute of `shifts[current]` paid at overtime or double time, if any: `shifts` are
/// the person's shifts around it (the workweeks it falls in), under `rules_on` as for
/// [`classify`]. To know when a running shift would go into overtime if it ran on, pass it with
/// its last span running until then.
pub fn premium_since(
    shifts: &[Shift],
    current: usize,
    calendar: &Calendar,
    rules_on: impl Fn(NaiveDate) -> Rules,
) -> Option<DateTime<Utc>> {
    let shift = shifts.get(current)?;
    let start = shift.spans.first()?.start;
    let end = shift.spans.iter().map(|span| span.end).max()?;
    let premium_until = |until: DateTime<Utc>| -> i64 {
        let cut_shifts: Vec<Shift> = shifts
            .iter()
            .enumerate()
            .map(|(index, one)| if index == current { cut(one, until) } else { one.clone() })
            .collect();
        classify(&cut_shifts, calendar, &rules_on).values().map(|hours| hours.overtime + hours.double_time).sum()
    };
    let before = premium_until(start);
    if premium_until(end) <= before {
        return None;
    }
    // The first whole minute from the start at which the premium has grown; premium is counted
    // in whole minutes, so the premium minute itself is the one before.
    let (mut low, mut high) = (0_i64, (end - start).num_minutes().max(1));
    while high - low > 1 {
        let middle = (low + high) / 2;
        if premium_until(start + Duration::minutes(middle)) > before {
            high = middle;
        } else {
            low = middle;
        }
    }
    Some(start + Duration::minutes(high - 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{rule_set, Jurisdiction};
    use chrono::TimeZone;

    fn at(day: u32, hour: u32, minute: u32) -> DateTime<Utc> {
        // America/Los_Angeles in October 2026 is UTC-7.
        Utc.with_ymd_and_hms(2026, 10, day, 7, 0, 0).unwrap()
            + Duration::hours(hour.into())
            + Duration::minutes(minute.into())
    }

    fn shift(day: u32, from: (u32, u32), to: (u32, u32)) -> Shift {
        Shift { spans: vec![Span { start: at(day, from.0, from.1), end: at(day, to.0, to.1) }] }
    }

    fn california(_: NaiveDate) -> Rules {
        rule_set(Jurisdiction::UsCa, NaiveDate::from_ymd_opt(2026, 10, 1).unwrap()).unwrap().rules
    }

    fn federal(_: NaiveDate) -> Rules {
        Rules::FEDERAL
    }

    fn calendar() -> Calendar {
        Calendar::standard(chrono_tz::America::Los_Angeles)
    }

    #[test]
    fn a_california_day_goes_into_overtime_after_eight_hours_worked() {
        // 09:12 to 19:00: eight hours end at 17:12.
        let shifts = [shift(12, (9, 12), (19, 0))];
        assert_eq!(premium_since(&shifts, 0, &calendar(), california), Some(at(12, 17, 12)));
    }

    #[test]
    fn breaks_do_not_count_toward_the_eight_hours() {
        let mut day = shift(12, (8, 0), (12, 0));
        day.spans.push(Span { start: at(12, 12, 30), end: at(12, 18, 0) });
        assert_eq!(premium_since(&[day], 0, &calendar(), california), Some(at(12, 16, 30)));
    }

    #[test]
    fn under_the_threshold_there_is_none() {
        let shifts = [shift(12, (9, 0), (16, 0))];
        assert_eq!(premium_since(&shifts, 0, &calendar(), california), None);
        assert_eq!(premium_since(&shifts, 0, &calendar(), federal), None);
    }

    #[test]
    fn the_weekly_threshold_reached_by_earlier_days() {
        // Four 10-hour days under federal rules: Friday's shift is overtime from its first minute.
        let mut shifts: Vec<Shift> = (12..=15).map(|day| shift(day, (8, 0), (18, 0))).collect();
        shifts.push(shift(16, (8, 0), (10, 0)));
        assert_eq!(premium_since(&shifts, 4, &calendar(), federal), Some(at(16, 8, 0)));
        // Thursday ends at exactly 40 hours: no overtime in it.
        assert_eq!(premium_since(&shifts[..4], 3, &calendar(), federal), None);
    }
}
