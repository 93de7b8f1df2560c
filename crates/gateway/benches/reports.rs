//! `just bench-reports`: the reports and the team calendar through the whole server, on SQLite
//! and, when `BENCH_POSTGRES` names a server, PostgreSQL.
//!
//! 1. A company of 1,000 employees, each with a year of weekday shifts (8 hours with a 30-minute
//!    break: about 260,000 shifts), and 2,000 approved days off: `GET /report/summary-report-data`
//!    over the year and everyone, 4 clients at once; then its XLSX export (`GET /report/export`),
//!    one at a time.
//! 2. A company of 500 employees with birthdays and start dates spread over the year, 1,000
//!    approved requests and 100 events in the month: `GET /pto/agenda` for a month (what
//!    /team-calendar asks), 4 clients at once.
//!
//! 3. The same summary report once the company counts overtime by California's rules (issue 37:
//!    every shift through the overtime classifier instead of the database's weekly sums).
//!
//! Each load runs with one client, then 4 at once. Figures (p50, p95, p99) are printed, not
//! asserted. `BENCH_SECONDS` (default 10) per load; `BENCH_ONLY=calendar` skips the report,
//! `BENCH_ONLY=overtime` runs only the report under California's rules.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod support;

use accounts::entities::{companies, users};
use chrono::{Datelike, Duration as Days, NaiveDate, TimeZone, Utc, Weekday};
use kernel::{CompanyId, PtoTypeId, RequestStatus, Role, UserId};
use pto::entities::{pto_requests, pto_types};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};
use serde_json::Value;
use std::rc::Rc;
use std::time::{Duration, Instant};

const CONCURRENCY: usize = 4;

/// A company of `size` people started two years ago, with birthdays; the admin's e-mail, the
/// people's ids, the company's id and its PTO type.
async fn people(db: &DatabaseConnection, tag: &str, size: usize) -> (String, Vec<UserId>, CompanyId, PtoTypeId) {
    let now = Utc::now();
    let tz = chrono_tz::America::New_York;
    let today = kernel::time::local_date(tz, now);
    let company = companies::new_row(&format!("Bench {tag}"), tz.name(), None, now).insert(db).await.unwrap();
    let hash = accounts::password::hash_password("bench-password").unwrap();
    let admin_email = format!("admin-{tag}@bench.example.com");
    let person = |email: String, first: String, last: String, role: Role, index: usize| {
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
        let started = NaiveDate::from_ymd_opt(today.year() - 2, 1, 1).unwrap() + Days::days((index % 365) as i64);
        row.last_start_date = Set(Some(started));
        row.birthday = Set(Some(format!("{:02}/{:02}", index % 12 + 1, index % 28 + 1)));
        row
    };
    person(admin_email.clone(), "Ada".into(), "Admin".into(), Role::Admin, 0).insert(db).await.unwrap();
    let rows: Vec<_> = (0..size)
        .map(|i| {
            person(
                format!("p{i}-{tag}@bench.example.com"),
                format!("First{i}"),
                format!("Last{:04}", (i * 7919) % size),
                Role::Employee,
                i,
            )
        })
        .collect();
    for chunk in rows.chunks(200) {
        users::Entity::insert_many(chunk.to_vec()).exec(db).await.unwrap();
    }
    let ids = users::Entity::find()
        .filter(users::Column::CompanyId.eq(company.id))
        .filter(users::Column::Role.eq(Role::Employee))
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|user| user.id)
        .collect();
    let vacation = pto_types::ActiveModel {
        company_id: Set(company.id),
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
    (admin_email, ids, company.id, vacation.id)
}

/// `per_person` approved days off each, spread over `first..first + span` days.
async fn days_off(
    db: &DatabaseConnection,
    company: CompanyId,
    vacation: PtoTypeId,
    ids: &[UserId],
    first: NaiveDate,
    span: i64,
    per_person: usize,
) {
    let now = Utc::now();
    let mut requests = Vec::new();
    for (index, id) in ids.iter().enumerate() {
        for n in 0..per_person {
            let day = first + Days::days(((index * 13 + n * 29) as i64) % span);
            requests.push(pto_requests::ActiveModel {
                company_id: Set(company),
                employee_id: Set(*id),
                pto_type_id: Set(vacation),
                start_date: Set(day),
                end_date: Set(day),
                partial: Set(false),
                start_time: Set(None),
                end_time: Set(None),
                include_weekend: Set(false),
                reason: Set("Day off".to_owned()),
                status: Set(RequestStatus::Approved),
                requested_by: Set(Some(*id)),
                created_at: Set(now),
                updated_at: Set(now),
                acted_by: Set(None),
                acted_at: Set(Some(now)),
                act_comment: Set(None),
                cancelled_by: Set(None),
                cancelled_at: Set(None),
                cancelled_from: Set(None),
                ..Default::default()
            });
        }
    }
    for chunk in requests.chunks(300) {
        pto_requests::Entity::insert_many(chunk.to_vec()).exec(db).await.unwrap();
    }
}

async fn run(label: &str) {
    let (url, cleanup) = support::database(label).await;
    let db = gateway::db::connect(&url).await.unwrap();
    gateway::db::migrate(&db).await.unwrap();
    let tz = chrono_tz::America::New_York;
    let today = kernel::time::local_date(tz, Utc::now());
    let year_start = today - Days::days(365);

    let seeding = Instant::now();
    let (report_admin, ids, company, vacation) = people(&db, &format!("reports-{label}"), 1000).await;
    let starts: Vec<_> = ids
        .iter()
        .flat_map(|id| {
            (1..=365).filter_map(move |back| {
                let day = today - Days::days(back);
                if matches!(day.weekday(), Weekday::Sat | Weekday::Sun) {
                    return None;
                }
                let at = tz.from_local_datetime(&day.and_hms_opt(9, 0, 0).unwrap()).earliest().unwrap();
                Some((*id, at.with_timezone(&Utc)))
            })
        })
        .collect();
    support::add_shifts(&db, company, tz, &starts).await;
    days_off(&db, company, vacation, &ids, year_start, 365, 2).await;
    let (calendar_admin, calendar_ids, calendar_company, calendar_vacation) =
        people(&db, &format!("calendar-{label}"), 500).await;
    let month_start = today.with_day(1).unwrap();
    days_off(&db, calendar_company, calendar_vacation, &calendar_ids, month_start, 28, 2).await;
    let now = Utc::now();
    for n in 0..100i64 {
        let start = tz
            .from_local_datetime(&(month_start + Days::days(n % 28)).and_hms_opt(10, 0, 0).unwrap())
            .earliest()
            .unwrap();
        hr::entities::calendar_events::ActiveModel {
            company_id: Set(calendar_company),
            employee_id: Set((n % 3 == 0).then(|| calendar_ids[n as usize])),
            name: Set(format!("Event {n}")),
            description: Set(String::new()),
            starts_at: Set(start.with_timezone(&Utc)),
            ends_at: Set(start.with_timezone(&Utc) + Days::hours(2)),
            created_by: Set(Some(calendar_ids[0])),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&db)
        .await
        .unwrap();
    }
    if label == "postgres" {
        sea_orm::ConnectionTrait::execute_unprepared(&db, "VACUUM ANALYZE").await.unwrap();
    }
    println!("[{label}] seeded {} shifts in {:.1} s", starts.len(), seeding.elapsed().as_secs_f64());

    let (base, server_thread) = support::serve(db.clone());
    let client = awc::Client::builder().timeout(Duration::from_secs(120)).finish();
    let seconds: u64 = std::env::var("BENCH_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(10);
    let p95 = |name: &str, samples: &[Duration]| {
        println!("[{label}] {name:<44} p95 {:>8.2} ms", support::percentile(samples, 0.95));
    };

    let only_calendar = std::env::var("BENCH_ONLY").is_ok_and(|only| only == "calendar");
    let only_overtime = std::env::var("BENCH_ONLY").is_ok_and(|only| only == "overtime");
    let token = support::login(&client, &base, &report_admin).await;
    let target = support::Target { client: &client, base: &base, token: &token };
    let range = format!("start={year_start}&end={}", today - Days::days(1));
    let summary_path = format!("/server/v1/report/summary-report-data?type=summary&{range}");
    for concurrency in [1, CONCURRENCY].into_iter().filter(|_| !only_calendar && !only_overtime) {
        let path = summary_path.clone();
        let samples = support::load(
            &format!("[{label}] summary report, 1,000 people x 1 year, {concurrency} at once"),
            &target,
            concurrency,
            seconds,
            Rc::new(move |_, _| path.clone()),
            |body: &Value| {
                body["rows"].as_array().is_some_and(|rows| rows.len() == 1001)
                    && body["totals"]["workedMinutes"].as_i64().is_some_and(|minutes| minutes > 100_000_000)
            },
        )
        .await;
        p95(&format!("summary report (1,000 x 1 year), {concurrency} at once"), &samples);
    }
    if !only_calendar {
        // California from the first day of the year's shifts.
        let first = starts.iter().map(|(_, at)| kernel::time::local_date(tz, *at)).min().unwrap();
        let mut reply = client
            .post(format!("{base}/server/v1/settings/update-overtime"))
            .bearer_auth(&token)
            .send_json(&serde_json::json!({"effectiveFrom": first.to_string(), "jurisdiction": "us-ca"}))
            .await
            .unwrap();
        assert!(reply.status().is_success(), "{:?}", reply.body().await);
        // The first read classifies the year and keeps it (issue 37's `pay_hours_weeks`); the
        // ones after read the kept weeks.
        let started = Instant::now();
        let mut first_read = client.get(format!("{base}{summary_path}")).bearer_auth(&token).send().await.unwrap();
        assert!(first_read.status().is_success());
        first_read.body().limit(64 << 20).await.unwrap();
        println!(
            "[{label}] summary report, California rules, first read      {:>8.2} ms",
            started.elapsed().as_secs_f64() * 1000.0
        );
        for concurrency in [1, CONCURRENCY] {
            let path = summary_path.clone();
            let samples = support::load(
                &format!("[{label}] summary report, California rules, {concurrency} at once"),
                &target,
                concurrency,
                seconds,
                Rc::new(move |_, _| path.clone()),
                |body: &Value| {
                    body["rows"].as_array().is_some_and(|rows| rows.len() == 1001)
                        && body["totals"]["workedMinutes"].as_i64().is_some_and(|minutes| minutes > 100_000_000)
                },
            )
            .await;
            p95(&format!("summary report (1,000 x 1 year, CA rules), {concurrency} at once"), &samples);
        }
    }
    let mut exports = Vec::new();
    for _ in (0..5).filter(|_| !only_calendar && !only_overtime) {
        let started = Instant::now();
        let mut response = client
            .get(format!("{base}/server/v1/report/export?type=summary&format=xlsx&{range}"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        assert!(response.status().is_success());
        let bytes = response.body().limit(64 << 20).await.unwrap();
        assert_eq!(&bytes[..2], b"PK");
        exports.push(started.elapsed());
    }
    exports.sort();
    if let Some(slowest) = exports.last() {
        println!(
            "[{label}] summary XLSX export, one at a time          max {:>8.2} ms",
            slowest.as_secs_f64() * 1000.0
        );
    }

    let token = support::login(&client, &base, &calendar_admin).await;
    let target = support::Target { client: &client, base: &base, token: &token };
    let month_end = month_start + Days::days(34);
    let calendar_path =
        format!("/server/v1/pto/agenda?start={}&end={month_end}&includePending=1", month_start - Days::days(6));
    for concurrency in [1, CONCURRENCY].into_iter().filter(|_| !only_overtime) {
        let path = calendar_path.clone();
        let samples = support::load(
            &format!("[{label}] team calendar month, 500 people, {concurrency} at once"),
            &target,
            concurrency,
            seconds,
            Rc::new(move |_, _| path.clone()),
            |body: &Value| body["items"].as_array().is_some_and(|items| items.len() > 1000),
        )
        .await;
        p95(&format!("team calendar month (500 people), {concurrency} at once"), &samples);
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
