//! Paid-sick-leave laws as data (issue 38): one [`Law`] record per state or city law and
//! version, each with its citation, its sources, the dates it is in force, and per employer-size
//! tier the [`Requirement`] it sets; and the comparisons the screens need:
//!
//! - [`Law::tier_for`]: the tier of an employer of a given size (as the law counts it);
//! - [`preset_rule`]: a rule that meets a requirement exactly (the wizard's "Start from a law");
//! - [`shortfalls`]: where a rule gives less than one or several laws require, one sentence per
//!   field ("Balance cap 40 h is below California's 80 h"). Several laws at once (a state and a
//!   city) take the most generous value field by field.
//!
//! What a law leaves to the employer (a cap it may set, a wait it may impose) is a *bound*: the
//! employer may be more generous, never less. A value nobody here could verify from a source is
//! [`Bound::NotProvided`], named in [`Law::not_provided`], and never checked: the report says it
//! was not checked rather than guessing.
//!
//! A change of law is a new record with its own `effective_from`; the records of earlier
//! versions stay, so a plan is always compared with the law in force on the day asked about.
//! Nothing here changes a plan: a new record only changes what the compliance check reports.

mod records;

pub use records::LAWS;

use crate::model::{Carryover, Limits, Method, PtoTypeId, Rule, RuleId, UsableAfter, WaitCounting};
use crate::round::Hours;
use chrono::NaiveDate;
use serde::Serialize;

/// Whether a law is a state's or a city's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Level {
    /// A state's law, for work anywhere in the state.
    State,
    /// A city's ordinance, on top of its state's law.
    City,
}

/// How far a law lets an employer limit something.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind", content = "hours")]
pub enum Bound {
    /// The employer may set a cap, but not below this many hours.
    AtLeast(u32),
    /// The law allows no cap at all.
    NoCap,
    /// Not verified from a source: not checked.
    NotProvided,
}

/// What happens to unused hours at the year end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind", content = "hours")]
pub enum CarryoverFloor {
    /// Everything carries over (up to the balance cap the law allows).
    All,
    /// The employer may cap the carryover, not below this many hours.
    AtLeast(u32),
    /// Not verified from a source: not checked.
    NotProvided,
}

/// The longest wait before the first use a law allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Wait {
    /// Time may be used as soon as it is earned.
    None,
    /// The employer may make a new hire wait this long.
    AtMost(UsableAfter),
    /// Not verified from a source: not checked.
    NotProvided,
}

/// Granting the year's hours at once instead of accruing them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FrontLoad {
    /// At least this many hours at the start of the year.
    pub hours: u32,
    /// A front-loaded year needs no carryover (most laws; New Jersey still asks for it).
    pub removes_carryover: bool,
}

/// What a law requires of an employer in one size tier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Requirement {
    /// Whether the leave must be paid in this tier (else the hours are owed unpaid).
    pub paid: bool,
    /// One hour earned for every this many hours worked.
    pub accrual_per_hours: u32,
    /// Overtime hours count as hours worked for accrual.
    pub counts_overtime: bool,
    /// Exempt employees accrue as if they worked this many hours a week (or their real week).
    pub exempt_assumed_weekly_hours: Option<u32>,
    /// How far the hours earned in a year may be capped.
    pub yearly_accrual_cap: Bound,
    /// How far the hours used in a year may be capped.
    pub yearly_use_cap: Bound,
    /// How far the balance may be capped.
    pub balance_cap: Bound,
    /// What must carry over at the year end.
    pub carryover: CarryoverFloor,
    /// The longest wait before the first use.
    pub wait: Wait,
    /// `None`: the law does not allow front-loading instead of accrual (or nobody verified it).
    pub front_load: Option<FrontLoad>,
    /// The largest smallest-block an employer may require, in minutes (`None`: not provided).
    pub max_min_increment_minutes: Option<u32>,
    /// Unused hours are paid out at separation (`None`: not provided).
    pub payout_at_separation: Option<bool>,
    /// A rehired employee gets the old balance back when rehired within this time, as the law
    /// words it ('1 year', '6 months'); `None`: not provided.
    pub rehire_reinstated_within: Option<&'static str>,
}

/// One employer-size tier of a law: employers from `min_employees` to `max_employees`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Tier {
    /// The smallest employer in the tier.
    pub min_employees: u32,
    /// The largest (none: no upper bound).
    pub max_employees: Option<u32>,
    /// The tier as the wizard names it, e.g. '11 or more employees'.
    pub label: &'static str,
    /// What the law asks of employers in the tier.
    pub requirement: Requirement,
}

/// One paid-sick-leave law as in force between two dates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Law {
    /// `us-ca`, `us-nyc`…; several versions of one law share it.
    pub id: &'static str,
    /// 'California', 'New York City'.
    pub name: &'static str,
    /// A state's or a city's.
    pub level: Level,
    /// The two-letter state (of the city, for a city law).
    pub state: &'static str,
    /// For a city law, the city as addresses name it.
    pub city: Option<&'static str>,
    /// The law's name.
    pub title: &'static str,
    /// Where it is written.
    pub citation: &'static str,
    /// The pages its values were checked against.
    pub sources: &'static [&'static str],
    /// The first day this version is in force.
    pub effective_from: NaiveDate,
    /// The last day (none: still in force).
    pub effective_to: Option<NaiveDate>,
    /// How the law counts an employer's employees for its tiers.
    pub headcount_rule: &'static str,
    /// Employers below the first tier's minimum are not covered by this version.
    pub tiers: &'static [Tier],
    /// Fields of the record no source here confirmed: never checked.
    pub not_provided: &'static [&'static str],
    /// What the record does not capture (a second bank, an income test), for the admin.
    pub notes: &'static [&'static str],
    /// Laws that take this one's place where they apply (Illinois' act yields to Chicago's).
    pub displaced_by: &'static [&'static str],
    /// Where the law wants a statement of the hours accrued, used and available at least
    /// monthly (its citation): Timekeep e-mails one to each person it binds.
    pub monthly_statement: Option<&'static str>,
}

impl Law {
    /// The tier of an employer of `employees` people; `None` when this version does not cover
    /// an employer that small.
    ///
    /// ```
    /// let az = pto_engine::laws::law_in_force("us-az", chrono::NaiveDate::from_ymd_opt(2026, 1, 1).unwrap()).unwrap();
    /// assert_eq!(az.tier_for(14).unwrap().label, "Fewer than 15 employees");
    /// assert_eq!(az.tier_for(15).unwrap().label, "15 or more employees");
    /// ```
    pub fn tier_for(&self, employees: u32) -> Option<&'static Tier> {
        self.tiers
            .iter()
            .find(|tier| employees >= tier.min_employees && tier.max_employees.is_none_or(|max| employees <= max))
    }

    /// Whether this version is in force on `day`.
    pub fn in_force_on(&self, day: NaiveDate) -> bool {
        self.effective_from <= day && self.effective_to.is_none_or(|to| day <= to)
    }

    /// Whether it binds work in `state` (two letters) and, for a city law, `city`.
    pub fn applies_to(&self, state: &str, city: Option<&str>) -> bool {
        if !self.state.eq_ignore_ascii_case(state.trim()) {
            return false;
        }
        match self.city {
            None => true,
            Some(law_city) => city.is_some_and(|c| same_city(law_city, c)),
        }
    }
}

/// The boroughs and common names of New York City, and Chicago, as people type them.
fn same_city(law_city: &str, typed: &str) -> bool {
    let typed = typed.trim().to_ascii_lowercase();
    match law_city {
        "New York City" => [
            "new york",
            "new york city",
            "nyc",
            "manhattan",
            "brooklyn",
            "bronx",
            "the bronx",
            "queens",
            "staten island",
        ]
        .contains(&typed.as_str()),
        other => other.eq_ignore_ascii_case(&typed),
    }
}

/// The version of law `id` in force on `day`.
pub fn law_in_force(id: &str, day: NaiveDate) -> Option<&'static Law> {
    LAWS.iter().rev().find(|law| law.id == id && law.in_force_on(day))
}

/// The distinct law ids, in the order of [`LAWS`].
pub fn law_ids() -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = Vec::new();
    for law in LAWS {
        if !ids.contains(&law.id) {
            ids.push(law.id);
        }
    }
    ids
}

/// Every law in force on `day` for work in `state` (and `city`): the state's, then the city's.
pub fn laws_for_place(state: &str, city: Option<&str>, day: NaiveDate) -> Vec<&'static Law> {
    let mut found: Vec<&'static Law> = law_ids()
        .into_iter()
        .filter_map(|id| law_in_force(id, day))
        .filter(|law| law.applies_to(state, city))
        .collect();
    let ids: Vec<&str> = found.iter().map(|law| law.id).collect();
    found.retain(|law| !law.displaced_by.iter().any(|other| ids.contains(other)));
    found.sort_by_key(|law| law.level == Level::City);
    found
}

/// A rule that gives exactly what `requirement` asks: accrual per hour worked at the law's rate,
/// with the caps, carryover and wait the law allows an employer to set (nothing stricter).
///
/// ```
/// use pto_engine::laws::{law_in_force, preset_rule};
/// use pto_engine::{PtoTypeId, RuleId};
/// let ca = law_in_force("us-ca", chrono::NaiveDate::from_ymd_opt(2026, 6, 1).unwrap()).unwrap();
/// let rule = preset_rule(&ca.tier_for(5).unwrap().requirement, RuleId(0), PtoTypeId(3));
/// assert_eq!((rule.rate.to_string(), rule.rate_unit), ("1".to_owned(), 30));
/// assert_eq!(rule.max_balance_hours, Some(80));
/// assert_eq!(rule.limits.yearly_use_cap_hours, Some(40));
/// ```
pub fn preset_rule(requirement: &Requirement, id: RuleId, pto_type: PtoTypeId) -> Rule {
    let mut rule = Rule::new(id, pto_type, Method::PerHourWorked, Hours::whole(1));
    rule.rate_unit = requirement.accrual_per_hours;
    rule.prorated = true;
    let cap = |bound: Bound| match bound {
        Bound::AtLeast(hours) => Some(hours),
        Bound::NoCap | Bound::NotProvided => None,
    };
    rule.max_balance_hours = cap(requirement.balance_cap);
    rule.carryover = Carryover::AllowCarryover {
        max_hours: match requirement.carryover {
            CarryoverFloor::AtLeast(hours) => Some(hours),
            CarryoverFloor::All | CarryoverFloor::NotProvided => None,
        },
    };
    rule.limits = Limits {
        yearly_accrual_cap_hours: cap(requirement.yearly_accrual_cap),
        yearly_use_cap_hours: cap(requirement.yearly_use_cap),
        usable: match requirement.wait {
            Wait::AtMost(usable) => Some(usable),
            Wait::None | Wait::NotProvided => None,
        },
        min_increment_minutes: None,
    };
    rule
}

/// What a requirement asks, one plain sentence per point, for the wizard and the report.
///
/// ```
/// let ca = pto_engine::laws::law_in_force("us-ca", chrono::NaiveDate::from_ymd_opt(2026, 1, 1).unwrap()).unwrap();
/// let lines = pto_engine::laws::describe(&ca.tiers[0].requirement);
/// assert_eq!(lines[0], "1 h of paid leave for every 30 h worked, overtime included");
/// assert!(lines.contains(&"Usable from day 90 of employment".to_owned()));
/// ```
pub fn describe(req: &Requirement) -> Vec<String> {
    let mut lines = Vec::new();
    let paid = if req.paid { "paid" } else { "unpaid" };
    let overtime = if req.counts_overtime { ", overtime included" } else { "" };
    lines.push(format!("1 h of {paid} leave for every {} h worked{overtime}", req.accrual_per_hours));
    if let Some(hours) = req.exempt_assumed_weekly_hours {
        lines.push(format!(
            "Exempt employees accrue as if they worked {hours} h a week (or their usual week if shorter)"
        ));
    }
    let bound = |what: &str, bound: Bound| match bound {
        Bound::AtLeast(hours) => Some(format!("{what} may be capped at no less than {hours} h")),
        Bound::NoCap => Some(format!("{what} may not be capped")),
        Bound::NotProvided => None,
    };
    lines.extend(bound("What a year earns", req.yearly_accrual_cap));
    lines.extend(bound("What a year uses", req.yearly_use_cap));
    lines.extend(bound("The balance", req.balance_cap));
    match req.carryover {
        CarryoverFloor::All => lines.push("Unused hours carry over to the next year".to_owned()),
        CarryoverFloor::AtLeast(hours) => lines.push(format!("At least {hours} unused hours carry over")),
        CarryoverFloor::NotProvided => {}
    }
    match req.wait {
        Wait::None => lines.push("Usable as soon as earned".to_owned()),
        Wait::AtMost(usable) => lines.push(format!("{} of employment", capitalised(&wait_text(usable)))),
        Wait::NotProvided => {}
    }
    if let Some(front) = req.front_load {
        let carry = if front.removes_carryover { ", with no carryover needed" } else { ", still carrying over" };
        lines.push(format!("Or {} h at the start of each year instead of accrual{carry}", front.hours));
    }
    if let Some(minutes) = req.max_min_increment_minutes {
        lines.push(format!(
            "Blocks of time taken may not be required to be longer than {} h",
            Hours::from_minutes_rounded(i64::from(minutes))
        ));
    }
    match req.payout_at_separation {
        Some(true) => lines.push("Unused hours are paid out at separation".to_owned()),
        Some(false) => lines.push("Unused hours need not be paid out at separation".to_owned()),
        None => {}
    }
    if let Some(within) = req.rehire_reinstated_within {
        lines.push(format!("Someone rehired within {within} gets the old balance back"));
    }
    lines
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// One place where a rule gives less than a law requires.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Shortfall {
    /// The rule's field (as the rule form names it): `rate`, `maxBalance`, `yearlyUseCap`…
    pub field: &'static str,
    /// The law whose requirement is not met.
    pub law: &'static str,
    /// 'Balance cap 40 h is below California's 80 h'.
    pub message: String,
    /// How demanding the requirement is, to keep the most generous law's sentence per field.
    #[serde(skip)]
    demand: i64,
}

/// The day of employment (0 = the start date) from which a rule lets time be used.
fn rule_wait_offset(rule: &Rule) -> u32 {
    let accrual_wait = rule.waiting_days();
    let use_wait = rule.limits.usable.map_or(0, |u| match u.counting {
        WaitCounting::FromDay => u.days.saturating_sub(1),
        WaitCounting::AfterDays => u.days,
    });
    accrual_wait.max(use_wait)
}

fn wait_text(usable: UsableAfter) -> String {
    match usable.counting {
        WaitCounting::FromDay => format!("usable from day {}", usable.days),
        WaitCounting::AfterDays => format!("usable after {} days", usable.days),
    }
}

/// Where `rule` gives less than `law` requires of an employer in `tier` (one law).
fn shortfalls_of_one(rule: &Rule, law: &Law, req: &Requirement) -> Vec<Shortfall> {
    let name = law.name;
    let mut out = Vec::new();
    let mut add = |field: &'static str, demand: i64, message: String| {
        out.push(Shortfall { field, law: law.id, message, demand });
    };
    let per = i64::from(req.accrual_per_hours.max(1));
    let front_loaded = rule.method.is_fixed();

    match rule.method {
        Method::PerHourWorked => {
            // rate / unit hours per hour worked, against 1 / per.
            if rule.rate.centi().saturating_mul(per) < i64::from(rule.rate_unit.max(1)) * 100 {
                add(
                    "rate",
                    1_000_000 / per,
                    format!(
                        "Accrual of {} h per {} h worked is below {name}'s 1 h per {per} h",
                        rule.rate, rule.rate_unit
                    ),
                );
            }
        }
        Method::PerCalendarYear | Method::PerAnniversary => match req.front_load {
            Some(front) if rule.rate.centi() < i64::from(front.hours) * 100 => add(
                "rate",
                i64::from(front.hours),
                format!(
                    "A yearly grant of {} h is below {name}'s {} h at the start of the year",
                    rule.rate, front.hours
                ),
            ),
            Some(_) => {}
            None => add(
                "method",
                1,
                format!("{name} requires accrual of 1 h per {per} h worked; a yearly grant is not provided for"),
            ),
        },
        Method::PerPayPeriod => {
            // Months are not hours worked: acceptable only as a front-load spread over the year.
            let yearly_centi = rule.rate.centi().saturating_mul(12) / i64::from(rule.rate_unit.max(1));
            let enough = req.front_load.is_some_and(|front| yearly_centi >= i64::from(front.hours) * 100);
            if !enough {
                add(
                    "method",
                    1,
                    format!(
                        "Accrual by months gives {} h a year; {name} requires 1 h per {per} h worked",
                        Hours::from_centi(yearly_centi)
                    ),
                );
            }
        }
    }

    if !front_loaded && rule.start_after_waiting_period && rule.waiting_days() > 0 {
        add(
            "startAfterWaitingPeriod",
            1,
            format!("Time in the waiting period earns nothing, but {name} counts hours worked from the first day"),
        );
    }

    let offset = rule_wait_offset(rule);
    match req.wait {
        Wait::None if offset > 0 => {
            add("usableAfterDays", 1_000, format!("A wait of {offset} days before use: {name} allows none"))
        }
        Wait::AtMost(allowed) => {
            let law_offset = match allowed.counting {
                WaitCounting::FromDay => allowed.days.saturating_sub(1),
                WaitCounting::AfterDays => allowed.days,
            };
            if offset > law_offset {
                add(
                    "usableAfterDays",
                    1_000 - i64::from(law_offset),
                    format!(
                        "Time is usable from day {} of employment; {name}'s law makes it {}",
                        offset + 1,
                        wait_text(allowed)
                    ),
                );
            }
        }
        Wait::None | Wait::NotProvided => {}
    }

    let mut cap =
        |field: &'static str, label: &str, set: Option<u32>, bound: Bound| match (set.filter(|h| *h > 0), bound) {
            (Some(hours), Bound::AtLeast(floor)) if hours < floor => {
                add(field, i64::from(floor), format!("{label} {hours} h is below {name}'s {floor} h"))
            }
            (Some(hours), Bound::NoCap) => {
                add(field, i64::MAX, format!("{label} {hours} h: {name} allows no such cap"))
            }
            _ => {}
        };
    cap("maxBalance", "Balance cap", rule.max_balance_hours, req.balance_cap);
    cap("yearlyAccrualCap", "Yearly accrual cap", rule.limits.yearly_accrual_cap_hours, req.yearly_accrual_cap);
    cap("yearlyUseCap", "Yearly use cap", rule.limits.yearly_use_cap_hours, req.yearly_use_cap);

    let carry_needed = !(front_loaded && req.front_load.is_some_and(|front| front.removes_carryover));
    if carry_needed {
        match (rule.carryover, req.carryover) {
            (Carryover::UseItOrLoseIt, CarryoverFloor::All) => add(
                "carryoverPolicy",
                i64::MAX,
                format!("Unused hours are lost at the year end; {name} carries them over"),
            ),
            (Carryover::UseItOrLoseIt, CarryoverFloor::AtLeast(floor)) => add(
                "carryoverPolicy",
                i64::from(floor),
                format!("Unused hours are lost at the year end; {name} carries over at least {floor} h"),
            ),
            (Carryover::AllowCarryover { max_hours: Some(hours) }, CarryoverFloor::AtLeast(floor)) if hours < floor => {
                add("maxCarryover", i64::from(floor), format!("Carryover cap {hours} h is below {name}'s {floor} h"))
            }
            (Carryover::AllowCarryover { max_hours: Some(hours) }, CarryoverFloor::All) => {
                // Everything carries up to the balance cap: a carryover cap below it loses hours.
                let floor = match req.balance_cap {
                    Bound::AtLeast(b) => Some(b),
                    _ => None,
                };
                if floor.is_none_or(|b| hours < b) {
                    add(
                        "maxCarryover",
                        i64::MAX,
                        format!("Carryover cap {hours} h: {name} carries over every unused hour"),
                    )
                }
            }
            _ => {}
        }
    }

    if let (Some(set), Some(max)) = (rule.limits.min_increment_minutes, req.max_min_increment_minutes) {
        if set > max {
            add(
                "minIncrement",
                -i64::from(max),
                format!(
                    "Blocks of at least {} h are more than {name}'s {} h",
                    Hours::from_minutes_rounded(i64::from(set)),
                    Hours::from_minutes_rounded(i64::from(max))
                ),
            );
        }
    }
    out
}

/// Where `rule` gives less than the laws require (each with the tier that applies), the most
/// generous law's sentence per field. `None` for the rule means the plan has no such rule.
///
/// ```
/// use chrono::NaiveDate;
/// use pto_engine::laws::{law_in_force, preset_rule, shortfalls};
/// use pto_engine::{PtoTypeId, RuleId};
/// let day = NaiveDate::from_ymd_opt(2026, 6, 1).unwrap();
/// let ca = law_in_force("us-ca", day).unwrap();
/// let tier = ca.tier_for(12).unwrap();
/// let mut rule = preset_rule(&tier.requirement, RuleId(1), PtoTypeId(1));
/// assert!(shortfalls(Some(&rule), &[(ca, tier)]).is_empty());
/// rule.max_balance_hours = Some(40);
/// let found = shortfalls(Some(&rule), &[(ca, tier)]);
/// assert_eq!(found[0].message, "Balance cap 40 h is below California's 80 h");
/// ```
pub fn shortfalls(rule: Option<&Rule>, laws: &[(&Law, &Tier)]) -> Vec<Shortfall> {
    let Some(rule) = rule else {
        return laws
            .iter()
            .map(|(law, tier)| Shortfall {
                field: "ptoTypeId",
                law: law.id,
                message: format!(
                    "No paid sick leave in this plan: {} requires 1 h for every {} h worked",
                    law.name, tier.requirement.accrual_per_hours
                ),
                demand: 0,
            })
            .take(1)
            .collect();
    };
    let mut best: Vec<Shortfall> = Vec::new();
    for (law, tier) in laws {
        for found in shortfalls_of_one(rule, law, &tier.requirement) {
            match best.iter_mut().find(|b| b.field == found.field) {
                Some(kept) if kept.demand >= found.demand => {}
                Some(kept) => *kept = found,
                None => best.push(found),
            }
        }
    }
    best
}

#[cfg(test)]
mod tests;
