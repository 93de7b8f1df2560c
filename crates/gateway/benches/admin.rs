//! `just bench-admin`: the admin's screens of a 1,000-employee company under load, through the
//! whole server (HTTP, sessions, guards, services, database), on SQLite and, when
//! `BENCH_POSTGRES` names a server, PostgreSQL.
//!
//! The company has 1,000 employees with job roles, managers and phones, two weeks of shifts
//! each (8 hours with a 30-minute break), and 40 pending timesheet-edit requests. 16 clients at
//! once, for `BENCH_SECONDS` (default 15) each:
//! 1. `GET /manage/employees` pages (30 rows), A-Z and Z-A;
//! 2. `GET /dashboard/data` (the pay cycle's clocked and overtime minutes over everyone);
//! 3. `GET /dashboard/employee-hours` and `GET /inbox/data`, for reference.
//!
//! Before the load, each request is sent once alone while every SQL statement is counted, for
//! the company of 1,000 and for one of 100: equal counts show that no query runs per row.
//! Figures are printed, not asserted.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod support;

use accounts::entities::{companies, job_roles, users};
use chrono::{Duration as Days, TimeZone, Utc};
use kernel::{RequestStatus, Role};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, DatabaseConnection, EntityTrait};
use serde_json::Value;
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use timesheet::entities::timesheet_edit_requests as requests;

const CONCURRENCY: usize = 16;
const SHIFT_DAYS: i64 = 14;

/// A company of `size` employees; the admin's e-mail.
async fn seed(db: &DatabaseConnection, tag: &str, size: usize) -> String {
    let now = Utc::now();
    let tz = chrono_tz::America::New_York;
    let company = companies::new_row(&format!("Bench {tag}"), tz.name(), None, now).insert(db).await.unwrap();
    let mut roles = Vec::new();
    for name in ["Producer", "CSR", "Account Manager", "Office Manager"] {
        let role = job_roles::ActiveModel {
            company_id: Set(company.id),
            name: Set(name.to_owned()),
            active: Set(true),
            ..Default::default()
        };
        roles.push(role.insert(db).await.unwrap().id);
    }
    let hash = accounts::password::hash_password("bench-password").unwrap();
    let admin_email = format!("admin-{tag}@bench.example.com");
    let person = |email: &str, first: &str, last: &str, role: Role| {
        users::NewPerson {
            company_id: Some(company.id),
            email,
            password_hash: Some(hash.clone()),
            first_name: first,
            last_name: last,
            role,
            verified_at: Some(now),
            now,
        }
        .row()
    };
    let admin = person(&admin_email, "Ada", "Admin", Role::Admin).insert(db).await.unwrap();
    let mut people = Vec::new();
    for i in 0..size {
        let email = format!("p{i}-{tag}@bench.example.com");
        let mut row = person(&email, &format!("First{i}"), &format!("Last{:04}", (i * 7919) % size), Role::Employee);
        row.job_role_id = Set(Some(roles[i % roles.len()]));
        row.manager_id = Set(Some(admin.id));
        row.phone = Set(Some(format!("(555) {:03}-{:04}", i % 1000, i)));
        people.push(row);
    }
    for chunk in people.chunks(200) {
        users::Entity::insert_many(chunk.to_vec()).exec(db).await.unwrap();
    }
    let ids: Vec<kernel::UserId> = {
        use sea_orm::{ColumnTrait, QueryFilter};
        users::Entity::find()
            .filter(users::Column::CompanyId.eq(company.id))
            .filter(users::Column::Role.eq(Role::Employee))
            .all(db)
            .await
            .unwrap()
            .into_iter()
            .map(|u| u.id)
            .collect()
    };
    let today = kernel::time::local_date(tz, now);
    let starts: Vec<_> = ids
        .iter()
        .flat_map(|id| {
            (1..=SHIFT_DAYS).map(move |back| {
                let day = (today - Days::days(back)).and_hms_opt(9, 0, 0).unwrap();
                (*id, tz.from_local_datetime(&day).earliest().unwrap().with_timezone(&Utc))
            })
        })
        .collect();
    let shifts = support::add_shifts(db, company.id, tz, &starts).await;
    for shift in shifts.iter().step_by(shifts.len() / 40).take(40) {
        let payload = format!(
            r#"{{"start":"{}","end":null,"boptype":"NOCHANGE","breaks":[]}}"#,
            (shift.start_at - Days::minutes(30)).to_rfc3339()
        );
        requests::ActiveModel {
            company_id: Set(company.id),
            entry_id: Set(Some(shift.id)),
            employee_id: Set(shift.employee_id),
            requester_id: Set(shift.employee_id),
            change_type: Set("in".to_owned()),
            payload: Set(payload),
            comment: Set("I came in early".to_owned()),
            status: Set(RequestStatus::Raised),
            pending_entry_id: Set(Some(shift.id)),
            created_at: Set(now),
            origin: Set(0),
            ..Default::default()
        }
        .insert(db)
        .await
        .unwrap();
    }
    admin_email
}

const PATHS: [(&str, &str); 5] = [
    ("employee list page", "/server/v1/manage/employees?page=2&order=4"),
    ("employee list page Z-A", "/server/v1/manage/employees?page=3&order=3"),
    ("dashboard data", "/server/v1/dashboard/data?v=1"),
    ("dashboard employee hours", "/server/v1/dashboard/employee-hours"),
    ("inbox", "/server/v1/inbox/data"),
];

async fn run(label: &str) {
    let (url, cleanup) = support::database(label).await;
    let mut db = gateway::db::connect(&url).await.unwrap();
    gateway::db::migrate(&db).await.unwrap();
    let statements = Arc::new(AtomicUsize::new(0));
    let counter = statements.clone();
    db.set_metric_callback(move |_| {
        counter.fetch_add(1, Ordering::Relaxed);
    });
    let big = seed(&db, "big", 1000).await;
    let small = seed(&db, "small", 100).await;
    // A PostgreSQL database that has been running is vacuumed and analysed by autovacuum; one
    // just bulk-loaded is not yet, and would be measured without planner statistics and with
    // every index scan visiting the table. (SQLite has no such background work.)
    if label == "postgres" {
        sea_orm::ConnectionTrait::execute_unprepared(&db, "VACUUM ANALYZE").await.unwrap();
    }
    let (base, server_thread) = support::serve(db.clone());
    let client = awc::Client::builder()
        .timeout(Duration::from_secs(30))
        .connector(awc::Connector::new().limit(CONCURRENCY * 2))
        .finish();
    let big_token = support::login(&client, &base, &big).await;
    let small_token = support::login(&client, &base, &small).await;

    // Statements per request, alone, for 1,000 and for 100 employees.
    for (name, path) in PATHS {
        let mut counts = Vec::new();
        for token in [&big_token, &small_token] {
            let before = statements.load(Ordering::Relaxed);
            let response = client.get(format!("{base}{path}")).bearer_auth(token).send().await.unwrap();
            assert!(response.status().is_success(), "{path}: {}", response.status());
            counts.push(statements.load(Ordering::Relaxed) - before);
        }
        println!(
            "[{label}] {name:<28} SQL statements per request: {} (1,000 employees), {} (100)",
            counts[0], counts[1]
        );
    }

    let target = support::Target { client: &client, base: &base, token: &big_token };
    let seconds: u64 = std::env::var("BENCH_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(15);
    let pages = Rc::new(|worker: usize, round: usize| {
        let page = (worker * 7 + round * 13) % 34 + 1;
        let order = if round.is_multiple_of(2) { 4 } else { 3 };
        format!("/server/v1/manage/employees?page={page}&order={order}&status=1")
    });
    support::load(
        &format!("[{label}] employee list page, {CONCURRENCY} at once"),
        &target,
        CONCURRENCY,
        seconds,
        pages,
        |body: &Value| body["totalCount"] == 1001,
    )
    .await;
    support::load(
        &format!("[{label}] dashboard data, {CONCURRENCY} at once"),
        &target,
        CONCURRENCY,
        seconds,
        Rc::new(|_, _| "/server/v1/dashboard/data?v=1".to_owned()),
        |body: &Value| body["stats"]["clockedMinutes"].as_i64().is_some(),
    )
    .await;
    support::load(
        &format!("[{label}] dashboard employee hours, {CONCURRENCY} at once"),
        &target,
        CONCURRENCY,
        seconds.min(10),
        Rc::new(|_, _| "/server/v1/dashboard/employee-hours".to_owned()),
        |body: &Value| body["employees"].as_array().is_some_and(|rows| rows.len() == 1001),
    )
    .await;
    support::load(
        &format!("[{label}] inbox, {CONCURRENCY} at once"),
        &target,
        CONCURRENCY,
        seconds.min(10),
        Rc::new(|_, _| "/server/v1/inbox/data".to_owned()),
        |body: &Value| body["pending"]["timesheet"]["count"] == 40,
    )
    .await;
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
