//! Benchmark: full recompute of 10,000 employees × 3 years, and one employee's year.
//!
//! `cargo bench -p pto-engine --bench recompute`. Prints figures; asserts nothing.
//! Targets (issue 6): full recompute ≤ 2 s and ≤ 200 MiB peak; one employee's year ≤ 1 ms.
//!
//! Employees are generated one at a time from a seed (as a job would load them one at a time)
//! and dropped after their ledger is computed; the time of the computation alone is measured
//! apart from the time of making the inputs.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use chrono::{Datelike, Days, NaiveDate, Weekday};
use pto_engine::*;
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

const EMPLOYEES: u64 = 10_000;
const YEARS: u32 = 3;

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
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).unwrap()
}

fn rule(id: i64, ty: i64, method: Method, centi: i64, unit: u32) -> Rule {
    let mut r = Rule::new(RuleId(id), PtoTypeId(ty), method, Hours::from_centi(centi));
    r.rate_unit = unit;
    r
}

/// Six plans mixing every method, caps, waiting periods and both carryover policies.
fn plans() -> Vec<Arc<Plan>> {
    let mut p = Vec::new();
    let mut mk =
        |id: i64, rules: Vec<Rule>| p.push(Arc::new(Plan { id: PlanId(id), name: format!("Plan {id}"), rules }));
    let mut fixed = rule(1, 1, Method::PerCalendarYear, 12_000, 1);
    fixed.carryover = Carryover::AllowCarryover { max_hours: Some(40) };
    let mut sick = rule(2, 2, Method::PerPayPeriod, 400, 1);
    sick.carryover = Carryover::UseItOrLoseIt;
    mk(1, vec![fixed, sick]);

    let mut anniv = rule(3, 1, Method::PerAnniversary, 8_000, 1);
    anniv.waiting_period_days = Some(90);
    let mut hourly = rule(4, 2, Method::PerHourWorked, 100, 30);
    hourly.max_balance_hours = Some(40);
    mk(2, vec![anniv, hourly]);

    let mut hourly = rule(5, 1, Method::PerHourWorked, 154, 40);
    hourly.max_balance_hours = Some(120);
    let personal = rule(6, 3, Method::PerCalendarYear, 1_600, 1);
    let mut sick = rule(7, 2, Method::PerPayPeriod, 1_200, 3);
    sick.prorated = false;
    mk(3, vec![hourly, personal, sick]);

    let mut monthly = rule(8, 1, Method::PerPayPeriod, 1_000, 1);
    monthly.waiting_period_days = Some(60);
    monthly.start_after_waiting_period = true;
    monthly.carryover = Carryover::AllowCarryover { max_hours: Some(80) };
    mk(4, vec![monthly, rule(9, 2, Method::PerHourWorked, 100, 40)]);

    let mut fixed = rule(10, 1, Method::PerCalendarYear, 16_000, 1);
    fixed.carryover = Carryover::UseItOrLoseIt;
    let mut anniv = rule(11, 2, Method::PerAnniversary, 4_000, 1);
    anniv.max_balance_hours = Some(60);
    mk(5, vec![fixed, anniv, rule(12, 3, Method::PerHourWorked, 50, 20)]);

    let mut hourly = rule(13, 1, Method::PerHourWorked, 200, 30);
    hourly.carryover = Carryover::AllowCarryover { max_hours: Some(24) };
    mk(6, vec![hourly, rule(14, 2, Method::PerPayPeriod, 800, 2)]);
    p
}

/// One employee: start in the year before the span, three years of history from it:
/// daily worked minutes on weekdays, about 15 days off a year, a plan per year with a
/// mid-year switch and starting balance for some, manual additions, some terminations.
fn employee(n: u64, plans: &[Arc<Plan>]) -> (EmployeeInput, NaiveDate) {
    let mut rng = Rng(n.wrapping_mul(7919) ^ 0xA5A5);
    let start = d(2021, 7, 1) + Days::new(rng.below(365));
    let through = start.checked_add_months(chrono::Months::new(12 * YEARS)).unwrap().pred_opt().unwrap();
    let mut input = EmployeeInput::new(start);
    let first = usize::try_from(rng.below(6)).unwrap();
    input.plans.push(PlanAssignment::switch(start, plans[first].clone()));
    for year in start.year() + 1..=through.year() {
        let pick = if rng.below(10) < 7 { first } else { usize::try_from(rng.below(6)).unwrap() };
        input.plans.push(PlanAssignment::for_year(year, plans[pick].clone()));
    }
    if rng.below(5) == 0 {
        let switch = start + Days::new(200 + rng.below(500));
        let pick = usize::try_from(rng.below(6)).unwrap();
        input.plans.push(PlanAssignment::switch(switch, plans[pick].clone()));
        for ty in 1..=2 {
            input.starting_balances.push(StartingBalance {
                id: SourceId(1000 + ty),
                date: switch,
                pto_type: PtoTypeId(ty),
                minutes: i64::try_from(rng.below(4800)).unwrap(),
            });
        }
    }
    if rng.below(20) == 0 {
        input.employment.termination = Some(start + Days::new(300 + rng.below(700)));
    }
    let mut day = start;
    let mut request = 0;
    while day <= through {
        let weekend = matches!(day.weekday(), Weekday::Sat | Weekday::Sun);
        if !weekend {
            let roll = rng.below(100);
            if roll < 6 {
                request += 1;
                input.time_off.push(TimeOffTaken {
                    request: SourceId(request),
                    date: day,
                    pto_type: PtoTypeId(1 + i64::try_from(roll % 3).unwrap()),
                    minutes: if roll == 0 { 240 } else { 480 },
                });
            } else {
                input.worked.push(WorkedDay { date: day, minutes: 420 + i64::try_from(rng.below(121)).unwrap() });
            }
        }
        day = day.succ_opt().unwrap();
    }
    for k in 0..rng.below(3) {
        input.manual_additions.push(ManualAddition {
            id: SourceId(2000 + i64::try_from(k).unwrap()),
            date: start + Days::new(rng.below(1000)),
            pto_type: PtoTypeId(1),
            minutes: 480,
        });
    }
    (input, through)
}

/// CPU time of the calling thread so far (from /proc/thread-self/schedstat, in ns): on a busy
/// machine wall time includes waiting for a core; this does not.
fn thread_cpu() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|n| n.parse::<u64>().ok()))
        .map_or(Duration::ZERO, Duration::from_nanos)
}

fn peak_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kb| kb.parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// Recomputes employees `from..to`, keeping every employee's final checkpoint (what an accrual
/// job keeps to go on incrementally) and streaming the entries out (a job writes them in
/// batches); returns (compute time, total time, entries, balance sum).
fn recompute(plans: &[Arc<Plan>], from: u64, to: u64) -> (Duration, Duration, usize, i64) {
    let begin = Instant::now();
    let mut computing = Duration::ZERO;
    let mut entries = 0;
    let mut balances = 0i64;
    let mut buffer = Vec::new();
    let mut kept: Vec<Checkpoint> = Vec::with_capacity(usize::try_from(to - from).unwrap());
    for n in from..to {
        let (input, through) = employee(n, plans);
        let t = Instant::now();
        buffer.clear();
        let checkpoint = resume_into(&input, &Checkpoint::start(&input), through, &mut buffer);
        computing += t.elapsed();
        entries += buffer.len();
        for ty in checkpoint.pto_types() {
            balances += checkpoint.balance(ty);
        }
        kept.push(checkpoint);
    }
    black_box(&kept);
    (computing, begin.elapsed(), entries, balances)
}

fn main() {
    let plans = plans();
    println!("pto-engine recompute benchmark ({EMPLOYEES} employees x {YEARS} years)");

    let cpu = thread_cpu();
    let (computing, total, entries, balances) = recompute(&plans, 0, EMPLOYEES);
    let cpu = thread_cpu() - cpu;
    println!(
        "full recompute, 1 thread : {:>8.3} s wall computing, {:.3} s wall with making the inputs, {:.3} s CPU in all; {entries} entries, balance sum {balances}",
        computing.as_secs_f64(),
        total.as_secs_f64(),
        cpu.as_secs_f64()
    );

    let half = EMPLOYEES / 2;
    let wall = Instant::now();
    let timed = |from, to| {
        let cpu = thread_cpu();
        let r = recompute(&plans, from, to);
        (r, thread_cpu() - cpu)
    };
    let (results, cpus) = std::thread::scope(|s| {
        let a = s.spawn(|| timed(0, half));
        let b = s.spawn(|| timed(half, EMPLOYEES));
        let (a, b) = (a.join().unwrap(), b.join().unwrap());
        ([a.0, b.0], [a.1, b.1])
    });
    let wall = wall.elapsed();
    let threaded_entries: usize = results.iter().map(|r| r.2).sum();
    assert_eq!(threaded_entries, entries);
    println!(
        "full recompute, 2 threads: {:>8.3} s wall with making the inputs (threads' CPU {:.3} s + {:.3} s)",
        wall.as_secs_f64(),
        cpus[0].as_secs_f64(),
        cpus[1].as_secs_f64()
    );
    println!(
        "peak memory (VmHWM)      : {:>8.1} MiB (all final checkpoints kept; one ledger entry is {} bytes, so keeping all {entries} entries would add {:.0} MiB)",
        peak_mib(),
        std::mem::size_of::<LedgerEntry>(),
        (entries * std::mem::size_of::<LedgerEntry>()) as f64 / 1_048_576.0
    );

    // One employee's year: a busy employee on the three-type plan, one calendar year.
    let (mut input, _) = employee(42, &plans);
    input.employment.start = d(2024, 1, 1);
    input.plans = vec![PlanAssignment::for_year(2024, plans[2].clone())];
    input.worked.retain(|w| w.date.year() == 2024);
    input.time_off.retain(|w| w.date.year() == 2024);
    input.starting_balances.clear();
    input.manual_additions.clear();
    let through = d(2024, 12, 31);
    let runs = 5_000;
    let mut times: Vec<Duration> = Vec::with_capacity(runs);
    let cpu = thread_cpu();
    for _ in 0..100 {
        black_box(compute(black_box(&input), through));
    }
    for _ in 0..runs {
        let t = Instant::now();
        let ledger = compute(black_box(&input), through);
        times.push(t.elapsed());
        black_box(ledger);
    }
    let cpu_mean = (thread_cpu() - cpu) / u32::try_from(runs).unwrap();
    times.sort_unstable();
    let mean = times.iter().sum::<Duration>() / u32::try_from(runs).unwrap();
    let p99 = times[runs * 99 / 100];
    let ledger = compute(&input, through);
    println!(
        "one employee's year      : mean {:.1} µs (CPU {:.1} µs), p99 {:.1} µs, max {:.1} µs over {runs} runs ({} entries, {} worked days)",
        mean.as_secs_f64() * 1e6,
        cpu_mean.as_secs_f64() * 1e6,
        p99.as_secs_f64() * 1e6,
        times[runs - 1].as_secs_f64() * 1e6,
        ledger.entries.len(),
        input.worked.len()
    );
}
