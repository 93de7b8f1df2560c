#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]
//! Issue 38's accrual settings, one hand-computed scenario each (the arithmetic is in the
//! comments). 2026 and 2027 are common years; 2028 is a leap year.

use chrono::NaiveDate;
use pto_engine::*;
use std::sync::Arc;

const T: PtoTypeId = PtoTypeId(1);

fn d(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

fn rule(method: Method, hours_centi: i64) -> Rule {
    Rule::new(RuleId(1), T, method, Hours::from_centi(hours_centi))
}

fn employee(rule: Rule, start: &str) -> EmployeeInput {
    let plan = Arc::new(Plan { id: PlanId(1), name: "P".into(), rules: vec![rule] });
    let mut input = EmployeeInput::new(d(start));
    input.plans.push(PlanAssignment::switch(d(start), plan));
    input
}

fn balance(input: &EmployeeInput, on: &str) -> i64 {
    compute(input, d(on)).balance(T)
}

fn take(input: &mut EmployeeInput, on: &str, minutes: i64) {
    input.time_off.push(TimeOffTaken { request: SourceId(9), date: d(on), pto_type: T, minutes });
}

fn credits(input: &EmployeeInput, through: &str) -> Vec<(NaiveDate, i64)> {
    compute(input, d(through))
        .entries
        .iter()
        .filter(|e| e.kind == EntryKind::Accrued)
        .map(|e| (e.date, e.minutes))
        .collect()
}

/// 1 day (8 h) a month on the first day of each calendar month, joining 15 March, the joining
/// month prorated: on 16 May the balance is 2 days + 17/31 of a day.
/// 15–31 March is 17 of 31 days: 480 × 17 / 31 = 263.23 min → 263 (0.23 carried);
/// 1 April 480; 1 May 480: 263 + 960 = 1,223 minutes.
#[test]
fn calendar_months_credited_on_the_first_with_the_joining_month_prorated() {
    let mut r = rule(Method::PerPayPeriod, 800);
    r.schedule.anchor = Anchor::Calendar;
    r.schedule.credit_on = CreditOn::PeriodStart;
    let input = employee(r, "2027-03-15");
    assert_eq!(credits(&input, "2027-05-16"), [(d("2027-03-15"), 263), (d("2027-04-01"), 480), (d("2027-05-01"), 480)]);
    assert_eq!(balance(&input, "2027-05-16"), 2 * 480 + 263);
    // Credited at the month's end instead: 15 March's share lands on 31 March, April's on
    // 30 April, and May's is not there yet on the 16th.
    let mut at_end = r;
    at_end.schedule.credit_on = CreditOn::PeriodEnd;
    let input = employee(at_end, "2027-03-15");
    assert_eq!(balance(&input, "2027-05-16"), 263 + 480);
}

/// "On the joining day": periods counted from the start date, credited on their first day. A
/// person who joined on 15 March gets 8 h on 15 March, 15 April and 15 May.
#[test]
fn months_from_the_joining_day_credited_on_it() {
    let mut r = rule(Method::PerPayPeriod, 800);
    r.schedule.credit_on = CreditOn::PeriodStart;
    let input = employee(r, "2027-03-15");
    assert_eq!(credits(&input, "2027-05-16"), [(d("2027-03-15"), 480), (d("2027-04-15"), 480), (d("2027-05-15"), 480)]);
}

/// 40 h carried over on 1 January, expiring 90 days later: gone on 1 April (31 + 28 + 31 = 90
/// days). 10 h taken in February come from the carried hours first, so 30 h expire.
#[test]
fn carried_hours_expire_ninety_days_after_the_carryover() {
    let mut r = rule(Method::PerCalendarYear, 4000);
    r.schedule.carryover_expiry = Some(Expiry { amount: 90, unit: ExpiryUnit::Days });
    let mut input = employee(r, "2026-01-01");
    // 2026's 40 h are carried into 2027, which grants 40 h more.
    assert_eq!(balance(&input, "2027-03-31"), 80 * 60);
    assert_eq!(balance(&input, "2027-04-01"), 40 * 60);
    take(&mut input, "2027-02-10", 600);
    assert_eq!(balance(&input, "2027-03-31"), 70 * 60);
    assert_eq!(balance(&input, "2027-04-01"), 40 * 60);
    let ledger = compute(&input, d("2027-04-01"));
    let expired = ledger.entries.last().unwrap();
    assert_eq!((expired.kind, expired.minutes), (EntryKind::Forfeited, -30 * 60));
    assert_eq!(expired.basis, Basis::CarryoverExpired { carried: 2400, used: 600 });
    // Three months after 1 January is 1 April too.
    let mut by_months = r;
    by_months.schedule.carryover_expiry = Some(Expiry { amount: 3, unit: ExpiryUnit::Months });
    let input = employee(by_months, "2026-01-01");
    assert_eq!(balance(&input, "2027-03-31"), 80 * 60);
    assert_eq!(balance(&input, "2027-04-01"), 40 * 60);
}

/// Weekly periods from the joining day (Wednesday 7 January 2026), 2 h each at the period's
/// end (Tuesdays): by Tuesday 3 February four weeks are credited, 8 h.
#[test]
fn weekly_periods_from_the_joining_day() {
    let mut r = rule(Method::PerPayPeriod, 200);
    r.schedule.period = AccrualPeriod::Weekly;
    let input = employee(r, "2026-01-07");
    let got = credits(&input, "2026-02-03");
    assert_eq!(got.len(), 4);
    assert_eq!(got[0], (d("2026-01-13"), 120));
    assert_eq!(balance(&input, "2026-02-03"), 8 * 60);
}

/// Two-week calendar periods run from Monday 1 January 2024 in steps of fourteen days:
/// 2024-01-01 + 52 × 14 days = Monday 29 December 2025, so 29 December to 11 January, then
/// 12–25 January.
/// Joining on 1 January 2026 covers 11 of the first period's 14 days: 4 h × 11 / 14 = 188.57
/// min → 188 on 11 January; 240 on 25 January.
#[test]
fn two_week_calendar_periods_prorate_the_joining_period() {
    let mut r = rule(Method::PerPayPeriod, 400);
    r.schedule.period = AccrualPeriod::Biweekly;
    r.schedule.anchor = Anchor::Calendar;
    let input = employee(r, "2026-01-01");
    assert_eq!(credits(&input, "2026-01-25"), [(d("2026-01-11"), 188), (d("2026-01-25"), 240)]);
}

/// 80 h a year twice a month: 3 h 20 min a half month. Rounded to the quarter hour with the
/// difference carried: 200 → 195 (+5 carried), 205 → 210 (−5 carried), 195 → 195, … and the 24 credits
/// of the year add up to exactly 4,800 minutes.
#[test]
fn a_yearly_amount_twice_a_month_rounded_to_the_quarter_hour() {
    let mut r = rule(Method::PerPayPeriod, 8000);
    r.schedule.period = AccrualPeriod::SemiMonthly;
    r.schedule.anchor = Anchor::Calendar;
    r.schedule.rate_basis = RateBasis::PerYear;
    r.schedule.rounding = Rounding::QuarterHour;
    let input = employee(r, "2026-01-01");
    let got = credits(&input, "2026-12-31");
    assert_eq!(got.len(), 24);
    assert_eq!(got[0], (d("2026-01-15"), 195));
    assert_eq!(got[1], (d("2026-01-31"), 210));
    assert_eq!(got.iter().map(|c| c.1).sum::<i64>(), 4800);
    // Whole days of 8 hours: 200, 400, 600 → 0, 480, 480 (600 − 480 = 120 carried)…
    let mut days = r;
    days.schedule.rounding = Rounding::Day;
    let got = credits(&employee(days, "2026-01-01"), "2026-12-31");
    assert_eq!(&got[..2], [(d("2026-01-31"), 480), (d("2026-02-28"), 480)]);
    assert_eq!(got.iter().map(|c| c.1).sum::<i64>(), 4800);
}

/// The year turns on the hire anniversary: hired 1 April 2026 at 8 h a month (credited on
/// the 1st of each month from the joining day), use-it-or-lose-it. On 31 March 2027 the
/// 12 × 8 = 96 h earned are lost; on 1 April the new year's first credit arrives.
#[test]
fn the_year_turns_on_the_hire_anniversary() {
    let mut r = rule(Method::PerPayPeriod, 800);
    r.carryover = Carryover::UseItOrLoseIt;
    r.schedule.year_start = YearStart::HireAnniversary;
    let input = employee(r, "2026-04-01");
    // Months from 1 April are credited on their last day: 30 April … 31 March.
    assert_eq!(balance(&input, "2027-03-30"), 11 * 480);
    assert_eq!(balance(&input, "2027-03-31"), 0);
    assert_eq!(balance(&input, "2027-04-30"), 480);
    // A calendar year would have forfeited nine months' worth on 31 December instead.
    let mut calendar = r;
    calendar.schedule.year_start = YearStart::Default;
    assert_eq!(balance(&employee(calendar, "2026-04-01"), "2027-03-30"), 2 * 480);
}

/// A fiscal year from 1 July: 40 h carried at most. Hired 1 January 2026 at 10 h a month: by
/// 30 June 60 h are earned, 40 h carried into the fiscal year that starts 1 July.
#[test]
fn a_fiscal_year_caps_the_carryover_on_its_first_day() {
    let mut r = rule(Method::PerPayPeriod, 1000);
    r.carryover = Carryover::AllowCarryover { max_hours: Some(40) };
    r.schedule.anchor = Anchor::Calendar;
    r.schedule.year_start = YearStart::Fiscal { month: 7, day: 1 };
    let input = employee(r, "2026-01-01");
    assert_eq!(balance(&input, "2026-06-29"), 50 * 60);
    assert_eq!(balance(&input, "2026-06-30"), 40 * 60);
    assert_eq!(balance(&input, "2026-12-31"), (40 + 60) * 60);
}

/// 80 h a year on each anniversary, 120 h from the third year of service, 160 h from the
/// sixth. Hired 15 March 2024: 80 h on 15 March 2024 and 2025, 120 h on 15 March 2026
/// (the third year begins on the second anniversary) … 160 h on 15 March 2029.
#[test]
fn rates_rise_with_years_of_service() {
    let mut r = rule(Method::PerAnniversary, 8000);
    r.carryover = Carryover::UseItOrLoseIt;
    r.schedule.tiers = ServiceTiers::new(vec![
        ServiceTier { from_year: 6, rate: Hours::whole(160) },
        ServiceTier { from_year: 3, rate: Hours::whole(120) },
    ])
    .unwrap();
    let input = employee(r, "2024-03-15");
    let got = credits(&input, "2029-03-15");
    let hours: Vec<i64> = got.iter().map(|c| c.1 / 60).collect();
    assert_eq!(hours, [80, 80, 120, 120, 120, 160]);
    assert_eq!(got[2].0, d("2026-03-15"));
    // An accruing rule's tier applies per period: 1 h a month, 2 h from year 2.
    let mut monthly = rule(Method::PerPayPeriod, 100);
    monthly.schedule.tiers = ServiceTiers::new(vec![ServiceTier { from_year: 2, rate: Hours::whole(2) }]).unwrap();
    let input = employee(monthly, "2026-01-01");
    // Credits on 31 January … 31 December 2026 (year 1), then 31 January 2027 (year 2).
    assert_eq!(balance(&input, "2026-12-31"), 12 * 60);
    assert_eq!(balance(&input, "2027-01-31"), 12 * 60 + 120);
}

/// The ledger's explanation names the new bases.
#[test]
fn the_explanation_reads_expiry_and_periods() {
    let mut r = rule(Method::PerCalendarYear, 4000);
    r.schedule.carryover_expiry = Some(Expiry { amount: 90, unit: ExpiryUnit::Days });
    let input = employee(r, "2026-01-01");
    let why = explain(&input, &PtoType { id: T, name: "Vacation".into(), payable: true }, d("2027-04-01")).unwrap();
    assert!(
        why.lines
            .iter()
            .any(|l| l.text == "40 h of carried-over time expired unused (40 h carried over, 0 h of it used)"),
        "{:?}",
        why.lines
    );
    let mut weekly = rule(Method::PerPayPeriod, 200);
    weekly.schedule.period = AccrualPeriod::Weekly;
    weekly.schedule.rounding = Rounding::HalfHour;
    let input = employee(weekly, "2026-01-07");
    let why = explain(&input, &PtoType { id: T, name: "Vacation".into(), payable: true }, d("2026-01-13")).unwrap();
    assert_eq!(
        why.lines.last().unwrap().text,
        "2 h for the period employed to 13 January 2026 (2 h per week), rounded to the half hour"
    );
}
