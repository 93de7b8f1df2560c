//! `just bench-jobs` (issue 44): the scheduled work at the scale of a hosted Timekeep, on
//! PostgreSQL (`BENCH_POSTGRES`), with real `timekeep serve` processes sharing one database.
//!
//! The population: `BENCH_COMPANIES` (20,000) companies of `BENCH_PEOPLE` (50) employees each
//! (1,000,000 people), each company with a vacation type, a plan with a yearly rule (80 hours,
//! prorated, accrued through the year) and every employee enrolled for this year; birthdays
//! spread over the year (about 1 in 365 is today). Written by SQL statements from one template
//! company made through the product's entities.
//!
//! For 1, 2 and 4 instances (`BENCH_INSTANCES`, default `1,2,4`): the instances start, then
//! the accrual job and the celebration job are made due, each from a clean state (no checkpoint,
//! no mail sent); while a run lasts, 8 employees press the clock on the instances (start, end,
//! every 100 ms each). Printed per run: the time from plan to end (the run's row), batches by
//! instance, people handled, the presses' p50/p99 during the run, and each instance's peak
//! memory (VmHWM). Figures are printed, not asserted; `docs/benchmarks.md` keeps them.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod support;

use accounts::entities::{companies, users};
use chrono::{Datelike, NaiveDate, Utc};
use kernel::Role;
use pto::entities::{pto_plans, pto_rules, pto_types};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ConnectionTrait, DatabaseConnection, Statement};
use serde_json::{json, Value};
use std::cell::RefCell;
use std::process::{Child, Command, Stdio};
use std::rc::Rc;
use std::time::{Duration, Instant};

const CLOCK_USERS: usize = 8;
/// Zones the companies are spread over: those where it is past 08:00 when the bench runs (so
/// the celebration run covers every company; in production they come due zone by zone).
const ZONES: [&str; 16] = [
    "Pacific/Auckland",
    "Australia/Sydney",
    "Asia/Tokyo",
    "Asia/Shanghai",
    "Asia/Kolkata",
    "Asia/Dubai",
    "Europe/Moscow",
    "Europe/Berlin",
    "Europe/London",
    "Atlantic/Azores",
    "America/Sao_Paulo",
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Los_Angeles",
    "Pacific/Honolulu",
];

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|value| value.parse().ok()).unwrap_or(default)
}

async fn sql(db: &DatabaseConnection, text: &str) {
    db.execute_unprepared(text).await.unwrap_or_else(|err| panic!("{err}: {text}"));
}

async fn scalar(db: &DatabaseConnection, text: &str) -> i64 {
    let row = db.query_one(Statement::from_string(db.get_database_backend(), text.to_owned())).await.unwrap().unwrap();
    row.try_get_by_index::<i64>(0).unwrap()
}

/// `INSERT INTO table (every column but id) SELECT <t.column, or its override> FROM <from>`.
async fn clone_rows(db: &DatabaseConnection, table: &str, overrides: &[(&str, String)], from: &str) {
    let rows = db
        .query_all(Statement::from_string(
            db.get_database_backend(),
            format!(
                "SELECT column_name::text FROM information_schema.columns WHERE table_schema = 'public' \
                 AND table_name = '{table}' AND column_name <> 'id' ORDER BY ordinal_position"
            ),
        ))
        .await
        .unwrap();
    let columns: Vec<String> = rows.iter().map(|row| row.try_get_by_index::<String>(0).unwrap()).collect();
    let values: Vec<String> = columns
        .iter()
        .map(|column| {
            overrides
                .iter()
                .find(|(name, _)| name == column)
                .map_or_else(|| format!("t.\"{column}\""), |(_, value)| value.clone())
        })
        .collect();
    let columns: Vec<String> = columns.iter().map(|column| format!("\"{column}\"")).collect();
    sql(db, &format!("INSERT INTO {table} ({}) SELECT {} FROM {from}", columns.join(", "), values.join(", "))).await;
}

/// The population; the e-mails of the clock's employees.
async fn seed(db: &DatabaseConnection, companies_count: usize, people: usize) -> Vec<String> {
    let now = Utc::now();
    let year = now.year();
    let template = companies::new_row("Sim 1", ZONES[0], None, now).insert(db).await.unwrap();
    let hash = accounts::password::hash_password("bench-password").unwrap();
    let mut person = users::NewPerson {
        company_id: Some(template.id),
        email: "template@sim.example.com",
        password_hash: Some(hash),
        first_name: "Sim",
        last_name: "Person",
        role: Role::Employee,
        verified_at: Some(now),
        now,
    }
    .row();
    person.last_start_date = Set(Some(NaiveDate::from_ymd_opt(year - 2, 3, 1).unwrap()));
    let employee = person.insert(db).await.unwrap();
    let vacation = pto_types::ActiveModel {
        company_id: Set(template.id),
        name: Set("Vacation".to_owned()),
        color: Set("#1c7ed6".to_owned()),
        payable: Set(true),
        available: Set(true),
        created_at: Set(now),
        updated_at: Set(now),
        deleted_at: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    let plan = pto_plans::ActiveModel {
        company_id: Set(template.id),
        name: Set("Standard".to_owned()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    pto_rules::ActiveModel {
        company_id: Set(template.id),
        plan_id: Set(plan.id),
        pto_type_id: Set(vacation.id),
        active: Set(true),
        method: Set("PER_CALENDAR_YEAR".to_owned()),
        rate_hundredths: Set(8000),
        rate_unit: Set(1),
        prorated: Set(true),
        waiting_period_days: Set(None),
        start_after_waiting_period: Set(false),
        carryover_policy: Set("allowCarryover".to_owned()),
        max_carryover_hours: Set(Some(16)),
        max_balance_hours: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    let (t, e, ty, p) = (template.id.0, employee.id.0, vacation.id.0, plan.id.0);
    let zones = ZONES.iter().map(|zone| format!("'{zone}'")).collect::<Vec<_>>().join(", ");
    clone_rows(
        db,
        "companies",
        &[("name", "'Sim ' || g".into()), ("time_zone", format!("(ARRAY[{zones}])[1 + g % {}]", ZONES.len()))],
        &format!("companies t, generate_series(2, {companies_count}) g WHERE t.id = {t}"),
    )
    .await;
    clone_rows(
        db,
        "users",
        &[
            ("company_id", "c.id".into()),
            ("email", "'p' || g || '-' || c.id || '@sim.example.com'".into()),
            ("first_name", "'P' || g".into()),
            ("last_name", "'Company' || c.id".into()),
            ("birthday", "to_char(date '2001-01-01' + ((c.id * 31 + g * 7) % 365)::int, 'MM/DD')".into()),
        ],
        &format!("users t, companies c, generate_series(1, {people}) g WHERE t.id = {e}"),
    )
    .await;
    sql(db, &format!("DELETE FROM users WHERE id = {e}")).await;
    clone_rows(
        db,
        "pto_types",
        &[("company_id", "c.id".into())],
        &format!("pto_types t, companies c WHERE t.id = {ty} AND c.id <> {t}"),
    )
    .await;
    clone_rows(
        db,
        "pto_plans",
        &[("company_id", "c.id".into())],
        &format!("pto_plans t, companies c WHERE t.id = {p} AND c.id <> {t}"),
    )
    .await;
    clone_rows(
        db,
        "pto_rules",
        &[("company_id", "c.id".into()), ("plan_id", "pl.id".into()), ("pto_type_id", "ty.id".into())],
        &format!(
            "pto_rules t, companies c JOIN pto_plans pl ON pl.company_id = c.id JOIN pto_types ty ON ty.company_id = c.id \
             WHERE t.plan_id = {p} AND c.id <> {t}"
        ),
    )
    .await;
    sql(
        db,
        &format!(
            "INSERT INTO pto_enrollments (company_id, employee_id, year, plan_id, effective_from, created_by, created_at) \
             SELECT u.company_id, u.id, {year}, pl.id, date '{year}-01-01', NULL, now() \
             FROM users u JOIN pto_plans pl ON pl.company_id = u.company_id WHERE u.role = 'employee'"
        ),
    )
    .await;
    sql(db, "VACUUM ANALYZE").await;
    (1..=CLOCK_USERS).map(|i| format!("p{i}-{}@sim.example.com", t + i as i64)).collect()
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

fn peak_mib(pid: u32) -> f64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find(|line| line.starts_with("VmHWM:"))
        .and_then(|line| line.split_whitespace().nth(1))
        .and_then(|kb| kb.parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

struct Instance {
    child: Child,
    base: String,
}

async fn start(url: &str, count: usize) -> Vec<Instance> {
    let mut instances = Vec::new();
    for index in 0..count {
        let port = free_port();
        let dir = std::env::temp_dir().join(format!("timekeep-bench-jobs-{index}"));
        std::fs::create_dir_all(&dir).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_timekeep"))
            .args(["serve", "--bind", &format!("127.0.0.1:{port}"), "--data-dir", dir.to_str().unwrap()])
            .env("DATABASE_URL", url)
            .env("TIMEKEEP_SCHEDULER_TICK_SECONDS", "1")
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        instances.push(Instance { child, base: format!("http://127.0.0.1:{port}") });
    }
    let client = awc::Client::default();
    for instance in &instances {
        for _ in 0..300 {
            if client.get(format!("{}/readyz", instance.base)).send().await.is_ok_and(|r| r.status().is_success()) {
                break;
            }
            actix_web::rt::time::sleep(Duration::from_millis(100)).await;
        }
    }
    instances
}

/// Presses of `tokens` (start, end…) on the instances, every 100 ms each, until `done`.
async fn clock_load(bases: Vec<String>, tokens: Vec<String>, done: Rc<RefCell<bool>>) -> Vec<Duration> {
    let samples = Rc::new(RefCell::new(Vec::new()));
    let client = awc::Client::builder().timeout(Duration::from_secs(30)).finish();
    let mut workers = Vec::new();
    for (index, token) in tokens.iter().enumerate() {
        let base = bases[index % bases.len()].clone();
        let (client, token, samples, done) = (client.clone(), token.clone(), samples.clone(), done.clone());
        workers.push(actix_web::rt::spawn(async move {
            let mut tracking = Value::Null;
            while !*done.borrow() {
                let path = if tracking.is_null() {
                    "/server/v1/clock/start".to_owned()
                } else {
                    format!("/server/v1/clock/end?trackingNumber={tracking}")
                };
                let sent = Instant::now();
                if let Ok(mut response) =
                    client.post(format!("{base}{path}")).bearer_auth(&token).send_json(&json!({})).await
                {
                    if response.status().is_success() {
                        samples.borrow_mut().push(sent.elapsed());
                        let body: Value = response.json().await.unwrap_or(Value::Null);
                        tracking = if tracking.is_null() { body["trackingNumber"].clone() } else { Value::Null };
                    }
                }
                actix_web::rt::time::sleep(Duration::from_millis(100)).await;
            }
            // Clocked out for the next run (a start is refused to someone clocked in).
            if !tracking.is_null() {
                let path = format!("{base}/server/v1/clock/end?trackingNumber={tracking}");
                let _ = client.post(path).bearer_auth(&token).send_json(&json!({})).await;
            }
        }));
    }
    for worker in workers {
        worker.await.unwrap();
    }
    let mut samples = samples.borrow().clone();
    samples.sort();
    samples
}

/// Makes `job` due and waits for its run to end; the run's id.
async fn run_job(db: &DatabaseConnection, job: &str) -> i64 {
    let before = scalar(db, &format!("SELECT coalesce(max(id), 0) FROM job_runs WHERE job = '{job}'")).await;
    sql(db, &format!("UPDATE scheduled_jobs SET next_run_at = now() WHERE name = '{job}'")).await;
    loop {
        let ended = scalar(
            db,
            &format!("SELECT count(*) FROM job_runs WHERE job = '{job}' AND id > {before} AND finished_at IS NOT NULL"),
        )
        .await;
        if ended > 0 {
            return scalar(db, &format!("SELECT max(id) FROM job_runs WHERE job = '{job}'")).await;
        }
        actix_web::rt::time::sleep(Duration::from_millis(250)).await;
    }
}

fn main() {
    actix_web::rt::System::new().block_on(async {
        assert!(std::env::var("BENCH_POSTGRES").is_ok(), "BENCH_POSTGRES names the PostgreSQL server");
        let companies_count = env_number("BENCH_COMPANIES", 20_000);
        let people = env_number("BENCH_PEOPLE", 50);
        let configurations: Vec<usize> = std::env::var("BENCH_INSTANCES")
            .unwrap_or_else(|_| "1,2,4".into())
            .split(',')
            .filter_map(|n| n.trim().parse().ok())
            .collect();
        let (url, cleanup) = support::database("postgres").await;
        let db = gateway::db::connect(&url).await.unwrap();
        gateway::db::migrate(&db).await.unwrap();
        let seeding = Instant::now();
        let clock_emails = seed(&db, companies_count, people).await;
        let population = scalar(&db, "SELECT count(*) FROM users").await;
        println!(
            "[jobs] seeded {companies_count} companies, {population} people in {:.0} s",
            seeding.elapsed().as_secs_f64()
        );
        // Every job known and far from due, so that only the measured one runs.
        let state = gateway::state::AppState::new(
            db.clone(),
            support::accounts_of(&db, accounts::hashing::HashPool::per_core()),
            std::sync::Arc::new(files::LocalDirStore::new(std::env::temp_dir().join("timekeep-bench-files"))),
        );
        let names: Vec<&str> = gateway::jobs::scheduler(&state, "bench").list().await.unwrap().iter().map(|j| j.name).collect();
        for name in names {
            sql(
                &db,
                &format!("INSERT INTO scheduled_jobs (name, next_run_at, runs) VALUES ('{name}', now() + interval '1 day', 0)"),
            )
            .await;
        }
        for count in configurations {
            let instances = start(&url, count).await;
            let client = awc::Client::builder().timeout(Duration::from_secs(60)).finish();
            let mut tokens = Vec::new();
            for (index, email) in clock_emails.iter().enumerate() {
                tokens.push(support::login(&client, &instances[index % count].base, email).await);
            }
            for job in [pto::accruals::ACCRUAL_JOB, hr::celebrations::CELEBRATIONS_JOB] {
                sql(&db, "DELETE FROM pto_checkpoints; DELETE FROM celebration_sends; DELETE FROM job_company_days; DELETE FROM mail_outbox").await;
                let done = Rc::new(RefCell::new(false));
                let bases = instances.iter().map(|instance| instance.base.clone()).collect();
                let load = actix_web::rt::spawn(clock_load(bases, tokens.clone(), done.clone()));
                let run = run_job(&db, job).await;
                *done.borrow_mut() = true;
                let presses = load.await.unwrap();
                let took = scalar(
                    &db,
                    &format!("SELECT (extract(epoch FROM finished_at - started_at) * 1000)::bigint FROM job_runs WHERE id = {run}"),
                )
                .await;
                let batches = scalar(&db, &format!("SELECT batches::bigint FROM job_runs WHERE id = {run}")).await;
                let handled = scalar(&db, &format!("SELECT items FROM job_runs WHERE id = {run}")).await;
                let failed = scalar(&db, &format!("SELECT batches_failed::bigint FROM job_runs WHERE id = {run}")).await;
                let shares = db
                    .query_all(Statement::from_string(
                        db.get_database_backend(),
                        format!("SELECT done_by, count(*) FROM job_batches WHERE run_id = {run} GROUP BY done_by ORDER BY done_by"),
                    ))
                    .await
                    .unwrap()
                    .iter()
                    .map(|row| row.try_get_by_index::<i64>(1).unwrap().to_string())
                    .collect::<Vec<_>>();
                println!(
                    "[jobs] {count} instance(s) {job:<16} {:>8.1} s, {batches} batches ({failed} failed), {handled} handled, \
                     batches by instance [{}]; presses during the run: {} (p50 {:.1} ms, p99 {:.1} ms)",
                    took as f64 / 1000.0,
                    shares.join(", "),
                    presses.len(),
                    support::percentile(&presses, 0.50),
                    support::percentile(&presses, 0.99),
                );
            }
            let memory: Vec<String> = instances.iter().map(|i| format!("{:.0} MiB", peak_mib(i.child.id()))).collect();
            println!("[jobs] {count} instance(s): peak memory per instance [{}]", memory.join(", "));
            for mut instance in instances {
                let _ = instance.child.kill();
                let _ = instance.child.wait();
            }
        }
        cleanup();
    });
    std::process::exit(0);
}
