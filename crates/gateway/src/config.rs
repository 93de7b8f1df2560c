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
    Serve(ServeArgs),
    /// Run the database migrations and exit.
    Migrate(StorageArgs),
    /// Create the demo company on an empty database and print its logins.
    Demo(DemoArgs),
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
}

#[derive(Debug, Clone, Args)]
pub struct StorageArgs {
    /// Folder for the SQLite file, uploaded files, the mail outbox and the generated token secret.
    #[arg(long, env = "TIMEKEEP_DATA_DIR", default_value = "data")]
    pub data_dir: PathBuf,
    /// `sqlite://…` or `postgres://…`. Default: the SQLite file `timekeep.db` in the data folder.
    #[arg(long, env = "DATABASE_URL")]
    pub database_url: Option<String>,
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
    /// kept in `<data-dir>/token-secret`.
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
    /// Worker threads (default: one per core).
    #[arg(long, env = "TIMEKEEP_WORKERS")]
    pub workers: Option<usize>,
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
