//! `just bench-team`: the team timesheet (`GET /timesheet/team`, issue 36) of a 500-person company
//! through the whole server, on SQLite and, when `BENCH_POSTGRES` names a server, PostgreSQL.
//!
//! The company has 500 employees under one admin, four weeks of 8-hour shifts each (a 30-minute
//! break), a sixth day of work in every week for one in ten (overtime), 40 pending edit requests
//! and 25 people still clocked in from yesterday (missed clock-outs). Measured: the SQL statements
//! of one request for 500 people and for 50 (equal: no query per person), then the latency of the
//! week and of the pay period, one client at a time and 8 at once, for `BENCH_SECONDS` (default
//! 10) each. The ceiling is p95 ≤ 150 ms for one viewer. Figures are printed, not asserted.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod support;

use accounts::entities::{companies, users};
use chrono::{Duration as Days, TimeZone, Utc};
use clock::entities::time_entries;
use kernel::{RequestStatus, Role};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};
use serde_json::Value;
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use timesheet::entities::timesheet_edit_requests as requests;

/// A company of `size` employees; the admin's e-mail.
async fn seed(db: &DatabaseConnection, tag: &str, size: usize) -> String {
    let now = Utc::now();
    let tz = chrono_tz::America::New_York;
    let company = companies::new_row(&format!("Team {tag}"), tz.name(), None, now).insert(db).await.unwrap();
    let hash = accounts::password::hash_password("bench-password").unwrap();
    let admin_email = format!("admin-{tag}@team.example.com");
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
    let people: Vec<_> = (0..size)
        .map(|i| {
            let mut row = person(
                &format!("p{i}-{tag}@team.example.com"),
                &format!("First{i}"),
                &format!("Last{i:04}"),
                Role::Employee,
            );
            row.manager_id = Set(Some(admin.id));
            row
        })
        .collect();
    for chunk in people.chunks(200) {
        users::Entity::insert_many(chunk.to_vec()).exec(db).await.unwrap();
    }
    let ids: Vec<kernel::UserId> = users::Entity::find()
        .filter(users::Column::CompanyId.eq(company.id))
        .filter(users::Column::Role.eq(Role::Employee))
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|user| user.id)
        .collect();
    let today = kernel::time::local_date(tz, now);
    let starts: Vec<_> = ids
        .iter()
        .enumerate()
        .flat_map(|(n, id)| {
            (2..=28).filter(move |back| n % 10 == 0 || (today - Days::days(*back)).format("%u").to_string() != "6").map(
                move |back| {
                    let day = (today - Days::days(back)).and_hms_opt(9, 0, 0).unwrap();
                    (*id, tz.from_local_datetime(&day).earliest().unwrap().with_timezone(&Utc))
                },
            )
        })
        .collect();
    let shifts = support::add_shifts(db, company.id, tz, &starts).await;
    for shift in shifts.iter().step_by(shifts.len() / 40).take(40) {
        requests::ActiveModel {
            company_id: Set(company.id),
            entry_id: Set(Some(shift.id)),
            employee_id: Set(shift.employee_id),
            requester_id: Set(shift.employee_id),
            change_type: Set("in".to_owned()),
            payload: Set(r#"{"start":null,"end":null,"boptype":"NOCHANGE","breaks":[]}"#.to_owned()),
            comment: Set("I came in early".to_owned()),
            status: Set(RequestStatus::Raised),
            pending_entry_id: Set(Some(shift.id)),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await
        .unwrap();
    }
    // Yesterday's shifts nobody ended.
    let yesterday = tz
        .from_local_datetime(&(today - Days::days(1)).and_hms_opt(9, 0, 0).unwrap())
        .earliest()
        .unwrap()
        .with_timezone(&Utc);
    for id in ids.iter().step_by(size / 25).take(25) {
        time_entries::ActiveModel {
            company_id: Set(company.id),
            employee_id: Set(*id),
            start_at: Set(yesterday),
            end_at: Set(None),
            state: Set(1),
            open_employee_id: Set(Some(*id)),
            created_by: Set(*id),
            created_at: Set(yesterday),
            updated_at: Set(yesterday),
            ..Default::default()
        }
        .insert(db)
        .await
        .unwrap();
    }
    admin_email
}

fn p95(label: &str, samples: &[Duration]) {
    println!("{label:<46} p95 {:>6.2} ms", support::percentile(samples, 0.95));
}

async fn run(label: &str) {
    let (url, cleanup) = support::database(label).await;
    let mut db = gateway::db::connect(&url).await.unwrap();
    gateway::db::migrate(&db).await.unwrap();
    let statements = Arc::new(AtomicUsize::new(0));
    let counter = statements.clone();
    db.set_metric_callback(move |_| {
        counter.fetch_add(1, Ordering::Relaxed);
    });
    let big = seed(&db, "big", 500).await;
    let small = seed(&db, "small", 50).await;
    if label == "postgres" {
        sea_orm::ConnectionTrait::execute_unprepared(&db, "VACUUM ANALYZE").await.unwrap();
    }
    let (base, server_thread) = support::serve(db.clone());
    let client =
        awc::Client::builder().timeout(Duration::from_secs(30)).connector(awc::Connector::new().limit(32)).finish();
    let big_token = support::login(&client, &base, &big).await;
    let small_token = support::login(&client, &base, &small).await;
    let mut counts = Vec::new();
    for token in [&big_token, &small_token] {
        let before = statements.load(Ordering::Relaxed);
        let mut response =
            client.get(format!("{base}/server/v1/timesheet/team")).bearer_auth(token).send().await.unwrap();
        assert!(response.status().is_success(), "{}", response.status());
        let body: Value = response.json().limit(8 << 20).await.unwrap();
        assert!(body["people"].as_array().unwrap().len() > 50);
        counts.push(statements.load(Ordering::Relaxed) - before);
    }
    println!("[{label}] team timesheet SQL statements per request: {} (500 people), {} (50)", counts[0], counts[1]);

    let target = support::Target { client: &client, base: &base, token: &big_token };
    let seconds: u64 = std::env::var("BENCH_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(10);
    let last_week = (Utc::now() - Days::days(7)).date_naive();
    for (name, path) in [
        ("last week", format!("/server/v1/timesheet/team?date={last_week}")),
        ("pay period", format!("/server/v1/timesheet/team?date={last_week}&span=payPeriod")),
    ] {
        for concurrency in [1, 8] {
            let path = path.clone();
            let title = format!("[{label}] team {name}, {concurrency} at once");
            let samples = support::load(
                &title,
                &target,
                concurrency,
                seconds,
                Rc::new(move |_, _| path.clone()),
                |body: &Value| body["people"].as_array().is_some_and(|rows| rows.len() == 501),
            )
            .await;
            p95(&title, &samples);
        }
    }
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
