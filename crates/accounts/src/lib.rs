//! Accounts: companies (the tenants), their users, sessions, passwords, e-mail tokens, and the
//! one outbox every crate's mail goes through ([`mail::outbox`]).
//!
//! The service owns the sign-in and account lifecycle of spec 000 §4: signup creates a company
//! with a 30-day trial and its admin and mails a verification link; login works once the address
//! is verified; sessions are signed tokens backed by a server-side row, so logout and a password
//! change revoke them at once; repeated failures are throttled per e-mail and per address.
//! It knows nothing of HTTP: the gateway turns requests into the commands of [`commands`] and
//! maps [`AccountsError`] to responses.

pub mod api_keys;
pub mod back_office;
mod billed;
pub mod bot;
pub mod commands;
mod demo;
mod directory;
mod email_change;
pub mod entities;
mod error;
mod guided_start;
pub mod hashing;
pub mod impersonation;
pub mod mail;
pub mod password;
pub mod people;
pub mod people_search;
pub mod promotions;
pub mod purge;
mod recovery;
mod sessions;
mod signup;
pub mod sso;
pub mod throttle;
pub mod tokens;
mod tour;
pub mod two_factor;
pub mod usage;

pub use billed::{BilledCompany, BillingContact};
pub use demo::{DemoLogin, DemoOutcome, DEMO_PASSWORD};
pub use directory::{EmployeeFilter, ListedEmployee, EMPLOYEE_PAGE_SIZE};
pub use email_change::EMAIL_CHANGE_TAKEN;
pub use error::{AccountsError, INVALID_LINK_MESSAGE};
pub use people::{Company, JobRole, Person};
pub use purge::{lock_company, purge_company};
pub use recovery::{PasswordHelp, OPERATOR_PASSWORD_MESSAGE, RESET_REQUESTED_MESSAGE, TERMINATED_PASSWORD_MESSAGE};
pub use sessions::{AccountStanding, Authenticated, LoginCode, Member, SignedIn, LOGIN_CODE_SECONDS};
pub use signup::SignupOutcome;
pub use tokens::Identity;

use bot::BotCheck;
use chrono::Duration;
use mail::Mailer;
use sea_orm::{ConnectionTrait, DatabaseConnection, DbErr};
use std::sync::Arc;
use throttle::ThrottleRule;
use tokens::TokenKeys;

/// Knobs of the accounts service; the defaults are the product's.
#[derive(Debug, Clone)]
pub struct AccountsConfig {
    /// Where the web app is reachable, for the links in e-mails (no trailing slash).
    pub public_url: String,
    /// The idle timeout: a session unused this long ends. Its token is renewed on a request once
    /// past half of it, so a session ends between half and all of it after the last request.
    pub session_ttl: Duration,
    /// The absolute lifetime: however busy, a session ends this long after sign-in.
    pub session_max_age: Duration,
    /// The free trial (spec: 30 days).
    pub trial_days: i64,
    /// Whether this server bills companies (a payment provider is configured). Off — a
    /// self-hosted install — no trial ends, nobody sees Billing, and nobody is suspended for
    /// not paying: the session ignores the stored trial end.
    pub billing_enabled: bool,
    pub verification_link_ttl: Duration,
    pub reset_link_ttl: Duration,
    pub security_link_ttl: Duration,
    /// Wrong passwords for one account from one network address. The same rule, counted over
    /// all addresses, blocks only addresses the account never signed in from, so nobody can
    /// lock the owner out by failing on purpose. Also wrong current passwords when changing it.
    pub login_failures_per_email: ThrottleRule,
    /// Wrong passwords from one network address, across e-mails.
    pub login_failures_per_ip: ThrottleRule,
    /// Signups from one network address.
    pub signups_per_ip: ThrottleRule,
    /// Reset mails for one e-mail address.
    pub resets_per_email: ThrottleRule,
    /// Requests with one API key.
    pub api_key_rate: api_keys::KeyRateLimit,
}

impl Default for AccountsConfig {
    fn default() -> Self {
        Self {
            public_url: "http://127.0.0.1:8080".to_owned(),
            session_ttl: Duration::hours(12),
            session_max_age: Duration::days(7),
            trial_days: 30,
            billing_enabled: false,
            verification_link_ttl: Duration::days(7),
            reset_link_ttl: Duration::hours(1),
            security_link_ttl: Duration::days(7),
            login_failures_per_email: ThrottleRule {
                max_failures: 10,
                window: Duration::minutes(15),
                block_for: Duration::minutes(15),
            },
            login_failures_per_ip: ThrottleRule {
                max_failures: 50,
                window: Duration::minutes(15),
                block_for: Duration::minutes(15),
            },
            signups_per_ip: ThrottleRule {
                max_failures: 10,
                window: Duration::hours(1),
                block_for: Duration::hours(1),
            },
            resets_per_email: ThrottleRule {
                max_failures: 5,
                window: Duration::hours(1),
                block_for: Duration::hours(1),
            },
            api_key_rate: api_keys::KeyRateLimit::default(),
        }
    }
}

/// Who is asking, as far as the network tells.
#[derive(Debug, Clone, Default)]
pub struct RequestMeta {
    pub ip: Option<String>,
    pub user_agent: Option<String>,
}

impl RequestMeta {
    fn ip_key(&self) -> &str {
        self.ip.as_deref().unwrap_or("unknown")
    }
}

/// The accounts service. Cheap to clone.
#[derive(Clone)]
pub struct Accounts {
    db: DatabaseConnection,
    keys: TokenKeys,
    /// Where every mail goes (see [`mail::outbox`]).
    outbox: mail::Outbox,
    bot_check: Arc<dyn BotCheck>,
    config: Arc<AccountsConfig>,
    hashing: hashing::HashPool,
    /// Redeems promotion codes entered at signup (billing's; `None` while billing is off).
    promotions: Option<Arc<dyn promotions::PromotionCodes>>,
    /// The identity provider of single sign-on (`None`: not configured).
    sso: Option<Arc<sso::Provider>>,
}

impl Accounts {
    pub fn new(
        db: DatabaseConnection,
        keys: TokenKeys,
        mailer: Arc<dyn Mailer>,
        bot_check: Arc<dyn BotCheck>,
        config: AccountsConfig,
    ) -> Self {
        Self {
            outbox: mail::Outbox::new(db.clone(), mailer),
            db,
            keys,
            bot_check,
            config: Arc::new(config),
            hashing: hashing::HashPool::per_core(),
            promotions: None,
            sso: None,
        }
    }

    /// The same service with another bound on password hashes (tests and benchmarks).
    pub fn with_hash_pool(mut self, pool: hashing::HashPool) -> Self {
        self.hashing = pool;
        self
    }

    /// Hashes a short secret of another crate (a kiosk PIN) as passwords are, on the bounded
    /// pool of password hashes.
    pub async fn hash_secret(&self, plain: String) -> Result<String, AccountsError> {
        self.hashing
            .run(move || password::hash_password(&plain))
            .await?
            .map_err(|err| AccountsError::Internal(err.to_string()))
    }

    /// Whether `plain` matches a hash made by [`Accounts::hash_secret`].
    pub async fn verify_secret(&self, plain: String, stored: String) -> Result<bool, AccountsError> {
        self.hashing.run(move || password::verify_password(&plain, &stored)).await
    }

    pub fn config(&self) -> &AccountsConfig {
        &self.config
    }

    /// Queues a mail of this crate's (see [`mail::outbox`]), logging rather than failing the
    /// request when it cannot be queued: the account change is already saved, and the user can
    /// ask for the mail again.
    async fn queue_mail(&self, mail: mail::OutgoingMail) {
        self.notify_all(vec![mail]).await;
    }

    /// Queues another crate's notice (a time-off decision, say) for the outbox's sender: the
    /// request that caused it only writes a row. A failure to queue is logged, not returned: the
    /// change is already saved.
    pub async fn notify(&self, mail: mail::OutgoingMail) {
        self.notify_all(vec![mail]).await;
    }

    /// Queues many notices (a policy to everyone it was published to) in a few statements.
    pub async fn notify_all(&self, mails: Vec<mail::OutgoingMail>) {
        if mails.is_empty() {
            return;
        }
        if let Err(err) = self.outbox.put(&mails).await {
            let to: Vec<&str> = mails.iter().map(|mail| mail.to_email.as_str()).collect();
            tracing::error!(?to, error = %err, "mail not queued");
        }
    }

    /// Queues mail inside the caller's transaction, so it is sent if and only if the change it
    /// tells of commits. Call [`Accounts::wake_mail_sender`] after the commit (otherwise the
    /// sender finds it at its next look, within seconds).
    pub async fn enqueue_mail_in<C: ConnectionTrait>(
        &self,
        conn: &C,
        mails: &[mail::OutgoingMail],
    ) -> Result<(), DbErr> {
        mail::Outbox::put_in(conn, mails).await
    }

    /// Tells this server's mail sender that mail was queued.
    pub fn wake_mail_sender(&self) {
        self.outbox.wake();
    }

    /// The same service, its mail sender writing behind the server's write gate (see
    /// [`mail::outbox`]).
    pub fn with_write_gate(mut self, gate: kernel::WriteGate) -> Self {
        self.outbox = self.outbox.with_gate(gate);
        self
    }

    /// The same service whose queued mail wakes `other`'s sender (see
    /// [`mail::Outbox::sharing_bell_of`]).
    pub fn sharing_mail_bell_of(mut self, other: &Accounts) -> Self {
        self.outbox = self.outbox.sharing_bell_of(&other.outbox);
        self
    }

    /// The outbox, for running this server's sender ([`mail::Outbox::sender`]).
    pub fn outbox(&self) -> &mail::Outbox {
        &self.outbox
    }

    /// An absolute link to a screen of the product, for mails.
    pub fn screen_link(&self, path_and_query: &str) -> String {
        self.link(path_and_query)
    }

    fn link(&self, path_and_query: &str) -> String {
        format!("{}{}", self.config.public_url.trim_end_matches('/'), path_and_query)
    }
}
