//! `just bench-approvals`: approval paths (issue 41) through the whole server, on SQLite and, when
//! `BENCH_POSTGRES` names a server, PostgreSQL.
//!
//! A company of 200 employees files 2,000 unpaid time-off requests through the API (the admin
//! files them on the employees' behalf), half on a path of one named approver ("any"), half on a
//! path of that approver and the admin ("all", escalated after an hour to the approver's own
//! manager). The approver reaches
//! nobody: every request is in their inbox through the approval tables alone. Measured: the p95
//! of the approver's inbox (`GET /inbox/data`) and bell (`GET /dashboard/pending-requests`), one
//! client at a time for `BENCH_SECONDS` (default 10) each; then the flows are copied in SQL to
//! 10,000 pending steps all due for escalation, and one run of the reminder and escalation job is
//! timed (each escalation: a compare-and-set, the next level's approver, a link, a mail queued).
//! Ceilings: inbox p95 ≤ 60 ms, the job ≤ 10 s. Figures are printed, not asserted.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod support;

use accounts::entities::{companies, users};
use chrono::{Datelike, Duration as Days, Utc};
use kernel::Role;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter};
use serde_json::{json, Value};
use std::rc::Rc;
use std::time::{Duration, Instant};

const EMPLOYEES: usize = 200;
const DAYS_EACH: usize = 10;
const ESCALATED: usize = 10_000;

struct Seeded {
    admin: String,
    approver: String,
    approver_id: i64,
    admin_id: i64,
    employees: Vec<i64>,
}

async fn seed(db: &DatabaseConnection) -> Seeded {
    let now = Utc::now();
    let tz = chrono_tz::America::New_York;
    let company = companies::new_row("Approvals Bench", tz.name(), None, now).insert(db).await.unwrap();
    let hash = accounts::password::hash_password("bench-password").unwrap();
    let person = |email: String, first: String, last: String, role: Role| {
        users::NewPerson {
            company_id: Some(company.id),
            email: &email,
            password_hash: Some(hash.clone()),
            first_name: &first,
            last_name: &last,
            role,
            verified_at: Some(now),
            now,
        }
        .row()
    };
    let admin = person("admin@approvals.example.com".into(), "Ada".into(), "Admin".into(), Role::Admin)
        .insert(db)
        .await
        .unwrap();
    // The next level up, where escalations go.
    let boss = person("boss@approvals.example.com".into(), "Bo".into(), "Boss".into(), Role::Manager)
        .insert(db)
        .await
        .unwrap();
    let mut approver = person("approver@approvals.example.com".into(), "Ana".into(), "Approver".into(), Role::Manager);
    approver.manager_id = sea_orm::ActiveValue::Set(Some(boss.id));
    let approver = approver.insert(db).await.unwrap();
    let rows: Vec<_> = (0..EMPLOYEES)
        .map(|i| {
            person(format!("p{i}@approvals.example.com"), format!("First{i}"), format!("Last{i:04}"), Role::Employee)
        })
        .collect();
    for chunk in rows.chunks(200) {
        users::Entity::insert_many(chunk.to_vec()).exec(db).await.unwrap();
    }
    let employees = users::Entity::find()
        .filter(users::Column::CompanyId.eq(company.id))
        .filter(users::Column::Role.eq(Role::Employee))
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|user| user.id.0)
        .collect();
    Seeded {
        admin: "admin@approvals.example.com".into(),
        approver: "approver@approvals.example.com".into(),
        approver_id: approver.id.0,
        admin_id: admin.id.0,
        employees,
    }
}

async fn post(client: &awc::Client, base: &str, token: &str, path: &str, body: Value) -> Value {
    let mut response =
        client.post(format!("{base}/server/v1{path}")).bearer_auth(token).send_json(&body).await.unwrap();
    let status = response.status();
    let body: Value = response.json().limit(8 << 20).await.unwrap_or(Value::Null);
    assert!(status.is_success(), "{path}: {status} {body}");
    body
}

fn p95(label: &str, samples: &[Duration]) {
    println!("{label:<46} p95 {:>6.2} ms", support::percentile(samples, 0.95));
}

async fn run(label: &str) {
    let (url, cleanup) = support::database(label).await;
    let db = gateway::db::connect(&url).await.unwrap();
    gateway::db::migrate(&db).await.unwrap();
    let seeded = seed(&db).await;
    let (base, server_thread) = support::serve(db.clone());
    let client =
        awc::Client::builder().timeout(Duration::from_secs(60)).connector(awc::Connector::new().limit(32)).finish();
    let admin = support::login(&client, &base, &seeded.admin).await;
    let approver = support::login(&client, &base, &seeded.approver).await;

    // Two unpaid types (no plan, no balance), each on its own path.
    let mut types = Vec::new();
    for (name, steps) in [
        ("Unpaid A", json!([{"approvers": "people", "people": [seeded.approver_id], "mode": "any"}])),
        (
            "Unpaid B",
            json!([{"approvers": "people", "people": [seeded.approver_id, seeded.admin_id], "mode": "all",
                    "escalateAfterHours": 1}]),
        ),
    ] {
        let kind =
            post(&client, &base, &admin, "/settings/update-pto-type", json!({"name": name, "payable": false})).await;
        let path = post(&client, &base, &admin, "/approvals/paths", json!({"name": name, "steps": steps})).await;
        post(
            &client,
            &base,
            &admin,
            "/approvals/uses",
            json!({"target": "pto_type", "ptoTypeId": kind["id"], "pathId": path["id"]}),
        )
        .await;
        types.push(kind["id"].as_i64().unwrap());
    }

    // 2,000 requests, eight clients at once: each employee asks for ten single weekdays.
    let today = Utc::now().with_timezone(&chrono_tz::America::New_York).date_naive();
    let mut days = Vec::new();
    let mut day = today + Days::days(7);
    while days.len() < DAYS_EACH {
        if day.weekday().number_from_monday() <= 5 {
            days.push(day);
        }
        day += Days::days(1);
    }
    let jobs: Vec<(i64, chrono::NaiveDate, i64)> = seeded
        .employees
        .iter()
        .enumerate()
        .flat_map(|(n, id)| days.iter().enumerate().map(move |(d, day)| (*id, *day, ((n + d) % 2) as i64)))
        .collect();
    let started = Instant::now();
    let jobs = Rc::new(std::cell::RefCell::new(jobs));
    let mut workers = Vec::new();
    for _ in 0..8 {
        let (jobs, client, base, admin, types) =
            (jobs.clone(), client.clone(), base.clone(), admin.clone(), types.clone());
        workers.push(actix_web::rt::spawn(async move {
            loop {
                let next = jobs.borrow_mut().pop();
                let Some((employee, day, kind)) = next else { break };
                let day = day.format("%Y-%m-%d").to_string();
                post(
                    &client,
                    &base,
                    &admin,
                    "/pto/request",
                    json!({"employeeId": employee, "ptoType": types[kind as usize], "partialday": false, "allday": 1,
                           "includeWeekend": false, "start": format!("{day} 00:00:00"), "end": format!("{day} 23:59:59"),
                           "reason": "Bench"}),
                )
                .await;
            }
        }));
    }
    for worker in workers {
        worker.await.unwrap();
    }
    let filed = EMPLOYEES * DAYS_EACH;
    println!(
        "[{label}] {filed} requests filed on their paths in {:.1} s ({:.1} ms each, 8 at once)",
        started.elapsed().as_secs_f64(),
        started.elapsed().as_secs_f64() * 1e3 / filed as f64
    );
    if label == "postgres" {
        db.execute_unprepared("VACUUM ANALYZE").await.unwrap();
    }

    let target = support::Target { client: &client, base: &base, token: &approver };
    let seconds: u64 = std::env::var("BENCH_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(10);
    let inbox = support::load(
        &format!("[{label}] approver's inbox, {filed} waiting"),
        &target,
        1,
        seconds,
        Rc::new(|_, _| "/server/v1/inbox/data".to_owned()),
        |body: &Value| body["pending"]["timeoff"]["count"] == 2000,
    )
    .await;
    p95(&format!("[{label}] inbox"), &inbox);
    let bell = support::load(
        &format!("[{label}] approver's bell"),
        &target,
        1,
        seconds,
        Rc::new(|_, _| "/server/v1/dashboard/pending-requests".to_owned()),
        |body: &Value| body["count"].as_u64().is_some_and(|count| count >= 2000),
    )
    .await;
    p95(&format!("[{label}] bell"), &bell);
    drop(server_thread);

    // 10,000 pending steps due for escalation: the 2,000 flows, copied four times in SQL.
    for copy in 1..(ESCALATED / filed) {
        db.execute_unprepared(&format!(
            "INSERT INTO approval_flows (company_id, kind, request_id, employee_id, requester_id, path_id, steps, step, \
             step_count, step_since, state, remind_at, escalate_at, summary, reason, created_at, updated_at) \
             SELECT company_id, kind, request_id + {offset}, employee_id, requester_id, path_id, steps, step, step_count, \
             step_since, state, remind_at, step_since, summary, reason, created_at, updated_at FROM approval_flows \
             WHERE request_id < 1000000",
            offset = copy * 1_000_000
        ))
        .await
        .unwrap();
    }
    db.execute_unprepared(&format!(
        "INSERT INTO approval_waiting (company_id, flow_id, step, principal_id, escalated) \
         SELECT f.company_id, f.id, f.step, {approver}, {no} FROM approval_flows f \
         WHERE NOT EXISTS (SELECT 1 FROM approval_waiting w WHERE w.flow_id = f.id)",
        approver = seeded.approver_id,
        no = if label == "postgres" { "false" } else { "0" },
    ))
    .await
    .unwrap();
    db.execute_unprepared("UPDATE approval_flows SET escalate_at = step_since, remind_at = NULL").await.unwrap();
    let service = support::approvals_service(&db);
    let started = Instant::now();
    let run = service.remind_and_escalate(Utc::now() + Days::minutes(1)).await.unwrap();
    println!(
        "[{label}] escalation job: {} steps escalated ({} with nobody to go to) in {:.2} s",
        run.escalated,
        run.stuck,
        started.elapsed().as_secs_f64()
    );
    let again = Instant::now();
    let second = service.remind_and_escalate(Utc::now() + Days::minutes(2)).await.unwrap();
    println!(
        "[{label}] the same run again: {} escalated in {:.2} s (nothing left to do)",
        second.escalated,
        again.elapsed().as_secs_f64()
    );
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
