//! The append-only audit log of the system area: every system action (suspend, activate, edit,
//! delete, password, impersonation and every write made under it, charges, promotions), who did
//! it and on which company. Rows are inserted by [`record`] and read by [`SystemAdmin::audit`];
//! nothing updates or deletes them — not even deleting the company, whose rows keep its name.

use crate::entities::audit;
use crate::{SystemAdmin, SystemError};
use chrono::{DateTime, Utc};
use kernel::{CompanyId, SystemCtx, UserId};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder,
};
use serde::Serialize;

/// Entries a page of the log.
pub const PAGE_SIZE: u64 = 50;

/// What was done (the `action` column).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    SuspendCompany,
    ActivateCompany,
    UpdateCompany,
    DeleteCompany,
    SendResetLink,
    SetPassword,
    Impersonate,
    ExitImpersonation,
    /// A write made by an operator while acting as a user.
    ActAsUser,
    RetryCharge,
    ChargeToday,
    ChargeNext,
    SavePromotion,
    UpdatePromotion,
    DeletePromotion,
    AddOperator,
}

impl Action {
    pub fn code(self) -> &'static str {
        match self {
            Action::SuspendCompany => "suspend-company",
            Action::ActivateCompany => "activate-company",
            Action::UpdateCompany => "update-company",
            Action::DeleteCompany => "delete-company",
            Action::SendResetLink => "send-reset-link",
            Action::SetPassword => "set-password",
            Action::Impersonate => "impersonate",
            Action::ExitImpersonation => "exit-impersonation",
            Action::ActAsUser => "act-as-user",
            Action::RetryCharge => "retry-charge",
            Action::ChargeToday => "charge-today",
            Action::ChargeNext => "charge-next",
            Action::SavePromotion => "save-promotion",
            Action::UpdatePromotion => "update-promotion",
            Action::DeletePromotion => "delete-promotion",
            Action::AddOperator => "add-operator",
        }
    }
}

/// The operator who acted, and the user they acted as when impersonating.
#[derive(Debug, Clone)]
pub struct Actor {
    pub operator: UserId,
    pub operator_email: String,
    pub acting_as: Option<(UserId, String)>,
}

impl Actor {
    pub fn of(ctx: &SystemCtx) -> Self {
        Self { operator: ctx.operator(), operator_email: ctx.email().to_owned(), acting_as: None }
    }
}

/// An entry to write.
#[derive(Debug, Clone)]
pub struct NewEntry {
    pub actor: Actor,
    /// The company it concerns, with its name as it was.
    pub company: Option<(CompanyId, String)>,
    pub action: Action,
    pub detail: String,
}

/// Appends `entry`, on `conn` (a transaction when the action is one, so the entry exists
/// exactly when what it describes was saved).
pub async fn record<C: ConnectionTrait>(conn: &C, entry: NewEntry, now: DateTime<Utc>) -> Result<(), DbErr> {
    let detail: String = entry.detail.chars().take(2048).collect();
    audit::ActiveModel {
        at: Set(now),
        operator_id: Set(entry.actor.operator),
        operator_email: Set(entry.actor.operator_email),
        acting_as_id: Set(entry.actor.acting_as.as_ref().map(|(id, _)| *id)),
        acting_as_email: Set(entry.actor.acting_as.map(|(_, email)| email)),
        company_id: Set(entry.company.as_ref().map(|(id, _)| *id)),
        company_name: Set(entry.company.map(|(_, name)| name)),
        action: Set(entry.action.code().to_owned()),
        detail: Set(detail),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(())
}

/// When `company` was deleted through the system area, if it was.
pub async fn deleted_at<C: ConnectionTrait>(conn: &C, company: CompanyId) -> Result<Option<DateTime<Utc>>, DbErr> {
    Ok(audit::Entity::find()
        .filter(audit::Column::Action.eq(Action::DeleteCompany.code()))
        .filter(kernel::tenancy::same_company::<audit::Entity>(company))
        .one(conn)
        .await?
        .map(|row| row.at))
}

/// One entry as the operator reads it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    pub id: i64,
    pub at: DateTime<Utc>,
    /// The operator's e-mail address.
    pub operator: String,
    /// The user the operator acted as (impersonation), or null.
    pub acting_as: Option<String>,
    pub company_id: Option<i64>,
    pub company_name: Option<String>,
    pub action: String,
    pub detail: String,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AuditPage {
    pub entries: Vec<AuditEntry>,
    pub entry_count: u64,
}

/// Which entries to read.
#[derive(Debug, Clone, Default)]
pub struct AuditFilter {
    pub company: Option<CompanyId>,
    pub operator: Option<UserId>,
}

impl SystemAdmin {
    /// The log, newest first, [`PAGE_SIZE`] a page (`page` from 1).
    pub async fn audit(&self, _ctx: &SystemCtx, filter: AuditFilter, page: u64) -> Result<AuditPage, SystemError> {
        let mut query = audit::Entity::find();
        if let Some(company) = filter.company {
            query = query.filter(kernel::tenancy::same_company::<audit::Entity>(company));
        }
        if let Some(operator) = filter.operator {
            query = query.filter(audit::Column::OperatorId.eq(operator.0));
        }
        let entry_count = query.clone().count(&self.db).await?;
        let rows = query
            .order_by_desc(audit::Column::Id)
            .paginate(&self.db, PAGE_SIZE)
            .fetch_page(page.saturating_sub(1))
            .await?;
        let entries = rows
            .into_iter()
            .map(|row| AuditEntry {
                id: row.id,
                at: row.at,
                operator: row.operator_email,
                acting_as: row.acting_as_email,
                company_id: row.company_id.map(|id| id.0),
                company_name: row.company_name,
                action: row.action,
                detail: row.detail,
            })
            .collect();
        Ok(AuditPage { entries, entry_count })
    }

    /// Appends an entry (outside a transaction of the caller's).
    pub(crate) async fn log(&self, entry: NewEntry) -> Result<(), SystemError> {
        let _permit = self.gate.enter().await;
        record(&self.db, entry, Utc::now()).await?;
        Ok(())
    }
}
