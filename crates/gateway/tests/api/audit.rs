//! The company's audit trail (issue 43, `docs/contracts/audit-trail.md`): the entries each family
//! of changes writes with its fields before and after, who reads which, the filters and their
//! refusals, the CSV export, impersonation, and that nothing can alter an entry.

use crate::helpers::{spawn_app, unique_email, TestApp};
use kernel::Role;
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{json, Value};

struct Company {
    admin: String,
    admin_email: String,
    admin_id: i64,
    manager: String,
    report_email: String,
    report_id: i64,
    other_id: i64,
    company: i64,
}

/// An admin, a manager, the manager's report and an employee reporting to nobody.
async fn company(app: &TestApp) -> Company {
    let admin_email = unique_email("audit-admin");
    let admin = app.admin_of_new_company("Audit Co", &admin_email).await;
    let company = app.company_of(&admin_email).await.id.0;
    let manager_email = unique_email("audit-manager");
    let manager_id = app.add_person(company, &manager_email, Role::Manager, None).await;
    let report_email = unique_email("audit-report");
    let report_id = app.add_person(company, &report_email, Role::Employee, Some(manager_id)).await;
    let other_id = app.add_person(company, &unique_email("audit-other"), Role::Employee, None).await;
    let manager = app.token_of(&manager_email).await;
    let me = app.get_as(&admin, "/server/v1/auth/login-data").await;
    let admin_id = me.body["identity"]["eid"].as_i64().unwrap_or_default();
    Company { admin, admin_email, admin_id, manager, report_email, report_id, other_id, company }
}

fn entries(page: &Value) -> Vec<Value> {
    page["entries"].as_array().cloned().unwrap_or_default()
}

/// The entry's change of `field` as (before, after).
fn change_of(entry: &Value, field: &str) -> Option<(Value, Value)> {
    entry["changes"]
        .as_array()?
        .iter()
        .find(|change| change["field"] == field)
        .map(|change| (change["before"].clone(), change["after"].clone()))
}

/// The first entry of `entity` and `action` (`null` when there is none).
fn find(all: &[Value], entity: &str, action: &str) -> Value {
    all.iter().find(|entry| entry["entity"] == entity && entry["action"] == action).cloned().unwrap_or(Value::Null)
}

/// The admin adds a 9-to-5 shift on 5 October for `employee` ('Add Shift'); its id.
async fn add_shift(app: &TestApp, admin: &str, employee: i64) -> i64 {
    let shift = app
        .post_as(
            admin,
            "/server/v1/timesheet/edit",
            json!({"employeeId": employee, "start": "2026-10-05 09:00:00", "end": "2026-10-05 17:00:00", "breaks": []}),
        )
        .await;
    assert_eq!(shift.status, 201, "{:?}", shift.body);
    shift.body["id"].as_i64().unwrap_or_default()
}

async fn page(app: &TestApp, token: &str, query: &str) -> Value {
    let reply = app.get_as(token, &format!("/server/v1/audit{query}")).await;
    assert_eq!(reply.status, 200, "{query}: {:?}", reply.body);
    reply.body
}

#[actix_web::test]
async fn each_family_of_changes_is_recorded_with_its_fields_before_and_after() {
    let app = spawn_app().await;
    let c = company(&app).await;

    // A person changed (and their role), a holiday added, a shift added, edited and removed.
    let renamed = app
        .post_as(
            &c.admin,
            "/server/v1/manage/add-user",
            json!({"id": c.other_id, "firstname": "Olga", "lastname": "Other", "email": unique_email("olga"),
                   "permission": "employee"}),
        )
        .await;
    assert_eq!(renamed.status, 200, "{:?}", renamed.body);
    let year = chrono::Utc::now().format("%Y").to_string();
    let holiday = app
        .post_as(
            &c.admin,
            "/server/v1/holiday/add",
            json!({"name": "Founders Day", "holiday": format!("{year}-03-03")}),
        )
        .await;
    assert_eq!(holiday.status, 200, "{:?}", holiday.body);
    let shift_id = add_shift(&app, &c.admin, c.report_id).await;
    let edit = json!({"trackingNumber": shift_id, "start": "2026-10-05 08:00:00", "end": "2026-10-05 17:00:00"});
    assert_eq!(app.post_as(&c.admin, "/server/v1/timesheet/edit", edit).await.status, 200);
    let removed = app.post_as(&c.admin, &format!("/server/v1/timesheet/remove?ts={shift_id}"), json!({})).await;
    assert_eq!(removed.status, 204);
    // Company settings: the profile and the two-factor rule.
    let security = app.post_as(&c.admin, "/server/v1/company/security", json!({"twoFactorRequired": true})).await;
    assert_eq!(security.status, 200, "{:?}", security.body);

    let all = entries(&page(&app, &c.admin, "").await);
    let find = |entity: &str, action: &str| find(&all, entity, action);

    let person = find("person", "updated");
    assert_eq!(change_of(&person, "firstName"), Some((json!("Test"), json!("Olga"))), "{person}");
    assert_eq!(person["person"]["id"], c.other_id);
    assert_eq!(person["person"]["name"], "Olga Other");
    assert_eq!(person["actor"]["id"], c.admin_id);
    assert_eq!(person["client"], "web");
    assert_eq!(person["impersonated"], false);
    assert!(person["ip"].as_str().is_some_and(|ip| !ip.is_empty()), "{person}");

    let holiday = find("holiday", "created");
    assert_eq!(change_of(&holiday, "name"), Some((Value::Null, json!("Founders Day"))), "{holiday}");
    assert_eq!(holiday["person"], Value::Null);

    let created = find("shift", "created");
    assert_eq!(created["entityId"], shift_id.to_string());
    assert_eq!(created["person"]["id"], c.report_id);
    let edited = find("shift", "updated");
    let (before, after) = change_of(&edited, "start").unwrap_or_default();
    assert_eq!(
        (before.as_str().map(|s| &s[11..16]), after.as_str().map(|s| &s[11..16])),
        (Some("14:00"), Some("13:00"))
    );
    let deleted = find("shift", "deleted");
    assert_eq!(change_of(&deleted, "start").map(|(_, after)| after), Some(Value::Null), "{deleted}");

    let settings = find("company_settings", "updated");
    assert_eq!(change_of(&settings, "twoFactorRequired"), Some((json!(false), json!(true))));

    // The admin's own sign-in is there, about the admin.
    let sign_ins: Vec<i64> = all
        .iter()
        .filter(|entry| entry["entity"] == "sign_in")
        .filter_map(|entry| entry["person"]["id"].as_i64())
        .collect();
    assert!(sign_ins.contains(&c.admin_id), "{sign_ins:?}");

    // Newest first.
    let ids: Vec<i64> = all.iter().filter_map(|entry| entry["id"].as_i64()).collect();
    let mut sorted = ids.clone();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(ids, sorted);

    // No secret ever: a person's password or a two-factor secret is nowhere in the trail.
    let text = Value::Array(all).to_string().to_lowercase();
    for secret in ["password", "secret", "hash"] {
        assert!(!text.contains(secret), "{secret} in {text}");
    }
}

#[actix_web::test]
async fn time_off_answers_and_balances_are_recorded_about_the_employee() {
    let app = spawn_app().await;
    let c = company(&app).await;
    let types = app.get_as(&c.admin, "/server/v1/pto-manage/data").await;
    assert_eq!(types.status, 200, "{:?}", types.body);
    let saved_type = app
        .post_as(
            &c.admin,
            "/server/v1/settings/update-pto-type",
            json!({"name": "Vacation", "color": "#0088ff", "payable": 1}),
        )
        .await;
    assert_eq!(saved_type.status, 200, "{:?}", saved_type.body);
    let type_id = saved_type.body["id"].as_i64().unwrap_or_default();
    let year: i32 = chrono::Utc::now().format("%Y").to_string().parse().unwrap_or(2026);
    let added = app
        .post_as(
            &c.admin,
            "/server/v1/manage/manually-add-pto",
            json!({"employeeId": c.report_id, "ptoTypeId": type_id, "year": year, "hours": 8, "reason": "Welcome"}),
        )
        .await;
    assert_eq!(added.status, 200, "{:?}", added.body);

    let balances = entries(&page(&app, &c.admin, "?entity=pto_balance").await);
    assert_eq!(balances.len(), 1, "{balances:?}");
    assert_eq!(balances[0]["person"]["id"], c.report_id);
    assert_eq!(change_of(&balances[0], "minutes"), Some((Value::Null, json!(480))));
    let types = entries(&page(&app, &c.admin, "?entity=pto_type").await);
    assert_eq!(change_of(&types[0], "name"), Some((Value::Null, json!("Vacation"))));
}

#[actix_web::test]
async fn a_manager_reads_the_entries_about_the_people_they_reach_and_an_employee_none() {
    let app = spawn_app().await;
    let c = company(&app).await;
    for (id, name) in [(c.report_id, "Rita"), (c.other_id, "Otto")] {
        let email = format!("{}-{id}@example.com", name.to_lowercase());
        let reply = app
            .post_as(
                &c.admin,
                "/server/v1/manage/add-user",
                json!({"id": id, "firstname": name, "lastname": "Person", "email": email, "permission": "employee"}),
            )
            .await;
        assert_eq!(reply.status, 200, "{:?}", reply.body);
    }
    let seen = entries(&page(&app, &c.manager, "").await);
    assert!(!seen.is_empty());
    let about: Vec<i64> = seen.iter().filter_map(|entry| entry["person"]["id"].as_i64()).collect();
    assert!(about.contains(&c.report_id), "{seen:?}");
    assert!(!about.contains(&c.other_id), "{seen:?}");
    // Nothing about nobody (the company's settings) and nothing about the admin.
    assert!(!about.contains(&c.admin_id));
    assert!(seen.iter().all(|entry| !entry["person"].is_null()));
    // A person out of reach is a 404, as a missing id.
    let other = app.get_as(&c.manager, &format!("/server/v1/audit?person={}", c.other_id)).await;
    assert_eq!(other.status, 404);
    assert_eq!(
        page(&app, &c.manager, &format!("?person={}", c.report_id)).await["entries"].as_array().map(Vec::len),
        Some(1)
    );
    // An employee reads none of it.
    let employee = app.token_of(&c.report_email).await;
    assert_eq!(app.get_as(&employee, "/server/v1/audit").await.status, 403);
    // Another company's admin sees none of this company's entries.
    let stranger = app.admin_of_new_company("Other Co", &unique_email("audit-stranger")).await;
    let theirs = entries(&page(&app, &stranger, "").await);
    assert!(theirs.iter().all(|entry| entry["person"]["id"] != c.report_id && entry["person"]["id"] != c.other_id));
    assert_eq!(app.get_as(&stranger, &format!("/server/v1/audit?person={}", c.report_id)).await.status, 404);
}

#[actix_web::test]
async fn filters_pages_and_the_export() {
    let app = spawn_app().await;
    let c = company(&app).await;
    for day in 1..=55 {
        let reply = app
            .post_as(
                &c.admin,
                "/server/v1/holiday/add",
                json!({"name": format!("Day {day}"), "holiday": format!("2026-{:02}-{:02}", 1 + (day - 1) / 28, 1 + (day - 1) % 28)}),
            )
            .await;
        assert_eq!(reply.status, 200, "{:?}", reply.body);
    }
    let first = page(&app, &c.admin, "?entity=holiday").await;
    assert_eq!(entries(&first).len(), 50);
    let next = first["next"].as_str().unwrap_or_default().to_owned();
    let second = page(&app, &c.admin, &format!("?entity=holiday&cursor={next}")).await;
    assert_eq!(entries(&second).len(), 5);
    assert_eq!(second["next"], Value::Null);
    let mut names: Vec<String> = entries(&first)
        .iter()
        .chain(entries(&second).iter())
        .filter_map(|entry| change_of(entry, "name").and_then(|(_, after)| after.as_str().map(str::to_owned)))
        .collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 55);
    // By who acted, by date: today has them all, a day long past none.
    assert_eq!(entries(&page(&app, &c.admin, &format!("?actor={}&entity=holiday", c.admin_id)).await).len(), 50);
    let yesterday = (chrono::Utc::now() - chrono::Duration::days(1)).format("%Y-%m-%d").to_string();
    let tomorrow = (chrono::Utc::now() + chrono::Duration::days(1)).format("%Y-%m-%d").to_string();
    assert_eq!(
        entries(&page(&app, &c.admin, &format!("?entity=holiday&from={yesterday}&to={tomorrow}")).await).len(),
        50
    );
    assert!(entries(&page(&app, &c.admin, "?from=2020-01-01&to=2020-01-31").await).is_empty());

    // Bad filters: per-field messages.
    let bad = app.get_as(&c.admin, "/server/v1/audit?person=x&entity=everything&from=2026-13-01&cursor=zzz").await;
    assert_eq!(bad.status, 400);
    assert_eq!(bad.field("person"), ["Choose a person."]);
    assert_eq!(bad.field("entity"), ["Choose what changed."]);
    assert_eq!(bad.field("from"), ["Enter a date as YYYY-MM-DD."]);
    assert_eq!(bad.field("cursor"), ["This page link is not valid."]);
    let backwards = app.get_as(&c.admin, "/server/v1/audit?from=2026-11-30&to=2026-11-01").await;
    assert_eq!(backwards.field("to"), ["The end date is before the start date."]);

    // The export: every entry of the selection, as an attachment.
    let (status, media, bytes) = app.get_bytes_as(&c.admin, "/server/v1/audit/export?entity=holiday").await;
    assert_eq!(status, 200);
    assert!(media.starts_with("text/csv"), "{media}");
    let text = String::from_utf8(bytes).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.first().copied(),
        Some("When (UTC),Who,As support,On behalf of,About,What,Id,Action,Changes,Address,Client")
    );
    assert_eq!(lines.len(), 56, "{text}");
    assert!(text.contains("name: — → Day 55"), "{text}");
    assert_eq!(app.get_bytes_as(&c.admin, "/server/v1/audit/export?entity=nope").await.0, 400);
}

#[actix_web::test]
async fn support_acting_as_the_admin_is_named_and_the_trail_cannot_be_altered() {
    let app = spawn_app().await;
    let c = company(&app).await;
    let operator = app.operator_token().await;
    let support = app.impersonate(&operator, &c.admin_email).await;
    let reply =
        app.post_as(&support, "/server/v1/holiday/add", json!({"name": "Support Day", "holiday": "2026-07-07"})).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    let holidays = entries(&page(&app, &c.admin, "?entity=holiday").await);
    assert_eq!(holidays[0]["impersonated"], true);
    assert_eq!(holidays[0]["actor"]["id"], c.admin_id);

    // No route writes the trail: only the two reads are registered under /audit.
    let routes: Vec<_> =
        gateway::routes::all().into_iter().filter(|(_, path)| path.starts_with("/server/v1/audit")).collect();
    assert_eq!(routes.len(), 2, "{routes:?}");
    assert!(routes.iter().all(|(method, _)| *method == "get"), "{routes:?}");
    assert_eq!(app.post_as(&c.admin, "/server/v1/audit", json!({})).await.status, 404);

    // And the database itself refuses to change an entry.
    let backend = app.db.get_database_backend();
    let update = format!("UPDATE audit_trail SET action = 'nothing' WHERE company_id = {}", c.company);
    let refused = app.db.execute(Statement::from_string(backend, update)).await;
    assert!(refused.is_err(), "an entry was changed");
    let kept = entries(&page(&app, &c.admin, "?entity=holiday").await);
    assert_eq!(kept[0]["action"], "created");
}

#[actix_web::test]
async fn answers_plans_people_records_settings_and_places_are_recorded() {
    use crate::pto_requests::{full_days, monday_ahead, setup};
    let app = spawn_app().await;
    let s = setup(&app).await;

    // Time off answered by the manager: about the employee, pending → approved.
    let monday = monday_ahead();
    let filed = app.post_as(&s.employee, "/server/v1/pto/request", full_days(&s, monday, monday)).await;
    assert_eq!(filed.status, 200, "{:?}", filed.body);
    let id = filed.body["id"].as_i64().unwrap_or_default();
    let approved = app.post_as(&s.manager, "/server/v1/pto/approve-timeoff", json!({"request": id})).await;
    assert_eq!(approved.status, 200, "{:?}", approved.body);

    // An HR event by the manager, a person terminated and reactivated, time settings and a place.
    let event_type = app.post_as(&s.admin, "/server/v1/settings/update-event-type", json!({"name": "Review"})).await;
    let event_type = event_type.body["id"].as_i64().unwrap_or_default().to_string();
    let employee = s.employee_id.to_string();
    let fields = [
        ("employeeId", employee.as_str()),
        ("eventTypeId", event_type.as_str()),
        ("title", "Annual review"),
        ("comments", "<p>Good year</p>"),
        ("actionDate", "2026-11-02"),
        ("ackneeded", "0"),
        ("onlyVisibleToOwner", "0"),
    ];
    let event = app.upload_as(&s.manager, "/server/v1/manage/add-event", &fields, None).await;
    assert_eq!(event.status, 200, "{:?}", event.body);
    let terminated = app.post_as(&s.admin, "/server/v1/manage/terminate-employee", json!({"id": s.employee_id})).await;
    assert_eq!(terminated.status, 200, "{:?}", terminated.body);
    let reactivated = app.post_as(&s.admin, "/server/v1/manage/reactivate-account", json!({"id": s.employee_id})).await;
    assert_eq!(reactivated.status, 200, "{:?}", reactivated.body);
    let settings = app.post_as(&s.admin, "/server/v1/settings/update", json!({"dayStartAt": "06:00"})).await;
    assert_eq!(settings.status, 200, "{:?}", settings.body);
    let place = app
        .post_as(&s.admin, "/server/v1/locations/save", json!({"name": "Main Office", "timeZone": "America/New_York"}))
        .await;
    assert_eq!(place.status, 200, "{:?}", place.body);

    let all = entries(&page(&app, &s.admin, "").await);
    let find = |entity: &str, action: &str| find(&all, entity, action);
    let answer = find("time_off_request", "approved");
    assert_eq!(answer["person"]["id"], s.employee_id, "{answer}");
    assert_eq!(answer["actor"]["id"], s.manager_id);
    assert_eq!(change_of(&answer, "status"), Some((json!("pending"), json!("approved"))));
    let plan = find("pto_plan", "created");
    assert_eq!(change_of(&plan, "name"), Some((Value::Null, json!("Standard"))), "{plan}");
    let record = find("hr_record", "created");
    assert_eq!(change_of(&record, "title"), Some((Value::Null, json!("Annual review"))), "{record}");
    assert_eq!(record["person"]["id"], s.employee_id);
    let gone = find("person", "terminated");
    assert_eq!(change_of(&gone, "status"), Some((json!("active"), json!("terminated"))), "{gone}");
    let back = find("person", "reactivated");
    assert_eq!(change_of(&back, "status"), Some((json!("terminated"), json!("active"))), "{back}");
    let time = find("time_settings", "updated");
    assert_eq!(change_of(&time, "dayStartAt"), Some((Value::Null, json!("06:00"))), "{time}");
    let location = find("location", "created");
    assert_eq!(change_of(&location, "name"), Some((Value::Null, json!("Main Office"))), "{location}");

    // The manager reads the answer and the record about their report, not the company's settings.
    let theirs = entries(&page(&app, &s.manager, "").await);
    assert!(theirs.iter().any(|entry| entry["entity"] == "time_off_request"));
    assert!(theirs.iter().all(|entry| entry["entity"] != "time_settings" && entry["entity"] != "location"));
}

#[actix_web::test]
async fn an_approved_edit_request_records_the_answer_and_the_shift_it_changed() {
    let app = spawn_app().await;
    let c = company(&app).await;
    let id = add_shift(&app, &c.admin, c.report_id).await;
    let report = app.token_of(&c.report_email).await;
    let request = app
        .post_as(
            &report,
            "/server/v1/timesheet/edit-request",
            json!({"trackingNumber": id, "changeType": "out", "end": "2026-10-05 18:00:00", "comment": "Stayed late"}),
        )
        .await;
    assert_eq!(request.status, 201, "{:?}", request.body);
    let req_id = request.body["id"].as_i64().unwrap_or_default();
    let approved = app.post_as(&c.manager, "/server/v1/timesheet/edit-request-approve", json!({"reqId": req_id})).await;
    assert_eq!(approved.status, 200, "{:?}", approved.body);

    let seen = entries(&page(&app, &c.admin, &format!("?person={}", c.report_id)).await);
    let answer = seen.iter().find(|entry| entry["entity"] == "edit_request").cloned().unwrap_or(Value::Null);
    assert_eq!(answer["action"], "approved", "{answer}");
    assert_eq!(answer["entityId"], req_id.to_string());
    assert_eq!(change_of(&answer, "status"), Some((json!("pending"), json!("approved"))));
    let changed = seen
        .iter()
        .find(|entry| entry["entity"] == "shift" && entry["action"] == "updated")
        .cloned()
        .unwrap_or(Value::Null);
    let (before, after) = change_of(&changed, "end").unwrap_or_default();
    assert_eq!((before, after), (json!("2026-10-05T22:00:00Z"), json!("2026-10-05T23:00:00Z")), "{changed}");
    // The employee's own request is not an entry: only the answer and what it changed are.
    assert_eq!(seen.iter().filter(|entry| entry["entity"] == "edit_request").count(), 1);
}

#[actix_web::test]
async fn the_company_s_settings_and_a_person_s_own_rules_are_recorded() {
    let app = spawn_app().await;
    let c = company(&app).await;
    let role = app.post_as(&c.admin, "/server/v1/settings/update-role-type", json!({"name": "Producer"})).await;
    assert_eq!(role.status, 200, "{:?}", role.body);
    let role_id = role.body["id"].as_i64().unwrap_or_default();
    let renamed = app
        .post_as(&c.admin, "/server/v1/settings/update-role-type", json!({"id": role_id, "name": "Senior Producer"}))
        .await;
    assert_eq!(renamed.status, 200, "{:?}", renamed.body);
    let event_type = app.post_as(&c.admin, "/server/v1/settings/update-event-type", json!({"name": "Review"})).await;
    assert_eq!(event_type.status, 200, "{:?}", event_type.body);
    let steps = json!([{"approvers": "manager", "mode": "any", "escalateTo": "next_level"}]);
    let path = app.post_as(&c.admin, "/server/v1/approvals/paths", json!({"name": "Managers", "steps": steps})).await;
    assert_eq!(path.status, 200, "{:?}", path.body);
    let today = chrono::Utc::now().date_naive();
    let away = app
        .post_as(
            &c.manager,
            "/server/v1/approvals/stand-ins",
            json!({"standInId": c.admin_id, "startsOn": today.to_string(), "endsOn": (today + chrono::Duration::days(3)).to_string()}),
        )
        .await;
    assert_eq!(away.status, 200, "{:?}", away.body);
    let overtime = app
        .post_as(
            &c.admin,
            "/server/v1/settings/update-employee-overtime",
            json!({"employeeId": c.report_id, "effectiveFrom": today.to_string(), "jurisdiction": "us-ca"}),
        )
        .await;
    assert_eq!(overtime.status, 200, "{:?}", overtime.body);

    let all = entries(&page(&app, &c.admin, "?entity=company_settings").await);
    let of = |prefix: &str, action: &str| {
        all.iter()
            .find(|entry| {
                entry["entityId"].as_str().is_some_and(|id| id.starts_with(prefix)) && entry["action"] == action
            })
            .cloned()
            .unwrap_or(Value::Null)
    };
    assert_eq!(change_of(&of("job-role-", "updated"), "jobRole"), Some((json!("Producer"), json!("Senior Producer"))));
    assert_eq!(change_of(&of("hr-type-", "created"), "name"), Some((Value::Null, json!("Review"))));
    assert_eq!(change_of(&of("approval-path-", "created"), "approvalPath"), Some((Value::Null, json!("Managers"))));
    let stand_in = of("stand-in-", "created");
    assert_eq!(change_of(&stand_in, "standIn"), Some((Value::Null, json!(c.admin_id))), "{stand_in}");
    assert_eq!(stand_in["actor"]["id"], stand_in["person"]["id"]);
    let own = entries(&page(&app, &c.admin, &format!("?person={}&entity=person", c.report_id)).await);
    let rules = change_of(&own[0], "overtimeRules").map(|(_, after)| after).unwrap_or_default();
    assert_eq!(rules["jurisdiction"], "us-ca", "{own:?}");
}
