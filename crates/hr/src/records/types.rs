//! The company's event, document and policy types (002 §7 "Settings", tabs 5 and 6): added,
//! renamed and retired by managers and admins like job roles, never deleted (records keep the
//! name of their type). A document type may be an onboarding document: new employees are asked
//! for one.

use super::required_text;
use crate::entities::hr_types;
use crate::{Hr, HrError};
use kernel::{FieldErrors, HrTypeId, ManagerCtx, TenantCtx};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};

pub const DUPLICATE_TYPE: &str = "There is already a type with this name";

/// Which list a type is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TypeKind {
    Event,
    Document,
    Policy,
}

impl TypeKind {
    pub fn code(self) -> &'static str {
        match self {
            TypeKind::Event => "event",
            TypeKind::Document => "document",
            TypeKind::Policy => "policy",
        }
    }

    /// The message of a form that names no type of this kind (001 §5, 002 §5).
    pub fn missing_message(self) -> &'static str {
        match self {
            TypeKind::Event => "Please input the Type of event",
            TypeKind::Document => "Please input the Type of document",
            TypeKind::Policy => "Please input the Type of policy",
        }
    }
}

/// A type as the settings and the pickers show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct HrTypeView {
    pub id: i64,
    pub name: String,
    /// Retired types stay on old records but leave the pickers.
    pub active: bool,
    /// Document types: new employees are asked for one of these.
    pub onboarding_doc: bool,
    /// Onboarding document types: due this many days after a new employee's start.
    pub onboarding_days: Option<i32>,
}

impl From<hr_types::Model> for HrTypeView {
    fn from(row: hr_types::Model) -> Self {
        HrTypeView {
            id: row.id.0,
            name: row.name,
            active: row.active,
            onboarding_doc: row.onboarding_doc,
            onboarding_days: row.onboarding_days.filter(|_| row.onboarding_doc),
        }
    }
}

/// Days a new employee has for an onboarding document when none are given.
pub const DEFAULT_ONBOARDING_DAYS: i32 = 14;

/// `POST /settings/update-{event,doc,policy}-type`: `id` to rename one.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct HrTypeInput {
    pub id: Option<i64>,
    pub name: Option<String>,
    /// Document types only: 1 (or true) for an onboarding document.
    #[serde(deserialize_with = "kernel::validation::lenient_i64")]
    pub onboarding_doc: Option<i64>,
    /// Document types: days after their start a new employee has (1–365; 14 when left out).
    #[serde(deserialize_with = "kernel::validation::lenient_i64")]
    pub onboarding_days: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HrTypeCommand {
    pub kind: TypeKind,
    pub id: Option<HrTypeId>,
    pub name: String,
    pub onboarding_doc: bool,
    pub onboarding_days: Option<i32>,
}

impl HrTypeCommand {
    pub fn parse(kind: TypeKind, input: &HrTypeInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = required_text(&mut errors, "name", &input.name, "Please input the Name", 100);
        let onboarding_doc = kind == TypeKind::Document && input.onboarding_doc == Some(1);
        let onboarding_days = match input.onboarding_days {
            _ if !onboarding_doc => None,
            None => Some(DEFAULT_ONBOARDING_DAYS),
            Some(days) if (1..=365).contains(&days) => i32::try_from(days).ok(),
            Some(_) => {
                errors.add("onboardingDays", "Input the days for new employees to complete (1 to 365)");
                None
            }
        };
        errors.into_result(HrTypeCommand { kind, id: input.id.map(HrTypeId), name, onboarding_doc, onboarding_days })
    }
}

impl Hr {
    /// The company's types of one kind, active and retired, by name.
    pub async fn hr_types(&self, ctx: &TenantCtx, kind: TypeKind) -> Result<Vec<HrTypeView>, HrError> {
        let rows = hr_types::Entity::find()
            .filter(kernel::tenancy::same_company::<hr_types::Entity>(ctx.company()))
            .filter(hr_types::Column::Kind.eq(kind.code()))
            .order_by_asc(hr_types::Column::Name)
            .order_by_asc(hr_types::Column::Id)
            .all(&self.db)
            .await?;
        Ok(rows.into_iter().map(Into::into).collect())
    }

    /// A type of the company of this kind, or `NotFound`.
    pub(crate) async fn hr_type(
        &self,
        ctx: &TenantCtx,
        kind: TypeKind,
        id: HrTypeId,
    ) -> Result<hr_types::Model, HrError> {
        hr_types::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<hr_types::Entity>(ctx.company()))
            .filter(hr_types::Column::Kind.eq(kind.code()))
            .one(&self.db)
            .await?
            .ok_or(HrError::NotFound)
    }

    /// A type a new record may name: of the company, of this kind and active; otherwise the
    /// form's field error.
    pub(crate) async fn active_hr_type(
        &self,
        ctx: &TenantCtx,
        kind: TypeKind,
        id: HrTypeId,
        field: &str,
    ) -> Result<hr_types::Model, HrError> {
        match self.hr_type(ctx, kind, id).await {
            Ok(row) if row.active => Ok(row),
            Ok(_) | Err(HrError::NotFound) => Err(HrError::field(field, kind.missing_message())),
            Err(other) => Err(other),
        }
    }

    /// Adds a type, or renames one (which brings it back if it was retired).
    pub async fn save_hr_type(&self, ctx: &ManagerCtx, command: HrTypeCommand) -> Result<HrTypeView, HrError> {
        let existing = match command.id {
            Some(id) => Some(self.hr_type(ctx, command.kind, id).await?),
            None => None,
        };
        // An onboarding document is asked of people who start from the day it became one.
        let today = kernel::time::local_date(ctx.time_zone(), super::now());
        let _permit = self.gate.enter().await;
        // Case-folded in Rust, the same on both databases; a company has a handful of types.
        let folded = kernel::validation::fold_case(&command.name);
        let same_name = hr_types::Entity::find()
            .filter(kernel::tenancy::same_company::<hr_types::Entity>(ctx.company()))
            .filter(hr_types::Column::Kind.eq(command.kind.code()))
            .all(&self.db)
            .await?
            .into_iter()
            .any(|row| {
                existing.as_ref().is_none_or(|current| current.id != row.id)
                    && kernel::validation::fold_case(&row.name) == folded
            });
        if same_name {
            return Err(HrError::field("name", DUPLICATE_TYPE));
        }
        let txn = kernel::begin_write(&self.db).await?;
        let before = existing.as_ref().map(type_snapshot).unwrap_or_default();
        let action = if existing.is_some() { audit::Action::Updated } else { audit::Action::Created };
        let saved = match existing {
            Some(row) => {
                let since = match (row.onboarding_since, command.onboarding_doc) {
                    (_, false) => None,
                    (Some(since), true) if row.onboarding_doc => Some(since),
                    _ => Some(today),
                };
                let mut row: hr_types::ActiveModel = row.into();
                row.name = Set(command.name);
                row.onboarding_doc = Set(command.onboarding_doc);
                row.onboarding_days = Set(command.onboarding_days);
                row.onboarding_since = Set(since);
                row.active = Set(true);
                row.update(&txn).await.map_err(duplicate_as_field)?
            }
            None => hr_types::ActiveModel {
                company_id: Set(ctx.company()),
                kind: Set(command.kind.code().to_owned()),
                name: Set(command.name),
                onboarding_doc: Set(command.onboarding_doc),
                onboarding_days: Set(command.onboarding_days),
                onboarding_since: Set(command.onboarding_doc.then_some(today)),
                active: Set(true),
                created_at: Set(super::now()),
                ..Default::default()
            }
            .insert(&txn)
            .await
            .map_err(duplicate_as_field)?,
        };
        let change = audit::Change::new(audit::Subject::CompanySettings, format!("hr-type-{}", saved.id.0), action)
            .diff(&before, &type_snapshot(&saved));
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        Ok(saved.into())
    }

    /// `POST /settings/inactive-*-type`: the type leaves the pickers; records keep it.
    pub async fn retire_hr_type(&self, ctx: &ManagerCtx, kind: TypeKind, id: HrTypeId) -> Result<HrTypeView, HrError> {
        let row = self.hr_type(ctx, kind, id).await?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let change = audit::Change::new(
            audit::Subject::CompanySettings,
            format!("hr-type-{}", row.id.0),
            audit::Action::Deleted,
        )
        .deleted(&type_snapshot(&row));
        let mut row: hr_types::ActiveModel = row.into();
        row.active = Set(false);
        let saved = row.update(&txn).await?;
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        Ok(saved.into())
    }
}

/// An HR type (of events, documents or policies) as the audit trail shows it.
fn type_snapshot(row: &hr_types::Model) -> audit::Snapshot {
    audit::Snapshot::new()
        .with("kind", row.kind.clone())
        .with("name", row.name.clone())
        .with("onboardingDocument", row.onboarding_doc)
        .with("onboardingDays", row.onboarding_days)
}

/// Two saves of one name at once: the unique index refuses the second.
fn duplicate_as_field(err: sea_orm::DbErr) -> HrError {
    match err.sql_err() {
        Some(sea_orm::SqlErr::UniqueConstraintViolation(_)) => HrError::field("name", DUPLICATE_TYPE),
        _ => HrError::Database(err),
    }
}
