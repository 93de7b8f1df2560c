//! Two-factor sign-in (issue 43, `docs/contracts/two-factor.md`): the challenge's second step,
//! a person's own authenticator, and the company's rule for admins and managers.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{Admin, ClientMeta, NotImpersonating, SignedIn};
use crate::forms::Body;
use crate::routes::auth::SessionResponse;
use crate::state::AppState;
use accounts::two_factor::{RecoveryCodes, SecondFactor, SecuritySettings, TwoFactorSetup, TwoFactorStatus};
use actix_web::{web, HttpResponse};
use kernel::FieldErrors;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

crate::routes::route_table! {
    post "/auth/two-factor" => complete,
    post "/auth/two-factor/setup" => challenge_setup,
    get "/account/two-factor" => status,
    post "/account/two-factor/setup" => setup,
    post "/account/two-factor/enable" => enable,
    post "/account/two-factor/disable" => disable,
    post "/account/two-factor/recovery-codes" => recovery_codes,
    get "/company/security" => security,
    post "/company/security" => save_security,
}

/// The challenge of `POST /auth/login` and a code of the authenticator, or one recovery code.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct TwoFactorRequest {
    pub challenge: Option<String>,
    pub code: Option<String>,
    pub recovery_code: Option<String>,
}

/// The session; after an enrolment, also the recovery codes (shown once).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorSession {
    #[serde(flatten)]
    pub session: SessionResponse,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recovery_codes: Option<Vec<String>>,
}

fn challenge_of(challenge: Option<String>) -> Result<String, FieldErrors> {
    challenge
        .map(|challenge| challenge.trim().to_owned())
        .filter(|challenge| !challenge.is_empty() && challenge.len() <= 128)
        .ok_or_else(|| FieldErrors::single("challenge", "Please sign in again."))
}

#[utoipa::path(
    post, path = "/server/v1/auth/two-factor", tag = "auth", request_body = TwoFactorRequest,
    responses(
        (status = 200, body = TwoFactorSession),
        (status = 400, description = "A wrong or reused code, or a wrong or used recovery code", body = ErrorBody),
        (status = 401, description = "The challenge expired, was used or is unknown: sign in again", body = ErrorBody),
        (status = 429, description = "Too many wrong codes for this account", body = ErrorBody),
    )
)]
pub async fn complete(
    state: web::Data<AppState>,
    ClientMeta(meta): ClientMeta,
    body: Body<TwoFactorRequest>,
) -> Result<web::Json<TwoFactorSession>, ApiError> {
    let body = body.into_inner();
    let challenge = challenge_of(body.challenge);
    let proof = SecondFactor::parse(body.code, body.recovery_code);
    let (challenge, proof) = match (challenge, proof) {
        (Ok(challenge), Ok(proof)) => (challenge, proof),
        (Err(mut errors), Err(more)) => {
            errors.extend(more);
            return Err(ApiError::validation(errors));
        }
        (Err(errors), _) | (_, Err(errors)) => return Err(ApiError::validation(errors)),
    };
    let (signed, codes) = state.accounts.complete_two_factor(&challenge, proof, &meta).await?;
    Ok(web::Json(TwoFactorSession { session: signed.into(), recovery_codes: codes.map(|codes| codes.recovery_codes) }))
}

/// A challenge in enrol mode.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct ChallengeRequest {
    pub challenge: Option<String>,
}

#[utoipa::path(
    post, path = "/server/v1/auth/two-factor/setup", tag = "auth", request_body = ChallengeRequest,
    responses(
        (status = 200, body = TwoFactorSetup),
        (status = 400, description = "The challenge is not one of enrolment", body = ErrorBody),
        (status = 401, description = "The challenge expired, was used or is unknown", body = ErrorBody),
    )
)]
pub async fn challenge_setup(
    state: web::Data<AppState>,
    body: Body<ChallengeRequest>,
) -> Result<web::Json<TwoFactorSetup>, ApiError> {
    let challenge = challenge_of(body.into_inner().challenge).map_err(ApiError::validation)?;
    Ok(web::Json(state.accounts.challenge_setup(&challenge).await?))
}

#[utoipa::path(
    get, path = "/server/v1/account/two-factor", tag = "account", security(("bearer" = [])),
    responses((status = 200, body = TwoFactorStatus), (status = 401, body = ErrorBody))
)]
pub async fn status(
    state: web::Data<AppState>,
    SignedIn(auth): SignedIn,
) -> Result<web::Json<TwoFactorStatus>, ApiError> {
    Ok(web::Json(state.accounts.two_factor_status(&auth).await?))
}

/// An empty body.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct SetupRequest {}

#[utoipa::path(
    post, path = "/server/v1/account/two-factor/setup", tag = "account", security(("bearer" = [])),
    request_body = SetupRequest,
    responses(
        (status = 200, body = TwoFactorSetup),
        (status = 400, description = "Two-factor sign-in is already on", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, description = "Support acting as the user", body = ErrorBody),
    )
)]
pub async fn setup(
    state: web::Data<AppState>,
    SignedIn(auth): SignedIn,
    _own: NotImpersonating,
    _body: Body<SetupRequest>,
) -> Result<web::Json<TwoFactorSetup>, ApiError> {
    Ok(web::Json(state.accounts.two_factor_setup(&auth).await?))
}

/// A code of the authenticator.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct CodeRequest {
    pub code: Option<String>,
}

fn code_of(code: Option<String>) -> Result<String, ApiError> {
    match SecondFactor::parse(code, None).map_err(ApiError::validation)? {
        SecondFactor::Code(code) => Ok(code),
        SecondFactor::RecoveryCode(_) => Err(ApiError::validation(FieldErrors::single("code", "Please enter a code."))),
    }
}

#[utoipa::path(
    post, path = "/server/v1/account/two-factor/enable", tag = "account", security(("bearer" = [])),
    request_body = CodeRequest,
    responses(
        (status = 200, body = RecoveryCodes),
        (status = 400, description = "A wrong code, or no set-up pending", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, description = "Support acting as the user", body = ErrorBody),
        (status = 429, description = "Too many wrong codes", body = ErrorBody),
    )
)]
pub async fn enable(
    state: web::Data<AppState>,
    SignedIn(auth): SignedIn,
    _own: NotImpersonating,
    body: Body<CodeRequest>,
) -> Result<web::Json<RecoveryCodes>, ApiError> {
    let code = code_of(body.into_inner().code)?;
    Ok(web::Json(state.accounts.two_factor_enable(&auth, &code).await?))
}

/// The password and a code (or a recovery code in `code`).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct DisableRequest {
    pub password: Option<String>,
    pub code: Option<String>,
}

#[utoipa::path(
    post, path = "/server/v1/account/two-factor/disable", tag = "account", security(("bearer" = [])),
    request_body = DisableRequest,
    responses(
        (status = 204, description = "Two-factor sign-in is off"),
        (status = 400, description = "A wrong password or code", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, description = "Required for the role, or support acting as the user", body = ErrorBody),
        (status = 429, description = "Too many wrong codes", body = ErrorBody),
    )
)]
pub async fn disable(
    state: web::Data<AppState>,
    SignedIn(auth): SignedIn,
    _own: NotImpersonating,
    body: Body<DisableRequest>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let mut errors = FieldErrors::new();
    let password = body.password.filter(|password| !password.is_empty());
    if password.is_none() {
        errors.add("password", "Please enter your password.");
    }
    // Either a code or a recovery code is accepted in `code`.
    let proof = match body.code.map(|code| code.trim().to_owned()).filter(|code| !code.is_empty()) {
        Some(code) => Some(SecondFactor::either(code)),
        None => {
            errors.add("code", "Please enter the code from your authenticator app.");
            None
        }
    };
    let (Some(password), Some(proof)) = (password, proof) else { return Err(ApiError::validation(errors)) };
    state.accounts.two_factor_disable(&auth, password, proof).await.map_err(recovery_as_code)?;
    Ok(HttpResponse::NoContent().finish())
}

/// On the disable form a recovery code is typed into `code`: its error goes there too.
fn recovery_as_code(err: accounts::AccountsError) -> ApiError {
    match err {
        accounts::AccountsError::Validation(errors) if errors.has("recoveryCode") => {
            ApiError::validation(FieldErrors::single("code", accounts::two_factor::WRONG_RECOVERY_CODE))
        }
        other => other.into(),
    }
}

#[utoipa::path(
    post, path = "/server/v1/account/two-factor/recovery-codes", tag = "account", security(("bearer" = [])),
    request_body = CodeRequest,
    responses(
        (status = 200, body = RecoveryCodes),
        (status = 400, description = "A wrong code, or two-factor sign-in is off", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, description = "Support acting as the user", body = ErrorBody),
        (status = 429, description = "Too many wrong codes", body = ErrorBody),
    )
)]
pub async fn recovery_codes(
    state: web::Data<AppState>,
    SignedIn(auth): SignedIn,
    _own: NotImpersonating,
    body: Body<CodeRequest>,
) -> Result<web::Json<RecoveryCodes>, ApiError> {
    let code = code_of(body.into_inner().code)?;
    Ok(web::Json(state.accounts.two_factor_new_recovery_codes(&auth, &code).await?))
}

#[utoipa::path(
    get, path = "/server/v1/company/security", tag = "company", security(("bearer" = [])),
    responses((status = 200, body = SecuritySettings), (status = 403, description = "Admins only", body = ErrorBody))
)]
pub async fn security(state: web::Data<AppState>, guard: Admin) -> Result<web::Json<SecuritySettings>, ApiError> {
    Ok(web::Json(state.accounts.security_settings(&guard.ctx).await?))
}

/// The company's rule for admins and managers.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct SecurityRequest {
    pub two_factor_required: Option<bool>,
}

#[utoipa::path(
    post, path = "/server/v1/company/security", tag = "company", security(("bearer" = [])),
    request_body = SecurityRequest,
    responses(
        (status = 200, body = SecuritySettings),
        (status = 400, body = ErrorBody),
        (status = 403, description = "Admins only", body = ErrorBody),
    )
)]
pub async fn save_security(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<SecurityRequest>,
) -> Result<web::Json<SecuritySettings>, ApiError> {
    let required = body
        .into_inner()
        .two_factor_required
        .ok_or_else(|| ApiError::validation(FieldErrors::single("twoFactorRequired", "Please choose yes or no.")))?;
    let settings = SecuritySettings { two_factor_required: required };
    Ok(web::Json(state.accounts.save_security_settings(&guard.ctx, settings).await?))
}
