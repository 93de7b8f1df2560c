//! Reports (issue 21): totals always equal their rows, in JSON, CSV and XLSX; shifts across
//! midnight and daylight-saving changes count on the right day with the right minutes; partial
//! days and paid holidays; terminated people for the dates they worked; who may report on whom.

use crate::helpers::{spawn_app, unique_email, Reply, TestApp};
use chrono::{Datelike, Duration, NaiveDate, Utc};
use kernel::Role;
use serde_json::{json, Value};

fn ok(reply: Reply) -> Value {
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    reply.body
}

struct Office {
    admin: String,
    manager: String,
    manager_id: i64,
    employee: String,
    employee_id: i64,
    employee_email: String,
    colleague_id: i64,
    company_id: i64,
    zone: chrono_tz::Tz,
}

async fn office(app: &TestApp) -> Office {
    let admin_email = unique_email("admin");
    let admin = app.admin_of_new_company("Reports Co", &admin_email).await;
    let company = app.company_of(&admin_email).await;
    let manager_email = unique_email("manager");
    let manager_id = app.add_person(company.id, &manager_email, Role::Manager, None).await;
    let employee_email = unique_email("employee");
    let employee_id = app.add_person(company.id, &employee_email, Role::Employee, Some(manager_id)).await;
    let colleague_id = app.add_person(company.id, &unique_email("colleague"), Role::Employee, None).await;
    // Employed since long before the days reported on.
    ok(app
        .post_as(
            &admin,
            "/server/v1/manage/add-user",
            json!({"id": employee_id, "firstname": "Emma", "lastname": "Brooks", "email": employee_email,
                   "managerId": manager_id, "startDate": "2024-01-02"}),
        )
        .await);
    Office {
        manager: app.token_of(&manager_email).await,
        employee: app.token_of(&employee_email).await,
        admin,
        manager_id,
        employee_id,
        employee_email,
        colleague_id,
        company_id: company.id.0,
        zone: kernel::time::parse_time_zone(&company.time_zone).unwrap(),
    }
}

/// A shift by the admin, in the company's wall time.
async fn shift(app: &TestApp, admin: &str, employee: i64, start: &str, end: &str) {
    let reply = app
        .post_as(admin, "/server/v1/timesheet/edit", json!({ "employeeId": employee, "start": start, "end": end }))
        .await;
    assert_eq!(reply.status, 201, "{:?}", reply.body);
}

fn centi(value: &Value) -> i64 {
    (value.as_f64().unwrap() * 100.0).round() as i64
}

/// Every total equals the sum of its rows, and every subtotal the sum of its row's hours.
fn assert_adds_up(report: &Value) {
    let rows = report["rows"].as_array().unwrap();
    let totals = &report["totals"];
    for field in ["workedMinutes", "regularMinutes", "overtimeMinutes", "holidayMinutes", "ptoMinutes"] {
        let sum: i64 = rows.iter().map(|row| row[field].as_i64().unwrap()).sum();
        assert_eq!(totals[field].as_i64().unwrap(), sum, "{field}");
    }
    for field in ["regularHours", "overtimeHours", "holidayHours", "ptoHours", "subtotalHours"] {
        let sum: i64 = rows.iter().map(|row| centi(&row[field])).sum();
        assert_eq!(centi(&totals[field]), sum, "{field}");
    }
    for row in rows.iter().chain(std::iter::once(totals)) {
        let parts = centi(&row["regularHours"])
            + centi(&row["overtimeHours"])
            + centi(&row["holidayHours"])
            + centi(&row["ptoHours"]);
        assert_eq!(centi(&row["subtotalHours"]), parts, "{row}");
        let by_type: i64 = row["pto"].as_array().unwrap().iter().map(|amount| centi(&amount["hours"])).sum();
        assert_eq!(centi(&row["ptoHours"]), by_type);
    }
}

fn row_of(report: &Value, employee: i64) -> &Value {
    report["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["employeeId"] == employee)
        .unwrap_or_else(|| panic!("no row for {employee}: {report}"))
}

async fn summary(app: &TestApp, token: &str, start: &str, end: &str, empids: &str) -> Reply {
    app.get_as(
        token,
        &format!("/server/v1/report/summary-report-data?type=summary&start={start}&end={end}&empids={empids}"),
    )
    .await
}

#[actix_web::test]
async fn shifts_across_midnight_and_daylight_saving_count_on_their_day() {
    let app = spawn_app().await;
    let o = office(&app).await;
    assert_eq!(o.zone, chrono_tz::America::Chicago);
    let (admin, who) = (&o.admin, o.employee_id);
    // A 40-hour week, then Saturday night across the spring-forward change (22:00 to 06:00 is
    // 7 hours that night): overtime, on Saturday.
    for day in 2..=6 {
        shift(&app, admin, who, &format!("2026-03-0{day} 09:00:00"), &format!("2026-03-0{day} 17:00:00")).await;
    }
    shift(&app, admin, who, "2026-03-07 22:00:00", "2026-03-08 06:00:00").await;
    shift(&app, admin, who, "2026-03-09 09:00:00", "2026-03-09 17:00:00").await;
    shift(&app, admin, who, "2026-03-10 09:00:00", "2026-03-10 09:50:00").await;
    // The fall-back night is 9 hours.
    shift(&app, admin, who, "2025-11-01 22:00:00", "2025-11-02 06:00:00").await;
    let id = who.to_string();

    let two_weeks = ok(summary(&app, admin, "2026-03-01", "2026-03-14", &id).await);
    let row = row_of(&two_weeks, who);
    assert_eq!(row["workedMinutes"], 5 * 480 + 420 + 480 + 50);
    assert_eq!(row["overtimeMinutes"], 420);
    assert_eq!(row["regularMinutes"], 5 * 480 + 480 + 50);
    assert_eq!(row["overtimeHours"], 7.0);
    assert_eq!(row["regularHours"], 48.83);
    assert_adds_up(&two_weeks);
    // The night belongs to Saturday: the second week does not have it.
    let second = ok(summary(&app, admin, "2026-03-08", "2026-03-14", &id).await);
    assert_eq!(row_of(&second, who)["workedMinutes"], 530);
    assert_eq!(row_of(&second, who)["overtimeMinutes"], 0);
    let saturday = ok(summary(&app, admin, "2026-03-07", "2026-03-07", &id).await);
    assert_eq!(row_of(&saturday, who)["workedMinutes"], 420);
    assert_eq!(row_of(&saturday, who)["overtimeMinutes"], 420, "overtime belongs to the day it was worked");
    let fall = ok(summary(&app, admin, "2025-11-01", "2025-11-01", &id).await);
    assert_eq!(row_of(&fall, who)["workedMinutes"], 540);
    assert_eq!(ok(summary(&app, admin, "2025-11-02", "2025-11-02", &id).await)["totals"]["workedMinutes"], 0);

    // The timesheet report lists the night with its local times, and adds up.
    let sheet = ok(app
        .get_as(
            admin,
            &format!(
                "/server/v1/report/timesheet-report-data?type=timesheet&start=2026-03-01&end=2026-03-14&empids={id}"
            ),
        )
        .await);
    let person = &sheet["employees"][0];
    let night = person["shifts"].as_array().unwrap().iter().find(|s| s["date"] == "2026-03-07").unwrap();
    assert_eq!(night["clockIn"], "2026-03-07 22:00:00");
    assert_eq!(night["clockOut"], "2026-03-08 06:00:00");
    assert_eq!(night["workedMinutes"], 420);
    let shift_minutes: i64 =
        person["shifts"].as_array().unwrap().iter().map(|s| s["workedMinutes"].as_i64().unwrap()).sum();
    assert_eq!(person["workedMinutes"], shift_minutes);
    assert_eq!(person["overtimeMinutes"], 420);
    let shift_centi: i64 = person["shifts"].as_array().unwrap().iter().map(|s| centi(&s["workedHours"])).sum();
    assert_eq!(centi(&person["workedHours"]), shift_centi);
    assert_eq!(centi(&sheet["totals"]["workedHours"]), shift_centi);
}

/// A Monday at least a week ahead in the company's zone.
fn monday_ahead(zone: chrono_tz::Tz) -> NaiveDate {
    let today = Utc::now().with_timezone(&zone).date_naive();
    today + Duration::days(14 - i64::from(today.weekday().num_days_from_monday()))
}

#[actix_web::test]
async fn partial_days_and_holidays_add_up_in_every_format() {
    let app = spawn_app().await;
    let o = office(&app).await;
    let monday = monday_ahead(o.zone);
    let (tuesday, wednesday, thursday, friday) = (
        monday + Duration::days(1),
        monday + Duration::days(2),
        monday + Duration::days(3),
        monday + Duration::days(4),
    );
    let year = ok(app.get_as(&o.admin, "/server/v1/pto-manage/data").await)["currentYear"].as_i64().unwrap();
    let vacation = ok(app.post_as(&o.admin, "/server/v1/settings/update-pto-type", json!({"name": "Vacation"})).await)
        ["id"]
        .as_i64()
        .unwrap();
    for plan_year in [year, year + 1] {
        ok(app
            .post_as(
                &o.admin,
                "/server/v1/settings/save-pto-plan",
                json!({"name": format!("Standard {plan_year}"), "year": plan_year, "assignType": "teamMembers", "assignIds": [o.employee_id],
                       "rules": [{"ptoTypeId": vacation, "method": "PER_CALENDAR_YEAR", "rate": 80, "rateUnit": 1}]}),
            )
            .await);
    }
    let holiday = app
        .post_as(&o.admin, "/server/v1/holiday/add", json!({"name": "Founders' Day", "holiday": tuesday.to_string()}))
        .await;
    assert_eq!(holiday.status, 200, "{:?}", holiday.body);
    // Monday to Wednesday with the holiday inside (16 hours), and two hours on Thursday.
    let full = ok(app
        .post_as(
            &o.employee,
            "/server/v1/pto/request",
            json!({"ptoType": vacation, "partialday": false, "allday": 1, "includeWeekend": false,
                   "start": format!("{monday} 00:00:00"), "end": format!("{wednesday} 23:59:59"), "reason": "Trip"}),
        )
        .await);
    let partial = ok(app
        .post_as(
            &o.employee,
            "/server/v1/pto/request",
            json!({"ptoType": vacation, "partialday": true, "allday": 0, "includeWeekend": false,
                   "start": format!("{thursday} 09:00:00"), "end": format!("{thursday} 11:00:00"), "reason": "Dentist"}),
        )
        .await);
    for request in [&full, &partial] {
        ok(app.post_as(&o.manager, "/server/v1/pto/approve-timeoff", json!({"request": request["id"]})).await);
    }

    let range = (monday.to_string(), friday.to_string());
    let report = ok(summary(&app, &o.admin, &range.0, &range.1, "").await);
    let emma = row_of(&report, o.employee_id);
    assert_eq!(emma["ptoMinutes"], 480 + 480 + 120);
    assert_eq!(emma["ptoHours"], 18.0);
    assert_eq!(emma["holidayMinutes"], 480);
    assert_eq!(emma["pto"].as_array().unwrap().iter().find(|a| a["ptoTypeId"] == vacation).unwrap()["minutes"], 1080);
    // Everyone employed that day is paid the holiday.
    assert_eq!(row_of(&report, o.colleague_id)["holidayMinutes"], 480);
    assert_eq!(report["rows"].as_array().unwrap().len(), 4, "admin, manager, employee, colleague");
    assert_adds_up(&report);
    // The part inside the range only.
    let wednesday_on = ok(summary(&app, &o.admin, &wednesday.to_string(), &range.1, &o.employee_id.to_string()).await);
    assert_eq!(row_of(&wednesday_on, o.employee_id)["ptoMinutes"], 600);

    let pto = ok(app
        .get_as(&o.admin, &format!("/server/v1/report/pto-report-data?type=pto&start={}&end={}", range.0, range.1))
        .await);
    let person = pto["employees"].as_array().unwrap().iter().find(|p| p["employeeId"] == o.employee_id).unwrap();
    let minutes: Vec<i64> =
        person["requests"].as_array().unwrap().iter().map(|r| r["minutes"].as_i64().unwrap()).collect();
    assert_eq!(minutes, [960, 120]);
    assert_eq!(person["totalHours"], 18.0);
    assert_eq!(pto["totals"]["totalMinutes"], 1080);

    // CSV and XLSX say what the JSON says, total row included.
    let query = format!("start={}&end={}", range.0, range.1);
    let (status, content_type, bytes) =
        app.get_bytes_as(&o.admin, &format!("/server/v1/report/export?type=summary&format=csv&{query}")).await;
    assert_eq!(status, 200);
    assert!(content_type.starts_with("text/csv"));
    let mut reader = csv::Reader::from_reader(bytes.as_slice());
    let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_owned).collect();
    assert_eq!(
        header,
        [
            "Employee ID",
            "Last Name",
            "First Name",
            "Status",
            "Regular Hours",
            "Overtime Hours",
            "Double Time Hours",
            "Vacation Hours",
            "Holiday Hours",
            "Subtotal Hours"
        ]
    );
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(records.len(), report["rows"].as_array().unwrap().len() + 1);
    let cents = |text: &str| -> i64 { (text.parse::<f64>().unwrap() * 100.0).round() as i64 };
    for (record, row) in records.iter().zip(report["rows"].as_array().unwrap()) {
        assert_eq!(record[0].parse::<i64>().unwrap(), row["employeeId"].as_i64().unwrap());
        assert_eq!(cents(&record[6]), centi(&row["doubleTimeHours"]));
        assert_eq!(cents(&record[7]), centi(&row["ptoHours"]));
        assert_eq!(cents(&record[8]), centi(&row["holidayHours"]));
        assert_eq!(cents(&record[9]), centi(&row["subtotalHours"]));
    }
    let total = records.last().unwrap();
    assert_eq!(&total[1], "Total");
    for column in 4..=9 {
        let sum: i64 = records[..records.len() - 1].iter().map(|record| cents(&record[column])).sum();
        assert_eq!(cents(&total[column]), sum, "column {column}");
    }
    assert_eq!(cents(&total[9]), centi(&report["totals"]["subtotalHours"]));

    let (status, content_type, bytes) =
        app.get_bytes_as(&o.admin, &format!("/server/v1/report/export?type=summary&format=xlsx&{query}")).await;
    assert_eq!(status, 200);
    assert!(content_type.contains("spreadsheetml"), "{content_type}");
    use calamine::{Data, Reader};
    let mut book: calamine::Xlsx<_> = calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).unwrap();
    let sheet = book.worksheet_range("Summary").unwrap();
    let rows: Vec<&[Data]> = sheet.rows().collect();
    assert_eq!(rows.len(), records.len() + 1);
    for (cells, record) in rows[1..].iter().zip(&records) {
        for column in 4..=9 {
            let value = match &cells[column] {
                Data::Float(value) => (value * 100.0).round() as i64,
                other => panic!("hours are numbers: {other:?}"),
            };
            assert_eq!(value, cents(&record[column]));
        }
    }
    for kind in ["timesheet", "pto"] {
        for format in ["csv", "xlsx"] {
            let (status, _, bytes) = app
                .get_bytes_as(&o.admin, &format!("/server/v1/report/export?type={kind}&format={format}&{query}"))
                .await;
            assert_eq!(status, 200, "{kind} {format}");
            assert!(!bytes.is_empty());
        }
    }

    // Payroll: the pay period holding Monday, regular, overtime, holiday and PTO per type.
    let (status, _, bytes) =
        app.get_bytes_as(&o.admin, &format!("/server/v1/report/payroll-export?date={monday}")).await;
    assert_eq!(status, 200);
    let mut reader = csv::Reader::from_reader(bytes.as_slice());
    let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_owned).collect();
    assert_eq!(
        header,
        [
            "Employee ID",
            "Last Name",
            "First Name",
            "Email",
            "Pay Period Start",
            "Pay Period End",
            "Regular Hours",
            "Overtime Hours",
            "Double Time Hours",
            "Holiday Hours",
            "PTO Vacation Hours",
            "Total Paid Hours",
            "Vacation Balance Hours",
            "Adjustment"
        ]
    );
    let emma = reader.records().map(Result::unwrap).find(|record| record[3] == *o.employee_email).unwrap();
    assert_eq!(&emma[9], "8.00");
    assert!(["18.00", "16.00", "2.00", "0.00"].contains(&&emma[10]), "the pay period holds some of the week: {emma:?}");
    // The balance as pay statements show it (CA, NYC, AZ): at the period's end, here today's,
    // before the week off to come: the year's 80 h.
    assert_eq!(&emma[12], "80.00", "{emma:?}");
}

#[actix_web::test]
async fn who_may_report_on_whom_and_the_querys_rules() {
    let app = spawn_app().await;
    let o = office(&app).await;
    let (start, end) = ("2026-10-01", "2026-10-31");
    assert_eq!(summary(&app, &o.employee, start, end, "").await.status, 403);
    assert_eq!(app.get_as(&o.employee, "/server/v1/report/data").await.status, 403);
    // A manager's report holds themselves and their people, nobody else.
    let mine = ok(summary(&app, &o.manager, start, end, "").await);
    let ids: Vec<i64> =
        mine["rows"].as_array().unwrap().iter().map(|row| row["employeeId"].as_i64().unwrap()).collect();
    assert_eq!(ids.len(), 2);
    assert!(ids.contains(&o.manager_id) && ids.contains(&o.employee_id));
    assert_eq!(
        summary(&app, &o.manager, start, end, &format!("{},{}", o.employee_id, o.colleague_id)).await.status,
        404
    );
    let data = ok(app.get_as(&o.manager, "/server/v1/report/data").await);
    assert_eq!(data["employees"].as_array().unwrap().len(), 2);
    assert_eq!(data["maxDays"], 366);
    // Another company's people are a 404, never dropped.
    let other = app.admin_of_new_company("Elsewhere", &unique_email("other")).await;
    assert_eq!(summary(&app, &other, start, end, &o.employee_id.to_string()).await.status, 404);
    assert_eq!(
        app.get_bytes_as(&other, &format!("/server/v1/report/payroll-export?empids={}", o.employee_id)).await.0,
        404
    );
    // Dates: valid, in order, at most 366 days.
    let missing = summary(&app, &o.admin, "", "2026-13-01", "").await;
    assert_eq!(missing.status, 400);
    assert_eq!(missing.field("start"), [reports::tables::DATES_MISSING]);
    assert_eq!(missing.field("end"), [reports::tables::DATES_MISSING]);
    assert_eq!(
        summary(&app, &o.admin, "2026-01-01", "2027-01-02", "").await.field("end"),
        [reports::tables::RANGE_INVALID]
    );
    assert_eq!(
        summary(&app, &o.admin, "2026-02-01", "2026-01-31", "").await.field("end"),
        [reports::tables::RANGE_INVALID]
    );
    assert_eq!(summary(&app, &o.admin, start, end, "1,two").await.field("empids"), [reports::tables::EMPIDS_INVALID]);
    let no_format =
        app.get_as(&o.admin, &format!("/server/v1/report/export?type=summary&start={start}&end={end}")).await;
    assert_eq!(no_format.status, 400);
    assert!(!no_format.field("format").is_empty());
}

#[actix_web::test]
async fn terminated_people_appear_for_the_dates_they_worked() {
    let app = spawn_app().await;
    let o = office(&app).await;
    let leaver_email = unique_email("leaver");
    let leaver = app.add_person(o.company_id, &leaver_email, Role::Employee, None).await;
    ok(app
        .post_as(
            &o.admin,
            "/server/v1/manage/add-user",
            json!({"id": leaver, "firstname": "Lee", "lastname": "Leaver", "email": leaver_email, "startDate": "2025-01-06"}),
        )
        .await);
    shift(&app, &o.admin, leaver, "2026-02-03 09:00:00", "2026-02-03 17:00:00").await;
    ok(app.post_as(&o.admin, "/server/v1/manage/terminate-employee", json!({"id": leaver})).await);

    let february = ok(summary(&app, &o.admin, "2026-02-01", "2026-02-28", "").await);
    let row = row_of(&february, leaver);
    assert_eq!(row["status"], 0);
    assert_eq!(row["workedMinutes"], 480);
    assert_adds_up(&february);
    let later = ok(summary(&app, &o.admin, "2026-04-01", "2026-04-30", "").await);
    assert!(later["rows"].as_array().unwrap().iter().all(|row| row["employeeId"] != leaver));
    let data = ok(app.get_as(&o.admin, "/server/v1/report/data").await);
    let listed = data["employees"].as_array().unwrap().iter().find(|person| person["id"] == leaver).unwrap();
    assert_eq!(listed["status"], 0);
}

#[actix_web::test]
async fn the_dashboard_chart_has_every_day_of_the_range() {
    let app = spawn_app().await;
    let o = office(&app).await;
    shift(&app, &o.admin, o.employee_id, "2026-03-03 09:00:00", "2026-03-03 12:00:00").await;
    let chart = ok(app.get_as(&o.manager, "/server/v1/dashboard/daily-hours?start=2026-03-01&end=2026-03-07").await);
    let days = chart["days"].as_array().unwrap();
    assert_eq!(days.len(), 7);
    assert_eq!(days[2]["date"], "2026-03-03");
    assert_eq!(days[2]["workedMinutes"], 180);
    assert_eq!(days.iter().map(|day| day["workedMinutes"].as_i64().unwrap()).sum::<i64>(), 180);
    let default = ok(app.get_as(&o.manager, "/server/v1/dashboard/daily-hours").await);
    assert!(!default["days"].as_array().unwrap().is_empty());
}

/// The payroll CSV's rows as (Pay Period Start, Pay Period End, Regular Hours) of one person, and
/// the file's name.
async fn payroll_of(app: &TestApp, token: &str, query: &str, email: &str) -> (String, Vec<[String; 3]>) {
    let mut response = app
        .client
        .get(app.url(&format!("/server/v1/report/payroll-export?{query}")))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    let body = response.body().await.unwrap();
    assert_eq!(response.status().as_u16(), 200, "{query}: {body:?}");
    let name = response.headers().get("content-disposition").unwrap().to_str().unwrap().to_owned();
    let mut reader = csv::Reader::from_reader(body.as_ref());
    let rows = reader
        .records()
        .map(Result::unwrap)
        .filter(|record| &record[3] == email)
        .map(|record| [record[4].to_owned(), record[5].to_owned(), record[6].to_owned()])
        .collect();
    (name, rows)
}

#[actix_web::test]
async fn the_payroll_file_is_for_exactly_the_chosen_pay_period() {
    use reports::payroll::{COUNT_INVALID, DATE_OR_PERIOD, PERIOD_END_INVALID, PERIOD_START_INVALID};
    let app = spawn_app().await;
    let o = office(&app).await;
    ok(app.post_as(&o.admin, "/server/v1/settings/update", json!({"payCycle": "semimonthly"})).await);
    let date = |value: &Value| NaiveDate::parse_from_str(value.as_str().unwrap(), "%Y-%m-%d").unwrap();
    let period = |value: &Value| (date(&value["start"]), date(&value["end"]));

    // The screen's list: the period holding today, then twelve closed ones, back to back.
    assert_eq!(app.get_as(&o.employee, "/server/v1/report/pay-periods").await.status, 403);
    let listed = ok(app.get_as(&o.manager, "/server/v1/report/pay-periods").await);
    let periods = listed["payPeriods"].as_array().unwrap();
    assert_eq!(periods.len(), 13);
    let today = Utc::now().with_timezone(&o.zone).date_naive();
    let (current_start, current_end) = period(&periods[0]);
    assert!(current_start <= today && today <= current_end, "{listed}");
    assert_eq!(periods[0]["closed"], false);
    for pair in periods.windows(2) {
        assert_eq!(period(&pair[1]).1 + Duration::days(1), period(&pair[0]).0, "{listed}");
        assert_eq!(pair[1]["closed"], true);
    }
    for value in periods {
        let (start, end) = period(value);
        assert!([1, 16].contains(&start.day()), "{value}");
        assert!(end.day() == 15 || (end + Duration::days(1)).day() == 1, "{value}");
    }
    let two = ok(app.get_as(&o.admin, "/server/v1/report/pay-periods?count=2").await);
    assert_eq!(two["payPeriods"].as_array().unwrap()[..], periods[..2]);
    for count in ["0", "61", "-3"] {
        let reply = app.get_as(&o.admin, &format!("/server/v1/report/pay-periods?count={count}")).await;
        assert_eq!(reply.status, 400, "{count}");
        assert_eq!(reply.field("count"), [COUNT_INVALID]);
    }
    assert_eq!(app.get_as(&o.admin, "/server/v1/report/pay-periods?count=many").await.status, 400);

    // Eight hours in the last closed period (on its first day), four in the one before (its last).
    let (last, before) = (period(&periods[1]), period(&periods[2]));
    let on = |day: NaiveDate, time: &str| format!("{day} {time}");
    shift(&app, &o.admin, o.employee_id, &on(last.0, "09:00:00"), &on(last.0, "17:00:00")).await;
    shift(&app, &o.admin, o.employee_id, &on(before.1, "09:00:00"), &on(before.1, "13:00:00")).await;
    let email = &o.employee_email;
    let (name, rows) = payroll_of(&app, &o.admin, &format!("start={}&end={}", last.0, last.1), email).await;
    assert!(name.contains(&format!("timekeep-payroll-{}-{}.csv", last.0, last.1)), "{name}");
    assert_eq!(rows, [[last.0.to_string(), last.1.to_string(), "8.00".to_owned()]]);
    let (_, rows) =
        payroll_of(&app, &o.manager, &format!("start={}&end={}&empids={}", before.0, before.1, o.employee_id), email)
            .await;
    assert_eq!(rows, [[before.0.to_string(), before.1.to_string(), "4.00".to_owned()]]);
    // A day of the period still names it.
    let (_, rows) = payroll_of(&app, &o.admin, &format!("date={}", last.1), email).await;
    assert_eq!(rows[0][..2], [last.0.to_string(), last.1.to_string()]);

    // Anything but one whole pay period is refused on the field that is off.
    let refused = |query: String| {
        let app = &app;
        let admin = &o.admin;
        async move {
            let reply = app.get_as(admin, &format!("/server/v1/report/payroll-export?{query}")).await;
            assert_eq!(reply.status, 400, "{query}: {:?}", reply.body);
            reply
        }
    };
    let day_late = refused(format!("start={}&end={}", last.0 + Duration::days(1), last.1)).await;
    assert_eq!(day_late.field("start"), [PERIOD_START_INVALID]);
    assert!(day_late.field("end").is_empty());
    assert_eq!(
        refused(format!("start={}&end={}", last.0, last.1 + Duration::days(1))).await.field("end"),
        [PERIOD_END_INVALID]
    );
    assert_eq!(refused(format!("start={}&end={}", before.0, last.1)).await.field("end"), [PERIOD_END_INVALID]);
    assert_eq!(refused(format!("start={}", last.0)).await.field("end"), [reports::tables::DATES_MISSING]);
    assert_eq!(refused(format!("start=soon&end={}", last.1)).await.field("start"), [reports::tables::DATES_MISSING]);
    assert_eq!(
        refused(format!("date={}&start={}&end={}", last.0, last.0, last.1)).await.field("date"),
        [DATE_OR_PERIOD]
    );

    // Every two weeks from an anchor: a week's offset is no pay period.
    let anchor = current_start - Duration::days(70);
    ok(app
        .post_as(&o.admin, "/server/v1/settings/update", json!({"payCycle": "biweekly", "payCycleAnchor": anchor}))
        .await);
    let biweekly = ok(app.get_as(&o.admin, "/server/v1/report/pay-periods?count=3").await);
    for value in biweekly["payPeriods"].as_array().unwrap() {
        let (start, end) = period(value);
        assert_eq!((end - start).num_days(), 13);
        assert_eq!((start - anchor).num_days() % 14, 0, "{value}");
    }
    let (name, _) =
        payroll_of(&app, &o.admin, &format!("start={anchor}&end={}", anchor + Duration::days(13)), email).await;
    assert!(name.contains(&format!("timekeep-payroll-{anchor}-{}.csv", anchor + Duration::days(13))), "{name}");
    let week_off = anchor + Duration::days(7);
    assert_eq!(
        refused(format!("start={week_off}&end={}", week_off + Duration::days(13))).await.field("start"),
        [PERIOD_START_INVALID]
    );
}
