//! Session tokens: revocation, refresh, the other login forms, and blocked accounts.

use crate::helpers::{spawn_app, unique_email};
use accounts::entities::{companies, sessions};
use chrono::{Duration, Utc};
use kernel::{Role, UserId};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait};
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
    // Exchanging the revoked token for a new one does not work either.
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
async fn a_live_token_can_be_exchanged_for_a_fresh_one() {
    let app = spawn_app().await;
    let email = unique_email("token-login");
    let token = app.admin_of_new_company("Token Login", &email).await;
    let reply = app.post("/server/v1/auth/login", json!({"token": token})).await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.body["identity"]["email"], email.as_str());
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
    let reply = app.login("sysadmin@timekeep.example.com", accounts::DEMO_PASSWORD).await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.body["identity"]["roles"], json!(["sysadmin"]));
    let token = reply.body["token"].as_str().unwrap();
    let data = app.get_as(token, "/server/v1/auth/login-data").await;
    assert_eq!(data.body["companyId"], json!(null));
    // Company screens are not theirs.
    assert_eq!(app.get_as(token, "/server/v1/manage/user-data?id=1").await.status, 403);
    // A second run leaves the demo as it is.
    assert!(matches!(app.accounts.seed_demo().await.unwrap(), accounts::DemoOutcome::AlreadyPresent(_)));
}
