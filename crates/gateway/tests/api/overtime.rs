//! Overtime by jurisdiction (issue 37) through the API, on SQLite and PostgreSQL: the research's
//! golden cases as the person's pay hours, the team week, the summary report and the payroll file
//! show them; the settings' versions and their bad input; who may read and change them.

use crate::helpers::{spawn_app, unique_email, Reply, TestApp};
use kernel::Role;
use serde_json::{json, Value};

fn ok(reply: Reply) -> Value {
    assert!(reply.status < 300, "{} {:?}", reply.status, reply.body);
    reply.body
}

struct Company {
    id: i64,
    admin: String,
    admin_email: String,
    manager_email: String,
    manager: String,
    employee: i64,
    employee_token: String,
}

async fn company(app: &TestApp) -> Company {
    let admin_email = unique_email("ot-admin");
    let admin = app.admin_of_new_company("Overtime Co", &admin_email).await;
    let company = app.company_of(&admin_email).await.id.0;
    let manager_email = unique_email("ot-manager");
    let manager_id = app.add_person(company, &manager_email, Role::Manager, None).await;
    let employee_email = unique_email("ot-employee");
    let employee = app.add_person(company, &employee_email, Role::Employee, Some(manager_id)).await;
    Company {
        id: company,
        admin,
        admin_email: admin_email.clone(),
        manager_email: manager_email.clone(),
        manager: app.token_of(&manager_email).await,
        employee,
        employee_token: app.token_of(&employee_email).await,
    }
}

async fn shift(app: &TestApp, c: &Company, day: &str, from: &str, to: &str) -> i64 {
    ok(app
        .post_as(
            &c.admin,
            "/server/v1/timesheet/edit",
            json!({"employeeId": c.employee, "start": format!("{day} {from}"), "end": format!("{day} {to}")}),
        )
        .await)["id"]
        .as_i64()
        .unwrap()
}

async fn rules(app: &TestApp, c: &Company, body: Value) -> Value {
    ok(app.post_as(&c.admin, "/server/v1/settings/update-overtime", body).await)
}

async fn pay_hours(app: &TestApp, token: &str, c: &Company, start: &str, end: &str) -> Value {
    ok(app
        .get_as(token, &format!("/server/v1/timesheet/pay-hours?start={start}&end={end}&employeeId={}", c.employee))
        .await)
}

fn totals(hours: &Value) -> (i64, i64, i64) {
    (
        hours["regularMinutes"].as_i64().unwrap(),
        hours["overtimeMinutes"].as_i64().unwrap(),
        hours["doubleTimeMinutes"].as_i64().unwrap(),
    )
}

/// California, Monday 10 h / Tuesday 8 / Wednesday 13 / Thursday 8 / Friday 8 (12–16 October
/// 2026): 40 regular, 6 overtime, 1 double time, on every screen and file.
#[actix_web::test]
async fn california_daily_overtime_and_double_time_on_every_screen_and_file() {
    let app = spawn_app().await;
    let c = company(&app).await;
    let week = [
        ("2026-10-12", "18:00:00"),
        ("2026-10-13", "16:00:00"),
        ("2026-10-14", "21:00:00"),
        ("2026-10-15", "16:00:00"),
        ("2026-10-16", "16:00:00"),
    ];
    for (day, end) in week {
        shift(&app, &c, day, "08:00:00", end).await;
    }
    // Federal rules until the company chooses: 47 h, 7 over 40.
    let before = pay_hours(&app, &c.admin, &c, "2026-10-11", "2026-10-17").await;
    assert_eq!(totals(&before), (2400, 420, 0));
    assert_eq!(before["ruleSet"]["id"], "custom");

    // From Monday, the company's first day of work (earlier would precede the company).
    let view = rules(&app, &c, json!({"effectiveFrom": "2026-10-12", "jurisdiction": "us-ca"})).await;
    assert_eq!(view["versions"].as_array().unwrap().len(), 1);
    assert_eq!(view["current"]["jurisdiction"], "us-ca");
    let ca = view["ruleSets"].as_array().unwrap().iter().find(|set| set["id"] == "us-ca").unwrap();
    assert!(ca["citation"].as_str().unwrap().contains("510"), "{ca:?}");

    let hours = pay_hours(&app, &c.admin, &c, "2026-10-11", "2026-10-17").await;
    assert_eq!(totals(&hours), (40 * 60, 6 * 60, 60));
    assert_eq!(hours["ruleSet"]["id"], "us-ca");
    let wednesday = hours["days"].as_array().unwrap().iter().find(|day| day["date"] == "2026-10-14").unwrap();
    assert_eq!((wednesday["overtimeMinutes"].as_i64(), wednesday["doubleTimeMinutes"].as_i64()), (Some(240), Some(60)));
    // The employee reads their own; their manager too.
    assert_eq!(totals(&pay_hours(&app, &c.employee_token, &c, "2026-10-11", "2026-10-17").await), (2400, 360, 60));
    assert_eq!(totals(&pay_hours(&app, &c.manager, &c, "2026-10-11", "2026-10-17").await), (2400, 360, 60));

    // The team week.
    let sheet = ok(app.get_as(&c.admin, "/server/v1/timesheet/team?date=2026-10-14").await);
    let row = sheet["people"].as_array().unwrap().iter().find(|row| row["employeeId"] == c.employee).unwrap();
    assert_eq!(
        (row["regularMinutes"].as_i64(), row["overtimeMinutes"].as_i64(), row["doubleTimeMinutes"].as_i64()),
        (Some(2400), Some(360), Some(60))
    );

    // The summary report, and its CSV read back equal to the JSON.
    let query = format!("start=2026-10-11&end=2026-10-17&empids={}", c.employee);
    let report = ok(app.get_as(&c.admin, &format!("/server/v1/report/summary-report-data?type=summary&{query}")).await);
    let person = &report["rows"][0];
    assert_eq!((person["overtimeMinutes"].as_i64(), person["doubleTimeMinutes"].as_i64()), (Some(360), Some(60)));
    assert_eq!(
        (person["regularHours"].as_f64(), person["overtimeHours"].as_f64(), person["doubleTimeHours"].as_f64()),
        (Some(40.0), Some(6.0), Some(1.0))
    );
    let (status, _, bytes) =
        app.get_bytes_as(&c.admin, &format!("/server/v1/report/export?type=summary&format=csv&{query}")).await;
    assert_eq!(status, 200);
    let mut reader = csv::Reader::from_reader(bytes.as_slice());
    let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_owned).collect();
    let column = |name: &str| header.iter().position(|h| h == name).unwrap_or_else(|| panic!("{name} in {header:?}"));
    let first: csv::StringRecord = reader.records().next().unwrap().unwrap();
    assert_eq!(
        (&first[column("Regular Hours")], &first[column("Overtime Hours")], &first[column("Double Time Hours")]),
        ("40.00", "6.00", "1.00")
    );

    // The timesheet report: the person's overtime and double time, and its XLSX read back equal.
    let timesheet =
        ok(app.get_as(&c.admin, &format!("/server/v1/report/timesheet-report-data?type=timesheet&{query}")).await);
    let me = &timesheet["employees"][0];
    assert_eq!((me["overtimeMinutes"].as_i64(), me["doubleTimeMinutes"].as_i64()), (Some(360), Some(60)));
    assert_eq!((me["overtimeHours"].as_f64(), me["doubleTimeHours"].as_f64()), (Some(6.0), Some(1.0)));
    assert_eq!(timesheet["totals"]["doubleTimeHours"].as_f64(), Some(1.0));
    let (status, _, bytes) =
        app.get_bytes_as(&c.admin, &format!("/server/v1/report/export?type=timesheet&format=xlsx&{query}")).await;
    assert_eq!(status, 200);
    {
        use calamine::{Data, Reader};
        let mut book: calamine::Xlsx<_> = calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).unwrap();
        let sheet = book.worksheet_range("Timesheet").unwrap();
        let rows: Vec<&[Data]> = sheet.rows().collect();
        let header: Vec<String> = rows[0].iter().map(ToString::to_string).collect();
        let at = |name: &str| header.iter().position(|h| h == name).unwrap_or_else(|| panic!("{name} in {header:?}"));
        let total = rows
            .iter()
            .find(|cells| cells[at("Date")].to_string().starts_with("Total for"))
            .unwrap_or_else(|| panic!("a person's total row"));
        assert_eq!(total[at("Overtime Hours")], Data::Float(6.0));
        assert_eq!(total[at("Double Time Hours")], Data::Float(1.0));
        assert_eq!(total[at("Worked Hours")], Data::Float(47.0));
    }

    // The payroll file of the weekly pay period holding Wednesday.
    let (status, _, bytes) = app.get_bytes_as(&c.admin, "/server/v1/report/payroll-export?date=2026-10-14").await;
    assert_eq!(status, 200);
    let mut reader = csv::Reader::from_reader(bytes.as_slice());
    let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_owned).collect();
    let column = |name: &str| header.iter().position(|h| h == name).unwrap_or_else(|| panic!("{name} in {header:?}"));
    let record = reader
        .records()
        .map(Result::unwrap)
        .find(|record| record[column("Employee ID")] == c.employee.to_string())
        .unwrap();
    assert_eq!(
        (
            &record[column("Regular Hours")],
            &record[column("Overtime Hours")],
            &record[column("Double Time Hours")],
            &record[column("Total Paid Hours")]
        ),
        ("40.00", "6.00", "1.00", "47.00")
    );

    // The same period in Gusto's hours import: its column titles, the same hours.
    let (status, content_type, bytes) =
        app.get_bytes_as(&c.admin, "/server/v1/report/payroll-export?date=2026-10-14&layout=gusto").await;
    assert_eq!(status, 200);
    assert!(content_type.starts_with("text/csv"), "{content_type}");
    let mut reader = csv::Reader::from_reader(bytes.as_slice());
    let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_owned).collect();
    assert_eq!(header, ["last_name", "first_name", "regular_hours", "overtime_hours", "double_overtime_hours"]);
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let person = rows.iter().find(|row| &row[2] == "40.00").unwrap_or_else(|| panic!("{rows:?}"));
    assert_eq!((&person[3], &person[4]), ("6.00", "1.00"));
    // Nobody else worked: the others' rows are zeros.
    assert!(rows.iter().filter(|row| &row[2] != "40.00").all(|row| &row[2] == "0.00" && &row[3] == "0.00"));
    let refused = app.get_as(&c.admin, "/server/v1/report/payroll-export?date=2026-10-14&layout=adp").await;
    assert_eq!(refused.status, 400);
    assert_eq!(refused.body["errors"]["layout"][0], "Please choose timekeep or gusto");
}

/// California, eight hours every day of 11–17 October 2026: a Sunday workweek makes Saturday the
/// seventh day (40 regular, 16 overtime); a Wednesday workweek has no seventh day in it.
#[actix_web::test]
async fn the_seventh_day_follows_the_workweek() {
    let app = spawn_app().await;
    let c = company(&app).await;
    // The company's first hour of work, on 1 October.
    shift(&app, &c, "2026-10-01", "09:00:00", "10:00:00").await;
    for day in 11..=17 {
        shift(&app, &c, &format!("2026-10-{day}"), "09:00:00", "17:00:00").await;
    }
    rules(&app, &c, json!({"effectiveFrom": "2026-10-01", "jurisdiction": "us-ca", "workweekFirstDay": 0})).await;
    assert_eq!(totals(&pay_hours(&app, &c.admin, &c, "2026-10-11", "2026-10-17").await), (2400, 960, 0));
    // The same date again replaces the version: Wednesday weeks (7–13 and 14–20 October).
    let view =
        rules(&app, &c, json!({"effectiveFrom": "2026-10-01", "jurisdiction": "us-ca", "workweekFirstDay": 3})).await;
    assert_eq!(view["versions"].as_array().unwrap().len(), 1);
    assert_eq!(view["versions"][0]["workweekFirstDay"], 3);
    assert_eq!(totals(&pay_hours(&app, &c.admin, &c, "2026-10-11", "2026-10-17").await), (56 * 60, 0, 0));
}

/// A change of jurisdiction mid-week applies from its day; the days before keep their rules.
#[actix_web::test]
async fn a_jurisdiction_change_mid_week_applies_from_its_day() {
    let app = spawn_app().await;
    let c = company(&app).await;
    for day in 12..=16 {
        shift(&app, &c, &format!("2026-10-{day}"), "08:00:00", "18:00:00").await;
    }
    rules(&app, &c, json!({"effectiveFrom": "2026-10-12", "jurisdiction": "us-flsa"})).await;
    rules(&app, &c, json!({"effectiveFrom": "2026-10-14", "jurisdiction": "us-ca"})).await;
    let hours = pay_hours(&app, &c.admin, &c, "2026-10-11", "2026-10-17").await;
    let day = |date: &str| {
        hours["days"].as_array().unwrap().iter().find(|day| day["date"] == date).unwrap()["overtimeMinutes"].as_i64()
    };
    assert_eq!((day("2026-10-12"), day("2026-10-13")), (Some(0), Some(0)));
    assert_eq!((day("2026-10-14"), day("2026-10-15"), day("2026-10-16")), (Some(120), Some(120), Some(360)));
    // The earlier week is still federal; the settings list both versions, oldest first.
    let view = ok(app.get_as(&c.manager, "/server/v1/settings/overtime").await);
    let versions: Vec<&str> =
        view["versions"].as_array().unwrap().iter().map(|v| v["jurisdiction"].as_str().unwrap()).collect();
    assert_eq!(versions, ["us-flsa", "us-ca"]);
}

/// The company's own figures (what the weekly setting was), and every bad value named.
#[actix_web::test]
async fn custom_rules_and_bad_input() {
    let app = spawn_app().await;
    let c = company(&app).await;
    for day in 12..=15 {
        shift(&app, &c, &format!("2026-10-{day}"), "08:00:00", "18:00:00").await;
    }
    rules(
        &app,
        &c,
        json!({"effectiveFrom": "2026-10-12", "jurisdiction": "custom", "weeklyMinutes": 35 * 60, "dailyOvertimeMinutes": 9 * 60, "overtimePercent": 150}),
    )
    .await;
    assert_eq!(totals(&pay_hours(&app, &c.admin, &c, "2026-10-11", "2026-10-17").await), (35 * 60, 5 * 60, 0));

    let bad = |body: Value, field: &'static str| {
        let app = &app;
        let admin = c.admin.clone();
        async move {
            let reply = app.post_as(&admin, "/server/v1/settings/update-overtime", body).await;
            assert_eq!(reply.status, 400, "{field}: {:?}", reply.body);
            assert!(reply.body["errors"][field].is_array(), "{field}: {:?}", reply.body);
        }
    };
    bad(json!({"effectiveFrom": "2026-10-11", "jurisdiction": "us-pr"}), "jurisdiction").await;
    bad(json!({"effectiveFrom": "2020-01-01", "jurisdiction": "us-ca"}), "effectiveFrom").await;
    bad(json!({"effectiveFrom": "2099-01-01", "jurisdiction": "us-ca"}), "effectiveFrom").await;
    bad(json!({"effectiveFrom": "12/01/2026", "jurisdiction": "us-ca"}), "effectiveFrom").await;
    bad(json!({"effectiveFrom": "2026-10-11", "jurisdiction": "us-ca", "workweekFirstDay": 7}), "workweekFirstDay")
        .await;
    bad(json!({"effectiveFrom": "2026-10-11", "jurisdiction": "us-ca", "workdayStartHour": -1}), "workdayStartHour")
        .await;
    bad(json!({"effectiveFrom": "2026-10-11", "jurisdiction": "custom", "weeklyMinutes": 169 * 60}), "weeklyMinutes")
        .await;
    bad(
        json!({"effectiveFrom": "2026-10-11", "jurisdiction": "custom", "dailyOvertimeMinutes": 25 * 60}),
        "dailyOvertimeMinutes",
    )
    .await;
    bad(
        json!({"effectiveFrom": "2026-10-11", "jurisdiction": "custom", "weeklyMinutes": 2400, "overtimePercent": 301}),
        "overtimePercent",
    )
    .await;
    bad(json!({"effectiveFrom": "2026-10-11", "jurisdiction": "custom"}), "weeklyMinutes").await;
    // Nothing bad was kept.
    let view = ok(app.get_as(&c.admin, "/server/v1/settings/overtime").await);
    assert_eq!(view["versions"].as_array().unwrap().len(), 1);
    // Managers read the rules; only admins change them.
    let reply = app
        .post_as(
            &c.manager,
            "/server/v1/settings/update-overtime",
            json!({"effectiveFrom": "2026-10-11", "jurisdiction": "us-ca"}),
        )
        .await;
    assert_eq!(reply.status, 403);
    assert_eq!(app.get_as(&c.employee_token, "/server/v1/settings/overtime").await.status, 403);
    // A bad range of pay hours is named too.
    let reply = app.get_as(&c.admin, "/server/v1/timesheet/pay-hours?start=2026-10-17&end=2026-10-11").await;
    assert_eq!(reply.status, 400, "{:?}", reply.body);
}

/// A person's own rules: someone working in California for a federal company, and Nevada's
/// daily overtime only for someone under the wage line and not on a 4×10 schedule.
#[actix_web::test]
async fn a_persons_own_rules_and_nevadas_wage_line() {
    let app = spawn_app().await;
    let c = company(&app).await;
    // Monday 10 h, and a Nevada night from Wednesday 18:00 to Thursday 06:00.
    shift(&app, &c, "2026-10-12", "08:00:00", "18:00:00").await;
    ok(app
        .post_as(
            &c.admin,
            "/server/v1/timesheet/edit",
            json!({"employeeId": c.employee, "start": "2026-10-14 18:00:00", "end": "2026-10-15 06:00:00"}),
        )
        .await);
    let own = |body: Value| {
        let app = &app;
        let admin = c.admin.clone();
        let employee = c.employee;
        async move {
            let mut body = body;
            body["employeeId"] = json!(employee);
            app.post_as(&admin, "/server/v1/settings/update-employee-overtime", body).await
        }
    };
    // Working in California, from Monday.
    let view = ok(own(json!({"effectiveFrom": "2026-10-12", "jurisdiction": "us-ca"})).await);
    assert_eq!(view["versions"][0]["jurisdiction"], "us-ca");
    let hours = pay_hours(&app, &c.admin, &c, "2026-10-11", "2026-10-17").await;
    // Monday's 2 h over 8; the night is split at midnight (6 h + 6 h): no daily overtime.
    assert_eq!(totals(&hours), (20 * 60, 2 * 60, 0));
    // The hours name the person's own rule set, not the company's.
    assert_eq!(hours["ruleSet"]["id"], "us-ca");

    // Nevada instead: the night is one workday of 12 h from 18:00.
    ok(own(json!({"effectiveFrom": "2026-10-12", "jurisdiction": "us-nv"})).await);
    assert_eq!(totals(&pay_hours(&app, &c.admin, &c, "2026-10-11", "2026-10-17").await), (22 * 60, 0, 0));
    ok(own(json!({"effectiveFrom": "2026-10-12", "jurisdiction": "us-nv", "underWageLine": true})).await);
    assert_eq!(totals(&pay_hours(&app, &c.admin, &c, "2026-10-11", "2026-10-17").await), (16 * 60, 6 * 60, 0));
    ok(own(json!({"effectiveFrom": "2026-10-12", "jurisdiction": "us-nv", "underWageLine": true, "fourTens": true}))
        .await);
    assert_eq!(totals(&pay_hours(&app, &c.admin, &c, "2026-10-11", "2026-10-17").await), (22 * 60, 0, 0));
    // Back to the company's rules from Wednesday: Monday stays Nevada's, the night is federal.
    let view = ok(own(json!({"effectiveFrom": "2026-10-14", "jurisdiction": null})).await);
    assert_eq!(view["versions"].as_array().unwrap().len(), 2);
    assert_eq!(view["versions"][1]["jurisdiction"], Value::Null);

    // The manager reads it; an employee has no such view; only admins change it.
    let read = ok(app.get_as(&c.manager, &format!("/server/v1/settings/employee-overtime?id={}", c.employee)).await);
    assert_eq!(read["versions"].as_array().unwrap().len(), 2);
    assert_eq!(
        app.get_as(&c.employee_token, &format!("/server/v1/settings/employee-overtime?id={}", c.employee)).await.status,
        403
    );
    let reply = app
        .post_as(
            &c.manager,
            "/server/v1/settings/update-employee-overtime",
            json!({"employeeId": c.employee, "effectiveFrom": "2026-10-12"}),
        )
        .await;
    assert_eq!(reply.status, 403);
    // Bad input names its field; nothing is kept.
    for (body, field) in [
        (json!({"effectiveFrom": "2026-10-12", "jurisdiction": "custom"}), "jurisdiction"),
        (json!({"effectiveFrom": "2026-10-12", "jurisdiction": "us-pr"}), "jurisdiction"),
        (json!({"effectiveFrom": "2001-01-01"}), "effectiveFrom"),
        (json!({"effectiveFrom": "not a date"}), "effectiveFrom"),
    ] {
        let reply = own(body).await;
        assert_eq!(reply.status, 400, "{field}: {:?}", reply.body);
        assert!(reply.body["errors"][field].is_array(), "{field}: {:?}", reply.body);
    }
    let read = ok(app.get_as(&c.admin, &format!("/server/v1/settings/employee-overtime?id={}", c.employee)).await);
    assert_eq!(read["versions"].as_array().unwrap().len(), 2);
}

/// The year's summary report row of the company's employee: overtime and double-time minutes.
async fn summary(app: &TestApp, c: &Company) -> (i64, i64) {
    let path = format!(
        "/server/v1/report/summary-report-data?type=summary&start=2026-01-01&end=2026-12-31&empids={}",
        c.employee
    );
    let report = ok(app.get_as(&c.admin, &path).await);
    let row = &report["rows"][0];
    (row["overtimeMinutes"].as_i64().unwrap_or(0), row["doubleTimeMinutes"].as_i64().unwrap_or(0))
}

/// A California year read once is kept classified; every later write to a shift of a week (one
/// that keeps the week's total, one that moves a shift into another week, a deletion, a running
/// shift) and every change of rules shows in the next read, on every screen reading it.
#[actix_web::test]
async fn kept_weeks_follow_every_change_of_shifts_and_rules() {
    let app = spawn_app().await;
    let c = company(&app).await;
    let monday = shift(&app, &c, "2026-10-12", "08:00:00", "18:00:00").await;
    let tuesday = shift(&app, &c, "2026-10-13", "08:00:00", "14:00:00").await;
    shift(&app, &c, "2026-03-02", "08:00:00", "19:00:00").await;
    rules(&app, &c, json!({"effectiveFrom": "2026-03-02", "jurisdiction": "us-ca"})).await;
    let year = |hours: Value| totals(&hours);
    assert_eq!(year(pay_hours(&app, &c.admin, &c, "2026-01-01", "2026-12-31").await), (1320, 300, 0));
    // Read again: the same, from the kept weeks.
    assert_eq!(year(pay_hours(&app, &c.admin, &c, "2026-01-01", "2026-12-31").await), (1320, 300, 0));
    assert_eq!(summary(&app, &c).await, (300, 0));

    // Monday 8 h and Tuesday 8 h: the week's total is the same, its overtime is gone.
    let edit = |id: i64, start: &str, end: &str| json!({"trackingNumber": id, "start": start, "end": end});
    ok(app
        .post_as(&c.admin, "/server/v1/timesheet/edit", edit(monday, "2026-10-12 08:00:00", "2026-10-12 16:00:00"))
        .await);
    ok(app
        .post_as(&c.admin, "/server/v1/timesheet/edit", edit(tuesday, "2026-10-13 08:00:00", "2026-10-13 16:00:00"))
        .await);
    assert_eq!(year(pay_hours(&app, &c.admin, &c, "2026-01-01", "2026-12-31").await), (1440, 180, 0));
    assert_eq!(summary(&app, &c).await, (180, 0));

    // Tuesday moved a week on, and 13 hours long: an hour of double time in the later week.
    ok(app
        .post_as(&c.admin, "/server/v1/timesheet/edit", edit(tuesday, "2026-10-20 06:00:00", "2026-10-20 19:00:00"))
        .await);
    let moved = pay_hours(&app, &c.admin, &c, "2026-10-18", "2026-10-24").await;
    assert_eq!(totals(&moved), (480, 240, 60));
    assert_eq!(year(pay_hours(&app, &c.admin, &c, "2026-01-01", "2026-12-31").await), (1440, 420, 60));

    // Deleted: gone from the kept week.
    assert_eq!(
        app.post_as(&c.admin, &format!("/server/v1/timesheet/remove?ts={tuesday}"), json!({})).await.status,
        204
    );
    assert_eq!(totals(&pay_hours(&app, &c.admin, &c, "2026-10-18", "2026-10-24").await), (0, 0, 0));

    // Federal rules from March on: March's 11-hour day is regular time again.
    rules(&app, &c, json!({"effectiveFrom": "2026-03-02", "jurisdiction": "us-flsa"})).await;
    assert_eq!(year(pay_hours(&app, &c.admin, &c, "2026-01-01", "2026-12-31").await), (1140, 0, 0));
    assert_eq!(summary(&app, &c).await, (0, 0));
}

/// Nevada, a person under the wage line (daily overtime over 8 hours of the 24 from when they
/// start, so the test holds at any hour): clocked in 9 hours ago they are in overtime since 8
/// hours after the start, on their pay hours and the manager's dashboard; someone clocked in 7
/// hours ago whose shifts last 10 hours will be, at 8; someone just clocked in is not listed.
#[actix_web::test]
async fn the_clock_and_the_dashboard_say_who_is_in_or_near_overtime() {
    use chrono::{Duration, Utc};
    let app = spawn_app().await;
    let c = company(&app).await;
    let company_id = c.id;
    let long_email = unique_email("ot-long");
    let long = app.add_person(company_id, &long_email, Role::Employee, None).await;
    let fresh_email = unique_email("ot-fresh");
    let fresh = app.add_person(company_id, &fresh_email, Role::Employee, None).await;
    let tz = chrono_tz::America::Chicago;
    let day = |days_ago: i64| (Utc::now().with_timezone(&tz).date_naive() - Duration::days(days_ago)).to_string();
    // The long-shift person's history: three 10-hour days three weeks ago.
    for days_ago in [22, 21, 20] {
        ok(app
            .post_as(
                &c.admin,
                "/server/v1/timesheet/edit",
                json!({"employeeId": long, "start": format!("{} 08:00:00", day(days_ago)), "end": format!("{} 18:00:00", day(days_ago))}),
            )
            .await);
    }
    rules(&app, &c, json!({"effectiveFrom": day(22), "jurisdiction": "us-nv"})).await;
    for person in [c.employee, long, fresh] {
        ok(app
            .post_as(
                &c.admin,
                "/server/v1/settings/update-employee-overtime",
                json!({"employeeId": person, "effectiveFrom": day(22), "underWageLine": true}),
            )
            .await);
    }
    // Clocked in, then the shifts' starts moved back as if they had clocked in earlier.
    let started = |hours: i64| Utc::now() - Duration::hours(hours);
    let mut starts = Vec::new();
    for (token, hours) in
        [(c.employee_token.clone(), 9), (app.token_of(&long_email).await, 7), (app.token_of(&fresh_email).await, 1)]
    {
        let tracking =
            ok(app.post_as(&token, "/server/v1/clock/start", json!({})).await)["trackingNumber"].as_i64().unwrap();
        // The admin moves the running shift's start back ('Edit Now', no clock-out: it runs on).
        let at = chrono::SubsecRound::trunc_subsecs(started(hours), 0);
        let local = at.with_timezone(&tz).format("%Y-%m-%d %H:%M:%S").to_string();
        ok(app
            .post_as(&c.admin, "/server/v1/timesheet/edit", json!({"trackingNumber": tracking, "start": local}))
            .await);
        starts.push(at);
    }
    let today = day(0);
    let iso = |at: chrono::DateTime<Utc>| at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);

    // The employee's own pay hours of today say since when.
    let own =
        ok(app.get_as(&c.employee_token, &format!("/server/v1/timesheet/pay-hours?start={today}&end={today}")).await);
    assert_eq!(own["overtimeSince"], json!(iso(starts[0] + Duration::hours(8))));
    // Another day's range does not.
    let yesterday = day(1);
    let past = ok(app
        .get_as(&c.employee_token, &format!("/server/v1/timesheet/pay-hours?start={yesterday}&end={yesterday}"))
        .await);
    assert_eq!(past["overtimeSince"], Value::Null);

    // The dashboard: in overtime first, then who will be by their usual end.
    let board = ok(app.get_as(&c.admin, "/server/v1/dashboard/approaching-overtime").await);
    let people = board["people"].as_array().unwrap();
    assert_eq!(people.len(), 2, "{board}");
    assert_eq!(people[0]["employeeId"], c.employee);
    assert_eq!(people[0]["since"], json!(iso(starts[0] + Duration::hours(8))));
    assert_eq!(people[1]["employeeId"], long);
    assert_eq!(people[1]["since"], Value::Null);
    assert_eq!(people[1]["expectedAt"], json!(iso(starts[1] + Duration::hours(8))));
    assert_eq!(people[1]["usualEnd"], json!(iso(starts[1] + Duration::hours(10))));
    // The manager oversees only their report; an employee may not read it.
    let managed = ok(app.get_as(&c.manager, "/server/v1/dashboard/approaching-overtime").await);
    let ids: Vec<&Value> = managed["people"].as_array().unwrap().iter().map(|row| &row["employeeId"]).collect();
    assert_eq!(ids, [&json!(c.employee)]);
    assert_eq!(app.get_as(&c.employee_token, "/server/v1/dashboard/approaching-overtime").await.status, 403);

    // The same by e-mail once an admin turns the alerts on: the employee's manager hears that
    // they are in overtime, the admins (the long-shift person has no manager) that the other will
    // be; once each, however often the job runs, on two servers at once too.
    let service = timesheet::TimesheetService::new(app.db.clone(), app.accounts.clone(), kernel::WriteGate::open());
    assert_eq!(service.send_overtime_alerts(Utc::now()).await.unwrap().queued, 0);
    let settings = ok(app.post_as(&c.admin, "/server/v1/settings/update", json!({"overtimeAlertEmails": true})).await);
    assert_eq!(settings["settings"]["overtimeAlertEmails"], true);
    assert_eq!(
        app.post_as(&c.manager, "/server/v1/settings/update", json!({"overtimeAlertEmails": false})).await.status,
        403
    );
    let (a, b) = tokio::join!(service.send_overtime_alerts(Utc::now()), service.send_overtime_alerts(Utc::now()));
    assert_eq!(a.unwrap().queued + b.unwrap().queued, 2);
    assert_eq!(service.send_overtime_alerts(Utc::now()).await.unwrap().queued, 0);
    let hhmm = |at: chrono::DateTime<Utc>| at.with_timezone(&tz).format("%H:%M").to_string();
    let in_overtime = app.mail.wait_for(&c.manager_email, "overtime rate since").await;
    assert!(in_overtime.text().contains(&hhmm(starts[0] + Duration::hours(8))), "{}", in_overtime.text());
    let near = app.mail.wait_for(&c.admin_email, "will be paid at the overtime rate from").await;
    assert!(near.text().contains(&hhmm(starts[1] + Duration::hours(8))), "{}", near.text());
    assert!(near.text().contains(&format!("if they stay until {}", hhmm(starts[1] + Duration::hours(10)))));
    app.mail.settled().await;
    let alerts = |email: &str| app.mail.to(email).iter().filter(|mail| mail.text().contains("overtime rate")).count();
    assert_eq!((alerts(&c.manager_email), alerts(&c.admin_email)), (1, 1));
}

/// A shift between two wall-clock times of the company's zone (America/Chicago), with breaks.
async fn shift_between(app: &TestApp, c: &Company, start: &str, end: &str, breaks: Value) {
    ok(app
        .post_as(
            &c.admin,
            "/server/v1/timesheet/edit",
            json!({"employeeId": c.employee, "start": start, "end": end, "breaks": breaks}),
        )
        .await);
}

/// The research's remaining golden cases through the API: daylight-saving nights of both
/// directions (the hours really worked; the zone's rules are the United States' own, as in Los
/// Angeles), a night across the workweek's boundary, Colorado's 12 consecutive hours across
/// midnight with and without a meal, and a change of workweek mid-month that never moves hours
/// out of overtime.
#[actix_web::test]
async fn golden_cases_through_the_api() {
    let app = spawn_app().await;
    let c = company(&app).await;
    // California with evening workdays (from 18:00), from the first night.
    shift_between(&app, &c, "2026-03-07 23:00:00", "2026-03-08 07:30:00", json!([])).await;
    shift_between(&app, &c, "2026-10-31 23:00:00", "2026-11-01 07:30:00", json!([])).await;
    rules(&app, &c, json!({"effectiveFrom": "2026-03-07", "jurisdiction": "us-ca", "workdayStartHour": 18})).await;
    // Spring forward: 8.5 wall-clock hours are 7.5 worked, no overtime.
    assert_eq!(totals(&pay_hours(&app, &c.admin, &c, "2026-03-07", "2026-03-08").await), (450, 0, 0));
    // Fall back: 9.5 worked, 1.5 past 8 in the one workday.
    assert_eq!(totals(&pay_hours(&app, &c.admin, &c, "2026-10-31", "2026-11-01").await), (480, 90, 0));

    // Federal rules, midnight workdays from November: five 8-hour days, then Saturday 20:00 to
    // Sunday 04:00, whose Saturday hours are the week's overtime and whose Sunday hours start the
    // next week.
    rules(&app, &c, json!({"effectiveFrom": "2026-11-15", "jurisdiction": "us-flsa"})).await;
    for day in 16..=20 {
        shift(&app, &c, &format!("2026-11-{day}"), "08:00:00", "16:00:00").await;
    }
    shift_between(&app, &c, "2026-11-21 20:00:00", "2026-11-22 04:00:00", json!([])).await;
    let night = pay_hours(&app, &c.admin, &c, "2026-11-15", "2026-11-22").await;
    let day_of = |hours: &Value, date: &str| {
        let day = hours["days"].as_array().unwrap().iter().find(|day| day["date"] == date).cloned().unwrap_or_default();
        (day["regularMinutes"].as_i64().unwrap_or(0), day["overtimeMinutes"].as_i64().unwrap_or(0))
    };
    assert_eq!(day_of(&night, "2026-11-21"), (0, 240));
    assert_eq!(day_of(&night, "2026-11-22"), (240, 0));

    // Colorado for this person in the first half of June (the company's rules again from the
    // 15th): 20:00 to 09:30 across midnight with a half-hour meal is 13 hours, the last one
    // overtime; ending at 08:30 it is 12, none.
    for (from, jurisdiction) in [("2026-06-01", json!("us-co")), ("2026-06-15", Value::Null)] {
        ok(app
            .post_as(
                &c.admin,
                "/server/v1/settings/update-employee-overtime",
                json!({"employeeId": c.employee, "effectiveFrom": from, "jurisdiction": jurisdiction}),
            )
            .await);
    }
    let meal = |day: &str, next: &str| json!([[format!("{day} 23:45:00"), format!("{next} 00:15:00")]]);
    shift_between(&app, &c, "2026-06-01 20:00:00", "2026-06-02 09:30:00", meal("2026-06-01", "2026-06-02")).await;
    shift_between(&app, &c, "2026-06-08 20:00:00", "2026-06-09 08:30:00", meal("2026-06-08", "2026-06-09")).await;
    let thirteen = pay_hours(&app, &c.admin, &c, "2026-06-01", "2026-06-02").await;
    assert_eq!(totals(&thirteen), (720, 60, 0));
    // The company's workdays start at 18:00 since March: the whole night is the 1st's workday.
    assert_eq!(day_of(&thirteen, "2026-06-01").1, 60);
    assert_eq!(totals(&pay_hours(&app, &c.admin, &c, "2026-06-08", "2026-06-09").await), (720, 0, 0));
    // The nights of November are still the company's rules.
    assert_eq!(totals(&pay_hours(&app, &c.admin, &c, "2026-10-31", "2026-11-01").await), (480, 90, 0));
}

/// Ten 9-hour days from a Sunday, federal rules; the workweek moves to Wednesday mid-month. The
/// overlapping week never pays less overtime than the Sunday weeks would have.
#[actix_web::test]
async fn a_workweek_change_mid_month_never_moves_hours_out_of_overtime() {
    let app = spawn_app().await;
    let c = company(&app).await;
    for day in 8..=17 {
        shift(&app, &c, &format!("2026-11-{day:02}"), "08:00:00", "17:00:00").await;
    }
    rules(&app, &c, json!({"effectiveFrom": "2026-11-08", "jurisdiction": "us-flsa"})).await;
    let sunday_weeks = pay_hours(&app, &c.admin, &c, "2026-11-08", "2026-11-17").await;
    // Sunday 8 to Saturday 14: 63 h, 23 over; Sunday 15 to Tuesday 17: 27 h.
    assert_eq!(totals(&sunday_weeks), (67 * 60, 23 * 60, 0));
    rules(&app, &c, json!({"effectiveFrom": "2026-11-11", "jurisdiction": "us-flsa", "workweekFirstDay": 3})).await;
    let changed = pay_hours(&app, &c.admin, &c, "2026-11-08", "2026-11-17").await;
    let (regular, overtime, _) = totals(&changed);
    assert_eq!(regular + overtime, 90 * 60);
    assert!(overtime > 23 * 60, "{changed}");
    for (before, after) in sunday_weeks["days"].as_array().unwrap().iter().zip(changed["days"].as_array().unwrap()) {
        assert_eq!(before["date"], after["date"]);
        assert!(after["overtimeMinutes"].as_i64() >= before["overtimeMinutes"].as_i64(), "{before} → {after}");
    }
}
