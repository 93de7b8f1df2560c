//! A stored rule row as the engine's [`Rule`], and the row to store for one.

use crate::engine_ids::{FromEngine, ToEngine};
use crate::entities::pto_rules as rules;
use kernel::ids::PtoPlanId;
use kernel::TenantCtx;
use pto_engine::{
    AccrualPeriod, Anchor, Carryover, CreditOn, Expiry, ExpiryUnit, Hours, Limits, Method, RateBasis, Rounding, Rule,
    Schedule, ServiceTier, ServiceTiers, UsableAfter, WaitCounting, YearStart,
};
use sea_orm::ActiveValue::Set;
use serde::{Deserialize, Serialize};

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
    if negative {
        return Some("one of its caps or waits is negative".to_owned());
    }
    schedule_of(row).err()
}

/// One service tier as stored in `service_tiers`.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct StoredTier {
    from_year: u32,
    rate_hundredths: i64,
}

/// The accrual settings of a row, or what is wrong with them.
fn schedule_of(row: &rules::Model) -> Result<Schedule, String> {
    let unknown = |what: &str, value: &str| format!("its {what} '{value}' is unknown");
    let period = AccrualPeriod::parse(&row.accrual_period).ok_or_else(|| unknown("period", &row.accrual_period))?;
    let rate_basis = RateBasis::parse(&row.rate_basis).ok_or_else(|| unknown("rate basis", &row.rate_basis))?;
    let anchor = Anchor::parse(&row.period_anchor).ok_or_else(|| unknown("period anchor", &row.period_anchor))?;
    let credit_on = CreditOn::parse(&row.credit_on).ok_or_else(|| unknown("credit day", &row.credit_on))?;
    let rounding = Rounding::parse(&row.rounding).ok_or_else(|| unknown("rounding", &row.rounding))?;
    let carryover_expiry = match (row.carryover_expiry_amount, row.carryover_expiry_unit.as_deref()) {
        (None, _) => None,
        (Some(amount), unit) => {
            let unit =
                ExpiryUnit::parse(unit.unwrap_or("days")).ok_or_else(|| unknown("expiry unit", unit.unwrap_or("")))?;
            let amount = u32::try_from(amount).ok().filter(|a| *a > 0).ok_or("its carryover expiry is not positive")?;
            Some(Expiry { amount, unit })
        }
    };
    let year_start = match row.year_start.as_str() {
        "default" => YearStart::Default,
        "hireAnniversary" => YearStart::HireAnniversary,
        "fiscal" => row
            .fiscal_year_start
            .as_deref()
            .and_then(YearStart::fiscal)
            .ok_or("its fiscal year has no valid first day")?,
        other => return Err(unknown("year start", other)),
    };
    let tiers = match row.service_tiers.as_deref() {
        None => ServiceTiers::default(),
        Some(text) => {
            let stored: Vec<StoredTier> = serde_json::from_str(text).map_err(|_| "its service tiers are unreadable")?;
            let tiers = stored
                .into_iter()
                .map(|tier| ServiceTier { from_year: tier.from_year, rate: Hours::from_centi(tier.rate_hundredths) })
                .collect();
            ServiceTiers::new(tiers).ok_or("it has more than six service tiers")?
        }
    };
    Ok(Schedule { period, rate_basis, anchor, credit_on, rounding, carryover_expiry, year_start, tiers })
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
    // A row the forms could not have saved is named by `rule_problem` and skipped by the
    // accrual job; read here with the defaults.
    rule.schedule = schedule_of(row).unwrap_or_default();
    rule
}

pub(crate) fn rule_row(ctx: &TenantCtx, plan: PtoPlanId, rule: &Rule) -> rules::ActiveModel {
    let (policy, max_carryover) = match rule.carryover {
        Carryover::AllowCarryover { max_hours } => ("allowCarryover", max_hours),
        Carryover::UseItOrLoseIt => ("useItOrLoseIt", None),
    };
    let small = |value: Option<u32>| value.and_then(|value| i32::try_from(value).ok());
    let schedule = rule.schedule;
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
        accrual_period: Set(schedule.period.as_str().to_owned()),
        rate_basis: Set(schedule.rate_basis.as_str().to_owned()),
        period_anchor: Set(schedule.anchor.as_str().to_owned()),
        credit_on: Set(schedule.credit_on.as_str().to_owned()),
        rounding: Set(schedule.rounding.as_str().to_owned()),
        carryover_expiry_amount: Set(small(schedule.carryover_expiry.map(|expiry| expiry.amount))),
        carryover_expiry_unit: Set(schedule.carryover_expiry.map(|expiry| expiry.unit.as_str().to_owned())),
        year_start: Set(schedule.year_start.kind().to_owned()),
        fiscal_year_start: Set(schedule.year_start.fiscal_text()),
        service_tiers: Set((!schedule.tiers.is_empty()).then(|| {
            let stored: Vec<StoredTier> = schedule
                .tiers
                .iter()
                .map(|tier| StoredTier { from_year: tier.from_year, rate_hundredths: tier.rate.centi() })
                .collect();
            serde_json::to_string(&stored).unwrap_or_default()
        })),
        ..Default::default()
    }
}
