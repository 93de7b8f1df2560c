//! TEMPORARY benchmark (removed before the report).
use crate::helpers::*;
use accounts::entities::{companies, users};
use chrono::{Duration, Utc};
use kernel::Role;
use sea_orm::EntityTrait;

#[actix_web::test]
#[ignore]
async fn tmp_bench_customers() {
    let app = spawn_app().await;
    let operator = app.operator_token().await;
    let now = Utc::now();
    let start = std::time::Instant::now();
    let mut rows = Vec::new();
    for i in 0..10_000i64 {
        let trial = if i % 3 == 0 { None } else { Some(now.date_naive() + Duration::days(i % 60 - 30)) };
        let mut row = companies::new_row(
            &format!("Company {i:05} Insurance"),
            if i % 2 == 0 { "America/Chicago" } else { "Europe/Paris" },
            trial,
            now - Duration::minutes(i),
        );
        if i % 50 == 0 {
            row.suspended = sea_orm::ActiveValue::Set(true);
        }
        rows.push(row);
        if rows.len() == 500 {
            companies::Entity::insert_many(std::mem::take(&mut rows)).exec_without_returning(&app.db).await.unwrap();
        }
    }
    let first: i64 = companies::Entity::find().one(&app.db).await.unwrap().unwrap().id;
    let mut people = Vec::new();
    for u in 0..200_000i64 {
        let company = first + (u * 7919) % 10_000;
        let email = format!("user{u}@co{company}.example.com");
        let role = if u < 10_000 { Role::Admin } else { Role::Employee };
        let company = if u < 10_000 { first + u } else { company };
        let row = users::NewPerson {
            company_id: Some(company),
            email: &email,
            password_hash: None,
            first_name: "Test",
            last_name: "Person",
            role,
            verified_at: None,
            now,
        }
        .row();
        people.push(row);
        if people.len() == 1000 {
            users::Entity::insert_many(std::mem::take(&mut people)).exec_without_returning(&app.db).await.unwrap();
        }
    }
    {
        use sea_orm::ConnectionTrait;
        app.db.execute_unprepared("ANALYZE").await.unwrap();
    }
    eprintln!("filled in {:?}", start.elapsed());
    for query in [
        "",
        "sort=users",
        "sort=users&order=asc",
        "sort=name",
        "sort=name&page=300",
        "status=trial",
        "status=expired",
        "status=active",
        "status=past_due",
        "status=suspended&sort=users",
        "name=insur",
        "name=user123",
        "page=400",
        "status=trial&sort=users&page=100",
    ] {
        let mut times = Vec::new();
        for _ in 0..20 {
            let t = std::time::Instant::now();
            let reply = app.get_as(&operator, &format!("/server/v1/system/companies?{query}")).await;
            assert_eq!(reply.status, 200, "{:?}", reply.body);
            times.push(t.elapsed().as_secs_f64() * 1000.0);
        }
        times.sort_by(|a, b| a.partial_cmp(b).unwrap());
        eprintln!("{query:40} p50 {:6.1} ms  p95 {:6.1} ms", times[10], times[18]);
    }
    let t = std::time::Instant::now();
    let reply = app.get_as(&operator, &format!("/server/v1/system/company?id={}", first + 5)).await;
    assert_eq!(reply.status, 200);
    eprintln!("detail {:?}", t.elapsed());
}
