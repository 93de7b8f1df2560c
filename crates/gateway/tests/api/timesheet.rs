//! Timesheets: the week, comments, edit requests and their approval, admin edits, pay cycles.

use crate::clock::company_with_employee;
use crate::helpers::{spawn_app, unique_email, Reply, TestApp};
use kernel::Role;
use serde_json::{json, Value};

/// Adds a shift through 'Add Shift' (times in the company's zone, America/Chicago).
async fn add_shift(app: &TestApp, token: &str, employee: i64, start: &str, end: &str, breaks: Value) -> Reply {
    app.post_as(
        token,
        "/server/v1/timesheet/edit",
        json!({"employeeId": employee, "start": start, "end": end, "breaks": breaks}),
    )
    .await
}

struct Team {
    admin: String,
    manager: String,
    manager_id: i64,
    report: String,
    report_id: i64,
    other: String,
    other_id: i64,
}

/// An admin, a manager, the manager's report and an employee reporting to nobody.
async fn team(app: &TestApp) -> Team {
    let admin_email = unique_email("admin");
    let admin = app.admin_of_new_company("Team Co", &admin_email).await;
    let company = app.company_of(&admin_email).await.id.0;
    let manager_email = unique_email("manager");
    let manager_id = app.add_person(company, &manager_email, Role::Manager, None).await;
    let report_email = unique_email("report");
    let report_id = app.add_person(company, &report_email, Role::Employee, Some(manager_id)).await;
    let other_email = unique_email("other");
    let other_id = app.add_person(company, &other_email, Role::Employee, None).await;
    Team {
        admin,
        manager: app.token_of(&manager_email).await,
        manager_id,
        report: app.token_of(&report_email).await,
        report_id,
        other: app.token_of(&other_email).await,
        other_id,
    }
}

#[actix_web::test]
async fn the_week_lists_shifts_with_their_breaks_and_totals() {
    let app = spawn_app().await;
    let t = team(&app).await;
    let added = add_shift(
        &app,
        &t.admin,
        t.report_id,
        "2026-10-05 09:00:00",
        "2026-10-05 17:30:00",
        json!([["2026-10-05 12:00:00", "2026-10-05 12:30:00"]]),
    )
    .await;
    assert_eq!(added.status, 201, "{:?}", added.body);
    assert_eq!(added.body["totalmins"], 480);
    assert_eq!(added.body["duration"], "8:00");
    // A night shift belongs to the day it started.
    let night = add_shift(&app, &t.admin, t.report_id, "2026-10-10 22:00:00", "2026-10-11 06:00:00", json!([])).await;
    assert_eq!(night.body["day"], "2026-10-10");

    let week = app.get_as(&t.report, "/server/v1/timesheet/list?start=2026-10-04&end=2026-10-10").await;
    assert_eq!(week.status, 200, "{:?}", week.body);
    assert_eq!(week.body["totalCount"], 2);
    assert_eq!(week.body["employee"]["id"], t.report_id);
    let entries = week.body["entries"].as_array().unwrap();
    assert_eq!(entries[0]["start"], "2026-10-05T14:00:00Z");
    assert_eq!(entries[0]["breaks"][0]["from"], "2026-10-05T17:00:00Z");
    assert_eq!(entries[0]["entryStatus"], 0);
    let total: i64 = entries.iter().map(|e| e["totalmins"].as_i64().unwrap()).sum();
    assert_eq!(total, 480 + 480);
    // The next week does not show the night shift although it ended then.
    let next = app.get_as(&t.report, "/server/v1/timesheet/list?start=2026-10-11&end=2026-10-17").await;
    assert_eq!(next.body["totalCount"], 0);
    // Paging: ten a page.
    let paged = app.get_as(&t.report, "/server/v1/timesheet/list?start=2026-10-04&end=2026-10-10&page=2").await;
    assert_eq!((paged.body["totalCount"].as_i64(), paged.body["entries"].as_array().unwrap().len()), (Some(2), 0));

    let reply = app.get_as(&t.report, "/server/v1/timesheet/list?start=2026-10-10&end=2026-10-04").await;
    assert_eq!(reply.status, 400);
    let reply = app.get_as(&t.report, "/server/v1/timesheet/list?start=2026-01-01&end=2026-12-31").await;
    assert_eq!(reply.status, 400);
    assert_eq!(app.get_as(&t.report, "/server/v1/timesheet/list?start=nope&end=2026-10-10").await.status, 400);
}

#[actix_web::test]
async fn who_sees_whose_timesheet() {
    let app = spawn_app().await;
    let t = team(&app).await;
    let shift = add_shift(&app, &t.admin, t.report_id, "2026-10-05 09:00:00", "2026-10-05 17:00:00", json!([])).await;
    let id = shift.body["id"].as_i64().unwrap();
    let week =
        |employee: i64| format!("/server/v1/timesheet/list?start=2026-10-04&end=2026-10-10&employeeId={employee}");
    assert_eq!(app.get_as(&t.manager, &week(t.report_id)).await.status, 200);
    assert_eq!(app.get_as(&t.manager, &week(t.other_id)).await.status, 404);
    assert_eq!(app.get_as(&t.other, &week(t.report_id)).await.status, 404);
    assert_eq!(app.get_as(&t.other, &format!("/server/v1/timesheet/details?ts={id}")).await.status, 404);
    assert_eq!(app.get_as(&t.manager, &format!("/server/v1/timesheet/details?ts={id}")).await.status, 200);
    // Managers add shifts for their reports only; employees add none.
    assert_eq!(
        add_shift(&app, &t.manager, t.report_id, "2026-10-06 09:00:00", "2026-10-06 17:00:00", json!([])).await.status,
        201
    );
    assert_eq!(
        add_shift(&app, &t.manager, t.other_id, "2026-10-06 09:00:00", "2026-10-06 17:00:00", json!([])).await.status,
        404
    );
    assert_eq!(
        add_shift(&app, &t.report, t.report_id, "2026-10-07 09:00:00", "2026-10-07 17:00:00", json!([])).await.status,
        403
    );
    // Only admins edit directly and delete.
    let edit = json!({"trackingNumber": id, "start": "2026-10-05 08:00:00", "end": "2026-10-05 17:00:00"});
    assert_eq!(app.post_as(&t.manager, "/server/v1/timesheet/edit", edit.clone()).await.status, 403);
    assert_eq!(app.post_as(&t.manager, &format!("/server/v1/timesheet/remove?ts={id}"), json!({})).await.status, 403);
    assert_eq!(app.post_as(&t.report, &format!("/server/v1/timesheet/remove?ts={id}"), json!({})).await.status, 403);
    assert_eq!(app.post_as(&t.admin, "/server/v1/timesheet/edit", edit).await.status, 200);
    assert_eq!(app.post_as(&t.admin, &format!("/server/v1/timesheet/remove?ts={id}"), json!({})).await.status, 204);
    assert_eq!(app.get_as(&t.admin, &format!("/server/v1/timesheet/details?ts={id}")).await.status, 404);
    let _ = t.manager_id;
}

#[actix_web::test]
async fn comments_need_content() {
    let app = spawn_app().await;
    let (_, token, _) = company_with_employee(&app).await;
    let tracking = app.post_as(&token, "/server/v1/clock/start", json!({})).await.body["trackingNumber"].clone();
    let reply =
        app.post_as(&token, "/server/v1/timesheet/add-comment", json!({"entryId": tracking, "comment": "   "})).await;
    assert_eq!(reply.field("comment"), ["Please input the Comment content"]);
    let reply = app
        .post_as(
            &token,
            "/server/v1/timesheet/add-comment",
            json!({"entryId": tracking, "comment": "Forgot to clock out for lunch"}),
        )
        .await;
    assert_eq!(reply.status, 201);
    let comments = app.get_as(&token, &format!("/server/v1/timesheet/comments?ts={tracking}")).await;
    assert_eq!(comments.body["comments"][0]["comment"], "Forgot to clock out for lunch");
    assert_eq!(comments.body["comments"][0]["firstname"], "Test");
}

#[actix_web::test]
async fn an_edit_request_is_approved_with_its_change_history() {
    let app = spawn_app().await;
    let t = team(&app).await;
    let shift = add_shift(
        &app,
        &t.admin,
        t.report_id,
        "2026-10-05 09:00:00",
        "2026-10-05 17:00:00",
        json!([["2026-10-05 12:00:00", "2026-10-05 13:00:00"]]),
    )
    .await;
    let id = shift.body["id"].as_i64().unwrap();

    let reply = app
        .post_as(&t.report, "/server/v1/timesheet/edit-request", json!({"trackingNumber": id, "changeType": "inout"}))
        .await;
    assert_eq!(reply.field("start"), ["Please input the Clock in"]);
    assert_eq!(reply.field("end"), ["Please input the Clock out"]);
    assert_eq!(reply.field("comment"), ["Please input the Reason"]);
    let reply = app
        .post_as(
            &t.report,
            "/server/v1/timesheet/edit-request",
            json!({"trackingNumber": id, "changeType": "out", "end": "2026-10-05 08:00:00", "comment": "x"}),
        )
        .await;
    assert_eq!(reply.field("end"), ["The clock out must be after the clock in"]);

    let request = app
        .post_as(
            &t.report,
            "/server/v1/timesheet/edit-request",
            json!({"trackingNumber": id, "changeType": "out", "end": "2026-10-05 18:00:00", "comment": "Stayed late for a client",
                   "boptype": "REPLACE", "breaks": [["2026-10-05 12:00:00", "2026-10-05 12:30:00"]]}),
        )
        .await;
    assert_eq!(request.status, 201, "{:?}", request.body);
    assert_eq!(request.body["status"], 0);
    assert_eq!(request.body["payload"]["boptype"], "REPLACE");
    let req_id = request.body["id"].as_i64().unwrap();
    let again = app
        .post_as(
            &t.report,
            "/server/v1/timesheet/edit-request",
            json!({"trackingNumber": id, "changeType": "out", "end": "2026-10-05 18:30:00", "comment": "y"}),
        )
        .await;
    assert_eq!((again.status, again.code()), (409, "conflict"));
    let details = app.get_as(&t.report, &format!("/server/v1/timesheet/details?ts={id}")).await;
    assert_eq!(details.body["entryStatus"], 2, "Pending Approval");

    // The employee cannot approve; the other employee cannot even see it.
    assert_eq!(
        app.post_as(&t.report, "/server/v1/timesheet/edit-request-approve", json!({"reqId": req_id})).await.status,
        403
    );
    assert_eq!(
        app.post_as(&t.other, "/server/v1/timesheet/edit-request-cancel?reqId=".to_owned().as_str(), json!({}))
            .await
            .status,
        400
    );
    assert_eq!(
        app.post_as(&t.other, &format!("/server/v1/timesheet/edit-request-cancel?reqId={req_id}"), json!({}))
            .await
            .status,
        404
    );

    let approved = app.post_as(&t.manager, "/server/v1/timesheet/edit-request-approve", json!({"reqId": req_id})).await;
    assert_eq!(approved.status, 200, "{:?}", approved.body);
    assert_eq!(approved.body["end"], "2026-10-05T23:00:00Z");
    assert_eq!(approved.body["totalmins"], 9 * 60 - 30);
    assert_eq!(approved.body["entryStatus"], 0);
    let twice = app.post_as(&t.admin, "/server/v1/timesheet/edit-request-approve", json!({"reqId": req_id})).await;
    assert_eq!((twice.status, twice.code()), (409, "conflict"));

    let changes = app.get_as(&t.report, &format!("/server/v1/timesheet/changes?ts={id}")).await;
    let fields: Vec<(&str, &str)> = changes.body["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["changeField"].as_str().unwrap(), c["changeValue"].as_str().unwrap_or("-")))
        .collect();
    assert!(fields.contains(&("end", "2026-10-05T23:00:00Z")), "{fields:?}");
    assert!(fields.contains(&("resume", "2026-10-05T17:30:00Z")), "{fields:?}");
    let last = changes.body["changes"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["firstname"], "Test");
    let requests = app.get_as(&t.report, &format!("/server/v1/timesheet/requests?ts={id}")).await;
    assert_eq!(requests.body["requests"][0]["status"], 1);
    assert!(requests.body["requests"][0]["actorLastname"].is_string());
}

#[actix_web::test]
async fn requests_are_rejected_with_a_reason_or_canceled_by_their_author() {
    let app = spawn_app().await;
    let t = team(&app).await;
    let shift = add_shift(&app, &t.admin, t.report_id, "2026-10-05 09:00:00", "2026-10-05 17:00:00", json!([])).await;
    let id = shift.body["id"].as_i64().unwrap();
    let body =
        json!({"trackingNumber": id, "changeType": "in", "start": "2026-10-05 08:30:00", "comment": "Early start"});
    let req_id =
        app.post_as(&t.report, "/server/v1/timesheet/edit-request", body.clone()).await.body["id"].as_i64().unwrap();
    let reply = app
        .post_as(&t.manager, "/server/v1/timesheet/edit-request-reject", json!({"reqId": req_id, "comment": " "}))
        .await;
    assert_eq!(reply.field("comment"), ["Please input the reason of the rejection"]);
    let reply = app
        .post_as(
            &t.manager,
            "/server/v1/timesheet/edit-request-reject",
            json!({"reqId": req_id, "comment": "Not approved overtime"}),
        )
        .await;
    assert_eq!(reply.body["status"], 2);
    assert_eq!(reply.body["actComments"], "Not approved overtime");
    assert_eq!(
        app.get_as(&t.report, &format!("/server/v1/timesheet/details?ts={id}")).await.body["start"],
        "2026-10-05T14:00:00Z"
    );

    let req_id = app.post_as(&t.report, "/server/v1/timesheet/edit-request", body).await.body["id"].as_i64().unwrap();
    assert_eq!(
        app.post_as(&t.manager, &format!("/server/v1/timesheet/edit-request-cancel?reqId={req_id}"), json!({}))
            .await
            .status,
        403
    );
    let reply =
        app.post_as(&t.report, &format!("/server/v1/timesheet/edit-request-cancel?reqId={req_id}"), json!({})).await;
    assert_eq!(reply.body["status"], 3);

    // A manager's own request goes to an admin.
    let own = add_shift(&app, &t.admin, t.manager_id, "2026-10-06 09:00:00", "2026-10-06 17:00:00", json!([])).await;
    let own_id = own.body["id"].as_i64().unwrap();
    let own_req = app
        .post_as(
            &t.manager,
            "/server/v1/timesheet/edit-request",
            json!({"trackingNumber": own_id, "changeType": "out", "end": "2026-10-06 17:30:00", "comment": "late"}),
        )
        .await
        .body["id"]
        .as_i64()
        .unwrap();
    assert_eq!(
        app.post_as(&t.manager, "/server/v1/timesheet/edit-request-approve", json!({"reqId": own_req})).await.status,
        403
    );
    assert_eq!(
        app.post_as(&t.admin, "/server/v1/timesheet/edit-request-approve", json!({"reqId": own_req})).await.status,
        200
    );
}

#[actix_web::test]
async fn edits_keep_the_payroll_rules() {
    let app = spawn_app().await;
    let t = team(&app).await;
    let first = add_shift(&app, &t.admin, t.report_id, "2026-10-05 09:00:00", "2026-10-05 13:00:00", json!([])).await;
    let reply = add_shift(&app, &t.admin, t.report_id, "2026-10-05 12:00:00", "2026-10-05 18:00:00", json!([])).await;
    assert_eq!(reply.field("start"), ["This shift overlaps another shift"]);
    let reply = add_shift(
        &app,
        &t.admin,
        t.report_id,
        "2026-10-05 14:00:00",
        "2026-10-05 18:00:00",
        json!([["2026-10-05 17:30:00", "2026-10-05 18:30:00"]]),
    )
    .await;
    assert_eq!(reply.field("breaks"), ["Breaks must be inside the shift"]);
    let reply = add_shift(&app, &t.admin, t.report_id, "2026-10-05 14:00:00", "2026-10-05 13:59:00", json!([])).await;
    assert_eq!(reply.field("end"), ["The clock out must be after the clock in"]);
    let reply = app.post_as(&t.admin, "/server/v1/timesheet/edit", json!({"employeeId": t.report_id})).await;
    assert_eq!(reply.field("start"), ["Please input the Clock in"]);
    assert_eq!(reply.field("end"), ["Please input the Clock out"]);
    let reply = add_shift(&app, &t.admin, t.report_id, "2026-03-08 02:30:00", "2026-03-08 09:00:00", json!([])).await;
    assert_eq!(reply.field("start"), ["This time does not exist that day: the clocks change"]);
    let id = first.body["id"].as_i64().unwrap();
    // A failed edit changes nothing.
    let reply = app
        .post_as(&t.admin, "/server/v1/timesheet/edit", json!({"trackingNumber": id, "start": "2026-10-05 14:00:00"}))
        .await;
    assert_eq!(reply.field("end"), ["The clock out must be after the clock in"]);
    let details = app.get_as(&t.admin, &format!("/server/v1/timesheet/details?ts={id}")).await;
    assert_eq!(details.body["start"], "2026-10-05T14:00:00Z");
    // The admin form may come as a form post with the breaks as JSON text.
    let form = format!(
        "trackingNumber={id}&employeeId={}&start=2026-10-05+08%3A00%3A00&end=2026-10-05+13%3A00%3A00&breaks=%5B%5B%222026-10-05+10%3A00%3A00%22%2C%222026-10-05+10%3A15%3A00%22%5D%5D",
        t.report_id
    );
    let response = app
        .client
        .post(app.url("/server/v1/timesheet/edit"))
        .bearer_auth(&t.admin)
        .insert_header(("content-type", "application/x-www-form-urlencoded"))
        .send_body(form)
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let details = app.get_as(&t.admin, &format!("/server/v1/timesheet/details?ts={id}")).await;
    assert_eq!(details.body["totalmins"], 5 * 60 - 15);
}

#[actix_web::test]
async fn shifts_across_daylight_saving_count_real_minutes() {
    let app = spawn_app().await;
    let t = team(&app).await;
    // Chicago springs forward at 02:00 on 2026-03-08: 22:00 to 06:00 is seven real hours.
    let spring = add_shift(&app, &t.admin, t.report_id, "2026-03-07 22:00:00", "2026-03-08 06:00:00", json!([])).await;
    assert_eq!(spring.body["totalmins"], 7 * 60);
    // And falls back at 02:00 on 2026-11-01: nine real hours.
    let fall = add_shift(&app, &t.admin, t.report_id, "2026-10-31 22:00:00", "2026-11-01 06:00:00", json!([])).await;
    assert_eq!(fall.body["totalmins"], 9 * 60);
    let week = app.get_as(&t.report, "/server/v1/timesheet/list?start=2026-11-01&end=2026-11-07").await;
    assert_eq!(week.body["totalCount"], 0, "the fall-back shift belongs to Saturday's week");
    let week = app.get_as(&t.report, "/server/v1/timesheet/list?start=2026-10-25&end=2026-10-31").await;
    assert_eq!(week.body["entries"][0]["totalmins"], 9 * 60);
}

#[actix_web::test]
async fn overtime_is_what_a_week_works_above_the_threshold() {
    let app = spawn_app().await;
    let t = team(&app).await;
    // Monday to Friday, nine hours a day: 2,700 minutes, 300 of them overtime.
    for day in 5..=9 {
        let reply = add_shift(
            &app,
            &t.admin,
            t.report_id,
            &format!("2026-10-{day:02} 08:00:00"),
            &format!("2026-10-{day:02} 17:00:00"),
            json!([]),
        )
        .await;
        assert_eq!(reply.status, 201);
    }
    let url = format!(
        "/server/v1/timesheet/paycycle-overtime-hours?v=1&start=2026-10-04&end=2026-10-10&employeeId={}",
        t.report_id
    );
    let overtime = app.get_as(&t.manager, &url).await;
    assert_eq!(overtime.status, 200, "{:?}", overtime.body);
    assert_eq!(overtime.body["thresholdMinutes"], 2400);
    assert_eq!(overtime.body["totalOvertimeMinutes"], 300);
    assert_eq!(overtime.body["weeks"][0]["minutes"], 2700);
    // A lower threshold counts more.
    app.post_as(&t.admin, "/server/v1/settings/update", json!({"weeklyOvertimeMinutes": 2100})).await;
    assert_eq!(app.get_as(&t.manager, &url).await.body["totalOvertimeMinutes"], 600);
    // A range ending mid-week counts only the overtime worked inside it (Friday's).
    let url = format!(
        "/server/v1/timesheet/paycycle-overtime-hours?v=1&start=2026-10-04&end=2026-10-08&employeeId={}",
        t.report_id
    );
    assert_eq!(app.get_as(&t.manager, &url).await.body["totalOvertimeMinutes"], 60);

    let hours = app.get_as(&t.report, "/server/v1/timesheet/paycycle-clocked-hours").await;
    assert_eq!(hours.status, 200);
    assert!(hours.body["payCycleStart"].is_string());
    assert_eq!(
        app.get_as(&t.other, &format!("/server/v1/timesheet/paycycle-clocked-hours?employeeId={}", t.report_id))
            .await
            .status,
        404
    );
}

#[actix_web::test]
async fn the_employee_picker_lists_the_callers_people() {
    let app = spawn_app().await;
    let t = team(&app).await;
    let all = app.get_as(&t.admin, "/server/v1/manage/employees").await;
    assert_eq!(all.body["totalCount"], 4);
    let mine = app.get_as(&t.manager, "/server/v1/manage/employees?order=3").await;
    let ids: Vec<i64> = mine.body["employees"].as_array().unwrap().iter().map(|e| e["id"].as_i64().unwrap()).collect();
    assert_eq!(ids.len(), 2);
    assert!(ids.contains(&t.report_id) && ids.contains(&t.manager_id));
    let found = app.get_as(&t.admin, "/server/v1/manage/employees?q=MANAG").await;
    assert_eq!(found.body["totalCount"], 1);
    assert_eq!(app.get_as(&t.report, "/server/v1/manage/employees").await.status, 403);
}

/// Each person's week totals as the database keeps them, and as the shifts sum up: the same,
/// ignoring weeks whose shifts are all gone (their total is 0).
async fn weeks_add_up(app: &TestApp) {
    use clock::entities::{time_entries, weekly_worked_minutes};
    use sea_orm::{EntityTrait, QueryFilter};
    use std::collections::BTreeMap;
    let kept: BTreeMap<_, i64> = weekly_worked_minutes::Entity::find()
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .filter(|week| week.minutes != 0)
        .map(|week| ((week.company_id, week.employee_id, week.work_week), week.minutes))
        .collect();
    let mut summed: BTreeMap<_, i64> = BTreeMap::new();
    for shift in time_entries::Entity::find()
        .filter(sea_orm::ColumnTrait::is_not_null(&time_entries::Column::WorkedMinutes))
        .all(&app.db)
        .await
        .unwrap()
    {
        let week = shift.work_week.expect("a summed shift has its week");
        *summed.entry((shift.company_id, shift.employee_id, week)).or_default() +=
            i64::from(shift.worked_minutes.unwrap());
    }
    summed.retain(|_, minutes| *minutes != 0);
    assert_eq!(kept, summed);
}

/// The week totals that the clock card reads are kept by the database through every kind of
/// write of a shift: added, edited into another week, deleted, clocked; and the migration that
/// brings them fills them from the shifts already stored.
#[actix_web::test]
async fn the_database_keeps_each_weeks_minutes() {
    use migrations::{Migrator, MigratorTrait};
    let app = spawn_app().await;
    let t = team(&app).await;
    let monday = add_shift(&app, &t.admin, t.report_id, "2026-10-05 09:00:00", "2026-10-05 17:00:00", json!([])).await;
    let tuesday = add_shift(
        &app,
        &t.admin,
        t.report_id,
        "2026-10-06 09:00:00",
        "2026-10-06 17:00:00",
        json!([["2026-10-06 12:00:00", "2026-10-06 12:45:00"]]),
    )
    .await;
    add_shift(&app, &t.admin, t.other_id, "2026-10-12 09:00:00", "2026-10-12 10:00:00", json!([])).await;
    weeks_add_up(&app).await;
    // Into the next week, and shorter.
    let id = monday.body["id"].as_i64().unwrap();
    let edit = json!({"trackingNumber": id, "employeeId": t.report_id, "start": "2026-10-13 09:00:00",
        "end": "2026-10-13 11:00:00", "breaks": []});
    assert_eq!(app.post_as(&t.admin, "/server/v1/timesheet/edit", edit).await.status, 200);
    weeks_add_up(&app).await;
    let id = tuesday.body["id"].as_i64().unwrap();
    assert_eq!(app.post_as(&t.admin, &format!("/server/v1/timesheet/remove?ts={id}"), json!({})).await.status, 204);
    weeks_add_up(&app).await;
    // A shift clocked through, with a break.
    let mut tracking = Value::Null;
    for action in ["start", "take-break", "resume-from-break", "end"] {
        let reply =
            app.post_as(&t.other, &format!("/server/v1/clock/{action}?trackingNumber={tracking}"), json!({})).await;
        assert_eq!(reply.status, 200, "{:?}", reply.body);
        tracking = reply.body["trackingNumber"].clone();
    }
    weeks_add_up(&app).await;
    // Filled from the stored shifts when the table comes (undone with the migration after it).
    let migrating = crate::helpers::migrating_connection(&app);
    Migrator::down(&migrating, Some(crate::helpers::migrations_back_to("000009_weekly_minutes"))).await.unwrap();
    Migrator::up(&migrating, None).await.unwrap();
    weeks_add_up(&app).await;
    let weeks =
        <clock::entities::weekly_worked_minutes::Entity as sea_orm::EntityTrait>::find().all(&app.db).await.unwrap();
    assert!(
        weeks.iter().any(|week| week.employee_id == kernel::UserId(t.report_id) && week.minutes == 120),
        "{weeks:?}"
    );
    assert!(weeks.iter().any(|week| week.employee_id == kernel::UserId(t.other_id) && week.minutes == 60), "{weeks:?}");
}
