//! A shift's arithmetic and the rules a payroll clerk expects of it.
//!
//! - Worked time is the real elapsed time from start to end (an open shift: to now) minus the
//!   breaks, so a shift across a daylight-saving change counts the minutes actually worked.
//! - Rounding, in one place: worked seconds are floored to whole minutes per shift
//!   ([`minutes_from_seconds`]); a day's or week's total is the sum of its shifts' minutes.
//! - A shift belongs to the company day it started on, even when it ends after midnight.

use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;

/// From `start`; `end` is `None` while it is still running.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interval {
    pub start: DateTime<Utc>,
    pub end: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shift {
    pub start: DateTime<Utc>,
    pub end: Option<DateTime<Utc>>,
    pub breaks: Vec<Interval>,
}

/// A shift's worked time as stored with it: its company day and week (Sunday), and its worked
/// minutes once it has ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorkedTime {
    pub day: NaiveDate,
    pub week: NaiveDate,
    pub minutes: Option<i32>,
}

/// The one rounding rule: whole minutes, rounded down.
pub fn minutes_from_seconds(seconds: i64) -> i64 {
    seconds.div_euclid(60)
}

/// A broken rule, with the field the person should fix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShiftProblem {
    EndNotAfterStart,
    BreakOutsideShift,
    BreakEndsBeforeItStarts,
    BreaksOverlap,
    OpenBreakInEndedShift,
}

impl ShiftProblem {
    /// The field of the edit forms the message belongs to.
    pub fn field(self) -> &'static str {
        match self {
            ShiftProblem::EndNotAfterStart => "end",
            _ => "breaks",
        }
    }

    pub fn message(self) -> &'static str {
        match self {
            ShiftProblem::EndNotAfterStart => "The clock out must be after the clock in",
            ShiftProblem::BreakOutsideShift => "Breaks must be inside the shift",
            ShiftProblem::BreakEndsBeforeItStarts => "A break must end after it starts",
            ShiftProblem::BreaksOverlap => "Breaks must not overlap",
            ShiftProblem::OpenBreakInEndedShift => "Every break of an ended shift needs an end",
        }
    }
}

impl Shift {
    /// Worked seconds up to `now` for a running shift; never negative.
    pub fn worked_seconds(&self, now: DateTime<Utc>) -> i64 {
        let end = self.end.unwrap_or(now).max(self.start);
        let total = (end - self.start).num_seconds();
        let on_break: i64 = self
            .breaks
            .iter()
            .map(|pause| {
                let from = pause.start.max(self.start);
                let to = pause.end.unwrap_or(end).min(end);
                (to - from).num_seconds().max(0)
            })
            .sum();
        (total - on_break).max(0)
    }

    /// The worked stretches of the shift (start to end, or to `now` while it runs, less its
    /// breaks), as the overtime classifier reads them: one shift, one stretch of work.
    pub fn worked_spans(&self, now: DateTime<Utc>) -> overtime::Shift {
        let end = self.end.unwrap_or(now).max(self.start);
        let mut pauses: Vec<(DateTime<Utc>, DateTime<Utc>)> = self
            .breaks
            .iter()
            .map(|pause| (pause.start.max(self.start), pause.end.unwrap_or(end).min(end)))
            .filter(|(from, to)| to > from)
            .collect();
        pauses.sort_unstable();
        let mut spans = Vec::with_capacity(pauses.len() + 1);
        let mut at = self.start;
        for (from, to) in pauses {
            if from > at {
                spans.push(overtime::Span { start: at, end: from });
            }
            at = at.max(to);
        }
        if end > at {
            spans.push(overtime::Span { start: at, end });
        }
        overtime::Shift { spans }
    }

    pub fn worked_minutes(&self, now: DateTime<Utc>) -> i64 {
        minutes_from_seconds(self.worked_seconds(now))
    }

    /// The company day the shift belongs to: the day it started.
    pub fn day(&self, tz: Tz) -> NaiveDate {
        kernel::time::local_date(tz, self.start)
    }

    /// What is stored with the shift so totals can be summed by the database.
    pub fn worked_time(&self, tz: Tz) -> WorkedTime {
        let day = self.day(tz);
        WorkedTime {
            day,
            week: kernel::time::week_start(day),
            minutes: self.end.map(|end| i32::try_from(self.worked_minutes(end)).unwrap_or(i32::MAX)),
        }
    }

    /// Every rule the shift breaks (none for a valid shift).
    pub fn problems(&self) -> Vec<ShiftProblem> {
        let mut problems = Vec::new();
        if self.end.is_some_and(|end| end <= self.start) {
            problems.push(ShiftProblem::EndNotAfterStart);
        }
        let mut breaks = self.breaks.clone();
        breaks.sort_by_key(|pause| pause.start);
        for pause in &breaks {
            // A break pressed and ended within the same second is zero long, not wrong.
            if pause.end.is_some_and(|end| end < pause.start) {
                push_once(&mut problems, ShiftProblem::BreakEndsBeforeItStarts);
            }
            let inside_end = match (pause.end, self.end) {
                (Some(pause_end), Some(shift_end)) => pause_end <= shift_end,
                (None, Some(_)) => {
                    push_once(&mut problems, ShiftProblem::OpenBreakInEndedShift);
                    true
                }
                (_, None) => true,
            };
            if pause.start < self.start || self.end.is_some_and(|end| pause.start >= end) || !inside_end {
                push_once(&mut problems, ShiftProblem::BreakOutsideShift);
            }
        }
        for pair in breaks.windows(2) {
            if let [first, second] = pair {
                if first.end.is_none_or(|end| end > second.start) {
                    push_once(&mut problems, ShiftProblem::BreaksOverlap);
                }
            }
        }
        problems
    }

    /// Whether two shifts share any instant (an open shift runs to the end of time).
    pub fn overlaps(&self, other: &Shift) -> bool {
        let before_other_ends = other.end.is_none_or(|end| self.start < end);
        let after_other_starts = self.end.is_none_or(|end| end > other.start);
        before_other_ends && after_other_starts
    }
}

fn push_once(problems: &mut Vec<ShiftProblem>, problem: ShiftProblem) {
    if !problems.contains(&problem) {
        problems.push(problem);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, TimeZone};
    use proptest::prelude::*;

    fn at(h: u32, m: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 5, 4, h, m, 0).unwrap()
    }

    #[test]
    fn worked_time_excludes_breaks_and_floors_to_minutes() {
        let shift = Shift {
            start: at(13, 0),
            end: Some(at(21, 30) + Duration::seconds(59)),
            breaks: vec![Interval { start: at(17, 0), end: Some(at(17, 30)) }],
        };
        assert_eq!(shift.worked_minutes(at(23, 0)), 8 * 60);
        assert!(shift.problems().is_empty());
        // A running shift on a running break counts up to the break only.
        let running = Shift { start: at(13, 0), end: None, breaks: vec![Interval { start: at(14, 0), end: None }] };
        assert_eq!(running.worked_minutes(at(15, 0)), 60);
    }

    #[test]
    fn the_rules() {
        let bad = Shift { start: at(10, 0), end: Some(at(9, 0)), breaks: vec![] };
        assert_eq!(bad.problems(), [ShiftProblem::EndNotAfterStart]);
        let outside = Shift {
            start: at(9, 0),
            end: Some(at(17, 0)),
            breaks: vec![Interval { start: at(16, 30), end: Some(at(17, 30)) }],
        };
        assert_eq!(outside.problems(), [ShiftProblem::BreakOutsideShift]);
        let overlapping = Shift {
            start: at(9, 0),
            end: Some(at(17, 0)),
            breaks: vec![
                Interval { start: at(12, 0), end: Some(at(12, 45)) },
                Interval { start: at(12, 30), end: Some(at(13, 0)) },
            ],
        };
        assert_eq!(overlapping.problems(), [ShiftProblem::BreaksOverlap]);
        let open_break =
            Shift { start: at(9, 0), end: Some(at(17, 0)), breaks: vec![Interval { start: at(12, 0), end: None }] };
        assert_eq!(open_break.problems(), [ShiftProblem::OpenBreakInEndedShift]);
    }

    #[test]
    fn daylight_saving_shifts_count_real_minutes_and_belong_to_their_first_day() {
        let ny = chrono_tz::America::New_York;
        // 2026-03-08 spring forward: 22:00 Saturday to 06:00 Sunday local is 7 real hours.
        let start = ny.with_ymd_and_hms(2026, 3, 7, 22, 0, 0).unwrap().with_timezone(&Utc);
        let end = ny.with_ymd_and_hms(2026, 3, 8, 6, 0, 0).unwrap().with_timezone(&Utc);
        let shift = Shift { start, end: Some(end), breaks: vec![] };
        assert_eq!(shift.worked_minutes(end), 7 * 60);
        assert_eq!(shift.day(ny), NaiveDate::from_ymd_opt(2026, 3, 7).unwrap());
        // 2026-11-01 fall back: 22:00 to 06:00 is 9 real hours.
        let start = ny.with_ymd_and_hms(2026, 10, 31, 22, 0, 0).unwrap().with_timezone(&Utc);
        let end = ny.with_ymd_and_hms(2026, 11, 1, 6, 0, 0).unwrap().with_timezone(&Utc);
        assert_eq!(Shift { start, end: Some(end), breaks: vec![] }.worked_minutes(end), 9 * 60);
    }

    #[test]
    fn overlap() {
        let a = Shift { start: at(9, 0), end: Some(at(12, 0)), breaks: vec![] };
        let b = Shift { start: at(12, 0), end: Some(at(13, 0)), breaks: vec![] };
        let c = Shift { start: at(11, 0), end: None, breaks: vec![] };
        assert!(!a.overlaps(&b));
        assert!(a.overlaps(&c) && c.overlaps(&a));
        assert!(c.overlaps(&b));
    }

    proptest! {
        /// Valid shifts with valid breaks: worked time is the span minus the breaks, exactly.
        #[test]
        fn worked_time_is_span_minus_breaks(
            span in 60i64..(20 * 3600),
            cuts in proptest::collection::vec(0i64..(20 * 3600), 0..8),
        ) {
            let start = at(0, 0);
            let end = start + Duration::seconds(span);
            let mut points: Vec<i64> = cuts.into_iter().map(|c| c % span).collect();
            points.sort_unstable();
            points.dedup();
            let breaks: Vec<Interval> = points
                .chunks_exact(2)
                .filter_map(|pair| match pair { [a, b] if a < b => Some((*a, *b)), _ => None })
                .map(|(a, b)| Interval { start: start + Duration::seconds(a), end: Some(start + Duration::seconds(b)) })
                .collect();
            let paused: i64 = breaks.iter().map(|b| (b.end.unwrap() - b.start).num_seconds()).sum();
            let shift = Shift { start, end: Some(end), breaks };
            prop_assert!(shift.problems().is_empty(), "{:?}", shift.problems());
            prop_assert_eq!(shift.worked_seconds(end), span - paused);
            prop_assert_eq!(shift.worked_minutes(end), (span - paused) / 60);
        }
    }
}
