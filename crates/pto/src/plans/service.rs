//! Saving and deleting plans: who a plan's assignment names, the checks of its rules' types, and
//! enrolling the people it is assigned to (or taking them off) for a year.

use super::rows::rule_row;
use super::{
    Assignee, PlanCommand, PlanView, NOT_ASSIGNED, NOT_ENROLLED, PLAN_HAS_HISTORY, PLAN_HAS_PEOPLE, UNKNOWN_MEMBER,
    UNKNOWN_ROLE, UNKNOWN_TYPE,
};
use crate::engine_ids::FromEngine;
use crate::entities::{pto_enrollments as enrollments, pto_plans as plans, pto_types};
use crate::{Pto, PtoError};
use accounts::people::read::{self, PeopleFilter};
use accounts::Person;
use chrono::Utc;
use kernel::ids::{EnrollmentId, PtoPlanId, PtoTypeId};
use kernel::{AdminCtx, JobRoleId, TenantCtx, UserId};
use pto_engine::Rule;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use std::collections::{BTreeSet, HashSet};

impl Pto {
    /// The active employees a plan's assignment names; ids outside the company are refused.
    pub(crate) async fn assignees(&self, ctx: &TenantCtx, assignee: &Assignee) -> Result<Vec<Person>, PtoError> {
        let people = read::people(&self.db, ctx, &PeopleFilter::active()).await?;
        Ok(match assignee {
            Assignee::Nobody => Vec::new(),
            Assignee::EntireTeam => people,
            Assignee::JobRoles(ids) => {
                let known: HashSet<JobRoleId> =
                    self.accounts.job_roles_of(ctx).await?.into_iter().map(|role| role.id).collect();
                if ids.iter().any(|id| !known.contains(id)) {
                    return Err(PtoError::field("assignIds", UNKNOWN_ROLE));
                }
                people.into_iter().filter(|person| person.job_role_id.is_some_and(|role| ids.contains(&role))).collect()
            }
            Assignee::Members(ids) => {
                let wanted: BTreeSet<UserId> = ids.iter().copied().collect();
                let found: Vec<Person> = people.into_iter().filter(|person| wanted.contains(&person.id)).collect();
                if found.len() != wanted.len() {
                    return Err(PtoError::field("assignIds", UNKNOWN_MEMBER));
                }
                found
            }
        })
    }

    /// Refuses rules naming a type that is not the company's (or is deleted).
    pub(crate) async fn check_rule_types(&self, ctx: &TenantCtx, rules: &[Rule]) -> Result<(), PtoError> {
        let known: HashSet<PtoTypeId> = pto_types::Entity::find()
            .filter(kernel::tenancy::same_company::<pto_types::Entity>(ctx.company()))
            .filter(pto_types::Column::DeletedAt.is_null())
            .all(&self.db)
            .await?
            .into_iter()
            .map(|row| row.id)
            .collect();
        if let Some(index) = rules.iter().position(|rule| !known.contains(&rule.pto_type.stored())) {
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
        let assigned: HashSet<UserId> = people.iter().map(|person| person.id).collect();
        if let Some(index) = command.starting.iter().position(|(employee, _, _)| !assigned.contains(employee)) {
            return Err(PtoError::field(&format!("startingBalances[{index}].employeeId"), NOT_ASSIGNED));
        }
        self.check_starting_types(ctx, &command.starting).await?;
        let _permit = self.gate.enter().await;
        let now = Utc::now();
        let txn = kernel::begin_write(&self.db).await?;
        let before_name = existing.as_ref().map(|row| row.name.clone());
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
                    company_id: Set(ctx.company()),
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
        let action = if before_name.is_some() { audit::Action::Updated } else { audit::Action::Created };
        let mut assigned: Vec<i64> = people.iter().map(|person| person.id.0).collect();
        assigned.sort_unstable();
        let change = audit::Change::new(audit::Subject::PtoPlan, plan.id.0, action)
            .field("name", before_name, plan.name.clone())
            .field("rules", serde_json::Value::Null, command.rules.len())
            .field("year", serde_json::Value::Null, command.year)
            .field("assigned", serde_json::Value::Null, assigned)
            .field(
                "removed",
                serde_json::Value::Null,
                command.remove.iter().map(|person| person.0).collect::<Vec<_>>(),
            );
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        drop(_permit);
        let id = plan.id;
        self.plans(ctx).await?.into_iter().find(|view| view.id == id.0).ok_or(PtoError::NotFound)
    }

    /// Takes `people` off `plan` for `year`: their enrolments in it that year and the starting
    /// balances given with them go, so the plan they had before that year (or none) is back.
    async fn take_off(
        &self,
        txn: &impl sea_orm::ConnectionTrait,
        ctx: &TenantCtx,
        plan: PtoPlanId,
        year: i32,
        people: &BTreeSet<UserId>,
    ) -> Result<(), PtoError> {
        let rows = enrollments::Entity::find()
            .filter(kernel::tenancy::same_company::<enrollments::Entity>(ctx.company()))
            .filter(enrollments::Column::PlanId.eq(plan))
            .filter(enrollments::Column::Year.eq(year))
            .filter(enrollments::Column::EmployeeId.is_in(people.iter().copied()))
            .all(txn)
            .await?;
        let found: BTreeSet<UserId> = rows.iter().map(|row| row.employee_id).collect();
        if found.len() != people.len() {
            return Err(PtoError::field("removeIds", NOT_ENROLLED));
        }
        let ids: Vec<EnrollmentId> = rows.iter().map(|row| row.id).collect();
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
    pub async fn delete_plan(&self, ctx: &AdminCtx, id: PtoPlanId) -> Result<(), PtoError> {
        let plan = self.plan_row(ctx, id).await?;
        let _permit = self.gate.enter().await;
        let ever = enrollments::Entity::find()
            .filter(kernel::tenancy::same_company::<enrollments::Entity>(ctx.company()))
            .filter(enrollments::Column::PlanId.eq(plan.id))
            .all(&self.db)
            .await?;
        if !ever.is_empty() {
            // Whose year it is now decides which of the two answers is true.
            let years: Vec<i32> = ever.iter().map(|row| row.year).collect();
            let theirs = enrollments::Entity::find()
                .filter(kernel::tenancy::same_company::<enrollments::Entity>(ctx.company()))
                .filter(enrollments::Column::EmployeeId.is_in(ever.iter().map(|row| row.employee_id)))
                .filter(enrollments::Column::Year.is_in(years))
                .all(&self.db)
                .await?;
            let current = super::views::in_force(&theirs).into_values().any(|row| row.plan_id == plan.id);
            let message = if current { PLAN_HAS_PEOPLE } else { PLAN_HAS_HISTORY };
            return Err(PtoError::Conflict(message.to_owned()));
        }
        let txn = kernel::begin_write(&self.db).await?;
        plans::Entity::delete_by_id(plan.id)
            .filter(kernel::tenancy::same_company::<plans::Entity>(ctx.company()))
            .exec(&txn)
            .await?;
        let change = audit::Change::new(audit::Subject::PtoPlan, plan.id.0, audit::Action::Deleted).field(
            "name",
            plan.name,
            None::<String>,
        );
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        Ok(())
    }
}
