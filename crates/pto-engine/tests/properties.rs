#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]
//! Property tests, one or more per rule of the crate docs.
//!
//! The default run uses few cases (fast); the deep run is
//! `PROPTEST_CASES=10000 cargo test -p pto-engine --release`.

use chrono::{Datelike, Days, NaiveDate, Weekday};
use proptest::prelude::*;
use pto_engine::*;
use std::collections::HashMap;
use std::sync::Arc;

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(64);
    ProptestConfig { cases, max_shrink_iters: 2000, ..ProptestConfig::default() }
}

fn day0() -> NaiveDate {
    NaiveDate::from_ymd_opt(2019, 1, 1).unwrap()
}

fn plus(d: NaiveDate, days: u64) -> NaiveDate {
    d.checked_add_days(Days::new(days)).unwrap()
}

// ---- generators ----------------------------------------------------------------------------

#[derive(Debug, Clone)]
struct RuleSpec {
    method: u8,
    centi: i64,
    unit: u32,
    prorated: bool,
    waiting: Option<u32>,
    start_after: bool,
    carry: u8,
    carry_cap: u32,
    max_balance: Option<u32>,
    accrual_cap: Option<u32>,
    /// Bits choosing the accrual settings (half the rules keep the defaults).
    schedule: u64,
}

fn arb_rule_spec() -> impl Strategy<Value = RuleSpec> {
    (
        0u8..4,
        0i64..16_000,
        0u32..1000,
        any::<bool>(),
        prop::option::weighted(0.3, 1u32..150),
        any::<bool>(),
        0u8..3,
        1u32..120,
        prop::option::weighted(0.3, 1u32..250),
        prop::option::weighted(0.3, 1u32..200),
        any::<u64>(),
    )
        .prop_map(
            |(
                method,
                centi,
                unit,
                prorated,
                waiting,
                start_after,
                carry,
                carry_cap,
                max_balance,
                accrual_cap,
                schedule,
            )| {
                RuleSpec {
                    method,
                    centi,
                    unit,
                    prorated,
                    waiting,
                    start_after,
                    carry,
                    carry_cap,
                    max_balance,
                    accrual_cap,
                    schedule,
                }
            },
        )
}

fn build_rule(spec: &RuleSpec, id: i64, ty: PtoTypeId) -> Rule {
    let method = Method::ALL[usize::from(spec.method)];
    let mut r = Rule::new(RuleId(id), ty, method, Hours::from_centi(spec.centi));
    r.rate_unit = match method {
        Method::PerPayPeriod => 1 + spec.unit % 12,
        Method::PerHourWorked => 1 + spec.unit % 40,
        _ => 1,
    };
    if method == Method::PerHourWorked {
        // Keep hourly rates in a realistic range (up to 1 hour per hour worked).
        r.rate = Hours::from_centi(spec.centi % (100 * i64::from(r.rate_unit) + 1));
    }
    r.prorated = spec.prorated;
    r.waiting_period_days = spec.waiting;
    r.start_after_waiting_period = spec.start_after;
    r.carryover = match spec.carry {
        0 => Carryover::UseItOrLoseIt,
        1 => Carryover::AllowCarryover { max_hours: None },
        _ => Carryover::AllowCarryover { max_hours: Some(spec.carry_cap) },
    };
    r.max_balance_hours = spec.max_balance;
    r.limits.yearly_accrual_cap_hours = spec.accrual_cap;
    r.schedule = schedule_of(spec.schedule, &r);
    if r.schedule.period != AccrualPeriod::Months {
        r.rate_unit = 1;
    }
    r
}

/// `bits` from `at`, below `n`.
fn pick(seed: u64, at: u32, n: u64) -> usize {
    usize::try_from((seed >> at) % n).unwrap()
}

/// Random accrual settings a form could save for `rule` (the defaults for even seeds).
fn schedule_of(seed: u64, rule: &Rule) -> Schedule {
    let mut s = Schedule::default();
    if seed.is_multiple_of(2) {
        return s;
    }
    if rule.method == Method::PerPayPeriod {
        s.period = AccrualPeriod::ALL[pick(seed, 1, 4)];
        s.anchor =
            if s.period == AccrualPeriod::SemiMonthly { Anchor::Calendar } else { Anchor::ALL[pick(seed, 3, 2)] };
        s.credit_on = CreditOn::ALL[pick(seed, 4, 2)];
        s.rate_basis = RateBasis::ALL[pick(seed, 5, 2)];
    }
    s.rounding = Rounding::ALL[pick(seed, 6, 6)];
    if rule.carryover != Carryover::UseItOrLoseIt && pick(seed, 9, 2) == 0 {
        let unit = ExpiryUnit::ALL[pick(seed, 18, 2)];
        let max = if unit == ExpiryUnit::Months { 24 } else { 400 };
        s.carryover_expiry = Some(Expiry { amount: 1 + u32::try_from(pick(seed, 10, max)).unwrap(), unit });
    }
    if !rule.method.is_fixed() {
        s.year_start = match pick(seed, 20, 3) {
            0 => YearStart::Default,
            1 => YearStart::HireAnniversary,
            _ => YearStart::Fiscal {
                month: 1 + u32::try_from(pick(seed, 22, 12)).unwrap(),
                day: 1 + u32::try_from(pick(seed, 26, 28)).unwrap(),
            },
        };
    }
    if pick(seed, 31, 2) == 0 {
        let most = if rule.method == Method::PerHourWorked { 100 * i64::from(rule.rate_unit) } else { 16_000 };
        let tiers = (0..pick(seed, 32, 4))
            .map(|k| ServiceTier {
                from_year: 2 + u32::try_from(k).unwrap() * 2,
                rate: Hours::from_centi(
                    (rule.rate.centi() + i64::try_from(pick(seed, 35 + 6 * u32::try_from(k).unwrap(), 800)).unwrap())
                        .min(most),
                ),
            })
            .collect();
        s.tiers = ServiceTiers::new(tiers).unwrap();
    }
    s
}

#[derive(Debug, Clone)]
struct PlanSpec {
    /// Days after the previous assignment (the first: days before/after the start).
    gap: u64,
    /// `None`: no plan from then on.
    rules: Option<Vec<(u8, RuleSpec)>>,
}

fn arb_plan_spec() -> impl Strategy<Value = PlanSpec> {
    (1u64..500, prop::option::weighted(0.9, prop::collection::vec((1u8..4, arb_rule_spec()), 1..4)))
        .prop_map(|(gap, rules)| PlanSpec { gap, rules })
}

#[derive(Debug, Clone)]
struct Spec {
    start_offset: u64,
    termination: Option<u64>,
    first_plan_before: u64,
    plans: Vec<PlanSpec>,
    seed: u64,
    work_base: i64,
    starting: Vec<(u64, u8, i64)>,
    manual: Vec<(u64, u8, i64)>,
    time_off: Vec<(u64, u8, u64, i64)>,
    through: u64,
}

fn arb_spec() -> impl Strategy<Value = Spec> {
    (
        (0u64..2200, prop::option::weighted(0.3, 0u64..1300), 0u64..400),
        prop::collection::vec(arb_plan_spec(), 1..4),
        (any::<u64>(), 0i64..600),
        prop::collection::vec((0u64..1200, 1u8..4, -600i64..6000), 0..3),
        prop::collection::vec((0u64..1200, 1u8..4, -1000i64..3000), 0..4),
        prop::collection::vec((0u64..1200, 1u8..4, 1u64..6, 30i64..481), 0..8),
        0u64..1200,
    )
        .prop_map(
            |(
                (start_offset, termination, first_plan_before),
                plans,
                (seed, work_base),
                starting,
                manual,
                time_off,
                through,
            )| Spec {
                start_offset,
                termination,
                first_plan_before,
                plans,
                seed,
                work_base,
                starting,
                manual,
                time_off,
                through,
            },
        )
}

struct World {
    input: EmployeeInput,
    through: NaiveDate,
    rules: HashMap<RuleId, Rule>,
}

fn xorshift(state: &mut u64) -> u64 {
    let mut x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *state = x;
    x
}

fn build(spec: &Spec) -> World {
    let start = plus(day0(), spec.start_offset);
    let through = plus(start, spec.through);
    let mut input = EmployeeInput::new(start);
    input.employment.termination = spec.termination.map(|t| plus(start, t));
    let mut rules = HashMap::new();
    let mut next_rule = 1;
    let mut from = start.checked_sub_days(Days::new(spec.first_plan_before)).unwrap();
    for (i, p) in spec.plans.iter().enumerate() {
        if i > 0 {
            from = plus(from, p.gap);
        }
        let plan = p.rules.as_ref().map(|specs| {
            let mut plan_rules: Vec<Rule> = Vec::new();
            for (ty, rs) in specs {
                let ty = PtoTypeId(i64::from(*ty));
                if plan_rules.iter().any(|r| r.pto_type == ty) {
                    continue;
                }
                let r = build_rule(rs, next_rule, ty);
                next_rule += 1;
                rules.insert(r.id, r);
                plan_rules.push(r);
            }
            Arc::new(Plan { id: PlanId(i64::try_from(i).unwrap() + 1), name: format!("P{i}"), rules: plan_rules })
        });
        input.plans.push(PlanAssignment { from, plan });
    }
    let mut state = spec.seed | 1;
    let mut day = start;
    while day <= through {
        if !matches!(day.weekday(), Weekday::Sat | Weekday::Sun) {
            let jitter = i64::try_from(xorshift(&mut state) % 121).unwrap() - 60;
            input.worked.push(WorkedDay { date: day, minutes: (spec.work_base + jitter).max(0) });
        }
        day = day.succ_opt().unwrap();
    }
    let mut source = 0;
    for (off, ty, minutes) in &spec.starting {
        source += 1;
        input.starting_balances.push(StartingBalance {
            id: SourceId(source),
            date: plus(start, *off),
            pto_type: PtoTypeId(i64::from(*ty)),
            minutes: *minutes,
        });
    }
    for (off, ty, minutes) in &spec.manual {
        source += 1;
        input.manual_additions.push(ManualAddition {
            id: SourceId(source),
            date: plus(start, *off),
            pto_type: PtoTypeId(i64::from(*ty)),
            minutes: *minutes,
        });
    }
    for (off, ty, days, minutes) in &spec.time_off {
        source += 1;
        for k in 0..*days {
            input.time_off.push(TimeOffTaken {
                request: SourceId(source),
                date: plus(start, off + k),
                pto_type: PtoTypeId(i64::from(*ty)),
                minutes: *minutes,
            });
        }
    }
    World { input, through, rules }
}

fn rule_of(world: &World, e: &LedgerEntry) -> Option<Rule> {
    e.rule.and_then(|r| world.rules.get(&r.rule).copied())
}

// ---- properties ----------------------------------------------------------------------------

proptest! {
    #![proptest_config(config())]

    /// The same inputs always give the same ledger, whatever the order of the input lists.
    #[test]
    fn deterministic_and_order_independent(spec in arb_spec()) {
        let w = build(&spec);
        let a = compute(&w.input, w.through);
        let b = compute(&w.input, w.through);
        prop_assert_eq!(&a, &b);
        let mut shuffled = w.input.clone();
        shuffled.plans.reverse();
        shuffled.worked.reverse();
        shuffled.starting_balances.reverse();
        shuffled.manual_additions.reverse();
        shuffled.time_off.reverse();
        prop_assert_eq!(&a, &compute(&shuffled, w.through));
    }

    /// Computing up to a date and then onward (through a stored checkpoint) gives exactly the
    /// ledger of one computation over the whole span.
    #[test]
    fn incremental_equals_whole(spec in arb_spec(), cuts in prop::collection::vec(0u64..1300, 1..4)) {
        let w = build(&spec);
        let whole = compute(&w.input, w.through);
        let mut cuts: Vec<NaiveDate> = cuts
            .iter()
            .map(|c| plus(w.input.employment.start, *c).min(w.through))
            .collect();
        cuts.sort();
        let mut parts = compute(&w.input, cuts[0]);
        for cut in cuts.iter().skip(1).chain(std::iter::once(&w.through)) {
            // The checkpoint survives storage.
            let stored = serde_json::to_string(&parts.checkpoint).unwrap();
            let checkpoint: Checkpoint = serde_json::from_str(&stored).unwrap();
            parts.append(resume(&w.input, &checkpoint, *cut));
        }
        prop_assert_eq!(parts, whole);
    }

    /// Accrual never takes a balance above the rule's maximum; credits are positive; an
    /// automatic CARRYOVER is within the maximum too.
    #[test]
    fn accrual_never_exceeds_the_maximum_balance(spec in arb_spec()) {
        let w = build(&spec);
        let ledger = compute(&w.input, w.through);
        for e in &ledger.entries {
            if e.kind == EntryKind::Accrued {
                prop_assert!(e.minutes > 0, "{e:?}");
                if let Some(max) = rule_of(&w, e).and_then(|r| r.max_balance_minutes()) {
                    prop_assert!(e.balance_after <= max, "{e:?} above {max}");
                }
            }
        }
    }

    /// Carryover never exceeds its cap (nor the maximum balance), never carries a negative,
    /// use-it-or-lose-it carries nothing, and the new period opens with exactly what the
    /// old one closed with.
    #[test]
    fn carryover_respects_caps_and_is_never_negative(spec in arb_spec()) {
        let w = build(&spec);
        let ledger = compute(&w.input, w.through);
        let mut last: HashMap<PtoTypeId, &LedgerEntry> = HashMap::new();
        let mut carried: HashMap<PtoTypeId, (NaiveDate, i64)> = HashMap::new();
        for e in &ledger.entries {
            if let Basis::YearEnd { closing, carried: c } = e.basis {
                prop_assert_eq!(e.kind, EntryKind::Forfeited);
                prop_assert!(c >= 0);
                prop_assert_eq!(e.minutes, c - closing);
                prop_assert_eq!(e.balance_after, c);
                // The year end falls on the last day of the rule's year.
                let start = w.input.employment.start;
                let rule = rule_of(&w, e);
                let year_start = rule.filter(|r| !r.method.is_fixed()).map(|r| r.schedule.year_start);
                let anniversary_rule = rule.is_some_and(|r| r.method == Method::PerAnniversary)
                    || year_start == Some(YearStart::HireAnniversary);
                let next = e.date.succ_opt().unwrap();
                if anniversary_rule {
                    prop_assert!((1..200).any(|n| anniversary(start, n).pred_opt() == Some(e.date)), "{e:?}");
                } else if let Some(YearStart::Fiscal { month, day }) = year_start {
                    prop_assert_eq!((next.month(), next.day()), (month, day));
                } else {
                    prop_assert_eq!((e.date.month(), e.date.day()), (12, 31));
                }
                if let Some(rule) = rule_of(&w, e) {
                    let cap = match (rule.max_carryover_minutes(), rule.max_balance_minutes()) {
                        (Some(a), Some(b)) => Some(a.min(b)),
                        (a, b) => a.or(b),
                    };
                    prop_assert_eq!(c, closing.max(0).min(cap.unwrap_or(i64::MAX)));
                    if rule.carryover == Carryover::UseItOrLoseIt {
                        prop_assert_eq!(c, 0);
                    }
                } else {
                    prop_assert_eq!(c, closing.max(0));
                }
                carried.insert(e.pto_type, (e.date, c));
            }
            if e.kind == EntryKind::Carryover {
                prop_assert!(e.minutes > 0);
                let before = last.get(&e.pto_type).map_or(0, |p| p.balance_after);
                prop_assert_eq!(e.minutes, before, "{:?}", e);
                prop_assert_eq!(e.balance_after, before);
                if let Some((date, c)) = carried.get(&e.pto_type) {
                    if date.succ_opt() == Some(e.date) {
                        prop_assert_eq!(e.minutes, *c);
                    }
                }
            }
            last.insert(e.pto_type, e);
        }
    }

    /// Nothing accrues inside the waiting period.
    #[test]
    fn nothing_accrues_in_the_waiting_period(spec in arb_spec()) {
        let w = build(&spec);
        let ledger = compute(&w.input, w.through);
        let start = w.input.employment.start;
        for e in ledger.entries.iter().filter(|e| e.kind == EntryKind::Accrued) {
            let rule = rule_of(&w, e).unwrap();
            prop_assert!(e.date >= plus(start, u64::from(rule.waiting_days())), "{e:?}");
        }
    }

    /// Nothing automatic happens before the start or after the termination date; no year end
    /// on the termination day.
    #[test]
    fn nothing_automatic_outside_employment(spec in arb_spec()) {
        let w = build(&spec);
        let ledger = compute(&w.input, w.through);
        let employment = w.input.employment;
        for e in &ledger.entries {
            prop_assert!(e.date >= employment.start);
            let automatic = matches!(e.kind, EntryKind::Accrued | EntryKind::Carryover)
                || matches!(e.basis, Basis::YearEnd { .. });
            if let Some(t) = employment.termination {
                if automatic {
                    prop_assert!(e.date <= t, "{e:?} after {t}");
                }
                if matches!(e.basis, Basis::YearEnd { .. }) {
                    prop_assert!(e.date < t, "year end on the termination day {e:?}");
                }
            }
        }
    }

    /// The balance is the running sum of the entries; the row adds up and agrees with it.
    #[test]
    fn balances_add_up(spec in arb_spec()) {
        let w = build(&spec);
        let ledger = compute(&w.input, w.through);
        let mut running: HashMap<PtoTypeId, i64> = HashMap::new();
        for e in &ledger.entries {
            let b = running.entry(e.pto_type).or_insert(0);
            *b += e.delta();
            prop_assert_eq!(*b, e.balance_after);
        }
        for ty in ledger.checkpoint.pto_types() {
            prop_assert_eq!(ledger.balance(ty), running.get(&ty).copied().unwrap_or(0));
            let pto_type = PtoType { id: ty, name: "T".into(), payable: true };
            if let Some(row) = ledger.row(&pto_type) {
                prop_assert_eq!(
                    row.balance,
                    row.starting_balance + row.carryover + row.earned + row.manually_added
                        + row.forfeited - row.used
                );
                prop_assert_eq!(row.balance, ledger.balance(ty));
                prop_assert!(row.period.start_date <= row.period.end_date, "{:?}", row.period);
                prop_assert!(row.carryover >= 0);
            }
        }
    }

    /// A backdated change is reflected in every later balance, and nothing before it moves.
    #[test]
    fn backdated_change_reaches_every_later_balance(
        spec in arb_spec(),
        at in 0u64..1200,
        minutes in 1i64..480,
    ) {
        // Accrual that does not depend on the balance: no maximum, no caps, no starting
        // balances, and a large opening grant so no balance goes negative.
        let mut spec = spec;
        for p in &mut spec.plans {
            if let Some(rules) = &mut p.rules {
                for (_, r) in rules.iter_mut() {
                    r.max_balance = None;
                    r.carry = 1;
                    // Carried-over hours that expire: time taken from them would change what is lost.
                    r.schedule |= 1 << 9;
                }
            }
        }
        spec.starting.clear();
        spec.time_off.clear();
        spec.manual.clear();
        let mut w = build(&spec);
        let start = w.input.employment.start;
        let big = 10_000_000;
        for ty in 1..4 {
            w.input.manual_additions.push(ManualAddition {
                id: SourceId(1000 + ty), date: start, pto_type: PtoTypeId(ty), minutes: big,
            });
        }
        let when = plus(start, at).min(w.through);
        let ty = PtoTypeId(1 + i64::try_from(at % 3).unwrap());
        let before = compute(&w.input, w.through);
        let mut changed = w.input.clone();
        changed.time_off.push(TimeOffTaken { request: SourceId(77), date: when, pto_type: ty, minutes });
        let after = compute(&changed, w.through);

        let prefix = |l: &Ledger| l.entries.iter().filter(|e| e.date < when).copied().collect::<Vec<_>>();
        prop_assert_eq!(prefix(&before), prefix(&after));
        // Every later balance is lower by exactly the time taken (until a termination freezes
        // the year-end, which does not matter here: nothing is capped).
        let mut day = when;
        while day <= w.through {
            prop_assert_eq!(after.balance_on(ty, day), before.balance_on(ty, day) - minutes, "on {}", day);
            day = plus(day, 17);
        }
        prop_assert_eq!(after.balance(ty), before.balance(ty) - minutes);
    }

    /// The rounding rule in one place: per hour worked, the credited total of one rule is
    /// floor(exact total), never drifting by a minute per credit.
    #[test]
    fn hourly_credits_total_the_floor_of_the_exact_amount(
        seed in any::<u64>(),
        base in 0i64..600,
        centi in 1i64..300,
        unit in 1u32..40,
        days in 1u64..800,
    ) {
        let start = NaiveDate::from_ymd_opt(2023, 3, 1).unwrap();
        let mut r = Rule::new(RuleId(1), PtoTypeId(1), Method::PerHourWorked, Hours::from_centi(centi));
        r.rate_unit = unit;
        let mut input = EmployeeInput::new(start);
        input.plans.push(PlanAssignment::switch(start, Arc::new(Plan { id: PlanId(1), name: "H".into(), rules: vec![r] })));
        let mut state = seed | 1;
        for k in 0..days {
            let jitter = i64::try_from(xorshift(&mut state) % 241).unwrap() - 120;
            input.worked.push(WorkedDay { date: plus(start, k), minutes: (base + jitter).max(0) });
        }
        let through = plus(start, days);
        let ledger = compute(&input, through);
        // Credits are settled on Saturdays and on 31 December.
        let mut last_settle = None;
        let mut day = start;
        while day <= through {
            if day.weekday() == Weekday::Sat || (day.month() == 12 && day.day() == 31) {
                last_settle = Some(day);
            }
            day = plus(day, 1);
        }
        let worked: i64 = input
            .worked
            .iter()
            .filter(|w| last_settle.is_some_and(|s| w.date <= s))
            .map(|w| w.minutes)
            .sum();
        let credited: i64 = ledger
            .entries
            .iter()
            .filter(|e| e.kind == EntryKind::Accrued)
            .map(|e| e.minutes)
            .sum();
        let exact = i128::from(worked) * i128::from(centi);
        let denom = 100 * i128::from(unit);
        prop_assert_eq!(i128::from(credited), exact.div_euclid(denom));
    }

    /// Proration: a calendar-year grant of a mid-year hire is rate * days left / days in the
    /// year (rounded down) when prorated, the full rate otherwise, and never more for a later
    /// hire.
    #[test]
    fn mid_year_hire_is_prorated_by_days(offset in 0u64..3000, hours in 0i64..400, prorated in any::<bool>()) {
        let start = plus(day0(), offset);
        let next = plus(start, 1);
        let grant = |start: NaiveDate| {
            let mut r = Rule::new(RuleId(1), PtoTypeId(1), Method::PerCalendarYear, Hours::whole(hours));
            r.prorated = prorated;
            let mut input = EmployeeInput::new(start);
            input.plans.push(PlanAssignment::switch(day0(), Arc::new(Plan { id: PlanId(1), name: "C".into(), rules: vec![r] })));
            compute(&input, start).balance(PtoTypeId(1))
        };
        let year_days = if NaiveDate::from_ymd_opt(start.year(), 2, 29).is_some() { 366 } else { 365 };
        let left = year_days - i64::from(start.ordinal0());
        let expected = if prorated { hours * 60 * left / year_days } else { hours * 60 };
        prop_assert_eq!(grant(start), expected);
        if next.year() == start.year() {
            prop_assert!(grant(next) <= grant(start));
        }
    }

    /// Anniversaries: a per-anniversary rule grants on the start date and on each
    /// anniversary (28 February in common years for a 29 February start), and only then.
    #[test]
    fn anniversary_grants_fall_on_anniversaries(offset in 0u64..3000, leap_day in any::<bool>(), years in 0u32..6) {
        let start = if leap_day {
            NaiveDate::from_ymd_opt(2016 + 4 * i32::try_from(offset % 3).unwrap(), 2, 29).unwrap()
        } else {
            plus(day0(), offset)
        };
        let mut r = Rule::new(RuleId(1), PtoTypeId(1), Method::PerAnniversary, Hours::whole(40));
        r.carryover = Carryover::UseItOrLoseIt;
        let mut input = EmployeeInput::new(start);
        input.plans.push(PlanAssignment::switch(start, Arc::new(Plan { id: PlanId(1), name: "A".into(), rules: vec![r] })));
        let through = anniversary(start, years);
        let ledger = compute(&input, through);
        let grants: Vec<NaiveDate> = ledger.entries.iter().filter(|e| e.kind == EntryKind::Accrued).map(|e| e.date).collect();
        let expected: Vec<NaiveDate> = (0..=years).map(|n| anniversary(start, n)).collect();
        prop_assert_eq!(grants, expected);
        for e in ledger.entries.iter().filter(|e| e.kind == EntryKind::Accrued) {
            prop_assert_eq!(e.minutes, 2400);
            if start.month() == 2 && start.day() == 29 {
                let leap = NaiveDate::from_ymd_opt(e.date.year(), 2, 29).is_some();
                prop_assert_eq!((e.date.month(), e.date.day()), if leap { (2, 29) } else { (2, 28) });
            }
        }
        // Each forfeiture is the day before an anniversary.
        for e in ledger.entries.iter().filter(|e| e.kind == EntryKind::Forfeited) {
            prop_assert!((1..=years).any(|n| anniversary(start, n).pred_opt() == Some(e.date)));
        }
    }

    /// Request arithmetic: 480 a full day, weekends skipped unless included, paid holidays
    /// always skipped; the days, weekends and holidays partition the span.
    #[test]
    fn request_minutes_follow_the_calendar(
        offset in 0u64..3000,
        length in 0u64..40,
        include_weekend in any::<bool>(),
        holiday_offsets in prop::collection::vec(0u64..45, 0..6),
    ) {
        let start = plus(day0(), offset);
        let end = plus(start, length);
        let holidays: Vec<NaiveDate> = holiday_offsets.iter().map(|h| plus(start, *h)).collect();
        let usage = request_usage(&TimeOffRequest { start, end, include_weekend, partial: None }, &holidays).unwrap();
        let mut expected = 0;
        let mut day = start;
        while day <= end {
            let weekend = matches!(day.weekday(), Weekday::Sat | Weekday::Sun);
            if !holidays.contains(&day) && (include_weekend || !weekend) {
                expected += MINUTES_PER_DAY;
            }
            day = day.succ_opt().unwrap();
        }
        prop_assert_eq!(usage.minutes, expected);
        prop_assert_eq!(
            u64::try_from(usage.days.len() + usage.weekend_days.len() + usage.holidays.len()).unwrap(),
            length + 1
        );
        prop_assert_eq!(usage.good_news().is_some(), !usage.holidays.is_empty());
        prop_assert!(usage.days.iter().all(|d| d.minutes == MINUTES_PER_DAY && !holidays.contains(&d.date)));
    }

    /// Partial days use their minutes, up to 480, and are refused above it or backwards.
    #[test]
    fn partial_days_are_at_most_480_minutes(offset in 0u64..3000, from in 0u32..1440, len in -120i64..700) {
        let start = plus(day0(), offset);
        let s = chrono::NaiveTime::from_num_seconds_from_midnight_opt(from * 60, 0).unwrap();
        let to = (i64::from(from) + len).clamp(0, 1439);
        let len = to - i64::from(from);
        let e = chrono::NaiveTime::from_num_seconds_from_midnight_opt(u32::try_from(to).unwrap() * 60, 0).unwrap();
        let req = TimeOffRequest { start, end: start, include_weekend: true, partial: Some(PartialDay { start: s, end: e }) };
        match request_usage(&req, &[]) {
            Ok(u) => {
                prop_assert!((0..=PARTIAL_DAY_LIMIT).contains(&len));
                prop_assert_eq!(u.minutes, len);
            }
            Err(message) => prop_assert!(!(0..=PARTIAL_DAY_LIMIT).contains(&len), "{message}"),
        }
    }

    /// A request that passes the balance check never takes a balance below zero on its days.
    #[test]
    fn a_passing_request_never_overdraws(spec in arb_spec(), at in 0u64..1200, len in 0u64..5) {
        let w = build(&spec);
        let ty = PtoType { id: PtoTypeId(1), name: "Vacation".into(), payable: true };
        let first = plus(w.input.employment.start, at);
        let usage = request_usage(&TimeOffRequest { start: first, end: plus(first, len), include_weekend: false, partial: None }, &[]).unwrap();
        let days = usage.time_off(SourceId(4242), ty.id);
        let check = check_balance(&w.input, &ty, &days);
        prop_assert_eq!(check.requested, usage.minutes);
        prop_assert_eq!(check.message.is_some(), !check.pass && usage.minutes > 0);
        if check.pass {
            let mut with = w.input.clone();
            with.time_off.extend(days.iter().copied());
            let ledger = compute(&with, plus(first, len));
            for e in ledger.entries.iter().filter(|e| e.source == Some(SourceId(4242)) && e.pto_type == ty.id) {
                prop_assert!(e.balance_after >= 0, "{e:?}");
            }
        }
    }

    /// Issue 38: under a yearly accrual cap, what a calendar year credits stops at the cap
    /// (worlds of calendar-year periods: no per-anniversary rule anywhere).
    #[test]
    fn a_year_never_credits_more_than_its_accrual_cap(mut spec in arb_spec()) {
        // Calendar years only: no per-anniversary rule, no other year start.
        for p in &mut spec.plans {
            for (_, r) in p.rules.iter_mut().flatten() {
                if r.method == 1 {
                    r.method = 0;
                }
                let high = r.schedule >> 20;
                r.schedule = (r.schedule & ((1 << 20) - 1)) | ((high - high % 3) << 20);
            }
        }
        let w = build(&spec);
        prop_assert!(w.rules.values().all(|r| r.method != Method::PerAnniversary));
        prop_assert!(w.rules.values().all(|r| r.schedule.year_start == YearStart::Default));
        let ledger = compute(&w.input, w.through);
        let mut earned: HashMap<(PtoTypeId, i32), i64> = HashMap::new();
        for e in ledger.entries.iter().filter(|e| e.kind == EntryKind::Accrued) {
            let before = *earned.get(&(e.pto_type, e.date.year())).unwrap_or(&0);
            let total = earned.entry((e.pto_type, e.date.year())).or_insert(0);
            *total += e.minutes;
            if let Some(cap) = rule_of(&w, e).and_then(|r| r.yearly_accrual_cap_minutes()) {
                // A credit under a cap never takes the year past it (it may follow an uncapped
                // rule's credits in the same year, which it does not undo).
                prop_assert!(*total <= cap.max(before), "{e:?} total {total} cap {cap}");
            }
        }
    }

    /// Issue 38: a request passes the use rules exactly when no day of it is before the first
    /// usable day, no day is shorter than the smallest block, and no year's time off (the
    /// others' and its own) goes over the yearly use cap.
    #[test]
    fn use_rules_refuse_exactly_what_breaks_them(
        start_offset in 0u64..800,
        wait in prop::option::of((1u32..200, any::<bool>())),
        cap in prop::option::of(1u32..120),
        increment in prop::option::of(15u32..480),
        others in prop::collection::vec((0u64..900, 15i64..481), 0..12),
        asked in prop::collection::vec((0u64..900, 15i64..481), 1..4),
    ) {
        let ty = PtoTypeId(1);
        let start = plus(day0(), start_offset);
        let mut rule = Rule::new(RuleId(1), ty, Method::PerHourWorked, Hours::whole(1));
        rule.rate_unit = 30;
        rule.limits.usable = wait.map(|(days, on)| UsableAfter {
            days,
            counting: if on { WaitCounting::FromDay } else { WaitCounting::AfterDays },
        });
        rule.limits.yearly_use_cap_hours = cap;
        rule.limits.min_increment_minutes = increment;
        let plan = Arc::new(Plan { id: PlanId(1), name: "P".into(), rules: vec![rule] });
        let mut input = EmployeeInput::new(start);
        input.plans.push(PlanAssignment::switch(start, plan));
        input.time_off = others
            .iter()
            .map(|(off, minutes)| TimeOffTaken { request: SourceId(1), date: plus(start, *off), pto_type: ty, minutes: *minutes })
            .collect();
        let request: Vec<TimeOffTaken> = asked
            .iter()
            .map(|(off, minutes)| TimeOffTaken { request: SourceId(2), date: plus(start, *off), pto_type: ty, minutes: *minutes })
            .collect();
        let sick = PtoType { id: ty, name: "Sick".into(), payable: true };

        let first = rule.limits.usable.map_or(start, |u| u.first_usable_day(start));
        let too_early = request.iter().any(|t| t.date < first);
        let too_short = increment.is_some_and(|least| request.iter().any(|t| t.minutes < i64::from(least)));
        let over_cap = cap.is_some_and(|cap| {
            request.iter().any(|asked| {
                let year = asked.date.year();
                let total: i64 = input.time_off.iter().chain(&request).filter(|t| t.date.year() == year).map(|t| t.minutes).sum();
                total > i64::from(cap) * 60
            })
        });
        let checked = check_use_rules(&input, &sick, &request);
        prop_assert_eq!(checked.is_ok(), !(too_early || too_short || over_cap), "{:?}", checked);
        if let Err(breach) = checked {
            let expected = if too_early { UseRule::Waiting } else if too_short { UseRule::MinIncrement } else { UseRule::YearlyUseCap };
            prop_assert_eq!(breach.rule, expected);
        }
    }

    /// Issue 38: an explanation's lines add up to the balance, for every type on any day, and
    /// each line's running balance is the ledger's.
    #[test]
    fn an_explanations_lines_add_up_to_the_balance(spec in arb_spec(), at in 0u64..1300) {
        let w = build(&spec);
        let day = plus(w.input.employment.start, at).min(w.through);
        for ty in 1..4 {
            let pto_type = PtoType { id: PtoTypeId(ty), name: format!("T{ty}"), payable: true };
            let Some(why) = explain(&w.input, &pto_type, day) else { continue };
            prop_assert_eq!(why.lines.iter().map(|l| l.minutes).sum::<i64>(), why.balance);
            prop_assert_eq!(why.lines.last().map(|l| l.balance_after), Some(why.balance));
            let mut running = 0i64;
            for line in &why.lines {
                running += line.minutes;
                prop_assert_eq!(running, line.balance_after, "{:?}", line);
                prop_assert!(!line.text.is_empty());
            }
        }
    }
}

// ---- the accrual settings (issue 38) -------------------------------------------------------

/// A single-plan world for the settings' own properties: one per-pay-period rule, no caps, no
/// waiting, carryover without limit, a weekday history, employed from `start` to `termination`.
fn pay_period_world(rule: Rule, start: NaiveDate, termination: Option<NaiveDate>) -> EmployeeInput {
    let plan = Arc::new(Plan { id: PlanId(1), name: "P".into(), rules: vec![rule] });
    let mut input = EmployeeInput::new(start);
    input.employment.termination = termination;
    input.plans.push(PlanAssignment::switch(start, plan));
    input
}

fn step_of(rounding: Rounding) -> Option<i64> {
    match rounding {
        Rounding::QuarterHour => Some(15),
        Rounding::HalfHour => Some(30),
        Rounding::Hour => Some(60),
        Rounding::Day => Some(480),
        Rounding::None | Rounding::Minute => None,
    }
}

proptest! {
    #![proptest_config(config())]

    /// A rounded credit is a whole number of steps unless a cap cut it.
    #[test]
    fn rounded_credits_are_whole_steps(spec in arb_spec()) {
        let w = build(&spec);
        let ledger = compute(&w.input, w.through);
        for e in ledger.entries.iter().filter(|e| e.kind == EntryKind::Accrued && e.cut.is_none()) {
            if let Some(step) = rule_of(&w, e).and_then(|r| step_of(r.schedule.rounding)) {
                prop_assert_eq!(e.minutes % step, 0, "{:?}", e);
            }
        }
    }

    /// A year of credits adds up to the yearly amount to within half a step (exactly when the
    /// amount is a whole number of steps; to the minute without rounding), whatever the period.
    #[test]
    fn a_years_credits_split_the_yearly_amount_exactly(
        centi in 0i64..40_000,
        period in 0usize..3,
        unit in prop::sample::select(vec![1u32, 2, 3, 4, 6, 12]),
        rounding in 0usize..6,
        credit_on in 0usize..2,
    ) {
        let mut rule = Rule::new(RuleId(1), PtoTypeId(1), Method::PerPayPeriod, Hours::from_centi(centi));
        rule.schedule.period = [AccrualPeriod::Months, AccrualPeriod::SemiMonthly, AccrualPeriod::Months][period];
        rule.rate_unit = if rule.schedule.period == AccrualPeriod::Months { unit } else { 1 };
        rule.schedule.anchor = Anchor::Calendar;
        rule.schedule.rate_basis = RateBasis::PerYear;
        rule.schedule.rounding = Rounding::ALL[rounding];
        rule.schedule.credit_on = CreditOn::ALL[credit_on];
        let input = pay_period_world(rule, NaiveDate::from_ymd_opt(2026, 1, 1).unwrap(), None);
        let ledger = compute(&input, NaiveDate::from_ymd_opt(2026, 12, 31).unwrap());
        let credited: i64 = ledger.entries.iter().filter(|e| e.kind == EntryKind::Accrued).map(|e| e.minutes).sum();
        let yearly = Hours::from_centi(centi).exact_minutes();
        match (rule.schedule.rounding, step_of(rule.schedule.rounding)) {
            (_, Some(step)) => {
                // Whole minutes a year when centi is a multiple of 5 (0.05 h = 3 min).
                if centi % 5 == 0 {
                    let minutes = centi * 3 / 5;
                    prop_assert!(2 * (credited - minutes).abs() <= step, "{credited} vs {minutes}");
                    if minutes % step == 0 {
                        prop_assert_eq!(credited, minutes);
                    }
                }
            }
            (Rounding::None, None) => prop_assert_eq!(credited, yearly.floor()),
            _ => {
                // Each credit to the nearest minute on its own: off by at most half a minute each.
                let credits = ledger.entries.iter().filter(|e| e.kind == EntryKind::Accrued).count();
                let gap = (credited - yearly.floor()).abs();
                prop_assert!(gap <= i64::try_from(credits).unwrap(), "{credited} vs {yearly:?}");
            }
        }
    }

    /// Crediting a period on its first day gives the same total as on its last day, only
    /// earlier: by the last day of employment the balances agree.
    #[test]
    fn credits_in_advance_total_the_same(
        centi in 0i64..4_000,
        period in 0usize..4,
        unit in 1u32..13,
        anchor in 0usize..2,
        prorated in any::<bool>(),
        start_offset in 0u64..800,
        employed_days in 0u64..900,
    ) {
        let start = plus(day0(), start_offset);
        let termination = plus(start, employed_days);
        let balance_with = |credit_on: CreditOn| {
            let mut rule = Rule::new(RuleId(1), PtoTypeId(1), Method::PerPayPeriod, Hours::from_centi(centi));
            rule.prorated = prorated;
            rule.schedule.period = AccrualPeriod::ALL[period];
            rule.rate_unit = if rule.schedule.period == AccrualPeriod::Months { unit } else { 1 };
            rule.schedule.anchor =
                if rule.schedule.period == AccrualPeriod::SemiMonthly { Anchor::Calendar } else { Anchor::ALL[anchor] };
            rule.schedule.credit_on = credit_on;
            compute(&pay_period_world(rule, start, Some(termination)), termination).balance(PtoTypeId(1))
        };
        prop_assert_eq!(balance_with(CreditOn::PeriodStart), balance_with(CreditOn::PeriodEnd));
    }

    /// Carried-over hours expire on their day, and what is lost is what was carried less what
    /// was taken since (never more than the balance).
    #[test]
    fn expired_carryover_is_what_was_left_of_it(spec in arb_spec()) {
        let w = build(&spec);
        let ledger = compute(&w.input, w.through);
        let mut carried: HashMap<PtoTypeId, (NaiveDate, i64, Option<Expiry>)> = HashMap::new();
        let mut taken: HashMap<PtoTypeId, i64> = HashMap::new();
        let mut balance: HashMap<PtoTypeId, i64> = HashMap::new();
        for e in &ledger.entries {
            match (e.kind, e.basis) {
                (EntryKind::Carryover, _) => {
                    // The expiry of the rule the hours were carried under holds, whatever comes after.
                    let expiry = rule_of(&w, e).and_then(|r| r.schedule.carryover_expiry);
                    carried.insert(e.pto_type, (e.date, e.minutes, expiry));
                    taken.insert(e.pto_type, 0);
                }
                (EntryKind::PtoRequest, _) => *taken.entry(e.pto_type).or_insert(0) -= e.minutes,
                (EntryKind::Forfeited, Basis::CarryoverExpired { carried: c, used }) => {
                    let (on, amount, expiry) = carried[&e.pto_type];
                    prop_assert_eq!(c, amount);
                    prop_assert_eq!(expiry.map(|x| x.lost_on(on)), Some(e.date));
                    prop_assert_eq!(used, taken[&e.pto_type].clamp(0, amount));
                    let before = balance.get(&e.pto_type).copied().unwrap_or(0);
                    prop_assert_eq!(-e.minutes, (amount - used).min(before));
                }
                _ => {}
            }
            balance.insert(e.pto_type, e.balance_after);
        }
    }

    /// Every yearly grant is the rate of its year of service.
    #[test]
    fn grants_follow_the_service_tiers(
        base in 0i64..20_000,
        tiers in prop::collection::vec((2u32..12, 0i64..20_000), 0..6),
        start_offset in 0u64..800,
        years in 1u64..12,
    ) {
        let start = plus(day0(), start_offset);
        let mut rule = Rule::new(RuleId(1), PtoTypeId(1), Method::PerAnniversary, Hours::from_centi(base));
        rule.prorated = false;
        let mut unique: Vec<ServiceTier> = Vec::new();
        for (from_year, centi) in tiers {
            if !unique.iter().any(|t| t.from_year == from_year) {
                unique.push(ServiceTier { from_year, rate: Hours::from_centi(centi) });
            }
        }
        // The rate of each year of service, 1-based.
        let rate_of = |year: u32| {
            unique.iter().filter(|tier| tier.from_year <= year).max_by_key(|tier| tier.from_year).map_or(base, |tier| tier.rate.centi())
        };
        rule.schedule.tiers = ServiceTiers::new(unique.clone()).unwrap();
        let input = pay_period_world(rule, start, None);
        let ledger = compute(&input, plus(start, years * 366));
        // Sub-minute remainders carry from one grant to the next (the crate's rounding rule),
        // also across a grant too small to credit a minute (which leaves no entry): after the
        // grant of year N, the credits add up to the floor of years 1 to N's exact amounts.
        let mut credited = 0;
        for e in ledger.entries.iter().filter(|e| e.kind == EntryKind::Accrued) {
            credited += e.minutes;
            let year = pto_engine::schedule::service_year(start, e.date);
            let exact = (1..=year)
                .fold(Hours::from_centi(0).exact_minutes(), |sum, y| sum.plus(Hours::from_centi(rate_of(y)).exact_minutes()));
            prop_assert_eq!(credited, exact.floor(), "{:?}", e);
        }
    }
}
