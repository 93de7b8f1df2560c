//! Another company's data is unreachable: its ids answer exactly like ids that do not exist.
//! Every endpoint that takes an id belongs in `ID_ENDPOINTS`.

use crate::helpers::{spawn_app, unique_email, Reply, TestApp};
use kernel::Role;

/// (method, path with `{id}` where an employee id goes).
const ID_ENDPOINTS: &[(&str, &str)] = &[("GET", "/server/v1/manage/user-data?id={id}")];

async fn call(app: &TestApp, token: &str, method: &str, path: &str, id: i64) -> Reply {
    let path = path.replace("{id}", &id.to_string());
    match method {
        "GET" => app.get_as(token, &path).await,
        _ => app.post_as(token, &path, serde_json::json!({ "id": id })).await,
    }
}

fn without_request_id(reply: &Reply) -> serde_json::Value {
    let mut body = reply.body.clone();
    body.as_object_mut().unwrap().remove("requestId");
    body
}

#[actix_web::test]
async fn another_companys_ids_look_exactly_like_missing_ones() {
    let app = spawn_app().await;
    let admin_a = unique_email("admin-a");
    let admin_b = unique_email("admin-b");
    let token_a = app.admin_of_new_company("Company A", &admin_a).await;
    app.admin_of_new_company("Company B", &admin_b).await;
    let company_a = app.company_of(&admin_a).await;
    let company_b = app.company_of(&admin_b).await;
    let own = app.add_person(company_a.id, &unique_email("a-emp"), Role::Employee, None).await;
    let foreign = app.add_person(company_b.id, &unique_email("b-emp"), Role::Employee, None).await;
    let missing = foreign + 1_000_000;

    for (method, path) in ID_ENDPOINTS {
        let mine = call(&app, &token_a, method, path, own).await;
        assert_eq!(mine.status, 200, "{method} {path} on an own id: {:?}", mine.body);
        let theirs = call(&app, &token_a, method, path, foreign).await;
        let nobody = call(&app, &token_a, method, path, missing).await;
        assert_eq!(theirs.status, 404, "{method} {path} on another company's id");
        assert_eq!(without_request_id(&theirs), without_request_id(&nobody), "{method} {path}");
    }
}

#[actix_web::test]
async fn a_manager_reaches_their_reports_and_themselves_an_employee_nobody() {
    let app = spawn_app().await;
    let admin = unique_email("admin");
    app.admin_of_new_company("Scoped", &admin).await;
    let company = app.company_of(&admin).await;
    let manager_email = unique_email("manager");
    let manager = app.add_person(company.id, &manager_email, Role::Manager, None).await;
    let report = app.add_person(company.id, &unique_email("report"), Role::Employee, Some(manager)).await;
    let employee_email = unique_email("other");
    let other = app.add_person(company.id, &employee_email, Role::Employee, None).await;

    let token = app.token_of(&manager_email).await;
    let path = |id: i64| format!("/server/v1/manage/user-data?id={id}");
    assert_eq!(app.get_as(&token, &path(report)).await.status, 200);
    assert_eq!(app.get_as(&token, &path(manager)).await.status, 200);
    assert_eq!(app.get_as(&token, &path(other)).await.status, 404);

    let admin_token = app.token_of_admin(&admin).await;
    let reply = app.get_as(&admin_token, &path(report)).await;
    assert_eq!(reply.body["managerId"], manager);
    assert_eq!(reply.body["permission"], "User");

    let employee_token = app.token_of(&employee_email).await;
    let reply = app.get_as(&employee_token, &path(other)).await;
    assert_eq!((reply.status, reply.code()), (403, "forbidden"));
    assert_eq!(app.get_as(&token, "/server/v1/manage/user-data?id=abc").await.status, 400);
}

impl TestApp {
    async fn token_of_admin(&self, email: &str) -> String {
        self.token_of(email).await
    }
}
