//! PTO types (issue 18, 002 §2–§7): admins add, edit and delete a company's types and give job
//! roles their own allowance; managers read them; another company's types are out of reach.

use crate::helpers::{spawn_app, unique_email, TestApp};
use kernel::Role;
use serde_json::{json, Value};

/// (admin token, manager token, company id).
async fn company(app: &TestApp, name: &str) -> (String, String, i64) {
    let admin = unique_email("admin");
    let admin_token = app.admin_of_new_company(name, &admin).await;
    let company = app.company_of(&admin).await;
    let manager = unique_email("manager");
    app.add_person(company.id, &manager, Role::Manager, None).await;
    (admin_token, app.token_of(&manager).await, company.id.0)
}

async fn job_role(app: &TestApp, token: &str, name: &str) -> i64 {
    let reply = app.post_as(token, "/server/v1/settings/update-role-type", json!({ "name": name })).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    reply.body["id"].as_i64().unwrap()
}

async fn types(app: &TestApp, token: &str) -> Vec<Value> {
    let reply = app.get_as(token, "/server/v1/settings/data").await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    reply.body["ptotypes"].as_array().unwrap().clone()
}

#[actix_web::test]
async fn an_admin_keeps_the_companys_pto_types() {
    let app = spawn_app().await;
    let (admin, manager, _) = company(&app, "Types Co").await;
    let producer = job_role(&app, &admin, "Producer").await;

    // A new type from the screen: a temporary negative id, paid, not yet available.
    let created = app
        .post_as(
            &admin,
            "/server/v1/settings/update-pto-type",
            json!({"id": -1, "name": "Vacation", "color": "#2F9E44"}),
        )
        .await;
    assert_eq!(created.status, 200, "{:?}", created.body);
    let vacation = created.body["id"].as_i64().unwrap();
    assert!(vacation > 0);
    assert_eq!(
        (&created.body["payable"], &created.body["available"], &created.body["color"], &created.body["allowDelete"]),
        (&json!(1), &json!(0), &json!("#2f9e44"), &json!(true))
    );

    // A job role's own allowance, as a number with decimals; then edited as text.
    let edited = app
        .post_as(
            &admin,
            "/server/v1/settings/update-pto-type",
            json!({"id": vacation, "name": "Vacation", "color": "#2f9e44", "payable": 1, "available": 1,
                   "overrides": [{"jobroleId": producer, "hours": 120.5}]}),
        )
        .await;
    assert_eq!(edited.status, 200, "{:?}", edited.body);
    assert_eq!(edited.body["overrides"], json!([{"jobroleId": producer, "hours": 120.5}]));
    assert_eq!(edited.body["available"], 1);
    let sick = app.post_as(&admin, "/server/v1/settings/update-pto-type", json!({"name": "Sick", "payable": 0})).await;
    assert_eq!(sick.body["payable"], 0);

    // Managers read what admins set.
    let listed = types(&app, &manager).await;
    let names: Vec<&str> = listed.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Sick", "Vacation"]);
    assert_eq!(listed[1]["overrides"][0]["hours"], 120.5);

    // Saving without overrides clears them; deleting hides the type and frees its name.
    let cleared =
        app.post_as(&admin, "/server/v1/settings/update-pto-type", json!({"id": vacation, "name": "Vacation"})).await;
    assert_eq!(cleared.body["overrides"], json!([]));
    let deleted = app.post_as(&admin, &format!("/server/v1/settings/inactive-pto-type?id={vacation}"), json!({})).await;
    assert_eq!(deleted.status, 200, "{:?}", deleted.body);
    assert_eq!(types(&app, &admin).await.len(), 1);
    let again = app.post_as(&admin, &format!("/server/v1/settings/inactive-pto-type?id={vacation}"), json!({})).await;
    assert_eq!(again.status, 404);
    let edit_deleted =
        app.post_as(&admin, "/server/v1/settings/update-pto-type", json!({"id": vacation, "name": "Back"})).await;
    assert_eq!(edit_deleted.status, 404);
    let reused = app.post_as(&admin, "/server/v1/settings/update-pto-type", json!({"name": "vacation"})).await;
    assert_eq!(reused.status, 200, "{:?}", reused.body);
}

#[actix_web::test]
async fn bad_pto_type_forms_get_the_field_and_its_message() {
    let app = spawn_app().await;
    let (admin, _, _) = company(&app, "Forms Co").await;
    let role = job_role(&app, &admin, "CSR").await;
    let save = |body: Value| app.post_as(&admin, "/server/v1/settings/update-pto-type", body);

    assert_eq!(save(json!({"name": "  "})).await.field("name"), ["Please input the Name"]);
    assert_eq!(save(json!({"name": "Vacation", "color": "green"})).await.field("color"), [pto::types::COLOR_INVALID]);
    assert_eq!(save(json!({"name": "Vacation", "payable": 7})).await.status, 400);
    for hours in [json!("12.5.3"), json!("ten"), json!(-1), json!(1.005), json!(9000)] {
        let reply = save(json!({"name": "Vacation", "overrides": [{"jobroleId": role, "hours": hours}]})).await;
        assert_eq!(reply.field("overrides[0].hours"), [pto::types::OVERRIDE_HOURS_INVALID], "{hours}");
    }
    let unknown_role = save(json!({"name": "Vacation", "overrides": [{"jobroleId": 999_999, "hours": 8}]})).await;
    assert_eq!(unknown_role.field("overrides[0].jobroleId"), [pto::types::OVERRIDE_ROLE_INVALID]);
    assert_eq!(save(json!({"name": "Vacation"})).await.status, 200);
    let duplicate = save(json!({"name": "VACATION"})).await;
    assert_eq!(duplicate.field("name"), [pto::types::DUPLICATE_TYPE]);
    let nul = save(json!({"name": "Vaca\u{0}tion"})).await;
    assert_eq!(nul.status, 400);
    // Nothing bad was saved.
    assert_eq!(types(&app, &admin).await.len(), 1);
}

#[actix_web::test]
async fn pto_types_are_the_admins_and_stay_in_their_company() {
    let app = spawn_app().await;
    let (admin, manager, company_id) = company(&app, "Own Co").await;
    let (other_admin, _, _) = company(&app, "Other Co").await;
    let employee_email = unique_email("employee");
    app.add_person(company_id, &employee_email, Role::Employee, None).await;
    let employee = app.token_of(&employee_email).await;

    let created = app.post_as(&admin, "/server/v1/settings/update-pto-type", json!({"name": "Vacation"})).await;
    let id = created.body["id"].as_i64().unwrap();
    for token in [&manager, &employee] {
        let write = app.post_as(token, "/server/v1/settings/update-pto-type", json!({"id": id, "name": "Mine"})).await;
        assert_eq!(write.status, 403);
        let delete = app.post_as(token, &format!("/server/v1/settings/inactive-pto-type?id={id}"), json!({})).await;
        assert_eq!(delete.status, 403);
    }
    assert_eq!(app.get_as(&employee, "/server/v1/settings/data").await.status, 403);

    // Another company's admin: the same 404 as an id that does not exist, and nothing changes.
    let edit =
        app.post_as(&other_admin, "/server/v1/settings/update-pto-type", json!({"id": id, "name": "Theirs"})).await;
    assert_eq!(edit.status, 404);
    let delete = app.post_as(&other_admin, &format!("/server/v1/settings/inactive-pto-type?id={id}"), json!({})).await;
    assert_eq!(delete.status, 404);
    assert!(types(&app, &other_admin).await.is_empty());
    // Nor may a type name another company's job role.
    let their_role = job_role(&app, &other_admin, "Theirs").await;
    let borrowed = app
        .post_as(
            &admin,
            "/server/v1/settings/update-pto-type",
            json!({"id": id, "name": "Vacation", "overrides": [{"jobroleId": their_role, "hours": 8}]}),
        )
        .await;
    assert_eq!(borrowed.field("overrides[0].jobroleId"), [pto::types::OVERRIDE_ROLE_INVALID]);
    assert_eq!(types(&app, &admin).await[0]["name"], "Vacation");
}
