//! `just bench-hr`: HR broadcasts and the folder through the whole server, on SQLite and, when
//! `BENCH_POSTGRES` names a server, PostgreSQL (issue 20's benchmark).
//!
//! A company of 500 employees; one employee's folder has 1,000 timeline entries. Measured:
//! 1. publishing a policy to all 500 (one request, timed five times, each a new policy);
//! 2. `GET /policy/workflow` of a 500-recipient publication, 4 clients at once;
//! 3. `GET /manage/user-activities` (the folder's All tab) of the employee with 1,000 entries,
//!    4 clients at once.
//!
//! Figures are printed, not asserted.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod support;

use accounts::entities::{companies, users};
use kernel::Role;
use sea_orm::{ActiveModelTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};
use std::rc::Rc;
use std::time::{Duration, Instant};

const EMPLOYEES: usize = 500;
const TIMELINE: usize = 1_000;
const CONCURRENCY: usize = 4;

async fn seed(db: &sea_orm::DatabaseConnection) -> (String, kernel::UserId) {
    let now = chrono::Utc::now();
    let company = companies::new_row("Bench HR", "America/New_York", None, now).insert(db).await.unwrap();
    let hash = accounts::password::hash_password("bench-password").unwrap();
    let admin_email = "admin-hr@bench.example.com".to_owned();
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
    let admin = person(admin_email.clone(), "Ada".into(), "Admin".into(), Role::Admin).insert(db).await.unwrap();
    let people: Vec<_> = (0..EMPLOYEES)
        .map(|i| {
            person(format!("p{i}@hr.bench.example.com"), format!("First{i}"), format!("Last{i:04}"), Role::Employee)
        })
        .collect();
    for chunk in people.chunks(200) {
        users::Entity::insert_many(chunk.to_vec()).exec(db).await.unwrap();
    }
    let employee = users::Entity::find()
        .filter(sea_orm::ColumnTrait::eq(&users::Column::Email, "p7@hr.bench.example.com"))
        .one(db)
        .await
        .unwrap()
        .unwrap();
    for i in 0..TIMELINE {
        activity::record(
            db,
            activity::NewActivity {
                company: company.id,
                employee: employee.id.into(),
                actor: Some(admin.id.into()),
                kind: if i % 3 == 0 {
                    activity::ActivityType::EventAffirmation
                } else {
                    activity::ActivityType::HrEvent
                },
                description: format!("Entry {i}"),
                at: now - chrono::Duration::minutes(i as i64),
                record: Some(i as i64),
            },
        )
        .await
        .unwrap();
    }
    (admin_email, employee.id)
}

async fn multipart_policy(client: &awc::Client, base: &str, token: &str, kind: i64, title: &str) -> i64 {
    let boundary = "bench-boundary";
    let mut body = String::new();
    for (name, value) in [("title", title), ("policyTypeId", &kind.to_string()), ("content", "<p>Read me.</p>")] {
        body.push_str(&format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"));
    }
    body.push_str(&format!("--{boundary}--\r\n"));
    let reply: Value = client
        .post(format!("{base}/server/v1/policy/add-policy"))
        .bearer_auth(token)
        .insert_header(("content-type", format!("multipart/form-data; boundary={boundary}")))
        .send_body(body)
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    reply["id"].as_i64().unwrap()
}

async fn run(label: &str) {
    let (url, cleanup) = support::database(label).await;
    let db = gateway::db::connect(&url).await.unwrap();
    gateway::db::migrate(&db).await.unwrap();
    let (admin, employee) = seed(&db).await;
    if label == "postgres" {
        sea_orm::ConnectionTrait::execute_unprepared(&db, "VACUUM ANALYZE").await.unwrap();
    }
    let (base, server_thread) = support::serve(db.clone());
    let client = awc::Client::builder().timeout(Duration::from_secs(60)).finish();
    let token = support::login(&client, &base, &admin).await;
    let kind: Value = client
        .post(format!("{base}/server/v1/settings/update-policy-type"))
        .bearer_auth(&token)
        .send_json(&json!({"name": "Handbook"}))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let kind = kind["id"].as_i64().unwrap();

    let mut times = Vec::new();
    let mut workflow = 0;
    for round in 0..5 {
        let policy = multipart_policy(&client, &base, &token, kind, &format!("Policy {round}")).await;
        let started = Instant::now();
        let published: Value = client
            .post(format!("{base}/server/v1/policy/publish"))
            .bearer_auth(&token)
            .send_json(&json!({"policyId": policy, "applicableToAll": 1, "ack": 0, "onboardingPolicy": 0}))
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        times.push(started.elapsed());
        assert_eq!(published["totalRecipients"], EMPLOYEES, "{published}");
        workflow = published["id"].as_i64().unwrap();
    }
    times.sort();
    println!(
        "[{label}] publish to {EMPLOYEES}: median {:.0} ms, slowest {:.0} ms (5 policies)",
        times[2].as_secs_f64() * 1000.0,
        times[4].as_secs_f64() * 1000.0
    );

    let target = support::Target { client: &client, base: &base, token: &token };
    let seconds: u64 = std::env::var("BENCH_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(10);
    let samples = support::load(
        &format!("[{label}] broadcast status of {EMPLOYEES}, {CONCURRENCY} at once"),
        &target,
        CONCURRENCY,
        seconds,
        Rc::new(move |_, _| format!("/server/v1/policy/workflow?id={workflow}")),
        |body: &Value| body["recipients"].as_array().is_some_and(|rows| rows.len() == EMPLOYEES),
    )
    .await;
    println!("[{label}] {:<40} p95 {:>7.2} ms", "broadcast status", support::percentile(&samples, 0.95));
    let samples = support::load(
        &format!("[{label}] folder All tab of {TIMELINE}, {CONCURRENCY} at once"),
        &target,
        CONCURRENCY,
        seconds,
        Rc::new(move |worker, round| {
            format!("/server/v1/manage/user-activities?id={employee}&page={}", (worker * 7 + round * 3) % 50 + 1)
        }),
        |body: &Value| body["totalCount"].as_u64().is_some_and(|count| count as usize == TIMELINE),
    )
    .await;
    println!("[{label}] {:<40} p95 {:>7.2} ms", "folder All tab", support::percentile(&samples, 0.95));
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
