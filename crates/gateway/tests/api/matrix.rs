//! The route × role matrix: every route the gateway registers, with what each kind of caller
//! gets. The test walks the server's own route table (`gateway::routes::all`), so a route added
//! without a row here fails it.
//!
//! Callers (the columns, in order): no token; an employee; a manager asking about their own
//! report; the same manager asking about someone who does not report to them; a company admin;
//! the admin of another company; a user terminated after signing in (their token); the admin of a
//! company whose trial has expired. Each column runs in a fresh company of its own, the rows in
//! table order (sign-out last), each request about the column's subject (`{emp}`, `{email}`).
//!
//! Answers: `U` 401, `F` 403, `N` 404 (out of reach: the same as missing), `P` the guard and the
//! reach let it through (anything but 401, 403 and 404), `A` the guard lets it through (anything
//! but 401 and 403: the row names ids that do not exist), `E` 403 `account_expired`.

use crate::helpers::{spawn_app_with, unique_email, TestApp};
use accounts::entities::companies;
use accounts::AccountsConfig;
use kernel::Role;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait};
use serde_json::Value;

const COLUMNS: [&str; 8] = [
    "no token",
    "employee",
    "manager, own report",
    "manager, not own report",
    "admin",
    "other company's admin",
    "terminated",
    "expired trial",
];

/// (method, path with query, JSON body, answers by column).
const MATRIX: &[(&str, &str, &str, &str)] = &[
    ("post", "/auth/login", "{}", "AAAAAAAA"),
    ("get", "/auth/login-data", "", "UPPPPPUP"),
    ("post", "/auth/reset-password", r#"{"email": "nobody@example.com"}"#, "AAAAAAAA"),
    ("post", "/auth/reset-password-now", r#"{"token": "x", "password": "brand-new-secret"}"#, "AAAAAAAA"),
    ("post", "/auth/change-my-password", "{}", "UPPPPPUE"),
    ("post", "/account/signup", "{}", "AAAAAAAA"),
    ("post", "/account/verify-email", "{}", "AAAAAAAA"),
    ("get", "/account/signup-data", "", "AAAAAAAA"),
    ("post", "/account/confirm-email-change", r#"{"token": "x"}"#, "AAAAAAAA"),
    ("get", "/account/blocked-writes", "", "AAAAAAAA"),
    ("get", "/manage/employees", "", "UFPPPPUP"),
    ("get", "/manage/data", "", "UFPPPPUP"),
    ("get", "/manage/user-data?id={emp}", "", "UFPNPNUP"),
    ("get", "/manage/user-full-data?id={emp}", "", "UFPNPNUP"),
    (
        "post",
        "/manage/add-user",
        r#"{"id": {emp}, "firstname": "Test", "lastname": "Employee", "email": "{email}"}"#,
        "UFPNPNUE",
    ),
    ("post", "/manage/user-avatar", "{}", "UFAAAAUE"),
    ("post", "/manage/terminate-employee", r#"{"id": {emp}}"#, "UFFFPNUE"),
    ("post", "/manage/reactivate-account", r#"{"id": {emp}}"#, "UFPNPNUE"),
    ("post", "/manage/add-multiple-users", "[]", "UFPPPPUE"),
    ("get", "/manage/user-activities?id={emp}", "", "UFPNPNUP"),
    ("get", "/manage/activity-details?id=999999", "", "UFAAAAUA"),
    ("get", "/clock/status", "", "UPPPPPUP"),
    ("post", "/clock/start", "{}", "UAAAAAUE"),
    ("post", "/clock/take-break", "{}", "UAAAAAUE"),
    ("post", "/clock/resume-from-break", "{}", "UAAAAAUE"),
    ("post", "/clock/end", "{}", "UAAAAAUE"),
    ("get", "/timesheet/list?start=2026-10-01&end=2026-10-07&employeeId={emp}", "", "UNPNPNUP"),
    ("get", "/timesheet/details?ts=999999", "", "UAAAAAUA"),
    ("get", "/timesheet/comments?ts=999999", "", "UAAAAAUA"),
    ("get", "/timesheet/changes?ts=999999", "", "UAAAAAUA"),
    ("get", "/timesheet/requests?ts=999999", "", "UAAAAAUA"),
    ("post", "/timesheet/add-comment", r#"{"entryId": 999999, "comment": "x"}"#, "UAAAAAUE"),
    (
        "post",
        "/timesheet/edit-request",
        r#"{"trackingNumber": 999999, "changeType": "out", "end": "2026-10-05 18:00:00", "comment": "x"}"#,
        "UAAAAAUE",
    ),
    ("post", "/timesheet/edit-request-cancel?reqId=999999", "{}", "UAAAAAUE"),
    ("post", "/timesheet/edit-request-approve", r#"{"reqId": 999999}"#, "UFAAAAUE"),
    ("post", "/timesheet/edit-request-reject", r#"{"reqId": 999999, "comment": "no"}"#, "UFAAAAUE"),
    (
        "post",
        "/timesheet/edit",
        r#"{"employeeId": {emp}, "start": "2026-10-05 09:00:00", "end": "2026-10-05 17:00:00"}"#,
        "UFPNPNUE",
    ),
    ("post", "/timesheet/remove?ts=999999", "{}", "UFFFAAUE"),
    ("get", "/timesheet/paycycle-clocked-hours?employeeId={emp}", "", "UNPNPNUP"),
    ("get", "/timesheet/paycycle-overtime-hours?employeeId={emp}", "", "UNPNPNUP"),
    ("get", "/settings/data", "", "UFPPPPUP"),
    ("post", "/settings/update", "{}", "UFFFPPUE"),
    ("post", "/settings/update-role-type", r#"{"name": "Matrix Role"}"#, "UFPPPPUE"),
    ("post", "/settings/inactive-role-type", r#"{"id": 999999}"#, "UFAAAAUE"),
    ("post", "/settings/update-pto-type", r#"{"name": "Matrix Type"}"#, "UFFFPPUE"),
    ("post", "/settings/inactive-pto-type?id=999999", "", "UFFFAAUE"),
    ("post", "/settings/update-event-type", r#"{"name": "Matrix Event"}"#, "UFPPPPUE"),
    ("post", "/settings/inactive-event-type?id=999999", "", "UFAAAAUE"),
    ("post", "/settings/update-doc-type", r#"{"name": "Matrix Doc", "onboardingDoc": 1}"#, "UFPPPPUE"),
    ("post", "/settings/inactive-doc-type?id=999999", "", "UFAAAAUE"),
    ("post", "/settings/update-policy-type", r#"{"name": "Matrix Policy"}"#, "UFPPPPUE"),
    ("post", "/settings/inactive-policy-type?id=999999", "", "UFAAAAUE"),
    ("get", "/manage/user-events?id={emp}", "", "UFPNPNUP"),
    ("get", "/manage/event?id=999999", "", "UFAAAAUA"),
    ("post", "/manage/add-event", "{}", "UFAAAAUE"),
    ("post", "/manage/delete-event", r#"{"id": 999999}"#, "UFAAAAUE"),
    ("get", "/manage/user-docs?id={emp}", "", "UFPNPNUP"),
    ("get", "/manage/doc?id=999999", "", "UFAAAAUA"),
    ("post", "/manage/add-doc", "{}", "UFAAAAUE"),
    ("post", "/manage/delete-doc", r#"{"id": 999999}"#, "UFAAAAUE"),
    ("get", "/manage/doc-requests?id={emp}", "", "UFPNPNUP"),
    (
        "post",
        "/manage/add-doc-request",
        r#"{"employeeId": {emp}, "docTypeId": 999999, "dueDate": "2099-01-01"}"#,
        "UFPNPNUE",
    ),
    ("post", "/manage/cancel-doc-request", r#"{"id": 999999}"#, "UFAAAAUE"),
    ("get", "/profile/my-tasks", "", "UPPPPPUP"),
    ("get", "/profile/my-events", "", "UPPPPPUP"),
    ("get", "/profile/my-docs", "", "UPPPPPUP"),
    ("get", "/profile/event-review-detail?id=999999", "", "UAAAAAUA"),
    ("post", "/profile/affirm-event", r#"{"id": 999999}"#, "UAAAAAUE"),
    ("post", "/profile/add-doc", "{}", "UAAAAAUE"),
    ("post", "/doc/view", r#"{"id": 999999}"#, "UAAAAAUA"),
    ("post", "/doc/event", r#"{"id": 999999}"#, "UAAAAAUA"),
    ("get", "/policy/policies", "", "UFPPPPUP"),
    ("post", "/policy/add-policy", "{}", "UFAAAAUE"),
    ("get", "/policy/policy?id=999999", "", "UFAAAAUA"),
    ("post", "/policy/remove-doc", r#"{"id": 999999}"#, "UFAAAAUE"),
    ("post", "/policy/publish", "{}", "UFAAAAUE"),
    ("post", "/policy/delete", r#"{"id": 999999}"#, "UFAAAAUE"),
    ("get", "/policy/workflow?id=999999", "", "UFAAAAUA"),
    ("post", "/policy/workflow-reminder", r#"{"id": 999999}"#, "UFAAAAUE"),
    ("post", "/policy/stop-workflow", r#"{"id": 999999}"#, "UFAAAAUE"),
    ("get", "/refdata/admin", "", "UFPPPPUP"),
    ("get", "/refdata/onboarding-status", "", "UFPPPPUP"),
    ("get", "/profile/hr-policies-and-procedures", "", "UPPPPPUP"),
    ("get", "/profile/policy-review-detail?id=999999", "", "UAAAAAUA"),
    ("post", "/profile/affirm-policy", r#"{"id": 999999}"#, "UAAAAAUE"),
    ("post", "/doc/policy", r#"{"id": 999999}"#, "UAAAAAUA"),
    ("get", "/pto-manage/data", "", "UFPPPPUP"),
    ("get", "/pto-manage/plan-employees?ptoPolicyId=999999", "", "UFAAAAUA"),
    ("post", "/settings/save-pto-plan", "{}", "UFFFAAUE"),
    ("post", "/settings/update-pto-policy", "{}", "UFFFAAUE"),
    ("post", "/settings/inactive-pto-policy?id=999999", "", "UFFFAAUE"),
    ("post", "/settings/update-pto-rule", "{}", "UFFFAAUE"),
    ("post", "/settings/inactive-pto-rule?id=999999", "", "UFFFAAUE"),
    ("get", "/manage/employee-pto?id={emp}", "", "UNPNPNUP"),
    ("get", "/pto/employee-pto-types?id={emp}", "", "UNPNPNUP"),
    ("post", "/manage/manually-add-pto", "{}", "UFFFAAUE"),
    ("post", "/manage/remove-manual-pto-addition", r#"{"id": 999999}"#, "UFFFAAUE"),
    ("post", "/settings/get-balance-detail", "{}", "UFFFAAUE"),
    ("post", "/settings/switch-pto-plan", "{}", "UFFFAAUE"),
    ("post", "/manage/save-employee-pto-types", "{}", "UFFFAAUE"),
    ("post", "/manage/delete-pto-plan-switch-history", r#"{"id": 999999}"#, "UFFFAAUE"),
    ("get", "/pto-manage/allocation", "", "UFFFPPUP"),
    ("get", "/holiday/list", "", "UPPPPPUP"),
    ("get", "/holiday/list-for-employee?employeeId={emp}", "", "UNPNPNUP"),
    ("post", "/holiday/add", "{}", "UFFFAAUE"),
    ("post", "/holiday/save-employee-holidays", r#"{"employeeId": {emp}, "holidays": []}"#, "UFFFPNUE"),
    ("get", "/holiday/get?id=999999", "", "UAAAAAUA"),
    ("post", "/holiday/delete", r#"{"id": 999999}"#, "UFFFAAUE"),
    ("post", "/holiday/create-defaults", "", "UFFFAAUE"),
    ("get", "/pto/data?eid={emp}", "", "UNPNPNUP"),
    ("get", "/pto/history?eid={emp}", "", "UNPNPNUP"),
    ("get", "/pto/balance?eid={emp}", "", "UNPNPNUP"),
    ("post", "/pto/validate-balance", r#"{"employeeId": {emp}, "ptoType": 999999, "start": "2026-12-01"}"#, "UNPNPNUE"),
    ("post", "/pto/request", r#"{"employeeId": {emp}, "ptoType": 999999, "start": "2026-12-01"}"#, "UNPNPNUE"),
    ("post", "/pto/cancel-request?id=999999", "", "UAAAAAUE"),
    ("post", "/pto/approve-timeoff", r#"{"request": 999999}"#, "UFAAAAUE"),
    ("post", "/pto/reject-timeoff", r#"{"request": 999999, "comment": "no"}"#, "UFAAAAUE"),
    ("get", "/pto/agenda", "", "UPPPPPUP"),
    ("get", "/pto/paycycle-approved-pto-hours", "", "UFPPPPUP"),
    ("get", "/contacts/list?eid={emp}", "", "UNPNPNUP"),
    ("get", "/contacts/get?id=999999&eid={emp}", "", "UNANANUA"),
    (
        "post",
        "/contacts/add",
        r#"{"eid": {emp}, "firstname": "Kim", "lastname": "Lee", "relationship": "Relative", "phone": "555 010 2030"}"#,
        "UNFNPNUE",
    ),
    ("post", "/contacts/delete", r#"{"id": 999999, "eid": {emp}}"#, "UNFNANUE"),
    ("get", "/profile/mine", "", "UPPPPPUP"),
    ("post", "/profile/update", "{}", "UPPPPPUE"),
    ("post", "/profile/update-avatar", "{}", "UPPPPPUE"),
    ("post", "/profile/remove-avatar", "{}", "UPPPPPUE"),
    ("get", "/team/mine", "", "UPPPPPUP"),
    ("get", "/company/profile", "", "UFPPPPUP"),
    ("post", "/company/update", "{}", "UFFFPPUE"),
    ("post", "/company/logo", "{}", "UFFFPPUE"),
    ("get", "/files/999999", "", "UAAAAAUA"),
    ("get", "/dashboard/data", "", "UFPPPPUP"),
    ("get", "/dashboard/employee-hours", "", "UFPPPPUP"),
    ("get", "/dashboard/pending-requests", "", "UFPPPPUP"),
    ("get", "/dashboard/daily-hours", "", "UFPPPPUP"),
    ("get", "/calendar-event/get-calendar-event-info?id=999999", "", "UAAAAAUA"),
    ("get", "/calendar-event/employees", "", "UPPPPPUP"),
    (
        "post",
        "/calendar-event/add-event",
        r#"{"eventName": "Lunch", "startDate": "2026-12-01 12:00:00", "endDate": "2026-12-01 13:00:00"}"#,
        "UPPPPPUE",
    ),
    (
        "post",
        "/calendar-event/update-event",
        r#"{"id": 999999, "eventName": "Lunch", "startDate": "2026-12-01 12:00:00", "endDate": "2026-12-01 13:00:00"}"#,
        "UAAAAAUE",
    ),
    ("post", "/calendar-event/del-calendar-event", r#"{"id": 999999}"#, "UAAAAAUE"),
    ("get", "/calendar-feed/mine", "", "UPPPPPUP"),
    ("post", "/calendar-feed/reset", "{}", "UPPPPPUE"),
    ("get", "/calendar-feed/not-a-feed.ics", "", "NNNNNNNN"),
    ("get", "/celebration/next-celebrations", "", "UPPPPPUP"),
    ("get", "/celebration/get-system-messages", "", "UPPPPPUP"),
    ("get", "/celebration/get-celebration-message?employeeId={emp}&type=BIRTHDAY", "", "UFPNPNUP"),
    ("get", "/celebration/get-company-celebration-message?type=BIRTHDAY", "", "UFFFPPUP"),
    ("get", "/celebration/delete-custom-celebration-message?id=999999", "", "UFAAAAUE"),
    ("get", "/celebration/delete-custom-company-celebration-message?id=999999", "", "UFFFAAUE"),
    (
        "post",
        "/celebration/save-celebration-message",
        r#"{"employeeId": {emp}, "type": "BIRTHDAY", "message": "Happy birthday!"}"#,
        "UFPNPNUE",
    ),
    ("post", "/celebration/save-company-celebration-message", r#"{"type": "BIRTHDAY", "message": "Hi"}"#, "UFFFPPUE"),
    ("post", "/celebration/email-now?type=BIRTHDAY", r#"{"employeeId": {emp}}"#, "UFPNPNUE"),
    ("get", "/report/data", "", "UFPPPPUP"),
    ("get", "/report/summary-report-data?start=2026-10-01&end=2026-10-31&empids={emp}", "", "UFPNPNUP"),
    ("get", "/report/timesheet-report-data?start=2026-10-01&end=2026-10-31&empids={emp}", "", "UFPNPNUP"),
    ("get", "/report/pto-report-data?start=2026-10-01&end=2026-10-31&empids={emp}", "", "UFPNPNUP"),
    ("get", "/report/export?type=summary&format=xlsx&start=2026-10-01&end=2026-10-31&empids={emp}", "", "UFPNPNUP"),
    ("get", "/report/payroll-export?date=2026-10-15&empids={emp}", "", "UFPNPNUP"),
    ("get", "/inbox/data", "", "UFPPPPUP"),
    ("get", "/openapi.json", "", "AAAAAAAA"),
    ("get", "/myaccount/data?sessionId=cs_x", "", "UFFFPPUP"),
    ("get", "/myaccount/charges?page=1", "", "UFFFPPUP"),
    ("post", "/myaccount/activate", r#"{"token": "cs_x"}"#, "UFFFPPUP"),
    ("post", "/myaccount/update-card", r#"{"token": "cs_x"}"#, "UFFFPPUP"),
    ("post", "/billing/webhook", "{}", "AAAAAAAA"),
    // Next to last: it closes an admin's company, and with it every session of theirs.
    ("post", "/myaccount/cancel", "", "UFFFPPUP"),
    // Last: it ends the column's session (an admin's ended already with their company).
    ("post", "/auth/logout", "{}", "UPPPUUUU"),
];

/// A column's caller and the person its requests are about.
struct Caller {
    token: Option<String>,
    subject: i64,
    subject_email: String,
}

/// A company with an admin, a manager, the manager's report and an employee who reports to
/// nobody; the caller of `column` in it (or in another company, or in an expired one).
async fn caller(app: &TestApp, column: usize) -> Caller {
    let admin_email = unique_email("admin");
    let admin = app.admin_of_new_company("Matrix Co", &admin_email).await;
    let company = app.company_of(&admin_email).await;
    let manager_email = unique_email("manager");
    let manager = app.add_person(company.id, &manager_email, Role::Manager, None).await;
    let report_email = unique_email("report");
    let report = app.add_person(company.id, &report_email, Role::Employee, Some(manager)).await;
    let stranger_email = unique_email("stranger");
    let stranger = app.add_person(company.id, &stranger_email, Role::Employee, None).await;
    let about =
        |subject: i64, email: &str, token: Option<String>| Caller { token, subject, subject_email: email.to_owned() };
    match column {
        0 => about(report, &report_email, None),
        1 => about(report, &report_email, Some(app.token_of(&stranger_email).await)),
        2 => about(report, &report_email, Some(app.token_of(&manager_email).await)),
        3 => about(stranger, &stranger_email, Some(app.token_of(&manager_email).await)),
        4 => about(report, &report_email, Some(admin)),
        5 => {
            let other = app.admin_of_new_company("Elsewhere Co", &unique_email("other")).await;
            about(report, &report_email, Some(other))
        }
        6 => {
            let token = app.token_of(&stranger_email).await;
            let fired =
                app.post_as(&admin, "/server/v1/manage/terminate-employee", serde_json::json!({"id": stranger})).await;
            assert_eq!(fired.status, 200);
            about(report, &report_email, Some(token))
        }
        _ => {
            let mut row: companies::ActiveModel =
                companies::Entity::find_by_id(company.id).one(&app.db).await.unwrap().unwrap().into();
            row.trial_end = Set(chrono::NaiveDate::from_ymd_opt(2020, 1, 1));
            row.update(&app.db).await.unwrap();
            about(report, &report_email, Some(admin))
        }
    }
}

fn meets(expected: char, status: u16, code: &str) -> bool {
    match expected {
        'U' => status == 401,
        'F' => status == 403 && code != "account_expired",
        'N' => status == 404,
        'P' => ![401, 403, 404].contains(&status) && status < 500,
        'A' => ![401, 403].contains(&status) && status < 500,
        'E' => status == 403 && code == "account_expired",
        other => panic!("unknown answer {other}"),
    }
}

#[actix_web::test]
async fn every_route_answers_each_kind_of_caller_as_the_matrix_says() {
    // Every registered route has its row, and every row is a registered route.
    let registered: Vec<(String, String)> = gateway::routes::all()
        .into_iter()
        .map(|(method, path)| (method.to_owned(), path.trim_start_matches("/server/v1").to_owned()))
        .collect();
    let rows: Vec<(String, String)> = MATRIX
        .iter()
        .map(|(method, path, _, _)| {
            let bare = path.split('?').next().unwrap().replace("999999", "{id}").replace("not-a-feed.ics", "{secret}");
            (method.to_string(), bare)
        })
        .collect();
    for route in &registered {
        assert!(rows.contains(route), "no row in the route × role matrix for {route:?}");
    }
    for row in &rows {
        assert!(registered.contains(row), "the matrix has a row for {row:?}, which is not registered");
    }

    // Nine companies are signed up from one address: more than the signup throttle allows.
    let app = spawn_app_with(AccountsConfig {
        signups_per_ip: accounts::throttle::ThrottleRule {
            max_failures: 100,
            window: chrono::Duration::hours(1),
            block_for: chrono::Duration::hours(1),
        },
        ..AccountsConfig::default()
    })
    .await;
    let mut wrong = Vec::new();
    for (column, name) in COLUMNS.iter().enumerate() {
        let who = caller(&app, column).await;
        for (method, path, body, answers) in MATRIX {
            let fill =
                |text: &str| text.replace("{emp}", &who.subject.to_string()).replace("{email}", &who.subject_email);
            let url = app.url(&format!("/server/v1{}", fill(path)));
            let mut request = match *method {
                "get" => app.client.get(url),
                _ => app.client.post(url),
            };
            if let Some(token) = &who.token {
                request = request.bearer_auth(token);
            }
            let mut response = if body.is_empty() {
                request.send().await.unwrap()
            } else {
                request.insert_header(("content-type", "application/json")).send_body(fill(body)).await.unwrap()
            };
            let status = response.status().as_u16();
            let reply: Value = response.json().limit(4 * 1024 * 1024).await.unwrap_or(Value::Null);
            let code = reply["code"].as_str().unwrap_or_default();
            let expected = answers.chars().nth(column).unwrap();
            if !meets(expected, status, code) {
                wrong.push(format!("{method} {path} as {name}: expected {expected}, got {status} {reply}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{} answers differ from the matrix:\n{}", wrong.len(), wrong.join("\n"));
}
