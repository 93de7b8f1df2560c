//! People and the company (issue 5): employees, bulk add, terminate and reactivate, contacts,
//! job roles, profiles, the team, the company profile and files.

use crate::helpers::{spawn_app, unique_email, TestApp, TINY_PNG};
use kernel::Role;
use serde_json::{json, Value};

/// A company with an admin, a manager and one report of the manager: (admin token, manager
/// token, manager id, report id, company id).
async fn company(app: &TestApp) -> (String, String, i64, i64, i64) {
    let admin = unique_email("admin");
    let admin_token = app.admin_of_new_company("People Co", &admin).await;
    let company = app.company_of(&admin).await;
    let manager_email = unique_email("manager");
    let manager = app.add_person(company.id, &manager_email, Role::Manager, None).await;
    let report = app.add_person(company.id, &unique_email("report"), Role::Employee, Some(manager)).await;
    (admin_token, app.token_of(&manager_email).await, manager, report, company.id.0)
}

async fn job_role(app: &TestApp, token: &str, name: &str) -> i64 {
    let reply = app.post_as(token, "/server/v1/settings/update-role-type", json!({ "name": name })).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    reply.body["id"].as_i64().unwrap()
}

fn emails(page: &Value) -> Vec<String> {
    page["employees"].as_array().unwrap().iter().map(|e| e["email"].as_str().unwrap().to_owned()).collect()
}

#[actix_web::test]
async fn an_admin_adds_an_employee_who_signs_in_from_the_mailed_link() {
    let app = spawn_app().await;
    let (admin, _, _, _, _) = company(&app).await;
    let csr = job_role(&app, &admin, "CSR").await;
    let email = unique_email("new");
    let reply = app
        .post_as(
            &admin,
            "/server/v1/manage/add-user",
            json!({ "firstname": "Nina", "lastname": "Novak", "email": email.to_uppercase(), "phone": "555 010 2030",
                    "jobroleId": csr, "birthday": "4/9", "permission": "employee" }),
        )
        .await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert_eq!(reply.body["created"], true);
    let employee = &reply.body["employee"];
    assert_eq!(employee["email"], email.as_str());
    assert_eq!(employee["phone"], "(555) 010-2030");
    assert_eq!(employee["birthday"], "04/09");
    assert_eq!(employee["jobroleName"], "CSR");
    assert_eq!(employee["permission"], "User");
    assert_eq!(employee["status"], 1);
    // The company admin is the default manager.
    let data = app.get_as(&admin, "/server/v1/manage/data").await;
    assert_eq!(employee["managerId"], data.body["defaultManagerId"]);
    let id = employee["id"].as_i64().unwrap();

    // The mailed link signs the person in; they then create a password.
    let mail = app.mail.latest_to(&email).await;
    assert!(mail.text().contains("People Co invited you"), "{}", mail.text());
    let link = mail.link(&app.address, "/verify-email");
    let query = link.split_once('?').unwrap().1;
    let param = |name: &str| query.split('&').find_map(|pair| pair.strip_prefix(&format!("{name}="))).unwrap();
    let login = app
        .post("/server/v1/auth/login", json!({ "base64Email": param("me"), "securityToken": param("securityToken") }))
        .await;
    assert_eq!(login.status, 200, "{:?}", login.body);
    let token = login.body["token"].as_str().unwrap();
    let set = app
        .post_as(
            token,
            "/server/v1/auth/change-my-password",
            json!({ "newPassword": "a-new-pass-1", "retypePassword": "a-new-pass-1" }),
        )
        .await;
    assert!(set.status < 300, "{:?}", set.body);
    assert_eq!(app.login(&email, "a-new-pass-1").await.status, 200);

    // The timeline records the start.
    let activities = app.get_as(&admin, &format!("/server/v1/manage/user-activities?id={id}")).await;
    assert_eq!(activities.body["activities"][0]["activityType"], "EMPLOYEE_START");

    // Validation speaks the spec; a taken e-mail is a 409 on the field.
    let bad = app.post_as(&admin, "/server/v1/manage/add-user", json!({ "email": "nope@", "birthday": "13/01" })).await;
    assert_eq!(bad.status, 400);
    assert_eq!(bad.field("firstname"), ["Please input the First name"]);
    assert_eq!(bad.field("lastname"), ["Please input the Last name"]);
    assert_eq!(bad.field("email"), ["Oops! Looks like you have a typo."]);
    assert_eq!(bad.field("birthday"), ["Please input Month(1-12)/Date(1-31). e.g. 03/15"]);
    let taken = app
        .post_as(&admin, "/server/v1/manage/add-user", json!({ "firstname": "A", "lastname": "B", "email": email }))
        .await;
    assert_eq!((taken.status, taken.code()), (409, "email_taken"));
    assert_eq!(taken.field("email"), ["The email has been registered by another user"]);

    // Updating keeps what was saved and changes what was sent.
    let update = app
        .post_as(
            &admin,
            "/server/v1/manage/add-user",
            json!({ "id": id, "firstname": "Nina", "lastname": "Novak-Lee", "email": email, "permission": "manager" }),
        )
        .await;
    assert_eq!(update.status, 200, "{:?}", update.body);
    assert_eq!(update.body["created"], false);
    assert_eq!(update.body["employee"]["lastname"], "Novak-Lee");
    assert_eq!(update.body["employee"]["permission"], "Admin Control - Limited");
}

#[actix_web::test]
async fn managers_add_employees_only_and_keep_them_in_reach() {
    let app = spawn_app().await;
    let (admin, manager, manager_id, report, _) = company(&app).await;
    let email = unique_email("by-manager");
    // Asking for an admin is refused, not turned silently into an employee (issue 35, finding 9).
    let refused = app
        .post_as(
            &manager,
            "/server/v1/manage/add-user",
            json!({ "firstname": "Otto", "lastname": "Ng", "email": email, "permission": "companyadmin" }),
        )
        .await;
    assert_eq!(refused.status, 400, "{:?}", refused.body);
    assert_eq!(refused.field("permission"), [hr::ADMIN_ONLY_FIELD]);
    let reply = app
        .post_as(
            &manager,
            "/server/v1/manage/add-user",
            json!({ "firstname": "Otto", "lastname": "Ng", "email": email }),
        )
        .await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert_eq!(reply.body["employee"]["role"], "employee");
    assert_eq!(reply.body["employee"]["managerId"], manager_id);
    // A manager cannot promote anyone, themselves included.
    let promote = app
        .post_as(
            &manager,
            "/server/v1/manage/add-user",
            json!({ "id": report, "firstname": "Test", "lastname": "Employee", "email": app.get_as(&admin, &format!("/server/v1/manage/user-data?id={report}")).await.body["email"], "permission": "companyadmin" }),
        )
        .await;
    assert_eq!(promote.status, 400);
    assert_eq!(promote.field("permission"), [hr::ADMIN_ONLY_FIELD]);
    let unchanged = app.get_as(&admin, &format!("/server/v1/manage/user-data?id={report}")).await;
    assert_eq!(unchanged.body["role"], "employee");
    // Nor terminate.
    let terminate = app.post_as(&manager, "/server/v1/manage/terminate-employee", json!({ "id": report })).await;
    assert_eq!(terminate.status, 403);
    // The list is theirs: their reports and themselves.
    let list = app.get_as(&manager, "/server/v1/manage/employees").await;
    assert_eq!(list.body["totalCount"], 3);
    // Each report's row names its manager.
    let me = app.get_as(&admin, &format!("/server/v1/manage/user-data?id={manager_id}")).await.body;
    let name = format!("{} {}", me["firstname"].as_str().unwrap(), me["lastname"].as_str().unwrap());
    let rows = list.body["employees"].as_array().unwrap();
    let reports: Vec<&Value> = rows.iter().filter(|row| row["managerId"] == json!(manager_id)).collect();
    assert_eq!(reports.len(), 2, "{rows:?}");
    assert!(reports.iter().all(|row| row["managerName"] == json!(name)), "{rows:?}");
    let own = rows.iter().find(|row| row["id"] == json!(manager_id)).unwrap();
    assert_eq!(own["managerName"], Value::Null);
}

#[actix_web::test]
async fn termination_ends_sessions_at_once_and_reactivation_can_take_a_new_email() {
    let app = spawn_app().await;
    let (admin, _, _, _, company_id) = company(&app).await;
    let email = unique_email("leaver");
    let leaver = app.add_person(company_id, &email, Role::Employee, None).await;
    let token = app.token_of(&email).await;
    assert_eq!(app.get_as(&token, "/server/v1/profile/mine").await.status, 200);

    let me = app.get_as(&admin, "/server/v1/profile/mine").await.body["profile"]["id"].as_i64().unwrap();
    let own = app.post_as(&admin, "/server/v1/manage/terminate-employee", json!({ "id": me })).await;
    assert_eq!((own.status, own.body["message"].as_str()), (409, Some("You cannot terminate yourself.")));

    let reply = app.post_as(&admin, "/server/v1/manage/terminate-employee", json!({ "id": leaver })).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert_eq!(reply.body["status"], 0);
    assert!(reply.body["lastTerminationDate"].is_string());
    // The very next request with the old token is refused, and logging in fails.
    assert_eq!(app.get_as(&token, "/server/v1/profile/mine").await.status, 401);
    assert_ne!(app.login(&email, "password-123").await.status, 200);
    // Terminated people are listed with status 0 only.
    let active = app.get_as(&admin, "/server/v1/manage/employees?status=1").await;
    assert!(!emails(&active.body).contains(&email));
    let terminated = app.get_as(&admin, "/server/v1/manage/employees?status=0").await;
    assert_eq!(emails(&terminated.body), std::slice::from_ref(&email));

    // Reactivating under an address someone else has is the spec's conflict.
    let other = unique_email("other");
    app.add_person(company_id, &other, Role::Employee, None).await;
    let conflict =
        app.post_as(&admin, "/server/v1/manage/reactivate-account", json!({ "id": leaver, "email": other })).await;
    assert_eq!((conflict.status, conflict.code()), (409, "email_taken"));
    assert_eq!(
        conflict.body["message"],
        format!("{other} has been registered to another user. Please choose a different email address.")
    );
    let typo =
        app.post_as(&admin, "/server/v1/manage/reactivate-account", json!({ "id": leaver, "email": "x@" })).await;
    assert_eq!(typo.field("email"), ["Oops! Looks like you have a typo."]);

    let fresh = unique_email("back");
    let back =
        app.post_as(&admin, "/server/v1/manage/reactivate-account", json!({ "id": leaver, "email": fresh })).await;
    assert_eq!(back.status, 200, "{:?}", back.body);
    assert_eq!((back.body["status"].as_i64(), back.body["email"].as_str()), (Some(1), Some(fresh.as_str())));
    assert!(back.body["lastTerminationDate"].is_null());
    // A new address gets a sign-in link.
    assert!(app.mail.latest_to(&fresh).await.text().contains("invited you"));
    let again = app.post_as(&admin, "/server/v1/manage/reactivate-account", json!({ "id": leaver })).await;
    assert_eq!(again.status, 409);

    let timeline = app.get_as(&admin, &format!("/server/v1/manage/user-activities?id={leaver}")).await;
    let kinds: Vec<&str> =
        timeline.body["activities"].as_array().unwrap().iter().map(|a| a["activityType"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["EMPLOYEE_REACTIVATE", "EMPLOYEE_TERNIMATE"]);
    let first = timeline.body["activities"][0]["id"].as_i64().unwrap();
    let detail = app.get_as(&admin, &format!("/server/v1/manage/activity-details?id={first}")).await;
    assert_eq!(detail.body["activityType"], "EMPLOYEE_REACTIVATE");
    assert_eq!(detail.body["employeeId"], leaver);
}

#[actix_web::test]
async fn the_bulk_add_saves_every_row_or_none() {
    let app = spawn_app().await;
    let (admin, _, _, _, company_id) = company(&app).await;
    let csr = job_role(&app, &admin, "CSR").await;
    let existing = unique_email("existing");
    app.add_person(company_id, &existing, Role::Employee, None).await;
    let good = unique_email("good");
    let count =
        || async { app.get_as(&admin, "/server/v1/manage/employees").await.body["totalCount"].as_i64().unwrap() };
    let before = count().await;

    let bad = app
        .post_as(
            &admin,
            "/server/v1/manage/add-multiple-users",
            json!({ "users": [
                { "name": "", "email": "" },
                { "name": "Madonna", "email": "m@", "jobrole": null },
                { "name": "Good Person", "email": good, "jobrole": csr, "permission": "employee" },
                { "name": "Dup Licate", "email": existing, "jobrole": csr },
            ]}),
        )
        .await;
    assert_eq!(bad.status, 400, "{:?}", bad.body);
    assert_eq!(bad.body["message"], "The following records have some input errors. Please correct them and resubmit.");
    assert_eq!(bad.field("users[1].name"), ["Name must be a full name"]);
    assert_eq!(bad.field("users[1].email"), ["The email is invalid"]);
    assert_eq!(bad.field("users[1].jobrole"), ["Please select a role"]);
    assert!(bad.field("users[2].name").is_empty());
    assert_eq!(count().await, before, "nothing saved");

    // The server-side duplicate, alone, still saves nothing (the spec's bare array of rows).
    let dup = app
        .post_as(
            &admin,
            "/server/v1/manage/add-multiple-users",
            json!([
                { "name": "Good Person", "email": good, "jobrole": csr },
                { "name": "Dup Licate", "email": existing.to_uppercase(), "jobrole": csr },
            ]),
        )
        .await;
    assert_eq!(dup.status, 400);
    assert_eq!(dup.field("users[1].email"), ["The email has been registered by another user"]);
    assert_eq!(count().await, before);

    let empty =
        app.post_as(&admin, "/server/v1/manage/add-multiple-users", json!({ "users": [{ "name": " " }] })).await;
    assert_eq!((empty.status, empty.body["message"].as_str()), (400, Some("Please add at least one employee.")));

    let second = unique_email("second");
    let ok = app
        .post_as(
            &admin,
            "/server/v1/manage/add-multiple-users",
            json!({ "users": [
                { "name": "Good Person", "email": good, "jobrole": csr },
                { "name": "Mary Ann Lee", "email": second, "jobrole": csr, "permission": "manager" },
            ]}),
        )
        .await;
    assert_eq!(ok.status, 200, "{:?}", ok.body);
    assert_eq!(ok.body["created"], 2);
    assert_eq!(ok.body["employees"][1]["lastname"], "Ann Lee");
    assert_eq!(ok.body["employees"][1]["role"], "manager");
    assert_eq!(count().await, before + 2);
    assert!(app.mail.latest_to(&second).await.text().contains("invited you"));
}

#[actix_web::test]
async fn job_roles_are_added_renamed_and_retired() {
    let app = spawn_app().await;
    let (admin, manager, _, report, _) = company(&app).await;
    let csr = job_role(&app, &admin, "CSR").await;
    let duplicate = app.post_as(&manager, "/server/v1/settings/update-role-type", json!({ "name": "csr" })).await;
    assert_eq!(duplicate.field("name"), ["There is already a job role with this name"]);
    let empty = app.post_as(&admin, "/server/v1/settings/update-role-type", json!({ "name": " " })).await;
    assert_eq!(empty.field("name"), ["Please input the Name"]);
    let renamed = app
        .post_as(&admin, "/server/v1/settings/update-role-type", json!({ "id": csr, "name": "Account Manager" }))
        .await;
    assert_eq!(renamed.body["name"], "Account Manager");

    let email = app.get_as(&admin, &format!("/server/v1/manage/user-data?id={report}")).await.body["email"].clone();
    let assign = app
        .post_as(
            &admin,
            "/server/v1/manage/add-user",
            json!({ "id": report, "firstname": "R", "lastname": "P", "email": email, "jobroleId": csr }),
        )
        .await;
    assert_eq!(assign.body["employee"]["jobroleName"], "Account Manager");
    let filtered = app.get_as(&admin, &format!("/server/v1/manage/employees?jobroleId={csr}")).await;
    assert_eq!(filtered.body["totalCount"], 1);

    let retired = app.post_as(&admin, &format!("/server/v1/settings/inactive-role-type?id={csr}"), json!({})).await;
    assert_eq!(retired.body["active"], false);
    let data = app.get_as(&admin, "/server/v1/manage/data").await;
    assert!(data.body["jobRoles"].as_array().unwrap().is_empty());
    let settings = app.get_as(&admin, "/server/v1/settings/data").await;
    assert_eq!(settings.body["jobroles"][0]["active"], false);
    // The person keeps it; a new person cannot get it.
    let still = app.get_as(&admin, &format!("/server/v1/manage/user-data?id={report}")).await;
    assert_eq!(still.body["jobroleName"], "Account Manager");
    let refused = app
        .post_as(
            &admin,
            "/server/v1/manage/add-user",
            json!({ "firstname": "N", "lastname": "P", "email": unique_email("np"), "jobroleId": csr }),
        )
        .await;
    assert_eq!(refused.field("jobroleId"), ["Please select a valid job role"]);
}

#[actix_web::test]
async fn emergency_contacts_belong_to_the_employee_and_admins() {
    let app = spawn_app().await;
    let (admin, manager, _, _, company_id) = company(&app).await;
    let email = unique_email("emp");
    let me = app.add_person(company_id, &email, Role::Employee, None).await;
    let token = app.token_of(&email).await;

    let missing = app.post_as(&token, "/server/v1/contacts/add", json!({ "eid": me })).await;
    assert_eq!(missing.status, 400);
    assert_eq!(missing.field("firstname"), ["Please input the First name"]);
    assert_eq!(missing.field("lastname"), ["Please input the Last name"]);
    assert_eq!(missing.field("relationship"), ["Please input the Relationship"]);
    assert_eq!(missing.field("phone"), ["Please input the Phone"]);

    let contact =
        json!({ "eid": me, "firstname": "Ann", "lastname": "Lee", "relationship": "Relative", "phone": "5551234567" });
    let added = app.post_as(&token, "/server/v1/contacts/add", contact.clone()).await;
    assert_eq!(added.status, 200, "{:?}", added.body);
    assert_eq!(added.body["phone"], "(555) 123-4567");
    let id = added.body["id"].as_i64().unwrap();

    // A manager who does not manage them cannot see them; an admin edits.
    assert_eq!(app.get_as(&manager, &format!("/server/v1/contacts/list?eid={me}")).await.status, 404);
    let mut edit = contact.clone();
    edit["id"] = json!(id);
    edit["relationship"] = json!("Friend");
    let edited = app.post_as(&admin, "/server/v1/contacts/add", edit).await;
    assert_eq!(edited.body["relationship"], "Friend");
    let got = app.get_as(&token, &format!("/server/v1/contacts/get?id={id}&eid={me}")).await;
    assert_eq!(got.body["relationship"], "Friend");
    let folder = app.get_as(&admin, &format!("/server/v1/manage/user-full-data?id={me}")).await;
    assert_eq!(folder.body["contacts"][0]["id"], id);

    // Someone else's contact is not reachable through one's own id.
    let other_email = unique_email("other");
    let other = app.add_person(company_id, &other_email, Role::Employee, None).await;
    let other_token = app.token_of(&other_email).await;
    assert_eq!(app.get_as(&other_token, &format!("/server/v1/contacts/get?id={id}&eid={other}")).await.status, 404);
    assert_eq!(
        app.post_as(&other_token, "/server/v1/contacts/delete", json!({ "id": id, "eid": me })).await.status,
        404
    );

    assert_eq!(app.post_as(&token, "/server/v1/contacts/delete", json!({ "id": id, "eid": me })).await.status, 200);
    let list = app.get_as(&token, &format!("/server/v1/contacts/list?eid={me}")).await;
    assert!(list.body["contacts"].as_array().unwrap().is_empty());
}

#[actix_web::test]
async fn a_profile_is_kept_by_its_owner_and_the_team_shows_the_clock() {
    let app = spawn_app().await;
    let (admin, _, _, _, company_id) = company(&app).await;
    let email = unique_email("emp");
    let me = app.add_person(company_id, &email, Role::Employee, None).await;
    let token = app.token_of(&email).await;

    let bad = app.post_as(&token, "/server/v1/profile/update", json!({ "email": "a@b" })).await;
    assert_eq!(bad.status, 400);
    assert_eq!(bad.field("email"), ["Oops! Looks like you have a typo."]);
    for (field, message) in [
        ("firstname", "Please input the First name"),
        ("phone", "Please input the Phone"),
        ("address", "Please input the Address"),
        ("state", "Please input the State"),
    ] {
        assert_eq!(bad.field(field), [message], "{field}");
    }
    let admin_email = app.get_as(&admin, "/server/v1/profile/mine").await.body["profile"]["email"].clone();
    let profile = json!({ "firstname": "Eve", "lastname": "Stone", "email": admin_email, "phone": "(555) 222-3333",
                          "address": "1 Main St", "state": "TX", "birthday": "12/31" });
    let taken = app.post_as(&token, "/server/v1/profile/update", profile.clone()).await;
    assert_eq!(taken.status, 409);
    let mut mine = profile;
    mine["email"] = json!(email);
    let saved = app.post_as(&token, "/server/v1/profile/update", mine).await;
    assert_eq!(saved.status, 200, "{:?}", saved.body);
    assert_eq!(saved.body["profile"]["firstname"], "Eve");
    assert_eq!(saved.body["profile"]["birthday"], "12/31");

    // Avatars: an image is stored and served to the company only; other files are refused.
    let avatar = app.upload_as(&token, "/server/v1/profile/update-avatar", &[], Some(TINY_PNG)).await;
    assert_eq!(avatar.status, 200, "{:?}", avatar.body);
    let url = avatar.body["avatar"].as_str().unwrap().to_owned();
    let (status, content_type, bytes) = app.get_bytes_as(&admin, &url).await;
    assert_eq!((status, content_type.as_str(), bytes.as_slice()), (200, "image/png", TINY_PNG));
    let outsider = app.admin_of_new_company("Elsewhere", &unique_email("outsider")).await;
    assert_eq!(app.get_bytes_as(&outsider, &url).await.0, 404);
    let script = app.upload_as(&token, "/server/v1/profile/update-avatar", &[], Some(b"<svg onload=alert(1)>")).await;
    assert_eq!(script.status, 400);
    assert_eq!(script.field("file"), ["Please upload a PNG, JPEG, GIF or WebP image."]);
    let huge = [TINY_PNG, &vec![0u8; 5 * 1024 * 1024]].concat();
    assert_eq!(app.upload_as(&token, "/server/v1/profile/update-avatar", &[], Some(&huge)).await.status, 413);
    assert_eq!(app.upload_as(&token, "/server/v1/profile/update-avatar", &[], None).await.status, 400);
    let removed = app.post_as(&token, "/server/v1/profile/remove-avatar", json!({})).await;
    assert!(removed.body["avatar"].is_null());
    assert_eq!(app.get_bytes_as(&admin, &url).await.0, 404, "the old file is gone");

    // The team: everyone active, with the clock now.
    assert_eq!(app.post_as(&token, "/server/v1/clock/start", json!({})).await.status, 200);
    let team = app.get_as(&token, "/server/v1/team/mine").await;
    let members = team.body["members"].as_array().unwrap();
    assert_eq!(members.len(), 4);
    let eve = members.iter().find(|m| m["id"] == me).unwrap();
    assert_eq!(eve["currentClockStatus"], 1);
    assert!(eve["currentClockTime"].is_string());
    assert!(members.iter().any(|m| m["email"] == admin_email));
}

#[actix_web::test]
async fn the_company_profile_is_the_admins_to_change() {
    let app = spawn_app().await;
    let (admin, manager, _, _, _) = company(&app).await;
    let view = app.get_as(&manager, "/server/v1/company/profile").await;
    assert_eq!((view.status, view.body["company"]["name"].as_str()), (200, Some("People Co")));
    let form = json!({ "name": "People & Co", "email": "office@people.example.com", "state": "NY",
                       "phone": "2125550100", "linkedin": "linkedin.com/company/people" });
    assert_eq!(app.post_as(&manager, "/server/v1/company/update", form.clone()).await.status, 403);
    let bad = app.post_as(&admin, "/server/v1/company/update", json!({ "email": "x" })).await;
    assert_eq!(bad.field("name"), ["Please input the Company Name"]);
    assert_eq!(bad.field("email"), ["Oops! Looks like you have a typo."]);
    assert_eq!(bad.field("state"), ["Please input the State"]);
    let saved = app.post_as(&admin, "/server/v1/company/update", form).await;
    assert_eq!(saved.status, 200, "{:?}", saved.body);
    assert_eq!(saved.body["company"]["phone"], "(212) 555-0100");
    assert_eq!(saved.body["company"]["linkedin"], "https://linkedin.com/company/people");
    let logo = app.upload_as(&admin, "/server/v1/company/logo", &[], Some(TINY_PNG)).await;
    assert_eq!(logo.status, 200, "{:?}", logo.body);
    let profile = app.get_as(&admin, "/server/v1/company/profile").await;
    assert_eq!(profile.body["company"]["logo"], logo.body["logo"]);
    assert_eq!(app.upload_as(&manager, "/server/v1/company/logo", &[], Some(TINY_PNG)).await.status, 403);
    let employee = app.get_as(&manager, "/server/v1/manage/data").await;
    assert_eq!(employee.body["companyName"], "People & Co");
}

#[actix_web::test]
async fn who_may_use_the_people_endpoints() {
    let app = spawn_app().await;
    let (admin, manager, _, report, company_id) = company(&app).await;
    let email = unique_email("plain");
    app.add_person(company_id, &email, Role::Employee, None).await;
    let employee = app.token_of(&email).await;
    for path in [
        "/server/v1/manage/employees".to_owned(),
        "/server/v1/manage/data".to_owned(),
        format!("/server/v1/manage/user-full-data?id={report}"),
        format!("/server/v1/manage/user-activities?id={report}"),
        "/server/v1/company/profile".to_owned(),
        "/server/v1/dashboard/data".to_owned(),
        "/server/v1/dashboard/employee-hours".to_owned(),
        "/server/v1/dashboard/pending-requests".to_owned(),
        "/server/v1/inbox/data".to_owned(),
    ] {
        assert_eq!(app.get_as(&employee, &path).await.status, 403, "employee {path}");
        assert_eq!(app.get_as(&manager, &path).await.status, 200, "manager {path}");
        assert_eq!(app.get_as(&admin, &path).await.status, 200, "admin {path}");
        assert_eq!(app.get(&path).await.status, 401, "anonymous {path}");
    }
    for (path, body) in [
        ("/server/v1/manage/add-user", json!({ "firstname": "A", "lastname": "B", "email": unique_email("x") })),
        ("/server/v1/manage/add-multiple-users", json!({ "users": [] })),
        ("/server/v1/manage/reactivate-account", json!({ "id": report })),
        ("/server/v1/manage/terminate-employee", json!({ "id": report })),
        ("/server/v1/settings/update-role-type", json!({ "name": "X" })),
        ("/server/v1/company/update", json!({ "name": "X" })),
    ] {
        assert_eq!(app.post_as(&employee, path, body).await.status, 403, "employee {path}");
    }
    // Self-service is for everyone signed in.
    assert_eq!(app.get_as(&employee, "/server/v1/profile/mine").await.status, 200);
    assert_eq!(app.get_as(&employee, "/server/v1/team/mine").await.status, 200);
}

#[actix_web::test]
async fn the_employee_list_pages_sorts_and_searches() {
    let app = spawn_app().await;
    let (admin, _, _, _, _) = company(&app).await;
    let csr = job_role(&app, &admin, "CSR").await;
    let users: Vec<Value> = (0..31)
        .map(|n| json!({ "name": format!("Person Zz{n:02}"), "email": unique_email(&format!("p{n}")), "jobrole": csr }))
        .collect();
    let added = app.post_as(&admin, "/server/v1/manage/add-multiple-users", json!({ "users": users })).await;
    assert_eq!(added.status, 200, "{:?}", added.body);
    let first = app.get_as(&admin, "/server/v1/manage/employees?page=1&order=4").await;
    assert_eq!(first.body["totalCount"], 34);
    assert_eq!(first.body["employees"].as_array().unwrap().len(), 30);
    let second = app.get_as(&admin, "/server/v1/manage/employees?page=2&order=4").await;
    assert_eq!(second.body["employees"].as_array().unwrap().len(), 4);
    assert_eq!(second.body["totalCount"], 34);
    let past_the_end = app.get_as(&admin, "/server/v1/manage/employees?page=5&order=4").await;
    assert_eq!(
        (past_the_end.body["totalCount"].clone(), past_the_end.body["employees"].clone()),
        (json!(34), json!([]))
    );
    let z_to_a = app.get_as(&admin, "/server/v1/manage/employees?order=3").await;
    assert_eq!(z_to_a.body["employees"][0]["lastname"], "Zz30");
    let search = app.get_as(&admin, "/server/v1/manage/employees?q=zZ1").await;
    assert_eq!(search.body["totalCount"], 10);
}
