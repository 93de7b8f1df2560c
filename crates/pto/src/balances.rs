//! An employee's time off as the folder shows it (001 §2–§7): the plan in force, one row per PTO
//! type and the history entries people made by hand. Every number is `pto-engine`'s, computed
//! over what is stored: the employee's employment dates, their plan per year, the minutes they
//! worked each day (from the clock), starting balances and manual additions.
//!
//! Who may read: the employee themself, a manager for the people they reach, an admin for
//! everyone (accounts' `employee_in_scope`). Admins add and remove manual additions, for others
//! only (001 §6: nobody adds time off to their own balance).
//!
//! Choices where the spec is silent:
//! - A job role's allowance of a type (the type's `overrides`) goes to the engine with the
//!   employee (`EmployeeInput::allowances`); the engine uses it instead of the yearly rate of the
//!   fixed rules (per calendar year, per anniversary) for people with that job role; accrual
//!   rules keep their rate (their rate is per worked hour or month, not a yearly allowance).
//! - Someone hired for a later day who already has a plan is set up: the plan shown is the one
//!   in force on their first day, their total is 0 (nothing accrues before employment) and
//!   `startsOn` says when it begins; without a plan they are 'not set up' like anyone else.
//! - A rehired employee (terminated, then reactivated) starts over from their latest start date:
//!   the engine's employment is the latest period, so their waiting period runs again and what
//!   they earned before the termination is not carried into the new employment. What was set by
//!   hand (starting balances, manual additions) dated inside the new employment still counts.

use crate::engine_ids::ToEngine;
use crate::entities::{pto_balance_entries as entries, pto_enrollments as enrollments, pto_plans as plans, pto_types};
use crate::plans::rule_of;
use crate::{Pto, PtoError};
use accounts::people::read::{self, PeopleFilter};
use accounts::Person;
use chrono::{Datelike, NaiveDate, Utc};
use kernel::ids::{PtoPlanId, PtoTypeId};
use kernel::time::local_date;
use kernel::{AdminCtx, EmploymentStatus, FieldErrors, JobRoleId, PtoHistoryEntryId, RequestStatus, TenantCtx, UserId};
use pto_engine::{
    compute, EmployeeInput, Employment, Hours, ManualAddition, Plan, PlanAssignment, PtoType, SourceId,
    StartingBalance, WorkedDay, PTO_NOT_SET_UP,
};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Arc;

/// Each person's engine input, the enrolments read and the company's plans by id.
pub(crate) type Inputs = (HashMap<UserId, EmployeeInput>, Vec<enrollments::Model>, HashMap<PtoPlanId, plans::Model>);

pub const OWN_BALANCE: &str = "Nobody adds time off to their own balance";
/// The most hours an addition or a starting balance may be: every hour of a leap year.
pub const MAX_HOURS: i64 = 8_784;
pub const MANUAL_HOURS_INVALID: &str =
    "Please input a number of hours other than 0, with at most two decimals, between -8784 and 8784 (e.g. 12.5)";
pub const MANUAL_TYPE_MISSING: &str = "Please choose the PTO type";
pub const MANUAL_YEAR_INVALID: &str = "Please choose the previous, current or next year";

/// One PTO type of the employee (001 §3 "Employee PTO type row"). Amounts are minutes.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PtoRowView {
    pub pto_type_id: i64,
    pub name: String,
    pub color: String,
    /// 1 when the plan in force has an active rule for the type.
    pub status: u8,
    pub method: Option<String>,
    /// Hours (a year, or per rate unit).
    pub rate: Option<f64>,
    pub rate_unit: Option<u32>,
    pub period: PeriodView,
    pub eligible_months: u32,
    pub starting_balance: i64,
    pub manually_added_hours: i64,
    pub carryover: i64,
    pub earned_hours: i64,
    pub used: i64,
    pub forfeited: i64,
    /// -1000 when PTO is not set up for the type (001 §9).
    pub balance: i64,
    /// Hours; 0 for use-it-or-lose-it.
    pub max_carryover: Option<i64>,
    /// Hours.
    pub max_balance: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PeriodView {
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
}

/// A removable entry of the PTO history (MANUALLY_ADDITION or NEW_PTO_PLAN).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct HistoryEntry {
    pub id: i64,
    /// MANUALLY_ADDITION or NEW_PTO_PLAN.
    #[serde(rename = "type")]
    pub kind: String,
    pub date: NaiveDate,
    pub year: i32,
    pub pto_type_id: i64,
    pub pto_type_name: String,
    /// The plan a NEW_PTO_PLAN entry started.
    pub policy_name: Option<String>,
    pub minutes: i64,
}

/// `GET /manage/employee-pto`: the folder's PTO.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct EmployeePto {
    pub employee_id: i64,
    pub year: i32,
    /// The plan in force this year; `None` is 'Setup'.
    pub pto_policy_id: Option<i64>,
    pub pto_plan_name: Option<String>,
    /// The sum of the balances of the types set up, in minutes; -1000 when nothing is set up.
    pub available: i64,
    /// The first day of employment, when it is still to come (the plan shown is the one in force
    /// then, and nothing has accrued yet).
    pub starts_on: Option<NaiveDate>,
    pub types: Vec<PtoRowView>,
    pub history: Vec<HistoryEntry>,
    /// Why balances changed without an entry here: changes to the rules of the plans the
    /// employee was in (newest first).
    pub rule_changes: Vec<crate::rules::RuleChangeView>,
    /// Issue 38: the assumed week of someone exempt from overtime, in hours (`None`: hours
    /// worked count).
    pub assumed_weekly_hours: Option<i64>,
}

/// An employee's plan in force and total balance (the employee list's PTO column).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PtoSummary {
    pub pto_policy_id: Option<i64>,
    pub pto_plan_name: Option<String>,
    /// Minutes; -1000 when PTO is not set up ('Setup').
    pub pto_available: i64,
}

impl PtoSummary {
    /// No plan and nothing recorded: 'Setup'.
    pub fn not_set_up() -> Self {
        PtoSummary { pto_policy_id: None, pto_plan_name: None, pto_available: PTO_NOT_SET_UP }
    }
}

/// `POST /manage/manually-add-pto` (001 §3 "Manual PTO addition").
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
pub struct ManualAdditionInput {
    #[serde(deserialize_with = "kernel::validation::lenient_i64")]
    pub employee_id: Option<i64>,
    #[serde(deserialize_with = "kernel::validation::lenient_i64")]
    pub pto_type_id: Option<i64>,
    #[serde(deserialize_with = "kernel::validation::lenient_i64")]
    pub year: Option<i64>,
    /// Hours, two decimals at most; negative to correct an earlier addition.
    #[serde(deserialize_with = "crate::types::hours_text")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<f64>))]
    pub hours: Option<String>,
    /// Why (optional, at most 200 characters): the employee's "Why this balance?" shows it.
    pub reason: Option<String>,
}

/// Not given by the spec: a manual addition's reason too long.
pub const MANUAL_REASON_TOO_LONG: &str = "Please keep the reason to 200 characters";

/// A validated manual addition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManualAdditionCommand {
    pub employee: UserId,
    pub pto_type: PtoTypeId,
    pub year: i32,
    pub minutes: i64,
    pub reason: Option<String>,
}

impl ManualAdditionCommand {
    /// 001 §5: employee, type and year required (years: previous, current, next); hours decimal
    /// with up to two decimals, not 0, at most a leap year's hours either way (the spec's message
    /// was a bare 'error', which told nobody what was wrong).
    pub fn parse(input: &ManualAdditionInput, this_year: i32) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        if input.employee_id.is_none() {
            errors.add("employeeId", "Please choose the employee");
        }
        if input.pto_type_id.is_none() {
            errors.add("ptoTypeId", MANUAL_TYPE_MISSING);
        }
        let year = match input.year.and_then(|year| i32::try_from(year).ok()) {
            Some(year) if (this_year - 1..=this_year + 1).contains(&year) => year,
            _ => {
                errors.add("year", MANUAL_YEAR_INVALID);
                this_year
            }
        };
        let hours = input
            .hours
            .as_deref()
            .and_then(Hours::parse)
            .filter(|hours| hours.centi() != 0 && hours.centi().abs() <= MAX_HOURS * 100);
        if hours.is_none() {
            errors.add("hours", MANUAL_HOURS_INVALID);
        }
        let reason = input.reason.as_deref().map(str::trim).filter(|reason| !reason.is_empty()).map(str::to_owned);
        if reason.as_ref().is_some_and(|reason| reason.chars().count() > 200) {
            errors.add("reason", MANUAL_REASON_TOO_LONG);
        }
        errors.into_result(ManualAdditionCommand {
            employee: UserId(input.employee_id.unwrap_or_default()),
            pto_type: PtoTypeId(input.pto_type_id.unwrap_or_default()),
            year,
            // Hundredths of an hour to minutes: 0.01 h is 0.6 min, so round to the minute.
            minutes: hours.map(|hours| (hours.centi() * 60 + hours.centi().signum() * 50) / 100).unwrap_or_default(),
            reason,
        })
    }
}

/// The total balance of the types set up, or -1000 (001 §9) when nothing is. Someone hired for a
/// later day who already has a plan is set up: nothing has accrued yet, so they have 0.
fn available(balances: &[i64], has_plan: bool, starts_later: bool) -> i64 {
    if balances.is_empty() && !(has_plan && starts_later) {
        PTO_NOT_SET_UP
    } else {
        balances.iter().sum()
    }
}

/// Minutes as hours with two decimals ('2.50'), for sentences.
fn hours_label(minutes: i64) -> String {
    let hundredths = (minutes * 100 + 30) / 60;
    format!("{}.{:02}", hundredths / 100, hundredths % 100)
}

/// Minutes to hours for caps given in whole hours by the engine's rows (they are minutes there).
fn whole_hours(minutes: Option<i64>) -> Option<i64> {
    minutes.map(|minutes| minutes / 60)
}

impl Pto {
    /// Everything the engine needs about each of `people` (a few queries for all of them: a
    /// page of the employee list costs the same as one folder), and the company's plans.
    pub(crate) async fn inputs_for(
        &self,
        ctx: &TenantCtx,
        people: &[Person],
        today: NaiveDate,
    ) -> Result<Inputs, PtoError> {
        self.inputs_after(ctx, people, today, &HashMap::new()).await
    }

    /// [`Self::inputs_for`], with the worked days of the people in `worked_after` read only after
    /// their day there (they go on from a checkpoint of that day).
    pub(crate) async fn inputs_after(
        &self,
        ctx: &TenantCtx,
        people: &[Person],
        today: NaiveDate,
        worked_after: &HashMap<UserId, NaiveDate>,
    ) -> Result<Inputs, PtoError> {
        let ids: Vec<UserId> = people.iter().map(|person| person.id).collect();
        let enrolled = enrollments::Entity::find()
            .filter(kernel::tenancy::same_company::<enrollments::Entity>(ctx.company()))
            .filter(enrollments::Column::EmployeeId.is_in(ids.clone()))
            .order_by_asc(enrollments::Column::EffectiveFrom)
            .all(&self.db)
            .await?;
        let plan_rows: HashMap<PtoPlanId, plans::Model> = plans::Entity::find()
            .filter(kernel::tenancy::same_company::<plans::Entity>(ctx.company()))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|plan| (plan.id, plan))
            .collect();
        let rule_rows = self.rule_rows(ctx).await?;
        let allowances = self.allowances(ctx).await?;
        let balance_rows = entries::Entity::find()
            .filter(kernel::tenancy::same_company::<entries::Entity>(ctx.company()))
            .filter(entries::Column::EmployeeId.is_in(ids.clone()))
            .order_by_asc(entries::Column::EffectiveOn)
            .order_by_asc(entries::Column::Id)
            .all(&self.db)
            .await?;
        let start_of =
            |person: &Person| person.last_start_date.unwrap_or_else(|| local_date(ctx.time_zone(), person.created_at));
        // Worked minutes per day since the earliest plan of anyone here (or since the checkpoint
        // of those who go on from one), one query per starting day.
        let mut from_days: Vec<(NaiveDate, Vec<UserId>)> = Vec::new();
        for person in people {
            let first_plan = enrolled
                .iter()
                .filter(|row| row.employee_id == person.id)
                .map(|row| row.effective_from.max(start_of(person)))
                .min();
            let Some(first_plan) = first_plan else { continue };
            let from = match worked_after.get(&person.id).and_then(|day| day.succ_opt()) {
                Some(after) => after.max(first_plan),
                None => first_plan,
            };
            if from > today {
                continue;
            }
            // Everyone without a checkpoint shares the earliest day: one query for them all.
            let key = if worked_after.contains_key(&person.id) { from } else { NaiveDate::MIN };
            match from_days.iter_mut().find(|(day, _)| *day == key) {
                Some((_, ids)) => ids.push(person.id),
                None => from_days.push((key, vec![person.id])),
            }
        }
        let mut worked: HashMap<UserId, Vec<WorkedDay>> = HashMap::new();
        for (key, ids) in from_days {
            let from = if key == NaiveDate::MIN {
                people
                    .iter()
                    .filter(|person| ids.contains(&person.id))
                    .filter_map(|person| {
                        enrolled
                            .iter()
                            .filter(|row| row.employee_id == person.id)
                            .map(|row| row.effective_from.max(start_of(person)))
                            .min()
                    })
                    .min()
                    .unwrap_or(today)
            } else {
                key
            };
            let minutes = clock::store::worked_minutes(
                &self.db,
                ctx.company(),
                Some(&ids),
                from,
                today,
                clock::store::Grouping::Day,
                ctx.time_zone(),
                Utc::now(),
            )
            .await?;
            for ((employee, date), minutes) in minutes {
                worked.entry(employee).or_default().push(WorkedDay { date, minutes });
            }
        }

        // Approved time off is what the balance counts (pending requests are reserved only when
        // a new request is checked).
        let mut approved = self.time_off_of(ctx, &ids, &[RequestStatus::Approved], None).await?;
        // Those exempt from overtime accrue on an assumed week (crate::assumed_hours).
        let assumed = self.assumed_minutes(ctx, &ids).await?;
        let holidays = match people.iter().filter(|person| assumed.contains_key(&person.id)).map(start_of).min() {
            Some(first) if first <= today => self.holiday_dates(ctx, first, today).await?,
            _ => Vec::new(),
        };
        let mut inputs = HashMap::with_capacity(people.len());
        // One copy of each plan for everyone in it (a job role's allowances are the engine's).
        let mut built: HashMap<PtoPlanId, Arc<Plan>> = HashMap::new();
        for person in people {
            let start = start_of(person);
            let termination = person.last_termination_date.filter(|_| person.status == EmploymentStatus::Terminated);
            let mut input = EmployeeInput::new(start);
            input.employment = Employment { start, termination };
            if let Some(own) = person.job_role_id.and_then(|role| allowances.get(&role)) {
                input.allowances = own.iter().map(|(pto_type, hours)| (pto_type.engine(), *hours)).collect();
            }
            let own: Vec<&enrollments::Model> = enrolled.iter().filter(|row| row.employee_id == person.id).collect();
            for enrolment in &own {
                let plan = built
                    .entry(enrolment.plan_id)
                    .or_insert_with(|| {
                        let rules =
                            rule_rows.iter().filter(|row| row.plan_id == enrolment.plan_id).map(rule_of).collect();
                        let name = plan_rows.get(&enrolment.plan_id).map(|plan| plan.name.clone()).unwrap_or_default();
                        Arc::new(Plan { id: enrolment.plan_id.engine(), name, rules })
                    })
                    .clone();
                input.plans.push(PlanAssignment { from: enrolment.effective_from, plan: Some(plan) });
            }
            // A year without an enrolment after one with it has no plan.
            let years: Vec<i32> = own.iter().map(|row| row.year).collect();
            for year in &years {
                if !years.contains(&(year + 1)) && *year < today.year() {
                    if let Some(first) = NaiveDate::from_ymd_opt(year + 1, 1, 1) {
                        input.plans.push(PlanAssignment { from: first, plan: None });
                    }
                }
            }
            input.plans.sort_by_key(|assignment| assignment.from);
            let mut days = worked.remove(&person.id).unwrap_or_default();
            days.sort_by_key(|day| day.date);
            input.worked = days;
            input.time_off = approved.remove(&person.id).unwrap_or_default();
            for entry in balance_rows.iter().filter(|row| row.employee_id == person.id) {
                let pto_type = entry.pto_type_id.engine();
                if entry.kind == entries::NEW_PTO_PLAN {
                    input.starting_balances.push(StartingBalance {
                        id: entry.id.engine(),
                        date: entry.effective_on,
                        pto_type,
                        minutes: entry.minutes,
                    });
                } else {
                    input.manual_additions.push(ManualAddition {
                        id: entry.id.engine(),
                        date: entry.effective_on,
                        pto_type,
                        minutes: entry.minutes,
                    });
                }
            }
            if let Some(weekly) = assumed.get(&person.id) {
                crate::assumed_hours::assume_week(&mut input, *weekly, today, &holidays);
            }
            inputs.insert(person.id, input);
        }
        Ok((inputs, enrolled, plan_rows))
    }

    async fn balance_entries(&self, ctx: &TenantCtx, employee: UserId) -> Result<Vec<entries::Model>, PtoError> {
        Ok(entries::Entity::find()
            .filter(kernel::tenancy::same_company::<entries::Entity>(ctx.company()))
            .filter(entries::Column::EmployeeId.eq(employee))
            .order_by_asc(entries::Column::EffectiveOn)
            .order_by_asc(entries::Column::Id)
            .all(&self.db)
            .await?)
    }

    /// The yearly allowances of each job role by type (the types' overrides).
    async fn allowances(&self, ctx: &TenantCtx) -> Result<HashMap<JobRoleId, HashMap<PtoTypeId, Hours>>, PtoError> {
        use crate::entities::pto_type_overrides as overrides;
        let mut by_role: HashMap<JobRoleId, HashMap<PtoTypeId, Hours>> = HashMap::new();
        for row in overrides::Entity::find()
            .filter(kernel::tenancy::same_company::<overrides::Entity>(ctx.company()))
            .all(&self.db)
            .await?
        {
            by_role.entry(row.job_role_id).or_default().insert(row.pto_type_id, Hours::from_centi(row.rate_hundredths));
        }
        Ok(by_role)
    }

    /// `GET /manage/employee-pto`: the plan in force, a row per type and the history entries.
    pub async fn employee_pto(&self, ctx: &TenantCtx, employee: UserId) -> Result<EmployeePto, PtoError> {
        let person = self.accounts.employee_in_scope(ctx, employee).await?;
        let today = local_date(ctx.time_zone(), Utc::now());
        // One person's ledger from the start: reading their few hundred worked days in one
        // indexed query costs about what checking a checkpoint costs (the checkpoint and the
        // change log are round trips of their own), and it is the plainest answer.
        let (inputs, enrolled, plan_rows) = self.inputs_for(ctx, std::slice::from_ref(&person), today).await?;
        let input = inputs.get(&person.id).ok_or(PtoError::NotFound)?;
        let ledger = compute(input, today);
        // Someone hired for a later day: their plan is the one in force on their first day.
        let start = input.employment.start;
        let as_of = start.max(today);
        let types = pto_types::Entity::find()
            .filter(kernel::tenancy::same_company::<pto_types::Entity>(ctx.company()))
            .order_by_asc(pto_types::Column::Name)
            .all(&self.db)
            .await?;
        let names: HashMap<PtoTypeId, &pto_types::Model> = types.iter().map(|row| (row.id, row)).collect();
        let rows = rows_of(&ledger, &types);
        let current = enrolled.iter().rev().find(|row| row.effective_from <= as_of && row.year == as_of.year());
        let history = self
            .balance_entries(ctx, person.id)
            .await?
            .into_iter()
            .map(|entry| HistoryEntry {
                policy_name: entry
                    .enrollment_id
                    .and_then(|id| enrolled.iter().find(|row| row.id == id))
                    .and_then(|row| plan_rows.get(&row.plan_id))
                    .map(|plan| plan.name.clone()),
                pto_type_name: names.get(&entry.pto_type_id).map(|row| row.name.clone()).unwrap_or_default(),
                id: entry.id.0,
                kind: entry.kind,
                date: entry.effective_on,
                year: entry.year,
                pto_type_id: entry.pto_type_id.0,
                minutes: entry.minutes,
            })
            .collect();
        let plans_in: HashMap<PtoPlanId, String> = enrolled
            .iter()
            .filter_map(|row| plan_rows.get(&row.plan_id).map(|plan| (plan.id, plan.name.clone())))
            .collect();
        Ok(EmployeePto {
            employee_id: person.id.0,
            year: today.year(),
            pto_policy_id: current.map(|row| row.plan_id.0),
            pto_plan_name: current.and_then(|row| plan_rows.get(&row.plan_id)).map(|plan| plan.name.clone()),
            available: available(
                &rows.iter().map(|row| row.balance).collect::<Vec<_>>(),
                current.is_some(),
                start > today,
            ),
            starts_on: (start > today).then_some(start),
            types: rows,
            history,
            rule_changes: self.rule_changes_of(ctx, &plans_in).await?,
            assumed_weekly_hours: input.assumed_day_minutes.map(|day| day * 5 / 60),
        })
    }

    /// The plan in force and the total balance of each of `employees` (the employee list's PTO
    /// column): one set of queries for the whole page. Ids outside the company are left out.
    pub async fn summaries(&self, ctx: &TenantCtx, employees: &[UserId]) -> Result<HashMap<i64, PtoSummary>, PtoError> {
        // Each once, whatever the list repeats (the read goes in chunks).
        let ids: std::collections::BTreeSet<UserId> = employees.iter().copied().collect();
        let people = read::people(&self.db, ctx, &PeopleFilter::default().with_ids(ids)).await?;
        let today = local_date(ctx.time_zone(), Utc::now());
        let crate::accruals::Ledgers { ledgers, inputs: (inputs, enrolled, plan_rows), .. } =
            self.ledgers(ctx, &people, today).await?;
        let payable: Vec<PtoType> = pto_types::Entity::find()
            .filter(kernel::tenancy::same_company::<pto_types::Entity>(ctx.company()))
            .filter(pto_types::Column::DeletedAt.is_null())
            .filter(pto_types::Column::Payable.eq(true))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|row| PtoType { id: row.id.engine(), name: row.name, payable: row.payable })
            .collect();
        Ok(ledgers
            .into_iter()
            .map(|(id, ledger)| {
                let balances: Vec<i64> =
                    payable.iter().filter_map(|pto_type| ledger.row(pto_type)).map(|row| row.balance).collect();
                let starts_later = inputs.get(&id).is_some_and(|input| input.employment.start > today);
                let as_of = inputs.get(&id).map_or(today, |input| input.employment.start.max(today));
                let current = enrolled
                    .iter()
                    .rev()
                    .find(|row| row.employee_id == id && row.effective_from <= as_of && row.year == as_of.year());
                let summary = PtoSummary {
                    pto_policy_id: current.map(|row| row.plan_id.0),
                    pto_plan_name: current.and_then(|row| plan_rows.get(&row.plan_id)).map(|plan| plan.name.clone()),
                    pto_available: available(&balances, current.is_some(), starts_later),
                };
                (id.0, summary)
            })
            .collect())
    }

    /// `GET /pto/employee-pto-types`: the employee's rows under the plan in force, or, with
    /// `plan`, as they would be if the employee moved to that plan today (the plan-change popup).
    pub async fn employee_pto_types(
        &self,
        ctx: &TenantCtx,
        employee: UserId,
        plan: Option<PtoPlanId>,
    ) -> Result<Vec<PtoRowView>, PtoError> {
        let person = self.accounts.employee_in_scope(ctx, employee).await?;
        let today = local_date(ctx.time_zone(), Utc::now());
        let (mut inputs, _, plan_rows) = self.inputs_for(ctx, std::slice::from_ref(&person), today).await?;
        let mut input = inputs.remove(&person.id).ok_or(PtoError::NotFound)?;
        if let Some(plan) = plan {
            let row = plan_rows.get(&plan).ok_or(PtoError::NotFound)?;
            let rules = self.rule_rows(ctx).await?.iter().filter(|rule| rule.plan_id == row.id).map(rule_of).collect();
            input.plans.retain(|assignment| assignment.from < today);
            input.plans.push(PlanAssignment::switch(
                today,
                Arc::new(Plan { id: plan.engine(), name: row.name.clone(), rules }),
            ));
        }
        let ledger = compute(&input, today);
        let types = pto_types::Entity::find()
            .filter(kernel::tenancy::same_company::<pto_types::Entity>(ctx.company()))
            .order_by_asc(pto_types::Column::Name)
            .all(&self.db)
            .await?;
        Ok(rows_of(&ledger, &types))
    }

    /// `POST /manage/manually-add-pto`: an admin adds (or, negative, corrects) time of a type to
    /// someone else's balance for a year. Returns the employee's PTO after it.
    pub async fn add_manually(&self, ctx: &AdminCtx, command: ManualAdditionCommand) -> Result<EmployeePto, PtoError> {
        if ctx.is_self(command.employee) {
            return Err(PtoError::field("employeeId", OWN_BALANCE));
        }
        let person = self.accounts.employee_in_scope(ctx, command.employee).await?;
        let pto_type = pto_types::Entity::find_by_id(command.pto_type)
            .filter(kernel::tenancy::same_company::<pto_types::Entity>(ctx.company()))
            .filter(pto_types::Column::DeletedAt.is_null())
            .filter(pto_types::Column::Payable.eq(true))
            .one(&self.db)
            .await?
            .ok_or_else(|| PtoError::field("ptoTypeId", crate::plans::UNKNOWN_TYPE))?;
        let today = local_date(ctx.time_zone(), Utc::now());
        let dated = ManualAddition::for_year(SourceId(0), pto_type.id.engine(), command.year, today, command.minutes);
        let actor = read::person(&self.db, ctx, ctx.actor()).await?.ok_or(PtoError::NotFound)?;
        let now = Utc::now();
        {
            let _permit = self.gate.enter().await;
            let txn = kernel::begin_write(&self.db).await?;
            let added = entries::ActiveModel {
                company_id: Set(ctx.company()),
                employee_id: Set(person.id),
                pto_type_id: Set(pto_type.id),
                kind: Set(entries::MANUALLY_ADDITION.to_owned()),
                minutes: Set(command.minutes),
                effective_on: Set(dated.date),
                year: Set(command.year),
                enrollment_id: Set(None),
                created_by: Set(Some(ctx.actor())),
                created_at: Set(now),
                reason: Set(command.reason.clone()),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
            let change = audit::Change::new(audit::Subject::PtoBalance, added.id.0, audit::Action::Created)
                .about(person.id)
                .created(&manual_addition_snapshot(&pto_type.name, command.year, command.minutes, &command.reason));
            audit::record(&txn, ctx, change).await?;
            // The folder's timeline says who added what (001 §9 MANUALLY_ADD_PTO).
            let (verb, preposition) = if command.minutes < 0 { ("took", "from") } else { ("added", "to") };
            let description = format!(
                "{} {} {verb} {} hrs of {} ({}) {preposition} {} {}'s balance.",
                actor.first_name,
                actor.last_name,
                hours_label(command.minutes.abs()),
                pto_type.name,
                command.year,
                person.first_name,
                person.last_name,
            );
            activity::record(
                &txn,
                activity::NewActivity {
                    company: ctx.company(),
                    employee: person.id.0,
                    actor: Some(actor.id.0),
                    kind: activity::ActivityType::ManuallyAddPto,
                    description,
                    at: now,
                    record: None,
                },
            )
            .await?;
            txn.commit().await?;
        }
        self.employee_pto(ctx, command.employee).await
    }

    /// `POST /manage/remove-manual-pto-addition`: removes a manual addition (the balance is
    /// recomputed without it). Returns the employee's PTO after it.
    pub async fn remove_manual_addition(&self, ctx: &AdminCtx, id: PtoHistoryEntryId) -> Result<EmployeePto, PtoError> {
        let entry = entries::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<entries::Entity>(ctx.company()))
            .filter(entries::Column::Kind.eq(entries::MANUALLY_ADDITION))
            .one(&self.db)
            .await?
            .ok_or(PtoError::NotFound)?;
        let employee = entry.employee_id;
        if ctx.is_self(employee) {
            return Err(PtoError::field("id", OWN_BALANCE));
        }
        self.accounts.employee_in_scope(ctx, employee).await?;
        let type_name = pto_types::Entity::find_by_id(entry.pto_type_id)
            .filter(kernel::tenancy::same_company::<pto_types::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .map(|row| row.name)
            .unwrap_or_default();
        {
            let _permit = self.gate.enter().await;
            let txn = kernel::begin_write(&self.db).await?;
            entries::Entity::delete_by_id(entry.id)
                .filter(kernel::tenancy::same_company::<entries::Entity>(ctx.company()))
                .exec(&txn)
                .await?;
            let change = audit::Change::new(audit::Subject::PtoBalance, entry.id.0, audit::Action::Deleted)
                .about(employee)
                .deleted(&manual_addition_snapshot(&type_name, entry.year, entry.minutes, &entry.reason));
            audit::record(&txn, ctx, change).await?;
            txn.commit().await?;
        }
        self.employee_pto(ctx, employee).await
    }
}

/// A manual addition as the audit trail shows it.
fn manual_addition_snapshot(type_name: &str, year: i32, minutes: i64, reason: &Option<String>) -> audit::Snapshot {
    audit::Snapshot::new()
        .with("ptoType", type_name)
        .with("year", year)
        .with("minutes", minutes)
        .with("reason", reason.clone())
}

/// The folder's rows: each paid type that is set up, as the engine's ledger has it.
fn rows_of(ledger: &pto_engine::Ledger, types: &[pto_types::Model]) -> Vec<PtoRowView> {
    let mut rows = Vec::new();
    for row in types.iter().filter(|row| row.payable && row.deleted_at.is_none()) {
        let engine_type = PtoType { id: row.id.engine(), name: row.name.clone(), payable: row.payable };
        let Some(computed) = ledger.row(&engine_type) else { continue };
        rows.push(PtoRowView {
            pto_type_id: row.id.0,
            name: row.name.clone(),
            color: row.color.clone(),
            status: computed.status,
            method: computed.method.map(|method| method.as_str().to_owned()),
            rate: computed.rate.map(crate::types::hours_number),
            rate_unit: computed.rate_unit,
            period: PeriodView { start_date: computed.period.start_date, end_date: computed.period.end_date },
            eligible_months: computed.eligible_months,
            starting_balance: computed.starting_balance,
            manually_added_hours: computed.manually_added,
            carryover: computed.carryover,
            earned_hours: computed.earned,
            used: computed.used,
            forfeited: computed.forfeited,
            balance: computed.balance,
            max_carryover: whole_hours(computed.max_carryover),
            max_balance: whole_hours(computed.max_balance),
        });
    }
    rows
}
