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
    get "/account/embedding" => embedding,
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
    /// Signing up through single sign-on: the handle (`ssoAccessToken` of
    /// `GET /v4sso/auth-callback`). The admin's address is then the provider's verified one
    /// (`email` is ignored), there is no password, `company` may be left out ('My Company'), and
    /// `firstname` and `lastname` default to the provider's. The original client also sends
    /// `scenario`, `vimId` and `ssoLogin`; the handle says all they said, so they are ignored.
    /// A handle unknown, used or older than 30 minutes: 400 `sso_failed`, 'There was some error
    /// while doing SSO. Please try again later.'
    #[serde(rename = "ssoAccessToken")]
    pub sso_access_token: Option<String>,
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
            sso_access_token: request.sso_access_token,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignupResponse {
    pub message: String,
    pub email: String,
    /// Signed up through single sign-on: the admin is signed in at once (as `POST /auth/login`
    /// answers); absent after a signup with a password, which waits for the activation e-mail.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub identity: Option<accounts::Identity>,
}

#[utoipa::path(
    post, path = "/server/v1/account/signup", tag = "account",
    request_body(content(
        (SignupRequest = "application/json"),
        (SignupRequest = "multipart/form-data"),
        (SignupRequest = "application/x-www-form-urlencoded"),
    )),
    responses(
        (status = 201, description = "Company, admin and 30-day trial created; activation e-mail sent (through single sign-on: signed in instead)", body = SignupResponse),
        (status = 400, description = "Invalid fields, `bot_check_failed`, or `sso_failed` for a spent single sign-on handle", body = ErrorBody),
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
    let message = match &outcome.signed_in {
        Some(_) => "Welcome to Timekeep! Your company is ready.".to_owned(),
        None => format!(
            "Thanks for signing up! We have sent an activation email to {}. Please follow the link in it to activate your account.",
            outcome.email
        ),
    };
    let (token, identity) = outcome.signed_in.map(|signed| (signed.token, signed.identity)).unzip();
    Ok(HttpResponse::Created().json(SignupResponse { message, email: outcome.email, token, identity }))
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
    /// Where single sign-on starts (`GET /v4sso/authorize`; add `?purpose=signup` to sign up);
    /// `null` while no identity provider is configured.
    pub authorization_url: Option<String>,
    /// Whether this deployment charges for Timekeep: without billing there is no trial, no
    /// promotion code and nothing to pay, and the screens say so instead of offering them.
    pub billing_enabled: bool,
}

#[utoipa::path(
    get, path = "/server/v1/account/signup-data", tag = "account",
    responses((status = 200, body = SignupDataResponse))
)]
pub async fn signup_data(state: web::Data<AppState>) -> web::Json<SignupDataResponse> {
    let authorization_url = state.accounts.sso_enabled().then(|| {
        format!("{}{}/v4sso/authorize", state.accounts.config().public_url.trim_end_matches('/'), crate::API_BASE)
    });
    web::Json(SignupDataResponse { authorization_url, billing_enabled: state.accounts.config().billing_enabled })
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

#[derive(Debug, Serialize, ToSchema)]
pub struct EmbeddingResponse {
    /// The origins of the pages that may show the app in a frame (embedded mode), as configured
    /// (`TIMEKEEP_FRAME_ANCESTORS`; `https://*.example.com` stands for any subdomain). Empty:
    /// the app may not be framed at all.
    pub origins: Vec<String>,
}

/// The pages that may embed the app (spec 000 §2 embedded mode), for the web app: it remembers
/// a `/login?origin=` only when it is one of these, and posts its logout message to such an
/// origin only. The same list is the `frame-ancestors` of every answer's security policy.
#[utoipa::path(get, path = "/server/v1/account/embedding", tag = "account",
    responses((status = 200, body = EmbeddingResponse)))]
pub async fn embedding(state: web::Data<AppState>) -> web::Json<EmbeddingResponse> {
    web::Json(EmbeddingResponse { origins: state.web.embedding_origins().to_vec() })
}
