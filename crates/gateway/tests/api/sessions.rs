//! Session tokens: revocation, refresh, the other login forms, and blocked accounts.

use crate::helpers::{spawn_app, unique_email};
use accounts::entities::{companies, sessions};
use chrono::{Duration, Utc};
use kernel::{Role, UserId};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use serde_json::json;

#[actix_web::test]
async fn a_token_is_refused_at_once_after_logout() {
    let app = spawn_app().await;
    let email = unique_email("leaver");
    let token = app.admin_of_new_company("Leaver", &email).await;
    assert_eq!(app.get_as(&token, "/server/v1/auth/login-data").await.status, 200);
    let reply = app.post_as(&token, "/server/v1/auth/logout", json!({})).await;
    assert_eq!(reply.status, 204);
    let reply = app.get_as(&token, "/server/v1/auth/login-data").await;
    assert_eq!((reply.status, reply.code()), (401, "unauthorized"));
    // Nor does a sign-in code of the revoked session, nor the token itself in its place.
    assert_eq!(app.post_as(&token, "/server/v1/auth/login-code", json!({})).await.status, 401);
    assert_eq!(app.post("/server/v1/auth/login", json!({"token": token})).await.status, 401);
}

#[actix_web::test]
async fn missing_forged_and_malformed_tokens_are_refused() {
    let app = spawn_app().await;
    assert_eq!(app.get("/server/v1/auth/login-data").await.status, 401);
    assert_eq!(app.get_as("not.a.token", "/server/v1/auth/login-data").await.status, 401);
    // Signed with another secret.
    let other = accounts::tokens::TokenKeys::from_secret(b"someone-elses-secret-0123456789abcdef");
    let email = unique_email("forge");
    let token = app.admin_of_new_company("Forge", &email).await;
    let reply = app.get_as(&token, "/server/v1/auth/login-data").await;
    let mut identity: accounts::Identity = serde_json::from_value(reply.body["identity"].clone()).unwrap();
    identity.roles = vec!["sysadmin".into()];
    let forged = other.sign(&identity).unwrap();
    assert_eq!(app.get_as(&forged, "/server/v1/auth/login-data").await.status, 401);
}

#[actix_web::test]
async fn a_token_past_half_its_life_is_replaced_through_the_response_header() {
    let app = spawn_app().await;
    let email = unique_email("refresh");
    let token = app.admin_of_new_company("Refresh", &email).await;
    let fresh = app.get_as(&token, "/server/v1/auth/login-data").await;
    assert!(fresh.refreshed_token.is_none());

    // Age the session: one hour left of twelve.
    sessions::Entity::update_many()
        .col_expr(sessions::Column::ExpiresAt, Expr::value(Utc::now() + Duration::hours(1)))
        .exec(&app.db)
        .await
        .unwrap();
    let reply = app.get_as(&token, "/server/v1/auth/login-data").await;
    assert_eq!(reply.status, 200);
    let renewed = reply.refreshed_token.expect("a refreshed token");
    let later = app.get_as(&renewed, "/server/v1/auth/login-data").await;
    assert_eq!(later.status, 200);
    assert!(later.refreshed_token.is_none());
    assert!(later.body["identity"]["exp"].as_i64().unwrap() > (Utc::now() + Duration::hours(11)).timestamp());
}

#[actix_web::test]
async fn a_login_code_opens_its_session_once_and_a_session_token_never_signs_in() {
    let app = spawn_app().await;
    let email = unique_email("token-login");
    let token = app.admin_of_new_company("Token Login", &email).await;
    // A live session token in `/login?token=` would sign a victim into the sender's session.
    assert_eq!(app.post("/server/v1/auth/login", json!({"token": token})).await.status, 401);
    let issued = app.post_as(&token, "/server/v1/auth/login-code", json!({})).await;
    assert_eq!(issued.status, 200, "{:?}", issued.body);
    assert_eq!(issued.body["expiresIn"], accounts::LOGIN_CODE_SECONDS);
    let code = issued.body["code"].as_str().unwrap().to_owned();
    assert_ne!(code, token);
    let reply = app.post("/server/v1/auth/login", json!({"token": code})).await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.body["identity"]["email"], email.as_str());
    // Once only.
    assert_eq!(app.post("/server/v1/auth/login", json!({"token": code})).await.status, 401);
    // A session renews its own token (the web app does after a change of its claims): the token
    // in the body is the request's bearer. Another session's token is refused.
    let renewed = app.post_as(&token, "/server/v1/auth/login", json!({"token": token})).await;
    assert_eq!(renewed.status, 200, "{:?}", renewed.body);
    let other = app.login(&email, "password-123").await.body["token"].as_str().unwrap().to_owned();
    assert_eq!(app.post_as(&other, "/server/v1/auth/login", json!({"token": token})).await.status, 401);
    // Not after its minute.
    let late =
        app.post_as(&token, "/server/v1/auth/login-code", json!({})).await.body["code"].as_str().unwrap().to_owned();
    accounts::entities::email_tokens::Entity::update_many()
        .col_expr(accounts::entities::email_tokens::Column::ExpiresAt, Expr::value(Utc::now() - Duration::seconds(1)))
        .filter(accounts::entities::email_tokens::Column::Purpose.eq("login-code"))
        .exec(&app.db)
        .await
        .unwrap();
    assert_eq!(app.post("/server/v1/auth/login", json!({"token": late})).await.status, 401);
}

#[actix_web::test]
async fn a_security_link_signs_in_once() {
    let app = spawn_app().await;
    let admin = unique_email("boss");
    app.admin_of_new_company("Security", &admin).await;
    let company = app.company_of(&admin).await;
    let email = unique_email("newbie");
    let id = app.add_person(company.id, &email, Role::Employee, None).await;
    let token = app.accounts.create_security_link(UserId(id)).await.unwrap();
    let base64_email = accounts::commands::encode_base64_email(&email);

    let wrong_person = accounts::commands::encode_base64_email(&admin);
    let reply = app.post("/server/v1/auth/login", json!({"base64Email": wrong_person, "securityToken": token})).await;
    assert_eq!((reply.status, reply.code()), (400, "invalid_token"));

    let reply = app.post("/server/v1/auth/login", json!({"base64Email": base64_email, "securityToken": token})).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert_eq!(reply.body["identity"]["roles"], json!(["employee"]));
    let again = app.post("/server/v1/auth/login", json!({"base64Email": base64_email, "securityToken": token})).await;
    assert_eq!((again.status, again.code()), (400, "invalid_token"));
}

async fn set_company(app: &crate::helpers::TestApp, email: &str, change: impl FnOnce(&mut companies::ActiveModel)) {
    let mut company: companies::ActiveModel = app.company_of(email).await.into();
    change(&mut company);
    company.update(&app.db).await.unwrap();
}

#[actix_web::test]
async fn an_expired_trial_refuses_writes_but_not_reading_or_logging_out() {
    let app = spawn_app().await;
    let email = unique_email("expired");
    let token = app.admin_of_new_company("Expired", &email).await;
    let yesterday = Utc::now().date_naive() - Duration::days(2);
    set_company(&app, &email, |company| company.trial_end = Set(Some(yesterday))).await;

    let change =
        json!({"oldPassword": "password-123", "newPassword": "new-password", "retypePassword": "new-password"});
    let reply = app.post_as(&token, "/server/v1/auth/change-my-password", change.clone()).await;
    assert_eq!((reply.status, reply.code()), (403, "account_expired"));
    assert_eq!(reply.body["message"], "This account has expired! Please active your subscription.");
    assert_eq!(app.login(&email, "password-123").await.status, 200, "login still works");
    assert_eq!(app.login(&email, "new-password").await.status, 401, "the password did not change");
    let data = app.get_as(&token, "/server/v1/auth/login-data").await;
    assert_eq!(data.status, 200);
    assert_eq!(data.body["identity"]["trialEnd"], yesterday.format("%Y-%m-%d").to_string());
    assert_eq!(app.post_as(&token, "/server/v1/auth/logout", json!({})).await.status, 204);

    // An activated subscription (no trial end) writes again.
    set_company(&app, &email, |company| company.trial_end = Set(None)).await;
    let token = app.token_of(&email).await;
    assert_eq!(app.post_as(&token, "/server/v1/auth/change-my-password", change).await.status, 200);
}

#[actix_web::test]
async fn a_suspended_account_refuses_writes_with_its_own_code() {
    let app = spawn_app().await;
    let email = unique_email("suspended");
    app.admin_of_new_company("Suspended", &email).await;
    set_company(&app, &email, |company| company.suspended = Set(true)).await;
    let reply = app.login(&email, "password-123").await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.body["identity"]["suspended"], true);
    let token = reply.body["token"].as_str().unwrap();
    let reply = app
        .post_as(
            token,
            "/server/v1/auth/change-my-password",
            json!({"oldPassword": "password-123", "newPassword": "new-password", "retypePassword": "new-password"}),
        )
        .await;
    assert_eq!((reply.status, reply.code()), (403, "account_suspended"));
}

#[actix_web::test]
async fn the_system_admin_belongs_to_no_company() {
    let app = spawn_app().await;
    assert!(matches!(app.accounts.seed_demo().await.unwrap(), accounts::DemoOutcome::Created(_)));
    // The operator always enrols a second factor at the first sign-in (issue 43).
    let enrolled = app.enrol_with_password("sysadmin@timekeep.example.com", accounts::DEMO_PASSWORD).await;
    let token = enrolled.token.as_str();
    let data = app.get_as(token, "/server/v1/auth/login-data").await;
    assert_eq!(data.body["identity"]["roles"], json!(["sysadmin"]));
    assert_eq!(data.body["companyId"], json!(null));
    // Company screens are not theirs.
    assert_eq!(app.get_as(token, "/server/v1/manage/user-data?id=1").await.status, 403);
    // A second run leaves the demo as it is.
    assert!(matches!(app.accounts.seed_demo().await.unwrap(), accounts::DemoOutcome::AlreadyPresent(_)));
}
