//! A stored rule row as the engine's [`Rule`], and the row to store for one.

use crate::engine_ids::{FromEngine, ToEngine};
use crate::entities::pto_rules as rules;
use kernel::ids::PtoPlanId;
use kernel::TenantCtx;
use pto_engine::{Carryover, Hours, Limits, Method, Rule, UsableAfter, WaitCounting};
use sea_orm::ActiveValue::Set;

/// What is wrong with a stored rule the forms could never have saved (a row written by an older
/// version, or by hand): the accrual job names it instead of computing with a guess.
pub(crate) fn rule_problem(row: &rules::Model) -> Option<String> {
    let method = Method::parse(&row.method);
    if method.is_none() {
        return Some(format!("its method '{}' is unknown", row.method));
    }
    if row.rate_hundredths < 0 {
        return Some("its rate is negative".to_owned());
    }
    if row.rate_unit < 1 {
        return Some(format!("its rate unit is {}", row.rate_unit));
    }
    if method == Some(Method::PerHourWorked) && row.rate_hundredths > i64::from(row.rate_unit) * 100 {
        return Some("it gives more than an hour per hour worked".to_owned());
    }
    let negative = [
        row.max_balance_hours,
        row.max_carryover_hours,
        row.waiting_period_days,
        row.yearly_accrual_cap_hours,
        row.yearly_use_cap_hours,
        row.usable_after_days,
        row.min_increment_minutes,
    ]
    .into_iter()
    .flatten()
    .any(|value| value < 0);
    negative.then(|| "one of its caps or waits is negative".to_owned())
}

/// The engine's rule of a stored row.
pub(crate) fn rule_of(row: &rules::Model) -> Rule {
    let method = Method::parse(&row.method).unwrap_or(Method::PerCalendarYear);
    let mut rule = Rule::new(row.id.engine(), row.pto_type_id.engine(), method, Hours::from_centi(row.rate_hundredths));
    rule.active = row.active;
    rule.rate_unit = u32::try_from(row.rate_unit).unwrap_or(1);
    rule.prorated = row.prorated;
    rule.waiting_period_days = row.waiting_period_days.and_then(|days| u32::try_from(days).ok());
    rule.start_after_waiting_period = row.start_after_waiting_period;
    rule.carryover = if row.carryover_policy == "useItOrLoseIt" {
        Carryover::UseItOrLoseIt
    } else {
        Carryover::AllowCarryover { max_hours: row.max_carryover_hours.and_then(|hours| u32::try_from(hours).ok()) }
    };
    rule.max_balance_hours = row.max_balance_hours.and_then(|hours| u32::try_from(hours).ok());
    let number = |value: Option<i32>| value.and_then(|value| u32::try_from(value).ok());
    rule.limits = Limits {
        yearly_accrual_cap_hours: number(row.yearly_accrual_cap_hours),
        yearly_use_cap_hours: number(row.yearly_use_cap_hours),
        usable: number(row.usable_after_days).map(|days| UsableAfter {
            days,
            counting: row.usable_counting.as_deref().and_then(WaitCounting::parse).unwrap_or(WaitCounting::AfterDays),
        }),
        min_increment_minutes: number(row.min_increment_minutes),
    };
    rule
}

pub(crate) fn rule_row(ctx: &TenantCtx, plan: PtoPlanId, rule: &Rule) -> rules::ActiveModel {
    let (policy, max_carryover) = match rule.carryover {
        Carryover::AllowCarryover { max_hours } => ("allowCarryover", max_hours),
        Carryover::UseItOrLoseIt => ("useItOrLoseIt", None),
    };
    let small = |value: Option<u32>| value.and_then(|value| i32::try_from(value).ok());
    rules::ActiveModel {
        company_id: Set(ctx.company()),
        plan_id: Set(plan),
        pto_type_id: Set(rule.pto_type.stored()),
        active: Set(rule.active),
        method: Set(rule.method.as_str().to_owned()),
        rate_hundredths: Set(rule.rate.centi()),
        rate_unit: Set(i32::try_from(rule.rate_unit).unwrap_or(i32::MAX)),
        prorated: Set(rule.prorated),
        waiting_period_days: Set(small(rule.waiting_period_days)),
        start_after_waiting_period: Set(rule.start_after_waiting_period),
        carryover_policy: Set(policy.to_owned()),
        max_carryover_hours: Set(small(max_carryover)),
        max_balance_hours: Set(small(rule.max_balance_hours)),
        yearly_accrual_cap_hours: Set(small(rule.limits.yearly_accrual_cap_hours)),
        yearly_use_cap_hours: Set(small(rule.limits.yearly_use_cap_hours)),
        usable_after_days: Set(small(rule.limits.usable.map(|usable| usable.days))),
        usable_counting: Set(rule.limits.usable.map(|usable| usable.counting.as_str().to_owned())),
        min_increment_minutes: Set(small(rule.limits.min_increment_minutes)),
        ..Default::default()
    }
}
