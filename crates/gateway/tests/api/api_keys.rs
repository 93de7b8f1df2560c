//! Company API keys (issue 43, `docs/contracts/api-keys.md`): created by admins with scopes and
//! an expiry, the secret shown once and stored hashed; a key acts as its admin on the routes of
//! its scopes only, never in another company; revoked, expired and orphaned keys are refused;
//! requests are throttled per key in the database; the OpenAPI document marks each operation a
//! scope opens.

use crate::helpers::{spawn_app, spawn_app_with, unique_email, TestApp};
use accounts::api_keys::{ApiScope, KeyRateLimit};
use accounts::AccountsConfig;
use kernel::Role;
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{json, Value};

struct Company {
    admin: String,
    admin_id: i64,
    employee_id: i64,
    company: i64,
}

async fn company(app: &TestApp) -> Company {
    let admin_email = unique_email("keys-admin");
    let admin = app.admin_of_new_company("Keys Co", &admin_email).await;
    let company = app.company_of(&admin_email).await.id.0;
    let employee_id = app.add_person(company, &unique_email("keys-employee"), Role::Employee, None).await;
    let me = app.get_as(&admin, "/server/v1/auth/login-data").await;
    let admin_id = me.body["identity"]["eid"].as_i64().unwrap_or_default();
    Company { admin, admin_id, employee_id, company }
}

/// Creates a key with `scopes`; (its id, its secret).
async fn create_key(app: &TestApp, admin: &str, name: &str, scopes: &[ApiScope]) -> (i64, String) {
    let codes: Vec<&str> = scopes.iter().map(|scope| scope.code()).collect();
    let created = app.post_as(admin, "/server/v1/api-keys", json!({"name": name, "scopes": codes})).await;
    assert_eq!(created.status, 200, "{:?}", created.body);
    (created.body["key"]["id"].as_i64().unwrap(), created.body["secret"].as_str().unwrap().to_owned())
}

async fn sql(app: &TestApp, statement: &str) {
    let backend = app.db.get_database_backend();
    app.db.execute(Statement::from_string(backend, statement.to_owned())).await.unwrap();
}

#[actix_web::test]
async fn an_admin_creates_a_key_that_works_once_shown_and_is_listed_with_its_last_use() {
    let app = spawn_app().await;
    let co = company(&app).await;
    let (id, secret) = create_key(&app, &co.admin, "Payroll sync", &[ApiScope::TimeRead, ApiScope::PeopleRead]).await;
    assert!(secret.starts_with("tk_") && secret.len() > 70, "{secret}");

    // Listed without its secret, never used yet.
    let list = app.get_as(&co.admin, "/server/v1/api-keys").await;
    assert_eq!(list.status, 200);
    let key = &list.body["keys"][0];
    assert_eq!(key["id"], id);
    assert_eq!(key["name"], "Payroll sync");
    assert_eq!(key["scopes"], json!(["people:read", "time:read"]));
    assert_eq!(key["status"], "active");
    assert_eq!(key["createdBy"], co.admin_id);
    assert!(key["lastUsedAt"].is_null());
    assert!(secret.starts_with(key["prefix"].as_str().unwrap()));
    assert!(!list.body.to_string().contains(&secret));
    assert_eq!(list.body["scopes"].as_array().unwrap().len(), 6);
    // Only its hash is stored.
    let stored = app
        .db
        .query_one(Statement::from_string(
            app.db.get_database_backend(),
            format!("SELECT secret_hash FROM api_keys WHERE id = {id}"),
        ))
        .await
        .unwrap()
        .unwrap();
    let hash: String = stored.try_get("", "secret_hash").unwrap();
    assert_ne!(hash, secret);
    assert_eq!(hash, accounts::tokens::hash_token(&secret));

    // It reads the company's people, as the admin would.
    let people = app.get_as(&secret, "/server/v1/manage/employees").await;
    assert_eq!(people.status, 200, "{:?}", people.body);
    assert!(people.body.to_string().contains(&co.employee_id.to_string()));
    let week = app
        .get_as(
            &secret,
            &format!("/server/v1/timesheet/list?start=2026-10-01&end=2026-10-07&employeeId={}", co.employee_id),
        )
        .await;
    assert_eq!(week.status, 200, "{:?}", week.body);

    // Its use is listed: when, and from where.
    let list = app.get_as(&co.admin, "/server/v1/api-keys").await;
    assert!(list.body["keys"][0]["lastUsedAt"].is_string(), "{:?}", list.body);
    assert_eq!(list.body["keys"][0]["lastUsedIp"], "127.0.0.1");

    // Creating it is in the audit trail, without the secret.
    let trail = app.get_as(&co.admin, "/server/v1/audit?entity=api_key").await;
    let entry = &trail.body["entries"][0];
    assert_eq!(entry["action"], "created");
    assert_eq!(entry["entityId"], id.to_string());
    assert!(entry["changes"].to_string().contains("Payroll sync"));
    assert!(!trail.body.to_string().contains(&secret));
}

#[actix_web::test]
async fn bad_keys_are_refused_with_per_field_messages_and_only_admins_make_keys() {
    let app = spawn_app().await;
    let co = company(&app).await;
    let bad = app
        .post_as(
            &co.admin,
            "/server/v1/api-keys",
            json!({"name": "", "scopes": ["time:delete"], "expiresOn": "2020-01-01"}),
        )
        .await;
    assert_eq!(bad.status, 400, "{:?}", bad.body);
    assert_eq!(bad.field("name"), vec!["Please name the key"]);
    assert_eq!(bad.field("scopes"), vec!["There is no scope \"time:delete\""]);
    assert_eq!(bad.field("expiresOn"), vec!["The expiry must be after today"]);
    let bad = app.post_as(&co.admin, "/server/v1/api-keys", json!({"name": "a\u{1b}b", "scopes": ["time:read"]})).await;
    assert_eq!(bad.status, 400);
    assert_eq!(bad.field("name"), vec![kernel::validation::CONTROL_CHARACTER_MESSAGE]);
    let bad = app.post_as(&co.admin, "/server/v1/api-keys", json!({"name": "Nothing", "scopes": []})).await;
    assert_eq!(bad.field("scopes"), vec!["Please choose at least one scope"]);
    let bad = app
        .post_as(&co.admin, "/server/v1/api-keys", json!({"name": "x", "scopes": ["time:read"], "expiresOn": "soon"}))
        .await;
    assert_eq!(bad.field("expiresOn"), vec!["Please enter a date as YYYY-MM-DD"]);
    let list = app.get_as(&co.admin, "/server/v1/api-keys").await;
    assert_eq!(list.body["keys"], json!([]));

    // A manager cannot; support acting as the admin cannot either.
    let manager_email = unique_email("keys-manager");
    app.add_person(co.company, &manager_email, Role::Manager, None).await;
    let manager = app.token_of(&manager_email).await;
    let refused = app.post_as(&manager, "/server/v1/api-keys", json!({"name": "x", "scopes": ["time:read"]})).await;
    assert_eq!(refused.status, 403);
    let admin_email = app.get_as(&co.admin, "/server/v1/auth/login-data").await.body["identity"]["email"]
        .as_str()
        .unwrap()
        .to_owned();
    let operator = app.operator_token().await;
    let support = app.impersonate(&operator, &admin_email).await;
    let refused = app.post_as(&support, "/server/v1/api-keys", json!({"name": "x", "scopes": ["time:read"]})).await;
    assert_eq!(refused.status, 403);
    assert_eq!(refused.body["message"], "Support cannot change this while acting as the user.");
}

#[actix_web::test]
async fn a_key_reaches_only_its_scopes_and_its_company() {
    let app = spawn_app().await;
    let co = company(&app).await;
    let other = company(&app).await;
    let (_, secret) = create_key(&app, &co.admin, "Reader", &[ApiScope::TimeRead]).await;

    // A scope it does not have.
    let refused = app.post_as(&secret, "/server/v1/timesheet/remove?ts=1", json!({})).await;
    assert_eq!(refused.status, 403);
    assert_eq!(refused.body["message"], "This API key does not have the scope \"time:write\" this route needs.");
    let refused = app.get_as(&secret, "/server/v1/manage/employees").await;
    assert_eq!(refused.status, 403);
    // Routes no scope opens: the account, billing, keys, settings; the system area is not there.
    for path in [
        "/server/v1/company/profile",
        "/server/v1/myaccount/charges?page=1",
        "/server/v1/api-keys",
        "/server/v1/auth/login-data",
    ] {
        let refused = app.get_as(&secret, path).await;
        assert_eq!(refused.status, 403, "{path}: {:?}", refused.body);
        assert_eq!(refused.body["message"], "API keys cannot call this route.");
    }
    let refused = app.post_as(&secret, "/server/v1/api-keys", json!({"name": "x", "scopes": ["time:read"]})).await;
    assert_eq!(refused.status, 403);
    assert_eq!(app.get_as(&secret, "/server/v1/system/audit").await.status, 404);
    // Another company's person is as missing as an id that does not exist.
    let elsewhere = app
        .get_as(
            &secret,
            &format!("/server/v1/timesheet/list?start=2026-10-01&end=2026-10-07&employeeId={}", other.employee_id),
        )
        .await;
    assert_eq!(elsewhere.status, 404, "{:?}", elsewhere.body);
    // An unknown key.
    let unknown = app.get_as("tk_00000000_0000", "/server/v1/timesheet/team?span=payPeriod").await;
    assert_eq!(unknown.status, 401);
    assert_eq!(unknown.body["message"], "This API key is not valid.");
}

#[actix_web::test]
async fn revoked_expired_and_orphaned_keys_stop_at_once() {
    let app = spawn_app().await;
    let co = company(&app).await;
    let path = "/server/v1/timesheet/team?span=payPeriod";

    let (id, secret) = create_key(&app, &co.admin, "Revoked", &[ApiScope::TimeRead]).await;
    assert_eq!(app.get_as(&secret, path).await.status, 200);
    let revoked = app.post_as(&co.admin, &format!("/server/v1/api-keys/revoke?id={id}"), json!({})).await;
    assert_eq!(revoked.status, 200);
    assert_eq!(revoked.body["keys"][0]["status"], "revoked");
    let refused = app.get_as(&secret, path).await;
    assert_eq!(refused.status, 401);
    assert_eq!(refused.body["message"], "This API key has been revoked.");
    let trail = app.get_as(&co.admin, "/server/v1/audit?entity=api_key").await;
    assert_eq!(trail.body["entries"][0]["action"], "deleted");

    // Expired: past the end of its last day.
    let (id, secret) = create_key(&app, &co.admin, "Expiring", &[ApiScope::TimeRead]).await;
    assert_eq!(app.get_as(&secret, path).await.status, 200);
    sql(&app, &format!("UPDATE api_keys SET expires_at = '2020-01-02 00:00:00+00:00' WHERE id = {id}")).await;
    let refused = app.get_as(&secret, path).await;
    assert_eq!(refused.status, 401);
    assert_eq!(refused.body["message"], "This API key has expired.");
    let list = app.get_as(&co.admin, "/server/v1/api-keys").await;
    assert_eq!(list.body["keys"][0]["status"], "expired");

    // Another company cannot revoke it: the same 404 as a missing id.
    let other = company(&app).await;
    let (id, secret) = create_key(&app, &co.admin, "Orphan", &[ApiScope::TimeRead]).await;
    assert_eq!(app.post_as(&other.admin, &format!("/server/v1/api-keys/revoke?id={id}"), json!({})).await.status, 404);

    // Its admin is no longer an admin: the key stops.
    sql(&app, &format!("UPDATE users SET role = 'manager' WHERE id = {}", co.admin_id)).await;
    let refused = app.get_as(&secret, path).await;
    assert_eq!(refused.status, 401);
    assert_eq!(refused.body["message"], accounts::api_keys::KEY_OWNER_GONE);
}

#[actix_web::test]
async fn changes_made_through_a_key_are_the_admins_from_the_api_with_the_key_named() {
    let app = spawn_app().await;
    let co = company(&app).await;
    let (id, secret) = create_key(&app, &co.admin, "Shift robot", &[ApiScope::TimeWrite]).await;
    let shift = app
        .post_as(
            &secret,
            "/server/v1/timesheet/edit",
            json!({"employeeId": co.employee_id, "start": "2026-10-05 09:00:00", "end": "2026-10-05 17:00:00"}),
        )
        .await;
    assert_eq!(shift.status, 201, "{:?}", shift.body);
    let trail = app.get_as(&co.admin, "/server/v1/audit?entity=shift").await;
    let entry = &trail.body["entries"][0];
    assert_eq!(entry["action"], "created");
    assert_eq!(entry["client"], "api");
    assert_eq!(entry["actor"]["id"], co.admin_id);
    assert_eq!(entry["person"]["id"], co.employee_id);
    assert_eq!(entry["apiKey"], json!({"id": id, "name": "Shift robot"}));
    let (status, _, csv) = app.get_bytes_as(&co.admin, "/server/v1/audit/export?entity=shift").await;
    assert_eq!(status, 200);
    assert!(String::from_utf8_lossy(&csv).contains("api (Shift robot)"));
}

#[actix_web::test]
async fn requests_past_a_keys_limit_wait_and_every_request_at_once_is_counted() {
    let app = spawn_app_with(AccountsConfig {
        api_key_rate: KeyRateLimit { requests: 10, window: chrono::Duration::minutes(1) },
        ..AccountsConfig::default()
    })
    .await;
    let co = company(&app).await;
    let (_, secret) = create_key(&app, &co.admin, "Busy", &[ApiScope::TimeOffRead]).await;
    let (_, calm) = create_key(&app, &co.admin, "Calm", &[ApiScope::TimeOffRead]).await;
    let path = "/server/v1/holiday/list";
    // Sixteen at once: exactly ten through, whatever the interleaving.
    let answers = futures_util::future::join_all((0..16).map(|_| app.get_as(&secret, path))).await;
    let through = answers.iter().filter(|reply| reply.status == 200).count();
    let waiting: Vec<&Value> = answers.iter().filter(|reply| reply.status == 429).map(|reply| &reply.body).collect();
    assert_eq!((through, waiting.len()), (10, 6), "{:?}", answers.iter().map(|reply| reply.status).collect::<Vec<_>>());
    assert_eq!(waiting[0]["code"], "too_many_requests");
    assert!(waiting[0]["message"].as_str().unwrap().starts_with("Too many requests with this API key."));
    // The limit is the key's: another key of the company goes on.
    assert_eq!(app.get_as(&calm, path).await.status, 200);
    // A new window starts once the minute is over.
    sql(&app, "UPDATE api_keys SET window_started_at = '2020-01-01 00:00:00+00:00'").await;
    assert_eq!(app.get_as(&secret, path).await.status, 200);
}

#[actix_web::test]
async fn every_operation_a_scope_opens_is_marked_in_the_document_and_needs_that_scope() {
    let doc = serde_json::to_value(gateway::openapi::document()).unwrap();
    let mut marked: Vec<(String, String, ApiScope)> = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in ["get", "post"] {
            for requirement in item[method]["security"].as_array().into_iter().flatten() {
                if let Some(scopes) = requirement["api_key"].as_array() {
                    assert_eq!(scopes.len(), 1, "{method} {path} names one scope");
                    let scope = ApiScope::from_code(scopes[0].as_str().unwrap()).expect("a known scope");
                    marked.push((method.to_owned(), path.clone(), scope));
                }
            }
        }
    }
    for scope in ApiScope::ALL {
        assert!(marked.iter().any(|(_, _, marked)| *marked == scope), "no operation opens {}", scope.code());
    }
    assert!(doc["components"]["securitySchemes"]["api_key"].is_object());

    let app = spawn_app().await;
    let co = company(&app).await;
    let mut only = std::collections::HashMap::new();
    let mut all_but = std::collections::HashMap::new();
    for scope in ApiScope::ALL {
        let others: Vec<ApiScope> = ApiScope::ALL.into_iter().filter(|other| *other != scope).collect();
        only.insert(scope, create_key(&app, &co.admin, scope.code(), &[scope]).await.1);
        all_but.insert(scope, create_key(&app, &co.admin, &format!("all but {}", scope.code()), &others).await.1);
    }
    for (method, path, scope) in &marked {
        let path = path.trim_start_matches("/server/v1");
        let call = |secret: String| {
            let url = format!("/server/v1{path}?employeeId={0}&eid={0}&id={0}", co.employee_id);
            let app = &app;
            let method = method.clone();
            async move {
                match method.as_str() {
                    "get" => app.get_as(&secret, &url).await,
                    _ => app.post_as(&secret, &url, json!({})).await,
                }
            }
        };
        let without = call(all_but[scope].clone()).await;
        assert_eq!(without.status, 403, "{method} {path} without {}: {:?}", scope.code(), without.body);
        assert!(without.body["message"].as_str().unwrap().contains(scope.code()), "{method} {path}");
        let with = call(only[scope].clone()).await;
        assert!(
            ![401, 403].contains(&with.status),
            "{method} {path} with {}: {} {:?}",
            scope.code(),
            with.status,
            with.body
        );
    }
}
