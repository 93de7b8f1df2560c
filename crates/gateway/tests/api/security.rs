//! The findings of the security review (issue 17), each as the attack it was, now refused.

use crate::helpers::{spawn_app, spawn_app_with, spawn_app_with_pool, unique_email, Reply, TestApp};
use accounts::AccountsConfig;
use kernel::Role;
use serde_json::{json, Value};

/// An admin, a manager, a second admin who (oddly) reports to the manager, and the manager's
/// report.
struct Company {
    admin: String,
    manager: String,
    other_admin: i64,
    report: i64,
    report_email: String,
}

async fn company(app: &TestApp) -> Company {
    let admin_email = unique_email("admin");
    let admin = app.admin_of_new_company("Guarded Co", &admin_email).await;
    let id = app.company_of(&admin_email).await.id.0;
    let manager_email = unique_email("manager");
    let manager = app.add_person(id, &manager_email, Role::Manager, None).await;
    let other_admin = app.add_person(id, &unique_email("admin2"), Role::Admin, Some(manager)).await;
    let report_email = unique_email("report");
    let report = app.add_person(id, &report_email, Role::Employee, Some(manager)).await;
    Company { admin, manager: app.token_of(&manager_email).await, other_admin, report, report_email }
}

/// The employee form of `id` as the admin reads it, with `changes` applied.
async fn form_of(app: &TestApp, admin: &str, id: i64, changes: Value) -> Value {
    let person = app.get_as(admin, &format!("/server/v1/manage/user-data?id={id}")).await.body;
    let mut form = json!({
        "id": id, "firstname": person["firstname"], "lastname": person["lastname"], "email": person["email"],
        "phone": "555 010 2030",
    });
    for (key, value) in changes.as_object().unwrap() {
        form[key] = value.clone();
    }
    form
}

#[actix_web::test]
async fn a_manager_edits_only_a_managers_fields_and_never_an_admin() {
    let app = spawn_app().await;
    let c = company(&app).await;
    // The takeover: a manager sets an admin's e-mail to theirs, then resets its password.
    let takeover = form_of(&app, &c.admin, c.other_admin, json!({ "email": "attacker@evil.example.com" })).await;
    let reply = app.post_as(&c.manager, "/server/v1/manage/add-user", takeover).await;
    assert_eq!(reply.status, 403, "{:?}", reply.body);
    assert_eq!(reply.body["message"], hr::ADMIN_EDITS_ADMIN);
    let admin = app.get_as(&c.admin, &format!("/server/v1/manage/user-data?id={}", c.other_admin)).await;
    assert_ne!(admin.body["email"], "attacker@evil.example.com");
    // Their report: not the e-mail, permission, job role or manager.
    for (field, change) in [
        ("email", json!({ "email": "elsewhere@evil.example.com" })),
        ("permission", json!({ "permission": "companyadmin" })),
        ("managerId", json!({ "managerId": c.other_admin })),
    ] {
        let form = form_of(&app, &c.admin, c.report, change).await;
        let reply = app.post_as(&c.manager, "/server/v1/manage/add-user", form).await;
        assert_eq!(reply.status, 400, "{field}: {:?}", reply.body);
        assert_eq!(reply.field(field), [hr::ADMIN_ONLY_FIELD], "{field}");
    }
    // What a manager may change, they change.
    let form = form_of(&app, &c.admin, c.report, json!({ "lastname": "Renamed", "phone": "555 999 0000" })).await;
    let reply = app.post_as(&c.manager, "/server/v1/manage/add-user", form).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert_eq!(reply.body["employee"]["lastname"], "Renamed");
    assert_eq!(reply.body["employee"]["email"], c.report_email.as_str());
}

fn token_in(link: &str) -> String {
    link.split_once("token=").unwrap().1.to_owned()
}

#[actix_web::test]
async fn a_new_email_signs_in_only_once_its_link_is_followed() {
    let app = spawn_app().await;
    let c = company(&app).await;
    let before = app.token_of(&c.report_email).await;
    let typo = unique_email("typo");
    let form = form_of(&app, &c.admin, c.report, json!({ "email": typo })).await;
    let reply = app.post_as(&c.admin, "/server/v1/manage/add-user", form).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert_eq!(reply.body["emailChangeSentTo"], typo.as_str());
    // Nothing changed yet: the old address signs in, the new one does not.
    assert_eq!(reply.body["employee"]["email"], c.report_email.as_str());
    assert_eq!(app.login(&typo, "password-123").await.status, 401);
    assert_eq!(app.login(&c.report_email, "password-123").await.status, 200);
    let told = app.mail.latest_to(&c.report_email).await;
    assert!(told.text().contains(&typo), "{}", told.text());
    let first_link = app.mail.latest_to(&typo).await.link(&app.address, "/confirm-email");

    // Asked again (the typo corrected): only the newest link works.
    let right = unique_email("right");
    let form = form_of(&app, &c.admin, c.report, json!({ "email": right })).await;
    assert_eq!(app.post_as(&c.admin, "/server/v1/manage/add-user", form).await.status, 200);
    let old = app.post("/server/v1/account/confirm-email-change", json!({ "token": token_in(&first_link) })).await;
    assert_eq!(old.status, 400, "{:?}", old.body);
    let link = app.mail.latest_to(&right).await.link(&app.address, "/confirm-email");
    let done = app.post("/server/v1/account/confirm-email-change", json!({ "token": token_in(&link) })).await;
    assert_eq!(done.status, 200, "{:?}", done.body);
    assert_eq!(done.body["email"], right.as_str());

    // Now the new address signs in, the old one does not, and the old sessions are over.
    assert_eq!(app.get_as(&before, "/server/v1/profile/mine").await.status, 401);
    assert_eq!(app.login(&c.report_email, "password-123").await.status, 401);
    assert_eq!(app.login(&right, "password-123").await.status, 200);
    assert!(app.mail.latest_to(&c.report_email).await.text().contains("is now"));
    // A link works once.
    let again = app.post("/server/v1/account/confirm-email-change", json!({ "token": token_in(&link) })).await;
    assert_eq!(again.status, 400);
}

#[actix_web::test]
async fn ones_own_new_email_waits_for_its_link_too() {
    let app = spawn_app().await;
    let c = company(&app).await;
    let token = app.token_of(&c.report_email).await;
    let mine = app.get_as(&token, "/server/v1/profile/mine").await.body;
    let new = unique_email("mine");
    let profile = json!({
        "firstname": mine["profile"]["firstname"], "lastname": mine["profile"]["lastname"], "email": new,
        "phone": "555 010 2030", "address": "1 Main St", "state": "IL",
    });
    let reply = app.post_as(&token, "/server/v1/profile/update", profile).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert_eq!(reply.body["emailChangeSentTo"], new.as_str());
    assert_eq!(reply.body["profile"]["email"], c.report_email.as_str());
    assert_eq!(app.login(&new, "password-123").await.status, 401);
    let link = app.mail.latest_to(&new).await.link(&app.address, "/confirm-email");
    assert_eq!(
        app.post("/server/v1/account/confirm-email-change", json!({ "token": token_in(&link) })).await.status,
        200
    );
    assert_eq!(app.login(&new, "password-123").await.status, 200);
}

async fn shift_of(app: &TestApp, token: &str, employee: i64, day: &str) -> i64 {
    let reply = app
        .post_as(
            token,
            "/server/v1/timesheet/edit",
            json!({"employeeId": employee, "start": format!("{day} 09:00:00"), "end": format!("{day} 17:00:00")}),
        )
        .await;
    assert_eq!(reply.status, 201, "{:?}", reply.body);
    reply.body["id"].as_i64().unwrap()
}

async fn request_on(app: &TestApp, token: &str, shift: i64, day: &str) -> i64 {
    let reply = app
        .post_as(
            token,
            "/server/v1/timesheet/edit-request",
            json!({"trackingNumber": shift, "changeType": "out", "end": format!("{day} 18:00:00"), "comment": "late"}),
        )
        .await;
    assert_eq!(reply.status, 201, "{:?}", reply.body);
    reply.body["id"].as_i64().unwrap()
}

#[actix_web::test]
async fn nobody_approves_or_rejects_their_own_request() {
    let app = spawn_app().await;
    let c = company(&app).await;
    let manager_id = app.get_as(&c.manager, "/server/v1/profile/mine").await.body["profile"]["id"].as_i64().unwrap();
    let admin_id = app.get_as(&c.admin, "/server/v1/profile/mine").await.body["profile"]["id"].as_i64().unwrap();

    // A manager's request about their own hours.
    let own = shift_of(&app, &c.admin, manager_id, "2026-10-05").await;
    let request = request_on(&app, &c.manager, own, "2026-10-05").await;
    for action in ["edit-request-approve", "edit-request-reject"] {
        let reply = app
            .post_as(&c.manager, &format!("/server/v1/timesheet/{action}"), json!({"reqId": request, "comment": "ok"}))
            .await;
        assert_eq!(reply.status, 403, "{action}: {:?}", reply.body);
        assert_eq!(reply.body["message"], kernel::OWN_REQUEST_MESSAGE);
    }
    // A request a manager raised on their report's shift is theirs too.
    let reports = shift_of(&app, &c.admin, c.report, "2026-10-06").await;
    let raised = request_on(&app, &c.manager, reports, "2026-10-06").await;
    let reply = app.post_as(&c.manager, "/server/v1/timesheet/edit-request-approve", json!({"reqId": raised})).await;
    assert_eq!(reply.status, 403, "{:?}", reply.body);
    // The inbox lists both without the right to answer, and names who may: the two admins for
    // the manager's own request; for the report's, the admins only (the manager filed it).
    let inbox = app.get_as(&c.manager, "/server/v1/inbox/data").await;
    assert_eq!(inbox.status, 200, "{:?}", inbox.body);
    let rows = inbox.body["pending"]["timesheet"]["rows"].as_array().unwrap().clone();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert!(rows.iter().all(|row| row["mayAnswer"] == false), "{rows:?}");
    let who = inbox.body["whoAnswers"].as_array().unwrap().clone();
    let names_for = |person: i64| -> Vec<String> {
        let entry = who.iter().find(|entry| entry["employeeId"] == person).unwrap_or_else(|| panic!("{who:?}"));
        entry["names"].as_array().unwrap().iter().map(|name| name.as_str().unwrap().to_owned()).collect()
    };
    let admin_names: Vec<String> = {
        let mut names = Vec::new();
        for id in [admin_id, c.other_admin] {
            let person = app.get_as(&c.admin, &format!("/server/v1/manage/user-data?id={id}")).await.body;
            names.push(format!("{} {}", person["firstname"].as_str().unwrap(), person["lastname"].as_str().unwrap()));
        }
        names
    };
    for person in [manager_id, c.report] {
        let names = names_for(person);
        assert_eq!(names.len(), 2, "{names:?}");
        assert!(admin_names.iter().all(|name| names.contains(name)), "{names:?} {admin_names:?}");
    }
    // The admin may answer both.
    let inbox = app.get_as(&c.admin, "/server/v1/inbox/data").await;
    let rows = inbox.body["pending"]["timesheet"]["rows"].as_array().unwrap().clone();
    assert!(rows.iter().all(|row| row["mayAnswer"] == true), "{rows:?}");
    assert_eq!(inbox.body["whoAnswers"], json!([]));

    // An admin neither.
    let admins = shift_of(&app, &c.admin, admin_id, "2026-10-07").await;
    let mine = request_on(&app, &c.admin, admins, "2026-10-07").await;
    let reply = app.post_as(&c.admin, "/server/v1/timesheet/edit-request-approve", json!({"reqId": mine})).await;
    assert_eq!(reply.status, 403, "{:?}", reply.body);
    // Someone else does.
    let reply = app.post_as(&c.admin, "/server/v1/timesheet/edit-request-approve", json!({"reqId": request})).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
}

#[actix_web::test]
async fn an_edit_request_must_change_something_and_no_shift_is_in_the_future() {
    let app = spawn_app().await;
    let c = company(&app).await;
    let shift = shift_of(&app, &c.admin, c.report, "2026-10-05").await;
    let report = app.token_of(&c.report_email).await;
    let same = app
        .post_as(
            &report,
            "/server/v1/timesheet/edit-request",
            json!({"trackingNumber": shift, "changeType": "out", "end": "2026-10-05 17:00:00", "comment": "same"}),
        )
        .await;
    assert_eq!(same.status, 400, "{:?}", same.body);
    assert_eq!(same.body["message"], timesheet::NO_CHANGE_MESSAGE);
    let later = (chrono::Utc::now() + chrono::Duration::hours(30)).format("%Y-%m-%d").to_string();
    let future = app
        .post_as(
            &c.admin,
            "/server/v1/timesheet/edit",
            json!({"employeeId": c.report, "start": format!("{later} 09:00:00"), "end": format!("{later} 17:00:00")}),
        )
        .await;
    assert_eq!(future.status, 400, "{:?}", future.body);
    assert_eq!(future.field("start"), [timesheet::FUTURE_START_MESSAGE]);
    let out_later = app
        .post_as(
            &report,
            "/server/v1/timesheet/edit-request",
            json!({"trackingNumber": shift, "changeType": "out", "end": format!("{later} 17:00:00"), "comment": "x"}),
        )
        .await;
    assert_eq!(out_later.status, 400, "{:?}", out_later.body);
}

#[actix_web::test]
async fn an_upload_holds_its_file_and_a_few_small_fields_at_most() {
    let app = spawn_app().await;
    let c = company(&app).await;
    let id = c.report.to_string();
    let many: Vec<(String, String)> = (0..200).map(|i| (format!("extra{i}"), "x".repeat(100))).collect();
    let mut fields: Vec<(&str, &str)> = many.iter().map(|(name, value)| (name.as_str(), value.as_str())).collect();
    fields.push(("employee", &id));
    let reply = app.upload_as(&c.admin, "/server/v1/manage/user-avatar", &fields, Some(crate::helpers::TINY_PNG)).await;
    assert_eq!(reply.status, 413, "{:?}", reply.body);
    let big = "y".repeat(20 * 1024);
    let reply = app
        .upload_as(
            &c.admin,
            "/server/v1/manage/user-avatar",
            &[("employee", &id), ("note", &big)],
            Some(crate::helpers::TINY_PNG),
        )
        .await;
    assert_eq!(reply.status, 413, "{:?}", reply.body);
    // A real upload still goes through.
    let reply = app
        .upload_as(&c.admin, "/server/v1/manage/user-avatar", &[("employee", &id)], Some(crate::helpers::TINY_PNG))
        .await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
}

fn expect_400(reply: &Reply, field: &str, what: &str) {
    assert_eq!(reply.status, 400, "{what}: {:?}", reply.body);
    assert!(!reply.field(field).is_empty(), "{what} names {field}: {:?}", reply.body);
}

#[actix_web::test]
async fn huge_pages_and_far_dates_answer_400_naming_the_field() {
    let app = spawn_app().await;
    let c = company(&app).await;
    let max = u64::MAX;
    expect_400(&app.get_as(&c.admin, &format!("/server/v1/manage/employees?page={max}")).await, "page", "list");
    expect_400(
        &app.get_as(&c.admin, &format!("/server/v1/manage/user-activities?id={}&page=0", c.report)).await,
        "page",
        "activities",
    );
    expect_400(
        &app.get_as(&c.admin, "/server/v1/timesheet/list?start=9999-01-01&end=9999-01-02").await,
        "start",
        "week",
    );
    expect_400(
        &app.get_as(&c.admin, &format!("/server/v1/timesheet/list?start=2026-10-01&end=2026-10-02&page={max}")).await,
        "page",
        "week page",
    );
    expect_400(
        &app.get_as(&c.admin, "/server/v1/dashboard/data?start=0001-01-01&end=9999-12-31").await,
        "start",
        "dash",
    );
    expect_400(
        &app.get_as(&c.admin, "/server/v1/timesheet/paycycle-overtime-hours?start=1000-01-01&end=1000-01-31").await,
        "start",
        "overtime",
    );
    let reply = app
        .post_as(
            &c.admin,
            "/server/v1/timesheet/edit",
            json!({"employeeId": c.report, "start": "99999-01-01 09:00:00", "end": "99999-01-01 17:00:00"}),
        )
        .await;
    assert_eq!(reply.status, 400, "{:?}", reply.body);
    // An employee list filtered by a status that does not exist.
    expect_400(&app.get_as(&c.admin, "/server/v1/manage/employees?status=7").await, "status", "status");
}

#[actix_web::test]
async fn a_body_of_named_fields_must_be_a_json_object() {
    let app = spawn_app().await;
    let c = company(&app).await;
    // serde alone would read `[null, null]` as a settings form with both fields left out.
    for body in [json!([null, null]), json!([]), json!("text"), json!(7)] {
        let reply = app.post_as(&c.admin, "/server/v1/settings/update", body.clone()).await;
        assert_eq!(reply.status, 400, "{body}: {:?}", reply.body);
    }
    // The one body that is a list by the spec still is.
    let bulk = app
        .post_as(
            &c.admin,
            "/server/v1/manage/add-multiple-users",
            json!([{"name": "Ann Lee", "email": unique_email("array"), "jobrole": 1}]),
        )
        .await;
    assert_ne!(bulk.status, 500, "{:?}", bulk.body);
    assert!(bulk.body.to_string().find("must be a JSON object").is_none(), "{:?}", bulk.body);
}

#[actix_web::test]
async fn control_characters_are_refused_in_every_text_but_line_breaks_in_comments() {
    let app = spawn_app().await;
    let c = company(&app).await;
    for (path, body, field) in [
        ("/server/v1/auth/login", json!({"email": "a\u{0}@b.co", "password": "x"}), "email"),
        ("/server/v1/auth/login", json!({"email": "a@b.co", "password": "pass\u{0}word"}), "password"),
        ("/server/v1/auth/reset-password", json!({"email": "a\u{0}@b.co"}), "email"),
        ("/server/v1/account/verify-email", json!({"token": "\u{0}"}), "token"),
    ] {
        expect_400(&app.post(path, body).await, field, path);
    }
    let signup = app
        .post(
            "/server/v1/account/signup",
            json!({"company": "Evil\r\nBcc: all@example.com", "firstname": "Ann", "lastname": "Lee",
                   "email": unique_email("nul"), "password": "brand-new-secret", "timezone": "America/Chicago"}),
        )
        .await;
    expect_400(&signup, "company", "signup");
    let form = form_of(&app, &c.admin, c.report, json!({ "lastname": "Lee\nBcc: x@example.com" })).await;
    expect_400(&app.post_as(&c.admin, "/server/v1/manage/add-user", form).await, "lastname", "add-user");
    expect_400(&app.get_as(&c.admin, "/server/v1/manage/employees?q=%00").await, "q", "query");
    let bulk = app
        .post_as(
            &c.admin,
            "/server/v1/manage/add-multiple-users",
            json!({"users": [{"name": "Ann\u{7}Lee", "email": unique_email("bulk"), "jobrole": 1}]}),
        )
        .await;
    assert_eq!(bulk.status, 400, "{:?}", bulk.body);
    // A comment may have several lines.
    let shift = shift_of(&app, &c.admin, c.report, "2026-10-05").await;
    let comment = app
        .post_as(&c.admin, "/server/v1/timesheet/add-comment", json!({"entryId": shift, "comment": "two\nlines"}))
        .await;
    assert!(comment.status < 300, "{:?}", comment.body);
}

#[actix_web::test]
async fn job_role_names_are_unique_whatever_their_script() {
    let app = spawn_app().await;
    let c = company(&app).await;
    let add = |name: &'static str| {
        let app = &app;
        let admin = c.admin.clone();
        async move { app.post_as(&admin, "/server/v1/settings/update-role-type", json!({ "name": name })).await }
    };
    assert_eq!(add("ÄRZTE").await.status, 200);
    for again in ["ÄRZTE", "ärzte", "Ärzte"] {
        let reply = add(again).await;
        assert_eq!(reply.status, 400, "{again}: {:?}", reply.body);
        assert_eq!(reply.field("name"), [hr::DUPLICATE_ROLE]);
    }
    assert_eq!(add("Ωμέγα").await.status, 200);
    assert_eq!(add("ωμέγα").await.status, 400);
}

#[actix_web::test]
async fn every_answer_carries_the_security_headers() {
    let app = spawn_app().await;
    for path in ["/server/v1/auth/login-data", "/server/v1/no-such-thing", "/healthz"] {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        let header =
            |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
        let csp = header("content-security-policy");
        assert!(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(!csp.contains("unsafe-eval") && !csp.contains("script-src 'self' 'unsafe-inline'"), "{csp}");
        assert_eq!(header("x-content-type-options"), "nosniff", "{path}");
        assert_eq!(header("referrer-policy"), "no-referrer", "{path}");
        assert_eq!(header("cache-control"), "no-store", "{path}");
    }
    let policy = gateway::middleware::WebPolicy::new(&["https://crm.example.com".to_owned()]);
    assert!(policy.is_ok());
    assert!(gateway::middleware::WebPolicy::new(&["javascript:alert(1)".to_owned()]).is_err());
}

#[actix_web::test]
async fn sessions_end_when_idle_and_at_their_absolute_lifetime() {
    use std::time::{Duration, Instant};
    let (idle_limit, lifetime) = (Duration::from_secs(6), Duration::from_secs(10));
    let app = spawn_app_with(AccountsConfig {
        session_ttl: chrono::Duration::from_std(idle_limit).unwrap(),
        session_max_age: chrono::Duration::from_std(lifetime).unwrap(),
        ..AccountsConfig::default()
    })
    .await;
    let email = unique_email("owner");
    // The session begins between these two instants. The test judges by the client's clock, and a
    // busy machine may answer slowly: a request is owed 200 only when it was answered within the
    // idle limit of the request before it, which renewed the session no earlier than it was sent.
    let asked = Instant::now();
    let token = app.admin_of_new_company("Session Co", &email).await;
    let issued_by = Instant::now();
    // Used every second, the session is renewed past its idle limit…
    let (mut current, mut last_sent, mut renewed_past_idle_limit) = (token, asked, false);
    while issued_by.elapsed() < idle_limit + Duration::from_secs(2) {
        actix_web::rt::time::sleep(Duration::from_secs(1)).await;
        let sent = Instant::now();
        let reply = app.get_as(&current, "/server/v1/profile/mine").await;
        if sent.duration_since(last_sent) + (Instant::now() - sent) < idle_limit {
            assert_eq!(reply.status, 200, "answered within the idle limit of the request before");
            renewed_past_idle_limit |= sent.duration_since(issued_by) > idle_limit;
        }
        if let Some(refreshed) = reply.refreshed_token {
            current = refreshed;
        }
        last_sent = sent;
    }
    assert!(renewed_past_idle_limit, "no request was answered in time to show the renewal");
    // …but not past its lifetime.
    actix_web::rt::time::sleep(
        (issued_by + lifetime + Duration::from_millis(500)).saturating_duration_since(Instant::now()),
    )
    .await;
    assert_eq!(app.get_as(&current, "/server/v1/profile/mine").await.status, 401);
    // Left idle, a new one ends sooner.
    let idle = app.token_of(&email).await;
    actix_web::rt::time::sleep(idle_limit + Duration::from_millis(500)).await;
    assert_eq!(app.get_as(&idle, "/server/v1/profile/mine").await.status, 401);
}

#[actix_web::test]
async fn wrong_passwords_from_elsewhere_do_not_lock_the_owner_out() {
    let app = spawn_app().await;
    let email = unique_email("owner");
    app.admin_of_new_company("Lock Co", &email).await;
    let attempt = |ip: [u8; 4], password: &'static str| {
        let (app, email) = (&app, email.clone());
        async move { app.post_from(ip, "/server/v1/auth/login", json!({"email": email, "password": password})).await }
    };
    for _ in 0..10 {
        assert_eq!(attempt([127, 0, 0, 2], "wrong-guess").await.status, 401);
    }
    assert_eq!(attempt([127, 0, 0, 2], "wrong-guess").await.status, 429);
    // The account is blocked for addresses it never signed in from…
    assert_eq!(attempt([127, 0, 0, 3], "password-123").await.status, 429);
    // …not for the owner's.
    assert_eq!(attempt([127, 0, 0, 1], "password-123").await.status, 200);
}

#[actix_web::test]
async fn the_current_password_check_is_throttled_and_weak_passwords_refused() {
    let app = spawn_app().await;
    let email = unique_email("owner");
    let token = app.admin_of_new_company("Pass Co", &email).await;
    let weak = app
        .post_as(
            &token,
            "/server/v1/auth/change-my-password",
            json!({"oldPassword": "password-123", "newPassword": "password1", "retypePassword": "password1"}),
        )
        .await;
    assert_eq!(weak.status, 400, "{:?}", weak.body);
    assert_eq!(weak.field("newPassword"), [accounts::commands::WEAK_PASSWORD_MESSAGE]);
    let guess = json!({"oldPassword": "not-it-at-all", "newPassword": "brand-new-secret", "retypePassword": "brand-new-secret"});
    for _ in 0..10 {
        assert_eq!(app.post_as(&token, "/server/v1/auth/change-my-password", guess.clone()).await.status, 400);
    }
    let blocked = app.post_as(&token, "/server/v1/auth/change-my-password", guess).await;
    assert_eq!(blocked.status, 429, "{:?}", blocked.body);
}

#[actix_web::test]
async fn an_older_link_stops_working_once_a_newer_one_is_sent() {
    let app = spawn_app().await;
    let c = company(&app).await;
    let email = unique_email("invited");
    let reply = app
        .post_as(&c.admin, "/server/v1/manage/add-user", json!({"firstname": "Ivy", "lastname": "Ng", "email": email}))
        .await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    let id = reply.body["employee"]["id"].as_i64().unwrap();
    let first = app.mail.latest_to(&email).await.link(&app.address, "/verify-email");
    // Terminated and brought back before signing in: a new invitation goes out.
    assert_eq!(app.post_as(&c.admin, "/server/v1/manage/terminate-employee", json!({"id": id})).await.status, 200);
    assert_eq!(app.post_as(&c.admin, "/server/v1/manage/reactivate-account", json!({"id": id})).await.status, 200);
    for _ in 0..50 {
        if app.mail.to(&email).len() >= 2 {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let second = app.mail.latest_to(&email).await.link(&app.address, "/verify-email");
    assert_ne!(first, second);
    let sign_in = |link: String| {
        let app = &app;
        async move {
            let query = link.split_once('?').unwrap().1.to_owned();
            let param = |name: &str| {
                query.split('&').find_map(|pair| pair.strip_prefix(&format!("{name}="))).unwrap().to_owned()
            };
            app.post(
                "/server/v1/auth/login",
                json!({"base64Email": param("me"), "securityToken": param("securityToken")}),
            )
            .await
        }
    };
    assert_ne!(sign_in(first).await.status, 200);
    assert_eq!(sign_in(second).await.status, 200);
}

#[actix_web::test]
async fn sign_ins_beyond_the_hash_pool_are_told_to_come_back() {
    let app = spawn_app_with_pool(AccountsConfig::default(), accounts::hashing::HashPool::with_queue(1, 0)).await;
    let email = unique_email("busy");
    app.admin_of_new_company("Busy Co", &email).await;
    let replies = futures_util::future::join_all((0..12).map(|_| {
        app.client
            .post(app.url("/server/v1/auth/login"))
            .send_json(&json!({"email": email, "password": "password-123"}))
    }))
    .await;
    let mut statuses = Vec::new();
    for reply in replies {
        let reply = reply.unwrap();
        if reply.status().as_u16() == 503 {
            assert!(reply.headers().get("retry-after").is_some());
        }
        statuses.push(reply.status().as_u16());
    }
    assert!(statuses.contains(&200), "{statuses:?}");
    assert!(statuses.contains(&503), "{statuses:?}");
    assert!(statuses.iter().all(|status| [200, 503].contains(status)), "{statuses:?}");
}

#[actix_web::test]
async fn an_address_of_another_companys_user_is_refused_like_any_taken_one() {
    let app = spawn_app().await;
    let c = company(&app).await;
    let elsewhere = unique_email("elsewhere");
    app.admin_of_new_company("Secret Rival Agency", &elsewhere).await;
    let add = |email: String| {
        let (app, admin) = (&app, c.admin.clone());
        async move {
            app.post_as(
                &admin,
                "/server/v1/manage/add-user",
                json!({"firstname": "Dup", "lastname": "Lee", "email": email}),
            )
            .await
        }
    };
    let theirs = add(elsewhere).await;
    let ours = add(c.report_email.clone()).await;
    assert_eq!(theirs.status, ours.status);
    assert_eq!(theirs.body["message"], ours.body["message"]);
    assert_eq!(theirs.body["errors"], ours.body["errors"]);
    assert!(!theirs.body.to_string().contains("Rival"), "{:?}", theirs.body);
}
