//! `spawn_app()` and the tools the tests share.

use accounts::bot::HoneypotCheck;
use accounts::entities::{companies, users};
use accounts::mail::SmtpMailer;
use accounts::tokens::{random_token, TokenKeys};
use accounts::{Accounts, AccountsConfig};
use actix_web::{web, HttpServer};
use chrono::Utc;
use gateway::state::AppState;
use kernel::Role;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ConnectionTrait, Database, DatabaseConnection, EntityTrait};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// A database of this test's own, removed when the test ends.
pub struct TestDatabase {
    pub url: String,
    cleanup: Cleanup,
}

enum Cleanup {
    Sqlite(PathBuf),
    Postgres { admin_url: String, name: String },
}

impl TestDatabase {
    /// An empty database of this test's own.
    pub async fn create() -> Self {
        match postgres_server() {
            Some(_) => Self::create_postgres(None).await,
            None => Self::create_sqlite(),
        }
    }

    /// A database of this test's own with every migration applied: a copy of a template the
    /// test binary migrates once (a file copy on SQLite, `CREATE DATABASE … TEMPLATE` on
    /// PostgreSQL). Migrating each test's database from nothing took about two seconds of the
    /// two shared cores per test, most of a suite's time; the migrations themselves are still
    /// tested, by the template's build and by the tests that take them down and up again.
    pub async fn migrated() -> Self {
        match migrated_template() {
            Template::Postgres(template) => Self::create_postgres(Some(template)).await,
            Template::Sqlite(template) => {
                let database = Self::create_sqlite();
                if let Cleanup::Sqlite(dir) = &database.cleanup {
                    std::fs::copy(template, dir.join("test.db")).expect("copy the migrated template");
                }
                database
            }
        }
    }

    fn create_sqlite() -> Self {
        let unique = random_token()[..12].to_owned();
        let dir = std::env::temp_dir().join(format!("timekeep-test-{unique}"));
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}?mode=rwc", dir.join("test.db").display());
        TestDatabase { url, cleanup: Cleanup::Sqlite(dir) }
    }

    async fn create_postgres(template: Option<&str>) -> Self {
        let admin_url = postgres_server().expect("a PostgreSQL server");
        let name = format!("timekeep_test_{}", &random_token()[..12].to_ascii_lowercase());
        let admin = Database::connect(&admin_url).await.expect("connect to the PostgreSQL server");
        let from = template.map(|template| format!(" TEMPLATE {template}")).unwrap_or_default();
        admin.execute_unprepared(&format!("CREATE DATABASE {name}{from}")).await.expect("create test database");
        admin.close().await.ok();
        TestDatabase { url: database_url(&admin_url, &name), cleanup: Cleanup::Postgres { admin_url, name } }
    }
}

/// The zone of the companies `signup` makes.
pub const TEST_ZONE: chrono_tz::Tz = chrono_tz::America::Chicago;

/// `hour`:00 in `zone` on the day `days` after today there: a job's clock set to a local hour
/// (the daily mails wait for 08:00 in the company's zone).
pub fn local_hour_in(zone: chrono_tz::Tz, days: i64, hour: u32) -> chrono::DateTime<Utc> {
    use chrono::TimeZone;
    let date = kernel::time::local_date(zone, Utc::now()) + chrono::Duration::days(days);
    let local = date.and_hms_opt(hour, 0, 0).expect("an hour of the day");
    zone.from_local_datetime(&local).earliest().expect("a time the zone's clock shows").with_timezone(&Utc)
}

/// The PostgreSQL server the tests run on, if `TIMEKEEP_TEST_POSTGRES` names one.
fn postgres_server() -> Option<String> {
    std::env::var("TIMEKEEP_TEST_POSTGRES").ok().filter(|url| !url.is_empty())
}

/// The URL of database `name` on the server of `admin_url`.
fn database_url(admin_url: &str, name: &str) -> String {
    let base = admin_url.split('?').next().unwrap().rsplit_once('/').unwrap().0.to_owned();
    format!("{base}/{name}")
}

/// Where the migrated template of [`TestDatabase::migrated`] is.
enum Template {
    Postgres(String),
    Sqlite(PathBuf),
}

/// The template of this build of the test binary, made by the first test that needs it. Its name
/// comes from the binary (path, size, time), so a new build, whose migrations may differ, makes
/// its own, and two processes of one build share one.
fn migrated_template() -> &'static Template {
    static TEMPLATE: std::sync::OnceLock<Template> = std::sync::OnceLock::new();
    TEMPLATE.get_or_init(|| {
        // The tests' runtimes are their own; the template is made on a thread with its own too.
        std::thread::spawn(|| {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            runtime.block_on(make_template())
        })
        .join()
        .expect("make the migrated template")
    })
}

fn build_identity() -> String {
    use std::hash::{Hash, Hasher};
    let exe = std::env::current_exe().expect("the test binary's path");
    let meta = std::fs::metadata(&exe).expect("the test binary's metadata");
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    (exe, meta.len(), meta.modified().ok()).hash(&mut hasher);
    format!("{:016x}", hasher.finish())
}

async fn make_template() -> Template {
    let identity = build_identity();
    let Some(admin_url) = postgres_server() else {
        let path = std::env::temp_dir().join(format!("timekeep-template-{identity}.db"));
        if !path.exists() {
            // Migrated in a database of its own, then written whole to a unique name and renamed,
            // so a process reading the template never finds it half made.
            let scratch = TestDatabase::create_sqlite();
            let db = gateway::db::connect(&scratch.url).await.expect("connect");
            gateway::db::migrate(&db).await.expect("migrate the template");
            let unique = path.with_extension(format!("{}.tmp", &random_token()[..8]));
            db.execute_unprepared(&format!("VACUUM INTO '{}'", unique.display())).await.expect("write the template");
            db.close().await.ok();
            std::fs::rename(&unique, &path).expect("name the template");
            // Earlier builds' templates are of no further use.
            for stale in std::fs::read_dir(std::env::temp_dir()).into_iter().flatten().flatten() {
                let file = stale.file_name().to_string_lossy().into_owned();
                if file.starts_with("timekeep-template-") && stale.path() != path {
                    let _ = std::fs::remove_file(stale.path());
                }
            }
        }
        return Template::Sqlite(path);
    };
    let name = format!("timekeep_template_{identity}");
    let admin = Database::connect(&admin_url).await.expect("connect to the PostgreSQL server");
    let exists = admin
        .query_one(sea_orm::Statement::from_string(
            sea_orm::DatabaseBackend::Postgres,
            format!("SELECT 1 FROM pg_database WHERE datname = '{name}'"),
        ))
        .await
        .expect("look for the template")
        .is_some();
    if !exists {
        // Migrated under a name of its own and renamed when done: a process that finds the
        // template finds it whole, and of two processes making it at once, one rename wins.
        let scratch = TestDatabase::create_postgres(None).await;
        let db = gateway::db::connect(&scratch.url).await.expect("connect");
        gateway::db::migrate(&db).await.expect("migrate the template");
        db.close().await.ok();
        let Cleanup::Postgres { name: scratch_name, .. } = &scratch.cleanup else { unreachable!() };
        let renamed =
            admin.execute_unprepared(&format!("ALTER DATABASE {scratch_name} RENAME TO {name}")).await.is_ok();
        // Renamed, the scratch database's own drop finds nothing left to drop; not renamed (another
        // process's won), it is dropped.
        if renamed {
            // Earlier builds' templates are of no further use.
            let stale = admin
                .query_all(sea_orm::Statement::from_string(
                    sea_orm::DatabaseBackend::Postgres,
                    format!("SELECT datname FROM pg_database WHERE datname LIKE 'timekeep_template_%' AND datname <> '{name}'"),
                ))
                .await
                .unwrap_or_default();
            for row in stale {
                if let Ok(stale) = row.try_get::<String>("", "datname") {
                    let _ = admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS {stale}")).await;
                }
            }
        }
    }
    admin.close().await.ok();
    Template::Postgres(name)
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        match &self.cleanup {
            Cleanup::Sqlite(dir) => {
                let _ = std::fs::remove_dir_all(dir);
            }
            Cleanup::Postgres { admin_url, name } => {
                let (admin_url, name) = (admin_url.clone(), name.clone());
                // Drop cannot await; a thread with its own runtime can.
                let _ = std::thread::spawn(move || {
                    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
                    runtime.block_on(async {
                        if let Ok(admin) = Database::connect(&admin_url).await {
                            let _ =
                                admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).await;
                            admin.close().await.ok();
                        }
                    });
                })
                .join();
            }
        }
    }
}

/// A message the SMTP server received.
#[derive(Debug, Clone)]
pub struct ReceivedMail {
    pub recipients: Vec<String>,
    pub data: String,
}

impl ReceivedMail {
    /// The body with quoted-printable soft breaks and `=3D` undone.
    pub fn text(&self) -> String {
        self.data.replace("=\r\n", "").replace("=3D", "=")
    }

    /// The first link in the message that starts with `prefix` (e.g. `/verify-email`).
    pub fn link(&self, base: &str, path: &str) -> String {
        let text = self.text();
        let start = text.find(&format!("{base}{path}")).unwrap_or_else(|| panic!("no {path} link in:\n{text}"));
        text[start..].split_whitespace().next().unwrap().to_owned()
    }
}

/// A real SMTP server on a local port that keeps what it receives, so the tests exercise the
/// product's actual SMTP client (lettre) end to end.
#[derive(Clone)]
pub struct MailSink {
    pub port: u16,
    received: Arc<Mutex<Vec<ReceivedMail>>>,
    /// The database whose outbox feeds this sink, for [`MailSink::settled`].
    outbox: Option<DatabaseConnection>,
}

impl MailSink {
    pub async fn start() -> Self {
        Self::start_on(0).await
    }

    /// A sink on `port` (0: any free one).
    pub async fn start_on(port: u16) -> Self {
        let listener = TcpListener::bind(("127.0.0.1", port)).await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let received = Arc::new(Mutex::new(Vec::new()));
        let store = received.clone();
        actix_web::rt::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let store = store.clone();
                actix_web::rt::spawn(async move {
                    let _ = serve_smtp(stream, store).await;
                });
            }
        });
        MailSink { port, received, outbox: None }
    }

    /// Waits (up to 10 s) until the outbox holds no mail still to send: mail is sent after the
    /// answer, by the app's sender, so what a request queued is in the sink only then. Before
    /// asserting that no mail came, or reading the newest one.
    pub async fn settled(&self) {
        use sea_orm::{ColumnTrait, PaginatorTrait, QueryFilter};
        let Some(db) = &self.outbox else { return };
        for _ in 0..200 {
            let pending = accounts::entities::mail_outbox::Entity::find()
                .filter(accounts::entities::mail_outbox::Column::NextAttemptAt.is_not_null())
                .count(db)
                .await
                .unwrap();
            if pending == 0 {
                return;
            }
            actix_web::rt::time::sleep(Duration::from_millis(50)).await;
        }
    }

    pub fn all(&self) -> Vec<ReceivedMail> {
        self.received.lock().unwrap().clone()
    }

    /// Messages to `email`, oldest first.
    pub fn to(&self, email: &str) -> Vec<ReceivedMail> {
        self.all().into_iter().filter(|mail| mail.recipients.iter().any(|r| r.eq_ignore_ascii_case(email))).collect()
    }

    /// The newest message to `email`, waiting briefly for it.
    pub async fn latest_to(&self, email: &str) -> ReceivedMail {
        self.settled().await;
        for _ in 0..50 {
            if let Some(mail) = self.to(email).pop() {
                return mail;
            }
            actix_web::rt::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("no mail to {email}");
    }

    /// A message to `email` whose text contains `needle`, waiting a while for it: mails are
    /// sent after the answer, so another one may still be on its way.
    pub async fn wait_for(&self, email: &str, needle: &str) -> ReceivedMail {
        for _ in 0..100 {
            if let Some(mail) = self.to(email).into_iter().rev().find(|mail| mail.text().contains(needle)) {
                return mail;
            }
            actix_web::rt::time::sleep(Duration::from_millis(100)).await;
        }
        panic!(
            "no mail to {email} saying {needle:?}: {:?}",
            self.to(email).iter().map(ReceivedMail::text).collect::<Vec<_>>()
        );
    }
}

async fn serve_smtp(stream: tokio::net::TcpStream, store: Arc<Mutex<Vec<ReceivedMail>>>) -> std::io::Result<()> {
    let (read, mut write) = stream.into_split();
    let mut lines = BufReader::new(read);
    write.write_all(b"220 timekeep-test-smtp ready\r\n").await?;
    let mut recipients = Vec::new();
    let mut line = String::new();
    loop {
        line.clear();
        if lines.read_line(&mut line).await? == 0 {
            return Ok(());
        }
        let command = line.trim_end().to_ascii_uppercase();
        if command.starts_with("EHLO") || command.starts_with("HELO") {
            write.write_all(b"250-timekeep-test-smtp\r\n250 8BITMIME\r\n").await?;
        } else if command.starts_with("RCPT TO:") {
            let address = line.trim_end()[8..].trim().trim_start_matches('<').trim_end_matches('>').to_owned();
            recipients.push(address);
            write.write_all(b"250 OK\r\n").await?;
        } else if command == "DATA" {
            write.write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n").await?;
            let mut data = String::new();
            loop {
                line.clear();
                if lines.read_line(&mut line).await? == 0 {
                    return Ok(());
                }
                if line == ".\r\n" || line == ".\n" {
                    break;
                }
                data.push_str(line.strip_prefix('.').filter(|_| line.starts_with("..")).unwrap_or(&line));
            }
            store.lock().unwrap().push(ReceivedMail { recipients: std::mem::take(&mut recipients), data });
            write.write_all(b"250 OK queued\r\n").await?;
        } else if command == "QUIT" {
            write.write_all(b"221 Bye\r\n").await?;
            return Ok(());
        } else {
            // MAIL FROM, RSET, NOOP, …
            if command.starts_with("RSET") {
                recipients.clear();
            }
            write.write_all(b"250 OK\r\n").await?;
        }
    }
}

/// An HTTP answer: status, headers we look at, and the JSON body (`Null` when empty).
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub body: Value,
    pub refreshed_token: Option<String>,
    pub request_id: Option<String>,
}

impl Reply {
    pub fn code(&self) -> &str {
        self.body["code"].as_str().unwrap_or_default()
    }

    /// The messages for one field of a 400.
    pub fn field(&self, name: &str) -> Vec<String> {
        self.body["errors"][name]
            .as_array()
            .map(|messages| messages.iter().filter_map(|m| m.as_str().map(str::to_owned)).collect())
            .unwrap_or_default()
    }
}

/// A test server in its own process, started from a script under `e2e/` — the Stripe stand-in
/// (`e2e/stripe/harness.py`: localstripe plus Checkout Sessions and a hosted checkout page), the
/// AgencyZoom stand-in (`e2e/agencyzoom/server.py`), the OpenID provider (`e2e/oidc/harness.mjs`).
/// Each prints one JSON line naming at least its `url`, then serves until its stdin closes, which
/// happens when the tests' process ends.
pub struct TestServer {
    pub url: String,
    /// The whole first line (an OpenID provider's clients, …).
    pub ready: Value,
    _stdin: Mutex<std::process::ChildStdin>,
    child: Mutex<std::process::Child>,
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Ok(child) = self.child.get_mut() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl TestServer {
    /// Runs `program script` (the script's path from the repository's root); `hint` says what to
    /// install when it does not start.
    pub fn start(program: &str, script: &str, hint: &str) -> Self {
        use std::io::BufRead;
        let path = format!("{}/../../{script}", env!("CARGO_MANIFEST_DIR"));
        let mut child = std::process::Command::new(program)
            .arg(&path)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap_or_else(|err| panic!("start {script} ({hint}): {err}"));
        let stdin = child.stdin.take().unwrap();
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let ready: Value = serde_json::from_str(&line).unwrap_or_else(|_| panic!("{script} said {line:?} ({hint})"));
        TestServer {
            url: ready["url"].as_str().unwrap_or_else(|| panic!("{script} named no url: {line:?}")).to_owned(),
            ready,
            _stdin: Mutex::new(stdin),
            child: Mutex::new(child),
        }
    }
}

pub const STRIPE_SECRET_KEY: &str = "sk_test_timekeep";
pub const STRIPE_WEBHOOK_SECRET: &str = "whsec_timekeep_test";
/// A card that pays, and one that attaches but is declined when charged.
pub const CARD_OK: &str = "4242424242424242";
pub const CARD_DECLINED: &str = "4000000000000341";

/// A Stripe harness of one's own (the shared one is [`stripe`]).
pub fn start_stripe() -> TestServer {
    TestServer::start("python3", "e2e/stripe/harness.py", "pip install localstripe==1.15.10")
}

/// The Stripe harness shared by the tests of this process.
pub fn stripe() -> &'static TestServer {
    static SHARED: std::sync::OnceLock<TestServer> = std::sync::OnceLock::new();
    SHARED.get_or_init(start_stripe)
}

/// How long one request to AgencyZoom may take in the tests (the timeout test waits it out).
pub const AGENCYZOOM_TIMEOUT: Duration = Duration::from_secs(3);

/// The AgencyZoom-shaped server the import talks to, shared by the tests of this process; each
/// test makes agencies of its own there through its `/_admin` endpoints.
pub fn agencyzoom() -> &'static TestServer {
    static SHARED: std::sync::OnceLock<TestServer> = std::sync::OnceLock::new();
    SHARED.get_or_init(|| TestServer::start("python3", "e2e/agencyzoom/server.py", "python3"))
}

/// The AgencyZoom client every test app imports with.
pub fn agencyzoom_client() -> agencyzoom::Client {
    agencyzoom::Client::new(&agencyzoom::Config {
        base_url: agencyzoom().url.clone(),
        request_timeout: AGENCYZOOM_TIMEOUT,
        deadline: AGENCYZOOM_TIMEOUT * 3,
    })
    .unwrap()
}

pub struct TestApp {
    pub address: String,
    pub client: awc::Client,
    pub mail: MailSink,
    pub accounts: Accounts,
    pub db: DatabaseConnection,
    /// Billing (on unless the app was spawned without it), for running its job in a test.
    pub billing: Option<billing::Billing>,
    /// The Stripe server billing talks to.
    pub stripe_url: String,
    server: actix_web::dev::ServerHandle,
    _mail_sender: accounts::mail::RunningSender,
    _webhook_sender: webhooks::sender::RunningWebhookSender,
    _database: TestDatabase,
}

/// An app as hosted: billing on, against the shared Stripe harness.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(AccountsConfig::default()).await
}

/// An app as self-hosted: no payment provider, so no billing.
pub async fn spawn_app_without_billing() -> TestApp {
    spawn_app_on(AccountsConfig::default(), accounts::hashing::HashPool::per_core(), None, None).await
}

/// A hosted app whose billing talks to `stripe_url` (a harness of the test's own).
pub async fn spawn_app_with_stripe(stripe_url: &str) -> TestApp {
    spawn_app_on(AccountsConfig::default(), accounts::hashing::HashPool::per_core(), None, Some(stripe_url.to_owned()))
        .await
}

/// `TEST_LOG=1` shows the server's logs of failing tests.
fn init_logs() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        if std::env::var("TEST_LOG").is_ok() {
            tracing_subscriber::fmt().with_env_filter("info").with_test_writer().init();
        }
    });
}

pub async fn spawn_app_with(config: AccountsConfig) -> TestApp {
    spawn_app_with_pool(config, accounts::hashing::HashPool::per_core()).await
}

/// An app whose password hashes are bounded by `pool`.
pub async fn spawn_app_with_pool(config: AccountsConfig, pool: accounts::hashing::HashPool) -> TestApp {
    spawn_app_full(config, pool, None).await
}

/// An app that also serves a built web app from `web_dir`.
pub async fn spawn_app_with_web(web_dir: PathBuf) -> TestApp {
    spawn_app_full(AccountsConfig::default(), accounts::hashing::HashPool::per_core(), Some(web_dir)).await
}

async fn spawn_app_full(
    config: AccountsConfig,
    pool: accounts::hashing::HashPool,
    web_dir: Option<PathBuf>,
) -> TestApp {
    spawn_app_on(config, pool, web_dir, Some(stripe().url.clone())).await
}

/// A hosted app that the pages at `origins` may frame (embedded mode; `TIMEKEEP_FRAME_ANCESTORS`).
pub async fn spawn_app_embeddable(origins: &[&str]) -> TestApp {
    let policy = gateway::middleware::WebPolicy::new(&origins.iter().map(|o| (*o).to_owned()).collect::<Vec<_>>())
        .expect("framing origins");
    spawn_app_framed(
        AccountsConfig::default(),
        accounts::hashing::HashPool::per_core(),
        None,
        Some(stripe().url.clone()),
        policy,
    )
    .await
}

async fn spawn_app_on(
    config: AccountsConfig,
    pool: accounts::hashing::HashPool,
    web_dir: Option<PathBuf>,
    stripe_url: Option<String>,
) -> TestApp {
    spawn_app_framed(config, pool, web_dir, stripe_url, gateway::middleware::WebPolicy::default()).await
}

async fn spawn_app_framed(
    config: AccountsConfig,
    pool: accounts::hashing::HashPool,
    web_dir: Option<PathBuf>,
    stripe_url: Option<String>,
    web_policy: gateway::middleware::WebPolicy,
) -> TestApp {
    spawn_app_built(config, pool, web_dir, stripe_url, web_policy, None, None, Vec::new(), LOOPBACK_WEBHOOKS).await
}

/// A hosted app with single sign-on through `sso`'s provider (the OpenID harness in `sso.rs`).
pub async fn spawn_app_with_sso(sso: accounts::sso::SsoSettings) -> TestApp {
    let pool = accounts::hashing::HashPool::per_core();
    let policy = gateway::middleware::WebPolicy::default();
    spawn_app_built(
        AccountsConfig::default(),
        pool,
        None,
        Some(stripe().url.clone()),
        policy,
        Some(sso),
        None,
        Vec::new(),
        LOOPBACK_WEBHOOKS,
    )
    .await
}

/// The S3-compatible server (moto's, `e2e/s3/server.py`) shared by the tests of this process;
/// each test makes a bucket of its own ([`new_bucket`]).
pub fn s3() -> &'static TestServer {
    static SHARED: std::sync::OnceLock<TestServer> = std::sync::OnceLock::new();
    SHARED.get_or_init(|| TestServer::start("python3", "e2e/s3/server.py", "pip install \"moto[server]==5.2.5\""))
}

/// The keys the tests sign their S3 requests with (moto takes any).
pub const S3_ACCESS_KEY_ID: &str = "timekeep-test";
pub const S3_SECRET_ACCESS_KEY: &str = "timekeep-test-secret";

/// A new, empty bucket on [`s3`]: moto takes an unsigned `PUT /<bucket>` (object_store cannot
/// create buckets).
pub async fn new_bucket() -> String {
    let bucket = format!("tk-{}", uuid::Uuid::new_v4().simple());
    let created = awc::Client::default().put(format!("{}/{bucket}", s3().url)).send().await.unwrap();
    assert!(created.status().is_success(), "create the bucket {bucket}: {}", created.status());
    bucket
}

/// The object store of `bucket` on [`s3`], files under `prefix`.
pub fn s3_settings(bucket: &str, prefix: Option<&str>) -> files::S3Settings {
    files::S3Settings {
        bucket: bucket.to_owned(),
        region: None,
        endpoint: Some(s3().url.clone()),
        prefix: prefix.map(str::to_owned),
        credentials: files::S3Credentials::Static {
            access_key_id: S3_ACCESS_KEY_ID.to_owned(),
            secret_access_key: S3_SECRET_ACCESS_KEY.to_owned(),
        },
    }
}

/// A hosted app whose uploaded files go to `bucket` on [`s3`], under `prefix`.
pub async fn spawn_app_with_s3(bucket: &str, prefix: Option<&str>) -> TestApp {
    let store = files::S3Store::new(&s3_settings(bucket, prefix)).unwrap();
    store.check().await.unwrap();
    let pool = accounts::hashing::HashPool::per_core();
    let policy = gateway::middleware::WebPolicy::default();
    let stripe_url = Some(stripe().url.clone());
    spawn_app_built(
        AccountsConfig::default(),
        pool,
        None,
        stripe_url,
        policy,
        None,
        Some(Arc::new(store)),
        Vec::new(),
        LOOPBACK_WEBHOOKS,
    )
    .await
}

/// An app behind the deployment's reverse proxies at `proxies` (`--trusted-proxies`).
pub async fn spawn_app_behind_proxy(proxies: Vec<std::net::IpAddr>) -> TestApp {
    let pool = accounts::hashing::HashPool::per_core();
    let policy = gateway::middleware::WebPolicy::default();
    spawn_app_built(AccountsConfig::default(), pool, None, None, policy, None, None, proxies, LOOPBACK_WEBHOOKS).await
}

/// Webhooks of the test apps reach the tests' own receivers on loopback
/// (`--webhooks-allow-private`); [`spawn_app_with_strict_webhooks`] has the production rule.
const LOOPBACK_WEBHOOKS: webhooks::AddressPolicy = webhooks::AddressPolicy { allow_private: true };

/// An app with the production rule for webhooks: https to public addresses only.
pub async fn spawn_app_with_strict_webhooks() -> TestApp {
    let pool = accounts::hashing::HashPool::per_core();
    let policy = gateway::middleware::WebPolicy::default();
    let strict = webhooks::AddressPolicy { allow_private: false };
    spawn_app_built(AccountsConfig::default(), pool, None, None, policy, None, None, Vec::new(), strict).await
}

// One builder behind the named `spawn_app_*` variants above, which are what tests call.
#[allow(clippy::too_many_arguments)]
async fn spawn_app_built(
    config: AccountsConfig,
    pool: accounts::hashing::HashPool,
    web_dir: Option<PathBuf>,
    stripe_url: Option<String>,
    web_policy: gateway::middleware::WebPolicy,
    sso: Option<accounts::sso::SsoSettings>,
    file_store: Option<Arc<dyn files::FileStore>>,
    trusted_proxies: Vec<std::net::IpAddr>,
    webhook_policy: webhooks::AddressPolicy,
) -> TestApp {
    init_logs();
    let database = TestDatabase::migrated().await;
    let db = gateway::db::connect(&database.url).await.expect("connect");
    let mut mail = MailSink::start().await;
    mail.outbox = Some(db.clone());
    let mailer = SmtpMailer::from_url(
        &format!("smtp://127.0.0.1:{}", mail.port),
        "Timekeep <no-reply@timekeep.test>".parse().unwrap(),
    )
    .unwrap();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let config = AccountsConfig { public_url: address.clone(), billing_enabled: stripe_url.is_some(), ..config };
    let accounts = Accounts::new(
        db.clone(),
        TokenKeys::from_secret(random_token().as_bytes()),
        Arc::new(mailer),
        Arc::new(HoneypotCheck),
        config,
    )
    .with_hash_pool(pool);
    let accounts = match sso {
        Some(settings) => accounts.with_sso(settings).expect("single sign-on settings"),
        None => accounts,
    };
    let file_store = file_store.unwrap_or_else(|| {
        Arc::new(files::LocalDirStore::new(std::env::temp_dir().join(format!("timekeep-files-{}", random_token()))))
    });
    let mut state = AppState::new(db.clone(), accounts.clone(), file_store)
        .with_agencyzoom(agencyzoom_client())
        .with_webhook_policy(webhook_policy);
    state.web = web_policy;
    state.trusted_proxies = trusted_proxies;
    if let Some(url) = &stripe_url {
        state = state.with_billing(
            Arc::new(billing::provider::StripeProvider::new(STRIPE_SECRET_KEY, url).unwrap()),
            billing::BillingConfig {
                public_url: address.clone(),
                publishable_key: Some("pk_test_timekeep".to_owned()),
                webhook_secret: Some(STRIPE_WEBHOOK_SECRET.to_owned()),
            },
        );
    }
    let billing = state.billing.clone();
    // The server's mail sender, as `serve` runs it (behind the state's write gate); it stops
    // with the app.
    let mail_sender = state.accounts.outbox().sender().spawn();
    let webhook_sender = state.webhooks.sender().spawn();
    let state = web::Data::new(state);
    let server = HttpServer::new(move || gateway::build_app(state.clone(), web_dir.clone()))
        .listen(listener)
        .unwrap()
        .workers(1)
        .disable_signals()
        .run();
    let handle = server.handle();
    actix_web::rt::spawn(server);
    // The server closes a connection idle for 5 s (actix's keep-alive); the client lets its own
    // go after 2 s, so a test that waits between calls never sends on a connection being closed.
    let client = awc::Client::builder()
        .connector(awc::Connector::new().conn_keep_alive(Duration::from_secs(2)))
        .timeout(Duration::from_secs(30))
        .finish();
    TestApp {
        address,
        client,
        mail,
        accounts,
        db,
        billing,
        stripe_url: stripe_url.unwrap_or_default(),
        server: handle,
        _mail_sender: mail_sender,
        _webhook_sender: webhook_sender,
        _database: database,
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        // The stop command is sent at once; its completion need not be awaited.
        std::mem::drop(self.server.stop(false));
    }
}

impl TestApp {
    /// The test's own database (`sqlite://…` or `postgres://…`), for running the binary on it.
    pub fn database_url(&self) -> &str {
        &self._database.url
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    async fn finish(
        mut response: awc::ClientResponse<
            impl futures_util::Stream<Item = Result<actix_web::web::Bytes, awc::error::PayloadError>> + Unpin,
        >,
    ) -> Reply {
        let header = |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
        let refreshed_token = header("x-refreshed-token");
        let request_id = header("x-request-id");
        let status = response.status().as_u16();
        let bytes = response.body().limit(4 * 1024 * 1024).await.unwrap();
        let body = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes)
                .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()))
        };
        Reply { status, body, refreshed_token, request_id }
    }

    pub async fn post(&self, path: &str, body: Value) -> Reply {
        Self::finish(self.client.post(self.url(path)).send_json(&body).await.unwrap()).await
    }

    pub async fn post_as(&self, token: &str, path: &str, body: Value) -> Reply {
        Self::finish(self.client.post(self.url(path)).bearer_auth(token).send_json(&body).await.unwrap()).await
    }

    /// A signed-in POST with an `Idempotency-Key` header.
    pub async fn post_keyed_as(&self, token: &str, key: &str, path: &str, body: Value) -> Reply {
        Self::finish(
            self.client
                .post(self.url(path))
                .bearer_auth(token)
                .insert_header(("Idempotency-Key", key))
                .send_json(&body)
                .await
                .unwrap(),
        )
        .await
    }

    pub async fn get(&self, path: &str) -> Reply {
        Self::finish(self.client.get(self.url(path)).send().await.unwrap()).await
    }

    /// A POST sent from another loopback address (127.0.0.x), as a client elsewhere would.
    pub async fn post_from(&self, ip: [u8; 4], path: &str, body: Value) -> Reply {
        let client = awc::Client::builder()
            .connector(awc::Connector::new().local_address(std::net::IpAddr::from(ip)))
            .timeout(Duration::from_secs(30))
            .finish();
        Self::finish(client.post(self.url(path)).send_json(&body).await.unwrap()).await
    }

    pub async fn get_as(&self, token: &str, path: &str) -> Reply {
        Self::finish(self.client.get(self.url(path)).bearer_auth(token).send().await.unwrap()).await
    }

    /// Sends a raw body with a content type of the caller's choosing.
    pub async fn post_raw(&self, path: &str, content_type: &str, body: Vec<u8>) -> Reply {
        Self::finish(
            self.client
                .post(self.url(path))
                .insert_header(("content-type", content_type))
                .send_body(body)
                .await
                .unwrap(),
        )
        .await
    }

    /// A POST of raw bytes of `content_type`, signed in.
    pub async fn post_raw_as(&self, token: &str, path: &str, content_type: &str, body: Vec<u8>) -> Reply {
        Self::finish(
            self.client
                .post(self.url(path))
                .bearer_auth(token)
                .insert_header(("content-type", content_type))
                .send_body(body)
                .await
                .unwrap(),
        )
        .await
    }

    /// A `multipart/form-data` upload: text `fields` and, when given, a `file` part.
    pub async fn upload_as(&self, token: &str, path: &str, fields: &[(&str, &str)], file: Option<&[u8]>) -> Reply {
        let boundary = "timekeep-test-boundary";
        let mut body = Vec::new();
        for (name, value) in fields {
            body.extend_from_slice(
                format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n")
                    .as_bytes(),
            );
        }
        if let Some(bytes) = file {
            body.extend_from_slice(
                format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"upload.png\"\r\nContent-Type: image/png\r\n\r\n").as_bytes(),
            );
            body.extend_from_slice(bytes);
            body.extend_from_slice(b"\r\n");
        }
        body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
        Self::finish(
            self.client
                .post(self.url(path))
                .bearer_auth(token)
                .insert_header(("content-type", format!("multipart/form-data; boundary={boundary}")))
                .send_body(body)
                .await
                .unwrap(),
        )
        .await
    }

    /// A `multipart/form-data` upload with the file in the part `file_field`, named `file_name`.
    pub async fn upload_named_as(
        &self,
        token: &str,
        path: &str,
        fields: &[(&str, &str)],
        file_field: &str,
        file_name: &str,
        file: &[u8],
    ) -> Reply {
        let boundary = "timekeep-test-boundary";
        let mut body = Vec::new();
        for (name, value) in fields {
            body.extend_from_slice(
                format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n")
                    .as_bytes(),
            );
        }
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{file_field}\"; filename=\"{file_name}\"\r\nContent-Type: application/octet-stream\r\n\r\n").as_bytes(),
        );
        body.extend_from_slice(file);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        Self::finish(
            self.client
                .post(self.url(path))
                .bearer_auth(token)
                .insert_header(("content-type", format!("multipart/form-data; boundary={boundary}")))
                .send_body(body)
                .await
                .unwrap(),
        )
        .await
    }

    /// A POST answered with a file: status, `Content-Type`, `Content-Disposition` and bytes.
    pub async fn post_for_file_as(&self, token: &str, path: &str, body: Value) -> (u16, String, String, Vec<u8>) {
        let mut response = self.client.post(self.url(path)).bearer_auth(token).send_json(&body).await.unwrap();
        let header =
            |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
        let (content_type, disposition) = (header("content-type"), header("content-disposition"));
        let bytes = response.body().limit(16 * 1024 * 1024).await.unwrap();
        (response.status().as_u16(), content_type, disposition, bytes.to_vec())
    }

    /// The raw bytes and content type of a GET.
    pub async fn get_bytes_as(&self, token: &str, path: &str) -> (u16, String, Vec<u8>) {
        let mut response = self.client.get(self.url(path)).bearer_auth(token).send().await.unwrap();
        let content_type =
            response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
        let bytes = response.body().limit(16 * 1024 * 1024).await.unwrap();
        (response.status().as_u16(), content_type, bytes.to_vec())
    }

    pub async fn signup(&self, company: &str, email: &str, password: &str) -> Reply {
        self.post(
            "/server/v1/account/signup",
            json!({
                "company": company, "firstname": "Ada", "lastname": "Lovelace",
                "email": email, "password": password, "timezone": TEST_ZONE.name(), "token": "", "website": ""
            }),
        )
        .await
    }

    /// Follows the newest verification link mailed to `email`.
    pub async fn verify_from_mail(&self, email: &str) -> Reply {
        let link = self.mail.latest_to(email).await.link(&self.address, "/verify-email");
        let query = link.split_once('?').unwrap().1;
        let param =
            |name: &str| query.split('&').find_map(|pair| pair.strip_prefix(&format!("{name}="))).unwrap().to_owned();
        self.post("/server/v1/account/verify-email", json!({ "token": param("token"), "me": param("me") })).await
    }

    pub async fn login(&self, email: &str, password: &str) -> Reply {
        self.post("/server/v1/auth/login", json!({ "email": email, "password": password })).await
    }

    /// Signs a company up, verifies its admin and logs in: the admin's token.
    pub async fn admin_of_new_company(&self, company: &str, email: &str) -> String {
        assert_eq!(self.signup(company, email, "password-123").await.status, 201);
        assert_eq!(self.verify_from_mail(email).await.status, 200);
        let reply = self.login(email, "password-123").await;
        assert_eq!(reply.status, 200, "{:?}", reply.body);
        reply.body["token"].as_str().unwrap().to_owned()
    }

    pub async fn company_of(&self, email: &str) -> companies::Model {
        use sea_orm::{ColumnTrait, QueryFilter};
        let user = users::Entity::find().filter(users::Column::Email.eq(email)).one(&self.db).await.unwrap().unwrap();
        companies::Entity::find_by_id(user.company_id.unwrap()).one(&self.db).await.unwrap().unwrap()
    }

    /// Adds a verified, active person to a company directly (the employee screens come later)
    /// and returns their id.
    pub async fn add_person(
        &self,
        company_id: impl Into<kernel::CompanyId>,
        email: &str,
        role: Role,
        manager_id: Option<i64>,
    ) -> i64 {
        let company_id = company_id.into();
        let now = Utc::now();
        let hash = accounts::password::hash_password("password-123").unwrap();
        let mut row = users::NewPerson {
            company_id: Some(company_id),
            email,
            password_hash: Some(hash),
            first_name: "Test",
            last_name: &format!("{role:?}"),
            role,
            verified_at: Some(now),
            now,
        }
        .row();
        row.manager_id = Set(manager_id.map(kernel::UserId));
        // Started today in the company's zone, as the product's own paths set it (the UTC date is
        // a day ahead in American evenings).
        let company = companies::Entity::find_by_id(company_id).one(&self.db).await.unwrap().unwrap();
        let zone = kernel::time::parse_time_zone(&company.time_zone).unwrap_or(chrono_tz::America::New_York);
        row.last_start_date = Set(Some(kernel::time::local_date(zone, now)));
        row.insert(&self.db).await.unwrap().id.0
    }

    /// A platform operator (added straight to the database, as `timekeep system-user add` does
    /// through accounts), signed in: their token.
    pub async fn operator_token(&self) -> String {
        let email = unique_email("operator");
        let now = Utc::now();
        let hash = accounts::password::hash_password("password-123").unwrap();
        users::NewPerson {
            company_id: None,
            email: &email,
            password_hash: Some(hash),
            first_name: "Sam",
            last_name: "Operator",
            role: Role::SysAdmin,
            verified_at: Some(now),
            now,
        }
        .row()
        .insert(&self.db)
        .await
        .unwrap();
        // The operator always needs a second factor: the first sign-in enrols one.
        self.enrol_at_sign_in(&email).await.token
    }

    /// Signs in someone who must enrol a second factor (the operator; an admin or manager of a
    /// company that requires it): the password, the set-up, and a code computed by pyotp.
    pub async fn enrol_at_sign_in(&self, email: &str) -> Enrolled {
        self.enrol_with_password(email, "password-123").await
    }

    /// [`Self::enrol_at_sign_in`] with another password.
    pub async fn enrol_with_password(&self, email: &str, password: &str) -> Enrolled {
        let reply = self.login(email, password).await;
        assert_eq!(reply.status, 200, "{:?}", reply.body);
        assert_eq!(reply.body["twoFactor"]["mode"], "enrol", "{:?}", reply.body);
        let challenge = reply.body["twoFactor"]["challenge"].as_str().unwrap().to_owned();
        let setup = self.post("/server/v1/auth/two-factor/setup", json!({ "challenge": challenge })).await;
        assert_eq!(setup.status, 200, "{:?}", setup.body);
        let secret = setup.body["secret"].as_str().unwrap().to_owned();
        let code = totp_now(&secret);
        let done = self.post("/server/v1/auth/two-factor", json!({ "challenge": challenge, "code": code })).await;
        assert_eq!(done.status, 200, "{:?}", done.body);
        let recovery_codes = done.body["recoveryCodes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|code| code.as_str().unwrap().to_owned())
            .collect();
        Enrolled { token: done.body["token"].as_str().unwrap().to_owned(), secret, recovery_codes }
    }

    /// The operator of `operator_token` acting as the user `email` (`/system/impersonate`): the
    /// impersonation session's token.
    pub async fn impersonate(&self, operator_token: &str, email: &str) -> String {
        let reply =
            self.post_as(operator_token, "/server/v1/system/impersonate", serde_json::json!({"email": email})).await;
        assert_eq!(reply.status, 200, "{:?}", reply.body);
        reply.body["token"].as_str().unwrap().to_owned()
    }

    /// The billing service (the app was spawned with billing).
    pub fn billing(&self) -> &billing::Billing {
        self.billing.as_ref().expect("billing is on")
    }

    /// Fills in the provider's hosted checkout page at `url` with `card`, as the admin's browser
    /// would, and returns the `session_id` the provider sends the browser back with.
    pub async fn complete_checkout(&self, url: &str, card: &str) -> String {
        let client = awc::Client::builder().disable_redirects().timeout(Duration::from_secs(30)).finish();
        let response = client
            .post(url)
            .send_form(&[("card_number", card), ("exp_month", "12"), ("exp_year", "2034"), ("cvc", "123")])
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 303, "the hosted checkout page refused the card");
        let location = response.headers().get("location").unwrap().to_str().unwrap().to_owned();
        assert!(location.starts_with(&format!("{}/admin/manage/my-account?", self.address)), "{location}");
        location.split("session_id=").nth(1).unwrap().split('&').next().unwrap().to_owned()
    }

    /// From the trial to a subscription paid with `card`: the admin's billing screen, the
    /// hosted checkout, and the activation. Returns the activation's answer.
    pub async fn activate_with(&self, admin: &str, card: &str) -> Reply {
        let data = self.get_as(admin, "/server/v1/myaccount/data").await;
        assert_eq!(data.status, 200, "{:?}", data.body);
        let session = self.complete_checkout(data.body["activateUrl"].as_str().unwrap(), card).await;
        self.post_as(admin, "/server/v1/myaccount/activate", json!({ "token": session })).await
    }

    /// Replaces the card through the hosted checkout; the answer of `update-card`.
    pub async fn update_card_with(&self, admin: &str, card: &str) -> Reply {
        let data = self.get_as(admin, "/server/v1/myaccount/data").await;
        assert_eq!(data.status, 200, "{:?}", data.body);
        let session = self.complete_checkout(data.body["updateUrl"].as_str().unwrap(), card).await;
        self.post_as(admin, "/server/v1/myaccount/update-card", json!({ "token": session })).await
    }

    pub async fn token_of(&self, email: &str) -> String {
        let reply = self.login(email, "password-123").await;
        assert_eq!(reply.status, 200, "{:?}", reply.body);
        reply.body["token"].as_str().unwrap().to_owned()
    }
}

/// The smallest valid PNG: a 1×1 transparent pixel.
pub const TINY_PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0D, 0x49,
    0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00,
    0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];

/// A second factor just enrolled at sign-in.
pub struct Enrolled {
    pub token: String,
    pub secret: String,
    pub recovery_codes: Vec<String>,
}

/// The RFC 6238 code (SHA-1, 30 s, 6 digits) of `secret` at the Unix time `at`, computed by
/// pyotp: a library independent of the product's own (`totp-rs`).
pub fn totp_at(secret: &str, at: i64) -> String {
    let output = std::process::Command::new("python3")
        .args(["-c", "import sys, pyotp; print(pyotp.TOTP(sys.argv[1]).at(int(sys.argv[2])))", secret, &at.to_string()])
        .output()
        .expect("python3 runs");
    assert!(output.status.success(), "pyotp: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap().trim().to_owned()
}

/// The code of `secret` now (pyotp).
pub fn totp_now(secret: &str) -> String {
    totp_at(secret, Utc::now().timestamp())
}

pub fn unique_email(tag: &str) -> String {
    format!("{tag}-{}@agency.example.com", &random_token()[..10])
}

/// The connection to take migrations down and up again on: one of its own on SQLite. A pooled
/// SQLite connection keeps the schema it last read, and SQLite checks a new index's name when it
/// prepares the statement, so a `CREATE INDEX` given to a connection that has not looked since
/// another dropped that index is refused as existing (it failed so once under the full suite).
pub fn migrating_connection(app: &TestApp) -> DatabaseConnection {
    gateway::db::group_writer_connection(&app.db).unwrap_or_else(|| app.db.clone())
}

/// How many migrations `Migrator::down` must undo to undo the one whose name contains `name`
/// (with every migration after it), so a test of one migration stays right as others are added.
pub fn migrations_back_to(name: &str) -> u32 {
    use migrations::MigratorTrait;
    let names: Vec<String> = migrations::Migrator::migrations().iter().map(|m| m.name().to_owned()).collect();
    let at =
        names.iter().position(|candidate| candidate.contains(name)).unwrap_or_else(|| panic!("no migration {name}"));
    u32::try_from(names.len() - at).unwrap_or(u32::MAX)
}

/// `timekeep ARGS…` (the server's own binary, e.g. `jobs run NAME --now …`) against the test's
/// database. Runs the binary off the test's thread: the test's SMTP sink answers on that thread.
pub async fn timekeep(app: &TestApp, args: &[&str], allow_clock: bool) -> std::process::Output {
    let data = std::env::temp_dir().join(format!("timekeep-jobs-{}", &accounts::tokens::random_token()[..10]));
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_timekeep"));
    command
        .args(args)
        .env("DATABASE_URL", app.database_url())
        .env("TIMEKEEP_DATA_DIR", &data)
        .env("TIMEKEEP_PUBLIC_URL", &app.address)
        .env("SMTP_URL", format!("smtp://127.0.0.1:{}", app.mail.port))
        .env_remove("STRIPE_SECRET_KEY")
        .env_remove("TIMEKEEP_ALLOW_JOB_CLOCK");
    if allow_clock {
        command.env("TIMEKEEP_ALLOW_JOB_CLOCK", "true");
    }
    tokio::task::spawn_blocking(move || command.output().unwrap()).await.unwrap()
}

pub fn text(output: &std::process::Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}
