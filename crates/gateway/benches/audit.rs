//! `just bench-audit`: the company's audit trail (issue 43), on SQLite and, when `BENCH_POSTGRES`
//! names a server, PostgreSQL.
//!
//! 1. Shift edits ('Edit Now' by an admin, `POST /timesheet/edit`), 8 clients at once for
//!    `BENCH_SECONDS` (default 10): edits a second, p50 and p99. Each edit writes its audit entry
//!    in its own transaction. The recipe runs this twice: as built, and built with the `audit`
//!    crate's `without-trail` feature (a measuring device only: `record` writes nothing), so the
//!    two lines compare the same load with and without the trail. Ceiling: within 10%.
//!    Clock presses are a person's own and write no entry: the trail does not touch them.
//! 2. The audit page over 1,000,000 entries of one company (a year, 300 people, 6 actors,
//!    every kind of entity), written in SQL: the p95 of the first page of each filter (none, a
//!    person, an actor, an entity, a month, a person and an entity, a manager's reach of 10),
//!    200 requests each, one client. Ceiling: 100 ms.
//!
//! Figures are printed, not asserted. `BENCH_ONLY=edits` runs the first part alone.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod support;

use accounts::entities::{companies, users};
use chrono::{Duration as Days, TimeZone, Utc};
use kernel::Role;
use sea_orm::sea_query::{Alias, Query, SimpleExpr};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter};
use serde_json::{json, Value};
use std::cell::RefCell;
use std::rc::Rc;
use std::time::{Duration, Instant};

const PEOPLE: usize = 300;
const ENTRIES: usize = 1_000_000;
const EDITORS: usize = 8;
const PAGE_REQUESTS: usize = 200;

/// A company in New York: an admin, a manager with 10 reports, and `PEOPLE` employees in all.
async fn company(db: &DatabaseConnection) -> (kernel::CompanyId, Vec<kernel::UserId>) {
    let now = Utc::now();
    let company = companies::new_row("Audit Agency", "America/New_York", None, now).insert(db).await.unwrap();
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
    person("admin@audit.example.com".into(), Role::Admin).insert(db).await.unwrap();
    let manager = person("manager@audit.example.com".into(), Role::Manager).insert(db).await.unwrap();
    let rows: Vec<_> = (0..PEOPLE)
        .map(|i| {
            let mut row = person(format!("p{i}@audit.example.com"), Role::Employee);
            if i < 10 {
                row.manager_id = sea_orm::ActiveValue::Set(Some(manager.id));
            }
            row
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
    (company.id, ids)
}

async fn edits(label: &str, db: &DatabaseConnection, company: kernel::CompanyId, people: &[kernel::UserId]) {
    let tz = chrono_tz::America::New_York;
    let start = tz.with_ymd_and_hms(2026, 11, 2, 9, 0, 0).unwrap().with_timezone(&Utc);
    let starts: Vec<_> = people.iter().take(EDITORS).map(|person| (*person, start)).collect();
    let shifts = support::add_shifts(db, company, tz, &starts).await;
    let (base, _server) = support::serve(db.clone());
    let client =
        awc::Client::builder().timeout(Duration::from_secs(60)).connector(awc::Connector::new().limit(32)).finish();
    let admin = support::login(&client, &base, "admin@audit.example.com").await;
    let seconds = std::env::var("BENCH_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(10);
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let samples = Rc::new(RefCell::new(Vec::new()));
    let errors = Rc::new(RefCell::new(0usize));
    let started = Instant::now();
    let mut workers = Vec::new();
    for shift in shifts.iter().map(|shift| shift.id.0) {
        let (client, base, admin, samples, errors) =
            (client.clone(), base.clone(), admin.clone(), samples.clone(), errors.clone());
        workers.push(actix_web::rt::spawn(async move {
            let mut round = 0;
            while Instant::now() < deadline {
                round += 1;
                let begin = if round % 2 == 0 { "08:00:00" } else { "08:30:00" };
                let body = json!({"trackingNumber": shift, "start": format!("2026-11-02 {begin}"),
                                  "end": "2026-11-02 17:00:00"});
                let sent = Instant::now();
                match client.post(format!("{base}/server/v1/timesheet/edit")).bearer_auth(&admin).send_json(&body).await
                {
                    Ok(response) if response.status().is_success() => samples.borrow_mut().push(sent.elapsed()),
                    _ => *errors.borrow_mut() += 1,
                }
            }
        }));
    }
    for worker in workers {
        worker.await.unwrap();
    }
    let trail = if cfg!(feature = "audit-off") { "without the trail" } else { "with the trail" };
    support::report(
        &format!("[{label}] shift edits, {trail}"),
        &mut samples.take(),
        *errors.borrow(),
        started.elapsed(),
    );
}

/// Inserts `rows` into `table` in chunks (values bound, so instants suit both databases).
async fn insert(db: &DatabaseConnection, table: &str, columns: &[&str], rows: &[Vec<SimpleExpr>]) {
    let mut statement = Query::insert();
    statement.into_table(Alias::new(table)).columns(columns.iter().map(|c| Alias::new(*c)));
    for row in rows {
        statement.values_panic(row.clone());
    }
    db.execute(db.get_database_backend().build(&statement)).await.unwrap();
}

const ENTITIES: [&str; 10] = [
    "shift",
    "edit_request",
    "time_off_request",
    "pto_balance",
    "person",
    "hr_record",
    "policy",
    "holiday",
    "time_settings",
    "sign_in",
];

async fn audit_page(label: &str, db: &DatabaseConnection, company: kernel::CompanyId, people: &[kernel::UserId]) {
    let started = Instant::now();
    let now = Utc::now();
    let actors: Vec<i64> = (1..=6).map(|i| people[people.len() - i].0).collect();
    let changes = r#"[{"field":"start","before":"2026-11-02T14:00:00Z","after":"2026-11-02T13:30:00Z"}]"#;
    let columns = [
        "company_id",
        "occurred_at",
        "actor_id",
        "subject_id",
        "entity",
        "entity_id",
        "action",
        "changes",
        "ip",
        "client",
    ];
    let mut batch = Vec::with_capacity(500);
    for i in 0..ENTRIES {
        // A year, oldest first, about 32 seconds apart.
        let at = now - Days::seconds(((ENTRIES - i) as i64) * 31);
        let entity = ENTITIES[i % ENTITIES.len()];
        let subject: SimpleExpr = if entity == "time_settings" {
            Option::<i64>::None.into()
        } else {
            people[(i * 7) % people.len()].0.into()
        };
        batch.push(vec![
            company.0.into(),
            at.into(),
            actors[i % actors.len()].into(),
            subject,
            entity.into(),
            (i as i64).to_string().into(),
            "updated".into(),
            changes.into(),
            "10.0.0.1".into(),
            "web".into(),
        ]);
        if batch.len() == 500 {
            insert(db, "audit_trail", &columns, &batch).await;
            batch.clear();
        }
    }
    if !batch.is_empty() {
        insert(db, "audit_trail", &columns, &batch).await;
    }
    if db.get_database_backend() == sea_orm::DatabaseBackend::Postgres {
        db.execute_unprepared("ANALYZE audit_trail").await.unwrap();
    } else {
        db.execute_unprepared("ANALYZE").await.unwrap();
    }
    println!("[{label}] wrote {ENTRIES} audit entries in {:.1} s", started.elapsed().as_secs_f64());

    let (base, _server) = support::serve(db.clone());
    let client = awc::Client::builder().timeout(Duration::from_secs(60)).finish();
    let admin = support::login(&client, &base, "admin@audit.example.com").await;
    let manager = support::login(&client, &base, "manager@audit.example.com").await;
    let month_start = (now - Days::days(200)).format("%Y-%m-%d");
    let month_end = (now - Days::days(170)).format("%Y-%m-%d");
    let person = people[21].0;
    let filters = [
        ("everything", String::new(), &admin),
        ("one person", format!("?person={person}"), &admin),
        ("one actor", format!("?actor={}", actors[0]), &admin),
        ("one entity (hr_record)", "?entity=hr_record".to_owned(), &admin),
        ("a month, half a year ago", format!("?from={month_start}&to={month_end}"), &admin),
        ("a person and an entity", format!("?person={person}&entity=shift"), &admin),
        ("a manager's reach (10 people)", String::new(), &manager),
    ];
    for (name, query, token) in filters {
        let mut samples = Vec::with_capacity(PAGE_REQUESTS);
        let mut shown = 0;
        for _ in 0..PAGE_REQUESTS {
            let sent = Instant::now();
            let mut response =
                client.get(format!("{base}/server/v1/audit{query}")).bearer_auth(token).send().await.unwrap();
            assert!(response.status().is_success(), "{name}: {}", response.status());
            let body: Value = response.json().limit(8 << 20).await.unwrap();
            samples.push(sent.elapsed());
            shown = body["entries"].as_array().map(Vec::len).unwrap_or_default();
        }
        samples.sort();
        println!(
            "[{label}] audit page, {name:<32} {shown:>3} entries  p50 {:>6.2} ms  p95 {:>6.2} ms",
            support::percentile(&samples, 0.50),
            support::percentile(&samples, 0.95)
        );
    }
}

async fn run(label: &str) {
    let (url, cleanup) = support::database(label).await;
    let db = gateway::db::connect(&url).await.unwrap();
    gateway::db::migrate(&db).await.unwrap();
    let (company, people) = company(&db).await;
    edits(label, &db, company, &people).await;
    if std::env::var("BENCH_ONLY").as_deref() != Ok("edits") {
        audit_page(label, &db, company, &people).await;
    }
    drop(db);
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
