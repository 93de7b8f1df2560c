//! Single sign-on through an OpenID Connect provider (spec 000 §2 `/v4sso/auth-callback`, §4
//! "SSO callback", §7, §8), with the `openidconnect` crate.
//!
//! It lives in `accounts` rather than a crate of its own because everything it ends in is
//! accounts': it finds a person by e-mail, starts their session, and founds a company with its
//! owner. A crate beside `accounts` (floor 2) could not call those; one above would have to
//! reach into accounts' tables.
//!
//! The flow, as the browser sees it:
//! 1. `begin` (the gateway's `GET /v4sso/authorize?purpose=login|signup`): discovery (cached),
//!    a fresh `state`, `nonce` and PKCE verifier (S256) stored in `sso_logins` (in the database,
//!    so a browser may come back through any server) for ten minutes, and a random secret for
//!    the browser's cookie, whose hash is stored beside them: a callback is only taken from the
//!    browser that started it (no login CSRF). The browser goes on to the provider's
//!    authorization endpoint with `response_type=code`, `scope=openid email profile`,
//!    `client_id`, `redirect_uri={public_url}/v4sso/auth-callback`, `state`, `nonce`,
//!    `code_challenge` and `code_challenge_method=S256`.
//! 2. The provider sends the browser to the web app's `/v4sso/auth-callback?code&state` (or
//!    `?error&state`), whose page forwards that query to `complete` (the gateway's
//!    `GET /v4sso/auth-callback`) with the cookie.
//! 3. `complete` claims the stored sign-in once (unknown, used, expired or another browser's:
//!    refused), exchanges the code at the token endpoint (client secret by HTTP Basic, the PKCE
//!    verifier), verifies the ID token with the provider's published keys (signature, issuer,
//!    audience = our client id only, expiry, nonce), and requires `email_verified: true`.
//!    The verified address then picks the person: a match signs them in with an ordinary
//!    session and records them as an SSO user (`users.sso_linked_at`: their e-mail is the
//!    provider's from then on); no match answers 'Oops! …' for a sign-in, or, when signing up,
//!    stores the identity in `sso_signups` for thirty minutes and hands the browser an opaque
//!    one-time handle (`ssoAccessToken`; never the provider's own token).
//! 4. `POST /account/signup` with that handle founds a company with the person as its admin,
//!    without a password (`hasHashPassword` false: 'Create Password' makes one later).
//!
//! What the provider must speak: OpenID Connect Discovery 1.0 (`{issuer}/.well-known/
//! openid-configuration` naming `authorization_endpoint`, `token_endpoint`, `jwks_uri`, its
//! `issuer` equal to the configured one), the authorization code flow with PKCE, and ID tokens
//! signed with a key of its JWKS carrying `email`, `email_verified` and, when it has them,
//! `given_name` and `family_name`. Keys are re-read when a signature does not verify with the
//! cached ones (the provider rotated them), and discovery is re-read hourly.
//!
//! Platform operators never sign in this way (their accounts belong to no company and are not
//! the customers' identity provider's to vouch for).

use crate::commands::{normalize_email, signup_time_zone, SignupInput, DEFAULT_COMPANY_NAME};
use crate::entities::{sso_logins, sso_signups, users};
use crate::signup::{NewCompany, SignupOutcome};
use crate::tokens::{hash_token, random_token};
use crate::{throttle, Accounts, AccountsError, RequestMeta, SignedIn};
use chrono::{DateTime, Duration, Utc};
use kernel::time::local_date;
use kernel::validation::{is_valid_company_name, is_valid_person_name};
use kernel::{EmploymentStatus, FieldErrors, Role};
use openidconnect::core::{CoreAuthenticationFlow, CoreClient, CoreIdTokenClaims, CoreProviderMetadata};
use openidconnect::{
    AuthorizationCode, ClaimsVerificationError, ClientId, ClientSecret, CsrfToken, EndpointMaybeSet, EndpointNotSet,
    EndpointSet, IssuerUrl, Nonce, PkceCodeChallenge, PkceCodeVerifier, RedirectUrl, RequestTokenError, Scope,
    TokenResponse,
};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::RwLock;

/// Spec 000 §8, SSO no match.
pub const SSO_NO_MATCH_MESSAGE: &str = "Oops! We were unable to find a user that matches this email address... Please make sure the email address of your single sign-on account matches the email address of your Timekeep account: you can update it in My Profile after logging in with your password, or contact your account admin.";
/// Spec 000 §8, SSO signup failure.
pub const SSO_FAILED_MESSAGE: &str = "There was some error while doing SSO. Please try again later.";
/// What changing the e-mail of an SSO user hears: single sign-on finds them by it (spec 000 §5).
pub const SSO_EMAIL_LOCKED_MESSAGE: &str =
    "This email is the one of your single sign-on account and cannot be changed here.";
/// The path of the web app's callback page: the redirect URI registered at the provider.
pub const CALLBACK_PATH: &str = "/v4sso/auth-callback";

/// How long a sign-in at the provider may take.
const LOGIN_TTL_MINUTES: i64 = 10;
/// How long a verified identity waits for the signup that redeems it.
const SIGNUP_TTL_MINUTES: i64 = 30;
/// Discovery (endpoints and keys) is read again after this.
const DISCOVERY_TTL: std::time::Duration = std::time::Duration::from_secs(3600);
/// Keys are re-read on an unknown signature at most this often, so forged tokens cannot make
/// the server hammer the provider.
const REDISCOVERY_SPACING: std::time::Duration = std::time::Duration::from_secs(10);
const PROVIDER_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);
/// Sign-ins started from one network address in a quarter hour: beyond, 429.
const STARTS_PER_ADDRESS: throttle::ThrottleRule =
    throttle::ThrottleRule { max_failures: 60, window: Duration::minutes(15), block_for: Duration::minutes(15) };

/// The identity provider, as configured (issuer URL, client id and secret).
#[derive(Debug, Clone)]
pub struct SsoSettings {
    pub issuer_url: String,
    pub client_id: String,
    pub client_secret: String,
}

/// What the person set out to do at the provider.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SsoPurpose {
    Login,
    /// An unknown address gets a signup handle instead of 'Oops! …'.
    Signup,
}

impl SsoPurpose {
    pub fn code(self) -> &'static str {
        match self {
            SsoPurpose::Login => "login",
            SsoPurpose::Signup => "signup",
        }
    }

    pub fn from_code(code: &str) -> Option<Self> {
        match code {
            "login" => Some(SsoPurpose::Login),
            "signup" => Some(SsoPurpose::Signup),
            _ => None,
        }
    }
}

/// Why single sign-on signed nobody in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SsoFailure {
    /// No identity provider is configured on this server.
    NotConfigured,
    /// The provider could not be reached, or its discovery document or answer was unusable.
    ProviderUnavailable,
    /// The provider sent the browser back with an error (the person cancelled, say).
    ProviderRefused,
    /// The callback's `state` is missing, unknown, used, expired, or was started in another
    /// browser; or its `iss` is not our provider.
    InvalidState,
    /// The provider would not exchange the code: replayed, expired, or issued to another client.
    CodeRefused,
    /// The ID token failed verification: signature, issuer, audience, expiry or nonce.
    InvalidIdToken,
    /// The provider does not vouch for the address (`email_verified` is not true), or has none.
    EmailNotVerified,
    /// A signup handle (`ssoAccessToken`) that is unknown, used or expired.
    InvalidSignupHandle,
}

impl SsoFailure {
    /// What the person is told.
    pub fn message(self) -> &'static str {
        match self {
            SsoFailure::NotConfigured => "Single sign-on is not set up on this server.",
            SsoFailure::ProviderUnavailable => "The identity provider could not be reached. Please try again later.",
            SsoFailure::ProviderRefused => "The identity provider did not sign you in.",
            SsoFailure::InvalidState => "This sign-in has expired or was started elsewhere. Please try again.",
            SsoFailure::CodeRefused => "The identity provider did not confirm this sign-in. Please try again.",
            SsoFailure::InvalidIdToken => "The identity provider's answer could not be verified.",
            SsoFailure::EmailNotVerified => "Your identity provider has not verified your email address.",
            SsoFailure::InvalidSignupHandle => SSO_FAILED_MESSAGE,
        }
    }
}

impl From<SsoFailure> for AccountsError {
    fn from(failure: SsoFailure) -> Self {
        AccountsError::Sso(failure)
    }
}

/// Where the browser goes to sign in at the provider, and the secret its cookie must carry back.
#[derive(Debug, Clone)]
pub struct SsoStart {
    pub provider_url: String,
    pub browser_secret: String,
    /// How long the cookie need live.
    pub expires_in_seconds: i64,
}

/// The query the provider sent the browser back with.
#[derive(Debug, Clone, Default)]
pub struct SsoCallback {
    pub code: Option<String>,
    pub state: Option<String>,
    /// The provider's error code (`access_denied`, …).
    pub error: Option<String>,
    /// The issuer that answered (RFC 9207), when the provider says.
    pub iss: Option<String>,
}

/// How a completed sign-in at the provider ended.
#[derive(Debug, Clone)]
pub enum SsoOutcome {
    SignedIn(Box<SignedIn>),
    /// A verified address that is no active person's (spec 000 §8 'Oops! …').
    NoMatch,
    /// Signing up with an unknown address: the handle that `POST /account/signup` redeems.
    SignupReady {
        handle: String,
        email: String,
        first_name: Option<String>,
        last_name: Option<String>,
    },
}

type OidcClient =
    CoreClient<EndpointSet, EndpointNotSet, EndpointNotSet, EndpointNotSet, EndpointMaybeSet, EndpointMaybeSet>;

struct Discovered {
    metadata: CoreProviderMetadata,
    fetched: Instant,
}

/// The configured provider, with its discovery document cached in memory (only that: every
/// sign-in's state is in the database).
pub(crate) struct Provider {
    settings: SsoSettings,
    issuer: IssuerUrl,
    redirect: RedirectUrl,
    http: openidconnect::reqwest::Client,
    discovered: RwLock<Option<Arc<Discovered>>>,
}

/// What the provider vouched for.
struct VerifiedPerson {
    subject: String,
    email: String,
    first_name: Option<String>,
    last_name: Option<String>,
}

impl Provider {
    pub(crate) fn new(settings: SsoSettings, public_url: &str) -> Result<Self, String> {
        let issuer = IssuerUrl::new(settings.issuer_url.trim().to_owned())
            .map_err(|err| format!("bad single sign-on issuer URL: {err}"))?;
        let redirect = RedirectUrl::new(format!("{}{CALLBACK_PATH}", public_url.trim_end_matches('/')))
            .map_err(|err| format!("bad public URL for the single sign-on callback: {err}"))?;
        if settings.client_id.trim().is_empty() || settings.client_secret.is_empty() {
            return Err("single sign-on needs a client id and a client secret".to_owned());
        }
        let http = openidconnect::reqwest::Client::builder()
            // Following redirects would let a provider's answer point the server anywhere.
            .redirect(openidconnect::reqwest::redirect::Policy::none())
            .timeout(PROVIDER_TIMEOUT)
            .build()
            .map_err(|err| format!("cannot build the single sign-on HTTP client: {err}"))?;
        Ok(Self { settings, issuer, redirect, http, discovered: RwLock::new(None) })
    }

    /// The discovery document: cached, or read again when older than an hour or when `renew`.
    async fn discovery(&self, renew: bool) -> Result<Arc<Discovered>, SsoFailure> {
        if !renew {
            if let Some(cached) = self.discovered.read().await.as_ref() {
                if cached.fetched.elapsed() < DISCOVERY_TTL {
                    return Ok(cached.clone());
                }
            }
        }
        let mut slot = self.discovered.write().await;
        // Another request may have read it while this one waited.
        if let Some(cached) = slot.as_ref() {
            let fresh_enough = if renew { REDISCOVERY_SPACING } else { DISCOVERY_TTL };
            if cached.fetched.elapsed() < fresh_enough {
                return Ok(cached.clone());
            }
        }
        let metadata = CoreProviderMetadata::discover_async(self.issuer.clone(), &self.http).await.map_err(|err| {
            tracing::warn!(issuer = %self.issuer.as_str(), error = %error_chain(&err), "single sign-on discovery failed");
            SsoFailure::ProviderUnavailable
        })?;
        let discovered = Arc::new(Discovered { metadata, fetched: Instant::now() });
        *slot = Some(discovered.clone());
        Ok(discovered)
    }

    fn client(&self, discovered: &Discovered) -> OidcClient {
        CoreClient::from_provider_metadata(
            discovered.metadata.clone(),
            ClientId::new(self.settings.client_id.trim().to_owned()),
            Some(ClientSecret::new(self.settings.client_secret.clone())),
        )
        .set_redirect_uri(self.redirect.clone())
    }

    /// Exchanges the code and verifies the ID token that comes back.
    async fn redeem(&self, code: &str, login: &sso_logins::Model) -> Result<VerifiedPerson, SsoFailure> {
        let discovered = self.discovery(false).await?;
        let client = self.client(&discovered);
        let response = client
            .exchange_code(AuthorizationCode::new(code.to_owned()))
            .map_err(|_| SsoFailure::ProviderUnavailable)?
            .set_pkce_verifier(PkceCodeVerifier::new(login.pkce_verifier.clone()))
            .request_async(&self.http)
            .await
            .map_err(|err| {
                tracing::warn!(error = %error_chain(&err), "single sign-on code exchange refused");
                match err {
                    RequestTokenError::ServerResponse(_) => SsoFailure::CodeRefused,
                    _ => SsoFailure::ProviderUnavailable,
                }
            })?;
        let id_token = response.id_token().ok_or(SsoFailure::InvalidIdToken)?;
        let nonce = Nonce::new(login.nonce.clone());
        let claims = match id_token.claims(&client.id_token_verifier(), &nonce) {
            Ok(claims) => Ok(person_of(claims)),
            // Perhaps the provider rotated its keys since they were cached.
            Err(ClaimsVerificationError::SignatureVerification(_)) => {
                let renewed = self.discovery(true).await?;
                let client = self.client(&renewed);
                let verified = id_token.claims(&client.id_token_verifier(), &nonce).map(person_of);
                verified
            }
            Err(err) => Err(err),
        };
        claims.map_err(|err| {
            tracing::warn!(error = %err, "single sign-on ID token refused");
            SsoFailure::InvalidIdToken
        })?
    }
}

/// The person an ID token names, if it vouches for their address.
fn person_of(claims: &CoreIdTokenClaims) -> Result<VerifiedPerson, SsoFailure> {
    let email = claims.email().map(|email| normalize_email(email.as_str())).filter(|email| !email.is_empty());
    let (Some(email), Some(true)) = (email, claims.email_verified()) else {
        return Err(SsoFailure::EmailNotVerified);
    };
    let name = |name: Option<&str>| name.map(|name| clip(name.trim(), 100)).filter(|name| !name.is_empty());
    Ok(VerifiedPerson {
        subject: claims.subject().as_str().to_owned(),
        email,
        first_name: name(claims.given_name().and_then(|names| names.get(None)).map(|name| name.as_str())),
        last_name: name(claims.family_name().and_then(|names| names.get(None)).map(|name| name.as_str())),
    })
}

fn clip(text: &str, max_chars: usize) -> String {
    text.chars().take(max_chars).collect()
}

fn error_chain(err: &dyn std::error::Error) -> String {
    let mut text = err.to_string();
    let mut source = err.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

fn present(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|value| !value.is_empty())
}

impl Accounts {
    /// The same service with single sign-on through `settings`' provider.
    pub fn with_sso(mut self, settings: SsoSettings) -> Result<Self, AccountsError> {
        let provider = Provider::new(settings, &self.config.public_url).map_err(AccountsError::Internal)?;
        self.sso = Some(Arc::new(provider));
        Ok(self)
    }

    /// Whether an identity provider is configured (the login and signup pages then offer it).
    pub fn sso_enabled(&self) -> bool {
        self.sso.is_some()
    }

    fn provider(&self) -> Result<&Provider, AccountsError> {
        self.sso.as_deref().ok_or(AccountsError::Sso(SsoFailure::NotConfigured))
    }

    /// Starts a sign-in at the provider: where to send the browser, and its cookie's secret.
    pub async fn sso_begin(&self, purpose: SsoPurpose, meta: &RequestMeta) -> Result<SsoStart, AccountsError> {
        let provider = self.provider()?;
        let now = Utc::now();
        // Each start stores a row: an address may start only so many.
        let key = format!("sso-start-ip:{}", meta.ip_key());
        if let Some(until) = throttle::blocked_until(&self.db, &key, now).await? {
            return Err(AccountsError::TooManyAttempts { retry_after_seconds: (until - now).num_seconds().max(1) });
        }
        throttle::record_failure(&self.db, &key, STARTS_PER_ADDRESS, now).await?;
        let discovered = provider.discovery(false).await?;
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let client = provider.client(&discovered);
        let (url, state, nonce) = client
            .authorize_url(CoreAuthenticationFlow::AuthorizationCode, CsrfToken::new_random, Nonce::new_random)
            .add_scope(Scope::new("email".to_owned()))
            .add_scope(Scope::new("profile".to_owned()))
            .set_pkce_challenge(challenge)
            .url();
        let browser_secret = random_token();
        let ttl = Duration::minutes(LOGIN_TTL_MINUTES);
        self.forget_finished_sso(now).await?;
        sso_logins::ActiveModel {
            state_hash: Set(hash_token(state.secret())),
            browser_hash: Set(hash_token(&browser_secret)),
            nonce: Set(nonce.secret().clone()),
            pkce_verifier: Set(verifier.secret().clone()),
            purpose: Set(purpose.code().to_owned()),
            created_at: Set(now),
            expires_at: Set(now + ttl),
            used_at: Set(None),
            ..Default::default()
        }
        .insert(&self.db)
        .await?;
        Ok(SsoStart { provider_url: url.to_string(), browser_secret, expires_in_seconds: ttl.num_seconds() })
    }

    /// Drops sign-ins and signup handles that can no longer be used.
    async fn forget_finished_sso(&self, now: DateTime<Utc>) -> Result<(), AccountsError> {
        sso_logins::Entity::delete_many().filter(sso_logins::Column::ExpiresAt.lt(now)).exec(&self.db).await?;
        sso_signups::Entity::delete_many().filter(sso_signups::Column::ExpiresAt.lt(now)).exec(&self.db).await?;
        Ok(())
    }

    /// Finishes a sign-in at the provider (`GET /v4sso/auth-callback`): `browser_secret` is the
    /// cookie set when it began.
    pub async fn sso_complete(
        &self,
        callback: &SsoCallback,
        browser_secret: Option<&str>,
        meta: &RequestMeta,
    ) -> Result<SsoOutcome, AccountsError> {
        let provider = self.provider()?;
        let now = Utc::now();
        let state = present(callback.state.as_deref()).ok_or(SsoFailure::InvalidState)?;
        let browser_secret = present(browser_secret).ok_or(SsoFailure::InvalidState)?;
        if present(callback.iss.as_deref()).is_some_and(|iss| iss != provider.issuer.as_str()) {
            return Err(SsoFailure::InvalidState.into());
        }
        let login = self.claim_sso_login(state, browser_secret, now).await?;
        if let Some(error) = present(callback.error.as_deref()) {
            tracing::info!(error = %clip(error, 64), "the identity provider refused the sign-in");
            return Err(SsoFailure::ProviderRefused.into());
        }
        let code = present(callback.code.as_deref()).ok_or(SsoFailure::CodeRefused)?;
        let person = provider.redeem(code, &login).await?;
        let purpose = SsoPurpose::from_code(&login.purpose).unwrap_or(SsoPurpose::Login);

        let user = users::Entity::find().filter(users::Column::Email.eq(person.email.as_str())).one(&self.db).await?;
        match user {
            Some(user) => {
                let signs_in =
                    user.status == EmploymentStatus::Active && user.company_id.is_some() && user.role != Role::SysAdmin;
                if !signs_in {
                    return Ok(SsoOutcome::NoMatch);
                }
                let user = self.link_sso_user(user, now).await?;
                Ok(SsoOutcome::SignedIn(Box::new(self.start_session(user, None, meta, now).await?)))
            }
            None if purpose == SsoPurpose::Signup => {
                let handle = random_token();
                sso_signups::ActiveModel {
                    handle_hash: Set(hash_token(&handle)),
                    issuer: Set(clip(provider.issuer.as_str(), 255)),
                    subject: Set(clip(&person.subject, 255)),
                    email: Set(person.email.clone()),
                    first_name: Set(person.first_name.clone()),
                    last_name: Set(person.last_name.clone()),
                    created_at: Set(now),
                    expires_at: Set(now + Duration::minutes(SIGNUP_TTL_MINUTES)),
                    used_at: Set(None),
                    ..Default::default()
                }
                .insert(&self.db)
                .await?;
                Ok(SsoOutcome::SignupReady {
                    handle,
                    email: person.email,
                    first_name: person.first_name,
                    last_name: person.last_name,
                })
            }
            None => Ok(SsoOutcome::NoMatch),
        }
    }

    /// The stored sign-in of `state`, used up now: only once, only before it expires, and only
    /// from the browser that started it.
    async fn claim_sso_login(
        &self,
        state: &str,
        browser_secret: &str,
        now: DateTime<Utc>,
    ) -> Result<sso_logins::Model, AccountsError> {
        let login = sso_logins::Entity::find()
            .filter(sso_logins::Column::StateHash.eq(hash_token(state)))
            .one(&self.db)
            .await?
            .filter(|login| login.browser_hash == hash_token(browser_secret))
            .filter(|login| login.used_at.is_none() && login.expires_at > now)
            .ok_or(SsoFailure::InvalidState)?;
        let claimed = sso_logins::Entity::update_many()
            .col_expr(sso_logins::Column::UsedAt, Expr::value(now))
            .filter(sso_logins::Column::Id.eq(login.id))
            .filter(sso_logins::Column::UsedAt.is_null())
            .exec(&self.db)
            .await?;
        if claimed.rows_affected != 1 {
            return Err(SsoFailure::InvalidState.into());
        }
        Ok(login)
    }

    /// Records `user` as an SSO user. The provider has just proven the address: one never
    /// verified counts as verified now, and a password set by whoever typed that address
    /// without proving it is dropped (someone who signed up with another's address before
    /// them must not share their account); the owner can create a password afterwards.
    async fn link_sso_user(&self, user: users::Model, now: DateTime<Utc>) -> Result<users::Model, AccountsError> {
        if user.sso_linked_at.is_some() && user.email_verified_at.is_some() {
            return Ok(user);
        }
        let unproven = user.email_verified_at.is_none();
        let mut row: users::ActiveModel = user.into();
        row.sso_linked_at = Set(Some(now));
        if unproven {
            row.email_verified_at = Set(Some(now));
            row.password_hash = Set(None);
        }
        row.updated_at = Set(now);
        Ok(row.update(&self.db).await?)
    }

    /// `POST /account/signup` with the SSO payload: founds the company with the person the
    /// handle names as its admin, signed in at once (the provider proved the address).
    pub(crate) async fn sso_signup(
        &self,
        input: &SignupInput,
        handle: &str,
        meta: &RequestMeta,
    ) -> Result<SignupOutcome, AccountsError> {
        self.provider()?;
        let now = Utc::now();
        self.admit_signup(input, meta, now).await?;
        let identity = sso_signups::Entity::find()
            .filter(sso_signups::Column::HandleHash.eq(hash_token(handle)))
            .one(&self.db)
            .await?
            .filter(|identity| identity.used_at.is_none() && identity.expires_at > now)
            .ok_or(SsoFailure::InvalidSignupHandle)?;
        let time_zone = signup_time_zone(input);
        let today = local_date(time_zone, now);
        let mut errors = FieldErrors::new();
        let company_name = match input.company.as_deref().map(str::trim) {
            None => DEFAULT_COMPANY_NAME.to_owned(),
            Some("") => {
                errors.add("company", "Enter Company Name");
                String::new()
            }
            Some(name) => {
                if !is_valid_company_name(name) {
                    errors.add("company", "Please enter valid Company Name");
                }
                name.to_owned()
            }
        };
        // The names typed on the form, else the provider's.
        let mut name = |field: &str, typed: Option<&str>, provider: Option<&str>, label: &str| match present(typed)
            .or(present(provider))
        {
            None => {
                errors.add(field, format!("Enter {label}"));
                String::new()
            }
            Some(name) => {
                if !is_valid_person_name(name) {
                    errors.add(field, format!("Please enter valid {label}"));
                }
                name.to_owned()
            }
        };
        let first_name = name("firstname", input.firstname.as_deref(), identity.first_name.as_deref(), "First Name");
        let last_name = name("lastname", input.lastname.as_deref(), identity.last_name.as_deref(), "Last Name");
        self.check_promotion(input, today, &mut errors).await?;
        if !errors.is_empty() {
            return Err(AccountsError::Validation(errors));
        }
        let promot_code = present(input.promot_code.as_deref());

        let txn = kernel::begin_write(&self.db).await?;
        let claimed = sso_signups::Entity::update_many()
            .col_expr(sso_signups::Column::UsedAt, Expr::value(now))
            .filter(sso_signups::Column::Id.eq(identity.id))
            .filter(sso_signups::Column::UsedAt.is_null())
            .exec(&txn)
            .await?;
        if claimed.rows_affected != 1 {
            return Err(SsoFailure::InvalidSignupHandle.into());
        }
        let (company_id, user) = self
            .found_company(
                &txn,
                NewCompany {
                    company_name: &company_name,
                    time_zone,
                    promot_code,
                    email: &identity.email,
                    first_name: &first_name,
                    last_name: &last_name,
                    password_hash: None,
                    verified_at: Some(now),
                    through_sso: true,
                },
                today,
                now,
            )
            .await?;
        txn.commit().await?;
        let email = user.email.clone();
        let user_id = user.id.0;
        let signed_in = self.start_session(user, None, meta, now).await?;
        Ok(SignupOutcome { email, company_id, user_id, signed_in: Some(signed_in) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn purposes_read_back_from_their_codes() {
        for purpose in [SsoPurpose::Login, SsoPurpose::Signup] {
            assert_eq!(SsoPurpose::from_code(purpose.code()), Some(purpose));
        }
        assert_eq!(SsoPurpose::from_code("admin"), None);
    }

    #[test]
    fn a_provider_needs_a_usable_issuer_client_and_public_url() {
        let settings = SsoSettings {
            issuer_url: "https://id.example.com".into(),
            client_id: "timekeep".into(),
            client_secret: "secret".into(),
        };
        let provider = Provider::new(settings.clone(), "https://app.example.com/").unwrap();
        assert_eq!(provider.redirect.as_str(), "https://app.example.com/v4sso/auth-callback");
        assert!(
            Provider::new(SsoSettings { issuer_url: "not a url".into(), ..settings.clone() }, "https://a.b").is_err()
        );
        assert!(Provider::new(SsoSettings { client_id: " ".into(), ..settings.clone() }, "https://a.b").is_err());
        assert!(Provider::new(SsoSettings { client_secret: String::new(), ..settings }, "https://a.b").is_err());
    }

    #[test]
    fn the_signup_failure_is_the_spec_text() {
        assert_eq!(
            SsoFailure::InvalidSignupHandle.message(),
            "There was some error while doing SSO. Please try again later."
        );
        assert!(
            SSO_NO_MATCH_MESSAGE.starts_with("Oops! We were unable to find a user that matches this email address...")
        );
    }
}
