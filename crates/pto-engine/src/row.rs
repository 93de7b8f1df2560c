//! The employee PTO type row of 001 §3, as of a date (today's, or a projected future one).

use crate::engine::{compute, Checkpoint};
use crate::ledger::Ledger;
use crate::model::{EmployeeInput, Method, PtoType, PtoTypeId};
use crate::round::Hours;
use chrono::{Months, NaiveDate};
use serde::{Deserialize, Serialize};

/// 001 §9: a PTO-available value of -1000 means PTO is not set up.
pub const PTO_NOT_SET_UP: i64 = -1000;

/// The period a row covers: the rule's year (calendar, or anniversary for per-anniversary
/// rules), from when the current period opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Period {
    /// The day the period opened.
    pub start_date: NaiveDate,
    /// The period's last day.
    pub end_date: NaiveDate,
}

/// One PTO type of one employee as of a date (001 §3). All amounts are minutes; the screens
/// show hours with two decimals. `balance == starting_balance + carryover + earned +
/// manually_added + forfeited - used`, over the current period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EmployeePtoTypeRow {
    /// The PTO type.
    pub pto_type_id: PtoTypeId,
    /// Its name.
    pub name: String,
    /// 1 when the plan in force has an active rule for the type, else 0.
    pub status: u8,
    /// The method of the rule in force (`None` without a rule).
    pub method: Option<Method>,
    /// The rate in hours.
    pub rate: Option<Hours>,
    /// The rate unit (months or worked hours).
    pub rate_unit: Option<u32>,
    /// The current period.
    pub period: Period,
    /// Whole months of the period, up to the as-of date, in which the employee was employed and
    /// past the waiting period.
    pub eligible_months: u32,
    /// Starting balances (NEW_PTO_PLAN) of the period.
    pub starting_balance: i64,
    /// Manual additions of the period.
    pub manually_added: i64,
    /// Carried into the period (stored in minutes, 001 §9).
    pub carryover: i64,
    /// Accrued in the period.
    pub earned: i64,
    /// Time off taken in the period (positive).
    pub used: i64,
    /// Not in 001 §3; the forfeitures of the period, so the row adds up.
    pub forfeited: i64,
    /// The balance at the as-of date.
    pub balance: i64,
    /// The carryover cap (0 for use-it-or-lose-it), `None` for none.
    pub max_carryover: Option<i64>,
    /// The maximum balance, `None` for none.
    pub max_balance: Option<i64>,
    /// The day the row is as of.
    pub as_of: NaiveDate,
}

impl Ledger {
    /// The row of a type at the end of the computed span; `None` when PTO is not set up for it
    /// (no rule in force and nothing ever recorded), which the wire shows as
    /// [`PTO_NOT_SET_UP`].
    pub fn row(&self, pto_type: &PtoType) -> Option<EmployeePtoTypeRow> {
        row_from(&self.checkpoint, pto_type)
    }

    /// The balance available for a type, or [`PTO_NOT_SET_UP`].
    pub fn available(&self, pto_type: PtoTypeId) -> i64 {
        match self.checkpoint.state(pto_type) {
            Some(ts) if is_set_up(ts) => ts.balance,
            _ => PTO_NOT_SET_UP,
        }
    }
}

fn is_set_up(ts: &crate::engine::TypeState) -> bool {
    ts.rule.is_some() || ts.balance != 0 || ts.totals != crate::PeriodTotals::default()
}

fn row_from(checkpoint: &Checkpoint, pto_type: &PtoType) -> Option<EmployeePtoTypeRow> {
    let as_of = checkpoint.through()?;
    let ts = checkpoint.state(pto_type.id)?;
    if !is_set_up(ts) {
        return None;
    }
    let rule = ts.rule.map(|r| r.rule);
    let eligible_from = rule.map_or(checkpoint.start, |r| {
        checkpoint.start.checked_add_days(chrono::Days::new(u64::from(r.waiting_days()))).unwrap_or(NaiveDate::MAX)
    });
    let from = ts.period_start.max(eligible_from);
    Some(EmployeePtoTypeRow {
        pto_type_id: pto_type.id,
        name: pto_type.name.clone(),
        status: u8::from(rule.is_some()),
        method: rule.map(|r| r.method),
        rate: rule.map(|r| r.rate),
        rate_unit: rule.map(|r| r.rate_unit),
        period: Period { start_date: ts.period_start, end_date: ts.year_end },
        eligible_months: whole_months(from, as_of),
        starting_balance: ts.totals.starting,
        manually_added: ts.totals.manual,
        carryover: ts.totals.carryover,
        earned: ts.totals.earned,
        used: ts.totals.used,
        forfeited: ts.totals.forfeited,
        balance: ts.balance,
        max_carryover: rule.and_then(|r| r.max_carryover_minutes()),
        max_balance: rule.and_then(|r| r.max_balance_minutes()),
        as_of,
    })
}

/// Whole months from `from` through `through` (inclusive); 0 when `from` is later.
fn whole_months(from: NaiveDate, through: NaiveDate) -> u32 {
    let Some(after) = through.succ_opt() else {
        return 0;
    };
    let mut n: u32 = 0;
    while from.checked_add_months(Months::new(n + 1)).is_some_and(|d| d <= after) {
        n += 1;
    }
    n
}

/// The row of a type as of `as_of`: the current year's row when `as_of` is today.
///
/// ```
/// use chrono::NaiveDate;
/// use pto_engine::*;
/// use std::sync::Arc;
/// let d = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
/// let sick = PtoType { id: PtoTypeId(2), name: "Sick".into(), payable: true };
/// let mut rule = Rule::new(RuleId(1), sick.id, Method::PerPayPeriod, Hours::whole(4));
/// rule.rate_unit = 1;
/// let plan = Arc::new(Plan { id: PlanId(1), name: "Std".into(), rules: vec![rule] });
/// let mut input = EmployeeInput::new(d(2024, 1, 1));
/// input.plans.push(PlanAssignment::for_year(2024, plan));
///
/// let row = employee_row(&input, &sick, d(2024, 6, 30)).unwrap();
/// assert_eq!(row.earned, 6 * 4 * 60); // January to June
/// assert_eq!(row.eligible_months, 6);
/// assert_eq!(row.period.end_date, d(2024, 12, 31));
///
/// let vacation = PtoType { id: PtoTypeId(1), name: "Vacation".into(), payable: true };
/// assert!(employee_row(&input, &vacation, d(2024, 6, 30)).is_none()); // -1000 on the wire
/// ```
pub fn employee_row(input: &EmployeeInput, pto_type: &PtoType, as_of: NaiveDate) -> Option<EmployeePtoTypeRow> {
    compute(input, as_of).row(pto_type)
}

/// The projected row on a future date: the recorded inputs (approved and pending time off,
/// manual additions…) plus `assumed_minutes` worked on every weekday after `today` with
/// nothing recorded, less its time off, and nothing on `days_off` (see
/// [`EmployeeInput::assume_workdays`]). Only per-hour-worked rules depend on the assumption.
pub fn projected_row(
    input: &EmployeeInput,
    pto_type: &PtoType,
    today: NaiveDate,
    future: NaiveDate,
    assumed_minutes: i64,
    days_off: &[NaiveDate],
) -> Option<EmployeePtoTypeRow> {
    let mut projected = input.clone();
    if let Some(tomorrow) = today.succ_opt() {
        projected.assume_workdays(tomorrow, future, assumed_minutes, days_off);
    }
    employee_row(&projected, pto_type, future)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn whole_months_counts_completed_months() {
        assert_eq!(whole_months(d(2024, 1, 1), d(2024, 1, 30)), 0);
        assert_eq!(whole_months(d(2024, 1, 1), d(2024, 1, 31)), 1);
        assert_eq!(whole_months(d(2024, 3, 15), d(2024, 7, 20)), 4);
        assert_eq!(whole_months(d(2024, 8, 1), d(2024, 7, 20)), 0);
        assert_eq!(whole_months(d(2024, 1, 1), d(2024, 12, 31)), 12);
    }
}
