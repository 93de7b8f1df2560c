//! Issue 39: presses made once by their `Idempotency-Key`, and presses made on a phone without a
//! network, applied at the phone's corrected time or held for a manager as an edit request.

use crate::clock::company_with_employee;
use crate::helpers::{spawn_app, Reply, TestApp};
use chrono::{DateTime, Duration, SubsecRound, Utc};
use serde_json::{json, Value};

async fn offline(app: &TestApp, token: &str, key: &str, body: Value) -> Reply {
    app.post_keyed_as(token, key, "/server/v1/clock/offline-press", body).await
}

fn press(action: &str, tracking: &Value, device_time: DateTime<Utc>, offset_ms: i64) -> Value {
    json!({"action": action, "trackingNumber": tracking, "deviceTime": device_time.to_rfc3339(), "serverOffsetMs": offset_ms})
}

fn at(reply: &Reply, field: &str) -> DateTime<Utc> {
    reply.body[field].as_str().unwrap().parse().unwrap()
}

async fn shifts_of(app: &TestApp, token: &str, employee: i64) -> Vec<Value> {
    let today = Utc::now().date_naive();
    let list = app
        .get_as(
            token,
            &format!(
                "/server/v1/timesheet/list?start={}&end={}&employeeId={employee}",
                today - Duration::days(6),
                today + Duration::days(1)
            ),
        )
        .await;
    assert_eq!(list.status, 200, "{:?}", list.body);
    list.body["entries"].as_array().unwrap().clone()
}

#[actix_web::test]
async fn a_press_sent_twice_with_its_key_is_made_once_and_the_key_cannot_change_press() {
    let app = spawn_app().await;
    let (admin, token, employee) = company_with_employee(&app).await;
    let first = app.post_keyed_as(&token, "k-start-1", "/server/v1/clock/start", json!({})).await;
    assert_eq!(first.status, 200, "{:?}", first.body);
    // The answer was lost on the way: the phone sends the same press again.
    let again = app.post_keyed_as(&token, "k-start-1", "/server/v1/clock/start", json!({})).await;
    assert_eq!(again.status, 200, "{:?}", again.body);
    assert_eq!(again.body, first.body, "the first answer, word for word");
    let tracking = first.body["trackingNumber"].clone();
    // The same key with another press: refused, nothing done.
    let other = app
        .post_keyed_as(&token, "k-start-1", &format!("/server/v1/clock/end?trackingNumber={tracking}"), json!({}))
        .await;
    assert_eq!((other.status, other.body["code"].as_str()), (422, Some("idempotency_key_reused")), "{:?}", other.body);
    assert_eq!(app.get_as(&token, "/server/v1/clock/status").await.body["status"], 1);
    // A malformed key is refused under its name.
    let bad = app
        .post_keyed_as(&token, "has space", &format!("/server/v1/clock/end?trackingNumber={tracking}"), json!({}))
        .await;
    assert_eq!(bad.status, 400, "{:?}", bad.body);
    assert!(
        bad.body["errors"]["Idempotency-Key"].is_array() || bad.body["errors"]["Idempotency-Key"].is_string(),
        "{:?}",
        bad.body
    );
    // A refused press keeps no receipt: its key may come again once it fits.
    let early = app
        .post_keyed_as(
            &token,
            "k-resume",
            &format!("/server/v1/clock/resume-from-break?trackingNumber={tracking}"),
            json!({}),
        )
        .await;
    assert_eq!(early.status, 409);
    let ended =
        app.post_keyed_as(&token, "k-end", &format!("/server/v1/clock/end?trackingNumber={tracking}"), json!({})).await;
    assert_eq!(ended.body["status"], 3);
    assert_eq!(
        app.post_keyed_as(&token, "k-end", &format!("/server/v1/clock/end?trackingNumber={tracking}"), json!({}))
            .await
            .body,
        ended.body
    );
    assert_eq!(shifts_of(&app, &admin, employee).await.len(), 1);
    // A press sent online whose answer was lost, then queued on the phone under its key: the
    // queued copy is answered with what the online one did, and nothing is pressed again.
    let online = app.post_keyed_as(&token, "k-start-2", "/server/v1/clock/start", json!({})).await;
    assert_eq!(online.status, 200, "{:?}", online.body);
    let queued = offline(&app, &token, "k-start-2", press("start", &Value::Null, Utc::now(), 0)).await;
    assert_eq!((queued.status, queued.body["outcome"].as_str()), (200, Some("applied")), "{:?}", queued.body);
    assert_eq!(queued.body["status"]["trackingNumber"], online.body["trackingNumber"]);
    // Not for another button.
    let other_button = offline(&app, &token, "k-start-2", press("end", &Value::Null, Utc::now(), 0)).await;
    assert_eq!(other_button.status, 422, "{:?}", other_button.body);
    assert_eq!(shifts_of(&app, &admin, employee).await.len(), 2);
    // Keys are the company's: another company's press under the same key is its own.
    let (_, other_token, _) = company_with_employee(&app).await;
    let theirs = app.post_keyed_as(&other_token, "k-start-1", "/server/v1/clock/start", json!({})).await;
    assert_eq!(theirs.status, 200);
    assert_ne!(theirs.body["trackingNumber"], tracking);
}

#[actix_web::test]
async fn an_offline_shift_is_stored_once_in_order_at_the_phones_times_and_flagged() {
    let app = spawn_app().await;
    let (admin, token, employee) = company_with_employee(&app).await;
    let base = (Utc::now() - Duration::minutes(50)).trunc_subsecs(0);
    let start = offline(&app, &token, "off-1", press("start", &Value::Null, base, 0)).await;
    assert_eq!(start.status, 200, "{:?}", start.body);
    assert_eq!(start.body["outcome"], "applied");
    assert_eq!(at(&start, "recordedAt"), base);
    let tracking = start.body["status"]["trackingNumber"].clone();
    assert!(tracking.is_i64());
    // The presses after it: the shift is known from the first answer, or not at all.
    let times = [("break", 10, tracking.clone()), ("resume", 25, Value::Null), ("end", 40, tracking.clone())];
    let mut answers = vec![start.body.clone()];
    for (index, (action, minutes, tracking)) in times.iter().enumerate() {
        let reply = offline(
            &app,
            &token,
            &format!("off-{}", index + 2),
            press(action, tracking, base + Duration::minutes(*minutes), 0),
        )
        .await;
        assert_eq!(
            (reply.status, reply.body["outcome"].as_str()),
            (200, Some("applied")),
            "{action}: {:?}",
            reply.body
        );
        answers.push(reply.body);
    }
    // Every press sent again (a retry after a dropped answer): the first answers, nothing new.
    for (index, (action, minutes, tracking)) in [("start", 0, Value::Null)].iter().chain(times.iter()).enumerate() {
        let reply = offline(
            &app,
            &token,
            &format!("off-{}", index + 1),
            press(action, tracking, base + Duration::minutes(*minutes), 0),
        )
        .await;
        assert_eq!(reply.body, answers[index], "{action}");
    }
    let shifts = shifts_of(&app, &admin, employee).await;
    assert_eq!(shifts.len(), 1, "{shifts:?}");
    let shift = &shifts[0];
    assert_eq!(shift["start"].as_str().unwrap().parse::<DateTime<Utc>>().unwrap(), base);
    assert_eq!(shift["end"].as_str().unwrap().parse::<DateTime<Utc>>().unwrap(), base + Duration::minutes(40));
    assert_eq!(shift["breaks"].as_array().unwrap().len(), 1);
    assert_eq!(shift["totalmins"], 25);
    let flagged: Vec<&str> =
        shift["offlinePresses"].as_array().unwrap().iter().map(|p| p["action"].as_str().unwrap()).collect();
    assert_eq!(flagged, ["start", "break", "resume", "end"]);
    // The same key with another press: refused.
    let changed = offline(&app, &token, "off-4", press("end", &tracking, base + Duration::minutes(41), 0)).await;
    assert_eq!(
        (changed.status, changed.body["code"].as_str()),
        (422, Some("idempotency_key_reused")),
        "{:?}",
        changed.body
    );
}

#[actix_web::test]
async fn a_phone_ten_minutes_fast_is_corrected_and_its_skew_shown() {
    let app = spawn_app().await;
    let (admin, token, employee) = company_with_employee(&app).await;
    let pressed = (Utc::now() - Duration::minutes(20)).trunc_subsecs(0);
    let phone = pressed + Duration::minutes(10);
    let reply = offline(&app, &token, "fast-1", press("start", &Value::Null, phone, -600_000)).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert_eq!(at(&reply, "recordedAt"), pressed);
    assert_eq!(reply.body["skewSeconds"], 600);
    let tracking = reply.body["status"]["trackingNumber"].clone();
    let details = app.get_as(&admin, &format!("/server/v1/timesheet/details?ts={tracking}")).await;
    assert_eq!(details.body["start"].as_str().unwrap().parse::<DateTime<Utc>>().unwrap(), pressed);
    let flag = &details.body["offlinePresses"][0];
    assert_eq!(flag["skewSeconds"], 600);
    assert_eq!(flag["deviceTime"].as_str().unwrap().parse::<DateTime<Utc>>().unwrap(), phone);
    assert!(shifts_of(&app, &admin, employee).await[0]["offlinePresses"].as_array().unwrap().len() == 1);
}

#[actix_web::test]
async fn presses_four_days_old_go_to_the_manager_as_a_request_to_add_the_shift() {
    let app = spawn_app().await;
    let (admin, token, employee) = company_with_employee(&app).await;
    let day = (Utc::now() - Duration::days(4)).trunc_subsecs(0);
    let start = offline(&app, &token, "old-1", press("start", &Value::Null, day, 0)).await;
    assert_eq!(start.status, 200, "{:?}", start.body);
    assert_eq!(start.body["outcome"], "held");
    assert!(start.body["reason"].as_str().unwrap().contains("older than 72 hours"), "{:?}", start.body);
    assert_eq!(start.body["status"]["status"], 0, "nothing was applied");
    let request = start.body["requestId"].clone();
    assert!(request.is_i64());
    // The clock-out of that day joins the same request.
    let end = offline(&app, &token, "old-2", press("end", &Value::Null, day + Duration::hours(8), 0)).await;
    assert_eq!((end.body["outcome"].as_str(), &end.body["requestId"]), (Some("held"), &request), "{:?}", end.body);
    assert!(shifts_of(&app, &admin, employee).await.is_empty());

    let inbox = app.get_as(&admin, "/server/v1/inbox/data").await;
    let rows = inbox.body["pending"]["timesheet"]["rows"].as_array().unwrap();
    let row = rows.iter().find(|row| row["id"] == request).expect("in the manager's inbox");
    assert_eq!(row["entryId"], Value::Null);
    assert_eq!(row["changeType"], "add");
    assert_eq!(row["employeeId"], employee);
    let payload: Value = serde_json::from_str(row["payload"].as_str().unwrap()).unwrap();
    assert_eq!(payload["start"].as_str().unwrap().parse::<DateTime<Utc>>().unwrap(), day);
    assert_eq!(payload["end"].as_str().unwrap().parse::<DateTime<Utc>>().unwrap(), day + Duration::hours(8));
    // The person cannot approve their own; the admin can, and the shift is added.
    let own = app.post_as(&token, "/server/v1/timesheet/edit-request-approve", json!({"reqId": request})).await;
    assert_eq!(own.status, 403, "{:?}", own.body);
    let approved = app.post_as(&admin, "/server/v1/timesheet/edit-request-approve", json!({"reqId": request})).await;
    assert_eq!(approved.status, 200, "{:?}", approved.body);
    let shifts = shifts_of(&app, &admin, employee).await;
    assert_eq!(shifts.len(), 1);
    assert_eq!(shifts[0]["totalmins"], 480);
    // Sent again after the approval: the first answers, nothing more.
    assert_eq!(offline(&app, &token, "old-1", press("start", &Value::Null, day, 0)).await.body, start.body);
    assert_eq!(shifts_of(&app, &admin, employee).await.len(), 1);
}

#[actix_web::test]
async fn a_press_before_the_shifts_last_event_or_in_the_future_is_held_not_applied() {
    let app = spawn_app().await;
    let (admin, token, _) = company_with_employee(&app).await;
    let started = app.post_as(&token, "/server/v1/clock/start", json!({})).await;
    let tracking = started.body["trackingNumber"].clone();
    let shift_start: DateTime<Utc> = started.body["shiftStart"].as_str().unwrap().parse().unwrap();
    // A clock-out the phone dates before the clock-in.
    let early = offline(&app, &token, "ooo-1", press("end", &tracking, shift_start - Duration::minutes(5), 0)).await;
    assert_eq!(early.body["outcome"], "held", "{:?}", early.body);
    assert!(early.body["reason"].as_str().unwrap().contains("before the shift's last recorded press"));
    assert_eq!(app.get_as(&token, "/server/v1/clock/status").await.body["status"], 1, "still clocked in");
    // A break an hour in the future: held too, into the same request.
    let future = offline(&app, &token, "ooo-2", press("break", &tracking, Utc::now() + Duration::hours(1), 0)).await;
    assert_eq!(future.body["outcome"], "held", "{:?}", future.body);
    assert_eq!(future.body["requestId"], early.body["requestId"]);
    let requests = app.get_as(&admin, &format!("/server/v1/timesheet/requests?ts={tracking}")).await;
    assert_eq!(requests.body["requests"].as_array().map(Vec::len), Some(1), "{:?}", requests.body);
    let details = app.get_as(&admin, &format!("/server/v1/timesheet/details?ts={tracking}")).await;
    assert_eq!(details.body["entryStatus"], 2, "pending approval");
    let flags = details.body["offlinePresses"].as_array().unwrap();
    assert_eq!(flags.len(), 2);
    assert!(flags.iter().all(|flag| flag["heldReason"].is_string()));
}

#[actix_web::test]
async fn a_bad_offline_press_is_refused_field_by_field() {
    let app = spawn_app().await;
    let (_, token, _) = company_with_employee(&app).await;
    let no_key =
        app.post_as(&token, "/server/v1/clock/offline-press", press("start", &Value::Null, Utc::now(), 0)).await;
    assert_eq!(no_key.status, 400, "{:?}", no_key.body);
    assert!(!no_key.body["errors"]["Idempotency-Key"].is_null(), "{:?}", no_key.body);
    let bad = offline(
        &app,
        &token,
        "bad-1",
        json!({"action": "lunch", "deviceTime": "yesterday", "serverOffsetMs": 99_999_999_999_i64}),
    )
    .await;
    assert_eq!(bad.status, 400, "{:?}", bad.body);
    for field in ["action", "deviceTime", "serverOffsetMs"] {
        assert!(!bad.body["errors"][field].is_null(), "{field}: {:?}", bad.body);
    }
    // The most negative offset a number can hold: refused like any other, not an overflow.
    let lowest = offline(
        &app,
        &token,
        "bad-3",
        json!({"action": "start", "deviceTime": Utc::now().to_rfc3339(), "serverOffsetMs": i64::MIN}),
    )
    .await;
    assert_eq!((lowest.status, lowest.field("serverOffsetMs").len()), (400, 1), "{:?}", lowest.body);
    // A break with no shift anywhere: the clock's own refusal, nothing kept.
    let lone = offline(&app, &token, "bad-2", press("break", &Value::Null, Utc::now(), 0)).await;
    assert_eq!(lone.status, 409, "{:?}", lone.body);
}

#[actix_web::test]
async fn the_same_press_sent_at_once_many_times_is_made_once() {
    let app = spawn_app().await;
    let (admin, token, employee) = company_with_employee(&app).await;
    let when = (Utc::now() - Duration::minutes(3)).trunc_subsecs(0);
    let sends = (0..8).map(|_| offline(&app, &token, "race-1", press("start", &Value::Null, when, 0)));
    let replies = futures_util::future::join_all(sends).await;
    for reply in &replies {
        assert_eq!(reply.status, 200, "{:?}", reply.body);
        assert_eq!(reply.body["outcome"], "applied");
    }
    let online = (0..8).map(|_| {
        let tracking = replies[0].body["status"]["trackingNumber"].clone();
        let path = format!("/server/v1/clock/take-break?trackingNumber={tracking}");
        let token = token.clone();
        let app = &app;
        async move { app.post_keyed_as(&token, "race-2", &path, json!({})).await }
    });
    for reply in futures_util::future::join_all(online).await {
        assert_eq!(reply.status, 200, "{:?}", reply.body);
        assert_eq!(reply.body["status"], 2);
    }
    let shifts = shifts_of(&app, &admin, employee).await;
    assert_eq!(shifts.len(), 1);
    assert_eq!(shifts[0]["breaks"].as_array().unwrap().len(), 1);
}
