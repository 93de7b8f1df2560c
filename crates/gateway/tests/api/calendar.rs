//! The team calendar, its feed and celebrations (issue 21): events and who may change them, the
//! agenda with every kind of item, the private iCalendar feed read back by a parser and revoked,
//! celebration messages, and the daily celebration mail sent once.

use crate::helpers::{spawn_app, unique_email, Reply, TestApp};
use chrono::{Datelike, Duration, NaiveDate, Utc};
use kernel::Role;
use serde_json::{json, Value};

fn ok(reply: Reply) -> Value {
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    reply.body
}

struct Team {
    admin: String,
    manager: String,
    manager_id: i64,
    employee: String,
    employee_id: i64,
    employee_email: String,
    colleague: String,
    colleague_id: i64,
    zone: chrono_tz::Tz,
}

/// A company (Chicago) with a manager, their report and a colleague who reports to nobody.
async fn team(app: &TestApp) -> Team {
    let admin_email = unique_email("admin");
    let admin = app.admin_of_new_company("Calendar Co", &admin_email).await;
    let company = app.company_of(&admin_email).await;
    let manager_email = unique_email("manager");
    let manager_id = app.add_person(company.id, &manager_email, Role::Manager, None).await;
    let employee_email = unique_email("employee");
    let employee_id = app.add_person(company.id, &employee_email, Role::Employee, Some(manager_id)).await;
    let colleague_email = unique_email("colleague");
    let colleague_id = app.add_person(company.id, &colleague_email, Role::Employee, None).await;
    Team {
        manager: app.token_of(&manager_email).await,
        employee: app.token_of(&employee_email).await,
        colleague: app.token_of(&colleague_email).await,
        admin,
        manager_id,
        employee_id,
        employee_email,
        colleague_id,
        zone: kernel::time::parse_time_zone(&company.time_zone).unwrap(),
    }
}

fn today(t: &Team) -> NaiveDate {
    Utc::now().with_timezone(&t.zone).date_naive()
}

fn event(employee: Option<i64>, name: &str, start: &str, end: &str) -> Value {
    json!({"employeeId": employee, "eventName": name, "startDate": start, "endDate": end, "description": "Bring snacks"})
}

async fn agenda(app: &TestApp, token: &str, start: NaiveDate, end: NaiveDate, extra: &str) -> Vec<Value> {
    let reply = ok(app.get_as(token, &format!("/server/v1/pto/agenda?start={start}&end={end}{extra}")).await);
    reply["items"].as_array().unwrap().clone()
}

#[actix_web::test]
async fn events_are_everyones_and_changed_only_by_whom_the_rules_allow() {
    let app = spawn_app().await;
    let t = team(&app).await;
    let day = today(&t) + Duration::days(3);

    // The spec's messages.
    let empty = app.post_as(&t.employee, "/server/v1/calendar-event/add-event", json!({})).await;
    assert_eq!(empty.status, 400);
    assert_eq!(empty.field("eventName"), ["Please input Event Name"]);
    assert_eq!(empty.field("startDate"), ["Please input Start Date"]);
    assert_eq!(empty.field("endDate"), ["Please input the End Time"]);
    let backwards = app
        .post_as(
            &t.employee,
            "/server/v1/calendar-event/add-event",
            event(None, "Lunch", &format!("{day} 12:00:00"), &format!("{day} 11:00:00")),
        )
        .await;
    assert_eq!(backwards.field("endDate"), ["EndDate can't be earlier than StartDate!"]);
    let control = app
        .post_as(
            &t.employee,
            "/server/v1/calendar-event/add-event",
            event(None, "Lunch\u{7}", &format!("{day} 12:00:00"), &format!("{day} 13:00:00")),
        )
        .await;
    assert_eq!(control.status, 400);
    assert!(!control.field("eventName").is_empty());

    // An employee plans a team event, or one of their own; nobody else's.
    let lunch = ok(app
        .post_as(
            &t.employee,
            "/server/v1/calendar-event/add-event",
            event(None, "Team lunch", &format!("{day} 12:00:00"), &format!("{day} 13:30:00")),
        )
        .await);
    assert_eq!(lunch["employeeId"], Value::Null);
    assert_eq!(lunch["startDate"], format!("{day} 12:00:00"));
    assert_eq!(lunch["starttime"], "12:00");
    assert_eq!(lunch["canEdit"], true);
    let others = app
        .post_as(
            &t.employee,
            "/server/v1/calendar-event/add-event",
            event(Some(t.colleague_id), "Visit", &format!("{day} 09:00:00"), &format!("{day} 10:00:00")),
        )
        .await;
    assert_eq!(others.status, 400);
    assert_eq!(others.field("employeeId"), [hr::calendar::EMPLOYEE_NOT_ALLOWED]);
    let options = ok(app.get_as(&t.employee, "/server/v1/calendar-event/employees").await);
    let labels: Vec<&str> =
        options["options"].as_array().unwrap().iter().map(|o| o["label"].as_str().unwrap()).collect();
    assert_eq!(labels.len(), 2, "{labels:?}");
    assert_eq!(labels[0], "Team Event");

    // Stored as the UTC instant of the company's wall time.
    let row =
        <hr::entities::calendar_events::Entity as sea_orm::EntityTrait>::find_by_id(lunch["id"].as_i64().unwrap())
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
    let local = day.and_hms_opt(12, 0, 0).unwrap().and_local_timezone(t.zone).unwrap();
    assert_eq!(row.starts_at, local.with_timezone(&Utc));

    // Managers plan for their reports, not for others.
    let review = ok(app
        .post_as(
            &t.manager,
            "/server/v1/calendar-event/add-event",
            event(Some(t.employee_id), "Review", &format!("{day} 15:00:00"), &format!("{day} 16:00:00")),
        )
        .await);
    let not_theirs = app
        .post_as(
            &t.manager,
            "/server/v1/calendar-event/add-event",
            event(Some(t.colleague_id), "Review", &format!("{day} 15:00:00"), &format!("{day} 16:00:00")),
        )
        .await;
    assert_eq!(not_theirs.field("employeeId"), [hr::calendar::EMPLOYEE_NOT_ALLOWED]);

    // Everyone sees both; only the creator, the admin (and a manager reaching its employee) edit.
    let seen = agenda(&app, &t.colleague, day, day, "").await;
    let events: Vec<&Value> = seen.iter().filter(|item| item["agendaType"] == "HrCalendarEvent").collect();
    assert_eq!(events.len(), 2, "{seen:?}");
    assert!(events.iter().all(|item| item["canEdit"] == false));
    let id = lunch["id"].as_i64().unwrap();
    let change = event(None, "Team lunch moved", &format!("{day} 12:30:00"), &format!("{day} 14:00:00"));
    let mut body = change.clone();
    body["id"] = json!(id);
    assert_eq!(app.post_as(&t.colleague, "/server/v1/calendar-event/update-event", body.clone()).await.status, 403);
    assert_eq!(
        app.post_as(&t.colleague, "/server/v1/calendar-event/del-calendar-event", json!({"id": id})).await.status,
        403
    );
    let moved = ok(app.post_as(&t.admin, "/server/v1/calendar-event/update-event", body).await);
    assert_eq!(moved["eventName"], "Team lunch moved");
    assert_eq!(moved["endtime"], "14:00");
    let review_id = review["id"].as_i64().unwrap();
    let info =
        ok(app.get_as(&t.employee, &format!("/server/v1/calendar-event/get-calendar-event-info?id={review_id}")).await);
    assert_eq!(info["canEdit"], false, "the subject of a manager's event does not change it");
    ok(app.post_as(&t.employee, "/server/v1/calendar-event/del-calendar-event", json!({"id": id})).await);
    assert_eq!(
        app.get_as(&t.employee, &format!("/server/v1/calendar-event/get-calendar-event-info?id={id}")).await.status,
        404
    );

    // Another company's event is a 404, like one that does not exist.
    let other_admin = app.admin_of_new_company("Elsewhere", &unique_email("other")).await;
    assert_eq!(
        app.get_as(&other_admin, &format!("/server/v1/calendar-event/get-calendar-event-info?id={review_id}"))
            .await
            .status,
        404
    );
    let mut steal = event(None, "Mine now", &format!("{day} 15:00:00"), &format!("{day} 16:00:00"));
    steal["id"] = json!(review_id);
    assert_eq!(app.post_as(&other_admin, "/server/v1/calendar-event/update-event", steal).await.status, 404);
}

#[actix_web::test]
async fn the_agenda_holds_time_off_holidays_birthdays_anniversaries_and_events() {
    let app = spawn_app().await;
    let t = team(&app).await;
    let today = today(&t);
    let soon = today + Duration::days(2);
    // A birthday in two days and a third work anniversary today.
    ok(app
        .post_as(
            &t.admin,
            "/server/v1/manage/add-user",
            json!({"id": t.employee_id, "firstname": "Emma", "lastname": "Brooks", "email": t.employee_email,
                   "managerId": t.manager_id, "birthday": soon.format("%m/%d").to_string(),
                   "startDate": format!("{}-{:02}-{:02}", today.year() - 3, today.month(), today.day().min(28))}),
        )
        .await);
    let holiday_day = today + Duration::days(4);
    let holiday = app
        .post_as(
            &t.admin,
            "/server/v1/holiday/add",
            json!({"name": "Founders' Day", "holiday": holiday_day.to_string()}),
        )
        .await;
    assert_eq!(holiday.status, 200, "{:?}", holiday.body);
    ok(app
        .post_as(
            &t.colleague,
            "/server/v1/calendar-event/add-event",
            event(None, "Open house", &format!("{soon} 17:00:00"), &format!("{soon} 19:00:00")),
        )
        .await);

    let items = agenda(&app, &t.colleague, today, today + Duration::days(6), "").await;
    let kinds: Vec<&str> = items.iter().map(|item| item["agendaType"].as_str().unwrap()).collect();
    assert!(
        kinds.contains(&"BIRTHDAY") && kinds.contains(&"HOLIDAY") && kinds.contains(&"HrCalendarEvent"),
        "{kinds:?}"
    );
    let birthday = items.iter().find(|item| item["agendaType"] == "BIRTHDAY").unwrap();
    assert_eq!(birthday["employeeId"], t.employee_id);
    assert_eq!(birthday["start"], format!("{soon} 00:00:00"));
    assert_eq!(birthday["allday"], 1);
    if today.day() <= 28 {
        let anniversary = items.iter().find(|item| item["agendaType"] == "ANNIVERSARY").unwrap();
        assert_eq!(anniversary["years"], 3);
        assert_eq!(anniversary["name"], "3 years at Calendar Co");
    }
    // In order of start.
    let starts: Vec<&str> = items.iter().map(|item| item["start"].as_str().unwrap()).collect();
    let mut sorted = starts.clone();
    sorted.sort();
    assert_eq!(starts, sorted);
    // 'Who Else is Out?' asks for time off and holidays only; unknown types are refused.
    let narrowed = agenda(&app, &t.colleague, today, today + Duration::days(6), "&types=PTO_REQUEST,HOLIDAY").await;
    assert!(narrowed.iter().all(|item| item["agendaType"] == "HOLIDAY" || item["agendaType"] == "PTO_REQUEST"));
    assert!(!narrowed.is_empty());
    let bad = app.get_as(&t.colleague, &format!("/server/v1/pto/agenda?start={today}&end={today}&types=PARTY")).await;
    assert_eq!(bad.status, 400);
    // A terminated employee's birthday is not celebrated.
    ok(app.post_as(&t.admin, "/server/v1/manage/terminate-employee", json!({"id": t.employee_id})).await);
    let after = agenda(&app, &t.colleague, today, today + Duration::days(6), "").await;
    assert!(after.iter().all(|item| item["agendaType"] != "BIRTHDAY"), "{after:?}");
}

#[actix_web::test]
async fn the_feed_is_private_parsable_and_revocable() {
    use icalendar::{Calendar, CalendarComponent, Component};
    let app = spawn_app().await;
    let t = team(&app).await;
    let day = today(&t) + Duration::days(5);
    ok(app
        .post_as(
            &t.employee,
            "/server/v1/calendar-event/add-event",
            event(None, "Quarterly meeting", &format!("{day} 09:00:00"), &format!("{day} 10:00:00")),
        )
        .await);
    let holiday = app
        .post_as(&t.admin, "/server/v1/holiday/add", json!({"name": "Founders' Day", "holiday": day.to_string()}))
        .await;
    assert_eq!(holiday.status, 200, "{:?}", holiday.body);

    let url = ok(app.get_as(&t.employee, "/server/v1/calendar-feed/mine").await)["url"].as_str().unwrap().to_owned();
    assert_eq!(
        ok(app.get_as(&t.employee, "/server/v1/calendar-feed/mine").await)["url"],
        url,
        "the same URL each time"
    );
    let path = url.split_once("/server/v1/").map(|(_, rest)| format!("/server/v1/{rest}")).unwrap();
    // No token: the secret is the key.
    let (status, content_type, bytes) = app.get_bytes_as("", &path).await;
    assert_eq!(status, 200);
    assert!(content_type.starts_with("text/calendar"), "{content_type}");
    let text = String::from_utf8(bytes).unwrap();
    let calendar: Calendar = text.parse().unwrap_or_else(|err| panic!("{err}: {text}"));
    assert_eq!(calendar.property_value("PRODID"), Some("-//Timekeep//Team calendar//EN"), "the product names itself");
    assert_eq!(text.matches("PRODID").count(), 1, "{text}");
    let events: Vec<&icalendar::Event> = calendar
        .components
        .iter()
        .filter_map(|component| match component {
            CalendarComponent::Event(event) => Some(event),
            _ => None,
        })
        .collect();
    let meeting = events.iter().find(|event| event.get_summary() == Some("Quarterly meeting")).unwrap();
    let expected = day.and_hms_opt(9, 0, 0).unwrap().and_local_timezone(t.zone).unwrap().with_timezone(&Utc);
    match meeting.get_start() {
        Some(icalendar::DatePerhapsTime::DateTime(icalendar::CalendarDateTime::Utc(start))) => {
            assert_eq!(start, expected)
        }
        other => panic!("a timed event starts at a UTC instant: {other:?}"),
    }
    let founders = events.iter().find(|event| event.get_summary() == Some("Holiday: Founders' Day")).unwrap();
    assert_eq!(founders.get_start(), Some(icalendar::DatePerhapsTime::Date(day)));
    assert_eq!(founders.get_end(), Some(icalendar::DatePerhapsTime::Date(day + Duration::days(1))));

    // Reset: the old URL is gone at once, the new one works.
    let fresh = ok(app.post_as(&t.employee, "/server/v1/calendar-feed/reset", json!({})).await)["url"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_ne!(fresh, url);
    assert_eq!(app.get_bytes_as("", &path).await.0, 404);
    let fresh_path = fresh.split_once("/server/v1/").map(|(_, rest)| format!("/server/v1/{rest}")).unwrap();
    assert_eq!(app.get_bytes_as("", &fresh_path).await.0, 200);
    // Someone terminated has no feed any more.
    ok(app.post_as(&t.admin, "/server/v1/manage/terminate-employee", json!({"id": t.employee_id})).await);
    assert_eq!(app.get_bytes_as("", &fresh_path).await.0, 404);
}

pub(crate) fn hr_service(app: &TestApp) -> hr::Hr {
    let store = std::sync::Arc::new(files::LocalDirStore::new(std::env::temp_dir().join("timekeep-celebrations-test")));
    hr::Hr::new(
        app.db.clone(),
        app.accounts.clone(),
        files::Files::new(app.db.clone(), store),
        kernel::WriteGate::open(),
    )
}

#[actix_web::test]
async fn celebration_messages_and_the_daily_mail_sent_once() {
    let app = spawn_app().await;
    let t = team(&app).await;
    // 09:00 in the company's zone today: past the morning hour the mails go out at.
    let today = today(&t);
    let morning = today.and_hms_opt(9, 0, 0).unwrap().and_local_timezone(t.zone).unwrap().with_timezone(&Utc);
    let early = today.and_hms_opt(6, 0, 0).unwrap().and_local_timezone(t.zone).unwrap().with_timezone(&Utc);
    ok(app
        .post_as(
            &t.admin,
            "/server/v1/manage/add-user",
            json!({"id": t.employee_id, "firstname": "Emma", "lastname": "Brooks", "email": t.employee_email,
                   "managerId": t.manager_id, "birthday": today.format("%m/%d").to_string(),
                   "startDate": format!("{}-{:02}-{:02}", today.year() - 2, today.month(), today.day())}),
        )
        .await);
    let anniversary_today = NaiveDate::from_ymd_opt(today.year() - 2, today.month(), today.day()).is_some();

    let next = ok(app.get_as(&t.colleague, "/server/v1/celebration/next-celebrations").await);
    let first = next["celebrations"].as_array().unwrap().iter().find(|c| c["type"] == "BIRTHDAY").unwrap();
    assert_eq!(first["employeeId"], t.employee_id);
    assert_eq!(first["daysAway"], 0);

    // System, company and personal messages, in that order of precedence.
    let system = ok(app.get_as(&t.employee, "/server/v1/celebration/get-system-messages").await);
    assert_eq!(system["messages"][0]["target"], "employee");
    let slot = ok(app.get_as(&t.admin, "/server/v1/celebration/get-company-celebration-message?type=BIRTHDAY").await);
    assert_eq!(slot["source"], "system");
    let company = ok(app
        .post_as(
            &t.admin,
            "/server/v1/celebration/save-company-celebration-message",
            json!({"type": "BIRTHDAY", "message": "Happy birthday {firstname}, from all of {company}!"}),
        )
        .await);
    assert_eq!(company["source"], "company");
    let person = ok(app
        .get_as(
            &t.manager,
            &format!("/server/v1/celebration/get-celebration-message?employeeId={}&type=birthday", t.employee_id),
        )
        .await);
    assert_eq!(person["source"], "company");
    assert_eq!(person["effective"], "Happy birthday {firstname}, from all of {company}!");
    let empty = app
        .post_as(
            &t.manager,
            "/server/v1/celebration/save-celebration-message",
            json!({"employeeId": t.employee_id, "type": "PARTY"}),
        )
        .await;
    assert_eq!(empty.field("message"), [hr::celebrations::MESSAGE_MISSING]);
    assert_eq!(empty.field("type"), [hr::celebrations::KIND_INVALID]);
    let own = ok(app
        .post_as(&t.manager, "/server/v1/celebration/save-celebration-message", json!({"employeeId": t.employee_id, "type": "BIRTHDAY", "message": "Emma, the team owes you cake, {firstname}!"}))
        .await);
    assert_eq!(own["source"], "custom");
    // A manager does not write for someone outside their reach, nor for the company.
    let outside = app
        .post_as(
            &t.manager,
            "/server/v1/celebration/save-celebration-message",
            json!({"employeeId": t.colleague_id, "type": "BIRTHDAY", "message": "Hi"}),
        )
        .await;
    assert_eq!(outside.status, 404);
    assert_eq!(
        app.get_as(&t.manager, "/server/v1/celebration/get-company-celebration-message?type=BIRTHDAY").await.status,
        403
    );
    assert_eq!(
        app.get_as(&t.employee, "/server/v1/celebration/get-celebration-message?employeeId=1&type=BIRTHDAY")
            .await
            .status,
        403
    );

    // Before 08:00 nothing goes; after, one mail each, however often the job runs, on two
    // servers at once too.
    let hr = hr_service(&app);
    assert_eq!(hr.send_celebrations(early).await.unwrap().queued, 0);
    let (a, b) = tokio::join!(hr.send_celebrations(morning), hr.send_celebrations(morning));
    assert_eq!(a.unwrap().queued + b.unwrap().queued, 1 + u64::from(anniversary_today));
    assert_eq!(hr.send_celebrations(morning + Duration::hours(3)).await.unwrap().queued, 0);
    let mail = app.mail.wait_for(&t.employee_email, "Happy birthday").await;
    assert!(mail.text().contains("the team owes you cake, Emma!"), "{}", mail.text());
    app.mail.settled().await;
    assert_eq!(app.mail.to(&t.employee_email).iter().filter(|m| m.text().contains("owes you cake")).count(), 1);
    if anniversary_today {
        let mail = app.mail.wait_for(&t.employee_email, "Happy work anniversary").await;
        assert!(mail.text().contains("2 years with Calendar Co"), "{}", mail.text());
    }

    // Back to the company's message after deleting the custom one; 'email now' sends it.
    let id = own["message"]["id"].as_i64().unwrap();
    ok(app.get_as(&t.manager, &format!("/server/v1/celebration/delete-custom-celebration-message?id={id}")).await);
    let sent = ok(app
        .post_as(&t.manager, "/server/v1/celebration/email-now?type=BIRTHDAY", json!({"employeeId": t.employee_id}))
        .await);
    assert_eq!(sent["sent"], 1);
    let mail = app.mail.wait_for(&t.employee_email, "from all of Calendar Co").await;
    assert!(mail.text().contains("Happy birthday Emma"), "{}", mail.text());
}
