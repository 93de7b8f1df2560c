//! Properties of the classifier on any week of shifts, under every rule set.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use chrono::{Duration, NaiveDate, TimeZone, Utc, Weekday};
use overtime::*;
use proptest::prelude::*;

const LA: chrono_tz::Tz = chrono_tz::America::Los_Angeles;

/// Up to ten shifts over two weeks around the autumn daylight-saving change: a start minute
/// (whole minutes), a length, and an optional meal break inside.
fn shifts() -> impl Strategy<Value = Vec<Shift>> {
    proptest::collection::vec((0i64..14 * 24 * 60, 1i64..16 * 60, proptest::option::of((1i64..600, 1i64..60))), 0..10)
        .prop_map(|raw| {
            let origin = LA
                .from_local_datetime(&NaiveDate::from_ymd_opt(2026, 10, 25).unwrap().and_hms_opt(0, 0, 0).unwrap())
                .unwrap()
                .with_timezone(&Utc);
            let mut taken: Vec<(i64, i64)> = Vec::new();
            let mut out = Vec::new();
            for (start, length, meal) in raw {
                let end = start + length;
                // Shifts of one person do not overlap.
                if taken.iter().any(|(s, e)| start < *e && *s < end) {
                    continue;
                }
                taken.push((start, end));
                let at = |minute: i64| origin + Duration::minutes(minute);
                let spans = match meal {
                    Some((offset, gap)) if offset + gap < length => {
                        vec![
                            Span { start: at(start), end: at(start + offset) },
                            Span { start: at(start + offset + gap), end: at(end) },
                        ]
                    }
                    _ => vec![Span { start: at(start), end: at(end) }],
                };
                out.push(Shift { spans });
            }
            out
        })
}

fn worked_minutes(shifts: &[Shift]) -> i64 {
    shifts.iter().flat_map(|shift| &shift.spans).map(|span| (span.end - span.start).num_minutes()).sum()
}

fn jurisdictions() -> impl Strategy<Value = Jurisdiction> {
    proptest::sample::select(Jurisdiction::ALL.to_vec())
}

fn calendars() -> impl Strategy<Value = Calendar> {
    (0u32..24, proptest::sample::select(vec![Weekday::Sun, Weekday::Mon, Weekday::Wed, Weekday::Sat])).prop_map(
        |(hour, first_day)| Calendar {
            time_zone: LA,
            workday_start_minutes: hour * 60,
            workday_changes: Vec::new(),
            weeks: vec![WeekStart { from: NaiveDate::MIN, first_day }],
        },
    )
}

fn person() -> impl Strategy<Value = Person> {
    (1u32..10, any::<bool>(), any::<bool>()).prop_map(|(employer_size, under_wage_line, four_tens)| Person {
        employer_size,
        under_wage_line,
        four_tens,
    })
}

fn run(
    shifts: &[Shift],
    calendar: &Calendar,
    jurisdiction: Jurisdiction,
    person: &Person,
) -> std::collections::BTreeMap<NaiveDate, Hours> {
    let custom = Rules::custom(Some(35 * 60), Some(9 * 60), Some(11 * 60), 150, 200);
    let choices = vec![Choice { from: NaiveDate::MIN, jurisdiction, custom }];
    classify(shifts, calendar, |day| rules_on(&choices, person, day))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Regular + overtime + double time is the time worked: no minute lost, none counted twice,
    /// and no class is ever negative.
    #[test]
    fn every_worked_minute_is_counted_once(shifts in shifts(), calendar in calendars(), jurisdiction in jurisdictions(), person in person()) {
        let result = run(&shifts, &calendar, jurisdiction, &person);
        let counted: i64 = result.values().map(Hours::worked).sum();
        prop_assert_eq!(counted, worked_minutes(&shifts));
        for hours in result.values() {
            prop_assert!(hours.regular >= 0 && hours.overtime >= 0 && hours.double_time >= 0, "{:?}", hours);
        }
    }

    /// Working a minute longer never lowers the premium minutes.
    #[test]
    fn a_longer_last_shift_never_lowers_the_premium(shifts in shifts(), calendar in calendars(), jurisdiction in jurisdictions(), person in person(), extra in 1i64..180) {
        prop_assume!(!shifts.is_empty());
        let premium = |shifts: &[Shift]| run(shifts, &calendar, jurisdiction, &person).values().map(|h| h.overtime + h.double_time).sum::<i64>();
        let before = premium(&shifts);
        let mut longer = shifts.clone();
        let last = longer.iter_mut().max_by_key(|shift| shift.spans.last().map(|span| span.end)).unwrap();
        let span = last.spans.last_mut().unwrap();
        span.end += Duration::minutes(extra);
        // Only when it runs into no later shift.
        let end = span.end;
        prop_assume!(shifts.iter().all(|shift| shift.spans.first().is_none_or(|first| first.start >= end || shift.spans.last().map(|s| s.end) <= Some(end))));
        prop_assert!(premium(&longer) >= before);
    }

    /// A rule set without daily rules pays no double time, and federal overtime needs 40 hours.
    #[test]
    fn federal_overtime_only_past_forty_hours_a_week(shifts in shifts()) {
        let result = run(&shifts, &Calendar::standard(LA), Jurisdiction::UsFlsa, &Person::default());
        let premium: i64 = result.values().map(|h| h.overtime + h.double_time).sum();
        prop_assert!(result.values().all(|h| h.double_time == 0));
        prop_assert!(premium <= (worked_minutes(&shifts) - 40 * 60).max(0) * 2);
    }
}
