//! PTO plans (002 §2–§5, the spec's "policies"): a name, one rule per included PTO type, and who is
//! enrolled in them each year.
//!
//! Who may do what: admins create, edit and delete plans ([`AdminCtx`]); managers read them with
//! the rest of the PTO set-up ([`kernel::ManagerCtx`] through the `TenantCtx` they deref to).
//!
//! - Rules are validated by `pto-engine` ([`RuleDraft::validate`], [`validate_plan_rules`]): the
//!   engine's messages on the engine's field names, under `rules[i].`; each names a PTO type of
//!   the company that is not deleted.
//! - A plan is for a year: the current one or the next (the wizard), or the previous one (the
//!   edit panel lists it). Saving enrols the people it is assigned to (by job role, the entire
//!   team, chosen members, or nobody yet) from 1 January of that year. An employee has one plan
//!   at a time: someone already enrolled that year keeps their plan until switched, which is the
//!   starting-balance flow's business (`switching`).
//! - Deleting a plan is refused while anyone is enrolled in it, with 002 §2's tooltip text.

use crate::entities::{pto_enrollments as enrollments, pto_plans as plans, pto_rules as rules, pto_types};
use crate::types::hours_number;
use crate::{Pto, PtoError};
use accounts::entities::users;
use chrono::{Datelike, Utc};
use kernel::time::local_date;
use kernel::validation::lenient_i64;
use kernel::{AdminCtx, EmploymentStatus, FieldErrors, TenantCtx, UserId};
use pto_engine::{
    rule_summary, validate_plan_rules, Carryover, Hours, Method, Plan, PlanId, PtoTypeId, Rule, RuleDraft, RuleId,
};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

pub const PLAN_HAS_PEOPLE: &str =
    "There are people assigned to this PTO Plan. Please move them to a different plan first.";
pub const YEAR_INVALID: &str = "Please choose the previous, current or next year";
pub const ASSIGN_TYPE_MISSING: &str = "Please choose who this plan is for";
pub const ASSIGN_ROLES_MISSING: &str = "Please choose at least one job role";
pub const ASSIGN_MEMBERS_MISSING: &str = "Please choose at least one team member";
pub const UNKNOWN_TYPE: &str = "Please choose a PTO type of your company";
pub const UNKNOWN_MEMBER: &str = "Please choose people of your company";
pub const UNKNOWN_ROLE: &str = "Please choose job roles of your company";
pub const NOT_ASSIGNED: &str = "Please give starting balances only to people this plan is assigned to";
pub const NOT_ENROLLED: &str = "Please choose people enrolled in this plan that year";
pub const NOTHING_TO_REMOVE: &str = "A new plan has nobody to take off";
pub const ADD_AND_REMOVE: &str = "Please either add or take off a person, not both";

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
        }
    }
}

/// Who a plan is for (002 §3 "Assign type").
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Assignee {
    JobRoles(Vec<i64>),
    EntireTeam,
    Members(Vec<UserId>),
    Nobody,
}

/// The assignment a form names, if it names one.
pub(crate) fn assignee_of(assign_type: Option<&str>, ids: &[i64]) -> Option<Assignee> {
    match assign_type.map(str::trim)? {
        "jobRole" => Some(Assignee::JobRoles(ids.to_vec())),
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
    pub id: Option<PlanId>,
    pub name: String,
    pub year: i32,
    pub assignee: Assignee,
    pub rules: Vec<Rule>,
    /// (employee, type, minutes).
    pub starting: Vec<(i64, i64, i64)>,
    pub remove: BTreeSet<i64>,
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
            Some("jobRole") if !input.assign_ids.is_empty() => Assignee::JobRoles(input.assign_ids.clone()),
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
        let remove: BTreeSet<i64> = input.remove_ids.iter().copied().collect();
        if !remove.is_empty() && input.id.is_none() {
            errors.add("removeIds", NOTHING_TO_REMOVE);
        }
        if let Assignee::Members(ids) = &assignee {
            if ids.iter().any(|id| remove.contains(&id.0)) {
                errors.add("removeIds", ADD_AND_REMOVE);
            }
        }
        errors.into_result(PlanCommand { id: input.id.map(PlanId), name, year, assignee, rules, starting, remove })
    }
}

/// A rule as the screens read it (002 §3), with its summary ('80 hrs/year').
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RuleView {
    pub id: i64,
    pub pto_policy_id: i64,
    pub pto_type_id: i64,
    /// 1 active.
    pub status: i16,
    pub method: String,
    pub rate: f64,
    pub rate_unit: u32,
    pub prorated: bool,
    pub waiting_period_enabled: bool,
    pub waiting_period: Option<u32>,
    pub start_after_waiting_period: bool,
    pub carryover_policy: String,
    pub max_carryover_enabled: bool,
    pub max_carryover: Option<u32>,
    pub max_balance_enabled: bool,
    pub max_balance: Option<u32>,
    /// True for per-anniversary rules.
    pub anniversary_based: bool,
    pub summary: String,
}

/// Enrolled people of one year.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct EnrolledCount {
    pub year: i32,
    pub count: u64,
}

/// A plan as the screens read it (002 §3 "PTO plan").
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PlanView {
    pub id: i64,
    pub name: String,
    /// Fixed, Accrued, Unkown (the spec's spelling) or N/A (002 §4).
    pub kind: String,
    pub rules: Vec<RuleView>,
    /// The years anyone is enrolled, ascending.
    pub associated_years: Vec<i32>,
    pub num_of_enrolled_employees: Vec<EnrolledCount>,
    /// The people enrolled in any year.
    pub enrolled_employee_count: u64,
}

/// The engine's rule of a stored row.
pub(crate) fn rule_of(row: &rules::Model) -> Rule {
    let method = Method::parse(&row.method).unwrap_or(Method::PerCalendarYear);
    let mut rule =
        Rule::new(RuleId(row.id), PtoTypeId(row.pto_type_id), method, Hours::from_centi(row.rate_hundredths));
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
    rule
}

fn rule_view(row: &rules::Model) -> RuleView {
    let rule = rule_of(row);
    let (policy, max_carryover) = match rule.carryover {
        Carryover::AllowCarryover { max_hours } => ("allowCarryover", max_hours),
        Carryover::UseItOrLoseIt => ("useItOrLoseIt", None),
    };
    RuleView {
        id: row.id,
        pto_policy_id: row.plan_id,
        pto_type_id: row.pto_type_id,
        status: i16::from(rule.active),
        method: rule.method.as_str().to_owned(),
        rate: hours_number(rule.rate),
        rate_unit: rule.rate_unit,
        prorated: rule.prorated,
        waiting_period_enabled: rule.waiting_period_days.is_some(),
        waiting_period: rule.waiting_period_days,
        start_after_waiting_period: rule.start_after_waiting_period,
        carryover_policy: policy.to_owned(),
        max_carryover_enabled: max_carryover.is_some(),
        max_carryover,
        max_balance_enabled: rule.max_balance_hours.is_some(),
        max_balance: rule.max_balance_hours,
        anniversary_based: rule.method == Method::PerAnniversary,
        summary: rule_summary(&rule),
    }
}

pub(crate) fn rule_row(ctx: &TenantCtx, plan: i64, rule: &Rule) -> rules::ActiveModel {
    let (policy, max_carryover) = match rule.carryover {
        Carryover::AllowCarryover { max_hours } => ("allowCarryover", max_hours),
        Carryover::UseItOrLoseIt => ("useItOrLoseIt", None),
    };
    let small = |value: Option<u32>| value.and_then(|value| i32::try_from(value).ok());
    rules::ActiveModel {
        company_id: Set(ctx.company().0),
        plan_id: Set(plan),
        pto_type_id: Set(rule.pto_type.0),
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
        ..Default::default()
    }
}

impl Pto {
    /// The company's current year (its own time zone).
    pub fn this_year(&self, ctx: &TenantCtx) -> i32 {
        local_date(ctx.time_zone(), Utc::now()).year()
    }

    /// Every plan of the company with its rules and enrolment counts, by name.
    pub async fn plans(&self, ctx: &TenantCtx) -> Result<Vec<PlanView>, PtoError> {
        let plan_rows = plans::Entity::find()
            .filter(kernel::tenancy::same_company::<plans::Entity>(ctx.company()))
            .order_by_asc(plans::Column::Name)
            .order_by_asc(plans::Column::Id)
            .all(&self.db)
            .await?;
        let rule_rows = self.rule_rows(ctx).await?;
        let enrolled = enrollments::Entity::find()
            .filter(kernel::tenancy::same_company::<enrollments::Entity>(ctx.company()))
            .all(&self.db)
            .await?;
        // People per plan and year (someone who switched within a year counts for both plans).
        let mut people: HashMap<i64, BTreeMap<i32, BTreeSet<i64>>> = HashMap::new();
        for row in &enrolled {
            people.entry(row.plan_id).or_default().entry(row.year).or_default().insert(row.employee_id);
        }
        let mut distinct: HashMap<i64, u64> = people
            .iter()
            .map(|(plan, years)| (*plan, years.values().flatten().collect::<BTreeSet<_>>().len() as u64))
            .collect();
        let mut counts: HashMap<i64, BTreeMap<i32, u64>> = people
            .into_iter()
            .map(|(plan, years)| (plan, years.into_iter().map(|(year, ids)| (year, ids.len() as u64)).collect()))
            .collect();
        Ok(plan_rows
            .into_iter()
            .map(|plan| {
                let own: Vec<&rules::Model> = rule_rows.iter().filter(|rule| rule.plan_id == plan.id).collect();
                let engine_plan = Plan {
                    id: PlanId(plan.id),
                    name: plan.name.clone(),
                    rules: own.iter().map(|row| rule_of(row)).collect(),
                };
                let years = counts.remove(&plan.id).unwrap_or_default();
                PlanView {
                    id: plan.id,
                    kind: pto_engine::plan_kind_label(&engine_plan).to_owned(),
                    rules: own.into_iter().map(rule_view).collect(),
                    associated_years: years.keys().copied().collect(),
                    enrolled_employee_count: distinct.remove(&plan.id).unwrap_or_default(),
                    num_of_enrolled_employees: years
                        .into_iter()
                        .map(|(year, count)| EnrolledCount { year, count })
                        .collect(),
                    name: plan.name,
                }
            })
            .collect())
    }

    /// Every rule of the company's plans.
    pub(crate) async fn rule_rows(&self, ctx: &TenantCtx) -> Result<Vec<rules::Model>, PtoError> {
        Ok(rules::Entity::find()
            .filter(kernel::tenancy::same_company::<rules::Entity>(ctx.company()))
            .order_by_asc(rules::Column::PlanId)
            .order_by_asc(rules::Column::Id)
            .all(&self.db)
            .await?)
    }

    pub(crate) async fn plan_row(&self, ctx: &TenantCtx, id: PlanId) -> Result<plans::Model, PtoError> {
        plans::Entity::find_by_id(id.0)
            .filter(kernel::tenancy::same_company::<plans::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .ok_or(PtoError::NotFound)
    }

    /// The active employees a plan's assignment names; ids outside the company are refused.
    pub(crate) async fn assignees(&self, ctx: &TenantCtx, assignee: &Assignee) -> Result<Vec<users::Model>, PtoError> {
        let people = accounts::company_people(ctx)
            .filter(users::Column::Status.eq(EmploymentStatus::Active))
            .order_by_asc(users::Column::Id)
            .all(&self.db)
            .await?;
        Ok(match assignee {
            Assignee::Nobody => Vec::new(),
            Assignee::EntireTeam => people,
            Assignee::JobRoles(ids) => {
                let known: HashSet<i64> =
                    self.accounts.job_roles_of(ctx).await?.into_iter().map(|role| role.id).collect();
                if ids.iter().any(|id| !known.contains(id)) {
                    return Err(PtoError::field("assignIds", UNKNOWN_ROLE));
                }
                people.into_iter().filter(|person| person.job_role_id.is_some_and(|role| ids.contains(&role))).collect()
            }
            Assignee::Members(ids) => {
                let wanted: BTreeSet<i64> = ids.iter().map(|id| id.0).collect();
                let found: Vec<users::Model> =
                    people.into_iter().filter(|person| wanted.contains(&person.id)).collect();
                if found.len() != wanted.len() {
                    return Err(PtoError::field("assignIds", UNKNOWN_MEMBER));
                }
                found
            }
        })
    }

    /// Refuses rules naming a type that is not the company's (or is deleted).
    pub(crate) async fn check_rule_types(&self, ctx: &TenantCtx, rules: &[Rule]) -> Result<(), PtoError> {
        let known: HashSet<i64> = pto_types::Entity::find()
            .filter(kernel::tenancy::same_company::<pto_types::Entity>(ctx.company()))
            .filter(pto_types::Column::DeletedAt.is_null())
            .all(&self.db)
            .await?
            .into_iter()
            .map(|row| row.id)
            .collect();
        if let Some(index) = rules.iter().position(|rule| !known.contains(&rule.pto_type.0)) {
            return Err(PtoError::field(&format!("rules[{index}].ptoTypeId"), UNKNOWN_TYPE));
        }
        Ok(())
    }

    /// `POST /settings/save-pto-plan` and `/settings/update-pto-policy`: creates a plan (or edits
    /// the one with `id`: its name and rules, each rule change recorded), puts the people it is
    /// assigned to in it for the year with the starting balances given (someone in another plan
    /// that year moves to this one, as a switch does), and takes off the people named to remove.
    pub async fn save_plan(&self, ctx: &AdminCtx, command: PlanCommand) -> Result<PlanView, PtoError> {
        let existing = match command.id {
            Some(id) => Some(self.plan_row(ctx, id).await?),
            None => None,
        };
        self.check_rule_types(ctx, &command.rules).await?;
        let people = self.assignees(ctx, &command.assignee).await?;
        let assigned: HashSet<i64> = people.iter().map(|person| person.id).collect();
        if let Some(index) = command.starting.iter().position(|(employee, _, _)| !assigned.contains(employee)) {
            return Err(PtoError::field(&format!("startingBalances[{index}].employeeId"), NOT_ASSIGNED));
        }
        self.check_starting_types(ctx, &command.starting).await?;
        let _permit = self.gate.enter().await;
        let now = Utc::now();
        let txn = kernel::begin_write(&self.db).await?;
        let plan = match existing {
            Some(row) => {
                let mut row: plans::ActiveModel = row.into();
                row.name = Set(command.name);
                row.updated_at = Set(now);
                let saved = row.update(&txn).await?;
                crate::rules::write_rules(&txn, ctx, saved.id, &command.rules).await?;
                saved
            }
            None => {
                let saved = plans::ActiveModel {
                    company_id: Set(ctx.company().0),
                    name: Set(command.name),
                    created_at: Set(now),
                    updated_at: Set(now),
                    ..Default::default()
                }
                .insert(&txn)
                .await?;
                // A new plan's rules are its first version: nobody's balance changed.
                for rule in &command.rules {
                    rule_row(ctx, saved.id, rule).insert(&txn).await?;
                }
                saved
            }
        };
        if !command.remove.is_empty() {
            self.take_off(&txn, ctx, plan.id, command.year, &command.remove).await?;
        }
        self.enrol(&txn, ctx, plan.id, command.year, &people, &command.starting).await?;
        txn.commit().await?;
        drop(_permit);
        let id = plan.id;
        self.plans(ctx).await?.into_iter().find(|view| view.id == id).ok_or(PtoError::NotFound)
    }

    /// Takes `people` off `plan` for `year`: their enrolments in it that year and the starting
    /// balances given with them go, so the plan they had before that year (or none) is back.
    async fn take_off(
        &self,
        txn: &impl sea_orm::ConnectionTrait,
        ctx: &TenantCtx,
        plan: i64,
        year: i32,
        people: &BTreeSet<i64>,
    ) -> Result<(), PtoError> {
        let rows = enrollments::Entity::find()
            .filter(kernel::tenancy::same_company::<enrollments::Entity>(ctx.company()))
            .filter(enrollments::Column::PlanId.eq(plan))
            .filter(enrollments::Column::Year.eq(year))
            .filter(enrollments::Column::EmployeeId.is_in(people.iter().copied()))
            .all(txn)
            .await?;
        let found: BTreeSet<i64> = rows.iter().map(|row| row.employee_id).collect();
        if found.len() != people.len() {
            return Err(PtoError::field("removeIds", NOT_ENROLLED));
        }
        let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
        crate::entities::pto_balance_entries::Entity::delete_many()
            .filter(kernel::tenancy::same_company::<crate::entities::pto_balance_entries::Entity>(ctx.company()))
            .filter(crate::entities::pto_balance_entries::Column::EnrollmentId.is_in(ids.clone()))
            .exec(txn)
            .await?;
        enrollments::Entity::delete_many()
            .filter(kernel::tenancy::same_company::<enrollments::Entity>(ctx.company()))
            .filter(enrollments::Column::Id.is_in(ids))
            .exec(txn)
            .await?;
        Ok(())
    }

    /// `POST /settings/inactive-pto-policy`: deletes a plan nobody is enrolled in.
    pub async fn delete_plan(&self, ctx: &AdminCtx, id: PlanId) -> Result<(), PtoError> {
        let plan = self.plan_row(ctx, id).await?;
        let _permit = self.gate.enter().await;
        let enrolled = enrollments::Entity::find()
            .filter(kernel::tenancy::same_company::<enrollments::Entity>(ctx.company()))
            .filter(enrollments::Column::PlanId.eq(plan.id))
            .one(&self.db)
            .await?;
        if enrolled.is_some() {
            return Err(PtoError::Conflict(PLAN_HAS_PEOPLE.to_owned()));
        }
        plans::Entity::delete_by_id(plan.id)
            .filter(kernel::tenancy::same_company::<plans::Entity>(ctx.company()))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    /// `GET /pto-manage/plan-employees`: who is enrolled in a plan in a year, by last name.
    pub async fn plan_employees(&self, ctx: &TenantCtx, id: PlanId, year: i32) -> Result<Vec<PlanEmployee>, PtoError> {
        let plan = self.plan_row(ctx, id).await?;
        let ids: Vec<i64> = enrollments::Entity::find()
            .filter(kernel::tenancy::same_company::<enrollments::Entity>(ctx.company()))
            .filter(enrollments::Column::PlanId.eq(plan.id))
            .filter(enrollments::Column::Year.eq(year))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|row| row.employee_id)
            .collect();
        let people = accounts::company_people(ctx)
            .filter(users::Column::Id.is_in(ids))
            .order_by_asc(users::Column::LastName)
            .order_by_asc(users::Column::FirstName)
            .all(&self.db)
            .await?;
        Ok(people
            .into_iter()
            .map(|person| PlanEmployee { id: person.id, name: format!("{} {}", person.first_name, person.last_name) })
            .collect())
    }

    /// The types some plan includes (they cannot be deleted).
    pub(crate) async fn types_in_plans(&self, ctx: &TenantCtx) -> Result<HashSet<i64>, PtoError> {
        Ok(self.rule_rows(ctx).await?.into_iter().map(|rule| rule.pto_type_id).collect())
    }
}

/// A job role as the PTO screens list it (active ones only: the assignment picker).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct JobRoleRef {
    pub id: i64,
    pub name: String,
}

/// `GET /pto-manage/data` (002 §7): what /admin/ptomanage shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PtoManageData {
    pub pto_types: Vec<crate::types::PtoTypeView>,
    pub pto_policies: Vec<PlanView>,
    pub pto_rules: Vec<RuleView>,
    pub job_roles: Vec<JobRoleRef>,
    /// The current year's paid holidays, by date.
    pub paid_holidays: Vec<crate::holidays::PaidHoliday>,
    /// The company's current year, from which the screens offer years.
    pub current_year: i32,
}

impl Pto {
    /// `GET /pto-manage/data`: types, plans, their rules, the active job roles and this year's
    /// paid holidays.
    pub async fn manage_data(&self, ctx: &TenantCtx) -> Result<PtoManageData, PtoError> {
        let pto_policies = self.plans(ctx).await?;
        Ok(PtoManageData {
            pto_types: self.pto_types(ctx).await?,
            pto_rules: pto_policies.iter().flat_map(|plan| plan.rules.iter().cloned()).collect(),
            pto_policies,
            job_roles: self
                .accounts
                .job_roles_of(ctx)
                .await?
                .into_iter()
                .filter(|role| role.active)
                .map(|role| JobRoleRef { id: role.id, name: role.name })
                .collect(),
            paid_holidays: self.holidays(ctx, None).await?.holidays,
            current_year: self.this_year(ctx),
        })
    }
}

/// An employee enrolled in a plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlanEmployee {
    pub id: i64,
    pub name: String,
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(command.assignee, Assignee::JobRoles(vec![3]));
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
