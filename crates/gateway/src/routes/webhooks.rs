//! Webhooks (issue 43; the contract in `docs/contracts/webhooks.md`): admins register endpoints
//! for the company's events, rotate their secrets, read deliveries and send one again. A key
//! cannot call these.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{Admin, NotImpersonating};
use crate::forms::Body;
use crate::state::AppState;
use actix_web::web;
use kernel::{WebhookDeliveryId, WebhookEndpointId};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use webhooks::{DeliveryView, EndpointCommand, EndpointView, NewSecret, WebhookList};

crate::routes::route_table! {
    get "/webhooks" => list,
    post "/webhooks" => create,
    post "/webhooks/update" => update,
    post "/webhooks/rotate-secret" => rotate_secret,
    post "/webhooks/delete" => delete,
    get "/webhooks/deliveries" => deliveries,
    post "/webhooks/resend" => resend,
}

/// The company's endpoints (never their secrets) and the events there are.
#[utoipa::path(get, path = "/server/v1/webhooks", tag = "webhooks", security(("bearer" = [])),
    responses((status = 200, body = WebhookList), (status = 403, body = ErrorBody)))]
pub async fn list(state: web::Data<AppState>, guard: Admin) -> Result<web::Json<WebhookList>, ApiError> {
    Ok(web::Json(state.webhooks.list(&guard.ctx).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct EndpointBody {
    /// Where deliveries go: `https://…` (plain http and private addresses only where the
    /// deployment allows them).
    pub url: Option<String>,
    /// Event codes, such as `time_off.approved`.
    pub events: Vec<String>,
    /// Whether deliveries go out (default: on).
    pub active: Option<bool>,
}

impl EndpointBody {
    fn command(&self, state: &AppState) -> Result<EndpointCommand, ApiError> {
        EndpointCommand::parse(self.url.as_deref(), &self.events, self.active.unwrap_or(true), state.webhooks.policy())
            .map_err(ApiError::validation)
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EndpointQuery {
    /// The endpoint's id.
    pub id: i64,
}

/// Registers an endpoint; its signing secret is in the answer, this once. Support acting as
/// the admin cannot.
#[utoipa::path(post, path = "/server/v1/webhooks", tag = "webhooks", security(("bearer" = [])),
    request_body = EndpointBody,
    responses((status = 200, description = "The endpoint and its secret, shown this once", body = NewSecret),
        (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn create(
    state: web::Data<AppState>,
    guard: Admin,
    _myself: NotImpersonating,
    body: Body<EndpointBody>,
) -> Result<web::Json<NewSecret>, ApiError> {
    let command = body.command(&state)?;
    Ok(web::Json(state.webhooks.create(&guard.ctx, command).await?))
}

/// Changes an endpoint's address, events, or whether it is on.
#[utoipa::path(post, path = "/server/v1/webhooks/update", tag = "webhooks", security(("bearer" = [])),
    params(EndpointQuery), request_body = EndpointBody,
    responses((status = 200, body = EndpointView), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn update(
    state: web::Data<AppState>,
    guard: Admin,
    _myself: NotImpersonating,
    query: web::Query<EndpointQuery>,
    body: Body<EndpointBody>,
) -> Result<web::Json<EndpointView>, ApiError> {
    let command = body.command(&state)?;
    Ok(web::Json(state.webhooks.update(&guard.ctx, WebhookEndpointId(query.id), command).await?))
}

/// A new signing secret (shown this once): every attempt from now on is signed with it.
#[utoipa::path(post, path = "/server/v1/webhooks/rotate-secret", tag = "webhooks", security(("bearer" = [])),
    params(EndpointQuery),
    responses((status = 200, body = NewSecret), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn rotate_secret(
    state: web::Data<AppState>,
    guard: Admin,
    _myself: NotImpersonating,
    query: web::Query<EndpointQuery>,
) -> Result<web::Json<NewSecret>, ApiError> {
    Ok(web::Json(state.webhooks.rotate_secret(&guard.ctx, WebhookEndpointId(query.id)).await?))
}

/// Deletes an endpoint and its deliveries.
#[utoipa::path(post, path = "/server/v1/webhooks/delete", tag = "webhooks", security(("bearer" = [])),
    params(EndpointQuery),
    responses((status = 200, body = WebhookList), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete(
    state: web::Data<AppState>,
    guard: Admin,
    query: web::Query<EndpointQuery>,
) -> Result<web::Json<WebhookList>, ApiError> {
    Ok(web::Json(state.webhooks.delete(&guard.ctx, WebhookEndpointId(query.id)).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct DeliveriesQuery {
    /// The endpoint's id.
    pub endpoint_id: i64,
    /// From 1 (50 a page, newest first).
    pub page: Option<u64>,
}

/// An endpoint's deliveries, newest first.
#[utoipa::path(get, path = "/server/v1/webhooks/deliveries", tag = "webhooks", security(("bearer" = [])),
    params(DeliveriesQuery),
    responses((status = 200, body = Vec<DeliveryView>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn deliveries(
    state: web::Data<AppState>,
    guard: Admin,
    query: web::Query<DeliveriesQuery>,
) -> Result<web::Json<Vec<DeliveryView>>, ApiError> {
    let page = kernel::validation::page(query.page).map_err(ApiError::validation)?;
    Ok(web::Json(state.webhooks.deliveries(&guard.ctx, WebhookEndpointId(query.endpoint_id), page).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DeliveryQuery {
    /// The delivery's id.
    pub id: i64,
}

/// Sends a delivered or failed delivery again: the same body and event id.
#[utoipa::path(post, path = "/server/v1/webhooks/resend", tag = "webhooks", security(("bearer" = [])),
    params(DeliveryQuery),
    responses((status = 200, body = DeliveryView), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn resend(
    state: web::Data<AppState>,
    guard: Admin,
    query: web::Query<DeliveryQuery>,
) -> Result<web::Json<DeliveryView>, ApiError> {
    Ok(web::Json(state.webhooks.resend(&guard.ctx, WebhookDeliveryId(query.id)).await?))
}
