//! What the screens read of plans: each plan with its rules (and their summaries) and enrolment
//! counts, who is enrolled in one, and /admin/ptomanage's data.

use super::rows::rule_of;
use crate::engine_ids::ToEngine;
use crate::entities::{pto_enrollments as enrollments, pto_plans as plans, pto_rules as rules};
use crate::types::hours_number;
use crate::{Pto, PtoError};
use accounts::people::read::{self, PeopleFilter, PersonOrder};
use chrono::{Datelike, Utc};
use kernel::ids::{PtoPlanId, PtoTypeId};
use kernel::time::local_date;
use kernel::{TenantCtx, UserId};
use pto_engine::{rule_summary, Carryover, Method, Plan};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

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
    /// Issue 38: hours a year may earn at most.
    pub yearly_accrual_cap: Option<u32>,
    /// Issue 38: hours a year may use at most.
    pub yearly_use_cap: Option<u32>,
    /// Issue 38: days of employment before the first use.
    pub usable_after_days: Option<u32>,
    /// `fromDay` (usable on day N) or `afterDays` (after N days); none without a wait.
    pub usable_counting: Option<String>,
    /// Issue 38: the smallest block of time off, in hours.
    pub min_increment: Option<f64>,
    /// Issue 38: the accrual settings (see `RuleInput`).
    pub accrual_period: String,
    pub rate_basis: String,
    pub period_anchor: String,
    pub credit_on: String,
    pub rounding: String,
    pub carryover_expires_after: Option<u32>,
    pub carryover_expiry_unit: Option<String>,
    pub year_start: String,
    pub fiscal_year_start: Option<String>,
    pub service_tiers: Vec<TierView>,
    /// True for per-anniversary rules.
    pub anniversary_based: bool,
    pub summary: String,
}

/// A rate from a year of service on.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TierView {
    pub from_year: u32,
    pub rate: f64,
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
    /// Fixed, Accrued, Mixed (fixed and accrued rules) or N/A (002 §4; see `pto_engine::plan_kind_label`).
    pub kind: String,
    pub rules: Vec<RuleView>,
    /// The years anyone is enrolled, ascending.
    pub associated_years: Vec<i32>,
    /// Per year, the people whose plan that year is this one now (someone moved to another plan
    /// counts there, not here).
    pub num_of_enrolled_employees: Vec<EnrolledCount>,
    /// The people in this plan now, in any year.
    pub enrolled_employee_count: u64,
    /// Nobody was ever enrolled: deleting it changes nobody's balances. A plan someone left
    /// still prices the part of the year they spent in it.
    pub deletable: bool,
}

/// Each person's enrolment in force for each year: the latest one they got that year (a switch
/// within a year adds a later one). Rows of any order.
pub(crate) fn in_force<'a>(
    rows: impl IntoIterator<Item = &'a enrollments::Model>,
) -> HashMap<(UserId, i32), &'a enrollments::Model> {
    let mut latest: HashMap<(UserId, i32), &enrollments::Model> = HashMap::new();
    for row in rows {
        let key = (row.employee_id, row.year);
        match latest.get(&key) {
            Some(kept) if (kept.effective_from, kept.id) >= (row.effective_from, row.id) => {}
            _ => {
                latest.insert(key, row);
            }
        }
    }
    latest
}

fn rule_view(row: &rules::Model) -> RuleView {
    rule_view_of(&rule_of(row), row.id.0, row.plan_id.0, row.pto_type_id.0)
}

/// A rule as the forms read it (a stored one, or a law's preset with ids 0).
pub(crate) fn rule_view_of(rule: &pto_engine::Rule, id: i64, plan: i64, pto_type: i64) -> RuleView {
    let (policy, max_carryover) = match rule.carryover {
        Carryover::AllowCarryover { max_hours } => ("allowCarryover", max_hours),
        Carryover::UseItOrLoseIt => ("useItOrLoseIt", None),
    };
    RuleView {
        id,
        pto_policy_id: plan,
        pto_type_id: pto_type,
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
        yearly_accrual_cap: rule.limits.yearly_accrual_cap_hours,
        yearly_use_cap: rule.limits.yearly_use_cap_hours,
        usable_after_days: rule.limits.usable.map(|usable| usable.days),
        usable_counting: rule.limits.usable.map(|usable| usable.counting.as_str().to_owned()),
        min_increment: rule.limits.min_increment_minutes.map(|minutes| f64::from(minutes) / 60.0),
        accrual_period: rule.schedule.period.as_str().to_owned(),
        rate_basis: rule.schedule.rate_basis.as_str().to_owned(),
        period_anchor: rule.schedule.anchor.as_str().to_owned(),
        credit_on: rule.schedule.credit_on.as_str().to_owned(),
        rounding: rule.schedule.rounding.as_str().to_owned(),
        carryover_expires_after: rule.schedule.carryover_expiry.map(|expiry| expiry.amount),
        carryover_expiry_unit: rule.schedule.carryover_expiry.map(|expiry| expiry.unit.as_str().to_owned()),
        year_start: rule.schedule.year_start.kind().to_owned(),
        fiscal_year_start: rule.schedule.year_start.fiscal_text(),
        service_tiers: rule
            .schedule
            .tiers
            .iter()
            .map(|tier| TierView { from_year: tier.from_year, rate: hours_number(tier.rate) })
            .collect(),
        anniversary_based: rule.method == Method::PerAnniversary,
        summary: rule_summary(rule),
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
        // People per plan and year, each in the plan they are in now.
        let ever: HashSet<PtoPlanId> = enrolled.iter().map(|row| row.plan_id).collect();
        let mut people: HashMap<PtoPlanId, BTreeMap<i32, BTreeSet<UserId>>> = HashMap::new();
        for row in in_force(&enrolled).into_values() {
            people.entry(row.plan_id).or_default().entry(row.year).or_default().insert(row.employee_id);
        }
        let mut distinct: HashMap<PtoPlanId, u64> = people
            .iter()
            .map(|(plan, years)| (*plan, years.values().flatten().collect::<BTreeSet<_>>().len() as u64))
            .collect();
        let mut counts: HashMap<PtoPlanId, BTreeMap<i32, u64>> = people
            .into_iter()
            .map(|(plan, years)| (plan, years.into_iter().map(|(year, ids)| (year, ids.len() as u64)).collect()))
            .collect();
        Ok(plan_rows
            .into_iter()
            .map(|plan| {
                let own: Vec<&rules::Model> = rule_rows.iter().filter(|rule| rule.plan_id == plan.id).collect();
                let engine_plan = Plan {
                    id: plan.id.engine(),
                    name: plan.name.clone(),
                    rules: own.iter().map(|row| rule_of(row)).collect(),
                };
                let years = counts.remove(&plan.id).unwrap_or_default();
                PlanView {
                    id: plan.id.0,
                    kind: pto_engine::plan_kind_label(&engine_plan).to_owned(),
                    rules: own.into_iter().map(rule_view).collect(),
                    associated_years: years.keys().copied().collect(),
                    enrolled_employee_count: distinct.remove(&plan.id).unwrap_or_default(),
                    num_of_enrolled_employees: years
                        .into_iter()
                        .map(|(year, count)| EnrolledCount { year, count })
                        .collect(),
                    deletable: !ever.contains(&plan.id),
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

    pub(crate) async fn plan_row(&self, ctx: &TenantCtx, id: PtoPlanId) -> Result<plans::Model, PtoError> {
        plans::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<plans::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .ok_or(PtoError::NotFound)
    }

    /// `GET /pto-manage/plan-employees`: who is in a plan in a year now, by last name.
    pub async fn plan_employees(
        &self,
        ctx: &TenantCtx,
        id: PtoPlanId,
        year: i32,
    ) -> Result<Vec<PlanEmployee>, PtoError> {
        let plan = self.plan_row(ctx, id).await?;
        let rows = enrollments::Entity::find()
            .filter(kernel::tenancy::same_company::<enrollments::Entity>(ctx.company()))
            .filter(enrollments::Column::Year.eq(year))
            .all(&self.db)
            .await?;
        let ids: BTreeSet<UserId> =
            in_force(&rows).into_values().filter(|row| row.plan_id == plan.id).map(|row| row.employee_id).collect();
        let filter = PeopleFilter::default().with_ids(ids).ordered(PersonOrder::LastName);
        let people = read::people(&self.db, ctx, &filter).await?;
        Ok(people.into_iter().map(|person| PlanEmployee { id: person.id.0, name: person.full_name() }).collect())
    }

    /// The types some plan includes (they cannot be deleted).
    pub(crate) async fn types_in_plans(&self, ctx: &TenantCtx) -> Result<HashSet<PtoTypeId>, PtoError> {
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
                .map(|role| JobRoleRef { id: role.id.0, name: role.name })
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
