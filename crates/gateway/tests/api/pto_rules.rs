//! A plan's rules edited one at a time (issue 18, 002 §7 update-pto-rule / inactive-pto-rule),
//! the record every rule change leaves in the PTO history of the people in the plan, and the
//! plan calls' starting balances and removals (002 §2 step 10 and the edit panel).

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
    company: i64,
    employee: i64,
    employee_email: String,
    vacation: i64,
    sick: i64,
    year: i64,
}

fn fixed_rule(pto_type: i64, hours: i64) -> Value {
    json!({"ptoTypeId": pto_type, "method": "PER_CALENDAR_YEAR", "rate": hours, "rateUnit": 1, "prorated": true})
}

async fn new_type(app: &TestApp, token: &str, name: &str) -> i64 {
    ok(app.post_as(token, "/server/v1/settings/update-pto-type", json!({ "name": name })).await)["id"].as_i64().unwrap()
}

/// An employee who started on 1 January of this year; a Vacation and a Sick type.
async fn setup(app: &TestApp, name: &str) -> Setup {
    let admin_email = unique_email("admin");
    let admin = app.admin_of_new_company(name, &admin_email).await;
    let company = app.company_of(&admin_email).await.id.0;
    let manager_email = unique_email("manager");
    app.add_person(company, &manager_email, Role::Manager, None).await;
    let (employee, employee_email) = hire(app, &admin, company, "Emma").await;
    let year = ok(app.get_as(&admin, "/server/v1/pto-manage/data").await)["currentYear"].as_i64().unwrap();
    let vacation = new_type(app, &admin, "Vacation").await;
    let sick = new_type(app, &admin, "Sick").await;
    Setup {
        admin,
        manager: app.token_of(&manager_email).await,
        company,
        employee,
        employee_email,
        vacation,
        sick,
        year,
    }
}

async fn hire(app: &TestApp, admin: &str, company: i64, first_name: &str) -> (i64, String) {
    let email = unique_email("employee");
    let id = app.add_person(company, &email, Role::Employee, None).await;
    let year = ok(app.get_as(admin, "/server/v1/pto-manage/data").await)["currentYear"].as_i64().unwrap();
    ok(app
        .post_as(
            admin,
            "/server/v1/manage/add-user",
            json!({"id": id, "firstname": first_name, "lastname": "Brooks", "email": email, "startDate": format!("{year}-01-01")}),
        )
        .await);
    (id, email)
}

async fn employee_pto(app: &TestApp, token: &str, employee: i64) -> Value {
    ok(app.get_as(token, &format!("/server/v1/manage/employee-pto?id={employee}")).await)
}

fn balance_of(pto: &Value, pto_type: i64) -> i64 {
    pto["types"].as_array().unwrap().iter().find(|row| row["ptoTypeId"] == pto_type).unwrap()["balance"]
        .as_i64()
        .unwrap()
}

#[actix_web::test]
async fn a_rule_edit_recalculates_balances_and_says_why() {
    let app = spawn_app().await;
    let s = setup(&app, "Rules Co").await;
    let plan = ok(app
        .post_as(
            &s.admin,
            "/server/v1/settings/save-pto-plan",
            json!({"name": "Standard", "year": s.year, "assignType": "teamMembers", "assignIds": [s.employee],
                   "rules": [fixed_rule(s.vacation, 80)]}),
        )
        .await);
    let plan_id = plan["id"].as_i64().unwrap();
    let rule_id = plan["rules"][0]["id"].as_i64().unwrap();
    let before = employee_pto(&app, &s.admin, s.employee).await;
    assert!(before["ruleChanges"].as_array().unwrap().is_empty(), "a new plan changed nobody's balance");
    let eighty = balance_of(&before, s.vacation);
    assert!(eighty > 0);

    // Edit the rule: everyone in the plan is recalculated, and their history says why.
    let edit = |hours: i64| {
        let mut body = fixed_rule(s.vacation, hours);
        body["id"] = json!(rule_id);
        body["ptoPolicyId"] = json!(plan_id);
        app.post_as(&s.admin, "/server/v1/settings/update-pto-rule", body)
    };
    let edited = ok(edit(120).await);
    assert_eq!(edited["rules"][0]["summary"], "120 hrs/year");
    assert_eq!(edited["rules"][0]["id"], rule_id, "an edited rule keeps its id");
    let after = employee_pto(&app, &s.admin, s.employee).await;
    assert!(balance_of(&after, s.vacation) > eighty);
    let change = &after["ruleChanges"][0];
    assert_eq!(
        (
            change["planName"].as_str(),
            change["ptoTypeName"].as_str(),
            change["before"].as_str(),
            change["after"].as_str()
        ),
        (Some("Standard"), Some("Vacation"), Some("80 hrs/year"), Some("120 hrs/year"))
    );
    assert!(change["changedBy"].as_str().is_some_and(|name| !name.is_empty()));
    // The employee reads the same record in their own PTO.
    let own = employee_pto(&app, &app.token_of(&s.employee_email).await, s.employee).await;
    assert_eq!(own["ruleChanges"], after["ruleChanges"]);
    // Back to 80: the balance is what it was, and both changes are on record.
    ok(edit(80).await);
    let back = employee_pto(&app, &s.admin, s.employee).await;
    assert_eq!(balance_of(&back, s.vacation), eighty);
    assert_eq!(back["ruleChanges"].as_array().unwrap().len(), 2);

    // Add a rule for another type, then remove it: both recorded.
    let mut sick = fixed_rule(s.sick, 24);
    sick["ptoPolicyId"] = json!(plan_id);
    let added = ok(app.post_as(&s.admin, "/server/v1/settings/update-pto-rule", sick.clone()).await);
    let sick_rule =
        added["rules"].as_array().unwrap().iter().find(|r| r["ptoTypeId"] == s.sick).unwrap()["id"].as_i64().unwrap();
    assert!(balance_of(&employee_pto(&app, &s.admin, s.employee).await, s.sick) > 0);
    // A second rule for the same type is refused on the type.
    let twice = app.post_as(&s.admin, "/server/v1/settings/update-pto-rule", sick).await;
    assert_eq!(twice.field("ptoTypeId"), ["Each PTO Type can have only one rule in a plan"]);
    let removed =
        app.post_as(&s.admin, &format!("/server/v1/settings/inactive-pto-rule?id={sick_rule}"), json!({})).await;
    assert_eq!(removed.status, 200, "{:?}", removed.body);
    let now = employee_pto(&app, &s.admin, s.employee).await;
    let changes: Vec<(Option<&str>, Option<&str>)> = now["ruleChanges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|change| (change["before"].as_str(), change["after"].as_str()))
        .collect();
    assert_eq!(changes[0], (Some("24 hrs/year"), None));
    assert_eq!(changes[1], (None, Some("24 hrs/year")));
    // The plan's last rule stays.
    let last = app.post_as(&s.admin, &format!("/server/v1/settings/inactive-pto-rule?id={rule_id}"), json!({})).await;
    assert_eq!((last.status, last.body["message"].as_str()), (409, Some(pto::rules::LAST_RULE)));

    // The edit panel records what it changes, and nothing when a rule is unchanged.
    ok(app
        .post_as(
            &s.admin,
            "/server/v1/settings/update-pto-policy",
            json!({"id": plan_id, "name": "Standard", "year": s.year, "rules": [fixed_rule(s.vacation, 80)]}),
        )
        .await);
    let unchanged = employee_pto(&app, &s.admin, s.employee).await["ruleChanges"].as_array().unwrap().len();
    assert_eq!(unchanged, 4);
    ok(app
        .post_as(
            &s.admin,
            "/server/v1/settings/update-pto-policy",
            json!({"id": plan_id, "name": "Standard", "year": s.year, "rules": [fixed_rule(s.vacation, 96)]}),
        )
        .await);
    let panel = employee_pto(&app, &s.admin, s.employee).await;
    assert_eq!(panel["ruleChanges"][0]["after"], "96 hrs/year");

    // Settings data lists the plans and their rules.
    let settings = ok(app.get_as(&s.manager, "/server/v1/settings/data").await);
    assert_eq!(settings["ptopolicies"][0]["name"], "Standard");
    assert_eq!(settings["ptorules"][0]["summary"], "96 hrs/year");
}

#[actix_web::test]
async fn bad_rule_edits_get_field_errors_and_others_rules_are_out_of_reach() {
    let app = spawn_app().await;
    let s = setup(&app, "Bad Rules Co").await;
    let other = setup(&app, "Other Rules Co").await;
    let plan = ok(app
        .post_as(
            &s.admin,
            "/server/v1/settings/save-pto-plan",
            json!({"name": "Standard", "year": s.year, "assignType": "none", "rules": [fixed_rule(s.vacation, 80)]}),
        )
        .await);
    let plan_id = plan["id"].as_i64().unwrap();
    let theirs = ok(app
        .post_as(
            &other.admin,
            "/server/v1/settings/save-pto-plan",
            json!({"name": "Theirs", "year": other.year, "assignType": "none", "rules": [fixed_rule(other.vacation, 8)]}),
        )
        .await);
    let their_rule = theirs["rules"][0]["id"].as_i64().unwrap();

    let bad = app
        .post_as(
            &s.admin,
            "/server/v1/settings/update-pto-rule",
            json!({"ptoPolicyId": plan_id, "ptoTypeId": s.sick, "method": "PER_HOUR_WORKED", "rate": "1.255", "rateUnit": ""}),
        )
        .await;
    assert_eq!(bad.status, 400);
    assert!(!bad.field("rate").is_empty(), "{:?}", bad.body);
    assert!(!bad.field("rateUnit").is_empty(), "{:?}", bad.body);
    let no_plan = app.post_as(&s.admin, "/server/v1/settings/update-pto-rule", fixed_rule(s.sick, 8)).await;
    assert_eq!(no_plan.field("ptoPolicyId"), [pto::switching::PLAN_MISSING]);
    let foreign_type = app
        .post_as(&s.admin, "/server/v1/settings/update-pto-rule", {
            let mut body = fixed_rule(other.vacation, 8);
            body["ptoPolicyId"] = json!(plan_id);
            body
        })
        .await;
    assert_eq!(foreign_type.field("ptoTypeId"), [pto::plans::UNKNOWN_TYPE]);
    // Another company's plan or rule: the same 404 as a missing one.
    let mut into_theirs = fixed_rule(s.vacation, 8);
    into_theirs["ptoPolicyId"] = json!(theirs["id"]);
    let mut their_id = fixed_rule(s.vacation, 8);
    their_id["ptoPolicyId"] = json!(plan_id);
    their_id["id"] = json!(their_rule);
    for reply in [
        app.post_as(&s.admin, "/server/v1/settings/update-pto-rule", into_theirs).await,
        app.post_as(&s.admin, "/server/v1/settings/update-pto-rule", their_id).await,
        app.post_as(&s.admin, &format!("/server/v1/settings/inactive-pto-rule?id={their_rule}"), json!({})).await,
    ] {
        assert_eq!(reply.status, 404, "{:?}", reply.body);
    }
    // Managers read rules, never change them.
    let mut body = fixed_rule(s.sick, 8);
    body["ptoPolicyId"] = json!(plan_id);
    assert_eq!(app.post_as(&s.manager, "/server/v1/settings/update-pto-rule", body).await.status, 403);
    // Nothing changed anywhere.
    assert_eq!(
        ok(app.get_as(&other.admin, "/server/v1/pto-manage/data").await)["ptoRules"][0]["summary"],
        "8 hrs/year"
    );
    assert_eq!(ok(app.get_as(&s.admin, "/server/v1/pto-manage/data").await)["ptoRules"].as_array().unwrap().len(), 1);
}

#[actix_web::test]
async fn a_wizard_plan_moves_people_with_starting_balances_and_the_panel_takes_them_off() {
    let app = spawn_app().await;
    let s = setup(&app, "Moves Co").await;
    let (newcomer, _) = hire(&app, &s.admin, s.company, "Noah").await;
    let old = ok(app
        .post_as(
            &s.admin,
            "/server/v1/settings/save-pto-plan",
            json!({"name": "Old", "year": s.year, "assignType": "teamMembers", "assignIds": [s.employee],
                   "rules": [fixed_rule(s.vacation, 40)]}),
        )
        .await)["id"]
        .as_i64()
        .unwrap();
    let wizard = |starting: Value| {
        app.post_as(
            &s.admin,
            "/server/v1/settings/save-pto-plan",
            json!({"name": "New", "year": s.year, "assignType": "teamMembers", "assignIds": [s.employee, newcomer],
                   "rules": [fixed_rule(s.vacation, 120)], "startingBalances": starting}),
        )
    };
    // Bad starting balances are refused on their inputs, and nothing is saved.
    let bad = wizard(json!([{"employeeId": s.employee, "ptoTypeId": s.vacation, "startingBalance": "12.5.3"}])).await;
    assert_eq!(bad.field("startingBalances[0].startingBalance"), [pto::switching::STARTING_BALANCE_INVALID]);
    let stranger = wizard(json!([{"employeeId": 999_999, "ptoTypeId": s.vacation, "startingBalance": "1"}])).await;
    assert_eq!(stranger.field("startingBalances[0].employeeId"), [pto::plans::NOT_ASSIGNED]);
    assert_eq!(
        ok(app.get_as(&s.admin, "/server/v1/pto-manage/data").await)["ptoPolicies"].as_array().unwrap().len(),
        1
    );

    let new = ok(wizard(json!([{"employeeId": s.employee, "ptoTypeId": s.vacation, "startingBalance": "12.5"}])).await);
    let new_id = new["id"].as_i64().unwrap();
    // The employee moved from Old with the balance given; the newcomer joined from 1 January.
    let moved = employee_pto(&app, &s.admin, s.employee).await;
    assert_eq!(moved["ptoPolicyId"], new_id);
    assert_eq!(balance_of(&moved, s.vacation), 750);
    let entry = moved["history"].as_array().unwrap().iter().find(|e| e["type"] == "NEW_PTO_PLAN").unwrap().clone();
    assert_eq!((entry["minutes"].as_i64(), entry["policyName"].as_str()), (Some(750), Some("New")));
    let joined = employee_pto(&app, &s.admin, newcomer).await;
    assert_eq!(joined["ptoPolicyId"], new_id);
    assert!(balance_of(&joined, s.vacation) > 0);

    // The edit panel takes people off the plan for the year: each falls back to what was before.
    let take_off = |ids: Value| {
        app.post_as(
            &s.admin,
            "/server/v1/settings/update-pto-policy",
            json!({"id": new_id, "name": "New", "year": s.year, "rules": [fixed_rule(s.vacation, 120)], "removeIds": ids}),
        )
    };
    assert_eq!(take_off(json!([999_999])).await.field("removeIds"), [pto::plans::NOT_ENROLLED]);
    ok(take_off(json!([s.employee, newcomer])).await);
    let back = employee_pto(&app, &s.admin, s.employee).await;
    assert_eq!(back["ptoPolicyId"], old);
    assert!(back["history"].as_array().unwrap().iter().all(|e| e["type"] != "NEW_PTO_PLAN"));
    let none = employee_pto(&app, &s.admin, newcomer).await;
    assert_eq!((none["ptoPolicyId"].as_i64(), none["available"].as_i64()), (None, Some(-1000)));
    let counts = ok(app.get_as(&s.admin, "/server/v1/pto-manage/data").await);
    let new_plan = counts["ptoPolicies"].as_array().unwrap().iter().find(|p| p["id"] == new_id).unwrap().clone();
    assert_eq!(new_plan["enrolledEmployeeCount"], 0);

    // Adding people back through the panel with a starting balance for them.
    let added = app
        .post_as(
            &s.admin,
            "/server/v1/settings/update-pto-policy",
            json!({"id": new_id, "name": "New", "year": s.year, "rules": [fixed_rule(s.vacation, 120)],
                   "assignType": "teamMembers", "assignIds": [newcomer],
                   "startingBalances": [{"employeeId": newcomer, "ptoTypeId": s.vacation, "startingBalance": "-2"}]}),
        )
        .await;
    assert_eq!(added.status, 200, "{:?}", added.body);
    assert_eq!(balance_of(&employee_pto(&app, &s.admin, newcomer).await, s.vacation), -120);
}
