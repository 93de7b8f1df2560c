//! `/auth/*`: signing in and out, passwords.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{ClientMeta, NotImpersonating, SignedIn};
use crate::forms::Body;
use crate::routes::MessageResponse;
use crate::state::AppState;
use accounts::commands::{
    parse_reset_request, ChangePasswordInput, LoginCommand, LoginInput, ResetNowCommand, ResetNowInput,
};
use accounts::Identity;
use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

crate::routes::route_table! {
    post "/auth/login" => login,
    post "/auth/login-code" => login_code,
    post "/auth/logout" => logout,
    get "/auth/login-data" => login_data,
    post "/auth/reset-password" => reset_password,
    post "/auth/reset-password-now" => reset_password_now,
    post "/auth/change-my-password" => change_my_password,
    post "/auth/exit-impersonation-mode" => exit_impersonation_mode,
}

/// One of three forms: `email` + `password`; `token` (a one-time code from `POST
/// /auth/login-code`, exchanged for its session, from the page it was made for; or the request's
/// own bearer token, renewed; never another session's token); `base64Email` + `securityToken` (a
/// one-time link from an e-mail).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct LoginRequest {
    pub email: Option<String>,
    pub password: Option<String>,
    pub token: Option<String>,
    pub base64_email: Option<String>,
    pub security_token: Option<String>,
    /// Embedded mode (spec 000 §2 `/login?origin=`): the origin of the page framing the app,
    /// one of `GET /account/embedding`'s. It becomes the token's `origin` claim, where the app
    /// posts its logout message; any other origin is a 400 on `origin`.
    pub origin: Option<String>,
}

/// A session token and the identity it carries (the token's claims).
#[derive(Debug, Serialize, ToSchema)]
pub struct SessionResponse {
    pub token: String,
    pub identity: Identity,
}

impl From<accounts::SignedIn> for SessionResponse {
    fn from(signed: accounts::SignedIn) -> Self {
        Self { token: signed.token, identity: signed.identity }
    }
}

/// What a sign-in answers: the session, or (issue 43) the challenge of a second factor, which
/// `POST /auth/two-factor` completes.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum LoginResponse {
    Session(Box<SessionResponse>),
    TwoFactor(TwoFactorRequired),
}

/// A password that needs a second factor: no session yet.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorRequired {
    pub two_factor: accounts::two_factor::TwoFactorChallenge,
}

impl From<accounts::two_factor::LoginOutcome> for LoginResponse {
    fn from(outcome: accounts::two_factor::LoginOutcome) -> Self {
        match outcome {
            accounts::two_factor::LoginOutcome::Session(signed) => Self::Session(Box::new((*signed).into())),
            accounts::two_factor::LoginOutcome::TwoFactor(challenge) => {
                Self::TwoFactor(TwoFactorRequired { two_factor: challenge })
            }
        }
    }
}

#[utoipa::path(
    post, path = "/server/v1/auth/login", tag = "auth", request_body = LoginRequest,
    responses(
        (status = 200, description = "The session, or `twoFactor`: the challenge of a second factor", body = LoginResponse),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 401, description = "Incorrect email or password (`invalid_credentials`)", body = ErrorBody),
        (status = 403, description = "E-mail not verified yet (`email_not_verified`)", body = ErrorBody),
        (status = 429, description = "Too many failures for this e-mail or address", body = ErrorBody),
    )
)]
pub async fn login(
    state: web::Data<AppState>,
    ClientMeta(meta): ClientMeta,
    req: actix_web::HttpRequest,
    body: Body<LoginRequest>,
) -> Result<web::Json<LoginResponse>, ApiError> {
    let bearer = req
        .headers()
        .get(actix_web::http::header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .map(str::trim)
        .map(str::to_owned);
    let body = body.into_inner();
    let origin = body.origin.as_deref().map(|origin| state.web.embedding_origin(origin)).transpose();
    let command = LoginCommand::parse(&LoginInput {
        email: body.email,
        password: body.password,
        token: body.token,
        base64_email: body.base64_email,
        security_token: body.security_token,
    });
    let (command, origin) = match (command, origin) {
        (Ok(command), Ok(origin)) => (command, origin),
        (Err(mut errors), Err(origin_errors)) => {
            errors.add("origin", origin_errors.first_message().unwrap_or_default());
            return Err(ApiError::validation(errors));
        }
        (Err(errors), _) | (_, Err(errors)) => return Err(ApiError::validation(errors)),
    };
    Ok(web::Json(state.accounts.login(command, &meta, origin, bearer.as_deref()).await?.into()))
}

/// The page a login code will be opened from.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct LoginCodeRequest {
    /// The origin of the page that will frame `/login?token=` (one of `GET /account/embedding`'s);
    /// none for a top-level page. The code works only from that page.
    pub origin: Option<String>,
}

/// A one-time code for `/login?token=`: it opens the caller's session once, within a minute,
/// from the page it names. A link never carries a session token itself.
#[utoipa::path(
    post, path = "/server/v1/auth/login-code", tag = "auth", security(("bearer" = [])), request_body = LoginCodeRequest,
    responses(
        (status = 200, body = accounts::LoginCode),
        (status = 400, description = "A page that may not embed Timekeep", body = ErrorBody),
        (status = 401, body = ErrorBody),
    )
)]
pub async fn login_code(
    state: web::Data<AppState>,
    SignedIn(auth): SignedIn,
    body: Body<LoginCodeRequest>,
) -> Result<web::Json<accounts::LoginCode>, ApiError> {
    let origin = body
        .origin
        .as_deref()
        .map(|origin| state.web.embedding_origin(origin))
        .transpose()
        .map_err(ApiError::validation)?;
    Ok(web::Json(state.accounts.issue_login_code(&auth, origin).await?))
}

#[utoipa::path(
    post, path = "/server/v1/auth/logout", tag = "auth", security(("bearer" = [])),
    responses((status = 204, description = "The session is revoked"), (status = 401, body = ErrorBody))
)]
pub async fn logout(state: web::Data<AppState>, SignedIn(auth): SignedIn) -> Result<HttpResponse, ApiError> {
    state.accounts.logout(&auth).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginDataResponse {
    pub identity: Identity,
    pub company_id: Option<i64>,
    pub company_name: Option<String>,
}

#[utoipa::path(
    get, path = "/server/v1/auth/login-data", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = LoginDataResponse), (status = 401, body = ErrorBody))
)]
pub async fn login_data(
    state: web::Data<AppState>,
    SignedIn(auth): SignedIn,
) -> Result<web::Json<LoginDataResponse>, ApiError> {
    let identity = state.accounts.identity_of(&auth)?;
    Ok(web::Json(LoginDataResponse {
        identity,
        company_id: auth.company_id().map(|id| id.0),
        company_name: auth.company().map(|(_, name)| name.to_owned()),
    }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ResetPasswordRequest {
    pub email: Option<String>,
}

#[utoipa::path(
    post, path = "/server/v1/auth/reset-password", tag = "auth", request_body = ResetPasswordRequest,
    responses(
        (status = 200, description = "The same answer whether or not the address is known", body = MessageResponse),
        (status = 400, body = ErrorBody),
    )
)]
pub async fn reset_password(
    state: web::Data<AppState>,
    body: Body<ResetPasswordRequest>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    let email = parse_reset_request(&body.email).map_err(ApiError::validation)?;
    state.accounts.request_password_reset(&email).await?;
    Ok(web::Json(MessageResponse::new(accounts::RESET_REQUESTED_MESSAGE)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ResetPasswordNowRequest {
    /// The `t` of the e-mailed link.
    pub token: Option<String>,
    pub password: Option<String>,
    pub retype_password: Option<String>,
}

#[utoipa::path(
    post, path = "/server/v1/auth/reset-password-now", tag = "auth", request_body = ResetPasswordNowRequest,
    responses(
        (status = 200, description = "Password set; every session of the user is signed out", body = MessageResponse),
        (status = 400, description = "Invalid fields, or `invalid_token` for a used or expired link", body = ErrorBody),
    )
)]
pub async fn reset_password_now(
    state: web::Data<AppState>,
    body: Body<ResetPasswordNowRequest>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    let body = body.into_inner();
    let command = ResetNowCommand::parse(&ResetNowInput {
        token: body.token,
        password: body.password,
        retype_password: body.retype_password,
    })
    .map_err(ApiError::validation)?;
    state.accounts.reset_password_now(command).await?;
    Ok(web::Json(MessageResponse::new("Your password has been reset. You can now log in with it.")))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ChangePasswordRequest {
    /// Required when the user already has a password.
    pub old_password: Option<String>,
    pub new_password: Option<String>,
    pub retype_password: Option<String>,
}

#[utoipa::path(
    post, path = "/server/v1/auth/change-my-password", tag = "auth", security(("bearer" = [])),
    request_body = ChangePasswordRequest,
    responses(
        (status = 200, description = "Every session is revoked; use the new token", body = SessionResponse),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
    )
)]
pub async fn change_my_password(
    state: web::Data<AppState>,
    SignedIn(auth): SignedIn,
    _myself: NotImpersonating,
    ClientMeta(meta): ClientMeta,
    body: Body<ChangePasswordRequest>,
) -> Result<web::Json<SessionResponse>, ApiError> {
    let body = body.into_inner();
    let input = ChangePasswordInput {
        old_password: body.old_password,
        new_password: body.new_password,
        retype_password: body.retype_password,
    };
    Ok(web::Json(state.accounts.change_password(&auth, &input, &meta).await?.into()))
}

/// Support leaves the user's session (spec 000 §7): the impersonation session ends and the
/// operator's own session is signed again.
#[utoipa::path(
    post, path = "/server/v1/auth/exit-impersonation-mode", tag = "auth", security(("bearer" = [])),
    responses(
        (status = 200, description = "The operator's own session", body = SessionResponse),
        (status = 400, description = "Not impersonating", body = ErrorBody),
        (status = 401, description = "No session, or the operator's own session has ended", body = ErrorBody),
    )
)]
pub async fn exit_impersonation_mode(
    state: web::Data<AppState>,
    SignedIn(auth): SignedIn,
) -> Result<web::Json<SessionResponse>, ApiError> {
    Ok(web::Json(state.system.exit_impersonation(&auth).await?.into()))
}
