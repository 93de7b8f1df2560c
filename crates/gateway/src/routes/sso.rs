//! `/v4sso/*`: single sign-on through an OpenID Connect provider (spec 000 §2, §4, §7;
//! `docs/contracts/sso.md`). The protocol is accounts' (`accounts::sso`); here are its two
//! HTTP doors and the cookie that ties a callback to the browser that started the sign-in.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::ClientMeta;
use crate::state::AppState;
use accounts::sso::{SsoCallback, SsoOutcome, SsoPurpose, SSO_NO_MATCH_MESSAGE};
use accounts::Identity;
use actix_web::cookie::{time, Cookie, SameSite};
use actix_web::http::header::LOCATION;
use actix_web::{web, HttpRequest, HttpResponse};
use kernel::FieldErrors;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

crate::routes::route_table! {
    get "/v4sso/authorize" => authorize,
    get "/v4sso/auth-callback" => auth_callback,
}

/// The cookie with the secret of the browser that started a sign-in. It is sent only to these
/// two paths, never readable by scripts, and `SameSite=Lax` (the callback page's own request is
/// same-site, so it carries it).
pub const SSO_COOKIE: &str = "timekeep_sso";
const SSO_COOKIE_PATH: &str = "/server/v1/v4sso";

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct AuthorizeQuery {
    /// `login` (the default) or `signup`: signing up, an address that is nobody's yet gets a
    /// signup handle (`ssoAccessToken`) instead of 'Oops! …'.
    pub purpose: Option<String>,
}

/// Where `authorizationUrl` of `GET /account/signup-data` points: starts a sign-in at the
/// identity provider and sends the browser there.
#[utoipa::path(
    get, path = "/server/v1/v4sso/authorize", tag = "sso", params(AuthorizeQuery),
    responses(
        (status = 302, description = "To the provider's authorization endpoint (code flow with PKCE, `state` and `nonce`); sets the `timekeep_sso` cookie (HttpOnly, SameSite=Lax, path /server/v1/v4sso, 10 minutes) that the callback must carry"),
        (status = 400, description = "`sso_failed`: single sign-on is not set up; `validation`: an unknown purpose", body = ErrorBody),
        (status = 429, description = "Too many sign-ins started from this address", body = ErrorBody),
        (status = 502, description = "`sso_unavailable`: the provider could not be reached", body = ErrorBody),
    )
)]
pub async fn authorize(
    state: web::Data<AppState>,
    ClientMeta(meta): ClientMeta,
    query: web::Query<AuthorizeQuery>,
) -> Result<HttpResponse, ApiError> {
    let purpose = match query.purpose.as_deref().map(str::trim) {
        None | Some("") => SsoPurpose::Login,
        Some(code) => SsoPurpose::from_code(code).ok_or_else(|| {
            ApiError::validation(FieldErrors::single("purpose", "The purpose must be login or signup."))
        })?,
    };
    let start = state.accounts.sso_begin(purpose, &meta).await?;
    let cookie = sso_cookie(&state, start.browser_secret, time::Duration::seconds(start.expires_in_seconds));
    Ok(HttpResponse::Found().insert_header((LOCATION, start.provider_url)).cookie(cookie).finish())
}

fn sso_cookie(state: &AppState, value: String, max_age: time::Duration) -> Cookie<'static> {
    Cookie::build(SSO_COOKIE, value)
        .path(SSO_COOKIE_PATH)
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(state.accounts.config().public_url.starts_with("https://"))
        .max_age(max_age)
        .finish()
}

/// The query the provider sent the browser back to `/v4sso/auth-callback` with, forwarded
/// as it came by the web app's page.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct CallbackQuery {
    pub code: Option<String>,
    pub state: Option<String>,
    /// The provider's error (`access_denied` when the person cancelled, say).
    pub error: Option<String>,
    /// Not used: the provider's explanation of `error`, for people.
    pub error_description: Option<String>,
    /// The issuer that answered (RFC 9207); refused when it is not the configured provider.
    pub iss: Option<String>,
}

/// The SSO callback result of spec 000 §3.
#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SsoCallbackResponse {
    /// Signed in: `token` and `identity` are the session's, as `POST /auth/login` answers.
    pub login_succeeded: bool,
    /// The provider's verified address is no active person's: `message` is the spec's
    /// 'Oops! We were unable to find a user …'.
    pub sso_failed: bool,
    pub token: Option<String>,
    pub identity: Option<Identity>,
    /// Signing up with an address that is nobody's yet: the one-time handle (30 minutes) that
    /// `POST /account/signup` redeems, with the provider's address and names.
    pub sso_access_token: Option<String>,
    pub email: Option<String>,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub message: Option<String>,
}

/// Finishes the sign-in at the provider: one time only, from the browser that started it
/// (its `timekeep_sso` cookie), with the code exchanged at the provider and its ID token
/// verified; the cookie is cleared.
#[utoipa::path(
    get, path = "/server/v1/v4sso/auth-callback", tag = "sso", params(CallbackQuery),
    responses(
        (status = 200, body = SsoCallbackResponse),
        (status = 400, description = "`sso_failed`: not set up; the provider's error; a state that is unknown, used, expired or another browser's; a code the provider refused (replayed, another client's); an ID token that does not verify; an address the provider does not vouch for (`email_verified`)", body = ErrorBody),
        (status = 502, description = "`sso_unavailable`: the provider could not be reached", body = ErrorBody),
    )
)]
pub async fn auth_callback(
    state: web::Data<AppState>,
    ClientMeta(meta): ClientMeta,
    req: HttpRequest,
    query: web::Query<CallbackQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner();
    let callback = SsoCallback { code: query.code, state: query.state, error: query.error, iss: query.iss };
    let browser_secret = req.cookie(SSO_COOKIE).map(|cookie| cookie.value().to_owned());
    let outcome = state.accounts.sso_complete(&callback, browser_secret.as_deref(), &meta).await?;
    let body = match outcome {
        SsoOutcome::SignedIn(signed) => SsoCallbackResponse {
            login_succeeded: true,
            token: Some(signed.token),
            identity: Some(signed.identity),
            ..Default::default()
        },
        SsoOutcome::NoMatch => SsoCallbackResponse {
            sso_failed: true,
            message: Some(SSO_NO_MATCH_MESSAGE.to_owned()),
            ..Default::default()
        },
        SsoOutcome::SignupReady { handle, email, first_name, last_name } => SsoCallbackResponse {
            sso_access_token: Some(handle),
            email: Some(email),
            firstname: first_name,
            lastname: last_name,
            ..Default::default()
        },
    };
    Ok(HttpResponse::Ok().cookie(sso_cookie(&state, String::new(), time::Duration::ZERO)).json(body))
}
