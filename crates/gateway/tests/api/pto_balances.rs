//! An employee's PTO (issue 18, 001 §2–§7): the engine's rows for the plan in force, manual
//! additions added and removed by admins, and who may read and change them.

use crate::helpers::{spawn_app, unique_email, Reply, TestApp};
use kernel::Role;
use serde_json::{json, Value};

fn ok(reply: Reply) -> Value {
    assert!(reply.status < 300, "{} {:?}", reply.status, reply.body);
    reply.body
}

struct Setup {
    admin: String,
    manager: String,
    employee: String,
    employee_id: i64,
    outsider_id: i64,
    vacation: i64,
    year: i64,
}

/// A company whose employee started on 1 January of this year, in a plan of 80 hours a year of
/// vacation (prorated, so a whole year's worth), and a second employee outside the manager's reach.
async fn setup(app: &TestApp) -> Setup {
    let admin_email = unique_email("admin");
    let admin = app.admin_of_new_company("Balances Co", &admin_email).await;
    let company = app.company_of(&admin_email).await;
    let manager_email = unique_email("manager");
    let manager_id = app.add_person(company.id, &manager_email, Role::Manager, None).await;
    let employee_email = unique_email("employee");
    let employee_id = app.add_person(company.id, &employee_email, Role::Employee, Some(manager_id)).await;
    let outsider_id = app.add_person(company.id, &unique_email("outsider"), Role::Employee, None).await;
    let year = ok(app.get_as(&admin, "/server/v1/pto-manage/data").await)["currentYear"].as_i64().unwrap();
    ok(app
        .post_as(
            &admin,
            "/server/v1/manage/add-user",
            json!({"id": employee_id, "firstname": "Emma", "lastname": "Brooks", "email": employee_email,
                   "managerId": manager_id, "startDate": format!("{year}-01-01")}),
        )
        .await);
    let vacation = ok(app.post_as(&admin, "/server/v1/settings/update-pto-type", json!({"name": "Vacation"})).await)
        ["id"]
        .as_i64()
        .unwrap();
    ok(app
        .post_as(
            &admin,
            "/server/v1/settings/save-pto-plan",
            json!({"name": "Standard", "year": year, "assignType": "teamMembers", "assignIds": [employee_id],
                   "rules": [{"ptoTypeId": vacation, "method": "PER_CALENDAR_YEAR", "rate": 80, "rateUnit": 1, "prorated": true}]}),
        )
        .await);
    Setup {
        manager: app.token_of(&manager_email).await,
        employee: app.token_of(&employee_email).await,
        admin,
        employee_id,
        outsider_id,
        vacation,
        year,
    }
}

#[actix_web::test]
async fn the_folder_shows_the_engines_balance_and_manual_additions_change_it() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let pto = ok(app.get_as(&s.admin, &format!("/server/v1/manage/employee-pto?id={}", s.employee_id)).await);
    assert_eq!(pto["ptoPlanName"], "Standard");
    assert_eq!(pto["year"], s.year);
    let row = &pto["types"][0];
    assert_eq!((row["ptoTypeId"].as_i64(), row["method"].as_str()), (Some(s.vacation), Some("PER_CALENDAR_YEAR")));
    // 80 hours at once on 1 January, in minutes.
    assert_eq!((row["earnedHours"].as_i64(), row["balance"].as_i64()), (Some(4800), Some(4800)));
    assert_eq!(row["period"]["startDate"], format!("{}-01-01", s.year));
    assert_eq!(pto["available"], 4800);

    // An admin adds 2.5 hours; the balance is the engine's again, and the history holds it.
    let added = ok(app
        .post_as(
            &s.admin,
            "/server/v1/manage/manually-add-pto",
            json!({"employeeId": s.employee_id, "ptoTypeId": s.vacation, "year": s.year, "hours": "2.5"}),
        )
        .await);
    assert_eq!(added["types"][0]["manuallyAddedHours"], 150);
    assert_eq!(added["types"][0]["balance"], 4950);
    let entry = &added["history"][0];
    assert_eq!((entry["type"].as_str(), entry["minutes"].as_i64()), (Some("MANUALLY_ADDITION"), Some(150)));
    // The employee reads the same figures.
    let own = ok(app.get_as(&s.employee, &format!("/server/v1/manage/employee-pto?id={}", s.employee_id)).await);
    assert_eq!(own["types"][0]["balance"], 4950);
    // The folder's timeline says who added what (001 §9 MANUALLY_ADD_PTO).
    let timeline = ok(app
        .get_as(&s.admin, &format!("/server/v1/manage/user-activities?id={}&type=MANUALLY_ADD_PTO", s.employee_id))
        .await);
    let activity = &timeline["activities"][0];
    assert_eq!(timeline["activities"].as_array().unwrap().len(), 1);
    assert_eq!(activity["activityType"], "MANUALLY_ADD_PTO");
    let description = activity["activityDesc"].as_str().unwrap();
    assert!(description.contains(&format!("added 2.50 hrs of Vacation ({})", s.year)), "{description}");

    let removed =
        ok(app.post_as(&s.admin, "/server/v1/manage/remove-manual-pto-addition", json!({"id": entry["id"]})).await);
    assert_eq!(removed["types"][0]["balance"], 4800);
    assert!(removed["history"].as_array().unwrap().is_empty());
    let again = app.post_as(&s.admin, "/server/v1/manage/remove-manual-pto-addition", json!({"id": entry["id"]})).await;
    assert_eq!(again.status, 404);
}

#[actix_web::test]
async fn pto_not_set_up_reads_minus_one_thousand() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let pto = ok(app.get_as(&s.admin, &format!("/server/v1/manage/employee-pto?id={}", s.outsider_id)).await);
    assert_eq!(pto["available"], -1000);
    assert!(pto["ptoPolicyId"].is_null());
    assert!(pto["types"].as_array().unwrap().is_empty());
}

#[actix_web::test]
async fn manual_additions_are_checked_and_kept_to_admins_for_others() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let add = |token: String, body: Value| {
        let app = &app;
        async move { app.post_as(&token, "/server/v1/manage/manually-add-pto", body).await }
    };
    for hours in
        [json!("12.5.3"), json!("ten"), json!(0), json!("1.005"), json!("8784.01"), json!(-1e15), json!(i64::MAX)]
    {
        let reply = add(
            s.admin.clone(),
            json!({"employeeId": s.employee_id, "ptoTypeId": s.vacation, "year": s.year, "hours": hours}),
        )
        .await;
        assert_eq!(reply.field("hours"), [pto::MANUAL_HOURS_INVALID], "{hours}");
    }
    let far = add(
        s.admin.clone(),
        json!({"employeeId": s.employee_id, "ptoTypeId": s.vacation, "year": s.year + 2, "hours": 1}),
    )
    .await;
    assert_eq!(far.field("year"), [pto_year_message()]);
    let missing = add(s.admin.clone(), json!({"employeeId": s.employee_id, "year": s.year, "hours": 1})).await;
    assert_eq!(missing.field("ptoTypeId"), ["Please choose the PTO type"]);
    // A reason is kept to 200 characters and to plain text (issue 38).
    let long = add(
        s.admin.clone(),
        json!({"employeeId": s.employee_id, "ptoTypeId": s.vacation, "year": s.year, "hours": 1, "reason": "x".repeat(201)}),
    )
    .await;
    assert_eq!(long.field("reason"), ["Please keep the reason to 200 characters"]);
    let escaped = add(
        s.admin.clone(),
        json!({"employeeId": s.employee_id, "ptoTypeId": s.vacation, "year": s.year, "hours": 1, "reason": "a\u{1b}[31m"}),
    )
    .await;
    assert_eq!(escaped.status, 400);
    // Managers and employees may not; an admin may not add to their own balance.
    for token in [&s.manager, &s.employee] {
        let reply = add(
            token.clone(),
            json!({"employeeId": s.employee_id, "ptoTypeId": s.vacation, "year": s.year, "hours": 1}),
        )
        .await;
        assert_eq!(reply.status, 403);
    }
    let admin_id = ok(app.get_as(&s.admin, "/server/v1/auth/login-data").await)["identity"]["eid"].as_i64().unwrap();
    let own =
        add(s.admin.clone(), json!({"employeeId": admin_id, "ptoTypeId": s.vacation, "year": s.year, "hours": 1}))
            .await;
    assert_eq!(own.field("employeeId"), [pto::OWN_BALANCE]);
    // Reading: a manager reaches their report, not the others; an employee only themself.
    assert_eq!(
        app.get_as(&s.manager, &format!("/server/v1/manage/employee-pto?id={}", s.employee_id)).await.status,
        200
    );
    assert_eq!(
        app.get_as(&s.manager, &format!("/server/v1/manage/employee-pto?id={}", s.outsider_id)).await.status,
        404
    );
    assert_eq!(
        app.get_as(&s.employee, &format!("/server/v1/manage/employee-pto?id={}", s.outsider_id)).await.status,
        404
    );
    // Another company's admin: 404 for reads and writes.
    let other_email = unique_email("other");
    let other = app.admin_of_new_company("Other Co", &other_email).await;
    assert_eq!(app.get_as(&other, &format!("/server/v1/manage/employee-pto?id={}", s.employee_id)).await.status, 404);
    let other_type =
        ok(app.post_as(&other, "/server/v1/settings/update-pto-type", json!({"name": "Theirs"})).await)["id"].clone();
    let cross =
        add(other.clone(), json!({"employeeId": s.employee_id, "ptoTypeId": other_type, "year": s.year, "hours": 1}))
            .await;
    assert_eq!(cross.status, 404);
}

fn pto_year_message() -> &'static str {
    "Please choose the previous, current or next year"
}

#[actix_web::test]
async fn the_employee_list_shows_each_plan_and_balance_or_setup() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let page = ok(app.get_as(&s.admin, "/server/v1/manage/employees").await);
    let row = |id: i64| page["employees"].as_array().unwrap().iter().find(|e| e["id"] == id).unwrap().clone();
    let enrolled = row(s.employee_id);
    assert_eq!((enrolled["ptoPlanName"].as_str(), enrolled["ptoAvailable"].as_i64()), (Some("Standard"), Some(4800)));
    assert_eq!(enrolled["firstname"], "Emma");
    let outsider = row(s.outsider_id);
    assert_eq!((outsider["ptoPolicyId"].is_null(), outsider["ptoAvailable"].as_i64()), (true, Some(-1000)));
}

#[actix_web::test]
async fn a_job_roles_own_allowance_replaces_the_plans_yearly_rate() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    assert_eq!(employee_pto(&app, &s.admin, s.employee_id).await["types"][0]["balance"], 4800);
    // Producers get 120 hours of vacation where the plan says 80.
    let producer = ok(app.post_as(&s.admin, "/server/v1/settings/update-role-type", json!({"name": "Producer"})).await)
        ["id"]
        .as_i64()
        .unwrap();
    ok(app
        .post_as(
            &s.admin,
            "/server/v1/settings/update-pto-type",
            json!({"id": s.vacation, "name": "Vacation", "overrides": [{"jobroleId": producer, "hours": 120}]}),
        )
        .await);
    let data = ok(app.get_as(&s.admin, &format!("/server/v1/manage/user-data?id={}", s.employee_id)).await);
    ok(app
        .post_as(
            &s.admin,
            "/server/v1/manage/add-user",
            json!({"id": s.employee_id, "firstname": "Emma", "lastname": "Brooks", "email": data["email"],
                   "jobroleId": producer, "startDate": format!("{}-01-01", s.year)}),
        )
        .await);
    let producer_pto = employee_pto(&app, &s.admin, s.employee_id).await;
    assert_eq!(
        (producer_pto["types"][0]["balance"].as_i64(), producer_pto["types"][0]["rate"].as_f64()),
        (Some(7200), Some(120.0))
    );
    // The employee list shows the same figure.
    let list = ok(app.get_as(&s.admin, "/server/v1/manage/employees?q=Brooks").await);
    let row = list["employees"].as_array().unwrap().iter().find(|e| e["id"] == s.employee_id).unwrap().clone();
    assert_eq!(row["ptoAvailable"], 7200);
}

async fn employee_pto(app: &TestApp, token: &str, id: i64) -> Value {
    ok(app.get_as(token, &format!("/server/v1/manage/employee-pto?id={id}")).await)
}

#[actix_web::test]
async fn someone_hired_for_a_later_day_is_set_up_with_nothing_accrued_yet() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let start = chrono::Utc::now().date_naive() + chrono::Duration::days(10);
    let data = ok(app.get_as(&s.admin, &format!("/server/v1/manage/user-data?id={}", s.outsider_id)).await);
    ok(app
        .post_as(
            &s.admin,
            "/server/v1/manage/add-user",
            json!({"id": s.outsider_id, "firstname": "Nia", "lastname": "Later", "email": data["email"], "startDate": start}),
        )
        .await);
    let plan = ok(app
        .post_as(
            &s.admin,
            "/server/v1/settings/save-pto-plan",
            json!({"name": "New hires", "year": chrono::Datelike::year(&start), "assignType": "teamMembers", "assignIds": [s.outsider_id],
                   "rules": [{"ptoTypeId": s.vacation, "method": "PER_CALENDAR_YEAR", "rate": 40, "rateUnit": 1}]}),
        )
        .await);
    let pto = employee_pto(&app, &s.admin, s.outsider_id).await;
    assert_eq!(
        (pto["ptoPolicyId"].as_i64(), pto["available"].as_i64(), pto["startsOn"].as_str()),
        (plan["id"].as_i64(), Some(0), Some(start.to_string().as_str()))
    );
    assert!(pto["types"].as_array().unwrap().is_empty());
    let list = ok(app.get_as(&s.admin, "/server/v1/manage/employees?q=Later").await);
    let row = list["employees"].as_array().unwrap().iter().find(|e| e["id"] == s.outsider_id).unwrap().clone();
    assert_eq!((row["ptoPlanName"].as_str(), row["ptoAvailable"].as_i64()), (Some("New hires"), Some(0)));
    // Someone already working keeps 'not set up' until they have a plan.
    assert_eq!(employee_pto(&app, &s.admin, s.employee_id).await["startsOn"], Value::Null);
}
