//! Closing an account (issue 22, "Cancel account"): every record and every file of the company
//! is erased, on SQLite and PostgreSQL alike, and nothing of another company is touched.
//!
//! Two companies are filled through the API in every domain. Before the closing, every table of
//! the database (found by introspection, not from a list) must hold rows of the company that
//! closes; after it, none. A table with a `company_id` column is counted by it; any other table
//! must be in [`LINKS`], which says how its rows belong to a company, so a table added later
//! without saying so fails this test (and reminds its author to erase it in its owner's
//! `purge_company`).

use crate::helpers::{spawn_app, unique_email, Reply, TestApp, CARD_OK, TINY_PNG};
use chrono::{Datelike, Duration, Utc};
use kernel::Role;
use sea_orm::sea_query::{Alias, Query};
use sea_orm::{ConnectionTrait, DatabaseBackend, DatabaseConnection, Statement};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";

/// How the rows of a table without a `company_id` column belong to a company.
enum Link {
    /// The company's own row, by `id`.
    CompanyRow,
    /// Rows whose columns hold the id of one of the company's people (any of them).
    People(&'static [&'static str]),
    /// Rows whose column holds the id of one of the company's shifts (`time_entries`).
    Shifts(&'static str),
    /// The sign-in throttle: keys naming one of the company's people, by e-mail address or id.
    ThrottleKeys,
    /// Rows of the whole deployment, no company's (see the `closure` crate's docs).
    NoCompany,
}

/// Every table without a `company_id` column. A new one must be added here.
const LINKS: &[(&str, Link)] = &[
    ("companies", Link::CompanyRow),
    ("sessions", Link::People(&["user_id", "impersonator_id"])),
    ("email_tokens", Link::People(&["user_id"])),
    ("two_factor_secrets", Link::People(&["user_id"])),
    ("two_factor_recovery_codes", Link::People(&["user_id"])),
    ("time_entry_breaks", Link::Shifts("entry_id")),
    ("time_entry_actions", Link::Shifts("entry_id")),
    ("auth_throttle", Link::ThrottleKeys),
    ("scheduled_jobs", Link::NoCompany),
    ("job_runs", Link::NoCompany),
    // The accrual job's runs and the incidents told to the operator (pto's `accrual_health`):
    // counts and the deployment's state; what names a company or person is in
    // `accrual_run_errors`, a company's own rows.
    ("accrual_runs", Link::NoCompany),
    ("accrual_incidents", Link::NoCompany),
    ("billing_promotions", Link::NoCompany),
    // Sign-ins under way at the identity provider and verified identities waiting for their
    // signup: nobody's yet (accounts' `sso`; they expire and are cleared there).
    ("sso_logins", Link::NoCompany),
    ("sso_signups", Link::NoCompany),
    // The deployment's token-signing secret (accounts' `tokens::deployment_secret`).
    ("deployment_secrets", Link::NoCompany),
];

/// The schema's own bookkeeping: not data. And the one table whose rows of a company outlive it
/// on purpose: the operator's audit log (`system_admin::audit`), append-only, which keeps what
/// support did to a company — its deletion included — after the company is gone (see the
/// `closure` crate's docs, "What is not deleted").
const SKIPPED: &[&str] = &["seaql_migrations", "system_audit"];

fn ok(reply: Reply) -> Value {
    assert!(reply.status < 300, "{} {:?}", reply.status, reply.body);
    reply.body
}

/// A company filled through the API, and what the test needs to tell its rows.
struct Filled {
    id: i64,
    admin: String,
    manager: String,
    employee: String,
    employee_id: i64,
}

/// One company, with data in every domain: people (added directly and through the API, with an
/// invitation), a job role, sign-in failures and a reset link, time settings, a clock shift with
/// a break, a shift added by the admin with a comment and an approved edit request, its week's
/// classified pay hours, an emergency
/// contact, an avatar and a logo, PTO types with a job role's allowance, a plan whose rule was
/// edited, a manual addition, a paid holiday with an employee's hours, an approved request, HR
/// types, an acknowledged event with a file, a document with a file, a request fulfilled by the
/// employee's upload, a policy with a file sent and acknowledged, a calendar event and a feed,
/// celebration messages of the company and of the employee, a subscription with its charge, and
/// an import from AgencyZoom.
async fn fill(app: &TestApp, name: &str) -> Filled {
    let admin_email = unique_email("admin");
    let admin = app.admin_of_new_company(name, &admin_email).await;
    let company = app.company_of(&admin_email).await;
    let zone = kernel::time::parse_time_zone(&company.time_zone).unwrap();
    let today = Utc::now().with_timezone(&zone).date_naive();
    let year = ok(app.get_as(&admin, "/server/v1/pto-manage/data").await)["currentYear"].as_i64().unwrap();

    // A webhook endpoint (its deliveries queue as people change below; nothing answers there).
    ok(app
        .post_as(
            &admin,
            "/server/v1/webhooks",
            json!({"url": "http://127.0.0.1:9/hook", "events": ["employee.changed"]}),
        )
        .await);

    // People.
    let producer = ok(app.post_as(&admin, "/server/v1/settings/update-role-type", json!({"name": "Producer"})).await)
        ["id"]
        .clone();
    let manager_email = unique_email("manager");
    let manager_id = app.add_person(company.id, &manager_email, Role::Manager, None).await;
    let employee_email = unique_email("employee");
    let employee_id = app.add_person(company.id, &employee_email, Role::Employee, Some(manager_id)).await;
    ok(app
        .post_as(
            &admin,
            "/server/v1/manage/add-user",
            json!({"id": employee_id, "firstname": "Emma", "lastname": "Brooks", "email": employee_email,
                   "managerId": manager_id, "jobroleId": producer, "birthday": today.format("%m/%d").to_string(),
                   "startDate": format!("{}-01-01", year - 1)}),
        )
        .await);
    let invited = ok(app
        .post_as(
            &admin,
            "/server/v1/manage/add-user",
            json!({"firstname": "Ivy", "lastname": "Invited", "email": unique_email("invited"), "permission": "employee"}),
        )
        .await);
    assert_eq!(invited["created"], true);
    let manager = app.token_of(&manager_email).await;
    let employee = app.token_of(&employee_email).await;
    // A second factor with its recovery codes.
    let secret = ok(app.post_as(&employee, "/server/v1/account/two-factor/setup", json!({})).await)["secret"]
        .as_str()
        .unwrap()
        .to_owned();
    ok(app
        .post_as(&employee, "/server/v1/account/two-factor/enable", json!({"code": crate::helpers::totp_now(&secret)}))
        .await);
    // The sign-in throttle and a reset link.
    assert_eq!(app.login(&employee_email, "not-the-password").await.status, 401);
    assert_eq!(app.post("/server/v1/auth/reset-password", json!({"email": employee_email})).await.status, 200);

    // The clock and timesheets.
    ok(app.post_as(&admin, "/server/v1/settings/update", json!({"weeklyOvertimeMinutes": 2100})).await);
    let from = today.format("%Y-%m-%d").to_string();
    ok(app
        .post_as(&admin, "/server/v1/settings/update-overtime", json!({"effectiveFrom": from, "jurisdiction": "us-ca"}))
        .await);
    ok(app
        .post_as(
            &admin,
            "/server/v1/settings/update-employee-overtime",
            json!({"employeeId": employee_id, "effectiveFrom": from, "jurisdiction": "us-nv", "underWageLine": true}),
        )
        .await);
    // A work location the employee is held to: their presses keep a place verdict and position.
    let location = ok(app
        .post_as(
            &admin,
            "/server/v1/locations/save",
            json!({"name": "Main Office", "latitude": 40.0, "longitude": -75.0, "ipAllow": ["127.0.0.0/8", "::1"]}),
        )
        .await)["id"]
        .clone();
    ok(app.post_as(&admin, &format!("/server/v1/locations/people?id={location}"), json!({"add": [employee_id]})).await);
    // A kiosk there, and the employee's kiosk PIN.
    ok(app.post_as(&admin, "/server/v1/kiosks/register", json!({"name": "Front desk", "locationId": location})).await);
    ok(app.post_as(&employee, "/server/v1/clock/pin", json!({"pin": "4711"})).await);
    // A company API key.
    ok(app.post_as(&admin, "/server/v1/api-keys", json!({"name": "Payroll sync", "scopes": ["time:read"]})).await);
    let position = json!({"position": {"latitude": 40.0005, "longitude": -75.0, "accuracy": 20.0, "takenAt": Utc::now().to_rfc3339()}});
    let tracking = ok(app.post_as(&employee, "/server/v1/clock/start", position).await)["trackingNumber"].clone();
    for action in ["take-break", "resume-from-break"] {
        ok(app.post_as(&employee, &format!("/server/v1/clock/{action}?trackingNumber={tracking}"), json!({})).await);
    }
    // The clock-out made on a phone without a network (a press receipt), and one with a key.
    // A second after the resume (a press before the shift's last one would be held).
    let device_time = (Utc::now() + Duration::seconds(2)).to_rfc3339();
    ok(app
        .post_keyed_as(
            &employee,
            &format!("offline-end-{}", name.replace(|c: char| !c.is_ascii_alphanumeric(), "-")),
            "/server/v1/clock/offline-press",
            json!({"action": "end", "trackingNumber": tracking, "deviceTime": device_time, "serverOffsetMs": 0}),
        )
        .await);
    let day = today - Duration::days(3);
    let shift = app
        .post_as(
            &admin,
            "/server/v1/timesheet/edit",
            json!({"employeeId": employee_id, "start": format!("{day} 09:00:00"), "end": format!("{day} 17:00:00"),
                   "breaks": [[format!("{day} 12:00:00"), format!("{day} 12:30:00")]]}),
        )
        .await;
    assert_eq!(shift.status, 201, "{:?}", shift.body);
    let shift = shift.body["id"].as_i64().unwrap();
    ok(app
        .post_as(&employee, "/server/v1/timesheet/add-comment", json!({"entryId": shift, "comment": "Client visit"}))
        .await);
    // Timesheet edits take an approval path (the manager, reminded after an hour); the admin
    // stands in for the manager, who is the company's fallback approver; the edit below walks it.
    let path = ok(app
        .post_as(
            &admin,
            "/server/v1/approvals/paths",
            json!({"name": "Edits", "steps": [{"approvers": "manager", "mode": "any", "remindAfterHours": 1}]}),
        )
        .await)["id"]
        .clone();
    ok(app.post_as(&admin, "/server/v1/approvals/uses", json!({"target": "timesheet_edits", "pathId": path})).await);
    ok(app.post_as(&admin, "/server/v1/approvals/fallback", json!({"personId": manager_id})).await);
    let admin_id: i64 = {
        use sea_orm::ConnectionTrait;
        let row = app
            .db
            .query_one(sea_orm::Statement::from_string(
                app.db.get_database_backend(),
                format!("SELECT id FROM users WHERE email = '{admin_email}'"),
            ))
            .await
            .unwrap()
            .unwrap();
        row.try_get("", "id").unwrap()
    };
    ok(app
        .post_as(
            &admin,
            "/server/v1/approvals/stand-ins",
            json!({"personId": manager_id, "standInId": admin_id, "startsOn": today.to_string(), "endsOn": (today + Duration::days(3)).to_string()}),
        )
        .await);
    let request = app
        .post_as(
            &employee,
            "/server/v1/timesheet/edit-request",
            json!({"trackingNumber": shift, "changeType": "out", "end": format!("{day} 18:00:00"), "comment": "Stayed late"}),
        )
        .await;
    assert_eq!(request.status, 201, "{:?}", request.body);
    let reminders = approvals::Approvals::new(app.db.clone(), app.accounts.clone(), kernel::WriteGate::open());
    assert_eq!(reminders.remind_and_escalate(Utc::now() + Duration::hours(2)).await.unwrap().reminded, 1);
    ok(app.post_as(&manager, "/server/v1/timesheet/edit-request-approve", json!({"reqId": request.body["id"]})).await);
    // Licensing: a producer with a licence (and its document) expiring within 30 days, a CE
    // requirement, a credit with its certificate, an appointment, an E&O policy, the company's own
    // rule for a state, and the reminders sent.
    let pdf: &[u8] = b"%PDF-1.4\n%%EOF\n";
    ok(app
        .post_as(
            &admin,
            "/server/v1/licensing/producer",
            json!({"employeeId": employee_id, "npn": "7654321", "residentState": "TX"}),
        )
        .await);
    let licence = ok(app
        .post_as(
            &admin,
            "/server/v1/licensing/licences",
            json!({"employeeId": employee_id, "state": "TX", "number": "TX-1", "licenceType": "Producer", "lines": ["life"],
                   "residency": "resident", "issuedOn": "2020-01-01", "status": "active",
                   "expiresOn": (today + Duration::days(30)).to_string()}),
        )
        .await)["id"]
        .to_string();
    ok(app
        .upload_named_as(
            &admin,
            "/server/v1/licensing/licences/document",
            &[("id", licence.as_str())],
            "file",
            "l.pdf",
            pdf,
        )
        .await);
    ok(app
        .post_as(
            &admin,
            "/server/v1/licensing/requirements",
            json!({"licenceId": licence.parse::<i64>().unwrap(), "cycleStart": (today - Duration::days(300)).to_string(), "dueOn": (today + Duration::days(20)).to_string()}),
        )
        .await);
    let employee_id_text = employee_id.to_string();
    let completed = (today - Duration::days(2)).to_string();
    ok(app
        .upload_named_as(
            &employee,
            "/server/v1/licensing/credits",
            &[
                ("employeeId", employee_id_text.as_str()),
                ("state", "TX"),
                ("course", "Ethics"),
                ("hours", "2"),
                ("topic", "ethics"),
                ("completedOn", completed.as_str()),
            ],
            "certificate",
            "c.pdf",
            pdf,
        )
        .await);
    ok(app
        .post_as(
            &admin,
            "/server/v1/licensing/appointments",
            json!({"employeeId": employee_id, "carrier": "Acme", "state": "TX", "effectiveOn": "2021-01-01"}),
        )
        .await);
    ok(app
        .post_as(&admin, "/server/v1/licensing/eo", json!({"carrier": "Acme E&O", "policyNumber": "EO-1", "perClaimCents": 100000000, "aggregateCents": 200000000, "expiresOn": "2027-01-01"}))
        .await);
    ok(app
        .post_as(&admin, "/server/v1/licensing/states", json!({"state": "TX", "cycleMonths": 24, "hoursTotal": 24, "hoursEthics": 2, "citation": "28 TAC 19.1003", "effectiveFrom": "2026-01-01"}))
        .await);
    let licence_job = licensing::Licensing::new(
        app.db.clone(),
        app.accounts.clone(),
        files::Files::new(
            app.db.clone(),
            std::sync::Arc::new(files::LocalDirStore::new(std::env::temp_dir().join("timekeep-closure-licensing"))),
        ),
        kernel::WriteGate::open(),
    );
    let noon = crate::helpers::local_hour_in(crate::helpers::TEST_ZONE, 0, 12);
    assert!(licence_job.send_reminders(noon).await.unwrap().reminded >= 1);
    // The manager approves the employee's week (a review the team timesheet records).
    ok(app
        .post_as(
            &manager,
            "/server/v1/timesheet/approve-period",
            json!({"employeeIds": [employee_id], "date": day.to_string()}),
        )
        .await);
    // The week read under California rules: its classification is kept.
    let range = format!("start={}&end={today}&employeeId={employee_id}", today - Duration::days(7));
    ok(app.get_as(&admin, &format!("/server/v1/timesheet/pay-hours?{range}")).await);
    // And the summary report of those days: the totals over the range are kept too.
    let summary = format!("start={}&end={today}", today - Duration::days(7));
    ok(app.get_as(&admin, &format!("/server/v1/report/summary-report-data?type=summary&{summary}")).await);
    // The employee works in Nevada under the wage line from that day, and is clocked in for
    // nine hours now (the shift's start moved back): an overtime alert for the job to send.
    ok(app
        .post_as(
            &admin,
            "/server/v1/settings/update-employee-overtime",
            json!({"employeeId": employee_id, "effectiveFrom": day.to_string(), "jurisdiction": "us-nv", "underWageLine": true}),
        )
        .await);
    let running = ok(app.post_as(&employee, "/server/v1/clock/start", json!({})).await)["trackingNumber"].clone();
    // Set up in the table: the API refuses a start that overlaps the shift clocked just before.
    {
        use clock::entities::time_entries;
        use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
        let started = chrono::SubsecRound::trunc_subsecs(Utc::now() - Duration::hours(9), 0);
        time_entries::Entity::update_many()
            .col_expr(time_entries::Column::StartAt, sea_orm::sea_query::Expr::value(started))
            .filter(time_entries::Column::Id.eq(running.as_i64().unwrap()))
            .exec(&app.db)
            .await
            .unwrap();
    }
    ok(app.post_as(&admin, "/server/v1/settings/update", json!({"overtimeAlertEmails": true})).await);
    // Two ended (Sunday–Saturday) pay periods closed, the first with a late change that the
    // second carries as an adjustment.
    let sunday =
        |d: chrono::NaiveDate| d - Duration::days(i64::from(chrono::Datelike::weekday(&d).num_days_from_sunday()));
    let (first, second) = (sunday(today - Duration::days(20)), sunday(today - Duration::days(13)));
    let late = app
        .post_as(
            &admin,
            "/server/v1/timesheet/edit",
            json!({"employeeId": employee_id, "start": format!("{} 09:00:00", first + Duration::days(1)),
                   "end": format!("{} 12:00:00", first + Duration::days(1)), "breaks": []}),
        )
        .await;
    assert_eq!(late.status, 201, "{:?}", late.body);
    let close = |start: chrono::NaiveDate| {
        app.post_as(
            &admin,
            "/server/v1/report/pay-periods/close",
            json!({"start": start, "end": start + Duration::days(6)}),
        )
    };
    ok(close(first).await);
    let asked = app
        .post_as(
            &employee,
            "/server/v1/timesheet/edit-request",
            json!({"trackingNumber": late.body["id"], "changeType": "out",
                   "end": format!("{} 13:00:00", first + Duration::days(1)), "comment": "Forgot"}),
        )
        .await;
    assert_eq!(asked.status, 201, "{:?}", asked.body);
    ok(app.post_as(&manager, "/server/v1/timesheet/edit-request-approve", json!({"reqId": asked.body["id"]})).await);
    ok(close(second).await);

    // The profile and the company.
    ok(app
        .post_as(
            &employee,
            "/server/v1/contacts/add",
            json!({"eid": employee_id, "firstname": "Ann", "lastname": "Lee", "relationship": "Relative", "phone": "5551234567"}),
        )
        .await);
    ok(app.upload_as(&employee, "/server/v1/profile/update-avatar", &[], Some(TINY_PNG)).await);
    ok(app.upload_as(&admin, "/server/v1/company/logo", &[], Some(TINY_PNG)).await);

    // Time off.
    let vacation = ok(app
        .post_as(
            &admin,
            "/server/v1/settings/update-pto-type",
            json!({"name": "Vacation", "overrides": [{"jobroleId": producer, "hours": 120}]}),
        )
        .await)["id"]
        .clone();
    let rule = |hours: i64| json!({"ptoTypeId": vacation, "method": "PER_CALENDAR_YEAR", "rate": hours, "rateUnit": 1});
    let plan = ok(app
        .post_as(
            &admin,
            "/server/v1/settings/save-pto-plan",
            json!({"name": "Standard", "year": year, "assignType": "teamMembers", "assignIds": [employee_id, manager_id],
                   "rules": [rule(80)]}),
        )
        .await);
    let mut edited = rule(96);
    edited["id"] = plan["rules"][0]["id"].clone();
    edited["ptoPolicyId"] = plan["id"].clone();
    ok(app.post_as(&admin, "/server/v1/settings/update-pto-rule", edited).await);
    ok(app
        .post_as(
            &admin,
            "/server/v1/manage/manually-add-pto",
            json!({"employeeId": employee_id, "ptoTypeId": vacation, "year": year, "hours": "2.5",
                   "reason": "Hours from the old system"}),
        )
        .await);
    ok(app
        .post_as(
            &admin,
            "/server/v1/manage/employee-pto-assumed-hours",
            json!({"employeeId": employee_id, "weeklyHours": 40}),
        )
        .await);
    let holiday = ok(app
        .post_as(&admin, "/server/v1/holiday/add", json!({"name": "Founders' Day", "holiday": format!("{year}-07-01")}))
        .await)["id"]
        .clone();
    ok(app
        .post_as(
            &admin,
            "/server/v1/holiday/save-employee-holidays",
            json!({"employeeId": employee_id, "year": year, "holidays": [{"holidayId": holiday, "hours": 4}]}),
        )
        .await);
    let monday = today + Duration::days(14 - i64::from(today.weekday().num_days_from_monday()));
    let time_off = ok(app
        .post_as(
            &employee,
            "/server/v1/pto/request",
            json!({"ptoType": vacation, "partialday": false, "allday": 1, "includeWeekend": false,
                   "start": format!("{monday} 00:00:00"), "end": format!("{} 23:59:59", monday + Duration::days(1)),
                   "reason": "Family trip"}),
        )
        .await);
    ok(app.post_as(&manager, "/server/v1/pto/approve-timeoff", json!({"request": time_off["id"]})).await);

    // HR records and policies.
    let event_type = ok(app.post_as(&admin, "/server/v1/settings/update-event-type", json!({"name": "Review"})).await)
        ["id"]
        .to_string();
    let doc_type =
        ok(app.post_as(&admin, "/server/v1/settings/update-doc-type", json!({"name": "W-4"})).await)["id"].clone();
    let policy_type =
        ok(app.post_as(&admin, "/server/v1/settings/update-policy-type", json!({"name": "Handbook"})).await)["id"]
            .to_string();
    let report = employee_id.to_string();
    let event = ok(app
        .upload_named_as(
            &manager,
            "/server/v1/manage/add-event",
            &[
                ("employeeId", &report),
                ("eventTypeId", &event_type),
                ("title", "Annual review"),
                ("comments", "<p>Great year</p>"),
                ("ackneeded", "1"),
                ("onlyVisibleToOwner", "0"),
            ],
            "file",
            "review.pdf",
            PDF,
        )
        .await);
    ok(app.post_as(&employee, "/server/v1/profile/affirm-event", json!({"id": event["id"]})).await);
    ok(app
        .upload_named_as(
            &manager,
            "/server/v1/manage/add-doc",
            &[("employeeId", &report), ("docName", "W-4 on file"), ("docTypeId", &doc_type.to_string())],
            "file",
            "w4.pdf",
            PDF,
        )
        .await);
    let due = (today + Duration::days(7)).to_string();
    let asked = ok(app
        .post_as(
            &manager,
            "/server/v1/manage/add-doc-request",
            json!({"employeeId": employee_id, "docTypeId": doc_type, "dueDate": due, "comments": "For payroll"}),
        )
        .await);
    ok(app
        .upload_named_as(
            &employee,
            "/server/v1/profile/add-doc",
            &[("docName", "My W-4"), ("comments", "Signed"), ("reqId", &asked["id"].to_string())],
            "document",
            "w4.pdf",
            PDF,
        )
        .await);
    let policy = ok(app
        .upload_named_as(
            &admin,
            "/server/v1/policy/add-policy",
            &[("title", "Handbook"), ("policyTypeId", &policy_type), ("content", "<p>Be kind.</p>")],
            "file",
            "handbook.pdf",
            PDF,
        )
        .await);
    let workflow = ok(app
        .post_as(
            &admin,
            "/server/v1/policy/publish",
            json!({"policyId": policy["id"], "applicableToAll": 1, "ack": 1, "dueDate": due, "onboardingPolicy": 0}),
        )
        .await);
    ok(app.post_as(&employee, "/server/v1/profile/affirm-policy", json!({"id": workflow["id"]})).await);

    // The calendar and celebrations.
    let soon = today + Duration::days(2);
    ok(app
        .post_as(
            &employee,
            "/server/v1/calendar-event/add-event",
            json!({"employeeId": null, "eventName": "Team lunch", "startDate": format!("{soon} 12:00:00"),
                   "endDate": format!("{soon} 13:00:00"), "description": "Bring snacks"}),
        )
        .await);
    ok(app.get_as(&employee, "/server/v1/calendar-feed/mine").await);
    ok(app
        .post_as(
            &admin,
            "/server/v1/celebration/save-company-celebration-message",
            json!({"type": "BIRTHDAY", "message": "Happy birthday {firstname}!"}),
        )
        .await);
    ok(app
        .post_as(
            &manager,
            "/server/v1/celebration/save-celebration-message",
            json!({"employeeId": employee_id, "type": "BIRTHDAY", "message": "Cake for {firstname}!"}),
        )
        .await);

    // Billing: a promotion code (the platform's) redeemed at activation, the subscription, its
    // checkout, the first charge (discounted) and its attempt.
    let operator = app.operator_token().await;
    let code = format!("CLOSURE-{}", company.id);
    ok(app
        .post_as(
            &operator,
            "/server/v1/system/save-promot",
            json!({"code": code, "description": "Ten off", "percentOff": 10}),
        )
        .await);
    let data = ok(app.get_as(&admin, "/server/v1/myaccount/data").await);
    let session = app.complete_checkout(data["activateUrl"].as_str().unwrap(), CARD_OK).await;
    let activated =
        app.post_as(&admin, "/server/v1/myaccount/activate", json!({"token": session, "promotCode": code})).await;
    assert_eq!(activated.status, 200, "{:?}", activated.body);
    assert!(activated.body["charge"]["discount"].as_i64().unwrap() > 0, "{:?}", activated.body);

    // An import from AgencyZoom (its link rows): the admin and one new person.
    crate::agencyzoom::new_agency(json!({"agency": {"name": name}, "employees": [
        {"id": 1, "firstName": "Ada", "lastName": "Admin", "email": admin_email, "userType": "owner", "password": "az-closure"},
        {"id": 2, "firstName": "Zed", "lastName": "Zoom", "email": unique_email("zoom"), "userType": "user"},
    ]}))
    .await;
    ok(app
        .post_as(&admin, "/server/v1/manage/import-agencyzoom", json!({"email": admin_email, "password": "az-closure"}))
        .await);

    Filled { id: company.id.0, admin, manager, employee, employee_id }
}

/// The jobs that write for every company: the accrual job's checkpoints, the morning's
/// celebration mails, the overtime alerts (the employees' birthdays are today). The accrual job forgets the log of
/// changed worked days it has read, so a shift is added after it for each company.
async fn run_jobs(app: &TestApp, companies: &[&Filled]) {
    let pto = pto::Pto::new(app.db.clone(), app.accounts.clone(), kernel::WriteGate::open());
    assert!(pto.post_accruals(Utc::now()).await.unwrap().employees > 0);
    let zone = crate::helpers::TEST_ZONE;
    let today = Utc::now().with_timezone(&zone).date_naive();
    let morning = today.and_hms_opt(9, 0, 0).unwrap().and_local_timezone(zone).unwrap().with_timezone(&Utc);
    // Through the scheduler, as the servers run it: a batch and a day's mark per company.
    let scheduler = crate::job_batches::celebrations(app, "closure-test", false);
    scheduler.run_due(morning).await.unwrap();
    let run = kernel::scheduler::recent_runs(&app.db, Some(hr::celebrations::CELEBRATIONS_JOB), 1).await.unwrap();
    assert!(run[0].items >= 2, "{run:?}");
    let timesheet = timesheet::TimesheetService::new(app.db.clone(), app.accounts.clone(), kernel::WriteGate::open());
    assert!(timesheet.send_overtime_alerts(Utc::now()).await.unwrap().queued >= 2);
    let day = today - Duration::days(4);
    for company in companies {
        let shift = app
            .post_as(
                &company.admin,
                "/server/v1/timesheet/edit",
                json!({"employeeId": company.employee_id, "start": format!("{day} 08:00:00"), "end": format!("{day} 12:00:00")}),
            )
            .await;
        assert_eq!(shift.status, 201, "{:?}", shift.body);
    }
}

/// What the accrual job could not compute is recorded when a stored rule is broken, which no
/// form can save; one is written for each company as the job would (`pto::accrual_health`).
async fn accrual_error(db: &DatabaseConnection, company: i64) {
    let insert = Query::insert()
        .into_table(Alias::new("accrual_run_errors"))
        .columns([Alias::new("run_id"), Alias::new("company_id"), Alias::new("message"), Alias::new("created_at")])
        .values_panic([
            1.into(),
            company.into(),
            "A person: the Sick rule of plan 'Old' is broken".into(),
            Utc::now().into(),
        ])
        .to_owned();
    db.execute(db.get_database_backend().build(&insert)).await.unwrap();
}

/// A monthly sick-leave statement is sent only where a law wants one (Washington), for a month
/// with hours worked; one is written for each company as the statement job would
/// (`pto::statements`).
async fn sick_leave_statement(db: &DatabaseConnection, company: i64, employee: i64) {
    let insert = Query::insert()
        .into_table(Alias::new("sick_leave_statements"))
        .columns(
            [
                "company_id",
                "employee_id",
                "month",
                "pto_type_id",
                "accrued_minutes",
                "reduced_minutes",
                "balance_minutes",
                "sent_at",
            ]
            .map(Alias::new),
        )
        .values_panic([
            company.into(),
            employee.into(),
            chrono::NaiveDate::from_ymd_opt(2026, 10, 1).unwrap().into(),
            1.into(),
            60.into(),
            0.into(),
            60.into(),
            Utc::now().into(),
        ])
        .to_owned();
    db.execute(db.get_database_backend().build(&insert)).await.unwrap();
}

/// The provider's webhook events are recorded by billing as it processes them; the test harness
/// sends none, so one is written for each company as billing would.
async fn webhook_event(db: &DatabaseConnection, company: i64) {
    let insert = Query::insert()
        .into_table(Alias::new("billing_webhook_events"))
        .columns([
            Alias::new("event_id"),
            Alias::new("event_type"),
            Alias::new("company_id"),
            Alias::new("received_at"),
        ])
        .values_panic([
            format!("evt_closure_{company}").into(),
            "invoice.paid".into(),
            company.into(),
            Utc::now().into(),
        ])
        .to_owned();
    db.execute(db.get_database_backend().build(&insert)).await.unwrap();
}

async fn strings(db: &DatabaseConnection, sql: &str) -> Vec<String> {
    let rows = db.query_all(Statement::from_string(db.get_database_backend(), sql)).await.unwrap();
    rows.iter().map(|row| row.try_get_by_index::<String>(0).unwrap()).collect()
}

async fn integers(db: &DatabaseConnection, sql: &str) -> Vec<i64> {
    let rows = db.query_all(Statement::from_string(db.get_database_backend(), sql)).await.unwrap();
    rows.iter().map(|row| row.try_get_by_index::<i64>(0).unwrap()).collect()
}

async fn count(db: &DatabaseConnection, sql: &str) -> i64 {
    integers(db, sql).await[0]
}

/// Every table of the database, by introspection, and whether it has a `company_id` column.
async fn tables(db: &DatabaseConnection) -> Vec<(String, bool)> {
    let (list, column) = match db.get_database_backend() {
        DatabaseBackend::Sqlite => (
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name".to_owned(),
            "SELECT name FROM pragma_table_info('{table}') WHERE name = 'company_id'",
        ),
        _ => (
            "SELECT table_name::text FROM information_schema.tables \
             WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name"
                .to_owned(),
            "SELECT column_name::text FROM information_schema.columns \
             WHERE table_schema = current_schema() AND table_name = '{table}' AND column_name = 'company_id'",
        ),
    };
    let mut found = Vec::new();
    for table in strings(db, &list).await {
        if SKIPPED.contains(&table.as_str()) {
            continue;
        }
        let has_company = !strings(db, &column.replace("{table}", &table)).await.is_empty();
        found.push((table, has_company));
    }
    assert!(found.len() > 40, "the introspection found the tables: {found:?}");
    found
}

/// What tells a company's rows in the tables without a company column: its people (ids and
/// e-mail addresses) and its shifts, read before the closing so that rows left pointing at
/// deleted parents would still be counted.
struct Ids {
    company: i64,
    people: Vec<i64>,
    emails: Vec<String>,
    shifts: Vec<i64>,
}

async fn ids_of(db: &DatabaseConnection, company: i64) -> Ids {
    Ids {
        company,
        people: integers(db, &format!("SELECT id FROM users WHERE company_id = {company} ORDER BY id")).await,
        emails: strings(db, &format!("SELECT email FROM users WHERE company_id = {company}")).await,
        shifts: integers(db, &format!("SELECT id FROM time_entries WHERE company_id = {company}")).await,
    }
}

fn in_list(ids: &[i64]) -> String {
    if ids.is_empty() {
        "-1".to_owned()
    } else {
        ids.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
    }
}

/// The company's rows in every table (`None`: a table of no company).
async fn rows_of(db: &DatabaseConnection, tables: &[(String, bool)], ids: &Ids) -> BTreeMap<String, Option<i64>> {
    let mut counts = BTreeMap::new();
    for (table, has_company) in tables {
        let rows = if *has_company {
            Some(count(db, &format!("SELECT COUNT(*) FROM {table} WHERE company_id = {}", ids.company)).await)
        } else {
            let link = LINKS.iter().find(|(name, _)| name == table).map(|(_, link)| link).unwrap_or_else(|| {
                panic!(
                    "table {table} has no company_id column and no entry in LINKS: say how its rows belong to a \
                     company (and erase them in its owner's purge_company)"
                )
            });
            match link {
                Link::CompanyRow => {
                    Some(count(db, &format!("SELECT COUNT(*) FROM {table} WHERE id = {}", ids.company)).await)
                }
                Link::People(columns) => {
                    let people = in_list(&ids.people);
                    let condition =
                        columns.iter().map(|column| format!("{column} IN ({people})")).collect::<Vec<_>>().join(" OR ");
                    Some(count(db, &format!("SELECT COUNT(*) FROM {table} WHERE {condition}")).await)
                }
                Link::Shifts(column) => Some(
                    count(db, &format!("SELECT COUNT(*) FROM {table} WHERE {column} IN ({})", in_list(&ids.shifts)))
                        .await,
                ),
                Link::ThrottleKeys => {
                    let keys = strings(db, &format!("SELECT \"key\" FROM {table}")).await;
                    let theirs = keys.iter().filter(|key| {
                        ids.emails.iter().any(|email| key.contains(email.as_str()))
                            || ids.people.iter().any(|id| **key == format!("change-password:{id}"))
                    });
                    Some(i64::try_from(theirs.count()).unwrap())
                }
                Link::NoCompany => None,
            }
        };
        counts.insert(table.clone(), rows);
    }
    counts
}

/// The storage keys of the company's files.
async fn stored_keys(db: &DatabaseConnection, company: i64) -> Vec<String> {
    strings(db, &format!("SELECT storage_key FROM stored_files WHERE company_id = {company}")).await
}

/// The app's file-store folder: the temporary folder (`timekeep-files-…`, see the helpers)
/// that holds `key`, under the shard of its first two characters.
fn store_folder(key: &str) -> PathBuf {
    let shard = Path::new(&key[..2]).join(key);
    let found: Vec<PathBuf> = std::fs::read_dir(std::env::temp_dir())
        .unwrap()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.file_name().is_some_and(|name| name.to_string_lossy().starts_with("timekeep-files-")))
        .filter(|path| path.join(&shard).exists())
        .collect();
    assert_eq!(found.len(), 1, "one file store holds {key}: {found:?}");
    found[0].clone()
}

fn file_of(folder: &Path, key: &str) -> PathBuf {
    folder.join(&key[..2]).join(key)
}

/// An admin's context, built here as the gateway's guard builds it (tests may).
fn admin_ctx(company: i64, admin: i64) -> kernel::AdminCtx {
    kernel::TenantCtx::new(kernel::CompanyId(company), kernel::UserId(admin), Role::Admin, chrono_tz::America::Chicago)
        .manager()
        .and_then(|manager| manager.admin())
        .unwrap()
}

/// Tables that hold rows of a company (`Some(n > 0)`) and those that hold none.
fn holding(counts: &BTreeMap<String, Option<i64>>) -> (Vec<&String>, Vec<&String>) {
    let full = counts.iter().filter(|(_, rows)| rows.is_some_and(|n| n > 0)).map(|(table, _)| table).collect();
    let empty = counts.iter().filter(|(_, rows)| **rows == Some(0)).map(|(table, _)| table).collect();
    (full, empty)
}

#[actix_web::test]
async fn closing_an_account_erases_every_record_and_file_of_the_company_and_nothing_else() {
    let app = spawn_app().await;
    let closing = fill(&app, "Closing Co").await;
    let staying = fill(&app, "Staying Co").await;
    // Closed through the service below, to read its report.
    let direct = fill(&app, "Direct Co").await;
    run_jobs(&app, &[&closing, &staying, &direct]).await;
    for company in [&closing, &staying, &direct] {
        webhook_event(&app.db, company.id).await;
        accrual_error(&app.db, company.id).await;
        sick_leave_statement(&app.db, company.id, company.employee_id).await;
    }

    // Every table holds rows of each company.
    let tables = tables(&app.db).await;
    let closing_ids = ids_of(&app.db, closing.id).await;
    let staying_ids = ids_of(&app.db, staying.id).await;
    let direct_ids = ids_of(&app.db, direct.id).await;
    let before = rows_of(&app.db, &tables, &closing_ids).await;
    let staying_before = rows_of(&app.db, &tables, &staying_ids).await;
    let direct_before = rows_of(&app.db, &tables, &direct_ids).await;
    for counts in [&before, &staying_before, &direct_before] {
        let (_, empty) = holding(counts);
        assert!(empty.is_empty(), "no rows of a company in {empty:?}: fill them, so that their erasing is proven");
    }

    // The files are in the store, each company's: an avatar, a logo, an event's file, two
    // documents and a policy's file.
    let closing_files = stored_keys(&app.db, closing.id).await;
    let staying_files = stored_keys(&app.db, staying.id).await;
    let direct_files = stored_keys(&app.db, direct.id).await;
    assert!(closing_files.len() >= 6, "{closing_files:?}");
    let folder = store_folder(&closing_files[0]);
    for key in closing_files.iter().chain(&staying_files).chain(&direct_files) {
        assert!(file_of(&folder, key).exists(), "{key} is stored");
    }
    for token in [&closing.admin, &closing.manager, &closing.employee] {
        assert_eq!(app.get_as(token, "/server/v1/profile/mine").await.status, 200);
    }

    // Only an admin closes the account.
    assert_eq!(app.post_as(&closing.manager, "/server/v1/myaccount/cancel", json!({})).await.status, 403);
    assert_eq!(app.post_as(&closing.employee, "/server/v1/myaccount/cancel", json!({})).await.status, 403);
    let closed = app.post_as(&closing.admin, "/server/v1/myaccount/cancel", json!({})).await;
    assert_eq!(closed.status, 200, "{:?}", closed.body);

    // Nothing of the closed company is left, in any table; the others' rows are all there.
    let after = rows_of(&app.db, &tables, &closing_ids).await;
    let (left, _) = holding(&after);
    assert!(left.is_empty(), "rows of the closed company are left in {left:?}");
    assert_eq!(rows_of(&app.db, &tables, &staying_ids).await, staying_before);
    assert_eq!(rows_of(&app.db, &tables, &direct_ids).await, direct_before);

    // Its files are gone from the store; the others' are kept.
    for key in &closing_files {
        assert!(!file_of(&folder, key).exists(), "{key} of the closed company is still stored");
    }
    for key in staying_files.iter().chain(&direct_files) {
        assert!(file_of(&folder, key).exists(), "{key} of another company was removed");
    }

    // Every token of the closed company is refused at once; the others' work as before.
    for token in [&closing.admin, &closing.manager, &closing.employee] {
        let reply = app.get_as(token, "/server/v1/profile/mine").await;
        assert_eq!(reply.status, 401, "{:?}", reply.body);
    }
    assert_eq!(app.post_as(&closing.admin, "/server/v1/myaccount/cancel", json!({})).await.status, 401);
    for token in [&staying.admin, &staying.manager, &staying.employee, &direct.admin] {
        assert_eq!(app.get_as(token, "/server/v1/profile/mine").await.status, 200);
    }

    // The service, called as the route calls it: its report says each table's rows were deleted
    // by their owner's purge, as many as there were (no cascade did it), except billing's, whose
    // purge reports no counts; `worked_changes` also loses the rows its trigger logs as the shifts
    // go.
    let store = std::sync::Arc::new(files::LocalDirStore::new(&folder));
    let service =
        ::closure::Closure::new(app.db.clone(), files::Files::new(app.db.clone(), store), kernel::WriteGate::open())
            .with_billing(app.billing().clone());
    let ctx = admin_ctx(direct.id, direct_ids.people[0]);
    let report = service.close_company(&ctx).await.unwrap();
    for (table, rows) in &direct_before {
        let (Some(rows), false) = (rows, table.starts_with("billing_")) else { continue };
        let erased = i64::try_from(report.rows_of(table)).unwrap();
        if table == "worked_changes" {
            assert!(erased > *rows, "{table}: {erased} of {rows}");
        } else {
            assert_eq!(erased, *rows, "{table}: rows deleted by its owner's purge");
        }
    }
    assert_eq!((report.files_removed, report.files_left.len()), (direct_files.len(), 0));
    let after = rows_of(&app.db, &tables, &direct_ids).await;
    let (left, _) = holding(&after);
    assert!(left.is_empty(), "rows of the closed company are left in {left:?}");
    assert_eq!(rows_of(&app.db, &tables, &staying_ids).await, staying_before);
    for key in &direct_files {
        assert!(!file_of(&folder, key).exists(), "{key} of the closed company is still stored");
    }
    // A company closed already is not found.
    assert!(matches!(service.close_company(&ctx).await, Err(::closure::ClosureError::NotFound)));
    let ctx = admin_ctx(closing.id, closing_ids.people[0]);
    assert!(matches!(service.close_company(&ctx).await, Err(::closure::ClosureError::NotFound)));
}
