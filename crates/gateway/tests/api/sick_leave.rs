//! Paid sick leave by law (issue 38): the laws with their presets, the wizard's check, the
//! compliance report of every plan where its people work, and the use rules a request meets
//! (a wait before first use, a yearly use cap, the smallest block). The expected figures come
//! from each law's text, cited beside them.

use crate::helpers::{spawn_app, unique_email, Reply, TestApp};
use chrono::{Datelike, Duration, NaiveDate, Utc};
use kernel::Role;
use serde_json::{json, Value};

pub(crate) fn ok(reply: Reply) -> Value {
    assert!(reply.status < 300, "{} {:?}", reply.status, reply.body);
    reply.body
}

pub(crate) struct Company {
    pub(crate) admin: String,
    pub(crate) admin_email: String,
    pub(crate) id: kernel::CompanyId,
    pub(crate) employee: i64,
    pub(crate) employee_email: String,
    pub(crate) sick: i64,
    pub(crate) year: i64,
}

pub(crate) async fn company(app: &TestApp, name: &str) -> Company {
    let admin_email = unique_email("admin");
    let admin = app.admin_of_new_company(name, &admin_email).await;
    let id = app.company_of(&admin_email).await.id;
    let employee_email = unique_email("employee");
    let employee = app.add_person(id, &employee_email, Role::Employee, None).await;
    let sick = ok(app.post_as(&admin, "/server/v1/settings/update-pto-type", json!({"name": "Sick time"})).await)["id"]
        .as_i64()
        .unwrap();
    let year = ok(app.get_as(&admin, "/server/v1/pto-manage/data").await)["currentYear"].as_i64().unwrap();
    Company { admin, admin_email, id, employee, employee_email, sick, year }
}

pub(crate) async fn set_address(app: &TestApp, c: &Company, state: &str, city: &str) {
    ok(app
        .post_as(
            &c.admin,
            "/server/v1/company/update",
            json!({"name": "Sick Leave Co", "email": c.admin_email, "state": state, "city": city}),
        )
        .await);
}

/// The preset of a law's tier for `employees`, as the wizard reads it.
pub(crate) fn preset(laws: &Value, id: &str, employees: u64) -> Value {
    let law = laws["laws"].as_array().unwrap().iter().find(|law| law["id"] == id).unwrap_or_else(|| panic!("{id}"));
    let tier = law["tiers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|tier| {
            tier["minEmployees"].as_u64().unwrap() <= employees
                && tier["maxEmployees"].as_u64().is_none_or(|max| employees <= max)
        })
        .unwrap_or_else(|| panic!("{id} covers {employees}"));
    tier["preset"].clone()
}

/// A rule input from a rule as the screens read it (`RuleView`), for `pto_type`.
pub(crate) fn rule_input(view: &Value, pto_type: i64) -> Value {
    let mut rule = view.clone();
    let object = rule.as_object_mut().unwrap();
    for key in ["id", "ptoPolicyId", "summary", "anniversaryBased"] {
        object.remove(key);
    }
    object.insert("ptoTypeId".into(), json!(pto_type));
    for (key, value) in object.clone() {
        if value.is_null() {
            object.insert(key, json!(""));
        }
    }
    rule
}

async fn compliance(app: &TestApp, c: &Company) -> Value {
    ok(app.get_as(&c.admin, "/server/v1/pto-manage/sick-leave-compliance").await)
}

fn plan_in<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["plans"].as_array().unwrap().iter().find(|plan| plan["planName"] == name).unwrap()
}

#[actix_web::test]
async fn the_laws_their_presets_and_the_wizards_check() {
    let app = spawn_app().await;
    let c = company(&app, "Laws Co").await;
    set_address(&app, &c, "NY", "Brooklyn").await;
    let laws = ok(app.get_as(&c.admin, "/server/v1/pto-manage/sick-leave-laws").await);
    let ids: Vec<&str> = laws["laws"].as_array().unwrap().iter().map(|law| law["id"].as_str().unwrap()).collect();
    for id in [
        "us-ca",
        "us-ny",
        "us-nyc",
        "us-co",
        "us-wa",
        "us-ma",
        "us-nj",
        "us-or",
        "us-az",
        "us-il",
        "us-chicago",
        "us-md",
        "us-mn",
        "us-mi",
        "us-ak",
        "us-ct",
    ] {
        assert!(ids.contains(&id), "{id}");
    }
    // The admin and the employee are active; Brooklyn is in New York City.
    assert_eq!(laws["headcount"], 2);
    assert_eq!(laws["suggested"], json!(["us-ny", "us-nyc"]));
    for law in laws["laws"].as_array().unwrap() {
        assert!(
            law["citation"].as_str().is_some_and(|c| !c.is_empty()) && !law["sources"].as_array().unwrap().is_empty()
        );
    }

    // Cal. Lab. Code § 246(b)(1), (c)(1), (d): 1 h per 30 h; usable on the 90th day; use capped
    // at no less than 40 h a year, the balance at no less than 80 h.
    let ca = preset(&laws, "us-ca", 2);
    assert_eq!(
        (&ca["method"], &ca["rate"], &ca["rateUnit"], &ca["maxBalance"], &ca["yearlyUseCap"]),
        (&json!("PER_HOUR_WORKED"), &json!(1.0), &json!(30), &json!(80), &json!(40))
    );
    assert_eq!((&ca["usableAfterDays"], &ca["usableCounting"]), (&json!(90), &json!("fromDay")));
    // RCW 49.46.210(1)(a), WAC 296-128-630: 1 h per 40 h, usable after the 90th calendar day.
    let wa = preset(&laws, "us-wa", 2);
    assert_eq!((&wa["rateUnit"], &wa["usableCounting"]), (&json!(40), &json!("afterDays")));

    let check = |law: &str, employees: i64, rule: Value| {
        app.post_as(
            &c.admin,
            "/server/v1/pto-manage/sick-leave-check",
            json!({"law": law, "employees": employees, "rule": rule}),
        )
    };
    let exact = ok(check("us-ca", 12, rule_input(&ca, c.sick)).await);
    assert_eq!((exact["tier"].as_str(), exact["shortfalls"].as_array().unwrap().len()), (Some("Every employer"), 0));
    let mut lower = rule_input(&ca, c.sick);
    lower["maxBalance"] = json!(40);
    lower["yearlyUseCap"] = json!(24);
    let found = ok(check("us-ca", 12, lower).await);
    let messages: Vec<&str> =
        found["shortfalls"].as_array().unwrap().iter().map(|s| s["message"].as_str().unwrap()).collect();
    assert_eq!(
        messages,
        ["Balance cap 40 h is below California's 80 h", "Yearly use cap 24 h is below California's 40 h"]
    );
    // More generous is never a shortfall.
    let mut more = rule_input(&ca, c.sick);
    more["rateUnit"] = json!(20);
    more["maxBalance"] = json!("");
    more["maxBalanceEnabled"] = json!(false);
    assert_eq!(ok(check("us-ca", 12, more).await)["shortfalls"], json!([]));

    // Bad input: 400 naming each field.
    let bad = check(
        "us-xx",
        0,
        json!({"ptoTypeId": c.sick, "method": "PER_HOUR_WORKED", "rate": "2", "rateUnit": "1",
        "maxBalanceEnabled": true, "maxBalance": "1001", "usableAfterDays": "731", "yearlyUseCap": "-4"}),
    )
    .await;
    assert_eq!(bad.status, 400, "{:?}", bad.body);
    assert_eq!(bad.field("law"), ["Please select a state or city law from the list"]);
    assert_eq!(bad.field("employees"), ["Please input the number of employees, from 1 to 100,000"]);
    assert_eq!(bad.field("rule.rate"), ["An accrual rate cannot give more than 1 hour for each hour worked"]);
    assert_eq!(bad.field("rule.maxBalance"), ["Please input whole hours from 1 to 1,000"]);
    assert_eq!(bad.field("rule.usableAfterDays"), ["Please input whole days from 1 to 730"]);
    assert_eq!(bad.field("rule.yearlyUseCap"), ["Please input digits only"]);
    // Per pay period counts months: 26 was read as 26 months, not 26 pay periods.
    let biweekly =
        check("us-ca", 12, json!({"ptoTypeId": c.sick, "method": "PER_PAY_PERIOD", "rate": "3", "rateUnit": "26"}))
            .await;
    assert_eq!(biweekly.field("rule.rateUnit"), ["Per pay period counts months: please input 1 to 12"]);
    // Connecticut covers 11 or more employees in 2026 and everyone from 2027.
    let connecticut = check("us-ct", 5, rule_input(&ca, c.sick)).await;
    if Utc::now().year() == 2026 {
        assert_eq!(connecticut.field("employees"), ["This law does not cover an employer of that size"]);
    }
    // The same limits are refused on a plan's rule.
    let refused = app
        .post_as(
            &c.admin,
            "/server/v1/settings/save-pto-plan",
            json!({"name": "Too much", "year": c.year, "assignType": "teamMembers", "assignIds": [],
                   "rules": [{"ptoTypeId": c.sick, "method": "PER_HOUR_WORKED", "rate": "1", "rateUnit": "30",
                              "yearlyAccrualCap": "5000", "minIncrement": "9"}]}),
        )
        .await;
    assert_eq!(refused.status, 400, "{:?}", refused.body);
    let text = refused.body.to_string();
    assert!(text.contains("Please input whole hours from 1 to 1,000"), "{text}");
    assert!(text.contains("Please input hours from 0.25 to 8, with at most 2 decimals"), "{text}");

    for role in [Role::Employee, Role::Manager] {
        let email = unique_email("other");
        app.add_person(c.id, &email, role, None).await;
        let token = app.token_of(&email).await;
        assert_eq!(app.get_as(&token, "/server/v1/pto-manage/sick-leave-laws").await.status, 403);
        assert_eq!(app.get_as(&token, "/server/v1/pto-manage/sick-leave-compliance").await.status, 403);
    }
}

#[actix_web::test]
async fn every_laws_preset_meets_it_where_the_company_works_and_a_lower_cap_is_named() {
    let app = spawn_app().await;
    let c = company(&app, "Compliance Co").await;
    let laws = ok(app.get_as(&c.admin, "/server/v1/pto-manage/sick-leave-laws").await);
    // One plan per law, each from its preset, the employee in the last.
    for (id, state, city) in [
        ("us-ca", "CA", "Fresno"),
        ("us-ny", "NY", "Albany"),
        ("us-co", "CO", "Denver"),
        ("us-wa", "WA", "Seattle"),
        ("us-ma", "MA", "Boston"),
        ("us-nj", "NJ", "Newark"),
        ("us-or", "OR", "Salem"),
        ("us-az", "AZ", "Phoenix"),
        ("us-il", "IL", "Springfield"),
        ("us-chicago", "IL", "Chicago"),
        ("us-md", "MD", "Baltimore"),
        ("us-mn", "MN", "Duluth"),
        ("us-mi", "MI", "Detroit"),
        ("us-ak", "AK", "Juneau"),
    ] {
        set_address(&app, &c, state, city).await;
        let name = format!("From {id}");
        ok(app
            .post_as(
                &c.admin,
                "/server/v1/settings/save-pto-plan",
                json!({"name": name, "year": c.year, "assignType": "none", "assignIds": [],
                       "rules": [rule_input(&preset(&laws, id, 2), c.sick)]}),
            )
            .await);
        let report = compliance(&app, &c).await;
        let plan = plan_in(&report, &name);
        assert_eq!(plan["compliant"], true, "{id}: {plan}");
        let place = &plan["places"][0];
        assert_eq!((place["state"].as_str(), place["employees"].as_u64()), (Some(state), Some(0)), "{id}");
        assert!(
            place["laws"].as_array().unwrap().iter().any(|law| law.as_str().unwrap().contains(": ")),
            "{id}: {place}"
        );
        assert_eq!(place["ptoTypeName"], "Sick time");
    }

    // California: the employee joins a plan from California's preset; it complies, until its
    // balance cap is lowered below the law's 80 h (Cal. Lab. Code § 246(d)).
    set_address(&app, &c, "CA", "Fresno").await;
    let created = ok(app
        .post_as(
            &c.admin,
            "/server/v1/settings/save-pto-plan",
            json!({"name": "California staff", "year": c.year, "assignType": "teamMembers", "assignIds": [c.employee],
                   "rules": [rule_input(&preset(&laws, "us-ca", 2), c.sick)]}),
        )
        .await);
    let report = compliance(&app, &c).await;
    let plan = plan_in(&report, "California staff");
    assert_eq!((plan["compliant"].as_bool(), plan["places"][0]["employees"].as_u64()), (Some(true), Some(1)));
    let mut lowered = rule_input(&created["rules"][0], c.sick);
    lowered["maxBalance"] = json!(40);
    lowered["id"] = created["rules"][0]["id"].clone();
    lowered["ptoPolicyId"] = created["id"].clone();
    ok(app.post_as(&c.admin, "/server/v1/settings/update-pto-rule", lowered).await);
    let report = compliance(&app, &c).await;
    let plan = plan_in(&report, "California staff");
    assert_eq!(plan["compliant"], false);
    assert_eq!(plan["places"][0]["shortfalls"][0]["message"], "Balance cap 40 h is below California's 80 h");
    assert_eq!(plan["places"][0]["shortfalls"][0]["field"], "maxBalance");

    // The employee works in Colorado (their own overtime rules): the plan is checked there too,
    // where use may not be capped below 48 h a year (C.R.S. § 8-13.3-403(2)(b)) and no wait is
    // allowed (§ 8-13.3-403(4)).
    ok(app
        .post_as(
            &c.admin,
            "/server/v1/settings/update-employee-overtime",
            json!({"employeeId": c.employee, "effectiveFrom": today().format("%Y-%m-%d").to_string(), "jurisdiction": "us-co"}),
        )
        .await);
    let report = compliance(&app, &c).await;
    let plan = plan_in(&report, "California staff");
    let colorado = plan["places"].as_array().unwrap().iter().find(|p| p["state"] == "CO").expect("a Colorado place");
    let messages: Vec<&str> =
        colorado["shortfalls"].as_array().unwrap().iter().map(|s| s["message"].as_str().unwrap()).collect();
    assert!(messages.contains(&"Yearly use cap 40 h is below Colorado's 48 h"), "{messages:?}");
    assert!(messages.iter().any(|m| m.ends_with("Colorado allows none")), "{messages:?}");
    assert_eq!(colorado["employees"], 1);
}

/// Days from today in the company's zone (Chicago: every test company signs up there). New York's
/// day began an hour earlier, and between its midnight and Chicago's these tests counted a day
/// the product had not reached.
pub(crate) fn today() -> NaiveDate {
    Utc::now().with_timezone(&chrono_tz::America::Chicago).date_naive()
}

pub(crate) fn partial(pto_type: i64, date: NaiveDate, from: &str, to: &str) -> Value {
    let day = date.format("%Y-%m-%d");
    json!({"ptoType": pto_type, "partialday": true, "includeWeekend": true,
           "start": format!("{day} 00:00:00"), "end": format!("{day} 23:59:59"), "starttime": from, "endtime": to})
}

#[actix_web::test]
async fn requests_meet_the_wait_the_yearly_use_cap_and_the_smallest_block() {
    let app = spawn_app().await;
    let c = company(&app, "Use Rules Co").await;
    // Hired 30 days ago; California's wait: usable from day 90 of employment (§ 246(c)(1)),
    // so from the start date + 89 days.
    let start = today() - Duration::days(30);
    ok(app
        .post_as(
            &c.admin,
            "/server/v1/manage/add-user",
            json!({"id": c.employee, "firstname": "Rosa", "lastname": "Diaz", "email": c.employee_email,
                   "startDate": start.format("%Y-%m-%d").to_string()}),
        )
        .await);
    let laws = ok(app.get_as(&c.admin, "/server/v1/pto-manage/sick-leave-laws").await);
    let mut rule = rule_input(&preset(&laws, "us-ca", 2), c.sick);
    // Stricter than California on purpose, to reach the cap with a few requests: 6 h a year, in
    // blocks of at least 2 h.
    rule["yearlyUseCap"] = json!(6);
    rule["minIncrement"] = json!("2");
    ok(app
        .post_as(
            &c.admin,
            "/server/v1/settings/save-pto-plan",
            json!({"name": "Sick", "year": c.year, "assignType": "teamMembers", "assignIds": [c.employee], "rules": [rule]}),
        )
        .await);
    // The wizard's check names what this plan takes away.
    let report = compliance(&app, &c).await;
    assert!(plan_in(&report, "Sick")["places"][0]["laws"].as_array().unwrap().is_empty(), "no state set yet");
    // Worked hours through the timesheet: 10 days of 9 h = 90 h, 3 h of sick time. Hours worked
    // are credited when their week ends, so the days are a week ago and before: whatever today's
    // weekday, their weeks have ended (days of this week would wait for Saturday).
    for back in 7..17 {
        let day = today() - Duration::days(back);
        ok(app
            .post_as(
                &c.admin,
                "/server/v1/timesheet/edit",
                json!({"employeeId": c.employee, "start": format!("{day} 08:00:00"), "end": format!("{day} 17:00:00")}),
            )
            .await);
    }
    // And 16 h added by hand, so the balance is never what refuses below.
    ok(app
        .post_as(
            &c.admin,
            "/server/v1/manage/manually-add-pto",
            json!({"employeeId": c.employee, "year": today().year(), "ptoTypeId": c.sick, "hours": 16,
                   "reason": "Hours brought over from the old system"}),
        )
        .await);
    let token = app.token_of(&c.employee_email).await;
    let first_usable = start + Duration::days(89);

    // Before day 90: refused, naming the rule and the first day.
    let early = app
        .post_as(&token, "/server/v1/pto/request", partial(c.sick, first_usable - Duration::days(1), "09:00", "12:00"))
        .await;
    assert_eq!(early.status, 400, "{:?}", early.body);
    assert_eq!(
        early.field("start"),
        [format!("Sick time can be used from day 90 of employment: from {}", first_usable.format("%-d %B %Y"))]
    );
    let checked = ok(app
        .post_as(
            &token,
            "/server/v1/pto/validate-balance",
            partial(c.sick, first_usable - Duration::days(1), "09:00", "12:00"),
        )
        .await);
    assert_eq!((checked["pass"].as_bool(), checked["useRule"].as_str()), (Some(false), Some("waiting")));

    // On day 90: 3 h pass. Less than the smallest block does not.
    let short = app.post_as(&token, "/server/v1/pto/request", partial(c.sick, first_usable, "09:00", "10:00")).await;
    assert_eq!(short.status, 400);
    assert_eq!(
        short.field("endtime"),
        [format!("Sick time is taken in blocks of at least 2 h: {} asks for 1 h", first_usable.format("%-d %B %Y"))]
    );
    let filed =
        ok(app.post_as(&token, "/server/v1/pto/request", partial(c.sick, first_usable, "09:00", "12:00")).await);
    ok(app.post_as(&c.admin, "/server/v1/pto/approve-timeoff", json!({"request": filed["id"]})).await);
    // The worked days count toward this year's plan only once all of them are in this year (from
    // 17 January); before that some of the accrual's lines are last year's.
    if (today() - Duration::days(16)).year() == today().year() {
        explained(&app, &c, &token, first_usable).await;
    }
    // 3 h more would make 6 h: the cap itself passes; a third of 2 h goes over it, though 10 h
    // are still in the balance.
    let year_of = |day: NaiveDate| day.year();
    let second = first_usable + Duration::days(1);
    let third = first_usable + Duration::days(2);
    if year_of(third) == year_of(first_usable) {
        ok(app.post_as(&token, "/server/v1/pto/request", partial(c.sick, second, "09:00", "12:00")).await);
        let over = app.post_as(&token, "/server/v1/pto/request", partial(c.sick, third, "09:00", "11:00")).await;
        assert_eq!(over.status, 400, "{:?}", over.body);
        let year_start = NaiveDate::from_ymd_opt(year_of(third), 1, 1).unwrap();
        assert_eq!(
            over.field("balance"),
            [format!(
                "Sick time can be used up to 6 h a year: 6 h already taken or requested in the year from {}, 2 h requested",
                year_start.format("%-d %B %Y")
            )]
        );
    }
}

/// "Why this balance?": the same lines for the employee and the admin, adding up to the balance,
/// each saying where its amount comes from.
async fn explained(app: &TestApp, c: &Company, employee: &str, taken_on: NaiveDate) {
    let mine = ok(app.get_as(employee, "/server/v1/pto/balance-explanation").await);
    let theirs = ok(app.get_as(&c.admin, &format!("/server/v1/pto/balance-explanation?eid={}", c.employee)).await);
    assert_eq!(mine, theirs);
    let sick = mine["types"].as_array().unwrap().iter().find(|t| t["name"] == "Sick time").unwrap();
    let lines = sick["lines"].as_array().unwrap();
    let sum: i64 = lines.iter().map(|line| line["minutes"].as_i64().unwrap()).sum();
    assert_eq!(sum, sick["balance"].as_i64().unwrap());
    // 90 h worked at 1 h per 30 h and 16 h added: 19 h today (the approved 3 h are taken on
    // a later day, which today's balance does not count yet).
    assert_eq!(sick["balance"], 19 * 60, "{lines:#?}");
    let texts: Vec<&str> = lines.iter().map(|line| line["text"].as_str().unwrap()).collect();
    let accrued: i64 = lines.iter().filter(|l| l["kind"] == "ACCRUED").map(|l| l["minutes"].as_i64().unwrap()).sum();
    assert_eq!(accrued, 3 * 60, "{texts:?}");
    assert!(texts.iter().any(|t| t.contains("h worked (1 h per 30 h), week of ")), "{texts:?}");
    assert!(
        texts.iter().any(|t| t.starts_with("16 h added by hand by ") && t.ends_with(": Hours brought over from the old system")),
        "{texts:?}"
    );
    assert!(lines.iter().all(|l| l["kind"] != "PTO_REQUEST" && l["date"].as_str() < Some(&taken_on.to_string())));
    // Someone else's is out of reach: the same 404 as a missing person.
    let other = app.get_as(employee, &format!("/server/v1/pto/balance-explanation?eid={}", c.employee + 100_000)).await;
    assert_eq!(other.status, 404);
}

/// The projected balance and a request's balance check project the same way: a full workday on
/// each weekday to come, none on days of leave (issue 38: a week of leave used to be projected
/// as a week worked).
#[actix_web::test]
async fn a_request_and_the_projected_balance_count_no_accrual_on_days_of_leave() {
    let app = spawn_app().await;
    let c = company(&app, "Projection Co").await;
    ok(app
        .post_as(
            &c.admin,
            "/server/v1/manage/add-user",
            json!({"id": c.employee, "firstname": "Lee", "lastname": "Park", "email": c.employee_email,
                   "startDate": (today() - Duration::days(7)).format("%Y-%m-%d").to_string()}),
        )
        .await);
    let unpaid = ok(app
        .post_as(&c.admin, "/server/v1/settings/update-pto-type", json!({"name": "Unpaid leave", "payable": false}))
        .await)["id"]
        .as_i64()
        .unwrap();
    ok(app
        .post_as(
            &c.admin,
            "/server/v1/settings/save-pto-plan",
            json!({"name": "Hourly", "year": c.year, "assignType": "teamMembers", "assignIds": [c.employee],
                   "rules": [{"ptoTypeId": c.sick, "method": "PER_HOUR_WORKED", "rate": 1, "rateUnit": 30}]}),
        )
        .await);
    let token = app.token_of(&c.employee_email).await;
    let monday = crate::pto_requests::monday_ahead() + Duration::days(21);
    let projected = |day: NaiveDate| {
        let app = &app;
        let token = token.clone();
        let sick = c.sick;
        async move {
            let body = ok(app.get_as(&token, &format!("/server/v1/pto/balance?asOf={day}")).await);
            body["types"].as_array().unwrap().iter().find(|t| t["ptoTypeId"] == sick).unwrap()["balance"]
                .as_i64()
                .unwrap()
        }
    };
    let before = projected(monday).await;
    assert!(before > 0);
    // A week of unpaid leave two weeks before: five days of 8 h not worked, 80 minutes not earned.
    let leave = json!({"ptoType": unpaid, "partialday": false, "includeWeekend": false,
        "start": format!("{} 00:00:00", monday - Duration::days(14)), "end": format!("{} 23:59:59", monday - Duration::days(10))});
    ok(app.post_as(&token, "/server/v1/pto/request", leave).await);
    let after = projected(monday).await;
    assert_eq!(before - after, 80);
    // The balance check of a request on that Monday sees the same balance.
    let checked =
        ok(app.post_as(&token, "/server/v1/pto/validate-balance", partial(c.sick, monday, "09:00", "10:00")).await);
    assert_eq!(checked["balance"].as_i64(), Some(after));
    assert_eq!(checked["pass"], true);
}

/// Washington wants a statement at least monthly of the sick leave accrued, taken off and
/// available (WAC 296-128-760(2)), except for a month without hours worked (ibid. (2)(a)). The
/// employee worked one full week of last month (five days of 8 h, Monday to Friday, credited
/// on its Saturday): 40 h at 1 h per 40 h worked (RCW 49.46.210(1)(a)) is 1 h.
#[actix_web::test]
async fn washington_sends_a_monthly_statement_once() {
    let app = spawn_app().await;
    let c = company(&app, "Statement Co").await;
    set_address(&app, &c, "WA", "Spokane").await;
    let this_month = today().with_day(1).unwrap();
    let first = (this_month - Duration::days(1)).with_day(1).unwrap();
    ok(app
        .post_as(
            &c.admin,
            "/server/v1/manage/add-user",
            json!({"id": c.employee, "firstname": "Rosa", "lastname": "Diaz", "email": c.employee_email,
                   "startDate": (first - Duration::days(30)).format("%Y-%m-%d").to_string()}),
        )
        .await);
    // Someone else in the plan who did not work last month gets no statement.
    let idle_email = unique_email("idle");
    let idle = app.add_person(c.id, &idle_email, Role::Employee, None).await;
    let laws = ok(app.get_as(&c.admin, "/server/v1/pto-manage/sick-leave-laws").await);
    ok(app
        .post_as(
            &c.admin,
            "/server/v1/settings/save-pto-plan",
            json!({"name": "Washington", "year": first.year(), "assignType": "teamMembers",
                   "assignIds": [c.employee, idle], "rules": [rule_input(&preset(&laws, "us-wa", 2), c.sick)]}),
        )
        .await);
    if i64::from(first.year()) != c.year {
        // Last month was last year: this year's plan too.
        ok(app
            .post_as(
                &c.admin,
                "/server/v1/settings/save-pto-plan",
                json!({"name": "Washington now", "year": c.year, "assignType": "teamMembers",
                       "assignIds": [c.employee, idle], "rules": [rule_input(&preset(&laws, "us-wa", 2), c.sick)]}),
            )
            .await);
    }
    let mut monday = first;
    while monday.weekday() != chrono::Weekday::Mon {
        monday += Duration::days(1);
    }
    for offset in 0..5 {
        let day = monday + Duration::days(offset);
        ok(app
            .post_as(
                &c.admin,
                "/server/v1/timesheet/edit",
                json!({"employeeId": c.employee, "start": format!("{day} 08:00:00"), "end": format!("{day} 16:00:00")}),
            )
            .await);
    }

    let pto = pto::Pto::new(app.db.clone(), app.accounts.clone(), kernel::WriteGate::open());
    assert_eq!(pto.send_sick_leave_statements(Utc::now()).await.unwrap(), 1);
    let month = first.format("%B %Y").to_string();
    let mail = app.mail.wait_for(&c.employee_email, &format!("Your Sick time statement for {month}")).await;
    let text = mail.text();
    assert!(text.contains("Accrued in the month: 1 h"), "{text}");
    assert!(text.contains("Taken off in the month: 0 h"), "{text}");
    assert!(text.contains("WAC 296-128-760(2)"), "{text}");
    // Once per person and month, however often the job runs.
    assert_eq!(pto.send_sick_leave_statements(Utc::now()).await.unwrap(), 0);
    app.mail.settled().await;
    assert_eq!(app.mail.to(&c.employee_email).iter().filter(|m| m.text().contains("statement for")).count(), 1);
    assert!(app.mail.to(&idle_email).iter().all(|m| !m.text().contains("statement for")));
}
