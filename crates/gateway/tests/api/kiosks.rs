//! Issue 40, kiosks: an admin registers a device for a location; people press there by PIN;
//! five wrong PINs lock the person for five minutes, ten in a row pause the device; a revoked
//! kiosk is refused; leaving kiosk mode takes an admin's sign-in; a kiosk's credential opens
//! nothing but the kiosk's routes.

use crate::helpers::{spawn_app, unique_email, Reply, TestApp};
use kernel::Role;
use serde_json::{json, Value};

struct Kiosk {
    admin: String,
    admin_email: String,
    secret: String,
    ana: i64,
    ben: i64,
}

async fn kiosk_call(app: &TestApp, secret: &str, method: &str, path: &str, body: Option<Value>) -> Reply {
    let url = app.url(path);
    let request = match method {
        "get" => app.client.get(url),
        _ => app.client.post(url),
    }
    .insert_header(("authorization", format!("Kiosk {secret}")));
    let mut response = match body {
        Some(body) => request.send_json(&body).await.unwrap(),
        None => request.send().await.unwrap(),
    };
    let status = response.status().as_u16();
    let bytes = response.body().await.unwrap();
    Reply {
        status,
        body: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        refreshed_token: None,
        request_id: None,
    }
}

async fn press(app: &TestApp, kiosk: &Kiosk, employee: i64, pin: &str, action: &str) -> Reply {
    kiosk_call(
        app,
        &kiosk.secret,
        "post",
        "/server/v1/kiosk/press",
        Some(json!({"employeeId": employee, "pin": pin, "action": action})),
    )
    .await
}

/// A company with a location, a kiosk there, and two people with their PINs.
async fn kiosk(app: &TestApp) -> Kiosk {
    let admin_email = unique_email("admin");
    let admin = app.admin_of_new_company("Kiosk Co", &admin_email).await;
    let company = app.company_of(&admin_email).await;
    let (ana_email, ben_email) = (unique_email("ana"), unique_email("ben"));
    let ana = app.add_person(company.id, &ana_email, Role::Employee, None).await;
    let ben = app.add_person(company.id, &ben_email, Role::Employee, None).await;
    let location =
        app.post_as(&admin, "/server/v1/locations/save", json!({"name": "Front Office"})).await.body["id"].clone();
    let registered = app
        .post_as(&admin, "/server/v1/kiosks/register", json!({"name": "Front desk tablet", "locationId": location}))
        .await;
    assert_eq!(registered.status, 200, "{:?}", registered.body);
    let secret = registered.body["secret"].as_str().unwrap().to_owned();
    let ana_token = app.token_of(&ana_email).await;
    for weak in ["1234", "0000", "1212", "123", "12345678", "12a4"] {
        let refused = app.post_as(&ana_token, "/server/v1/clock/pin", json!({"pin": weak})).await;
        assert_eq!(refused.status, 400, "{weak}");
        assert!(refused.body["errors"]["pin"].is_array());
    }
    assert_eq!(app.get_as(&ana_token, "/server/v1/clock/pin").await.body["hasPin"], false);
    assert_eq!(app.post_as(&ana_token, "/server/v1/clock/pin", json!({"pin": "4711"})).await.status, 200);
    assert_eq!(app.get_as(&ana_token, "/server/v1/clock/pin").await.body["hasPin"], true);
    let reset = app.post_as(&admin, &format!("/server/v1/kiosks/reset-pin?eid={ben}"), json!({"pin": "80531"})).await;
    assert_eq!(reset.status, 200, "{:?}", reset.body);
    Kiosk { admin, admin_email, secret, ana, ben }
}

#[actix_web::test]
async fn two_people_press_at_a_kiosk_by_pin_and_the_presses_say_kiosk() {
    let app = spawn_app().await;
    let kiosk = kiosk(&app).await;
    let roster = kiosk_call(&app, &kiosk.secret, "get", "/server/v1/kiosk/roster", None).await;
    assert_eq!(roster.status, 200, "{:?}", roster.body);
    assert_eq!(
        (roster.body["kioskName"].as_str(), roster.body["locationName"].as_str()),
        (Some("Front desk tablet"), Some("Front Office"))
    );
    assert_eq!(roster.body["people"].as_array().unwrap().len(), 3, "the admin, Ana and Ben");

    let ana_in = press(&app, &kiosk, kiosk.ana, "4711", "start").await;
    assert_eq!(ana_in.status, 200, "{:?}", ana_in.body);
    assert_eq!(ana_in.body["clock"]["status"], 1);
    let ben_in = press(&app, &kiosk, kiosk.ben, "80531", "start").await;
    assert_eq!(ben_in.status, 200, "{:?}", ben_in.body);
    let again = press(&app, &kiosk, kiosk.ana, "4711", "start").await;
    assert_eq!(again.status, 409, "already clocked in");
    let ben_break = press(&app, &kiosk, kiosk.ben, "80531", "break").await;
    assert_eq!(ben_break.body["clock"]["status"], 2);
    let roster = kiosk_call(&app, &kiosk.secret, "get", "/server/v1/kiosk/roster", None).await;
    let status_of =
        |id: i64| roster.body["people"].as_array().unwrap().iter().find(|p| p["id"] == id).unwrap()["status"].clone();
    assert_eq!((status_of(kiosk.ana), status_of(kiosk.ben)), (json!(1), json!(2)));
    let ana_out = press(&app, &kiosk, kiosk.ana, "4711", "end").await;
    assert_eq!(ana_out.status, 200);
    let details = app
        .get_as(&kiosk.admin, &format!("/server/v1/timesheet/details?ts={}", ana_in.body["clock"]["trackingNumber"]))
        .await;
    let sources: Vec<&str> =
        details.body["history"].as_array().unwrap().iter().map(|p| p["source"].as_str().unwrap()).collect();
    assert_eq!(sources, ["kiosk", "kiosk"]);
    // Somebody of another company, or nobody, is unknown.
    assert_eq!(press(&app, &kiosk, 999_999, "4711", "start").await.status, 404);
    assert_eq!(press(&app, &kiosk, kiosk.ana, "4711", "dance").await.status, 400);
}

#[actix_web::test]
async fn five_wrong_pins_lock_the_person_and_ten_pause_the_device() {
    let app = spawn_app().await;
    let kiosk = kiosk(&app).await;
    for left in (1..=4).rev() {
        let wrong = press(&app, &kiosk, kiosk.ana, "9999", "start").await;
        assert_eq!((wrong.status, wrong.body["code"].as_str()), (403, Some("wrong_pin")), "{:?}", wrong.body);
        assert!(wrong.body["message"].as_str().unwrap().contains(&format!("{left} tr")), "{:?}", wrong.body);
    }
    let locked = press(&app, &kiosk, kiosk.ana, "9999", "start").await;
    assert_eq!(locked.status, 429, "{:?}", locked.body);
    assert!(locked.body["message"].as_str().unwrap().contains("can use the kiosks again at"));
    // Locked: even the right PIN waits; Ben is not locked.
    assert_eq!(press(&app, &kiosk, kiosk.ana, "4711", "start").await.status, 429);
    assert_eq!(press(&app, &kiosk, kiosk.ben, "80531", "start").await.status, 200);
    // An admin's reset unlocks.
    let reset = app
        .post_as(&kiosk.admin, &format!("/server/v1/kiosks/reset-pin?eid={}", kiosk.ana), json!({"pin": "4712"}))
        .await;
    assert_eq!(reset.status, 200);
    assert_eq!(press(&app, &kiosk, kiosk.ana, "4712", "start").await.status, 200);

    // Ten wrong PINs in a row on the device, spread over people: the device pauses.
    let mut answers = Vec::new();
    for n in 0..10 {
        let who = if n % 2 == 0 { kiosk.ana } else { kiosk.ben };
        answers.push(press(&app, &kiosk, who, "2468", "end").await.status);
    }
    assert_eq!(answers.last(), Some(&429), "{answers:?}");
    let paused = press(&app, &kiosk, kiosk.ben, "80531", "end").await;
    assert_eq!(paused.status, 429);
    assert!(paused.body["message"].as_str().unwrap().contains("on this kiosk"));
}

#[actix_web::test]
async fn a_kiosk_credential_opens_only_the_kiosk_and_a_revoked_one_nothing() {
    let app = spawn_app().await;
    let kiosk = kiosk(&app).await;
    // Every route but the kiosk's own answers the device's credential as it answers nobody:
    // 401 wherever a session is needed.
    let mut signed_in_only = 0;
    for (method, path) in gateway::routes::all() {
        if path.starts_with("/server/v1/kiosk/") || path.contains("signup") || path.contains("reset-password") {
            continue;
        }
        let path = path.replace("{id}", "1").replace("{secret}", "x");
        let anonymous = match method {
            "get" => app.get(&path).await,
            _ => app.post(&path, json!({})).await,
        };
        let reply = kiosk_call(&app, &kiosk.secret, method, &path, Some(json!({}))).await;
        assert_eq!(reply.status, anonymous.status, "{method} {path}: {:?}", reply.body);
        if anonymous.status == 401 {
            signed_in_only += 1;
        }
    }
    assert!(signed_in_only > 150, "{signed_in_only}");
    // A person's session does not open the kiosk's routes.
    assert_eq!(app.get_as(&kiosk.admin, "/server/v1/kiosk/roster").await.status, 401);

    // Leaving kiosk mode takes an admin of this company.
    let leave = |email: String, password: &str| {
        let body = json!({"email": email, "password": password});
        let secret = kiosk.secret.clone();
        let app = &app;
        async move { kiosk_call(app, &secret, "post", "/server/v1/kiosk/leave", Some(body)).await }
    };
    assert_eq!(leave(kiosk.admin_email.clone(), "wrong-password").await.status, 401);
    let left = leave(kiosk.admin_email.clone(), "password-123").await;
    assert_eq!((left.status, left.body["left"].clone()), (200, json!(true)), "{:?}", left.body);

    let list = app.get_as(&kiosk.admin, "/server/v1/kiosks").await;
    let id = list.body[0]["id"].as_i64().unwrap();
    assert!(list.body[0]["lastUsedAt"].is_string());
    let revoked = app.post_as(&kiosk.admin, &format!("/server/v1/kiosks/revoke?id={id}"), json!({})).await;
    assert!(revoked.body[0]["revokedAt"].is_string());
    assert_eq!(kiosk_call(&app, &kiosk.secret, "get", "/server/v1/kiosk/roster", None).await.status, 401);
    assert_eq!(press(&app, &kiosk, kiosk.ana, "4711", "start").await.status, 401);
    // Another company's admin cannot revoke or list it.
    let other = app.admin_of_new_company("Other Co", &unique_email("other")).await;
    assert_eq!(app.post_as(&other, &format!("/server/v1/kiosks/revoke?id={id}"), json!({})).await.status, 404);
    assert_eq!(app.get_as(&other, "/server/v1/kiosks").await.body, json!([]));
}

#[actix_web::test]
async fn an_expired_or_suspended_companys_kiosk_presses_nothing() {
    use sea_orm::{ConnectionTrait, Statement};
    let app = spawn_app().await;
    let kiosk = kiosk(&app).await;
    let company = app.company_of(&kiosk.admin_email).await;
    // The company's standing, set in its table (accounts' own), as billing and the operator set it.
    let set = |columns: String| {
        let sql = format!("UPDATE companies SET {columns} WHERE id = {}", company.id.0);
        let db = app.db.clone();
        async move { db.execute(Statement::from_string(db.get_database_backend(), sql)).await.unwrap() }
    };
    let ended = chrono::Utc::now().date_naive() - chrono::Duration::days(3);
    set(format!("trial_end = '{ended}'")).await;
    let refused = press(&app, &kiosk, kiosk.ana, "4711", "start").await;
    assert_eq!((refused.status, refused.code()), (403, "account_expired"), "{:?}", refused.body);
    // The roster still reads, and nothing was pressed.
    assert_eq!(kiosk_call(&app, &kiosk.secret, "get", "/server/v1/kiosk/roster", None).await.status, 200);

    set("trial_end = NULL, suspended = TRUE".to_owned()).await;
    let refused = press(&app, &kiosk, kiosk.ana, "4711", "start").await;
    assert_eq!((refused.status, refused.code()), (403, "account_suspended"), "{:?}", refused.body);
}
