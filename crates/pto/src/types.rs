//! PTO types (002 §2 "PTO Types", §3 "PTO type", §7 `update-pto-type`, `inactive-pto-type`):
//! a company's kinds of time off. Admins add, edit and delete them; everyone in the company reads
//! them (a request names its type).
//!
//! - A type's name is unique in its company, compared case-folded in Rust (the same on both
//!   databases).
//! - `overrides` give a job role its own yearly allowance of the type (hours, two decimals) in
//!   every plan that includes it: producers 120 h of vacation where the plan says 80. Saving a
//!   type replaces its overrides as a set; each names a job role of the company.
//! - Deleting hides a type and keeps its row (`deleted_at`), so the ledgers and requests that
//!   name it keep their meaning; a type that a plan includes cannot be deleted (002 §2's tooltip,
//!   [`TYPE_IN_PLAN`]).

use crate::entities::{pto_type_overrides as overrides, pto_types};
use crate::{Pto, PtoError};
use chrono::Utc;
use kernel::ids::PtoTypeId;
use kernel::validation::{fold_case, lenient_i64};
use kernel::{AdminCtx, FieldErrors, JobRoleId, TenantCtx};
use pto_engine::Hours;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};

pub const NAME_MISSING: &str = "Please input the Name";
pub const DUPLICATE_TYPE: &str = "There is already a PTO type with this name";
pub const COLOR_INVALID: &str = "Please choose a color like #1c7ed6";
pub const OVERRIDE_HOURS_INVALID: &str = "Please input the hours a year, a number with at most two decimals";
pub const OVERRIDE_ROLE_INVALID: &str = "Please choose a job role of your company";
pub const OVERRIDE_ROLE_TWICE: &str = "Each job role may have one allowance";
pub const TYPE_IN_PLAN: &str = "This PTO Type is part of a PTO Plan. Please delete the PTO Plan first.";

/// The most hours a year an allowance may give: every hour of a leap year.
const MAX_OVERRIDE_HOURS: i64 = 8_784;
const MAX_NAME_CHARS: usize = 100;

/// A 1/0 flag of the spec, also taken as `true`/`false` or `"1"`/`"0"`.
fn lenient_flag<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<bool>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Flag {
        Bool(bool),
        Number(i64),
        Text(String),
    }
    match Option::<Flag>::deserialize(deserializer)? {
        None => Ok(None),
        Some(Flag::Bool(flag)) => Ok(Some(flag)),
        Some(Flag::Number(0)) => Ok(Some(false)),
        Some(Flag::Number(1)) => Ok(Some(true)),
        Some(Flag::Text(text)) if text.trim() == "0" => Ok(Some(false)),
        Some(Flag::Text(text)) if text.trim() == "1" => Ok(Some(true)),
        Some(_) => Err(serde::de::Error::custom("expected 1 or 0")),
    }
}

/// An hours amount as a number (`80.5`) or as text (`"80.5"`), kept as its text so that the
/// parse is exact (two decimals at most, no binary fractions).
pub(crate) fn hours_text<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum NumberOrText {
        Number(serde_json::Number),
        Text(String),
    }
    Ok(Option::<NumberOrText>::deserialize(deserializer)?.map(|value| match value {
        NumberOrText::Number(number) => number.to_string(),
        NumberOrText::Text(text) => text,
    }))
}

/// `POST /settings/update-pto-type`: adds a type without `id`, edits the type with it.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
pub struct PtoTypeInput {
    /// A new type may carry the screen's temporary negative id: it is a new type.
    #[serde(deserialize_with = "lenient_i64")]
    pub id: Option<i64>,
    pub name: Option<String>,
    /// `#rrggbb`.
    pub color: Option<String>,
    /// 1 paid (the default for a new type), 0 unpaid.
    #[serde(deserialize_with = "lenient_flag")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i32>))]
    pub payable: Option<bool>,
    /// 1 or 0 (0 for a new type).
    #[serde(deserialize_with = "lenient_flag")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i32>))]
    pub available: Option<bool>,
    /// Job roles with their own yearly allowance of this type.
    pub overrides: Option<Vec<OverrideInput>>,
}

// Serialize: the document shows the default of an optional list of these.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
pub struct OverrideInput {
    #[serde(deserialize_with = "lenient_i64")]
    pub jobrole_id: Option<i64>,
    /// Hours a year (two decimals at most), as a number or a text.
    #[serde(deserialize_with = "hours_text")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<f64>))]
    pub hours: Option<String>,
}

/// A validated type form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PtoTypeCommand {
    pub id: Option<PtoTypeId>,
    pub name: String,
    pub color: String,
    pub payable: bool,
    pub available: bool,
    /// Job role → hours a year.
    pub overrides: BTreeMap<JobRoleId, Hours>,
}

/// The colour a type gets when the form has none: the theme's blue.
pub const DEFAULT_COLOR: &str = "#1c7ed6";

fn is_color(text: &str) -> bool {
    text.len() == 7 && text.starts_with('#') && text[1..].bytes().all(|b| b.is_ascii_hexdigit())
}

impl PtoTypeCommand {
    pub fn parse(input: &PtoTypeInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = input.name.as_deref().map(str::trim).unwrap_or_default().to_owned();
        if name.is_empty() {
            errors.add("name", NAME_MISSING);
        } else if name.chars().count() > MAX_NAME_CHARS {
            errors.add("name", format!("Please use at most {MAX_NAME_CHARS} characters"));
        }
        let color = match input.color.as_deref().map(str::trim).filter(|text| !text.is_empty()) {
            None => DEFAULT_COLOR.to_owned(),
            Some(text) if is_color(text) => text.to_ascii_lowercase(),
            Some(_) => {
                errors.add("color", COLOR_INVALID);
                String::new()
            }
        };
        let mut overrides = BTreeMap::new();
        for (index, item) in input.overrides.iter().flatten().enumerate() {
            let role = match item.jobrole_id {
                Some(role) if role > 0 => Some(JobRoleId(role)),
                _ => {
                    errors.add(&format!("overrides[{index}].jobroleId"), OVERRIDE_ROLE_INVALID);
                    None
                }
            };
            let hours = item
                .hours
                .as_deref()
                .and_then(Hours::parse)
                .filter(|hours| (0..=Hours::whole(MAX_OVERRIDE_HOURS).centi()).contains(&hours.centi()));
            if hours.is_none() {
                errors.add(&format!("overrides[{index}].hours"), OVERRIDE_HOURS_INVALID);
            }
            if let (Some(role), Some(hours)) = (role, hours) {
                if overrides.insert(role, hours).is_some() {
                    errors.add(&format!("overrides[{index}].jobroleId"), OVERRIDE_ROLE_TWICE);
                }
            }
        }
        let command = PtoTypeCommand {
            id: input.id.filter(|id| *id > 0).map(PtoTypeId),
            name,
            color,
            payable: input.payable.unwrap_or(true),
            available: input.available.unwrap_or(false),
            overrides,
        };
        errors.into_result(command)
    }
}

/// A job role's own yearly allowance of a type.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct OverrideView {
    pub jobrole_id: i64,
    /// Hours a year, two decimals at most.
    pub hours: f64,
}

/// A PTO type as the screens read it (002 §3).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PtoTypeView {
    pub id: i64,
    pub name: String,
    pub color: String,
    /// 1 paid, 0 unpaid.
    pub payable: i16,
    /// 1 or 0.
    pub available: i16,
    /// False while a plan includes the type.
    pub allow_delete: bool,
    pub overrides: Vec<OverrideView>,
}

pub(crate) fn hours_number(hours: Hours) -> f64 {
    // Hundredths to a decimal number: exact for the two decimals a rate may have.
    (hours.centi() as f64) / 100.0
}

fn view(row: pto_types::Model, overrides: &[overrides::Model], in_plans: &HashSet<PtoTypeId>) -> PtoTypeView {
    PtoTypeView {
        id: row.id.0,
        allow_delete: !in_plans.contains(&row.id),
        overrides: overrides
            .iter()
            .filter(|item| item.pto_type_id == row.id)
            .map(|item| OverrideView {
                jobrole_id: item.job_role_id.0,
                hours: hours_number(Hours::from_centi(item.rate_hundredths)),
            })
            .collect(),
        name: row.name,
        color: row.color,
        payable: i16::from(row.payable),
        available: i16::from(row.available),
    }
}

impl Pto {
    /// The company's PTO types (deleted ones left out), by name.
    pub async fn pto_types(&self, ctx: &TenantCtx) -> Result<Vec<PtoTypeView>, PtoError> {
        let rows = pto_types::Entity::find()
            .filter(kernel::tenancy::same_company::<pto_types::Entity>(ctx.company()))
            .filter(pto_types::Column::DeletedAt.is_null())
            .order_by_asc(pto_types::Column::Name)
            .order_by_asc(pto_types::Column::Id)
            .all(&self.db)
            .await?;
        let overrides = overrides::Entity::find()
            .filter(kernel::tenancy::same_company::<overrides::Entity>(ctx.company()))
            .order_by_asc(overrides::Column::JobRoleId)
            .all(&self.db)
            .await?;
        let in_plans = self.types_in_plans(ctx).await?;
        Ok(rows.into_iter().map(|row| view(row, &overrides, &in_plans)).collect())
    }

    /// One type of the company that is not deleted.
    async fn pto_type_row(&self, ctx: &TenantCtx, id: PtoTypeId) -> Result<pto_types::Model, PtoError> {
        pto_types::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<pto_types::Entity>(ctx.company()))
            .filter(pto_types::Column::DeletedAt.is_null())
            .one(&self.db)
            .await?
            .ok_or(PtoError::NotFound)
    }

    /// `POST /settings/update-pto-type`: adds or edits a type and sets its job roles' allowances.
    pub async fn save_pto_type(&self, ctx: &AdminCtx, command: PtoTypeCommand) -> Result<PtoTypeView, PtoError> {
        let existing = match command.id {
            Some(id) => Some(self.pto_type_row(ctx, id).await?),
            None => None,
        };
        let roles: HashSet<JobRoleId> =
            self.accounts.job_roles_of(ctx).await?.into_iter().map(|role| role.id).collect();
        if let Some(unknown) = command.overrides.keys().position(|role| !roles.contains(role)) {
            return Err(PtoError::field(&format!("overrides[{unknown}].jobroleId"), OVERRIDE_ROLE_INVALID));
        }
        let _permit = self.gate.enter().await;
        let folded = fold_case(&command.name);
        let taken = pto_types::Entity::find()
            .filter(kernel::tenancy::same_company::<pto_types::Entity>(ctx.company()))
            .filter(pto_types::Column::DeletedAt.is_null())
            .all(&self.db)
            .await?
            .into_iter()
            .any(|other| existing.as_ref().is_none_or(|row| row.id != other.id) && fold_case(&other.name) == folded);
        if taken {
            return Err(PtoError::field("name", DUPLICATE_TYPE));
        }
        let now = Utc::now();
        let txn = kernel::begin_write(&self.db).await?;
        let before = existing.as_ref().map(type_snapshot).unwrap_or_default();
        let action = if existing.is_some() { audit::Action::Updated } else { audit::Action::Created };
        let saved = match existing {
            Some(row) => {
                let mut row: pto_types::ActiveModel = row.into();
                row.name = Set(command.name);
                row.color = Set(command.color);
                row.payable = Set(command.payable);
                row.available = Set(command.available);
                row.updated_at = Set(now);
                row.update(&txn).await?
            }
            None => {
                pto_types::ActiveModel {
                    company_id: Set(ctx.company()),
                    name: Set(command.name),
                    color: Set(command.color),
                    payable: Set(command.payable),
                    available: Set(command.available),
                    created_at: Set(now),
                    updated_at: Set(now),
                    deleted_at: Set(None),
                    ..Default::default()
                }
                .insert(&txn)
                .await?
            }
        };
        overrides::Entity::delete_many()
            .filter(kernel::tenancy::same_company::<overrides::Entity>(ctx.company()))
            .filter(overrides::Column::PtoTypeId.eq(saved.id))
            .exec(&txn)
            .await?;
        let mut rows = Vec::with_capacity(command.overrides.len());
        for (role, hours) in command.overrides {
            let row = overrides::ActiveModel {
                company_id: Set(ctx.company()),
                pto_type_id: Set(saved.id),
                job_role_id: Set(role),
                rate_hundredths: Set(hours.centi()),
                ..Default::default()
            };
            rows.push(row.insert(&txn).await?);
        }
        let allowances: Vec<(i64, i64)> = rows.iter().map(|row| (row.job_role_id.0, row.rate_hundredths)).collect();
        let change = audit::Change::new(audit::Subject::PtoType, saved.id.0, action)
            .diff(&before, &type_snapshot(&saved))
            .field("jobRoleAllowances", serde_json::Value::Null, serde_json::json!(allowances));
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        let in_plans = self.types_in_plans(ctx).await?;
        Ok(view(saved, &rows, &in_plans))
    }

    /// `POST /settings/inactive-pto-type`: deletes a type (it is hidden; its records stay).
    pub async fn delete_pto_type(&self, ctx: &AdminCtx, id: PtoTypeId) -> Result<(), PtoError> {
        let row = self.pto_type_row(ctx, id).await?;
        let _permit = self.gate.enter().await;
        if self.types_in_plans(ctx).await?.contains(&row.id) {
            return Err(PtoError::Conflict(TYPE_IN_PLAN.to_owned()));
        }
        let change =
            audit::Change::new(audit::Subject::PtoType, row.id.0, audit::Action::Deleted).deleted(&type_snapshot(&row));
        let txn = kernel::begin_write(&self.db).await?;
        let mut row: pto_types::ActiveModel = row.into();
        row.deleted_at = Set(Some(Utc::now()));
        row.update(&txn).await?;
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        Ok(())
    }
}

/// A type as the audit trail shows it.
fn type_snapshot(row: &pto_types::Model) -> audit::Snapshot {
    audit::Snapshot::new()
        .with("name", row.name.clone())
        .with("color", row.color.clone())
        .with("payable", row.payable)
        .with("available", row.available)
}

impl Pto {
    /// `POST /approvals/uses` for a PTO type: the approval path its requests take, automatic
    /// approval (sick time, say), or neither (anyone who reaches the person). The type must be
    /// one of the company's.
    pub async fn set_approval_use(
        &self,
        ctx: &AdminCtx,
        pto_type: PtoTypeId,
        path: Option<kernel::ApprovalPathId>,
        auto_approve: bool,
    ) -> Result<Vec<approvals::UseView>, PtoError> {
        pto_types::Entity::find_by_id(pto_type)
            .filter(kernel::tenancy::same_company::<pto_types::Entity>(ctx.company()))
            .filter(pto_types::Column::DeletedAt.is_null())
            .one(&self.db)
            .await?
            .ok_or_else(|| PtoError::field("ptoTypeId", "Choose one of the company's time off types."))?;
        Ok(self.approvals.set_use(ctx, approvals::Target::PtoType(pto_type), path, auto_approve).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(json: serde_json::Value) -> PtoTypeInput {
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn a_new_type_is_paid_and_not_yet_available() {
        let command = PtoTypeCommand::parse(&input(serde_json::json!({"id": -3, "name": " Vacation "}))).unwrap();
        assert_eq!(command.id, None);
        assert_eq!((command.name.as_str(), command.payable, command.available), ("Vacation", true, false));
        assert_eq!(command.color, DEFAULT_COLOR);
    }

    #[test]
    fn names_colours_and_allowances_are_checked() {
        let errors = PtoTypeCommand::parse(&input(serde_json::json!({
            "name": "", "color": "blue", "payable": 0,
            "overrides": [{"jobroleId": 4, "hours": "12.5.3"}, {"jobroleId": 5, "hours": "ten"},
                          {"jobroleId": 6, "hours": 8785}, {"hours": 10}]
        })))
        .unwrap_err();
        assert_eq!(errors.messages("name"), [NAME_MISSING]);
        assert_eq!(errors.messages("color"), [COLOR_INVALID]);
        for field in ["overrides[0].hours", "overrides[1].hours", "overrides[2].hours"] {
            assert_eq!(errors.messages(field), [OVERRIDE_HOURS_INVALID], "{field}");
        }
        assert_eq!(errors.messages("overrides[3].jobroleId"), [OVERRIDE_ROLE_INVALID]);
    }

    #[test]
    fn allowances_are_exact_hundredths_from_numbers_or_texts() {
        let command = PtoTypeCommand::parse(&input(serde_json::json!({
            "name": "Vacation", "payable": "1", "available": true,
            "overrides": [{"jobroleId": 4, "hours": 120.25}, {"jobroleId": "7", "hours": "80"}]
        })))
        .unwrap();
        assert_eq!(command.overrides.get(&JobRoleId(4)), Some(&Hours::from_centi(12_025)));
        assert_eq!(command.overrides.get(&JobRoleId(7)), Some(&Hours::whole(80)));
        assert!(command.available);
        let twice = PtoTypeCommand::parse(&input(serde_json::json!({
            "name": "Vacation", "overrides": [{"jobroleId": 4, "hours": 1}, {"jobroleId": 4, "hours": 2}]
        })))
        .unwrap_err();
        assert_eq!(twice.messages("overrides[1].jobroleId"), [OVERRIDE_ROLE_TWICE]);
    }
}
