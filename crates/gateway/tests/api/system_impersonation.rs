//! Support acting as a user (issue 23, contract `docs/contracts/system.md` "Impersonation"), the
//! system guard, the audit log, and `timekeep system-user add`.

use crate::helpers::{spawn_app, unique_email, TestApp};
use base64::Engine;
use kernel::Role;
use serde_json::{json, Value};

/// The claims of a session token (the middle part, not verified: the server did that).
fn claims(token: &str) -> Value {
    let payload = token.split('.').nth(1).unwrap();
    serde_json::from_slice(&base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload).unwrap()).unwrap()
}

struct Customer {
    admin: String,
    admin_email: String,
    admin_id: i64,
    employee_email: String,
}

async fn customer(app: &TestApp) -> Customer {
    let admin_email = unique_email("owner");
    let admin = app.admin_of_new_company("Support Me Co", &admin_email).await;
    let company = app.company_of(&admin_email).await;
    let employee_email = unique_email("staff");
    app.add_person(company.id, &employee_email, Role::Employee, None).await;
    let admin_id = claims(&admin)["eid"].as_i64().unwrap();
    Customer { admin, admin_email, admin_id, employee_email }
}

async fn audit(app: &TestApp, operator: &str) -> Vec<Value> {
    let reply = app.get_as(operator, "/server/v1/system/audit").await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    reply.body["entries"].as_array().unwrap().clone()
}

#[actix_web::test]
async fn an_operator_acts_as_a_user_and_every_change_is_audited_with_both_names() {
    let app = spawn_app().await;
    let acme = customer(&app).await;
    let operator = app.operator_token().await;
    let operator_email = claims(&operator)["email"].as_str().unwrap().to_owned();

    let reply = app
        .post_as(&operator, "/server/v1/system/impersonate", json!({"email": acme.admin_email.to_uppercase()}))
        .await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    let token = reply.body["token"].as_str().unwrap().to_owned();
    let identity = &reply.body["identity"];
    assert_eq!(identity["impersonate"], true);
    assert_eq!(identity["eid"], acme.admin_id);
    assert_eq!(identity["roles"], json!(["admin"]));
    // Short, and not renewed: an hour from the start, whatever is asked.
    let lifetime = identity["exp"].as_i64().unwrap() - identity["iat"].as_i64().unwrap();
    assert!((3590..=3600).contains(&lifetime), "{lifetime}");
    let code =
        app.post_as(&token, "/server/v1/auth/login-code", json!({})).await.body["code"].as_str().unwrap().to_owned();
    let exchanged = app.post("/server/v1/auth/login", json!({"token": code})).await;
    assert_eq!(exchanged.status, 200);
    assert_eq!(exchanged.body["identity"]["exp"], identity["exp"]);
    assert_eq!(exchanged.body["identity"]["impersonate"], true);

    // The product as the admin sees it.
    let people = app.get_as(&token, "/server/v1/manage/employees").await;
    assert_eq!(people.status, 200);
    // A change made as the admin is audited with both names.
    let clocked = app.post_as(&token, "/server/v1/clock/start", json!({})).await;
    assert!(clocked.status < 300, "{:?}", clocked.body);
    // What support may not do as the user: the password, the e-mail (profile), the system area.
    let password = app
        .post_as(
            &token,
            "/server/v1/auth/change-my-password",
            json!({"oldPassword": "password-123", "newPassword": "a-brand-new-secret", "retypePassword": "a-brand-new-secret"}),
        )
        .await;
    assert_eq!((password.status, password.code()), (403, "forbidden"));
    assert_eq!(password.body["message"], "Support cannot change this while acting as the user.");
    let profile = app.post_as(&token, "/server/v1/profile/update", json!({"email": unique_email("taken-over")})).await;
    assert_eq!(profile.status, 403);
    for path in ["/server/v1/system/audit", "/server/v1/system/impersonate"] {
        let reply = if path.ends_with("audit") {
            app.get_as(&token, path).await
        } else {
            app.post_as(&token, path, json!({"email": acme.employee_email})).await
        };
        assert_eq!(reply.status, 404, "{path} under impersonation");
    }
    assert_eq!(app.login(&acme.admin_email, "password-123").await.status, 200, "the password is unchanged");

    // The user's own timeline says support was there.
    let timeline = app.get_as(&acme.admin, &format!("/server/v1/manage/user-activities?id={}", acme.admin_id)).await;
    let support = timeline.body["activities"]
        .as_array()
        .unwrap()
        .iter()
        .find(|entry| entry["activityType"] == "SUPPORT_SESSION")
        .cloned()
        .expect("a support session on the timeline");
    assert!(support["activityDesc"].as_str().unwrap().contains(&operator_email), "{support}");

    // Leaving: the operator's own session, renewed; the impersonation's token is dead.
    let exit = app.post_as(&token, "/server/v1/auth/exit-impersonation-mode", json!({})).await;
    assert_eq!(exit.status, 200, "{:?}", exit.body);
    assert_eq!(exit.body["identity"]["roles"], json!(["sysadmin"]));
    assert_eq!(exit.body["identity"]["impersonate"], false);
    assert_eq!(claims(exit.body["token"].as_str().unwrap())["sid"], claims(&operator)["sid"]);
    assert_eq!(app.get_as(&token, "/server/v1/auth/login-data").await.status, 401);
    let back = exit.body["token"].as_str().unwrap().to_owned();

    let entries = audit(&app, &back).await;
    let actions: Vec<&str> = entries.iter().map(|entry| entry["action"].as_str().unwrap()).collect();
    // The sign-in code's exchange above was a write made as the user too.
    assert_eq!(actions, ["exit-impersonation", "act-as-user", "act-as-user", "impersonate"], "{entries:?}");
    let act = &entries[1];
    assert_eq!(act["operator"], operator_email.as_str());
    assert_eq!(act["actingAs"], acme.admin_email.as_str());
    assert_eq!(act["companyName"], "Support Me Co");
    assert!(act["detail"].as_str().unwrap().starts_with("POST /server/v1/clock/start"), "{act}");
    assert!(entries[2]["detail"].as_str().unwrap().starts_with("POST /server/v1/auth/login-code"), "{}", entries[2]);
    assert_eq!(entries[3]["actingAs"], Value::Null);
    assert!(entries[3]["detail"].as_str().unwrap().contains(&acme.admin_email));
    // Filtered by company.
    let company = app.company_of(&acme.admin_email).await;
    let other = app.get_as(&back, &format!("/server/v1/system/audit?companyId={}", company.id.0 + 1000)).await;
    assert_eq!(other.body["entryCount"], 0);
    let own = app.get_as(&back, &format!("/server/v1/system/audit?companyId={}", company.id)).await;
    assert_eq!(own.body["entryCount"], 4);
}

#[actix_web::test]
async fn an_impersonation_ends_with_the_operators_own_session_and_refuses_what_it_cannot_be() {
    let app = spawn_app().await;
    let acme = customer(&app).await;
    let operator = app.operator_token().await;
    let token = app.impersonate(&operator, &acme.employee_email).await;

    // Operators are not impersonated; nobody unknown or terminated either.
    let other_operator = app.operator_token().await;
    let other_email = claims(&other_operator)["email"].as_str().unwrap().to_owned();
    let refused = app.post_as(&operator, "/server/v1/system/impersonate", json!({"email": other_email})).await;
    assert_eq!(refused.status, 400);
    assert_eq!(refused.body["message"], "A system operator cannot be impersonated.");
    let unknown = app.post_as(&operator, "/server/v1/system/impersonate", json!({"email": "nobody@example.com"})).await;
    assert_eq!(unknown.status, 404);
    let empty = app.post_as(&operator, "/server/v1/system/impersonate", json!({"email": " "})).await;
    assert_eq!(empty.status, 400);
    assert_eq!(empty.field("email"), ["Please input the email"]);

    // Exit without impersonating is a clear 400.
    let not = app.post_as(&acme.admin, "/server/v1/auth/exit-impersonation-mode", json!({})).await;
    assert_eq!(not.status, 400);
    assert_eq!(not.body["message"], "You are not impersonating anyone.");

    // A company admin learns nothing of the system area: 404, as for a missing path.
    let admin_try =
        app.post_as(&acme.admin, "/server/v1/system/impersonate", json!({"email": acme.employee_email})).await;
    assert_eq!(admin_try.status, 404);
    assert_eq!(app.get_as(&acme.admin, "/server/v1/system/audit").await.status, 404);
    assert_eq!(app.get("/server/v1/system/audit").await.status, 401);

    // The operator signs out: the impersonation dies with their session.
    assert!(app.post_as(&token, "/server/v1/clock/start", json!({})).await.status < 300);
    assert_eq!(app.post_as(&operator, "/server/v1/auth/logout", json!({})).await.status, 204);
    assert_eq!(app.get_as(&token, "/server/v1/auth/login-data").await.status, 401);
    let exit = app.post_as(&token, "/server/v1/auth/exit-impersonation-mode", json!({})).await;
    assert_eq!(exit.status, 401);
}

#[actix_web::test]
async fn the_binary_adds_an_operator_who_sets_a_password_and_reaches_the_system_area() {
    let app = spawn_app().await;
    let email = unique_email("ops");
    let data = std::env::temp_dir().join(format!("timekeep-ops-{}", &accounts::tokens::random_token()[..10]));
    let run = |address: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_timekeep"))
            .args(["system-user", "add", address, "--first-name", "Olga", "--last-name", "Ops"])
            .env("DATABASE_URL", app.database_url())
            .env("TIMEKEEP_DATA_DIR", &data)
            .env("TIMEKEEP_PUBLIC_URL", &app.address)
            .env_remove("SMTP_URL")
            .output()
            .unwrap()
    };
    let output = run(&email.to_uppercase());
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let printed = String::from_utf8(output.stdout).unwrap();
    assert!(printed.contains(&format!("Added the platform operator {email}.")), "{printed}");
    let link = printed.split_whitespace().find(|word| word.contains("/reset-password-now?t=")).unwrap();
    let token = link.split("t=").nth(1).unwrap();
    let set = app
        .post(
            "/server/v1/auth/reset-password-now",
            json!({"token": token, "password": "operator-secret-9", "retypePassword": "operator-secret-9"}),
        )
        .await;
    assert_eq!(set.status, 200, "{:?}", set.body);
    // Its first sign-in enrols the second factor every operator must have (issue 43).
    let operator = app.enrol_with_password(&email, "operator-secret-9").await.token;
    let who = app.get_as(&operator, "/server/v1/auth/login-data").await;
    assert_eq!(who.body["identity"]["roles"], json!(["sysadmin"]));
    let entries = audit(&app, &operator).await;
    assert_eq!(entries[0]["action"], "add-operator");
    assert_eq!(entries[0]["operator"], email.as_str());

    // Again: a new link, not a second operator. A company user's address is refused.
    let again = run(&email);
    assert!(again.status.success());
    assert!(String::from_utf8_lossy(&again.stdout).contains("exists already"));
    let admin_email = unique_email("owner");
    app.admin_of_new_company("Not Ops Co", &admin_email).await;
    let refused = run(&admin_email);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("belongs to a user of a company"));
    // Signup never makes an operator: the company admin is an admin.
    assert_eq!(app.login(&admin_email, "password-123").await.body["identity"]["roles"], json!(["admin"]));
    let _ = std::fs::remove_dir_all(&data);
}
