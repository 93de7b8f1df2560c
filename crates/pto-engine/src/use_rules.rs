//! The limits on *using* time (issue 38), checked when a request is made: no time before the
//! wait after the start date is over, at most a yearly amount taken whatever the balance, and
//! no day off shorter than the smallest block. Each refusal names its rule and what would pass.
//!
//! They read the rule in force on each day of the request (a plan switch mid-request applies
//! each plan's limits to its own days). A year is the rule's year (calendar or anniversary), and
//! the yearly use cap counts every other request the caller passes in `input.time_off` (approved
//! and pending ones, so pending time is reserved) plus the new one.

use crate::engine::calendar::rule_year;
use crate::model::{EmployeeInput, PtoType, TimeOffTaken, WaitCounting};
use crate::round::Hours;
use chrono::NaiveDate;
use serde::Serialize;
use std::collections::BTreeMap;

/// Which use rule a request breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum UseRule {
    /// A day before the first usable day.
    Waiting,
    /// More than the yearly use cap.
    YearlyUseCap,
    /// A day shorter than the smallest block.
    MinIncrement,
}

/// A request the use rules refuse, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UseRuleBreach {
    /// The rule.
    pub rule: UseRule,
    /// The sentence for the person asking, e.g. 'Sick time can be used after 90 days of
    /// employment: from 14 February 2027'.
    pub message: String,
}

fn long_date(day: NaiveDate) -> String {
    day.format("%-d %B %Y").to_string()
}

fn hours(minutes: i64) -> String {
    Hours::from_minutes_rounded(minutes).to_string()
}

/// Checks a new request (`request`, from [`crate::RequestUsage::time_off`]) against the use
/// rules of its type; `input.time_off` holds the person's other time off.
///
/// ```
/// use chrono::NaiveDate;
/// use pto_engine::*;
/// use std::sync::Arc;
/// let d = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
/// let sick = PtoType { id: PtoTypeId(2), name: "Sick time".into(), payable: true };
/// let mut rule = Rule::new(RuleId(1), sick.id, Method::PerHourWorked, Hours::whole(1));
/// rule.rate_unit = 30;
/// rule.limits.usable = Some(UsableAfter { days: 90, counting: WaitCounting::AfterDays });
/// let plan = Arc::new(Plan { id: PlanId(1), name: "Sick".into(), rules: vec![rule] });
/// let mut input = EmployeeInput::new(d(2026, 11, 16));
/// input.plans.push(PlanAssignment::for_year(2026, plan));
/// let day = |date| TimeOffTaken { request: SourceId(1), date, pto_type: sick.id, minutes: 480 };
///
/// let refused = check_use_rules(&input, &sick, &[day(d(2027, 2, 13))]).unwrap_err();
/// assert_eq!(refused.message, "Sick time can be used after 90 days of employment: from 14 February 2027");
/// assert!(check_use_rules(&input, &sick, &[day(d(2027, 2, 14))]).is_ok());
/// ```
pub fn check_use_rules(
    input: &EmployeeInput,
    pto_type: &PtoType,
    request: &[TimeOffTaken],
) -> Result<(), UseRuleBreach> {
    let start = input.employment.start;
    let mut days: Vec<&TimeOffTaken> = request.iter().filter(|t| t.pto_type == pto_type.id && t.minutes > 0).collect();
    days.sort_by_key(|t| t.date);

    // The wait, then the smallest block: both are about single days.
    for taken in &days {
        let Some(rule) = input.rule_on(pto_type.id, taken.date) else { continue };
        if let Some(usable) = rule.limits.usable {
            let first = usable.first_usable_day(start);
            if taken.date < first {
                let wait = match usable.counting {
                    WaitCounting::FromDay => format!("from day {} of employment", usable.days),
                    WaitCounting::AfterDays => format!("after {} days of employment", usable.days),
                };
                return Err(UseRuleBreach {
                    rule: UseRule::Waiting,
                    message: format!("{} can be used {wait}: from {}", pto_type.name, long_date(first)),
                });
            }
        }
        if let Some(least) = rule.limits.min_increment_minutes {
            if taken.minutes < i64::from(least) {
                return Err(UseRuleBreach {
                    rule: UseRule::MinIncrement,
                    message: format!(
                        "{} is taken in blocks of at least {} h: {} asks for {} h",
                        pto_type.name,
                        hours(i64::from(least)),
                        long_date(taken.date),
                        hours(taken.minutes)
                    ),
                });
            }
        }
    }

    // The yearly use cap, per year of the rule the request touches.
    let mut asked: BTreeMap<(NaiveDate, NaiveDate), (i64, u32)> = BTreeMap::new();
    for taken in &days {
        let Some(rule) = input.rule_on(pto_type.id, taken.date) else { continue };
        let Some(cap) = rule.limits.yearly_use_cap_hours.filter(|h| *h > 0) else { continue };
        let year = rule_year(Some(rule), start, taken.date);
        let entry = asked.entry(year).or_insert((0, cap));
        entry.0 = entry.0.saturating_add(taken.minutes);
    }
    for ((first, last), (requested, cap)) in asked {
        let already: i64 = input
            .time_off
            .iter()
            .filter(|t| t.pto_type == pto_type.id && t.date >= first && t.date <= last && t.minutes > 0)
            .map(|t| t.minutes)
            .sum();
        let cap_minutes = i64::from(cap) * 60;
        if already.saturating_add(requested) > cap_minutes {
            return Err(UseRuleBreach {
                rule: UseRule::YearlyUseCap,
                message: format!(
                    "{} can be used up to {cap} h a year: {} h already taken or requested in the year from {}, {} h requested",
                    pto_type.name,
                    hours(already),
                    long_date(first),
                    hours(requested)
                ),
            });
        }
    }
    Ok(())
}
