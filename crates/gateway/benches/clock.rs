//! `just bench-clock`: load against a release build of the whole server (HTTP, sessions,
//! guards, services, database), on SQLite and, when `BENCH_POSTGRES` names a server, PostgreSQL.
//!
//! 1. Clock cycles (start, break, resume, end) by 64 employees at once for `BENCH_SECONDS`
//!    (default 30) each: acknowledged actions per second, p50 and p99; on SQLite first paced at
//!    3,200 presses a second offered (so that at least the target's 3,000 a second are
//!    acknowledged), then flat out (see [`Presses::run`]); then flat out again with everyone held
//!    to a work location with a geofence and an IP allow-list, each press sending a position
//!    (issue 40).
//! 2. `GET /timesheet/list` of one week for random employees of a 500-employee company with a
//!    week of shifts each, 16 at once.
//!
//! Figures are printed, not asserted. The flat-out run also prints the CPU time and thread
//! switches per press, and how much CPU the hypervisor stole from the machine meanwhile: on a
//! shared machine the rates vary with the neighbours' load, the per-press costs less so.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod support;

use accounts::entities::users;
use chrono::{TimeZone, Utc};
use kernel::Role;
use sea_orm::{DatabaseConnection, EntityTrait};
use serde_json::{json, Value};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const CLOCK_EMPLOYEES: usize = 64;
const LIST_EMPLOYEES: usize = 500;
const LIST_CONCURRENCY: usize = 16;

/// A company with the clock employees and the listed employees (each with a week of shifts).
async fn seed(db: &DatabaseConnection) -> (Vec<String>, Vec<kernel::UserId>, String) {
    let now = Utc::now();
    let company = accounts::entities::companies::new_row("Bench Agency", "America/New_York", None, now);
    let company = sea_orm::ActiveModelTrait::insert(company, db).await.unwrap();
    let hash = accounts::password::hash_password("bench-password").unwrap();
    let person = |email: String, role: Role| {
        users::NewPerson {
            company_id: Some(company.id),
            email: &email,
            password_hash: Some(hash.clone()),
            first_name: "Bench",
            last_name: "Person",
            role,
            verified_at: Some(now),
            now,
        }
        .row()
    };
    let mut people = vec![person("admin@bench.example.com".into(), Role::Admin)];
    people.extend((0..CLOCK_EMPLOYEES).map(|i| person(format!("clock{i}@bench.example.com"), Role::Employee)));
    people.extend((0..LIST_EMPLOYEES).map(|i| person(format!("list{i}@bench.example.com"), Role::Employee)));
    for chunk in people.chunks(200) {
        users::Entity::insert_many(chunk.to_vec()).exec(db).await.unwrap();
    }
    let all = users::Entity::find().all(db).await.unwrap();
    let listed: Vec<kernel::UserId> = all.iter().filter(|u| u.email.starts_with("list")).map(|u| u.id).collect();
    // Monday to Friday of the week of 2026-10-04, 9:00–17:00 New York with a lunch break.
    let ny = chrono_tz::America::New_York;
    let starts: Vec<_> = listed
        .iter()
        .flat_map(|id| {
            (5..=9).map(move |day| (*id, ny.with_ymd_and_hms(2026, 10, day, 9, 0, 0).unwrap().with_timezone(&Utc)))
        })
        .collect();
    support::add_shifts(db, company.id, ny, &starts).await;
    let clock_emails = (0..CLOCK_EMPLOYEES).map(|i| format!("clock{i}@bench.example.com")).collect();
    (clock_emails, listed, "admin@bench.example.com".into())
}

/// What this process (server and load generator together) and the machine spent over a run.
/// The per-press CPU time and thread switches vary less with the neighbours' load than the
/// rates do, though they too grow with the time the hypervisor steals, which is shown beside
/// them.
#[derive(Clone, Copy)]
struct Usage {
    /// This process's user and system CPU time, in ticks of 1/100 s (Linux's `USER_HZ`).
    cpu_ticks: u64,
    /// Context switches of this process's threads, voluntary and not.
    switches: u64,
    /// The machine's CPU time stolen by the hypervisor, and all its CPU time, in ticks.
    steal: u64,
    total: u64,
}

impl Usage {
    /// Now, from Linux's `/proc`; `None` where it cannot be read as expected.
    fn now() -> Option<Self> {
        let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
        // The fields after the command's closing parenthesis: state is the first, utime the 12th
        // and stime the 13th.
        let (_, fields) = stat.rsplit_once(')')?;
        let fields: Vec<&str> = fields.split_whitespace().collect();
        let cpu_ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
        let mut switches = 0;
        // A thread that ends meanwhile is passed over.
        for task in std::fs::read_dir("/proc/self/task").ok()?.flatten() {
            let Ok(status) = std::fs::read_to_string(task.path().join("status")) else { continue };
            for line in status.lines().filter(|line| line.contains("ctxt_switches:")) {
                switches += line.split_whitespace().last()?.parse::<u64>().ok()?;
            }
        }
        // The first line: "cpu user nice system idle iowait irq softirq steal …".
        let machine = std::fs::read_to_string("/proc/stat").ok()?;
        let cpu: Vec<u64> = machine
            .lines()
            .next()?
            .split_whitespace()
            .skip(1)
            .take(8)
            .map(|f| f.parse().ok())
            .collect::<Option<_>>()?;
        Some(Self { cpu_ticks, switches, steal: *cpu.get(7)?, total: cpu.iter().sum() })
    }

    /// What was spent since `before`, per press.
    fn report(label: &str, before: Option<Self>, presses: usize) {
        let (Some(before), Some(after)) = (before, Self::now()) else {
            println!("{label:<46} per press: not measured (no Linux /proc here)");
            return;
        };
        let presses = presses.max(1) as f64;
        let total = after.total.saturating_sub(before.total).max(1) as f64;
        println!(
            "{label:<46} per press: {:.0} µs CPU, {:.1} thread switches; the machine's CPU stolen meanwhile: {:.0}%",
            after.cpu_ticks.saturating_sub(before.cpu_ticks) as f64 * 10_000.0 / presses,
            after.switches.saturating_sub(before.switches) as f64 / presses,
            after.steal.saturating_sub(before.steal) as f64 * 100.0 / total,
        );
    }
}

/// The presses a second offered in the paced run: a little above the target's 3,000, as the
/// first and last presses of the run fall short of a full second's worth.
const PACED_RATE: f64 = 3200.0;

/// Clock cycles (start, break, resume, end) by every employee of `tokens` for `seconds`.
struct Presses<'a> {
    client: &'a awc::Client,
    base: &'a str,
    tokens: &'a [String],
    seconds: u64,
    /// Each press's JSON body.
    body: Value,
}

impl Presses<'_> {
    /// With a `rate`, the employees press together at that many presses a second, each on a
    /// schedule of their own (staggered); a latency counts from when the press was due, so a
    /// slow answer that delays the next press counts against the server too (no coordinated
    /// omission). Without one, each presses again as soon as answered: the most the server can
    /// take, where the latency is the queue's (64 presses always waiting).
    /// The latencies of acknowledged presses, the errors and the time taken; every shift is
    /// closed at the end.
    async fn run(&self, rate: Option<f64>) -> (Vec<Duration>, usize, Duration) {
        let deadline = Instant::now() + Duration::from_secs(self.seconds);
        let samples = Rc::new(RefCell::new(Vec::new()));
        let errors = Rc::new(RefCell::new(0usize));
        let started = Instant::now();
        let employees = self.tokens.len();
        // Each one's time between presses, and where in it each one starts.
        let interval = rate.map(|rate| Duration::from_secs_f64(employees as f64 / rate));
        let mut workers = Vec::new();
        for (index, token) in self.tokens.iter().enumerate() {
            let (client, base, token, samples, errors, body) = (
                self.client.clone(),
                self.base.to_owned(),
                token.clone(),
                samples.clone(),
                errors.clone(),
                self.body.clone(),
            );
            let first =
                started + interval.map_or(Duration::ZERO, |interval| interval * index as u32 / employees as u32);
            workers.push(actix_web::rt::spawn(async move {
                let mut tracking = Value::Null;
                let mut step = 0usize;
                let mut due = first;
                // A press falling behind its schedule goes at once, but none goes after the end.
                while due < deadline && Instant::now() < deadline {
                    if interval.is_some() {
                        actix_web::rt::time::sleep_until(due.into()).await;
                    } else {
                        due = Instant::now();
                    }
                    let path = match step % 4 {
                        0 => "/server/v1/clock/start".to_owned(),
                        1 => format!("/server/v1/clock/take-break?trackingNumber={tracking}"),
                        2 => format!("/server/v1/clock/resume-from-break?trackingNumber={tracking}"),
                        _ => format!("/server/v1/clock/end?trackingNumber={tracking}"),
                    };
                    let response = client.post(format!("{base}{path}")).bearer_auth(&token).send_json(&body).await;
                    match response {
                        Ok(mut response) if response.status().is_success() => {
                            let body: Value = response.json().await.unwrap_or(Value::Null);
                            samples.borrow_mut().push(due.elapsed());
                            tracking = body["trackingNumber"].clone();
                            step += 1;
                        }
                        other => {
                            if *errors.borrow() == 0 {
                                if let Ok(mut response) = other {
                                    let body = response.body().await.unwrap_or_default();
                                    eprintln!("first error: {} {}", response.status(), String::from_utf8_lossy(&body));
                                }
                            }
                            *errors.borrow_mut() += 1;
                            // Start again from a clean state.
                            if !tracking.is_null() {
                                let _ = client
                                    .post(format!("{base}/server/v1/clock/end?trackingNumber={tracking}"))
                                    .bearer_auth(&token)
                                    .send_json(&json!({}))
                                    .await;
                            }
                            step = 0;
                        }
                    }
                    if let Some(interval) = interval {
                        due += interval;
                    }
                }
                // Clocked out for the next run.
                if !step.is_multiple_of(4) {
                    let _ = client
                        .post(format!("{base}/server/v1/clock/end?trackingNumber={tracking}"))
                        .bearer_auth(&token)
                        .send_json(&json!({}))
                        .await;
                }
            }));
        }
        for worker in workers {
            worker.await.unwrap();
        }
        let elapsed = started.elapsed();
        let errors = *errors.borrow();
        (samples.take(), errors, elapsed)
    }
}

async fn run(label: &str) {
    let (url, cleanup) = support::database(label).await;
    let mut db = gateway::db::connect(&url).await.unwrap();
    gateway::db::migrate(&db).await.unwrap();
    let (clock_emails, listed, admin) = seed(&db).await;
    let statements = Arc::new(AtomicUsize::new(0));
    let counter = statements.clone();
    db.set_metric_callback(move |_| {
        counter.fetch_add(1, Ordering::Relaxed);
    });

    let (base, server_thread) = support::serve(db.clone());
    let client = awc::Client::builder()
        .timeout(Duration::from_secs(30))
        .connector(awc::Connector::new().limit(CLOCK_EMPLOYEES * 2))
        .finish();
    let mut tokens = Vec::new();
    for email in &clock_emails {
        tokens.push(support::login(&client, &base, email).await);
    }
    let admin_token = support::login(&client, &base, &admin).await;

    // Statements per press, one person alone: a cycle, then the status.
    let mut tracking = Value::Null;
    let mut counts = Vec::new();
    for path in ["start", "take-break", "resume-from-break", "end"] {
        let before = statements.load(Ordering::Relaxed);
        let body: Value = client
            .post(format!("{base}/server/v1/clock/{path}?trackingNumber={tracking}"))
            .bearer_auth(&tokens[0])
            .send_json(&json!({}))
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        tracking = body["trackingNumber"].clone();
        counts.push(format!("{path} {}", statements.load(Ordering::Relaxed) - before));
    }
    println!(
        "[{label}] statements per press outside the group write (sign-in, checks, the answer): {}",
        counts.join(", ")
    );

    let seconds: u64 = std::env::var("BENCH_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(30);
    let presses = Presses { client: &client, base: &base, tokens: &tokens, seconds, body: json!({}) };
    // The target is SQLite's; PostgreSQL on these machines takes about a third of that rate,
    // so it runs flat out only.
    if label == "sqlite" {
        let (mut samples, errors, elapsed) = presses.run(Some(PACED_RATE)).await;
        support::report(
            &format!("[{label}] clock actions, {CLOCK_EMPLOYEES}, {PACED_RATE:.0}/s offered"),
            &mut samples,
            errors,
            elapsed,
        );
    }
    let before = Usage::now();
    let (mut samples, errors, elapsed) = presses.run(None).await;
    let flat_out = format!("[{label}] clock actions, {CLOCK_EMPLOYEES} flat out");
    support::report(&flat_out, &mut samples, errors, elapsed);
    Usage::report(&flat_out, before, samples.len());

    // The same with place rules on (issue 40): everyone held to a location with a geofence and
    // an IP allow-list, each press sending its position, judged and stored with its verdict.
    let location = client
        .post(format!("{base}/server/v1/locations/save"))
        .bearer_auth(&admin_token)
        .send_json(&json!({"name": "Bench Office", "latitude": 40.0, "longitude": -75.0,
                           "ipAllow": ["127.0.0.0/8", "::1"]}))
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap()["id"]
        .clone();
    let clock_ids: Vec<i64> = users::Entity::find()
        .all(&db)
        .await
        .unwrap()
        .into_iter()
        .filter(|user| user.email.starts_with("clock"))
        .map(|user| user.id.0)
        .collect();
    let held = client
        .post(format!("{base}/server/v1/locations/people?id={location}"))
        .bearer_auth(&admin_token)
        .send_json(&json!({"add": clock_ids}))
        .await
        .unwrap()
        .status();
    assert!(held.is_success());
    let position = json!({"position": {"latitude": 40.0003, "longitude": -75.0, "accuracy": 15,
                                       "takenAt": Utc::now().to_rfc3339()}});
    let ruled = Presses { body: position, ..presses };
    let before = Usage::now();
    let (mut samples, errors, elapsed) = ruled.run(None).await;
    let flat_out = format!("[{label}] clock actions, {CLOCK_EMPLOYEES} flat out, geofence and IP rules on");
    support::report(&flat_out, &mut samples, errors, elapsed);
    Usage::report(&flat_out, before, samples.len());

    let deadline = Instant::now() + Duration::from_secs(seconds.min(15));
    let samples = Rc::new(RefCell::new(Vec::new()));
    let errors = Rc::new(RefCell::new(0usize));
    let listed = Rc::new(listed);
    let started = Instant::now();
    let mut workers = Vec::new();
    for worker in 0..LIST_CONCURRENCY {
        let (client, base, samples, errors, listed, token) =
            (client.clone(), base.clone(), samples.clone(), errors.clone(), listed.clone(), admin_token.clone());
        workers.push(actix_web::rt::spawn(async move {
            let mut index = worker * 31;
            while Instant::now() < deadline {
                index = (index * 7 + 13) % listed.len();
                let path = format!(
                    "{base}/server/v1/timesheet/list?start=2026-10-04&end=2026-10-10&employeeId={}",
                    listed[index]
                );
                let sent = Instant::now();
                match client.get(path).bearer_auth(&token).send().await {
                    Ok(mut response) if response.status().is_success() => {
                        let body: Value = response.json().limit(1 << 20).await.unwrap_or(Value::Null);
                        assert_eq!(body["totalCount"], 5);
                        samples.borrow_mut().push(sent.elapsed());
                    }
                    _ => *errors.borrow_mut() += 1,
                }
            }
        }));
    }
    for worker in workers {
        worker.await.unwrap();
    }
    support::report(
        &format!("[{label}] timesheet week list, {LIST_CONCURRENCY} at once"),
        &mut samples.borrow_mut(),
        *errors.borrow(),
        started.elapsed(),
    );
    drop(server_thread);
    cleanup();
}

fn main() {
    actix_web::rt::System::new().block_on(async {
        run("sqlite").await;
        if std::env::var("BENCH_POSTGRES").is_ok() {
            run("postgres").await;
        }
    });
    std::process::exit(0);
}
