//! The worked cases of research §1.3 and the edges the issue names, through the pure function.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use chrono::{Duration, NaiveDate, TimeZone, Utc, Weekday};
use chrono_tz::Tz;
use overtime::*;

const LA: Tz = chrono_tz::America::Los_Angeles;
const DENVER: Tz = chrono_tz::America::Denver;

fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

/// A shift from local `start` for `minutes` of worked time, in `tz` (the end is in elapsed time).
fn shift(tz: Tz, start: (NaiveDate, u32, u32), minutes: i64) -> Shift {
    let at = tz
        .from_local_datetime(&start.0.and_hms_opt(start.1, start.2, 0).unwrap())
        .earliest()
        .unwrap()
        .with_timezone(&Utc);
    Shift { spans: vec![Span { start: at, end: at + Duration::minutes(minutes) }] }
}

/// A shift between two local times (the end is read on the wall clock).
fn between(tz: Tz, start: (NaiveDate, u32, u32), end: (NaiveDate, u32, u32)) -> Shift {
    let local = |(date, h, m): (NaiveDate, u32, u32)| {
        tz.from_local_datetime(&date.and_hms_opt(h, m, 0).unwrap()).earliest().unwrap().with_timezone(&Utc)
    };
    Shift { spans: vec![Span { start: local(start), end: local(end) }] }
}

fn totals(by_day: &std::collections::BTreeMap<NaiveDate, Hours>) -> (i64, i64, i64) {
    by_day.values().fold((0, 0, 0), |(r, o, d), h| (r + h.regular, o + h.overtime, d + h.double_time))
}

fn under(jurisdiction: Jurisdiction) -> impl Fn(NaiveDate) -> Rules {
    let choices = vec![Choice { from: NaiveDate::MIN, jurisdiction, custom: Rules::FEDERAL }];
    let person = Person { employer_size: 10, ..Person::default() };
    move |date| rules_on(&choices, &person, date)
}

const H: i64 = 60;

#[test]
fn california_10_8_13_8_8_is_40_regular_6_overtime_1_double() {
    // Monday 2026-11-16.
    let hours = [10, 8, 13, 8, 8];
    let shifts: Vec<Shift> =
        hours.iter().enumerate().map(|(i, h)| shift(LA, (day(2026, 11, 16 + i as u32), 8, 0), h * H)).collect();
    let result = classify(&shifts, &Calendar::standard(LA), under(Jurisdiction::UsCa));
    assert_eq!(totals(&result), (40 * H, 6 * H, H));
    assert_eq!(result[&day(2026, 11, 18)], Hours { regular: 8 * H, overtime: 4 * H, double_time: H });
}

#[test]
fn california_seven_eight_hour_days_in_a_sunday_week_is_40_regular_16_overtime() {
    let shifts: Vec<Shift> = (0..7).map(|i| shift(LA, (day(2026, 11, 15 + i), 9, 0), 8 * H)).collect();
    let result = classify(&shifts, &Calendar::standard(LA), under(Jurisdiction::UsCa));
    assert_eq!(totals(&result), (40 * H, 16 * H, 0));
    // Friday passes the weekly 40; Saturday is the seventh day.
    assert_eq!(result[&day(2026, 11, 20)].overtime, 8 * H);
    assert_eq!(result[&day(2026, 11, 21)].overtime, 8 * H);
    // A tenth hour on the seventh day is double time.
    let mut longer = shifts.clone();
    longer[6] = shift(LA, (day(2026, 11, 21), 9, 0), 10 * H);
    let result = classify(&longer, &Calendar::standard(LA), under(Jurisdiction::UsCa));
    assert_eq!(result[&day(2026, 11, 21)], Hours { regular: 0, overtime: 8 * H, double_time: 2 * H });
}

#[test]
fn california_the_same_days_in_a_wednesday_week_have_no_seventh_day() {
    let shifts: Vec<Shift> = (0..7).map(|i| shift(LA, (day(2026, 11, 15 + i), 9, 0), 8 * H)).collect();
    let calendar =
        Calendar { weeks: vec![WeekStart { from: NaiveDate::MIN, first_day: Weekday::Wed }], ..Calendar::standard(LA) };
    let result = classify(&shifts, &calendar, under(Jurisdiction::UsCa));
    assert_eq!(totals(&result), (56 * H, 0, 0));
}

#[test]
fn nevada_overnight_under_and_over_the_wage_line() {
    let night = vec![between(chrono_tz::America::Los_Angeles, (day(2026, 11, 16), 18, 0), (day(2026, 11, 17), 6, 0))];
    let calendar = Calendar::standard(chrono_tz::America::Los_Angeles);
    let choices = vec![Choice { from: NaiveDate::MIN, jurisdiction: Jurisdiction::UsNv, custom: Rules::FEDERAL }];
    let under_line = Person { employer_size: 10, under_wage_line: true, four_tens: false };
    let result = classify(&night, &calendar, |date| rules_on(&choices, &under_line, date));
    // One Nevada workday from 18:00: 12 h, 4 of them overtime.
    assert_eq!(result.len(), 1);
    assert_eq!(result[&day(2026, 11, 16)], Hours { regular: 8 * H, overtime: 4 * H, double_time: 0 });
    let over_line = Person { under_wage_line: false, ..under_line };
    assert_eq!(totals(&classify(&night, &calendar, |date| rules_on(&choices, &over_line, date))), (12 * H, 0, 0));
    let four_tens = Person { four_tens: true, ..under_line };
    assert_eq!(totals(&classify(&night, &calendar, |date| rules_on(&choices, &four_tens, date))), (12 * H, 0, 0));
}

#[test]
fn colorado_twelve_consecutive_hours_across_midnight() {
    let with_meal = |end: (NaiveDate, u32, u32)| {
        let local = |(date, h, m): (NaiveDate, u32, u32)| {
            DENVER.from_local_datetime(&date.and_hms_opt(h, m, 0).unwrap()).unwrap().with_timezone(&Utc)
        };
        Shift {
            spans: vec![
                Span { start: local((day(2026, 11, 16), 20, 0)), end: local((day(2026, 11, 17), 0, 0)) },
                Span { start: local((day(2026, 11, 17), 0, 30)), end: local(end) },
            ],
        }
    };
    let calendar = Calendar::standard(DENVER);
    let twelve = classify(&[with_meal((day(2026, 11, 17), 8, 30))], &calendar, under(Jurisdiction::UsCo));
    assert_eq!(totals(&twelve), (12 * H, 0, 0));
    // A 13 h stretch: its last hour is overtime, on the day it was worked.
    let thirteen = classify(&[with_meal((day(2026, 11, 17), 9, 30))], &calendar, under(Jurisdiction::UsCo));
    assert_eq!(totals(&thirteen), (12 * H, H, 0));
    assert_eq!(thirteen[&day(2026, 11, 17)].overtime, H);
    // Federal rules see neither.
    assert_eq!(
        totals(&classify(&[with_meal((day(2026, 11, 17), 9, 30))], &calendar, under(Jurisdiction::UsFlsa))),
        (13 * H, 0, 0)
    );
}

#[test]
fn daylight_saving_nights_count_the_hours_really_worked() {
    let calendar = Calendar { workday_start_minutes: 18 * 60, ..Calendar::standard(LA) };
    // 2026-03-08: clocks spring forward; 23:00–07:30 is 7.5 h... of which 7 h 30 wall-clock minus 1.
    let spring = classify(
        &[between(LA, (day(2026, 3, 7), 23, 0), (day(2026, 3, 8), 7, 30))],
        &calendar,
        under(Jurisdiction::UsCa),
    );
    assert_eq!(totals(&spring), (7 * H + 30, 0, 0));
    // 2026-11-01: clocks fall back; the same night is 9.5 h, 1.5 of them daily overtime.
    let fall = classify(
        &[between(LA, (day(2026, 10, 31), 23, 0), (day(2026, 11, 1), 7, 30))],
        &calendar,
        under(Jurisdiction::UsCa),
    );
    assert_eq!(totals(&fall), (8 * H, H + 30, 0));
}

#[test]
fn an_overnight_shift_is_split_at_midnight_and_across_the_workweek() {
    // Saturday 2026-11-21 20:00 to Sunday 04:00: 4 h in each week.
    let night = [between(LA, (day(2026, 11, 21), 20, 0), (day(2026, 11, 22), 4, 0))];
    let result = classify(&night, &Calendar::standard(LA), under(Jurisdiction::UsCa));
    assert_eq!(result[&day(2026, 11, 21)].worked(), 4 * H);
    assert_eq!(result[&day(2026, 11, 22)].worked(), 4 * H);
    // After 40 regular hours Monday to Friday, Saturday's 4 h are weekly overtime; Sunday's start a new week.
    let mut week: Vec<Shift> = (0..5).map(|i| shift(LA, (day(2026, 11, 16 + i), 8, 0), 8 * H)).collect();
    week.extend(night);
    let result = classify(&week, &Calendar::standard(LA), under(Jurisdiction::UsFlsa));
    assert_eq!(result[&day(2026, 11, 21)].overtime, 4 * H);
    assert_eq!(result[&day(2026, 11, 22)].overtime, 0);
}

#[test]
fn a_workweek_change_never_moves_hours_out_of_overtime() {
    // Ten 9-hour days from Sunday 2026-11-08; the week moves to Wednesday from 2026-11-11.
    let shifts: Vec<Shift> = (0..10).map(|i| shift(LA, (day(2026, 11, 8 + i), 8, 0), 9 * H)).collect();
    let calendar = Calendar {
        weeks: vec![
            WeekStart { from: NaiveDate::MIN, first_day: Weekday::Sun },
            WeekStart { from: day(2026, 11, 11), first_day: Weekday::Wed },
        ],
        ..Calendar::standard(LA)
    };
    let changed = classify(&shifts, &calendar, under(Jurisdiction::UsFlsa));
    let unchanged = classify(&shifts, &Calendar::standard(LA), under(Jurisdiction::UsFlsa));
    for (date, hours) in &unchanged {
        assert!(changed[date].overtime >= hours.overtime, "{date}: {:?} < {:?}", changed[date], hours);
    }
    // Sunday–Saturday: 63 h, so 23 h over; Wednesday–Tuesday counts Wed 11..Tue 17 again: 7 × 9 = 63.
    assert_eq!(totals(&changed).0 + totals(&changed).1, 90 * H);
    assert!(totals(&changed).1 > totals(&unchanged).1);
}

#[test]
fn a_jurisdiction_change_mid_week_applies_from_its_day() {
    // Monday to Friday 10 h; California from Wednesday 2026-11-18.
    let shifts: Vec<Shift> = (0..5).map(|i| shift(LA, (day(2026, 11, 16 + i), 8, 0), 10 * H)).collect();
    let choices = vec![
        Choice { from: NaiveDate::MIN, jurisdiction: Jurisdiction::UsFlsa, custom: Rules::FEDERAL },
        Choice { from: day(2026, 11, 18), jurisdiction: Jurisdiction::UsCa, custom: Rules::FEDERAL },
    ];
    let person = Person { employer_size: 10, ..Person::default() };
    let result = classify(&shifts, &Calendar::standard(LA), |date| rules_on(&choices, &person, date));
    assert_eq!(result[&day(2026, 11, 16)].overtime, 0);
    assert_eq!(result[&day(2026, 11, 17)].overtime, 0);
    // Wed and Thu: 2 h daily each; Friday: 2 h daily, and its 8 regular hours reach 40 + ...
    assert_eq!(result[&day(2026, 11, 18)].overtime, 2 * H);
    assert_eq!(result[&day(2026, 11, 19)].overtime, 2 * H);
    // Regular so far: 10 + 10 + 8 + 8 = 36; Friday's first 4 regular, the rest overtime.
    assert_eq!(result[&day(2026, 11, 20)], Hours { regular: 4 * H, overtime: 6 * H, double_time: 0 });
}

#[test]
fn alaska_binds_only_employers_of_four_or_more() {
    let long_day = [shift(LA, (day(2026, 11, 16), 8, 0), 10 * H)];
    let choices = vec![Choice { from: NaiveDate::MIN, jurisdiction: Jurisdiction::UsAk, custom: Rules::FEDERAL }];
    let big = Person { employer_size: 4, ..Person::default() };
    let small = Person { employer_size: 3, ..Person::default() };
    assert_eq!(
        totals(&classify(&long_day, &Calendar::standard(LA), |d| rules_on(&choices, &big, d))),
        (8 * H, 2 * H, 0)
    );
    assert_eq!(
        totals(&classify(&long_day, &Calendar::standard(LA), |d| rules_on(&choices, &small, d))),
        (10 * H, 0, 0)
    );
}

#[test]
fn custom_rules_use_the_company_figures() {
    let custom = Rules::custom(Some(35 * H), Some(9 * H), None, 150, 200);
    let choices = vec![Choice { from: NaiveDate::MIN, jurisdiction: Jurisdiction::Custom, custom }];
    let shifts: Vec<Shift> = (0..4).map(|i| shift(LA, (day(2026, 11, 16 + i), 8, 0), 10 * H)).collect();
    let result = classify(&shifts, &Calendar::standard(LA), |d| rules_on(&choices, &Person::default(), d));
    // 4 × (9 regular + 1 daily) = 36 regular → 1 more weekly.
    assert_eq!(totals(&result), (35 * H, 5 * H, 0));
}
