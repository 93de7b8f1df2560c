//! Editing one rule of a plan (002 §7 `update-pto-rule`, `inactive-pto-rule`) and the record of
//! every change to a plan's rules.
//!
//! A plan's rule governs every year the plan is in force: there is no "from this day on" for a
//! rule, so editing or removing one recalculates the balances of everyone enrolled in the plan,
//! earlier years included. That is what an admin correcting a mistyped allowance expects. What
//! nobody should meet is a balance that changed without a reason: each change to a plan's rules
//! (added, edited, removed; through the rule calls or the plan's edit panel) is written to
//! `pto_rule_changes` in the same transaction, with who made it, when, and the rule's summary
//! before and after. The employee's PTO history lists the changes of every plan they were in.
//!
//! A plan keeps at least one rule: removing the last one is refused (delete the plan instead).

use crate::engine_ids::FromEngine;
use crate::entities::{pto_rule_changes as changes, pto_rules, pto_types};
use crate::plans::{rule_of, rule_row, RuleInput};
use crate::{Pto, PtoError};
use accounts::people::read::{self, PeopleFilter};
use chrono::{NaiveDate, Utc};
use kernel::ids::{PtoPlanId, PtoRuleId, PtoTypeId};
use kernel::time::local_date;
use kernel::validation::lenient_i64;
use kernel::{AdminCtx, FieldErrors, TenantCtx, UserId};
use pto_engine::{rule_summary, Rule};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

pub const LAST_RULE: &str = "A PTO plan needs at least one PTO type. Delete the plan instead.";

/// How many rule changes the PTO history shows (the newest).
const HISTORY_CHANGES: u64 = 50;

/// `POST /settings/update-pto-rule`: a rule of a plan, edited (with `id`) or added (without).
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
pub struct RuleEditInput {
    /// The rule to edit; none adds a rule to the plan.
    #[serde(deserialize_with = "lenient_i64")]
    pub id: Option<i64>,
    /// The plan the rule belongs to.
    #[serde(deserialize_with = "lenient_i64")]
    pub pto_policy_id: Option<i64>,
    #[serde(flatten)]
    pub rule: RuleInput,
}

/// A validated rule edit.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleEditCommand {
    pub id: Option<PtoRuleId>,
    pub plan: PtoPlanId,
    pub rule: Rule,
}

impl RuleEditCommand {
    /// The engine's checks, its messages on the rule's own field names.
    pub fn parse(input: &RuleEditInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        if input.pto_policy_id.is_none() {
            errors.add("ptoPolicyId", crate::switching::PLAN_MISSING);
        }
        let rule = match input.rule.draft().validate() {
            Ok(rule) => Some(rule),
            Err(problems) => {
                for (field, messages) in problems.iter() {
                    for message in messages {
                        errors.add(field, message.clone());
                    }
                }
                None
            }
        };
        match (rule, errors.is_empty()) {
            (Some(rule), true) => Ok(RuleEditCommand {
                id: input.id.map(PtoRuleId),
                plan: PtoPlanId(input.pto_policy_id.unwrap_or_default()),
                rule,
            }),
            _ => Err(errors),
        }
    }
}

/// `POST /settings/inactive-pto-rule?id`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleDeleteCommand {
    pub id: PtoRuleId,
}

/// A change to a plan's rules, as the PTO history shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RuleChangeView {
    pub id: i64,
    /// The company's day of the change.
    pub date: NaiveDate,
    /// Who made it (none once that account is gone).
    pub changed_by: Option<String>,
    pub plan_name: String,
    pub pto_type_name: String,
    /// The rule's summary before ('80 hrs/year'); none when the rule was added.
    pub before: Option<String>,
    /// The rule's summary after; none when the rule was removed.
    pub after: Option<String>,
}

/// Whether two rules say the same (their ids aside).
fn same_rule(row: &pto_rules::Model, rule: &Rule) -> bool {
    let mut saved = rule_of(row);
    saved.id = rule.id;
    saved == *rule
}

/// Makes `plan`'s rules those of `wanted` (one per type): a type's rule is edited in place, new
/// types are added, missing ones removed, and each difference is recorded.
pub(crate) async fn write_rules(
    txn: &impl ConnectionTrait,
    ctx: &TenantCtx,
    plan: PtoPlanId,
    wanted: &[Rule],
) -> Result<(), PtoError> {
    let existing = pto_rules::Entity::find()
        .filter(kernel::tenancy::same_company::<pto_rules::Entity>(ctx.company()))
        .filter(pto_rules::Column::PlanId.eq(plan))
        .all(txn)
        .await?;
    let now = Utc::now();
    let record = |pto_type: PtoTypeId, before: Option<String>, after: Option<String>| changes::ActiveModel {
        company_id: Set(ctx.company()),
        plan_id: Set(plan),
        pto_type_id: Set(pto_type),
        before_summary: Set(before),
        after_summary: Set(after),
        changed_by: Set(Some(ctx.actor())),
        changed_at: Set(now),
        ..Default::default()
    };
    for rule in wanted {
        match existing.iter().find(|row| row.pto_type_id == rule.pto_type.stored()) {
            Some(row) if same_rule(row, rule) => {}
            Some(row) => {
                let before = rule_summary(&rule_of(row));
                let mut edited = rule_row(ctx, plan, rule);
                edited.id = Set(row.id);
                edited.update(txn).await?;
                record(rule.pto_type.stored(), Some(before), Some(rule_summary(rule))).insert(txn).await?;
            }
            None => {
                rule_row(ctx, plan, rule).insert(txn).await?;
                record(rule.pto_type.stored(), None, Some(rule_summary(rule))).insert(txn).await?;
            }
        }
    }
    for row in existing.iter().filter(|row| wanted.iter().all(|rule| rule.pto_type.stored() != row.pto_type_id)) {
        pto_rules::Entity::delete_by_id(row.id)
            .filter(kernel::tenancy::same_company::<pto_rules::Entity>(ctx.company()))
            .exec(txn)
            .await?;
        record(row.pto_type_id, Some(rule_summary(&rule_of(row))), None).insert(txn).await?;
    }
    Ok(())
}

/// A rule as the audit trail shows it.
fn rule_snapshot(row: &pto_rules::Model) -> audit::Snapshot {
    audit::Snapshot::new()
        .with("ptoTypeId", row.pto_type_id.0)
        .with("active", row.active)
        .with("method", row.method.clone())
        .with("rateHundredths", row.rate_hundredths)
        .with("rateUnit", row.rate_unit)
        .with("prorated", row.prorated)
        .with("waitingPeriodDays", row.waiting_period_days)
        .with("carryoverPolicy", row.carryover_policy.clone())
        .with("maxCarryoverHours", row.max_carryover_hours)
        .with("maxBalanceHours", row.max_balance_hours)
        .with("yearlyAccrualCapHours", row.yearly_accrual_cap_hours)
        .with("yearlyUseCapHours", row.yearly_use_cap_hours)
}

impl Pto {
    /// `POST /settings/update-pto-rule`: edits a rule of a plan, or adds one for a type the plan
    /// does not include yet; answers the plan.
    pub async fn save_rule(
        &self,
        ctx: &AdminCtx,
        command: RuleEditCommand,
    ) -> Result<crate::plans::PlanView, PtoError> {
        let plan = self.plan_row(ctx, command.plan).await?;
        self.check_rule_types(ctx, std::slice::from_ref(&command.rule)).await.map_err(|err| match err {
            // The plan check names the field `rules[0].ptoTypeId`; this call's field is `ptoTypeId`.
            PtoError::Validation(_) => PtoError::field("ptoTypeId", crate::plans::UNKNOWN_TYPE),
            other => other,
        })?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let rows = pto_rules::Entity::find()
            .filter(kernel::tenancy::same_company::<pto_rules::Entity>(ctx.company()))
            .filter(pto_rules::Column::PlanId.eq(plan.id))
            .order_by_asc(pto_rules::Column::Id)
            .all(&txn)
            .await?;
        let edited = match command.id {
            Some(id) => Some(rows.iter().find(|row| row.id == id).ok_or(PtoError::NotFound)?.id),
            None => None,
        };
        if rows.iter().any(|row| Some(row.id) != edited && row.pto_type_id == command.rule.pto_type.stored()) {
            return Err(PtoError::field("ptoTypeId", pto_engine::rules::MSG_DUPLICATE_TYPE));
        }
        let before = rows.iter().find(|row| Some(row.id) == edited).map(rule_snapshot).unwrap_or_default();
        let pto_type = command.rule.pto_type.stored();
        let mut wanted: Vec<Rule> = rows.iter().filter(|row| Some(row.id) != edited).map(rule_of).collect();
        wanted.push(command.rule);
        write_rules(&txn, ctx, plan.id, &wanted).await?;
        let saved = pto_rules::Entity::find()
            .filter(kernel::tenancy::same_company::<pto_rules::Entity>(ctx.company()))
            .filter(pto_rules::Column::PlanId.eq(plan.id))
            .filter(pto_rules::Column::PtoTypeId.eq(pto_type))
            .one(&txn)
            .await?;
        if let Some(saved) = saved {
            let action = if edited.is_some() { audit::Action::Updated } else { audit::Action::Created };
            let change = audit::Change::new(audit::Subject::PtoRule, saved.id.0, action)
                .field("plan", serde_json::Value::Null, plan.name.clone())
                .diff(&before, &rule_snapshot(&saved));
            audit::record(&txn, ctx, change).await?;
        }
        txn.commit().await?;
        drop(_permit);
        self.plans(ctx).await?.into_iter().find(|view| view.id == plan.id.0).ok_or(PtoError::NotFound)
    }

    /// `POST /settings/inactive-pto-rule?id`: removes a rule from its plan (never the last one).
    pub async fn delete_rule(&self, ctx: &AdminCtx, command: RuleDeleteCommand) -> Result<(), PtoError> {
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let row = pto_rules::Entity::find_by_id(command.id)
            .filter(kernel::tenancy::same_company::<pto_rules::Entity>(ctx.company()))
            .one(&txn)
            .await?
            .ok_or(PtoError::NotFound)?;
        let wanted: Vec<Rule> = pto_rules::Entity::find()
            .filter(kernel::tenancy::same_company::<pto_rules::Entity>(ctx.company()))
            .filter(pto_rules::Column::PlanId.eq(row.plan_id))
            .filter(pto_rules::Column::Id.ne(row.id))
            .all(&txn)
            .await?
            .iter()
            .map(rule_of)
            .collect();
        if wanted.is_empty() {
            return Err(PtoError::Conflict(LAST_RULE.to_owned()));
        }
        write_rules(&txn, ctx, row.plan_id, &wanted).await?;
        let change =
            audit::Change::new(audit::Subject::PtoRule, row.id.0, audit::Action::Deleted).deleted(&rule_snapshot(&row));
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        Ok(())
    }

    /// The changes to the rules of `plans` (the plans an employee was ever enrolled in, by id
    /// with their names), newest first. One query when there are none.
    pub(crate) async fn rule_changes_of(
        &self,
        ctx: &TenantCtx,
        plans: &HashMap<PtoPlanId, String>,
    ) -> Result<Vec<RuleChangeView>, PtoError> {
        if plans.is_empty() {
            return Ok(Vec::new());
        }
        let rows = changes::Entity::find()
            .filter(kernel::tenancy::same_company::<changes::Entity>(ctx.company()))
            .filter(changes::Column::PlanId.is_in(plans.keys().copied()))
            .order_by_desc(changes::Column::ChangedAt)
            .order_by_desc(changes::Column::Id)
            .limit(HISTORY_CHANGES)
            .all(&self.db)
            .await?;
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        // Deleted types too: a removed rule may name one.
        let type_names: HashMap<PtoTypeId, String> = pto_types::Entity::find()
            .filter(kernel::tenancy::same_company::<pto_types::Entity>(ctx.company()))
            .filter(pto_types::Column::Id.is_in(rows.iter().map(|row| row.pto_type_id)))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|pto_type| (pto_type.id, pto_type.name))
            .collect();
        let actors: HashMap<UserId, String> = read::people(
            &self.db,
            ctx,
            &PeopleFilter::default().with_ids(rows.iter().filter_map(|row| row.changed_by)),
        )
        .await?
        .into_iter()
        .map(|person| (person.id, person.full_name()))
        .collect();
        Ok(rows
            .into_iter()
            .map(|row| RuleChangeView {
                id: row.id,
                date: local_date(ctx.time_zone(), row.changed_at),
                changed_by: row.changed_by.and_then(|id| actors.get(&id).cloned()),
                plan_name: plans.get(&row.plan_id).cloned().unwrap_or_default(),
                pto_type_name: type_names.get(&row.pto_type_id).cloned().unwrap_or_default(),
                before: row.before_summary,
                after: row.after_summary,
            })
            .collect())
    }
}
