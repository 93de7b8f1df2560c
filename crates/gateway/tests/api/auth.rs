//! Logging in, throttling, and passwords (reset and change).

use crate::helpers::{spawn_app, unique_email};
use serde_json::json;

#[actix_web::test]
async fn login_reports_each_bad_field_with_the_spec_message() {
    let app = spawn_app().await;
    let reply = app.post("/server/v1/auth/login", json!({})).await;
    assert_eq!((reply.status, reply.code()), (400, "validation"));
    assert_eq!(reply.field("email"), ["Please input the Email"]);
    assert_eq!(reply.field("password"), ["Enter valid password"]);
    let reply = app.post("/server/v1/auth/login", json!({"email": "nobody@", "password": "x"})).await;
    assert_eq!(reply.field("email"), ["Invalid Email address"]);
}

#[actix_web::test]
async fn an_unknown_email_and_a_wrong_password_answer_alike_and_then_suggest_the_reset_link() {
    let app = spawn_app().await;
    let email = unique_email("alike");
    app.admin_of_new_company("Alike", &email).await;

    let unknown = app.login(&unique_email("ghost"), "password-123").await;
    let wrong = app.login(&email, "wrong-password").await;
    assert_eq!((unknown.status, unknown.code()), (401, "invalid_credentials"));
    assert_eq!((wrong.status, wrong.code()), (401, "invalid_credentials"));
    assert_eq!(unknown.body["message"], wrong.body["message"]);
    assert_eq!(wrong.body["message"], "Incorrect email or password.");

    // Failures 2 and 3 still plain; from the 4th on, the reset hint.
    for _ in 0..2 {
        assert!(!app.login(&email, "wrong-password").await.body["message"].as_str().unwrap().contains("reset"));
    }
    let fourth = app.login(&email, "wrong-password").await;
    assert_eq!(
        fourth.body["message"],
        "Incorrect email or password. Forgot your password? Use the reset password link to set a new one."
    );
    // A success clears the count.
    assert_eq!(app.login(&email, "password-123").await.status, 200);
    assert_eq!(app.login(&email, "wrong-password").await.body["message"], "Incorrect email or password.");
}

#[actix_web::test]
async fn repeated_failures_for_one_account_are_throttled_even_with_the_right_password() {
    let app = spawn_app().await;
    let email = unique_email("victim");
    app.admin_of_new_company("Victim", &email).await;
    for _ in 0..10 {
        assert_eq!(app.login(&email, "guess-guess").await.status, 401);
    }
    let reply = app.login(&email, "password-123").await;
    assert_eq!((reply.status, reply.code()), (429, "too_many_requests"));
    // Unknown addresses are throttled the same way, so the 429 tells nothing.
    let ghost = unique_email("ghost");
    for _ in 0..10 {
        app.login(&ghost, "guess-guess").await;
    }
    assert_eq!(app.login(&ghost, "guess-guess").await.status, 429);
}

#[actix_web::test]
async fn repeated_failures_from_one_address_are_throttled_across_accounts() {
    let app = spawn_app().await;
    let email = unique_email("bystander");
    app.admin_of_new_company("Bystander", &email).await;
    // 50 failures from this address, each against a different e-mail.
    for attempt in 0..50 {
        assert_eq!(app.login(&unique_email(&format!("spray{attempt}")), "guess-guess").await.status, 401);
    }
    let reply = app.login(&email, "password-123").await;
    assert_eq!((reply.status, reply.code()), (429, "too_many_requests"));
}

#[actix_web::test]
async fn a_password_is_reset_through_the_mailed_link_once() {
    let app = spawn_app().await;
    let email = unique_email("forgetful");
    let old_token = app.admin_of_new_company("Forgetful", &email).await;

    let reply = app.post("/server/v1/auth/reset-password", json!({"email": email.to_uppercase()})).await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.body["message"], accounts::RESET_REQUESTED_MESSAGE);
    let link = app.mail.latest_to(&email).await.link(&app.address, "/reset-password-now");
    let token = link.split("t=").nth(1).unwrap().to_owned();

    let reply = app
        .post(
            "/server/v1/auth/reset-password-now",
            json!({"token": token, "password": "brand-new-pass", "retypePassword": "brand-new-pass"}),
        )
        .await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    // Every session ends, the old password is gone, the new one works.
    assert_eq!(app.get_as(&old_token, "/server/v1/auth/login-data").await.status, 401);
    assert_eq!(app.login(&email, "password-123").await.status, 401);
    assert_eq!(app.login(&email, "brand-new-pass").await.status, 200);

    // The link works once.
    let reply = app
        .post(
            "/server/v1/auth/reset-password-now",
            json!({"token": token, "password": "another-pass", "retypePassword": "another-pass"}),
        )
        .await;
    assert_eq!((reply.status, reply.code()), (400, "invalid_token"));
    assert_eq!(reply.field("token"), [accounts::INVALID_LINK_MESSAGE]);
}

#[actix_web::test]
async fn a_reset_for_an_unknown_address_looks_the_same_and_sends_nothing() {
    let app = spawn_app().await;
    let ghost = unique_email("ghost");
    let reply = app.post("/server/v1/auth/reset-password", json!({"email": ghost})).await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.body["message"], accounts::RESET_REQUESTED_MESSAGE);
    app.mail.settled().await;
    assert!(app.mail.all().is_empty());

    let reply = app.post("/server/v1/auth/reset-password", json!({"email": ""})).await;
    assert_eq!(reply.field("email"), ["Required"]);
    let reply = app.post("/server/v1/auth/reset-password", json!({"email": "nope"})).await;
    assert_eq!(reply.field("email"), ["Invalid email address"]);
}

#[actix_web::test]
async fn reset_now_reports_each_bad_field_with_the_spec_message() {
    let app = spawn_app().await;
    let cases = [
        (json!({"token": "t"}), "password", "Please input the Password"),
        (json!({"token": "t"}), "retypePassword", "Please input the Retype password"),
        (
            json!({"token": "t", "password": "short", "retypePassword": "short"}),
            "password",
            "Password minimal length is 8",
        ),
        (
            json!({"token": "t", "password": "long-enough", "retypePassword": "long-enougH"}),
            "retypePassword",
            "Password and retype password should be identical",
        ),
    ];
    for (body, field, message) in cases {
        let reply = app.post("/server/v1/auth/reset-password-now", body.clone()).await;
        assert_eq!(reply.status, 400, "{body}");
        assert_eq!(reply.field(field), [message], "{body}");
    }
    let reply = app
        .post(
            "/server/v1/auth/reset-password-now",
            json!({"token": "f".repeat(64), "password": "long-enough", "retypePassword": "long-enough"}),
        )
        .await;
    assert_eq!((reply.status, reply.code()), (400, "invalid_token"));
}

#[actix_web::test]
async fn changing_the_password_checks_the_old_one_and_ends_every_other_session() {
    let app = spawn_app().await;
    let email = unique_email("changer");
    let first = app.admin_of_new_company("Changer", &email).await;
    let second = app.login(&email, "password-123").await.body["token"].as_str().unwrap().to_owned();

    let reply = app.post_as(&first, "/server/v1/auth/change-my-password", json!({})).await;
    assert_eq!(reply.field("oldPassword"), ["Please input the Old Password"]);
    assert_eq!(reply.field("newPassword"), ["Please input the New Password"]);
    assert_eq!(reply.field("retypePassword"), ["Please input the Retype New Password"]);
    let reply = app
        .post_as(
            &first,
            "/server/v1/auth/change-my-password",
            json!({"oldPassword": "password-123", "newPassword": "new-password", "retypePassword": "new-passwork"}),
        )
        .await;
    assert_eq!(reply.field("retypePassword"), ["New Password and Retype should be identical"]);
    let reply = app
        .post_as(
            &first,
            "/server/v1/auth/change-my-password",
            json!({"oldPassword": "not-it-at-all", "newPassword": "new-password", "retypePassword": "new-password"}),
        )
        .await;
    assert_eq!(reply.field("oldPassword"), ["The old password is incorrect"]);
    assert_eq!(app.get_as(&second, "/server/v1/auth/login-data").await.status, 200, "failed attempts change nothing");

    let reply = app
        .post_as(
            &first,
            "/server/v1/auth/change-my-password",
            json!({"oldPassword": "password-123", "newPassword": "new-password", "retypePassword": "new-password"}),
        )
        .await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    let fresh = reply.body["token"].as_str().unwrap();
    assert_eq!(app.get_as(&first, "/server/v1/auth/login-data").await.status, 401);
    assert_eq!(app.get_as(&second, "/server/v1/auth/login-data").await.status, 401);
    assert_eq!(app.get_as(fresh, "/server/v1/auth/login-data").await.status, 200);
    assert_eq!(app.login(&email, "password-123").await.status, 401);
    assert_eq!(app.login(&email, "new-password").await.status, 200);
}
