//! What several instances on one database rely on (issue 25), checked on each database: one
//! token secret for all, migrations applied once when instances start together, readiness that
//! follows the schema, and the client's address through the deployment's proxies. The
//! two-instance harness (`just instances`) checks the same with real processes.

use crate::helpers::{spawn_app, unique_email, TestDatabase};
use sea_orm::{ConnectionTrait, Statement};
use std::net::IpAddr;

#[actix_web::test]
async fn every_instance_signs_with_the_one_secret_the_first_stored() {
    let database = TestDatabase::create().await;
    let first = gateway::db::connect(&database.url).await.unwrap();
    gateway::db::migrate(&first).await.unwrap();
    let second = gateway::db::connect(&database.url).await.unwrap();
    let (a, b) = ("a".repeat(64), "b".repeat(64));
    let (one, two) = tokio::join!(
        accounts::tokens::deployment_secret(&first, &a),
        accounts::tokens::deployment_secret(&second, &b),
    );
    let (one, two) = (one.unwrap(), two.unwrap());
    assert_eq!(one, two, "two instances starting together use one secret");
    assert!(one == a || one == b);
    // Later starts keep it, whatever they would have generated.
    assert_eq!(accounts::tokens::deployment_secret(&second, &"c".repeat(64)).await.unwrap(), one);
}

#[actix_web::test]
async fn instances_starting_together_apply_the_migrations_once() {
    let database = TestDatabase::create().await;
    let mut starts = Vec::new();
    for _ in 0..3 {
        let url = database.url.clone();
        starts.push(tokio::spawn(async move {
            let db = gateway::db::connect(&url).await.unwrap();
            gateway::db::migrate(&db).await
        }));
    }
    for start in starts {
        start.await.unwrap().unwrap();
    }
    let db = gateway::db::connect(&database.url).await.unwrap();
    assert_eq!(gateway::db::pending_migrations(&db).await.unwrap(), 0);
    let row = db
        .query_one(Statement::from_string(
            db.get_database_backend(),
            "SELECT COUNT(*) AS applied, COUNT(DISTINCT version) AS versions FROM seaql_migrations",
        ))
        .await
        .unwrap()
        .unwrap();
    let (applied, versions): (i64, i64) = (row.try_get("", "applied").unwrap(), row.try_get("", "versions").unwrap());
    assert_eq!(applied, versions);
    assert!(applied > 30);
}

#[actix_web::test]
async fn readiness_follows_the_schema_and_liveness_the_process() {
    let app = spawn_app().await;
    assert_eq!(app.get("/readyz").await.body["status"], "ready");
    // An instance of a newer build, before the migration it needs is applied: the newest one
    // missing from the record.
    let backend = app.db.get_database_backend();
    let newest = app
        .db
        .query_one(Statement::from_string(backend, "SELECT MAX(version) AS version FROM seaql_migrations"))
        .await
        .unwrap()
        .unwrap();
    let version: String = newest.try_get("", "version").unwrap();
    let applied_at = app
        .db
        .query_one(Statement::from_string(
            backend,
            format!("SELECT applied_at FROM seaql_migrations WHERE version = '{version}'"),
        ))
        .await
        .unwrap()
        .unwrap()
        .try_get::<i64>("", "applied_at")
        .unwrap();
    app.db
        .execute(Statement::from_string(backend, format!("DELETE FROM seaql_migrations WHERE version = '{version}'")))
        .await
        .unwrap();
    let reply = app.get("/readyz").await;
    assert_eq!((reply.status, reply.body["status"].as_str()), (503, Some("migrations pending")));
    assert_eq!(app.get("/healthz").await.status, 200, "alive all the same");
    app.db
        .execute(Statement::from_string(
            backend,
            format!("INSERT INTO seaql_migrations (version, applied_at) VALUES ('{version}', {applied_at})"),
        ))
        .await
        .unwrap();
    assert_eq!(app.get("/readyz").await.status, 200);
}

#[actix_web::test]
async fn the_proxy_a_deployment_trusts_names_the_client_for_the_throttles() {
    let app = crate::helpers::spawn_app_behind_proxy(vec!["127.0.0.1".parse::<IpAddr>().unwrap()]).await;
    let login = |ip: &'static str, email: String| {
        let app = &app;
        async move {
            let body = serde_json::json!({"email": email, "password": "not-the-password"});
            let mut response = app
                .client
                .post(app.url("/server/v1/auth/login"))
                .insert_header(("x-forwarded-for", format!("1.2.3.4, {ip}")))
                .send_json(&body)
                .await
                .unwrap();
            let _ = response.body().await;
            response.status().as_u16()
        }
    };
    // Fifty failures from one address (across accounts) lock that address out, not the proxy's.
    for n in 0..50 {
        assert_eq!(login("198.51.100.7", unique_email(&format!("probe{n}"))).await, 401);
    }
    assert_eq!(login("198.51.100.7", unique_email("probe-last")).await, 429);
    assert_eq!(login("198.51.100.8", unique_email("someone-else")).await, 401, "another client behind the proxy");
}

/// Finding 10: a start against an unreachable PostgreSQL fails within seconds and says where
/// and why, not "pool timed out" after half a minute.
#[actix_web::test]
async fn an_unreachable_database_fails_fast_naming_host_port_and_cause() {
    // A port nobody listens on: bound, then released.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let started = std::time::Instant::now();
    let err = gateway::db::connect(&format!("postgres://postgres@127.0.0.1:{port}/timekeep")).await.unwrap_err();
    assert!(started.elapsed() < std::time::Duration::from_secs(6), "took {:?}", started.elapsed());
    let message = err.to_string();
    assert!(message.contains(&format!("127.0.0.1:{port}")), "{message}");
    assert!(message.contains("connection refused"), "{message}");

    // On the PostgreSQL lane, a database that does not exist is named as such.
    if let Ok(server) = std::env::var("TIMEKEEP_TEST_POSTGRES") {
        let base = server.rsplit_once('/').map(|(base, _)| base.to_owned()).unwrap();
        let err = gateway::db::connect(&format!("{base}/timekeep_no_such_database")).await.unwrap_err();
        let message = err.to_string();
        assert!(message.contains("timekeep_no_such_database does not exist"), "{message}");
    }
}
