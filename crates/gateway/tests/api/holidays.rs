//! Paid holidays (issue 18, 002 §2–§9, 001 §3 "Holiday hours"): admins keep a year's holidays
//! and create the US federal defaults; everyone reads them; admins set someone else's hours;
//! another company's holidays and people are out of reach.

use crate::helpers::{spawn_app, unique_email, TestApp};
use kernel::Role;
use pto::entities::paid_holidays;
use sea_orm::EntityTrait;
use serde_json::{json, Value};

struct Company {
    admin: String,
    admin_id: i64,
    manager: String,
    report: i64,
    report_token: String,
    stranger: i64,
}

async fn company(app: &TestApp, name: &str) -> Company {
    let admin_email = unique_email("admin");
    let admin = app.admin_of_new_company(name, &admin_email).await;
    let company = app.company_of(&admin_email).await;
    let admin_id = app.get_as(&admin, "/server/v1/auth/login-data").await.body["identity"]["eid"].as_i64().unwrap();
    let manager_email = unique_email("manager");
    let manager_id = app.add_person(company.id, &manager_email, Role::Manager, None).await;
    let report_email = unique_email("report");
    let report = app.add_person(company.id, &report_email, Role::Employee, Some(manager_id)).await;
    let stranger = app.add_person(company.id, &unique_email("stranger"), Role::Employee, None).await;
    Company {
        admin,
        admin_id,
        manager: app.token_of(&manager_email).await,
        report,
        report_token: app.token_of(&report_email).await,
        stranger,
    }
}

fn names(list: &Value) -> Vec<String> {
    list["holidays"].as_array().unwrap().iter().map(|h| h["name"].as_str().unwrap().to_owned()).collect()
}

#[actix_web::test]
async fn admins_keep_a_years_paid_holidays_and_everyone_reads_them() {
    let app = spawn_app().await;
    let acme = company(&app, "Holiday Co").await;

    let empty = app.get_as(&acme.admin, "/server/v1/holiday/list").await;
    assert_eq!(empty.status, 200, "{:?}", empty.body);
    let year = empty.body["year"].as_i64().unwrap();
    assert_eq!(empty.body["years"], json!([year - 1, year, year + 1, year + 2, year + 3]));
    assert_eq!(empty.body["holidays"], json!([]));

    // Next year's defaults: the federal holidays on their observed days, once however often asked.
    let next = year + 1;
    let defaults =
        app.post_as(&acme.admin, &format!("/server/v1/holiday/create-defaults?year={next}"), json!({})).await;
    assert_eq!(defaults.status, 200, "{:?}", defaults.body);
    let created = names(&defaults.body);
    assert!(created.len() >= 10, "{created:?}");
    assert!(created.iter().any(|name| name.starts_with("Thanksgiving Day")));
    let expected: Vec<String> =
        pto::holidays::us_federal_holidays(next as i32).into_iter().map(|(_, day)| day.to_string()).collect();
    let days: Vec<&str> =
        defaults.body["holidays"].as_array().unwrap().iter().map(|h| h["holiday"].as_str().unwrap()).collect();
    assert_eq!(days, expected);
    let again = app.post_as(&acme.admin, &format!("/server/v1/holiday/create-defaults?year={next}"), json!({})).await;
    assert_eq!(names(&again.body), created);
    // Two admins at once: both answered with the one list, nothing twice.
    let later = next + 1;
    let path = format!("/server/v1/holiday/create-defaults?year={later}");
    let (one, two) =
        tokio::join!(app.post_as(&acme.admin, &path, json!({})), app.post_as(&acme.admin, &path, json!({})));
    assert_eq!((one.status, two.status), (200, 200), "{:?} {:?}", one.body, two.body);
    assert_eq!(one.body["holidays"], two.body["holidays"]);

    // A holiday of the company's own: its year is its date's; one holiday a day.
    let added = app
        .post_as(
            &acme.admin,
            "/server/v1/holiday/add",
            json!({"name": "Founders' Day", "holiday": format!("{year}-03-02")}),
        )
        .await;
    assert_eq!(added.status, 200, "{:?}", added.body);
    assert_eq!(added.body["year"], year);
    let id = added.body["id"].as_i64().unwrap();
    let twice = app
        .post_as(&acme.admin, "/server/v1/holiday/add", json!({"name": "Other", "holiday": format!("{year}-03-02")}))
        .await;
    assert_eq!(twice.status, 400);
    assert_eq!(twice.field("holiday"), [pto::holidays::DAY_TAKEN]);
    let edited = app
        .post_as(
            &acme.admin,
            "/server/v1/holiday/add",
            json!({"id": id, "name": "Founders Day", "holiday": format!("{year}-03-03")}),
        )
        .await;
    assert_eq!(edited.status, 200, "{:?}", edited.body);
    assert_eq!(
        edited.body,
        json!({"id": id, "name": "Founders Day", "holiday": format!("{year}-03-03"), "year": year})
    );

    // Everyone in the company reads them; only admins change them.
    for reader in [&acme.manager, &acme.report_token] {
        let list = app.get_as(reader, "/server/v1/holiday/list").await;
        assert_eq!(names(&list.body), ["Founders Day"]);
        assert_eq!(app.get_as(reader, &format!("/server/v1/holiday/get?id={id}")).await.body["name"], "Founders Day");
    }
    for writer in [&acme.manager, &acme.report_token] {
        let refused = app.post_as(writer, "/server/v1/holiday/delete", json!({"id": id})).await;
        assert_eq!(refused.status, 403);
    }
    let data = app.get_as(&acme.admin, "/server/v1/pto-manage/data").await;
    assert_eq!(data.body["paidHolidays"][0]["id"], id);

    // Another company: the same 404 as an id that does not exist.
    let other = company(&app, "Elsewhere Co").await;
    assert_eq!(app.get_as(&other.admin, &format!("/server/v1/holiday/get?id={id}")).await.status, 404);
    assert_eq!(app.post_as(&other.admin, "/server/v1/holiday/delete", json!({"id": id})).await.status, 404);
    assert_eq!(app.get_as(&other.admin, "/server/v1/holiday/list").await.body["holidays"], json!([]));

    // Deleting answers the year's list; the row stays with who deleted it.
    let deleted = app.post_as(&acme.admin, "/server/v1/holiday/delete", json!({"id": id, "year": year})).await;
    assert_eq!(deleted.status, 200, "{:?}", deleted.body);
    assert_eq!(deleted.body["holidays"], json!([]));
    let row = paid_holidays::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap();
    assert_eq!(row.deleted_by, Some(kernel::UserId(acme.admin_id)));
    assert!(row.deleted_at.is_some());
    assert_eq!(app.get_as(&acme.admin, &format!("/server/v1/holiday/get?id={id}")).await.status, 404);
    // The day is free again.
    let readded = app
        .post_as(
            &acme.admin,
            "/server/v1/holiday/add",
            json!({"name": "Founders Day", "holiday": format!("{year}-03-03")}),
        )
        .await;
    assert_eq!(readded.status, 200, "{:?}", readded.body);
}

#[actix_web::test]
async fn bad_holiday_forms_and_years_get_their_messages() {
    let app = spawn_app().await;
    let acme = company(&app, "Forms Co").await;
    let year = app.get_as(&acme.admin, "/server/v1/holiday/list").await.body["year"].as_i64().unwrap();

    let blank = app.post_as(&acme.admin, "/server/v1/holiday/add", json!({"name": " ", "holiday": ""})).await;
    assert_eq!(blank.status, 400);
    assert_eq!(blank.field("name"), ["Please input the Holiday name"]);
    assert_eq!(blank.field("holiday"), ["Please input the Holiday date"]);
    let bad_date =
        app.post_as(&acme.admin, "/server/v1/holiday/add", json!({"name": "X", "holiday": "2026-02-30"})).await;
    assert_eq!(bad_date.field("holiday"), [pto::holidays::DATE_INVALID]);
    let far = format!("Please choose a year from {} to {}", year - 1, year + 3);
    let too_late = app
        .post_as(&acme.admin, "/server/v1/holiday/add", json!({"name": "X", "holiday": format!("{}-01-02", year + 4)}))
        .await;
    assert_eq!(too_late.field("holiday"), std::slice::from_ref(&far));
    let list = app.get_as(&acme.admin, &format!("/server/v1/holiday/list?year={}", year - 2)).await;
    assert_eq!((list.status, list.field("year")), (400, vec![far.clone()]));
    let defaults =
        app.post_as(&acme.admin, &format!("/server/v1/holiday/create-defaults?year={}", year + 4), json!({})).await;
    assert_eq!((defaults.status, defaults.field("year")), (400, vec![far]));
    let control = app
        .post_as(&acme.admin, "/server/v1/holiday/add", json!({"name": "A\u{7}B", "holiday": format!("{year}-05-05")}))
        .await;
    assert_eq!(control.status, 400, "{:?}", control.body);
    let missing = app
        .post_as(
            &acme.admin,
            "/server/v1/holiday/add",
            json!({"id": 999_999, "name": "X", "holiday": format!("{year}-05-05")}),
        )
        .await;
    assert_eq!(missing.status, 404);
    assert_eq!(app.get_as(&acme.admin, "/server/v1/holiday/list").await.body["holidays"], json!([]));
}

#[actix_web::test]
async fn admins_set_someone_elses_holiday_hours_and_their_reach_reads_them() {
    let app = spawn_app().await;
    let acme = company(&app, "Hours Co").await;
    let year = app.get_as(&acme.admin, "/server/v1/holiday/list").await.body["year"].as_i64().unwrap();
    let first = app
        .post_as(
            &acme.admin,
            "/server/v1/holiday/add",
            json!({"name": "Spring Day", "holiday": format!("{year}-04-01")}),
        )
        .await
        .body["id"]
        .as_i64()
        .unwrap();
    let second = app
        .post_as(
            &acme.admin,
            "/server/v1/holiday/add",
            json!({"name": "Summer Day", "holiday": format!("{year}-07-01")}),
        )
        .await
        .body["id"]
        .as_i64()
        .unwrap();
    let path = format!("/server/v1/holiday/list-for-employee?employeeId={}", acme.report);

    let defaults = app.get_as(&acme.admin, &path).await;
    assert_eq!(defaults.status, 200, "{:?}", defaults.body);
    assert_eq!(defaults.body["totalHours"], 16.0);
    assert_eq!(defaults.body["holidays"][0]["hours"], 8.0);

    let saved = app
        .post_as(
            &acme.admin,
            "/server/v1/holiday/save-employee-holidays",
            json!({"employeeId": acme.report, "year": year,
                   "holidays": [{"holidayId": first, "hours": 4}, {"holidayId": second, "hours": "7.33"}]}),
        )
        .await;
    assert_eq!(saved.status, 200, "{:?}", saved.body);
    assert_eq!(
        saved.body["holidays"],
        json!([
            {"holidayId": first, "name": "Spring Day", "holiday": format!("{year}-04-01"), "hours": 4.0},
            {"holidayId": second, "name": "Summer Day", "holiday": format!("{year}-07-01"), "hours": 7.33},
        ])
    );
    assert_eq!(saved.body["totalHours"], 11.33);

    // The employee and their manager read the same; someone the manager does not reach is a 404.
    for reader in [&acme.report_token, &acme.manager] {
        assert_eq!(app.get_as(reader, &path).await.body, saved.body);
    }
    let stranger = format!("/server/v1/holiday/list-for-employee?employeeId={}", acme.stranger);
    assert_eq!(app.get_as(&acme.manager, &stranger).await.status, 404);
    assert_eq!(app.get_as(&acme.report_token, &stranger).await.status, 404);

    // Back to 8 is the default again; bad hours and holidays are named; nobody sets their own.
    let reset = app
        .post_as(
            &acme.admin,
            "/server/v1/holiday/save-employee-holidays",
            json!({"employeeId": acme.report, "holidays": [{"holidayId": first, "hours": 8}]}),
        )
        .await;
    assert_eq!(reset.body["totalHours"], 15.33);
    let bad = app
        .post_as(
            &acme.admin,
            "/server/v1/holiday/save-employee-holidays",
            json!({"employeeId": acme.report, "holidays": [{"holidayId": first, "hours": 25}, {"holidayId": second, "hours": "x"}]}),
        )
        .await;
    assert_eq!(bad.status, 400);
    assert_eq!(bad.field("holidays[0].hours"), [pto::holidays::HOURS_INVALID]);
    assert_eq!(bad.field("holidays[1].hours"), [pto::holidays::HOURS_INVALID]);
    let own = app
        .post_as(
            &acme.admin,
            "/server/v1/holiday/save-employee-holidays",
            json!({"employeeId": acme.admin_id, "holidays": [{"holidayId": first, "hours": 12}]}),
        )
        .await;
    assert_eq!(own.status, 400);
    assert_eq!(own.field("employeeId"), [pto::holidays::OWN_HOURS]);
    let other = company(&app, "Elsewhere Co").await;
    let foreign = app
        .post_as(
            &acme.admin,
            "/server/v1/holiday/save-employee-holidays",
            json!({"employeeId": acme.report, "holidays": [{"holidayId": 999_999, "hours": 1}]}),
        )
        .await;
    assert_eq!(foreign.field("holidays[0].holidayId"), [pto::holidays::UNKNOWN_HOLIDAY]);
    let across = app
        .post_as(
            &other.admin,
            "/server/v1/holiday/save-employee-holidays",
            json!({"employeeId": acme.report, "holidays": [{"holidayId": first, "hours": 1}]}),
        )
        .await;
    assert_eq!(across.status, 404);
    assert_eq!(app.get_as(&acme.admin, &path).await.body["totalHours"], 15.33);
}
