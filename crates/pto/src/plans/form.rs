//! The plan forms as sent (the wizard's submit and the edit panel) and the validated command
//! they are read into, with the engine's rule checks under `rules[i].`.

use super::{
    ADD_AND_REMOVE, ASSIGN_MEMBERS_MISSING, ASSIGN_ROLES_MISSING, ASSIGN_TYPE_MISSING, NOTHING_TO_REMOVE, YEAR_INVALID,
};
use kernel::ids::{PtoPlanId, PtoTypeId};
use kernel::validation::lenient_i64;
use kernel::{FieldErrors, JobRoleId, UserId};
use pto_engine::{validate_plan_rules, Rule, RuleDraft, RuleId, ScheduleDraft, TierDraft};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A number the screens send as a number or as text, kept as text for the engine's exact parse.
fn text_or_number<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    Ok(crate::types::hours_text(deserializer)?.unwrap_or_default())
}

/// A yes/no the screens send as `true`/`false` or 1/0.
fn yes_no<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<bool, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Flag {
        Bool(bool),
        Number(i64),
    }
    Ok(match Option::<Flag>::deserialize(deserializer)? {
        None => false,
        Some(Flag::Bool(flag)) => flag,
        Some(Flag::Number(number)) => number == 1,
    })
}

/// One PTO type's rule as the rule forms send it (002 §3 "PTO rule").
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
pub struct RuleInput {
    #[serde(deserialize_with = "lenient_i64")]
    pub pto_type_id: Option<i64>,
    /// 1 active (the default).
    #[serde(deserialize_with = "lenient_i64")]
    pub status: Option<i64>,
    /// PER_CALENDAR_YEAR, PER_ANNIVERSARY, PER_PAY_PERIOD or PER_HOUR_WORKED.
    pub method: Option<String>,
    /// Hours (two decimals): a year for fixed rules, per `rateUnit` for accruals.
    #[serde(deserialize_with = "text_or_number")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<f64>))]
    pub rate: String,
    /// Months (per pay period) or worked hours (per hour worked).
    #[serde(deserialize_with = "text_or_number")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub rate_unit: String,
    #[serde(deserialize_with = "yes_no")]
    pub prorated: bool,
    #[serde(deserialize_with = "yes_no")]
    pub waiting_period_enabled: bool,
    /// Days.
    #[serde(deserialize_with = "text_or_number")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub waiting_period: String,
    #[serde(deserialize_with = "yes_no")]
    pub start_after_waiting_period: bool,
    /// allowCarryover or useItOrLoseIt.
    pub carryover_policy: Option<String>,
    #[serde(deserialize_with = "yes_no")]
    pub max_carryover_enabled: bool,
    /// Hours.
    #[serde(deserialize_with = "text_or_number")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub max_carryover: String,
    #[serde(deserialize_with = "yes_no")]
    pub max_balance_enabled: bool,
    /// Hours.
    #[serde(deserialize_with = "text_or_number")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub max_balance: String,
    /// Issue 38: hours a year may earn at most (1 to 1,000; empty for none).
    #[serde(deserialize_with = "text_or_number")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub yearly_accrual_cap: String,
    /// Issue 38: hours a year may use at most (1 to 1,000; empty for none).
    #[serde(deserialize_with = "text_or_number")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub yearly_use_cap: String,
    /// Issue 38: days of employment before the first use (1 to 730; empty for none).
    #[serde(deserialize_with = "text_or_number")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub usable_after_days: String,
    /// `fromDay` (usable on day N) or `afterDays` (after N days, the default).
    pub usable_counting: Option<String>,
    /// Issue 38: the smallest block of time off, in hours (0.25 to 8; empty for none).
    #[serde(deserialize_with = "text_or_number")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<f64>))]
    pub min_increment: String,
    /// Issue 38: `months` (default: `rateUnit` months), `weekly`, `biweekly` or `semiMonthly`
    /// (per pay period rules).
    pub accrual_period: Option<String>,
    /// `perPeriod` (default) or `perYear`: the rate is a year's, split evenly across the periods.
    pub rate_basis: Option<String>,
    /// `joining` (periods from the start date, the default) or `calendar`.
    pub period_anchor: Option<String>,
    /// `periodEnd` (default) or `periodStart`: the day a period's credit lands.
    pub credit_on: Option<String>,
    /// `none` (default), `minute`, `quarterHour`, `halfHour`, `hour` or `day`.
    pub rounding: Option<String>,
    /// Carried-over hours expire this many days or months after the carryover (empty: never).
    #[serde(deserialize_with = "text_or_number")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub carryover_expires_after: String,
    /// `days` (default) or `months`.
    pub carryover_expiry_unit: Option<String>,
    /// `default` (1 January), `hireAnniversary` or `fiscal` (accruing rules).
    pub year_start: Option<String>,
    /// The fiscal year's first day, `MM-DD`.
    pub fiscal_year_start: Option<String>,
    /// Rates from a year of service on (at most six).
    pub service_tiers: Vec<TierInput>,
}

/// A rate from a year of service on.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
pub struct TierInput {
    /// The year of service it starts in (2 to 50).
    #[serde(deserialize_with = "text_or_number")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub from_year: String,
    /// The rule's rate from then on, in the rule's unit.
    #[serde(deserialize_with = "text_or_number")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<f64>))]
    pub rate: String,
}

impl RuleInput {
    pub(crate) fn draft(&self) -> RuleDraft {
        RuleDraft {
            id: None,
            name: None,
            pto_type_id: self.pto_type_id,
            method: self.method.clone(),
            rate: self.rate.clone(),
            rate_unit: self.rate_unit.clone(),
            prorated: self.prorated,
            waiting_period_enabled: self.waiting_period_enabled,
            waiting_period: self.waiting_period.clone(),
            start_after_waiting_period: self.start_after_waiting_period,
            carryover_policy: self.carryover_policy.clone().unwrap_or_else(|| "allowCarryover".to_owned()),
            max_carryover_enabled: self.max_carryover_enabled,
            max_carryover: self.max_carryover.clone(),
            max_balance_enabled: self.max_balance_enabled,
            max_balance: self.max_balance.clone(),
            status: Some(self.status.map_or(1, |status| i32::from(status == 1))),
            yearly_accrual_cap: self.yearly_accrual_cap.clone(),
            yearly_use_cap: self.yearly_use_cap.clone(),
            usable_after_days: self.usable_after_days.clone(),
            usable_counting: self.usable_counting.clone().unwrap_or_default(),
            min_increment: self.min_increment.clone(),
            schedule: ScheduleDraft {
                accrual_period: self.accrual_period.clone().unwrap_or_default(),
                rate_basis: self.rate_basis.clone().unwrap_or_default(),
                period_anchor: self.period_anchor.clone().unwrap_or_default(),
                credit_on: self.credit_on.clone().unwrap_or_default(),
                rounding: self.rounding.clone().unwrap_or_default(),
                carryover_expires_after: self.carryover_expires_after.clone(),
                carryover_expiry_unit: self.carryover_expiry_unit.clone().unwrap_or_default(),
                year_start: self.year_start.clone().unwrap_or_default(),
                fiscal_year_start: self.fiscal_year_start.clone().unwrap_or_default(),
                service_tiers: self
                    .service_tiers
                    .iter()
                    .map(|tier| TierDraft { from_year: tier.from_year.clone(), rate: tier.rate.clone() })
                    .collect(),
            },
        }
    }
}

/// Who a plan is for (002 §3 "Assign type").
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Assignee {
    JobRoles(Vec<JobRoleId>),
    EntireTeam,
    Members(Vec<UserId>),
    Nobody,
}

/// The assignment a form names, if it names one.
pub(crate) fn assignee_of(assign_type: Option<&str>, ids: &[i64]) -> Option<Assignee> {
    match assign_type.map(str::trim)? {
        "jobRole" => Some(Assignee::JobRoles(ids.iter().copied().map(JobRoleId).collect())),
        "teamMembers" => Some(Assignee::Members(ids.iter().copied().map(UserId).collect())),
        "entireTeam" => Some(Assignee::EntireTeam),
        "none" => Some(Assignee::Nobody),
        _ => None,
    }
}

/// `POST /settings/save-pto-plan` (the wizard's submit) and `POST /settings/update-pto-policy`
/// (the edit panel, with `id`).
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
pub struct PlanInput {
    #[serde(deserialize_with = "lenient_i64")]
    pub id: Option<i64>,
    pub name: Option<String>,
    #[serde(deserialize_with = "lenient_i64")]
    pub year: Option<i64>,
    /// jobRole, entireTeam, teamMembers or none.
    pub assign_type: Option<String>,
    /// Job role ids (jobRole) or employee ids (teamMembers).
    pub assign_ids: Vec<i64>,
    pub rules: Vec<RuleInput>,
    /// The balance people the plan is assigned to start it with, per type (002 §2 step 10).
    pub starting_balances: Vec<crate::switching::StartingBalanceInput>,
    /// The edit panel: people to take off the plan for `year`.
    pub remove_ids: Vec<i64>,
}

/// A validated plan form.
#[derive(Debug, Clone, PartialEq)]
pub struct PlanCommand {
    pub id: Option<PtoPlanId>,
    pub name: String,
    pub year: i32,
    pub assignee: Assignee,
    pub rules: Vec<Rule>,
    /// (employee, type, minutes).
    pub starting: Vec<(UserId, PtoTypeId, i64)>,
    pub remove: BTreeSet<UserId>,
}

impl PlanCommand {
    /// Checks the form; `this_year` is the company's current year.
    pub fn parse(input: &PlanInput, this_year: i32) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = input.name.as_deref().map(str::trim).unwrap_or_default().to_owned();
        if name.chars().count() > 100 {
            errors.add("name", "Please use at most 100 characters");
        }
        let year = match input.year.and_then(|year| i32::try_from(year).ok()) {
            Some(year) if (this_year - 1..=this_year + 1).contains(&year) => year,
            _ => {
                errors.add("year", YEAR_INVALID);
                this_year
            }
        };
        let assignee = match input.assign_type.as_deref().map(str::trim) {
            Some("jobRole") if !input.assign_ids.is_empty() => {
                Assignee::JobRoles(input.assign_ids.iter().copied().map(JobRoleId).collect())
            }
            Some("jobRole") => {
                errors.add("assignIds", ASSIGN_ROLES_MISSING);
                Assignee::Nobody
            }
            Some("teamMembers") if !input.assign_ids.is_empty() => {
                Assignee::Members(input.assign_ids.iter().copied().map(UserId).collect())
            }
            Some("teamMembers") => {
                errors.add("assignIds", ASSIGN_MEMBERS_MISSING);
                Assignee::Nobody
            }
            Some("entireTeam") => Assignee::EntireTeam,
            Some("none") => Assignee::Nobody,
            // The edit panel sends no assignment: nobody is added.
            None if input.id.is_some() => Assignee::Nobody,
            _ => {
                errors.add("assignType", ASSIGN_TYPE_MISSING);
                Assignee::Nobody
            }
        };
        let mut rules = Vec::with_capacity(input.rules.len());
        for (index, rule) in input.rules.iter().enumerate() {
            match rule.draft().validate() {
                Ok(mut valid) => {
                    valid.id = RuleId(index as i64 + 1);
                    rules.push(valid);
                }
                Err(problems) => {
                    for (field, messages) in problems.iter() {
                        for message in messages {
                            errors.add(&format!("rules[{index}].{field}"), message.clone());
                        }
                    }
                }
            }
        }
        if errors.is_empty() {
            if let Err(problems) = validate_plan_rules(&name, &rules) {
                for (field, messages) in problems.iter() {
                    for message in messages {
                        errors.add(field, message.clone());
                    }
                }
            }
        } else if name.is_empty() {
            errors.add("name", pto_engine::rules::MSG_NAME);
        }
        let starting = crate::switching::parse_starting_balances(&input.starting_balances, &mut errors);
        let remove: BTreeSet<UserId> = input.remove_ids.iter().copied().map(UserId).collect();
        if !remove.is_empty() && input.id.is_none() {
            errors.add("removeIds", NOTHING_TO_REMOVE);
        }
        if let Assignee::Members(ids) = &assignee {
            if ids.iter().any(|id| remove.contains(id)) {
                errors.add("removeIds", ADD_AND_REMOVE);
            }
        }
        errors.into_result(PlanCommand { id: input.id.map(PtoPlanId), name, year, assignee, rules, starting, remove })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pto_engine::{Carryover, Hours};

    fn parse(json: serde_json::Value) -> Result<PlanCommand, FieldErrors> {
        PlanCommand::parse(&serde_json::from_value(json).unwrap(), 2026)
    }

    #[test]
    fn a_wizard_plan_is_read_with_the_engines_rules() {
        let command = parse(serde_json::json!({
            "name": "Standard", "year": 2026, "assignType": "jobRole", "assignIds": [3],
            "rules": [{"ptoTypeId": 5, "method": "PER_CALENDAR_YEAR", "rate": 80, "rateUnit": 1, "prorated": true,
                       "carryoverPolicy": "allowCarryover", "maxCarryoverEnabled": true, "maxCarryover": "16"}]
        }))
        .unwrap();
        assert_eq!(command.assignee, Assignee::JobRoles(vec![JobRoleId(3)]));
        assert_eq!(command.rules[0].rate, Hours::whole(80));
        assert_eq!(command.rules[0].carryover, Carryover::AllowCarryover { max_hours: Some(16) });
    }

    #[test]
    fn the_engines_messages_come_back_on_each_rules_fields() {
        let errors = parse(serde_json::json!({
            "name": "", "year": 2030, "assignType": "teamMembers", "assignIds": [],
            "rules": [{"ptoTypeId": 5, "method": "PER_HOUR_WORKED", "rate": "1.255", "rateUnit": ""}]
        }))
        .unwrap_err();
        assert_eq!(errors.messages("year"), [YEAR_INVALID]);
        assert_eq!(errors.messages("assignIds"), [ASSIGN_MEMBERS_MISSING]);
        assert!(errors.has("rules[0].rate"), "{errors:?}");
        assert!(errors.has("rules[0].rateUnit"), "{errors:?}");
        assert_eq!(errors.messages("name"), ["Please input the Name"]);
    }

    #[test]
    fn a_plan_needs_a_type_and_one_rule_per_type() {
        let errors =
            parse(serde_json::json!({"name": "Empty", "year": 2026, "assignType": "none", "rules": []})).unwrap_err();
        assert!(errors.has("rules"));
        let rule = serde_json::json!({"ptoTypeId": 5, "method": "PER_CALENDAR_YEAR", "rate": 8, "rateUnit": 1});
        let errors =
            parse(serde_json::json!({"name": "Twice", "year": 2026, "assignType": "none", "rules": [rule, rule]}))
                .unwrap_err();
        assert_eq!(errors.messages("rules"), ["Each PTO Type can have only one rule in a plan"]);
    }
}
