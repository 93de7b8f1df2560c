//! Approval paths (issue 41; the contract in `docs/contracts/approvals.md`): admins define paths
//! and attach them (`/approvals/setup`, `/approvals/paths`, `/approvals/uses`,
//! `/approvals/fallback`), managers and admins name stand-ins (`/approvals/stand-ins`), and an
//! approver answers from the link in their mail without signing in (`/approvals/answer/{token}`,
//! proven by the token alone: [`AnswerLink`]).

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{Admin, AnswerLink, Privileged};
use crate::forms::Body;
use crate::state::AppState;
use actix_web::web;
use approvals::{
    Answerer, Decision, FlowKind, LinkView, PathInput, PathView, SetupView, StandInInput, StandInView, UseView,
};
use kernel::{ApprovalPathId, EditRequestId, FieldErrors, PtoRequestId, PtoTypeId, StandInId, UserId};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

crate::routes::route_table! {
    get "/approvals/setup" => setup,
    post "/approvals/paths" => save_path,
    post "/approvals/paths/delete" => delete_path,
    post "/approvals/uses" => set_use,
    post "/approvals/fallback" => set_fallback,
    get "/approvals/stand-ins" => stand_ins,
    post "/approvals/stand-ins" => add_stand_in,
    post "/approvals/stand-ins/delete" => remove_stand_in,
    get "/approvals/answer/{token}" => link,
    post "/approvals/answer/{token}" => answer_link,
}

/// What was done.
#[derive(Debug, Serialize, ToSchema)]
pub struct Done {
    pub message: String,
}

fn done(message: &str) -> web::Json<Done> {
    web::Json(Done { message: message.to_owned() })
}

/// The company's paths, what uses them, and the fallback approver.
#[utoipa::path(get, path = "/server/v1/approvals/setup", tag = "approvals", security(("bearer" = [])),
    responses((status = 200, body = SetupView), (status = 403, body = ErrorBody)))]
pub async fn setup(state: web::Data<AppState>, guard: Admin) -> Result<web::Json<SetupView>, ApiError> {
    Ok(web::Json(state.approvals.setup(&guard.ctx).await?))
}

/// A new path (no `id`) or a changed one; requests in flight keep the path they started with.
#[utoipa::path(post, path = "/server/v1/approvals/paths", tag = "approvals", security(("bearer" = [])),
    request_body = PathInput,
    responses((status = 200, body = PathView), (status = 400, description = "Per field: `name`, `steps`, `steps[0].people`, …", body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn save_path(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<PathInput>,
) -> Result<web::Json<PathView>, ApiError> {
    Ok(web::Json(state.approvals.save_path(&guard.ctx, body.into_inner()).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ApprovalIdBody {
    pub id: Option<i64>,
}

fn id_of(body: &ApprovalIdBody) -> Result<i64, ApiError> {
    body.id.ok_or_else(|| ApiError::validation(FieldErrors::single("id", "Please choose one.")))
}

/// Deletes a path: what used it falls back to the rule before paths.
#[utoipa::path(post, path = "/server/v1/approvals/paths/delete", tag = "approvals", security(("bearer" = [])),
    request_body = ApprovalIdBody,
    responses((status = 200, body = Done), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete_path(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<ApprovalIdBody>,
) -> Result<web::Json<Done>, ApiError> {
    state.approvals.delete_path(&guard.ctx, ApprovalPathId(id_of(&body)?)).await?;
    Ok(done("The approval path was deleted."))
}

/// What a path is attached to.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum UseTarget {
    PtoType,
    TimesheetEdits,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UseBody {
    pub target: UseTarget,
    /// With `target: "pto_type"`.
    #[serde(default)]
    pub pto_type_id: Option<i64>,
    /// None: no path.
    #[serde(default)]
    pub path_id: Option<i64>,
    /// PTO types only: approve requests as they are filed.
    #[serde(default)]
    pub auto_approve: bool,
}

/// Which path a PTO type or the timesheet edit requests take (or automatic approval, or none).
#[utoipa::path(post, path = "/server/v1/approvals/uses", tag = "approvals", security(("bearer" = [])),
    request_body = UseBody,
    responses((status = 200, body = Vec<UseView>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn set_use(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<UseBody>,
) -> Result<web::Json<Vec<UseView>>, ApiError> {
    let path = body.path_id.map(ApprovalPathId);
    Ok(web::Json(match body.target {
        UseTarget::PtoType => {
            let pto_type = body.pto_type_id.ok_or_else(|| {
                ApiError::validation(FieldErrors::single("ptoTypeId", "Choose one of the company's time off types."))
            })?;
            state.pto.set_approval_use(&guard.ctx, PtoTypeId(pto_type), path, body.auto_approve).await?
        }
        UseTarget::TimesheetEdits => {
            state.approvals.set_use(&guard.ctx, approvals::Target::TimesheetEdits, path, body.auto_approve).await?
        }
    }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct FallbackBody {
    /// None: the company's admins.
    pub person_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FallbackView {
    pub fallback_approver_id: Option<i64>,
}

/// Who answers when the requester was a step's only approver and nobody is above them.
#[utoipa::path(post, path = "/server/v1/approvals/fallback", tag = "approvals", security(("bearer" = [])),
    request_body = FallbackBody,
    responses((status = 200, body = FallbackView), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn set_fallback(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<FallbackBody>,
) -> Result<web::Json<FallbackView>, ApiError> {
    let set = state.approvals.set_fallback(&guard.ctx, body.person_id.map(UserId)).await?;
    Ok(web::Json(FallbackView { fallback_approver_id: set.map(|id| id.0) }))
}

/// Stand-ins: an admin sees everyone's, a manager their own and those naming them.
#[utoipa::path(get, path = "/server/v1/approvals/stand-ins", tag = "approvals", security(("bearer" = [])),
    responses((status = 200, body = Vec<StandInView>), (status = 403, body = ErrorBody)))]
pub async fn stand_ins(state: web::Data<AppState>, guard: Privileged) -> Result<web::Json<Vec<StandInView>>, ApiError> {
    Ok(web::Json(state.approvals.stand_ins(&guard.ctx).await?))
}

/// Names a stand-in for a period (one's own; an admin's for anyone).
#[utoipa::path(post, path = "/server/v1/approvals/stand-ins", tag = "approvals", security(("bearer" = [])),
    request_body = StandInInput,
    responses((status = 200, body = StandInView), (status = 400, description = "Per field: `standInId`, `startsOn`, `endsOn`", body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn add_stand_in(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<StandInInput>,
) -> Result<web::Json<StandInView>, ApiError> {
    Ok(web::Json(state.approvals.add_stand_in(&guard.ctx, body.into_inner()).await?))
}

/// Removes a stand-in.
#[utoipa::path(post, path = "/server/v1/approvals/stand-ins/delete", tag = "approvals", security(("bearer" = [])),
    request_body = ApprovalIdBody,
    responses((status = 200, body = Done), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn remove_stand_in(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<ApprovalIdBody>,
) -> Result<web::Json<Done>, ApiError> {
    state.approvals.remove_stand_in(&guard.ctx, StandInId(id_of(&body)?)).await?;
    Ok(done("The stand-in was removed."))
}

/// What an answer link is about and whether it can still be used. Changes nothing: mail
/// scanners follow links.
#[utoipa::path(get, path = "/server/v1/approvals/answer/{token}", tag = "approvals",
    params(("token" = String, Path, description = "The token of the link in the approver's mail")),
    responses((status = 200, body = LinkView), (status = 404, description = "This link is not valid.", body = ErrorBody)))]
pub async fn link(state: web::Data<AppState>, guard: AnswerLink) -> Result<web::Json<LinkView>, ApiError> {
    Ok(web::Json(state.approvals.link_view(&guard.ctx, &guard.grant).await?))
}

/// An answer from the link's page. Every field is optional to the body reader, so an unknown
/// link is a 404 whatever the body (the guard and the body are read side by side).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct LinkAnswerBody {
    /// "approve" or "reject".
    pub decision: Option<Decision>,
    /// Why it is rejected (required to reject).
    pub comment: Option<String>,
}

/// Answers the link's step as its approver: once, within seven days, while the step is current.
#[utoipa::path(post, path = "/server/v1/approvals/answer/{token}", tag = "approvals",
    params(("token" = String, Path, description = "The token of the link in the approver's mail")),
    request_body = LinkAnswerBody,
    responses((status = 200, body = Done), (status = 400, description = "A rejection without its reason", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "This link was already used. / This request has moved on", body = ErrorBody),
        (status = 410, description = "This link has expired", body = ErrorBody)))]
pub async fn answer_link(
    state: web::Data<AppState>,
    guard: AnswerLink,
    body: Body<LinkAnswerBody>,
) -> Result<web::Json<Done>, ApiError> {
    let decision = body
        .decision
        .ok_or_else(|| ApiError::validation(FieldErrors::single("decision", "Choose to approve or to reject.")))?;
    let answerer = Answerer::Link(&guard.ctx, &guard.grant);
    let subject = guard.grant.subject;
    let comment = body.comment.as_deref().unwrap_or_default();
    let message = match (subject.kind, decision) {
        (FlowKind::TimeOff, Decision::Approve) => {
            state.pto.approve(answerer, PtoRequestId(subject.request)).await?.message
        }
        (FlowKind::TimeOff, Decision::Reject) => {
            state.pto.reject(answerer, PtoRequestId(subject.request), comment).await?.message
        }
        (FlowKind::TimesheetEdit, Decision::Approve) => state
            .timesheet
            .approve(answerer, EditRequestId(subject.request))
            .await?
            .approval_message
            .unwrap_or_else(|| "The request has been approved.".to_owned()),
        (FlowKind::TimesheetEdit, Decision::Reject) => {
            let reason = timesheet::commands::parse_rejection(&body.comment).map_err(ApiError::validation)?;
            state.timesheet.reject(answerer, EditRequestId(subject.request), reason).await?;
            "The request has been rejected.".to_owned()
        }
    };
    Ok(done(&message))
}
