//! What an admin sets: the company's paths, which path each PTO type and the timesheet edit
//! requests use (or automatic approval), and the fallback approver. Changing a path never
//! changes a request in flight: each flow keeps the snapshot it started with.

use crate::entities::{approval_path_uses as uses, approval_paths as paths, approval_settings as settings};
use crate::model::{Approvers, EscalateTo, Step, Target};
use crate::resolve::usable_people;
use crate::{ApprovalError, Approvals};
use chrono::{DateTime, Utc};
use kernel::{AdminCtx, ApprovalPathId, FieldErrors, TenantCtx, UserId};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter,
    QueryOrder,
};
use serde::{Deserialize, Serialize};

pub const MAX_STEPS: usize = 10;
/// Reminders and escalations: from an hour to thirty days.
pub const MIN_HOURS: i64 = 1;
pub const MAX_HOURS: i64 = 30 * 24;
/// A condition's length: up to a year of hours.
pub const MAX_CONDITION_HOURS: i64 = 366 * 24;
pub const MSG_NO_STEP: &str = "Add at least one step.";
pub const MSG_HOURS: &str = "Between 1 hour and 30 days.";
pub const MSG_NAME_PEOPLE: &str = "Name at least one manager or admin.";
pub const MSG_NOT_APPROVER: &str = "Only active managers and admins can approve.";

/// A path as the API shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PathView {
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub id: ApprovalPathId,
    pub name: String,
    pub steps: Vec<Step>,
    pub updated_at: DateTime<Utc>,
}

/// A new path (no id) or a changed one.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PathInput {
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub id: Option<ApprovalPathId>,
    pub name: String,
    pub steps: Vec<Step>,
}

/// What a target uses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UseView {
    /// "pto_type" or "timesheet_edits".
    pub target: String,
    pub pto_type_id: Option<i64>,
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub path_id: Option<ApprovalPathId>,
    pub auto_approve: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SetupView {
    pub paths: Vec<PathView>,
    pub uses: Vec<UseView>,
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub fallback_approver_id: Option<UserId>,
}

fn path_view(row: paths::Model) -> Result<PathView, ApprovalError> {
    Ok(PathView {
        id: row.id,
        name: row.name,
        steps: crate::flows::parse_steps(&row.steps)?,
        updated_at: row.updated_at,
    })
}

impl Approvals {
    /// `GET /approvals/setup`.
    pub async fn setup(&self, ctx: &AdminCtx) -> Result<SetupView, ApprovalError> {
        let paths = paths::Entity::find()
            .filter(kernel::tenancy::same_company::<paths::Entity>(ctx.company()))
            .order_by_asc(paths::Column::Name)
            .order_by_asc(paths::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(path_view)
            .collect::<Result<_, _>>()?;
        let uses = uses::Entity::find()
            .filter(kernel::tenancy::same_company::<uses::Entity>(ctx.company()))
            .order_by_asc(uses::Column::TargetKey)
            .all(&self.db)
            .await?
            .into_iter()
            .filter_map(|row| {
                let target = Target::from_key(&row.target_key)?;
                Some(UseView {
                    target: match target {
                        Target::PtoType(_) => "pto_type",
                        Target::TimesheetEdits => "timesheet_edits",
                    }
                    .to_owned(),
                    pto_type_id: match target {
                        Target::PtoType(id) => Some(id.0),
                        Target::TimesheetEdits => None,
                    },
                    path_id: row.path_id,
                    auto_approve: row.auto_approve,
                })
            })
            .collect();
        let fallback =
            settings::Entity::find_by_id(ctx.company()).one(&self.db).await?.and_then(|row| row.fallback_approver_id);
        Ok(SetupView { paths, uses, fallback_approver_id: fallback })
    }

    /// `POST /approvals/paths`: a new path, or a changed one (requests in flight keep theirs).
    pub async fn save_path(&self, ctx: &AdminCtx, input: PathInput) -> Result<PathView, ApprovalError> {
        let name = input.name.trim().to_owned();
        let mut errors = FieldErrors::new();
        if name.is_empty() {
            errors.add("name", "Please name the path.");
        } else if name.chars().count() > 100 {
            errors.add("name", "Please keep the name under 100 characters.");
        } else if let Err(message) = kernel::validation::check_text("name", &name) {
            errors.add("name", message);
        }
        let steps = self.checked_steps(ctx, input.steps, &mut errors).await?;
        if !errors.is_empty() {
            return Err(ApprovalError::Validation(errors));
        }
        let text = serde_json::to_string(&steps).map_err(|err| ApprovalError::Internal(err.to_string()))?;
        let now = Utc::now();
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let mut before = audit::Snapshot::new();
        let saved = match input.id {
            Some(id) => {
                let row = paths::Entity::find_by_id(id)
                    .filter(kernel::tenancy::same_company::<paths::Entity>(ctx.company()))
                    .one(&txn)
                    .await?
                    .ok_or(ApprovalError::NotFound)?;
                before = path_snapshot(&row);
                let mut active = row.into_active_model();
                active.name = Set(name);
                active.steps = Set(text);
                active.updated_at = Set(now);
                active.update(&txn).await?
            }
            None => {
                paths::ActiveModel {
                    company_id: Set(ctx.company()),
                    name: Set(name),
                    steps: Set(text),
                    created_at: Set(now),
                    updated_at: Set(now),
                    ..Default::default()
                }
                .insert(&txn)
                .await?
            }
        };
        let action = if input.id.is_some() { audit::Action::Updated } else { audit::Action::Created };
        let change =
            audit::Change::new(audit::Subject::CompanySettings, format!("approval-path-{}", saved.id.0), action)
                .diff(&before, &path_snapshot(&saved));
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        path_view(saved)
    }

    /// Checks each step (its approvers exist and may approve, its times are in range) and
    /// returns them tidied (named people once each, in order).
    async fn checked_steps(
        &self,
        ctx: &TenantCtx,
        steps: Vec<Step>,
        errors: &mut FieldErrors,
    ) -> Result<Vec<Step>, ApprovalError> {
        if steps.is_empty() {
            errors.add("steps", MSG_NO_STEP);
        } else if steps.len() > MAX_STEPS {
            errors.add("steps", format!("A path has at most {MAX_STEPS} steps."));
        }
        let mut out = Vec::with_capacity(steps.len());
        for (index, mut step) in steps.into_iter().enumerate() {
            let field = |name: &str| format!("steps[{index}].{name}");
            dedupe(&mut step.people);
            dedupe(&mut step.escalate_people);
            if step.approvers == Approvers::People {
                if step.people.is_empty() {
                    errors.add(&field("people"), MSG_NAME_PEOPLE);
                } else if usable_people(&self.db, ctx, &step.people).await?.len() != step.people.len() {
                    errors.add(&field("people"), MSG_NOT_APPROVER);
                }
            } else {
                step.people.clear();
            }
            if step.longer_than_hours.is_some_and(|hours| !(0..=MAX_CONDITION_HOURS).contains(&hours)) {
                errors.add(&field("longerThanHours"), format!("Between 0 and {MAX_CONDITION_HOURS} hours."));
            }
            for (name, hours) in
                [("remindAfterHours", step.remind_after_hours), ("escalateAfterHours", step.escalate_after_hours)]
            {
                if hours.is_some_and(|hours| !(MIN_HOURS..=MAX_HOURS).contains(&hours)) {
                    errors.add(&field(name), MSG_HOURS);
                }
            }
            if step.escalate_to == EscalateTo::People && step.escalate_after_hours.is_some() {
                if step.escalate_people.is_empty() {
                    errors.add(&field("escalatePeople"), MSG_NAME_PEOPLE);
                } else if usable_people(&self.db, ctx, &step.escalate_people).await?.len() != step.escalate_people.len()
                {
                    errors.add(&field("escalatePeople"), MSG_NOT_APPROVER);
                }
            }
            if step.escalate_to != EscalateTo::People {
                step.escalate_people.clear();
            }
            out.push(step);
        }
        Ok(out)
    }

    /// `POST /approvals/paths/delete`: the path goes, and what used it falls back to the rule
    /// before paths; requests in flight keep their snapshot.
    pub async fn delete_path(&self, ctx: &AdminCtx, id: ApprovalPathId) -> Result<(), ApprovalError> {
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        uses::Entity::delete_many()
            .filter(kernel::tenancy::same_company::<uses::Entity>(ctx.company()))
            .filter(uses::Column::PathId.eq(id))
            .filter(uses::Column::AutoApprove.eq(false))
            .exec(&txn)
            .await?;
        let row = paths::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<paths::Entity>(ctx.company()))
            .one(&txn)
            .await?
            .ok_or(ApprovalError::NotFound)?;
        let deleted = paths::Entity::delete_many()
            .filter(kernel::tenancy::same_company::<paths::Entity>(ctx.company()))
            .filter(paths::Column::Id.eq(id))
            .exec(&txn)
            .await?;
        if deleted.rows_affected == 0 {
            return Err(ApprovalError::NotFound);
        }
        let change = audit::Change::new(
            audit::Subject::CompanySettings,
            format!("approval-path-{}", id.0),
            audit::Action::Deleted,
        )
        .deleted(&path_snapshot(&row));
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        Ok(())
    }

    /// `POST /approvals/uses` for a target the caller has checked is the company's (a PTO type
    /// is checked by the `pto` crate): the path it uses, or automatic approval (PTO types only),
    /// or neither (the rule before paths).
    pub async fn set_use(
        &self,
        ctx: &AdminCtx,
        target: Target,
        path: Option<ApprovalPathId>,
        auto_approve: bool,
    ) -> Result<Vec<UseView>, ApprovalError> {
        if auto_approve && target == Target::TimesheetEdits {
            return Err(ApprovalError::field("autoApprove", "Timesheet edits cannot be approved automatically."));
        }
        if auto_approve && path.is_some() {
            return Err(ApprovalError::field("pathId", "Choose a path or automatic approval, not both."));
        }
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        if let Some(path) = path {
            paths::Entity::find_by_id(path)
                .filter(kernel::tenancy::same_company::<paths::Entity>(ctx.company()))
                .one(&txn)
                .await?
                .ok_or_else(|| ApprovalError::field("pathId", "Choose one of the company's approval paths."))?;
        }
        write_use(&txn, ctx, target, path, auto_approve).await?;
        txn.commit().await?;
        Ok(self.setup(ctx).await?.uses)
    }

    /// `POST /approvals/fallback`: who answers when the requester was a step's only approver and
    /// nobody is above them (none: the admins).
    pub async fn set_fallback(&self, ctx: &AdminCtx, person: Option<UserId>) -> Result<Option<UserId>, ApprovalError> {
        if let Some(person) = person {
            if usable_people(&self.db, ctx, &[person]).await?.is_empty() {
                return Err(ApprovalError::field("personId", MSG_NOT_APPROVER));
            }
        }
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        match settings::Entity::find_by_id(ctx.company()).one(&txn).await? {
            Some(row) => {
                let mut active = row.into_active_model();
                active.fallback_approver_id = Set(person);
                active.update(&txn).await?;
            }
            None => {
                settings::ActiveModel { company_id: Set(ctx.company()), fallback_approver_id: Set(person) }
                    .insert(&txn)
                    .await?;
            }
        }
        txn.commit().await?;
        Ok(person)
    }
}

async fn write_use<C: ConnectionTrait>(
    conn: &C,
    ctx: &TenantCtx,
    target: Target,
    path: Option<ApprovalPathId>,
    auto_approve: bool,
) -> Result<(), ApprovalError> {
    let existing = uses::Entity::find()
        .filter(kernel::tenancy::same_company::<uses::Entity>(ctx.company()))
        .filter(uses::Column::TargetKey.eq(target.key()))
        .one(conn)
        .await?;
    match (existing, path.is_some() || auto_approve) {
        (Some(row), true) => {
            let mut active = row.into_active_model();
            active.path_id = Set(path);
            active.auto_approve = Set(auto_approve);
            active.updated_at = Set(Utc::now());
            active.update(conn).await?;
        }
        (Some(row), false) => {
            uses::Entity::delete_by_id(row.id).exec(conn).await?;
        }
        (None, true) => {
            uses::ActiveModel {
                company_id: Set(ctx.company()),
                target_key: Set(target.key()),
                path_id: Set(path),
                auto_approve: Set(auto_approve),
                updated_at: Set(Utc::now()),
                ..Default::default()
            }
            .insert(conn)
            .await?;
        }
        (None, false) => {}
    }
    Ok(())
}

fn dedupe(people: &mut Vec<UserId>) {
    let mut seen = Vec::with_capacity(people.len());
    people.retain(|person| {
        let new = !seen.contains(person);
        seen.push(*person);
        new
    });
}

/// An approval path as the audit trail shows it (its steps as stored: JSON of the typed steps).
fn path_snapshot(row: &paths::Model) -> audit::Snapshot {
    let steps = serde_json::from_str::<serde_json::Value>(&row.steps).unwrap_or(serde_json::Value::Null);
    audit::Snapshot::new().with("approvalPath", row.name.clone()).with("steps", steps)
}
