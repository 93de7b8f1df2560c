//! The route × role matrix: every route the gateway registers, with what each kind of caller
//! gets. The test walks the server's own route table (`gateway::routes::all`), so a route added
//! without a row here fails it.
//!
//! Callers (the columns, in order): no token; an employee; a manager asking about their own
//! report; the same manager asking about someone who does not report to them; a company admin;
//! the admin of another company; a user terminated after signing in (their token); the admin of a
//! company whose trial has expired; a platform operator; the operator acting as the column
//! company's admin (an impersonation session); a kiosk of the company (its device credential,
//! `Authorization: Kiosk …`, and no session). Each column runs in a fresh company of its own, the rows in
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

const COLUMNS: [&str; 11] = [
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
];

/// (method, path with query, JSON body, answers by column).
const MATRIX: &[(&str, &str, &str, &str)] = &[
    ("post", "/auth/login", "{}", "AAAAAAAAAAA"),
    ("post", "/auth/login-code", "{}", "UPPPPPUEPPU"),
    ("get", "/auth/login-data", "", "UPPPPPUPPPU"),
    ("post", "/auth/reset-password", r#"{"email": "nobody@example.com"}"#, "AAAAAAAAAAA"),
    ("post", "/auth/reset-password-now", r#"{"token": "x", "password": "brand-new-secret"}"#, "AAAAAAAAAAA"),
    ("post", "/auth/change-my-password", "{}", "UPPPPPUEPFU"),
    ("post", "/auth/two-factor", "{}", "AAAAAAAAAAA"),
    ("post", "/auth/two-factor/setup", "{}", "AAAAAAAAAAA"),
    ("get", "/account/two-factor", "", "UPPPPPUPPPU"),
    ("post", "/account/two-factor/setup", "{}", "UPPPPPUEPFU"),
    ("post", "/account/two-factor/enable", "{}", "UPPPPPUEPFU"),
    ("post", "/account/two-factor/disable", "{}", "UPPPPPUEPFU"),
    ("post", "/account/two-factor/recovery-codes", "{}", "UPPPPPUEPFU"),
    ("post", "/account/signup", "{}", "AAAAAAAAAAA"),
    ("post", "/account/verify-email", "{}", "AAAAAAAAAAA"),
    ("get", "/account/signup-data", "", "AAAAAAAAAAA"),
    ("post", "/account/confirm-email-change", r#"{"token": "x"}"#, "AAAAAAAAAAA"),
    ("get", "/account/blocked-writes", "", "AAAAAAAAAAA"),
    ("get", "/v4sso/authorize?purpose=login", "", "AAAAAAAAAAA"),
    ("get", "/v4sso/auth-callback?code=x&state=y", "", "AAAAAAAAAAA"),
    ("get", "/account/embedding", "", "AAAAAAAAAAA"),
    ("get", "/manage/employees", "", "UFPPPPUPFPU"),
    ("get", "/manage/data", "", "UFPPPPUPFPU"),
    ("get", "/manage/user-data?id={emp}", "", "UFPNPNUPFPU"),
    ("get", "/manage/user-full-data?id={emp}", "", "UFPNPNUPFPU"),
    (
        "post",
        "/manage/add-user",
        r#"{"id": {emp}, "firstname": "Test", "lastname": "Employee", "email": "{email}"}"#,
        "UFPNPNUEFPU",
    ),
    ("post", "/manage/user-avatar", "{}", "UFAAAAUEFAU"),
    ("post", "/manage/terminate-employee", r#"{"id": {emp}}"#, "UFFFPNUEFPU"),
    ("post", "/manage/reactivate-account", r#"{"id": {emp}}"#, "UFPNPNUEFPU"),
    ("post", "/manage/add-multiple-users", "[]", "UFPPPPUEFPU"),
    ("get", "/manage/import-agencyzoom", "", "UFFFPPUPFPU"),
    ("post", "/manage/import-agencyzoom", "{}", "UFFFPPUEFPU"),
    ("get", "/manage/user-activities?id={emp}", "", "UFPNPNUPFPU"),
    ("get", "/manage/activity-details?id=999999", "", "UFAAAAUAFAU"),
    ("get", "/clock/status", "", "UPPPPPUPFPU"),
    ("post", "/clock/start", "{}", "UAAAAAUEFAU"),
    ("post", "/clock/take-break", "{}", "UAAAAAUEFAU"),
    ("post", "/clock/resume-from-break", "{}", "UAAAAAUEFAU"),
    ("post", "/clock/end", "{}", "UAAAAAUEFAU"),
    ("post", "/clock/offline-press", "{}", "UAAAAAUEFAU"),
    ("get", "/locations", "", "UFPPPPUPFPU"),
    ("get", "/kiosks", "", "UFFFPPUPFPU"),
    ("post", "/kiosks/register", "{}", "UFFFAAUEFAU"),
    ("post", "/kiosks/revoke?id=999999", "", "UFFFAAUEFAU"),
    ("post", "/kiosks/reset-pin?eid={emp}", r#"{"pin": "4711"}"#, "UFFFPNUEFPU"),
    ("get", "/clock/pin", "", "UPPPPPUPFPU"),
    ("post", "/clock/pin", r#"{"pin": "4711"}"#, "UPPPPPUEFPU"),
    ("get", "/kiosk/roster", "", "UUUUUUUUUUP"),
    ("post", "/kiosk/press", "{}", "UUUUUUUUUUA"),
    ("post", "/kiosk/leave", "{}", "UUUUUUUUUUA"),
    ("post", "/locations/save", r#"{"name": "Main Office"}"#, "UFFFPPUEFPU"),
    ("post", "/locations/delete?id=999999", "", "UFFFAAUEFAU"),
    ("post", "/locations/people?id=999999", "{}", "UFFFAAUEFAU"),
    ("get", "/locations/of-person?eid={emp}", "", "UFPNPNUPFPU"),
    ("post", "/locations/of-person?eid={emp}", "{}", "UFFFPNUEFPU"),
    ("get", "/timesheet/list?start=2026-10-01&end=2026-10-07&employeeId={emp}", "", "UNPNPNUPFPU"),
    ("get", "/timesheet/details?ts=999999", "", "UAAAAAUAFAU"),
    ("get", "/timesheet/comments?ts=999999", "", "UAAAAAUAFAU"),
    ("get", "/timesheet/changes?ts=999999", "", "UAAAAAUAFAU"),
    ("get", "/timesheet/requests?ts=999999", "", "UAAAAAUAFAU"),
    ("post", "/timesheet/add-comment", r#"{"entryId": 999999, "comment": "x"}"#, "UAAAAAUEFAU"),
    (
        "post",
        "/timesheet/edit-request",
        r#"{"trackingNumber": 999999, "changeType": "out", "end": "2026-10-05 18:00:00", "comment": "x"}"#,
        "UAAAAAUEFAU",
    ),
    ("post", "/timesheet/edit-request-cancel?reqId=999999", "{}", "UAAAAAUEFAU"),
    ("post", "/timesheet/edit-request-approve", r#"{"reqId": 999999}"#, "UFAAAAUEFAU"),
    ("post", "/timesheet/edit-request-reject", r#"{"reqId": 999999, "comment": "no"}"#, "UFAAAAUEFAU"),
    (
        "post",
        "/timesheet/edit",
        r#"{"employeeId": {emp}, "start": "2026-10-05 09:00:00", "end": "2026-10-05 17:00:00"}"#,
        "UFPNPNUEFPU",
    ),
    ("post", "/timesheet/remove?ts=999999", "{}", "UFFFAAUEFAU"),
    ("get", "/timesheet/paycycle-clocked-hours?employeeId={emp}", "", "UNPNPNUPFPU"),
    ("get", "/timesheet/paycycle-overtime-hours?employeeId={emp}", "", "UNPNPNUPFPU"),
    ("get", "/timesheet/pay-hours?start=2026-10-04&end=2026-10-10&employeeId={emp}", "", "UNPNPNUPFPU"),
    ("get", "/timesheet/team?span=payPeriod", "", "UFPPPPUPFPU"),
    ("post", "/timesheet/approve-period", r#"{"employeeIds": [{emp}], "date": "2026-10-05"}"#, "UFPNPNUEFPU"),
    ("get", "/timesheet/missed", "", "UFPPPPUPFPU"),
    ("post", "/timesheet/missed-accept?ts=999999", "", "UFAAAAUEFAU"),
    ("get", "/settings/data", "", "UFPPPPUPFPU"),
    ("post", "/settings/update", "{}", "UFFFPPUEFPU"),
    ("get", "/settings/overtime", "", "UFPPPPUPFPU"),
    ("post", "/settings/update-overtime", r#"{"effectiveFrom": "2026-10-01", "jurisdiction": "us-pr"}"#, "UFFFPPUEFPU"),
    ("get", "/settings/employee-overtime?id={emp}", "", "UFPNPNUPFPU"),
    (
        "post",
        "/settings/update-employee-overtime",
        r#"{"employeeId": {emp}, "effectiveFrom": "2026-10-01", "jurisdiction": "us-pr"}"#,
        "UFFFPNUEFPU",
    ),
    ("post", "/settings/update-role-type", r#"{"name": "Matrix Role"}"#, "UFPPPPUEFPU"),
    ("post", "/settings/inactive-role-type", r#"{"id": 999999}"#, "UFAAAAUEFAU"),
    ("post", "/settings/update-pto-type", r#"{"name": "Matrix Type"}"#, "UFFFPPUEFPU"),
    ("post", "/settings/inactive-pto-type?id=999999", "", "UFFFAAUEFAU"),
    ("post", "/settings/update-event-type", r#"{"name": "Matrix Event"}"#, "UFPPPPUEFPU"),
    ("post", "/settings/inactive-event-type?id=999999", "", "UFAAAAUEFAU"),
    ("post", "/settings/update-doc-type", r#"{"name": "Matrix Doc", "onboardingDoc": 1}"#, "UFPPPPUEFPU"),
    ("post", "/settings/inactive-doc-type?id=999999", "", "UFAAAAUEFAU"),
    ("post", "/settings/update-policy-type", r#"{"name": "Matrix Policy"}"#, "UFPPPPUEFPU"),
    ("post", "/settings/inactive-policy-type?id=999999", "", "UFAAAAUEFAU"),
    ("get", "/manage/user-events?id={emp}", "", "UFPNPNUPFPU"),
    ("get", "/manage/event?id=999999", "", "UFAAAAUAFAU"),
    ("post", "/manage/add-event", "{}", "UFAAAAUEFAU"),
    ("post", "/manage/delete-event", r#"{"id": 999999}"#, "UFAAAAUEFAU"),
    ("get", "/manage/user-docs?id={emp}", "", "UFPNPNUPFPU"),
    ("get", "/manage/doc?id=999999", "", "UFAAAAUAFAU"),
    ("post", "/manage/add-doc", "{}", "UFAAAAUEFAU"),
    ("post", "/manage/delete-doc", r#"{"id": 999999}"#, "UFAAAAUEFAU"),
    ("get", "/manage/doc-requests?id={emp}", "", "UFPNPNUPFPU"),
    (
        "post",
        "/manage/add-doc-request",
        r#"{"employeeId": {emp}, "docTypeId": 999999, "dueDate": "2099-01-01"}"#,
        "UFPNPNUEFPU",
    ),
    ("post", "/manage/cancel-doc-request", r#"{"id": 999999}"#, "UFAAAAUEFAU"),
    ("get", "/profile/my-tasks", "", "UPPPPPUPFPU"),
    ("get", "/profile/my-events", "", "UPPPPPUPFPU"),
    ("get", "/profile/my-docs", "", "UPPPPPUPFPU"),
    ("get", "/profile/event-review-detail?id=999999", "", "UAAAAAUAFAU"),
    ("post", "/profile/affirm-event", r#"{"id": 999999}"#, "UAAAAAUEFAU"),
    ("post", "/profile/add-doc", "{}", "UAAAAAUEFAU"),
    ("post", "/doc/view", r#"{"id": 999999}"#, "UAAAAAUAFAU"),
    ("post", "/doc/event", r#"{"id": 999999}"#, "UAAAAAUAFAU"),
    ("get", "/policy/policies", "", "UFPPPPUPFPU"),
    ("post", "/policy/add-policy", "{}", "UFAAAAUEFAU"),
    ("get", "/policy/policy?id=999999", "", "UFAAAAUAFAU"),
    ("post", "/policy/remove-doc", r#"{"id": 999999}"#, "UFAAAAUEFAU"),
    ("post", "/policy/publish", "{}", "UFAAAAUEFAU"),
    ("post", "/policy/delete", r#"{"id": 999999}"#, "UFAAAAUEFAU"),
    ("get", "/policy/workflow?id=999999", "", "UFAAAAUAFAU"),
    ("post", "/policy/workflow-reminder", r#"{"id": 999999}"#, "UFAAAAUEFAU"),
    ("post", "/policy/stop-workflow", r#"{"id": 999999}"#, "UFAAAAUEFAU"),
    ("get", "/refdata/admin", "", "UFPPPPUPFPU"),
    ("get", "/refdata/onboarding-status", "", "UFPPPPUPFPU"),
    ("get", "/profile/hr-policies-and-procedures", "", "UPPPPPUPFPU"),
    ("get", "/profile/policy-review-detail?id=999999", "", "UAAAAAUAFAU"),
    ("post", "/profile/affirm-policy", r#"{"id": 999999}"#, "UAAAAAUEFAU"),
    ("post", "/doc/policy", r#"{"id": 999999}"#, "UAAAAAUAFAU"),
    ("get", "/pto-manage/data", "", "UFPPPPUPFPU"),
    ("get", "/pto-manage/plan-employees?ptoPolicyId=999999", "", "UFAAAAUAFAU"),
    ("post", "/settings/save-pto-plan", "{}", "UFFFAAUEFAU"),
    ("post", "/settings/update-pto-policy", "{}", "UFFFAAUEFAU"),
    ("post", "/settings/inactive-pto-policy?id=999999", "", "UFFFAAUEFAU"),
    ("post", "/settings/update-pto-rule", "{}", "UFFFAAUEFAU"),
    ("post", "/settings/inactive-pto-rule?id=999999", "", "UFFFAAUEFAU"),
    ("get", "/manage/employee-pto?id={emp}", "", "UNPNPNUPFPU"),
    ("get", "/pto/employee-pto-types?id={emp}", "", "UNPNPNUPFPU"),
    ("post", "/manage/manually-add-pto", "{}", "UFFFAAUEFAU"),
    ("post", "/manage/employee-pto-assumed-hours", "{}", "UFFFAAUEFAU"),
    ("post", "/manage/remove-manual-pto-addition", r#"{"id": 999999}"#, "UFFFAAUEFAU"),
    ("post", "/settings/get-balance-detail", "{}", "UFFFAAUEFAU"),
    ("post", "/settings/switch-pto-plan", "{}", "UFFFAAUEFAU"),
    ("post", "/manage/save-employee-pto-types", "{}", "UFFFAAUEFAU"),
    ("post", "/manage/delete-pto-plan-switch-history", r#"{"id": 999999}"#, "UFFFAAUEFAU"),
    ("get", "/pto-manage/allocation", "", "UFFFPPUPFPU"),
    ("get", "/pto-manage/sick-leave-laws", "", "UFFFPPUPFPU"),
    ("post", "/pto-manage/sick-leave-check", "{}", "UFFFPPUEFPU"),
    ("get", "/pto-manage/sick-leave-compliance", "", "UFFFPPUPFPU"),
    ("get", "/pto-manage/accrual-health", "", "UFFFPPUPFPU"),
    ("get", "/holiday/list", "", "UPPPPPUPFPU"),
    ("get", "/holiday/list-for-employee?employeeId={emp}", "", "UNPNPNUPFPU"),
    ("post", "/holiday/add", "{}", "UFFFAAUEFAU"),
    ("post", "/holiday/save-employee-holidays", r#"{"employeeId": {emp}, "holidays": []}"#, "UFFFPNUEFPU"),
    ("get", "/holiday/get?id=999999", "", "UAAAAAUAFAU"),
    ("post", "/holiday/delete", r#"{"id": 999999}"#, "UFFFAAUEFAU"),
    ("post", "/holiday/create-defaults", "", "UFFFAAUEFAU"),
    ("get", "/pto/data?eid={emp}", "", "UNPNPNUPFPU"),
    ("get", "/pto/history?eid={emp}", "", "UNPNPNUPFPU"),
    ("get", "/pto/balance?eid={emp}", "", "UNPNPNUPFPU"),
    ("get", "/pto/balance-explanation?eid={emp}", "", "UNPNPNUPFPU"),
    (
        "post",
        "/pto/validate-balance",
        r#"{"employeeId": {emp}, "ptoType": 999999, "start": "2026-12-01"}"#,
        "UNPNPNUEFPU",
    ),
    ("post", "/pto/request", r#"{"employeeId": {emp}, "ptoType": 999999, "start": "2026-12-01"}"#, "UNPNPNUEFPU"),
    ("post", "/pto/cancel-request?id=999999", "", "UAAAAAUEFAU"),
    ("post", "/pto/approve-timeoff", r#"{"request": 999999}"#, "UFAAAAUEFAU"),
    ("post", "/pto/reject-timeoff", r#"{"request": 999999, "comment": "no"}"#, "UFAAAAUEFAU"),
    ("get", "/pto/agenda", "", "UPPPPPUPFPU"),
    ("get", "/pto/paycycle-approved-pto-hours", "", "UFPPPPUPFPU"),
    ("get", "/contacts/list?eid={emp}", "", "UNPNPNUPFPU"),
    ("get", "/contacts/get?id=999999&eid={emp}", "", "UNANANUAFAU"),
    (
        "post",
        "/contacts/add",
        r#"{"eid": {emp}, "firstname": "Kim", "lastname": "Lee", "relationship": "Relative", "phone": "555 010 2030"}"#,
        "UNFNPNUEFPU",
    ),
    ("post", "/contacts/delete", r#"{"id": 999999, "eid": {emp}}"#, "UNFNANUEFAU"),
    ("get", "/profile/mine", "", "UPPPPPUPFPU"),
    ("post", "/profile/update", "{}", "UPPPPPUEFFU"),
    ("post", "/profile/update-avatar", "{}", "UPPPPPUEFPU"),
    ("post", "/profile/remove-avatar", "{}", "UPPPPPUEFPU"),
    ("post", "/profile/complete-joyride", "{}", "UPPPPPUEFFU"),
    ("get", "/team/mine", "", "UPPPPPUPFPU"),
    ("get", "/company/profile", "", "UFPPPPUPFPU"),
    ("post", "/company/update", "{}", "UFFFPPUEFPU"),
    ("get", "/company/security", "", "UFFFPPUPFPU"),
    ("post", "/company/security", "{}", "UFFFPPUEFPU"),
    ("post", "/company/logo", "{}", "UFFFPPUEFPU"),
    ("get", "/files/999999", "", "UAAAAAUAFAU"),
    ("get", "/dashboard/data", "", "UFPPPPUPFPU"),
    ("get", "/dashboard/employee-hours", "", "UFPPPPUPFPU"),
    ("get", "/dashboard/pending-requests", "", "UFPPPPUPFPU"),
    ("get", "/dashboard/approaching-overtime", "", "UFPPPPUPFPU"),
    ("get", "/dashboard/daily-hours", "", "UFPPPPUPFPU"),
    ("get", "/calendar-event/get-calendar-event-info?id=999999", "", "UAAAAAUAFAU"),
    ("get", "/calendar-event/employees", "", "UPPPPPUPFPU"),
    (
        "post",
        "/calendar-event/add-event",
        r#"{"eventName": "Lunch", "startDate": "2026-12-01 12:00:00", "endDate": "2026-12-01 13:00:00"}"#,
        "UPPPPPUEFPU",
    ),
    (
        "post",
        "/calendar-event/update-event",
        r#"{"id": 999999, "eventName": "Lunch", "startDate": "2026-12-01 12:00:00", "endDate": "2026-12-01 13:00:00"}"#,
        "UAAAAAUEFAU",
    ),
    ("post", "/calendar-event/del-calendar-event", r#"{"id": 999999}"#, "UAAAAAUEFAU"),
    ("get", "/calendar-feed/mine", "", "UPPPPPUPFFU"),
    ("post", "/calendar-feed/reset", "{}", "UPPPPPUEFFU"),
    ("get", "/calendar-feed/not-a-feed.ics", "", "NNNNNNNNNNN"),
    ("get", "/approvals/setup", "", "UFFFPPUPFPU"),
    ("post", "/approvals/paths", r#"{"name": "", "steps": []}"#, "UFFFPPUEFPU"),
    ("post", "/approvals/paths/delete", r#"{"id": 999999}"#, "UFFFAAUEFAU"),
    ("post", "/approvals/uses", r#"{"target": "timesheet_edits", "pathId": null}"#, "UFFFPPUEFPU"),
    ("post", "/approvals/fallback", r#"{"personId": null}"#, "UFFFPPUEFPU"),
    ("get", "/approvals/stand-ins", "", "UFPPPPUPFPU"),
    ("post", "/approvals/stand-ins", r#"{"standInId": 999999, "startsOn": "", "endsOn": ""}"#, "UFPPPPUEFPU"),
    ("post", "/approvals/stand-ins/delete", r#"{"id": 999999}"#, "UFAAAAUEFAU"),
    ("get", "/approvals/answer/not-a-link", "", "NNNNNNNNNNN"),
    ("post", "/approvals/answer/not-a-link", r#"{"decision": "approve"}"#, "NNNNNNNNNNN"),
    ("get", "/licensing/reference", "", "UPPPPPUPFPU"),
    ("post", "/licensing/states", r#"{"state": "XX"}"#, "UFFFPPUEFPU"),
    ("post", "/licensing/states/reset", r#"{"state": "TX"}"#, "UFFFPPUEFPU"),
    ("get", "/licensing/people/{emp}", "", "UNPNPNUPFPU"),
    ("post", "/licensing/producer", r#"{"employeeId": {emp}, "npn": "1234567", "residentState": "TX"}"#, "UFPNPNUEFPU"),
    (
        "post",
        "/licensing/licences",
        r#"{"employeeId": {emp}, "state": "TX", "number": "M1", "licenceType": "Agent", "lines": ["life"], "residency": "resident", "issuedOn": "2020-01-01", "status": "active", "expiresOn": "2030-01-01"}"#,
        "UFPNPNUEFPU",
    ),
    ("post", "/licensing/licences/delete", r#"{"id": 999999}"#, "UFAAAAUEFAU"),
    ("post", "/licensing/licences/document", r#"{"id": 999999}"#, "UFAAAAUEFAU"),
    ("get", "/licensing/licences/999999/document", "", "UAAAAAUAFAU"),
    (
        "post",
        "/licensing/requirements",
        r#"{"licenceId": 999999, "cycleStart": "2026-01-01", "dueOn": "2027-01-01"}"#,
        "UFAAAAUEFAU",
    ),
    ("post", "/licensing/requirements/delete", r#"{"id": 999999}"#, "UFAAAAUEFAU"),
    ("post", "/licensing/credits", r#"{"employeeId": {emp}}"#, "UAAAAAUEFAU"),
    ("post", "/licensing/credits/delete", r#"{"id": 999999}"#, "UAAAAAUEFAU"),
    ("get", "/licensing/credits/999999/certificate", "", "UAAAAAUAFAU"),
    (
        "post",
        "/licensing/appointments",
        r#"{"employeeId": {emp}, "carrier": "Acme Life", "state": "TX", "effectiveOn": "2026-01-01"}"#,
        "UFPNPNUEFPU",
    ),
    ("post", "/licensing/appointments/delete", r#"{"id": 999999}"#, "UFAAAAUEFAU"),
    ("get", "/audit", "", "UFPPPPUPFPU"),
    ("get", "/audit?person={emp}", "", "UFPNPNUPFPU"),
    ("get", "/audit/export", "", "UFPPPPUPFPU"),
    ("get", "/licensing/compliance?state=TX", "", "UFPPPPUPFPU"),
    ("get", "/licensing/compliance/export?format=xlsx", "", "UFPPPPUPFPU"),
    ("get", "/licensing/may-sell?state=TX&line=life", "", "UFPPPPUPFPU"),
    ("get", "/licensing/eo", "", "UFPPPPUPFPU"),
    ("post", "/licensing/eo", r#"{"carrier": ""}"#, "UFFFPPUEFPU"),
    ("post", "/licensing/eo/delete", r#"{"id": 999999}"#, "UFFFAAUEFAU"),
    ("post", "/licensing/import", r#"{}"#, "UFFFAAUEFAU"),
    ("get", "/celebration/next-celebrations", "", "UPPPPPUPFPU"),
    ("get", "/celebration/get-system-messages", "", "UPPPPPUPFPU"),
    ("get", "/celebration/get-celebration-message?employeeId={emp}&type=BIRTHDAY", "", "UFPNPNUPFPU"),
    ("get", "/celebration/get-company-celebration-message?type=BIRTHDAY", "", "UFFFPPUPFPU"),
    ("get", "/celebration/delete-custom-celebration-message?id=999999", "", "UFAAAAUEFAU"),
    ("get", "/celebration/delete-custom-company-celebration-message?id=999999", "", "UFFFAAUEFAU"),
    (
        "post",
        "/celebration/save-celebration-message",
        r#"{"employeeId": {emp}, "type": "BIRTHDAY", "message": "Happy birthday!"}"#,
        "UFPNPNUEFPU",
    ),
    (
        "post",
        "/celebration/save-company-celebration-message",
        r#"{"type": "BIRTHDAY", "message": "Hi"}"#,
        "UFFFPPUEFPU",
    ),
    ("post", "/celebration/email-now?type=BIRTHDAY", r#"{"employeeId": {emp}}"#, "UFPNPNUEFPU"),
    ("get", "/report/data", "", "UFPPPPUPFPU"),
    ("get", "/report/summary-report-data?start=2026-10-01&end=2026-10-31&empids={emp}", "", "UFPNPNUPFPU"),
    ("get", "/report/timesheet-report-data?start=2026-10-01&end=2026-10-31&empids={emp}", "", "UFPNPNUPFPU"),
    ("get", "/report/pto-report-data?start=2026-10-01&end=2026-10-31&empids={emp}", "", "UFPNPNUPFPU"),
    ("get", "/report/export?type=summary&format=xlsx&start=2026-10-01&end=2026-10-31&empids={emp}", "", "UFPNPNUPFPU"),
    ("get", "/report/payroll-export?date=2026-10-15&empids={emp}", "", "UFPNPNUPFPU"),
    ("get", "/report/pay-periods", "", "UFPPPPUPFPU"),
    ("get", "/report/pay-period?start=2026-10-01&end=2026-10-07", "", "UFPPPPUPFPU"),
    ("post", "/report/pay-periods/close", "{}", "UFFFPPUEFPU"),
    ("post", "/report/pay-periods/reopen", "{}", "UFFFPPUEFPU"),
    ("get", "/inbox/data", "", "UFPPPPUPFPU"),
    ("get", "/dashboard/setup", "", "UFFFPPUPFPU"),
    ("post", "/dashboard/setup-dismiss", r#"{"dismissed": true}"#, "UFFFPPUEFPU"),
    ("get", "/openapi.json", "", "AAAAAAAAAAA"),
    ("get", "/myaccount/data?sessionId=cs_x", "", "UFFFPPUPFPU"),
    ("get", "/myaccount/charges?page=1", "", "UFFFPPUPFPU"),
    ("post", "/myaccount/activate", r#"{"token": "cs_x"}"#, "UFFFPPUPFPU"),
    ("post", "/myaccount/update-card", r#"{"token": "cs_x"}"#, "UFFFPPUPFPU"),
    ("post", "/billing/webhook", "{}", "AAAAAAAAAAA"),
    // Next to last: it closes an admin's company, and with it every session of theirs.
    // The system area: only the operator (column 8) gets through; `{company}` is the column's
    // company, `{email}` its subject. Rows of each part of the area go under its marker.
    ("get", "/system/audit", "", "UNNNNNUNPNU"),
    // The operator column starts an impersonation here; its own session goes on.
    ("post", "/system/impersonate", r#"{"email": "{email}"}"#, "UNNNNNUNPNU"),
    // system: customers
    ("get", "/system/companies?status=trial&sort=users", "", "UNNNNNUNPNU"),
    ("get", "/system/company?id={company}", "", "UNNNNNUNPNU"),
    ("post", "/system/update-company", r#"{"id": {company}, "name": "Matrix Co"}"#, "UNNNNNUNPNU"),
    // Suspended, then active again: the column's later rows still act on a working company.
    ("post", "/system/suspend-company", r#"{"companyId": {company}}"#, "UNNNNNUNPNU"),
    ("post", "/system/active-company", r#"{"companyId": {company}}"#, "UNNNNNUNPNU"),
    // The wrong name: refused (400), the company stays.
    ("post", "/system/delete-company", r#"{"companyId": {company}, "name": "Not Matrix Co"}"#, "UNNNNNUNPNU"),
    ("get", "/system/charges?companyId={company}", "", "UNNNNNUNPNU"),
    ("get", "/system/charge-attempts?chargeId=999999", "", "UNNNNNUNANU"),
    ("post", "/system/retry-charge", r#"{"id": 999999}"#, "UNNNNNUNANU"),
    ("post", "/system/charge-today", r#"{"companyId": {company}}"#, "UNNNNNUNPNU"),
    ("post", "/system/charge-next", r#"{"companyId": {company}}"#, "UNNNNNUNPNU"),
    // system: people
    ("get", "/system/stats?sort=employees", "", "UNNNNNUNPNU"),
    ("get", "/system/accrual-health", "", "UNNNNNUNPNU"),
    ("get", "/system/export-stats", "", "UNNNNNUNPNU"),
    ("get", "/system/employees?q=test", "", "UNNNNNUNPNU"),
    ("get", "/system/queryuser?email={email}", "", "UNNNNNUNPNU"),
    ("post", "/system/update-password", r#"{"email": "{email}", "mode": "link"}"#, "UNNNNNUNPNU"),
    ("get", "/system/export-all-users", "", "UNNNNNUNPNU"),
    // system: promotions
    ("get", "/system/promots", "", "UNNNNNUNPNU"),
    ("get", "/system/promot?id=999999", "", "UNNNNNUNANU"),
    ("post", "/system/save-promot", "{}", "UNNNNNUNPNU"),
    ("post", "/system/update-promot", r#"{"id": 999999}"#, "UNNNNNUNANU"),
    ("post", "/system/delete-promot", r#"{"id": 999999}"#, "UNNNNNUNANU"),
    ("get", "/system/promot-companies?code=NOPE", "", "UNNNNNUNANU"),
    ("post", "/myaccount/cancel", "", "UFFFPPUPFPU"),
    // Last: it ends the column's session (an admin's ended already with their company).
    ("post", "/auth/exit-impersonation-mode", "{}", "UPPPUUUUPUU"),
    ("post", "/auth/logout", "{}", "UPPPUUUUPUU"),
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
