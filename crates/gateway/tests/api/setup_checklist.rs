//! The guided start (issue 36): a new company's checklist ticks each item from its own data, and
//! its admin may hide it; managers do not see it.

use crate::helpers::{spawn_app, unique_email, Reply};
use kernel::Role;
use serde_json::{json, Value};

fn ok(reply: Reply) -> Value {
    assert!(reply.status < 300, "{} {:?}", reply.status, reply.body);
    reply.body
}

fn done(checklist: &Value) -> Vec<&str> {
    checklist["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|item| item["done"] == true)
        .map(|item| item["key"].as_str().unwrap())
        .collect()
}

#[actix_web::test]
async fn a_new_companys_checklist_ticks_itself_and_can_be_hidden() {
    let app = spawn_app().await;
    let email = unique_email("admin");
    let admin = app.admin_of_new_company("Fresh Agency", &email).await;
    let company = app.company_of(&email).await.id.0;
    let start = ok(app.get_as(&admin, "/server/v1/dashboard/setup").await);
    let keys: Vec<&str> = start["items"].as_array().unwrap().iter().map(|item| item["key"].as_str().unwrap()).collect();
    assert_eq!(keys, ["company", "payPeriod", "jobRoles", "timeOff", "holidays", "people", "policy"]);
    assert_eq!(done(&start), Vec::<&str>::new());
    assert_eq!((start["dismissed"].as_bool(), start["complete"].as_bool()), (Some(false), Some(false)));

    ok(app.post_as(&admin, "/server/v1/settings/update", json!({"payCycle": "biweekly"})).await);
    ok(app.post_as(&admin, "/server/v1/settings/update-role-type", json!({"name": "Producer"})).await);
    let year = ok(app.get_as(&admin, "/server/v1/pto-manage/data").await)["currentYear"].as_i64().unwrap();
    ok(app.post_as(&admin, &format!("/server/v1/holiday/create-defaults?year={year}"), json!({})).await);
    let manager_email = unique_email("manager");
    app.add_person(company, &manager_email, Role::Manager, None).await;
    let ticked = ok(app.get_as(&admin, "/server/v1/dashboard/setup").await);
    assert_eq!(done(&ticked), ["payPeriod", "jobRoles", "holidays", "people"]);

    // A PTO type alone is not enough: a plan must use it.
    let vacation = ok(app.post_as(&admin, "/server/v1/settings/update-pto-type", json!({"name": "Vacation"})).await)
        ["id"]
        .as_i64()
        .unwrap();
    assert!(!done(&ok(app.get_as(&admin, "/server/v1/dashboard/setup").await)).contains(&"timeOff"));
    ok(app
        .post_as(
            &admin,
            "/server/v1/settings/save-pto-plan",
            json!({"name": "Standard", "year": year, "assignType": "none",
                   "rules": [{"ptoTypeId": vacation, "method": "PER_CALENDAR_YEAR", "rate": 80, "rateUnit": 1}]}),
        )
        .await);
    assert!(done(&ok(app.get_as(&admin, "/server/v1/dashboard/setup").await)).contains(&"timeOff"));

    // Managers have no checklist; the admin hides it and may show it again.
    let manager = app.token_of(&manager_email).await;
    assert_eq!(app.get_as(&manager, "/server/v1/dashboard/setup").await.status, 403);
    let bad = app.post_as(&admin, "/server/v1/dashboard/setup-dismiss", json!({})).await;
    assert_eq!(bad.status, 400);
    assert!(bad.body["errors"]["dismissed"].is_array(), "{:?}", bad.body);
    assert_eq!(
        ok(app.post_as(&admin, "/server/v1/dashboard/setup-dismiss", json!({"dismissed": true})).await)["dismissed"],
        true
    );
    assert_eq!(ok(app.get_as(&admin, "/server/v1/dashboard/setup").await)["dismissed"], true);
    assert_eq!(
        ok(app.post_as(&admin, "/server/v1/dashboard/setup-dismiss", json!({"dismissed": false})).await)["dismissed"],
        false
    );
}
