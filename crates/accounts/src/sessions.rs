//! Signing in and out, and recognising a signed-in request.

use crate::commands::LoginCommand;
use crate::entities::{companies, email_tokens, sessions, users};
use crate::password::{verify_against_dummy, verify_password};
use crate::tokens::{hash_token, random_token, unix_seconds, Identity};
use crate::two_factor::LoginOutcome;
use crate::{throttle, Accounts, AccountsError, RequestMeta};
use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use kernel::time::{local_date, parse_time_zone, utc_offset_minutes, DEFAULT_TIME_ZONE};
use kernel::{CompanyId, EmploymentStatus, Role, UserId};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, FromQueryResult,
    QueryFilter, QueryOrder, QueryTrait, Statement,
};
use std::sync::OnceLock;

/// The session lookup of every request: the session, its user and their company, by session id.
/// Its SQL is built once per backend and reused: building it through the query builder (three
/// tables' columns, each aliased) took more CPU than running it, about a tenth of the server's
/// whole CPU under `just bench-clock`. Rows are read with sea-orm's prefixes for three-entity
/// selects (`A_`, `B_`, `C_`).
fn session_lookup(backend: DbBackend, session_id: String) -> Statement {
    static SQLITE: OnceLock<String> = OnceLock::new();
    static POSTGRES: OnceLock<String> = OnceLock::new();
    static OTHER: OnceLock<String> = OnceLock::new();
    let cached = match backend {
        DbBackend::Sqlite => &SQLITE,
        DbBackend::Postgres => &POSTGRES,
        _ => &OTHER,
    };
    let sql = cached.get_or_init(|| {
        backend
            .build(
                &sessions::Entity::find_by_id(String::new())
                    .find_also_related(users::Entity)
                    .and_also_related(companies::Entity)
                    .into_query(),
            )
            .sql
    });
    Statement::from_sql_and_values(backend, sql.clone(), [session_id.into()])
}

/// What a login code is kept as (`email_tokens.purpose`).
pub(crate) const PURPOSE_LOGIN_CODE: &str = "login-code";
/// How long a login code may wait to be exchanged.
pub const LOGIN_CODE_SECONDS: i64 = 60;

/// A one-time code for `/login?token=`.
#[derive(Debug, Clone, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct LoginCode {
    pub code: String,
    /// Seconds it stays good for.
    pub expires_in: i64,
}

/// What a login code is bound to: the session it opens and the page it may be opened from.
#[derive(serde::Serialize, serde::Deserialize)]
struct LoginCodeBinding {
    session: String,
    origin: Option<String>,
}

/// A session token and the identity it carries.
#[derive(Debug, Clone)]
pub struct SignedIn {
    pub token: String,
    pub identity: Identity,
}

/// A request's verified session, re-read from the database on every request.
#[derive(Debug, Clone)]
pub struct Authenticated {
    pub session_id: String,
    /// When the session began (sign-in): its absolute lifetime counts from here.
    pub session_started_at: DateTime<Utc>,
    /// The rows stay accounts' own: other crates ask the methods below (the `Person` view
    /// through [`Accounts::employee_in_scope`] when they need more).
    pub(crate) user: users::Model,
    pub(crate) company: Option<companies::Model>,
    pub role: Role,
    pub time_zone: Tz,
    /// The system admin acting as this user, when impersonating.
    pub impersonated_by: Option<UserId>,
    /// A new token, when the one presented was past half its life.
    pub refreshed_token: Option<String>,
    /// The embedding page's origin the presented token was issued for (its `origin` claim):
    /// checked against the configured origins when that token's sign-in named it, and carried
    /// into every token of the session signed from this one.
    pub origin: Option<String>,
}

impl Accounts {
    /// The company as a session sees it: without billing (a self-hosted install) there is no
    /// trial end and no Billing screen; with it every company has Billing (spec 000 §6's
    /// "HR subscription").
    pub(crate) fn as_billed(&self, company: Option<companies::Model>) -> Option<companies::Model> {
        let billing = self.config.billing_enabled;
        company.map(|company| companies::Model {
            trial_end: company.trial_end.filter(|_| billing),
            has_hr_subscription: billing,
            ..company
        })
    }
}

/// Whether the company may still change things (spec 000 §4 'Account').
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountStanding {
    Active,
    /// The trial ended before today (in the company's zone).
    TrialExpired,
    Suspended,
}

impl Authenticated {
    pub fn user_id(&self) -> UserId {
        self.user.id
    }

    pub fn company_id(&self) -> Option<CompanyId> {
        self.company.as_ref().map(|company| company.id)
    }

    /// The signed-in person's sign-in address.
    pub fn email(&self) -> &str {
        &self.user.email
    }

    /// The signed-in person's company and its name (none for the platform operator).
    pub fn company(&self) -> Option<(CompanyId, &str)> {
        self.company.as_ref().map(|company| (company.id, company.name.as_str()))
    }

    pub fn standing(&self, now: DateTime<Utc>) -> AccountStanding {
        company_standing(self.company.as_ref(), self.time_zone, now)
    }
}

pub(crate) fn company_standing(company: Option<&companies::Model>, tz: Tz, now: DateTime<Utc>) -> AccountStanding {
    match company {
        None => AccountStanding::Active,
        Some(company) if company.suspended => AccountStanding::Suspended,
        Some(company) => match company.trial_end {
            Some(end) if end < local_date(tz, now) => AccountStanding::TrialExpired,
            _ => AccountStanding::Active,
        },
    }
}

pub(crate) fn company_time_zone(company: Option<&companies::Model>) -> Tz {
    company.and_then(|company| parse_time_zone(&company.time_zone)).unwrap_or(DEFAULT_TIME_ZONE)
}

/// A company member found by id, for a guard that proves who is asking by other means than a
/// token (the calendar feed's secret).
#[derive(Debug, Clone)]
pub struct Member {
    pub user_id: UserId,
    pub company: CompanyId,
    pub role: Role,
    pub time_zone: Tz,
}

impl Accounts {
    /// The member `user_id` of `company` if they may still sign in (active, with a role and a
    /// company); `None` otherwise, so a feed of someone terminated stops like their sessions.
    pub async fn active_member(&self, company: CompanyId, user_id: UserId) -> Result<Option<Member>, AccountsError> {
        let Some(user) = users::Entity::find_by_id(user_id.0)
            .filter(kernel::tenancy::same_company::<users::Entity>(company))
            .one(&self.db)
            .await?
        else {
            return Ok(None);
        };
        let role = user.role;
        if role == Role::SysAdmin {
            return Ok(None);
        }
        if user.status != EmploymentStatus::Active {
            return Ok(None);
        }
        let company_row = companies::Entity::find_by_id(company.0).one(&self.db).await?;
        if company_row.is_none() {
            return Ok(None);
        }
        Ok(Some(Member { user_id, company, role, time_zone: company_time_zone(company_row.as_ref()) }))
    }

    /// The company's zone and standing, if it exists (a kiosk's guard: days are the company's,
    /// and an expired or suspended company's kiosks press nothing, like its people).
    pub async fn company_zone_and_standing(
        &self,
        company: CompanyId,
        now: DateTime<Utc>,
    ) -> Result<Option<(Tz, AccountStanding)>, AccountsError> {
        let row = companies::Entity::find_by_id(company.0).one(&self.db).await?;
        Ok(row.as_ref().map(|row| {
            let zone = company_time_zone(Some(row));
            (zone, company_standing(Some(row), zone, now))
        }))
    }

    /// The company's zone, if it exists (a kiosk's guard: days are the company's).
    pub async fn company_zone(&self, company: CompanyId) -> Result<Option<Tz>, AccountsError> {
        let row = companies::Entity::find_by_id(company.0).one(&self.db).await?;
        Ok(row.as_ref().map(|row| company_time_zone(Some(row))))
    }

    /// One active person of a company who may press (a kiosk's press), if there is one.
    pub async fn active_person(&self, company: CompanyId, id: UserId) -> Result<Option<crate::Person>, AccountsError> {
        Ok(users::Entity::find_by_id(id.0)
            .filter(kernel::tenancy::same_company::<users::Entity>(company))
            .filter(users::Column::Status.eq(EmploymentStatus::Active))
            .filter(users::Column::Role.ne(Role::SysAdmin))
            .one(&self.db)
            .await?
            .map(crate::Person::from))
    }

    /// The active people of a company who may press (a kiosk's list), by last name.
    pub async fn active_people_of(&self, company: CompanyId) -> Result<Vec<crate::Person>, AccountsError> {
        Ok(users::Entity::find()
            .filter(kernel::tenancy::same_company::<users::Entity>(company))
            .filter(users::Column::Status.eq(EmploymentStatus::Active))
            .filter(users::Column::Role.ne(Role::SysAdmin))
            .order_by_asc(users::Column::LastName)
            .order_by_asc(users::Column::FirstName)
            .all(&self.db)
            .await?
            .into_iter()
            .map(crate::Person::from)
            .collect())
    }

    /// `POST /auth/login` in its three forms. `embed_origin` is the page embedding the product
    /// (spec 000 §2 `/login?origin=`), already checked by the caller against the configured
    /// framing origins: it becomes the token's `origin` claim. Exchanging a session token
    /// without one keeps the claim that token had.
    ///
    /// `bearer` is the session token the request was sent with (its `Authorization` header): a
    /// `token` that is that very session token is the caller renewing its own session (the web app
    /// does after a change of the identity's claims), which a link cannot ask for.
    pub async fn login(
        &self,
        command: LoginCommand,
        meta: &RequestMeta,
        embed_origin: Option<String>,
        bearer: Option<&str>,
    ) -> Result<LoginOutcome, AccountsError> {
        let signed = match command {
            // A password or an e-mailed link may need a second factor (`two_factor`).
            LoginCommand::Password { email, password } => {
                return self.login_with_password(&email, password, meta, embed_origin).await
            }
            LoginCommand::SecurityToken { email, token } => {
                return self.login_with_security_token(&email, &token, meta, embed_origin).await
            }
            LoginCommand::LoginCode(token) if bearer == Some(token.as_str()) => {
                let now = Utc::now();
                let auth = self.authenticate(&token).await?;
                self.extend_session(&auth, now).await?
            }
            LoginCommand::LoginCode(code) => self.exchange_login_code(&code, embed_origin.clone()).await?,
        };
        Ok(LoginOutcome::Session(Box::new(self.embedded_in(signed, embed_origin)?)))
    }

    /// `POST /auth/login-code`: a one-time code that signs into the caller's session once, within
    /// [`LOGIN_CODE_SECONDS`], from the page `origin` names (or from no embedding page, when it
    /// names none): what a partner puts in `/login?token=` to open Timekeep signed in. Kept
    /// hashed, as the e-mailed links are (same table, its own purpose), so every instance can
    /// exchange it.
    pub async fn issue_login_code(
        &self,
        auth: &Authenticated,
        origin: Option<String>,
    ) -> Result<LoginCode, AccountsError> {
        let now = Utc::now();
        let code = random_token();
        let bound = LoginCodeBinding { session: auth.session_id.clone(), origin };
        let payload = serde_json::to_string(&bound).map_err(|err| AccountsError::Internal(err.to_string()))?;
        email_tokens::ActiveModel {
            user_id: Set(auth.user.id),
            purpose: Set(PURPOSE_LOGIN_CODE.to_owned()),
            token_hash: Set(hash_token(&code)),
            expires_at: Set(now + chrono::Duration::seconds(LOGIN_CODE_SECONDS)),
            used_at: Set(None),
            created_at: Set(now),
            payload: Set(Some(payload)),
            ..Default::default()
        }
        .insert(&self.db)
        .await?;
        Ok(LoginCode { code, expires_in: LOGIN_CODE_SECONDS })
    }

    /// The session a login code stands for, signed anew, once; only from the page it was made
    /// for. Any failure is the same 401, whatever was wrong.
    async fn exchange_login_code(&self, code: &str, origin: Option<String>) -> Result<SignedIn, AccountsError> {
        let now = Utc::now();
        let (link, _) =
            self.find_live_link(code, PURPOSE_LOGIN_CODE, now).await?.ok_or(AccountsError::Unauthenticated)?;
        let bound: LoginCodeBinding = link
            .payload
            .as_deref()
            .and_then(|payload| serde_json::from_str(payload).ok())
            .ok_or(AccountsError::Unauthenticated)?;
        if bound.origin != origin {
            return Err(AccountsError::Unauthenticated);
        }
        self.use_link(&link, now).await.map_err(|_| AccountsError::Unauthenticated)?;
        let auth = self.session_auth(bound.session, origin, now).await?;
        self.extend_session(&auth, now).await
    }

    /// The same identity with `origin` as its embedding page (none: unchanged). Signed again
    /// rather than threaded through every sign-in path: only an embedded sign-in pays for it.
    pub(crate) fn embedded_in(&self, signed: SignedIn, origin: Option<String>) -> Result<SignedIn, AccountsError> {
        if origin.is_none() || signed.identity.origin == origin {
            return Ok(signed);
        }
        let identity = Identity { origin, ..signed.identity };
        Ok(SignedIn { token: self.keys.sign(&identity)?, identity })
    }

    async fn login_with_password(
        &self,
        email: &str,
        password: String,
        meta: &RequestMeta,
        origin: Option<String>,
    ) -> Result<LoginOutcome, AccountsError> {
        let user = self.check_password(email, password, meta).await?;
        self.after_first_factor(user, meta, origin, Utc::now()).await
    }

    /// The account of a good e-mail and password (active, verified), with sign-in's throttles.
    async fn check_password(
        &self,
        email: &str,
        password: String,
        meta: &RequestMeta,
    ) -> Result<users::Model, AccountsError> {
        let now = Utc::now();
        // Three counts: this account from this address, this address across accounts, and this
        // account from anywhere. The last blocks only addresses the account never signed in
        // from, so an attacker failing on purpose cannot lock the owner out.
        let email_key = throttle::keys::login_email(email);
        let email_ip_key = throttle::keys::login_email_ip(email, meta.ip_key());
        let ip_key = throttle::keys::login_ip(meta.ip_key());
        let user = users::Entity::find().filter(users::Column::Email.eq(email)).one(&self.db).await?;
        for key in [&email_ip_key, &ip_key, &email_key] {
            if let Some(until) = throttle::blocked_until(&self.db, key, now).await? {
                if key == &email_key && self.known_address(user.as_ref(), meta).await? {
                    continue;
                }
                return Err(AccountsError::TooManyAttempts { retry_after_seconds: (until - now).num_seconds().max(1) });
            }
        }

        let stored_hash = user.as_ref().and_then(|user| user.password_hash.clone());
        // argon2 is deliberately slow and memory-hungry: off the async workers, and only so
        // many at once (`hashing`).
        let matches = self
            .hashing
            .run(move || match stored_hash {
                Some(hash) => verify_password(&password, &hash),
                None => {
                    verify_against_dummy(&password);
                    false
                }
            })
            .await?;

        let user = match user {
            Some(user) if matches && user.status == EmploymentStatus::Active => user,
            _ => {
                let failures =
                    throttle::record_failure(&self.db, &email_ip_key, self.config.login_failures_per_email, now)
                        .await?;
                throttle::record_failure(&self.db, &email_key, self.config.login_failures_per_email, now).await?;
                throttle::record_failure(&self.db, &ip_key, self.config.login_failures_per_ip, now).await?;
                return Err(AccountsError::InvalidCredentials { suggest_reset: failures > 3 });
            }
        };
        if user.email_verified_at.is_none() {
            // Only someone who knows the password learns this, and gets a fresh link.
            self.send_verification(&user, now).await?;
            return Err(AccountsError::EmailNotVerified);
        }
        throttle::clear(&self.db, &email_ip_key).await?;
        throttle::clear(&self.db, &email_key).await?;
        Ok(user)
    }

    /// Whether `user` has signed in from this network address before (a session of theirs was
    /// started from it).
    async fn known_address(&self, user: Option<&users::Model>, meta: &RequestMeta) -> Result<bool, AccountsError> {
        let (Some(user), Some(ip)) = (user, meta.ip.as_deref()) else { return Ok(false) };
        Ok(sessions::Entity::find()
            .filter(sessions::Column::UserId.eq(user.id))
            .filter(sessions::Column::Ip.eq(ip))
            .one(&self.db)
            .await?
            .is_some())
    }

    async fn login_with_security_token(
        &self,
        email: &str,
        token: &str,
        meta: &RequestMeta,
        origin: Option<String>,
    ) -> Result<LoginOutcome, AccountsError> {
        let now = Utc::now();
        let (link, user) = self
            .find_live_link(token, crate::signup::PURPOSE_SECURITY, now)
            .await?
            .filter(|(_, user)| user.email == email && user.status == EmploymentStatus::Active)
            .ok_or(AccountsError::InvalidLink { verification: false })?;
        self.use_link(&link, now).await?;
        let user = if user.email_verified_at.is_none() {
            let mut active: users::ActiveModel = user.into();
            active.email_verified_at = Set(Some(now));
            active.update(&self.db).await?
        } else {
            user
        };
        self.after_first_factor(user, meta, origin, now).await
    }

    /// An unused, unexpired e-mail link for `purpose`, with its user.
    pub(crate) async fn find_live_link(
        &self,
        token: &str,
        purpose: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<(email_tokens::Model, users::Model)>, AccountsError> {
        let link = email_tokens::Entity::find()
            .filter(email_tokens::Column::TokenHash.eq(hash_token(token)))
            .filter(email_tokens::Column::Purpose.eq(purpose))
            .one(&self.db)
            .await?;
        let Some(link) = link.filter(|link| link.used_at.is_none() && link.expires_at > now) else {
            return Ok(None);
        };
        let user = users::Entity::find_by_id(link.user_id).one(&self.db).await?;
        Ok(user.map(|user| (link, user)))
    }

    /// Marks a link used; `false` when another request used it first.
    pub(crate) async fn use_link(&self, link: &email_tokens::Model, now: DateTime<Utc>) -> Result<(), AccountsError> {
        let result = email_tokens::Entity::update_many()
            .col_expr(email_tokens::Column::UsedAt, Expr::value(now))
            .filter(email_tokens::Column::Id.eq(link.id))
            .filter(email_tokens::Column::UsedAt.is_null())
            .exec(&self.db)
            .await?;
        if result.rows_affected == 1 {
            Ok(())
        } else {
            Err(AccountsError::InvalidLink { verification: false })
        }
    }

    pub(crate) async fn start_session(
        &self,
        user: users::Model,
        impersonator: Option<UserId>,
        meta: &RequestMeta,
        now: DateTime<Utc>,
    ) -> Result<SignedIn, AccountsError> {
        let session = sessions::ActiveModel {
            id: Set(random_token()),
            user_id: Set(user.id),
            impersonator_id: Set(impersonator),
            parent_session_id: Set(None),
            created_at: Set(now),
            expires_at: Set(now + self.config.session_ttl),
            revoked_at: Set(None),
            ip: Set(meta.ip.clone().map(|ip| truncate(ip, 64))),
            user_agent: Set(meta.user_agent.clone().map(|agent| truncate(agent, 255))),
        }
        .insert(&self.db)
        .await?;
        let company = match user.company_id {
            Some(id) => self.as_billed(companies::Entity::find_by_id(id).one(&self.db).await?),
            None => None,
        };
        let signed = self.sign(&session, &user, company.as_ref(), now)?;
        if user.first_time_login {
            // The token just issued still says `firstTimeLogin`; later ones do not.
            users::Entity::update_many()
                .col_expr(users::Column::FirstTimeLogin, Expr::value(false))
                .filter(users::Column::Id.eq(user.id))
                .exec(&self.db)
                .await?;
        }
        if impersonator.is_none() {
            // The operator's statistics: the person's last sign-in and their company's month.
            self.record_sign_in(&user, now).await?;
        }
        if let (Some(company), Role::Admin | Role::Manager) = (user.company_id, user.role) {
            // The company's audit trail: its admins' and managers' sign-ins (support's too).
            let origin = kernel::Origin::web(meta.ip.clone(), impersonator);
            audit::record_sign_in(&self.db, company, user.id, &origin, meta.user_agent.as_deref()).await?;
        }
        Ok(signed)
    }

    pub(crate) fn sign(
        &self,
        session: &sessions::Model,
        user: &users::Model,
        company: Option<&companies::Model>,
        now: DateTime<Utc>,
    ) -> Result<SignedIn, AccountsError> {
        let tz = company_time_zone(company);
        let identity = Identity {
            sid: session.id.clone(),
            email: user.email.clone(),
            eid: user.id.0,
            utc_offset: utc_offset_minutes(tz, now),
            timezone: tz.name().to_owned(),
            firstname: user.first_name.clone(),
            lastname: user.last_name.clone(),
            avatar: user.avatar.clone(),
            suspended: company.is_some_and(|company| company.suspended),
            roles: vec![user.role.code().to_owned()],
            pwdchg: user.password_change_required,
            trial_end: company.and_then(|company| company.trial_end).map(|day| day.format("%Y-%m-%d").to_string()),
            joyride: user.joyride_done,
            impersonate: session.impersonator_id.is_some(),
            first_time_login: user.first_time_login,
            integrated_with_az: company.is_some_and(|company| company.integrated_with_az),
            signup_from_az: company.is_some_and(|company| company.signup_from_az),
            has_hr_subscription: company.is_some_and(|company| company.has_hr_subscription),
            has_hash_password: user.password_hash.is_some(),
            add_employee_from_az_url: None,
            origin: None,
            exp: unix_seconds(session.expires_at),
            iat: unix_seconds(now),
        };
        let token = self.keys.sign(&identity)?;
        Ok(SignedIn { token, identity })
    }

    /// Recognises a session token: signed by us, unexpired, its session neither revoked nor
    /// expired, its user still active. The rows are read afresh, so a role change, a
    /// termination or a revocation counts from the next request on.
    pub async fn authenticate(&self, token: &str) -> Result<Authenticated, AccountsError> {
        let claims = self.keys.verify(token)?;
        self.session_auth(claims.sid, claims.origin, Utc::now()).await
    }

    /// A live session by its id, as [`Self::authenticate`] reads it, with `origin` as the
    /// embedding page its tokens name.
    async fn session_auth(
        &self,
        session_id: String,
        origin: Option<String>,
        now: DateTime<Utc>,
    ) -> Result<Authenticated, AccountsError> {
        // The session, its user and their company in one query: this runs on every request.
        let row = self
            .db
            .query_one(session_lookup(self.db.get_database_backend(), session_id))
            .await?
            .ok_or(AccountsError::Unauthenticated)?;
        let session = sessions::Model::from_query_result(&row, "A_")?;
        let user = users::Model::from_query_result_optional(&row, "B_")?;
        let company = self.as_billed(companies::Model::from_query_result_optional(&row, "C_")?);
        if session.revoked_at.is_some()
            || session.expires_at <= now
            || session.created_at + self.config.session_max_age <= now
        {
            return Err(AccountsError::Unauthenticated);
        }
        let user = user.filter(|user| user.status == EmploymentStatus::Active).ok_or(AccountsError::Unauthenticated)?;
        let role = user.role;
        if user.company_id.is_some() && company.is_none() {
            return Err(AccountsError::Unauthenticated);
        }
        let time_zone = company_time_zone(company.as_ref());
        let mut auth = Authenticated {
            session_id: session.id.clone(),
            session_started_at: session.created_at,
            impersonated_by: session.impersonator_id,
            user,
            company,
            role,
            time_zone,
            refreshed_token: None,
            origin,
        };
        if let Some(parent) = &session.parent_session_id {
            // An impersonation lasts no longer than the operator's own session.
            let parent = sessions::Entity::find_by_id(parent.as_str()).one(&self.db).await?;
            if !parent.is_some_and(|parent| parent.revoked_at.is_none() && parent.expires_at > now) {
                return Err(AccountsError::Unauthenticated);
            }
        }
        // An impersonation is never renewed: it ends an hour after it began.
        let renewable =
            session.impersonator_id.is_none() && session.expires_at < session.created_at + self.config.session_max_age;
        if renewable && session.expires_at - now < self.config.session_ttl / 2 {
            auth.refreshed_token = Some(self.extend_session(&auth, now).await?.token);
        }
        Ok(auth)
    }

    /// Pushes the session's expiry a full lifetime ahead and signs a token for it.
    pub(crate) async fn extend_session(
        &self,
        auth: &Authenticated,
        now: DateTime<Utc>,
    ) -> Result<SignedIn, AccountsError> {
        let expires_at = self.session_end(auth, now);
        if auth.impersonated_by.is_none() {
            sessions::Entity::update_many()
                .col_expr(sessions::Column::ExpiresAt, Expr::value(expires_at))
                .filter(sessions::Column::Id.eq(auth.session_id.as_str()))
                .exec(&self.db)
                .await?;
        }
        let session = sessions::Model {
            id: auth.session_id.clone(),
            user_id: auth.user.id,
            impersonator_id: auth.impersonated_by,
            parent_session_id: None,
            created_at: auth.session_started_at,
            expires_at,
            revoked_at: None,
            ip: None,
            user_agent: None,
        };
        let signed = self.sign(&session, &auth.user, auth.company.as_ref(), now)?;
        self.embedded_in(signed, auth.origin.clone())
    }

    /// When the session of `auth` ends if renewed now: a full idle lifetime ahead, never past its
    /// absolute lifetime; an impersonation's end never moves.
    fn session_end(&self, auth: &Authenticated, now: DateTime<Utc>) -> DateTime<Utc> {
        if auth.impersonated_by.is_some() {
            return auth.session_started_at + crate::impersonation::IMPERSONATION_TTL;
        }
        (now + self.config.session_ttl).min(auth.session_started_at + self.config.session_max_age)
    }

    /// The identity of the signed-in user as of now (`GET /auth/login-data`).
    pub fn identity_of(&self, auth: &Authenticated) -> Result<Identity, AccountsError> {
        let now = Utc::now();
        let session = sessions::Model {
            id: auth.session_id.clone(),
            user_id: auth.user.id,
            impersonator_id: auth.impersonated_by,
            parent_session_id: None,
            created_at: auth.session_started_at,
            expires_at: self.session_end(auth, now),
            revoked_at: None,
            ip: None,
            user_agent: None,
        };
        let signed = self.sign(&session, &auth.user, auth.company.as_ref(), now)?;
        Ok(self.embedded_in(signed, auth.origin.clone())?.identity)
    }

    /// Ends the session at once: its token is refused from now on.
    /// An admin of `company` signs in to let a shared kiosk leave kiosk mode (issue 40): the
    /// checks and throttles of a sign-in, and no session is kept. Anyone else, or an admin of
    /// another company, hears what a wrong password hears.
    pub async fn confirm_admin(
        &self,
        company: CompanyId,
        email: &str,
        password: String,
        meta: &RequestMeta,
    ) -> Result<UserId, AccountsError> {
        // The password's checks and throttles, and no session at all: leaving kiosk mode opens
        // nothing, so it asks no second factor.
        let user = self.check_password(email, password, meta).await?;
        if user.company_id != Some(company) || user.role != Role::Admin {
            return Err(AccountsError::InvalidCredentials { suggest_reset: false });
        }
        Ok(user.id)
    }

    pub async fn logout(&self, auth: &Authenticated) -> Result<(), AccountsError> {
        sessions::Entity::update_many()
            .col_expr(sessions::Column::RevokedAt, Expr::value(Utc::now()))
            .filter(sessions::Column::Id.eq(auth.session_id.as_str()))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    /// Revokes every live session of a user (password change or reset, and termination).
    pub async fn revoke_all_sessions(&self, db: &impl ConnectionTrait, user: UserId) -> Result<(), AccountsError> {
        sessions::Entity::update_many()
            .col_expr(sessions::Column::RevokedAt, Expr::value(Utc::now()))
            .filter(sessions::Column::UserId.eq(user.0))
            .filter(sessions::Column::RevokedAt.is_null())
            .exec(db)
            .await?;
        Ok(())
    }
}

fn truncate(mut value: String, max_chars: usize) -> String {
    if let Some((index, _)) = value.char_indices().nth(max_chars) {
        value.truncate(index);
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{NaiveDate, TimeZone};

    #[test]
    fn the_reused_session_lookup_is_the_query_builders_for_each_session() {
        for backend in [DbBackend::Sqlite, DbBackend::Postgres] {
            for id in ["first-session", "second 'session'"] {
                let expected = backend.build(
                    &sessions::Entity::find_by_id(id)
                        .find_also_related(users::Entity)
                        .and_also_related(companies::Entity)
                        .into_query(),
                );
                assert_eq!(session_lookup(backend, id.to_owned()), expected);
            }
        }
    }

    fn company(trial_end: Option<NaiveDate>, suspended: bool) -> companies::Model {
        companies::Model {
            id: kernel::CompanyId(1),
            name: "C".into(),
            time_zone: "America/New_York".into(),
            trial_end,
            suspended,
            has_hr_subscription: false,
            integrated_with_az: false,
            signup_from_az: false,
            logo: None,
            facebook: None,
            linkedin: None,
            email: None,
            phone: None,
            address1: None,
            city: None,
            state: None,
            zip: None,
            created_at: Utc::now(),
            setup_dismissed_at: None,
            two_factor_required: false,
        }
    }

    #[test]
    fn a_trial_expires_after_its_last_day_in_the_company_zone() {
        let last_day = NaiveDate::from_ymd_opt(2026, 12, 1).unwrap();
        let tz = DEFAULT_TIME_ZONE;
        // 03:00 UTC on the 2nd is still the 1st in New York: the last day of the trial.
        let late_on_last_day = Utc.with_ymd_and_hms(2026, 12, 2, 3, 0, 0).single().unwrap();
        let next_day = Utc.with_ymd_and_hms(2026, 12, 2, 6, 0, 0).single().unwrap();
        let with_trial = company(Some(last_day), false);
        assert_eq!(company_standing(Some(&with_trial), tz, late_on_last_day), AccountStanding::Active);
        assert_eq!(company_standing(Some(&with_trial), tz, next_day), AccountStanding::TrialExpired);
        assert_eq!(company_standing(Some(&company(None, false)), tz, next_day), AccountStanding::Active);
        assert_eq!(company_standing(Some(&company(None, true)), tz, next_day), AccountStanding::Suspended);
        assert_eq!(company_standing(None, tz, next_day), AccountStanding::Active);
    }

    #[test]
    fn truncation_respects_characters() {
        assert_eq!(truncate("héllo".into(), 2), "hé");
        assert_eq!(truncate("hi".into(), 5), "hi");
    }
}
