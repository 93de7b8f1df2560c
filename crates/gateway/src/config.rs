//! Configuration by flags and environment (`timekeep --help` lists both).

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

#[derive(Debug, Parser)]
#[command(name = "timekeep", version, about = "Timekeep: time clock, time off and HR for small companies")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the migrations, then serve the API and the web app.
    Serve(Box<ServeArgs>),
    /// Run the database migrations and exit.
    Migrate(StorageArgs),
    /// Create the demo company on an empty database and print its logins.
    Demo(DemoArgs),
    /// Run the monthly charge job once and exit (`serve` runs it every quarter hour): makes the
    /// charges due and attempts those due for an attempt. Needs the Stripe settings of `serve`.
    ChargeRun(ChargeRunArgs),
    /// Platform operators (the /sy5tem back office): `system-user add EMAIL`.
    SystemUser(SystemUserArgs),
    /// The scheduled jobs: `jobs list` (interval, last run, outcome), `jobs run NAME` (now).
    Jobs(JobsArgs),
}

#[derive(Debug, Clone, Args)]
pub struct JobsArgs {
    #[command(subcommand)]
    pub action: JobsAction,
}

#[derive(Debug, Clone, Subcommand)]
pub enum JobsAction {
    /// Each job, its interval, its last run and outcome, and when it is next due.
    List(JobsServiceArgs),
    /// Runs one job now against the configured database, under its lease (refused while another
    /// server runs it) and idempotent like a scheduled run; the schedule stays as it was.
    Run(JobsRunArgs),
}

/// What the jobs need of `serve`'s settings: the database, and the services they mail through
/// or charge with.
#[derive(Debug, Clone, Args)]
pub struct JobsServiceArgs {
    #[command(flatten)]
    pub storage: StorageArgs,
    #[command(flatten)]
    pub billing: BillingArgs,
    /// Where people reach the web app (links in the e-mails jobs send).
    #[arg(long, env = "TIMEKEEP_PUBLIC_URL", default_value = "http://127.0.0.1:8080")]
    pub public_url: String,
    /// SMTP server (as for `serve`); without it mail goes to the outbox folder.
    #[arg(long, env = "SMTP_URL")]
    pub smtp_url: Option<String>,
}

#[derive(Debug, Clone, Args)]
pub struct JobsRunArgs {
    /// The job's name, as `jobs list` shows it.
    pub name: String,
    #[command(flatten)]
    pub service: JobsServiceArgs,
    /// FOR TESTS AND STAGING ONLY, NEVER IN PRODUCTION: run as of this instant (RFC 3339), to
    /// make a reminder or an escalation due without waiting. Refused unless the deployment sets
    /// TIMEKEEP_ALLOW_JOB_CLOCK=true.
    #[arg(long)]
    pub now: Option<chrono::DateTime<chrono::Utc>>,
    /// Allows `--now` (tests and staging only).
    #[arg(long, env = "TIMEKEEP_ALLOW_JOB_CLOCK", default_value_t = false)]
    pub allow_job_clock: bool,
}

#[derive(Debug, Clone, Args)]
pub struct SystemUserArgs {
    #[command(subcommand)]
    pub action: SystemUserAction,
}

#[derive(Debug, Clone, Subcommand)]
pub enum SystemUserAction {
    /// Add a platform operator (or send an existing one a new link): prints a one-time link
    /// where they set their password, and e-mails it when SMTP is configured.
    Add(SystemUserAddArgs),
}

#[derive(Debug, Clone, Args)]
pub struct SystemUserAddArgs {
    /// The operator's e-mail address (their sign-in).
    pub email: String,
    #[arg(long, default_value = "Timekeep")]
    pub first_name: String,
    #[arg(long, default_value = "Support")]
    pub last_name: String,
    #[command(flatten)]
    pub storage: StorageArgs,
    /// Where people reach the web app (the link's address).
    #[arg(long, env = "TIMEKEEP_PUBLIC_URL", default_value = "http://127.0.0.1:8080")]
    pub public_url: String,
    /// SMTP server for the e-mail (as for `serve`); without it the mail goes to the outbox folder.
    #[arg(long, env = "SMTP_URL")]
    pub smtp_url: Option<String>,
}

#[derive(Debug, Clone, Args)]
pub struct ChargeRunArgs {
    #[command(flatten)]
    pub storage: StorageArgs,
    #[command(flatten)]
    pub billing: BillingArgs,
    /// Where people reach the web app (links in the e-mails about declined payments).
    #[arg(long, env = "TIMEKEEP_PUBLIC_URL", default_value = "http://127.0.0.1:8080")]
    pub public_url: String,
    /// SMTP server for those e-mails (as for `serve`); without it they go to the outbox folder.
    #[arg(long, env = "SMTP_URL")]
    pub smtp_url: Option<String>,
    /// Run as if it were this instant (RFC 3339), e.g. to catch up a missed day or to rehearse
    /// a month ahead on a copy of the data; default: now.
    #[arg(long)]
    pub at: Option<chrono::DateTime<chrono::Utc>>,
}

#[derive(Debug, Clone, Args)]
pub struct DemoArgs {
    #[command(flatten)]
    pub storage: StorageArgs,
    /// Also set up time off: PTO types, a plan for everyone and a pending request (`just run`
    /// does; the browser journeys set up their own).
    #[arg(long)]
    pub with_time_off: bool,
    /// Also set up HR: event, document and policy types and the employee handbook sent to
    /// everyone (`just run` does; the browser journeys set up their own).
    #[arg(long)]
    pub with_hr: bool,
    /// Also add three months of shifts (some overtime, some days away) and a waiting timesheet
    /// edit, so the dashboard, reports and team timesheet show what they do (`just run` does).
    #[arg(long)]
    pub with_history: bool,
}

#[derive(Debug, Clone, Args)]
pub struct StorageArgs {
    /// Folder for the SQLite file, uploaded files (without TIMEKEEP_S3_BUCKET), the mail outbox and
    /// the generated token secret.
    #[arg(long, env = "TIMEKEEP_DATA_DIR", default_value = "data")]
    pub data_dir: PathBuf,
    /// `sqlite://…` or `postgres://…`. Default: the SQLite file `timekeep.db` in the data folder.
    #[arg(long, env = "DATABASE_URL")]
    pub database_url: Option<String>,
    #[command(flatten)]
    pub files: FileStoreArgs,
}

/// Where uploaded files (avatars, logos, HR documents, policy attachments) are kept: the data
/// folder (`<data-dir>/files/`), or, for several instances, an S3 or S3-compatible bucket they
/// share. Part of every command's storage settings, so no command reads another store than
/// `serve` writes. The credentials are AWS's standard variables (`AWS_ACCESS_KEY_ID` and
/// `AWS_SECRET_ACCESS_KEY`, or a role: see `files::s3`), never flags.
#[derive(Debug, Clone, Default, Args)]
pub struct FileStoreArgs {
    /// The bucket for uploaded files; when set, files go there instead of the data folder.
    #[arg(long, env = "TIMEKEEP_S3_BUCKET")]
    pub s3_bucket: Option<String>,
    /// An S3-compatible server (MinIO, Ceph…), e.g. `http://127.0.0.1:9000`, addressed by path
    /// (`<endpoint>/<bucket>/<key>`); plain http is allowed. Default: Amazon S3.
    #[arg(long, env = "TIMEKEEP_S3_ENDPOINT")]
    pub s3_endpoint: Option<String>,
    /// The bucket's region. Default: `AWS_REGION`, else `us-east-1`.
    #[arg(long, env = "TIMEKEEP_S3_REGION")]
    pub s3_region: Option<String>,
    /// A folder inside the bucket for Timekeep's files, e.g. `timekeep/files`. Default: none.
    #[arg(long, env = "TIMEKEEP_S3_PREFIX")]
    pub s3_prefix: Option<String>,
}

impl FileStoreArgs {
    /// The bucket's settings, when a bucket is given (an empty value counts as unset); the other
    /// settings without a bucket are a mistake worth stopping for.
    pub fn s3_settings(&self) -> Result<Option<files::S3Settings>, String> {
        let given = |value: &Option<String>| {
            value.as_deref().map(str::trim).filter(|value| !value.is_empty()).map(str::to_owned)
        };
        let (endpoint, region, prefix) = (given(&self.s3_endpoint), given(&self.s3_region), given(&self.s3_prefix));
        let Some(bucket) = given(&self.s3_bucket) else {
            if endpoint.is_some() || region.is_some() || prefix.is_some() {
                return Err("TIMEKEEP_S3_ENDPOINT, TIMEKEEP_S3_REGION and TIMEKEEP_S3_PREFIX need \
                            TIMEKEEP_S3_BUCKET (without it files stay in the data folder)"
                    .to_owned());
            }
            return Ok(None);
        };
        Ok(Some(files::S3Settings {
            bucket,
            region,
            endpoint,
            prefix,
            credentials: files::S3Credentials::FromEnvironment,
        }))
    }

    /// The name an operator knows a setting by, for the messages about it.
    pub fn name_of(setting: files::S3Setting) -> &'static str {
        match setting {
            files::S3Setting::Bucket => "TIMEKEEP_S3_BUCKET",
            files::S3Setting::Region => "TIMEKEEP_S3_REGION",
            files::S3Setting::Endpoint => "TIMEKEEP_S3_ENDPOINT",
            files::S3Setting::Prefix => "TIMEKEEP_S3_PREFIX",
            files::S3Setting::Credentials => "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY",
        }
    }
}

#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    #[command(flatten)]
    pub storage: StorageArgs,
    /// Address and port to listen on.
    #[arg(long, env = "TIMEKEEP_BIND", default_value = "127.0.0.1:8080")]
    pub bind: String,
    /// Where people reach the web app; used in the links of e-mails.
    #[arg(long, env = "TIMEKEEP_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// The built web app (`frontend/dist`). Without it only the API is served.
    #[arg(long, env = "TIMEKEEP_WEB_DIR")]
    pub web_dir: Option<PathBuf>,
    /// SMTP server for outgoing mail, e.g. `smtp://127.0.0.1:1025` or
    /// `smtps://user:pass@mail.example.com`. Without it mail is written to `<data-dir>/outbox/`.
    #[arg(long, env = "SMTP_URL")]
    pub smtp_url: Option<String>,
    /// Sender of outgoing mail.
    #[arg(long, env = "TIMEKEEP_MAIL_FROM", default_value = "Timekeep <no-reply@timekeep.localhost>")]
    pub mail_from: String,
    /// Secret that signs session tokens (at least 32 characters). Default: generated once and
    /// kept in the database, where every instance of a deployment finds it.
    #[arg(long, env = "TIMEKEEP_TOKEN_SECRET", hide_env_values = true)]
    pub token_secret: Option<String>,
    /// Origins that may show the app in a frame (embedded mode), e.g.
    /// `https://crm.example.com`; comma-separated. Default: none may.
    #[arg(long, env = "TIMEKEEP_FRAME_ANCESTORS", value_delimiter = ',')]
    pub frame_ancestors: Vec<String>,
    /// A session unused this long ends (its token is renewed by a request once past half of it).
    #[arg(long, env = "TIMEKEEP_SESSION_IDLE_MINUTES", default_value_t = 720)]
    pub session_idle_minutes: i64,
    /// However busy, a session ends this long after sign-in.
    #[arg(long, env = "TIMEKEEP_SESSION_MAX_HOURS", default_value_t = 168)]
    pub session_max_hours: i64,
    /// Signups one network address may make in an hour (then 429 for an hour): a bot's flood
    /// stops here. Raise it when many people sign up from behind one address (a proxy that
    /// does not forward theirs, a test harness).
    #[arg(long, env = "TIMEKEEP_SIGNUPS_PER_IP_HOUR", default_value_t = 10, value_parser = clap::value_parser!(i32).range(1..))]
    pub signups_per_ip_hour: i32,
    /// Requests one company API key may make in a minute (then 429 until the minute is over),
    /// counted in the database so every instance shares the limit.
    #[arg(long, env = "TIMEKEEP_API_KEY_REQUESTS_PER_MINUTE", default_value_t = 600, value_parser = clap::value_parser!(i32).range(1..))]
    pub api_key_requests_per_minute: i32,
    /// Let webhooks reach private, loopback and link-local addresses, and plain `http`
    /// (a private installation, tests). Off: only `https` to public addresses, so the product
    /// cannot be used to reach the deployment's own network.
    #[arg(long, env = "TIMEKEEP_WEBHOOKS_ALLOW_PRIVATE", default_value_t = false)]
    pub webhooks_allow_private: bool,
    /// The deployment's reverse proxies (IP addresses, comma-separated): from these peers the
    /// client's address is read from `X-Forwarded-For`, for the per-address sign-in and signup
    /// throttles and the sessions' records. Default: none (the TCP peer is the client).
    #[arg(long, env = "TIMEKEEP_TRUSTED_PROXIES", value_delimiter = ',')]
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// How often this instance looks for due background jobs (accruals, reminders, charges…).
    #[arg(long, env = "TIMEKEEP_SCHEDULER_TICK_SECONDS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub scheduler_tick_seconds: u64,
    /// A job's lease in the database, renewed every third of it while the job runs: how soon
    /// another instance takes over the jobs of one that died.
    #[arg(long, env = "TIMEKEEP_JOB_LEASE_SECONDS", default_value_t = 120, value_parser = clap::value_parser!(i64).range(3..=3600))]
    pub job_lease_seconds: i64,
    /// Batches of scheduled work (a company's accruals, charges…) this instance holds at once:
    /// the back-pressure that keeps a long run from starving the requests it serves. Batches run
    /// on one background thread, apart from the HTTP workers, and are claimed only while the
    /// background pool has a connection free.
    #[arg(long, env = "TIMEKEEP_JOB_BATCHES_IN_HAND", default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub job_batches_in_hand: u64,
    /// Worker threads (default: one per core).
    #[arg(long, env = "TIMEKEEP_WORKERS")]
    pub workers: Option<usize>,
    #[command(flatten)]
    pub billing: BillingArgs,
    #[command(flatten)]
    pub agencyzoom: AgencyZoomArgs,
    #[command(flatten)]
    pub sso: SsoArgs,
}

/// Single sign-on through an OpenID Connect provider (docs/contracts/sso.md). Without an issuer
/// it is off: no SSO button on the login and signup pages, and the callback refuses.
#[derive(Debug, Clone, Default, Args)]
pub struct SsoArgs {
    /// The provider's issuer URL (discovery at `<issuer>/.well-known/openid-configuration`).
    /// Register `<public URL>/v4sso/auth-callback` as the client's redirect URI there.
    #[arg(long, env = "TIMEKEEP_SSO_ISSUER")]
    pub sso_issuer: Option<String>,
    /// The client id Timekeep has at the provider.
    #[arg(long, env = "TIMEKEEP_SSO_CLIENT_ID")]
    pub sso_client_id: Option<String>,
    /// The client's secret (sent to the token endpoint by HTTP Basic).
    #[arg(long, env = "TIMEKEEP_SSO_CLIENT_SECRET", hide_env_values = true)]
    pub sso_client_secret: Option<String>,
}

impl SsoArgs {
    /// The provider, when an issuer is given (an empty value counts as unset); an issuer without
    /// a client id and secret is a mistake worth stopping for.
    pub fn settings(&self) -> Result<Option<accounts::sso::SsoSettings>, String> {
        let given = |value: &Option<String>| {
            value.as_deref().map(str::trim).filter(|value| !value.is_empty()).map(str::to_owned)
        };
        let Some(issuer_url) = given(&self.sso_issuer) else { return Ok(None) };
        match (given(&self.sso_client_id), given(&self.sso_client_secret)) {
            (Some(client_id), Some(client_secret)) => {
                Ok(Some(accounts::sso::SsoSettings { issuer_url, client_id, client_secret }))
            }
            _ => Err("TIMEKEEP_SSO_ISSUER needs TIMEKEEP_SSO_CLIENT_ID and TIMEKEEP_SSO_CLIENT_SECRET".to_owned()),
        }
    }
}

/// The import of a company and its staff from AgencyZoom, the partner CRM. The credentials an
/// admin types are used for one import and never stored, so there is no key to configure here.
#[derive(Debug, Clone, Args)]
pub struct AgencyZoomArgs {
    /// Where AgencyZoom's API is (a server speaking the same API in tests); empty turns the
    /// import off.
    #[arg(long, env = "AGENCYZOOM_API_BASE", default_value = "https://api.agencyzoom.com")]
    pub agencyzoom_api_base: String,
    /// One request to AgencyZoom may take this long; the whole import at most three times it.
    #[arg(long, env = "AGENCYZOOM_TIMEOUT_SECONDS", default_value_t = 20)]
    pub agencyzoom_timeout_seconds: u64,
}

impl AgencyZoomArgs {
    /// The client's settings, when the import is on (a non-empty base URL).
    pub fn config(&self) -> Option<agencyzoom::Config> {
        let base = self.agencyzoom_api_base.trim();
        if base.is_empty() {
            return None;
        }
        let request_timeout = std::time::Duration::from_secs(self.agencyzoom_timeout_seconds.clamp(1, 300));
        Some(agencyzoom::Config { base_url: base.to_owned(), request_timeout, deadline: request_timeout * 3 })
    }
}

/// Billing through Stripe. Without a secret key billing is off (a self-hosted install): no
/// trial ends, no Billing screen, no charges.
#[derive(Debug, Clone, Args)]
pub struct BillingArgs {
    /// Stripe's secret API key (`sk_…`); turns billing on.
    #[arg(long, env = "STRIPE_SECRET_KEY", hide_env_values = true)]
    pub stripe_secret_key: Option<String>,
    /// Stripe's publishable key (`pk_…`), handed to the web app.
    #[arg(long, env = "STRIPE_PUBLISHABLE_KEY")]
    pub stripe_publishable_key: Option<String>,
    /// The signing secret of the webhook endpoint (`whsec_…`) for `/server/v1/billing/webhook`.
    #[arg(long, env = "STRIPE_WEBHOOK_SECRET", hide_env_values = true)]
    pub stripe_webhook_secret: Option<String>,
    /// Where Stripe's API is (a Stripe-compatible server in tests).
    #[arg(long, env = "STRIPE_API_BASE", default_value = "https://api.stripe.com")]
    pub stripe_api_base: String,
}

impl BillingArgs {
    /// The secret key, when billing is on (an empty value counts as unset).
    pub fn secret_key(&self) -> Option<&str> {
        self.stripe_secret_key.as_deref().map(str::trim).filter(|key| !key.is_empty())
    }
}

impl StorageArgs {
    pub fn database_url(&self) -> String {
        // An empty DATABASE_URL counts as unset.
        self.database_url
            .clone()
            .filter(|url| !url.trim().is_empty())
            .unwrap_or_else(|| format!("sqlite://{}?mode=rwc", self.data_dir.join("timekeep.db").display()))
    }
}
