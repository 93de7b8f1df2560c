//! Joining and switching plans with starting balances (issue 18, 002 §4, 001 §4/§7): the balance
//! detail before a switch, the switch, its removal from the history, and the folder's set-up
//! copied to other employees.

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
    vacation: i64,
    standard: i64,
    generous: i64,
    year: i64,
}

async fn plan(app: &TestApp, token: &str, name: &str, year: i64, members: &[i64], vacation: i64, hours: i64) -> i64 {
    ok(app
        .post_as(
            token,
            "/server/v1/settings/save-pto-plan",
            json!({"name": name, "year": year, "assignType": if members.is_empty() { "none" } else { "teamMembers" },
                   "assignIds": members,
                   "rules": [{"ptoTypeId": vacation, "method": "PER_CALENDAR_YEAR", "rate": hours, "rateUnit": 1, "prorated": true}]}),
        )
        .await)["id"]
        .as_i64()
        .unwrap()
}

/// An employee who started on 1 January, in 'Standard' (80 h a year); 'Generous' (120 h) exists.
async fn setup(app: &TestApp) -> Setup {
    let admin_email = unique_email("admin");
    let admin = app.admin_of_new_company("Switch Co", &admin_email).await;
    let company = app.company_of(&admin_email).await.id.0;
    let manager_email = unique_email("manager");
    app.add_person(company, &manager_email, Role::Manager, None).await;
    let email = unique_email("employee");
    let employee = app.add_person(company, &email, Role::Employee, None).await;
    let year = ok(app.get_as(&admin, "/server/v1/pto-manage/data").await)["currentYear"].as_i64().unwrap();
    ok(app
        .post_as(
            &admin,
            "/server/v1/manage/add-user",
            json!({"id": employee, "firstname": "Emma", "lastname": "Brooks", "email": email, "startDate": format!("{year}-01-01")}),
        )
        .await);
    let vacation = ok(app.post_as(&admin, "/server/v1/settings/update-pto-type", json!({"name": "Vacation"})).await)
        ["id"]
        .as_i64()
        .unwrap();
    let standard = plan(app, &admin, "Standard", year, &[employee], vacation, 80).await;
    let generous = plan(app, &admin, "Generous", year, &[], vacation, 120).await;
    Setup { manager: app.token_of(&manager_email).await, admin, company, employee, vacation, standard, generous, year }
}

async fn pto_of(app: &TestApp, token: &str, employee: i64) -> Value {
    ok(app.get_as(token, &format!("/server/v1/manage/employee-pto?id={employee}")).await)
}

#[actix_web::test]
async fn a_switch_with_a_starting_balance_is_undone_by_removing_its_history_entry() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let detail = ok(app
        .post_as(
            &s.admin,
            "/server/v1/settings/get-balance-detail",
            json!({"assignType": "teamMembers", "assignIds": [s.employee], "year": s.year, "ptoPolicyId": s.generous}),
        )
        .await);
    let person = &detail["employees"][0];
    assert_eq!((person["employeeId"].as_i64(), person["currentPlanId"].as_i64()), (Some(s.employee), Some(s.standard)));
    let vacation = &person["types"][0];
    assert_eq!(
        (vacation["includedInCurrentPlan"].as_bool(), vacation["includedInNewPlan"].as_bool()),
        (Some(true), Some(true))
    );
    assert_eq!(vacation["balanceOfCurrentPlan"], 4800);
    let before = pto_of(&app, &s.admin, s.employee).await;

    let switched = ok(app
        .post_as(
            &s.admin,
            "/server/v1/settings/switch-pto-plan",
            json!({"ptoPolicyId": s.generous, "year": s.year,
                   "startingBalances": [{"employeeId": s.employee, "ptoTypeId": s.vacation, "startingBalance": "10.5"}]}),
        )
        .await);
    assert_eq!(switched["employeeIds"], json!([s.employee]));
    let after = pto_of(&app, &s.admin, s.employee).await;
    assert_eq!(after["ptoPlanName"], "Generous");
    assert_eq!(after["types"][0]["startingBalance"], 630);
    let entry = &after["history"][0];
    assert_eq!((entry["type"].as_str(), entry["policyName"].as_str()), (Some("NEW_PTO_PLAN"), Some("Generous")));
    // The person is counted and listed in the plan they are in now, not in the one they left;
    // the old plan still prices their year until today, so it cannot be deleted.
    let data = ok(app.get_as(&s.admin, "/server/v1/pto-manage/data").await);
    let plan_view =
        |name: &str| data["ptoPolicies"].as_array().unwrap().iter().find(|p| p["name"] == name).unwrap().clone();
    let (standard, generous) = (plan_view("Standard"), plan_view("Generous"));
    assert_eq!((&standard["enrolledEmployeeCount"], &generous["enrolledEmployeeCount"]), (&json!(0), &json!(1)));
    assert_eq!(standard["numOfEnrolledEmployees"], json!([]));
    assert_eq!(generous["numOfEnrolledEmployees"], json!([{"year": s.year, "count": 1}]));
    assert_eq!((&standard["deletable"], &generous["deletable"]), (&json!(false), &json!(false)));
    for (plan, people) in [(s.standard, 0), (s.generous, 1)] {
        let path = format!("/server/v1/pto-manage/plan-employees?ptoPolicyId={plan}&year={}", s.year);
        let listed = ok(app.get_as(&s.admin, &path).await);
        assert_eq!(listed["employees"].as_array().unwrap().len(), people, "{listed:?}");
    }
    let kept =
        app.post_as(&s.admin, &format!("/server/v1/settings/inactive-pto-policy?id={}", s.standard), json!({})).await;
    assert_eq!(kept.status, 409, "{:?}", kept.body);
    assert_eq!(kept.body["message"], pto::plans::PLAN_HAS_HISTORY);

    // The rows as they are, and as they would be under another plan from today, with no switch made.
    let as_is = ok(app.get_as(&s.admin, &format!("/server/v1/pto/employee-pto-types?id={}", s.employee)).await);
    assert_eq!(as_is["types"], after["types"]);
    let projected = ok(app
        .get_as(&s.admin, &format!("/server/v1/pto/employee-pto-types?id={}&ptoPolicyId={}", s.employee, s.standard))
        .await);
    assert_eq!(projected["types"][0]["ptoTypeId"], s.vacation);
    assert_eq!(pto_of(&app, &s.admin, s.employee).await["ptoPlanName"], "Generous");
    let unknown =
        app.get_as(&s.admin, &format!("/server/v1/pto/employee-pto-types?id={}&ptoPolicyId=999999", s.employee)).await;
    assert_eq!(unknown.status, 404);
    // A manager who does not manage them reaches nobody's rows.
    let outside = app.get_as(&s.manager, &format!("/server/v1/pto/employee-pto-types?id={}", s.employee)).await;
    assert_eq!(outside.status, 404);

    // Removing the entry restores the plan and the balance it replaced.
    let undone =
        ok(app.post_as(&s.admin, "/server/v1/manage/delete-pto-plan-switch-history", json!({"id": entry["id"]})).await);
    assert_eq!(undone["ptoPlanName"], "Standard");
    assert_eq!(undone["types"], before["types"]);
    assert!(undone["history"].as_array().unwrap().is_empty());
}

#[actix_web::test]
async fn the_folders_set_up_is_copied_to_other_employees() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let newcomer = app.add_person(s.company, &unique_email("newcomer"), Role::Employee, None).await;
    let other = app.add_person(s.company, &unique_email("other"), Role::Employee, None).await;
    let saved = ok(app
        .post_as(
            &s.admin,
            "/server/v1/manage/save-employee-pto-types",
            json!({"employeeId": newcomer, "ptoPolicyId": s.standard, "year": s.year,
                   "types": [{"ptoTypeId": s.vacation, "startingBalance": 8}], "copyTo": [other]}),
        )
        .await);
    assert_eq!((saved["employeeId"].as_i64(), saved["ptoPlanName"].as_str()), (Some(newcomer), Some("Standard")));
    assert_eq!(saved["types"][0]["startingBalance"], 480);
    let copied = pto_of(&app, &s.admin, other).await;
    assert_eq!(copied["ptoPlanName"], "Standard");
    assert_eq!(copied["types"][0]["startingBalance"], 480);
    // Saving again replaces the starting balance rather than adding a second one.
    let again = ok(app
        .post_as(
            &s.admin,
            "/server/v1/manage/save-employee-pto-types",
            json!({"employeeId": newcomer, "ptoPolicyId": s.standard, "year": s.year, "types": [{"ptoTypeId": s.vacation, "startingBalance": "4"}]}),
        )
        .await);
    assert_eq!(again["types"][0]["startingBalance"], 240);
    assert_eq!(again["history"].as_array().unwrap().len(), 1);
}

#[actix_web::test]
async fn switches_are_checked_and_the_admins_alone() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let switch = |token: String, body: Value| {
        let app = &app;
        async move { app.post_as(&token, "/server/v1/settings/switch-pto-plan", body).await }
    };
    for bad in
        [json!("12.5.3"), json!("ten"), json!("1."), json!("8784.5"), json!(1e15), json!(-9223372036854775807i64)]
    {
        let reply = switch(
            s.admin.clone(),
            json!({"ptoPolicyId": s.generous, "year": s.year,
                   "startingBalances": [{"employeeId": s.employee, "ptoTypeId": s.vacation, "startingBalance": bad}]}),
        )
        .await;
        assert_eq!(
            reply.field("startingBalances[0].startingBalance"),
            [pto::switching::STARTING_BALANCE_INVALID],
            "{bad}"
        );
    }
    let no_plan = switch(s.admin.clone(), json!({"year": s.year, "employeeIds": [s.employee]})).await;
    assert_eq!(no_plan.field("ptoPolicyId"), [pto::switching::PLAN_MISSING]);
    assert_eq!(
        switch(s.manager.clone(), json!({"ptoPolicyId": s.generous, "year": s.year, "employeeIds": [s.employee]}))
            .await
            .status,
        403
    );
    // Another company's admin reaches neither the plan nor the people.
    let other_email = unique_email("other");
    let other = app.admin_of_new_company("Other Co", &other_email).await;
    let theirs =
        switch(other.clone(), json!({"ptoPolicyId": s.generous, "year": s.year, "employeeIds": [s.employee]})).await;
    assert_eq!(theirs.status, 404);
    let other_type = ok(app.post_as(&other, "/server/v1/settings/update-pto-type", json!({"name": "Theirs"})).await)
        ["id"]
        .as_i64()
        .unwrap();
    let their_plan = plan(&app, &other, "Theirs", s.year, &[], other_type, 8).await;
    let strangers =
        switch(other.clone(), json!({"ptoPolicyId": their_plan, "year": s.year, "employeeIds": [s.employee]})).await;
    assert_eq!(strangers.field("employeeIds"), [pto::plans::UNKNOWN_MEMBER]);
    // Nothing changed for the employee.
    assert_eq!(pto_of(&app, &s.admin, s.employee).await["ptoPlanName"], "Standard");
}

#[actix_web::test]
async fn the_allocation_page_sets_many_starting_balances_keeping_each_plan() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let second = app.add_person(s.company, &unique_email("second"), Role::Employee, None).await;
    ok(app
        .post_as(
            &s.admin,
            "/server/v1/settings/switch-pto-plan",
            json!({"ptoPolicyId": s.generous, "year": s.year, "employeeIds": [second]}),
        )
        .await);
    let page = ok(app.get_as(&s.admin, "/server/v1/pto-manage/allocation").await);
    assert_eq!(page["year"], s.year);
    assert_eq!(page["years"], json!([s.year, s.year + 1]));
    assert_eq!(page["types"][0]["id"], s.vacation);
    let row = |page: &Value, id: i64| {
        page["employees"].as_array().unwrap().iter().find(|row| row["employeeId"] == id).cloned().unwrap()
    };
    assert_eq!(row(&page, s.employee)["ptoPlanName"], "Standard");
    assert_eq!(row(&page, s.employee)["types"], json!([{"ptoTypeId": s.vacation, "startingBalance": null}]));
    assert_eq!(row(&page, second)["ptoPolicyId"], s.generous);

    // Saving is a switch to each person's own plan: the plans stay, the balances are set.
    for (plan, employee, hours) in [(s.standard, s.employee, "12"), (s.generous, second, "30")] {
        ok(app
            .post_as(
                &s.admin,
                "/server/v1/settings/switch-pto-plan",
                json!({"ptoPolicyId": plan, "year": s.year, "employeeIds": [employee],
                       "startingBalances": [{"employeeId": employee, "ptoTypeId": s.vacation, "startingBalance": hours}]}),
            )
            .await);
    }
    let page = ok(app.get_as(&s.admin, "/server/v1/pto-manage/allocation").await);
    assert_eq!(row(&page, s.employee)["types"][0]["startingBalance"], 720);
    assert_eq!(row(&page, s.employee)["ptoPlanName"], "Standard");
    assert_eq!(row(&page, second)["types"][0]["startingBalance"], 1800);
    assert_eq!(pto_of(&app, &s.admin, s.employee).await["types"][0]["startingBalance"], 720);

    // Next year has no plans yet; other years are refused; the page is the admins'.
    let next = ok(app.get_as(&s.admin, &format!("/server/v1/pto-manage/allocation?year={}", s.year + 1)).await);
    assert_eq!(row(&next, s.employee)["types"], json!([]));
    let far = app.get_as(&s.admin, &format!("/server/v1/pto-manage/allocation?year={}", s.year - 1)).await;
    assert_eq!((far.status, far.field("year")), (400, vec![pto::switching::ALLOCATION_YEAR_INVALID.to_owned()]));
    assert_eq!(app.get_as(&s.manager, "/server/v1/pto-manage/allocation").await.status, 403);
}
