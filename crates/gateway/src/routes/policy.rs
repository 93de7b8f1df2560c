//! HR policy broadcasts (spec 002 §7 "Policy broadcasts", "Reference data"): managers and
//! admins write, publish, follow, remind and stop; the rules are `hr::policies`'.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::Privileged;
use crate::forms::{lenient_i64, read_multipart, Body};
use crate::routes::folder::{IdInput, RecordQuery, DOCUMENT_LIMIT};
use crate::routes::MessageResponse;
use crate::state::AppState;
use actix_web::{web, HttpRequest};
use hr::policies::{
    PolicyCommand, PolicyInput, PolicyList, PolicyView, PublishCommand, PublishInput, ReminderOutcome, WorkflowView,
};
use hr::records::{AdminRefData, OnboardingStatus};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

crate::routes::route_table! {
    get "/policy/policies" => policies,
    post "/policy/add-policy" => add_policy,
    get "/policy/policy" => policy,
    post "/policy/remove-doc" => remove_doc,
    post "/policy/publish" => publish,
    post "/policy/delete" => delete,
    get "/policy/workflow" => workflow,
    post "/policy/workflow-reminder" => workflow_reminder,
    post "/policy/stop-workflow" => stop_workflow,
    get "/refdata/admin" => refdata_admin,
    get "/refdata/onboarding-status" => onboarding_status,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct PoliciesQuery {
    /// From 1; 10 a page.
    pub page: Option<u64>,
    /// title, typeName, createDate or lastPublishDate; a leading `-` for descending.
    pub sort: Option<String>,
    /// Only policies of this type.
    #[serde(default, deserialize_with = "lenient_i64")]
    pub policy_type_id: Option<i64>,
}

#[utoipa::path(get, path = "/server/v1/policy/policies", tag = "policies", security(("bearer" = [])),
    params(PoliciesQuery),
    responses((status = 200, body = PolicyList), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn policies(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<PoliciesQuery>,
) -> Result<web::Json<PolicyList>, ApiError> {
    let page = kernel::validation::page(query.page).map_err(ApiError::validation)?;
    Ok(web::Json(state.hr.policies_page(&guard.ctx, query.policy_type_id, query.sort.as_deref(), page).await?))
}

/// `multipart/form-data`: the policy's fields and an optional `file` (its document: PDF,
/// Word, Excel, PowerPoint or an image, checked by its bytes; at most 10 MB).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct PolicyUpload {
    #[schema(inline)]
    fields: PolicyInput,
    #[schema(value_type = Option<String>, format = Binary)]
    file: Option<Vec<u8>>,
}

/// Writes a policy, or edits the one with `id` (a change of its text is a new version).
#[utoipa::path(post, path = "/server/v1/policy/add-policy", tag = "policies", security(("bearer" = [])),
    request_body(content = PolicyUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = PolicyView), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 413, body = ErrorBody)))]
pub async fn add_policy(
    state: web::Data<AppState>,
    guard: Privileged,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<web::Json<PolicyView>, ApiError> {
    let form = read_multipart(&req, payload, "file", DOCUMENT_LIMIT).await?;
    let input: PolicyInput = form.fields_as()?;
    let command = PolicyCommand::parse(&input).map_err(ApiError::validation)?;
    Ok(web::Json(state.hr.save_policy(&guard.ctx, command, form.file).await?))
}

#[utoipa::path(get, path = "/server/v1/policy/policy", tag = "policies", security(("bearer" = [])),
    params(RecordQuery),
    responses((status = 200, body = PolicyView), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn policy(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<RecordQuery>,
) -> Result<web::Json<PolicyView>, ApiError> {
    Ok(web::Json(state.hr.policy(&guard.ctx, kernel::PolicyId(query.id)).await?))
}

#[utoipa::path(post, path = "/server/v1/policy/remove-doc", tag = "policies", security(("bearer" = [])),
    request_body = IdInput,
    responses((status = 200, body = PolicyView), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn remove_doc(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<IdInput>,
) -> Result<web::Json<PolicyView>, ApiError> {
    Ok(web::Json(state.hr.remove_policy_doc(&guard.ctx, kernel::PolicyId(body.id()?)).await?))
}

/// Sends the policy's current text to its audience (each mailed).
#[utoipa::path(post, path = "/server/v1/policy/publish", tag = "policies", security(("bearer" = [])),
    request_body = PublishInput,
    responses((status = 200, body = WorkflowView), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "The policy, or a chosen member out of the caller's reach", body = ErrorBody)))]
pub async fn publish(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<PublishInput>,
) -> Result<web::Json<WorkflowView>, ApiError> {
    let command = PublishCommand::parse(&body).map_err(ApiError::validation)?;
    Ok(web::Json(state.hr.publish_policy(&guard.ctx, command).await?))
}

/// Removes a policy from the lists; its open publications are cancelled, answers kept.
#[utoipa::path(post, path = "/server/v1/policy/delete", tag = "policies", security(("bearer" = [])),
    request_body = IdInput,
    responses((status = 200, body = MessageResponse), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn delete(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<IdInput>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    state.hr.delete_policy(&guard.ctx, kernel::PolicyId(body.id()?)).await?;
    Ok(web::Json(MessageResponse::new("The broadcast has been removed.")))
}

#[utoipa::path(get, path = "/server/v1/policy/workflow", tag = "policies", security(("bearer" = [])),
    params(RecordQuery),
    responses((status = 200, body = WorkflowView), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn workflow(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<RecordQuery>,
) -> Result<web::Json<WorkflowView>, ApiError> {
    Ok(web::Json(state.hr.workflow(&guard.ctx, kernel::PolicyWorkflowId(query.id)).await?))
}

/// Mails everyone who has not answered; a second reminder within an hour sends nothing.
#[utoipa::path(post, path = "/server/v1/policy/workflow-reminder", tag = "policies", security(("bearer" = [])),
    request_body = IdInput,
    responses((status = 200, body = ReminderOutcome), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, description = "Not active, or everyone answered", body = ErrorBody)))]
pub async fn workflow_reminder(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<IdInput>,
) -> Result<web::Json<ReminderOutcome>, ApiError> {
    Ok(web::Json(state.hr.remind_workflow(&guard.ctx, kernel::PolicyWorkflowId(body.id()?)).await?))
}

/// Stops a publication: no more answers; those given stay.
#[utoipa::path(post, path = "/server/v1/policy/stop-workflow", tag = "policies", security(("bearer" = [])),
    request_body = IdInput,
    responses((status = 200, body = WorkflowView), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, description = "Cancelled", body = ErrorBody)))]
pub async fn stop_workflow(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<IdInput>,
) -> Result<web::Json<WorkflowView>, ApiError> {
    Ok(web::Json(state.hr.stop_workflow(&guard.ctx, kernel::PolicyWorkflowId(body.id()?)).await?))
}

#[utoipa::path(get, path = "/server/v1/refdata/admin", tag = "policies", security(("bearer" = [])),
    responses((status = 200, body = AdminRefData), (status = 403, body = ErrorBody)))]
pub async fn refdata_admin(state: web::Data<AppState>, guard: Privileged) -> Result<web::Json<AdminRefData>, ApiError> {
    Ok(web::Json(state.hr.admin_refdata(&guard.ctx).await?))
}

#[utoipa::path(get, path = "/server/v1/refdata/onboarding-status", tag = "policies", security(("bearer" = [])),
    responses((status = 200, body = OnboardingStatus), (status = 403, body = ErrorBody)))]
pub async fn onboarding_status(
    state: web::Data<AppState>,
    guard: Privileged,
) -> Result<web::Json<OnboardingStatus>, ApiError> {
    Ok(web::Json(state.hr.onboarding_status(&guard.ctx).await?))
}
