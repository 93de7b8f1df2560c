//! Benchmark: the classifier's throughput on one core, in employee-weeks a minute.
//!
//! `cargo bench -p overtime --bench classify`. Prints figures; asserts nothing.
//! Target (issue 37): at least 1,000,000 employee-weeks a minute under California's rules.
//!
//! Each employee-week is five to seven shifts of 6–13 hours with a meal break, some across
//! midnight, generated from a seed before timing starts.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use chrono::{Duration, NaiveDate, TimeZone, Utc};
use overtime::*;
use std::hint::black_box;
use std::time::Instant;

const WEEKS: usize = 200_000;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> i64 {
        (self.next() % n) as i64
    }
}

fn week(rng: &mut Rng, sunday: NaiveDate, tz: chrono_tz::Tz) -> Vec<Shift> {
    let days = 5 + rng.below(3);
    (0..days)
        .map(|offset| {
            let start_local = (sunday + Duration::days(offset + 1 - days / 7)).and_hms_opt(6, 0, 0).unwrap()
                + Duration::minutes(rng.below(14 * 60));
            let start = tz.from_local_datetime(&start_local).earliest().unwrap().with_timezone(&Utc);
            let length = 6 * 60 + rng.below(7 * 60);
            let meal = start + Duration::minutes(length / 2);
            Shift {
                spans: vec![
                    Span { start, end: meal },
                    Span { start: meal + Duration::minutes(30), end: start + Duration::minutes(length + 30) },
                ],
            }
        })
        .collect()
}

fn main() {
    let tz = chrono_tz::America::Los_Angeles;
    let calendar = Calendar::standard(tz);
    let choices = vec![Choice { from: NaiveDate::MIN, jurisdiction: Jurisdiction::UsCa, custom: Rules::FEDERAL }];
    let person = Person { employer_size: 20, ..Person::default() };
    let first = NaiveDate::from_ymd_opt(2026, 1, 4).unwrap();
    let mut rng = Rng(37);
    let inputs: Vec<Vec<Shift>> =
        (0..WEEKS).map(|index| week(&mut rng, first + Duration::weeks((index % 52) as i64), tz)).collect();

    let started = Instant::now();
    let mut premium = 0i64;
    for shifts in &inputs {
        let result = classify(black_box(shifts), &calendar, |day| rules_on(&choices, &person, day));
        premium += result.values().map(|hours| hours.overtime + hours.double_time).sum::<i64>();
    }
    let elapsed = started.elapsed();
    let per_minute = WEEKS as f64 / elapsed.as_secs_f64() * 60.0;
    println!(
        "classify (us-ca): {WEEKS} employee-weeks in {:.3} s = {:.0} employee-weeks/min on one core ({:.2} µs each); premium minutes {premium}",
        elapsed.as_secs_f64(),
        per_minute,
        elapsed.as_secs_f64() * 1e6 / WEEKS as f64
    );
}
