#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]
//! The scenario table: readable cases, each a plan, an employee history, and the expected
//! ledger and balances, worked out by hand (the arithmetic is in the comments).
//!
//! Types: `V` is Vacation (id 1), `S` is Sick (id 2). Kinds: ACC(RUED), CARRY(OVER),
//! FORF(EITED), NEW(_PTO_PLAN), MAN(UALLY_ADDITION), REQ (PTO_REQUEST). 2024 is a leap year.
//!
//! Every case is also computed in two halves (incremental) and must give the same ledger.

use chrono::{NaiveDate, NaiveTime};
use pto_engine::*;
use std::sync::Arc;

const V: PtoTypeId = PtoTypeId(1);
const S: PtoTypeId = PtoTypeId(2);
const ACC: EntryKind = EntryKind::Accrued;
const CARRY: EntryKind = EntryKind::Carryover;
const FORF: EntryKind = EntryKind::Forfeited;
const NEW: EntryKind = EntryKind::NewPtoPlan;
const MAN: EntryKind = EntryKind::ManuallyAddition;
const REQ: EntryKind = EntryKind::PtoRequest;

fn d(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

fn pto_type(id: PtoTypeId) -> PtoType {
    PtoType { id, name: if id == V { "Vacation" } else { "Sick" }.into(), payable: true }
}

// ---- rules ---------------------------------------------------------------------------------

fn rule(ty: PtoTypeId, method: Method, centi: i64, unit: u32) -> Rule {
    let mut r = Rule::new(RuleId(ty.0 * 100 + centi), ty, method, Hours::from_centi(centi));
    r.rate_unit = unit;
    r
}
/// PER_CALENDAR_YEAR, `hours` a year.
fn cal(ty: PtoTypeId, hours: i64) -> Rule {
    rule(ty, Method::PerCalendarYear, hours * 100, 1)
}
/// PER_ANNIVERSARY, `hours` a year.
fn anniv(ty: PtoTypeId, hours: i64) -> Rule {
    rule(ty, Method::PerAnniversary, hours * 100, 1)
}
/// PER_PAY_PERIOD, `hours` per `months`.
fn months(ty: PtoTypeId, hours: i64, months: u32) -> Rule {
    rule(ty, Method::PerPayPeriod, hours * 100, months)
}
/// PER_HOUR_WORKED, `centi`/100 hours per `unit` hours worked.
fn hourly(ty: PtoTypeId, centi: i64, unit: u32) -> Rule {
    rule(ty, Method::PerHourWorked, centi, unit)
}

trait RuleExt {
    fn not_prorated(self) -> Rule;
    fn waiting(self, days: u32, start_after: bool) -> Rule;
    fn use_it_or_lose_it(self) -> Rule;
    fn carry_cap(self, hours: u32) -> Rule;
    fn max_balance(self, hours: u32) -> Rule;
}
impl RuleExt for Rule {
    fn not_prorated(mut self) -> Rule {
        self.prorated = false;
        self
    }
    fn waiting(mut self, days: u32, start_after: bool) -> Rule {
        self.waiting_period_days = Some(days);
        self.start_after_waiting_period = start_after;
        self
    }
    fn use_it_or_lose_it(mut self) -> Rule {
        self.carryover = Carryover::UseItOrLoseIt;
        self
    }
    fn carry_cap(mut self, hours: u32) -> Rule {
        self.carryover = Carryover::AllowCarryover { max_hours: Some(hours) };
        self
    }
    fn max_balance(mut self, hours: u32) -> Rule {
        self.max_balance_hours = Some(hours);
        self
    }
}

// ---- the case builder ----------------------------------------------------------------------

type Row = (i64, i64, i64, i64, i64, i64, i64);

struct Case {
    name: &'static str,
    input: EmployeeInput,
    through: NaiveDate,
    expected: Vec<(NaiveDate, PtoTypeId, EntryKind, i64)>,
    balances: Vec<(NaiveDate, PtoTypeId, i64)>,
    /// (type, starting, carryover, earned, manual, used, forfeited, balance) at `through`.
    rows: Vec<(PtoTypeId, Row)>,
    periods: Vec<(PtoTypeId, NaiveDate, NaiveDate)>,
    not_set_up: Vec<PtoTypeId>,
    next_plan_id: i64,
    next_source: i64,
}

fn case(name: &'static str) -> Case {
    Case {
        name,
        input: EmployeeInput::new(d("2024-01-01")),
        through: d("2024-12-31"),
        expected: Vec::new(),
        balances: Vec::new(),
        rows: Vec::new(),
        periods: Vec::new(),
        not_set_up: Vec::new(),
        next_plan_id: 1,
        next_source: 1,
    }
}

impl Case {
    fn hired(mut self, date: &str) -> Self {
        self.input.employment.start = d(date);
        self
    }
    fn terminated(mut self, date: &str) -> Self {
        self.input.employment.termination = Some(d(date));
        self
    }
    /// A plan with these rules from `from` on.
    fn plan(mut self, from: &str, rules: &[Rule]) -> Self {
        let id = self.next_plan_id;
        self.next_plan_id += 1;
        self.input.plans.push(PlanAssignment::switch(
            d(from),
            Arc::new(Plan { id: PlanId(id), name: format!("Plan {id}"), rules: rules.to_vec() }),
        ));
        self
    }
    /// The employee's job role has its own yearly allowance of `ty`.
    fn allowance(mut self, ty: PtoTypeId, hours: i64) -> Self {
        self.input.allowances.insert(ty, Hours::whole(hours));
        self
    }
    fn no_plan(mut self, from: &str) -> Self {
        self.input.plans.push(PlanAssignment { from: d(from), plan: None });
        self
    }
    /// `minutes` on every weekday from `from` to `to`.
    fn worked(mut self, from: &str, to: &str, minutes: i64) -> Self {
        self.input.assume_workdays(d(from), d(to), minutes, &[]);
        self
    }
    fn worked_on(mut self, date: &str, minutes: i64) -> Self {
        self.input.worked.push(WorkedDay { date: d(date), minutes });
        self
    }
    fn source(&mut self) -> SourceId {
        self.next_source += 1;
        SourceId(self.next_source)
    }
    fn starting(mut self, date: &str, ty: PtoTypeId, minutes: i64) -> Self {
        let id = self.source();
        self.input.starting_balances.push(StartingBalance { id, date: d(date), pto_type: ty, minutes });
        self
    }
    fn manual(mut self, date: &str, ty: PtoTypeId, minutes: i64) -> Self {
        let id = self.source();
        self.input.manual_additions.push(ManualAddition { id, date: d(date), pto_type: ty, minutes });
        self
    }
    fn manual_for_year(mut self, year: i32, added_on: &str, ty: PtoTypeId, minutes: i64) -> Self {
        let id = self.source();
        self.input.manual_additions.push(ManualAddition::for_year(id, ty, year, d(added_on), minutes));
        self
    }
    /// A full-day request through the request arithmetic.
    fn off(self, ty: PtoTypeId, from: &str, to: &str) -> Self {
        self.request(ty, from, to, false, &[], None)
    }
    fn request(
        mut self,
        ty: PtoTypeId,
        from: &str,
        to: &str,
        include_weekend: bool,
        holidays: &[&str],
        partial: Option<((u32, u32), (u32, u32))>,
    ) -> Self {
        let req = TimeOffRequest {
            start: d(from),
            end: d(to),
            include_weekend,
            partial: partial.map(|((h1, m1), (h2, m2))| PartialDay {
                start: NaiveTime::from_hms_opt(h1, m1, 0).unwrap(),
                end: NaiveTime::from_hms_opt(h2, m2, 0).unwrap(),
            }),
        };
        let holidays: Vec<NaiveDate> = holidays.iter().map(|h| d(h)).collect();
        let usage = request_usage(&req, &holidays).unwrap();
        let id = self.source();
        self.input.time_off.extend(usage.time_off(id, ty));
        self
    }
    fn through(mut self, date: &str) -> Self {
        self.through = d(date);
        self
    }
    fn expect(mut self, entries: &[(&str, PtoTypeId, EntryKind, i64)]) -> Self {
        self.expected = entries.iter().map(|(date, ty, kind, m)| (d(date), *ty, *kind, *m)).collect();
        self
    }
    fn balance(mut self, date: &str, ty: PtoTypeId, minutes: i64) -> Self {
        self.balances.push((d(date), ty, minutes));
        self
    }
    /// The row at `through`: starting, carryover, earned, manual, used, forfeited, balance.
    fn row(mut self, ty: PtoTypeId, row: Row) -> Self {
        self.rows.push((ty, row));
        self
    }
    fn period(mut self, ty: PtoTypeId, start: &str, end: &str) -> Self {
        self.periods.push((ty, d(start), d(end)));
        self
    }
    fn not_set_up(mut self, ty: PtoTypeId) -> Self {
        self.not_set_up.push(ty);
        self
    }

    fn check(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let ledger = compute(&self.input, self.through);
        let actual: Vec<(NaiveDate, PtoTypeId, EntryKind, i64)> =
            ledger.entries.iter().map(|e| (e.date, e.pto_type, e.kind, e.minutes)).collect();
        if actual != self.expected {
            let show = |v: &[(NaiveDate, PtoTypeId, EntryKind, i64)]| {
                v.iter()
                    .map(|(date, t, k, m)| format!("    {date} {} {} {m}", t.0, k.as_str()))
                    .collect::<Vec<_>>()
                    .join("\n")
            };
            problems.push(format!("ledger\n  expected:\n{}\n  actual:\n{}", show(&self.expected), show(&actual)));
        }
        for (date, ty, minutes) in &self.balances {
            let got = ledger.balance_on(*ty, *date);
            if got != *minutes {
                problems.push(format!("balance of {} on {date}: expected {minutes}, got {got}", ty.0));
            }
        }
        for (ty, want) in &self.rows {
            match ledger.row(&pto_type(*ty)) {
                None => problems.push(format!("row of {}: not set up", ty.0)),
                Some(r) => {
                    let got =
                        (r.starting_balance, r.carryover, r.earned, r.manually_added, r.used, r.forfeited, r.balance);
                    if got != *want {
                        problems.push(format!("row of {}: expected {want:?}, got {got:?}", ty.0));
                    }
                }
            }
        }
        for (ty, start, end) in &self.periods {
            if let Some(r) = ledger.row(&pto_type(*ty)) {
                if (r.period.start_date, r.period.end_date) != (*start, *end) {
                    problems.push(format!("period of {}: expected {start}..{end}, got {:?}", ty.0, r.period));
                }
            }
        }
        for ty in &self.not_set_up {
            if ledger.available(*ty) != PTO_NOT_SET_UP {
                problems.push(format!("type {} should not be set up", ty.0));
            }
        }
        // Every row adds up, and the balance agrees with the entries.
        for ty in ledger.checkpoint.pto_types() {
            if let Some(r) = ledger.row(&pto_type(ty)) {
                let sum = r.starting_balance + r.carryover + r.earned + r.manually_added + r.forfeited - r.used;
                if sum != r.balance || r.balance != ledger.balance_on(ty, self.through) {
                    problems.push(format!("row of {} does not add up: {r:?}", ty.0));
                }
            }
        }
        // Incremental: two halves give the same ledger.
        let start = self.input.employment.start;
        let middle = start + (self.through - start) / 2;
        let mut parts = compute(&self.input, middle);
        parts.append(resume(&self.input, &parts.checkpoint, self.through));
        if parts != ledger {
            problems.push(format!("incremental run differs (split at {middle})"));
        }
        problems
    }
}

// ---- the cases -----------------------------------------------------------------------------

fn cases() -> Vec<Case> {
    vec![
        // ---------------- PER_CALENDAR_YEAR ----------------
        case("calendar year: the whole rate on 1 January")
            .plan("2024-01-01", &[cal(V, 120)])
            .expect(&[("2024-01-01", V, ACC, 7200)])
            .row(V, (0, 0, 7200, 0, 0, 0, 7200))
            .period(V, "2024-01-01", "2024-12-31"),
        case("calendar year: mid-year hire prorated by days, remainder carried to next grant")
            // 7200 * 184/366 = 3619.67 -> 3619 (0.67 carried); next year 7200.67 -> 7200.
            .hired("2024-07-01")
            .plan("2024-01-01", &[cal(V, 120)])
            .through("2025-01-01")
            .expect(&[("2024-07-01", V, ACC, 3619), ("2025-01-01", V, CARRY, 3619), ("2025-01-01", V, ACC, 7200)])
            .row(V, (0, 3619, 7200, 0, 0, 0, 10819)),
        case("calendar year: a job role's allowance replaces the fixed rate, not an accrual's")
            // Vacation 80 h in the plan, 120 h for this job role: 7200. Sick accrues 1 h per 30
            // worked hours whatever the allowance says: 8 h a day Mon 1..Fri 5 Jan = 40 h -> 80 min.
            .plan("2024-01-01", &[cal(V, 80), hourly(S, 100, 30)])
            .allowance(V, 120)
            .allowance(S, 500)
            .worked("2024-01-01", "2024-01-05", 480)
            .through("2024-01-06")
            .expect(&[("2024-01-01", V, ACC, 7200), ("2024-01-06", S, ACC, 80)]),
        case("calendar year: mid-year hire not prorated gets the full rate")
            .hired("2024-07-01")
            .plan("2024-01-01", &[cal(V, 120).not_prorated()])
            .expect(&[("2024-07-01", V, ACC, 7200)]),
        case("calendar year: hire in a common year uses 365 days")
            // Oct 2..Dec 31 = 91 days; 4800 * 91/365 = 1196.7 -> 1196.
            .hired("2023-10-02")
            .plan("2023-01-01", &[cal(V, 80)])
            .through("2023-12-31")
            .expect(&[("2023-10-02", V, ACC, 1196)])
            .balance("2023-10-01", V, 0)
            .balance("2023-12-31", V, 1196),
        case("calendar year: waiting period, accrual starts after it (prorated from its end)")
            // Jan 1 + 90 days = Mar 31; Mar 31..Dec 31 = 276 days; 7200*276/366 = 5429.5 -> 5429.
            .plan("2024-01-01", &[cal(V, 120).waiting(90, true)])
            .expect(&[("2024-03-31", V, ACC, 5429)])
            .balance("2024-03-30", V, 0),
        case("calendar year: waiting period, time in it counts (full grant when it ends)")
            .plan("2024-01-01", &[cal(V, 120).waiting(90, false)])
            .expect(&[("2024-03-31", V, ACC, 7200)]),
        case("calendar year: waiting period ending in the next year")
            // Hired Dec 1 2023, 90 days -> Feb 29 2024: nothing for 2023, the full 2024 grant then.
            .hired("2023-12-01")
            .plan("2023-01-01", &[cal(V, 40).waiting(90, false)])
            .through("2024-03-01")
            .expect(&[("2024-02-29", V, ACC, 2400)]),
        case("calendar year: use-it-or-lose-it forfeits at the year boundary")
            .plan("2024-01-01", &[cal(V, 40).use_it_or_lose_it()])
            .off(V, "2024-05-06", "2024-05-06")
            .through("2025-01-01")
            .expect(&[
                ("2024-01-01", V, ACC, 2400),
                ("2024-05-06", V, REQ, -480),
                ("2024-12-31", V, FORF, -1920),
                ("2025-01-01", V, ACC, 2400),
            ])
            .balance("2024-12-30", V, 1920)
            .balance("2024-12-31", V, 0)
            .row(V, (0, 0, 2400, 0, 0, 0, 2400)),
        case("calendar year: carryover capped")
            // 2400 left, cap 8 h = 480 carried, 1920 forfeited.
            .plan("2024-01-01", &[cal(V, 40).carry_cap(8)])
            .through("2025-01-01")
            .expect(&[
                ("2024-01-01", V, ACC, 2400),
                ("2024-12-31", V, FORF, -1920),
                ("2025-01-01", V, CARRY, 480),
                ("2025-01-01", V, ACC, 2400),
            ])
            .row(V, (0, 480, 2400, 0, 0, 0, 2880)),
        case("calendar year: carryover without a cap over two year ends")
            .plan("2024-01-01", &[cal(V, 40)])
            .through("2026-01-01")
            .expect(&[
                ("2024-01-01", V, ACC, 2400),
                ("2025-01-01", V, CARRY, 2400),
                ("2025-01-01", V, ACC, 2400),
                ("2026-01-01", V, CARRY, 4800),
                ("2026-01-01", V, ACC, 2400),
            ])
            .row(V, (0, 4800, 2400, 0, 0, 0, 7200))
            .period(V, "2026-01-01", "2026-12-31"),
        case("calendar year: the grant stops at the maximum balance")
            // Max 60 h = 3600: 2400 carried, then only 1200 of the next 2400; the year after nothing.
            .plan("2024-01-01", &[cal(V, 40).max_balance(60)])
            .through("2026-01-01")
            .expect(&[
                ("2024-01-01", V, ACC, 2400),
                ("2025-01-01", V, CARRY, 2400),
                ("2025-01-01", V, ACC, 1200),
                ("2026-01-01", V, CARRY, 3600),
            ])
            .row(V, (0, 3600, 0, 0, 0, 0, 3600)),
        case("calendar year: a manual addition may exceed the maximum; carryover may not")
            // 2400 + 1200 = 3600 > max 3000: 600 forfeited at the year end; no grant in 2025.
            .plan("2024-01-01", &[cal(V, 40).max_balance(50)])
            .manual("2024-06-03", V, 1200)
            .through("2025-01-01")
            .expect(&[
                ("2024-01-01", V, ACC, 2400),
                ("2024-06-03", V, MAN, 1200),
                ("2024-12-31", V, FORF, -600),
                ("2025-01-01", V, CARRY, 3000),
            ]),
        case("calendar year: a negative balance is not carried (written off)")
            .plan("2024-01-01", &[cal(V, 8)])
            .off(V, "2024-02-05", "2024-02-06")
            .through("2025-01-01")
            .expect(&[
                ("2024-01-01", V, ACC, 480),
                ("2024-02-05", V, REQ, -480),
                ("2024-02-06", V, REQ, -480),
                ("2024-12-31", V, FORF, 480),
                ("2025-01-01", V, ACC, 480),
            ])
            .balance("2024-12-30", V, -480)
            .row(V, (0, 0, 480, 0, 0, 0, 480)),
        case("calendar year: a plan assigned for one year goes on the next")
            .plan("2024-01-01", &[cal(V, 40).use_it_or_lose_it()])
            .through("2025-06-30")
            .expect(&[("2024-01-01", V, ACC, 2400), ("2024-12-31", V, FORF, -2400), ("2025-01-01", V, ACC, 2400)]),
        // ---------------- PER_ANNIVERSARY ----------------
        case("anniversary: granted at hire and on each anniversary, carried between")
            .hired("2023-03-15")
            .plan("2023-01-01", &[anniv(V, 80)])
            .through("2024-03-15")
            .expect(&[("2023-03-15", V, ACC, 4800), ("2024-03-15", V, CARRY, 4800), ("2024-03-15", V, ACC, 4800)])
            .period(V, "2024-03-15", "2025-03-14")
            .row(V, (0, 4800, 4800, 0, 0, 0, 9600)),
        case("anniversary: use-it-or-lose-it forfeits the day before the anniversary")
            .hired("2023-03-15")
            .plan("2023-01-01", &[anniv(V, 40).use_it_or_lose_it()])
            .off(V, "2023-06-05", "2023-06-05")
            .through("2024-03-15")
            .expect(&[
                ("2023-03-15", V, ACC, 2400),
                ("2023-06-05", V, REQ, -480),
                ("2024-03-14", V, FORF, -1920),
                ("2024-03-15", V, ACC, 2400),
            ]),
        case("anniversary: 29 February start, anniversary on 28 February in a common year")
            .hired("2024-02-29")
            .plan("2024-01-01", &[anniv(V, 40).carry_cap(10)])
            .through("2025-03-01")
            .expect(&[
                ("2024-02-29", V, ACC, 2400),
                ("2025-02-27", V, FORF, -1800),
                ("2025-02-28", V, CARRY, 600),
                ("2025-02-28", V, ACC, 2400),
            ])
            .period(V, "2025-02-28", "2026-02-27"),
        case("anniversary: plan starting mid anniversary-year is prorated")
            // Year 2023-07-01..2024-06-30 (366 days); Jan 1..Jun 30 = 182 days;
            // 4800*182/366 = 2386.9 -> 2386 (0.89 carried to the next grant).
            .hired("2020-07-01")
            .plan("2024-01-01", &[anniv(V, 80)])
            .through("2024-07-01")
            .expect(&[("2024-01-01", V, ACC, 2386), ("2024-07-01", V, CARRY, 2386), ("2024-07-01", V, ACC, 4800)]),
        case("anniversary: termination before the anniversary, no year end on the last day")
            .hired("2023-03-15")
            .terminated("2024-03-14")
            .plan("2023-01-01", &[anniv(V, 40).use_it_or_lose_it()])
            .through("2024-06-01")
            .expect(&[("2023-03-15", V, ACC, 2400)])
            .balance("2024-06-01", V, 2400),
        // ---------------- PER_PAY_PERIOD ----------------
        case("pay period: monthly from a 1 January start, credited on each month's last day")
            .plan("2024-01-01", &[months(V, 8, 1)])
            .through("2024-03-31")
            .expect(&[("2024-01-31", V, ACC, 480), ("2024-02-29", V, ACC, 480), ("2024-03-31", V, ACC, 480)])
            .row(V, (0, 0, 1440, 0, 0, 0, 1440)),
        case("pay period: months counted from a mid-month start")
            .hired("2024-03-15")
            .plan("2024-01-01", &[months(V, 8, 1)])
            .through("2024-06-14")
            .expect(&[("2024-04-14", V, ACC, 480), ("2024-05-14", V, ACC, 480), ("2024-06-14", V, ACC, 480)]),
        case("pay period: a 31 January start, month ends clamped without drift")
            // Blocks end Feb 29, Mar 31, Apr 30 (from Jan 31), so credits fall the day before.
            .hired("2024-01-31")
            .plan("2024-01-01", &[months(V, 8, 1)])
            .through("2024-04-30")
            .expect(&[("2024-02-28", V, ACC, 480), ("2024-03-30", V, ACC, 480), ("2024-04-29", V, ACC, 480)]),
        case("pay period: quarterly blocks").plan("2024-01-01", &[months(V, 24, 3)]).expect(&[
            ("2024-03-31", V, ACC, 1440),
            ("2024-06-30", V, ACC, 1440),
            ("2024-09-30", V, ACC, 1440),
            ("2024-12-31", V, ACC, 1440),
        ]),
        case("pay period: plan starting mid-block, prorated by days")
            // Block Mar 1..31 (31 days), 16 days under the rule: 480*16/31 = 247.7 -> 247.
            .plan("2024-03-16", &[months(V, 8, 1)])
            .through("2024-04-30")
            .expect(&[("2024-03-31", V, ACC, 247), ("2024-04-30", V, ACC, 480)]),
        case("pay period: plan starting mid-block, not prorated: partial block earns nothing")
            .plan("2024-03-16", &[months(V, 8, 1).not_prorated()])
            .through("2024-04-30")
            .expect(&[("2024-04-30", V, ACC, 480)]),
        case("pay period: termination mid-block, prorated partial block on the last day")
            // Mar 1..10 = 10 of 31 days: 480*10/31 = 154.8 -> 154. Nothing after.
            .terminated("2024-03-10")
            .plan("2024-01-01", &[months(V, 8, 1)])
            .through("2025-02-01")
            .expect(&[("2024-01-31", V, ACC, 480), ("2024-02-29", V, ACC, 480), ("2024-03-10", V, ACC, 154)])
            .balance("2025-02-01", V, 1114),
        case("pay period: waiting period, time in it counts and is credited when it ends")
            // Jan 1 + 60 days = Mar 1: January's and February's 960 credited on Mar 1.
            .plan("2024-01-01", &[months(V, 8, 1).waiting(60, false)])
            .through("2024-03-31")
            .expect(&[("2024-03-01", V, ACC, 960), ("2024-03-31", V, ACC, 480)])
            .balance("2024-02-29", V, 0),
        case("pay period: waiting period, accrual starts after it (partial block prorated)")
            // Jan 1 + 45 = Feb 15; Feb 15..29 = 15 of 29 days: 480*15/29 = 248.3 -> 248.
            .plan("2024-01-01", &[months(V, 8, 1).waiting(45, true)])
            .through("2024-03-31")
            .expect(&[("2024-02-29", V, ACC, 248), ("2024-03-31", V, ACC, 480)]),
        case("pay period: a block across the year end counts in the year it completes")
            .hired("2024-06-15")
            .plan("2024-01-01", &[months(V, 8, 1).use_it_or_lose_it()])
            .through("2025-01-14")
            .expect(&[
                ("2024-07-14", V, ACC, 480),
                ("2024-08-14", V, ACC, 480),
                ("2024-09-14", V, ACC, 480),
                ("2024-10-14", V, ACC, 480),
                ("2024-11-14", V, ACC, 480),
                ("2024-12-14", V, ACC, 480),
                ("2024-12-31", V, FORF, -2880),
                ("2025-01-14", V, ACC, 480),
            ]),
        // ---------------- PER_HOUR_WORKED ----------------
        case("hour worked: 1 h per 30 h, credited on Saturdays")
            // 5 x 480 = 2400 worked minutes a week: 2400 * 1/30 = 80.
            .plan("2024-01-01", &[hourly(V, 100, 30)])
            .worked("2024-01-01", "2024-01-12", 480)
            .through("2024-01-13")
            .expect(&[("2024-01-06", V, ACC, 80), ("2024-01-13", V, ACC, 80)])
            .row(V, (0, 0, 160, 0, 0, 0, 160)),
        case("hour worked: sub-minute remainders carried, never lost between weeks")
            // 0.05 h per hour = 3 min/h; 2250 min a week -> 112.5: 112, then 112.5+0.5 = 113.
            .plan("2024-01-01", &[hourly(V, 5, 1)])
            .worked("2024-01-01", "2024-01-12", 450)
            .through("2024-01-13")
            .expect(&[("2024-01-06", V, ACC, 112), ("2024-01-13", V, ACC, 113)]),
        case("hour worked: settled on the year's last day, carried, then weekly again")
            // Dec 23,24,26,27 = 1920 -> 64 (Sat 28); Dec 30,31 = 960 -> 32 (Dec 31); Jan 2,3 -> 32.
            .hired("2024-12-23")
            .plan("2024-01-01", &[hourly(V, 100, 30)])
            .worked_on("2024-12-23", 480)
            .worked_on("2024-12-24", 480)
            .worked_on("2024-12-26", 480)
            .worked_on("2024-12-27", 480)
            .worked_on("2024-12-30", 480)
            .worked_on("2024-12-31", 480)
            .worked_on("2025-01-02", 480)
            .worked_on("2025-01-03", 480)
            .through("2025-01-04")
            .expect(&[
                ("2024-12-28", V, ACC, 64),
                ("2024-12-31", V, ACC, 32),
                ("2025-01-01", V, CARRY, 96),
                ("2025-01-04", V, ACC, 32),
            ]),
        case("hour worked: accrual stops at the maximum balance")
            .plan("2024-01-01", &[hourly(V, 100, 30).max_balance(2)])
            .worked("2024-01-01", "2024-01-19", 480)
            .through("2024-01-20")
            .expect(&[("2024-01-06", V, ACC, 80), ("2024-01-13", V, ACC, 40)])
            .balance("2024-01-20", V, 120),
        case("hour worked: accrual resumes below the maximum after time off")
            .plan("2024-01-01", &[hourly(V, 100, 30).max_balance(2)])
            .worked("2024-01-01", "2024-01-26", 480)
            .request(V, "2024-01-15", "2024-01-15", false, &[], Some(((9, 0), (10, 0))))
            .through("2024-01-27")
            .expect(&[
                ("2024-01-06", V, ACC, 80),
                ("2024-01-13", V, ACC, 40),
                ("2024-01-15", V, REQ, -60),
                ("2024-01-20", V, ACC, 60),
            ])
            .balance("2024-01-27", V, 120),
        case("hour worked: waiting period, accrual starts after it")
            .plan("2024-01-01", &[hourly(V, 100, 30).waiting(7, true)])
            .worked("2024-01-01", "2024-01-12", 480)
            .through("2024-01-13")
            .expect(&[("2024-01-13", V, ACC, 80)]),
        case("hour worked: waiting period, its hours credited the day it ends")
            .plan("2024-01-01", &[hourly(V, 100, 30).waiting(7, false)])
            .worked("2024-01-01", "2024-01-12", 480)
            .through("2024-01-13")
            .expect(&[("2024-01-08", V, ACC, 80), ("2024-01-13", V, ACC, 80)]),
        case("hour worked: termination mid-week settles on the last day; later work ignored")
            .terminated("2024-01-10")
            .plan("2024-01-01", &[hourly(V, 100, 30)])
            .worked("2024-01-01", "2024-01-12", 480)
            .through("2024-01-31")
            .expect(&[("2024-01-06", V, ACC, 80), ("2024-01-10", V, ACC, 48)]),
        // ---------------- plan switches and starting balances ----------------
        case("switch fixed to fixed mid-year with a starting balance: it replaces the balance")
            .plan("2024-01-01", &[cal(V, 80)])
            .off(V, "2024-03-04", "2024-03-04")
            .plan("2024-07-01", &[cal(V, 120)])
            .starting("2024-07-01", V, 6000)
            .through("2025-01-01")
            .expect(&[
                ("2024-01-01", V, ACC, 4800),
                ("2024-03-04", V, REQ, -480),
                ("2024-07-01", V, FORF, -4320),
                ("2024-07-01", V, NEW, 6000),
                ("2025-01-01", V, CARRY, 6000),
                ("2025-01-01", V, ACC, 7200),
            ])
            .balance("2024-12-31", V, 6000),
        case("switch fixed to fixed mid-year without a starting balance: no second grant")
            .plan("2024-01-01", &[cal(V, 80)])
            .plan("2024-07-01", &[cal(V, 120)])
            .through("2025-01-01")
            .expect(&[("2024-01-01", V, ACC, 4800), ("2025-01-01", V, CARRY, 4800), ("2025-01-01", V, ACC, 7200)]),
        case("switch monthly accrual to fixed mid-year: prorated grant on the switch date")
            // Jul 1..Dec 31 = 184 of 366 days: 7200*184/366 = 3619.7 -> 3619.
            .plan("2024-01-01", &[months(V, 8, 1)])
            .plan("2024-07-01", &[cal(V, 120)])
            .through("2024-07-01")
            .expect(&[
                ("2024-01-31", V, ACC, 480),
                ("2024-02-29", V, ACC, 480),
                ("2024-03-31", V, ACC, 480),
                ("2024-04-30", V, ACC, 480),
                ("2024-05-31", V, ACC, 480),
                ("2024-06-30", V, ACC, 480),
                ("2024-07-01", V, ACC, 3619),
            ])
            .row(V, (0, 0, 6499, 0, 0, 0, 6499)),
        case("switch fixed to monthly accrual: accrual from the switch, blocks from the start date")
            .plan("2024-01-01", &[cal(V, 40)])
            .plan("2024-04-01", &[months(V, 8, 1)])
            .through("2024-04-30")
            .expect(&[("2024-01-01", V, ACC, 2400), ("2024-04-30", V, ACC, 480)]),
        case("switch monthly to hourly with a starting balance")
            // The monthly rule's February block is settled on its last day under it (Feb 29).
            .plan("2024-01-01", &[months(V, 8, 1)])
            .plan("2024-03-01", &[hourly(V, 100, 30)])
            .starting("2024-03-01", V, 1200)
            .worked_on("2024-03-01", 480)
            .through("2024-03-02")
            .expect(&[
                ("2024-01-31", V, ACC, 480),
                ("2024-02-29", V, ACC, 480),
                ("2024-03-01", V, FORF, -960),
                ("2024-03-01", V, NEW, 1200),
                ("2024-03-02", V, ACC, 16),
            ])
            .row(V, (1200, 0, 976, 0, 0, -960, 1216)),
        case("switch mid-block between two monthly plans: each side prorated")
            // Feb 1..14 under 8 h (14/29): 480*14/29 = 231.7 -> 231; Feb 15..29 under 16 h (15/29):
            // 960*15/29 = 496.6 -> 496.
            .plan("2024-01-01", &[months(V, 8, 1)])
            .plan("2024-02-15", &[months(V, 16, 1)])
            .through("2024-03-31")
            .expect(&[
                ("2024-01-31", V, ACC, 480),
                ("2024-02-14", V, ACC, 231),
                ("2024-02-29", V, ACC, 496),
                ("2024-03-31", V, ACC, 960),
            ]),
        case("new hire with a starting balance: it stands for this year's fixed grant")
            .hired("2024-05-01")
            .plan("2024-01-01", &[cal(V, 80)])
            .starting("2024-01-01", V, 2000) // dated before the start: takes effect on it
            .through("2025-01-01")
            .expect(&[("2024-05-01", V, NEW, 2000), ("2025-01-01", V, CARRY, 2000), ("2025-01-01", V, ACC, 4800)]),
        case("switch to a plan without the type: accrual stops, the balance stays and carries")
            .plan("2024-01-01", &[months(V, 8, 1), cal(S, 40)])
            .plan("2024-03-01", &[cal(S, 40)])
            .through("2025-01-01")
            .expect(&[
                ("2024-01-01", S, ACC, 2400),
                ("2024-01-31", V, ACC, 480),
                ("2024-02-29", V, ACC, 480),
                ("2025-01-01", V, CARRY, 960),
                ("2025-01-01", S, CARRY, 2400),
                ("2025-01-01", S, ACC, 2400),
            ]),
        case("no plan from a date: accrual stops there")
            .plan("2024-01-01", &[months(V, 8, 1)])
            .no_plan("2024-03-01")
            .through("2024-06-30")
            .expect(&[("2024-01-31", V, ACC, 480), ("2024-02-29", V, ACC, 480)])
            .row(V, (0, 0, 960, 0, 0, 0, 960)),
        case("a type in no plan is not set up")
            .plan("2024-01-01", &[cal(S, 40)])
            .expect(&[("2024-01-01", S, ACC, 2400)])
            .not_set_up(V),
        // ---------------- manual additions ----------------
        case("manual addition for the previous year is dated 31 December and carried by its rule")
            .hired("2023-01-01")
            .plan("2023-01-01", &[cal(V, 40).carry_cap(8)])
            .manual_for_year(2023, "2024-02-10", V, 480)
            .through("2024-01-01")
            .expect(&[
                ("2023-01-01", V, ACC, 2400),
                ("2023-12-31", V, MAN, 480),
                ("2023-12-31", V, FORF, -2400),
                ("2024-01-01", V, CARRY, 480),
                ("2024-01-01", V, ACC, 2400),
            ]),
        case("manual addition and its correction")
            .plan("2024-01-01", &[cal(V, 40)])
            .manual("2024-02-01", V, 480)
            .manual("2024-02-02", V, -480)
            .expect(&[("2024-01-01", V, ACC, 2400), ("2024-02-01", V, MAN, 480), ("2024-02-02", V, MAN, -480)])
            .row(V, (0, 0, 2400, 0, 0, 0, 2400)),
        case("manual addition for next year is dated 1 January")
            .plan("2024-01-01", &[cal(V, 40).use_it_or_lose_it()])
            .manual_for_year(2025, "2024-11-20", V, 600)
            .through("2025-01-01")
            .expect(&[
                ("2024-01-01", V, ACC, 2400),
                ("2024-12-31", V, FORF, -2400),
                ("2025-01-01", V, ACC, 2400),
                ("2025-01-01", V, MAN, 600),
            ])
            .row(V, (0, 0, 2400, 600, 0, 0, 3000)),
        // ---------------- requests ----------------
        case("request across a weekend skips Saturday and Sunday")
            .plan("2024-01-01", &[cal(V, 80)])
            .off(V, "2024-05-10", "2024-05-14")
            .expect(&[
                ("2024-01-01", V, ACC, 4800),
                ("2024-05-10", V, REQ, -480),
                ("2024-05-13", V, REQ, -480),
                ("2024-05-14", V, REQ, -480),
            ])
            .row(V, (0, 0, 4800, 0, 1440, 0, 3360)),
        case("request including the weekend")
            .plan("2024-01-01", &[cal(V, 80)])
            .request(V, "2024-05-10", "2024-05-12", true, &[], None)
            .expect(&[
                ("2024-01-01", V, ACC, 4800),
                ("2024-05-10", V, REQ, -480),
                ("2024-05-11", V, REQ, -480),
                ("2024-05-12", V, REQ, -480),
            ]),
        case("request over a paid holiday skips it")
            .plan("2024-01-01", &[cal(V, 80)])
            .request(V, "2024-07-03", "2024-07-05", false, &["2024-07-04"], None)
            .expect(&[("2024-01-01", V, ACC, 4800), ("2024-07-03", V, REQ, -480), ("2024-07-05", V, REQ, -480)]),
        case("request across the year end draws each day from its own year")
            .plan("2024-01-01", &[cal(V, 40).use_it_or_lose_it()])
            .request(V, "2024-12-30", "2025-01-02", false, &["2025-01-01"], None)
            .through("2025-01-02")
            .expect(&[
                ("2024-01-01", V, ACC, 2400),
                ("2024-12-30", V, REQ, -480),
                ("2024-12-31", V, REQ, -480),
                ("2024-12-31", V, FORF, -1440),
                ("2025-01-01", V, ACC, 2400),
                ("2025-01-02", V, REQ, -480),
            ])
            .row(V, (0, 0, 2400, 0, 480, 0, 1920)),
        case("partial-day request uses its hours")
            .plan("2024-01-01", &[cal(V, 40)])
            .request(V, "2024-03-05", "2024-03-05", false, &[], Some(((9, 0), (11, 30))))
            .expect(&[("2024-01-01", V, ACC, 2400), ("2024-03-05", V, REQ, -150)]),
        case("two types on one day are ordered by type")
            .plan("2024-01-01", &[cal(V, 40), months(S, 4, 1)])
            .off(S, "2024-01-31", "2024-01-31")
            .off(V, "2024-01-31", "2024-01-31")
            .through("2024-01-31")
            .expect(&[
                ("2024-01-01", V, ACC, 2400),
                ("2024-01-31", V, REQ, -480),
                ("2024-01-31", S, ACC, 240),
                ("2024-01-31", S, REQ, -480),
            ])
            .row(S, (0, 0, 240, 0, 480, 0, -240)),
        // ---------------- termination ----------------
        case("termination on 31 December: no year end, later manual entries still recorded")
            .terminated("2024-12-31")
            .plan("2024-01-01", &[cal(V, 40).use_it_or_lose_it()])
            .manual("2025-01-15", V, -2400)
            .through("2025-03-01")
            .expect(&[("2024-01-01", V, ACC, 2400), ("2025-01-15", V, MAN, -2400)])
            .balance("2025-01-14", V, 2400)
            .balance("2025-03-01", V, 0),
    ]
}

#[test]
fn scenario_table() {
    let cases = cases();
    assert!(cases.len() >= 40, "the table has {} cases", cases.len());
    let mut failures = Vec::new();
    for c in &cases {
        let problems = c.check();
        if !problems.is_empty() {
            failures.push(format!("--- {}\n{}", c.name, problems.join("\n")));
        }
    }
    assert!(failures.is_empty(), "{} of {} scenarios failed:\n{}", failures.len(), cases.len(), failures.join("\n"));
}

#[test]
fn a_projection_accrues_nothing_on_days_of_leave_or_holidays() {
    // Issue 38: 1 h per 30 h worked; today Friday 5 January 2024. Projected to Saturday 20
    // January: the week of 8 January is approved leave (5 × 480 min off) and Monday 15 January a
    // paid holiday, so only 16–19 January are assumed worked: 4 × 480 = 1,920 min, 64 earned.
    // Before, every weekday was assumed worked: 10 × 480 = 4,800 min, 160 earned.
    let mut c = case("projection over leave").plan("2024-01-01", &[hourly(V, 100, 30)]);
    for day in 8..=12 {
        c.input.time_off.push(TimeOffTaken {
            request: SourceId(1),
            date: NaiveDate::from_ymd_opt(2024, 1, day).unwrap(),
            pto_type: V,
            minutes: 480,
        });
    }
    let holiday = [d("2024-01-15")];
    let projected =
        projected_row(&c.input, &pto_type(V), d("2024-01-05"), d("2024-01-20"), MINUTES_PER_DAY, &holiday).unwrap();
    assert_eq!(projected.earned, 64);
    // A half day off works the other half.
    c.input.time_off.retain(|t| t.date != d("2024-01-12"));
    c.input.time_off.push(TimeOffTaken { request: SourceId(2), date: d("2024-01-12"), pto_type: V, minutes: 240 });
    let projected =
        projected_row(&c.input, &pto_type(V), d("2024-01-05"), d("2024-01-20"), MINUTES_PER_DAY, &holiday).unwrap();
    assert_eq!(projected.earned, 72);
}

#[test]
fn projected_row_assumes_the_default_workday() {
    // Worked Jan 1..5 (2400 min, 80 earned on Sat Jan 6). Projected to Jan 13 assuming
    // 480 a weekday from Jan 6: Jan 8..12 -> another 80.
    let c = case("projection").plan("2024-01-01", &[hourly(V, 100, 30)]).worked("2024-01-01", "2024-01-05", 480);
    let today = employee_row(&c.input, &pto_type(V), d("2024-01-05")).unwrap();
    assert_eq!(today.earned, 0);
    let projected =
        projected_row(&c.input, &pto_type(V), d("2024-01-05"), d("2024-01-13"), MINUTES_PER_DAY, &[]).unwrap();
    assert_eq!(projected.earned, 160);
    assert_eq!(projected.as_of, d("2024-01-13"));
    assert_eq!(projected.method, Some(Method::PerHourWorked));
    assert_eq!(projected.status, 1);
}

#[test]
fn balance_check_reserves_later_requests_and_skips_holidays() {
    let c = case("check").plan("2024-01-01", &[cal(V, 16)]).off(V, "2024-12-02", "2024-12-03"); // 960: the whole balance, later in the year
    let vacation = pto_type(V);
    let july = TimeOffRequest { start: d("2024-07-01"), end: d("2024-07-01"), include_weekend: false, partial: None };
    let usage = request_usage(&july, &[]).unwrap();
    let check = check_balance(&c.input, &vacation, &usage.time_off(SourceId(99), V));
    assert!(!check.pass, "December's request already counts on the time");
    assert_eq!(check.balance, 960);
    assert_eq!(check.requested, 480);
    // December counts on all of it: nothing is available for July, and the message says so.
    assert_eq!(check.available, 0);
    assert_eq!(
        check.message.as_deref(),
        Some("Dang it! You don't have enough Vacation available for this request. 0 h available, 8 h requested.")
    );

    // A holiday-only request uses nothing: the screen cannot submit it, no message.
    let holiday = request_usage(&july, &[d("2024-07-01")]).unwrap();
    assert_eq!(holiday.minutes, 0);
    assert!(holiday.good_news().is_some());
    let check = check_balance(&c.input, &vacation, &holiday.time_off(SourceId(99), V));
    assert!(!check.pass);
    assert_eq!(check.message, None);

    // An unpaid type always passes.
    let unpaid = PtoType { payable: false, ..vacation.clone() };
    assert!(check_balance(&c.input, &unpaid, &usage.time_off(SourceId(99), V)).pass);

    // Without the December request, July passes.
    let mut free = c.input.clone();
    free.time_off.clear();
    let check = check_balance(&free, &vacation, &usage.time_off(SourceId(99), V));
    assert!(check.pass);
    assert_eq!(check.message, None);

    // With one December day booked, half is left for July: two days are too many.
    let one_day = case("check one").plan("2024-01-01", &[cal(V, 16)]).off(V, "2024-12-02", "2024-12-02");
    let two_days = TimeOffRequest { end: d("2024-07-02"), ..july };
    let usage = request_usage(&two_days, &[]).unwrap();
    let check = check_balance(&one_day.input, &vacation, &usage.time_off(SourceId(99), V));
    assert_eq!((check.pass, check.balance, check.available), (false, 960, 480));
    assert_eq!(
        check.message.as_deref(),
        Some("Dang it! You don't have enough Vacation available for this request. 8 h available, 16 h requested.")
    );
}

#[test]
fn balance_check_counts_time_not_yet_accrued_as_unavailable() {
    // 8 h a month: on 10 January nothing has been credited yet; on 1 February 480 has.
    let c = case("accrual check").plan("2024-01-01", &[months(V, 8, 1)]);
    let vacation = pto_type(V);
    for (day, pass) in [("2024-01-10", false), ("2024-02-01", true)] {
        let req = TimeOffRequest { start: d(day), end: d(day), include_weekend: true, partial: None };
        let usage = request_usage(&req, &[]).unwrap();
        let check = check_balance(&c.input, &vacation, &usage.time_off(SourceId(1), V));
        assert_eq!(check.pass, pass, "request on {day}");
    }
}
