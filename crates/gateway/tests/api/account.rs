//! Signup and e-mail verification.

use crate::helpers::{spawn_app, unique_email};
use chrono::{Duration, Utc};
use serde_json::json;

#[actix_web::test]
async fn signup_mails_a_link_and_login_works_once_verified() {
    let app = spawn_app().await;
    let email = unique_email("owner");

    let reply = app.signup("Brooks Insurance", &email, "password-123").await;
    assert_eq!(reply.status, 201, "{:?}", reply.body);
    assert!(reply.body["message"].as_str().unwrap().contains(&email));

    // Not verified yet: refused, and a fresh link is mailed.
    let reply = app.login(&email, "password-123").await;
    assert_eq!((reply.status, reply.code()), (403, "email_not_verified"));
    app.mail.settled().await;
    assert_eq!(app.mail.to(&email).len(), 2);

    let reply = app.verify_from_mail(&email).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert_eq!(reply.body["message"], "Your email is validated. You can now login. Thank you!");

    let reply = app.login(&email, "password-123").await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    let identity = &reply.body["identity"];
    assert_eq!(identity["email"], email.as_str());
    assert_eq!(identity["roles"], json!(["admin"]));
    assert_eq!(identity["firstname"], "Ada");
    assert_eq!(identity["timezone"], "America/Chicago");
    assert_eq!(identity["firstTimeLogin"], true);
    assert_eq!(identity["hasHashPassword"], true);
    assert_eq!(identity["impersonate"], false);
    // The trial ends 30 days after the signup day, in the company's zone.
    let today = Utc::now().with_timezone(&chrono_tz::America::Chicago).date_naive();
    assert_eq!(identity["trialEnd"], (today + Duration::days(30)).format("%Y-%m-%d").to_string());
    let token = reply.body["token"].as_str().unwrap();

    let data = app.get_as(token, "/server/v1/auth/login-data").await;
    assert_eq!(data.status, 200);
    assert_eq!(data.body["companyName"], "Brooks Insurance");
    assert_eq!(data.body["identity"]["eid"], identity["eid"]);

    // Only the first login is a first-time login.
    assert_eq!(app.login(&email, "password-123").await.body["identity"]["firstTimeLogin"], false);
}

#[actix_web::test]
async fn following_a_verification_link_twice_is_harmless_but_a_forged_one_fails() {
    let app = spawn_app().await;
    let email = unique_email("twice");
    app.signup("Twice Co", &email, "password-123").await;
    assert_eq!(app.verify_from_mail(&email).await.status, 200);
    assert_eq!(app.verify_from_mail(&email).await.status, 200);

    let forged = app.post("/server/v1/account/verify-email", json!({ "token": "0".repeat(64), "me": "" })).await;
    assert_eq!((forged.status, forged.code()), (400, "invalid_token"));
    assert_eq!(forged.body["message"], "This verification link is invalid or has expired.");
    let missing = app.post("/server/v1/account/verify-email", json!({})).await;
    assert_eq!((missing.status, missing.code()), (400, "invalid_token"));

    // A real token with somebody else's address does not verify.
    let other = unique_email("other");
    app.signup("Other Co", &other, "password-123").await;
    let link = app.mail.latest_to(&other).await.link(&app.address, "/verify-email");
    let token = link.split("token=").nth(1).unwrap().split('&').next().unwrap();
    let me = accounts::commands::encode_base64_email(&email);
    let reply = app.post("/server/v1/account/verify-email", json!({ "token": token, "me": me })).await;
    assert_eq!(reply.status, 400);
}

#[actix_web::test]
async fn signup_reports_each_bad_field_with_the_spec_message() {
    let app = spawn_app().await;
    let cases = [
        (
            json!({"company": "", "firstname": "", "lastname": "", "email": "", "password": ""}),
            vec![
                ("company", "Enter Company Name"),
                ("firstname", "Enter First Name"),
                ("lastname", "Enter Last Name"),
                ("email", "Enter a Email"),
                ("password", "Enter a Password"),
            ],
        ),
        (
            json!({"company": "<b>", "firstname": "R2D2", "lastname": "4", "email": "not-an-email", "password": "1234567"}),
            vec![
                ("company", "Please enter valid Company Name"),
                ("firstname", "Please enter valid First Name"),
                ("lastname", "Please enter valid Last Name"),
                ("email", "Invalid Email Address"),
                ("password", "Password minimal length is 8"),
            ],
        ),
        (
            json!({"company": "Fine", "firstname": "Ada", "lastname": "L", "email": "a@b.co", "password": "x".repeat(129)}),
            vec![("password", "Password maximal length is 128")],
        ),
    ];
    for (body, expected) in cases {
        let reply = app.post("/server/v1/account/signup", body.clone()).await;
        assert_eq!((reply.status, reply.code()), (400, "validation"), "{body}");
        for (field, message) in expected {
            assert_eq!(reply.field(field), vec![message.to_owned()], "{field} of {body}");
        }
    }
    // Nothing was created.
    app.mail.settled().await;
    assert!(app.mail.all().is_empty());
}

#[actix_web::test]
async fn one_account_per_email_whatever_its_case() {
    let app = spawn_app().await;
    let email = unique_email("dup");
    assert_eq!(app.signup("First", &email, "password-123").await.status, 201);
    let reply = app.signup("Second", &email.to_uppercase(), "password-123").await;
    assert_eq!((reply.status, reply.code()), (409, "email_taken"));
    assert_eq!(reply.field("email"), ["An account with this email already exists."]);
}

#[actix_web::test]
async fn signup_accepts_multipart_and_urlencoded_forms_and_defaults_the_company() {
    let app = spawn_app().await;
    let email = unique_email("multi");
    let boundary = "XyZ123";
    let mut body = String::new();
    for (name, value) in [
        ("firstname", "Mia"),
        ("lastname", "Stone"),
        ("email", email.as_str()),
        ("password", "password-123"),
        ("timezone", "-480"),
    ] {
        body.push_str(&format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"));
    }
    body.push_str(&format!("--{boundary}--\r\n"));
    let reply = app
        .post_raw("/server/v1/account/signup", &format!("multipart/form-data; boundary={boundary}"), body.into_bytes())
        .await;
    assert_eq!(reply.status, 201, "{:?}", reply.body);
    let company = app.company_of(&email).await;
    assert_eq!(company.name, "My Company");
    assert_eq!(company.time_zone, "America/Los_Angeles");

    let email = unique_email("form");
    let form =
        format!("company=Form+Co&firstname=Al&lastname=Bo&email={}&password=password-123", email.replace('@', "%40"));
    let reply = app.post_raw("/server/v1/account/signup", "application/x-www-form-urlencoded", form.into_bytes()).await;
    assert_eq!(reply.status, 201, "{:?}", reply.body);
    assert_eq!(app.company_of(&email).await.time_zone, "America/New_York");
}

#[actix_web::test]
async fn the_honeypot_and_the_per_address_limit_stop_bots() {
    let app = spawn_app().await;
    let email = unique_email("bot");
    let reply = app
        .post(
            "/server/v1/account/signup",
            json!({"company": "Bot", "firstname": "Bo", "lastname": "T", "email": email, "password": "password-123", "website": "http://spam.example"}),
        )
        .await;
    assert_eq!((reply.status, reply.code()), (400, "bot_check_failed"));
    app.mail.settled().await;
    assert!(app.mail.all().is_empty());

    // Ten attempts an hour from one address (the bot's included); the eleventh is refused.
    for attempt in 0..9 {
        assert_eq!(app.signup("Spree", &unique_email(&format!("s{attempt}")), "password-123").await.status, 201);
    }
    let reply = app.signup("Spree", &unique_email("late"), "password-123").await;
    assert_eq!((reply.status, reply.code()), (429, "too_many_requests"));
}

#[actix_web::test]
async fn bad_bodies_get_a_json_400_never_a_500() {
    let app = spawn_app().await;
    let reply = app.post_raw("/server/v1/auth/login", "application/json", b"{not json".to_vec()).await;
    assert_eq!((reply.status, reply.code()), (400, "validation"));
    let reply = app.post_raw("/server/v1/account/signup", "application/json", b"[1,2]".to_vec()).await;
    assert_eq!((reply.status, reply.code()), (400, "validation"));
    let reply = app.post("/server/v1/auth/login", json!({"email": 5, "password": []})).await;
    assert_eq!(reply.status, 400);
    let reply = app.post_raw("/server/v1/account/signup", "application/json", vec![b' '; 20_000]).await;
    assert_eq!((reply.status, reply.code()), (413, "payload_too_large"));
    let reply = app.get("/server/v1/no/such/route").await;
    assert_eq!((reply.status, reply.code()), (404, "not_found"));
    assert!(reply.request_id.is_some());
    assert_eq!(reply.body["requestId"].as_str(), reply.request_id.as_deref());
}
