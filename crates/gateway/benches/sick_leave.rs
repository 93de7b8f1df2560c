//! `just bench-sick-leave` (issue 38): on the PTO benchmarks' company (500 employees with three
//! years of history, `support::pto_company`) in California, with ten plans (the company's own and
//! nine more from California's preset, fifty people each):
//! 1. `GET /pto-manage/sick-leave-compliance`: every plan where its people work;
//! 2. `GET /pto/balance-explanation` of one employee (three years of weekly accruals, a fixed
//!    grant a year, carryovers, time off and an addition by hand).
//!
//! Before timing, every employee's explanation is read once and its lines must add up to the
//! balance it explains (the check over 500 people with three years of history).
//! 4 clients at once, `BENCH_SECONDS` (default 10) each, on SQLite and, when `BENCH_POSTGRES`
//! names a server, PostgreSQL. Figures (p50, p95, p99) are printed, not asserted.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod support;

use serde_json::{json, Value};
use std::rc::Rc;
use std::time::{Duration, Instant};

const EMPLOYEES: usize = 500;
const CONCURRENCY: usize = 4;

async fn post(client: &awc::Client, base: &str, token: &str, path: &str, body: Value) -> Value {
    let mut reply = client.post(format!("{base}/server/v1{path}")).bearer_auth(token).send_json(&body).await.unwrap();
    let status = reply.status();
    let value: Value = reply.json().limit(64 << 20).await.unwrap();
    assert!(status.is_success(), "{path}: {status} {value}");
    value
}

async fn get(client: &awc::Client, base: &str, token: &str, path: &str) -> Value {
    let mut reply = client.get(format!("{base}/server/v1{path}")).bearer_auth(token).send().await.unwrap();
    let status = reply.status();
    let value: Value = reply.json().limit(64 << 20).await.unwrap();
    assert!(status.is_success(), "{path}: {status} {value}");
    value
}

async fn run(label: &str) {
    let (url, cleanup) = support::database(label).await;
    let db = gateway::db::connect(&url).await.unwrap();
    gateway::db::migrate(&db).await.unwrap();
    let (admin, employee) =
        support::pto_company::seed(&db, EMPLOYEES, support::pto_company::Shifts::AsTheClockDoes).await;
    let pto = support::pto_service(&db);
    pto.post_accruals(chrono::Utc::now()).await.unwrap();
    let (base, server_thread) = support::serve(db.clone());
    let client = awc::Client::builder().timeout(Duration::from_secs(120)).finish();
    let token = support::login(&client, &base, &admin).await;

    // California, and nine more plans from its preset, fifty people each.
    post(
        &client,
        &base,
        &token,
        "/company/update",
        json!({"name": "Bench PTO", "email": admin, "state": "CA", "city": "Fresno"}),
    )
    .await;
    let data = get(&client, &base, &token, "/pto-manage/data").await;
    let year = data["currentYear"].clone();
    let sick = data["ptoTypes"].as_array().unwrap().iter().find(|t| t["name"] == "Sick").unwrap()["id"].clone();
    let laws = get(&client, &base, &token, "/pto-manage/sick-leave-laws").await;
    let ca =
        laws["laws"].as_array().unwrap().iter().find(|law| law["id"] == "us-ca").unwrap()["tiers"][0]["preset"].clone();
    let mut rule = ca.as_object().unwrap().clone();
    for key in ["id", "ptoPolicyId", "summary", "anniversaryBased"] {
        rule.remove(key);
    }
    rule.insert("ptoTypeId".into(), sick.clone());
    for (key, value) in rule.clone() {
        if value.is_null() {
            rule.insert(key, json!(""));
        }
    }
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    let mut ids: Vec<i64> = accounts::entities::users::Entity::find()
        .filter(accounts::entities::users::Column::Role.eq(kernel::Role::Employee))
        .all(&db)
        .await
        .unwrap()
        .into_iter()
        .map(|user| user.id.0)
        .collect();
    ids.retain(|id| *id != employee);
    for (n, group) in ids.chunks(50).take(9).enumerate() {
        post(
            &client,
            &base,
            &token,
            "/settings/save-pto-plan",
            json!({"name": format!("California {n}"), "year": year, "assignType": "teamMembers", "assignIds": group,
                   "rules": [Value::Object(rule.clone())]}),
        )
        .await;
    }
    if label == "postgres" {
        sea_orm::ConnectionTrait::execute_unprepared(&db, "VACUUM ANALYZE").await.unwrap();
    }
    let report = get(&client, &base, &token, "/pto-manage/sick-leave-compliance").await;
    println!(
        "[{label}] compliance: {} plans, headcount {}",
        report["plans"].as_array().unwrap().len(),
        report["headcount"]
    );

    // Every employee's explanation adds up to its balance.
    let started = Instant::now();
    let mut everyone = ids.clone();
    everyone.push(employee);
    let mut lines = 0;
    for id in &everyone {
        let why = get(&client, &base, &token, &format!("/pto/balance-explanation?eid={id}")).await;
        for pto_type in why["types"].as_array().unwrap() {
            let sum: i64 =
                pto_type["lines"].as_array().unwrap().iter().map(|line| line["minutes"].as_i64().unwrap()).sum();
            assert_eq!(sum, pto_type["balance"].as_i64().unwrap(), "employee {id}: {pto_type}");
            lines += pto_type["lines"].as_array().unwrap().len();
        }
    }
    println!(
        "[{label}] {} explanations ({lines} lines) add up to their balances, read in {:.1} s",
        everyone.len(),
        started.elapsed().as_secs_f64()
    );

    let target = support::Target { client: &client, base: &base, token: &token };
    let seconds: u64 = std::env::var("BENCH_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(10);
    let p95 = |name: &str, samples: &[Duration]| {
        println!("[{label}] {name:<40} p95 {:>7.2} ms", support::percentile(samples, 0.95));
    };
    let samples = support::load(
        &format!("[{label}] sick-leave compliance, 500 people x 10 plans, {CONCURRENCY} at once"),
        &target,
        CONCURRENCY,
        seconds,
        Rc::new(|_, _| "/server/v1/pto-manage/sick-leave-compliance".to_owned()),
        |body: &Value| body["plans"].as_array().is_some_and(|plans| plans.len() == 10),
    )
    .await;
    p95("sick-leave compliance", &samples);
    let samples = support::load(
        &format!("[{label}] balance explanation, 3 years, {CONCURRENCY} at once"),
        &target,
        CONCURRENCY,
        seconds,
        Rc::new(move |_, _| format!("/server/v1/pto/balance-explanation?eid={employee}")),
        |body: &Value| body["types"].as_array().is_some_and(|types| types.len() == 2),
    )
    .await;
    p95("balance explanation", &samples);
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
