//! Issue 40, missed punches: a shift still open at the company's longest shift is closed
//! provisionally at its last known activity, marked, and the person and their manager are told;
//! its pay period's payroll file waits until a manager corrects it or accepts it as is.

use crate::helpers::TestApp;
use crate::pto_requests::setup;
use chrono::{DateTime, Duration, Utc};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{json, Value};

fn service(app: &TestApp) -> timesheet::TimesheetService {
    timesheet::TimesheetService::new(app.db.clone(), app.accounts.clone(), kernel::WriteGate::open())
}

async fn details(app: &TestApp, token: &str, entry: &Value) -> Value {
    let reply = app.get_as(token, &format!("/server/v1/timesheet/details?ts={entry}")).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    reply.body
}

/// Moves a running shift `hours` into the past (its start, breaks and presses).
async fn age(app: &TestApp, entry: &Value, hours: i64) {
    let backend = app.db.get_database_backend();
    let shift = |sql: String| Statement::from_string(backend, sql);
    let moved = |column: &str| match backend {
        sea_orm::DatabaseBackend::Postgres => format!("{column} - interval '{hours} hours'"),
        _ => format!("datetime({column}, '-{hours} hours')"),
    };
    for sql in [
        format!("UPDATE time_entries SET start_at = {} WHERE id = {entry}", moved("start_at")),
        format!("UPDATE time_entry_breaks SET start_at = {} WHERE entry_id = {entry}", moved("start_at")),
        format!("UPDATE time_entry_actions SET action_at = {} WHERE entry_id = {entry}", moved("action_at")),
    ] {
        app.db.execute(shift(sql)).await.unwrap();
    }
}

fn local(at: DateTime<Utc>) -> String {
    at.with_timezone(&chrono_tz::America::New_York).format("%Y-%m-%d %H:%M:%S").to_string()
}

#[actix_web::test]
async fn a_forgotten_clock_out_is_closed_at_the_longest_shift_and_the_manager_accepts_it() {
    let app = crate::helpers::spawn_app().await;
    let s = setup(&app).await;
    let refused = app.post_as(&s.admin, "/server/v1/settings/update", json!({"maxShiftMinutes": 100})).await;
    assert_eq!(refused.status, 400);
    assert!(refused.body["errors"]["maxShiftMinutes"].is_array());
    let data = app.get_as(&s.admin, "/server/v1/settings/data").await;
    assert_eq!(data.body["settings"]["maxShiftMinutes"], 840, "14 hours unless changed");

    let started = app.post_as(&s.employee, "/server/v1/clock/start", json!({})).await;
    let entry = started.body["trackingNumber"].clone();
    for action in ["take-break", "resume-from-break"] {
        let pressed =
            app.post_as(&s.employee, &format!("/server/v1/clock/{action}?trackingNumber={entry}"), json!({})).await;
        assert_eq!(pressed.status, 200);
    }
    age(&app, &entry, 3).await;
    let resumed_at: DateTime<Utc> =
        details(&app, &s.employee, &entry).await["breaks"][0]["to"].as_str().unwrap().parse().unwrap();

    let jobs = service(&app);
    assert_eq!(jobs.close_missed_punches(Utc::now() + Duration::hours(10)).await.unwrap().closed, 0, "13 h: not yet");
    // At 14 hours: closed at the last known activity (the end of the break), once, even with
    // two runs at the same time.
    let at = Utc::now() + Duration::hours(11) + Duration::minutes(1);
    let (a, b) = tokio::join!(jobs.close_missed_punches(at), jobs.close_missed_punches(at));
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!((a.closed + b.closed, a.queued + b.queued), (1, 2), "the person and their manager are told");
    let shift = details(&app, &s.employee, &entry).await;
    assert_eq!(shift["end"].as_str().unwrap().parse::<DateTime<Utc>>().unwrap(), resumed_at);
    assert_eq!((shift["missedPunch"].as_str(), shift["missedOpen"].as_bool()), (Some("clock_out"), Some(true)));
    assert_eq!(app.get_as(&s.employee, "/server/v1/clock/status").await.body["status"].as_i64(), Some(3));
    app.mail.wait_for(&s.employee_email, "Please send an edit request with the time you really stopped").await;
    app.mail.wait_for(&s.manager_email, "Correct it, or accept it as is, from the inbox").await;

    // The payroll file waits, and says for whom.
    let today = Utc::now().with_timezone(&chrono_tz::America::New_York).date_naive();
    let payroll = format!("/server/v1/report/payroll-export?date={today}");
    let waiting = app.get_as(&s.admin, &payroll).await;
    assert_eq!(waiting.status, 409, "{:?}", waiting.body);
    assert!(waiting.body["message"].as_str().unwrap().contains("Emma Brooks"), "{:?}", waiting.body);

    // The manager's list; nobody settles their own; the manager accepts it as is.
    let listed = app.get_as(&s.manager, "/server/v1/timesheet/missed").await;
    assert_eq!(listed.body["missed"].as_array().unwrap().len(), 1, "{:?}", listed.body);
    assert_eq!(listed.body["missed"][0]["text"], "missed clock-out");
    assert_eq!(app.get_as(&s.employee, "/server/v1/timesheet/missed").await.status, 403);
    let accepted = app.post_as(&s.manager, &format!("/server/v1/timesheet/missed-accept?ts={entry}"), json!({})).await;
    assert_eq!(accepted.status, 200, "{:?}", accepted.body);
    assert_eq!(accepted.body["missedOpen"], false);
    let again = app.post_as(&s.manager, &format!("/server/v1/timesheet/missed-accept?ts={entry}"), json!({})).await;
    assert_eq!(again.status, 409);
    assert!(app.get_as(&s.manager, "/server/v1/timesheet/missed").await.body["missed"].as_array().unwrap().is_empty());
    assert_eq!(app.get_as(&s.admin, &payroll).await.status, 200);
}

#[actix_web::test]
async fn a_break_never_ended_is_closed_where_it_began_and_a_correction_settles_it() {
    let app = crate::helpers::spawn_app().await;
    let s = setup(&app).await;
    app.post_as(&s.admin, "/server/v1/settings/update", json!({"maxShiftMinutes": 240})).await;
    let started = app.post_as(&s.employee, "/server/v1/clock/start", json!({})).await;
    let entry = started.body["trackingNumber"].clone();
    app.post_as(&s.employee, &format!("/server/v1/clock/take-break?trackingNumber={entry}"), json!({})).await;
    age(&app, &entry, 5).await;
    let run = service(&app).close_missed_punches(Utc::now()).await.unwrap();
    assert_eq!(run.closed, 1);
    let shift = details(&app, &s.manager, &entry).await;
    assert_eq!(shift["missedPunch"], "break_end");
    let break_start: DateTime<Utc> = shift["breaks"][0]["from"].as_str().unwrap().parse().unwrap();
    assert_eq!(shift["breaks"][0]["to"], shift["breaks"][0]["from"], "the break ends where it began");
    assert_eq!(shift["end"], shift["breaks"][0]["from"]);

    // An admin corrects it with the real times ('Edit Now'): settled.
    let start: DateTime<Utc> = shift["start"].as_str().unwrap().parse().unwrap();
    let corrected = app
        .post_as(
            &s.admin,
            "/server/v1/timesheet/edit",
            json!({"trackingNumber": entry, "employeeId": s.employee_id, "start": local(start),
                   "end": local(break_start + Duration::hours(2)),
                   "breaks": [[local(break_start), local(break_start + Duration::minutes(30))]]}),
        )
        .await;
    assert_eq!(corrected.status, 200, "{:?}", corrected.body);
    assert_eq!(
        (corrected.body["missedPunch"].as_str(), corrected.body["missedOpen"].as_bool()),
        (Some("break_end"), Some(false))
    );
    assert!(app.get_as(&s.manager, "/server/v1/timesheet/missed").await.body["missed"].as_array().unwrap().is_empty());
}

#[actix_web::test]
async fn a_manager_never_settles_their_own_missed_punch() {
    let app = crate::helpers::spawn_app().await;
    let s = setup(&app).await;
    let started = app.post_as(&s.manager, "/server/v1/clock/start", json!({})).await;
    let entry = started.body["trackingNumber"].clone();
    age(&app, &entry, 15).await;
    assert_eq!(service(&app).close_missed_punches(Utc::now()).await.unwrap().closed, 1);
    assert!(app.get_as(&s.manager, "/server/v1/timesheet/missed").await.body["missed"].as_array().unwrap().is_empty());
    let own = app.post_as(&s.manager, &format!("/server/v1/timesheet/missed-accept?ts={entry}"), json!({})).await;
    assert_eq!(own.status, 403);
    let listed = app.get_as(&s.admin, "/server/v1/timesheet/missed").await;
    assert_eq!(listed.body["missed"].as_array().unwrap().len(), 1);
    assert_eq!(
        app.post_as(&s.admin, &format!("/server/v1/timesheet/missed-accept?ts={entry}"), json!({})).await.status,
        200
    );
}

#[actix_web::test]
async fn a_person_still_clocked_in_after_their_usual_end_is_reminded_once() {
    let app = crate::helpers::spawn_app().await;
    let s = setup(&app).await;
    let refused = app.post_as(&s.admin, "/server/v1/settings/update", json!({"endReminderMinutes": 2})).await;
    assert_eq!(
        refused.body["errors"]["endReminderMinutes"][0],
        "Please enter between 5 and 720 minutes, or 0 for no reminder"
    );
    let started = app.post_as(&s.employee, "/server/v1/clock/start", json!({})).await;
    let entry = started.body["trackingNumber"].clone();
    age(&app, &entry, 9).await;
    let jobs = service(&app);
    // Off by default: nobody is reminded.
    assert_eq!(jobs.close_missed_punches(Utc::now()).await.unwrap().reminded, 0);
    let on = app.post_as(&s.admin, "/server/v1/settings/update", json!({"endReminderMinutes": 30})).await;
    assert_eq!(on.body["settings"]["endReminderMinutes"], 30, "{:?}", on.body);
    // No shift before this one: the usual day is 8 hours, so at 9 hours (30 minutes past it) the
    // person is reminded, once, even with two servers at once.
    let now = Utc::now();
    let (a, b) = tokio::join!(jobs.close_missed_punches(now), jobs.close_missed_punches(now));
    assert_eq!(a.unwrap().reminded + b.unwrap().reminded, 1);
    app.mail.wait_for(&s.employee_email, "If you have stopped working, clock out now").await;
    assert_eq!(jobs.close_missed_punches(now + Duration::minutes(5)).await.unwrap().reminded, 0, "once a shift");
    assert_eq!(app.get_as(&s.employee, "/server/v1/clock/status").await.body["status"], 1, "still clocked in");
}
