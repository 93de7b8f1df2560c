//! Webhooks (issue 43, `docs/contracts/webhooks.md`): deliveries reach a receiver started here,
//! which checks their signature with an independent HMAC (ring's, not the product's); a failing
//! receiver is tried again with the same event id; a resend sends the same event; every event
//! of the list is emitted by the change it names; addresses in private ranges are refused.

use crate::helpers::{spawn_app, spawn_app_with_strict_webhooks, unique_email, TestApp};
use crate::pto_requests::{full_days, monday_ahead, setup};
use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
use chrono::Duration;
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{json, Value};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

/// What the receiver got: the event header, the event id, the signature header, the body.
#[derive(Debug, Clone)]
struct Received {
    event: String,
    event_id: String,
    signature: String,
    body: String,
}

#[derive(Default)]
struct ReceiverState {
    received: Mutex<Vec<Received>>,
    /// Statuses to answer next, in order; then 204.
    answers: Mutex<VecDeque<u16>>,
}

/// A webhook receiver on loopback, as a customer's system would run one.
struct Receiver {
    url: String,
    state: Arc<ReceiverState>,
    server: actix_web::dev::ServerHandle,
}

async fn receive(req: HttpRequest, body: web::Bytes, state: web::Data<Arc<ReceiverState>>) -> HttpResponse {
    let header = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    state.received.lock().unwrap().push(Received {
        event: header("timekeep-event"),
        event_id: header("timekeep-event-id"),
        signature: header("timekeep-signature"),
        body: String::from_utf8_lossy(&body).into_owned(),
    });
    let status = state.answers.lock().unwrap().pop_front().unwrap_or(204);
    HttpResponse::build(actix_web::http::StatusCode::from_u16(status).unwrap()).finish()
}

impl Receiver {
    fn start() -> Receiver {
        let state = Arc::new(ReceiverState::default());
        let shared = web::Data::new(state.clone());
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://127.0.0.1:{}/hooks/timekeep", listener.local_addr().unwrap().port());
        let server = HttpServer::new(move || {
            App::new().app_data(shared.clone()).route("/hooks/timekeep", web::post().to(receive))
        })
        .listen(listener)
        .unwrap()
        .workers(1)
        .disable_signals()
        .run();
        let handle = server.handle();
        actix_web::rt::spawn(server);
        Receiver { url, state, server: handle }
    }

    fn received(&self) -> Vec<Received> {
        self.state.received.lock().unwrap().clone()
    }

    fn fail_next(&self, statuses: &[u16]) {
        self.state.answers.lock().unwrap().extend(statuses);
    }

    /// Waits (up to 20 s) until `count` deliveries have arrived.
    async fn wait_for(&self, count: usize) -> Vec<Received> {
        for _ in 0..200 {
            let received = self.received();
            if received.len() >= count {
                return received;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("expected {count} deliveries, got {:?}", self.received());
    }
}

impl Drop for Receiver {
    fn drop(&mut self) {
        std::mem::drop(self.server.stop(false));
    }
}

/// The receiver's check, as the contract shows it: HMAC-SHA256 over "t.body" with the secret,
/// by ring (an implementation the product does not use), and a recent `t`.
fn verify(secret: &str, received: &Received) -> bool {
    let mut parts = received.signature.split(',');
    let (Some(t), Some(v1)) =
        (parts.next().and_then(|p| p.strip_prefix("t=")), parts.next().and_then(|p| p.strip_prefix("v1=")))
    else {
        return false;
    };
    let fresh = t.parse::<i64>().is_ok_and(|t| (chrono::Utc::now().timestamp() - t).abs() < 300);
    let key = ring::hmac::Key::new(ring::hmac::HMAC_SHA256, secret.as_bytes());
    let Ok(tag) = hex::decode(v1) else { return false };
    fresh && ring::hmac::verify(&key, format!("{t}.{}", received.body).as_bytes(), &tag).is_ok()
}

async fn register(app: &TestApp, admin: &str, url: &str, events: &[&str]) -> (i64, String) {
    let created = app.post_as(admin, "/server/v1/webhooks", json!({"url": url, "events": events})).await;
    assert_eq!(created.status, 200, "{:?}", created.body);
    assert!(!created.body["endpoint"].to_string().contains("whsec_"));
    (created.body["endpoint"]["id"].as_i64().unwrap(), created.body["secret"].as_str().unwrap().to_owned())
}

async fn deliveries(app: &TestApp, admin: &str, endpoint: i64) -> Vec<Value> {
    let list = app.get_as(admin, &format!("/server/v1/webhooks/deliveries?endpointId={endpoint}")).await;
    assert_eq!(list.status, 200, "{:?}", list.body);
    list.body.as_array().cloned().unwrap_or_default()
}

async fn sql(app: &TestApp, statement: &str) {
    app.db.execute(Statement::from_string(app.db.get_database_backend(), statement.to_owned())).await.unwrap();
}

/// Waits (up to 20 s) until the endpoint's newest delivery has `status`.
async fn wait_status(app: &TestApp, admin: &str, endpoint: i64, status: &str) -> Value {
    for _ in 0..200 {
        let list = deliveries(app, admin, endpoint).await;
        if list.first().is_some_and(|d| d["status"] == status) {
            return list[0].clone();
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the delivery never became {status}: {:?}", deliveries(app, admin, endpoint).await);
}

#[actix_web::test]
async fn an_endpoint_gets_the_events_it_wants_signed_and_the_admin_sees_them_delivered() {
    let app = spawn_app().await;
    let receiver = Receiver::start();
    let admin_email = unique_email("hooks-admin");
    let admin = app.admin_of_new_company("Hooks Co", &admin_email).await;
    let (endpoint, secret) = register(&app, &admin, &receiver.url, &["employee.added", "employee.terminated"]).await;
    let listed = app.get_as(&admin, "/server/v1/webhooks").await;
    assert_eq!(listed.body["endpoints"][0]["events"], json!(["employee.added", "employee.terminated"]));
    assert_eq!(listed.body["events"].as_array().unwrap().len(), 10);
    assert!(!listed.body.to_string().contains(&secret));

    // A person added: one delivery, signed, with the event's id in the header and the body.
    let added = app
        .post_as(
            &admin,
            "/server/v1/manage/add-user",
            json!({"firstname": "Wanda", "lastname": "Hook", "email": unique_email("wanda")}),
        )
        .await;
    assert_eq!(added.status, 200, "{:?}", added.body);
    let got = receiver.wait_for(1).await;
    let body: Value = serde_json::from_str(&got[0].body).unwrap();
    assert_eq!(got[0].event, "employee.added");
    assert_eq!(body["type"], "employee.added");
    assert_eq!(body["id"], got[0].event_id.as_str());
    assert_eq!(body["data"]["firstName"], "Wanda");
    assert!(verify(&secret, &got[0]), "{:?}", got[0]);
    assert!(!verify("whsec_wrong", &got[0]));
    let delivered = wait_status(&app, &admin, endpoint, "delivered").await;
    assert_eq!((delivered["attempts"].clone(), delivered["lastStatus"].clone()), (json!(1), json!(204)));

    // An event it does not want is not sent (a shift edit); one it wants is.
    let id = body["data"]["employeeId"].as_i64().unwrap();
    let edit = app
        .post_as(
            &admin,
            "/server/v1/timesheet/edit",
            json!({"employeeId": id, "start": "2026-10-05 09:00:00", "end": "2026-10-05 17:00:00"}),
        )
        .await;
    assert_eq!(edit.status, 201, "{:?}", edit.body);
    assert_eq!(app.post_as(&admin, "/server/v1/manage/terminate-employee", json!({"id": id})).await.status, 200);
    let got = receiver.wait_for(2).await;
    assert_eq!(got.iter().map(|r| r.event.as_str()).collect::<Vec<_>>(), ["employee.added", "employee.terminated"]);

    // Another company cannot see or touch the endpoint.
    let other = app.admin_of_new_company("Elsewhere Co", &unique_email("hooks-other")).await;
    assert_eq!(app.get_as(&other, &format!("/server/v1/webhooks/deliveries?endpointId={endpoint}")).await.status, 404);
    assert_eq!(app.post_as(&other, &format!("/server/v1/webhooks/delete?id={endpoint}"), json!({})).await.status, 404);
    let resend = app.post_as(&other, &format!("/server/v1/webhooks/resend?id={}", delivered["id"]), json!({})).await;
    assert_eq!(resend.status, 404);

    // Registering it is in the audit trail, without its secret.
    let trail = app.get_as(&admin, "/server/v1/audit?entity=webhook").await;
    assert_eq!(trail.body["entries"][0]["action"], "created");
    assert!(!trail.body.to_string().contains(&secret));
}

#[actix_web::test]
async fn a_failing_receiver_is_tried_again_with_the_same_event_then_the_admin_resends_it() {
    let app = spawn_app().await;
    let receiver = Receiver::start();
    let admin = app.admin_of_new_company("Retry Co", &unique_email("retry-admin")).await;
    let (endpoint, secret) = register(&app, &admin, &receiver.url, &["employee.added"]).await;
    receiver.fail_next(&[500]);
    app.post_as(
        &admin,
        "/server/v1/manage/add-user",
        json!({"firstname": "Rita", "lastname": "Retry", "email": unique_email("rita")}),
    )
    .await;
    receiver.wait_for(1).await;
    let pending = wait_status(&app, &admin, endpoint, "pending").await;
    for _ in 0..100 {
        if deliveries(&app, &admin, endpoint).await[0]["attempts"] == 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let pending = deliveries(&app, &admin, endpoint).await.first().cloned().unwrap_or(pending);
    assert_eq!((pending["attempts"].clone(), pending["lastStatus"].clone()), (json!(1), json!(500)));
    assert!(pending["nextAttemptAt"].is_string());
    // Still being tried: not resent by hand.
    let early = app.post_as(&admin, &format!("/server/v1/webhooks/resend?id={}", pending["id"]), json!({})).await;
    assert_eq!(early.status, 400);

    // Its wait over (a minute, brought forward here), it is tried again: delivered, the same event.
    sql(
        &app,
        "UPDATE webhook_deliveries SET next_attempt_at = '2020-01-01 00:00:00+00:00' WHERE next_attempt_at IS NOT NULL",
    )
    .await;
    let got = receiver.wait_for(2).await;
    assert_eq!(got[0].event_id, got[1].event_id);
    assert_eq!(got[0].body, got[1].body);
    assert!(verify(&secret, &got[1]));
    let delivered = wait_status(&app, &admin, endpoint, "delivered").await;
    assert_eq!(delivered["attempts"], 2);

    // Sent again by the admin: the same event once more, for the receiver to drop by its id.
    let resent = app.post_as(&admin, &format!("/server/v1/webhooks/resend?id={}", delivered["id"]), json!({})).await;
    assert_eq!(resent.status, 200, "{:?}", resent.body);
    let got = receiver.wait_for(3).await;
    assert_eq!(got[2].event_id, got[0].event_id);

    // A receiver failing every time: after the last wait, the delivery is failed, not tried on.
    wait_status(&app, &admin, endpoint, "delivered").await;
    receiver.fail_next(&[503]);
    sql(
        &app,
        &format!(
            "UPDATE webhook_deliveries SET attempts = {}, delivered_at = NULL, next_attempt_at = '2020-01-01 00:00:00+00:00' WHERE endpoint_id = {endpoint}",
            webhooks::sender::MAX_ATTEMPTS - 1
        ),
    )
    .await;
    receiver.wait_for(4).await;
    let failed = wait_status(&app, &admin, endpoint, "failed").await;
    assert_eq!(
        (failed["attempts"].clone(), failed["lastStatus"].clone()),
        (json!(webhooks::sender::MAX_ATTEMPTS), json!(503))
    );
    assert!(failed["nextAttemptAt"].is_null());
}

#[actix_web::test]
async fn a_rotated_secret_signs_from_then_on() {
    let app = spawn_app().await;
    let receiver = Receiver::start();
    let admin = app.admin_of_new_company("Rotate Co", &unique_email("rotate-admin")).await;
    let (endpoint, old) = register(&app, &admin, &receiver.url, &["employee.added"]).await;
    let rotated = app.post_as(&admin, &format!("/server/v1/webhooks/rotate-secret?id={endpoint}"), json!({})).await;
    assert_eq!(rotated.status, 200);
    let new = rotated.body["secret"].as_str().unwrap().to_owned();
    assert_ne!(new, old);
    app.post_as(
        &admin,
        "/server/v1/manage/add-user",
        json!({"firstname": "Rob", "lastname": "Rotate", "email": unique_email("rob")}),
    )
    .await;
    let got = receiver.wait_for(1).await;
    assert!(verify(&new, &got[0]));
    assert!(!verify(&old, &got[0]));
    // Turned off: nothing is sent; deleted: gone with its deliveries.
    let off = app
        .post_as(
            &admin,
            &format!("/server/v1/webhooks/update?id={endpoint}"),
            json!({"url": receiver.url, "events": ["employee.added"], "active": false}),
        )
        .await;
    assert_eq!((off.status, off.body["active"].clone()), (200, json!(false)));
    app.post_as(
        &admin,
        "/server/v1/manage/add-user",
        json!({"firstname": "Off", "lastname": "Line", "email": unique_email("off")}),
    )
    .await;
    tokio::time::sleep(std::time::Duration::from_secs(4)).await;
    assert_eq!(receiver.received().len(), 1);
    let gone = app.post_as(&admin, &format!("/server/v1/webhooks/delete?id={endpoint}"), json!({})).await;
    assert_eq!(gone.body["endpoints"], json!([]));
}

#[actix_web::test]
async fn every_listed_event_is_sent_by_the_change_it_names() {
    let app = spawn_app().await;
    let receiver = Receiver::start();
    let s = setup(&app).await;
    let all: Vec<&str> = webhooks::Event::ALL.iter().map(|event| event.code()).collect();
    let (_, secret) = register(&app, &s.admin, &receiver.url, &all).await;
    let ok = |reply: crate::helpers::Reply| {
        assert!(reply.status < 300, "{} {:?}", reply.status, reply.body);
        reply.body
    };

    // Time off: requested, approved, cancelled; requested again and rejected.
    let monday = monday_ahead();
    let filed = ok(app.post_as(&s.employee, "/server/v1/pto/request", full_days(&s, monday, monday)).await);
    let id = filed["id"].as_i64().unwrap();
    ok(app.post_as(&s.manager, "/server/v1/pto/approve-timeoff", json!({"request": id})).await);
    ok(app.post_as(&s.manager, &format!("/server/v1/pto/cancel-request?id={id}"), json!({})).await);
    let second = ok(app
        .post_as(
            &s.employee,
            "/server/v1/pto/request",
            full_days(&s, monday + Duration::days(7), monday + Duration::days(7)),
        )
        .await);
    ok(app
        .post_as(&s.manager, "/server/v1/pto/reject-timeoff", json!({"request": second["id"], "comment": "Busy week"}))
        .await);
    // A shift closed by the employee's own clock-out; a shift edited by the admin.
    let started = ok(app.post_as(&s.employee, "/server/v1/clock/start", json!({})).await);
    let tracking = started["trackingNumber"].clone();
    ok(app.post_as(&s.employee, &format!("/server/v1/clock/end?trackingNumber={tracking}"), json!({})).await);
    ok(app
        .post_as(
            &s.admin,
            "/server/v1/timesheet/edit",
            json!({"employeeId": s.employee_id, "start": "2026-10-05 09:00:00", "end": "2026-10-05 17:00:00"}),
        )
        .await);
    // People: added, changed, terminated.
    let nina_email = unique_email("nina");
    let added = ok(app
        .post_as(
            &s.admin,
            "/server/v1/manage/add-user",
            json!({"firstname": "Nina", "lastname": "New", "email": nina_email}),
        )
        .await);
    let nina = added["employee"]["id"].as_i64().unwrap();
    ok(app
        .post_as(
            &s.admin,
            "/server/v1/manage/add-user",
            json!({"id": nina, "firstname": "Nina", "lastname": "Renamed", "email": nina_email}),
        )
        .await);
    ok(app.post_as(&s.admin, "/server/v1/manage/terminate-employee", json!({"id": nina})).await);
    // A policy acknowledged.
    let kind = ok(app.post_as(&s.admin, "/server/v1/settings/update-policy-type", json!({"name": "Handbook"})).await)
        ["id"]
        .as_i64()
        .unwrap()
        .to_string();
    let policy = app
        .upload_as(
            &s.admin,
            "/server/v1/policy/add-policy",
            &[("title", "Dress code"), ("policyTypeId", &kind), ("content", "<p>Casual.</p>")],
            None,
        )
        .await;
    assert_eq!(policy.status, 200, "{:?}", policy.body);
    let published = ok(app
        .post_as(
            &s.admin,
            "/server/v1/policy/publish",
            json!({"policyId": policy.body["id"], "applicableToAll": 1, "ack": 1, "dueDate": "2099-01-01", "onboardingPolicy": 0}),
        )
        .await);
    ok(app.post_as(&s.employee, "/server/v1/profile/affirm-policy", json!({"id": published["id"]})).await);

    let mut wanted = all.clone();
    wanted.sort_unstable();
    let mut seen: Vec<String> = Vec::new();
    for _ in 0..200 {
        seen = receiver.received().into_iter().map(|r| r.event).collect();
        seen.sort_unstable();
        seen.dedup();
        if seen.len() >= wanted.len() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(seen, wanted);
    for received in receiver.received() {
        assert!(verify(&secret, &received), "{received:?}");
    }
    let by_type = |code: &str| -> Value {
        let got = receiver.received().into_iter().find(|r| r.event == code).unwrap();
        serde_json::from_str::<Value>(&got.body).unwrap()["data"].clone()
    };
    assert_eq!(by_type("time_off.approved")["requestId"], id);
    assert_eq!(by_type("time_off.rejected")["status"], "denied");
    assert_eq!(by_type("shift.closed")["employeeId"], s.employee_id);
    assert_eq!(by_type("timesheet.edited")["action"], "created");
    assert_eq!(by_type("employee.changed")["lastName"], "Renamed");
    assert_eq!(by_type("policy.acknowledged")["title"], "Dress code");
}

#[actix_web::test]
async fn endpoints_must_be_public_https_and_name_known_events() {
    let app = spawn_app_with_strict_webhooks().await;
    let admin = app.admin_of_new_company("Strict Co", &unique_email("strict-admin")).await;
    let refuse = |url: &'static str, events: Value| {
        let (app, admin) = (&app, admin.clone());
        async move { app.post_as(&admin, "/server/v1/webhooks", json!({"url": url, "events": events})).await }
    };
    let plain = refuse("http://hooks.example.com/x", json!(["shift.closed"])).await;
    assert_eq!(plain.field("url"), [webhooks::guard::URL_NOT_HTTPS]);
    for private in [
        "https://127.0.0.1/hook",
        "https://10.0.0.8/hook",
        "https://192.168.1.20/hook",
        "https://169.254.169.254/latest/meta-data",
        "https://[::1]/hook",
        "https://localhost/hook",
    ] {
        let refused = refuse(private, json!(["shift.closed"])).await;
        assert_eq!(refused.status, 400, "{private}");
        assert_eq!(refused.field("url"), [webhooks::guard::URL_REFUSED], "{private}");
    }
    let bad = refuse("javascript:alert(1)", json!(["shift.deleted"])).await;
    assert_eq!(bad.field("url"), [webhooks::guard::URL_NOT_VALID]);
    assert_eq!(bad.field("events"), ["There is no event \"shift.deleted\""]);
    let none = refuse("https://hooks.example.com/x", json!([])).await;
    assert_eq!(none.field("events"), ["Please choose at least one event"]);
    assert_eq!(app.get_as(&admin, "/server/v1/webhooks").await.body["endpoints"], json!([]));
}
