//! The session and the role guards.
//!
//! Every handler that needs a signed-in user names a guard in its signature; the guard is the
//! permission check. `Member`, `Privileged` and `Admin` are the only code that builds a
//! [`TenantCtx`], so a tenant-scoped service cannot be called without one of them.

use crate::error::{ApiError, ErrorCode};
use crate::middleware::RefreshedToken;
use crate::state::AppState;
use accounts::api_keys::ApiScope;
use accounts::{AccountStanding, Authenticated, RequestMeta};
use actix_web::dev::Payload;
use actix_web::http::Method;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};
use futures_util::future::{ready, LocalBoxFuture, Ready};
use kernel::{AdminCtx, KioskCtx, ManagerCtx, Origin, Role, SystemCtx, TenantCtx};
use std::marker::PhantomData;
use std::net::IpAddr;

/// Writes an expired or suspended account may still make (spec 000 §4 'Account'): signing out,
/// leaving impersonation, and its own subscription; and the reads the spec makes by POST
/// (`/doc/*`: downloading a file of one's records), since reading stays open. Paths under the
/// API's base, each with its sub-paths. The one list: the web app reads it from
/// `GET /account/blocked-writes`.
pub const WRITES_ALLOWED_WHEN_BLOCKED: [&str; 4] =
    ["/auth/logout", "/auth/exit-impersonation-mode", "/myaccount", "/doc"];

/// Whether a write to `path` is on [`WRITES_ALLOWED_WHEN_BLOCKED`].
pub fn write_allowed_when_blocked(path: &str) -> bool {
    let Some(path) = path.strip_prefix(crate::API_BASE) else { return false };
    WRITES_ALLOWED_WHEN_BLOCKED
        .iter()
        .any(|allowed| path.strip_prefix(allowed).is_some_and(|rest| rest.is_empty() || rest.starts_with('/')))
}

/// The session of the request's bearer token, verified by [`authenticate`] before the handler's
/// arguments are read, so a guard answers at once and first: a caller without the right hears
/// 401 or 403 whatever else is wrong with the request.
#[derive(Clone)]
pub struct SessionOutcome(Result<Authenticated, ApiError>);

/// A company API key's proof (issue 43), verified by [`authenticate`] like a session: the key
/// (known, not revoked nor expired, its admin still an admin) and its request counted against
/// its limit. Only the guards of routes that name a scope ([`KeyScope`]) accept it; every other
/// guard answers a key 403 ([`KEY_NOT_ALLOWED`]), the operator's 404.
#[derive(Clone)]
pub struct KeyOutcome(Result<accounts::api_keys::KeyAuth, ApiError>);

/// What a key hears on a route no scope opens.
pub const KEY_NOT_ALLOWED: &str = "API keys cannot call this route.";

/// Middleware: verifies the bearer token (a session's, or an API key), when there is one, and
/// keeps the outcome for the guards (a public route ignores it).
pub async fn authenticate(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody>,
) -> Result<actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, actix_web::Error> {
    if let (Some(token), Some(state)) = (bearer_token(req.request()), req.app_data::<web::Data<AppState>>().cloned()) {
        if accounts::api_keys::is_api_key(&token) {
            let ip = request_meta(req.request()).ip;
            let outcome = state.accounts.authenticate_api_key(&token, ip.as_deref()).await.map_err(ApiError::from);
            req.extensions_mut().insert(KeyOutcome(outcome));
        } else {
            let outcome = state.accounts.authenticate(&token).await.map_err(ApiError::from);
            if let Ok(auth) = &outcome {
                if let Some(token) = &auth.refreshed_token {
                    req.extensions_mut().insert(RefreshedToken(token.clone()));
                }
            }
            req.extensions_mut().insert(SessionOutcome(outcome));
        }
    }
    let impersonated_write = match req.extensions().get::<SessionOutcome>() {
        Some(SessionOutcome(Ok(auth))) if auth.impersonated_by.is_some() => {
            let path = req.path();
            let own_exit = path.strip_prefix(crate::API_BASE) == Some(EXIT_IMPERSONATION);
            (is_write(req.method(), path) && !own_exit).then(|| (auth.clone(), format!("{} {path}", req.method())))
        }
        _ => None,
    };
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let response = next.call(req).await?;
    // Everything support changes while acting as a user is audited with both names (what was
    // refused changed nothing, and is not).
    if let (Some((auth, call)), Some(state)) = (impersonated_write, state) {
        let status = response.status();
        if status.is_success() {
            let what = format!("{call} → {}", status.as_u16());
            if let Err(err) = state.system.record_act_as(&auth, what).await {
                tracing::error!(error = %err, "could not audit a write made while impersonating");
            }
        }
    }
    Ok(response)
}

/// Leaving impersonation, which audits itself.
const EXIT_IMPERSONATION: &str = "/auth/exit-impersonation-mode";

fn bearer_token(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(actix_web::http::header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim().to_owned()).filter(|token| !token.is_empty())
}

/// Calls the spec makes by GET that change something (002 §7 "Celebrations"): writes all the
/// same, blocked like any other for an expired or suspended company.
pub const WRITES_BY_GET: [&str; 2] =
    ["/celebration/delete-custom-celebration-message", "/celebration/delete-custom-company-celebration-message"];

fn is_write(method: &Method, path: &str) -> bool {
    let by_get = path.strip_prefix(crate::API_BASE).is_some_and(|path| WRITES_BY_GET.contains(&path));
    by_get || !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// An expired trial or a suspended company changes nothing (the spec's two messages).
fn writes_allowed(standing: AccountStanding) -> Result<(), ApiError> {
    match standing {
        AccountStanding::Active => Ok(()),
        AccountStanding::TrialExpired => {
            Err(ApiError::new(ErrorCode::AccountExpired, "This account has expired! Please active your subscription."))
        }
        AccountStanding::Suspended => Err(ApiError::new(
            ErrorCode::AccountSuspended,
            "This account has been suspended, please notify account admin to login and update your company's payment method.",
        )),
    }
}

/// Any signed-in user, system admins included. Refuses writes of an expired or suspended
/// company, except the few the spec allows.
pub struct SignedIn(pub Authenticated);

impl FromRequest for SignedIn {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let outcome = req.extensions().get::<SessionOutcome>().cloned();
        let key = req.extensions().get::<KeyOutcome>().cloned();
        let req = req.clone();
        Box::pin(async move {
            let auth = match outcome {
                Some(SessionOutcome(outcome)) => outcome?,
                None if key.is_some() => return Err(ApiError::new(ErrorCode::Forbidden, KEY_NOT_ALLOWED)),
                None => return Err(ApiError::unauthorized()),
            };
            let exempt = write_allowed_when_blocked(req.path());
            if is_write(req.method(), req.path()) && !exempt {
                writes_allowed(auth.standing(chrono::Utc::now()))?;
            }
            Ok(SignedIn(auth))
        })
    }
}

/// Which API key scope a guard accepts besides a session: [`NoKey`] (the default: no key) or
/// one of [`scope`]'s markers. A route opens to keys by naming the marker in its guard's type
/// (`Privileged<scope::TimeRead>`), so what a key may call is read in the handlers' signatures,
/// and the OpenAPI document marks the same operations (`api_key` security with the scope's code;
/// the matrix test checks that the two agree).
pub trait KeyScope {
    const SCOPE: Option<ApiScope>;
}

/// No API key: a session only.
pub struct NoKey;

impl KeyScope for NoKey {
    const SCOPE: Option<ApiScope> = None;
}

/// The markers of the key scopes a route may accept.
pub mod scope {
    use super::KeyScope;
    use accounts::api_keys::ApiScope;

    macro_rules! scopes {
        ($($(#[$doc:meta])* $name:ident => $scope:expr,)*) => {$(
            $(#[$doc])*
            pub struct $name;

            impl KeyScope for $name {
                const SCOPE: Option<ApiScope> = Some($scope);
            }
        )*};
    }

    scopes! {
        /// `people:read`: the company's people and their records.
        PeopleRead => ApiScope::PeopleRead,
        /// `time:read`: shifts, timesheets and worked hours.
        TimeRead => ApiScope::TimeRead,
        /// `time:write`: adding, changing and removing shifts.
        TimeWrite => ApiScope::TimeWrite,
        /// `time_off:read`: balances, requests and holidays.
        TimeOffRead => ApiScope::TimeOffRead,
        /// `time_off:write`: requesting, answering and adjusting time off.
        TimeOffWrite => ApiScope::TimeOffWrite,
        /// `reports:read`: reports, exports and payroll files.
        ReportsRead => ApiScope::ReportsRead,
    }
}

/// The member's context: a signed-in user of a company (system admins belong to none), or, on
/// a route whose guard accepts `scope`, a company API key acting as its admin.
fn member(
    req: &HttpRequest,
    payload: &mut Payload,
    scope: Option<ApiScope>,
) -> LocalBoxFuture<'static, Result<TenantCtx, ApiError>> {
    let ip = request_meta(req).ip;
    if let Some(KeyOutcome(outcome)) = req.extensions().get::<KeyOutcome>().cloned() {
        let write = is_write(req.method(), req.path());
        return Box::pin(async move { key_member(outcome?, scope, write, ip) });
    }
    let session = SignedIn::from_request(req, payload);
    Box::pin(async move {
        let SignedIn(auth) = session.await?;
        let company = auth.company_id().ok_or_else(ApiError::forbidden)?;
        if auth.role == Role::SysAdmin {
            return Err(ApiError::forbidden());
        }
        let origin = Origin::web(ip, auth.impersonated_by);
        Ok(TenantCtx::new(company, auth.user_id(), auth.role, auth.time_zone).with_origin(origin))
    })
}

/// A key's context on a route that accepts `scope`: its admin's, marked as coming through the key.
fn key_member(
    key: accounts::api_keys::KeyAuth,
    scope: Option<ApiScope>,
    write: bool,
    ip: Option<String>,
) -> Result<TenantCtx, ApiError> {
    let Some(scope) = scope else { return Err(ApiError::new(ErrorCode::Forbidden, KEY_NOT_ALLOWED)) };
    if !key.allows(scope) {
        return Err(ApiError::new(
            ErrorCode::Forbidden,
            format!("This API key does not have the scope \"{}\" this route needs.", scope.code()),
        ));
    }
    if write {
        writes_allowed(key.standing)?;
    }
    let origin = Origin::api(ip, key.key);
    Ok(TenantCtx::new(key.company, key.acts_as, key.role, key.time_zone).with_origin(origin))
}

macro_rules! tenant_guard_type {
    ($(#[$doc:meta])* $name:ident, $ctx:ty, $prove:expr) => {
        $(#[$doc])*
        pub struct $name<S: KeyScope = NoKey> {
            pub ctx: $ctx,
            scope: PhantomData<S>,
        }

        impl<S: KeyScope> FromRequest for $name<S> {
            type Error = ApiError;
            type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

            fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
                let guard = member(req, payload, S::SCOPE);
                Box::pin(async move {
                    let ctx = guard.await?;
                    let prove: fn(TenantCtx) -> Option<$ctx> = $prove;
                    let ctx = prove(ctx).ok_or_else(ApiError::forbidden)?;
                    Ok($name { ctx, scope: PhantomData })
                })
            }
        }
    };
}

tenant_guard_type!(
    /// Any member of a company: employee, manager or admin.
    Member,
    TenantCtx,
    Some
);
tenant_guard_type!(
    /// A manager (acting on their reports and themselves) or an admin.
    Privileged,
    ManagerCtx,
    |ctx| ctx.manager()
);
tenant_guard_type!(
    /// A company admin.
    Admin,
    AdminCtx,
    |ctx| ctx.manager().and_then(|manager| manager.admin())
);

/// A shared kiosk (issue 40): `Authorization: Kiosk <secret>`, a device an admin registered
/// and has not revoked. Builds the [`KioskCtx`] the kiosk's routes take, the only proof they
/// accept. Any other credential, or none, is 401; and since a kiosk's credential is no session,
/// every other route answers it 401 too.
pub struct KioskDevice {
    pub ctx: KioskCtx,
}

fn kiosk_secret(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(actix_web::http::header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, secret) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("kiosk").then(|| secret.trim().to_owned()).filter(|secret| !secret.is_empty())
}

impl FromRequest for KioskDevice {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let secret = kiosk_secret(req);
        let state = req.app_data::<web::Data<AppState>>().cloned();
        // A press is a write: refused, like a person's, while the company's trial has expired or
        // it is suspended. Leaving kiosk mode stays open (it changes nothing of the company's).
        let press = is_write(req.method(), req.path()) && !req.path().ends_with("/kiosk/leave");
        Box::pin(async move {
            let (Some(secret), Some(state)) = (secret, state) else { return Err(ApiError::unauthorized()) };
            let auth = state.kiosks.authenticate(&secret).await?.ok_or_else(ApiError::unauthorized)?;
            if press {
                writes_allowed(auth.standing)?;
            }
            Ok(KioskDevice { ctx: KioskCtx::new(auth.company, auth.kiosk, auth.location, auth.time_zone) })
        })
    }
}

/// The platform operator, signed in as themselves: builds the [`SystemCtx`] every service of
/// the system area takes. Anyone else — a company admin however privileged, and an operator's
/// impersonation session — hears 404, as for a path that does not exist (spec 002 §6; the
/// contract in `docs/contracts/system.md`); without a token, 401.
pub struct Operator {
    pub ctx: SystemCtx,
    pub session: Authenticated,
}

impl FromRequest for Operator {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let session = SignedIn::from_request(req, payload);
        Box::pin(async move {
            let SignedIn(auth) = session.await.map_err(|error| match error.code {
                ErrorCode::Unauthorized => error,
                _ => ApiError::not_found(),
            })?;
            if auth.role != Role::SysAdmin || auth.impersonated_by.is_some() || auth.company().is_some() {
                return Err(ApiError::not_found());
            }
            let ctx = SystemCtx::new(auth.user_id(), auth.email().to_owned());
            Ok(Operator { ctx, session: auth })
        })
    }
}

/// The user themselves, not support acting as them: changing one's password or e-mail takes
/// it (issue 23: an impersonation "cannot change the user's password or e-mail"). An
/// impersonation session hears 403. Named beside the handler's other guard, which still
/// decides who may call at all.
pub struct NotImpersonating;

/// Why [`NotImpersonating`] refuses.
pub const SUPPORT_CANNOT_CHANGE: &str = "Support cannot change this while acting as the user.";

impl FromRequest for NotImpersonating {
    type Error = ApiError;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let impersonating = matches!(
            req.extensions().get::<SessionOutcome>(),
            Some(SessionOutcome(Ok(auth))) if auth.impersonated_by.is_some()
        );
        ready(if impersonating {
            Err(ApiError::new(ErrorCode::Forbidden, SUPPORT_CANNOT_CHANGE))
        } else {
            Ok(NotImpersonating)
        })
    }
}

/// The caller's network address and user agent, for throttling and the session record.
/// The address is the TCP peer's, unless that peer is one of the deployment's own reverse proxies
/// (`--trusted-proxies`): then it is the one the proxies say they received the request from
/// ([`client_ip`]). Anyone can send `X-Forwarded-For`, so from any other peer it is ignored.
pub struct ClientMeta(pub RequestMeta);

impl FromRequest for ClientMeta {
    type Error = ApiError;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(ClientMeta(request_meta(req))))
    }
}

/// The caller's address and user agent ([`ClientMeta`]'s rule).
fn request_meta(req: &HttpRequest) -> RequestMeta {
    let trusted = req.app_data::<web::Data<AppState>>().map(|state| state.trusted_proxies.as_slice()).unwrap_or(&[]);
    let forwarded: Vec<&str> =
        req.headers().get_all("x-forwarded-for").filter_map(|value| value.to_str().ok()).collect();
    let ip = req.peer_addr().map(|addr| client_ip(addr.ip(), &forwarded, trusted).to_string());
    let user_agent =
        req.headers().get(actix_web::http::header::USER_AGENT).and_then(|value| value.to_str().ok()).map(str::to_owned);
    RequestMeta { ip, user_agent }
}

/// The client's address: `peer`, or — while the hop is one of `trusted` — the address the hop
/// put last in `X-Forwarded-For` (each proxy appends who it heard from, so the list is read from
/// its end, and the first address no trusted proxy vouches for is the client; what a client
/// wrote at the list's start itself is never reached). An unreadable entry stops the walk at the
/// last trusted hop.
pub fn client_ip(peer: IpAddr, forwarded: &[&str], trusted: &[IpAddr]) -> IpAddr {
    let mut hops = forwarded.iter().flat_map(|header| header.split(',')).map(str::trim).rev();
    let mut client = peer;
    while trusted.contains(&client) {
        match hops.next().and_then(|hop| hop.parse::<IpAddr>().ok()) {
            Some(hop) => client = hop,
            None => break,
        }
    }
    client
}

/// The owner of a calendar feed, proven by the secret in the feed's URL
/// (`/calendar-feed/{secret}.ics`): calendar apps send no token, so the secret is the key. It
/// builds the owner's own [`TenantCtx`] — the feed shows what they may see — only while they
/// may still sign in; any other secret is a 404, like a URL that does not exist.
pub struct FeedOwner {
    pub ctx: TenantCtx,
}

impl FromRequest for FeedOwner {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let secret = req.match_info().get("secret").map(|secret| secret.trim_end_matches(".ics").to_owned());
        Box::pin(async move {
            let (Some(state), Some(secret)) = (state, secret) else { return Err(ApiError::not_found()) };
            let owner = state.hr.feed_owner(&secret).await?.ok_or_else(ApiError::not_found)?;
            let member = state
                .accounts
                .active_member(kernel::CompanyId(owner.company_id), kernel::UserId(owner.user_id))
                .await?
                .ok_or_else(ApiError::not_found)?;
            Ok(FeedOwner { ctx: TenantCtx::new(member.company, member.user_id, member.role, member.time_zone) })
        })
    }
}

/// The approver an answer link was mailed to (`/approvals/answer/{token}`, issue 41), proven by
/// the token in the path: approvers answer from their phone without signing in, so the token is
/// the key. It builds that approver's own [`ManagerCtx`] while they are still an active manager
/// or admin of the company; what the link allows (one step of one request, once, for seven days)
/// the approvals service checks. An unknown token is a 404, like a URL that does not exist; an
/// answer (a POST) is refused, like any write, while the company's trial has expired or it is
/// suspended.
pub struct AnswerLink {
    pub ctx: ManagerCtx,
    pub grant: approvals::LinkGrant,
}

/// What an unknown or no longer usable answer link hears.
pub const LINK_NOT_VALID: &str = "This link is not valid.";

impl FromRequest for AnswerLink {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let token = req.match_info().get("token").map(str::to_owned);
        let write = is_write(req.method(), req.path());
        let ip = request_meta(req).ip;
        Box::pin(async move {
            let invalid = || ApiError::new(ErrorCode::NotFound, LINK_NOT_VALID);
            let (Some(state), Some(token)) = (state, token) else { return Err(invalid()) };
            let grant = state.approvals.link_grant(&token).await?.ok_or_else(invalid)?;
            let member = state.accounts.active_member(grant.company, grant.approver).await?.ok_or_else(invalid)?;
            if write {
                let standing = state.accounts.company_zone_and_standing(grant.company, chrono::Utc::now()).await?;
                writes_allowed(standing.map(|(_, standing)| standing).ok_or_else(invalid)?)?;
            }
            let origin = Origin::web(ip, None);
            let ctx = TenantCtx::new(member.company, member.user_id, member.role, member.time_zone).with_origin(origin);
            Ok(AnswerLink { ctx: ctx.manager().ok_or_else(invalid)?, grant })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::client_ip;
    use std::net::IpAddr;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn the_client_is_the_first_address_no_trusted_proxy_vouches_for() {
        let proxies = [ip("10.0.0.1"), ip("10.0.0.2")];
        // No proxy: the peer, whatever it claims.
        assert_eq!(client_ip(ip("203.0.113.9"), &["198.51.100.1"], &proxies), ip("203.0.113.9"));
        // One proxy.
        assert_eq!(client_ip(ip("10.0.0.1"), &["198.51.100.1"], &proxies), ip("198.51.100.1"));
        // A client's own forged start of the list is not reached.
        assert_eq!(client_ip(ip("10.0.0.1"), &["1.2.3.4, 198.51.100.1"], &proxies), ip("198.51.100.1"));
        // Two proxies, over two headers.
        assert_eq!(client_ip(ip("10.0.0.2"), &["1.2.3.4, 198.51.100.1", "10.0.0.1"], &proxies), ip("198.51.100.1"));
        // Nothing forwarded, or nonsense: the last trusted hop.
        assert_eq!(client_ip(ip("10.0.0.1"), &[], &proxies), ip("10.0.0.1"));
        assert_eq!(client_ip(ip("10.0.0.1"), &["not-an-ip"], &proxies), ip("10.0.0.1"));
    }
}
