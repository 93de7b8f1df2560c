//! Weeks that contain a daylight-saving change, in New York and Los Angeles.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use chrono::{Duration, NaiveDate, TimeZone, Utc};
use chrono_tz::Tz;
use clock::shift::{Interval, Shift};
use kernel::time::{local_date, start_of_day, week_start};
use proptest::prelude::*;

const ZONES: [Tz; 2] = [chrono_tz::America::New_York, chrono_tz::America::Los_Angeles];
/// Sundays starting the weeks of the 2026 changes (both are Sundays themselves).
const CHANGE_WEEKS: [(u32, u32, i64); 2] = [(3, 8, 167), (11, 1, 169)];

#[test]
fn the_change_weeks_are_an_hour_short_or_long() {
    for tz in ZONES {
        for (month, day, hours) in CHANGE_WEEKS {
            let sunday = NaiveDate::from_ymd_opt(2026, month, day).unwrap();
            assert_eq!(week_start(sunday), sunday);
            let span = start_of_day(tz, sunday + Duration::days(7)) - start_of_day(tz, sunday);
            assert_eq!(span.num_hours(), hours, "{tz} {sunday}");
        }
    }
}

proptest! {
    /// Random non-overlapping shifts with breaks inside a change week: each belongs to a day of
    /// that week, and the week's total is the sum of the shifts' real minutes minus breaks.
    #[test]
    fn a_weeks_total_is_the_sum_of_its_shifts(
        zone in 0usize..2,
        week in 0usize..2,
        shifts in proptest::collection::vec((0i64..60, 1i64..600, 0i64..120, 0i64..60), 1..12),
    ) {
        let tz = ZONES[zone];
        let (month, day, _) = CHANGE_WEEKS[week];
        let sunday = NaiveDate::from_ymd_opt(2026, month, day).unwrap();
        let week_from = start_of_day(tz, sunday);
        let week_to = start_of_day(tz, sunday + Duration::days(7));
        let mut cursor = week_from;
        let mut expected = 0i64;
        let mut total = 0i64;
        for (gap, length, pause_at, pause_length) in shifts {
            let start = cursor + Duration::minutes(gap);
            let end = start + Duration::minutes(length);
            if end >= week_to {
                break;
            }
            let pause_start = start + Duration::minutes(pause_at.min(length - 1));
            let pause_end = (pause_start + Duration::minutes(pause_length)).min(end);
            let breaks = if pause_end > pause_start { vec![Interval { start: pause_start, end: Some(pause_end) }] } else { vec![] };
            let paused: i64 = breaks.iter().map(|b| (b.end.unwrap() - b.start).num_minutes()).sum();
            let shift = Shift { start, end: Some(end), breaks };
            prop_assert!(shift.problems().is_empty());
            let belongs = shift.day(tz);
            prop_assert!(belongs >= sunday && belongs < sunday + Duration::days(7));
            prop_assert_eq!(belongs, local_date(tz, start));
            expected += length - paused;
            total += shift.worked_minutes(Utc.timestamp_opt(0, 0).unwrap());
            cursor = end;
        }
        prop_assert_eq!(total, expected);
    }
}
