//! `timekeep`: serve, migrate, or seed the demo company.

use accounts::bot::HoneypotCheck;
use accounts::mail::{FolderMailer, Mailer, SmtpMailer};
use accounts::tokens::TokenKeys;
use accounts::{Accounts, AccountsConfig, DemoOutcome, DEMO_PASSWORD};
use actix_web::{web, HttpServer};
use clap::Parser;
use gateway::config::{
    ChargeRunArgs, Cli, Command, DemoArgs, JobsAction, JobsRunArgs, JobsServiceArgs, ServeArgs, StorageArgs,
    SystemUserAction,
};
use gateway::state::AppState;
use gateway::{build_app, db};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                // `stripe_webhook` logs an error for every event its own types cannot read, which
                // billing then reads itself (crates/billing/src/webhooks.rs): not an error here.
                .unwrap_or_else(|_| {
                    tracing_subscriber::EnvFilter::new("info,sqlx=warn,sea_orm=warn,stripe_webhook=off")
                }),
        )
        .init();
    let cli = Cli::parse();
    let result = actix_web::rt::System::new().block_on(async move {
        match cli.command {
            Command::Serve(args) => serve(*args).await,
            Command::Migrate(storage) => migrate(&storage).await,
            Command::Demo(args) => demo(&args).await,
            Command::ChargeRun(args) => charge_run(args).await,
            Command::SystemUser(args) => match args.action {
                SystemUserAction::Add(args) => system_user_add(args).await,
            },
            Command::Jobs(args) => match args.action {
                JobsAction::List(args) => jobs_list(args).await,
                JobsAction::Run(args) => jobs_run(args).await,
            },
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            tracing::error!("{err}");
            eprintln!("timekeep: {err}");
            ExitCode::FAILURE
        }
    }
}

type BoxError = Box<dyn std::error::Error>;

/// Where uploaded files are kept, for every command that reads or writes them: the S3 bucket when
/// TIMEKEEP_S3_BUCKET is set, checked now (written, read back, deleted) so that a wrong setting
/// stops the start rather than the first upload; else the data folder.
async fn file_store(storage: &StorageArgs) -> Result<Arc<dyn files::FileStore>, BoxError> {
    let Some(settings) = storage.files.s3_settings()? else {
        return Ok(Arc::new(files::LocalDirStore::new(storage.data_dir.join("files"))));
    };
    let store = files::S3Store::new(&settings)
        .map_err(|err| format!("{}: {err}", gateway::config::FileStoreArgs::name_of(err.setting)))?;
    store.check().await.map_err(|err| format!("{err} (check TIMEKEEP_S3_* and the AWS credentials)"))?;
    tracing::info!(location = store.location(), "uploaded files are kept in the object store");
    Ok(Arc::new(store))
}

async fn open_database(storage: &StorageArgs) -> Result<sea_orm::DatabaseConnection, BoxError> {
    std::fs::create_dir_all(&storage.data_dir)
        .map_err(|err| format!("cannot create the data folder {}: {err}", storage.data_dir.display()))?;
    let db = db::connect(&storage.database_url()).await?;
    db::migrate(&db).await?;
    Ok(db)
}

async fn migrate(storage: &StorageArgs) -> Result<(), BoxError> {
    open_database(storage).await?;
    println!("migrations applied");
    Ok(())
}

/// The token secret: given, or the deployment's, kept in the database where every instance finds
/// it (`accounts::tokens::deployment_secret` says why). A secret an older version generated into
/// the data folder is what the database is seeded with, so its sessions survive the upgrade.
async fn token_secret(
    db: &sea_orm::DatabaseConnection,
    given: Option<&str>,
    data_dir: &Path,
) -> Result<Vec<u8>, BoxError> {
    if let Some(secret) = given {
        if secret.len() < 32 {
            return Err("TIMEKEEP_TOKEN_SECRET must have at least 32 characters".into());
        }
        return Ok(secret.as_bytes().to_vec());
    }
    let from_folder = std::fs::read_to_string(data_dir.join("token-secret"))
        .ok()
        .map(|existing| existing.trim().to_owned())
        .filter(|existing| existing.len() >= 32);
    let candidate = from_folder.unwrap_or_else(accounts::tokens::random_token);
    Ok(accounts::tokens::deployment_secret(db, &candidate).await?.into_bytes())
}

async fn accounts_service(
    db: sea_orm::DatabaseConnection,
    args: &ServeArgs,
    public_url: String,
) -> Result<Accounts, BoxError> {
    let from = args.mail_from.parse().map_err(|err| format!("bad TIMEKEEP_MAIL_FROM: {err}"))?;
    let mailer: Arc<dyn Mailer> = match &args.smtp_url {
        Some(url) => Arc::new(SmtpMailer::from_url(url, from)?),
        None => Arc::new(FolderMailer::new(args.storage.data_dir.join("outbox"), from)),
    };
    let keys = TokenKeys::from_secret(&token_secret(&db, args.token_secret.as_deref(), &args.storage.data_dir).await?);
    if args.session_idle_minutes < 10 || args.session_max_hours < 1 {
        return Err(
            "TIMEKEEP_SESSION_IDLE_MINUTES must be at least 10 and TIMEKEEP_SESSION_MAX_HOURS at least 1".into()
        );
    }
    let defaults = AccountsConfig::default();
    let config = AccountsConfig {
        public_url,
        billing_enabled: args.billing.secret_key().is_some(),
        session_ttl: chrono::Duration::minutes(args.session_idle_minutes),
        session_max_age: chrono::Duration::hours(args.session_max_hours),
        signups_per_ip: accounts::throttle::ThrottleRule {
            max_failures: args.signups_per_ip_hour,
            ..defaults.signups_per_ip
        },
        api_key_rate: accounts::api_keys::KeyRateLimit {
            requests: args.api_key_requests_per_minute,
            window: chrono::Duration::minutes(1),
        },
        ..defaults
    };
    let accounts = Accounts::new(db, keys, mailer, Arc::new(HoneypotCheck), config);
    match args.sso.settings()? {
        Some(settings) => {
            tracing::info!(issuer = %settings.issuer_url, "single sign-on is on");
            Ok(accounts.with_sso(settings)?)
        }
        None => Ok(accounts),
    }
}

/// The services over `db`, with the settings of `args`.
/// `mail_bell_of`: the services whose mail sender theirs wakes (see `serve`).
async fn app_state(
    db: sea_orm::DatabaseConnection,
    args: &ServeArgs,
    public_url: &str,
    file_store: Arc<dyn files::FileStore>,
    mail_bell_of: Option<&Accounts>,
) -> Result<AppState, BoxError> {
    let mut accounts = accounts_service(db.clone(), args, public_url.to_owned()).await?;
    if let Some(other) = mail_bell_of {
        accounts = accounts.sharing_mail_bell_of(other);
    }
    let mut state = AppState::new(db, accounts, file_store);
    state.web = gateway::middleware::WebPolicy::new(&args.frame_ancestors)?;
    state.trusted_proxies = args.trusted_proxies.clone();
    let state = with_billing(state, &args.billing, public_url)?
        .with_webhook_policy(webhooks::AddressPolicy { allow_private: args.webhooks_allow_private });
    Ok(match args.agencyzoom.config() {
        Some(config) => state
            .with_agencyzoom(agencyzoom::Client::new(&config).map_err(|err| format!("AGENCYZOOM_API_BASE: {err}"))?),
        None => state,
    })
}

async fn serve(args: ServeArgs) -> Result<(), BoxError> {
    let db = open_database(&args.storage).await?;
    let public_url = args.public_url.clone().unwrap_or_else(|| format!("http://{}", args.bind));
    if args.smtp_url.is_none() {
        tracing::info!(outbox = %args.storage.data_dir.join("outbox").display(), "no SMTP_URL: mail is written to the outbox folder");
    }
    let web_dir = args.web_dir.clone().filter(|dir| dir.join("index.html").is_file());
    if web_dir.is_none() {
        tracing::warn!("no built web app (--web-dir); serving the API only");
    }
    let file_store = file_store(&args.storage).await?;
    let state = app_state(db.clone(), &args, &public_url, file_store.clone(), None).await?;
    match args.agencyzoom.config() {
        Some(config) => tracing::info!(api = %config.base_url, "the AgencyZoom import is on"),
        None => tracing::info!("AGENCYZOOM_API_BASE is empty: the AgencyZoom import is off"),
    }
    if state.billing.is_some() {
        tracing::info!(api = %args.billing.stripe_api_base, "billing is on");
    } else {
        tracing::info!("no STRIPE_SECRET_KEY: billing is off (no trial expiry, no charges)");
    }
    // The background work (jobs, mail) gets a PostgreSQL pool of its own, opened on this thread's
    // runtime, which lives until the process ends: a connection opened by an HTTP worker belongs
    // to that worker's runtime, and is dead once SIGTERM has stopped the workers, while a job
    // under way is still to finish. SQLite's connections are threads of their own, tied to no
    // runtime, and its one write gate must be shared: there the services are the same. Mail
    // queued by either wakes the one sender.
    let background = match sea_orm::ConnectionTrait::get_database_backend(&db) {
        sea_orm::DatabaseBackend::Postgres => {
            let pool = db::connect_background(&args.storage.database_url()).await?;
            app_state(pool, &args, &public_url, file_store, Some(&state.accounts)).await?
        }
        _ => state.clone(),
    };
    let mail_sender = background.accounts.outbox().sender().spawn();
    let webhook_sender = background.webhooks.sender().spawn();
    let jobs = scheduler(&background)
        .with_lease(chrono::Duration::seconds(args.job_lease_seconds))
        .with_batches_in_hand(usize::try_from(args.job_batches_in_hand).unwrap_or(1))
        .spawn(std::time::Duration::from_secs(args.scheduler_tick_seconds));
    let state = web::Data::new(state);
    let mut server = HttpServer::new(move || build_app(state.clone(), web_dir.clone()))
        .bind(&args.bind)
        .map_err(|err| format!("cannot listen on {}: {err}", args.bind))?
        .shutdown_timeout(10);
    if let Some(workers) = args.workers {
        server = server.workers(workers);
    }
    tracing::info!(url = %public_url, "Timekeep is running");
    println!("Timekeep is running on {public_url}");
    // actix stops on SIGINT/SIGTERM: no new connections, requests in flight finished (up to
    // 10 s); then the job under way (up to 20 s) and the mail in hand.
    server.run().await?;
    jobs.stop(std::time::Duration::from_secs(20)).await;
    mail_sender.stop().await;
    webhook_sender.stop().await;
    Ok(())
}

/// The background jobs ([`gateway::jobs::scheduler`]) under a name unique to this process.
fn scheduler(state: &AppState) -> kernel::Scheduler {
    let owner = format!("{}-{}", std::process::id(), accounts::tokens::random_token());
    gateway::jobs::scheduler(state, owner)
}

/// Billing on when a Stripe secret key is given.
fn with_billing(state: AppState, args: &gateway::config::BillingArgs, public_url: &str) -> Result<AppState, BoxError> {
    let Some(key) = args.secret_key() else { return Ok(state) };
    let provider = billing::provider::StripeProvider::new(key, &args.stripe_api_base)?;
    Ok(state.with_billing(
        Arc::new(provider),
        billing::BillingConfig {
            public_url: public_url.to_owned(),
            publishable_key: args.stripe_publishable_key.clone(),
            webhook_secret: args.stripe_webhook_secret.clone(),
        },
    ))
}

async fn charge_run(args: ChargeRunArgs) -> Result<(), BoxError> {
    let db = open_database(&args.storage).await?;
    let serve =
        ServeArgs { smtp_url: args.smtp_url.clone(), billing: args.billing.clone(), ..demo_serve_args(&args.storage) };
    let accounts = accounts_service(db.clone(), &serve, args.public_url.clone()).await?;
    let file_store = file_store(&args.storage).await?;
    let state = with_billing(AppState::new(db, accounts, file_store), &args.billing, &args.public_url)?;
    let billing = state.billing.as_ref().ok_or("billing is off: set STRIPE_SECRET_KEY")?;
    let run = billing.run_charges(args.at.unwrap_or_else(chrono::Utc::now)).await?;
    // The e-mails about declines were queued: sent now rather than by the next server to look.
    state.accounts.outbox().sender().send_due().await?;
    println!("{run}");
    Ok(())
}

async fn system_user_add(args: gateway::config::SystemUserAddArgs) -> Result<(), BoxError> {
    let db = open_database(&args.storage).await?;
    let serve = ServeArgs { smtp_url: args.smtp_url.clone(), ..demo_serve_args(&args.storage) };
    let accounts = accounts_service(db.clone(), &serve, args.public_url.clone()).await?;
    let file_store = file_store(&args.storage).await?;
    let state = AppState::new(db, accounts, file_store);
    let added = state.system.add_operator(&args.email, &args.first_name, &args.last_name).await?;
    state.accounts.outbox().sender().send_due().await?;
    let what = if added.created { "Added the platform operator" } else { "The platform operator exists already:" };
    println!("{what} {}.", added.email);
    println!("They set their password here (valid for an hour, once): {}", added.link);
    Ok(())
}

/// The services a job needs, as `serve` builds them, and the scheduler holding every job.
async fn job_scheduler(args: &JobsServiceArgs) -> Result<(AppState, kernel::Scheduler), BoxError> {
    let db = open_database(&args.storage).await?;
    let serve =
        ServeArgs { smtp_url: args.smtp_url.clone(), billing: args.billing.clone(), ..demo_serve_args(&args.storage) };
    let file_store = file_store(&args.storage).await?;
    let state = app_state(db, &serve, &args.public_url, file_store, None).await?;
    let scheduler = scheduler(&state);
    Ok((state, scheduler))
}

async fn jobs_list(args: JobsServiceArgs) -> Result<(), BoxError> {
    let (_, scheduler) = job_scheduler(&args).await?;
    let at = |instant: Option<chrono::DateTime<chrono::Utc>>| {
        instant.map_or_else(|| "-".to_owned(), |instant| instant.format("%Y-%m-%d %H:%M:%SZ").to_string())
    };
    println!(
        "{:<24} {:>9} {:>6}  {:<21} {:<21} {:>13} {:>9} {:>9}  outcome",
        "job", "every", "runs", "last run as of", "next due", "batches", "people", "took"
    );
    for job in scheduler.list().await? {
        let (as_of, batches, people, took, outcome, shares) = match &job.last_run {
            Some(run) => {
                let took = run.finished_at.map_or_else(
                    || "-".to_owned(),
                    |end| format!("{:.1}s", (end - run.started_at).num_milliseconds() as f64 / 1000.0),
                );
                let outcome = match (run.finished_at, run.outcome()) {
                    (None, _) => format!("running: {} of {} batches done", run.done + run.failed, run.batches),
                    (Some(_), Ok(report)) => format!("ok: {report}"),
                    (Some(_), Err(error)) => format!("failed: {error}"),
                };
                let shares =
                    run.shares.iter().map(|(instance, batches)| format!("{instance}: {batches}")).collect::<Vec<_>>();
                (
                    at(Some(run.as_of)),
                    format!("{}/{}", run.done, run.batches),
                    run.items.to_string(),
                    took,
                    outcome,
                    shares.join(", "),
                )
            }
            None => {
                let outcome =
                    job.last_error.as_ref().map_or("never ran".to_owned(), |error| format!("failed: {error}"));
                ("-".to_owned(), "-".to_owned(), "-".to_owned(), "-".to_owned(), outcome, String::new())
            }
        };
        println!(
            "{:<24} {:>8}m {:>6}  {:<21} {:<21} {:>13} {:>9} {:>9}  {}",
            job.name,
            job.every.num_minutes(),
            job.runs,
            as_of,
            at(job.next_run_at),
            batches,
            people,
            took,
            outcome
        );
        if !shares.is_empty() {
            println!("{:<24} batches by instance: {shares}", "");
        }
    }
    Ok(())
}

async fn jobs_run(args: JobsRunArgs) -> Result<(), BoxError> {
    if args.now.is_some() && !args.allow_job_clock {
        return Err(
            "--now is for tests and staging only: set TIMEKEEP_ALLOW_JOB_CLOCK=true to allow it (never in production)"
                .into(),
        );
    }
    let (state, scheduler) = job_scheduler(&args.service).await?;
    let outcome = scheduler.run_now(&args.name, args.now.unwrap_or_else(chrono::Utc::now)).await?;
    // What the job queued goes out now rather than with the next server to look.
    state.accounts.outbox().sender().send_due().await?;
    match outcome {
        Ok(report) => {
            println!("{}: {report}", args.name);
            Ok(())
        }
        Err(error) => Err(format!("{} failed: {error}", args.name).into()),
    }
}

/// `serve`'s settings for the commands that only need its services.
fn demo_serve_args(storage: &StorageArgs) -> ServeArgs {
    ServeArgs {
        storage: storage.clone(),
        bind: String::new(),
        public_url: None,
        web_dir: None,
        smtp_url: None,
        mail_from: "Timekeep <no-reply@timekeep.localhost>".to_owned(),
        token_secret: None,
        workers: None,
        frame_ancestors: Vec::new(),
        session_idle_minutes: 720,
        session_max_hours: 168,
        signups_per_ip_hour: 10,
        api_key_requests_per_minute: 600,
        webhooks_allow_private: false,
        scheduler_tick_seconds: 60,
        trusted_proxies: Vec::new(),
        job_lease_seconds: 120,
        job_batches_in_hand: 2,
        billing: gateway::config::BillingArgs {
            stripe_secret_key: None,
            stripe_publishable_key: None,
            stripe_webhook_secret: None,
            stripe_api_base: String::new(),
        },
        agencyzoom: gateway::config::AgencyZoomArgs {
            agencyzoom_api_base: String::new(),
            agencyzoom_timeout_seconds: 20,
        },
        sso: gateway::config::SsoArgs::default(),
    }
}

async fn demo(demo_args: &DemoArgs) -> Result<(), BoxError> {
    let storage = &demo_args.storage;
    let db = open_database(storage).await?;
    let args = demo_serve_args(storage);
    let accounts = accounts_service(db.clone(), &args, String::new()).await?;
    let outcome = accounts.seed_demo().await?;
    if demo_args.with_hr {
        let file_store = file_store(storage).await?;
        if let Some(company) = accounts.demo_company().await? {
            let today = kernel::time::local_date(kernel::time::DEFAULT_TIME_ZONE, chrono::Utc::now());
            let files = files::Files::new(db.clone(), file_store);
            let hr = hr::Hr::new(db.clone(), accounts.clone(), files, kernel::WriteGate::open());
            if hr.seed_demo_hr(company, today).await? {
                println!("HR is set up: event, document and policy types; the employee handbook sent to everyone.");
            }
        }
    }
    if demo_args.with_time_off {
        if let Some(company) = accounts.demo_company().await? {
            let today = kernel::time::local_date(kernel::time::DEFAULT_TIME_ZONE, chrono::Utc::now());
            let pto = pto::Pto::new(db.clone(), accounts.clone(), kernel::WriteGate::open());
            if pto.seed_demo_time_off(company, today).await? {
                println!("Time off is set up: the Standard plan for everyone, one request in the manager's inbox.");
            }
        }
    }
    if demo_args.with_history {
        if let Some(company) = accounts.demo_company().await? {
            let tz = kernel::time::DEFAULT_TIME_ZONE;
            let today = kernel::time::local_date(tz, chrono::Utc::now());
            let filter = accounts::people::read::PeopleFilter::active();
            let staff: Vec<kernel::UserId> = accounts::people::read::people_of_company(&db, company, &filter)
                .await?
                .into_iter()
                .filter(|person| person.role != kernel::Role::SysAdmin)
                .map(|person| person.id)
                .collect();
            if clock::demo::seed_demo_history(&db, company, tz, &staff, today).await? {
                // They worked the last three months: they started a year before.
                accounts.backdate_demo_start(company, today - chrono::Duration::days(365)).await?;
                println!("History is in: three months of shifts, with some overtime and days away.");
            }
            let timesheet = timesheet::TimesheetService::new(db.clone(), accounts.clone(), kernel::WriteGate::open());
            if timesheet.seed_demo_requests(company).await? {
                println!("A timesheet edit request waits in the manager's inbox.");
            }
            let pto = pto::Pto::new(db.clone(), accounts.clone(), kernel::WriteGate::open());
            if pto.seed_demo_time_off_history(company, today).await? {
                println!("Time off taken and planned, and a second request waiting.");
            }
        }
    }
    match outcome {
        DemoOutcome::NotEmpty => {
            println!("The database already holds companies; no demo was added.")
        }
        DemoOutcome::Created(logins) | DemoOutcome::AlreadyPresent(logins) => {
            println!("Demo logins (password for all: {DEMO_PASSWORD}):");
            for login in logins {
                println!("  {:<32} {:<24} {}", login.email, login.role.label(), login.name);
            }
        }
    }
    Ok(())
}
