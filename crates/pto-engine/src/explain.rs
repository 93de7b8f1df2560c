//! "Why is my balance 12.5?" (issue 38): the ledger lines that make one type's balance over its
//! current period, each with a sentence saying where its amount comes from. The lines are the
//! ledger's own entries (the engine has no second arithmetic): what the period opened with, then
//! every credit, cut, addition and day off, a request's days joined into one line. They add up to
//! the balance, always: the opening line is the balance the period started from, and every other
//! line is an entry's change of the balance.

use crate::engine::compute;
use crate::ledger::{Basis, CapKind, EntryKind, LedgerEntry};
use crate::model::{EmployeeInput, Method, PtoType, Rule, SourceId};
use crate::round::Hours;
use crate::schedule::{CreditOn, RateBasis, Rounding};
use chrono::{Datelike, Days, NaiveDate};
use serde::Serialize;

/// One line of an explanation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Line {
    /// The day of the entry (the first day, for a request's days).
    pub date: NaiveDate,
    /// The last day, for a request over several days.
    pub until: Option<NaiveDate>,
    /// What kind of entry (the opening line is `CARRYOVER`, even when nothing carried).
    pub kind: EntryKind,
    /// The line's change of the balance, in minutes (the opening line: the opening balance).
    pub minutes: i64,
    /// The balance after the line.
    pub balance_after: i64,
    /// The starting balance, manual addition or request behind it.
    pub source: Option<SourceId>,
    /// Where the amount comes from: '1 h for 30 h worked (1 h per 30 h), week of 2 Nov 2026'.
    pub text: String,
}

/// The lines of one type's balance on a day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Explanation {
    /// The first day of the period explained.
    pub period_start: NaiveDate,
    /// The day explained.
    pub as_of: NaiveDate,
    /// The lines, oldest first; their minutes add up to `balance`.
    pub lines: Vec<Line>,
    /// The balance on `as_of`.
    pub balance: i64,
}

fn h(minutes: i64) -> String {
    Hours::from_minutes_rounded(minutes).to_string()
}

fn long(day: NaiveDate) -> String {
    day.format("%-d %B %Y").to_string()
}

/// The Sunday a week of the spec (Sunday to Saturday) starts on.
fn week_start(day: NaiveDate) -> NaiveDate {
    day.checked_sub_days(Days::new(u64::from(day.weekday().num_days_from_sunday()))).unwrap_or(day)
}

/// The rule of an entry, from the plans of the input.
fn rule_of<'a>(input: &'a EmployeeInput, entry: &LedgerEntry) -> Option<&'a Rule> {
    let wanted = entry.rule?;
    input
        .plans
        .iter()
        .filter_map(|assignment| assignment.plan.as_deref())
        .filter(|plan| plan.id == wanted.plan)
        .flat_map(|plan| plan.rules.iter())
        .find(|rule| rule.id == wanted.rule)
}

fn credit_text(input: &EmployeeInput, entry: &LedgerEntry) -> String {
    let rule = rule_of(input, entry);
    let amount = h(entry.minutes);
    let mut text = match entry.basis {
        Basis::HoursWorked { worked_minutes } => {
            let rate = rule
                .map(|r| format!(" ({} h per {} h)", r.rate_on(input.employment.start, entry.date), r.rate_unit))
                .unwrap_or_default();
            format!("{amount} h for {} h worked{rate}, week of {}", h(worked_minutes), long(week_start(entry.date)))
        }
        Basis::AnnualGrant { covered_days, period_days } => {
            let yearly = rule
                .map(|r| format!("{} h a year", r.rate_on(input.employment.start, entry.date)))
                .unwrap_or_else(|| "the yearly grant".to_owned());
            if covered_days < period_days {
                format!("{amount} h: {yearly}, for {covered_days} of the period's {period_days} days")
            } else {
                format!("{amount} h: {yearly}")
            }
        }
        Basis::MonthsEmployed { covered_days, block_days } => {
            let pay_period = rule.filter(|r| r.method == Method::PerPayPeriod);
            let rate = pay_period
                .map(|r| {
                    let rate = r.rate_on(input.employment.start, entry.date);
                    match r.schedule.rate_basis {
                        RateBasis::PerYear => format!(" ({rate} h a year, per {})", crate::rules::period_words(r)),
                        RateBasis::PerPeriod => format!(" ({rate} h per {})", crate::rules::period_words(r)),
                    }
                })
                .unwrap_or_default();
            let what = match pay_period.map(|r| r.schedule.credit_on) {
                Some(CreditOn::PeriodStart) => format!("the period from {}", long(entry.date)),
                _ => format!("the period employed to {}", long(entry.date)),
            };
            let rounded = pay_period
                .map(|r| r.schedule.rounding)
                .filter(|r| *r != Rounding::None)
                .map(|r| format!(", rounded {}", r.words()))
                .unwrap_or_default();
            if covered_days < block_days {
                format!("{amount} h for {what}{rate}, {covered_days} of {block_days} days{rounded}")
            } else {
                format!("{amount} h for {what}{rate}{rounded}")
            }
        }
        Basis::WaitingPeriodEnded => format!("{amount} h earned during the waiting period, credited when it ended"),
        _ => format!("{amount} h earned"),
    };
    if let Some(cut) = entry.cut {
        let cap = match (cut.by, rule) {
            (CapKind::MaxBalance, Some(r)) => format!("the balance cap of {} h", r.max_balance_hours.unwrap_or(0)),
            (CapKind::YearlyAccrualCap, Some(r)) => {
                format!("the yearly accrual cap of {} h", r.limits.yearly_accrual_cap_hours.unwrap_or(0))
            }
            (CapKind::MaxBalance, None) => "the balance cap".to_owned(),
            (CapKind::YearlyAccrualCap, None) => "the yearly accrual cap".to_owned(),
        };
        text.push_str(&format!("; {} h more was not credited: {cap} was reached", h(cut.minutes)));
    }
    text
}

fn line_text(input: &EmployeeInput, entry: &LedgerEntry) -> String {
    match (entry.kind, entry.basis) {
        (EntryKind::Accrued, _) => credit_text(input, entry),
        (EntryKind::Forfeited, Basis::YearEnd { closing, carried }) if entry.minutes > 0 => {
            format!("The year ended {} h below zero; the new year starts at {} h", h(-closing), h(carried))
        }
        (EntryKind::Forfeited, Basis::YearEnd { closing, carried }) => format!(
            "{} h lost at the year end: {} h held, {} h may be carried over",
            h(-entry.minutes),
            h(closing),
            h(carried)
        ),
        (EntryKind::Forfeited, Basis::CarryoverExpired { carried, used }) => format!(
            "{} h of carried-over time expired unused ({} h carried over, {} h of it used)",
            h(-entry.minutes),
            h(carried),
            h(used)
        ),
        (EntryKind::Forfeited, _) => format!("{} h replaced by a starting balance", h(-entry.minutes)),
        (EntryKind::NewPtoPlan, _) => format!("Starting balance of {} h", h(entry.minutes)),
        (EntryKind::ManuallyAddition, _) if entry.minutes < 0 => format!("{} h removed by hand", h(-entry.minutes)),
        (EntryKind::ManuallyAddition, _) => format!("{} h added by hand", h(entry.minutes)),
        (EntryKind::PtoRequest, _) => format!("{} h taken", h(-entry.minutes)),
        (EntryKind::Carryover, _) => format!("{} h carried over", h(entry.minutes)),
    }
}

/// Explains the balance of `pto_type` on `as_of` (see the module docs).
///
/// ```
/// use chrono::NaiveDate;
/// use pto_engine::*;
/// use std::sync::Arc;
/// let d = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
/// let sick = PtoType { id: PtoTypeId(2), name: "Sick".into(), payable: true };
/// let mut rule = Rule::new(RuleId(1), sick.id, Method::PerHourWorked, Hours::whole(1));
/// rule.rate_unit = 30;
/// let plan = Arc::new(Plan { id: PlanId(1), name: "Sick".into(), rules: vec![rule] });
/// let mut input = EmployeeInput::new(d(2026, 11, 2));
/// input.plans.push(PlanAssignment::for_year(2026, plan));
/// input.assume_workdays(d(2026, 11, 2), d(2026, 11, 6), 540, &[]);
///
/// let why = explain(&input, &sick, d(2026, 11, 8)).unwrap();
/// assert_eq!(why.balance, 90);
/// assert_eq!(why.lines.iter().map(|l| l.minutes).sum::<i64>(), why.balance);
/// assert_eq!(why.lines[1].text, "1.5 h for 45 h worked (1 h per 30 h), week of 1 November 2026");
/// ```
pub fn explain(input: &EmployeeInput, pto_type: &PtoType, as_of: NaiveDate) -> Option<Explanation> {
    let ledger = compute(input, as_of);
    let row = ledger.row(pto_type)?;
    let period_start = row.period.start_date;
    let before = period_start.pred_opt().map_or(0, |day| ledger.balance_on(pto_type.id, day));
    let mut lines = vec![Line {
        date: period_start,
        until: None,
        kind: EntryKind::Carryover,
        minutes: before,
        balance_after: before,
        source: None,
        text: if before == 0 {
            "The period opened at 0 h".to_owned()
        } else {
            format!("{} h carried into the period", h(before))
        },
    }];
    for entry in ledger.entries_for(pto_type.id).filter(|e| e.date >= period_start && e.kind != EntryKind::Carryover) {
        // A request's days are one line.
        if entry.kind == EntryKind::PtoRequest {
            if let Some(last) = lines.last_mut() {
                if last.kind == EntryKind::PtoRequest && last.source == entry.source && entry.source.is_some() {
                    last.minutes = last.minutes.saturating_add(entry.minutes);
                    last.balance_after = entry.balance_after;
                    last.until = Some(entry.date);
                    last.text = format!("{} h taken", h(-last.minutes));
                    continue;
                }
            }
        }
        lines.push(Line {
            date: entry.date,
            until: None,
            kind: entry.kind,
            minutes: entry.delta(),
            balance_after: entry.balance_after,
            source: entry.source,
            text: line_text(input, entry),
        });
    }
    Some(Explanation { period_start, as_of, lines, balance: ledger.balance(pto_type.id) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ManualAddition, Plan, PlanAssignment, PlanId, PtoTypeId, RuleId, TimeOffTaken};
    use std::sync::Arc;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap_or(NaiveDate::MIN)
    }

    #[test]
    fn the_cap_that_cut_a_credit_and_the_days_of_a_request_are_one_line_each() {
        let sick = PtoType { id: PtoTypeId(1), name: "Sick".into(), payable: true };
        let mut rule = Rule::new(RuleId(7), sick.id, Method::PerHourWorked, Hours::whole(1));
        rule.rate_unit = 30;
        rule.max_balance_hours = Some(2);
        let plan = Arc::new(Plan { id: PlanId(1), name: "Sick".into(), rules: vec![rule] });
        let mut input = EmployeeInput::new(d(2026, 1, 5));
        input.plans.push(PlanAssignment::for_year(2026, plan));
        // 50 h worked in the first week: 1 h 40 min earned. 50 h more: only 20 min fit under 2 h.
        input.assume_workdays(d(2026, 1, 5), d(2026, 1, 16), 600, &[]);
        for day in [19, 20] {
            input.time_off.push(TimeOffTaken {
                request: SourceId(9),
                date: d(2026, 1, day),
                pto_type: sick.id,
                minutes: 30,
            });
        }
        input.manual_additions.push(ManualAddition {
            id: SourceId(3),
            date: d(2026, 1, 21),
            pto_type: sick.id,
            minutes: 60,
        });
        let why = explain(&input, &sick, d(2026, 1, 22)).unwrap_or_else(|| panic!("explained"));
        let texts: Vec<(&str, i64)> = why.lines.iter().map(|l| (l.text.as_str(), l.minutes)).collect();
        assert_eq!(
            texts,
            [
                ("The period opened at 0 h", 0),
                ("1.67 h for 50 h worked (1 h per 30 h), week of 4 January 2026", 100),
                ("0.33 h for 50 h worked (1 h per 30 h), week of 11 January 2026; 1.33 h more was not credited: the balance cap of 2 h was reached", 20),
                ("1 h taken", -60),
                ("1 h added by hand", 60),
            ]
        );
        assert_eq!(why.lines[3].until, Some(d(2026, 1, 20)));
        assert_eq!(why.balance, 120);
    }
}
