//! `/system/*`: the platform operator's back office (spec 002 §7 "System"). Every handler takes
//! the `Operator` guard: anyone else hears 404. Contract: `docs/contracts/system.md`.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{ClientMeta, Operator};
use crate::forms::Body;
use crate::routes::auth::SessionResponse;
use crate::state::AppState;
use actix_web::web;
use serde::Deserialize;
use system_admin::audit::{AuditFilter, AuditPage};
use utoipa::IntoParams;
use utoipa::ToSchema;

crate::routes::route_table! {
    get "/system/audit" => audit,
    post "/system/impersonate" => impersonate,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct AuditParams {
    /// From 1; 50 a page, newest first.
    pub page: Option<u64>,
    /// Only this company's entries (a deleted company's too).
    pub company_id: Option<i64>,
    /// Only this operator's entries.
    pub operator_id: Option<i64>,
}

/// The audit log of every system action, newest first.
#[utoipa::path(get, path = "/server/v1/system/audit", tag = "system", security(("bearer" = [])),
    params(AuditParams),
    responses((status = 200, body = AuditPage), (status = 400, body = ErrorBody),
        (status = 404, description = "Not a platform operator", body = ErrorBody)))]
pub async fn audit(
    state: web::Data<AppState>,
    guard: Operator,
    query: web::Query<AuditParams>,
) -> Result<web::Json<AuditPage>, ApiError> {
    let page = kernel::validation::page(query.page).map_err(ApiError::validation)?;
    let filter = AuditFilter {
        company: query.company_id.map(kernel::CompanyId),
        operator: query.operator_id.map(kernel::UserId),
    };
    Ok(web::Json(state.system.audit(&guard.ctx, filter, page).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ImpersonateRequest {
    /// The e-mail address of the user to act as.
    pub email: String,
}

/// Starts an hour-long session as the user, for support (spec 002 §4): the answer is the
/// user's session, as `/auth/login` gives it, with `identity.impersonate` true.
#[utoipa::path(post, path = "/server/v1/system/impersonate", tag = "system", security(("bearer" = [])),
    request_body = ImpersonateRequest,
    responses((status = 200, body = SessionResponse),
        (status = 400, description = "An operator, or no address given", body = ErrorBody),
        (status = 404, description = "No active user with this address, or not a platform operator", body = ErrorBody)))]
pub async fn impersonate(
    state: web::Data<AppState>,
    guard: Operator,
    ClientMeta(meta): ClientMeta,
    body: Body<ImpersonateRequest>,
) -> Result<web::Json<SessionResponse>, ApiError> {
    let email = body.email.trim();
    if email.is_empty() {
        return Err(ApiError::validation(kernel::FieldErrors::single("email", "Please input the email")));
    }
    let signed_in = state.system.impersonate(&guard.ctx, &guard.session.session_id, email, &meta).await?;
    Ok(web::Json(signed_in.into()))
}
