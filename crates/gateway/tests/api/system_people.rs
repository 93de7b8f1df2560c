//! The operator's statistics and people across companies (issue 23, contract
//! `docs/contracts/system.md` "Statistics" and "Employees"): the figures of each company, its
//! list's pages and orders, the chart, the search, a user by e-mail, help with a password
//! (audited), and the two CSV exports.

use crate::helpers::{spawn_app, spawn_app_without_billing, unique_email, TestApp};
use accounts::entities::{companies, sign_in_months, users};
use chrono::{Datelike, Duration, Months, NaiveDate, Utc};
use kernel::Role;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};

fn ok(reply: crate::helpers::Reply) -> Value {
    assert!(reply.status < 300, "{} {:?}", reply.status, reply.body);
    reply.body
}

/// A person added straight to the database with the given names (no password: they do not
/// sign in), created `days_ago`.
async fn person(app: &TestApp, company: Option<i64>, email: &str, first: &str, last: &str, days_ago: i64) -> i64 {
    let now = Utc::now() - Duration::days(days_ago);
    users::NewPerson {
        company_id: company.map(kernel::CompanyId),
        email,
        password_hash: None,
        first_name: first,
        last_name: last,
        role: Role::Employee,
        verified_at: Some(now),
        now,
    }
    .row()
    .insert(&app.db)
    .await
    .unwrap()
    .id
    .0
}

/// A company added straight to the database, named `name`, created `days_ago`.
async fn bare_company(app: &TestApp, name: &str, days_ago: i64) -> i64 {
    companies::new_row(name, "America/New_York", None, Utc::now() - Duration::days(days_ago))
        .insert(&app.db)
        .await
        .unwrap()
        .id
        .0
}

/// A GET answered with a file: status, content type, disposition and the body as text.
async fn download(app: &TestApp, token: &str, path: &str) -> (u16, String, String, String) {
    let mut response = app.client.get(app.url(path)).bearer_auth(token).send().await.unwrap();
    let header = |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let (content_type, disposition) = (header("content-type"), header("content-disposition"));
    let bytes = response.body().limit(64 * 1024 * 1024).await.unwrap();
    (response.status().as_u16(), content_type, disposition, String::from_utf8(bytes.to_vec()).unwrap())
}

/// A CSV file's header and rows.
fn parse_csv(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader.headers().unwrap().iter().map(str::to_owned).collect();
    let rows = reader.records().map(|row| row.unwrap().iter().map(str::to_owned).collect()).collect();
    (header, rows)
}

async fn audit(app: &TestApp, operator: &str) -> Vec<Value> {
    ok(app.get_as(operator, "/server/v1/system/audit").await)["entries"].as_array().unwrap().clone()
}

fn stats_row(page: &Value, company: i64) -> &Value {
    page["stats"].as_array().unwrap().iter().find(|row| row["companyId"] == company).unwrap()
}

#[actix_web::test]
async fn statistics_count_people_presses_requests_and_sign_ins_of_each_company() {
    let app = spawn_app().await;
    let admin_email = unique_email("owner");
    let admin = app.admin_of_new_company("Figures Co", &admin_email).await;
    let company = app.company_of(&admin_email).await;
    let employee_email = unique_email("worker");
    app.add_person(company.id, &employee_email, Role::Employee, None).await;
    let leaver = app.add_person(company.id, &unique_email("leaver"), Role::Employee, None).await;
    ok(app.post_as(&admin, "/server/v1/manage/terminate-employee", json!({"id": leaver})).await);
    // A shift with a break: four presses.
    let employee = app.token_of(&employee_email).await;
    let tracking = ok(app.post_as(&employee, "/server/v1/clock/start", json!({})).await)["trackingNumber"].clone();
    for action in ["take-break", "resume-from-break", "end"] {
        ok(app.post_as(&employee, &format!("/server/v1/clock/{action}?trackingNumber={tracking}"), json!({})).await);
    }
    // An unpaid day off, asked for and then cancelled: still a request filed.
    let unpaid = ok(app
        .post_as(&admin, "/server/v1/settings/update-pto-type", json!({"name": "Unpaid", "payable": 0}))
        .await)["id"]
        .clone();
    let today = Utc::now().date_naive();
    let monday = today + Duration::days(14 - i64::from(today.weekday().num_days_from_monday()));
    let filed = ok(app
        .post_as(
            &employee,
            "/server/v1/pto/request",
            json!({"ptoType": unpaid, "start": monday.format("%Y-%m-%d").to_string()}),
        )
        .await);
    let request = filed["id"].as_i64().unwrap();
    ok(app.post_as(&employee, &format!("/server/v1/pto/cancel-request?id={request}"), json!({})).await);
    // Another company, with nobody signed in since it was made two months ago.
    let quiet = bare_company(&app, "Quiet Figures Co", 62).await;
    person(&app, Some(quiet), &unique_email("quiet"), "Quinn", "Still", 62).await;

    let operator = app.operator_token().await;
    let employee_login = users::Entity::find()
        .filter(users::Column::Email.eq(employee_email.as_str()))
        .one(&app.db)
        .await
        .unwrap()
        .unwrap()
        .last_login_at
        .unwrap();
    // A support session is not the company's activity.
    app.impersonate(&operator, &admin_email).await;

    let page = ok(app.get_as(&operator, "/server/v1/system/stats?name=figures%20co").await);
    assert_eq!(page["statCount"], 2);
    let row = stats_row(&page, company.id.0);
    assert_eq!(row["name"], "Figures Co");
    assert_eq!(row["status"], "trial");
    assert_eq!((row["employees"].as_i64(), row["activeUsers"].as_i64()), (Some(3), Some(2)));
    assert_eq!(row["clockPresses"], 4);
    assert_eq!(row["ptoRequests"], 1);
    let last = chrono::DateTime::parse_from_rfc3339(row["lastActivity"].as_str().unwrap()).unwrap();
    assert_eq!(last.timestamp(), employee_login.timestamp());
    let quiet_row = stats_row(&page, quiet);
    assert_eq!((quiet_row["employees"].as_i64(), quiet_row["activeUsers"].as_i64()), (Some(1), Some(1)));
    assert_eq!((quiet_row["clockPresses"].as_i64(), quiet_row["ptoRequests"].as_i64()), (Some(0), Some(0)));
    assert_eq!(quiet_row["lastActivity"], Value::Null);

    // The chart: twelve months up to this one, oldest first. This month: Figures Co signed up
    // and signed in; two months ago: Quiet Figures Co signed up.
    let chart = page["chart"].as_array().unwrap();
    assert_eq!(chart.len(), 12);
    let month = |back: u32| {
        let first = today.with_day(1).unwrap().checked_sub_months(Months::new(back)).unwrap();
        first.format("%Y-%m").to_string()
    };
    assert_eq!(chart[11]["month"], month(0));
    assert_eq!(chart[0]["month"], month(11));
    assert_eq!((chart[11]["signups"].as_i64(), chart[11]["activeCompanies"].as_i64()), (Some(1), Some(1)));
    let quiet_month = Utc::now() - Duration::days(62);
    let quiet_index = chart.iter().position(|m| m["month"] == quiet_month.format("%Y-%m").to_string()).unwrap();
    assert_eq!(chart[quiet_index]["signups"], 1);
    assert_eq!(chart[quiet_index]["activeCompanies"], 0);
    let signups: i64 = chart.iter().map(|m| m["signups"].as_i64().unwrap()).sum();
    assert_eq!(signups, 2);

    // A member of the quiet company signs in: it is active this month, once however often.
    let member = unique_email("back");
    app.add_person(quiet, &member, Role::Employee, None).await;
    app.token_of(&member).await;
    app.token_of(&member).await;
    let page = ok(app.get_as(&operator, "/server/v1/system/stats?name=figures%20co").await);
    assert_eq!(page["chart"][11]["activeCompanies"], 2);
    assert_ne!(stats_row(&page, quiet)["lastActivity"], Value::Null);
    let marks = sign_in_months::Entity::find()
        .filter(kernel::tenancy::same_company::<sign_in_months::Entity>(kernel::CompanyId(quiet)))
        .all(&app.db)
        .await
        .unwrap();
    assert_eq!(marks.len(), 1);
    assert_eq!(marks[0].month, today.with_day(1).unwrap());

    // Billing's word counts: a subscribed company whose charge is being retried is past due;
    // a suspended one is suspended, whatever billing says.
    billing::entities::accounts::ActiveModel {
        company_id: Set(kernel::CompanyId(quiet)),
        customer_id: Set(None),
        payment_method_id: Set(None),
        card_brand: Set(None),
        card_last4: Set(None),
        card_exp_month: Set(None),
        card_exp_year: Set(None),
        status: Set(billing::status::SubscriptionStatus::PastDue),
        subscribed_on: Set(None),
        recurring_day: Set(None),
        next_charge_on: Set(None),
        reactivated_at: Set(None),
        updated_at: Set(Utc::now()),
    }
    .insert(&app.db)
    .await
    .unwrap();
    let page = ok(app.get_as(&operator, "/server/v1/system/stats?name=quiet").await);
    assert_eq!(page["statCount"], 1);
    assert_eq!(stats_row(&page, quiet)["status"], "past_due");
    let mut row: companies::ActiveModel =
        companies::Entity::find_by_id(quiet).one(&app.db).await.unwrap().unwrap().into();
    row.suspended = Set(true);
    row.update(&app.db).await.unwrap();
    let page = ok(app.get_as(&operator, "/server/v1/system/stats?name=quiet").await);
    assert_eq!(stats_row(&page, quiet)["status"], "suspended");
}

#[actix_web::test]
async fn the_statistics_page_sort_and_refuse_unknown_orders() {
    let app = spawn_app_without_billing().await;
    let operator = app.operator_token().await;
    // 23 companies: "Sorted 01" … "Sorted 23", company n with n people of whom one is
    // terminated when n is even (so the two counts order differently), made n days ago.
    let mut ids = Vec::new();
    for n in 1..=23_i64 {
        let id = bare_company(&app, &format!("Sorted {n:02}"), n).await;
        for k in 0..n {
            let who = person(&app, Some(id), &unique_email(&format!("s{n}-{k}")), "Sam", "Sorted", n).await;
            if k == 0 && n % 2 == 0 {
                let mut row: users::ActiveModel =
                    users::Entity::find_by_id(who).one(&app.db).await.unwrap().unwrap().into();
                row.status = Set(kernel::EmploymentStatus::Terminated);
                row.update(&app.db).await.unwrap();
            }
        }
        ids.push(id);
    }
    let names = |page: &Value| -> Vec<String> {
        page["stats"].as_array().unwrap().iter().map(|row| row["name"].as_str().unwrap().to_owned()).collect()
    };
    // Newest first by default, 20 a page.
    let first = ok(app.get_as(&operator, "/server/v1/system/stats?name=sorted").await);
    assert_eq!(first["statCount"], 23);
    assert_eq!(names(&first).len(), 20);
    assert_eq!(names(&first)[0], "Sorted 01");
    let second = ok(app.get_as(&operator, "/server/v1/system/stats?name=sorted&page=2").await);
    assert_eq!(names(&second), ["Sorted 21", "Sorted 22", "Sorted 23"]);
    assert!(second["stats"].as_array().unwrap().iter().all(|row| row["status"] == "active"));

    let by_name = ok(app.get_as(&operator, "/server/v1/system/stats?name=sorted&sort=name&order=desc").await);
    assert_eq!(names(&by_name)[..2], ["Sorted 23", "Sorted 22"]);
    let by_employees = ok(app.get_as(&operator, "/server/v1/system/stats?name=sorted&sort=employees&order=desc").await);
    assert_eq!(names(&by_employees)[0], "Sorted 23");
    assert_eq!(by_employees["stats"][0]["employees"], 23);
    assert_eq!(by_employees["stats"][0]["activeUsers"], 23);
    // By active users, fewest first: "Sorted 01" (1 of 1) and "Sorted 02" (1 of 2) tie and
    // come by id.
    let by_active = ok(app.get_as(&operator, "/server/v1/system/stats?name=sorted&sort=activeUsers&order=asc").await);
    let active: Vec<i64> =
        by_active["stats"].as_array().unwrap().iter().map(|row| row["activeUsers"].as_i64().unwrap()).collect();
    assert!(active.windows(2).all(|pair| pair[0] <= pair[1]), "{active:?}");
    assert_eq!(by_active["stats"][1]["employees"], 2);
    assert_eq!(by_active["stats"][1]["activeUsers"], 1);
    let employees: Vec<i64> =
        by_employees["stats"].as_array().unwrap().iter().map(|row| row["employees"].as_i64().unwrap()).collect();
    assert!(employees.windows(2).all(|pair| pair[0] >= pair[1]), "{employees:?}");

    for (query, field) in [("sort=presses", "sort"), ("order=up", "order"), ("page=0", "page")] {
        let reply = app.get_as(&operator, &format!("/server/v1/system/stats?{query}")).await;
        assert_eq!(reply.status, 400, "{query}");
        assert!(!reply.field(field).is_empty(), "{query}: {:?}", reply.body);
    }
}

#[actix_web::test]
async fn the_statistics_export_streams_every_company_as_csv() {
    let app = spawn_app_without_billing().await;
    let operator = app.operator_token().await;
    let tricky = bare_company(&app, "=SUM(1,2), \"quoted\"", 3).await;
    person(&app, Some(tricky), &unique_email("tricky"), "Tia", "Trick", 3).await;
    // More companies than a batch, so the file is written in several.
    let mut ids = vec![tricky];
    for n in 0..45 {
        ids.push(bare_company(&app, &format!("Export {n}"), 1).await);
    }
    let (status, content_type, disposition, text) = download(&app, &operator, "/server/v1/system/export-stats").await;
    assert_eq!(status, 200);
    assert!(content_type.starts_with("text/csv"), "{content_type}");
    assert!(disposition.starts_with("attachment") && disposition.contains("timekeep-stats.csv"), "{disposition}");
    let (header, rows) = parse_csv(&text);
    assert_eq!(
        header,
        [
            "Company ID",
            "Company",
            "Created",
            "Status",
            "Employees",
            "Active users",
            "Clock presses",
            "PTO requests",
            "Last activity"
        ]
    );
    let listed: Vec<i64> = rows.iter().map(|row| row[0].parse().unwrap()).collect();
    assert_eq!(listed, ids, "one row per company, by id");
    let row = &rows[0];
    assert_eq!(row[1], "'=SUM(1,2), \"quoted\"");
    assert_eq!((row[3].as_str(), row[4].as_str(), row[5].as_str()), ("active", "1", "1"));
    assert_eq!((row[6].as_str(), row[7].as_str(), row[8].as_str()), ("0", "0", ""));
    chrono::DateTime::parse_from_rfc3339(&row[2]).unwrap();
}

#[actix_web::test]
async fn people_are_found_by_the_start_of_an_address_or_a_name_in_any_case() {
    let app = spawn_app_without_billing().await;
    let operator = app.operator_token().await;
    let acme = bare_company(&app, "Acme Search", 10).await;
    let globex = bare_company(&app, "Globex Search", 10).await;
    let ann = person(&app, Some(acme), "annabel.q@acme-search.example", "Annabel", "Quist", 3).await;
    let bob = person(&app, Some(acme), "bob.q@acme-search.example", "Bob", "Annan", 2).await;
    let cid = person(&app, Some(globex), "cid.q@globex-search.example", "Cid", "Quinlan", 1).await;
    let ids = |page: &Value| -> Vec<i64> {
        page["employees"].as_array().unwrap().iter().map(|row| row["id"].as_i64().unwrap()).collect()
    };
    let search = |q: &str| {
        let path = format!("/server/v1/system/employees?q={q}");
        let (app, operator) = (&app, &operator);
        async move { app.get_as(operator, &path).await }
    };

    // An address's start (in upper case), a first name's, a last name's: sorted by e-mail.
    let page = ok(search("ANNABEL.Q%40").await);
    assert_eq!((ids(&page), page["empCount"].as_i64()), (vec![ann], Some(1)));
    let page = ok(search("ann").await);
    assert_eq!((ids(&page), page["empCount"].as_i64()), (vec![ann, bob], Some(2)));
    let page = ok(search("QUI").await);
    assert_eq!(ids(&page), [ann, cid]);
    // A middle part is not a start.
    assert_eq!(ok(search("nabel").await)["empCount"], 0);
    assert_eq!(ok(search("acme-search").await)["empCount"], 0);

    // The row.
    let page = ok(search("annabel").await);
    let row = &page["employees"][0];
    assert_eq!(row["firstname"], "Annabel");
    assert_eq!(row["lastname"], "Quist");
    assert_eq!(row["email"], "annabel.q@acme-search.example");
    assert_eq!(row["role"], "employee");
    assert_eq!(row["status"], 1);
    assert_eq!(row["companyId"], acme);
    assert_eq!(row["companyName"], "Acme Search");
    assert!(row["createdAt"].is_string());
    assert_eq!(row["lastLogin"], Value::Null);

    // One company's people; other orders.
    let page = ok(app.get_as(&operator, &format!("/server/v1/system/employees?q=q&companyId={acme}")).await);
    assert_eq!((ids(&page), page["empCount"].as_i64()), (vec![ann], Some(1)));
    let page = ok(app.get_as(&operator, &format!("/server/v1/system/employees?companyId={acme}&sort=lastname")).await);
    assert_eq!(ids(&page), [bob, ann]);
    let page = ok(app.get_as(&operator, "/server/v1/system/employees?q=q&sort=createdAt&order=desc").await);
    assert_eq!(ids(&page), [cid, ann]);

    // Everyone, the operator included, 20 a page.
    for n in 0..20 {
        person(&app, Some(globex), &format!("zz{n:02}@globex-search.example"), "Zed", "Many", 0).await;
    }
    let first = ok(app.get_as(&operator, "/server/v1/system/employees").await);
    assert_eq!(first["empCount"], 24);
    assert_eq!(ids(&first).len(), 20);
    let second = ok(app.get_as(&operator, "/server/v1/system/employees?page=2").await);
    assert_eq!(second["employees"].as_array().unwrap().len(), 4);
    assert_eq!(second["employees"][3]["email"], "zz19@globex-search.example");
    // A search's pages: the count stays the search's on a page past its end.
    let searched = ok(search("ZED").await);
    assert_eq!((ids(&searched).len(), searched["empCount"].as_i64()), (20, Some(20)));
    assert_eq!(searched["employees"][0]["email"], "zz00@globex-search.example");
    let past = ok(app.get_as(&operator, "/server/v1/system/employees?q=zed&page=2").await);
    assert_eq!((ids(&past).len(), past["empCount"].as_i64()), (0, Some(20)));
    let last_first = ok(app.get_as(&operator, "/server/v1/system/employees?q=zz&sort=email&order=desc").await);
    assert_eq!(last_first["employees"][0]["email"], "zz19@globex-search.example");
    let operator_row = first["employees"].as_array().unwrap().iter().find(|row| row["role"] == "sysadmin").unwrap();
    assert_eq!((operator_row["companyId"].clone(), operator_row["companyName"].clone()), (Value::Null, Value::Null));
    assert!(operator_row["lastLogin"].is_string(), "the operator signed in: {operator_row}");

    for (query, field) in [("sort=role", "sort"), ("order=sideways", "order"), ("q=a%01", "q")] {
        let reply = app.get_as(&operator, &format!("/server/v1/system/employees?{query}")).await;
        assert_eq!(reply.status, 400, "{query}");
        assert!(!reply.field(field).is_empty(), "{query}: {:?}", reply.body);
    }
}

#[actix_web::test]
async fn a_user_is_found_by_their_whole_address_in_any_case() {
    let app = spawn_app_without_billing().await;
    let operator = app.operator_token().await;
    let email = unique_email("exact");
    let admin = app.admin_of_new_company("Exact Co", &email).await;
    let reply = ok(app.get_as(&operator, &format!("/server/v1/system/queryuser?email={}", email.to_uppercase())).await);
    assert_eq!(reply["user"]["email"], email);
    assert_eq!(reply["user"]["role"], "admin");
    assert_eq!(reply["user"]["companyName"], "Exact Co");
    assert!(reply["user"]["lastLogin"].is_string());
    let prefix = &email[..email.len() - 3];
    assert_eq!(app.get_as(&operator, &format!("/server/v1/system/queryuser?email={prefix}")).await.status, 404);
    assert_eq!(app.get_as(&operator, "/server/v1/system/queryuser?email=nobody%40example.com").await.status, 404);
    assert!(!app.get_as(&operator, "/server/v1/system/queryuser").await.field("email").is_empty());

    // Nobody else reaches the operator's calls: a company admin, or support acting as them.
    let acting = app.impersonate(&operator, &email).await;
    for token in [&admin, &acting] {
        for path in [
            "/server/v1/system/stats",
            "/server/v1/system/export-stats",
            "/server/v1/system/employees",
            "/server/v1/system/export-all-users",
        ] {
            let reply = app.get_as(token, path).await;
            assert_eq!((reply.status, reply.code()), (404, "not_found"), "{path}");
        }
        let reply = app.get_as(token, &format!("/server/v1/system/queryuser?email={email}")).await;
        assert_eq!(reply.status, 404);
        let reply = app.post_as(token, "/server/v1/system/update-password", json!({"email": email})).await;
        assert_eq!(reply.status, 404);
    }
}

#[actix_web::test]
async fn the_operator_sends_the_reset_link_even_past_the_users_own_limit() {
    let app = spawn_app_without_billing().await;
    let operator = app.operator_token().await;
    let operator_email =
        ok(app.get_as(&operator, "/server/v1/auth/login-data").await)["identity"]["email"].as_str().unwrap().to_owned();
    let email = unique_email("locked-out");
    app.admin_of_new_company("Linked Co", &email).await;
    // The user asked for links until the per-address limit stopped mailing them.
    for _ in 0..6 {
        app.post("/server/v1/auth/reset-password", json!({"email": email})).await;
    }
    app.mail.settled().await;
    let before = app.mail.to(&email).len();

    let reply = ok(app
        .post_as(&operator, "/server/v1/system/update-password", json!({"email": email.to_uppercase(), "mode": "link"}))
        .await);
    assert_eq!(reply["message"], format!("A password reset link was sent to {email}."));
    let mut mail = None;
    for _ in 0..50 {
        if app.mail.to(&email).len() > before {
            mail = app.mail.to(&email).pop();
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let link = mail.expect("the operator's link was mailed").link(&app.address, "/reset-password-now");
    let token = link.split("t=").nth(1).unwrap().to_owned();
    ok(app
        .post(
            "/server/v1/auth/reset-password-now",
            json!({"token": token, "password": "a-fresh-start-42", "retypePassword": "a-fresh-start-42"}),
        )
        .await);
    let login = ok(app.login(&email, "a-fresh-start-42").await);
    assert_eq!(login["identity"]["pwdchg"], false);

    // The default mode is the link; the audit log names the operator, the user and the company.
    ok(app.post_as(&operator, "/server/v1/system/update-password", json!({"email": email})).await);
    let entries = audit(&app, &operator).await;
    let sent: Vec<&Value> = entries.iter().filter(|entry| entry["action"] == "send-reset-link").collect();
    assert_eq!(sent.len(), 2);
    assert_eq!(sent[0]["operator"], operator_email);
    assert_eq!(sent[0]["companyName"], "Linked Co");
    assert!(sent[0]["detail"].as_str().unwrap().contains(&email), "{}", sent[0]);
}

#[actix_web::test]
async fn a_password_set_by_the_operator_ends_the_sessions_and_must_be_changed() {
    let app = spawn_app_without_billing().await;
    let operator = app.operator_token().await;
    let email = unique_email("reset-me");
    let old_session = app.admin_of_new_company("Set Co", &email).await;
    let company = app.company_of(&email).await;

    // The product's password rules.
    let weak = app
        .post_as(
            &operator,
            "/server/v1/system/update-password",
            json!({"email": email, "mode": "set", "password": "password"}),
        )
        .await;
    assert_eq!(weak.status, 400);
    assert!(!weak.field("password").is_empty(), "{:?}", weak.body);
    let missing =
        app.post_as(&operator, "/server/v1/system/update-password", json!({"email": email, "mode": "set"})).await;
    assert!(!missing.field("password").is_empty());
    let mode =
        app.post_as(&operator, "/server/v1/system/update-password", json!({"email": email, "mode": "reset"})).await;
    assert!(!mode.field("mode").is_empty());
    // Nothing changed meanwhile.
    assert_eq!(app.get_as(&old_session, "/server/v1/auth/login-data").await.status, 200);

    let reply = ok(app
        .post_as(
            &operator,
            "/server/v1/system/update-password",
            json!({"email": email, "mode": "set", "password": "Temporary-Pass-77"}),
        )
        .await);
    assert_eq!(reply["message"], "The password was changed. Ada must choose a new one at the next sign-in.");
    assert_eq!(app.get_as(&old_session, "/server/v1/auth/login-data").await.status, 401);
    assert_eq!(app.login(&email, "password-123").await.status, 401);
    let login = ok(app.login(&email, "Temporary-Pass-77").await);
    assert_eq!(login["identity"]["pwdchg"], true);
    // Choosing a new one clears it.
    let token = login["token"].as_str().unwrap();
    let changed = ok(app
        .post_as(
            token,
            "/server/v1/auth/change-my-password",
            json!({"oldPassword": "Temporary-Pass-77", "newPassword": "my-own-secret-99", "retypePassword": "my-own-secret-99"}),
        )
        .await);
    assert_eq!(changed["identity"]["pwdchg"], false);

    let entries = audit(&app, &operator).await;
    let set = entries.iter().find(|entry| entry["action"] == "set-password").unwrap();
    assert_eq!(set["companyId"], company.id.0);
    assert!(set["detail"].as_str().unwrap().contains(&email));
    assert!(!set["detail"].as_str().unwrap().contains("Temporary-Pass-77"));

    // Refused: an operator's address (theirs included), an unknown one, a terminated user.
    let other_operator = app.operator_token().await;
    let other_email = ok(app.get_as(&other_operator, "/server/v1/auth/login-data").await)["identity"]["email"]
        .as_str()
        .unwrap()
        .to_owned();
    let refused = app
        .post_as(
            &operator,
            "/server/v1/system/update-password",
            json!({"email": other_email, "mode": "set", "password": "Temporary-Pass-77"}),
        )
        .await;
    assert_eq!(
        (refused.status, refused.body["message"].as_str()),
        (400, Some("An operator's password cannot be changed here."))
    );
    let refused = app.post_as(&operator, "/server/v1/system/update-password", json!({"email": other_email})).await;
    assert_eq!(refused.status, 400);
    assert_eq!(app.get_as(&other_operator, "/server/v1/auth/login-data").await.status, 200);
    let unknown =
        app.post_as(&operator, "/server/v1/system/update-password", json!({"email": "nobody@example.com"})).await;
    assert_eq!((unknown.status, unknown.code()), (404, "not_found"));
    let leaver = unique_email("gone");
    let leaver_id = app.add_person(company.id, &leaver, Role::Employee, None).await;
    let mut row: users::ActiveModel = users::Entity::find_by_id(leaver_id).one(&app.db).await.unwrap().unwrap().into();
    row.status = Set(kernel::EmploymentStatus::Terminated);
    row.update(&app.db).await.unwrap();
    let refused = app.post_as(&operator, "/server/v1/system/update-password", json!({"email": leaver})).await;
    assert_eq!(
        (refused.status, refused.body["message"].as_str()),
        (400, Some("This user is terminated and cannot sign in."))
    );
    // Only the two changes that happened are in the log.
    let entries = audit(&app, &operator).await;
    assert_eq!(
        entries.iter().filter(|e| ["set-password", "send-reset-link"].contains(&e["action"].as_str().unwrap())).count(),
        1
    );
}

#[actix_web::test]
async fn every_user_is_exported_as_csv_in_batches() {
    let app = spawn_app_without_billing().await;
    let operator = app.operator_token().await;
    let company = bare_company(&app, "@Many People", 5).await;
    let tricky = person(&app, Some(company), "tricky@many.example", "=HYPERLINK(\"x\")", "Smith, \"Jr\"", 5).await;
    // More people than a batch of the export (1,000), added in one statement.
    let now = Utc::now();
    let rows: Vec<users::ActiveModel> = (0..1_050)
        .map(|n| {
            let email = format!("bulk{n:04}@many.example");
            users::NewPerson {
                company_id: Some(kernel::CompanyId(company)),
                email: &email,
                password_hash: None,
                first_name: "Bulk",
                last_name: "Person",
                role: Role::Employee,
                verified_at: Some(now),
                now,
            }
            .row()
        })
        .collect();
    for chunk in rows.chunks(300) {
        users::Entity::insert_many(chunk.to_vec()).exec(&app.db).await.unwrap();
    }
    let (status, content_type, disposition, text) =
        download(&app, &operator, "/server/v1/system/export-all-users").await;
    assert_eq!(status, 200);
    assert!(content_type.starts_with("text/csv"), "{content_type}");
    assert_eq!(disposition, "attachment; filename=\"timekeep-users.csv\"");
    let (header, rows) = parse_csv(&text);
    assert_eq!(
        header,
        [
            "User ID",
            "First name",
            "Last name",
            "Email",
            "Role",
            "Status",
            "Company ID",
            "Company",
            "Created",
            "Last login"
        ]
    );
    assert_eq!(rows.len(), 1_052, "the operator, the tricky one and the bulk");
    let ids: Vec<i64> = rows.iter().map(|row| row[0].parse().unwrap()).collect();
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]), "by id, each once");
    let operator_row = &rows[0];
    assert_eq!((operator_row[4].as_str(), operator_row[6].as_str(), operator_row[7].as_str()), ("sysadmin", "", ""));
    assert!(!operator_row[9].is_empty(), "the operator signed in");
    let row = rows.iter().find(|row| row[0] == tricky.to_string()).unwrap();
    assert_eq!(row[1], "'=HYPERLINK(\"x\")");
    assert_eq!(row[2], "Smith, \"Jr\"");
    assert_eq!((row[3].as_str(), row[4].as_str(), row[5].as_str()), ("tricky@many.example", "employee", "Active"));
    assert_eq!((row[6].clone(), row[7].as_str()), (company.to_string(), "'@Many People"));
    assert_eq!(row[9], "");
    assert_eq!(rows.last().unwrap()[3], "bulk1049@many.example");
}

#[actix_web::test]
async fn the_migration_fills_last_sign_ins_and_active_months_from_the_sessions_kept() {
    use migrations::MigratorTrait;
    let app = spawn_app_without_billing().await;
    let email = unique_email("history");
    app.admin_of_new_company("History Co", &email).await;
    let company = app.company_of(&email).await;
    // Sign-ins from before the columns were kept: one three months ago, the latest yesterday.
    let user =
        users::Entity::find().filter(users::Column::Email.eq(email.as_str())).one(&app.db).await.unwrap().unwrap();
    let long_ago = Utc::now() - Duration::days(95);
    let yesterday = Utc::now() - Duration::days(1);
    for (n, at) in [long_ago, yesterday].into_iter().enumerate() {
        accounts::entities::sessions::ActiveModel {
            id: Set(format!("history-session-{n}")),
            user_id: Set(user.id),
            impersonator_id: Set(None),
            parent_session_id: Set(None),
            created_at: Set(at),
            expires_at: Set(at + Duration::hours(1)),
            revoked_at: Set(None),
            ip: Set(None),
            user_agent: Set(None),
        }
        .insert(&app.db)
        .await
        .unwrap();
    }
    // Only these two sessions, and no sign-in stamped yet.
    accounts::entities::sessions::Entity::delete_many()
        .filter(accounts::entities::sessions::Column::UserId.eq(user.id))
        .filter(accounts::entities::sessions::Column::Id.starts_with("history-session-").not())
        .exec(&app.db)
        .await
        .unwrap();
    users::Entity::update_many()
        .col_expr(users::Column::LastLoginAt, sea_orm::sea_query::Expr::value(Option::<chrono::DateTime<Utc>>::None))
        .exec(&app.db)
        .await
        .unwrap();
    let back = crate::helpers::migrations_back_to("000027_system_people");
    let migrating = crate::helpers::migrating_connection(&app);
    migrations::Migrator::down(&migrating, Some(back)).await.unwrap();
    migrations::Migrator::up(&migrating, None).await.unwrap();

    let user = users::Entity::find_by_id(user.id).one(&app.db).await.unwrap().unwrap();
    assert_eq!(user.last_login_at.unwrap().timestamp(), yesterday.timestamp());
    let months: Vec<NaiveDate> = sign_in_months::Entity::find()
        .filter(kernel::tenancy::same_company::<sign_in_months::Entity>(company.id))
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .map(|mark| mark.month)
        .collect();
    let month_of = |at: chrono::DateTime<Utc>| at.date_naive().with_day(1).unwrap();
    let mut months = months;
    months.sort();
    let mut expected = vec![month_of(long_ago), month_of(yesterday)];
    expected.dedup();
    assert_eq!(months, expected);
}
