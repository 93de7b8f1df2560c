//! Time-off requests (issue 19, 000 §2–§9, 001 §4): filing, the balance check, approving,
//! denying and cancelling, who may do what, the race for the last hours, and what the inbox,
//! dashboard, agenda and mails show.

use crate::helpers::{spawn_app, unique_email, Reply, TestApp};
use chrono::{Datelike, Duration, NaiveDate, TimeZone, Utc};
use kernel::Role;
use serde_json::{json, Value};

fn ok(reply: Reply) -> Value {
    assert!(reply.status < 300, "{} {:?}", reply.status, reply.body);
    reply.body
}

/// The text of the newest mail to `to` containing `needle`, waiting for it (mails are sent after
/// the answer).
async fn mail_with(app: &TestApp, to: &str, needle: &str) -> String {
    for _ in 0..100 {
        if let Some(mail) = app.mail.to(to).into_iter().rev().find(|mail| mail.text().contains(needle)) {
            return mail.text();
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("no mail to {to} containing {needle:?}");
}

/// The spec's 'Dang it!' (000 §5) and the hours behind it.
fn dang_it(figures: &str) -> String {
    format!("Dang it! You don't have enough Vacation available for this request. {figures}")
}

pub(crate) struct Setup {
    pub(crate) admin: String,
    pub(crate) admin_email: String,
    pub(crate) manager: String,
    pub(crate) manager_email: String,
    pub(crate) manager_id: i64,
    pub(crate) employee: String,
    pub(crate) employee_email: String,
    pub(crate) employee_id: i64,
    outsider: String,
    pub(crate) vacation: i64,
    pub(crate) zone: chrono_tz::Tz,
}

/// A Monday at least a week ahead in the company's zone (New York), so requests are in the future.
pub(crate) fn monday_ahead() -> NaiveDate {
    let today = Utc::now().with_timezone(&chrono_tz::America::New_York).date_naive();
    today + Duration::days(14 - i64::from(today.weekday().num_days_from_monday()))
}

fn day(date: NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}

/// A company in New York whose employee (reporting to a manager) started on 1 January of last
/// year, in a plan of 80 hours of vacation a year given at once; an outsider in the company.
pub(crate) async fn setup(app: &TestApp) -> Setup {
    let admin_email = unique_email("admin");
    let admin = app.admin_of_new_company("Requests Co", &admin_email).await;
    let company = app.company_of(&admin_email).await;
    let manager_email = unique_email("manager");
    let manager_id = app.add_person(company.id, &manager_email, Role::Manager, None).await;
    let employee_email = unique_email("employee");
    let employee_id = app.add_person(company.id, &employee_email, Role::Employee, Some(manager_id)).await;
    let outsider_email = unique_email("outsider");
    app.add_person(company.id, &outsider_email, Role::Employee, None).await;
    let year = ok(app.get_as(&admin, "/server/v1/pto-manage/data").await)["currentYear"].as_i64().unwrap();
    ok(app
        .post_as(
            &admin,
            "/server/v1/manage/add-user",
            json!({"id": employee_id, "firstname": "Emma", "lastname": "Brooks", "email": employee_email,
                   "managerId": manager_id, "startDate": format!("{}-01-01", year - 1)}),
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
            json!({"name": "Standard", "year": year, "assignType": "teamMembers", "assignIds": [employee_id, manager_id],
                   "rules": [{"ptoTypeId": vacation, "method": "PER_CALENDAR_YEAR", "rate": 80, "rateUnit": 1}]}),
        )
        .await);
    Setup {
        manager: app.token_of(&manager_email).await,
        employee: app.token_of(&employee_email).await,
        outsider: app.token_of(&outsider_email).await,
        admin,
        admin_email,
        manager_email,
        manager_id,
        employee_email,
        employee_id,
        vacation,
        zone: kernel::time::parse_time_zone(&company.time_zone).unwrap(),
    }
}

pub(crate) fn full_days(s: &Setup, start: NaiveDate, end: NaiveDate) -> Value {
    json!({"ptoType": s.vacation, "partialday": false, "allday": 1, "includeWeekend": false,
           "start": format!("{} 00:00:00", day(start)), "end": format!("{} 23:59:59", day(end)), "reason": "Family trip"})
}

fn vacation_balance(data: &Value) -> i64 {
    data["types"].as_array().unwrap().iter().find(|t| t["name"] == "Vacation").unwrap()["balance"].as_i64().unwrap()
}

#[actix_web::test]
async fn an_employee_asks_a_manager_approves_and_cancelling_gives_the_time_back() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let monday = monday_ahead();
    let data = ok(app.get_as(&s.employee, "/server/v1/pto/data").await);
    assert_eq!(vacation_balance(&data), 4800);
    assert_eq!(data["planName"], "Standard");
    assert_eq!(data["canRequestFor"].as_array().unwrap().len(), 1);

    let checked = ok(app
        .post_as(&s.employee, "/server/v1/pto/validate-balance", full_days(&s, monday, monday + Duration::days(2)))
        .await);
    assert_eq!((checked["pass"].as_bool(), checked["minsReqed"].as_i64()), (Some(true), Some(1440)));
    assert_eq!(checked["hourReqed"], 24.0);

    let filed =
        ok(app.post_as(&s.employee, "/server/v1/pto/request", full_days(&s, monday, monday + Duration::days(2))).await);
    let id = filed["id"].as_i64().unwrap();
    assert_eq!((filed["status"].as_i64(), filed["minutes"].as_i64()), (Some(0), Some(1440)));
    assert_eq!(filed["statusLabel"], "Pending Approval");
    assert_eq!(filed["start"], format!("{} 00:00:00", day(monday)));
    assert_eq!((filed["canEdit"].as_bool(), filed["canCancel"].as_bool()), (Some(true), Some(true)));
    // The manager hears of it, with a link to the inbox.
    let mail = mail_with(&app, &s.manager_email, "Emma Brooks asked for Vacation (24 hrs)").await;
    assert!(mail.contains("/admin/inbox"), "{mail}");

    // Pending: reserved for new requests, not yet out of the balance.
    let data = ok(app.get_as(&s.employee, "/server/v1/pto/data").await);
    assert_eq!(vacation_balance(&data), 4800);
    assert_eq!(data["types"][0]["pending"], 1440);

    let inbox = ok(app.get_as(&s.manager, "/server/v1/inbox/data").await);
    assert_eq!(inbox["pending"]["timeoff"]["count"], 1);
    let row = &inbox["pending"]["timeoff"]["rows"][0];
    assert_eq!((row["id"].as_i64(), row["status"].as_i64(), row["minutes"].as_i64()), (Some(id), Some(0), Some(1440)));
    assert_eq!((row["name"].as_str(), row["type"].as_str()), (Some("Emma Brooks"), Some("Vacation")));
    let bell = ok(app.get_as(&s.manager, "/server/v1/dashboard/pending-requests").await);
    assert_eq!(bell["count"], 1);
    assert_eq!(bell["timeoffRequests"][0]["id"], id);
    assert_eq!(ok(app.get_as(&s.manager, "/server/v1/dashboard/data").await)["ptoRequests"], 1);

    let approved = ok(app.post_as(&s.manager, "/server/v1/pto/approve-timeoff", json!({"request": id})).await);
    assert_eq!((approved["changed"].as_bool(), approved["request"]["status"].as_i64()), (Some(true), Some(3)));
    assert_eq!(approved["message"], "The request has been approved.");
    let again = ok(app.post_as(&s.manager, "/server/v1/pto/approve-timeoff", json!({"request": id})).await);
    assert_eq!(
        (again["changed"].as_bool(), again["message"].as_str()),
        (Some(false), Some("The request was already approved."))
    );
    mail_with(&app, &s.employee_email, "Subject: Your time off request was approved").await;

    // Approved time off after today is taken out of what is left to book.
    let data = ok(app.get_as(&s.employee, "/server/v1/pto/data").await);
    assert_eq!((vacation_balance(&data), data["types"][0]["scheduled"].as_i64()), (3360, Some(1440)));
    let inbox = ok(app.get_as(&s.manager, "/server/v1/inbox/data").await);
    assert_eq!(inbox["pending"]["timeoff"]["count"], 0);
    let answered = &inbox["completed"]["timeoff"]["rows"][0];
    assert_eq!((answered["status"].as_i64(), answered["approveBy"].is_string()), (Some(1), true));

    // The week's hours, the dashboard and the agenda show the same minutes.
    let week = ok(app.get_as(&s.admin, &format!("/server/v1/dashboard/employee-hours?start={}", day(monday))).await);
    let emma = week["employees"].as_array().unwrap().iter().find(|row| row["employeeId"] == s.employee_id).unwrap();
    assert_eq!(emma["pto"], 1440);
    let range = format!("start={}&end={}", day(monday), day(monday + Duration::days(6)));
    let dashboard = ok(app.get_as(&s.admin, &format!("/server/v1/dashboard/data?{range}")).await);
    assert_eq!(
        (dashboard["stats"]["ptoMinutes"].as_i64(), dashboard["stats"]["ptoHours"].as_f64()),
        (Some(1440), Some(24.0))
    );
    let agenda = ok(app.get_as(&s.outsider, &format!("/server/v1/pto/agenda?{range}")).await);
    let item = &agenda["items"][0];
    assert_eq!((item["agendaType"].as_str(), item["employeeId"].as_i64()), (Some("PTO_REQUEST"), Some(s.employee_id)));
    // Colleagues see that she is out, not why.
    assert_eq!(item["name"], "Time Off");
    let agenda = ok(app.get_as(&s.manager, &format!("/server/v1/pto/agenda?{range}")).await);
    assert_eq!(agenda["items"][0]["name"], "Vacation");

    // The employee cannot take back approved time; the manager can, and the time comes back.
    let refused = app.post_as(&s.employee, &format!("/server/v1/pto/cancel-request?id={id}"), json!({})).await;
    assert_eq!(refused.status, 403);
    let cancelled = ok(app.post_as(&s.manager, &format!("/server/v1/pto/cancel-request?id={id}"), json!({})).await);
    assert_eq!((cancelled["changed"].as_bool(), cancelled["request"]["status"].as_i64()), (Some(true), Some(5)));
    let twice = ok(app.post_as(&s.manager, &format!("/server/v1/pto/cancel-request?id={id}"), json!({})).await);
    assert_eq!(
        (twice["changed"].as_bool(), twice["message"].as_str()),
        (Some(false), Some("The request was already cancelled."))
    );
    mail_with(&app, &s.employee_email, "Subject: Your time off request was cancelled").await;
    assert_eq!(vacation_balance(&ok(app.get_as(&s.employee, "/server/v1/pto/data").await)), 4800);
    // The history shows the time taken and given back.
    let history = ok(app.get_as(&s.employee, "/server/v1/pto/history").await);
    let items = history["items"].as_array().unwrap();
    let of = |kind: &str| items.iter().find(|item| item["dataType"] == kind).unwrap().clone();
    assert_eq!(of("PTO_REQUEST")["minutes"], -1440);
    assert_eq!(of("PTO_CANCELLED")["minutes"], 1440);
    assert_eq!(of("ACCRUED")["minutes"], 4800);
    // Approving a cancelled request is refused.
    assert_eq!(app.post_as(&s.manager, "/server/v1/pto/approve-timeoff", json!({"request": id})).await.status, 409);
}

#[actix_web::test]
async fn the_card_shows_the_balance_now_what_is_asked_and_what_is_left() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let monday = monday_ahead();
    let unpaid = ok(app
        .post_as(&s.admin, "/server/v1/settings/update-pto-type", json!({"name": "Unpaid", "payable": 0}))
        .await)["id"]
        .clone();
    // Two days approved after today, one day pending, and a pending unpaid day.
    let approved =
        ok(app.post_as(&s.employee, "/server/v1/pto/request", full_days(&s, monday, monday + Duration::days(1))).await);
    ok(app.post_as(&s.manager, "/server/v1/pto/approve-timeoff", json!({"request": approved["id"]})).await);
    let next = monday + Duration::days(7);
    ok(app.post_as(&s.employee, "/server/v1/pto/request", full_days(&s, next, next)).await);
    let unpaid_day = json!({"ptoType": unpaid, "start": day(next + Duration::days(1))});
    ok(app.post_as(&s.employee, "/server/v1/pto/request", unpaid_day).await);

    let data = ok(app.get_as(&s.employee, "/server/v1/pto/data").await);
    let of = |name: &str| data["types"].as_array().unwrap().iter().find(|t| t["name"] == name).unwrap().clone();
    let figures =
        |row: &Value| ["availableNow", "scheduled", "pending", "projected", "balance"].map(|key| row[key].as_i64());
    // 80 h today; 16 h approved to come and 8 h asked for leave 56 h.
    assert_eq!(figures(&of("Vacation")), [Some(4800), Some(960), Some(480), Some(3360), Some(3840)]);
    let unpaid_row = of("Unpaid");
    assert_eq!(figures(&unpaid_row), [None, Some(0), Some(480), None, None]);
    let stats = &data["stats"];
    assert_eq!(
        ["availableNow", "scheduled", "pending", "projected", "totalBalance"].map(|key| stats[key].as_i64()),
        [Some(4800), Some(960), Some(480), Some(3360), Some(3840)],
        "the paid types' sums: {stats}"
    );
    // Her manager reads the same figures for her.
    let theirs = ok(app.get_as(&s.manager, &format!("/server/v1/pto/data?eid={}", s.employee_id)).await);
    assert_eq!(theirs["stats"], data["stats"]);

    // They are typed integers in the contract.
    let doc = serde_json::to_value(gateway::openapi::document()).unwrap();
    let schemas = &doc["components"]["schemas"];
    for (schema, field) in [
        ("PtoStats", "availableNow"),
        ("PtoStats", "scheduled"),
        ("PtoStats", "pending"),
        ("PtoStats", "projected"),
        ("PtoTypeBalance", "availableNow"),
        ("PtoTypeBalance", "projected"),
        ("BalanceCheckView", "available"),
    ] {
        let property = &schemas[schema]["properties"][field];
        assert!(property.to_string().contains("integer"), "{schema}.{field}: {property}");
    }
}

#[actix_web::test]
async fn an_employee_sees_their_own_pending_time_off_on_the_calendar_and_no_one_elses() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let monday = monday_ahead();
    let unpaid = ok(app
        .post_as(&s.admin, "/server/v1/settings/update-pto-type", json!({"name": "Unpaid", "payable": 0}))
        .await)["id"]
        .clone();
    let mine = ok(app.post_as(&s.employee, "/server/v1/pto/request", full_days(&s, monday, monday)).await);
    let theirs = json!({"ptoType": unpaid, "start": day(monday)});
    let theirs = ok(app.post_as(&s.outsider, "/server/v1/pto/request", theirs).await);
    let range = format!("start={}&end={}", day(monday), day(monday));
    let pending_ids = |agenda: &Value| -> Vec<i64> {
        agenda["items"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|item| item["agendaType"] == "PTO_REQUEST" && item["status"] == 0)
            .map(|item| item["id"].as_i64().unwrap())
            .collect()
    };
    let asked = ok(app.get_as(&s.employee, &format!("/server/v1/pto/agenda?{range}&includePending=1")).await);
    assert_eq!(pending_ids(&asked), [mine["id"].as_i64().unwrap()]);
    let item = asked["items"].as_array().unwrap().iter().find(|item| item["id"] == mine["id"]).unwrap();
    assert_eq!((item["name"].as_str(), item["employeeId"].as_i64()), (Some("Vacation"), Some(s.employee_id)));
    // Not without asking; and the admin, who reaches both, sees both.
    let plain = ok(app.get_as(&s.employee, &format!("/server/v1/pto/agenda?{range}")).await);
    assert!(pending_ids(&plain).is_empty(), "{plain}");
    let admin = ok(app.get_as(&s.admin, &format!("/server/v1/pto/agenda?{range}&includePending=1")).await);
    let mut both = pending_ids(&admin);
    both.sort_unstable();
    let mut expected = [mine["id"].as_i64().unwrap(), theirs["id"].as_i64().unwrap()];
    expected.sort_unstable();
    assert_eq!(both, expected);
}

#[actix_web::test]
async fn the_balance_check_and_the_forms_rules() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let monday = monday_ahead();
    // Eleven weekdays: 88 hours of 80.
    let long = full_days(&s, monday, monday + Duration::days(14));
    let checked = ok(app.post_as(&s.employee, "/server/v1/pto/validate-balance", long.clone()).await);
    assert_eq!((checked["pass"].as_bool(), checked["minsReqed"].as_i64()), (Some(false), Some(11 * 480)));
    let eighty = dang_it("80 h available, 88 h requested.");
    assert_eq!(checked["message"], eighty.as_str());
    assert_eq!((checked["available"].as_i64(), checked["requested"].as_i64()), (Some(4800), Some(5280)));
    let refused = app.post_as(&s.employee, "/server/v1/pto/request", long).await;
    assert_eq!((refused.status, refused.field("balance")), (400, vec![eighty]));

    // The spec's messages, on their fields.
    let bad = app.post_as(&s.employee, "/server/v1/pto/request", json!({"partialday": true})).await;
    assert_eq!(bad.status, 400);
    assert_eq!(bad.field("ptoType"), ["Please select the Time Off Type"]);
    assert_eq!(bad.field("start"), ["Please input the Start date"]);
    assert_eq!(bad.field("starttime"), ["Please input the Start time"]);
    assert_eq!(bad.field("endtime"), ["Please input the end time"]);
    let backwards =
        app.post_as(&s.employee, "/server/v1/pto/request", full_days(&s, monday, monday - Duration::days(1))).await;
    assert_eq!(backwards.field("end"), ["Oh snap! The end date is prior to the start date. Please update and submit."]);
    let long_day = json!({"ptoType": s.vacation, "partialday": true, "start": day(monday), "starttime": "08:00", "endtime": "17:30"});
    assert_eq!(
        app.post_as(&s.employee, "/server/v1/pto/request", long_day).await.field("endtime"),
        ["The partial day off request must be less than 8 hours"]
    );
    let weekend = full_days(&s, monday - Duration::days(2), monday - Duration::days(1));
    assert_eq!(
        app.post_as(&s.employee, "/server/v1/pto/request", weekend).await.field("start"),
        ["This request uses no time: every day is a weekend or a paid holiday."]
    );
    let control = json!({"ptoType": s.vacation, "start": day(monday), "reason": "bad\u{1b}[31m"});
    assert!(!app.post_as(&s.employee, "/server/v1/pto/request", control).await.field("reason").is_empty());

    // A paid holiday on a day of the request: not charged, and the good news.
    ok(app
        .post_as(
            &s.admin,
            "/server/v1/holiday/add",
            json!({"name": "Team Day", "holiday": day(monday + Duration::days(1))}),
        )
        .await);
    let checked = ok(app
        .post_as(&s.employee, "/server/v1/pto/validate-balance", full_days(&s, monday, monday + Duration::days(2)))
        .await);
    assert_eq!(checked["minsReqed"], 960);
    assert_eq!(checked["goodNews"], "Good News! You're already off this day for a paid holiday.");

    // A partial day of 9:00–11:00 uses two hours.
    let partial = json!({"ptoType": s.vacation, "allday": 0, "start": format!("{} 09:00:00", day(monday)),
                         "end": format!("{} 11:00:00", day(monday)), "includeWeekend": false});
    let filed = ok(app.post_as(&s.employee, "/server/v1/pto/request", partial).await);
    assert_eq!(
        (filed["minutes"].as_i64(), filed["starttime"].as_str(), filed["allday"].as_i64()),
        (Some(120), Some("09:00"), Some(0))
    );
    // Overlaps are refused; another partial day of the same day at other hours is not.
    let overlap = app.post_as(&s.employee, "/server/v1/pto/request", full_days(&s, monday, monday)).await;
    assert_eq!(overlap.field("start"), [format!("You already have time off on {}.", monday.format("%m/%d/%Y"))]);
    let afternoon = json!({"ptoType": s.vacation, "partialday": true, "start": day(monday), "starttime": "13:00", "endtime": "15:00"});
    ok(app.post_as(&s.employee, "/server/v1/pto/request", afternoon).await);

    // Pending time is reserved: 4 h pending and 9 weekdays (72 h) fit in 80 h, one more day does not.
    let next = monday + Duration::days(7);
    ok(app.post_as(&s.employee, "/server/v1/pto/request", full_days(&s, next, next + Duration::days(10))).await);
    let more = app
        .post_as(
            &s.employee,
            "/server/v1/pto/request",
            // The Friday before: in the plan's year whatever today is (a day two weeks after
            // `next` falls in the next year in December, with a balance of its own).
            full_days(&s, monday - Duration::days(3), monday - Duration::days(3)),
        )
        .await;
    assert_eq!(more.field("balance"), [dang_it("4 h available, 8 h requested.")]);

    // A paid type outside the plan is refused; an unpaid type needs no balance.
    let sick =
        ok(app.post_as(&s.admin, "/server/v1/settings/update-pto-type", json!({"name": "Sick"})).await)["id"].clone();
    let outside = json!({"ptoType": sick, "start": day(next + Duration::days(21))});
    assert_eq!(
        app.post_as(&s.employee, "/server/v1/pto/request", outside).await.field("ptoType"),
        ["This time off type is not in your PTO plan."]
    );
    let unpaid = ok(app
        .post_as(&s.admin, "/server/v1/settings/update-pto-type", json!({"name": "Unpaid", "payable": 0}))
        .await)["id"]
        .clone();
    let unpaid_days =
        json!({"ptoType": unpaid, "start": day(next + Duration::days(21)), "end": day(next + Duration::days(35))});
    let filed = ok(app.post_as(&s.employee, "/server/v1/pto/request", unpaid_days).await);
    assert_eq!(filed["payable"], 0);
}

#[actix_web::test]
async fn who_may_file_edit_decide_and_cancel() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let monday = monday_ahead();
    // A manager files on behalf of a report; the manager may not decide it, an admin may.
    let mut body = full_days(&s, monday, monday);
    body["employeeId"] = json!(s.employee_id);
    let filed = ok(app.post_as(&s.manager, "/server/v1/pto/request", body.clone()).await);
    let id = filed["id"].as_i64().unwrap();
    assert_eq!((filed["employeeId"].as_i64(), filed["canEdit"].as_bool()), (Some(s.employee_id), Some(true)));
    let own = app.post_as(&s.manager, "/server/v1/pto/approve-timeoff", json!({"request": id})).await;
    assert_eq!(
        (own.status, own.body["message"].as_str()),
        (403, Some("You cannot approve or reject your own request."))
    );
    // The employee did not file it, so they cannot change it (they can still cancel it).
    let mut edit = full_days(&s, monday + Duration::days(1), monday + Duration::days(1));
    edit["id"] = json!(id);
    assert_eq!(app.post_as(&s.employee, "/server/v1/pto/request", edit.clone()).await.status, 403);
    let edited = ok(app.post_as(&s.manager, "/server/v1/pto/request", edit.clone()).await);
    assert_eq!(
        (edited["id"].as_i64(), edited["startDate"].as_str()),
        (Some(id), Some(day(monday + Duration::days(1)).as_str()))
    );
    // Employees decide nothing; people outside the company or reach see nothing.
    assert_eq!(app.post_as(&s.employee, "/server/v1/pto/approve-timeoff", json!({"request": id})).await.status, 403);
    assert_eq!(
        app.post_as(&s.outsider, &format!("/server/v1/pto/cancel-request?id={id}"), json!({})).await.status,
        404
    );
    let stranger = app.admin_of_new_company("Elsewhere Co", &unique_email("elsewhere")).await;
    assert_eq!(app.post_as(&stranger, "/server/v1/pto/approve-timeoff", json!({"request": id})).await.status, 404);
    assert_eq!(app.get_as(&s.outsider, &format!("/server/v1/pto/data?eid={}", s.employee_id)).await.status, 404);
    let mut for_other = body.clone();
    for_other["employeeId"] = json!(s.employee_id);
    assert_eq!(app.post_as(&s.outsider, "/server/v1/pto/request", for_other).await.status, 404);

    // Denying needs a reason; a denied request cannot be approved or edited.
    let no_reason =
        app.post_as(&s.admin, "/server/v1/pto/reject-timeoff", json!({"request": id, "comment": " "})).await;
    assert_eq!(no_reason.field("comment"), ["Please input the reason of the rejection"]);
    let denied = ok(app
        .post_as(&s.admin, "/server/v1/pto/reject-timeoff", json!({"request": id, "comment": "Busy week"}))
        .await);
    assert_eq!(
        (denied["request"]["status"].as_i64(), denied["request"]["actComments"].as_str()),
        (Some(4), Some("Busy week"))
    );
    assert_eq!(app.post_as(&s.admin, "/server/v1/pto/approve-timeoff", json!({"request": id})).await.status, 409);
    assert_eq!(app.post_as(&s.manager, "/server/v1/pto/request", edit).await.status, 409);
    let inbox = ok(app.get_as(&s.admin, "/server/v1/inbox/data").await);
    assert_eq!(inbox["completed"]["timeoff"]["rows"][0]["status"], 2);
    assert!(inbox["completed"]["timeoff"]["rows"][0]["rejectBy"].is_string());

    // A manager's own request goes to an admin.
    let mine = ok(app.post_as(&s.manager, "/server/v1/pto/request", full_days(&s, monday, monday)).await);
    let mine_id = mine["id"].as_i64().unwrap();
    assert_eq!(
        app.post_as(&s.manager, "/server/v1/pto/approve-timeoff", json!({"request": mine_id})).await.status,
        403
    );
    mail_with(&app, &s.admin_email, "asked for Vacation").await;
    ok(app.post_as(&s.admin, "/server/v1/pto/approve-timeoff", json!({"request": mine_id})).await);
    // Nor does the manager cancel their own approved time off (an admin may).
    let cancel_mine = format!("/server/v1/pto/cancel-request?id={mine_id}");
    assert_eq!(app.post_as(&s.manager, &cancel_mine, json!({})).await.status, 403);
    // The manager files for the people they reach: themselves and their report.
    let choices = ok(app.get_as(&s.manager, "/server/v1/pto/data").await)["canRequestFor"].clone();
    let ids: Vec<i64> = choices.as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [s.manager_id, s.employee_id]);

    // A terminated employee asks for nothing.
    ok(app.post_as(&s.admin, "/server/v1/manage/terminate-employee", json!({"id": s.employee_id})).await);
    let mut body = full_days(&s, monday + Duration::days(7), monday + Duration::days(7));
    body["employeeId"] = json!(s.employee_id);
    assert_eq!(
        app.post_as(&s.admin, "/server/v1/pto/request", body).await.field("employeeId"),
        ["This employee is no longer active."]
    );
}

#[actix_web::test]
async fn two_approvals_racing_for_the_last_hours_cannot_both_pass() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let monday = monday_ahead();
    let year = ok(app.get_as(&s.admin, "/server/v1/pto-manage/data").await)["currentYear"].as_i64().unwrap();
    // Room for both while they are filed, then taken away: 80 h, and two requests of 48 h each.
    let extra = ok(app
        .post_as(
            &s.admin,
            "/server/v1/manage/manually-add-pto",
            json!({"employeeId": s.employee_id, "ptoTypeId": s.vacation, "year": year, "hours": "40"}),
        )
        .await);
    let addition = extra["history"][0]["id"].clone();
    let first =
        ok(app.post_as(&s.employee, "/server/v1/pto/request", full_days(&s, monday, monday + Duration::days(7))).await);
    // Tuesday after the first ends, to the Tuesday after: six weekdays, in the same plan year
    // whatever today is (two weeks on runs into the next year in December).
    let second_start = monday + Duration::days(8);
    let second = ok(app
        .post_as(&s.employee, "/server/v1/pto/request", full_days(&s, second_start, second_start + Duration::days(7)))
        .await);
    ok(app.post_as(&s.admin, "/server/v1/manage/remove-manual-pto-addition", json!({"id": addition})).await);

    let (a, b) = futures_util::join!(
        app.post_as(&s.admin, "/server/v1/pto/approve-timeoff", json!({"request": first["id"]})),
        app.post_as(&s.manager, "/server/v1/pto/approve-timeoff", json!({"request": second["id"]})),
    );
    let mut statuses = [a.status, b.status];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 400], "{:?} {:?}", a.body, b.body);
    let refused = if a.status == 400 { a } else { b };
    // Whichever lost: 80 h less the winner's 48 h are left for it.
    assert_eq!(refused.field("balance"), [dang_it("32 h available, 48 h requested.")]);
    assert_eq!(vacation_balance(&ok(app.get_as(&s.employee, "/server/v1/pto/data").await)), 4800 - 2880);
}

#[actix_web::test]
async fn days_are_the_companys_local_days_across_a_daylight_saving_change() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    // Friday 10 March to Monday 13 March 2028: clocks in the Americas go forward on Sunday 12 March.
    let friday = NaiveDate::from_ymd_opt(2028, 3, 10).unwrap();
    let filed =
        ok(app.post_as(&s.employee, "/server/v1/pto/request", full_days(&s, friday, friday + Duration::days(3))).await);
    assert_eq!(filed["minutes"], 960);
    let offset = |at: &str| {
        let local = chrono::NaiveDateTime::parse_from_str(at, "%Y-%m-%d %H:%M:%S").unwrap();
        let instant = s.zone.from_local_datetime(&local).earliest().unwrap().with_timezone(&Utc);
        i64::from(kernel::time::utc_offset_minutes(s.zone, instant))
    };
    let (before, after) = (offset("2028-03-10 00:00:00"), offset("2028-03-13 23:59:59"));
    assert_eq!(after - before, 60, "the zone {} changes its clocks that weekend", s.zone);
    assert_eq!((filed["soffset"].as_i64(), filed["eoffset"].as_i64()), (Some(before), Some(after)));
    assert_eq!(filed["end"], "2028-03-13 23:59:59");
}

#[actix_web::test]
async fn the_projected_balance_counts_what_accrues_and_what_is_booked() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let monday = monday_ahead();
    ok(app.post_as(&s.employee, "/server/v1/pto/request", full_days(&s, monday, monday + Duration::days(1))).await);
    let projected =
        ok(app.get_as(&s.employee, &format!("/server/v1/pto/balance?asOf={}", day(monday + Duration::days(2)))).await);
    let vacation = &projected["types"][0];
    assert_eq!((vacation["booked"].as_i64(), vacation["balance"].as_i64()), (Some(960), Some(4800 - 960)));
    let past = app.get_as(&s.employee, "/server/v1/pto/balance?asOf=2020-01-01").await;
    assert_eq!(past.field("asOf"), ["Please choose today or a later date"]);
}

#[actix_web::test]
async fn the_demo_company_can_start_with_time_off_set_up() {
    let app = spawn_app().await;
    app.accounts.seed_demo().await.unwrap();
    let company = app.accounts.demo_company().await.unwrap().unwrap();
    let today = Utc::now().with_timezone(&chrono_tz::America::New_York).date_naive();
    let pto = pto::Pto::new(app.db.clone(), app.accounts.clone(), kernel::WriteGate::open());
    assert!(pto.seed_demo_time_off(company, today).await.unwrap());
    // Once only.
    assert!(!pto.seed_demo_time_off(company, today).await.unwrap());
    let login = |email: &'static str| {
        let app = &app;
        async move {
            let reply = app.login(email, accounts::DEMO_PASSWORD).await;
            reply.body["token"].as_str().unwrap().to_owned()
        }
    };
    let employee = login("employee1@demo.example.com").await;
    let data = ok(app.get_as(&employee, "/server/v1/pto/data").await);
    assert_eq!((data["setUp"].as_bool(), data["planName"].as_str()), (Some(true), Some("Standard")));
    assert!(vacation_balance(&data) > 0, "{data}");
    let manager = login("manager@demo.example.com").await;
    let inbox = ok(app.get_as(&manager, "/server/v1/inbox/data").await);
    assert_eq!(inbox["pending"]["timeoff"]["count"], 1);
    assert_eq!(inbox["pending"]["timeoff"]["rows"][0]["reason"], "Family visit");
}
