//! Issue 40, places: work locations with a geofence and an IP allow-list, in flag and block
//! modes; every press keeps its source and place verdict; positions are forgotten after the
//! company's retention days.

use crate::clock::company_with_employee;
use crate::helpers::{spawn_app, spawn_app_behind_proxy, Reply, TestApp};
use chrono::{Duration, Utc};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{json, Value};
use std::net::IpAddr;

/// A stored press as the database holds it (the position and address never leave the server,
/// so they are read from the table itself, as the retention job sees them).
#[derive(Debug)]
struct StoredPress {
    location_id: Option<i64>,
    place_verdict: Option<String>,
    latitude: Option<f64>,
    longitude: Option<f64>,
    accuracy_m: Option<i32>,
    client_ip: Option<String>,
}

async fn stored_presses(app: &TestApp) -> Vec<StoredPress> {
    let sql = "SELECT location_id, place_verdict, latitude, longitude, accuracy_m, client_ip FROM time_entry_actions ORDER BY id";
    let rows = app.db.query_all(Statement::from_string(app.db.get_database_backend(), sql)).await.unwrap();
    rows.iter()
        .map(|row| StoredPress {
            location_id: row.try_get("", "location_id").unwrap(),
            place_verdict: row.try_get("", "place_verdict").unwrap(),
            latitude: row.try_get("", "latitude").unwrap(),
            longitude: row.try_get("", "longitude").unwrap(),
            accuracy_m: row.try_get("", "accuracy_m").unwrap(),
            client_ip: row.try_get("", "client_ip").unwrap(),
        })
        .collect()
}

/// The office's centre.
const LAT: f64 = 40.0;
const LON: f64 = -75.0;

/// A position `metres` north of the office, with its accuracy.
fn north(metres: f64, accuracy: f64) -> Value {
    json!({"position": {"latitude": LAT + metres / 111_195.0, "longitude": LON, "accuracy": accuracy,
                        "takenAt": Utc::now().to_rfc3339()}})
}

async fn office(app: &TestApp, admin: &str, extra: Value) -> i64 {
    let mut body = json!({"name": "Main Office", "timeZone": "America/New_York", "address": "1 Main St",
                          "latitude": LAT, "longitude": LON});
    for (key, value) in extra.as_object().unwrap() {
        body[key] = value.clone();
    }
    let saved = app.post_as(admin, "/server/v1/locations/save", body).await;
    assert_eq!(saved.status, 200, "{:?}", saved.body);
    saved.body["id"].as_i64().unwrap()
}

async fn hold(app: &TestApp, admin: &str, location: i64, employee: i64) {
    let held =
        app.post_as(admin, &format!("/server/v1/locations/people?id={location}"), json!({"add": [employee]})).await;
    assert_eq!(held.status, 200, "{:?}", held.body);
    assert_eq!(held.body["people"], json!([employee]));
}

async fn end(app: &TestApp, token: &str, started: &Reply, body: Value) -> Reply {
    let tracking = &started.body["trackingNumber"];
    app.post_as(token, &format!("/server/v1/clock/end?trackingNumber={tracking}"), body).await
}

/// The shift's presses as the timesheet shows them: (action, source, flag).
async fn history(app: &TestApp, token: &str, started: &Reply) -> Vec<(String, String, Option<String>)> {
    let details =
        app.get_as(token, &format!("/server/v1/timesheet/details?ts={}", started.body["trackingNumber"])).await;
    assert_eq!(details.status, 200, "{:?}", details.body);
    details.body["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|press| {
            (
                press["actionType"].as_str().unwrap().to_owned(),
                press["source"].as_str().unwrap().to_owned(),
                press["placeFlag"].as_str().map(str::to_owned),
            )
        })
        .collect()
}

#[actix_web::test]
async fn locations_are_checked_field_by_field_and_bad_input_saves_nothing() {
    let app = spawn_app().await;
    let (admin, _, employee) = company_with_employee(&app).await;
    let id =
        office(&app, &admin, json!({"ipAllow": ["203.0.113.0/24", "2001:db8::/32"], "geofenceMode": "block"})).await;
    let bad = app
        .post_as(
            &admin,
            "/server/v1/locations/save",
            json!({"id": id, "name": "Main Office", "latitude": 91, "longitude": -181, "radiusM": 49,
                   "ipAllow": ["10.0.0.0/33", "not-an-address"], "ipMode": "warn"}),
        )
        .await;
    assert_eq!(bad.status, 400, "{:?}", bad.body);
    for field in ["latitude", "longitude", "radiusM", "ipAllow[0]", "ipAllow[1]", "ipMode"] {
        assert!(bad.body["errors"][field].is_array(), "{field}: {:?}", bad.body);
    }
    let far = app
        .post_as(
            &admin,
            "/server/v1/locations/save",
            json!({"name": "Far", "latitude": 1, "longitude": 1, "radiusM": 50_001}),
        )
        .await;
    assert_eq!(far.status, 400);
    let list = app.get_as(&admin, "/server/v1/locations").await;
    assert_eq!(list.body.as_array().unwrap().len(), 1, "nothing half-saved: {:?}", list.body);
    let saved = &list.body[0];
    assert_eq!((saved["radiusM"].as_i64(), saved["geofenceMode"].as_str()), (Some(150), Some("block")));
    assert_eq!(saved["ipAllow"], json!(["203.0.113.0/24", "2001:db8::/32"]));

    // The person's edit panel: their locations, all at once; a location of another company is
    // unknown (404), as a missing one.
    let set = app
        .post_as(&admin, &format!("/server/v1/locations/of-person?eid={employee}"), json!({"locationIds": [id]}))
        .await;
    assert_eq!((set.status, &set.body["locationIds"]), (200, &json!([id])));
    let (other_admin, _, _) = company_with_employee(&app).await;
    let theirs = office(&app, &other_admin, json!({})).await;
    let refused = app
        .post_as(&admin, &format!("/server/v1/locations/of-person?eid={employee}"), json!({"locationIds": [theirs]}))
        .await;
    assert_eq!(refused.status, 404);
    let hijack = app
        .post_as(&other_admin, &format!("/server/v1/locations/people?id={theirs}"), json!({"add": [employee]}))
        .await;
    assert_eq!(hijack.status, 404, "another company's person");
    let read = app.get_as(&admin, &format!("/server/v1/locations/of-person?eid={employee}")).await;
    assert_eq!(read.body["locationIds"], json!([id]), "unchanged by the refusals");

    // Deleting frees the people: presses are judged by no rule.
    let left = app.post_as(&admin, &format!("/server/v1/locations/delete?id={id}"), json!({})).await;
    assert_eq!((left.status, left.body.as_array().map(Vec::len)), (200, Some(0)));
    let read = app.get_as(&admin, &format!("/server/v1/locations/of-person?eid={employee}")).await;
    assert_eq!(read.body["locationIds"], json!([]));
}

#[actix_web::test]
async fn a_geofence_in_flag_mode_accepts_and_marks_presses_outside_or_uncertain() {
    let app = spawn_app().await;
    let (admin, token, employee) = company_with_employee(&app).await;
    // Nobody held to a location: nothing is judged, nothing kept.
    let free = app.post_as(&token, "/server/v1/clock/start", north(5_000.0, 10.0)).await;
    assert_eq!(free.status, 200, "{:?}", free.body);
    assert_eq!((free.body["workLocations"].clone(), free.body["asksPosition"].clone()), (json!([]), json!(false)));
    assert_eq!(history(&app, &token, &free).await, vec![("start".into(), "web".into(), None)]);
    let kept = stored_presses(&app).await;
    assert!(kept.iter().all(|press| press.latitude.is_none() && press.client_ip.is_none()));
    assert_eq!(end(&app, &token, &free, json!({})).await.status, 200);

    let location = office(&app, &admin, json!({})).await;
    hold(&app, &admin, location, employee).await;
    let status = app.get_as(&token, "/server/v1/clock/status").await;
    assert_eq!(
        (status.body["workLocations"].clone(), status.body["asksPosition"].clone()),
        (json!(["Main Office"]), json!(true))
    );
    // 562 m north, ±35 m: 412 m outside the 150 m fence.
    let outside = app.post_as(&token, "/server/v1/clock/start", north(562.0, 35.0)).await;
    assert_eq!(outside.status, 200, "flag mode accepts: {:?}", outside.body);
    // 140 m north, ±40 m: the circle straddles the fence.
    let uncertain = end(&app, &token, &outside, north(140.0, 40.0)).await;
    assert_eq!(uncertain.status, 200);
    let marks = history(&app, &token, &outside).await;
    assert_eq!(marks[0], ("start".into(), "web".into(), Some("412 m outside Main Office, ±35 m".into())));
    assert!(marks[1].2.as_deref().unwrap().starts_with("Perhaps outside Main Office"), "{marks:?}");
    // The manager's view (the admin) shows the same marks.
    assert_eq!(history(&app, &admin, &outside).await, marks);

    // Inside: no mark; without a position in flag mode: marked, accepted.
    let inside = app.post_as(&token, "/server/v1/clock/start", north(50.0, 20.0)).await;
    assert_eq!(inside.status, 200);
    let blind = end(&app, &token, &inside, json!({})).await;
    assert_eq!(blind.status, 200);
    let marks = history(&app, &token, &inside).await;
    assert_eq!(marks[0].2, None);
    assert_eq!(marks[1].2.as_deref(), Some("No position shared at Main Office"));
    let stored: Vec<StoredPress> =
        stored_presses(&app).await.into_iter().filter(|press| press.location_id == Some(location)).collect();
    assert_eq!(
        stored.iter().map(|press| press.place_verdict.clone().unwrap()).collect::<Vec<_>>(),
        ["outside", "uncertain", "inside", "no_position"]
    );
    assert!(stored[0].latitude.is_some() && stored[0].accuracy_m == Some(35));
}

#[actix_web::test]
async fn a_geofence_in_block_mode_refuses_a_clock_in_outside_or_without_a_position_with_what_to_do() {
    let app = spawn_app().await;
    let (admin, token, employee) = company_with_employee(&app).await;
    let location = office(&app, &admin, json!({"geofenceMode": "block", "radiusM": 200})).await;
    hold(&app, &admin, location, employee).await;

    let outside = app.post_as(&token, "/server/v1/clock/start", north(712.0, 35.0)).await;
    assert_eq!(outside.status, 403, "{:?}", outside.body);
    assert_eq!(outside.body["code"], "outside_work_location");
    let message = outside.body["message"].as_str().unwrap();
    assert!(message.contains("512 m outside Main Office (±35 m)") && message.contains("ask your manager"), "{message}");
    let blind = app.post_as(&token, "/server/v1/clock/start", json!({})).await;
    assert_eq!(blind.status, 403);
    assert!(blind.body["message"].as_str().unwrap().contains("needs your position"));
    let rough = app.post_as(&token, "/server/v1/clock/start", north(0.0, 900.0)).await;
    assert_eq!(rough.status, 403, "a fix rougher than 500 m is no position");
    assert!(stored_presses(&app).await.is_empty(), "nothing pressed");

    // A position from the future, or out of range: 400, nothing pressed.
    let future = json!({"position": {"latitude": LAT, "longitude": LON, "accuracy": 10,
                                     "takenAt": (Utc::now() + Duration::hours(1)).to_rfc3339()}});
    let refused = app.post_as(&token, "/server/v1/clock/start", future).await;
    assert_eq!(refused.status, 400);
    assert!(refused.body["errors"]["position.takenAt"].is_array(), "{:?}", refused.body);
    let nowhere =
        json!({"position": {"latitude": 95, "longitude": LON, "accuracy": 10, "takenAt": Utc::now().to_rfc3339()}});
    assert_eq!(app.post_as(&token, "/server/v1/clock/start", nowhere).await.status, 400);

    // Uncertain is flagged, never blocked; a clock-out outside is never refused.
    let uncertain = app.post_as(&token, "/server/v1/clock/start", north(190.0, 30.0)).await;
    assert_eq!(uncertain.status, 200, "{:?}", uncertain.body);
    let away = end(&app, &token, &uncertain, north(5_000.0, 10.0)).await;
    assert_eq!(away.status, 200, "{:?}", away.body);
    let marks = history(&app, &token, &uncertain).await;
    assert!(marks[0].2.as_deref().unwrap().starts_with("Perhaps outside"));
    assert!(marks[1].2.as_deref().unwrap().contains("outside Main Office"));
    let inside = app.post_as(&token, "/server/v1/clock/start", north(20.0, 15.0)).await;
    assert_eq!(inside.status, 200);
}

/// A press through the proxy from `client`.
async fn press_from(app: &TestApp, token: &str, path: &str, client: &str) -> Reply {
    let mut response = app
        .client
        .post(app.url(path))
        .bearer_auth(token)
        .insert_header(("x-forwarded-for", client.to_owned()))
        .send_json(&json!({}))
        .await
        .unwrap();
    let status = response.status().as_u16();
    let bytes = response.body().await.unwrap();
    Reply {
        status,
        body: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        refreshed_token: None,
        request_id: None,
    }
}

#[actix_web::test]
async fn an_ip_allow_list_judges_the_client_the_trusted_proxy_names() {
    let app = spawn_app_behind_proxy(vec!["127.0.0.1".parse::<IpAddr>().unwrap()]).await;
    let (admin, token, employee) = company_with_employee(&app).await;
    let saved = app
        .post_as(
            &admin,
            "/server/v1/locations/save",
            json!({"name": "Main Office", "ipAllow": ["203.0.113.0/24", "2001:db8:42::/48"], "ipMode": "block"}),
        )
        .await;
    assert_eq!(saved.status, 200, "{:?}", saved.body);
    hold(&app, &admin, saved.body["id"].as_i64().unwrap(), employee).await;
    let status = app.get_as(&token, "/server/v1/clock/status").await;
    assert_eq!(status.body["asksPosition"], false, "no geofence: no position asked");

    let refused = press_from(&app, &token, "/server/v1/clock/start", "198.51.100.9").await;
    assert_eq!(refused.status, 403, "{:?}", refused.body);
    assert!(refused.body["message"].as_str().unwrap().contains("only from its own network"));
    let allowed = press_from(&app, &token, "/server/v1/clock/start", "203.0.113.40").await;
    assert_eq!(allowed.status, 200, "{:?}", allowed.body);
    let tracking = allowed.body["trackingNumber"].clone();
    // A clock-out from elsewhere is flagged, not refused.
    let out =
        press_from(&app, &token, &format!("/server/v1/clock/end?trackingNumber={tracking}"), "198.51.100.9").await;
    assert_eq!(out.status, 200);
    let marks = history(&app, &token, &allowed).await;
    assert_eq!(marks[0].2, None);
    assert_eq!(marks[1].2.as_deref(), Some("Network address 198.51.100.9 is not on Main Office's list"));
    // An IPv6 client inside the /48.
    let v6 = press_from(&app, &token, "/server/v1/clock/start", "2001:db8:42:1::7").await;
    assert_eq!(v6.status, 200, "{:?}", v6.body);
    let stored = stored_presses(&app).await;
    assert_eq!(
        stored.iter().map(|press| press.client_ip.clone().unwrap()).collect::<Vec<_>>(),
        ["203.0.113.40", "198.51.100.9", "2001:db8:42:1::7"]
    );
}

#[actix_web::test]
async fn positions_are_forgotten_after_the_retention_days_and_the_verdict_stays() {
    let app = spawn_app().await;
    let (admin, token, employee) = company_with_employee(&app).await;
    let location = office(&app, &admin, json!({})).await;
    hold(&app, &admin, location, employee).await;
    let bad = app.post_as(&admin, "/server/v1/settings/update", json!({"positionRetentionDays": 0})).await;
    assert_eq!(bad.status, 400);
    let set = app.post_as(&admin, "/server/v1/settings/update", json!({"positionRetentionDays": 7})).await;
    assert_eq!(set.body["settings"]["positionRetentionDays"], 7);
    let started = app.post_as(&token, "/server/v1/clock/start", north(600.0, 20.0)).await;
    assert_eq!(started.status, 200);

    let cleared = clock::places::retention::forget_positions(&app.db, Utc::now() + Duration::days(6)).await.unwrap();
    assert_eq!(cleared, 0, "within the week");
    let cleared = clock::places::retention::forget_positions(&app.db, Utc::now() + Duration::days(8)).await.unwrap();
    assert_eq!(cleared, 1);
    let again = clock::places::retention::forget_positions(&app.db, Utc::now() + Duration::days(8)).await.unwrap();
    assert_eq!(again, 0, "idempotent");
    let press = stored_presses(&app).await.into_iter().next().unwrap();
    assert_eq!((press.latitude, press.longitude, press.accuracy_m, press.client_ip), (None, None, None, None));
    assert_eq!(press.place_verdict.as_deref(), Some("outside"));
    assert_eq!(history(&app, &token, &started).await[0].2.as_deref(), Some("450 m outside Main Office, ±20 m"));
}
