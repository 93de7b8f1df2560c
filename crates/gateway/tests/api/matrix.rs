//! The route × role matrix: every route the gateway registers, with what each kind of caller
//! gets. The test walks the server's own route table (`gateway::routes::all`), so a route added
//! without a row here fails it.
//!
//! Callers (the columns, in order): no token; an employee; a manager asking about their own
//! report; the same manager asking about someone who does not report to them; a company admin;
//! the admin of another company; a user terminated after signing in (their token); the admin of a
//! company whose trial has expired; a platform operator; the operator acting as the column
//! company's admin (an impersonation session); a kiosk of the company (its device credential,
//! `Authorization: Kiosk …`, and no session); a company API key with every scope (`Bearer tk_…`,
//! acting as the admin: through on the routes a scope opens, 403 elsewhere, 404 in the system
//! area). Each column runs in a fresh company of its own, the rows in
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

const COLUMNS: [&str; 12] = [
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
    "kiosk",
    "API key",
];

/// (method, path with query, JSON body, answers by column).
const MATRIX: &[(&str, &str, &str, &str)] = &[
    ("post", "/auth/login", "{}", "AAAAAAAAAAAA"),
    ("post", "/auth/login-code", "{}", "UPPPPPUEPPUF"),
    ("get", "/auth/login-data", "", "UPPPPPUPPPUF"),
    ("post", "/auth/reset-password", r#"{"email": "nobody@example.com"}"#, "AAAAAAAAAAAA"),
    ("post", "/auth/reset-password-now", r#"{"token": "x", "password": "brand-new-secret"}"#, "AAAAAAAAAAAA"),
    ("post", "/auth/change-my-password", "{}", "UPPPPPUEPFUF"),
    ("post", "/auth/two-factor", "{}", "AAAAAAAAAAAA"),
    ("post", "/auth/two-factor/setup", "{}", "AAAAAAAAAAAA"),
    ("get", "/account/two-factor", "", "UPPPPPUPPPUF"),
    ("post", "/account/two-factor/setup", "{}", "UPPPPPUEPFUF"),
    ("post", "/account/two-factor/enable", "{}", "UPPPPPUEPFUF"),
    ("post", "/account/two-factor/disable", "{}", "UPPPPPUEPFUF"),
    ("post", "/account/two-factor/recovery-codes", "{}", "UPPPPPUEPFUF"),
    ("post", "/account/signup", "{}", "AAAAAAAAAAAA"),
    ("post", "/account/verify-email", "{}", "AAAAAAAAAAAA"),
    ("get", "/account/signup-data", "", "AAAAAAAAAAAA"),
    ("post", "/account/confirm-email-change", r#"{"token": "x"}"#, "AAAAAAAAAAAA"),
    ("get", "/account/blocked-writes", "", "AAAAAAAAAAAA"),
    ("get", "/v4sso/authorize?purpose=login", "", "AAAAAAAAAAAA"),
    ("get", "/v4sso/auth-callback?code=x&state=y", "", "AAAAAAAAAAAA"),
    ("get", "/account/embedding", "", "AAAAAAAAAAAA"),
    ("get", "/manage/employees", "", "UFPPPPUPFPUP"),
    ("get", "/manage/data", "", "UFPPPPUPFPUF"),
    ("get", "/manage/user-data?id={emp}", "", "UFPNPNUPFPUP"),
    ("get", "/manage/user-full-data?id={emp}", "", "UFPNPNUPFPUP"),
    (
        "post",
        "/manage/add-user",
        r#"{"id": {emp}, "firstname": "Test", "lastname": "Employee", "email": "{email}"}"#,
        "UFPNPNUEFPUF",
    ),
    ("post", "/manage/user-avatar", "{}", "UFAAAAUEFAUF"),
    ("post", "/manage/terminate-employee", r#"{"id": {emp}}"#, "UFFFPNUEFPUF"),
    ("post", "/manage/reactivate-account", r#"{"id": {emp}}"#, "UFPNPNUEFPUF"),
    ("post", "/manage/add-multiple-users", "[]", "UFPPPPUEFPUF"),
    ("get", "/manage/import-agencyzoom", "", "UFFFPPUPFPUF"),
    ("post", "/manage/import-agencyzoom", "{}", "UFFFPPUEFPUF"),
    ("get", "/manage/user-activities?id={emp}", "", "UFPNPNUPFPUF"),
    ("get", "/manage/activity-details?id=999999", "", "UFAAAAUAFAUF"),
    ("get", "/clock/status", "", "UPPPPPUPFPUF"),
    ("post", "/clock/start", "{}", "UAAAAAUEFAUF"),
    ("post", "/clock/take-break", "{}", "UAAAAAUEFAUF"),
    ("post", "/clock/resume-from-break", "{}", "UAAAAAUEFAUF"),
    ("post", "/clock/end", "{}", "UAAAAAUEFAUF"),
    ("post", "/clock/offline-press", "{}", "UAAAAAUEFAUF"),
    ("get", "/locations", "", "UFPPPPUPFPUF"),
    ("get", "/kiosks", "", "UFFFPPUPFPUF"),
    ("post", "/kiosks/register", "{}", "UFFFAAUEFAUF"),
    ("post", "/kiosks/revoke?id=999999", "", "UFFFAAUEFAUF"),
    ("post", "/kiosks/reset-pin?eid={emp}", r#"{"pin": "4711"}"#, "UFFFPNUEFPUF"),
    ("get", "/clock/pin", "", "UPPPPPUPFPUF"),
    ("post", "/clock/pin", r#"{"pin": "4711"}"#, "UPPPPPUEFPUF"),
    ("get", "/kiosk/roster", "", "UUUUUUUUUUPU"),
    ("post", "/kiosk/press", "{}", "UUUUUUUUUUAU"),
    ("post", "/kiosk/leave", "{}", "UUUUUUUUUUAU"),
    ("post", "/locations/save", r#"{"name": "Main Office"}"#, "UFFFPPUEFPUF"),
    ("post", "/locations/delete?id=999999", "", "UFFFAAUEFAUF"),
    ("post", "/locations/people?id=999999", "{}", "UFFFAAUEFAUF"),
    ("get", "/locations/of-person?eid={emp}", "", "UFPNPNUPFPUF"),
    ("post", "/locations/of-person?eid={emp}", "{}", "UFFFPNUEFPUF"),
    ("get", "/timesheet/list?start=2026-10-01&end=2026-10-07&employeeId={emp}", "", "UNPNPNUPFPUP"),
    ("get", "/timesheet/details?ts=999999", "", "UAAAAAUAFAUA"),
    ("get", "/timesheet/comments?ts=999999", "", "UAAAAAUAFAUF"),
    ("get", "/timesheet/changes?ts=999999", "", "UAAAAAUAFAUF"),
    ("get", "/timesheet/requests?ts=999999", "", "UAAAAAUAFAUF"),
    ("post", "/timesheet/add-comment", r#"{"entryId": 999999, "comment": "x"}"#, "UAAAAAUEFAUF"),
    (
        "post",
        "/timesheet/edit-request",
        r#"{"trackingNumber": 999999, "changeType": "out", "end": "2026-10-05 18:00:00", "comment": "x"}"#,
        "UAAAAAUEFAUF",
    ),
    ("post", "/timesheet/edit-request-cancel?reqId=999999", "{}", "UAAAAAUEFAUF"),
    ("post", "/timesheet/edit-request-approve", r#"{"reqId": 999999}"#, "UFAAAAUEFAUF"),
    ("post", "/timesheet/edit-request-reject", r#"{"reqId": 999999, "comment": "no"}"#, "UFAAAAUEFAUF"),
    (
        "post",
        "/timesheet/edit",
        r#"{"employeeId": {emp}, "start": "2026-10-05 09:00:00", "end": "2026-10-05 17:00:00"}"#,
        "UFPNPNUEFPUP",
    ),
    ("post", "/timesheet/remove?ts=999999", "{}", "UFFFAAUEFAUA"),
    ("get", "/timesheet/paycycle-clocked-hours?employeeId={emp}", "", "UNPNPNUPFPUP"),
    ("get", "/timesheet/paycycle-overtime-hours?employeeId={emp}", "", "UNPNPNUPFPUP"),
    ("get", "/timesheet/pay-hours?start=2026-10-04&end=2026-10-10&employeeId={emp}", "", "UNPNPNUPFPUP"),
    ("get", "/timesheet/team?span=payPeriod", "", "UFPPPPUPFPUP"),
    ("post", "/timesheet/approve-period", r#"{"employeeIds": [{emp}], "date": "2026-10-05"}"#, "UFPNPNUEFPUF"),
    ("get", "/timesheet/missed", "", "UFPPPPUPFPUF"),
    ("post", "/timesheet/missed-accept?ts=999999", "", "UFAAAAUEFAUF"),
    ("get", "/settings/data", "", "UFPPPPUPFPUF"),
    ("post", "/settings/update", "{}", "UFFFPPUEFPUF"),
    ("get", "/settings/overtime", "", "UFPPPPUPFPUF"),
    (
        "post",
        "/settings/update-overtime",
        r#"{"effectiveFrom": "2026-10-01", "jurisdiction": "us-pr"}"#,
        "UFFFPPUEFPUF",
    ),
    ("get", "/settings/employee-overtime?id={emp}", "", "UFPNPNUPFPUF"),
    (
        "post",
        "/settings/update-employee-overtime",
        r#"{"employeeId": {emp}, "effectiveFrom": "2026-10-01", "jurisdiction": "us-pr"}"#,
        "UFFFPNUEFPUF",
    ),
    ("post", "/settings/update-role-type", r#"{"name": "Matrix Role"}"#, "UFPPPPUEFPUF"),
    ("post", "/settings/inactive-role-type", r#"{"id": 999999}"#, "UFAAAAUEFAUF"),
    ("post", "/settings/update-pto-type", r#"{"name": "Matrix Type"}"#, "UFFFPPUEFPUF"),
    ("post", "/settings/inactive-pto-type?id=999999", "", "UFFFAAUEFAUF"),
    ("post", "/settings/update-event-type", r#"{"name": "Matrix Event"}"#, "UFPPPPUEFPUF"),
    ("post", "/settings/inactive-event-type?id=999999", "", "UFAAAAUEFAUF"),
    ("post", "/settings/update-doc-type", r#"{"name": "Matrix Doc", "onboardingDoc": 1}"#, "UFPPPPUEFPUF"),
    ("post", "/settings/inactive-doc-type?id=999999", "", "UFAAAAUEFAUF"),
    ("post", "/settings/update-policy-type", r#"{"name": "Matrix Policy"}"#, "UFPPPPUEFPUF"),
    ("post", "/settings/inactive-policy-type?id=999999", "", "UFAAAAUEFAUF"),
    ("get", "/manage/user-events?id={emp}", "", "UFPNPNUPFPUF"),
    ("get", "/manage/event?id=999999", "", "UFAAAAUAFAUF"),
    ("post", "/manage/add-event", "{}", "UFAAAAUEFAUF"),
    ("post", "/manage/delete-event", r#"{"id": 999999}"#, "UFAAAAUEFAUF"),
    ("get", "/manage/user-docs?id={emp}", "", "UFPNPNUPFPUF"),
    ("get", "/manage/doc?id=999999", "", "UFAAAAUAFAUF"),
    ("post", "/manage/add-doc", "{}", "UFAAAAUEFAUF"),
    ("post", "/manage/delete-doc", r#"{"id": 999999}"#, "UFAAAAUEFAUF"),
    ("get", "/manage/doc-requests?id={emp}", "", "UFPNPNUPFPUF"),
    (
        "post",
        "/manage/add-doc-request",
        r#"{"employeeId": {emp}, "docTypeId": 999999, "dueDate": "2099-01-01"}"#,
        "UFPNPNUEFPUF",
    ),
    ("post", "/manage/cancel-doc-request", r#"{"id": 999999}"#, "UFAAAAUEFAUF"),
    ("get", "/profile/my-tasks", "", "UPPPPPUPFPUF"),
    ("get", "/profile/my-events", "", "UPPPPPUPFPUF"),
    ("get", "/profile/my-docs", "", "UPPPPPUPFPUF"),
    ("get", "/profile/event-review-detail?id=999999", "", "UAAAAAUAFAUF"),
    ("post", "/profile/affirm-event", r#"{"id": 999999}"#, "UAAAAAUEFAUF"),
    ("post", "/profile/add-doc", "{}", "UAAAAAUEFAUF"),
    ("post", "/doc/view", r#"{"id": 999999}"#, "UAAAAAUAFAUF"),
    ("post", "/doc/event", r#"{"id": 999999}"#, "UAAAAAUAFAUF"),
    ("get", "/policy/policies", "", "UFPPPPUPFPUF"),
    ("post", "/policy/add-policy", "{}", "UFAAAAUEFAUF"),
    ("get", "/policy/policy?id=999999", "", "UFAAAAUAFAUF"),
    ("post", "/policy/remove-doc", r#"{"id": 999999}"#, "UFAAAAUEFAUF"),
    ("post", "/policy/publish", "{}", "UFAAAAUEFAUF"),
    ("post", "/policy/delete", r#"{"id": 999999}"#, "UFAAAAUEFAUF"),
    ("get", "/policy/workflow?id=999999", "", "UFAAAAUAFAUF"),
    ("post", "/policy/workflow-reminder", r#"{"id": 999999}"#, "UFAAAAUEFAUF"),
    ("post", "/policy/stop-workflow", r#"{"id": 999999}"#, "UFAAAAUEFAUF"),
    ("get", "/refdata/admin", "", "UFPPPPUPFPUF"),
    ("get", "/refdata/onboarding-status", "", "UFPPPPUPFPUF"),
    ("get", "/profile/hr-policies-and-procedures", "", "UPPPPPUPFPUF"),
    ("get", "/profile/policy-review-detail?id=999999", "", "UAAAAAUAFAUF"),
    ("post", "/profile/affirm-policy", r#"{"id": 999999}"#, "UAAAAAUEFAUF"),
    ("post", "/doc/policy", r#"{"id": 999999}"#, "UAAAAAUAFAUF"),
    ("get", "/pto-manage/data", "", "UFPPPPUPFPUF"),
    ("get", "/pto-manage/plan-employees?ptoPolicyId=999999", "", "UFAAAAUAFAUF"),
    ("post", "/settings/save-pto-plan", "{}", "UFFFAAUEFAUF"),
    ("post", "/settings/update-pto-policy", "{}", "UFFFAAUEFAUF"),
    ("post", "/settings/inactive-pto-policy?id=999999", "", "UFFFAAUEFAUF"),
    ("post", "/settings/update-pto-rule", "{}", "UFFFAAUEFAUF"),
    ("post", "/settings/inactive-pto-rule?id=999999", "", "UFFFAAUEFAUF"),
    ("get", "/manage/employee-pto?id={emp}", "", "UNPNPNUPFPUP"),
    ("get", "/pto/employee-pto-types?id={emp}", "", "UNPNPNUPFPUF"),
    ("post", "/manage/manually-add-pto", "{}", "UFFFAAUEFAUA"),
    ("post", "/manage/employee-pto-assumed-hours", "{}", "UFFFAAUEFAUF"),
    ("post", "/manage/remove-manual-pto-addition", r#"{"id": 999999}"#, "UFFFAAUEFAUF"),
    ("post", "/settings/get-balance-detail", "{}", "UFFFAAUEFAUF"),
    ("post", "/settings/switch-pto-plan", "{}", "UFFFAAUEFAUF"),
    ("post", "/manage/save-employee-pto-types", "{}", "UFFFAAUEFAUF"),
    ("post", "/manage/delete-pto-plan-switch-history", r#"{"id": 999999}"#, "UFFFAAUEFAUF"),
    ("get", "/pto-manage/allocation", "", "UFFFPPUPFPUF"),
    ("get", "/pto-manage/sick-leave-laws", "", "UFFFPPUPFPUF"),
    ("post", "/pto-manage/sick-leave-check", "{}", "UFFFPPUEFPUF"),
    ("get", "/pto-manage/sick-leave-compliance", "", "UFFFPPUPFPUF"),
    ("get", "/pto-manage/accrual-health", "", "UFFFPPUPFPUF"),
    ("get", "/holiday/list", "", "UPPPPPUPFPUP"),
    ("get", "/holiday/list-for-employee?employeeId={emp}", "", "UNPNPNUPFPUF"),
    ("post", "/holiday/add", "{}", "UFFFAAUEFAUF"),
    ("post", "/holiday/save-employee-holidays", r#"{"employeeId": {emp}, "holidays": []}"#, "UFFFPNUEFPUF"),
    ("get", "/holiday/get?id=999999", "", "UAAAAAUAFAUF"),
    ("post", "/holiday/delete", r#"{"id": 999999}"#, "UFFFAAUEFAUF"),
    ("post", "/holiday/create-defaults", "", "UFFFAAUEFAUF"),
    ("get", "/pto/data?eid={emp}", "", "UNPNPNUPFPUP"),
    ("get", "/pto/history?eid={emp}", "", "UNPNPNUPFPUP"),
    ("get", "/pto/balance?eid={emp}", "", "UNPNPNUPFPUP"),
    ("get", "/pto/balance-explanation?eid={emp}", "", "UNPNPNUPFPUF"),
    (
        "post",
        "/pto/validate-balance",
        r#"{"employeeId": {emp}, "ptoType": 999999, "start": "2026-12-01"}"#,
        "UNPNPNUEFPUF",
    ),
    ("post", "/pto/request", r#"{"employeeId": {emp}, "ptoType": 999999, "start": "2026-12-01"}"#, "UNPNPNUEFPUP"),
    ("post", "/pto/cancel-request?id=999999", "", "UAAAAAUEFAUA"),
    ("post", "/pto/approve-timeoff", r#"{"request": 999999}"#, "UFAAAAUEFAUA"),
    ("post", "/pto/reject-timeoff", r#"{"request": 999999, "comment": "no"}"#, "UFAAAAUEFAUA"),
    ("get", "/pto/agenda", "", "UPPPPPUPFPUF"),
    ("get", "/pto/paycycle-approved-pto-hours", "", "UFPPPPUPFPUP"),
    ("get", "/contacts/list?eid={emp}", "", "UNPNPNUPFPUF"),
    ("get", "/contacts/get?id=999999&eid={emp}", "", "UNANANUAFAUF"),
    (
        "post",
        "/contacts/add",
        r#"{"eid": {emp}, "firstname": "Kim", "lastname": "Lee", "relationship": "Relative", "phone": "555 010 2030"}"#,
        "UNFNPNUEFPUF",
    ),
    ("post", "/contacts/delete", r#"{"id": 999999, "eid": {emp}}"#, "UNFNANUEFAUF"),
    ("get", "/profile/mine", "", "UPPPPPUPFPUF"),
    ("post", "/profile/update", "{}", "UPPPPPUEFFUF"),
    ("post", "/profile/update-avatar", "{}", "UPPPPPUEFPUF"),
    ("post", "/profile/remove-avatar", "{}", "UPPPPPUEFPUF"),
    ("post", "/profile/complete-joyride", "{}", "UPPPPPUEFFUF"),
    ("get", "/team/mine", "", "UPPPPPUPFPUF"),
    ("get", "/company/profile", "", "UFPPPPUPFPUF"),
    ("post", "/company/update", "{}", "UFFFPPUEFPUF"),
    ("get", "/company/security", "", "UFFFPPUPFPUF"),
    ("post", "/company/security", "{}", "UFFFPPUEFPUF"),
    ("post", "/company/logo", "{}", "UFFFPPUEFPUF"),
    ("get", "/files/999999", "", "UAAAAAUAFAUF"),
    ("get", "/dashboard/data", "", "UFPPPPUPFPUF"),
    ("get", "/dashboard/employee-hours", "", "UFPPPPUPFPUF"),
    ("get", "/dashboard/pending-requests", "", "UFPPPPUPFPUF"),
    ("get", "/dashboard/approaching-overtime", "", "UFPPPPUPFPUF"),
    ("get", "/dashboard/daily-hours", "", "UFPPPPUPFPUF"),
    ("get", "/calendar-event/get-calendar-event-info?id=999999", "", "UAAAAAUAFAUF"),
    ("get", "/calendar-event/employees", "", "UPPPPPUPFPUF"),
    (
        "post",
        "/calendar-event/add-event",
        r#"{"eventName": "Lunch", "startDate": "2026-12-01 12:00:00", "endDate": "2026-12-01 13:00:00"}"#,
        "UPPPPPUEFPUF",
    ),
    (
        "post",
        "/calendar-event/update-event",
        r#"{"id": 999999, "eventName": "Lunch", "startDate": "2026-12-01 12:00:00", "endDate": "2026-12-01 13:00:00"}"#,
        "UAAAAAUEFAUF",
    ),
    ("post", "/calendar-event/del-calendar-event", r#"{"id": 999999}"#, "UAAAAAUEFAUF"),
    ("get", "/calendar-feed/mine", "", "UPPPPPUPFFUF"),
    ("post", "/calendar-feed/reset", "{}", "UPPPPPUEFFUF"),
    ("get", "/calendar-feed/not-a-feed.ics", "", "NNNNNNNNNNNN"),
    ("get", "/approvals/setup", "", "UFFFPPUPFPUF"),
    ("post", "/approvals/paths", r#"{"name": "", "steps": []}"#, "UFFFPPUEFPUF"),
    ("post", "/approvals/paths/delete", r#"{"id": 999999}"#, "UFFFAAUEFAUF"),
    ("post", "/approvals/uses", r#"{"target": "timesheet_edits", "pathId": null}"#, "UFFFPPUEFPUF"),
    ("post", "/approvals/fallback", r#"{"personId": null}"#, "UFFFPPUEFPUF"),
    ("get", "/approvals/stand-ins", "", "UFPPPPUPFPUF"),
    ("post", "/approvals/stand-ins", r#"{"standInId": 999999, "startsOn": "", "endsOn": ""}"#, "UFPPPPUEFPUF"),
    ("post", "/approvals/stand-ins/delete", r#"{"id": 999999}"#, "UFAAAAUEFAUF"),
    ("get", "/approvals/answer/not-a-link", "", "NNNNNNNNNNNN"),
    ("post", "/approvals/answer/not-a-link", r#"{"decision": "approve"}"#, "NNNNNNNNNNNN"),
    ("get", "/licensing/reference", "", "UPPPPPUPFPUF"),
    ("post", "/licensing/states", r#"{"state": "XX"}"#, "UFFFPPUEFPUF"),
    ("post", "/licensing/states/reset", r#"{"state": "TX"}"#, "UFFFPPUEFPUF"),
    ("get", "/licensing/people/{emp}", "", "UNPNPNUPFPUF"),
    (
        "post",
        "/licensing/producer",
        r#"{"employeeId": {emp}, "npn": "1234567", "residentState": "TX"}"#,
        "UFPNPNUEFPUF",
    ),
    (
        "post",
        "/licensing/licences",
        r#"{"employeeId": {emp}, "state": "TX", "number": "M1", "licenceType": "Agent", "lines": ["life"], "residency": "resident", "issuedOn": "2020-01-01", "status": "active", "expiresOn": "2030-01-01"}"#,
        "UFPNPNUEFPUF",
    ),
    ("post", "/licensing/licences/delete", r#"{"id": 999999}"#, "UFAAAAUEFAUF"),
    ("post", "/licensing/licences/document", r#"{"id": 999999}"#, "UFAAAAUEFAUF"),
    ("get", "/licensing/licences/999999/document", "", "UAAAAAUAFAUF"),
    (
        "post",
        "/licensing/requirements",
        r#"{"licenceId": 999999, "cycleStart": "2026-01-01", "dueOn": "2027-01-01"}"#,
        "UFAAAAUEFAUF",
    ),
    ("post", "/licensing/requirements/delete", r#"{"id": 999999}"#, "UFAAAAUEFAUF"),
    ("post", "/licensing/credits", r#"{"employeeId": {emp}}"#, "UAAAAAUEFAUF"),
    ("post", "/licensing/credits/delete", r#"{"id": 999999}"#, "UAAAAAUEFAUF"),
    ("get", "/licensing/credits/999999/certificate", "", "UAAAAAUAFAUF"),
    (
        "post",
        "/licensing/appointments",
        r#"{"employeeId": {emp}, "carrier": "Acme Life", "state": "TX", "effectiveOn": "2026-01-01"}"#,
        "UFPNPNUEFPUF",
    ),
    ("post", "/licensing/appointments/delete", r#"{"id": 999999}"#, "UFAAAAUEFAUF"),
    ("get", "/audit", "", "UFPPPPUPFPUF"),
    ("get", "/audit?person={emp}", "", "UFPNPNUPFPUF"),
    ("get", "/audit/export", "", "UFPPPPUPFPUF"),
    ("get", "/api-keys", "", "UFFFPPUPFPUF"),
    ("post", "/api-keys", r#"{"name": "Matrix key", "scopes": ["time:read"]}"#, "UFFFPPUEFFUF"),
    ("post", "/api-keys/revoke?id=999999", "", "UFFFAAUEFAUF"),
    ("get", "/webhooks", "", "UFFFPPUPFPUF"),
    ("post", "/webhooks", r#"{"url": "ftp://x", "events": []}"#, "UFFFPPUEFFUF"),
    ("post", "/webhooks/update?id=999999", r#"{"url": "ftp://x", "events": []}"#, "UFFFPPUEFFUF"),
    ("post", "/webhooks/rotate-secret?id=999999", "", "UFFFAAUEFFUF"),
    ("post", "/webhooks/delete?id=999999", "", "UFFFAAUEFAUF"),
    ("get", "/webhooks/deliveries?endpointId=999999", "", "UFFFAAUAFAUF"),
    ("post", "/webhooks/resend?id=999999", "", "UFFFAAUEFAUF"),
    ("get", "/licensing/compliance?state=TX", "", "UFPPPPUPFPUF"),
    ("get", "/licensing/compliance/export?format=xlsx", "", "UFPPPPUPFPUF"),
    ("get", "/licensing/may-sell?state=TX&line=life", "", "UFPPPPUPFPUF"),
    ("get", "/licensing/eo", "", "UFPPPPUPFPUF"),
    ("post", "/licensing/eo", r#"{"carrier": ""}"#, "UFFFPPUEFPUF"),
    ("post", "/licensing/eo/delete", r#"{"id": 999999}"#, "UFFFAAUEFAUF"),
    ("post", "/licensing/import", r#"{}"#, "UFFFAAUEFAUF"),
    ("get", "/celebration/next-celebrations", "", "UPPPPPUPFPUF"),
    ("get", "/celebration/get-system-messages", "", "UPPPPPUPFPUF"),
    ("get", "/celebration/get-celebration-message?employeeId={emp}&type=BIRTHDAY", "", "UFPNPNUPFPUF"),
    ("get", "/celebration/get-company-celebration-message?type=BIRTHDAY", "", "UFFFPPUPFPUF"),
    ("get", "/celebration/delete-custom-celebration-message?id=999999", "", "UFAAAAUEFAUF"),
    ("get", "/celebration/delete-custom-company-celebration-message?id=999999", "", "UFFFAAUEFAUF"),
    (
        "post",
        "/celebration/save-celebration-message",
        r#"{"employeeId": {emp}, "type": "BIRTHDAY", "message": "Happy birthday!"}"#,
        "UFPNPNUEFPUF",
    ),
    (
        "post",
        "/celebration/save-company-celebration-message",
        r#"{"type": "BIRTHDAY", "message": "Hi"}"#,
        "UFFFPPUEFPUF",
    ),
    ("post", "/celebration/email-now?type=BIRTHDAY", r#"{"employeeId": {emp}}"#, "UFPNPNUEFPUF"),
    ("get", "/report/data", "", "UFPPPPUPFPUF"),
    ("get", "/report/summary-report-data?start=2026-10-01&end=2026-10-31&empids={emp}", "", "UFPNPNUPFPUP"),
    ("get", "/report/timesheet-report-data?start=2026-10-01&end=2026-10-31&empids={emp}", "", "UFPNPNUPFPUP"),
    ("get", "/report/pto-report-data?start=2026-10-01&end=2026-10-31&empids={emp}", "", "UFPNPNUPFPUP"),
    ("get", "/report/export?type=summary&format=xlsx&start=2026-10-01&end=2026-10-31&empids={emp}", "", "UFPNPNUPFPUP"),
    ("get", "/report/payroll-export?date=2026-10-15&empids={emp}", "", "UFPNPNUPFPUP"),
    ("get", "/report/pay-periods", "", "UFPPPPUPFPUP"),
    ("get", "/report/pay-period?start=2026-10-01&end=2026-10-07", "", "UFPPPPUPFPUP"),
    ("post", "/report/pay-periods/close", "{}", "UFFFPPUEFPUF"),
    ("post", "/report/pay-periods/reopen", "{}", "UFFFPPUEFPUF"),
    ("get", "/inbox/data", "", "UFPPPPUPFPUF"),
    ("get", "/dashboard/setup", "", "UFFFPPUPFPUF"),
    ("post", "/dashboard/setup-dismiss", r#"{"dismissed": true}"#, "UFFFPPUEFPUF"),
    ("get", "/openapi.json", "", "AAAAAAAAAAAA"),
    ("get", "/myaccount/data?sessionId=cs_x", "", "UFFFPPUPFPUF"),
    ("get", "/myaccount/charges?page=1", "", "UFFFPPUPFPUF"),
    ("post", "/myaccount/activate", r#"{"token": "cs_x"}"#, "UFFFPPUPFPUF"),
    ("post", "/myaccount/update-card", r#"{"token": "cs_x"}"#, "UFFFPPUPFPUF"),
    ("post", "/billing/webhook", "{}", "AAAAAAAAAAAA"),
    // Next to last: it closes an admin's company, and with it every session of theirs.
    // The system area: only the operator (column 8) gets through; `{company}` is the column's
    // company, `{email}` its subject. Rows of each part of the area go under its marker.
    ("get", "/system/audit", "", "UNNNNNUNPNUN"),
    // The operator column starts an impersonation here; its own session goes on.
    ("post", "/system/impersonate", r#"{"email": "{email}"}"#, "UNNNNNUNPNUN"),
    // system: customers
    ("get", "/system/companies?status=trial&sort=users", "", "UNNNNNUNPNUN"),
    ("get", "/system/company?id={company}", "", "UNNNNNUNPNUN"),
    ("post", "/system/update-company", r#"{"id": {company}, "name": "Matrix Co"}"#, "UNNNNNUNPNUN"),
    // Suspended, then active again: the column's later rows still act on a working company.
    ("post", "/system/suspend-company", r#"{"companyId": {company}}"#, "UNNNNNUNPNUN"),
    ("post", "/system/active-company", r#"{"companyId": {company}}"#, "UNNNNNUNPNUN"),
    // The wrong name: refused (400), the company stays.
    ("post", "/system/delete-company", r#"{"companyId": {company}, "name": "Not Matrix Co"}"#, "UNNNNNUNPNUN"),
    ("get", "/system/charges?companyId={company}", "", "UNNNNNUNPNUN"),
    ("get", "/system/charge-attempts?chargeId=999999", "", "UNNNNNUNANUN"),
    ("post", "/system/retry-charge", r#"{"id": 999999}"#, "UNNNNNUNANUN"),
    ("post", "/system/charge-today", r#"{"companyId": {company}}"#, "UNNNNNUNPNUN"),
    ("post", "/system/charge-next", r#"{"companyId": {company}}"#, "UNNNNNUNPNUN"),
    // system: people
    ("get", "/system/stats?sort=employees", "", "UNNNNNUNPNUN"),
    ("get", "/system/accrual-health", "", "UNNNNNUNPNUN"),
    ("get", "/system/jobs", "", "UNNNNNUNPNUN"),
    ("get", "/system/export-stats", "", "UNNNNNUNPNUN"),
    ("get", "/system/employees?q=test", "", "UNNNNNUNPNUN"),
    ("get", "/system/queryuser?email={email}", "", "UNNNNNUNPNUN"),
    ("post", "/system/update-password", r#"{"email": "{email}", "mode": "link"}"#, "UNNNNNUNPNUN"),
    ("get", "/system/export-all-users", "", "UNNNNNUNPNUN"),
    // system: promotions
    ("get", "/system/promots", "", "UNNNNNUNPNUN"),
    ("get", "/system/promot?id=999999", "", "UNNNNNUNANUN"),
    ("post", "/system/save-promot", "{}", "UNNNNNUNPNUN"),
    ("post", "/system/update-promot", r#"{"id": 999999}"#, "UNNNNNUNANUN"),
    ("post", "/system/delete-promot", r#"{"id": 999999}"#, "UNNNNNUNANUN"),
    ("get", "/system/promot-companies?code=NOPE", "", "UNNNNNUNANUN"),
    ("post", "/myaccount/cancel", "", "UFFFPPUPFPUF"),
    // Last: it ends the column's session (an admin's ended already with their company).
    ("post", "/auth/exit-impersonation-mode", "{}", "UPPPUUUUPUUF"),
    ("post", "/auth/logout", "{}", "UPPPUUUUPUUF"),
];

/// A column's caller and the person its requests are about.
struct Caller {
    token: Option<String>,
    /// A kiosk's device credential (the kiosk column).
    kiosk: Option<String>,
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
        kiosk: None,
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
        10 => {
            // A kiosk of the company's location, by its device credential alone.
            let location = app
                .post_as(&admin, "/server/v1/locations/save", serde_json::json!({"name": "Matrix Office"}))
                .await
                .body["id"]
                .clone();
            let kiosk = app
                .post_as(
                    &admin,
                    "/server/v1/kiosks/register",
                    serde_json::json!({"name": "Tablet", "locationId": location}),
                )
                .await;
            assert_eq!(kiosk.status, 200, "{:?}", kiosk.body);
            Caller {
                kiosk: Some(kiosk.body["secret"].as_str().unwrap().to_owned()),
                ..about(report, &report_email, None)
            }
        }
        11 => {
            // A company API key with every scope, made by the column company's admin.
            let scopes: Vec<&str> = accounts::api_keys::ApiScope::ALL.iter().map(|scope| scope.code()).collect();
            let key = app
                .post_as(&admin, "/server/v1/api-keys", serde_json::json!({"name": "Matrix key", "scopes": scopes}))
                .await;
            assert_eq!(key.status, 200, "{:?}", key.body);
            about(report, &report_email, Some(key.body["secret"].as_str().unwrap().to_owned()))
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
            let bare = path
                .split('?')
                .next()
                .unwrap()
                .replace("999999", "{id}")
                .replace("{emp}", "{id}")
                .replace("not-a-feed.ics", "{secret}")
                .replace("not-a-link", "{token}");
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
            if let Some(secret) = &who.kiosk {
                request = request.insert_header(("authorization", format!("Kiosk {secret}")));
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

/// The key column and the OpenAPI document agree: an operation is marked with an `api_key` scope
/// exactly when the key (with every scope) gets through where a caller without a token does not.
#[test]
fn the_document_marks_exactly_the_operations_the_key_column_opens() {
    let doc = serde_json::to_value(gateway::openapi::document()).unwrap();
    let key = COLUMNS.iter().position(|name| *name == "API key").unwrap();
    for (method, path, _, answers) in MATRIX {
        let bare = path.split('?').next().unwrap().replace("999999", "{id}").replace("{emp}", "{id}");
        let operation = &doc["paths"][format!("/server/v1{bare}")][*method];
        let marked = operation["security"]
            .as_array()
            .is_some_and(|requirements| requirements.iter().any(|requirement| requirement.get("api_key").is_some()));
        let letters: Vec<char> = answers.chars().collect();
        let opened = letters[0] == 'U' && matches!(letters[key], 'P' | 'A');
        assert_eq!(
            marked, opened,
            "{method} {path}: marked {marked} in the document, the key column says {}",
            letters[key]
        );
    }
}
