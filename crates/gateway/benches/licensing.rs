//! `just bench-licensing`: producer licences (issue 42), on SQLite and, when `BENCH_POSTGRES`
//! names a server, PostgreSQL.
//!
//! 1. The compliance page: an agency of 500 producers, each licensed in 5 states (2,500 licences,
//!    imported through the API's CSV import), each licence with a CE requirement, an appointment
//!    and 10 CE credits (25,000 credits, written in SQL). Measured: the p95 of
//!    `GET /licensing/compliance` (every producer × state computed with progress and status, for
//!    the counts; its first page of 100 rows sent), and of "may sell", one client for
//!    `BENCH_SECONDS` (default 10) each. Ceiling: 100 ms.
//! 2. The reminder job: 50,000 licences (100 agencies of 500 producers), all expiring within the
//!    next 90 days, so the first run marks and mails every one. Timed: that run, and a second
//!    (nothing left to send). Ceiling: 10 s.
//!
//! Figures are printed, not asserted.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod support;

use accounts::entities::{companies, users};
use chrono::{Duration as Days, NaiveDate, Utc};
use kernel::Role;
use sea_orm::sea_query::{Alias, Query, SimpleExpr};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter};
use serde_json::Value;
use std::rc::Rc;
use std::time::{Duration, Instant};

const PRODUCERS: usize = 500;
const STATES: [&str; 5] = ["TX", "CA", "FL", "NY", "AL"];
const CREDITS_PER_LICENCE: usize = 10;
const AGENCIES: usize = 100;

/// A company of `producers` employees and an admin; (company, admin's e-mail, the producers' ids).
async fn company(db: &DatabaseConnection, n: usize, producers: usize) -> (kernel::CompanyId, String, Vec<i64>) {
    let now = Utc::now();
    let tz = chrono_tz::America::Chicago;
    let company = companies::new_row(&format!("Agency {n}"), tz.name(), None, now).insert(db).await.unwrap();
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
    let admin = format!("admin{n}@licensing.example.com");
    person(admin.clone(), "Ada".into(), format!("Admin{n}"), Role::Admin).insert(db).await.unwrap();
    let rows: Vec<_> = (0..producers)
        .map(|i| {
            person(
                format!("p{i}.{n}@licensing.example.com"),
                format!("First{i}"),
                format!("Last{i:04}"),
                Role::Employee,
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
        .map(|user| user.id.0)
        .collect();
    (company.id, admin, ids)
}

/// Inserts `rows` into `table` in chunks (values bound, so dates and instants suit both databases).
async fn insert(db: &DatabaseConnection, table: &str, columns: &[&str], rows: Vec<Vec<SimpleExpr>>) {
    for chunk in rows.chunks(400) {
        let mut statement = Query::insert();
        statement.into_table(Alias::new(table)).columns(columns.iter().map(|c| Alias::new(*c)));
        for row in chunk {
            statement.values_panic(row.clone());
        }
        db.execute(db.get_database_backend().build(&statement)).await.unwrap();
    }
}

async fn ids(db: &DatabaseConnection, sql: &str) -> Vec<(i64, i64)> {
    db.query_all(sea_orm::Statement::from_string(db.get_database_backend(), sql.to_owned()))
        .await
        .unwrap()
        .into_iter()
        .map(|row| (row.try_get_by_index::<i64>(0).unwrap(), row.try_get_by_index::<i64>(1).unwrap()))
        .collect()
}

async fn compliance_page(label: &str, db: &DatabaseConnection) {
    let (company, admin_email, producers) = company(db, 0, PRODUCERS).await;
    let (base, server_thread) = support::serve(db.clone());
    let client =
        awc::Client::builder().timeout(Duration::from_secs(120)).connector(awc::Connector::new().limit(8)).finish();
    let admin = support::login(&client, &base, &admin_email).await;
    let today = Utc::now().date_naive();
    // The licences through the CSV import, one file.
    let mut csv = String::from(
        "email,npn,resident_state,state,licence_number,licence_type,lines,residency,issued_on,status,expires_on\n",
    );
    for i in 0..PRODUCERS {
        for (s, state) in STATES.iter().enumerate() {
            let expires = today + Days::days(30 + ((i * 7 + s * 53) % 700) as i64);
            csv.push_str(&format!(
                "p{i}.0@licensing.example.com,{npn},TX,{state},{state}-{i},Producer,life;accident_health,{residency},2019-01-01,active,{expires}\n",
                npn = 1_000_000 + i,
                residency = if *state == "TX" { "resident" } else { "non_resident" },
            ));
        }
    }
    let started = Instant::now();
    let boundary = "bench-boundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"l.csv\"\r\nContent-Type: text/csv\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(csv.as_bytes());
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let mut response = client
        .post(format!("{base}/server/v1/licensing/import"))
        .bearer_auth(&admin)
        .insert_header(("content-type", format!("multipart/form-data; boundary={boundary}")))
        .send_body(body)
        .await
        .unwrap();
    let outcome: Value = response.json().limit(8 << 20).await.unwrap();
    assert_eq!(outcome["imported"], PRODUCERS * STATES.len(), "{outcome}");
    println!(
        "[{label}] imported {} licences from one CSV in {:.1} s",
        PRODUCERS * STATES.len(),
        started.elapsed().as_secs_f64()
    );
    // Requirements, appointments and credits in SQL.
    let licences = ids(db, &format!("SELECT id, employee_id FROM licences WHERE company_id = {}", company.0)).await;
    let now = Utc::now();
    let start = today - Days::days(400);
    let due = today + Days::days(300);
    let topics = "[]".to_owned();
    insert(
        db,
        "ce_requirements",
        &[
            "company_id",
            "licence_id",
            "cycle_start",
            "due_on",
            "total_minutes",
            "ethics_minutes",
            "topics",
            "created_at",
        ],
        licences
            .iter()
            .map(|(id, _)| {
                vec![
                    company.0.into(),
                    (*id).into(),
                    start.into(),
                    due.into(),
                    1440.into(),
                    180.into(),
                    topics.clone().into(),
                    now.into(),
                ]
            })
            .collect(),
    )
    .await;
    let states_of: Vec<(i64, String)> = {
        let rows = db
            .query_all(sea_orm::Statement::from_string(
                db.get_database_backend(),
                format!("SELECT employee_id, state FROM licences WHERE company_id = {}", company.0),
            ))
            .await
            .unwrap();
        rows.into_iter()
            .map(|row| (row.try_get_by_index::<i64>(0).unwrap(), row.try_get_by_index::<String>(1).unwrap()))
            .collect()
    };
    let effective = NaiveDate::from_ymd_opt(2020, 1, 1).unwrap();
    insert(
        db,
        "carrier_appointments",
        &["company_id", "employee_id", "carrier", "state", "effective_on", "reason", "created_at"],
        states_of
            .iter()
            .map(|(person, state)| {
                vec![
                    company.0.into(),
                    (*person).into(),
                    "Acme Life".into(),
                    state.clone().into(),
                    effective.into(),
                    "".into(),
                    now.into(),
                ]
            })
            .collect(),
    )
    .await;
    let mut credits = Vec::new();
    for (person, state) in &states_of {
        for c in 0..CREDITS_PER_LICENCE {
            let topic = if c == 0 { "ethics" } else { "general" };
            let completed = today - Days::days(10 + c as i64 * 20);
            credits.push(vec![
                company.0.into(),
                (*person).into(),
                state.clone().into(),
                format!("Course {c}").into(),
                "CE Academy".into(),
                120.into(),
                topic.into(),
                completed.into(),
                (*person).into(),
                now.into(),
            ]);
        }
    }
    insert(
        db,
        "ce_credits",
        &[
            "company_id",
            "employee_id",
            "state",
            "course",
            "provider",
            "minutes",
            "topic",
            "completed_on",
            "created_by",
            "created_at",
        ],
        credits,
    )
    .await;
    let _ = producers;
    if label == "postgres" {
        db.execute_unprepared("VACUUM ANALYZE").await.unwrap();
    }
    let target = support::Target { client: &client, base: &base, token: &admin };
    let seconds: u64 = std::env::var("BENCH_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(10);
    let mut page = support::load(
        &format!("[{label}] compliance page, 2,500 licences"),
        &target,
        1,
        seconds,
        Rc::new(|_, _| "/server/v1/licensing/compliance".to_owned()),
        |body: &Value| {
            body["total"] == PRODUCERS * STATES.len() && body["rows"].as_array().is_some_and(|rows| rows.len() == 100)
        },
    )
    .await;
    page.sort();
    println!("[{label}] compliance page                      p95 {:>6.2} ms", support::percentile(&page, 0.95));
    let mut sell = support::load(
        &format!("[{label}] may sell life in TX"),
        &target,
        1,
        seconds,
        Rc::new(|_, _| "/server/v1/licensing/may-sell?state=TX&line=life".to_owned()),
        |body: &Value| body["people"].as_array().is_some(),
    )
    .await;
    sell.sort();
    println!("[{label}] may sell                             p95 {:>6.2} ms", support::percentile(&sell, 0.95));
    drop(server_thread);
}

async fn reminder_job(label: &str, db: &DatabaseConnection) {
    let today = Utc::now().date_naive();
    let now = Utc::now();
    let started = Instant::now();
    for n in 1..=AGENCIES {
        let (company, _, producers) = company(db, n, PRODUCERS).await;
        insert(
            db,
            "licences",
            &[
                "company_id",
                "employee_id",
                "state",
                "number",
                "licence_type",
                "lines",
                "residency",
                "issued_on",
                "status",
                "expires_on",
                "created_at",
                "updated_at",
            ],
            producers
                .iter()
                .enumerate()
                .map(|(i, person)| {
                    let expires = today + Days::days(1 + (i % 89) as i64);
                    vec![
                        company.0.into(),
                        (*person).into(),
                        "TX".into(),
                        format!("TX-{person}").into(),
                        "Producer".into(),
                        "life".into(),
                        1i16.into(),
                        NaiveDate::from_ymd_opt(2019, 1, 1).unwrap().into(),
                        1i16.into(),
                        expires.into(),
                        now.into(),
                        now.into(),
                    ]
                })
                .collect(),
        )
        .await;
    }
    let total: i64 =
        ids(db, "SELECT COUNT(*), COUNT(*) FROM licences WHERE state = 'TX' AND number LIKE 'TX-%'").await[0].0;
    println!("[{label}] seeded {total} licences in {AGENCIES} agencies in {:.1} s", started.elapsed().as_secs_f64());
    if label == "postgres" {
        db.execute_unprepared("VACUUM ANALYZE").await.unwrap();
    }
    let service = support::licensing_service(db);
    let started = Instant::now();
    let run = service.send_reminders(Utc::now()).await.unwrap();
    println!(
        "[{label}] reminder job: {} reminders, {} mails queued in {:.2} s",
        run.reminded,
        run.mails,
        started.elapsed().as_secs_f64()
    );
    let again = Instant::now();
    let second = service.send_reminders(Utc::now()).await.unwrap();
    println!(
        "[{label}] the same run again: {} reminders in {:.2} s (nothing left to send)",
        second.reminded,
        again.elapsed().as_secs_f64()
    );
}

async fn run(label: &str) {
    let (url, cleanup) = support::database(label).await;
    let db = gateway::db::connect(&url).await.unwrap();
    gateway::db::migrate(&db).await.unwrap();
    compliance_page(label, &db).await;
    reminder_job(label, &db).await;
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
