//! Joining and switching plans with starting balances (002 §2 step 10, §4 "PTO plan editing",
//! 001 §4 plan-change popup, §7 save-employee-pto-types and delete-pto-plan-switch-history).
//!
//! - The balance detail shows, for each person, each type's balance under the plan they have and
//!   under the new one (both the engine's, as of today), so an admin can carry balances over.
//! - A switch within the current year takes effect today, as a new enrolment from today (the one
//!   before stays, in force until yesterday); for another year, the year's enrolment changes plan
//!   from its 1 January. Starting balances are NEW_PTO_PLAN entries of the enrolment: from its
//!   first day on, the type's balance *is* the amount given.
//! - Removing a NEW_PTO_PLAN history entry undoes the enrolment it came with: that enrolment and
//!   its starting balances go, so the plan and balances before it are back (or no plan, if it was
//!   the first).

use crate::engine_ids::ToEngine;
use crate::entities::{pto_balance_entries as entries, pto_enrollments as enrollments, pto_plans as plans, pto_types};
use crate::plans::{rule_of, RuleInput};
use crate::{Pto, PtoError};
use accounts::people::read::{self, PeopleFilter, PersonOrder};
use accounts::Person;
use chrono::{Datelike, NaiveDate, Utc};
use kernel::ids::{EnrollmentId, PtoPlanId, PtoTypeId};
use kernel::time::local_date;
use kernel::validation::lenient_i64;
use kernel::{AdminCtx, FieldErrors, JobRoleId, PtoHistoryEntryId, TenantCtx, UserId};
use pto_engine::{compute, Plan, PlanAssignment, PtoType, Rule, RuleId};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

pub const STARTING_BALANCE_INVALID: &str = "Please input a number of hours between -8784 and 8784, e.g. 12.5";
pub const PLAN_MISSING: &str = "Please choose the PTO plan";
pub const ALLOCATION_YEAR_INVALID: &str = "Please choose the current or next year";

/// `POST /settings/get-balance-detail`: whom, which year, and the new plan (its saved id, or the
/// wizard's rules before it is saved).
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
pub struct BalanceDetailInput {
    pub assign_type: Option<String>,
    pub assign_ids: Vec<i64>,
    #[serde(deserialize_with = "lenient_i64")]
    pub year: Option<i64>,
    pub rules: Vec<RuleInput>,
    #[serde(deserialize_with = "lenient_i64")]
    pub pto_policy_id: Option<i64>,
}

/// One type of one person in the balance detail (minutes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TypeBalance {
    pub id: i64,
    pub name: String,
    pub included_in_current_plan: bool,
    pub included_in_new_plan: bool,
    pub balance_of_current_plan: i64,
    pub balance_of_new_plan: i64,
}

/// A person of the balance detail (002 §3 "Balance detail per employee").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct BalanceDetail {
    pub employee_id: i64,
    pub firstname: String,
    pub lastname: String,
    pub current_plan_id: Option<i64>,
    pub types: Vec<TypeBalance>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
pub struct StartingBalanceInput {
    #[serde(deserialize_with = "lenient_i64")]
    pub employee_id: Option<i64>,
    #[serde(deserialize_with = "lenient_i64")]
    pub pto_type_id: Option<i64>,
    /// Hours: an optional minus, digits, optional decimals (002 §5).
    #[serde(deserialize_with = "crate::types::hours_text")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<f64>))]
    pub starting_balance: Option<String>,
}

/// `POST /settings/switch-pto-plan`: people join (or move to) a plan for a year with starting
/// balances. `employeeIds` names people to move without a starting balance of their own.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
pub struct SwitchInput {
    #[serde(deserialize_with = "lenient_i64")]
    pub pto_policy_id: Option<i64>,
    #[serde(deserialize_with = "lenient_i64")]
    pub year: Option<i64>,
    pub employee_ids: Vec<i64>,
    pub starting_balances: Vec<StartingBalanceInput>,
}

/// A validated switch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwitchCommand {
    pub plan: PtoPlanId,
    pub year: i32,
    pub employees: BTreeSet<UserId>,
    /// (employee, type, minutes).
    pub starting: Vec<(UserId, PtoTypeId, i64)>,
}

/// `POST /manage/save-employee-pto-types` (the folder's PTO edit dock): one employee's plan for a
/// year with a starting balance per type, the same set-up copied to `copyTo`.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
pub struct EmployeePtoTypesInput {
    #[serde(deserialize_with = "lenient_i64")]
    pub employee_id: Option<i64>,
    #[serde(deserialize_with = "lenient_i64")]
    pub pto_policy_id: Option<i64>,
    #[serde(deserialize_with = "lenient_i64")]
    pub year: Option<i64>,
    pub types: Vec<StartingBalanceInput>,
    pub copy_to: Vec<i64>,
}

impl EmployeePtoTypesInput {
    /// The same switch for the employee and everyone it is copied to.
    pub fn to_switch(&self) -> SwitchInput {
        let employees: Vec<i64> = self.employee_id.into_iter().chain(self.copy_to.iter().copied()).collect();
        SwitchInput {
            pto_policy_id: self.pto_policy_id,
            year: self.year,
            employee_ids: employees.clone(),
            starting_balances: employees
                .iter()
                .flat_map(|employee| {
                    self.types.iter().map(|item| StartingBalanceInput { employee_id: Some(*employee), ..item.clone() })
                })
                .collect(),
        }
    }
}

/// Starting balances as (employee, type, minutes); problems go to `errors` under
/// `startingBalances[i].`.
pub(crate) fn parse_starting_balances(
    items: &[StartingBalanceInput],
    errors: &mut FieldErrors,
) -> Vec<(UserId, PtoTypeId, i64)> {
    let mut starting = Vec::with_capacity(items.len());
    for (index, item) in items.iter().enumerate() {
        // Bounded to a leap year's hours either way: sums of balances stay far from overflow.
        let minutes =
            item.starting_balance.as_deref().and_then(pto_engine::round::minutes_from_hours_text).filter(|minutes| {
                (-crate::balances::MAX_HOURS * 60..=crate::balances::MAX_HOURS * 60).contains(minutes)
            });
        match (item.employee_id, item.pto_type_id, minutes) {
            (Some(employee), Some(pto_type), Some(minutes)) => {
                starting.push((UserId(employee), PtoTypeId(pto_type), minutes))
            }
            (employee, pto_type, minutes) => {
                if employee.is_none() {
                    errors.add(&format!("startingBalances[{index}].employeeId"), "Please choose the employee");
                }
                if pto_type.is_none() {
                    errors.add(&format!("startingBalances[{index}].ptoTypeId"), crate::plans::UNKNOWN_TYPE);
                }
                if minutes.is_none() {
                    errors.add(&format!("startingBalances[{index}].startingBalance"), STARTING_BALANCE_INVALID);
                }
            }
        }
    }
    starting
}

impl SwitchCommand {
    pub fn parse(input: &SwitchInput, this_year: i32) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        if input.pto_policy_id.is_none() {
            errors.add("ptoPolicyId", PLAN_MISSING);
        }
        let year = match input.year.and_then(|year| i32::try_from(year).ok()) {
            Some(year) if (this_year - 1..=this_year + 1).contains(&year) => year,
            _ => {
                errors.add("year", crate::plans::YEAR_INVALID);
                this_year
            }
        };
        let starting = parse_starting_balances(&input.starting_balances, &mut errors);
        let mut employees: BTreeSet<UserId> = input.employee_ids.iter().copied().map(UserId).collect();
        employees.extend(starting.iter().map(|(employee, _, _)| *employee));
        if employees.is_empty() && errors.is_empty() {
            errors.add("employeeIds", crate::plans::ASSIGN_MEMBERS_MISSING);
        }
        errors.into_result(SwitchCommand {
            plan: PtoPlanId(input.pto_policy_id.unwrap_or_default()),
            year,
            employees,
            starting,
        })
    }
}

impl Pto {
    /// The day a switch to a plan for `year` takes effect.
    fn switch_day(&self, ctx: &TenantCtx, year: i32) -> NaiveDate {
        let today = local_date(ctx.time_zone(), Utc::now());
        if year == today.year() {
            today
        } else {
            NaiveDate::from_ymd_opt(year, 1, 1).unwrap_or(today)
        }
    }

    async fn payable_types(&self, ctx: &TenantCtx) -> Result<Vec<pto_types::Model>, PtoError> {
        Ok(pto_types::Entity::find()
            .filter(kernel::tenancy::same_company::<pto_types::Entity>(ctx.company()))
            .filter(pto_types::Column::DeletedAt.is_null())
            .filter(pto_types::Column::Payable.eq(true))
            .order_by_asc(pto_types::Column::Name)
            .all(&self.db)
            .await?)
    }

    /// `POST /settings/get-balance-detail`: each person's balances under their plan and the new one.
    pub async fn balance_detail(
        &self,
        ctx: &AdminCtx,
        input: &BalanceDetailInput,
    ) -> Result<Vec<BalanceDetail>, PtoError> {
        let this_year = self.this_year(ctx);
        let year = input
            .year
            .and_then(|year| i32::try_from(year).ok())
            .filter(|year| (this_year - 1..=this_year + 1).contains(year))
            .ok_or_else(|| PtoError::field("year", crate::plans::YEAR_INVALID))?;
        let new_plan = match input.pto_policy_id {
            Some(id) => {
                let plan = plans::Entity::find_by_id(PtoPlanId(id))
                    .filter(kernel::tenancy::same_company::<plans::Entity>(ctx.company()))
                    .one(&self.db)
                    .await?
                    .ok_or(PtoError::NotFound)?;
                let rules: Vec<Rule> =
                    self.rule_rows(ctx).await?.iter().filter(|row| row.plan_id == plan.id).map(rule_of).collect();
                Plan { id: plan.id.engine(), name: plan.name, rules }
            }
            None => {
                let mut rules = Vec::new();
                let mut errors = FieldErrors::new();
                for (index, rule) in input.rules.iter().enumerate() {
                    match rule.draft().validate() {
                        Ok(mut valid) => {
                            valid.id = RuleId(-(index as i64) - 1);
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
                if !errors.is_empty() {
                    return Err(PtoError::Validation(errors));
                }
                Plan { id: pto_engine::PlanId(0), name: String::new(), rules }
            }
        };
        let assignee = crate::plans::assignee_of(input.assign_type.as_deref(), &input.assign_ids)
            .ok_or_else(|| PtoError::field("assignType", crate::plans::ASSIGN_TYPE_MISSING))?;
        let people = self.assignees(ctx, &assignee).await?;
        let today = local_date(ctx.time_zone(), Utc::now());
        let (inputs, enrolled, _) = self.inputs_for(ctx, &people, today).await?;
        let types = self.payable_types(ctx).await?;
        let new_plan = Arc::new(new_plan);
        let switch_day = self.switch_day(ctx, year);
        let mut details = Vec::with_capacity(people.len());
        for person in &people {
            let Some(input) = inputs.get(&person.id) else { continue };
            let current_plan = enrolled
                .iter()
                .rev()
                .find(|row| row.employee_id == person.id && row.year == year && row.effective_from <= switch_day);
            let now = compute(input, today);
            let mut switched = input.clone();
            switched.plans.retain(|assignment| assignment.from < switch_day);
            switched.plans.push(PlanAssignment::switch(switch_day, new_plan.clone()));
            let after = compute(&switched, today.max(switch_day));
            let in_current = |pto_type: PtoTypeId| {
                input
                    .plans
                    .iter()
                    .rev()
                    .find(|assignment| assignment.from <= today)
                    .and_then(|a| a.plan.as_ref())
                    .is_some_and(|plan| plan.rules.iter().any(|rule| rule.active && rule.pto_type == pto_type.engine()))
            };
            details.push(BalanceDetail {
                employee_id: person.id.0,
                firstname: person.first_name.clone(),
                lastname: person.last_name.clone(),
                current_plan_id: current_plan.map(|row| row.plan_id.0),
                types: types
                    .iter()
                    .map(|row| {
                        let engine_type = PtoType { id: row.id.engine(), name: row.name.clone(), payable: true };
                        TypeBalance {
                            id: row.id.0,
                            name: row.name.clone(),
                            included_in_current_plan: in_current(row.id),
                            included_in_new_plan: new_plan
                                .rules
                                .iter()
                                .any(|rule| rule.active && rule.pto_type == engine_type.id),
                            balance_of_current_plan: now.row(&engine_type).map_or(0, |row| row.balance),
                            balance_of_new_plan: after.row(&engine_type).map_or(0, |row| row.balance),
                        }
                    })
                    .filter(|balance| balance.included_in_current_plan || balance.included_in_new_plan)
                    .collect(),
            });
        }
        Ok(details)
    }

    /// `POST /settings/switch-pto-plan` and `/manage/save-employee-pto-types`: people join or move
    /// to a plan for a year, with the starting balances given.
    pub async fn switch_plan(&self, ctx: &AdminCtx, command: SwitchCommand) -> Result<(), PtoError> {
        let plan = plans::Entity::find_by_id(command.plan)
            .filter(kernel::tenancy::same_company::<plans::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .ok_or(PtoError::NotFound)?;
        let wanted = PeopleFilter::active().with_ids(command.employees.iter().copied());
        let people = read::people(&self.db, ctx, &wanted).await?;
        if people.len() != command.employees.len() {
            return Err(PtoError::field("employeeIds", crate::plans::UNKNOWN_MEMBER));
        }
        self.check_starting_types(ctx, &command.starting).await?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        self.enrol(&txn, ctx, plan.id, command.year, &people, &command.starting).await?;
        txn.commit().await?;
        Ok(())
    }

    /// Refuses starting balances of a type that is not one of the company's payable types.
    pub(crate) async fn check_starting_types(
        &self,
        ctx: &TenantCtx,
        starting: &[(UserId, PtoTypeId, i64)],
    ) -> Result<(), PtoError> {
        let known_types: BTreeSet<PtoTypeId> = self.payable_types(ctx).await?.into_iter().map(|row| row.id).collect();
        if let Some(index) = starting.iter().position(|(_, pto_type, _)| !known_types.contains(pto_type)) {
            return Err(PtoError::field(&format!("startingBalances[{index}].ptoTypeId"), crate::plans::UNKNOWN_TYPE));
        }
        Ok(())
    }

    /// Puts `people` in `plan` for `year` inside the caller's transaction: someone without a plan
    /// that year joins from 1 January, someone in another plan moves on the switch day, someone
    /// already in it stays; each given starting balance (employee, type, minutes) becomes the
    /// type's NEW_PTO_PLAN entry of that enrolment.
    pub(crate) async fn enrol(
        &self,
        txn: &impl ConnectionTrait,
        ctx: &TenantCtx,
        plan: PtoPlanId,
        year: i32,
        people: &[Person],
        starting: &[(UserId, PtoTypeId, i64)],
    ) -> Result<(), PtoError> {
        let day = self.switch_day(ctx, year);
        let first_day = NaiveDate::from_ymd_opt(year, 1, 1).unwrap_or(day);
        let now = Utc::now();
        // Each person's enrolment in force on the switch day, if it is of this year.
        let mut latest: HashMap<UserId, enrollments::Model> = HashMap::new();
        for row in enrollments::Entity::find()
            .filter(kernel::tenancy::same_company::<enrollments::Entity>(ctx.company()))
            .filter(enrollments::Column::Year.eq(year))
            .filter(enrollments::Column::EmployeeId.is_in(people.iter().map(|person| person.id)))
            .filter(enrollments::Column::EffectiveFrom.lte(day))
            .order_by_asc(enrollments::Column::EffectiveFrom)
            .all(txn)
            .await?
        {
            latest.insert(row.employee_id, row);
        }
        for person in people {
            let enrolment = match latest.get(&person.id) {
                Some(row) if row.plan_id == plan => row.clone(),
                // A switch on the day the enrolment began replaces its plan.
                Some(row) if row.effective_from == day => {
                    let mut moved: enrollments::ActiveModel = row.clone().into();
                    moved.plan_id = Set(plan);
                    moved.created_by = Set(Some(ctx.actor()));
                    moved.update(txn).await?
                }
                Some(_) => {
                    enrollments::new_row(ctx.company(), person.id, year, plan, day, ctx.actor(), now)
                        .insert(txn)
                        .await?
                }
                None => {
                    enrollments::new_row(ctx.company(), person.id, year, plan, first_day, ctx.actor(), now)
                        .insert(txn)
                        .await?
                }
            };
            for (_, pto_type, minutes) in starting.iter().filter(|(employee, _, _)| *employee == person.id) {
                // A type gets one starting balance per enrolment: a new one replaces the old.
                entries::Entity::delete_many()
                    .filter(kernel::tenancy::same_company::<entries::Entity>(ctx.company()))
                    .filter(entries::Column::EnrollmentId.eq(enrolment.id))
                    .filter(entries::Column::PtoTypeId.eq(*pto_type))
                    .exec(txn)
                    .await?;
                entries::ActiveModel {
                    company_id: Set(ctx.company()),
                    employee_id: Set(person.id),
                    pto_type_id: Set(*pto_type),
                    kind: Set(entries::NEW_PTO_PLAN.to_owned()),
                    minutes: Set(*minutes),
                    effective_on: Set(enrolment.effective_from),
                    year: Set(year),
                    enrollment_id: Set(Some(enrolment.id)),
                    created_by: Set(Some(ctx.actor())),
                    created_at: Set(now),
                    ..Default::default()
                }
                .insert(txn)
                .await?;
            }
        }
        Ok(())
    }

    /// `POST /manage/delete-pto-plan-switch-history`: undoes the enrolment a NEW_PTO_PLAN entry
    /// came with (it and its starting balances go; what was before it is back).
    pub async fn undo_switch(&self, ctx: &AdminCtx, entry: PtoHistoryEntryId) -> Result<crate::EmployeePto, PtoError> {
        let entry = entries::Entity::find_by_id(entry)
            .filter(kernel::tenancy::same_company::<entries::Entity>(ctx.company()))
            .filter(entries::Column::Kind.eq(entries::NEW_PTO_PLAN))
            .one(&self.db)
            .await?
            .ok_or(PtoError::NotFound)?;
        let employee = entry.employee_id;
        self.accounts.employee_in_scope(ctx, employee).await?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let enrolment = match entry.enrollment_id {
            Some(id) => {
                enrollments::Entity::find_by_id(id)
                    .filter(kernel::tenancy::same_company::<enrollments::Entity>(ctx.company()))
                    .one(&txn)
                    .await?
            }
            None => None,
        };
        if let Some(row) = &enrolment {
            entries::Entity::delete_many()
                .filter(kernel::tenancy::same_company::<entries::Entity>(ctx.company()))
                .filter(entries::Column::EnrollmentId.eq(row.id))
                .exec(&txn)
                .await?;
            enrollments::Entity::delete_by_id(row.id)
                .filter(kernel::tenancy::same_company::<enrollments::Entity>(ctx.company()))
                .exec(&txn)
                .await?;
        } else {
            entries::Entity::delete_by_id(entry.id)
                .filter(kernel::tenancy::same_company::<entries::Entity>(ctx.company()))
                .exec(&txn)
                .await?;
        }
        txn.commit().await?;
        drop(_permit);
        self.employee_pto(ctx, employee).await
    }

    /// `POST /manage/save-employee-pto-types`: the switch, then the employee's PTO after it.
    pub async fn save_employee_setup(
        &self,
        ctx: &AdminCtx,
        employee: UserId,
        command: SwitchCommand,
    ) -> Result<crate::EmployeePto, PtoError> {
        self.switch_plan(ctx, command).await?;
        self.employee_pto(ctx, employee).await
    }
}

/// A type of the allocation page: the company's payable types.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AllocationType {
    pub id: i64,
    pub name: String,
    pub color: String,
}

/// A type of an employee's plan and the starting balance set for it (minutes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AllocationBalance {
    pub pto_type_id: i64,
    /// `None`: none set.
    pub starting_balance: Option<i64>,
}

/// An active employee on the allocation page: their plan for the year and its types.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AllocationRow {
    pub employee_id: i64,
    pub firstname: String,
    pub lastname: String,
    pub job_role: Option<String>,
    pub pto_policy_id: Option<i64>,
    pub pto_plan_name: Option<String>,
    /// The plan's types (none without a plan).
    pub types: Vec<AllocationBalance>,
}

/// `GET /pto-manage/allocation` (/admin/manage/batch-pto, "PTO Allocation").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Allocation {
    pub year: i32,
    /// The current and the next year.
    pub years: Vec<i32>,
    pub types: Vec<AllocationType>,
    pub employees: Vec<AllocationRow>,
}

impl Pto {
    /// The PTO Allocation page: each active employee's plan for `year` (the one in force on the
    /// day a switch would take effect) and the starting balance of each of its types. Saving is
    /// `switch-pto-plan` with each person's own plan: the plan stays, the balances are replaced.
    pub async fn allocation(&self, ctx: &AdminCtx, year: Option<i32>) -> Result<Allocation, PtoError> {
        let current = self.this_year(ctx);
        let year = match year {
            None => current,
            Some(year) if year == current || year == current + 1 => year,
            Some(_) => return Err(PtoError::field("year", ALLOCATION_YEAR_INVALID)),
        };
        let people = read::people(&self.db, ctx, &PeopleFilter::active().ordered(PersonOrder::LastName)).await?;
        let day = self.switch_day(ctx, year);
        let mut in_force: HashMap<UserId, enrollments::Model> = HashMap::new();
        for row in enrollments::Entity::find()
            .filter(kernel::tenancy::same_company::<enrollments::Entity>(ctx.company()))
            .filter(enrollments::Column::Year.eq(year))
            .filter(enrollments::Column::EffectiveFrom.lte(day))
            .order_by_asc(enrollments::Column::EffectiveFrom)
            .all(&self.db)
            .await?
        {
            in_force.insert(row.employee_id, row);
        }
        let plan_names: HashMap<PtoPlanId, String> = plans::Entity::find()
            .filter(kernel::tenancy::same_company::<plans::Entity>(ctx.company()))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|plan| (plan.id, plan.name))
            .collect();
        let types = self.payable_types(ctx).await?;
        let rules = self.rule_rows(ctx).await?;
        let starting: HashMap<(EnrollmentId, PtoTypeId), i64> = entries::Entity::find()
            .filter(kernel::tenancy::same_company::<entries::Entity>(ctx.company()))
            .filter(entries::Column::Kind.eq(entries::NEW_PTO_PLAN))
            .filter(entries::Column::EnrollmentId.is_in(in_force.values().map(|row| row.id)))
            .all(&self.db)
            .await?
            .into_iter()
            .filter_map(|entry| entry.enrollment_id.map(|enrolment| ((enrolment, entry.pto_type_id), entry.minutes)))
            .collect();
        let roles: HashMap<JobRoleId, String> =
            self.accounts.job_roles_of(ctx).await?.into_iter().map(|role| (role.id, role.name)).collect();
        let employees = people
            .into_iter()
            .map(|person| {
                let enrolment = in_force.get(&person.id);
                AllocationRow {
                    employee_id: person.id.0,
                    job_role: person.job_role_id.and_then(|role| roles.get(&role).cloned()),
                    pto_policy_id: enrolment.map(|row| row.plan_id.0),
                    pto_plan_name: enrolment.and_then(|row| plan_names.get(&row.plan_id).cloned()),
                    types: enrolment
                        .map(|row| {
                            types
                                .iter()
                                .filter(|pto_type| {
                                    rules
                                        .iter()
                                        .any(|rule| rule.plan_id == row.plan_id && rule.pto_type_id == pto_type.id)
                                })
                                .map(|pto_type| AllocationBalance {
                                    pto_type_id: pto_type.id.0,
                                    starting_balance: starting.get(&(row.id, pto_type.id)).copied(),
                                })
                                .collect()
                        })
                        .unwrap_or_default(),
                    firstname: person.first_name,
                    lastname: person.last_name,
                }
            })
            .collect();
        Ok(Allocation {
            year,
            years: vec![current, current + 1],
            types: types
                .into_iter()
                .map(|row| AllocationType { id: row.id.0, name: row.name, color: row.color })
                .collect(),
            employees,
        })
    }
}
