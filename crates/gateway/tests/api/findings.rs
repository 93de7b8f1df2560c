//! Regressions of the findings of issue 35, each on both databases (the suite runs on each):
//! what an attacker or a careless client sent and the server took.

use crate::clock::company_with_employee;
use crate::helpers::{spawn_app, spawn_app_without_billing, unique_email};
use crate::hr_records::{company, PDF};
use kernel::Role;
use serde_json::json;

/// Finding 3: a start date outside 1900–2200, or not written with four digits, is refused and
/// nothing is stored (it was stored on SQLite and a 500 on PostgreSQL).
#[actix_web::test]
async fn start_dates_out_of_range_are_refused_naming_the_field() {
    let app = spawn_app().await;
    let (admin, _, _) = company_with_employee(&app).await;
    for (date, message) in [
        ("-9999-01-01", "Please input the date as YYYY-MM-DD"),
        ("+10000-01-01", "Please input the date as YYYY-MM-DD"),
        ("0000-01-01", kernel::validation::DATE_RANGE_MESSAGE),
        ("1899-12-31", kernel::validation::DATE_RANGE_MESSAGE),
        ("2201-01-01", kernel::validation::DATE_RANGE_MESSAGE),
    ] {
        let reply = app
            .post_as(
                &admin,
                "/server/v1/manage/add-user",
                json!({"firstname": "Ann", "lastname": "Old", "email": unique_email("old"), "startDate": date}),
            )
            .await;
        assert_eq!(reply.status, 400, "{date}: {:?}", reply.body);
        assert_eq!(reply.field("startDate"), [message], "{date}");
    }
    let fine = app
        .post_as(
            &admin,
            "/server/v1/manage/add-user",
            json!({"firstname": "Ann", "lastname": "New", "email": unique_email("new"), "startDate": "2026-01-05"}),
        )
        .await;
    assert_eq!(fine.status, 200, "{:?}", fine.body);
}

/// Finding 4: second 60 is no time of any clock: refused in shifts, edit requests, calendar
/// events and partial-day time off.
#[actix_web::test]
async fn second_sixty_is_refused_everywhere_a_time_is_read() {
    let app = spawn_app().await;
    let (admin, token, employee) = company_with_employee(&app).await;
    let shift = app
        .post_as(
            &admin,
            "/server/v1/timesheet/edit",
            json!({"employeeId": employee, "start": "2026-10-05 09:00:60", "end": "2026-10-05 17:00:00", "breaks": []}),
        )
        .await;
    assert_eq!(shift.status, 400, "{:?}", shift.body);
    assert!(!shift.field("start").is_empty(), "{:?}", shift.body);
    let made = app
        .post_as(
            &admin,
            "/server/v1/timesheet/edit",
            json!({"employeeId": employee, "start": "2026-10-05 09:00:00", "end": "2026-10-05 17:00:00", "breaks": []}),
        )
        .await;
    assert_eq!(made.status, 201, "{:?}", made.body);
    let id = made.body["id"].as_i64().unwrap();
    let request = app
        .post_as(
            &token,
            "/server/v1/timesheet/edit-request",
            json!({"trackingNumber": id, "changeType": "out", "end": "2026-10-05 18:00:60", "comment": "Late"}),
        )
        .await;
    assert_eq!(request.status, 400, "{:?}", request.body);
    assert!(!request.field("end").is_empty(), "{:?}", request.body);
    let event = app
        .post_as(
            &admin,
            "/server/v1/calendar-event/add-event",
            json!({"eventName": "Meeting", "startDate": "2026-12-01 10:00:60", "endDate": "2026-12-01 11:00:00"}),
        )
        .await;
    assert_eq!(event.status, 400, "{:?}", event.body);
    assert!(!event.field("startDate").is_empty(), "{:?}", event.body);
    let time_off = app
        .post_as(
            &token,
            "/server/v1/pto/validate-balance",
            json!({"ptoType": 1, "partialday": true, "allday": 0, "start": "2026-12-01 10:00:60",
                   "end": "2026-12-01 12:00:00", "reason": "Dentist"}),
        )
        .await;
    assert_eq!(time_off.status, 400, "{:?}", time_off.body);
    assert!(!time_off.field("start").is_empty(), "{:?}", time_off.body);
}

/// Finding 8: names that read differently from what they are (bidirectional overrides and
/// isolates) are refused with the control characters, in JSON and in file names.
#[actix_web::test]
async fn direction_overrides_are_refused_in_names_and_file_names() {
    let app = spawn_app().await;
    let acme = company(&app, "Bidi Co").await;
    let reply = app
        .post_as(
            &acme.admin,
            "/server/v1/manage/add-user",
            json!({"firstname": "Ann\u{202E}", "lastname": "Lee", "email": unique_email("bidi")}),
        )
        .await;
    assert_eq!(reply.status, 400);
    assert_eq!(reply.field("firstname"), [kernel::validation::DIRECTION_CHARACTER_MESSAGE]);
    let report = acme.report.to_string();
    let doc_type = acme.doc_type.to_string();
    let fields = [("employeeId", report.as_str()), ("docName", "W-4"), ("docTypeId", doc_type.as_str())];
    let upload = app
        .upload_named_as(&acme.manager, "/server/v1/manage/add-doc", &fields, "file", "invoice\u{2066}fdp.exe.pdf", PDF)
        .await;
    assert_eq!(upload.status, 400, "{:?}", upload.body);
    assert_eq!(upload.field("file"), [format!("The file's name: {}", kernel::validation::DIRECTION_CHARACTER_MESSAGE)]);
    let titled = [("employeeId", report.as_str()), ("docName", "W\u{202B}4"), ("docTypeId", doc_type.as_str())];
    let title = app.upload_named_as(&acme.manager, "/server/v1/manage/add-doc", &titled, "file", "w4.pdf", PDF).await;
    assert_eq!(title.field("docName"), [kernel::validation::DIRECTION_CHARACTER_MESSAGE]);
}

/// Finding 8: a quote in a file name (which browsers send as `%22`) is kept as a quote, and a
/// second file in one form is named as the problem.
#[actix_web::test]
async fn file_names_keep_their_quotes_and_one_file_is_taken() {
    let app = spawn_app().await;
    let acme = company(&app, "Quotes Co").await;
    let report = acme.report.to_string();
    let doc_type = acme.doc_type.to_string();
    let fields = [("employeeId", report.as_str()), ("docName", "Quote"), ("docTypeId", doc_type.as_str())];
    let added = app
        .upload_named_as(&acme.manager, "/server/v1/manage/add-doc", &fields, "file", "my %22best%22 scan.pdf", PDF)
        .await;
    assert_eq!(added.status, 200, "{:?}", added.body);
    assert_eq!(added.body["docFileName"], "my \"best\" scan.pdf");

    let boundary = "two-files";
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").as_bytes(),
        );
    }
    for _ in 0..2 {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"\r\nContent-Type: application/pdf\r\n\r\n")
                .as_bytes(),
        );
        body.extend_from_slice(PDF);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    let reply = app
        .post_raw_as(
            &acme.manager,
            "/server/v1/manage/add-doc",
            &format!("multipart/form-data; boundary={boundary}"),
            body,
        )
        .await;
    assert_eq!(reply.status, 400, "{:?}", reply.body);
    assert_eq!(reply.field("file"), [gateway::forms::ONE_FILE_MESSAGE]);
}

/// Finding 9: a manager cannot make anyone an admin or a manager by adding them.
#[actix_web::test]
async fn a_manager_adding_an_admin_is_refused() {
    let app = spawn_app().await;
    let admin_email = unique_email("admin");
    app.admin_of_new_company("Roles Co", &admin_email).await;
    let company_id = app.company_of(&admin_email).await.id.0;
    let manager_email = unique_email("manager");
    app.add_person(company_id, &manager_email, Role::Manager, None).await;
    let manager = app.token_of(&manager_email).await;
    for permission in ["companyadmin", "manager"] {
        let email = unique_email("promoted");
        let reply = app
            .post_as(
                &manager,
                "/server/v1/manage/add-user",
                json!({"firstname": "Pat", "lastname": "Lee", "email": email, "permission": permission}),
            )
            .await;
        assert_eq!(reply.status, 400, "{permission}: {:?}", reply.body);
        assert_eq!(reply.field("permission"), [hr::ADMIN_ONLY_FIELD]);
    }
    let employee = app
        .post_as(
            &manager,
            "/server/v1/manage/add-user",
            json!({"firstname": "Pat", "lastname": "Lee", "email": unique_email("fine"), "permission": "employee"}),
        )
        .await;
    assert_eq!(employee.status, 200, "{:?}", employee.body);
}

/// Finding 13: without billing, the billing calls say so.
#[actix_web::test]
async fn billing_calls_say_billing_is_off() {
    let app = spawn_app_without_billing().await;
    let admin = app.admin_of_new_company("Self Hosted Co", &unique_email("admin")).await;
    for path in ["/server/v1/myaccount/data", "/server/v1/myaccount/charges"] {
        let reply = app.get_as(&admin, path).await;
        assert_eq!(reply.status, 404, "{path}");
        assert_eq!(reply.code(), "billing_disabled", "{path}");
        assert!(reply.body["message"].as_str().unwrap().contains("Billing is not enabled"), "{path}");
    }
    let activate = app.post_as(&admin, "/server/v1/myaccount/activate", json!({})).await;
    assert_eq!(activate.code(), "billing_disabled");
}

/// Finding 14: a setting the server does not know is refused by name, and nothing changes.
#[actix_web::test]
async fn settings_refuse_fields_they_do_not_know() {
    let app = spawn_app().await;
    let (admin, _, _) = company_with_employee(&app).await;
    let before = app.get_as(&admin, "/server/v1/settings/data").await.body["settings"].clone();
    let reply = app
        .post_as(&admin, "/server/v1/settings/update", json!({"jurisdiction": "us-zz", "dayStartAt": "05:00"}))
        .await;
    assert_eq!(reply.status, 400, "{:?}", reply.body);
    assert_eq!(reply.field("jurisdiction"), ["This call does not take the field jurisdiction."]);
    assert_eq!(app.get_as(&admin, "/server/v1/settings/data").await.body["settings"], before, "nothing changed");
    let pto_type =
        app.post_as(&admin, "/server/v1/settings/update-pto-type", json!({"name": "Vacation", "colour": "#fff"})).await;
    assert_eq!(pto_type.field("colour"), ["This call does not take the field colour."]);
    let role = app.post_as(&admin, "/server/v1/settings/update-role-type", json!({"name": "Agent", "rank": 1})).await;
    assert_eq!(role.field("rank"), ["This call does not take the field rank."]);
}

/// Finding 6: support acting as a person cannot take the key to their calendar.
#[actix_web::test]
async fn the_calendar_feed_is_not_made_or_reset_while_impersonating() {
    let app = spawn_app().await;
    let email = unique_email("admin");
    let own = app.admin_of_new_company("Feed Co", &email).await;
    let operator = app.operator_token().await;
    let acting = app.impersonate(&operator, &email).await;
    let mine = app.get_as(&acting, "/server/v1/calendar-feed/mine").await;
    assert_eq!(mine.status, 403, "{:?}", mine.body);
    assert_eq!(mine.body["message"], gateway::extractors::SUPPORT_CANNOT_CHANGE);
    assert_eq!(app.post_as(&acting, "/server/v1/calendar-feed/reset", json!({})).await.status, 403);
    // The person themselves still can.
    assert_eq!(app.get_as(&own, "/server/v1/calendar-feed/mine").await.status, 200);
}
