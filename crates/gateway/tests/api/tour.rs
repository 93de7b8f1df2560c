//! The first-run guided tour (spec 000 §4 "Guided tour", §7 `POST /profile/complete-joyride`):
//! completing it is recorded on the person, so no later sign-in on any device shows it again.

use crate::helpers::{spawn_app, unique_email};
use accounts::tokens::TokenKeys;
use kernel::Role;
use serde_json::{json, Value};

/// The claims of a session token, read as the browser reads them (its JWT payload).
fn claims(token: &str) -> Value {
    use base64::Engine;
    let payload = token.split('.').nth(1).unwrap();
    serde_json::from_slice(&base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload).unwrap()).unwrap()
}

const COMPLETE: &str = "/server/v1/profile/complete-joyride";

#[actix_web::test]
async fn completing_the_tour_is_kept_for_every_later_sign_in() {
    let app = spawn_app().await;
    let email = unique_email("tour-admin");
    let token = app.admin_of_new_company("Tour Co", &email).await;
    assert_eq!(claims(&token)["joyride"], false, "a new admin has not seen the tour");

    let reply = app.post_as(&token, COMPLETE, json!({"done": true})).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    let renewed = reply.body["token"].as_str().unwrap().to_owned();
    assert_eq!(claims(&renewed)["joyride"], true);
    assert_eq!(reply.body["identity"]["joyride"], true);
    // The same session, signed again: both tokens still work.
    assert_eq!(claims(&renewed)["sid"], claims(&token)["sid"]);
    assert_eq!(app.get_as(&renewed, "/server/v1/auth/login-data").await.body["identity"]["joyride"], true);
    assert_eq!(app.get_as(&token, "/server/v1/auth/login-data").await.body["identity"]["joyride"], true);

    // Another device signs in: the tour is done there too.
    let elsewhere = app.login(&email, "password-123").await;
    assert_eq!(elsewhere.status, 200);
    assert_eq!(elsewhere.body["identity"]["joyride"], true);
    assert_eq!(elsewhere.body["identity"]["firstTimeLogin"], false);

    // Idempotent: again, without a body, the same answer.
    let again = app.post_as(&token, COMPLETE, Value::Null).await;
    assert_eq!(again.status, 200, "{:?}", again.body);
    assert_eq!(again.body["identity"]["joyride"], true);
}

#[actix_web::test]
async fn each_person_completes_their_own_tour() {
    let app = spawn_app().await;
    let admin_email = unique_email("tour-owner");
    let admin = app.admin_of_new_company("Own Tours", &admin_email).await;
    let company = app.company_of(&admin_email).await;
    let employee_email = unique_email("tour-employee");
    app.add_person(company.id, &employee_email, Role::Employee, None).await;
    let employee = app.token_of(&employee_email).await;

    let reply = app.post_as(&employee, COMPLETE, json!({})).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert_eq!(reply.body["identity"]["joyride"], true);
    assert_eq!(reply.body["identity"]["email"], employee_email.as_str());
    // The admin of the same company still has it ahead.
    assert_eq!(app.get_as(&admin, "/server/v1/auth/login-data").await.body["identity"]["joyride"], false);
    assert_eq!(app.login(&admin_email, "password-123").await.body["identity"]["joyride"], false);
}

#[actix_web::test]
async fn support_acting_as_a_person_and_the_operator_cannot_complete_it() {
    let app = spawn_app().await;
    let email = unique_email("tour-support");
    app.admin_of_new_company("Support Tours", &email).await;
    let operator = app.operator_token().await;

    let acting = app.impersonate(&operator, &email).await;
    assert_eq!(claims(&acting)["impersonate"], true);
    let reply = app.post_as(&acting, COMPLETE, json!({})).await;
    assert_eq!((reply.status, reply.code()), (403, "forbidden"));
    assert_eq!(app.login(&email, "password-123").await.body["identity"]["joyride"], false, "nothing recorded");

    // The operator belongs to no company: there is no tour for them.
    assert_eq!(app.post_as(&operator, COMPLETE, json!({})).await.status, 403);
    assert_eq!(app.post(COMPLETE, json!({})).await.status, 401);
    // A token signed with another secret is not a session.
    let forged = TokenKeys::from_secret(b"another-secret-0123456789abcdef-xyz")
        .sign(&serde_json::from_value(claims(&acting)).unwrap())
        .unwrap();
    assert_eq!(app.post_as(&forged, COMPLETE, json!({})).await.status, 401);
}
