//! Embedded mode (spec 000 §2): the pages that may frame the app, and the `origin` a sign-in
//! names, which becomes the token's `origin` claim (where the app posts its logout message).

use crate::helpers::{spawn_app, spawn_app_embeddable, unique_email};
use accounts::entities::sessions;
use chrono::{Duration, Utc};
use gateway::middleware::EMBED_ORIGIN_REFUSED;
use sea_orm::sea_query::Expr;
use sea_orm::EntityTrait;
use serde_json::{json, Value};

const CRM: &str = "http://127.0.0.1:4711";

fn claims(token: &str) -> Value {
    use base64::Engine;
    let payload = token.split('.').nth(1).unwrap();
    serde_json::from_slice(&base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload).unwrap()).unwrap()
}

#[actix_web::test]
async fn the_framing_origins_are_public_and_the_security_policy_names_them() {
    let app = spawn_app_embeddable(&[CRM, "https://*.agency.test"]).await;
    let reply = app.get("/server/v1/account/embedding").await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.body, json!({"origins": [CRM, "https://*.agency.test"]}));
    let response = app.client.get(app.url("/server/v1/account/embedding")).send().await.unwrap();
    let csp = response.headers().get("content-security-policy").unwrap().to_str().unwrap().to_owned();
    assert!(csp.contains(&format!("frame-ancestors {CRM} https://*.agency.test")), "{csp}");
    assert!(response.headers().get("x-frame-options").is_none());

    // Not configured: nobody may frame the app, and the list is empty.
    let closed = spawn_app().await;
    assert_eq!(closed.get("/server/v1/account/embedding").await.body, json!({"origins": []}));
}

#[actix_web::test]
async fn a_sign_in_from_a_configured_page_carries_its_origin_through_the_session() {
    let app = spawn_app_embeddable(&[CRM, "https://*.agency.test"]).await;
    let email = unique_email("embedded");
    let plain = app.admin_of_new_company("Embedded Co", &email).await;
    assert_eq!(claims(&plain)["origin"], Value::Null, "a sign-in without origin is not embedded");

    let reply = app
        .post("/server/v1/auth/login", json!({"email": email, "password": "password-123", "origin": format!("{CRM}/")}))
        .await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert_eq!(reply.body["identity"]["origin"], CRM);
    let token = reply.body["token"].as_str().unwrap().to_owned();
    assert_eq!(claims(&token)["origin"], CRM);

    // Every token the session is signed with later keeps it: a sign-in code's exchange, from
    // that page only…
    let code = app.post_as(&token, "/server/v1/auth/login-code", json!({"origin": CRM})).await.body["code"]
        .as_str()
        .unwrap()
        .to_owned();
    let elsewhere =
        app.post("/server/v1/auth/login", json!({"token": code, "origin": "https://east.agency.test"})).await;
    assert_eq!(elsewhere.status, 401, "a code made for one page does not open from another");
    let outside = app.post("/server/v1/auth/login", json!({"token": code})).await;
    assert_eq!(outside.status, 401, "nor outside any frame");
    let exchanged = app.post("/server/v1/auth/login", json!({"token": code, "origin": CRM})).await;
    assert_eq!(exchanged.status, 200, "{:?}", exchanged.body);
    assert_eq!(claims(exchanged.body["token"].as_str().unwrap())["origin"], CRM);
    // …the session's identity, the tour's completion…
    assert_eq!(app.get_as(&token, "/server/v1/auth/login-data").await.body["identity"]["origin"], CRM);
    let toured = app.post_as(&token, "/server/v1/profile/complete-joyride", json!({})).await;
    assert_eq!(claims(toured.body["token"].as_str().unwrap())["origin"], CRM);
    // …and the renewal sent in the response header.
    sessions::Entity::update_many()
        .col_expr(sessions::Column::ExpiresAt, Expr::value(Utc::now() + Duration::hours(1)))
        .exec(&app.db)
        .await
        .unwrap();
    let renewed = app.get_as(&token, "/server/v1/auth/login-data").await.refreshed_token.expect("renewed");
    assert_eq!(claims(&renewed)["origin"], CRM);

    // A page of a subdomain the configuration allows with `*.`; the exchange names its own page.
    let code = app.post_as(&plain, "/server/v1/auth/login-code", json!({"origin": "https://East.agency.test"})).await;
    assert_eq!(code.status, 200, "{:?}", code.body);
    let code = code.body["code"].as_str().unwrap();
    let sub = app.post("/server/v1/auth/login", json!({"token": code, "origin": "https://East.agency.test"})).await;
    assert_eq!(sub.status, 200, "{:?}", sub.body);
    assert_eq!(sub.body["identity"]["origin"], "https://east.agency.test");
}

#[actix_web::test]
async fn a_sign_in_naming_a_page_that_may_not_frame_the_app_is_refused() {
    let app = spawn_app_embeddable(&[CRM]).await;
    let email = unique_email("not-embedded");
    app.admin_of_new_company("Refused Co", &email).await;
    for origin in
        ["http://127.0.0.1:4712", "https://evil.example", "javascript:alert(1)", "", "http://127.0.0.1:4711/x"]
    {
        let reply = app
            .post("/server/v1/auth/login", json!({"email": email, "password": "password-123", "origin": origin}))
            .await;
        assert_eq!((reply.status, reply.code()), (400, "validation"), "{origin}: {:?}", reply.body);
        assert_eq!(reply.field("origin"), [EMBED_ORIGIN_REFUSED], "{origin}");
    }
    // Every problem at once: the e-mail's and the origin's.
    let reply = app.post("/server/v1/auth/login", json!({"email": "x@", "origin": "https://evil.example"})).await;
    assert_eq!(reply.status, 400);
    assert_eq!(reply.field("email"), ["Invalid Email address"]);
    assert_eq!(reply.field("password"), ["Enter valid password"]);
    assert_eq!(reply.field("origin"), [EMBED_ORIGIN_REFUSED]);

    // Without configured pages, no origin is accepted at all.
    let closed = spawn_app().await;
    let email = unique_email("closed");
    closed.admin_of_new_company("Closed Co", &email).await;
    let reply =
        closed.post("/server/v1/auth/login", json!({"email": email, "password": "password-123", "origin": CRM})).await;
    assert_eq!(reply.field("origin"), [EMBED_ORIGIN_REFUSED]);
}
