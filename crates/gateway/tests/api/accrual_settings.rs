//! The accrual settings of issue 38 through the API: each saved with a plan and read back, bad
//! ones refused naming their field, and hand-computed balances through `/pto/balance?asOf=`
//! (the arithmetic in the comments).

use crate::helpers::{spawn_app, unique_email, Reply, TestApp};
use chrono::{Datelike, Duration, Months, NaiveDate, Utc, Weekday};
use kernel::Role;
use serde_json::{json, Value};

fn ok(reply: Reply) -> Value {
    assert!(reply.status < 300, "{} {:?}", reply.status, reply.body);
    reply.body
}

/// Today in the company's zone (New York).
fn today() -> NaiveDate {
    Utc::now().with_timezone(&chrono_tz::America::New_York).date_naive()
}

fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

struct Company {
    admin: String,
    employee: i64,
    employee_email: String,
    vacation: i64,
    year: i64,
}

async fn company(app: &TestApp, name: &str, employee_starts: NaiveDate) -> Company {
    let admin_email = unique_email("admin");
    let admin = app.admin_of_new_company(name, &admin_email).await;
    let id = app.company_of(&admin_email).await.id;
    let employee_email = unique_email("employee");
    let employee = app.add_person(id, &employee_email, Role::Employee, None).await;
    ok(app
        .post_as(
            &admin,
            "/server/v1/manage/add-user",
            json!({"id": employee, "firstname": "Ana", "lastname": "Silva", "email": employee_email,
                   "startDate": employee_starts.format("%Y-%m-%d").to_string()}),
        )
        .await);
    let vacation = ok(app.post_as(&admin, "/server/v1/settings/update-pto-type", json!({"name": "Vacation"})).await)
        ["id"]
        .as_i64()
        .unwrap();
    let year = ok(app.get_as(&admin, "/server/v1/pto-manage/data").await)["currentYear"].as_i64().unwrap();
    Company { admin, employee, employee_email, vacation, year }
}

/// Saves a plan of one rule for the employee; the plan as the server answers.
async fn plan(app: &TestApp, c: &Company, rule: Value) -> Value {
    let mut rule = rule;
    rule["ptoTypeId"] = json!(c.vacation);
    ok(app
        .post_as(
            &c.admin,
            "/server/v1/settings/save-pto-plan",
            json!({"name": "Settings", "year": c.year, "assignType": "teamMembers", "assignIds": [c.employee],
                   "rules": [rule]}),
        )
        .await)
}

/// The employee's vacation balance in minutes on a day from today on.
async fn balance_on(app: &TestApp, c: &Company, day: NaiveDate) -> i64 {
    let token = app.token_of(&c.employee_email).await;
    let reply = ok(app.get_as(&token, &format!("/server/v1/pto/balance?asOf={}", day.format("%Y-%m-%d"))).await);
    reply["types"].as_array().unwrap().iter().find(|t| t["ptoTypeId"] == c.vacation).unwrap()["balance"]
        .as_i64()
        .unwrap()
}

#[actix_web::test]
async fn settings_are_kept_and_bad_ones_are_named() {
    let app = spawn_app().await;
    let c = company(&app, "Settings Co", today()).await;
    let saved = plan(
        &app,
        &c,
        json!({"method": "PER_PAY_PERIOD", "rate": "80", "rateUnit": "1", "accrualPeriod": "semiMonthly",
               "rateBasis": "perYear", "periodAnchor": "calendar", "creditOn": "periodStart",
               "rounding": "quarterHour", "carryoverExpiresAfter": 90, "carryoverExpiryUnit": "days",
               "yearStart": "fiscal", "fiscalYearStart": "07-01",
               "serviceTiers": [{"fromYear": 6, "rate": 160}, {"fromYear": 3, "rate": "120"}]}),
    )
    .await;
    let rule = &saved["rules"][0];
    assert_eq!(
        (&rule["accrualPeriod"], &rule["rateBasis"], &rule["periodAnchor"], &rule["creditOn"], &rule["rounding"]),
        (&json!("semiMonthly"), &json!("perYear"), &json!("calendar"), &json!("periodStart"), &json!("quarterHour"))
    );
    assert_eq!((&rule["carryoverExpiresAfter"], &rule["carryoverExpiryUnit"]), (&json!(90), &json!("days")));
    assert_eq!((&rule["yearStart"], &rule["fiscalYearStart"]), (&json!("fiscal"), &json!("07-01")));
    assert_eq!(rule["serviceTiers"], json!([{"fromYear": 3, "rate": 120.0}, {"fromYear": 6, "rate": 160.0}]));
    assert_eq!(rule["summary"], "80 hrs/year, credited per half month");
    // Read back from the plan list, the same.
    let data = ok(app.get_as(&c.admin, "/server/v1/settings/data").await);
    let listed = data["ptopolicies"].as_array().unwrap().iter().find(|p| p["id"] == saved["id"]).unwrap();
    assert_eq!(&listed["rules"][0], rule);

    // A rule without settings reads the defaults, which are the behaviour rules always had.
    let plain = plan(&app, &c, json!({"method": "PER_HOUR_WORKED", "rate": "1", "rateUnit": "30"})).await;
    let plain = &plain["rules"][0];
    assert_eq!(
        (&plain["accrualPeriod"], &plain["periodAnchor"], &plain["creditOn"], &plain["rounding"], &plain["yearStart"]),
        (&json!("months"), &json!("joining"), &json!("periodEnd"), &json!("none"), &json!("default"))
    );

    // Bad settings: 400, each under its field.
    let refused = app
        .post_as(
            &c.admin,
            "/server/v1/settings/save-pto-plan",
            json!({"name": "Bad", "year": c.year, "assignType": "none", "assignIds": [],
                   "rules": [{"ptoTypeId": c.vacation, "method": "PER_CALENDAR_YEAR", "rate": "80",
                              "carryoverPolicy": "useItOrLoseIt", "accrualPeriod": "weekly", "rounding": "tenth",
                              "carryoverExpiresAfter": "90", "yearStart": "fiscal", "fiscalYearStart": "02-29",
                              "serviceTiers": [{"fromYear": 1, "rate": "x"}]}]}),
        )
        .await;
    assert_eq!(refused.status, 400, "{:?}", refused.body);
    assert_eq!(
        refused.field("rules[0].accrualPeriod"),
        ["Periods, their anchor and their credit day apply to per pay period rules only"]
    );
    assert_eq!(
        refused.field("rules[0].rounding"),
        ["Please select none, minute, quarter hour, half hour, hour or day"]
    );
    assert_eq!(refused.field("rules[0].carryoverExpiresAfter"), ["Nothing is carried over under use it or lose it"]);
    assert_eq!(
        refused.field("rules[0].fiscalYearStart"),
        ["Please input the fiscal year's first day as MM-DD (any day but 29 February)"]
    );
    assert_eq!(refused.field("rules[0].serviceTiers[0].fromYear"), ["Please input a year of service from 2 to 50"]);
    assert_eq!(
        refused.field("rules[0].serviceTiers[0].rate"),
        ["Please input a number of hours, 0 or more, with at most 2 decimals"]
    );
    let halves = app
        .post_as(
            &c.admin,
            "/server/v1/settings/save-pto-plan",
            json!({"name": "Bad", "year": c.year, "assignType": "none", "assignIds": [],
                   "rules": [{"ptoTypeId": c.vacation, "method": "PER_PAY_PERIOD", "rate": "3", "rateUnit": "1",
                              "accrualPeriod": "semiMonthly", "periodAnchor": "joining",
                              "carryoverExpiresAfter": "25", "carryoverExpiryUnit": "months"}]}),
        )
        .await;
    assert_eq!(halves.status, 400);
    assert_eq!(
        halves.field("rules[0].periodAnchor"),
        ["Twice-monthly periods are the 1st to the 15th and the 16th to the month's end: choose calendar periods"]
    );
    assert_eq!(halves.field("rules[0].carryoverExpiresAfter"), ["Please input whole months from 1 to 24"]);
}

/// 1 day (8 h) a month on the first day of each calendar month, joining 15 March (next year),
/// the joining month prorated: on 16 May the balance is 2 days + 17/31 of a day.
/// 15–31 March is 17 of 31 days: 480 × 17 / 31 = 263.2 min → 263; 1 April 480; 1 May 480.
#[actix_web::test]
async fn a_month_credited_on_its_first_day_with_the_joining_month_prorated() {
    let app = spawn_app().await;
    let next_year = today().year() + 1;
    let c = company(&app, "First Day Co", ymd(next_year, 3, 15)).await;
    plan(
        &app,
        &c,
        json!({"method": "PER_PAY_PERIOD", "rate": "8", "rateUnit": "1", "prorated": true,
               "periodAnchor": "calendar", "creditOn": "periodStart"}),
    )
    .await;
    assert_eq!(balance_on(&app, &c, ymd(next_year, 5, 16)).await, 263 + 2 * 480);
    assert_eq!(balance_on(&app, &c, ymd(next_year, 3, 31)).await, 263);
    // Not prorated, the partial month gives nothing: only April's and May's days.
    let unprorated = company(&app, "Whole Months Co", ymd(next_year, 3, 15)).await;
    plan(
        &app,
        &unprorated,
        json!({"method": "PER_PAY_PERIOD", "rate": "8", "rateUnit": "1", "prorated": false,
               "periodAnchor": "calendar", "creditOn": "periodStart"}),
    )
    .await;
    assert_eq!(balance_on(&app, &unprorated, ymd(next_year, 5, 16)).await, 2 * 480);
}

/// 40 h a calendar year, carried-over hours expiring 90 days after 1 January: the day before,
/// the balance holds this year's 40 h carried and next year's 40 h; on the 90th day after
/// 1 January (1 April in a common year) what is left of the carried hours is gone. A day of
/// 8 h taken in February comes from the carried hours first: 72 h the day before, 40 h after.
#[actix_web::test]
async fn carried_hours_expire_ninety_days_after_the_carryover() {
    let app = spawn_app().await;
    let year = today().year();
    let c = company(&app, "Expiry Co", ymd(year, 1, 1)).await;
    plan(
        &app,
        &c,
        json!({"method": "PER_CALENDAR_YEAR", "rate": "40", "carryoverPolicy": "allowCarryover",
               "carryoverExpiresAfter": "90", "carryoverExpiryUnit": "days"}),
    )
    .await;
    let lost_on = ymd(year + 1, 1, 1) + Duration::days(90);
    let day_before = lost_on - Duration::days(1);
    assert_eq!(balance_on(&app, &c, day_before).await, 80 * 60);
    assert_eq!(balance_on(&app, &c, lost_on).await, 40 * 60);

    // A full day in February, approved: 8 h of the carried 40 h used, 32 h lost.
    let mut day = ymd(year + 1, 2, 10);
    while matches!(day.weekday(), Weekday::Sat | Weekday::Sun) {
        day += Duration::days(1);
    }
    let token = app.token_of(&c.employee_email).await;
    let text = day.format("%Y-%m-%d");
    let filed = ok(app
        .post_as(
            &token,
            "/server/v1/pto/request",
            json!({"ptoType": c.vacation, "start": format!("{text} 00:00:00"), "end": format!("{text} 23:59:59")}),
        )
        .await);
    ok(app.post_as(&c.admin, "/server/v1/pto/approve-timeoff", json!({"request": filed["id"]})).await);
    assert_eq!(balance_on(&app, &c, day_before).await, 72 * 60);
    assert_eq!(balance_on(&app, &c, lost_on).await, 40 * 60);
}

/// 80 h on each anniversary, 120 h from the second year of service: the grant on the coming
/// anniversary is 120 h (use it or lose it, so the balance is exactly that).
#[actix_web::test]
async fn the_rate_rises_with_years_of_service() {
    let app = spawn_app().await;
    let start = (today() + Duration::days(5)).checked_sub_months(Months::new(12)).unwrap();
    let c = company(&app, "Tiers Co", start).await;
    plan(
        &app,
        &c,
        json!({"method": "PER_ANNIVERSARY", "rate": "80", "carryoverPolicy": "useItOrLoseIt",
               "serviceTiers": [{"fromYear": "2", "rate": "120"}]}),
    )
    .await;
    let anniversary = start.checked_add_months(Months::new(12)).unwrap();
    assert_eq!(balance_on(&app, &c, anniversary - Duration::days(1)).await, 0, "the first year's 80 h are lost");
    assert_eq!(balance_on(&app, &c, anniversary).await, 120 * 60);
}

/// Someone exempt from overtime accrues on an assumed week (Cal. Lab. Code § 246(b)(3): an
/// exempt employee is deemed to work 40 hours a week): with no hours on the clock, 1 h per 30 h
/// on 8 h each weekday is 16 minutes a weekday, credited each Saturday.
#[actix_web::test]
async fn an_exempt_employee_accrues_on_the_assumed_week() {
    let app = spawn_app().await;
    let today = today();
    let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
    let start = monday - Duration::days(21);
    let c = company(&app, "Exempt Co", start).await;
    plan(&app, &c, json!({"method": "PER_HOUR_WORKED", "rate": "1", "rateUnit": "30"})).await;
    let vacation_balance = |pto: &Value, c: &Company| {
        pto["types"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["ptoTypeId"] == c.vacation)
            .map_or(0, |t| t["balance"].as_i64().unwrap())
    };
    let before = folder(&app, &c).await;
    assert_eq!((vacation_balance(&before, &c), &before["assumedWeeklyHours"]), (0, &Value::Null));

    let set = |hours: Value| {
        app.post_as(
            &c.admin,
            "/server/v1/manage/employee-pto-assumed-hours",
            json!({"employeeId": c.employee, "weeklyHours": hours}),
        )
    };
    let after = ok(set(json!(40)).await);
    assert_eq!(after["assumedWeeklyHours"], 40);
    // Weeks are credited on their Saturday: every weekday from the start (or 1 January, when the
    // plan's year began later) through the last Saturday.
    let last_saturday = today - Duration::days(i64::from((today.weekday().num_days_from_sunday() + 1) % 7));
    let mut day = start.max(ymd(today.year(), 1, 1));
    let mut weekdays = 0;
    while day <= last_saturday {
        if !matches!(day.weekday(), Weekday::Sat | Weekday::Sun) {
            weekdays += 1;
        }
        day += Duration::days(1);
    }
    assert_eq!(vacation_balance(&after, &c), weekdays * 16);
    // The employee list reads balances through the accrual job's checkpoints: the same total,
    // before and after the job has run (an assumed week is never resumed from a checkpoint).
    let list_total = || async {
        let page = ok(app.get_as(&c.admin, "/server/v1/manage/employees?q=Silva").await);
        page["employees"].as_array().unwrap().iter().find(|row| row["id"] == c.employee).unwrap()["ptoAvailable"]
            .clone()
    };
    assert_eq!(list_total().await, after["available"]);
    let pto = pto::Pto::new(app.db.clone(), app.accounts.clone(), kernel::WriteGate::open());
    pto.post_accruals(Utc::now()).await.unwrap();
    assert_eq!(list_total().await, after["available"]);
    let token = app.token_of(&c.employee_email).await;
    let why = ok(app.get_as(&token, "/server/v1/pto/balance-explanation").await);
    assert!(why.to_string().contains("h worked (1 h per 30 h), week of"), "{why}");

    // Bad input: refused, nothing changed.
    let bad = set(json!(41)).await;
    assert_eq!(bad.field("weeklyHours"), ["Please input whole hours from 1 to 40, or leave it empty for hours worked"]);
    assert_eq!(folder(&app, &c).await["assumedWeeklyHours"], 40);
    // Cleared: hours worked count again (none on the clock).
    let cleared = ok(set(json!("")).await);
    assert_eq!((vacation_balance(&cleared, &c), &cleared["assumedWeeklyHours"]), (0, &Value::Null));
}

async fn folder(app: &TestApp, c: &Company) -> Value {
    ok(app.get_as(&c.admin, &format!("/server/v1/manage/employee-pto?id={}", c.employee)).await)
}
