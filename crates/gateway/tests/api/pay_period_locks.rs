//! Issue 40, locked pay periods: an admin closes an ended pay period; its hours then take no
//! direct change (shifts, time off, holidays, overtime rules), its payroll file stays what it
//! was, and late changes (an offline press, an approved edit request) are carried into the next
//! open period's file as adjustments, visible from both periods. Reopening takes an admin and a
//! reason, kept in the period's history.

use crate::helpers::{spawn_app, Reply, TestApp};
use crate::pto_requests::{full_days, setup, Setup};
use chrono::{Duration, NaiveDate, Utc};
use serde_json::{json, Value};

/// The reports as another server runs them (for the auto-close job).
fn reports_service(app: &TestApp) -> reports::Reports {
    let gate = kernel::WriteGate::open();
    let store = std::sync::Arc::new(files::LocalDirStore::new(std::env::temp_dir().join("timekeep-locks-test")));
    let files = files::Files::new(app.db.clone(), store);
    reports::Reports::new(
        timesheet::TimesheetService::new(app.db.clone(), app.accounts.clone(), gate.clone()),
        pto::Pto::new(app.db.clone(), app.accounts.clone(), gate.clone()),
        hr::Hr::new(app.db.clone(), app.accounts.clone(), files.clone(), gate.clone()),
        licensing::Licensing::new(app.db.clone(), app.accounts.clone(), files, gate.clone()),
        app.accounts.clone(),
        clock::periods::PeriodsService::new(app.db.clone(), gate),
        app.db.clone(),
    )
}

fn ok(reply: Reply) -> Value {
    assert!(reply.status < 300, "{} {:?}", reply.status, reply.body);
    reply.body
}

/// Weekly pay periods, the last of which ended yesterday: (its first day, its last day).
async fn weekly_ending_yesterday(app: &TestApp, s: &Setup) -> (NaiveDate, NaiveDate) {
    let today = Utc::now().with_timezone(&s.zone).date_naive();
    let start = today - Duration::days(7);
    ok(app
        .post_as(
            &s.admin,
            "/server/v1/settings/update",
            json!({"payCycle": "weekly", "payCycleAnchor": start.to_string()}),
        )
        .await);
    (start, today - Duration::days(1))
}

async fn add_shift(app: &TestApp, token: &str, employee: i64, day: NaiveDate, from: &str, to: &str) -> Reply {
    app.post_as(
        token,
        "/server/v1/timesheet/edit",
        json!({"employeeId": employee, "start": format!("{day} {from}"), "end": format!("{day} {to}"), "breaks": []}),
    )
    .await
}

async fn payroll(app: &TestApp, token: &str, (start, end): (NaiveDate, NaiveDate)) -> String {
    let (status, _, bytes) =
        app.get_bytes_as(token, &format!("/server/v1/report/payroll-export?start={start}&end={end}")).await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&bytes));
    String::from_utf8(bytes).unwrap()
}

/// The rows of a payroll CSV about `employee`, as (period start, regular hours, adjustment).
fn rows_of(csv: &str, employee: i64) -> Vec<(String, String, String)> {
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let header = reader.headers().unwrap().clone();
    let column = |name: &str| header.iter().position(|title| title == name).unwrap();
    reader
        .records()
        .map(Result::unwrap)
        .filter(|record| record[column("Employee ID")] == employee.to_string())
        .map(|record| {
            (
                record[column("Pay Period Start")].to_owned(),
                record[column("Regular Hours")].to_owned(),
                record[column("Adjustment")].to_owned(),
            )
        })
        .collect()
}

async fn close(app: &TestApp, token: &str, (start, end): (NaiveDate, NaiveDate)) -> Reply {
    app.post_as(token, "/server/v1/report/pay-periods/close", json!({"start": start, "end": end})).await
}

async fn reopen(app: &TestApp, token: &str, (start, end): (NaiveDate, NaiveDate), reason: &str) -> Reply {
    let body = json!({"start": start, "end": end, "reason": reason});
    app.post_as(token, "/server/v1/report/pay-periods/reopen", body).await
}

#[actix_web::test]
async fn a_closed_period_refuses_changes_keeps_its_file_and_reopens_with_a_reason() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let period = weekly_ending_yesterday(&app, &s).await;
    let (start, end) = period;
    let day = start + Duration::days(1);
    let shift = ok(add_shift(&app, &s.admin, s.employee_id, day, "09:00:00", "13:00:00").await);
    let entry = shift["id"].clone();

    // Only admins close, only ended periods, only whole periods.
    assert_eq!(close(&app, &s.manager, period).await.status, 403);
    let current = (end + Duration::days(1), end + Duration::days(7));
    let early = close(&app, &s.admin, current).await;
    assert_eq!((early.status, early.code()), (409, "conflict"), "{:?}", early.body);
    let half = close(&app, &s.admin, (start, end - Duration::days(1))).await;
    assert_eq!(half.status, 400);
    assert!(!half.field("end").is_empty());

    let before = payroll(&app, &s.admin, period).await;
    let closed = ok(close(&app, &s.admin, period).await);
    assert_eq!(closed["period"]["locked"], true);
    assert_eq!(closed["history"][0]["kind"], "closed");
    assert!(closed["history"][0]["by"].is_string(), "{closed}");
    assert_eq!(close(&app, &s.admin, period).await.status, 409, "closed already");
    let listed = ok(app.get_as(&s.manager, "/server/v1/report/pay-periods?count=3").await);
    let row =
        listed["payPeriods"].as_array().unwrap().iter().find(|p| p["start"] == start.to_string()).unwrap().clone();
    assert_eq!((row["locked"].as_bool(), row["closed"].as_bool()), (Some(true), Some(true)));
    // The manager, who does not reach the admin, still reads who closed it.
    assert_eq!(row["lockedBy"], closed["history"][0]["by"]);
    assert_ne!(row["lockedBy"], "Former user");

    // Direct changes to its days are refused, saying so; nothing changes.
    let refused = [
        add_shift(&app, &s.admin, s.employee_id, day + Duration::days(1), "09:00:00", "10:00:00").await,
        app.post_as(
            &s.admin,
            "/server/v1/timesheet/edit",
            json!({"trackingNumber": entry, "start": format!("{day} 08:00:00"), "end": format!("{day} 13:00:00")}),
        )
        .await,
        app.post_as(&s.admin, &format!("/server/v1/timesheet/remove?ts={entry}"), json!({})).await,
        app.post_as(&s.employee, "/server/v1/pto/request", full_days(&s, day, day)).await,
        app.post_as(&s.admin, "/server/v1/holiday/add", json!({"name": "Closed day", "holiday": day.to_string()}))
            .await,
    ];
    for reply in &refused {
        assert_eq!((reply.status, reply.code()), (409, "period_closed"), "{:?}", reply.body);
        assert!(reply.body["message"].as_str().unwrap().contains("is closed for payroll"), "{:?}", reply.body);
    }
    let rules = app
        .post_as(
            &s.admin,
            "/server/v1/settings/update-overtime",
            json!({"effectiveFrom": day.to_string(), "jurisdiction": "us-ca"}),
        )
        .await;
    assert_eq!(rules.status, 400, "{:?}", rules.body);
    assert!(rules.field("effectiveFrom")[0].contains("are closed for payroll"), "{:?}", rules.body);
    assert_eq!(payroll(&app, &s.admin, period).await, before, "the file is what it was");

    // Reopening: an admin's, with a reason.
    assert_eq!(reopen(&app, &s.manager, period, "Fix").await.status, 403);
    let missing = reopen(&app, &s.admin, period, "  ").await;
    assert_eq!(missing.field("reason"), ["Please say why the pay period is reopened"]);
    let reopened = ok(reopen(&app, &s.admin, period, "Emma's Tuesday was 5 hours").await);
    assert_eq!(reopened["period"]["locked"], false);
    let history = reopened["history"].as_array().unwrap();
    assert_eq!(history.len(), 2);
    assert_eq!(
        (history[1]["kind"].as_str(), history[1]["reason"].as_str()),
        (Some("reopened"), Some("Emma's Tuesday was 5 hours"))
    );
    // The company's audit trail has the close and the reopening, with its reason.
    let trail = ok(app.get_as(&s.admin, "/server/v1/audit?entity=time_settings").await);
    let periods: Vec<&Value> = trail["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|entry| entry["entityId"] == format!("pay-period-{}", period.0))
        .collect();
    assert_eq!(periods.len(), 2, "{trail}");
    let reason = periods[0]["changes"].as_array().unwrap().iter().find(|change| change["field"] == "reason").unwrap();
    assert_eq!(reason["after"], "Emma's Tuesday was 5 hours");
    assert!(periods[1]["changes"][0]["after"].as_str().unwrap().ends_with("closed"), "{trail}");
    ok(app
        .post_as(
            &s.admin,
            "/server/v1/timesheet/edit",
            json!({"trackingNumber": entry, "start": format!("{day} 08:00:00"), "end": format!("{day} 13:00:00")}),
        )
        .await);
    assert_eq!(rows_of(&payroll(&app, &s.admin, period).await, s.employee_id)[0].1, "5.00");
}

#[actix_web::test]
async fn late_changes_to_a_closed_period_are_paid_in_the_next_open_file() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let period = weekly_ending_yesterday(&app, &s).await;
    let (start, end) = period;
    let next = (end + Duration::days(1), end + Duration::days(7));
    let day = start + Duration::days(2);
    let shift = ok(add_shift(&app, &s.admin, s.employee_id, day, "09:00:00", "13:00:00").await);
    ok(close(&app, &s.admin, period).await);
    let stored = payroll(&app, &s.admin, period).await;
    assert_eq!(rows_of(&stored, s.employee_id), [(start.to_string(), "4.00".to_owned(), String::new())]);

    // The employee asks for a later clock-out; the manager approves it after the close.
    let asked = app
        .post_as(
            &s.employee,
            "/server/v1/timesheet/edit-request",
            json!({"trackingNumber": shift["id"], "changeType": "out", "end": format!("{day} 14:30:00"), "comment": "Stayed for a client"}),
        )
        .await;
    assert_eq!(asked.status, 201, "{:?}", asked.body);
    ok(app.post_as(&s.manager, "/server/v1/timesheet/edit-request-approve", json!({"reqId": asked.body["id"]})).await);
    // A press the phone made offline on the period's last day, sent now: applied, and late.
    let offline_day = end;
    let at = |hour: u32| {
        offline_day.and_hms_opt(hour, 0, 0).unwrap().and_local_timezone(s.zone).unwrap().with_timezone(&Utc)
    };
    let started = app
        .post_keyed_as(
            &s.employee,
            "late-1",
            "/server/v1/clock/offline-press",
            json!({"action": "start", "trackingNumber": null, "deviceTime": at(9).to_rfc3339(), "serverOffsetMs": 0}),
        )
        .await;
    assert_eq!((started.status, started.body["outcome"].as_str()), (200, Some("applied")), "{:?}", started.body);
    let tracking = started.body["status"]["trackingNumber"].clone();
    let ended = app
        .post_keyed_as(
            &s.employee,
            "late-2",
            "/server/v1/clock/offline-press",
            json!({"action": "end", "trackingNumber": tracking, "deviceTime": at(11).to_rfc3339(), "serverOffsetMs": 0}),
        )
        .await;
    assert_eq!((ended.status, ended.body["outcome"].as_str()), (200, Some("applied")), "{:?}", ended.body);

    // The closed period's file is the stored one, byte for byte.
    assert_eq!(payroll(&app, &s.admin, period).await, stored);
    // The next period's file pays the 3.5 late hours, dated with the closed period and marked.
    let open = payroll(&app, &s.admin, next).await;
    let rows = rows_of(&open, s.employee_id);
    assert_eq!(rows.len(), 2, "{open}");
    assert_eq!((rows[0].0.as_str(), rows[0].1.as_str(), rows[0].2.as_str()), (next.0.to_string().as_str(), "0.00", ""));
    assert_eq!((rows[1].0.as_str(), rows[1].1.as_str()), (start.to_string().as_str(), "3.50"));
    assert!(rows[1].2.contains("Late changes to the closed pay period"), "{:?}", rows[1]);
    // Both periods show it.
    let query =
        |period: (NaiveDate, NaiveDate)| format!("/server/v1/report/pay-period?start={}&end={}", period.0, period.1);
    let closed = ok(app.get_as(&s.manager, &query(period)).await);
    assert_eq!(closed["period"]["lateChanges"], true);
    let out = &closed["adjustmentsOut"][0];
    assert_eq!((out["totalHours"].as_str(), out["carried"].as_bool()), (Some("3.50"), Some(false)), "{closed}");
    assert_eq!(out["intoStart"], next.0.to_string());
    let into = ok(app.get_as(&s.admin, &query(next)).await);
    assert_eq!(into["adjustmentsIn"][0]["totalHours"], "3.50", "{into}");
    assert_eq!(into["adjustmentsIn"][0]["fromStart"], start.to_string());
}

#[actix_web::test]
async fn periods_close_by_themselves_when_the_company_says_so() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let refused = app.post_as(&s.admin, "/server/v1/settings/update", json!({"autoLockDays": 61})).await;
    assert!(!refused.field("autoLockDays").is_empty());
    let period = weekly_ending_yesterday(&app, &s).await;
    ok(app.post_as(&s.admin, "/server/v1/settings/update", json!({"autoLockDays": 1})).await);
    let settings = ok(app.get_as(&s.admin, "/server/v1/settings/data").await);
    assert_eq!(settings["settings"]["autoLockDays"], 1);
    let reports = reports_service(&app);
    // Two servers at once close it once.
    let now = Utc::now();
    let (a, b) = tokio::join!(reports.auto_close_pay_periods(now), reports.auto_close_pay_periods(now));
    let closed = a.unwrap().closed + b.unwrap().closed;
    assert_eq!(closed, reports::closing::job::CATCH_UP_PERIODS as u64, "the one that ended yesterday and those before");
    let detail =
        ok(app.get_as(&s.admin, &format!("/server/v1/report/pay-period?start={}&end={}", period.0, period.1)).await);
    assert_eq!(detail["period"]["locked"], true);
    assert_eq!(detail["period"]["lockedBy"], Value::Null, "closed by itself");
    let history = detail["history"].as_array().unwrap();
    assert_eq!(history.len(), 1, "once: {history:?}");
    assert_eq!(history[0]["kind"], "auto_closed");
    assert_eq!(reports.auto_close_pay_periods(now).await.unwrap().closed, 0, "nothing more to do");
}
