//! Company API keys (issue 43; the contract in `docs/contracts/api-keys.md`): admins create,
//! list and revoke them here. A key itself is used on the routes whose guard names its scope
//! (`extractors::scope`), never on these: a key cannot make or revoke keys.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{Admin, NotImpersonating};
use crate::forms::Body;
use crate::state::AppState;
use accounts::api_keys::{ApiKeyList, CreatedApiKey, NewApiKey};
use actix_web::web;
use kernel::ApiKeyId;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

crate::routes::route_table! {
    get "/api-keys" => list,
    post "/api-keys" => create,
    post "/api-keys/revoke" => revoke,
}

/// The company's keys (newest first, revoked and expired ones marked) and the scopes a key may have.
#[utoipa::path(get, path = "/server/v1/api-keys", tag = "api-keys", security(("bearer" = [])),
    responses((status = 200, body = ApiKeyList), (status = 403, body = ErrorBody)))]
pub async fn list(state: web::Data<AppState>, guard: Admin) -> Result<web::Json<ApiKeyList>, ApiError> {
    Ok(web::Json(state.accounts.api_keys(&guard.ctx).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct CreateApiKeyBody {
    /// What the key is for ("Payroll sync").
    pub name: Option<String>,
    /// Scope codes: `people:read`, `time:read`, `time:write`, `time_off:read`, `time_off:write`,
    /// `reports:read`.
    pub scopes: Vec<String>,
    /// The last day it works (`YYYY-MM-DD`, the company's day); none: until revoked.
    pub expires_on: Option<String>,
}

/// Creates a key acting as the signed-in admin within its scopes. Its secret is in the answer,
/// this once. Support acting as the admin cannot create one.
#[utoipa::path(post, path = "/server/v1/api-keys", tag = "api-keys", security(("bearer" = [])),
    request_body = CreateApiKeyBody,
    responses((status = 200, description = "The key and its secret, shown this once", body = CreatedApiKey),
        (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn create(
    state: web::Data<AppState>,
    guard: Admin,
    _myself: NotImpersonating,
    body: Body<CreateApiKeyBody>,
) -> Result<web::Json<CreatedApiKey>, ApiError> {
    let today = kernel::time::local_date(guard.ctx.time_zone(), chrono::Utc::now());
    let new = NewApiKey::new(body.name.as_deref(), &body.scopes, body.expires_on.as_deref(), today)
        .map_err(ApiError::validation)?;
    Ok(web::Json(state.accounts.create_api_key(&guard.ctx, new).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ApiKeyQuery {
    /// The key's id.
    pub id: i64,
}

/// Revokes a key: it stops working at once.
#[utoipa::path(post, path = "/server/v1/api-keys/revoke", tag = "api-keys", security(("bearer" = [])),
    params(ApiKeyQuery),
    responses((status = 200, description = "The keys, this one revoked", body = ApiKeyList),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn revoke(
    state: web::Data<AppState>,
    guard: Admin,
    query: web::Query<ApiKeyQuery>,
) -> Result<web::Json<ApiKeyList>, ApiError> {
    Ok(web::Json(state.accounts.revoke_api_key(&guard.ctx, ApiKeyId(query.id)).await?))
}
