//! Two-factor sign-in (issue 43, `docs/contracts/two-factor.md`), with codes computed by pyotp.

use crate::helpers::{spawn_app, totp_at, totp_now, unique_email, TestApp};
use accounts::entities::email_tokens;
use chrono::{Duration, Utc};
use kernel::Role;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};

const PASSWORD: &str = "password-123";

/// The challenge a password answers with, and its mode.
async fn challenge(app: &TestApp, email: &str) -> (String, String) {
    let reply = app.login(email, PASSWORD).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert!(reply.body.get("token").is_none(), "no session before the second factor: {:?}", reply.body);
    let two = &reply.body["twoFactor"];
    assert_eq!(two["expiresIn"], 300);
    (two["challenge"].as_str().unwrap().to_owned(), two["mode"].as_str().unwrap().to_owned())
}

async fn second(app: &TestApp, body: Value) -> crate::helpers::Reply {
    app.post("/server/v1/auth/two-factor", body).await
}

/// The next step's code, waiting for that step to begin when the current one's was used.
async fn code_of_next_step(secret: &str) -> String {
    let now = Utc::now().timestamp();
    let next = (now / 30 + 1) * 30;
    tokio::time::sleep(std::time::Duration::from_millis(((next - now) * 1000 + 200) as u64)).await;
    totp_at(secret, next)
}

/// An admin of a new company with two-factor sign-in turned on from the profile: the token,
/// the e-mail, the secret and the recovery codes.
async fn admin_with_two_factor(app: &TestApp) -> (String, String, String, Vec<String>) {
    let email = unique_email("tfa-admin");
    let token = app.admin_of_new_company("Two Factor Agency", &email).await;
    let status = app.get_as(&token, "/server/v1/account/two-factor").await;
    assert_eq!(status.status, 200);
    assert_eq!(status.body, json!({"enabled": false, "required": false, "enabledAt": null, "recoveryCodesLeft": 0}));

    let setup = app.post_as(&token, "/server/v1/account/two-factor/setup", json!({})).await;
    assert_eq!(setup.status, 200, "{:?}", setup.body);
    let secret = setup.body["secret"].as_str().unwrap().to_owned();
    assert_eq!(secret.len(), 32);
    let url = setup.body["otpauthUrl"].as_str().unwrap();
    assert!(url.starts_with("otpauth://totp/Timekeep:tfa-admin-"), "{url}");
    assert!(url.contains(&format!("secret={secret}&issuer=Timekeep")), "{url}");
    assert!(setup.body["qrCode"].as_str().unwrap().starts_with("data:image/svg+xml;base64,"));

    // A wrong code keeps it off.
    let wrong = app.post_as(&token, "/server/v1/account/two-factor/enable", json!({"code": "000000"})).await;
    let wrong = if totp_now(&secret) == "000000" {
        app.post_as(&token, "/server/v1/account/two-factor/enable", json!({"code": "111111"})).await
    } else {
        wrong
    };
    assert_eq!(wrong.status, 400, "{:?}", wrong.body);
    assert_eq!(wrong.body["errors"]["code"][0], "The code is not correct.");

    let on = app.post_as(&token, "/server/v1/account/two-factor/enable", json!({"code": totp_now(&secret)})).await;
    assert_eq!(on.status, 200, "{:?}", on.body);
    let codes: Vec<String> =
        on.body["recoveryCodes"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_owned()).collect();
    assert_eq!(codes.len(), 10);
    let status = app.get_as(&token, "/server/v1/account/two-factor").await;
    assert_eq!(status.body["enabled"], true);
    assert_eq!(status.body["recoveryCodesLeft"], 10);
    (token, email, secret, codes)
}

#[actix_web::test]
async fn enrolled_sign_in_needs_a_code_each_good_once_and_recovery_codes_once() {
    let app = spawn_app().await;
    let (token, email, secret, codes) = admin_with_two_factor(&app).await;

    // Set-up again while on: refused.
    let again = app.post_as(&token, "/server/v1/account/two-factor/setup", json!({})).await;
    assert_eq!(again.status, 400);
    assert_eq!(again.body["message"], "Two-factor sign-in is already on.");

    // The password alone opens nothing; the challenge is no session.
    let (challenge, mode) = challenge(&app, &email).await;
    assert_eq!(mode, "verify");
    assert_eq!(app.get_as(&challenge, "/server/v1/account/two-factor").await.status, 401);
    // Enrolment's set-up is not for a verify challenge.
    assert_eq!(app.post("/server/v1/auth/two-factor/setup", json!({"challenge": challenge})).await.status, 400);

    // Nothing given, then a wrong code.
    let empty = second(&app, json!({"challenge": challenge})).await;
    assert_eq!(empty.status, 400);
    assert_eq!(empty.body["errors"]["code"][0], "Please enter the code from your authenticator app.");
    let wrong = second(&app, json!({"challenge": challenge, "code": "12345"})).await;
    assert_eq!(wrong.status, 400);
    assert_eq!(wrong.body["errors"]["code"][0], "The code is not correct.");

    // The code of the current step signs in (the enrolment used the step before, or this one:
    // then the next step's code is the one to give).
    let mut code = totp_now(&secret);
    let mut signed = second(&app, json!({"challenge": challenge, "code": code})).await;
    if signed.status == 400 {
        assert_eq!(signed.body["errors"]["code"][0], "This code was already used. Wait for the next one.");
        code = code_of_next_step(&secret).await;
        signed = second(&app, json!({"challenge": challenge, "code": code})).await;
    }
    assert_eq!(signed.status, 200, "{:?}", signed.body);
    let session = signed.body["token"].as_str().unwrap();
    assert_eq!(signed.body["identity"]["email"], email.as_str());
    assert!(signed.body.get("recoveryCodes").is_none());
    assert_eq!(app.get_as(session, "/server/v1/account/two-factor").await.status, 200);

    // The challenge is used up, and the same code does not sign in twice.
    let used = second(&app, json!({"challenge": challenge, "code": code})).await;
    assert_eq!(used.status, 401);
    assert_eq!(used.body["message"], "This sign-in has expired. Please sign in again.");
    let (challenge, _) = self::challenge(&app, &email).await;
    let replay = second(&app, json!({"challenge": challenge, "code": code})).await;
    assert_eq!(replay.status, 400, "{:?}", replay.body);
    assert_eq!(replay.body["errors"]["code"][0], "This code was already used. Wait for the next one.");

    // A recovery code, typed in capitals with a space, works once.
    let typed = codes[3].to_uppercase().replace('-', " ");
    let recovered = second(&app, json!({"challenge": challenge, "recoveryCode": typed})).await;
    assert_eq!(recovered.status, 200, "{:?}", recovered.body);
    let (challenge, _) = self::challenge(&app, &email).await;
    let twice = second(&app, json!({"challenge": challenge, "recoveryCode": codes[3]})).await;
    assert_eq!(twice.status, 400);
    assert_eq!(twice.body["errors"]["recoveryCode"][0], "This recovery code is not correct or was already used.");
    let status = app.get_as(&token, "/server/v1/account/two-factor").await;
    assert_eq!(status.body["recoveryCodesLeft"], 9);

    // Both at once is refused; an unknown challenge is "sign in again".
    let both = second(&app, json!({"challenge": challenge, "code": "123456", "recoveryCode": codes[0]})).await;
    assert_eq!(both.status, 400);
    let unknown = second(&app, json!({"challenge": "no-such-challenge", "code": "123456"})).await;
    assert_eq!(unknown.status, 401);

    // New recovery codes void the old ones.
    let fresh = app
        .post_as(
            &token,
            "/server/v1/account/two-factor/recovery-codes",
            json!({"code": code_of_next_step(&secret).await}),
        )
        .await;
    assert_eq!(fresh.status, 200, "{:?}", fresh.body);
    let fresh: Vec<String> =
        fresh.body["recoveryCodes"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_owned()).collect();
    let (challenge, _) = self::challenge(&app, &email).await;
    let old = second(&app, json!({"challenge": challenge, "recoveryCode": codes[0]})).await;
    assert_eq!(old.status, 400);

    // Turning it off takes the password and a code (here a recovery code).
    let no_password = app
        .post_as(&token, "/server/v1/account/two-factor/disable", json!({"password": "wrong-one", "code": fresh[0]}))
        .await;
    assert_eq!(no_password.status, 400);
    assert_eq!(no_password.body["errors"]["password"][0], "Incorrect password.");
    let off = app
        .post_as(&token, "/server/v1/account/two-factor/disable", json!({"password": PASSWORD, "code": fresh[0]}))
        .await;
    assert_eq!(off.status, 204, "{:?}", off.body);
    let plain = app.login(&email, PASSWORD).await;
    assert_eq!(plain.status, 200);
    assert!(plain.body["token"].is_string(), "{:?}", plain.body);
}

#[actix_web::test]
async fn wrong_codes_are_throttled_per_account_and_challenges_expire() {
    let app = spawn_app().await;
    let (_, email, secret, _) = admin_with_two_factor(&app).await;
    let (challenge, _) = challenge(&app, &email).await;
    let bad = if totp_now(&secret) == "999999" { "888888" } else { "999999" };
    for attempt in 1..=4 {
        let reply = second(&app, json!({"challenge": challenge, "code": bad})).await;
        assert_eq!(reply.status, 400, "attempt {attempt}: {:?}", reply.body);
    }
    let blocked = second(&app, json!({"challenge": challenge, "code": bad})).await;
    assert_eq!(blocked.status, 429, "{:?}", blocked.body);
    assert_eq!(blocked.code(), "too_many_requests");
    assert_eq!(blocked.body["message"], "Too many wrong codes. Please try again in 15 minute(s).");
    // Blocked: even the right code waits, from a new challenge too.
    let right = second(&app, json!({"challenge": challenge, "code": code_of_next_step(&secret).await})).await;
    assert_eq!(right.status, 429);
    let (fresh, _) = self::challenge(&app, &email).await;
    assert_eq!(second(&app, json!({"challenge": fresh, "code": totp_now(&secret)})).await.status, 429);

    // An expired challenge: sign in again.
    let owner_email = unique_email("tfa-expiry");
    let owner = app.admin_of_new_company("Expiry Agency", &owner_email).await;
    let company = app.company_of(&owner_email).await.id;
    let email = unique_email("tfa-expired");
    app.add_person(company, &email, Role::Admin, None).await;
    assert_eq!(
        app.post_as(&owner, "/server/v1/company/security", json!({"twoFactorRequired": true})).await.status,
        200
    );
    let (challenge, mode) = self::challenge(&app, &email).await;
    assert_eq!(mode, "enrol");
    email_tokens::Entity::update_many()
        .col_expr(email_tokens::Column::ExpiresAt, Expr::value(Utc::now() - Duration::seconds(1)))
        .filter(email_tokens::Column::Purpose.eq("two-factor"))
        .exec(&app.db)
        .await
        .unwrap();
    let expired = app.post("/server/v1/auth/two-factor/setup", json!({"challenge": challenge})).await;
    assert_eq!(expired.status, 401);
    assert_eq!(expired.body["message"], "This sign-in has expired. Please sign in again.");
}

#[actix_web::test]
async fn a_company_can_require_it_of_admins_and_managers_who_then_enrol_at_sign_in() {
    let app = spawn_app().await;
    let admin_email = unique_email("tfa-owner");
    let admin = app.admin_of_new_company("Forced Agency", &admin_email).await;
    let company = app.company_of(&admin_email).await.id;
    let manager = unique_email("tfa-manager");
    let employee = unique_email("tfa-employee");
    app.add_person(company, &manager, Role::Manager, None).await;
    app.add_person(company, &employee, Role::Employee, None).await;
    let employee_token = app.token_of(&employee).await;
    let manager_before = app.token_of(&manager).await;

    // Only admins read and set the rule.
    assert_eq!(app.get_as(&admin, "/server/v1/company/security").await.body, json!({"twoFactorRequired": false}));
    assert_eq!(app.get_as(&manager_before, "/server/v1/company/security").await.status, 403);
    assert_eq!(
        app.post_as(&manager_before, "/server/v1/company/security", json!({"twoFactorRequired": false})).await.status,
        403
    );
    let bad = app.post_as(&admin, "/server/v1/company/security", json!({"twoFactorRequired": "yes"})).await;
    assert_eq!(bad.status, 400);
    let empty = app.post_as(&admin, "/server/v1/company/security", json!({})).await;
    assert_eq!(empty.status, 400);
    assert!(empty.body["errors"]["twoFactorRequired"].is_array());
    let saved = app.post_as(&admin, "/server/v1/company/security", json!({"twoFactorRequired": true})).await;
    assert_eq!(saved.status, 200, "{:?}", saved.body);
    assert_eq!(app.get_as(&admin, "/server/v1/company/security").await.body, json!({"twoFactorRequired": true}));

    // Sessions already open go on; the next sign-in of a manager must enrol.
    assert_eq!(app.get_as(&manager_before, "/server/v1/account/two-factor").await.body["required"], true);
    let (challenge, mode) = challenge(&app, &manager).await;
    assert_eq!(mode, "enrol");
    // Before the set-up there is nothing to confirm.
    let early = second(&app, json!({"challenge": challenge, "code": "123456"})).await;
    assert_eq!(early.status, 400);
    assert_eq!(early.body["message"], "Set up two-factor sign-in first.");
    // A recovery code cannot finish an enrolment.
    let recovery = second(&app, json!({"challenge": challenge, "recoveryCode": "abcde-fghij"})).await;
    assert_eq!(recovery.status, 400);
    // Asking twice gives a new secret; only the last can be confirmed.
    let first = app.post("/server/v1/auth/two-factor/setup", json!({"challenge": challenge})).await;
    let setup = app.post("/server/v1/auth/two-factor/setup", json!({"challenge": challenge})).await;
    assert_eq!(setup.status, 200, "{:?}", setup.body);
    let old_secret = first.body["secret"].as_str().unwrap();
    let secret = setup.body["secret"].as_str().unwrap().to_owned();
    assert_ne!(old_secret, secret);
    if totp_now(old_secret) != totp_now(&secret) {
        let stale = second(&app, json!({"challenge": challenge, "code": totp_now(old_secret)})).await;
        assert_eq!(stale.status, 400);
    }
    let done = second(&app, json!({"challenge": challenge, "code": totp_now(&secret)})).await;
    assert_eq!(done.status, 200, "{:?}", done.body);
    assert_eq!(done.body["recoveryCodes"].as_array().unwrap().len(), 10);
    let manager_token = done.body["token"].as_str().unwrap().to_owned();
    let status = app.get_as(&manager_token, "/server/v1/account/two-factor").await;
    assert_eq!(status.body["enabled"], true);
    assert_eq!(status.body["required"], true);
    // Required: it cannot be turned off.
    let off = app
        .post_as(
            &manager_token,
            "/server/v1/account/two-factor/disable",
            json!({"password": PASSWORD, "code": "123456"}),
        )
        .await;
    assert_eq!(off.status, 403);
    assert_eq!(off.body["message"], "Your company requires two-factor sign-in for your role.");

    // The admin must enrol too; employees sign in as before.
    let enrolled = app.enrol_at_sign_in(&admin_email).await;
    assert_eq!(enrolled.recovery_codes.len(), 10);
    assert_eq!(enrolled.secret.len(), 32);
    assert_eq!(app.get_as(&enrolled.token, "/server/v1/account/two-factor").await.body["enabled"], true);
    let plain = app.login(&employee, PASSWORD).await;
    assert!(plain.body["token"].is_string(), "{:?}", plain.body);
    assert_eq!(app.get_as(&employee_token, "/server/v1/account/two-factor").await.body["required"], false);
}

#[actix_web::test]
async fn the_operator_always_enrols_and_support_cannot_change_a_users_second_factor() {
    let app = spawn_app().await;
    // `operator_token` signs the operator in through the enrolment (helpers.rs).
    let operator = app.operator_token().await;
    let status = app.get_as(&operator, "/server/v1/account/two-factor").await;
    assert_eq!(status.body["enabled"], true);
    assert_eq!(status.body["required"], true);

    let email = unique_email("tfa-support");
    app.admin_of_new_company("Support Agency", &email).await;
    let acting = app.impersonate(&operator, &email).await;
    assert_eq!(app.get_as(&acting, "/server/v1/account/two-factor").await.status, 200);
    for (path, body) in [
        ("/server/v1/account/two-factor/setup", json!({})),
        ("/server/v1/account/two-factor/enable", json!({"code": "123456"})),
        ("/server/v1/account/two-factor/disable", json!({"password": PASSWORD, "code": "123456"})),
        ("/server/v1/account/two-factor/recovery-codes", json!({"code": "123456"})),
    ] {
        assert_eq!(app.post_as(&acting, path, body).await.status, 403, "{path}");
    }
}

/// Two sign-ins given the same code at once (two challenges, as from two servers): one passes.
#[actix_web::test]
async fn the_same_code_at_once_signs_in_once() {
    let app = spawn_app().await;
    let (_, email, secret, _) = admin_with_two_factor(&app).await;
    for _round in 0..2 {
        let code = code_of_next_step(&secret).await;
        let (a, _) = challenge(&app, &email).await;
        let (b, _) = challenge(&app, &email).await;
        let (first, other) = tokio::join!(
            second(&app, json!({"challenge": a, "code": code})),
            second(&app, json!({"challenge": b, "code": code})),
        );
        let mut statuses = [first.status, other.status];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 400], "{:?} {:?}", first.body, other.body);
    }
}
