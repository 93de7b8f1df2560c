//! PTO plans (issue 18, 002 §2–§5): admins create plans with the engine's rules and assign them;
//! managers read them; deleting a plan or a type it includes is refused while it is in use.

use crate::helpers::{spawn_app, unique_email, TestApp};
use kernel::Role;
use serde_json::{json, Value};

struct Company {
    admin: String,
    manager: String,
    id: i64,
}

async fn company(app: &TestApp, name: &str) -> Company {
    let admin = unique_email("admin");
    let admin_token = app.admin_of_new_company(name, &admin).await;
    let company = app.company_of(&admin).await;
    let manager = unique_email("manager");
    app.add_person(company.id, &manager, Role::Manager, None).await;
    Company { admin: admin_token, manager: app.token_of(&manager).await, id: company.id.0 }
}

fn ok(reply: crate::helpers::Reply) -> Value {
    assert!(reply.status < 300, "{} {:?}", reply.status, reply.body);
    reply.body
}

async fn pto_type(app: &TestApp, token: &str, name: &str) -> i64 {
    ok(app.post_as(token, "/server/v1/settings/update-pto-type", json!({ "name": name })).await)["id"].as_i64().unwrap()
}

fn fixed_rule(pto_type: i64, hours: i64) -> Value {
    json!({"ptoTypeId": pto_type, "method": "PER_CALENDAR_YEAR", "rate": hours, "rateUnit": 1, "prorated": true,
           "carryoverPolicy": "allowCarryover", "maxCarryoverEnabled": true, "maxCarryover": 16})
}

#[actix_web::test]
async fn an_admin_creates_assigns_and_deletes_plans() {
    let app = spawn_app().await;
    let c = company(&app, "Plans Co").await;
    let producer = ok(app.post_as(&c.admin, "/server/v1/settings/update-role-type", json!({"name": "Producer"})).await)
        ["id"]
        .as_i64()
        .unwrap();
    let mut producers = Vec::new();
    for _ in 0..2 {
        let email = unique_email("producer");
        let id = app.add_person(c.id, &email, Role::Employee, None).await;
        let data = ok(app.get_as(&c.admin, &format!("/server/v1/manage/user-data?id={id}")).await);
        let saved = app
            .post_as(
                &c.admin,
                "/server/v1/manage/add-user",
                json!({"id": id, "firstname": "Pat", "lastname": format!("P{id}"), "email": data["email"], "jobroleId": producer}),
            )
            .await;
        assert_eq!(saved.status, 200, "{:?}", saved.body);
        producers.push(id);
    }
    let vacation = pto_type(&app, &c.admin, "Vacation").await;
    let sick = pto_type(&app, &c.admin, "Sick").await;
    let year = ok(app.get_as(&c.admin, "/server/v1/pto-manage/data").await)["currentYear"].as_i64().unwrap();

    let created = app
        .post_as(
            &c.admin,
            "/server/v1/settings/save-pto-plan",
            json!({"name": "Standard", "year": year, "assignType": "jobRole", "assignIds": [producer],
                   "rules": [fixed_rule(vacation, 80),
                             {"ptoTypeId": sick, "method": "PER_HOUR_WORKED", "rate": "1", "rateUnit": "30",
                              "carryoverPolicy": "useItOrLoseIt"}]}),
        )
        .await;
    assert_eq!(created.status, 200, "{:?}", created.body);
    let plan = created.body["id"].as_i64().unwrap();
    assert_eq!(created.body["numOfEnrolledEmployees"], json!([{"year": year, "count": 2}]));
    assert_eq!(created.body["enrolledEmployeeCount"], 2);
    let summaries: Vec<&str> =
        created.body["rules"].as_array().unwrap().iter().map(|r| r["summary"].as_str().unwrap()).collect();
    assert_eq!(summaries, ["80 hrs/year", "1 hrs per 30 worked hours"]);

    // Managers read the set-up; the types in the plan are no longer deletable.
    let data = ok(app.get_as(&c.manager, "/server/v1/pto-manage/data").await);
    assert_eq!(data["ptoPolicies"][0]["name"], "Standard");
    assert_eq!(data["ptoRules"].as_array().unwrap().len(), 2);
    assert_eq!(data["jobRoles"], json!([{"id": producer, "name": "Producer"}]));
    assert!(data["ptoTypes"].as_array().unwrap().iter().all(|t| t["allowDelete"] == false));
    let blocked =
        app.post_as(&c.admin, &format!("/server/v1/settings/inactive-pto-type?id={vacation}"), json!({})).await;
    assert_eq!((blocked.status, blocked.body["message"].as_str()), (409, Some(pto::types::TYPE_IN_PLAN)));
    let enrolled = ok(app
        .get_as(&c.manager, &format!("/server/v1/pto-manage/plan-employees?ptoPolicyId={plan}&year={year}"))
        .await);
    let ids: Vec<i64> = enrolled["employees"].as_array().unwrap().iter().map(|e| e["id"].as_i64().unwrap()).collect();
    assert_eq!(ids.len(), 2);
    assert!(producers.iter().all(|id| ids.contains(id)));

    // Editing: a new name and one rule; the enrolled people stay.
    let edited = app
        .post_as(
            &c.admin,
            "/server/v1/settings/update-pto-policy",
            json!({"id": plan, "name": "Producers", "year": year, "rules": [fixed_rule(vacation, 120)]}),
        )
        .await;
    assert_eq!(edited.status, 200, "{:?}", edited.body);
    assert_eq!(
        (edited.body["name"].as_str(), edited.body["enrolledEmployeeCount"].as_i64()),
        (Some("Producers"), Some(2))
    );
    assert_eq!(edited.body["kind"], "Fixed");
    // Sick left the plan, so it may go.
    assert_eq!(
        app.post_as(&c.admin, &format!("/server/v1/settings/inactive-pto-type?id={sick}"), json!({})).await.status,
        200
    );

    // A plan with people in it stays; one without may be deleted.
    let busy = app.post_as(&c.admin, &format!("/server/v1/settings/inactive-pto-policy?id={plan}"), json!({})).await;
    assert_eq!((busy.status, busy.body["message"].as_str()), (409, Some(pto::plans::PLAN_HAS_PEOPLE)));
    let empty = ok(app
        .post_as(
            &c.admin,
            "/server/v1/settings/save-pto-plan",
            json!({"name": "Later", "year": year + 1, "assignType": "none", "rules": [fixed_rule(vacation, 40)]}),
        )
        .await);
    assert_eq!(empty["enrolledEmployeeCount"], 0);
    let gone =
        app.post_as(&c.admin, &format!("/server/v1/settings/inactive-pto-policy?id={}", empty["id"]), json!({})).await;
    assert_eq!(gone.status, 200, "{:?}", gone.body);
    let left = ok(app.get_as(&c.admin, "/server/v1/pto-manage/data").await);
    assert_eq!(left["ptoPolicies"].as_array().unwrap().len(), 1);
}

#[actix_web::test]
async fn an_employee_has_one_plan_a_year() {
    let app = spawn_app().await;
    let c = company(&app, "One Plan Co").await;
    let person = app.add_person(c.id, &unique_email("person"), Role::Employee, None).await;
    let vacation = pto_type(&app, &c.admin, "Vacation").await;
    let year = ok(app.get_as(&c.admin, "/server/v1/pto-manage/data").await)["currentYear"].as_i64().unwrap();
    let plan = |name: &'static str| json!({"name": name, "year": year, "assignType": "teamMembers", "assignIds": [person], "rules": [fixed_rule(vacation, 80)]});
    let first = ok(app.post_as(&c.admin, "/server/v1/settings/save-pto-plan", plan("First")).await);
    let second = ok(app.post_as(&c.admin, "/server/v1/settings/save-pto-plan", plan("Second")).await);
    assert_eq!(first["enrolledEmployeeCount"], 1);
    // Already enrolled this year: the second plan moves them (from today), never a second plan.
    assert_eq!(second["enrolledEmployeeCount"], 1);
    let pto = ok(app.get_as(&c.admin, &format!("/server/v1/manage/employee-pto?id={person}")).await);
    assert_eq!(pto["ptoPolicyId"], second["id"]);
    let whole_team = ok(app
        .post_as(
            &c.admin,
            "/server/v1/settings/save-pto-plan",
            json!({"name": "Everyone next year", "year": year + 1, "assignType": "entireTeam", "rules": [fixed_rule(vacation, 80)]}),
        )
        .await);
    // The admin, the manager and the person: everyone active.
    assert_eq!(whole_team["enrolledEmployeeCount"], 3);
}

#[actix_web::test]
async fn bad_plans_get_each_field_and_the_engines_message() {
    let app = spawn_app().await;
    let c = company(&app, "Bad Plans Co").await;
    let other = company(&app, "Their Co").await;
    let vacation = pto_type(&app, &c.admin, "Vacation").await;
    let theirs = pto_type(&app, &other.admin, "Theirs").await;
    let year = ok(app.get_as(&c.admin, "/server/v1/pto-manage/data").await)["currentYear"].as_i64().unwrap();
    let save = |body: Value| app.post_as(&c.admin, "/server/v1/settings/save-pto-plan", body);

    let reply = save(json!({"name": " ", "year": year + 5, "assignType": "jobRole", "assignIds": [],
                            "rules": [{"ptoTypeId": vacation, "method": "PER_CALENDAR_YEAR", "rate": ""}]}))
    .await;
    assert_eq!(reply.status, 400);
    assert_eq!(reply.field("name"), ["Please input the Name"]);
    assert_eq!(reply.field("year"), [pto::plans::YEAR_INVALID]);
    assert_eq!(reply.field("assignIds"), [pto::plans::ASSIGN_ROLES_MISSING]);
    assert_eq!(reply.field("rules[0].rate"), ["Please input the Hours per year"]);
    let twice = save(json!({"name": "Twice", "year": year, "assignType": "none",
                            "rules": [fixed_rule(vacation, 8), fixed_rule(vacation, 16)]}))
    .await;
    assert_eq!(twice.field("rules"), ["Each PTO Type can have only one rule in a plan"]);
    assert_eq!(
        save(json!({"name": "No who", "year": year, "rules": [fixed_rule(vacation, 8)]})).await.field("assignType"),
        [pto::plans::ASSIGN_TYPE_MISSING]
    );
    // Another company's type, job role or people are refused like unknown ones.
    let foreign =
        save(json!({"name": "Foreign", "year": year, "assignType": "none", "rules": [fixed_rule(theirs, 8)]})).await;
    assert_eq!(foreign.field("rules[0].ptoTypeId"), [pto::plans::UNKNOWN_TYPE]);
    let strangers =
        save(json!({"name": "Strangers", "year": year, "assignType": "teamMembers", "assignIds": [999_999],
                                "rules": [fixed_rule(vacation, 8)]}))
        .await;
    assert_eq!(strangers.field("assignIds"), [pto::plans::UNKNOWN_MEMBER]);
    // Nothing was saved, and another company's plan is out of reach.
    assert!(ok(app.get_as(&c.admin, "/server/v1/pto-manage/data").await)["ptoPolicies"].as_array().unwrap().is_empty());
    let theirs_plan = ok(app
        .post_as(
            &other.admin,
            "/server/v1/settings/save-pto-plan",
            json!({"name": "Theirs", "year": year, "assignType": "none", "rules": [fixed_rule(theirs, 8)]}),
        )
        .await)["id"]
        .as_i64()
        .unwrap();
    for reply in [
        app.post_as(
            &c.admin,
            "/server/v1/settings/update-pto-policy",
            json!({"id": theirs_plan, "name": "Mine", "year": year, "rules": [fixed_rule(vacation, 8)]}),
        )
        .await,
        app.post_as(&c.admin, &format!("/server/v1/settings/inactive-pto-policy?id={theirs_plan}"), json!({})).await,
        app.get_as(&c.admin, &format!("/server/v1/pto-manage/plan-employees?ptoPolicyId={theirs_plan}")).await,
    ] {
        assert_eq!(reply.status, 404, "{:?}", reply.body);
    }
    // Managers read, never write.
    let manager_write = app
        .post_as(
            &c.manager,
            "/server/v1/settings/save-pto-plan",
            json!({"name": "Mine", "year": year, "assignType": "none", "rules": [fixed_rule(vacation, 8)]}),
        )
        .await;
    assert_eq!(manager_write.status, 403);
}
