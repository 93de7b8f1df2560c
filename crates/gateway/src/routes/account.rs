//! `/account/*`: signing a company up and verifying the e-mail address.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::ClientMeta;
use crate::forms::{read_form_or_json, Body};
use crate::routes::MessageResponse;
use crate::state::AppState;
use accounts::commands::SignupInput;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A signup form is a few short texts; anything bigger is refused.
const SIGNUP_BODY_LIMIT: usize = 16 * 1024;

crate::routes::route_table! {
    post "/account/signup" => signup,
    post "/account/verify-email" => verify_email,
    get "/account/signup-data" => signup_data,
    post "/account/confirm-email-change" => confirm_email_change,
    get "/account/blocked-writes" => blocked_writes,
}

/// The signup form, as JSON, `multipart/form-data` or `application/x-www-form-urlencoded`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct SignupRequest {
    /// Absent: 'My Company'. Sent empty: 'Enter Company Name'.
    pub company: Option<String>,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub email: Option<String>,
    pub password: Option<String>,
    /// IANA name (`America/Chicago`) or standard offset in minutes; default America/New_York.
    pub timezone: Option<String>,
    /// The bot-check provider's token.
    pub token: Option<String>,
    /// The honeypot: must stay empty.
    pub website: Option<String>,
    /// A promotion code (optional). Unknown or expired: 400 with a field error on `promotCode`
    /// (and no company is made); with billing off, any code: 'Promotion codes are not available.'
    #[serde(rename = "promotCode")]
    pub promot_code: Option<String>,
}

impl From<SignupRequest> for SignupInput {
    fn from(request: SignupRequest) -> Self {
        SignupInput {
            company: request.company,
            firstname: request.firstname,
            lastname: request.lastname,
            email: request.email,
            password: request.password,
            timezone: request.timezone,
            token: request.token,
            website: request.website,
            promot_code: request.promot_code,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignupResponse {
    pub message: String,
    pub email: String,
}

#[utoipa::path(
    post, path = "/server/v1/account/signup", tag = "account",
    request_body(content(
        (SignupRequest = "application/json"),
        (SignupRequest = "multipart/form-data"),
        (SignupRequest = "application/x-www-form-urlencoded"),
    )),
    responses(
        (status = 201, description = "Company, admin and 30-day trial created; activation e-mail sent", body = SignupResponse),
        (status = 400, description = "Invalid fields, or `bot_check_failed`", body = ErrorBody),
        (status = 409, description = "`email_taken`", body = ErrorBody),
        (status = 429, description = "Too many signups from this address", body = ErrorBody),
    )
)]
pub async fn signup(
    state: web::Data<AppState>,
    ClientMeta(meta): ClientMeta,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let request: SignupRequest = read_form_or_json(&req, payload, SIGNUP_BODY_LIMIT, &[]).await?;
    let outcome = state.accounts.signup(&request.into(), &meta).await?;
    Ok(HttpResponse::Created().json(SignupResponse {
        message: format!(
            "Thanks for signing up! We have sent an activation email to {}. Please follow the link in it to activate your account.",
            outcome.email
        ),
        email: outcome.email,
    }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct VerifyEmailRequest {
    pub token: Option<String>,
    /// The address, base64-encoded, as in the link.
    pub me: Option<String>,
}

#[utoipa::path(
    post, path = "/server/v1/account/verify-email", tag = "account", request_body = VerifyEmailRequest,
    responses(
        (status = 200, body = MessageResponse),
        (status = 400, description = "`invalid_token`: unknown, expired or not this address's link", body = ErrorBody),
    )
)]
pub async fn verify_email(
    state: web::Data<AppState>,
    body: Body<VerifyEmailRequest>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    let token = body.token.as_deref().unwrap_or_default();
    if token.trim().is_empty() {
        return Err(accounts::AccountsError::InvalidLink { verification: true }.into());
    }
    state.accounts.verify_email(token, body.me.as_deref()).await?;
    Ok(web::Json(MessageResponse::new("Your email is validated. You can now login. Thank you!")))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignupDataResponse {
    /// Where single sign-on starts; `null` while no identity provider is configured.
    pub authorization_url: Option<String>,
}

#[utoipa::path(
    get, path = "/server/v1/account/signup-data", tag = "account",
    responses((status = 200, body = SignupDataResponse))
)]
pub async fn signup_data() -> web::Json<SignupDataResponse> {
    web::Json(SignupDataResponse { authorization_url: None })
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ConfirmEmailChangeRequest {
    /// The token of the link mailed to the new address.
    pub token: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConfirmEmailChangeResponse {
    pub message: String,
    /// The new sign-in address.
    pub email: String,
}

/// Following the link mailed to a new sign-in address: it becomes the address that signs the
/// person in, and every session of theirs ends (they sign in again with it).
#[utoipa::path(
    post, path = "/server/v1/account/confirm-email-change", tag = "account", request_body = ConfirmEmailChangeRequest,
    responses(
        (status = 200, body = ConfirmEmailChangeResponse),
        (status = 400, description = "`invalid_token`: unknown, used, superseded or expired; or the address was taken meanwhile", body = ErrorBody),
    )
)]
pub async fn confirm_email_change(
    state: web::Data<AppState>,
    body: Body<ConfirmEmailChangeRequest>,
) -> Result<web::Json<ConfirmEmailChangeResponse>, ApiError> {
    let token = body.token.as_deref().unwrap_or_default();
    if token.trim().is_empty() {
        return Err(accounts::AccountsError::InvalidLink { verification: false }.into());
    }
    let email = state.accounts.confirm_email_change(token).await?;
    Ok(web::Json(ConfirmEmailChangeResponse {
        message: format!("Your sign-in email is now {email}. Please log in with it."),
        email,
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BlockedWritesResponse {
    /// Paths under `/server/v1` (a path or its sub-paths) that still take writes while the
    /// company's trial has expired or it is suspended; every other write answers 403
    /// `account_expired` or `account_suspended`.
    pub allowed: Vec<&'static str>,
}

/// The server's one list of writes an expired or suspended company may still make, for the web
/// app to read rather than keep a copy.
#[utoipa::path(get, path = "/server/v1/account/blocked-writes", tag = "account",
    responses((status = 200, body = BlockedWritesResponse)))]
pub async fn blocked_writes() -> web::Json<BlockedWritesResponse> {
    web::Json(BlockedWritesResponse { allowed: crate::extractors::WRITES_ALLOWED_WHEN_BLOCKED.to_vec() })
}
