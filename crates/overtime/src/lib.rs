//! Overtime by the law of the place of work (issue 37): the rule sets as data ([`rules`]) and one
//! pure function that splits a person's worked time into regular, overtime and double-time
//! minutes per workday ([`classify()`]). No I/O: the `timesheet` crate reads shifts and settings
//! and asks this crate what they are worth, like `pto` asks `pto-engine`.

pub mod classify;
pub mod rules;
pub mod since;

pub use classify::{classify, Calendar, Hours, Shift, Span, WeekStart, WorkdayStart};
pub use rules::{current_rule_sets, rule_set, Jurisdiction, RuleSet, Rules, WorkdayKind, RULE_SETS};
pub use since::premium_since;

use chrono::NaiveDate;

/// What the rules need to know of the person and the employer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Person {
    /// Employees of the company (Alaska's rules bind employers of 4 or more).
    pub employer_size: u32,
    /// Nevada: paid under 1.5× the state minimum wage, so daily overtime applies.
    pub under_wage_line: bool,
    /// Nevada: on an agreed schedule of four 10-hour days, so daily overtime does not apply.
    pub four_tens: bool,
}

/// A jurisdiction chosen from a date on; `custom` carries the company's own figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    pub from: NaiveDate,
    pub jurisdiction: Jurisdiction,
    pub custom: Rules,
}

/// The rules of `choices` (oldest first) in force on `day`, fitted to `person`: the choice made
/// last on or before `day` (the first choice also holds before its date), in the version in force
/// on `day`. A jurisdiction with no version in force that day falls back to the federal rules,
/// as do employers Alaska's law does not bind; Nevada's daily overtime is dropped for people it
/// does not cover.
pub fn rules_on(choices: &[Choice], person: &Person, day: NaiveDate) -> Rules {
    let choice = choices.iter().rev().find(|choice| choice.from <= day).or(choices.first());
    let rules = match choice {
        None => Rules::FEDERAL,
        Some(choice) if choice.jurisdiction == Jurisdiction::Custom => choice.custom,
        Some(choice) => rule_set(choice.jurisdiction, day).map_or(Rules::FEDERAL, |set| set.rules),
    };
    fitted(rules, person)
}

/// `rules` as they bind this person and employer.
pub fn fitted(mut rules: Rules, person: &Person) -> Rules {
    if rules.min_employees.is_some_and(|least| person.employer_size < least) {
        return Rules::FEDERAL;
    }
    if rules.daily_needs_wage_line && (!person.under_wage_line || person.four_tens) {
        rules.daily_overtime_minutes = None;
        rules.daily_double_minutes = None;
    }
    rules
}
