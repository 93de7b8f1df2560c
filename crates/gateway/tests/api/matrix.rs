//! The route × role matrix: every route the gateway registers, with what each kind of caller
//! gets. The test walks the server's own route table (`gateway::routes::all`), so a route added
//! without a row here fails it.
//!
//! Callers (the columns, in order): no token; an employee; a manager asking about their own
//! report; the same manager asking about someone who does not report to them; a company admin;
//! the admin of another company; a user terminated after signing in (their token); the admin of a
//! company whose trial has expired; a platform operator; the operator acting as the column
//! company's admin (an impersonation session). Each column runs in a fresh company of its own, the rows in
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

const COLUMNS: [&str; 10] = [
    "no token",
    "employee",
    "manager, own report",
    "manager, not own report",
    "admin",
    "other company's admin",
    "terminated",
    "expired trial",
    "operator",
    "operator as admin",
];

/// (method, path with query, JSON body, answers by column).
const MATRIX: &[(&str, &str, &str, &str)] = &[
    ("post", "/auth/login", "{}", "AAAAAAAAAA"),
    ("post", "/auth/login-code", "{}", "UPPPPPUEPP"),
    ("get", "/auth/login-data", "", "UPPPPPUPPP"),
    ("post", "/auth/reset-password", r#"{"email": "nobody@example.com"}"#, "AAAAAAAAAA"),
    ("post", "/auth/reset-password-now", r#"{"token": "x", "password": "brand-new-secret"}"#, "AAAAAAAAAA"),
    ("post", "/auth/change-my-password", "{}", "UPPPPPUEPF"),
    ("post", "/account/signup", "{}", "AAAAAAAAAA"),
    ("post", "/account/verify-email", "{}", "AAAAAAAAAA"),
    ("get", "/account/signup-data", "", "AAAAAAAAAA"),
    ("post", "/account/confirm-email-change", r#"{"token": "x"}"#, "AAAAAAAAAA"),
    ("get", "/account/blocked-writes", "", "AAAAAAAAAA"),
    ("get", "/v4sso/authorize?purpose=login", "", "AAAAAAAAAA"),
    ("get", "/v4sso/auth-callback?code=x&state=y", "", "AAAAAAAAAA"),
    ("get", "/account/embedding", "", "AAAAAAAAAA"),
    ("get", "/manage/employees", "", "UFPPPPUPFP"),
    ("get", "/manage/data", "", "UFPPPPUPFP"),
    ("get", "/manage/user-data?id={emp}", "", "UFPNPNUPFP"),
    ("get", "/manage/user-full-data?id={emp}", "", "UFPNPNUPFP"),
    (
        "post",
        "/manage/add-user",
        r#"{"id": {emp}, "firstname": "Test", "lastname": "Employee", "email": "{email}"}"#,
        "UFPNPNUEFP",
    ),
    ("post", "/manage/user-avatar", "{}", "UFAAAAUEFA"),
    ("post", "/manage/terminate-employee", r#"{"id": {emp}}"#, "UFFFPNUEFP"),
    ("post", "/manage/reactivate-account", r#"{"id": {emp}}"#, "UFPNPNUEFP"),
    ("post", "/manage/add-multiple-users", "[]", "UFPPPPUEFP"),
    ("get", "/manage/import-agencyzoom", "", "UFFFPPUPFP"),
    ("post", "/manage/import-agencyzoom", "{}", "UFFFPPUEFP"),
    ("get", "/manage/user-activities?id={emp}", "", "UFPNPNUPFP"),
    ("get", "/manage/activity-details?id=999999", "", "UFAAAAUAFA"),
    ("get", "/clock/status", "", "UPPPPPUPFP"),
    ("post", "/clock/start", "{}", "UAAAAAUEFA"),
    ("post", "/clock/take-break", "{}", "UAAAAAUEFA"),
    ("post", "/clock/resume-from-break", "{}", "UAAAAAUEFA"),
    ("post", "/clock/end", "{}", "UAAAAAUEFA"),
    ("post", "/clock/offline-press", "{}", "UAAAAAUEFA"),
    ("get", "/locations", "", "UFPPPPUPFP"),
    ("post", "/locations/save", r#"{"name": "Main Office"}"#, "UFFFPPUEFP"),
    ("post", "/locations/delete?id=999999", "", "UFFFAAUEFA"),
    ("post", "/locations/people?id=999999", "{}", "UFFFAAUEFA"),
    ("get", "/locations/of-person?eid={emp}", "", "UFPNPNUPFP"),
    ("post", "/locations/of-person?eid={emp}", "{}", "UFFFPNUEFP"),
    ("get", "/timesheet/list?start=2026-10-01&end=2026-10-07&employeeId={emp}", "", "UNPNPNUPFP"),
    ("get", "/timesheet/details?ts=999999", "", "UAAAAAUAFA"),
    ("get", "/timesheet/comments?ts=999999", "", "UAAAAAUAFA"),
    ("get", "/timesheet/changes?ts=999999", "", "UAAAAAUAFA"),
    ("get", "/timesheet/requests?ts=999999", "", "UAAAAAUAFA"),
    ("post", "/timesheet/add-comment", r#"{"entryId": 999999, "comment": "x"}"#, "UAAAAAUEFA"),
    (
        "post",
        "/timesheet/edit-request",
        r#"{"trackingNumber": 999999, "changeType": "out", "end": "2026-10-05 18:00:00", "comment": "x"}"#,
        "UAAAAAUEFA",
    ),
    ("post", "/timesheet/edit-request-cancel?reqId=999999", "{}", "UAAAAAUEFA"),
    ("post", "/timesheet/edit-request-approve", r#"{"reqId": 999999}"#, "UFAAAAUEFA"),
    ("post", "/timesheet/edit-request-reject", r#"{"reqId": 999999, "comment": "no"}"#, "UFAAAAUEFA"),
    (
        "post",
        "/timesheet/edit",
        r#"{"employeeId": {emp}, "start": "2026-10-05 09:00:00", "end": "2026-10-05 17:00:00"}"#,
        "UFPNPNUEFP",
    ),
    ("post", "/timesheet/remove?ts=999999", "{}", "UFFFAAUEFA"),
    ("get", "/timesheet/paycycle-clocked-hours?employeeId={emp}", "", "UNPNPNUPFP"),
    ("get", "/timesheet/paycycle-overtime-hours?employeeId={emp}", "", "UNPNPNUPFP"),
    ("get", "/timesheet/pay-hours?start=2026-10-04&end=2026-10-10&employeeId={emp}", "", "UNPNPNUPFP"),
    ("get", "/timesheet/team?span=payPeriod", "", "UFPPPPUPFP"),
    ("post", "/timesheet/approve-period", r#"{"employeeIds": [{emp}], "date": "2026-10-05"}"#, "UFPNPNUEFP"),
    ("get", "/settings/data", "", "UFPPPPUPFP"),
    ("post", "/settings/update", "{}", "UFFFPPUEFP"),
    ("get", "/settings/overtime", "", "UFPPPPUPFP"),
    ("post", "/settings/update-overtime", r#"{"effectiveFrom": "2026-10-01", "jurisdiction": "us-pr"}"#, "UFFFPPUEFP"),
    ("get", "/settings/employee-overtime?id={emp}", "", "UFPNPNUPFP"),
    (
        "post",
        "/settings/update-employee-overtime",
        r#"{"employeeId": {emp}, "effectiveFrom": "2026-10-01", "jurisdiction": "us-pr"}"#,
        "UFFFPNUEFP",
    ),
    ("post", "/settings/update-role-type", r#"{"name": "Matrix Role"}"#, "UFPPPPUEFP"),
    ("post", "/settings/inactive-role-type", r#"{"id": 999999}"#, "UFAAAAUEFA"),
    ("post", "/settings/update-pto-type", r#"{"name": "Matrix Type"}"#, "UFFFPPUEFP"),
    ("post", "/settings/inactive-pto-type?id=999999", "", "UFFFAAUEFA"),
    ("post", "/settings/update-event-type", r#"{"name": "Matrix Event"}"#, "UFPPPPUEFP"),
    ("post", "/settings/inactive-event-type?id=999999", "", "UFAAAAUEFA"),
    ("post", "/settings/update-doc-type", r#"{"name": "Matrix Doc", "onboardingDoc": 1}"#, "UFPPPPUEFP"),
    ("post", "/settings/inactive-doc-type?id=999999", "", "UFAAAAUEFA"),
    ("post", "/settings/update-policy-type", r#"{"name": "Matrix Policy"}"#, "UFPPPPUEFP"),
    ("post", "/settings/inactive-policy-type?id=999999", "", "UFAAAAUEFA"),
    ("get", "/manage/user-events?id={emp}", "", "UFPNPNUPFP"),
    ("get", "/manage/event?id=999999", "", "UFAAAAUAFA"),
    ("post", "/manage/add-event", "{}", "UFAAAAUEFA"),
    ("post", "/manage/delete-event", r#"{"id": 999999}"#, "UFAAAAUEFA"),
    ("get", "/manage/user-docs?id={emp}", "", "UFPNPNUPFP"),
    ("get", "/manage/doc?id=999999", "", "UFAAAAUAFA"),
    ("post", "/manage/add-doc", "{}", "UFAAAAUEFA"),
    ("post", "/manage/delete-doc", r#"{"id": 999999}"#, "UFAAAAUEFA"),
    ("get", "/manage/doc-requests?id={emp}", "", "UFPNPNUPFP"),
    (
        "post",
        "/manage/add-doc-request",
        r#"{"employeeId": {emp}, "docTypeId": 999999, "dueDate": "2099-01-01"}"#,
        "UFPNPNUEFP",
    ),
    ("post", "/manage/cancel-doc-request", r#"{"id": 999999}"#, "UFAAAAUEFA"),
    ("get", "/profile/my-tasks", "", "UPPPPPUPFP"),
    ("get", "/profile/my-events", "", "UPPPPPUPFP"),
    ("get", "/profile/my-docs", "", "UPPPPPUPFP"),
    ("get", "/profile/event-review-detail?id=999999", "", "UAAAAAUAFA"),
    ("post", "/profile/affirm-event", r#"{"id": 999999}"#, "UAAAAAUEFA"),
    ("post", "/profile/add-doc", "{}", "UAAAAAUEFA"),
    ("post", "/doc/view", r#"{"id": 999999}"#, "UAAAAAUAFA"),
    ("post", "/doc/event", r#"{"id": 999999}"#, "UAAAAAUAFA"),
    ("get", "/policy/policies", "", "UFPPPPUPFP"),
    ("post", "/policy/add-policy", "{}", "UFAAAAUEFA"),
    ("get", "/policy/policy?id=999999", "", "UFAAAAUAFA"),
    ("post", "/policy/remove-doc", r#"{"id": 999999}"#, "UFAAAAUEFA"),
    ("post", "/policy/publish", "{}", "UFAAAAUEFA"),
    ("post", "/policy/delete", r#"{"id": 999999}"#, "UFAAAAUEFA"),
    ("get", "/policy/workflow?id=999999", "", "UFAAAAUAFA"),
    ("post", "/policy/workflow-reminder", r#"{"id": 999999}"#, "UFAAAAUEFA"),
    ("post", "/policy/stop-workflow", r#"{"id": 999999}"#, "UFAAAAUEFA"),
    ("get", "/refdata/admin", "", "UFPPPPUPFP"),
    ("get", "/refdata/onboarding-status", "", "UFPPPPUPFP"),
    ("get", "/profile/hr-policies-and-procedures", "", "UPPPPPUPFP"),
    ("get", "/profile/policy-review-detail?id=999999", "", "UAAAAAUAFA"),
    ("post", "/profile/affirm-policy", r#"{"id": 999999}"#, "UAAAAAUEFA"),
    ("post", "/doc/policy", r#"{"id": 999999}"#, "UAAAAAUAFA"),
    ("get", "/pto-manage/data", "", "UFPPPPUPFP"),
    ("get", "/pto-manage/plan-employees?ptoPolicyId=999999", "", "UFAAAAUAFA"),
    ("post", "/settings/save-pto-plan", "{}", "UFFFAAUEFA"),
    ("post", "/settings/update-pto-policy", "{}", "UFFFAAUEFA"),
    ("post", "/settings/inactive-pto-policy?id=999999", "", "UFFFAAUEFA"),
    ("post", "/settings/update-pto-rule", "{}", "UFFFAAUEFA"),
    ("post", "/settings/inactive-pto-rule?id=999999", "", "UFFFAAUEFA"),
    ("get", "/manage/employee-pto?id={emp}", "", "UNPNPNUPFP"),
    ("get", "/pto/employee-pto-types?id={emp}", "", "UNPNPNUPFP"),
    ("post", "/manage/manually-add-pto", "{}", "UFFFAAUEFA"),
    ("post", "/manage/employee-pto-assumed-hours", "{}", "UFFFAAUEFA"),
    ("post", "/manage/remove-manual-pto-addition", r#"{"id": 999999}"#, "UFFFAAUEFA"),
    ("post", "/settings/get-balance-detail", "{}", "UFFFAAUEFA"),
    ("post", "/settings/switch-pto-plan", "{}", "UFFFAAUEFA"),
    ("post", "/manage/save-employee-pto-types", "{}", "UFFFAAUEFA"),
    ("post", "/manage/delete-pto-plan-switch-history", r#"{"id": 999999}"#, "UFFFAAUEFA"),
    ("get", "/pto-manage/allocation", "", "UFFFPPUPFP"),
    ("get", "/pto-manage/sick-leave-laws", "", "UFFFPPUPFP"),
    ("post", "/pto-manage/sick-leave-check", "{}", "UFFFPPUEFP"),
    ("get", "/pto-manage/sick-leave-compliance", "", "UFFFPPUPFP"),
    ("get", "/pto-manage/accrual-health", "", "UFFFPPUPFP"),
    ("get", "/holiday/list", "", "UPPPPPUPFP"),
    ("get", "/holiday/list-for-employee?employeeId={emp}", "", "UNPNPNUPFP"),
    ("post", "/holiday/add", "{}", "UFFFAAUEFA"),
    ("post", "/holiday/save-employee-holidays", r#"{"employeeId": {emp}, "holidays": []}"#, "UFFFPNUEFP"),
    ("get", "/holiday/get?id=999999", "", "UAAAAAUAFA"),
    ("post", "/holiday/delete", r#"{"id": 999999}"#, "UFFFAAUEFA"),
    ("post", "/holiday/create-defaults", "", "UFFFAAUEFA"),
    ("get", "/pto/data?eid={emp}", "", "UNPNPNUPFP"),
    ("get", "/pto/history?eid={emp}", "", "UNPNPNUPFP"),
    ("get", "/pto/balance?eid={emp}", "", "UNPNPNUPFP"),
    ("get", "/pto/balance-explanation?eid={emp}", "", "UNPNPNUPFP"),
    (
        "post",
        "/pto/validate-balance",
        r#"{"employeeId": {emp}, "ptoType": 999999, "start": "2026-12-01"}"#,
        "UNPNPNUEFP",
    ),
    ("post", "/pto/request", r#"{"employeeId": {emp}, "ptoType": 999999, "start": "2026-12-01"}"#, "UNPNPNUEFP"),
    ("post", "/pto/cancel-request?id=999999", "", "UAAAAAUEFA"),
    ("post", "/pto/approve-timeoff", r#"{"request": 999999}"#, "UFAAAAUEFA"),
    ("post", "/pto/reject-timeoff", r#"{"request": 999999, "comment": "no"}"#, "UFAAAAUEFA"),
    ("get", "/pto/agenda", "", "UPPPPPUPFP"),
    ("get", "/pto/paycycle-approved-pto-hours", "", "UFPPPPUPFP"),
    ("get", "/contacts/list?eid={emp}", "", "UNPNPNUPFP"),
    ("get", "/contacts/get?id=999999&eid={emp}", "", "UNANANUAFA"),
    (
        "post",
        "/contacts/add",
        r#"{"eid": {emp}, "firstname": "Kim", "lastname": "Lee", "relationship": "Relative", "phone": "555 010 2030"}"#,
        "UNFNPNUEFP",
    ),
    ("post", "/contacts/delete", r#"{"id": 999999, "eid": {emp}}"#, "UNFNANUEFA"),
    ("get", "/profile/mine", "", "UPPPPPUPFP"),
    ("post", "/profile/update", "{}", "UPPPPPUEFF"),
    ("post", "/profile/update-avatar", "{}", "UPPPPPUEFP"),
    ("post", "/profile/remove-avatar", "{}", "UPPPPPUEFP"),
    ("post", "/profile/complete-joyride", "{}", "UPPPPPUEFF"),
    ("get", "/team/mine", "", "UPPPPPUPFP"),
    ("get", "/company/profile", "", "UFPPPPUPFP"),
    ("post", "/company/update", "{}", "UFFFPPUEFP"),
    ("post", "/company/logo", "{}", "UFFFPPUEFP"),
    ("get", "/files/999999", "", "UAAAAAUAFA"),
    ("get", "/dashboard/data", "", "UFPPPPUPFP"),
    ("get", "/dashboard/employee-hours", "", "UFPPPPUPFP"),
    ("get", "/dashboard/pending-requests", "", "UFPPPPUPFP"),
    ("get", "/dashboard/approaching-overtime", "", "UFPPPPUPFP"),
    ("get", "/dashboard/daily-hours", "", "UFPPPPUPFP"),
    ("get", "/calendar-event/get-calendar-event-info?id=999999", "", "UAAAAAUAFA"),
    ("get", "/calendar-event/employees", "", "UPPPPPUPFP"),
    (
        "post",
        "/calendar-event/add-event",
        r#"{"eventName": "Lunch", "startDate": "2026-12-01 12:00:00", "endDate": "2026-12-01 13:00:00"}"#,
        "UPPPPPUEFP",
    ),
    (
        "post",
        "/calendar-event/update-event",
        r#"{"id": 999999, "eventName": "Lunch", "startDate": "2026-12-01 12:00:00", "endDate": "2026-12-01 13:00:00"}"#,
        "UAAAAAUEFA",
    ),
    ("post", "/calendar-event/del-calendar-event", r#"{"id": 999999}"#, "UAAAAAUEFA"),
    ("get", "/calendar-feed/mine", "", "UPPPPPUPFF"),
    ("post", "/calendar-feed/reset", "{}", "UPPPPPUEFF"),
    ("get", "/calendar-feed/not-a-feed.ics", "", "NNNNNNNNNN"),
    ("get", "/celebration/next-celebrations", "", "UPPPPPUPFP"),
    ("get", "/celebration/get-system-messages", "", "UPPPPPUPFP"),
    ("get", "/celebration/get-celebration-message?employeeId={emp}&type=BIRTHDAY", "", "UFPNPNUPFP"),
    ("get", "/celebration/get-company-celebration-message?type=BIRTHDAY", "", "UFFFPPUPFP"),
    ("get", "/celebration/delete-custom-celebration-message?id=999999", "", "UFAAAAUEFA"),
    ("get", "/celebration/delete-custom-company-celebration-message?id=999999", "", "UFFFAAUEFA"),
    (
        "post",
        "/celebration/save-celebration-message",
        r#"{"employeeId": {emp}, "type": "BIRTHDAY", "message": "Happy birthday!"}"#,
        "UFPNPNUEFP",
    ),
    ("post", "/celebration/save-company-celebration-message", r#"{"type": "BIRTHDAY", "message": "Hi"}"#, "UFFFPPUEFP"),
    ("post", "/celebration/email-now?type=BIRTHDAY", r#"{"employeeId": {emp}}"#, "UFPNPNUEFP"),
    ("get", "/report/data", "", "UFPPPPUPFP"),
    ("get", "/report/summary-report-data?start=2026-10-01&end=2026-10-31&empids={emp}", "", "UFPNPNUPFP"),
    ("get", "/report/timesheet-report-data?start=2026-10-01&end=2026-10-31&empids={emp}", "", "UFPNPNUPFP"),
    ("get", "/report/pto-report-data?start=2026-10-01&end=2026-10-31&empids={emp}", "", "UFPNPNUPFP"),
    ("get", "/report/export?type=summary&format=xlsx&start=2026-10-01&end=2026-10-31&empids={emp}", "", "UFPNPNUPFP"),
    ("get", "/report/payroll-export?date=2026-10-15&empids={emp}", "", "UFPNPNUPFP"),
    ("get", "/report/pay-periods", "", "UFPPPPUPFP"),
    ("get", "/inbox/data", "", "UFPPPPUPFP"),
    ("get", "/dashboard/setup", "", "UFFFPPUPFP"),
    ("post", "/dashboard/setup-dismiss", r#"{"dismissed": true}"#, "UFFFPPUEFP"),
    ("get", "/openapi.json", "", "AAAAAAAAAA"),
    ("get", "/myaccount/data?sessionId=cs_x", "", "UFFFPPUPFP"),
    ("get", "/myaccount/charges?page=1", "", "UFFFPPUPFP"),
    ("post", "/myaccount/activate", r#"{"token": "cs_x"}"#, "UFFFPPUPFP"),
    ("post", "/myaccount/update-card", r#"{"token": "cs_x"}"#, "UFFFPPUPFP"),
    ("post", "/billing/webhook", "{}", "AAAAAAAAAA"),
    // Next to last: it closes an admin's company, and with it every session of theirs.
    // The system area: only the operator (column 8) gets through; `{company}` is the column's
    // company, `{email}` its subject. Rows of each part of the area go under its marker.
    ("get", "/system/audit", "", "UNNNNNUNPN"),
    // The operator column starts an impersonation here; its own session goes on.
    ("post", "/system/impersonate", r#"{"email": "{email}"}"#, "UNNNNNUNPN"),
    // system: customers
    ("get", "/system/companies?status=trial&sort=users", "", "UNNNNNUNPN"),
    ("get", "/system/company?id={company}", "", "UNNNNNUNPN"),
    ("post", "/system/update-company", r#"{"id": {company}, "name": "Matrix Co"}"#, "UNNNNNUNPN"),
    // Suspended, then active again: the column's later rows still act on a working company.
    ("post", "/system/suspend-company", r#"{"companyId": {company}}"#, "UNNNNNUNPN"),
    ("post", "/system/active-company", r#"{"companyId": {company}}"#, "UNNNNNUNPN"),
    // The wrong name: refused (400), the company stays.
    ("post", "/system/delete-company", r#"{"companyId": {company}, "name": "Not Matrix Co"}"#, "UNNNNNUNPN"),
    ("get", "/system/charges?companyId={company}", "", "UNNNNNUNPN"),
    ("get", "/system/charge-attempts?chargeId=999999", "", "UNNNNNUNAN"),
    ("post", "/system/retry-charge", r#"{"id": 999999}"#, "UNNNNNUNAN"),
    ("post", "/system/charge-today", r#"{"companyId": {company}}"#, "UNNNNNUNPN"),
    ("post", "/system/charge-next", r#"{"companyId": {company}}"#, "UNNNNNUNPN"),
    // system: people
    ("get", "/system/stats?sort=employees", "", "UNNNNNUNPN"),
    ("get", "/system/accrual-health", "", "UNNNNNUNPN"),
    ("get", "/system/export-stats", "", "UNNNNNUNPN"),
    ("get", "/system/employees?q=test", "", "UNNNNNUNPN"),
    ("get", "/system/queryuser?email={email}", "", "UNNNNNUNPN"),
    ("post", "/system/update-password", r#"{"email": "{email}", "mode": "link"}"#, "UNNNNNUNPN"),
    ("get", "/system/export-all-users", "", "UNNNNNUNPN"),
    // system: promotions
    ("get", "/system/promots", "", "UNNNNNUNPN"),
    ("get", "/system/promot?id=999999", "", "UNNNNNUNAN"),
    ("post", "/system/save-promot", "{}", "UNNNNNUNPN"),
    ("post", "/system/update-promot", r#"{"id": 999999}"#, "UNNNNNUNAN"),
    ("post", "/system/delete-promot", r#"{"id": 999999}"#, "UNNNNNUNAN"),
    ("get", "/system/promot-companies?code=NOPE", "", "UNNNNNUNAN"),
    ("post", "/myaccount/cancel", "", "UFFFPPUPFP"),
    // Last: it ends the column's session (an admin's ended already with their company).
    ("post", "/auth/exit-impersonation-mode", "{}", "UPPPUUUUPU"),
    ("post", "/auth/logout", "{}", "UPPPUUUUPU"),
];

/// A column's caller and the person its requests are about.
struct Caller {
    token: Option<String>,
    subject: i64,
    subject_email: String,
    company: i64,
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
    let about = |subject: i64, email: &str, token: Option<String>| Caller {
        token,
        subject,
        subject_email: email.to_owned(),
        company: company.id.0,
    };
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
        8 => about(report, &report_email, Some(app.operator_token().await)),
        9 => {
            let operator = app.operator_token().await;
            about(report, &report_email, Some(app.impersonate(&operator, &admin_email).await))
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

/// The probes outside the API (`/healthz`, `/readyz`: `routes::health`), registered beside
/// `routes::all` and listed in the OpenAPI document (the contract test checks both). They have no
/// guard on purpose: a load balancer calls them without a token, and they tell nothing but
/// "ok" / "ready". Every caller gets the same 200.
const PROBES: &[(&str, &str)] = &[("/healthz", "ok"), ("/readyz", "ready")];

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
            let fill = |text: &str| {
                text.replace("{emp}", &who.subject.to_string())
                    .replace("{email}", &who.subject_email)
                    .replace("{company}", &who.company.to_string())
            };
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
        for (path, answer) in PROBES {
            let mut request = app.client.get(app.url(path));
            if let Some(token) = &who.token {
                request = request.bearer_auth(token);
            }
            let mut response = request.send().await.unwrap();
            let status = response.status().as_u16();
            let reply: Value = response.json().await.unwrap_or(Value::Null);
            if (status, reply["status"].as_str()) != (200, Some(*answer)) {
                wrong.push(format!("get {path} as {name}: expected 200 {answer}, got {status} {reply}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{} answers differ from the matrix:\n{}", wrong.len(), wrong.join("\n"));
}
