//! Many writers at once (issue 35, finding 0): four companies' admins, managers and employees
//! writing together, eight requests in flight at any time, across every family of writes —
//! people, settings, PTO types, HR settings, timesheet edits, time-off requests and their
//! answers, work locations and kiosks. On SQLite a transaction that began as a reader used to fail at once with "database
//! is locked" when another writer got there first; every call must now succeed, and every write
//! must be there afterwards.

use crate::helpers::{spawn_app, unique_email, TestApp};
use crate::pto_requests::{full_days, monday_ahead, setup, Setup};
use chrono::Duration;
use futures_util::StreamExt;
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{json, Value};

/// One call to make: who, where, what.
struct Call {
    token: String,
    path: String,
    body: Value,
}

fn call(token: &str, path: &str, body: Value) -> Call {
    Call { token: token.to_owned(), path: path.to_owned(), body }
}

async fn count(app: &TestApp, sql: &str, company_id: i64) -> i64 {
    let backend = app.db.get_database_backend();
    let sql = sql.replace("$1", &company_id.to_string());
    let row = app.db.query_one(Statement::from_string(backend, sql)).await.unwrap().unwrap();
    row.try_get_by_index::<i64>(0).unwrap()
}

/// The calls of one company: every family of writes, several of each.
async fn calls_of(app: &TestApp, s: &Setup, tag: usize) -> Vec<Call> {
    let monday = monday_ahead();
    // Two requests filed before, answered during the run.
    let mut pending = Vec::new();
    for week in [3, 4] {
        let day = monday + Duration::days(7 * week);
        let filed = app.post_as(&s.employee, "/server/v1/pto/request", full_days(s, day, day)).await;
        assert_eq!(filed.status, 200, "{:?}", filed.body);
        pending.push(filed.body["id"].as_i64().unwrap());
    }
    let mut calls = Vec::new();
    for n in 0..4 {
        calls.push(call(
            &s.admin,
            "/server/v1/manage/add-user",
            json!({"firstname": format!("Writer{n}"), "lastname": format!("Co{tag}"), "email": unique_email("writer")}),
        ));
    }
    for n in 0..2 {
        calls.push(call(&s.admin, "/server/v1/settings/update-pto-type", json!({"name": format!("Type {tag}-{n}")})));
        calls.push(call(
            &s.admin,
            "/server/v1/settings/update-event-type",
            json!({"name": format!("Event {tag}-{n}")}),
        ));
    }
    calls.push(call(&s.admin, "/server/v1/settings/update", json!({"dayStartAt": "06:00"})));
    // Overtime rules: two admins saving the same date at once, and another date.
    let tomorrow = chrono::Utc::now().date_naive() + Duration::days(2);
    for (offset, jurisdiction) in [(0, "us-ca"), (0, "us-co"), (7, "us-ak")] {
        let from = (tomorrow + Duration::days(offset)).format("%Y-%m-%d").to_string();
        calls.push(call(
            &s.admin,
            "/server/v1/settings/update-overtime",
            json!({"effectiveFrom": from, "jurisdiction": jurisdiction}),
        ));
    }
    for day in 5..8 {
        calls.push(call(
            &s.admin,
            "/server/v1/timesheet/edit",
            json!({"employeeId": s.employee_id, "start": format!("2026-10-0{day} 09:00:00"),
                   "end": format!("2026-10-0{day} 17:00:00"), "breaks": []}),
        ));
    }
    for week in 0..3 {
        let day = monday + Duration::days(7 * week);
        calls.push(call(&s.employee, "/server/v1/pto/request", full_days(s, day, day)));
    }
    for id in pending {
        calls.push(call(&s.manager, "/server/v1/pto/approve-timeoff", json!({"request": id})));
    }
    // Work locations, who is held to them, a kiosk and a PIN (issue 40).
    let office = app.post_as(&s.admin, "/server/v1/locations/save", json!({"name": format!("Office {tag}")})).await;
    let office = office.body["id"].as_i64().unwrap();
    for n in 0..2 {
        calls.push(call(
            &s.admin,
            "/server/v1/locations/save",
            json!({"name": format!("Site {tag}-{n}"), "latitude": 40, "longitude": -75, "ipAllow": ["10.0.0.0/8"]}),
        ));
    }
    calls.push(call(&s.admin, &format!("/server/v1/locations/people?id={office}"), json!({"add": [s.employee_id]})));
    calls.push(call(&s.admin, "/server/v1/kiosks/register", json!({"name": "Tablet", "locationId": office})));
    calls.push(call(&s.employee, "/server/v1/clock/pin", json!({"pin": "4711"})));
    calls
}

#[actix_web::test]
async fn eight_writers_at_once_lose_nothing_and_fail_nothing() {
    let app = spawn_app().await;
    let mut companies = Vec::new();
    let mut calls = Vec::new();
    for tag in 0..4 {
        let s = setup(&app).await;
        let company_id = app.company_of(&s.admin_email).await.id.0;
        let users_before = count(&app, "SELECT COUNT(*) FROM users WHERE company_id = $1", company_id).await;
        let mut own = calls_of(&app, &s, tag).await;
        // Interleave the companies' calls so that all four write at once.
        calls.extend(own.drain(..).enumerate().map(|(n, call)| (n * 4 + tag, call)));
        companies.push((s, company_id, users_before));
    }
    calls.sort_by_key(|(order, _)| *order);
    let total = calls.len();
    let replies: Vec<(String, u16, Value)> = futures_util::stream::iter(calls)
        .map(|(_, call)| {
            let app = &app;
            async move {
                let reply = app.post_as(&call.token, &call.path, call.body).await;
                (call.path, reply.status, reply.body)
            }
        })
        .buffer_unordered(8)
        .collect()
        .await;
    assert_eq!(replies.len(), total);
    let failed: Vec<_> = replies.iter().filter(|(_, status, _)| *status >= 300).collect();
    assert!(failed.is_empty(), "{} of {total} calls failed: {failed:?}", failed.len());

    for (s, company_id, users_before) in &companies {
        let company_id = *company_id;
        let users = count(&app, "SELECT COUNT(*) FROM users WHERE company_id = $1", company_id).await;
        assert_eq!(users, users_before + 4, "people added");
        let requests = count(&app, "SELECT COUNT(*) FROM pto_requests WHERE company_id = $1", company_id).await;
        assert_eq!(requests, 5, "time-off requests filed");
        let approved =
            count(&app, "SELECT COUNT(*) FROM pto_requests WHERE company_id = $1 AND status = 1", company_id).await;
        assert_eq!(approved, 2, "time-off requests approved (the spec's 3)");
        let shifts =
            count(&app, &format!("SELECT COUNT(*) FROM time_entries WHERE employee_id = {}", s.employee_id), 0).await;
        assert_eq!(shifts, 3, "shifts added");
        let types = count(&app, "SELECT COUNT(*) FROM pto_types WHERE company_id = $1", company_id).await;
        assert_eq!(types, 3, "PTO types (Vacation and two more)");
        let versions = count(&app, "SELECT COUNT(*) FROM overtime_policies WHERE company_id = $1", company_id).await;
        assert_eq!(versions, 2, "overtime rules: one version per date");
        let locations = count(&app, "SELECT COUNT(*) FROM work_locations WHERE company_id = $1", company_id).await;
        assert_eq!(locations, 3, "work locations");
        let held = count(&app, "SELECT COUNT(*) FROM work_location_people WHERE company_id = $1", company_id).await;
        assert_eq!(held, 1, "people held to a location");
        let kiosks = count(&app, "SELECT COUNT(*) FROM kiosks WHERE company_id = $1", company_id).await;
        let pins = count(&app, "SELECT COUNT(*) FROM kiosk_pins WHERE company_id = $1", company_id).await;
        assert_eq!((kiosks, pins), (1, 1), "a kiosk and a PIN");
        let settings = app.get_as(&s.admin, "/server/v1/clock/status").await;
        assert_eq!(settings.body["dayStartAt"], "06:00");
    }
}
