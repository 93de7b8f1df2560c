//! The dashboard and the inbox (issue 5): figures and requests of the people one oversees.

use crate::helpers::{spawn_app, unique_email, TestApp};
use chrono::{Duration, Utc};
use kernel::time::{local_date, week_start};
use kernel::Role;
use serde_json::json;

/// A shift of 8 hours for `employee` on `date` (company time), by the admin; its id.
async fn shift(app: &TestApp, admin: &str, employee: i64, date: &str) -> i64 {
    let reply = app
        .post_as(
            admin,
            "/server/v1/timesheet/edit",
            json!({ "employeeId": employee, "start": format!("{date} 09:00:00"), "end": format!("{date} 17:00:00") }),
        )
        .await;
    assert_eq!(reply.status, 201, "{:?}", reply.body);
    reply.body["id"].as_i64().unwrap()
}

async fn request_edit(app: &TestApp, token: &str, entry: i64, date: &str) -> i64 {
    let reply = app
        .post_as(
            token,
            "/server/v1/timesheet/edit-request",
            json!({ "trackingNumber": entry, "changeType": "in", "start": format!("{date} 08:30:00"), "comment": "came early" }),
        )
        .await;
    assert_eq!(reply.status, 201, "{:?}", reply.body);
    reply.body["id"].as_i64().unwrap()
}

#[actix_web::test]
async fn a_manager_sees_and_answers_only_their_peoples_requests() {
    let app = spawn_app().await;
    let admin_email = unique_email("admin");
    let admin = app.admin_of_new_company("Inbox Co", &admin_email).await;
    let company = app.company_of(&admin_email).await;
    let manager_email = unique_email("manager");
    let manager_id = app.add_person(company.id, &manager_email, Role::Manager, None).await;
    let manager = app.token_of(&manager_email).await;
    let report_email = unique_email("report");
    let report = app.add_person(company.id, &report_email, Role::Employee, Some(manager_id)).await;
    let other_email = unique_email("other");
    let other = app.add_person(company.id, &other_email, Role::Employee, None).await;
    // Two days ago, so the edit is in the past whatever the time of day.
    let tz = chrono_tz::America::Chicago;
    let date = (local_date(tz, Utc::now()) - Duration::days(2)).format("%Y-%m-%d").to_string();
    let mine =
        request_edit(&app, &app.token_of(&report_email).await, shift(&app, &admin, report, &date).await, &date).await;
    let theirs =
        request_edit(&app, &app.token_of(&other_email).await, shift(&app, &admin, other, &date).await, &date).await;

    let inbox = app.get_as(&manager, "/server/v1/inbox/data").await;
    assert_eq!(inbox.status, 200, "{:?}", inbox.body);
    let pending = &inbox.body["pending"]["timesheet"];
    assert_eq!(pending["count"], 1);
    assert_eq!(pending["rows"][0]["id"], mine);
    assert_eq!(pending["rows"][0]["name"], "Test Employee");
    assert_eq!(pending["rows"][0]["requestComments"], "came early");
    let payload: serde_json::Value = serde_json::from_str(pending["rows"][0]["payload"].as_str().unwrap()).unwrap();
    assert!(payload["start"].as_str().unwrap().starts_with(&date));
    assert_eq!(payload["boptype"], "NOCHANGE");
    let filter: Vec<i64> =
        inbox.body["employees"].as_array().unwrap().iter().map(|e| e["id"].as_i64().unwrap()).collect();
    assert!(filter.contains(&report) && filter.contains(&manager_id) && !filter.contains(&other));
    assert_eq!(app.get_as(&manager, "/server/v1/dashboard/pending-requests").await.body["count"], 1);
    assert_eq!(app.get_as(&admin, "/server/v1/dashboard/pending-requests").await.body["count"], 2);

    // The other person's request is out of the manager's reach.
    let out_of_reach =
        app.post_as(&manager, "/server/v1/timesheet/edit-request-approve", json!({ "reqId": theirs })).await;
    assert_eq!(out_of_reach.status, 404);
    let no_reason = app
        .post_as(&manager, "/server/v1/timesheet/edit-request-reject", json!({ "reqId": mine, "comment": "  " }))
        .await;
    assert_eq!(no_reason.status, 400);
    let approved = app.post_as(&manager, "/server/v1/timesheet/edit-request-approve", json!({ "reqId": mine })).await;
    assert_eq!(approved.status, 200, "{:?}", approved.body);

    let after = app.get_as(&manager, "/server/v1/inbox/data").await;
    assert_eq!(after.body["pending"]["timesheet"]["count"], 0);
    let done = &after.body["completed"]["timesheet"];
    assert_eq!(done["count"], 1);
    assert_eq!(done["rows"][0]["status"], 1);
    assert_eq!(done["rows"][0]["actor"], "Test M.");
    // The responded list filters by employee.
    let filtered = app.get_as(&admin, &format!("/server/v1/inbox/data?employeeId={other}")).await;
    assert_eq!(filtered.body["completed"]["timesheet"]["count"], 0);
    let rejected = app
        .post_as(&admin, "/server/v1/timesheet/edit-request-reject", json!({ "reqId": theirs, "comment": "no" }))
        .await;
    assert_eq!(rejected.status, 200);
    let filtered = app.get_as(&admin, &format!("/server/v1/inbox/data?employeeId={other}")).await;
    assert_eq!(filtered.body["completed"]["timesheet"]["rows"][0]["status"], 2);
    assert_eq!(filtered.body["completed"]["timesheet"]["rows"][0]["actComments"], "no");

    // Terminated people leave the filter unless asked for.
    assert_eq!(app.post_as(&admin, "/server/v1/manage/terminate-employee", json!({ "id": other })).await.status, 200);
    let ids = |body: &serde_json::Value| -> Vec<i64> {
        body["employees"].as_array().unwrap().iter().map(|e| e["id"].as_i64().unwrap()).collect()
    };
    assert!(!ids(&app.get_as(&admin, "/server/v1/inbox/data").await.body).contains(&other));
    assert!(ids(&app.get_as(&admin, "/server/v1/inbox/data?includes_terminated=1").await.body).contains(&other));
}

#[actix_web::test]
async fn the_dashboard_adds_up_the_pay_cycle_and_the_week() {
    let app = spawn_app().await;
    let admin_email = unique_email("admin");
    let admin = app.admin_of_new_company("Dash Co", &admin_email).await;
    let company = app.company_of(&admin_email).await;
    let manager_email = unique_email("manager");
    let manager_id = app.add_person(company.id, &manager_email, Role::Manager, None).await;
    let manager = app.token_of(&manager_email).await;
    let report = app.add_person(company.id, &unique_email("report"), Role::Employee, Some(manager_id)).await;
    let other = app.add_person(company.id, &unique_email("other"), Role::Employee, None).await;

    // A whole past week (Sunday to Saturday): 6 shifts of 8 hours = 48 hours, 8 over 40.
    let tz = chrono_tz::America::Chicago;
    let last_week = week_start(local_date(tz, Utc::now())) - Duration::days(7);
    let mut first_shift = 0;
    for offset in 0..6 {
        let date = (last_week + Duration::days(offset)).format("%Y-%m-%d").to_string();
        let id = shift(&app, &admin, report, &date).await;
        if offset == 0 {
            first_shift = id;
        }
    }
    let date = last_week.format("%Y-%m-%d").to_string();
    shift(&app, &admin, other, &date).await;
    let end = (last_week + Duration::days(6)).format("%Y-%m-%d").to_string();

    let range = format!("/server/v1/dashboard/data?v=1&start={date}&end={end}");
    let admin_view = app.get_as(&admin, &range).await;
    assert_eq!(admin_view.status, 200, "{:?}", admin_view.body);
    assert_eq!(admin_view.body["stats"]["clockedMinutes"], 56 * 60);
    assert_eq!(admin_view.body["stats"]["clockedHours"], 56.0);
    assert_eq!(admin_view.body["stats"]["overtimeMinutes"], 8 * 60);
    assert_eq!(admin_view.body["payCycleStart"], date.as_str());
    // The manager's figures are their people's.
    let manager_view = app.get_as(&manager, &range).await;
    assert_eq!(manager_view.body["stats"]["clockedMinutes"], 48 * 60);
    // Without a range: the current pay cycle.
    let current = app.get_as(&admin, "/server/v1/dashboard/data?v=1").await;
    assert!(current.body["payCycleStart"].as_str().unwrap() <= current.body["payCycleEnd"].as_str().unwrap());
    let bad = app.get_as(&admin, "/server/v1/dashboard/data?start=yesterday&end=today").await;
    assert_eq!(bad.status, 400);

    let week = app.get_as(&admin, &format!("/server/v1/dashboard/employee-hours?start={end}")).await;
    assert_eq!(week.body["start"], date.as_str());
    let rows = week.body["employees"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    let minutes = |id: i64| rows.iter().find(|r| r["employeeId"] == id).unwrap()["minutes"].as_i64().unwrap();
    assert_eq!((minutes(report), minutes(other), minutes(manager_id)), (48 * 60, 8 * 60, 0));
    let manager_week = app.get_as(&manager, &format!("/server/v1/dashboard/employee-hours?start={date}")).await;
    assert_eq!(manager_week.body["employees"].as_array().unwrap().len(), 2);

    // An edit moves the stored worked time with it: an hour longer is an hour more overtime.
    let edit = app
        .post_as(&admin, "/server/v1/timesheet/edit", json!({ "trackingNumber": first_shift, "start": format!("{date} 09:00:00"), "end": format!("{date} 18:00:00") }))
        .await;
    assert_eq!(edit.status, 200, "{:?}", edit.body);
    let after = app.get_as(&admin, &range).await;
    assert_eq!(after.body["stats"]["clockedMinutes"], 57 * 60);
    assert_eq!(after.body["stats"]["overtimeMinutes"], 9 * 60);

    // A shift ended at the clock keeps its worked time too.
    let clocker = unique_email("clocker");
    app.add_person(company.id, &clocker, Role::Employee, None).await;
    let clocker_token = app.token_of(&clocker).await;
    let started = app.post_as(&clocker_token, "/server/v1/clock/start", json!({})).await;
    let tracking = started.body["trackingNumber"].as_i64().unwrap();
    let ended =
        app.post_as(&clocker_token, &format!("/server/v1/clock/end?trackingNumber={tracking}"), json!({})).await;
    assert_eq!(ended.status, 200, "{:?}", ended.body);
    let row = {
        use sea_orm::EntityTrait;
        clock::entities::time_entries::Entity::find_by_id(tracking).one(&app.db).await.unwrap().unwrap()
    };
    assert_eq!((row.worked_minutes, row.work_day.is_some()), (Some(0), true));

    // Shifts without stored worked time (written before it was kept) count the same.
    use sea_orm::{sea_query::Expr, EntityTrait};
    clock::entities::time_entries::Entity::update_many()
        .col_expr(clock::entities::time_entries::Column::WorkDay, Expr::value(Option::<chrono::NaiveDate>::None))
        .col_expr(clock::entities::time_entries::Column::WorkedMinutes, Expr::value(Option::<i32>::None))
        .exec(&app.db)
        .await
        .unwrap();
    let computed = app.get_as(&admin, &range).await;
    assert_eq!(computed.body["stats"], after.body["stats"]);
    let week_again = app.get_as(&admin, &format!("/server/v1/dashboard/employee-hours?start={end}")).await;
    let rows = week_again.body["employees"].as_array().unwrap();
    assert_eq!(rows.iter().find(|r| r["employeeId"] == report).unwrap()["minutes"], 49 * 60);
}

/// Shifts whose minutes are not stored (running ones, and those kept before worked time was)
/// are computed when read, and the overtime they make is counted in their week: 5 stored shifts
/// of 8 hours plus one computed one are 48 hours, 8 of them over 40.
#[actix_web::test]
async fn the_dashboard_counts_overtime_made_by_shifts_computed_on_reading() {
    use clock::entities::time_entries;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    let app = spawn_app().await;
    let admin_email = unique_email("admin");
    let admin = app.admin_of_new_company("Legacy Co", &admin_email).await;
    let company = app.company_of(&admin_email).await;
    let worker = app.add_person(company.id, &unique_email("worker"), Role::Employee, None).await;
    let tz = chrono_tz::America::Chicago;
    let week = week_start(local_date(tz, Utc::now())) - Duration::days(14);
    let mut shifts = Vec::new();
    for offset in 0..6 {
        shifts.push(shift(&app, &admin, worker, &(week + Duration::days(offset)).format("%Y-%m-%d").to_string()).await);
    }
    let range = format!(
        "/server/v1/dashboard/data?v=1&start={}&end={}",
        week.format("%Y-%m-%d"),
        (week + Duration::days(6)).format("%Y-%m-%d")
    );
    let stored = app.get_as(&admin, &range).await;
    assert_eq!(
        (&stored.body["stats"]["clockedMinutes"], &stored.body["stats"]["overtimeMinutes"]),
        (&json!(48 * 60), &json!(8 * 60))
    );

    time_entries::Entity::update_many()
        .col_expr(time_entries::Column::WorkedMinutes, sea_orm::sea_query::Expr::value(Option::<i32>::None))
        .filter(time_entries::Column::Id.eq(shifts[5]))
        .exec(&app.db)
        .await
        .unwrap();
    let computed = app.get_as(&admin, &range).await;
    assert_eq!(computed.body["stats"], stored.body["stats"], "the same figures, one shift computed on reading");
}
