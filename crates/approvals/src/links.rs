//! Answer links: `/answer/<token>` from an approver's mail. A bare GET only shows the request
//! (mail scanners follow links); answering is a POST from the confirmation page. The token is
//! the key: its holder acts as the approver it was sent to, for that request's step, once,
//! within [`crate::mail::LINK_DAYS`] days, and only while the step is still current.

use crate::entities::{approval_flows as flows, approval_links as links};
use crate::flows::{name, MSG_LINK_EXPIRED, MSG_LINK_USED, MSG_MOVED_ON};
use crate::model::{FlowKind, FlowState, Subject};
use crate::{ApprovalError, Approvals};
use accounts::tokens::hash_token;
use chrono::{DateTime, Utc};
use kernel::{ApprovalFlowId, ApprovalLinkId, CompanyId, ManagerCtx, UserId};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::Serialize;

/// What a link grants: answering one step of one request as one approver. The gateway's guard
/// builds the approver's context from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinkGrant {
    pub company: CompanyId,
    pub approver: UserId,
    pub subject: Subject,
    pub(crate) link: ApprovalLinkId,
    pub(crate) flow: ApprovalFlowId,
    pub(crate) step: i32,
    pub(crate) expires_at: DateTime<Utc>,
    pub(crate) used_at: Option<DateTime<Utc>>,
}

/// Where a link stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum LinkState {
    Open,
    Expired,
    Used,
    MovedOn,
}

/// What the answer page shows (`GET /approvals/answer/{token}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LinkView {
    pub state: LinkState,
    /// What the state means, for the page to say (none while open).
    pub message: Option<String>,
    pub kind: FlowKind,
    pub approver_name: String,
    pub employee_name: String,
    pub summary: String,
    pub reason: String,
    pub step: i32,
    pub steps: i32,
    pub expires_at: DateTime<Utc>,
}

impl Approvals {
    /// The grant of a link's token, if the token is one (whatever its state: the page says it).
    pub async fn link_grant(&self, token: &str) -> Result<Option<LinkGrant>, ApprovalError> {
        let token = token.trim();
        if token.is_empty() || token.len() > 128 {
            return Ok(None);
        }
        let Some(link) =
            links::Entity::find().filter(links::Column::TokenHash.eq(hash_token(token))).one(&self.db).await?
        else {
            return Ok(None);
        };
        let Some(flow) = flows::Entity::find_by_id(link.flow_id).one(&self.db).await? else { return Ok(None) };
        Ok(Some(LinkGrant {
            company: link.company_id,
            approver: link.approver_id,
            subject: Subject { kind: flow.kind, request: flow.request_id },
            link: link.id,
            flow: flow.id,
            step: link.step,
            expires_at: link.expires_at,
            used_at: link.used_at,
        }))
    }

    /// What the answer page shows of a link (its approver's context, from the guard).
    pub async fn link_view(&self, ctx: &ManagerCtx, grant: &LinkGrant) -> Result<LinkView, ApprovalError> {
        let flow = flows::Entity::find_by_id(grant.flow)
            .filter(kernel::tenancy::same_company::<flows::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .ok_or(ApprovalError::NotFound)?;
        let (state, message) = if grant.used_at.is_some() {
            (LinkState::Used, Some(MSG_LINK_USED))
        } else if grant.expires_at <= Utc::now() {
            (LinkState::Expired, Some(MSG_LINK_EXPIRED))
        } else if flow.state != FlowState::Pending || flow.step != grant.step {
            (LinkState::MovedOn, Some(MSG_MOVED_ON))
        } else {
            (LinkState::Open, None)
        };
        let names = self.names(ctx, &[grant.approver, flow.employee_id]).await?;
        Ok(LinkView {
            state,
            message: message.map(str::to_owned),
            kind: flow.kind,
            approver_name: name(&names, grant.approver),
            employee_name: name(&names, flow.employee_id),
            summary: flow.summary,
            reason: flow.reason,
            step: grant.step,
            steps: flow.step_count,
            expires_at: grant.expires_at,
        })
    }
}
