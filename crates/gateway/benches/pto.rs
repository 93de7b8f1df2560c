//! `just bench-pto` (with the engine's own bench): the PTO screens of a 500-employee company with
//! three years of history, through the whole server, on SQLite and, when `BENCH_POSTGRES` names a
//! server, PostgreSQL.
//!
//! The company is `support::pto_company`'s. First the accrual job runs twice (from the start,
//! then from its checkpoints), timed, as a running server would have run it; then 4 clients at
//! once, `BENCH_SECONDS` (default 10) each, against:
//! 1. `GET /pto-manage/data`;
//! 2. `GET /manage/employees` pages with the PTO column (30 rows, each row's balance the engine's
//!    over three years of worked days);
//! 3. `GET /manage/employee-pto` of one employee;
//! 4. `GET /pto/data` and 5. `POST /pto/validate-balance` of one employee (three years of history);
//! 6. `GET /inbox/data` (2,000 time-off requests, 500 of them pending).
//!
//! Figures (p50, p95, p99) are printed, not asserted.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod support;

use serde_json::Value;
use std::rc::Rc;
use std::time::{Duration, Instant};

const EMPLOYEES: usize = 500;
const CONCURRENCY: usize = 4;

async fn run(label: &str) {
    let (url, cleanup) = support::database(label).await;
    let db = gateway::db::connect(&url).await.unwrap();
    gateway::db::migrate(&db).await.unwrap();
    let (admin, employee) =
        support::pto_company::seed(&db, EMPLOYEES, support::pto_company::Shifts::AsTheClockDoes).await;
    if label == "postgres" {
        sea_orm::ConnectionTrait::execute_unprepared(&db, "VACUUM ANALYZE").await.unwrap();
    }
    let pto = support::pto_service(&db);
    for run in ["from the start", "from its checkpoints"] {
        let started = Instant::now();
        let posted = pto.post_accruals(chrono::Utc::now()).await.unwrap();
        println!(
            "[{label}] accrual job {run:<22} {:>7.2} s ({} employees, {} resumed)",
            started.elapsed().as_secs_f64(),
            posted.employees,
            posted.resumed
        );
    }
    let (base, server_thread) = support::serve(db.clone());
    let client = awc::Client::builder().timeout(Duration::from_secs(60)).finish();
    let token = support::login(&client, &base, &admin).await;
    let target = support::Target { client: &client, base: &base, token: &token };
    let seconds: u64 = std::env::var("BENCH_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(10);
    let p95 = |name: &str, samples: &[Duration]| {
        println!("[{label}] {name:<40} p95 {:>7.2} ms", support::percentile(samples, 0.95));
    };
    let samples = support::load(
        &format!("[{label}] pto-manage data, {CONCURRENCY} at once"),
        &target,
        CONCURRENCY,
        seconds,
        Rc::new(|_, _| "/server/v1/pto-manage/data".to_owned()),
        |body: &Value| {
            body["ptoPolicies"][0]["numOfEnrolledEmployees"].as_array().is_some_and(|years| years.len() == 4)
        },
    )
    .await;
    p95("pto-manage data", &samples);
    let samples = support::load(
        &format!("[{label}] employee list with PTO, {CONCURRENCY} at once"),
        &target,
        CONCURRENCY,
        seconds,
        Rc::new(|worker, round| {
            format!("/server/v1/manage/employees?page={}&order=4", (worker * 7 + round * 3) % 16 + 1)
        }),
        |body: &Value| {
            body["employees"]
                .as_array()
                .is_some_and(|rows| rows.iter().all(|row| row["ptoAvailable"].as_i64().is_some()))
        },
    )
    .await;
    p95("employee list with PTO", &samples);
    let samples = support::load(
        &format!("[{label}] one employee's PTO, {CONCURRENCY} at once"),
        &target,
        CONCURRENCY,
        seconds,
        Rc::new(move |_, _| format!("/server/v1/manage/employee-pto?id={employee}")),
        |body: &Value| body["types"].as_array().is_some_and(|rows| rows.len() == 2),
    )
    .await;
    p95("one employee's PTO", &samples);
    let samples = support::load(
        &format!("[{label}] pto data of one employee, {CONCURRENCY} at once"),
        &target,
        CONCURRENCY,
        seconds,
        Rc::new(move |_, _| format!("/server/v1/pto/data?eid={employee}")),
        |body: &Value| body["types"].as_array().is_some_and(|rows| rows.len() == 2),
    )
    .await;
    p95("pto data", &samples);
    let day = kernel::time::local_date(chrono_tz::America::New_York, chrono::Utc::now()) + chrono::Duration::days(60);
    let data: Value = client
        .get(format!("{base}/server/v1/pto/data?eid={employee}"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let vacation = data["types"].as_array().unwrap().iter().find(|t| t["name"] == "Vacation").unwrap()["id"].clone();
    let samples = support::load_with(
        &format!("[{label}] validate-balance, {CONCURRENCY} at once"),
        &target,
        CONCURRENCY,
        seconds,
        Rc::new(|_, _| "/server/v1/pto/validate-balance".to_owned()),
        Some(serde_json::json!({"employeeId": employee, "ptoType": vacation, "start": day.to_string(), "end": day.to_string()})),
        |body: &Value| body["minsReqed"].as_i64().is_some(),
    )
    .await;
    p95("validate-balance", &samples);
    let samples = support::load(
        &format!("[{label}] inbox with 2,000 requests, {CONCURRENCY} at once"),
        &target,
        CONCURRENCY,
        seconds,
        Rc::new(|_, _| "/server/v1/inbox/data".to_owned()),
        |body: &Value| body["pending"]["timeoff"]["count"].as_u64().is_some_and(|count| count >= 500),
    )
    .await;
    p95("inbox", &samples);
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
