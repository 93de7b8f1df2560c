//! The team timesheet (issue 36): everyone the caller reaches × the days of a week or pay period,
//! totals equal to the per-person timesheets, what needs a look, and approving a period (a
//! recorded review the person sees; nobody approves their own).

use crate::helpers::{spawn_app, unique_email, Reply, TestApp};
use chrono::{Duration, Utc};
use clock::entities::time_entries;
use kernel::Role;
use sea_orm::{ActiveModelTrait, Set};
use serde_json::{json, Value};

fn ok(reply: Reply) -> Value {
    assert!(reply.status < 300, "{} {:?}", reply.status, reply.body);
    reply.body
}

struct Team {
    admin: String,
    manager: String,
    manager_id: i64,
    report: i64,
    report_email: String,
    second: i64,
    outsider: i64,
    company: i64,
}

async fn team(app: &TestApp) -> Team {
    let admin_email = unique_email("admin");
    let admin = app.admin_of_new_company("Team Co", &admin_email).await;
    let company = app.company_of(&admin_email).await.id.0;
    let manager_email = unique_email("manager");
    let manager_id = app.add_person(company, &manager_email, Role::Manager, None).await;
    let report_email = unique_email("report");
    let report = app.add_person(company, &report_email, Role::Employee, Some(manager_id)).await;
    let second = app.add_person(company, &unique_email("second"), Role::Employee, Some(manager_id)).await;
    let outsider = app.add_person(company, &unique_email("outsider"), Role::Employee, None).await;
    Team {
        manager: app.token_of(&manager_email).await,
        admin,
        manager_id,
        report,
        report_email,
        second,
        outsider,
        company,
    }
}

async fn shift(app: &TestApp, admin: &str, employee: i64, day: &str, from: &str, to: &str) {
    ok(app
        .post_as(
            admin,
            "/server/v1/timesheet/edit",
            json!({"employeeId": employee, "start": format!("{day} {from}"), "end": format!("{day} {to}")}),
        )
        .await);
}

/// The week of 4–10 October 2026: the report works 9 h Monday to Friday (45 h: 5 h over 40,
/// all on Friday), the second report 8 h on Tuesday, the outsider 4 h on Wednesday.
async fn worked_week(app: &TestApp, t: &Team) {
    for day in ["2026-10-05", "2026-10-06", "2026-10-07", "2026-10-08", "2026-10-09"] {
        shift(app, &t.admin, t.report, day, "08:00:00", "17:00:00").await;
    }
    shift(app, &t.admin, t.second, "2026-10-06", "09:00:00", "17:00:00").await;
    shift(app, &t.admin, t.outsider, "2026-10-07", "09:00:00", "13:00:00").await;
}

fn row(sheet: &Value, employee: i64) -> &Value {
    sheet["people"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["employeeId"] == employee)
        .unwrap_or_else(|| panic!("{employee} not in {sheet:?}"))
}

fn ids(sheet: &Value) -> Vec<i64> {
    let mut ids: Vec<i64> =
        sheet["people"].as_array().unwrap().iter().map(|row| row["employeeId"].as_i64().unwrap()).collect();
    ids.sort_unstable();
    ids
}

#[actix_web::test]
async fn a_manager_reads_the_team_week_with_the_per_person_totals() {
    let app = spawn_app().await;
    let t = team(&app).await;
    worked_week(&app, &t).await;
    let sheet = ok(app.get_as(&t.manager, "/server/v1/timesheet/team?date=2026-10-07").await);
    assert_eq!((sheet["start"].as_str(), sheet["end"].as_str()), (Some("2026-10-04"), Some("2026-10-10")));
    // The manager and their reports; not the outsider, not the admin.
    let mut reached = vec![t.manager_id, t.report, t.second];
    reached.sort_unstable();
    assert_eq!(ids(&sheet), reached);
    let report = row(&sheet, t.report);
    assert_eq!(report["days"].as_array().unwrap().len(), 7);
    assert_eq!((report["workedMinutes"].as_i64(), report["overtimeMinutes"].as_i64()), (Some(2700), Some(300)));
    assert_eq!(report["regularMinutes"], 2400);
    let friday = &report["days"][5];
    assert_eq!((friday["date"].as_str(), friday["overtimeMinutes"].as_i64()), (Some("2026-10-09"), Some(300)));
    assert_eq!(sheet["workedMinutes"], 2700 + 480);
    assert_eq!(sheet["days"][2]["workedMinutes"], 540 + 480);

    // The same minutes as the person's own timesheet of that week.
    let list = ok(app
        .get_as(
            &t.manager,
            &format!("/server/v1/timesheet/list?employeeId={}&start=2026-10-04&end=2026-10-10", t.report),
        )
        .await);
    let listed: i64 =
        list["entries"].as_array().unwrap().iter().map(|entry| entry["totalmins"].as_i64().unwrap()).sum();
    assert_eq!(listed, 2700);
    assert_eq!(row(&sheet, t.manager_id)["mayApprove"], false);
    assert_eq!(report["mayApprove"], true);

    // An admin reaches everyone; another period is asked for by a day in it.
    let all = ok(app.get_as(&t.admin, "/server/v1/timesheet/team?date=2026-10-10").await);
    assert!(ids(&all).contains(&t.outsider));
    assert_eq!(row(&all, t.outsider)["workedMinutes"], 240);
    let pay = ok(app.get_as(&t.admin, "/server/v1/timesheet/team?date=2026-10-07&span=payPeriod").await);
    assert!(pay["days"].as_array().unwrap().len() >= 7);
    // Bad input: one message per field.
    let bad = app.get_as(&t.admin, "/server/v1/timesheet/team?date=2026-10-07&span=month").await;
    assert_eq!(bad.status, 400, "{:?}", bad.body);
    assert!(bad.body["errors"]["span"].is_array(), "{:?}", bad.body);
    // An employee has no team view.
    let employee = app.token_of(&t.report_email).await;
    assert_eq!(app.get_as(&employee, "/server/v1/timesheet/team").await.status, 403);
}

#[actix_web::test]
async fn the_team_week_flags_a_missed_clock_out_and_waiting_requests() {
    let app = spawn_app().await;
    let t = team(&app).await;
    // The second report clocked in two days ago and never out.
    let start = Utc::now() - Duration::days(2);
    time_entries::ActiveModel {
        company_id: Set(kernel::CompanyId(t.company)),
        employee_id: Set(kernel::UserId(t.second)),
        start_at: Set(start),
        end_at: Set(None),
        state: Set(1),
        open_employee_id: Set(Some(kernel::UserId(t.second))),
        created_by: Set(kernel::UserId(t.second)),
        work_day: Set(None),
        work_week: Set(None),
        worked_minutes: Set(None),
        created_at: Set(start),
        updated_at: Set(start),
        ..Default::default()
    }
    .insert(&app.db)
    .await
    .unwrap();
    // The report asks to change a shift of last week.
    let day = (Utc::now() - Duration::days(8)).date_naive();
    shift(&app, &t.admin, t.report, &day.to_string(), "09:00:00", "17:00:00").await;
    let employee = app.token_of(&t.report_email).await;
    let listed = ok(app.get_as(&employee, &format!("/server/v1/timesheet/list?start={day}&end={day}")).await);
    let entry = listed["entries"][0]["id"].as_i64().unwrap();
    ok(app
        .post_as(
            &employee,
            "/server/v1/timesheet/edit-request",
            json!({"trackingNumber": entry, "changeType": "out", "end": format!("{day} 18:00:00"), "comment": "late"}),
        )
        .await);
    let sheet = ok(app.get_as(&t.manager, "/server/v1/timesheet/team").await);
    assert!(row(&sheet, t.second)["openShiftSince"].is_string(), "{sheet:?}");
    assert!(row(&sheet, t.report)["openShiftSince"].is_null());
    assert_eq!(row(&sheet, t.report)["pendingEdits"], 1);
    assert_eq!(row(&sheet, t.second)["pendingEdits"], 0);
}

#[actix_web::test]
async fn approving_a_week_is_recorded_once_shown_to_the_person_and_never_ones_own() {
    let app = spawn_app().await;
    let t = team(&app).await;
    worked_week(&app, &t).await;
    let approve = |token: &str, people: Vec<i64>| {
        let body = json!({"employeeIds": people, "date": "2026-10-06"});
        let token = token.to_owned();
        let app = &app;
        async move { app.post_as(&token, "/server/v1/timesheet/approve-period", body).await }
    };
    let approved = ok(approve(&t.manager, vec![t.report, t.second]).await);
    let reviews = approved["reviews"].as_array().unwrap();
    assert_eq!(reviews.len(), 2);
    assert!(reviews.iter().all(|review| review["reviewedBy"] == "Test Manager"), "{reviews:?}");
    assert_eq!((reviews[0]["start"].as_str(), reviews[0]["end"].as_str()), (Some("2026-10-04"), Some("2026-10-10")));

    // Approving again (another approver) keeps the first review.
    let again = ok(approve(&t.admin, vec![t.report]).await);
    assert_eq!(again["reviews"][0]["reviewedBy"], "Test Manager");
    // Nobody approves their own week; out of reach is the same as missing.
    let own = approve(&t.manager, vec![t.manager_id]).await;
    assert_eq!(own.status, 403, "{:?}", own.body);
    assert_eq!(own.body["message"], kernel::OWN_REQUEST_MESSAGE);
    assert_eq!(approve(&t.manager, vec![t.outsider]).await.status, 404);
    // Bad input names its fields.
    let bad =
        app.post_as(&t.manager, "/server/v1/timesheet/approve-period", json!({"employeeIds": [], "date": "x"})).await;
    assert_eq!(bad.status, 400);
    assert!(bad.body["errors"]["employeeIds"].is_array() && bad.body["errors"]["date"].is_array(), "{:?}", bad.body);

    // The team view and the person's own timesheet show it.
    let sheet = ok(app.get_as(&t.manager, "/server/v1/timesheet/team?date=2026-10-04").await);
    assert_eq!(row(&sheet, t.report)["review"]["reviewedBy"], "Test Manager");
    assert!(row(&sheet, t.manager_id)["review"].is_null());
    let employee = app.token_of(&t.report_email).await;
    let own_sheet = ok(app.get_as(&employee, "/server/v1/timesheet/list?start=2026-10-04&end=2026-10-10").await);
    assert_eq!(own_sheet["reviews"][0]["reviewedBy"], "Test Manager");
    let before = ok(app.get_as(&employee, "/server/v1/timesheet/list?start=2026-09-27&end=2026-10-03").await);
    assert_eq!(before["reviews"], json!([]));
}

#[actix_web::test]
async fn many_approvers_at_once_leave_one_review_each() {
    let app = spawn_app().await;
    let t = team(&app).await;
    let calls = (0..8).map(|n| {
        let token = if n % 2 == 0 { t.manager.clone() } else { t.admin.clone() };
        let body = json!({"employeeIds": [t.report, t.second], "date": "2026-10-06"});
        let app = &app;
        async move { app.post_as(&token, "/server/v1/timesheet/approve-period", body).await }
    });
    for reply in futures_util::future::join_all(calls).await {
        assert_eq!(reply.status, 200, "{:?}", reply.body);
        assert_eq!(reply.body["reviews"].as_array().unwrap().len(), 2);
    }
    let sheet = ok(app.get_as(&t.admin, "/server/v1/timesheet/team?date=2026-10-06").await);
    let first = row(&sheet, t.report)["review"].clone();
    assert!(first["reviewedBy"].is_string());
}
