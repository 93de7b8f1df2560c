//! The clock: its states, refusals, races and the company's settings.

use crate::helpers::{spawn_app, unique_email, TestApp};
use accounts::entities::companies;
use kernel::Role;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait};
use serde_json::{json, Value};

/// A company with an admin, and an employee of it: (admin token, employee token, employee id).
pub async fn company_with_employee(app: &TestApp) -> (String, String, i64) {
    let admin = unique_email("admin");
    let admin_token = app.admin_of_new_company("Clock Co", &admin).await;
    let company = app.company_of(&admin).await;
    let email = unique_email("worker");
    let id = app.add_person(company.id, &email, Role::Employee, None).await;
    (admin_token, app.token_of(&email).await, id)
}

async fn press(app: &TestApp, token: &str, action: &str, tracking: &Value) -> crate::helpers::Reply {
    app.post_as(token, &format!("/server/v1/clock/{action}?trackingNumber={tracking}"), json!({})).await
}

#[actix_web::test]
async fn a_shift_goes_in_break_resume_out_and_a_new_one_starts() {
    let app = spawn_app().await;
    let (_, token, _) = company_with_employee(&app).await;
    let status = app.get_as(&token, "/server/v1/clock/status").await;
    assert_eq!(status.body["status"], 0);
    assert_eq!(status.body["trackingNumber"], Value::Null);
    assert_eq!(status.body["clockInAllowedNow"], true);

    let started = app.post_as(&token, "/server/v1/clock/start", json!({})).await;
    assert_eq!(started.status, 200, "{:?}", started.body);
    assert_eq!(started.body["status"], 1);
    let tracking = started.body["trackingNumber"].clone();
    assert!(tracking.is_i64());

    let on_break = press(&app, &token, "take-break", &tracking).await;
    assert_eq!(on_break.body["status"], 2);
    assert!(on_break.body["breakStart"].is_string());
    assert_eq!(press(&app, &token, "resume-from-break", &tracking).await.body["status"], 1);
    let ended = press(&app, &token, "end", &tracking).await;
    assert_eq!(ended.body["status"], 3);
    assert_eq!(ended.body["trackingNumber"], tracking);

    let details = app.get_as(&token, &format!("/server/v1/timesheet/details?ts={tracking}")).await;
    let history: Vec<&str> =
        details.body["history"].as_array().unwrap().iter().map(|a| a["actionType"].as_str().unwrap()).collect();
    assert_eq!(history, ["start", "break", "resume", "end"]);
    assert_eq!(details.body["breaks"].as_array().unwrap().len(), 1);
    assert!(details.body["end"].is_string());

    let again = app.post_as(&token, "/server/v1/clock/start", json!({})).await;
    assert_eq!(again.body["status"], 1);
    assert_ne!(again.body["trackingNumber"], tracking);
}

#[actix_web::test]
async fn presses_that_do_not_fit_the_state_are_refused_and_change_nothing() {
    let app = spawn_app().await;
    let (_, token, _) = company_with_employee(&app).await;
    let reply = press(&app, &token, "take-break", &json!(1)).await;
    assert_eq!((reply.status, reply.code()), (409, "conflict"));
    assert_eq!(reply.body["message"], "You are not clocked in.");

    let tracking = app.post_as(&token, "/server/v1/clock/start", json!({})).await.body["trackingNumber"].clone();
    let reply = app.post_as(&token, "/server/v1/clock/start", json!({})).await;
    assert_eq!((reply.status, reply.body["message"].as_str().unwrap()), (409, "You are already clocked in."));
    let reply = press(&app, &token, "resume-from-break", &tracking).await;
    assert_eq!(reply.body["message"], "You are not on a break.");
    let reply = press(&app, &token, "take-break", &json!(tracking.as_i64().unwrap() + 1000)).await;
    assert_eq!(reply.status, 409);
    let reply = app.post_as(&token, "/server/v1/clock/take-break", json!({})).await;
    assert_eq!((reply.status, reply.code()), (400, "validation"), "a missing tracking number");
    assert_eq!(app.get_as(&token, "/server/v1/clock/status").await.body["status"], 1, "nothing changed");

    // Ending while on a break closes the break with the shift.
    press(&app, &token, "take-break", &tracking).await;
    assert_eq!(press(&app, &token, "take-break", &tracking).await.body["message"], "You are already on a break.");
    assert_eq!(press(&app, &token, "end", &tracking).await.body["status"], 3);
    let details = app.get_as(&token, &format!("/server/v1/timesheet/details?ts={tracking}")).await;
    assert!(details.body["breaks"][0]["to"].is_string());
}

#[actix_web::test]
async fn simultaneous_clock_ins_make_exactly_one_shift() {
    let app = spawn_app().await;
    let (_, token, _) = company_with_employee(&app).await;
    let presses = (0..8).map(|_| app.post_as(&token, "/server/v1/clock/start", json!({})));
    let replies = futures_util::future::join_all(presses).await;
    let ok = replies.iter().filter(|reply| reply.status == 200).count();
    let refused = replies.iter().filter(|reply| reply.status == 409).count();
    assert_eq!((ok, refused), (1, 7), "{:?}", replies.iter().map(|r| r.status).collect::<Vec<_>>());
    let shifts = clock::entities::time_entries::Entity::find().all(&app.db).await.unwrap();
    assert_eq!(shifts.len(), 1);
}

/// Presses of many people at once are applied in groups (on SQLite): each person's answer is
/// about their own shift, a double press lands once, a press on someone else's shift is refused
/// without taking the others down, and every ended shift keeps its worked time and history.
#[actix_web::test]
async fn many_people_pressing_at_once_each_get_their_own_answer() {
    use clock::entities::{time_entries, time_entry_actions, time_entry_breaks};
    use sea_orm::{ColumnTrait, QueryFilter};
    let app = spawn_app().await;
    let admin = unique_email("admin");
    app.admin_of_new_company("Crowd Co", &admin).await;
    let company = app.company_of(&admin).await;
    let mut tokens = Vec::new();
    for _ in 0..12 {
        let email = unique_email("crowd");
        app.add_person(company.id, &email, Role::Employee, None).await;
        tokens.push(app.token_of(&email).await);
    }
    let at_once = |action: &'static str, tracking: Vec<Value>| {
        let app = &app;
        let tokens = &tokens;
        async move {
            let presses = tokens.iter().zip(&tracking).map(|(token, tracking)| async move {
                if action == "start" {
                    app.post_as(token, "/server/v1/clock/start", json!({})).await
                } else {
                    press(app, token, action, tracking).await
                }
            });
            futures_util::future::join_all(presses).await
        }
    };
    let started = at_once("start", vec![Value::Null; 12]).await;
    assert!(started.iter().all(|reply| reply.status == 200 && reply.body["status"] == 1), "{started:?}");
    let tracking: Vec<Value> = started.iter().map(|reply| reply.body["trackingNumber"].clone()).collect();
    let distinct: std::collections::HashSet<String> = tracking.iter().map(Value::to_string).collect();
    assert_eq!(distinct.len(), 12, "one shift each");

    // Everyone takes a break at once; the first person presses twice; the last presses on the
    // first person's shift.
    let mut breaks = tracking.clone();
    breaks[11] = tracking[0].clone();
    let (replies, double) =
        futures_util::future::join(at_once("take-break", breaks), press(&app, &tokens[0], "take-break", &tracking[0]))
            .await;
    // People 1 to 10 pressed once, on their own shifts.
    for person in 1..=10 {
        let reply = &replies[person];
        assert_eq!(
            (reply.status, &reply.body["status"], &reply.body["trackingNumber"]),
            (200, &json!(2), &tracking[person])
        );
    }
    let first = [replies[0].status, double.status];
    assert!(first.contains(&200) && first.contains(&409), "one of the double press lands: {first:?}");
    assert_eq!(replies[11].status, 409, "not the presser's shift");
    assert_eq!(app.get_as(&tokens[11], "/server/v1/clock/status").await.body["status"], 1, "unchanged");

    // Everyone ends at once: from a break (0–10) or from work (11).
    let ended = at_once("end", tracking.clone()).await;
    assert!(ended.iter().all(|reply| reply.status == 200 && reply.body["status"] == 3), "{ended:?}");

    let shifts =
        time_entries::Entity::find().filter(time_entries::Column::CompanyId.eq(company.id)).all(&app.db).await.unwrap();
    assert_eq!(shifts.len(), 12);
    for shift in &shifts {
        assert_eq!((shift.state, shift.open_employee_id), (3, None));
        assert!(shift.end_at.is_some() && shift.worked_minutes == Some(0) && shift.work_week.is_some());
        let breaks = time_entry_breaks::Entity::find()
            .filter(time_entry_breaks::Column::EntryId.eq(shift.id))
            .all(&app.db)
            .await
            .unwrap();
        let history: Vec<String> = time_entry_actions::Entity::find()
            .filter(time_entry_actions::Column::EntryId.eq(shift.id))
            .all(&app.db)
            .await
            .unwrap()
            .into_iter()
            .map(|action| action.action_type)
            .collect();
        if json!(shift.id) == tracking[11] {
            assert!(breaks.is_empty());
            assert_eq!(history, ["start", "end"]);
        } else {
            assert_eq!(breaks.len(), 1, "one break, however often pressed");
            assert!(breaks[0].end_at.is_some(), "closed with the shift");
            assert_eq!(history, ["start", "break", "resume", "end"]);
        }
    }
}

/// The card names the shift that ended last today (the newer one when two end on the same
/// second), a shift left open since last week, and counts this week's minutes, whether stored or
/// computed on reading; a press's answer and a later reading agree.
#[actix_web::test]
async fn the_card_finds_the_last_ended_and_a_long_open_shift() {
    use chrono::{Duration, SubsecRound, Utc};
    use clock::entities::time_entries;
    use sea_orm::sea_query::Expr;
    use sea_orm::{ColumnTrait, QueryFilter};
    let app = spawn_app().await;
    let (_, token, employee) = company_with_employee(&app).await;
    let mut shifts = Vec::new();
    for _ in 0..2 {
        let started = app.post_as(&token, "/server/v1/clock/start", json!({})).await;
        let tracking = started.body["trackingNumber"].clone();
        let ended = press(&app, &token, "end", &tracking).await;
        assert_eq!((ended.body["status"].clone(), ended.body["trackingNumber"].clone()), (json!(3), tracking.clone()));
        shifts.push(tracking.as_i64().unwrap());
    }
    let status = app.get_as(&token, "/server/v1/clock/status").await.body;
    assert_eq!((status["status"].clone(), status["trackingNumber"].clone()), (json!(3), json!(shifts[1])));

    // The first shift now ends after the second: it is the one that ended last. Then both end on
    // the same second: the newer one is.
    let now = Utc::now().trunc_subsecs(0);
    let set_end = |id: i64, end: chrono::DateTime<Utc>| {
        time_entries::Entity::update_many()
            .col_expr(time_entries::Column::EndAt, Expr::value(end))
            .filter(time_entries::Column::Id.eq(id))
            .exec(&app.db)
    };
    set_end(shifts[1], now - Duration::seconds(20)).await.unwrap();
    set_end(shifts[0], now - Duration::seconds(10)).await.unwrap();
    assert_eq!(app.get_as(&token, "/server/v1/clock/status").await.body["trackingNumber"], json!(shifts[0]));
    set_end(shifts[1], now - Duration::seconds(10)).await.unwrap();
    assert_eq!(app.get_as(&token, "/server/v1/clock/status").await.body["trackingNumber"], json!(shifts[1]));

    // A shift ended two minutes ago whose minutes were never stored counts for the week.
    let week_before = app.get_as(&token, "/server/v1/clock/status").await.body["weekMinutes"].as_i64().unwrap();
    let person = accounts::entities::users::Entity::find_by_id(employee).one(&app.db).await.unwrap().unwrap();
    let company = person.company_id.unwrap();
    let row = |start: chrono::DateTime<Utc>, end: Option<chrono::DateTime<Utc>>| time_entries::ActiveModel {
        company_id: Set(company),
        employee_id: Set(kernel::UserId(employee)),
        start_at: Set(start),
        end_at: Set(end),
        state: Set(if end.is_some() { 3 } else { 1 }),
        open_employee_id: Set(end.is_none().then_some(kernel::UserId(employee))),
        created_by: Set(kernel::UserId(employee)),
        created_at: Set(start),
        updated_at: Set(start),
        ..Default::default()
    };
    time_entries::Entity::insert(row(now - Duration::minutes(3), Some(now - Duration::minutes(1))))
        .exec(&app.db)
        .await
        .unwrap();
    let week = app.get_as(&token, "/server/v1/clock/status").await.body["weekMinutes"].as_i64().unwrap();
    assert_eq!(week, week_before + 2);

    // Clocked in since eight days ago: the card, and the presses on it, name that shift.
    let open = time_entries::Entity::insert(row(now - Duration::days(8), None)).exec(&app.db).await.unwrap();
    let open = json!(open.last_insert_id);
    let status = app.get_as(&token, "/server/v1/clock/status").await.body;
    assert_eq!((status["status"].clone(), status["trackingNumber"].clone()), (json!(1), open.clone()));
    let on_break = press(&app, &token, "take-break", &open).await;
    assert_eq!((on_break.body["status"].clone(), on_break.body["trackingNumber"].clone()), (json!(2), open.clone()));
    let ended = press(&app, &token, "end", &open).await;
    assert_eq!((ended.body["status"].clone(), ended.body["trackingNumber"].clone()), (json!(3), open.clone()));
    assert_eq!(app.get_as(&token, "/server/v1/clock/status").await.body["trackingNumber"], open);
}

#[actix_web::test]
async fn the_clock_opens_at_the_companys_day_start() {
    let app = spawn_app().await;
    let admin = unique_email("admin");
    let admin_token = app.admin_of_new_company("Early", &admin).await;
    let company = app.company_of(&admin).await;
    // A zone where it is not yet late evening, so the next hour is later today.
    let now = chrono::Utc::now();
    let zone = ["America/New_York", "Asia/Tokyo", "Europe/London", "Pacific/Honolulu"]
        .into_iter()
        .find(|zone| {
            now.with_timezone(&zone.parse::<chrono_tz::Tz>().unwrap()).format("%H").to_string().as_str() < "22"
        })
        .unwrap();
    let mut row: companies::ActiveModel = company.clone().into();
    row.time_zone = Set(zone.to_owned());
    row.update(&app.db).await.unwrap();
    let next_hour =
        (now.with_timezone(&zone.parse::<chrono_tz::Tz>().unwrap()).format("%H").to_string().parse::<u32>().unwrap())
            + 1;
    let email = unique_email("early-bird");
    app.add_person(company.id, &email, Role::Employee, None).await;
    let token = app.token_of(&email).await;

    let reply = app
        .post_as(&admin_token, "/server/v1/settings/update", json!({"dayStartAt": format!("{next_hour:02}:00")}))
        .await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    let status = app.get_as(&token, "/server/v1/clock/status").await;
    assert_eq!(status.body["clockInAllowedNow"], false);
    assert_eq!(status.body["dayStartAt"], format!("{next_hour:02}:00"));
    let reply = app.post_as(&token, "/server/v1/clock/start", json!({})).await;
    assert_eq!(reply.status, 409);
    let expected = chrono::NaiveTime::from_hms_opt(next_hour, 0, 0).unwrap().format("%-I:%M %p").to_string();
    assert_eq!(reply.body["message"], format!("Clock in starts at {expected}"));

    app.post_as(&admin_token, "/server/v1/settings/update", json!({"dayStartAt": ""})).await;
    assert_eq!(app.post_as(&token, "/server/v1/clock/start", json!({})).await.status, 200);
}

#[actix_web::test]
async fn a_company_can_turn_phone_clock_in_off() {
    let app = spawn_app().await;
    let (admin_token, token, _) = company_with_employee(&app).await;
    assert_eq!(
        app.post_as(&admin_token, "/server/v1/settings/update", json!({"mobileClockInDisabled": true})).await.status,
        200
    );
    let phone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148";
    let response = app
        .client
        .post(app.url("/server/v1/clock/start"))
        .bearer_auth(&token)
        .insert_header(("user-agent", phone))
        .send_json(&json!({}))
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 403);
    assert_eq!(app.get_as(&token, "/server/v1/clock/status").await.body["mobileClockInDisabled"], true);
    let mut status = app
        .client
        .get(app.url("/server/v1/clock/status"))
        .bearer_auth(&token)
        .insert_header(("user-agent", phone))
        .send()
        .await
        .unwrap();
    let status: Value = status.json().await.unwrap();
    assert_eq!(status["errors"], json!([clock::MOBILE_DISABLED_MESSAGE]));
    assert_eq!(app.post_as(&token, "/server/v1/clock/start", json!({})).await.status, 200, "a desktop may");
}

#[actix_web::test]
async fn settings_are_the_admins_and_checked() {
    let app = spawn_app().await;
    let (admin_token, token, _) = company_with_employee(&app).await;
    assert_eq!(app.get_as(&token, "/server/v1/settings/data").await.status, 403);
    assert_eq!(app.post_as(&token, "/server/v1/settings/update", json!({"payCycle": "weekly"})).await.status, 403);
    let data = app.get_as(&admin_token, "/server/v1/settings/data").await;
    assert_eq!(data.body["settings"]["weeklyOvertimeMinutes"], 2400);
    assert_eq!(data.body["settings"]["payCycle"], "weekly");
    let reply = app
        .post_as(
            &admin_token,
            "/server/v1/settings/update",
            json!({"dayStartAt": "8am", "payCycle": "sometimes", "payCycleAnchor": "soon", "weeklyOvertimeMinutes": 1}),
        )
        .await;
    assert_eq!(reply.status, 400);
    for field in ["dayStartAt", "payCycle", "payCycleAnchor", "weeklyOvertimeMinutes"] {
        assert_eq!(reply.field(field).len(), 1, "{field}");
    }
    let reply = app
        .post_as(
            &admin_token,
            "/server/v1/settings/update",
            json!({"payCycle": "biweekly", "payCycleAnchor": "2026-01-04", "weeklyOvertimeMinutes": 2400}),
        )
        .await;
    assert_eq!(reply.body["settings"]["payCycle"], "biweekly");
    assert_eq!(
        app.get_as(&admin_token, "/server/v1/settings/data").await.body["settings"]["payCycleAnchor"],
        "2026-01-04"
    );
}

#[actix_web::test]
async fn an_expired_trial_stops_the_clock() {
    let app = spawn_app().await;
    let admin = unique_email("admin");
    app.admin_of_new_company("Lapsed", &admin).await;
    let company = app.company_of(&admin).await;
    let email = unique_email("worker");
    app.add_person(company.id, &email, Role::Employee, None).await;
    let token = app.token_of(&email).await;
    let mut row: companies::ActiveModel = company.into();
    row.trial_end = Set(Some(chrono::Utc::now().date_naive() - chrono::Duration::days(3)));
    row.update(&app.db).await.unwrap();
    let reply = app.post_as(&token, "/server/v1/clock/start", json!({})).await;
    assert_eq!((reply.status, reply.code()), (403, "account_expired"));
    assert_eq!(app.get_as(&token, "/server/v1/clock/status").await.status, 200);
}

#[actix_web::test]
async fn shifts_started_within_one_second_are_told_apart() {
    let app = spawn_app().await;
    let (_, token, _) = company_with_employee(&app).await;
    // Fast cycles put several shifts on the same start second; the status must always name the
    // open one, or the next press would go to a closed shift.
    for _ in 0..6 {
        let started = app.post_as(&token, "/server/v1/clock/start", json!({})).await;
        assert_eq!(started.body["status"], 1, "{:?}", started.body);
        let tracking = started.body["trackingNumber"].clone();
        assert_eq!(press(&app, &token, "take-break", &tracking).await.status, 200);
        assert_eq!(press(&app, &token, "end", &tracking).await.body["trackingNumber"], tracking);
    }
}

/// One group of presses made at different instants, applied in one transaction as the write
/// gate does: each shift gets its own press's times (the group writes each kind of change in one
/// statement), its break ends when its own resume was pressed, and its worked time is its own.
#[actix_web::test]
async fn a_group_of_presses_keeps_each_ones_instant() {
    use chrono::{Duration, TimeZone, Utc};
    use clock::entities::{time_entries, time_entry_breaks};
    use clock::machine::ClockAction;
    use clock::presses::{self, Press, PressKind};
    use sea_orm::{ColumnTrait, ConnectionTrait, QueryFilter, QueryOrder, TransactionTrait};
    let app = spawn_app().await;
    let admin = unique_email("admin");
    app.admin_of_new_company("Group Co", &admin).await;
    let company = app.company_of(&admin).await;
    let mut people = Vec::new();
    for _ in 0..4 {
        people.push(kernel::UserId(app.add_person(company.id, &unique_email("grouped"), Role::Employee, None).await));
    }
    let tz = chrono_tz::America::New_York;
    let nine = Utc.with_ymd_and_hms(2026, 11, 2, 14, 0, 0).unwrap();
    let press = |person: usize, kind: PressKind, minutes: i64| Press {
        company: company.id,
        actor: people[person],
        tz,
        kind,
        now: nine + Duration::minutes(minutes),
        receipt: None,
        source: clock::places::PressSource::Web,
        place: None,
    };
    // Each group's statements are counted: a group makes a fixed number of round trips to the
    // database, however many presses it holds.
    let statements = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut counted = app.db.clone();
    let counter = statements.clone();
    counted.set_metric_callback(move |_| {
        counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    });
    let count = || statements.swap(0, std::sync::atomic::Ordering::Relaxed);
    let apply = |group: Vec<Press>| {
        let db = counted.clone();
        async move {
            let txn = db.begin().await.unwrap();
            let outcomes = presses::apply(&txn, &group).await.unwrap();
            txn.commit().await.unwrap();
            outcomes
        }
    };
    let opened = apply((0..3).map(|person| press(person, PressKind::Start, person as i64)).collect()).await;
    assert!(opened.iter().all(|outcome| matches!(outcome, Ok(Some(_)))), "{opened:?}");
    let three_starts = count();
    let shifts: Vec<kernel::EntryId> = time_entries::Entity::find()
        .filter(time_entries::Column::CompanyId.eq(company.id))
        .order_by_asc(time_entries::Column::EmployeeId)
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .map(|shift| shift.id)
        .collect();
    let on = |person: usize, action: ClockAction, minutes: i64| {
        press(person, PressKind::OnShift { tracking_number: shifts[person], action }, minutes)
    };
    // Breaks at 60, 70 and 80 minutes; resumes 10, 20 and 30 minutes later; ends at 240, 250, 260.
    for (action, minutes) in [(ClockAction::TakeBreak, 60), (ClockAction::Resume, 70), (ClockAction::End, 240)] {
        let group = (0..3)
            .map(|person| {
                let late = if action == ClockAction::Resume { 20 * person as i64 } else { 10 * person as i64 };
                on(person, action, minutes + late)
            })
            .collect();
        let outcomes = apply(group).await;
        assert!(outcomes.iter().all(|outcome| matches!(outcome, Ok(Some(_)))), "{action:?}: {outcomes:?}");
    }
    for (person, id) in shifts.iter().enumerate() {
        let person = person as i64;
        let shift = time_entries::Entity::find_by_id(*id).one(&app.db).await.unwrap().unwrap();
        let pause = time_entry_breaks::Entity::find()
            .filter(time_entry_breaks::Column::EntryId.eq(*id))
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        let end = nine + Duration::minutes(240 + 10 * person);
        assert_eq!((shift.end_at, shift.updated_at, shift.state), (Some(end), end, 3));
        assert_eq!(pause.start_at, nine + Duration::minutes(60 + 10 * person));
        assert_eq!(pause.end_at, Some(nine + Duration::minutes(70 + 20 * person)));
        // From its start (minute `person`) to its end, less its own break (10, 20, 30 minutes).
        assert_eq!(shift.worked_minutes.map(i64::from), Some(240 + 10 * person - person - (10 + 10 * person)));
    }

    // Different changes in one group: what ends is ended, the rest stays open.
    count();
    let opened = apply((0..4).map(|person| press(person, PressKind::Start, 300)).collect()).await;
    assert!(opened.iter().all(|outcome| matches!(outcome, Ok(Some(_)))), "{opened:?}");
    assert_eq!(count(), three_starts, "four clock-ins take the statements of three");
    let open: Vec<time_entries::Model> = time_entries::Entity::find()
        .filter(time_entries::Column::CompanyId.eq(company.id))
        .filter(time_entries::Column::EndAt.is_null())
        .order_by_asc(time_entries::Column::EmployeeId)
        .all(&app.db)
        .await
        .unwrap();
    let on = |person: usize, action: ClockAction, minutes: i64| {
        press(person, PressKind::OnShift { tracking_number: open[person].id, action }, minutes)
    };
    let outcomes = apply(vec![on(1, ClockAction::TakeBreak, 310), on(2, ClockAction::TakeBreak, 310)]).await;
    assert!(outcomes.iter().all(|outcome| matches!(outcome, Ok(Some(_)))), "{outcomes:?}");
    let mixed = vec![
        on(0, ClockAction::End, 320),
        on(1, ClockAction::End, 321),
        on(2, ClockAction::Resume, 322),
        on(3, ClockAction::TakeBreak, 323),
    ];
    count();
    let outcomes = apply(mixed).await;
    assert!(outcomes.iter().all(|outcome| matches!(outcome, Ok(Some(_)))), "{outcomes:?}");
    if app.db.get_database_backend() == sea_orm::DatabaseBackend::Sqlite {
        // The shifts and their breaks; the three kinds of move, the breaks and the history as
        // one batch; whether the company has a webhook for closed shifts (it has none: nothing
        // more is read); the cards' week totals, running shifts, their breaks and the ended
        // shifts (the transaction's BEGIN and COMMIT are not counted).
        assert_eq!(count(), 8, "a group's writes go to SQLite as one batch");
    }
    let at = |minutes: i64| nine + Duration::minutes(minutes);
    let now: Vec<time_entries::Model> = futures_util::future::join_all(
        open.iter().map(|shift| time_entries::Entity::find_by_id(shift.id).one(&app.db)),
    )
    .await
    .into_iter()
    .map(|shift| shift.unwrap().unwrap())
    .collect();
    let day = Some(at(300).with_timezone(&tz).date_naive());
    // Ended: clocked in 20 minutes; 21 less the 11-minute break from 310 to 321.
    for (shift, end, minutes) in [(&now[0], 320, 20), (&now[1], 321, 10)] {
        assert_eq!((shift.state, shift.end_at, shift.open_employee_id), (3, Some(at(end)), None));
        assert_eq!((shift.worked_minutes, shift.work_day), (Some(minutes), day));
    }
    // Still open, each with its own state and time, and its day kept.
    for (shift, state, updated, person) in [(&now[2], 1, 322, 2), (&now[3], 2, 323, 3)] {
        assert_eq!((shift.state, shift.updated_at, shift.end_at), (state, at(updated), None));
        assert_eq!((shift.open_employee_id, shift.worked_minutes, shift.work_day), (Some(people[person]), None, day));
    }
}

/// The index of shifts whose worked time is computed on reading holds those shifts only (a
/// partial index), by company, employee and start, on either database; on SQLite the card's
/// reading of running shifts goes through it (the card itself is tested above). The last
/// migration of it can be undone (ordered by start again) and applied again.
#[actix_web::test]
async fn the_index_of_unsummed_shifts_holds_only_those() {
    use migrations::{Migrator, MigratorTrait};
    use sea_orm::{ConnectionTrait, DatabaseBackend, Statement};
    let app = spawn_app().await;
    let backend = app.db.get_database_backend();
    let sql = match backend {
        DatabaseBackend::Postgres => {
            "SELECT indexdef AS definition FROM pg_indexes WHERE indexname = 'ix_time_entries_company_unsummed'"
        }
        _ => "SELECT sql AS definition FROM sqlite_master WHERE name = 'ix_time_entries_company_unsummed'",
    };
    let definition = || async {
        let row = app.db.query_one(Statement::from_string(backend, sql)).await.unwrap().expect("the index exists");
        let definition: String = row.try_get("", "definition").unwrap();
        let definition = definition.to_lowercase().replace('"', "");
        assert!(
            definition.contains("where (worked_minutes is null)")
                || definition.contains("where worked_minutes is null"),
            "partial: {definition}"
        );
        definition
    };
    let by_employee = "(company_id, employee_id, start_at)";
    assert!(definition().await.contains(by_employee), "by company, employee and start once migrated");
    if backend == DatabaseBackend::Sqlite {
        // The card's reading of running shifts goes through it, not through every shift of the
        // person's week.
        let query = sea_orm::QueryTrait::build(
            &clock::store::unsummed_of([kernel::CompanyId(1)], [kernel::UserId(2), kernel::UserId(3)]),
            backend,
        );
        let plan = app
            .db
            .query_all(Statement::from_sql_and_values(
                backend,
                format!("EXPLAIN QUERY PLAN {}", query.sql),
                query.values.map(|values| values.0).unwrap_or_default(),
            ))
            .await
            .unwrap();
        let details: Vec<String> = plan.iter().map(|row| row.try_get("", "detail").unwrap()).collect();
        assert!(
            details.iter().any(|detail| detail.contains("USING INDEX ix_time_entries_company_unsummed")),
            "{details:?}"
        );
    }
    // Undone (with the migrations after it), the index is ordered by start again (still
    // partial); applied again, by employee.
    let migrating = crate::helpers::migrating_connection(&app);
    Migrator::down(&migrating, Some(crate::helpers::migrations_back_to("000008_unsummed_by_employee"))).await.unwrap();
    assert!(definition().await.contains("(company_id, start_at, employee_id)"));
    Migrator::up(&migrating, None).await.unwrap();
    assert!(definition().await.contains(by_employee));
}
