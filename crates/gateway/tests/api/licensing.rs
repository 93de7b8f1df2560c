//! Producer licences and continuing education (issue 42): licences and credits through the API,
//! CE progress with ethics and topic hours, "who may sell", the compliance page and its export,
//! the reminders on the scheduler's clock, the CSV import, state rules, the calendar and the
//! task dock, reach and tenancy, and two writers at once.

use crate::helpers::{spawn_app, unique_email, Reply, TestApp};
use chrono::{Duration, Utc};
use kernel::Role;
use serde_json::{json, Value};

fn ok(reply: Reply) -> Value {
    assert!(reply.status < 300, "{} {:?}", reply.status, reply.body);
    reply.body
}

fn bad(reply: &Reply, field: &str) -> String {
    assert_eq!(reply.status, 400, "{:?}", reply.body);
    reply.body["errors"][field][0]
        .as_str()
        .unwrap_or_else(|| panic!("no error on {field}: {:?}", reply.body))
        .to_owned()
}

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

/// A day from today in the companies' zone (New York, the default), as the product counts days:
/// UTC's date is a day ahead in the hours after 00:00 UTC.
fn day(offset: i64) -> String {
    (kernel::time::local_date(kernel::time::DEFAULT_TIME_ZONE, Utc::now()) + Duration::days(offset)).to_string()
}

struct Agency {
    admin: String,
    admin_email: String,
    manager: String,
    /// Reports to the manager.
    ana: i64,
    ana_email: String,
    ana_token: String,
    /// Reports to nobody.
    bo: i64,
    bo_token: String,
}

async fn agency(app: &TestApp) -> Agency {
    let admin_email = unique_email("lic-admin");
    let admin = app.admin_of_new_company("Ruiz Insurance", &admin_email).await;
    let company = app.company_of(&admin_email).await;
    let manager_email = unique_email("lic-manager");
    let manager_id = app.add_person(company.id, &manager_email, Role::Manager, None).await;
    let ana_email = unique_email("lic-ana");
    let ana = app.add_person(company.id, &ana_email, Role::Employee, Some(manager_id)).await;
    let bo_email = unique_email("lic-bo");
    let bo = app.add_person(company.id, &bo_email, Role::Employee, None).await;
    Agency {
        manager: app.token_of(&manager_email).await,
        ana_token: app.token_of(&ana_email).await,
        bo_token: app.token_of(&bo_email).await,
        admin,
        admin_email,
        ana,
        ana_email,
        bo,
    }
}

async fn licence(
    app: &TestApp,
    token: &str,
    person: i64,
    state: &str,
    number: &str,
    lines: Value,
    expires: &str,
) -> Value {
    ok(app
        .post_as(
            token,
            "/server/v1/licensing/licences",
            json!({"employeeId": person, "state": state, "number": number, "licenceType": "Producer",
                   "lines": lines, "residency": "resident", "issuedOn": "2020-03-01", "status": "active",
                   "expiresOn": expires}),
        )
        .await)
}

async fn appoint(app: &TestApp, token: &str, person: i64, state: &str, carrier: &str) -> Value {
    ok(app
        .post_as(
            token,
            "/server/v1/licensing/appointments",
            json!({"employeeId": person, "carrier": carrier, "state": state, "effectiveOn": "2021-01-01"}),
        )
        .await)
}

async fn credit(
    app: &TestApp,
    token: &str,
    person: i64,
    state: &str,
    hours: &str,
    topic: &str,
    certificate: Option<&[u8]>,
) -> Reply {
    let person = person.to_string();
    let completed = day(-10);
    let fields = [
        ("employeeId", person.as_str()),
        ("state", state),
        ("course", "Ethics in practice"),
        ("provider", "CE Academy"),
        ("hours", hours),
        ("topic", topic),
        ("completedOn", completed.as_str()),
    ];
    match certificate {
        Some(bytes) => {
            app.upload_named_as(token, "/server/v1/licensing/credits", &fields, "certificate", "cert.pdf", bytes).await
        }
        None => app.upload_as(token, "/server/v1/licensing/credits", &fields, None).await,
    }
}

async fn folder(app: &TestApp, token: &str, person: i64) -> Value {
    ok(app.get_as(token, &format!("/server/v1/licensing/people/{person}")).await)
}

#[actix_web::test]
async fn licences_requirements_and_credits_make_ce_progress_with_ethics_and_topic_hours() {
    let app = spawn_app().await;
    let a = agency(&app).await;
    ok(app
        .post_as(
            &a.manager,
            "/server/v1/licensing/producer",
            json!({"employeeId": a.ana, "npn": "1234567", "residentState": "tx"}),
        )
        .await);
    let tx = licence(&app, &a.manager, a.ana, "TX", "TX-100", json!(["life", "accident_health"]), &day(400)).await;
    let ny = licence(&app, &a.admin, a.ana, "NY", "NY-7", json!(["property"]), &day(400)).await;
    assert_eq!(tx["residency"], "resident");
    // Hours left out: the state's rule (TX 24 h with 2 h ethics; NY 15 h with topics).
    let requirement = ok(app
        .post_as(
            &a.manager,
            "/server/v1/licensing/requirements",
            json!({"licenceId": tx["id"], "cycleStart": day(-300), "dueOn": day(200)}),
        )
        .await);
    assert_eq!((requirement["hoursTotal"].as_f64(), requirement["hoursEthics"].as_f64()), (Some(24.0), Some(2.0)));
    let ny_requirement = ok(app
        .post_as(
            &a.admin,
            "/server/v1/licensing/requirements",
            json!({"licenceId": ny["id"], "cycleStart": day(-300), "dueOn": day(200)}),
        )
        .await);
    assert_eq!(ny_requirement["topics"][0]["topic"], "insurance_law");

    // Ana adds her own credits, one with a certificate; a manager adds one for her.
    let ethics = ok(credit(&app, &a.ana_token, a.ana, "TX", "1.5", "Ethics", Some(PDF)).await);
    assert_eq!(ethics["certificate"]["fileName"], "cert.pdf");
    ok(credit(&app, &a.manager, a.ana, "TX", "10", "general", None).await);
    ok(credit(&app, &a.ana_token, a.ana, "NY", "1", "insurance law", None).await);
    let view = folder(&app, &a.ana_token, a.ana).await;
    assert_eq!(view["npn"], "1234567");
    assert_eq!(view["residentState"], "TX");
    let tx_view = view["licences"].as_array().unwrap().iter().find(|l| l["state"] == "TX").unwrap().clone();
    let progress = &tx_view["requirements"][0]["progress"];
    assert_eq!(progress["total"], json!({"done": 11.5, "required": 24.0}), "the NY credit is not a TX one");
    assert_eq!(progress["ethics"], json!({"done": 1.5, "required": 2.0}));
    assert_eq!(tx_view["requirements"][0]["met"], false);
    // The NY requirement counts its own state's credit and the resident state's (TX) ones.
    let ny_view = view["licences"].as_array().unwrap().iter().find(|l| l["state"] == "NY").unwrap().clone();
    let ny_progress = &ny_view["requirements"][0]["progress"];
    assert_eq!(ny_progress["total"]["done"], 12.5);
    assert_eq!(ny_progress["topics"][0], json!({"topic": "insurance_law", "done": 1.0, "required": 1.0}));

    // The certificate downloads for those who see the folder, as an attachment.
    let path = format!("/server/v1/licensing/credits/{}/certificate", ethics["id"]);
    let (status, media, bytes) = app.get_bytes_as(&a.manager, &path).await;
    assert_eq!((status, media.as_str(), bytes.as_slice()), (200, "application/pdf", PDF));
    assert_eq!(app.get_bytes_as(&a.bo_token, &path).await.0, 404);

    // More credits meet the requirement; the excess shows.
    ok(credit(&app, &a.ana_token, a.ana, "TX", "1", "ethics", None).await);
    ok(credit(&app, &a.ana_token, a.ana, "TX", "12", "general", None).await);
    let tx_view = folder(&app, &a.admin, a.ana).await["licences"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["state"] == "TX")
        .unwrap()
        .clone();
    assert_eq!(tx_view["requirements"][0]["met"], true);
    assert_eq!(tx_view["requirements"][0]["excessHours"], 0.5);

    // Reach and tenancy: Bo and another company's admin hear 404; Bo cannot add for Ana.
    assert_eq!(app.get_as(&a.bo_token, &format!("/server/v1/licensing/people/{}", a.ana)).await.status, 404);
    let stranger = app.admin_of_new_company("Elsewhere", &unique_email("lic-stranger")).await;
    assert_eq!(app.get_as(&stranger, &format!("/server/v1/licensing/people/{}", a.ana)).await.status, 404);
    assert_eq!(credit(&app, &a.bo_token, a.ana, "TX", "1", "general", None).await.status, 404);
    let manager_on_bo = app
        .post_as(
            &a.manager,
            "/server/v1/licensing/appointments",
            json!({"employeeId": a.bo, "carrier": "X", "state": "TX", "effectiveOn": "2026-01-01"}),
        )
        .await;
    assert_eq!(manager_on_bo.status, 404);
    assert_eq!(
        app.post_as(&a.ana_token, "/server/v1/licensing/licences", json!({"employeeId": a.ana})).await.status,
        403
    );
    let delete = app.post_as(&stranger, "/server/v1/licensing/licences/delete", json!({"id": tx["id"]})).await;
    assert_eq!(delete.status, 404);
}

#[actix_web::test]
async fn bad_input_is_refused_field_by_field_and_nothing_is_half_saved() {
    let app = spawn_app().await;
    let a = agency(&app).await;
    let post = |body: Value| app.post_as(&a.admin, "/server/v1/licensing/licences", body);
    let control = post(json!({"employeeId": a.ana, "number": "A\u{0007}1"})).await;
    assert!(bad(&control, "number").contains("control characters"));
    let reply = post(json!({"employeeId": a.ana, "state": "XX", "number": "", "licenceType": "Producer",
                            "lines": [], "residency": "resident", "issuedOn": "2024-05-01", "status": "active",
                            "expiresOn": "2024-04-01"}))
    .await;
    assert_eq!(bad(&reply, "state"), "Choose a US state.");
    assert!(reply.body["errors"]["number"].is_array());
    assert_eq!(bad(&reply, "lines"), "Choose at least one line of authority.");
    assert_eq!(bad(&reply, "expiresOn"), "The expiry cannot be before the issue date.");
    let npn = app
        .post_as(
            &a.admin,
            "/server/v1/licensing/producer",
            json!({"employeeId": a.ana, "npn": "12ab", "residentState": "TX"}),
        )
        .await;
    assert_eq!(bad(&npn, "npn"), "An NPN is 1 to 10 digits.");
    assert_eq!(
        bad(&credit(&app, &a.ana_token, a.ana, "TX", "250", "general", None).await, "hours"),
        "Between 0.25 and 200 hours."
    );
    assert_eq!(
        bad(&credit(&app, &a.ana_token, a.ana, "TX", "-1", "general", None).await, "hours"),
        "Between 0.25 and 200 hours."
    );
    let docx = b"PK\x03\x04 not really a pdf";
    assert_eq!(
        bad(&credit(&app, &a.ana_token, a.ana, "TX", "2", "general", Some(docx)).await, "certificate"),
        "Please upload a PDF or an image."
    );
    let view = folder(&app, &a.admin, a.ana).await;
    assert_eq!(view["licences"], json!([]));
    assert_eq!(view["credits"], json!([]), "a refused certificate leaves no credit behind");
    assert_eq!(view["npn"], Value::Null);

    // The same number twice is refused; a licence document must be a PDF or an image.
    let tx = licence(&app, &a.admin, a.ana, "TX", "TX-1", json!(["life"]), &day(300)).await;
    let again = post(json!({"employeeId": a.ana, "state": "TX", "number": "TX-1", "licenceType": "Producer",
                            "lines": ["life"], "residency": "resident", "issuedOn": "2020-01-01", "status": "active",
                            "expiresOn": day(300)}))
    .await;
    assert_eq!(bad(&again, "number"), "This person already has a licence with this number in this state.");
    let id = tx["id"].to_string();
    let text = app
        .upload_named_as(
            &a.admin,
            "/server/v1/licensing/licences/document",
            &[("id", id.as_str())],
            "file",
            "l.pdf",
            b"hello",
        )
        .await;
    assert_eq!(bad(&text, "file"), "Please upload a PDF or an image.");
    let pdf = ok(app
        .upload_named_as(
            &a.admin,
            "/server/v1/licensing/licences/document",
            &[("id", id.as_str())],
            "file",
            "licence.pdf",
            PDF,
        )
        .await);
    assert_eq!(pdf["document"]["fileName"], "licence.pdf");
    let (status, _, bytes) =
        app.get_bytes_as(&a.ana_token, &format!("/server/v1/licensing/licences/{}/document", tx["id"])).await;
    assert_eq!((status, bytes.as_slice()), (200, PDF));
    let requirement = app
        .post_as(
            &a.admin,
            "/server/v1/licensing/requirements",
            json!({"licenceId": tx["id"], "cycleStart": day(10), "dueOn": day(5)}),
        )
        .await;
    assert_eq!(bad(&requirement, "dueOn"), "The due date cannot be before the cycle's start.");
    let no_rule = licence(&app, &a.admin, a.ana, "WY", "WY-1", json!(["life"]), &day(300)).await;
    let requirement = app
        .post_as(
            &a.admin,
            "/server/v1/licensing/requirements",
            json!({"licenceId": no_rule["id"], "cycleStart": day(-10), "dueOn": day(5)}),
        )
        .await;
    assert_eq!(bad(&requirement, "hoursTotal"), "There is no rule for this state: give the hours.");
}

#[actix_web::test]
async fn may_sell_needs_an_active_licence_with_the_line_and_an_appointment() {
    let app = spawn_app().await;
    let a = agency(&app).await;
    let company = app.company_of(&a.admin_email).await;
    let cy_email = unique_email("lic-cy");
    let cy = app.add_person(company.id, &cy_email, Role::Employee, None).await;
    let dee_email = unique_email("lic-dee");
    let dee = app.add_person(company.id, &dee_email, Role::Employee, None).await;
    // Ana: active, life, appointed by Acme. Bo: expired. Cy: property only. Dee: not appointed.
    licence(&app, &a.admin, a.ana, "TX", "A1", json!(["life"]), &day(300)).await;
    appoint(&app, &a.admin, a.ana, "TX", "Acme Life").await;
    licence(&app, &a.admin, a.bo, "TX", "B1", json!(["life"]), &day(-3)).await;
    appoint(&app, &a.admin, a.bo, "TX", "Acme Life").await;
    licence(&app, &a.admin, cy, "TX", "C1", json!(["property"]), &day(300)).await;
    appoint(&app, &a.admin, cy, "TX", "Acme Life").await;
    licence(&app, &a.admin, dee, "TX", "D1", json!(["life"]), &day(300)).await;
    licence(&app, &a.admin, dee, "FL", "D2", json!(["life"]), &day(300)).await;

    let answer = ok(app.get_as(&a.admin, "/server/v1/licensing/may-sell?state=TX&line=life").await);
    let names: Vec<i64> =
        answer["people"].as_array().unwrap().iter().map(|p| p["employeeId"].as_i64().unwrap()).collect();
    assert_eq!(names, [a.ana]);
    assert_eq!(answer["people"][0]["carriers"], json!(["Acme Life"]));
    let reason = |id: i64| -> String {
        answer["others"].as_array().unwrap().iter().find(|o| o["employeeId"] == id).unwrap()["reason"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert!(reason(a.bo).starts_with("Licence expired on"), "{}", reason(a.bo));
    assert_eq!(reason(cy), "No Life line in TX.");
    assert_eq!(reason(dee), "Not appointed in TX.");
    // With a carrier named, only that carrier's appointment counts; another state has no licence.
    let other_carrier =
        ok(app.get_as(&a.admin, "/server/v1/licensing/may-sell?state=TX&line=life&carrier=Zenith").await);
    assert_eq!(other_carrier["people"], json!([]));
    let ca = ok(app.get_as(&a.admin, "/server/v1/licensing/may-sell?state=CA&line=life").await);
    assert_eq!(ca["people"], json!([]));
    // On a past day, Bo's licence was still good.
    let earlier =
        ok(app.get_as(&a.admin, &format!("/server/v1/licensing/may-sell?state=TX&line=life&on={}", day(-10))).await);
    assert_eq!(earlier["people"].as_array().unwrap().len(), 2);
    let wrong = app.get_as(&a.admin, "/server/v1/licensing/may-sell?state=ZZ&line=boats").await;
    assert_eq!(bad(&wrong, "state"), "Choose a US state.");
    assert!(wrong.body["errors"]["line"].is_array());
    // A manager reaches only their reports: Ana.
    let managers = ok(app.get_as(&a.manager, "/server/v1/licensing/may-sell?state=TX&line=life").await);
    assert_eq!(managers["others"], json!([]));
    assert_eq!(managers["people"].as_array().unwrap().len(), 1);
}

#[actix_web::test]
async fn the_compliance_page_shows_each_producer_and_state_with_its_status_and_exports() {
    let app = spawn_app().await;
    let a = agency(&app).await;
    // Ana: TX active (appointed), FL due soon (appointed), NY not appointed.
    licence(&app, &a.admin, a.ana, "TX", "A1", json!(["life"]), &day(500)).await;
    appoint(&app, &a.admin, a.ana, "TX", "Acme").await;
    licence(&app, &a.admin, a.ana, "FL", "A2", json!(["life"]), &day(45)).await;
    appoint(&app, &a.admin, a.ana, "FL", "Acme").await;
    licence(&app, &a.admin, a.ana, "NY", "A3", json!(["property"]), &day(500)).await;
    // Bo: CA expired; AL with a CE requirement past due.
    licence(&app, &a.admin, a.bo, "CA", "B1", json!(["life"]), &day(-1)).await;
    let al = licence(&app, &a.admin, a.bo, "AL", "B2", json!(["life"]), &day(500)).await;
    appoint(&app, &a.admin, a.bo, "AL", "Acme").await;
    ok(app
        .post_as(
            &a.admin,
            "/server/v1/licensing/requirements",
            json!({"licenceId": al["id"], "cycleStart": day(-700), "dueOn": day(-2)}),
        )
        .await);

    let page = ok(app.get_as(&a.admin, "/server/v1/licensing/compliance").await);
    let status = |state: &str| -> String {
        page["rows"].as_array().unwrap().iter().find(|r| r["state"] == state).unwrap()["status"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert_eq!(status("TX"), "active");
    assert_eq!(status("FL"), "due_soon");
    assert_eq!(status("NY"), "not_appointed");
    assert_eq!(status("CA"), "expired");
    assert_eq!(status("AL"), "ce_deficient");
    assert_eq!(
        page["counts"],
        json!({"active": 1, "due_soon": 1, "not_appointed": 1, "expired": 1, "ce_deficient": 1})
    );
    assert_eq!(page["rows"][0]["status"], "expired", "worst first");
    assert_eq!(
        (page["total"].as_u64(), page["page"].as_u64(), page["pageSize"].as_u64()),
        (Some(5), Some(1), Some(100))
    );
    let past = ok(app.get_as(&a.admin, "/server/v1/licensing/compliance?page=2").await);
    assert_eq!((past["rows"].as_array().unwrap().len(), past["total"].as_u64()), (0, Some(5)));
    assert_eq!(app.get_as(&a.admin, "/server/v1/licensing/compliance?page=0").await.status, 400);
    let due = ok(app.get_as(&a.admin, "/server/v1/licensing/compliance?status=due_soon").await);
    assert_eq!(due["rows"].as_array().unwrap().len(), 1);
    let property = ok(app.get_as(&a.admin, "/server/v1/licensing/compliance?line=property").await);
    assert_eq!(property["rows"][0]["state"], "NY");
    // The folder's banner; the manager sees Ana's rows only.
    assert_eq!(folder(&app, &a.admin, a.bo).await["expired"], true);
    assert_eq!(folder(&app, &a.admin, a.ana).await["expired"], false);
    let managers = ok(app.get_as(&a.manager, "/server/v1/licensing/compliance").await);
    assert!(managers["rows"].as_array().unwrap().iter().all(|r| r["employeeId"] == a.ana));
    let sleepy = app.get_as(&a.admin, "/server/v1/licensing/compliance?status=sleepy").await;
    assert!(bad(&sleepy, "status").starts_with("Choose active"));

    let (code, media, csv) = app.get_bytes_as(&a.admin, "/server/v1/licensing/compliance/export?format=csv").await;
    assert_eq!((code, media.as_str()), (200, "text/csv"));
    let csv = String::from_utf8(csv).unwrap();
    assert!(csv.starts_with("Name,NPN,State,Licence number"));
    assert_eq!(csv.lines().count(), 6);
    assert!(csv.contains("CE deficient"));
    let (code, _, xlsx) = app.get_bytes_as(&a.admin, "/server/v1/licensing/compliance/export?format=xlsx").await;
    assert_eq!(code, 200);
    assert!(xlsx.starts_with(b"PK\x03\x04"));
}

fn job(app: &TestApp) -> licensing::Licensing {
    let store = std::sync::Arc::new(files::LocalDirStore::new(std::env::temp_dir().join("timekeep-licensing-test")));
    licensing::Licensing::new(
        app.db.clone(),
        app.accounts.clone(),
        files::Files::new(app.db.clone(), store),
        kernel::WriteGate::open(),
    )
}

#[actix_web::test]
async fn reminders_go_out_at_90_60_30_and_7_days_once_each_and_start_again_after_a_renewal() {
    let app = spawn_app().await;
    let a = agency(&app).await;
    let tx = licence(&app, &a.admin, a.ana, "TX", "TX-9", json!(["life"]), &day(100)).await;
    appoint(&app, &a.admin, a.ana, "TX", "Acme").await;
    let licensing = job(&app);
    // Noon in the agency's zone, `days` from today: reminders go out from 08:00 there.
    let at = |days: i64| crate::helpers::local_hour_in(kernel::time::DEFAULT_TIME_ZONE, days, 12);
    assert_eq!(licensing.send_reminders(at(0)).await.unwrap().reminded, 0, "100 days out: not yet");
    let early = crate::helpers::local_hour_in(kernel::time::DEFAULT_TIME_ZONE, 11, 7);
    assert_eq!(licensing.send_reminders(early).await.unwrap().reminded, 0, "before 08:00 in the company's zone");
    let first = licensing.send_reminders(at(11)).await.unwrap();
    assert_eq!((first.reminded, first.mails), (1, 2), "the producer and the admin");
    app.mail.wait_for(&a.ana_email, "TX licence TX-9 expires").await;
    app.mail.wait_for(&a.admin_email, "TX licence TX-9 expires").await;
    // Again at once (a second server, a repeated run): nothing.
    assert_eq!(licensing.send_reminders(at(12)).await.unwrap().reminded, 0);
    assert_eq!(job(&app).send_reminders(at(12)).await.unwrap().reminded, 0);
    for days in [41, 71, 94] {
        assert_eq!(licensing.send_reminders(at(days)).await.unwrap().reminded, 1, "day {days}");
        assert_eq!(licensing.send_reminders(at(days)).await.unwrap().reminded, 0, "day {days}, again");
    }
    app.mail.settled().await;
    assert_eq!(app.mail.to(&a.ana_email).iter().filter(|m| m.text().contains("TX-9")).count(), 4);
    // Renewed: the new expiry is two years on; nothing is due, and nothing is sent again.
    ok(app
        .post_as(
            &a.admin,
            "/server/v1/licensing/licences",
            json!({"id": tx["id"], "employeeId": a.ana, "state": "TX", "number": "TX-9", "licenceType": "Producer",
                   "lines": ["life"], "residency": "resident", "issuedOn": "2020-03-01", "status": "active",
                   "expiresOn": day(830)}),
        )
        .await);
    assert_eq!(licensing.send_reminders(at(94)).await.unwrap().reminded, 0);
    // After a long downtime only the nearest threshold is sent: 20 days before the new expiry, "30".
    assert_eq!(licensing.send_reminders(at(810)).await.unwrap().reminded, 1);
    assert_eq!(licensing.send_reminders(at(811)).await.unwrap().reminded, 0);

    // A CE requirement due soon and unmet is reminded; once met, it is not.
    let requirement = ok(app
        .post_as(
            &a.admin,
            "/server/v1/licensing/requirements",
            json!({"licenceId": tx["id"], "cycleStart": day(-600), "dueOn": day(50)}),
        )
        .await);
    assert_eq!(requirement["met"], false);
    assert_eq!(licensing.send_reminders(at(0)).await.unwrap().reminded, 1);
    app.mail.wait_for(&a.ana_email, "TX CE for licence TX-9 is due").await;
    ok(credit(&app, &a.ana_token, a.ana, "TX", "22", "general", None).await);
    ok(credit(&app, &a.ana_token, a.ana, "TX", "2", "ethics", None).await);
    assert_eq!(licensing.send_reminders(at(25)).await.unwrap().reminded, 0, "met: no 30-day reminder");
}

#[actix_web::test]
async fn the_csv_import_keeps_good_rows_and_reports_each_bad_one_with_its_line() {
    let app = spawn_app().await;
    let a = agency(&app).await;
    let bo_email = {
        use sea_orm::{ConnectionTrait, Statement};
        let row = app
            .db
            .query_one(Statement::from_string(
                app.db.get_database_backend(),
                format!("SELECT email FROM users WHERE id = {}", a.bo),
            ))
            .await
            .unwrap()
            .unwrap();
        row.try_get::<String>("", "email").unwrap()
    };
    let csv = format!(
        "email,npn,resident_state,state,licence_number,licence_type,lines,residency,issued_on,status,expires_on\n\
         {ana},1234567,TX,TX,T-1,Producer,life;accident_health,resident,2020-01-01,active,2027-06-30\n\
         {ana},1234567,TX,XX,X-1,Producer,life,resident,2020-01-01,active,2027-06-30\n\
         {bo},,,CA,C-1,Producer,property,non_resident,2021-01-01,active,2020-06-30\n\
         nobody@example.com,,,CA,C-2,Producer,life,resident,2021-01-01,active,2027-06-30\n\
         {bo},,,FL,F-1,Producer,boats,resident,2021-01-01,active,2027-06-30\n\
         {bo},,,FL,F-2,Producer,personal_lines,non_resident,2021-01-01,active,2027-06-30\n",
        ana = a.ana_email,
        bo = bo_email
    );
    let outcome = ok(app
        .upload_named_as(&a.admin, "/server/v1/licensing/import", &[], "file", "licences.csv", csv.as_bytes())
        .await);
    assert_eq!((outcome["imported"].as_u64(), outcome["updated"].as_u64()), (Some(2), Some(0)));
    let errors = outcome["errors"].as_array().unwrap();
    let lines: Vec<u64> = errors.iter().map(|e| e["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [3, 4, 5, 6]);
    assert_eq!(errors[0]["message"], "state: Unknown state code \"XX\".");
    assert!(errors[1]["message"].as_str().unwrap().contains("expiry cannot be before"));
    assert!(errors[2]["message"].as_str().unwrap().contains("nobody@example.com"));
    assert!(errors[3]["message"].as_str().unwrap().contains("\"boats\""));
    let view = folder(&app, &a.admin, a.ana).await;
    assert_eq!(view["npn"], "1234567");
    assert_eq!(view["licences"].as_array().unwrap().len(), 1, "the bad row of Ana's saved nothing");
    assert_eq!(view["licences"][0]["lines"], json!(["life", "accident_health"]));
    // The same file again updates instead of adding.
    let again = ok(app
        .upload_named_as(&a.admin, "/server/v1/licensing/import", &[], "file", "licences.csv", csv.as_bytes())
        .await);
    assert_eq!((again["imported"].as_u64(), again["updated"].as_u64()), (Some(0), Some(2)));
    // Wrong columns: a 400 naming them.
    let wrong = app
        .upload_named_as(&a.admin, "/server/v1/licensing/import", &[], "file", "x.csv", b"name,state\nAna,TX\n")
        .await;
    let message = bad(&wrong, "file");
    assert!(message.contains("Missing columns: email,") && message.contains("Unknown columns: name."), "{message}");
    assert_eq!(
        app.upload_named_as(&a.manager, "/server/v1/licensing/import", &[], "file", "l.csv", csv.as_bytes())
            .await
            .status,
        403
    );
    // Over 5,000 rows: refused whole, before anything is saved.
    let mut big = String::from("email,state,licence_number,licence_type,lines,residency,issued_on,status,expires_on\n");
    for row in 0..5001 {
        big.push_str(&format!("{},TX,BIG-{row},Producer,life,resident,2020-01-01,active,2030-01-01\n", a.ana_email));
    }
    let refused =
        app.upload_named_as(&a.admin, "/server/v1/licensing/import", &[], "file", "big.csv", big.as_bytes()).await;
    assert_eq!(bad(&refused, "file"), "A file may hold at most 5000 licences; split it.");
    assert_eq!(folder(&app, &a.admin, a.ana).await["licences"].as_array().unwrap().len(), 1);
}

#[actix_web::test]
async fn an_admin_changes_a_states_rule_and_new_requirements_take_it() {
    let app = spawn_app().await;
    let a = agency(&app).await;
    let reference = ok(app.get_as(&a.ana_token, "/server/v1/licensing/reference").await);
    let tx = reference["states"].as_array().unwrap().iter().find(|s| s["state"] == "TX").unwrap().clone();
    assert_eq!((tx["hoursTotal"].as_f64(), tx["edited"].as_bool()), (Some(24.0), Some(false)));
    assert!(tx["citation"].as_str().unwrap().contains("Tex. Admin. Code"));
    assert_eq!(reference["lines"].as_array().unwrap().len(), 12);
    let bad_rule = app
        .post_as(&a.admin, "/server/v1/licensing/states", json!({"state": "TX", "cycleMonths": 0, "hoursTotal": 2, "hoursEthics": 3, "citation": "", "effectiveFrom": "2027-01-01"}))
        .await;
    assert_eq!(bad(&bad_rule, "cycleMonths"), "Between 1 and 60 months.");
    assert!(bad_rule.body["errors"]["citation"].is_array());
    let saved = ok(app
        .post_as(
            &a.admin,
            "/server/v1/licensing/states",
            json!({"state": "TX", "cycleMonths": 24, "hoursTotal": 30, "hoursEthics": 3,
                   "topics": [{"topic": "Flood", "hours": 2}], "carryOver": true,
                   "citation": "HB 9 (2027)", "effectiveFrom": "2027-01-01"}),
        )
        .await);
    assert_eq!((saved["edited"].as_bool(), saved["topics"][0]["topic"].as_str()), (Some(true), Some("flood")));
    assert_eq!(app.post_as(&a.manager, "/server/v1/licensing/states", json!({"state": "TX"})).await.status, 403);
    let licence = licence(&app, &a.admin, a.ana, "TX", "T-1", json!(["life"]), &day(300)).await;
    let requirement = ok(app
        .post_as(
            &a.admin,
            "/server/v1/licensing/requirements",
            json!({"licenceId": licence["id"], "cycleStart": day(-100), "dueOn": day(100)}),
        )
        .await);
    assert_eq!((requirement["hoursTotal"].as_f64(), requirement["carryOver"].as_bool()), (Some(30.0), Some(true)));
    // Another company still has the product's rule.
    let other = app.admin_of_new_company("Elsewhere", &unique_email("lic-other")).await;
    let theirs = ok(app.get_as(&other, "/server/v1/licensing/reference").await);
    let tx = theirs["states"].as_array().unwrap().iter().find(|s| s["state"] == "TX").unwrap().clone();
    assert_eq!(tx["hoursTotal"], 24.0);
    let reset = ok(app.post_as(&a.admin, "/server/v1/licensing/states/reset", json!({"state": "TX"})).await);
    assert_eq!(reset["edited"], false);
}

#[actix_web::test]
async fn expiries_and_ce_due_dates_show_on_the_calendar_the_feed_and_the_task_dock() {
    let app = spawn_app().await;
    let a = agency(&app).await;
    let tx = licence(&app, &a.admin, a.ana, "TX", "TX-5", json!(["life"]), &day(20)).await;
    ok(app
        .post_as(
            &a.admin,
            "/server/v1/licensing/requirements",
            json!({"licenceId": tx["id"], "cycleStart": day(-600), "dueOn": day(15)}),
        )
        .await);
    licence(&app, &a.admin, a.bo, "TX", "TX-6", json!(["life"]), &day(25)).await;
    let tasks = ok(app.get_as(&a.ana_token, "/server/v1/profile/my-tasks").await);
    let kinds: Vec<&str> = tasks["licensing"].as_array().unwrap().iter().map(|t| t["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["ce_due", "licence_expiry"]);
    assert_eq!(tasks["licensing"][1]["daysLeft"], 20);
    assert!(tasks["policies"].is_array(), "HR's tasks are still there");
    let agenda = |token: String| {
        let app = &app;
        async move {
            let path = format!("/server/v1/pto/agenda?start={}&end={}&types=LICENCE", day(0), day(40));
            ok(app.get_as(&token, &path).await)
        }
    };
    let admins = agenda(a.admin.clone()).await;
    assert_eq!(admins["items"].as_array().unwrap().len(), 3, "{admins}");
    let anas = agenda(a.ana_token.clone()).await;
    assert_eq!(anas["items"].as_array().unwrap().len(), 2, "her own only");
    assert!(anas["items"].as_array().unwrap().iter().all(|item| item["employeeId"] == a.ana));
    let feed = ok(app.get_as(&a.admin, "/server/v1/calendar-feed/mine").await);
    let url = feed["url"].as_str().unwrap();
    let path = url[url.find("/server/v1").unwrap()..].to_owned();
    let (status, _, ics) = app.get_bytes_as(&a.admin, &path).await;
    assert_eq!(status, 200);
    let text = String::from_utf8(ics).unwrap();
    assert!(text.contains("TX licence TX-5 expires") && text.contains("TX CE due"), "{text}");
}

#[actix_web::test]
async fn two_writers_adding_the_same_licence_at_once_make_one() {
    let app = spawn_app().await;
    let a = agency(&app).await;
    for round in 0..3 {
        let number = format!("RACE-{round}");
        let body = json!({"employeeId": a.ana, "state": "TX", "number": number, "licenceType": "Producer",
                          "lines": ["life"], "residency": "resident", "issuedOn": "2020-01-01", "status": "active",
                          "expiresOn": day(300)});
        let producer = json!({"employeeId": a.ana, "npn": format!("55{round}"), "residentState": "TX"});
        let (one, two, three, four) = futures_util::join!(
            app.post_as(&a.admin, "/server/v1/licensing/licences", body.clone()),
            app.post_as(&a.manager, "/server/v1/licensing/licences", body.clone()),
            app.post_as(&a.admin, "/server/v1/licensing/producer", producer.clone()),
            app.post_as(&a.manager, "/server/v1/licensing/producer", producer.clone()),
        );
        let mut statuses = [one.status, two.status];
        statuses.sort();
        assert_eq!(statuses, [200, 400], "{:?} {:?}", one.body, two.body);
        assert_eq!((three.status, four.status), (200, 200));
    }
    let view = folder(&app, &a.admin, a.ana).await;
    assert_eq!(view["licences"].as_array().unwrap().len(), 3);
    assert_eq!(view["npn"], "552");
}
