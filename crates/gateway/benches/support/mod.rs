//! What the load benchmarks share: a database of their own (SQLite, or PostgreSQL when
//! `BENCH_POSTGRES` names a server), the whole server in-process on a local port, sign-in and the
//! report line.
#![allow(dead_code)]

use accounts::bot::HoneypotCheck;
use accounts::mail::FolderMailer;
use accounts::tokens::{random_token, TokenKeys};
use accounts::{Accounts, AccountsConfig};
use actix_web::{web, HttpServer};
use gateway::state::AppState;
use sea_orm::DatabaseConnection;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;

pub mod memory;
pub mod pto_company;
pub mod stripe;

pub fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() as f64 * p) as usize).min(sorted.len() - 1)].as_secs_f64() * 1e3
}

pub async fn database(label: &str) -> (String, Box<dyn FnOnce()>) {
    match (label, std::env::var("BENCH_POSTGRES")) {
        ("postgres", Ok(admin)) => {
            let name = format!("timekeep_bench_{}", &random_token()[..10]);
            let db = sea_orm::Database::connect(&admin).await.unwrap();
            sea_orm::ConnectionTrait::execute_unprepared(&db, &format!("CREATE DATABASE {name}")).await.unwrap();
            let base = admin.rsplit_once('/').unwrap().0.to_owned();
            let url = format!("{base}/{name}");
            // Runs on its own thread: the caller is inside a runtime already.
            let cleanup = move || {
                std::thread::spawn(move || {
                    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
                    rt.block_on(async {
                        let db = sea_orm::Database::connect(&admin).await.unwrap();
                        let _ = sea_orm::ConnectionTrait::execute_unprepared(
                            &db,
                            &format!("DROP DATABASE {name} WITH (FORCE)"),
                        )
                        .await;
                    });
                })
                .join()
                .unwrap();
            };
            (url, Box::new(cleanup))
        }
        _ => {
            let dir = std::env::temp_dir().join(format!("timekeep-bench-{}", &random_token()[..10]));
            std::fs::create_dir_all(&dir).unwrap();
            let url = format!("sqlite://{}?mode=rwc", dir.join("bench.db").display());
            (url, Box::new(move || drop(std::fs::remove_dir_all(dir))))
        }
    }
}

/// The server on a local port, with 2 workers on its own thread: its base URL and the thread.
/// The accounts service over `db`, mail to a folder.
pub fn accounts_of(db: &DatabaseConnection, pool: accounts::hashing::HashPool) -> Accounts {
    accounts_with(db, pool, AccountsConfig::default())
}

/// [`accounts_of`] with another configuration.
fn accounts_with(db: &DatabaseConnection, pool: accounts::hashing::HashPool, config: AccountsConfig) -> Accounts {
    let outbox = std::env::temp_dir().join("timekeep-bench-outbox");
    Accounts::new(
        db.clone(),
        TokenKeys::from_secret(random_token().as_bytes()),
        Arc::new(FolderMailer::new(outbox, "Bench <bench@example.com>".parse().unwrap())),
        Arc::new(HoneypotCheck),
        config,
    )
    .with_hash_pool(pool)
}

/// The PTO service over `db`, as the server builds it (for the accrual job).
pub fn pto_service(db: &DatabaseConnection) -> pto::Pto {
    AppState::new(
        db.clone(),
        accounts_of(db, accounts::hashing::HashPool::per_core()),
        Arc::new(files::LocalDirStore::new(std::env::temp_dir().join("timekeep-bench-files"))),
    )
    .pto
}

/// The approval service over `db`, as the server builds it (for the escalation job).
pub fn approvals_service(db: &DatabaseConnection) -> approvals::Approvals {
    AppState::new(
        db.clone(),
        accounts_of(db, accounts::hashing::HashPool::per_core()),
        Arc::new(files::LocalDirStore::new(std::env::temp_dir().join("timekeep-bench-files"))),
    )
    .approvals
}

pub fn serve(db: DatabaseConnection) -> (String, std::thread::JoinHandle<std::io::Result<()>>) {
    serve_with_pool(db, accounts::hashing::HashPool::per_core())
}

/// [`serve`] with another bound on password hashes.
pub fn serve_with_pool(
    db: DatabaseConnection,
    pool: accounts::hashing::HashPool,
) -> (String, std::thread::JoinHandle<std::io::Result<()>>) {
    let accounts = accounts_of(&db, pool);
    let file_store = Arc::new(files::LocalDirStore::new(std::env::temp_dir().join("timekeep-bench-files")));
    serve_state(AppState::new(db.clone(), accounts, file_store))
}

/// [`serve`] with billing on, as the hosted product runs (trials end, companies subscribe and
/// can be past due). The payment provider is Stripe's API at an address where nothing listens:
/// for screens that never call it.
pub fn serve_with_billing(db: DatabaseConnection) -> (String, std::thread::JoinHandle<std::io::Result<()>>) {
    let config = AccountsConfig { billing_enabled: true, ..AccountsConfig::default() };
    let accounts = accounts_with(&db, accounts::hashing::HashPool::per_core(), config);
    let file_store = Arc::new(files::LocalDirStore::new(std::env::temp_dir().join("timekeep-bench-files")));
    let provider = billing::provider::StripeProvider::new(stripe::SECRET_KEY, "http://127.0.0.1:9").unwrap();
    let state = AppState::new(db.clone(), accounts, file_store).with_billing(
        Arc::new(provider),
        billing::BillingConfig {
            public_url: "http://127.0.0.1:8080".to_owned(),
            publishable_key: Some("pk_test_timekeep".to_owned()),
            webhook_secret: None,
        },
    );
    serve_state(state)
}

/// `state` served on a local port, with 2 workers on its own thread: its base URL and the thread.
fn serve_state(state: AppState) -> (String, std::thread::JoinHandle<std::io::Result<()>>) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let state = web::Data::new(state);
    let server_thread = std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            HttpServer::new(move || gateway::build_app(state.clone(), None))
                .listen(listener)
                .unwrap()
                .workers(2)
                .disable_signals()
                .run()
                .await
        })
    });
    (base, server_thread)
}

pub async fn login(client: &awc::Client, base: &str, email: &str) -> String {
    let mut response = client
        .post(format!("{base}/server/v1/auth/login"))
        .send_json(&json!({"email": email, "password": "bench-password"}))
        .await
        .unwrap();
    let body: Value = response.json().await.unwrap();
    if let Some(challenge) = body["twoFactor"]["challenge"].as_str() {
        return enrol_second_factor(client, base, challenge).await;
    }
    body["token"].as_str().unwrap_or_else(|| panic!("login failed: {body}")).to_owned()
}

/// The operator's first sign-in enrols a second factor (issue 43). The bench computes the code
/// with the product's own TOTP (the API tests check it against pyotp).
async fn enrol_second_factor(client: &awc::Client, base: &str, challenge: &str) -> String {
    let mut response = client
        .post(format!("{base}/server/v1/auth/two-factor/setup"))
        .send_json(&json!({ "challenge": challenge }))
        .await
        .unwrap();
    let setup: Value = response.json().await.unwrap();
    let secret = setup["secret"].as_str().unwrap_or_else(|| panic!("two-factor set-up failed: {setup}"));
    let step = chrono::Utc::now().timestamp() / 30;
    let code = accounts::two_factor::code_at(secret, step).unwrap();
    let mut response = client
        .post(format!("{base}/server/v1/auth/two-factor"))
        .send_json(&json!({ "challenge": challenge, "code": code }))
        .await
        .unwrap();
    let body: Value = response.json().await.unwrap();
    body["token"].as_str().unwrap_or_else(|| panic!("two-factor sign-in failed: {body}")).to_owned()
}

pub fn report(label: &str, samples: &mut [Duration], errors: usize, elapsed: Duration) {
    samples.sort();
    println!(
        "{label:<46} {:>7} ok  {:>5} errors  {:>8.0}/s  p50 {:>6.2} ms  p99 {:>6.2} ms",
        samples.len(),
        errors,
        samples.len() as f64 / elapsed.as_secs_f64(),
        percentile(samples, 0.50),
        percentile(samples, 0.99)
    );
}

/// `concurrency` workers GET `path_of(worker, round)` with `token` until `seconds` pass; each
/// answer must be a success and pass `check`. Reports the line and returns the sorted latencies.
/// Who sends the load, where to.
pub struct Target<'a> {
    pub client: &'a awc::Client,
    pub base: &'a str,
    pub token: &'a str,
}

pub async fn load(
    label: &str,
    target: &Target<'_>,
    concurrency: usize,
    seconds: u64,
    path_of: std::rc::Rc<dyn Fn(usize, usize) -> String>,
    check: fn(&Value) -> bool,
) -> Vec<Duration> {
    load_with(label, target, concurrency, seconds, path_of, None, check).await
}

/// [`load`], posting `body` as JSON when there is one.
pub async fn load_with(
    label: &str,
    target: &Target<'_>,
    concurrency: usize,
    seconds: u64,
    path_of: std::rc::Rc<dyn Fn(usize, usize) -> String>,
    body: Option<Value>,
    check: fn(&Value) -> bool,
) -> Vec<Duration> {
    use std::cell::RefCell;
    use std::rc::Rc;
    use std::time::Instant;
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let samples = Rc::new(RefCell::new(Vec::new()));
    let errors = Rc::new(RefCell::new(0usize));
    let started = Instant::now();
    let mut workers = Vec::new();
    for worker in 0..concurrency {
        let (client, base, token, samples, errors, path_of, body) = (
            target.client.clone(),
            target.base.to_owned(),
            target.token.to_owned(),
            samples.clone(),
            errors.clone(),
            path_of.clone(),
            body.clone(),
        );
        workers.push(actix_web::rt::spawn(async move {
            let mut round = 0;
            while Instant::now() < deadline {
                round += 1;
                let path = format!("{base}{}", path_of(worker, round));
                let sent = Instant::now();
                let sent_request = match &body {
                    Some(body) => client.post(path).bearer_auth(&token).send_json(body).await,
                    None => client.get(path).bearer_auth(&token).send().await,
                };
                match sent_request {
                    Ok(mut response) if response.status().is_success() => {
                        let body: Value = response.json().limit(8 << 20).await.unwrap_or(Value::Null);
                        let elapsed = sent.elapsed();
                        if check(&body) {
                            samples.borrow_mut().push(elapsed);
                        } else {
                            eprintln!("unexpected answer: {}", body.to_string().chars().take(300).collect::<String>());
                            *errors.borrow_mut() += 1;
                        }
                    }
                    _ => *errors.borrow_mut() += 1,
                }
            }
        }));
    }
    for worker in workers {
        worker.await.unwrap();
    }
    let mut samples = samples.take();
    report(label, &mut samples, *errors.borrow(), started.elapsed());
    samples
}

/// Closed 8-hour shifts starting at `starts` (employee, start), each with a 30-minute break three
/// hours in, written in batches; the stored shifts.
pub async fn add_shifts(
    db: &DatabaseConnection,
    company: kernel::CompanyId,
    tz: chrono_tz::Tz,
    starts: &[(kernel::UserId, chrono::DateTime<chrono::Utc>)],
) -> Vec<clock::entities::time_entries::Model> {
    use chrono::Duration as Span;
    use clock::entities::{time_entries, time_entry_breaks};
    use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
    let now = chrono::Utc::now();
    let entries: Vec<_> = starts
        .iter()
        .map(|(employee, start)| {
            // As the product stores them: worked time kept with the ended shift.
            let shift = clock::shift::Shift {
                start: *start,
                end: Some(*start + Span::hours(8)),
                breaks: vec![clock::shift::Interval {
                    start: *start + Span::hours(3),
                    end: Some(*start + Span::hours(3) + Span::minutes(30)),
                }],
            };
            let worked = shift.worked_time(tz);
            time_entries::ActiveModel {
                work_day: Set(Some(worked.day)),
                work_week: Set(Some(worked.week)),
                worked_minutes: Set(worked.minutes),
                company_id: Set(company),
                employee_id: Set(*employee),
                start_at: Set(*start),
                end_at: Set(Some(*start + Span::hours(8))),
                state: Set(3),
                open_employee_id: Set(None),
                created_by: Set(*employee),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
        })
        .collect();
    for chunk in entries.chunks(300) {
        time_entries::Entity::insert_many(chunk.to_vec()).exec(db).await.unwrap();
    }
    let shifts =
        time_entries::Entity::find().filter(time_entries::Column::CompanyId.eq(company)).all(db).await.unwrap();
    let breaks: Vec<_> = shifts
        .iter()
        .map(|shift| time_entry_breaks::ActiveModel {
            entry_id: Set(shift.id),
            start_at: Set(shift.start_at + Span::hours(3)),
            end_at: Set(Some(shift.start_at + Span::hours(3) + Span::minutes(30))),
            ..Default::default()
        })
        .collect();
    for chunk in breaks.chunks(300) {
        time_entry_breaks::Entity::insert_many(chunk.to_vec()).exec(db).await.unwrap();
    }
    shifts
}

/// The licensing service over `db`, as the server builds it (for the reminder job).
pub fn licensing_service(db: &DatabaseConnection) -> licensing::Licensing {
    AppState::new(
        db.clone(),
        accounts_of(db, accounts::hashing::HashPool::per_core()),
        Arc::new(files::LocalDirStore::new(std::env::temp_dir().join("timekeep-bench-files"))),
    )
    .licensing
}
