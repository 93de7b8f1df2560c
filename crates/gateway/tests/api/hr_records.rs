//! HR records of the folder (issue 20; 001 §2–§9, 000 §2–§4): event, document and policy types
//! in the settings; events with acknowledgement and owner-only visibility; documents whose files
//! are checked by their bytes and downloaded only by whoever may see the folder; document
//! requests fulfilled by the employee's upload, cancelled, and reminded of once when overdue.

use crate::helpers::{spawn_app, text, timekeep, unique_email, TestApp, TINY_PNG};
use chrono::{Duration, Utc};
use hr::entities::hr_events;
use kernel::Role;
use sea_orm::EntityTrait;
use serde_json::{json, Value};

/// A small but real PDF.
pub(crate) const PDF: &[u8] = b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";

pub(crate) struct Company {
    pub(crate) admin: String,
    pub(crate) manager: String,
    pub(crate) report: i64,
    pub(crate) report_email: String,
    report_token: String,
    /// Not the manager's report.
    stranger: i64,
    stranger_token: String,
    event_type: i64,
    pub(crate) doc_type: i64,
}

pub(crate) async fn company(app: &TestApp, name: &str) -> Company {
    let admin_email = unique_email("admin");
    let admin = app.admin_of_new_company(name, &admin_email).await;
    let company = app.company_of(&admin_email).await;
    let manager_email = unique_email("manager");
    let manager_id = app.add_person(company.id, &manager_email, Role::Manager, None).await;
    let report_email = unique_email("report");
    let report = app.add_person(company.id, &report_email, Role::Employee, Some(manager_id)).await;
    let stranger_email = unique_email("stranger");
    let stranger = app.add_person(company.id, &stranger_email, Role::Employee, None).await;
    let manager = app.token_of(&manager_email).await;
    let event_type = app.post_as(&admin, "/server/v1/settings/update-event-type", json!({"name": "Review"})).await;
    assert_eq!(event_type.status, 200, "{:?}", event_type.body);
    let doc_type =
        app.post_as(&manager, "/server/v1/settings/update-doc-type", json!({"name": "W-4", "onboardingDoc": 1})).await;
    assert_eq!(doc_type.status, 200, "{:?}", doc_type.body);
    Company {
        admin,
        manager,
        report,
        report_token: app.token_of(&report_email).await,
        report_email,
        stranger,
        stranger_token: app.token_of(&stranger_email).await,
        event_type: event_type.body["id"].as_i64().unwrap(),
        doc_type: doc_type.body["id"].as_i64().unwrap(),
    }
}

fn ids(list: &Value, key: &str) -> Vec<i64> {
    list[key].as_array().unwrap().iter().map(|row| row["id"].as_i64().unwrap()).collect()
}

#[actix_web::test]
async fn managers_and_admins_keep_the_event_document_and_policy_types() {
    let app = spawn_app().await;
    let acme = company(&app, "Types Co").await;

    let data = app.get_as(&acme.manager, "/server/v1/settings/data").await;
    assert_eq!(data.status, 200, "{:?}", data.body);
    assert_eq!(data.body["eventtypes"][0]["name"], "Review");
    assert_eq!(data.body["doctypes"][0]["onboardingDoc"], true);
    assert_eq!(data.body["policytypes"], json!([]));

    let policy = app.post_as(&acme.admin, "/server/v1/settings/update-policy-type", json!({"name": "Handbook"})).await;
    assert_eq!(policy.status, 200, "{:?}", policy.body);
    assert_eq!(policy.body["onboardingDoc"], false, "only document types are onboarding documents");
    // One name a list, whatever its case; the same name on another list is fine.
    let twice = app.post_as(&acme.admin, "/server/v1/settings/update-policy-type", json!({"name": "HANDBOOK"})).await;
    assert_eq!(twice.status, 400);
    assert_eq!(twice.field("name"), ["There is already a type with this name"]);
    let other_list =
        app.post_as(&acme.admin, "/server/v1/settings/update-event-type", json!({"name": "Handbook"})).await;
    assert_eq!(other_list.status, 200);
    let blank = app.post_as(&acme.admin, "/server/v1/settings/update-doc-type", json!({"name": "  "})).await;
    assert_eq!(blank.field("name"), ["Please input the Name"]);

    // Retired: off the pickers (a new record naming it is refused), kept on the list.
    let id = policy.body["id"].as_i64().unwrap();
    let retired =
        app.post_as(&acme.admin, &format!("/server/v1/settings/inactive-policy-type?id={id}"), json!({})).await;
    assert_eq!((retired.status, &retired.body["active"]), (200, &json!(false)));
    let renamed = app
        .post_as(&acme.admin, "/server/v1/settings/update-policy-type", json!({"id": id, "name": "Employee Handbook"}))
        .await;
    assert_eq!((renamed.status, &renamed.body["active"]), (200, &json!(true)), "renaming brings it back");

    // Employees read nothing of this and change nothing; another company's type is not found.
    let employee = app.post_as(&acme.report_token, "/server/v1/settings/update-event-type", json!({"name": "X"})).await;
    assert_eq!(employee.status, 403);
    let other = company(&app, "Other Types Co").await;
    let foreign = app
        .post_as(&other.admin, "/server/v1/settings/update-event-type", json!({"id": acme.event_type, "name": "Mine"}))
        .await;
    assert_eq!(foreign.status, 404);
    let foreign = app
        .post_as(&other.admin, &format!("/server/v1/settings/inactive-doc-type?id={}", acme.doc_type), json!({}))
        .await;
    assert_eq!(foreign.status, 404);
}

#[actix_web::test]
async fn events_are_recorded_acknowledged_once_and_seen_only_by_whom_they_may_be() {
    let app = spawn_app().await;
    let acme = company(&app, "Events Co").await;
    let report = acme.report.to_string();
    let event_type = acme.event_type.to_string();

    // Bad input: each field's message at once.
    let bad = app.upload_as(&acme.manager, "/server/v1/manage/add-event", &[("employeeId", &report)], None).await;
    assert_eq!(bad.status, 400, "{:?}", bad.body);
    assert_eq!(bad.field("title"), ["Please input the Title"]);
    assert_eq!(bad.field("eventTypeId"), ["Please input the Type of event"]);

    // A manager records a review for their report, with a PDF, needing acknowledgement; the
    // comments are rich text with the dangerous parts cut out.
    let fields = [
        ("employeeId", report.as_str()),
        ("eventTypeId", event_type.as_str()),
        ("title", "Annual review"),
        ("comments", "<p>Great <strong>year</strong><script>steal()</script><img src=x onerror=alert(1)></p>"),
        ("actionDate", "2026-11-02"),
        ("ackneeded", "1"),
        ("onlyVisibleToOwner", "0"),
    ];
    let added =
        app.upload_named_as(&acme.manager, "/server/v1/manage/add-event", &fields, "file", "review.pdf", PDF).await;
    assert_eq!(added.status, 200, "{:?}", added.body);
    let event = added.body["id"].as_i64().unwrap();
    assert_eq!(added.body["comments"], "<p>Great <strong>year</strong></p>");
    assert_eq!(added.body["doc"]["docFileName"], "review.pdf");
    assert_eq!(added.body["doc"]["docMediaType"], "application/pdf");
    assert_eq!(added.body["ackneeded"], 1);

    // An owner-only event by the admin: the employee and admins see it, the manager does not.
    let private = [
        ("employeeId", report.as_str()),
        ("eventTypeId", event_type.as_str()),
        ("title", "Medical note"),
        ("onlyVisibleToOwner", "1"),
    ];
    let hidden = app.upload_as(&acme.admin, "/server/v1/manage/add-event", &private, None).await;
    assert_eq!(hidden.status, 200, "{:?}", hidden.body);
    let hidden = hidden.body["id"].as_i64().unwrap();
    let by_manager = app.get_as(&acme.manager, &format!("/server/v1/manage/user-events?id={report}")).await;
    assert_eq!(ids(&by_manager.body, "events"), [event]);
    assert_eq!(by_manager.body["count"], 1);
    let by_admin = app.get_as(&acme.admin, &format!("/server/v1/manage/user-events?id={report}")).await;
    assert_eq!(ids(&by_admin.body, "events"), [hidden, event], "newest first");
    let sorted = app.get_as(&acme.admin, &format!("/server/v1/manage/user-events?id={report}&sort=title")).await;
    assert_eq!(ids(&sorted.body, "events"), [event, hidden], "'Annual review' before 'Medical note'");
    let bad_sort = app.get_as(&acme.admin, &format!("/server/v1/manage/user-events?id={report}&sort=password")).await;
    assert_eq!(bad_sort.status, 400);
    assert_eq!(app.get_as(&acme.manager, &format!("/server/v1/manage/event?id={hidden}")).await.status, 404);
    let mine = app.get_as(&acme.report_token, "/server/v1/profile/my-events").await;
    assert_eq!(ids(&mine.body, "events"), [hidden, event]);

    // The event's file downloads intact, as an attachment with its name, for who may see it.
    let (status, media, disposition, bytes) =
        app.post_for_file_as(&acme.report_token, "/server/v1/doc/event", json!({"id": event})).await;
    assert_eq!((status, media.as_str()), (200, "application/pdf"));
    assert!(disposition.starts_with("attachment") && disposition.contains("review.pdf"), "{disposition}");
    assert_eq!(bytes, PDF);
    let (status, ..) = app.post_for_file_as(&acme.stranger_token, "/server/v1/doc/event", json!({"id": event})).await;
    assert_eq!(status, 404, "a colleague outside the folder");

    // The task dock lists it until it is acknowledged, once; someone else cannot acknowledge it.
    let tasks = app.get_as(&acme.report_token, "/server/v1/profile/my-tasks").await;
    assert_eq!(ids(&tasks.body, "events"), [event]);
    assert_eq!(tasks.body["count"], 1);
    let not_theirs = app.post_as(&acme.stranger_token, "/server/v1/profile/affirm-event", json!({"id": event})).await;
    assert_eq!(not_theirs.status, 404);
    let no_ack_needed = app.post_as(&acme.report_token, "/server/v1/profile/affirm-event", json!({"id": hidden})).await;
    assert_eq!(no_ack_needed.status, 404, "an event that asks for no acknowledgement");
    let (first, second) = tokio::join!(
        app.post_as(&acme.report_token, "/server/v1/profile/affirm-event", json!({"id": event})),
        app.post_as(&acme.report_token, "/server/v1/profile/affirm-event", json!({"id": event})),
    );
    assert_eq!((first.status, second.status), (200, 200), "{:?} {:?}", first.body, second.body);
    let changed = [&first, &second].iter().filter(|reply| reply.body["changed"] == true).count();
    assert_eq!(changed, 1, "acknowledged exactly once");
    assert_eq!(first.body["acknowledgedAt"], second.body["acknowledgedAt"]);
    let tasks = app.get_as(&acme.report_token, "/server/v1/profile/my-tasks").await;
    assert_eq!(tasks.body["count"], 0);
    let detail = app.get_as(&acme.report_token, &format!("/server/v1/profile/event-review-detail?id={event}")).await;
    assert_eq!(detail.body["ackedon"], first.body["acknowledgedAt"]);
    let timeline = app.get_as(&acme.admin, &format!("/server/v1/manage/user-activities?id={report}")).await;
    let codes: Vec<&str> =
        timeline.body["activities"].as_array().unwrap().iter().map(|a| a["activityType"].as_str().unwrap()).collect();
    assert_eq!(codes.iter().filter(|code| **code == "EVENT_AFFIRMATION").count(), 1, "{codes:?}");
    assert_eq!(codes.iter().filter(|code| **code == "HR_EVENT").count(), 2, "{codes:?}");

    // Removing it takes it out of every list; the row stays with who removed it.
    let removed = app.post_as(&acme.manager, "/server/v1/manage/delete-event", json!({"id": event})).await;
    assert_eq!(removed.status, 200, "{:?}", removed.body);
    let mine = app.get_as(&acme.report_token, "/server/v1/profile/my-events").await;
    assert_eq!(ids(&mine.body, "events"), [hidden]);
    let row = hr_events::Entity::find_by_id(event).one(&app.db).await.unwrap().unwrap();
    assert!(row.deleted_at.is_some() && row.deleted_by.is_some() && row.acked_at.is_some());
    let manager_on_hidden = app.post_as(&acme.manager, "/server/v1/manage/delete-event", json!({"id": hidden})).await;
    assert_eq!(manager_on_hidden.status, 404, "an event the manager cannot see");

    // Another company reaches nothing; a stranger's folder is not the manager's.
    let other = company(&app, "Other Events Co").await;
    assert_eq!(app.get_as(&other.admin, &format!("/server/v1/manage/event?id={hidden}")).await.status, 404);
    assert_eq!(app.get_as(&other.admin, &format!("/server/v1/manage/user-events?id={report}")).await.status, 404);
    let outside = app.get_as(&acme.manager, &format!("/server/v1/manage/user-events?id={}", acme.stranger)).await;
    assert_eq!(outside.status, 404);
    let foreign_type =
        [("employeeId", report.as_str()), ("eventTypeId", &other.event_type.to_string()), ("title", "X")];
    let foreign_type = app.upload_as(&acme.admin, "/server/v1/manage/add-event", &foreign_type, None).await;
    assert_eq!(foreign_type.field("eventTypeId"), ["Please input the Type of event"]);
}

#[actix_web::test]
async fn documents_are_typed_by_their_bytes_and_downloaded_only_by_who_may_see_them() {
    let app = spawn_app().await;
    let acme = company(&app, "Docs Co").await;
    let report = acme.report.to_string();
    let doc_type = acme.doc_type.to_string();
    let fields = [("employeeId", report.as_str()), ("docName", "W-4 2026"), ("docTypeId", doc_type.as_str())];

    let missing = app.upload_as(&acme.manager, "/server/v1/manage/add-doc", &[("employeeId", &report)], None).await;
    assert_eq!(missing.status, 400, "{:?}", missing.body);
    assert_eq!(missing.field("docName"), ["Please input the Document title"]);
    assert_eq!(missing.field("docTypeId"), ["Please input the Type of document"]);
    assert_eq!(missing.field("file"), ["Please upload the Document"]);

    // A lying extension, an empty file, a path in the name, an oversize file: refused.
    let html = b"<html><script>alert(1)</script></html>";
    let lying = app.upload_named_as(&acme.manager, "/server/v1/manage/add-doc", &fields, "file", "w4.pdf", html).await;
    assert_eq!(lying.status, 400);
    assert_eq!(lying.field("file"), ["Please upload a PDF, a Word, Excel or PowerPoint file, or an image."]);
    let empty = app.upload_named_as(&acme.manager, "/server/v1/manage/add-doc", &fields, "file", "w4.pdf", b"").await;
    assert_eq!(empty.status, 400);
    let path =
        app.upload_named_as(&acme.manager, "/server/v1/manage/add-doc", &fields, "file", "../../etc/w4.pdf", PDF).await;
    assert_eq!(path.field("file"), ["The file name may not contain a folder path."]);
    let mut huge = PDF.to_vec();
    huge.resize(files::MAX_DOCUMENT_BYTES + 1, b' ');
    let too_big =
        app.upload_named_as(&acme.manager, "/server/v1/manage/add-doc", &fields, "file", "big.pdf", &huge).await;
    assert_eq!(too_big.status, 413);
    let listed = app.get_as(&acme.admin, &format!("/server/v1/manage/user-docs?id={report}")).await;
    assert_eq!(listed.body["count"], 0, "nothing refused was kept");

    // A PDF named like an image keeps the name and gains its true extension.
    let added = app.upload_named_as(&acme.manager, "/server/v1/manage/add-doc", &fields, "file", "scan.png", PDF).await;
    assert_eq!(added.status, 200, "{:?}", added.body);
    assert_eq!(added.body["docFileName"], "scan.png.pdf");
    assert_eq!(added.body["docMediaType"], "application/pdf");
    assert_eq!(added.body["docSize"], PDF.len());
    let doc = added.body["id"].as_i64().unwrap();
    let image = app
        .upload_named_as(
            &acme.admin,
            "/server/v1/manage/add-doc",
            &[("employeeId", report.as_str()), ("docName", "Badge photo"), ("docTypeId", doc_type.as_str())],
            "file",
            "badge.png",
            TINY_PNG,
        )
        .await;
    assert_eq!(image.status, 200, "{:?}", image.body);
    let sorted = app.get_as(&acme.admin, &format!("/server/v1/manage/user-docs?id={report}&sort=docName")).await;
    assert_eq!(sorted.body["docs"][0]["docName"], "Badge photo");

    // The employee, their manager and the admin download it; a colleague and /files do not.
    for token in [&acme.report_token, &acme.manager, &acme.admin] {
        let (status, media, disposition, bytes) =
            app.post_for_file_as(token, "/server/v1/doc/view", json!({"id": doc})).await;
        assert_eq!((status, media.as_str(), bytes.as_slice()), (200, "application/pdf", PDF));
        assert!(disposition.starts_with("attachment;") && disposition.contains("scan.png.pdf"), "{disposition}");
    }
    let (status, ..) = app.post_for_file_as(&acme.stranger_token, "/server/v1/doc/view", json!({"id": doc})).await;
    assert_eq!(status, 404);
    let file_id = hr::entities::hr_documents::Entity::find_by_id(doc).one(&app.db).await.unwrap().unwrap().file_id;
    let (status, ..) = app.get_bytes_as(&acme.report_token, &format!("/server/v1/files/{file_id}")).await;
    assert_eq!(status, 404, "HR documents are not served as public files");
    let mine = app.get_as(&acme.report_token, "/server/v1/profile/my-docs").await;
    assert_eq!(mine.body["count"], 2);

    // Removed: gone from the lists and downloads, kept in the database.
    let removed = app.post_as(&acme.manager, "/server/v1/manage/delete-doc", json!({"id": doc})).await;
    assert_eq!(removed.status, 200);
    let (status, ..) = app.post_for_file_as(&acme.admin, "/server/v1/doc/view", json!({"id": doc})).await;
    assert_eq!(status, 404);
    let row = hr::entities::hr_documents::Entity::find_by_id(doc).one(&app.db).await.unwrap().unwrap();
    assert!(row.deleted_at.is_some());

    // A terminated employee's folder takes no new records.
    app.post_as(&acme.admin, "/server/v1/manage/terminate-employee", json!({"id": acme.report})).await;
    let late = app.upload_named_as(&acme.admin, "/server/v1/manage/add-doc", &fields, "file", "w4.pdf", PDF).await;
    assert_eq!(late.status, 409, "{:?}", late.body);
}

#[actix_web::test]
async fn a_document_request_is_fulfilled_by_the_employees_upload_or_cancelled() {
    let app = spawn_app().await;
    let acme = company(&app, "Requests Co").await;
    let report = acme.report;

    let bad = app.post_as(&acme.manager, "/server/v1/manage/add-doc-request", json!({"employeeId": report})).await;
    assert_eq!(bad.status, 400);
    assert_eq!(bad.field("docTypeId"), ["Please input the Type of document"]);
    assert_eq!(bad.field("dueDate"), ["Please input the Due date"]);
    let yesterday = (Utc::now() - Duration::days(2)).date_naive().to_string();
    let past = app
        .post_as(
            &acme.manager,
            "/server/v1/manage/add-doc-request",
            json!({"employeeId": report, "docTypeId": acme.doc_type, "dueDate": yesterday}),
        )
        .await;
    assert_eq!(past.field("dueDate"), ["The due date cannot be in the past"]);

    let due = (Utc::now() + Duration::days(7)).date_naive().to_string();
    let asked = app
        .post_as(
            &acme.manager,
            "/server/v1/manage/add-doc-request",
            json!({"employeeId": report, "docTypeId": acme.doc_type, "dueDate": due, "comments": "For payroll"}),
        )
        .await;
    assert_eq!(asked.status, 200, "{:?}", asked.body);
    assert_eq!((asked.body["status"].clone(), asked.body["name"].clone()), (json!(0), json!("W-4")));
    let request = asked.body["id"].as_i64().unwrap();
    let mail = app.mail.wait_for(&acme.report_email, "Please upload your W-4").await;
    assert!(mail.text().contains("/my-hr"), "{}", mail.text());
    let tasks = app.get_as(&acme.report_token, "/server/v1/profile/my-tasks").await;
    assert_eq!(ids(&tasks.body, "docRequests"), [request]);
    assert_eq!(tasks.body["overdue"], false);

    // Someone else's request is not theirs to fulfil; missing fields are named.
    let upload = [("docName", "My W-4"), ("comments", "Signed"), ("reqId", &request.to_string())];
    let foreign = app
        .upload_named_as(&acme.stranger_token, "/server/v1/profile/add-doc", &upload, "document", "w4.pdf", PDF)
        .await;
    assert_eq!(foreign.status, 404);
    let incomplete = app
        .upload_named_as(
            &acme.report_token,
            "/server/v1/profile/add-doc",
            &[("reqId", &request.to_string())],
            "document",
            "w4.pdf",
            PDF,
        )
        .await;
    assert_eq!(incomplete.field("docName"), ["Please input the Name"]);
    assert_eq!(incomplete.field("comments"), ["Please input the Brief Description"]);

    let (one, two) = tokio::join!(
        app.upload_named_as(&acme.report_token, "/server/v1/profile/add-doc", &upload, "document", "w4.pdf", PDF),
        app.upload_named_as(&acme.report_token, "/server/v1/profile/add-doc", &upload, "document", "w4.pdf", PDF),
    );
    let mut statuses = [one.status, two.status];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "one upload fulfils the request: {:?} {:?}", one.body, two.body);
    let listed = app.get_as(&acme.manager, &format!("/server/v1/manage/doc-requests?id={report}")).await;
    assert_eq!(listed.body["requests"][0]["status"], 1);
    assert!(listed.body["requests"][0]["completeDate"].is_string());
    let docs = app.get_as(&acme.manager, &format!("/server/v1/manage/user-docs?id={report}")).await;
    assert_eq!(docs.body["count"], 1, "the refused upload left nothing behind");
    assert_eq!(docs.body["docs"][0]["requestId"], request);
    let cancel_done = app.post_as(&acme.manager, "/server/v1/manage/cancel-doc-request", json!({"id": request})).await;
    assert_eq!(cancel_done.status, 409);

    // An open request is cancelled once; again changes nothing; the employee's upload is refused.
    let second = app
        .post_as(
            &acme.admin,
            "/server/v1/manage/add-doc-request",
            json!({"employeeId": report, "docTypeId": acme.doc_type, "dueDate": due}),
        )
        .await;
    let second = second.body["id"].as_i64().unwrap();
    let cancelled = app.post_as(&acme.manager, "/server/v1/manage/cancel-doc-request", json!({"id": second})).await;
    assert_eq!((cancelled.status, &cancelled.body["changed"]), (200, &json!(true)), "{:?}", cancelled.body);
    let again = app.post_as(&acme.manager, "/server/v1/manage/cancel-doc-request", json!({"id": second})).await;
    assert_eq!((again.status, &again.body["changed"]), (200, &json!(false)));
    let late = [("docName", "W-4"), ("comments", "x"), ("reqId", &second.to_string())];
    let late =
        app.upload_named_as(&acme.report_token, "/server/v1/profile/add-doc", &late, "document", "w4.pdf", PDF).await;
    assert_eq!(late.status, 409);
    let other = company(&app, "Other Requests Co").await;
    let foreign = app.post_as(&other.admin, "/server/v1/manage/cancel-doc-request", json!({"id": second})).await;
    assert_eq!(foreign.status, 404);
}

#[actix_web::test]
async fn an_overdue_request_is_reminded_of_once_however_often_the_job_runs() {
    let app = spawn_app().await;
    let acme = company(&app, "Overdue Co").await;
    let due = (Utc::now() + Duration::days(2)).date_naive().to_string();
    let asked = app
        .post_as(
            &acme.manager,
            "/server/v1/manage/add-doc-request",
            json!({"employeeId": acme.report, "docTypeId": acme.doc_type, "dueDate": due}),
        )
        .await;
    assert_eq!(asked.status, 200, "{:?}", asked.body);
    let tasks = app.get_as(&acme.report_token, "/server/v1/profile/my-tasks").await;
    assert_eq!(tasks.body["overdue"], json!(false), "due in two days");

    // As of five days ahead it is overdue: from 08:00, two servers at once send one reminder…
    let store = std::sync::Arc::new(files::LocalDirStore::new(std::env::temp_dir().join("timekeep-overdue-test")));
    let hr = hr::Hr::new(
        app.db.clone(),
        app.accounts.clone(),
        files::Files::new(app.db.clone(), store),
        kernel::WriteGate::open(),
    );
    // Not before 08:00 in the company's zone that day…
    let early = crate::helpers::local_hour_in(crate::helpers::TEST_ZONE, 5, 7);
    assert_eq!(hr.send_overdue_reminders(early).await.unwrap(), 0, "07:00: not yet");
    let ahead = crate::helpers::local_hour_in(crate::helpers::TEST_ZONE, 5, 8);
    let (a, b) = tokio::join!(hr.send_overdue_reminders(ahead), hr.send_overdue_reminders(ahead));
    assert_eq!(a.unwrap() + b.unwrap(), 1, "two servers at once send one reminder");
    app.mail.wait_for(&acme.report_email, "Overdue: please upload your W-4").await;
    // …and the job, run on demand a day later, never again.
    let later = (ahead + Duration::days(1)).to_rfc3339();
    let again = timekeep(&app, &["jobs", "run", "hr-overdue-reminders", "--now", &later], true).await;
    assert!(again.status.success(), "{}", text(&again));
    assert!(text(&again).contains("0 overdue reminders sent"), "{}", text(&again));
}
