//! `/myaccount/*`: the company's billing (spec 001 §2 /admin/manage/my-account, §7), admins
//! only; and `/billing/webhook`, where the payment provider reports payments. Without a
//! payment provider configured (a self-hosted install) every call here is a 404 whose code,
//! `billing_disabled`, and message say that billing is off, not that something is missing.
//! Contract: `docs/contracts/billing.md`.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::Admin;
use crate::forms::Body;
use crate::state::AppState;
use actix_web::{web, HttpRequest};
use billing::{ActivationOutcome, BillingOverview, CardUpdateOutcome, ChargePage};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

crate::routes::route_table! {
    get "/myaccount/data" => data,
    get "/myaccount/charges" => charges,
    post "/myaccount/activate" => activate,
    post "/myaccount/update-card" => update_card,
    post "/myaccount/cancel" => cancel,
    post "/billing/webhook" => webhook,
}

fn billing(state: &AppState) -> Result<&billing::Billing, ApiError> {
    state
        .billing
        .as_ref()
        .ok_or_else(|| ApiError::new(crate::error::ErrorCode::BillingDisabled, crate::error::BILLING_DISABLED_MESSAGE))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DataParams {
    /// The checkout session the browser came back with (accepted, not needed: the calls below
    /// take it).
    #[serde(rename = "sessionId")]
    pub session_id: Option<String>,
}

/// The payment method, the trial or subscription, what the next charge would be, and a
/// checkout page for activating or updating the card.
#[utoipa::path(get, path = "/server/v1/myaccount/data", tag = "billing", security(("bearer" = [])),
    params(DataParams),
    responses((status = 200, body = BillingOverview), (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, description = "Billing is off on this server", body = ErrorBody)))]
pub async fn data(
    state: web::Data<AppState>,
    guard: Admin,
    _params: web::Query<DataParams>,
) -> Result<web::Json<BillingOverview>, ApiError> {
    Ok(web::Json(billing(&state)?.overview(&guard.ctx, chrono::Utc::now()).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ChargesParams {
    /// From 1; 10 a page, newest first.
    pub page: Option<u64>,
}

#[utoipa::path(get, path = "/server/v1/myaccount/charges", tag = "billing", security(("bearer" = [])),
    params(ChargesParams),
    responses((status = 200, body = ChargePage), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn charges(
    state: web::Data<AppState>,
    guard: Admin,
    query: web::Query<ChargesParams>,
) -> Result<web::Json<ChargePage>, ApiError> {
    let page = kernel::validation::page(query.page).map_err(ApiError::validation)?;
    Ok(web::Json(billing(&state)?.charges(&guard.ctx, page).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct CheckoutReturn {
    /// The checkout session id the provider sent the browser back with (`session_id`).
    pub token: Option<String>,
    /// Activation only: a promotion code to redeem before the first charge (optional; unknown
    /// or expired: 400 with a field error on `promotCode`, the session still usable).
    #[serde(rename = "promotCode")]
    pub promot_code: Option<String>,
}

impl CheckoutReturn {
    fn session(&self) -> Result<&str, ApiError> {
        self.token
            .as_deref()
            .map(str::trim)
            .filter(|token| !token.is_empty() && token.len() <= 255)
            .ok_or_else(|| billing::BillingError::ActivationFailed.into())
    }
}

/// From the trial to a subscription with the card saved at checkout; the first month is
/// charged at once.
#[utoipa::path(post, path = "/server/v1/myaccount/activate", tag = "billing", security(("bearer" = [])),
    request_body = CheckoutReturn,
    responses((status = 200, body = ActivationOutcome),
        (status = 400, description = "`activation_failed`, or `validation` for a promotion code", body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn activate(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<CheckoutReturn>,
) -> Result<web::Json<ActivationOutcome>, ApiError> {
    let billing = billing(&state)?;
    let session = body.session()?;
    let code = body.promot_code.as_deref();
    Ok(web::Json(billing.activate(&guard.ctx, session, code, chrono::Utc::now()).await?))
}

/// The card saved at checkout replaces the old one; what is owed is charged to it at once.
#[utoipa::path(post, path = "/server/v1/myaccount/update-card", tag = "billing", security(("bearer" = [])),
    request_body = CheckoutReturn,
    responses((status = 200, body = CardUpdateOutcome),
        (status = 400, description = "`activation_failed`", body = ErrorBody),
        (status = 402, description = "`payment_failed`: the card was declined for what is owed", body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn update_card(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<CheckoutReturn>,
) -> Result<web::Json<CardUpdateOutcome>, ApiError> {
    let billing = billing(&state)?;
    let session = body.session()?;
    Ok(web::Json(billing.update_card(&guard.ctx, session, chrono::Utc::now()).await?))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CancelResponse {
    pub message: String,
}

/// Closes the account: every record and file of the company is deleted, and every session ends.
#[utoipa::path(post, path = "/server/v1/myaccount/cancel", tag = "billing", security(("bearer" = [])),
    responses((status = 200, body = CancelResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn cancel(state: web::Data<AppState>, guard: Admin) -> Result<web::Json<CancelResponse>, ApiError> {
    billing(&state)?;
    state.closure.close_company(&guard.ctx).await?;
    Ok(web::Json(CancelResponse { message: "Your account has been cancelled.".to_owned() }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookResponse {
    pub received: bool,
}

/// The payment provider's events (Stripe's signed webhooks; 300 s tolerance; each event once).
#[utoipa::path(post, path = "/server/v1/billing/webhook", tag = "billing",
    request_body(content = String, content_type = "application/json", description = "A Stripe event, as sent"),
    params(("Stripe-Signature" = String, Header, description = "t=<unix time>,v1=<HMAC-SHA256>")),
    responses((status = 200, body = WebhookResponse),
        (status = 400, description = "`invalid_signature`, or `validation` for a malformed event", body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn webhook(
    state: web::Data<AppState>,
    req: HttpRequest,
    payload: web::Bytes,
) -> Result<web::Json<WebhookResponse>, ApiError> {
    let billing = billing(&state)?;
    let payload = std::str::from_utf8(&payload).map_err(|_| ApiError::from(billing::BillingError::MalformedEvent))?;
    let signature = req.headers().get("stripe-signature").and_then(|value| value.to_str().ok());
    billing.webhook(payload, signature, chrono::Utc::now()).await?;
    Ok(web::Json(WebhookResponse { received: true }))
}
