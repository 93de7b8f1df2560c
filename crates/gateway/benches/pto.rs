//! `just bench-pto` (with the engine's own bench): the PTO screens of a 500-employee company with
//! three years of history, through the whole server, on SQLite and, when `BENCH_POSTGRES` names a
//! server, PostgreSQL.
//!
//! Every employee started three years ago, works every weekday (8 hours with a 30-minute break),
//! is in a plan with a fixed rule (80 hours a year, carryover capped at 16) and an accrual rule
//! (1 hour per 30 worked hours) for each of the four years, and has one manual addition. 4 clients
//! at once, `BENCH_SECONDS` (default 10) each, against:
//! 1. `GET /pto-manage/data`;
//! 2. `GET /manage/employees` pages with the PTO column (30 rows, each row's balance the engine's
//!    over three years of worked days);
//! 3. `GET /manage/employee-pto` of one employee.
//!
//! Figures (p50, p95, p99) are printed, not asserted.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod support;

use accounts::entities::{companies, users};
use chrono::{Datelike, Duration as Days, NaiveDate, TimeZone, Utc, Weekday};
use kernel::Role;
use pto::entities::{pto_balance_entries, pto_enrollments, pto_plans, pto_rules, pto_types};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};
use serde_json::Value;
use std::rc::Rc;
use std::time::Duration;

const EMPLOYEES: usize = 500;
const CONCURRENCY: usize = 4;

/// The company; the admin's e-mail and one employee's id.
async fn seed(db: &DatabaseConnection) -> (String, i64) {
    let now = Utc::now();
    let tz = chrono_tz::America::New_York;
    let today = kernel::time::local_date(tz, now);
    let start = NaiveDate::from_ymd_opt(today.year() - 3, today.month(), 1).unwrap();
    let company = companies::new_row("Bench PTO", tz.name(), None, now).insert(db).await.unwrap();
    let hash = accounts::password::hash_password("bench-password").unwrap();
    let admin_email = "admin-pto@bench.example.com".to_owned();
    let person = |email: String, first: String, last: String, role: Role| {
        let mut row = users::NewPerson {
            company_id: Some(company.id),
            email: &email,
            password_hash: Some(hash.clone()),
            first_name: &first,
            last_name: &last,
            role,
            verified_at: Some(now),
            now,
        }
        .row();
        row.last_start_date = Set(Some(start));
        row
    };
    person(admin_email.clone(), "Ada".into(), "Admin".into(), Role::Admin).insert(db).await.unwrap();
    let people: Vec<_> = (0..EMPLOYEES)
        .map(|i| {
            person(
                format!("p{i}@pto.bench.example.com"),
                format!("First{i}"),
                format!("Last{:04}", (i * 7919) % EMPLOYEES),
                Role::Employee,
            )
        })
        .collect();
    for chunk in people.chunks(200) {
        users::Entity::insert_many(chunk.to_vec()).exec(db).await.unwrap();
    }
    let ids: Vec<i64> = users::Entity::find()
        .filter(users::Column::CompanyId.eq(company.id))
        .filter(users::Column::Role.eq("employee"))
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|u| u.id)
        .collect();

    let pto_type = |name: &str| pto_types::ActiveModel {
        company_id: Set(company.id),
        name: Set(name.to_owned()),
        color: Set("#1c7ed6".to_owned()),
        payable: Set(true),
        available: Set(true),
        created_at: Set(now),
        updated_at: Set(now),
        deleted_at: Set(None),
        ..Default::default()
    };
    let vacation = pto_type("Vacation").insert(db).await.unwrap().id;
    let sick = pto_type("Sick").insert(db).await.unwrap().id;
    let plan = pto_plans::ActiveModel {
        company_id: Set(company.id),
        name: Set("Standard".to_owned()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap()
    .id;
    for (pto_type, method, rate, unit, cap) in
        [(vacation, "PER_CALENDAR_YEAR", 8000, 1, Some(16)), (sick, "PER_HOUR_WORKED", 100, 30, None)]
    {
        pto_rules::ActiveModel {
            company_id: Set(company.id),
            plan_id: Set(plan),
            pto_type_id: Set(pto_type),
            active: Set(true),
            method: Set(method.to_owned()),
            rate_hundredths: Set(rate),
            rate_unit: Set(unit),
            prorated: Set(true),
            waiting_period_days: Set(None),
            start_after_waiting_period: Set(false),
            carryover_policy: Set("allowCarryover".to_owned()),
            max_carryover_hours: Set(cap),
            max_balance_hours: Set(None),
            ..Default::default()
        }
        .insert(db)
        .await
        .unwrap();
    }
    let mut enrolments = Vec::new();
    let mut additions = Vec::new();
    for id in &ids {
        for year in start.year()..=today.year() {
            enrolments.push(pto_enrollments::ActiveModel {
                company_id: Set(company.id),
                employee_id: Set(*id),
                year: Set(year),
                plan_id: Set(plan),
                effective_from: Set(NaiveDate::from_ymd_opt(year, 1, 1).unwrap()),
                created_by: Set(None),
                created_at: Set(now),
                ..Default::default()
            });
        }
        additions.push(pto_balance_entries::ActiveModel {
            company_id: Set(company.id),
            employee_id: Set(*id),
            pto_type_id: Set(vacation),
            kind: Set(pto_balance_entries::MANUALLY_ADDITION.to_owned()),
            minutes: Set(120),
            effective_on: Set(today),
            year: Set(today.year()),
            enrollment_id: Set(None),
            created_by: Set(None),
            created_at: Set(now),
            ..Default::default()
        });
    }
    for chunk in enrolments.chunks(300) {
        pto_enrollments::Entity::insert_many(chunk.to_vec()).exec(db).await.unwrap();
    }
    for chunk in additions.chunks(300) {
        pto_balance_entries::Entity::insert_many(chunk.to_vec()).exec(db).await.unwrap();
    }
    // Every weekday since the start, for everyone.
    let mut day = start;
    let mut starts = Vec::new();
    while day < today {
        if !matches!(day.weekday(), Weekday::Sat | Weekday::Sun) {
            let at = tz.from_local_datetime(&day.and_hms_opt(9, 0, 0).unwrap()).earliest().unwrap().with_timezone(&Utc);
            starts.extend(ids.iter().map(|id| (*id, at)));
        }
        day += Days::days(1);
    }
    println!("seeded {} employees, {} shifts", ids.len(), starts.len());
    support::add_shifts(db, company.id, tz, &starts).await;
    (admin_email, ids[ids.len() / 2])
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
