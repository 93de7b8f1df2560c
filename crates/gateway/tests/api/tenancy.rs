//! Another company's data is unreachable: its ids answer exactly like ids that do not exist.
//! Every endpoint that takes an id belongs in `ID_ENDPOINTS`.

use crate::helpers::{spawn_app, unique_email, Reply, TestApp};
use kernel::Role;

/// What kind of id an endpoint takes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Employee,
    Shift,
    Request,
    Contact,
    Activity,
    JobRole,
    File,
}

/// (method, path, JSON body or "", kind): `{id}` stands for the id, `{date}` for its shift's day,
/// `{eid}` for the employee of the company the id belongs to.
const ID_ENDPOINTS: &[(&str, &str, &str, Kind)] = &[
    ("GET", "/server/v1/manage/user-data?id={id}", "", Kind::Employee),
    ("GET", "/server/v1/timesheet/list?start=2026-10-04&end=2026-10-10&employeeId={id}", "", Kind::Employee),
    ("GET", "/server/v1/timesheet/paycycle-clocked-hours?employeeId={id}", "", Kind::Employee),
    ("GET", "/server/v1/timesheet/paycycle-overtime-hours?v=1&employeeId={id}", "", Kind::Employee),
    (
        "POST",
        "/server/v1/timesheet/edit",
        r#"{"employeeId": {id}, "start": "2026-09-01 09:00:00", "end": "2026-09-01 10:00:00"}"#,
        Kind::Employee,
    ),
    ("GET", "/server/v1/timesheet/details?ts={id}", "", Kind::Shift),
    ("GET", "/server/v1/timesheet/comments?ts={id}", "", Kind::Shift),
    ("GET", "/server/v1/timesheet/changes?ts={id}", "", Kind::Shift),
    ("GET", "/server/v1/timesheet/requests?ts={id}", "", Kind::Shift),
    ("POST", "/server/v1/timesheet/add-comment", r#"{"entryId": {id}, "comment": "hello"}"#, Kind::Shift),
    (
        "POST",
        "/server/v1/timesheet/edit-request",
        r#"{"trackingNumber": {id}, "changeType": "out", "end": "2025-12-31 23:00:00", "comment": "late"}"#,
        Kind::Shift,
    ),
    ("POST", "/server/v1/timesheet/edit", r#"{"trackingNumber": {id}, "start": "{date} 08:00:00"}"#, Kind::Shift),
    ("POST", "/server/v1/timesheet/remove?ts={id}", "", Kind::Shift),
    ("POST", "/server/v1/timesheet/edit-request-cancel?reqId={id}", "", Kind::Request),
    ("POST", "/server/v1/timesheet/edit-request-approve", r#"{"reqId": {id}}"#, Kind::Request),
    ("POST", "/server/v1/timesheet/edit-request-reject", r#"{"reqId": {id}, "comment": "no"}"#, Kind::Request),
    ("GET", "/server/v1/manage/user-full-data?id={id}", "", Kind::Employee),
    ("GET", "/server/v1/manage/user-activities?id={id}", "", Kind::Employee),
    (
        "POST",
        "/server/v1/manage/add-user",
        r#"{"id": {id}, "firstname": "Re", "lastname": "Named", "email": "tenancy-{id}@agency.example.com"}"#,
        Kind::Employee,
    ),
    ("GET", "/server/v1/contacts/list?eid={id}", "", Kind::Employee),
    (
        "POST",
        "/server/v1/contacts/add",
        r#"{"eid": {id}, "firstname": "A", "lastname": "B", "relationship": "Friend", "phone": "5551234567"}"#,
        Kind::Employee,
    ),
    ("POST", "/server/v1/manage/reactivate-account", r#"{"id": {id}}"#, Kind::Employee),
    ("GET", "/server/v1/contacts/get?id={id}&eid={eid}", "", Kind::Contact),
    ("POST", "/server/v1/contacts/delete", r#"{"id": {id}, "eid": {eid}}"#, Kind::Contact),
    ("GET", "/server/v1/manage/activity-details?id={id}", "", Kind::Activity),
    ("POST", "/server/v1/settings/update-role-type", r#"{"id": {id}, "name": "Renamed {id}"}"#, Kind::JobRole),
    ("POST", "/server/v1/settings/inactive-role-type?id={id}", "", Kind::JobRole),
    ("GET", "/server/v1/files/{id}", "", Kind::File),
    // Last: it ends the own employee's sessions, which the fixtures above still use.
    ("POST", "/server/v1/manage/terminate-employee", r#"{"id": {id}}"#, Kind::Employee),
];

#[allow(clippy::too_many_arguments)]
async fn call(
    app: &TestApp,
    token: &str,
    method: &str,
    path: &str,
    body: &str,
    id: i64,
    date: &str,
    eid: i64,
) -> Reply {
    let path = path.replace("{id}", &id.to_string()).replace("{eid}", &eid.to_string());
    let body = body.replace("{date}", date).replace("{eid}", &eid.to_string());
    match method {
        "GET" => app.get_as(token, &path).await,
        _ if body.is_empty() => app.post_as(token, &path, serde_json::json!({})).await,
        _ => app.post_as(token, &path, serde_json::from_str(&body.replace("{id}", &id.to_string())).unwrap()).await,
    }
}

fn without_request_id(reply: &Reply) -> serde_json::Value {
    let mut body = reply.body.clone();
    body.as_object_mut().unwrap().remove("requestId");
    body
}

/// A fresh id of `kind` in the company whose admin holds `token`: a shift on its own day (so
/// none overlap) of `employee`, and for requests an edit request of it.
async fn fixture(app: &TestApp, token: &str, employee: i64, kind: Kind, day: usize, employee_token: &str) -> i64 {
    match kind {
        Kind::Employee => return employee,
        Kind::Contact => {
            let contact = app
                .post_as(token, "/server/v1/contacts/add", serde_json::json!({"eid": employee, "firstname": "C", "lastname": "D", "relationship": "Relative", "phone": "5550001111"}))
                .await;
            assert_eq!(contact.status, 200, "{:?}", contact.body);
            return contact.body["id"].as_i64().unwrap();
        }
        Kind::Activity => {
            let email = crate::helpers::unique_email("started");
            let added = app
                .post_as(
                    token,
                    "/server/v1/manage/add-user",
                    serde_json::json!({"firstname": "New", "lastname": "Hire", "email": email}),
                )
                .await;
            assert_eq!(added.status, 200, "{:?}", added.body);
            let id = added.body["employee"]["id"].as_i64().unwrap();
            let timeline = app.get_as(token, &format!("/server/v1/manage/user-activities?id={id}")).await;
            return timeline.body["activities"][0]["id"].as_i64().unwrap();
        }
        Kind::JobRole => {
            let name = format!("Role {day} {}", &crate::helpers::unique_email("r")[..12]);
            let role =
                app.post_as(token, "/server/v1/settings/update-role-type", serde_json::json!({"name": name})).await;
            assert_eq!(role.status, 200, "{:?}", role.body);
            return role.body["id"].as_i64().unwrap();
        }
        Kind::File => {
            let fields = [("employee", employee.to_string())];
            let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let upload =
                app.upload_as(token, "/server/v1/manage/user-avatar", &fields, Some(crate::helpers::TINY_PNG)).await;
            assert_eq!(upload.status, 200, "{:?}", upload.body);
            return upload.body["avatar"].as_str().unwrap().rsplit('/').next().unwrap().parse().unwrap();
        }
        Kind::Shift | Kind::Request => {}
    }
    let date = format!("2025-12-{:02}", day + 1);
    let shift = app
        .post_as(token, "/server/v1/timesheet/edit", serde_json::json!({"employeeId": employee, "start": format!("{date} 09:00:00"), "end": format!("{date} 17:00:00")}))
        .await;
    assert_eq!(shift.status, 201, "{:?}", shift.body);
    let id = shift.body["id"].as_i64().unwrap();
    if kind == Kind::Shift {
        return id;
    }
    let request = app
        .post_as(employee_token, "/server/v1/timesheet/edit-request", serde_json::json!({"trackingNumber": id, "changeType": "in", "start": format!("{date} 08:00:00"), "comment": "early"}))
        .await;
    assert_eq!(request.status, 201, "{:?}", request.body);
    request.body["id"].as_i64().unwrap()
}

#[actix_web::test]
async fn another_companys_ids_look_exactly_like_missing_ones() {
    let app = spawn_app().await;
    let admin_a = unique_email("admin-a");
    let admin_b = unique_email("admin-b");
    let token_a = app.admin_of_new_company("Company A", &admin_a).await;
    let token_b = app.admin_of_new_company("Company B", &admin_b).await;
    let company_a = app.company_of(&admin_a).await;
    let company_b = app.company_of(&admin_b).await;
    let (email_a, email_b) = (unique_email("a-emp"), unique_email("b-emp"));
    let own = app.add_person(company_a.id, &email_a, Role::Employee, None).await;
    let foreign = app.add_person(company_b.id, &email_b, Role::Employee, None).await;
    let (employee_a, employee_b) = (app.token_of(&email_a).await, app.token_of(&email_b).await);

    for (index, (method, path, body, kind)) in ID_ENDPOINTS.iter().enumerate() {
        let theirs = fixture(&app, &token_b, foreign, *kind, index, &employee_b).await;
        let date = format!("2025-12-{:02}", index + 1);
        let reply_theirs = call(&app, &token_a, method, path, body, theirs, &date, foreign).await;
        let reply_missing = call(&app, &token_a, method, path, body, theirs + 1_000_000, &date, foreign).await;
        assert_eq!(reply_theirs.status, 404, "{method} {path} on another company's id: {:?}", reply_theirs.body);
        assert_eq!(without_request_id(&reply_theirs), without_request_id(&reply_missing), "{method} {path}");
        // And company A's own id is found (the admin may still be refused, as for cancelling
        // someone else's request), so the 404 is not just any answer.
        let mine = fixture(&app, &token_a, own, *kind, index, &employee_a).await;
        let reply_mine = call(&app, &token_a, method, path, body, mine, &date, own).await;
        assert!(
            reply_mine.status != 404 && reply_mine.status < 500,
            "{method} {path} on an own id: {} {:?}",
            reply_mine.status,
            reply_mine.body
        );
    }
    // An upload for another company's employee is refused the same way.
    let foreign_text = foreign.to_string();
    let upload = app
        .upload_as(
            &token_a,
            "/server/v1/manage/user-avatar",
            &[("employee", foreign_text.as_str())],
            Some(crate::helpers::TINY_PNG),
        )
        .await;
    assert_eq!(upload.status, 404);
    // Company B's data is untouched by all of it.
    let week = app
        .get_as(&token_b, &format!("/server/v1/timesheet/list?start=2025-12-01&end=2025-12-31&employeeId={foreign}"))
        .await;
    assert!(week.body["entries"]
        .as_array()
        .unwrap()
        .iter()
        .all(|entry| entry["start"].as_str().unwrap().ends_with("T15:00:00Z")));
}

#[actix_web::test]
async fn a_manager_reaches_their_reports_and_themselves_an_employee_nobody() {
    let app = spawn_app().await;
    let admin = unique_email("admin");
    app.admin_of_new_company("Scoped", &admin).await;
    let company = app.company_of(&admin).await;
    let manager_email = unique_email("manager");
    let manager = app.add_person(company.id, &manager_email, Role::Manager, None).await;
    let report = app.add_person(company.id, &unique_email("report"), Role::Employee, Some(manager)).await;
    let employee_email = unique_email("other");
    let other = app.add_person(company.id, &employee_email, Role::Employee, None).await;

    let token = app.token_of(&manager_email).await;
    let path = |id: i64| format!("/server/v1/manage/user-data?id={id}");
    assert_eq!(app.get_as(&token, &path(report)).await.status, 200);
    assert_eq!(app.get_as(&token, &path(manager)).await.status, 200);
    assert_eq!(app.get_as(&token, &path(other)).await.status, 404);

    let admin_token = app.token_of_admin(&admin).await;
    let reply = app.get_as(&admin_token, &path(report)).await;
    assert_eq!(reply.body["managerId"], manager);
    assert_eq!(reply.body["permission"], "User");

    let employee_token = app.token_of(&employee_email).await;
    let reply = app.get_as(&employee_token, &path(other)).await;
    assert_eq!((reply.status, reply.code()), (403, "forbidden"));
    assert_eq!(app.get_as(&token, "/server/v1/manage/user-data?id=abc").await.status, 400);
}

impl TestApp {
    async fn token_of_admin(&self, email: &str) -> String {
        self.token_of(email).await
    }
}
