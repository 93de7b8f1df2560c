//! The import from AgencyZoom (issue 24; spec 001 §2, §5, §7, §8), against
//! `e2e/agencyzoom/server.py`: a real HTTP server speaking the API shape of `crates/agencyzoom`,
//! where each test makes its own agency.

use crate::helpers::{agencyzoom, spawn_app, unique_email, TestApp, AGENCYZOOM_TIMEOUT};
use kernel::Role;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const IMPORT: &str = "/server/v1/manage/import-agencyzoom";
const AZ_PASSWORD: &str = "az-secret-1";

/// Talks to the AgencyZoom server's scenario endpoints.
async fn az(method: &str, path: &str, body: Option<Value>) -> Value {
    let client = awc::Client::builder().timeout(Duration::from_secs(30)).finish();
    let url = format!("{}{path}", agencyzoom().url);
    let request = match method {
        "POST" => client.post(url),
        "PUT" => client.put(url),
        _ => client.get(url),
    };
    let mut response = match body {
        Some(body) => request.send_json(&body).await.unwrap(),
        None => request.send().await.unwrap(),
    };
    assert!(response.status().is_success(), "{method} {path}: {}", response.status());
    response.json::<Value>().limit(1 << 20).await.unwrap()
}

/// A new agency at the AgencyZoom server: its id.
pub(crate) async fn new_agency(body: Value) -> String {
    az("POST", "/_admin/agencies", Some(body)).await["id"].as_str().unwrap().to_owned()
}

async fn replace_agency(id: &str, body: Value) {
    az("PUT", &format!("/_admin/agencies/{id}"), Some(body)).await;
}

async fn agency_stats(id: &str) -> Value {
    az("GET", &format!("/_admin/agencies/{id}"), None).await
}

fn staff(id: u64, first: &str, last: &str, email: &str, job: &str, user_type: &str) -> Value {
    json!({ "id": id, "firstName": first, "lastName": last, "email": email, "phone": "555-201-0000",
            "jobTitle": job, "userType": user_type, "active": true })
}

/// The agency's owner, who signs in to AgencyZoom with `email` and [`AZ_PASSWORD`].
fn owner(email: &str) -> Value {
    let mut person = staff(1, "Olivia", "Owner", email, "Principal", "owner");
    person["password"] = json!(AZ_PASSWORD);
    person
}

fn agency_details() -> Value {
    json!({ "name": "Zoom Insurance Group", "phone": "(555) 201-3344", "email": "Office@ZoomIns.example.com",
            "address": "12 Harbor Road", "city": "Portland", "state": "ME", "zip": "04101" })
}

async fn import(app: &TestApp, token: &str, email: &str, password: &str) -> crate::helpers::Reply {
    app.post_as(token, IMPORT, json!({ "email": email, "password": password })).await
}

/// Every active employee of the caller's company, by e-mail: (id, first name, last name, role,
/// job role).
async fn people(app: &TestApp, token: &str) -> std::collections::BTreeMap<String, Value> {
    let mut all = std::collections::BTreeMap::new();
    for page in 1.. {
        let reply = app.get_as(token, &format!("/server/v1/manage/employees?page={page}")).await;
        assert_eq!(reply.status, 200, "{:?}", reply.body);
        let rows = reply.body["employees"].as_array().unwrap().clone();
        if rows.is_empty() {
            break;
        }
        for row in rows {
            all.insert(row["email"].as_str().unwrap().to_owned(), row);
        }
    }
    all
}

fn reasons(reply: &crate::helpers::Reply) -> Vec<(String, String)> {
    reply.body["failure"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| (row["partnerId"].as_str().unwrap().to_owned(), row["reason"].as_str().unwrap().to_owned()))
        .collect()
}

#[actix_web::test]
async fn an_admin_imports_the_company_and_its_staff_who_are_invited() {
    let app = spawn_app().await;
    let admin_email = unique_email("az-admin");
    let admin = app.admin_of_new_company("Before Import", &admin_email).await;
    let before = app.get_as(&admin, IMPORT).await;
    assert_eq!(before.status, 200, "{:?}", before.body);
    assert_eq!(before.body, json!({ "available": true, "integrated": false, "importedPeople": 0 }));

    // Someone of another company whom AgencyZoom also lists.
    let other_email = unique_email("other-co");
    let other_admin = app.admin_of_new_company("Other Co", &other_email).await;
    let other_before = people(&app, &other_admin).await;
    let (manager, producer) = (unique_email("az-manager"), unique_email("az-producer"));
    let mut inactive = staff(6, "Ina", "Gone", &unique_email("az-gone"), "Producer", "user");
    inactive["active"] = json!(false);
    let agency = new_agency(json!({
        "agency": agency_details(),
        "employees": [
            owner(&admin_email),
            staff(2, "Mia", "Manager", &manager.to_uppercase(), "Account Manager", "manager"),
            staff(3, "Paul", "Producer", &producer, "Producer", "user"),
            staff(4, "Tina", "Typo", "tina@agency", "Producer", "user"),
            staff(5, "Otto", "Other", &other_email, "Producer", "admin"),
            inactive,
        ],
    }))
    .await;

    let reply = import(&app, &admin, &admin_email, AZ_PASSWORD).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert_eq!(reply.body["message"], "Your company information has been updated.");
    assert_eq!((reply.body["employeesImported"].as_u64(), reply.body["accountsCreated"].as_u64()), (Some(3), Some(2)));
    let outcomes: Vec<(String, String)> = reply.body["success"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| (row["email"].as_str().unwrap().to_owned(), row["outcome"].as_str().unwrap().to_owned()))
        .collect();
    assert_eq!(
        outcomes,
        [
            (admin_email.clone(), "updated".to_owned()),
            (manager.clone(), "created".to_owned()),
            (producer.clone(), "created".to_owned())
        ]
    );
    assert_eq!(
        reasons(&reply),
        [
            ("4".to_owned(), "Oops! Looks like you have a typo.".to_owned()),
            ("5".to_owned(), "The email has been registered by another user".to_owned()),
            ("6".to_owned(), "Inactive in AgencyZoom".to_owned()),
        ]
    );

    // The company's details and flag.
    let company = app.get_as(&admin, "/server/v1/company/profile").await.body["company"].clone();
    assert_eq!(company["name"], "Zoom Insurance Group");
    assert_eq!(company["email"], "office@zoomins.example.com");
    assert_eq!(company["phone"], "(555) 201-3344");
    assert_eq!((company["address1"].as_str(), company["city"].as_str()), (Some("12 Harbor Road"), Some("Portland")));
    assert_eq!((company["state"].as_str(), company["zip"].as_str()), (Some("ME"), Some("04101")));
    assert_eq!(app.get_as(&admin, "/server/v1/manage/data").await.body["integratedWithAz"], true);
    let after = app.get_as(&admin, IMPORT).await.body;
    assert_eq!(after, json!({ "available": true, "integrated": true, "importedPeople": 3 }));

    // The staff, with names, job roles and permissions; the admin stays an admin.
    let staff_list = people(&app, &admin).await;
    assert_eq!(staff_list.len(), 3, "{:?}", staff_list.keys());
    let me = &staff_list[&admin_email];
    assert_eq!(
        (me["firstname"].as_str(), me["lastname"].as_str(), me["role"].as_str()),
        (Some("Olivia"), Some("Owner"), Some("admin"))
    );
    let mia = &staff_list[&manager];
    assert_eq!((mia["firstname"].as_str(), mia["role"].as_str()), (Some("Mia"), Some("manager")));
    assert_eq!(mia["jobroleName"], "Account Manager");
    assert_eq!(mia["phone"], "(555) 201-0000");
    let paul = &staff_list[&producer];
    assert_eq!((paul["role"].as_str(), paul["jobroleName"].as_str()), (Some("employee"), Some("Producer")));
    assert_eq!(paul["managerId"], me["id"], "the company admin manages new people");

    // Each new person gets the normal invitation, and signs in from it.
    for email in [&manager, &producer] {
        let mail = app.mail.wait_for(email, "Zoom Insurance Group invited you to Timekeep").await;
        assert!(mail.text().contains("/verify-email?"), "{}", mail.text());
    }
    app.mail.settled().await;
    assert!(app.mail.to(&admin_email).iter().all(|mail| !mail.text().contains("invited you")));

    // The partner's token was given back; the credentials reached it once.
    let stats = agency_stats(&agency).await;
    assert_eq!((stats["logins"].as_u64(), stats["openTokens"].as_u64()), (Some(1), Some(0)), "{stats}");

    // Integrated: names and e-mail are AgencyZoom's, and there is no bulk add.
    let rename = app
        .post_as(
            &admin,
            "/server/v1/manage/add-user",
            json!({ "id": mia["id"], "firstname": "Mara", "lastname": "Manager", "email": manager, "permission": "manager" }),
        )
        .await;
    assert_eq!(rename.status, 400, "{:?}", rename.body);
    assert_eq!(rename.field("email"), ["Names and e-mail are managed in AgencyZoom"]);
    let same = app
        .post_as(
            &admin,
            "/server/v1/manage/add-user",
            json!({ "id": mia["id"], "firstname": "Mia", "lastname": "Manager", "email": manager, "phone": "555 201 9999", "permission": "manager" }),
        )
        .await;
    assert_eq!(same.status, 200, "other fields stay editable: {:?}", same.body);
    let bulk = app
        .post_as(
            &admin,
            "/server/v1/manage/add-multiple-users",
            json!([{ "name": "New Person", "email": unique_email("bulk"), "jobrole": mia["jobroleId"] }]),
        )
        .await;
    assert_eq!((bulk.status, bulk.code()), (409, "conflict"), "{:?}", bulk.body);

    // The other company is as it was.
    let other = app.get_as(&other_admin, "/server/v1/manage/data").await.body;
    assert_eq!((other["companyName"].as_str(), other["integratedWithAz"].as_bool()), (Some("Other Co"), Some(false)));
    assert_eq!(people(&app, &other_admin).await, other_before);
}

#[actix_web::test]
async fn a_second_import_updates_and_never_duplicates() {
    let app = spawn_app().await;
    let admin_email = unique_email("az-again");
    let admin = app.admin_of_new_company("Again Co", &admin_email).await;
    let company = app.company_of(&admin_email).await;
    // Already in Timekeep (with a password) before the first import: matched by e-mail.
    let veteran = unique_email("veteran");
    let veteran_id = app.add_person(company.id, &veteran, Role::Employee, None).await;
    let (ann, bob) = (unique_email("ann"), unique_email("bob"));
    let first = json!({
        "agency": agency_details(),
        "employees": [
            owner(&admin_email),
            staff(2, "Ann", "Able", &ann, "Producer", "user"),
            staff(3, "Bob", "Baker", &bob, "Producer", "user"),
            staff(4, "Vera", "Veteran", &veteran, "Service", "user"),
        ],
    });
    let agency = new_agency(first).await;
    let reply = import(&app, &admin, &admin_email, AZ_PASSWORD).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert_eq!((reply.body["employeesImported"].as_u64(), reply.body["accountsCreated"].as_u64()), (Some(4), Some(2)));
    let before = people(&app, &admin).await;
    assert_eq!(before[&veteran]["id"].as_i64(), Some(veteran_id));
    assert_eq!(before[&veteran]["firstname"], "Vera");
    app.mail.wait_for(&bob, "invited you to Timekeep").await;

    // AgencyZoom changes: Ann renamed and retitled, Bob (invited only) and Vera (who has a
    // password) at new addresses, Cy new.
    let (bob_new, vera_new, cy) = (unique_email("bob-new"), unique_email("vera-new"), unique_email("cy"));
    replace_agency(
        &agency,
        json!({
            "agency": agency_details(),
            "employees": [
                owner(&admin_email),
                staff(2, "Ann", "Able-Smith", &ann, "Account Manager", "user"),
                staff(3, "Bob", "Baker", &bob_new, "Producer", "user"),
                staff(4, "Vera", "Veteran", &vera_new, "Service", "user"),
                staff(7, "Cy", "Clerk", &cy, "Service", "user"),
            ],
        }),
    )
    .await;
    let again = import(&app, &admin, &admin_email, AZ_PASSWORD).await;
    assert_eq!(again.status, 200, "{:?}", again.body);
    assert_eq!((again.body["employeesImported"].as_u64(), again.body["accountsCreated"].as_u64()), (Some(5), Some(1)));
    let outcomes: Vec<(&str, &str)> = again.body["success"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| (row["partnerId"].as_str().unwrap(), row["outcome"].as_str().unwrap()))
        .collect();
    assert_eq!(outcomes, [("1", "unchanged"), ("2", "updated"), ("3", "updated"), ("4", "updated"), ("7", "created")]);
    let vera_row =
        again.body["success"].as_array().unwrap().iter().find(|row| row["partnerId"] == "4").unwrap().clone();
    assert_eq!(vera_row["emailChangeSentTo"], vera_new.as_str());
    assert!(reasons(&again).is_empty());

    let after = people(&app, &admin).await;
    assert_eq!(after.len(), 5, "no duplicates: {:?}", after.keys());
    assert_eq!(after[&ann]["id"], before[&ann]["id"]);
    assert_eq!(
        (after[&ann]["lastname"].as_str(), after[&ann]["jobroleName"].as_str()),
        (Some("Able-Smith"), Some("Account Manager"))
    );
    // Bob never signed in: his new address is his now, and a new invitation went to it.
    assert_eq!(after[&bob_new]["id"], before[&bob]["id"]);
    app.mail.wait_for(&bob_new, "invited you to Timekeep").await;
    // Vera has a password: the change waits for the link mailed to the new address.
    assert_eq!(after[&veteran]["id"].as_i64(), Some(veteran_id));
    assert!(!after.contains_key(&vera_new));
    app.mail.wait_for(&vera_new, "/confirm-email").await;
    // A third import with nothing new changes nothing.
    let third = import(&app, &admin, &admin_email, AZ_PASSWORD).await;
    assert_eq!(third.body["accountsCreated"], 0, "{:?}", third.body);
    assert_eq!(people(&app, &admin).await.len(), 5);
}

#[actix_web::test]
async fn wrong_credentials_and_bad_input_are_refused_and_change_nothing() {
    let app = spawn_app().await;
    let admin_email = unique_email("az-wrong");
    let admin = app.admin_of_new_company("Wrong Co", &admin_email).await;
    let mut clerk = staff(2, "Cleo", "Clerk", &unique_email("az-clerk"), "Service", "user");
    clerk["password"] = json!("clerk-secret");
    let clerk_email = clerk["email"].as_str().unwrap().to_owned();
    let agency = new_agency(json!({ "agency": agency_details(), "employees": [owner(&admin_email), clerk] })).await;

    let blank = app.post_as(&admin, IMPORT, json!({})).await;
    assert_eq!(blank.status, 400);
    assert_eq!(blank.field("email"), ["Please input the Email"]);
    assert_eq!(blank.field("password"), ["Please input the Password"]);
    let typo = import(&app, &admin, "owner@agency", "x").await;
    assert_eq!(typo.field("email"), ["Oops! Looks like you have a typo."]);
    let control = import(&app, &admin, &admin_email, "pass\u{1}word").await;
    assert_eq!(control.status, 400, "{:?}", control.body);

    let wrong = import(&app, &admin, &admin_email, "not-the-password").await;
    assert_eq!((wrong.status, wrong.code()), (400, "partner_refused"), "{:?}", wrong.body);
    assert_eq!(wrong.body["message"], "AgencyZoom did not accept this e-mail and password.");
    let unknown = import(&app, &admin, &unique_email("nobody"), AZ_PASSWORD).await;
    assert_eq!(unknown.code(), "partner_refused");
    // A user of the agency who is not its account admin.
    let not_admin = import(&app, &admin, &clerk_email, "clerk-secret").await;
    assert_eq!((not_admin.status, not_admin.code()), (400, "partner_refused"), "{:?}", not_admin.body);
    assert!(not_admin.body["message"].as_str().unwrap().contains("not an account admin"));

    assert_eq!(agency_stats(&agency).await["failedLogins"], 1);
    let data = app.get_as(&admin, "/server/v1/manage/data").await.body;
    assert_eq!((data["companyName"].as_str(), data["integratedWithAz"].as_bool()), (Some("Wrong Co"), Some(false)));
    assert_eq!(people(&app, &admin).await.len(), 1);
}

#[actix_web::test]
async fn a_partner_that_stalls_is_a_timeout_not_a_hanging_request() {
    let app = spawn_app().await;
    let admin_email = unique_email("az-slow");
    let admin = app.admin_of_new_company("Slow Co", &admin_email).await;
    let slow = AGENCYZOOM_TIMEOUT.as_secs() * 4;
    new_agency(json!({
        "agency": agency_details(),
        "employees": [owner(&admin_email), staff(2, "Sam", "Slow", &unique_email("az-sam"), "Producer", "user")],
        "behaviour": { "delaySeconds": slow, "delayPath": "/v1/api/employees" },
    }))
    .await;
    let started = Instant::now();
    let reply = import(&app, &admin, &admin_email, AZ_PASSWORD).await;
    let took = started.elapsed();
    assert_eq!((reply.status, reply.code()), (504, "partner_timeout"), "{:?}", reply.body);
    assert_eq!(reply.body["message"], "AgencyZoom did not answer in time. Please try again in a few minutes.");
    assert!(took >= AGENCYZOOM_TIMEOUT && took < AGENCYZOOM_TIMEOUT * 3, "took {took:?}");
    let data = app.get_as(&admin, "/server/v1/manage/data").await.body;
    assert_eq!((data["companyName"].as_str(), data["integratedWithAz"].as_bool()), (Some("Slow Co"), Some(false)));
}

#[actix_web::test]
async fn a_malformed_or_failed_answer_is_a_bad_gateway() {
    let app = spawn_app().await;
    let admin_email = unique_email("az-broken");
    let admin = app.admin_of_new_company("Broken Co", &admin_email).await;
    let employees =
        json!([owner(&admin_email), staff(2, "Bea", "Broken", &unique_email("az-bea"), "Producer", "user")]);
    let agency = new_agency(json!({
        "agency": agency_details(),
        "employees": employees,
        "behaviour": { "malformedPath": "/v1/api/employees" },
    }))
    .await;
    let malformed = import(&app, &admin, &admin_email, AZ_PASSWORD).await;
    assert_eq!((malformed.status, malformed.code()), (502, "partner_unavailable"), "{:?}", malformed.body);
    assert!(malformed.body["message"].as_str().unwrap().starts_with("AgencyZoom sent an answer we could not read."));

    replace_agency(
        &agency,
        json!({ "agency": agency_details(), "employees": employees,
                "behaviour": { "failPath": "/v1/api/agency", "failStatus": 500 } }),
    )
    .await;
    let failed = import(&app, &admin, &admin_email, AZ_PASSWORD).await;
    assert_eq!((failed.status, failed.code()), (502, "partner_unavailable"), "{:?}", failed.body);
    assert_eq!(failed.body["message"], "AgencyZoom could not be reached. Please try again in a few minutes.");

    // Well-formed JSON of another shape is as unreadable as HTML.
    replace_agency(&agency, json!({ "agency": "not an object", "employees": employees })).await;
    let shaped = import(&app, &admin, &admin_email, AZ_PASSWORD).await;
    assert_eq!((shaped.status, shaped.code()), (502, "partner_unavailable"), "{:?}", shaped.body);

    let data = app.get_as(&admin, "/server/v1/manage/data").await.body;
    assert_eq!((data["companyName"].as_str(), data["integratedWithAz"].as_bool()), (Some("Broken Co"), Some(false)));
    assert_eq!(people(&app, &admin).await.len(), 1);
    assert_eq!(agency_stats(&agency).await["openTokens"], 0, "the token is given back after a failure too");
}

#[actix_web::test]
async fn five_hundred_employees_are_imported_and_each_is_invited() {
    let app = spawn_app().await;
    let admin_email = unique_email("az-big");
    let admin = app.admin_of_new_company("Big Agency", &admin_email).await;
    let tag = &unique_email("az-big-staff")[..12];
    let mut employees = vec![owner(&admin_email)];
    let emails: Vec<String> = (0..500).map(|n| format!("staff{n}.{tag}@bigagency.example.com")).collect();
    for (n, email) in emails.iter().enumerate() {
        let kind = if n % 50 == 0 { "manager" } else { "user" };
        let job = ["Producer", "Service", "Account Manager"][n % 3];
        employees.push(staff(1000 + n as u64, "Staff", &format!("Member{n}"), email, job, kind));
    }
    new_agency(json!({ "agency": agency_details(), "employees": employees })).await;
    let reply = import(&app, &admin, &admin_email, AZ_PASSWORD).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body["message"]);
    assert_eq!(
        (reply.body["employeesImported"].as_u64(), reply.body["accountsCreated"].as_u64()),
        (Some(501), Some(500))
    );
    let list = app.get_as(&admin, "/server/v1/manage/employees").await.body;
    assert_eq!(list["totalCount"], 501);
    let rows = app.get_as(&admin, "/server/v1/manage/employees?page=2").await.body;
    assert!(rows["employees"].as_array().unwrap().iter().all(|row| row["jobroleName"].is_string()));
    // Every one of them is invited (after the answer, one after the other).
    let wanted: std::collections::HashSet<&str> = emails.iter().map(String::as_str).collect();
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let invited: std::collections::HashSet<String> = app
            .mail
            .all()
            .into_iter()
            .filter(|mail| mail.text().contains("invited you to Timekeep"))
            .flat_map(|mail| mail.recipients)
            .filter(|to| wanted.contains(to.as_str()))
            .collect();
        if invited.len() == wanted.len() {
            break;
        }
        assert!(Instant::now() < deadline, "only {} invitations after 120 s", invited.len());
        actix_web::rt::time::sleep(Duration::from_millis(250)).await;
    }
    for email in [&emails[0], &emails[499]] {
        app.mail.wait_for(email, "Zoom Insurance Group invited you to Timekeep").await;
    }
}

#[actix_web::test]
async fn only_an_admin_imports() {
    let app = spawn_app().await;
    let admin_email = unique_email("az-guard");
    app.admin_of_new_company("Guard Co", &admin_email).await;
    let company = app.company_of(&admin_email).await;
    let manager_email = unique_email("az-guard-manager");
    app.add_person(company.id, &manager_email, Role::Manager, None).await;
    let employee_email = unique_email("az-guard-employee");
    app.add_person(company.id, &employee_email, Role::Employee, None).await;
    new_agency(json!({ "agency": agency_details(), "employees": [owner(&manager_email)] })).await;
    for email in [&manager_email, &employee_email] {
        let token = app.token_of(email).await;
        assert_eq!(app.get_as(&token, IMPORT).await.status, 403);
        let reply = import(&app, &token, &manager_email, AZ_PASSWORD).await;
        assert_eq!(reply.status, 403, "{:?}", reply.body);
    }
    assert!(!app.company_of(&admin_email).await.integrated_with_az);
    assert_eq!(app.company_of(&admin_email).await.name, "Guard Co");
}
