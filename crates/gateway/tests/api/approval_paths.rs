//! Approval paths (issue 41): several steps, "all must agree", stand-ins, escalation on the
//! scheduler's clock, answers from the e-mail's link, nobody answering their own request, two
//! approvers racing, and a path changed while a request is in flight.

use crate::helpers::{spawn_app, unique_email, Reply, TestApp};
use crate::pto_requests::{full_days, monday_ahead, setup, Setup};
use chrono::{Duration, Utc};
use kernel::Role;
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{json, Value};

fn ok(reply: Reply) -> Value {
    assert!(reply.status < 300, "{} {:?}", reply.status, reply.body);
    reply.body
}

async fn sql(app: &TestApp, text: &str) {
    app.db.execute(Statement::from_string(app.db.get_database_backend(), text.to_owned())).await.unwrap();
}

async fn rename(app: &TestApp, id: i64, first: &str, last: &str) {
    sql(app, &format!("UPDATE users SET first_name = '{first}', last_name = '{last}' WHERE id = {id}")).await;
}

/// The company of `pto_requests::setup` with names, a boss above the manager (Maria Lopez, who
/// reports to Bob Stone), a second manager reporting to nobody (Ana Silva), and the admin
/// (Alex Admin).
struct Org {
    s: Setup,
    boss: String,
    boss_id: i64,
    deputy: String,
    deputy_id: i64,
    deputy_email: String,
}

async fn org(app: &TestApp) -> Org {
    let s = setup(app).await;
    let company = app.company_of(&s.admin_email).await;
    let boss_email = unique_email("boss");
    let boss_id = app.add_person(company.id, &boss_email, Role::Manager, None).await;
    let deputy_email = unique_email("deputy");
    let deputy_id = app.add_person(company.id, &deputy_email, Role::Manager, None).await;
    sql(app, &format!("UPDATE users SET manager_id = {boss_id} WHERE id = {}", s.manager_id)).await;
    rename(app, s.manager_id, "Maria", "Lopez").await;
    rename(app, boss_id, "Bob", "Stone").await;
    rename(app, deputy_id, "Ana", "Silva").await;
    sql(app, &format!("UPDATE users SET first_name = 'Alex', last_name = 'Admin' WHERE email = '{}'", s.admin_email))
        .await;
    Org {
        boss: app.token_of(&boss_email).await,
        boss_id,
        deputy: app.token_of(&deputy_email).await,
        deputy_id,
        deputy_email,
        s,
    }
}

fn manager_step() -> Value {
    json!({"approvers": "manager", "mode": "any", "escalateTo": "next_level"})
}

/// Creates a path and attaches it to the vacation type; its id.
async fn path_for_vacation(app: &TestApp, s: &Setup, steps: Value) -> i64 {
    let path =
        ok(app.post_as(&s.admin, "/server/v1/approvals/paths", json!({"name": "Vacation path", "steps": steps})).await);
    let id = path["id"].as_i64().unwrap();
    ok(app
        .post_as(
            &s.admin,
            "/server/v1/approvals/uses",
            json!({"target": "pto_type", "ptoTypeId": s.vacation, "pathId": id}),
        )
        .await);
    id
}

/// Files a request of `weekdays` weekdays from `offset` days after the Monday ahead (all within
/// nine days, so in one plan year whatever today is); its id.
async fn request(app: &TestApp, s: &Setup, token: &str, offset: i64, weekdays: i64, extra: Value) -> i64 {
    let start = monday_ahead() + Duration::days(offset);
    let mut end = start;
    let mut left = weekdays - 1;
    while left > 0 {
        end += Duration::days(1);
        if !matches!(chrono::Datelike::weekday(&end), chrono::Weekday::Sat | chrono::Weekday::Sun) {
            left -= 1;
        }
    }
    let mut body = full_days(s, start, end);
    if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
        body.extend(extra.clone());
    }
    let reply = app.post_as(token, "/server/v1/pto/request", body).await;
    assert!(reply.status < 300, "{} {:?}", reply.status, reply.body);
    reply.body["id"].as_i64().unwrap()
}

/// The request as its employee's history shows it.
async fn history_row(app: &TestApp, token: &str, id: i64) -> Value {
    let history = ok(app.get_as(token, "/server/v1/pto/history").await);
    history["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|item| item["request"]["id"] == id)
        .map(|item| item["request"].clone())
        .unwrap_or_else(|| panic!("request {id} not in {history}"))
}

fn pending_row(inbox: &Value, id: i64) -> Option<Value> {
    inbox["pending"]["timeoff"]["rows"].as_array().unwrap().iter().find(|row| row["id"] == id).cloned()
}

async fn approve(app: &TestApp, token: &str, id: i64) -> Reply {
    app.post_as(token, "/server/v1/pto/approve-timeoff", json!({"request": id})).await
}

/// The token of the newest answer link mailed to `email` in a mail containing `needle`, once
/// `count` such mails arrived (mails are sent after the answer).
async fn nth_link_token(app: &TestApp, email: &str, needle: &str, count: usize) -> String {
    for _ in 0..100 {
        let mails: Vec<_> = app.mail.to(email).into_iter().filter(|mail| mail.text().contains(needle)).collect();
        if mails.len() >= count {
            let text = mails[mails.len() - 1].text();
            let start = text.find("/answer/").expect("an answer link") + "/answer/".len();
            return text[start..].chars().take_while(char::is_ascii_alphanumeric).collect();
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("fewer than {count} mails to {email} containing {needle:?}");
}

async fn link_token(app: &TestApp, email: &str, needle: &str) -> String {
    nth_link_token(app, email, needle, 1).await
}

fn job(app: &TestApp) -> approvals::Approvals {
    approvals::Approvals::new(app.db.clone(), app.accounts.clone(), kernel::WriteGate::open())
}

#[actix_web::test]
async fn a_two_step_path_asks_the_manager_then_an_admin_for_long_requests_only() {
    let app = spawn_app().await;
    let o = org(&app).await;
    let s = &o.s;
    path_for_vacation(
        &app,
        s,
        json!([manager_step(), {"approvers": "admins", "mode": "any", "longerThanHours": 40, "escalateTo": "next_level"}]),
    )
    .await;

    // A short request: one step, the manager.
    let short = request(&app, s, &s.employee, 8, 1, json!({})).await;
    let row = history_row(&app, &s.employee, short).await;
    assert_eq!(row["approval"]["steps"], 1, "{row}");
    assert_eq!(row["approval"]["waitingFor"], json!(["Maria Lopez"]));
    let mail = link_token(&app, &s.manager_email, "Step 1 of 1").await;
    assert_eq!(mail.len(), 64);
    let done = ok(approve(&app, &s.manager, short).await);
    assert_eq!(done["request"]["status"], 3, "{done}");

    // A long one (6 weekdays, 48 hours): the manager, then an admin.
    let long = request(&app, s, &s.employee, 0, 6, json!({})).await;
    let row = history_row(&app, &s.employee, long).await;
    assert_eq!((row["approval"]["step"].as_i64(), row["approval"]["steps"].as_i64()), (Some(1), Some(2)));
    // The admin reaches everyone but is not step 1's approver.
    let early = approve(&app, &s.admin, long).await;
    assert_eq!(early.status, 403, "{:?}", early.body);
    assert!(
        early.body["message"].as_str().unwrap().contains("waiting for Maria Lopez (step 1 of 2)"),
        "{:?}",
        early.body
    );
    let inbox = ok(app.get_as(&s.admin, "/server/v1/inbox/data").await);
    let seen = pending_row(&inbox, long).unwrap();
    assert_eq!((seen["mayAnswer"].as_bool(), seen["mayApproveAllSteps"].as_bool()), (Some(false), Some(true)));

    let first = ok(approve(&app, &s.manager, long).await);
    assert_eq!(first["message"], "Approved step 1 of 2; now waiting for Alex Admin.", "{first}");
    assert_eq!(first["request"]["status"], 0);
    // The manager answered their step; the next is the admin's.
    assert_eq!(approve(&app, &s.manager, long).await.status, 403);
    let inbox = ok(app.get_as(&s.admin, "/server/v1/inbox/data").await);
    assert_eq!(pending_row(&inbox, long).unwrap()["mayAnswer"], true);
    link_token(&app, &s.admin_email, "Step 2 of 2").await;
    let last = ok(approve(&app, &s.admin, long).await);
    assert_eq!(last["request"]["status"], 3, "{last}");
    let answers = &last["request"]["approval"]["answers"];
    assert_eq!(answers.as_array().unwrap().len(), 2);
    assert_eq!(
        (answers[0]["byName"].as_str(), answers[1]["byName"].as_str()),
        (Some("Maria Lopez"), Some("Alex Admin"))
    );
    assert_eq!(last["request"]["approval"]["state"], "approved");
}

#[actix_web::test]
async fn all_must_agree_and_an_admin_may_approve_every_remaining_step_at_once() {
    let app = spawn_app().await;
    let o = org(&app).await;
    let s = &o.s;
    path_for_vacation(
        &app,
        s,
        json!([{"approvers": "people", "people": [s.manager_id, o.deputy_id], "mode": "all", "escalateTo": "next_level"},
               {"approvers": "people", "people": [o.boss_id], "mode": "any", "escalateTo": "next_level"}]),
    )
    .await;
    let id = request(&app, s, &s.employee, 0, 1, json!({})).await;
    let first = ok(approve(&app, &s.manager, id).await);
    assert_eq!(first["message"], "Your approval is recorded; step 1 of 2 still waits for Ana Silva.");
    // The deputy does not reach the employee, but is a named approver: the inbox lists it.
    let inbox = ok(app.get_as(&o.deputy, "/server/v1/inbox/data").await);
    assert_eq!(pending_row(&inbox, id).unwrap()["mayAnswer"], true);
    let second = ok(approve(&app, &o.deputy, id).await);
    assert_eq!(second["message"], "Approved step 1 of 2; now waiting for Bob Stone.");

    // An admin approves what is left, recorded as such; a manager cannot.
    let refused =
        app.post_as(&s.manager, "/server/v1/pto/approve-timeoff", json!({"request": id, "allSteps": true})).await;
    assert_eq!(refused.status, 403);
    let all =
        ok(app.post_as(&s.admin, "/server/v1/pto/approve-timeoff", json!({"request": id, "allSteps": true})).await);
    assert_eq!(all["request"]["status"], 3);
    let answers = all["request"]["approval"]["answers"].as_array().unwrap().clone();
    assert_eq!(answers.len(), 3);
    assert_eq!((answers[2]["byName"].as_str(), answers[2]["allSteps"].as_bool()), (Some("Alex Admin"), Some(true)));
    // Someone outside the company never sees it.
    let stranger = app.admin_of_new_company("Elsewhere", &unique_email("stranger")).await;
    assert_eq!(approve(&app, &stranger, id).await.status, 404);
}

#[actix_web::test]
async fn a_stand_in_answers_while_the_manager_is_away_and_nobody_answers_their_own_request() {
    let app = spawn_app().await;
    let o = org(&app).await;
    let s = &o.s;
    path_for_vacation(&app, s, json!([manager_step()])).await;
    let today = Utc::now().with_timezone(&s.zone).date_naive();
    let day = |days: i64| (today + Duration::days(days)).format("%Y-%m-%d").to_string();
    // Bad periods and a circle are refused.
    let back = app
        .post_as(
            &s.manager,
            "/server/v1/approvals/stand-ins",
            json!({"standInId": o.deputy_id, "startsOn": day(3), "endsOn": day(1)}),
        )
        .await;
    assert_eq!(back.field("endsOn"), ["The end is before the start."]);
    let far = app
        .post_as(
            &s.manager,
            "/server/v1/approvals/stand-ins",
            json!({"standInId": o.deputy_id, "startsOn": day(0), "endsOn": day(400)}),
        )
        .await;
    assert_eq!(far.field("endsOn"), ["A stand-in period ends at most a year from today."]);
    let employee = app
        .post_as(
            &s.manager,
            "/server/v1/approvals/stand-ins",
            json!({"standInId": s.employee_id, "startsOn": day(0), "endsOn": day(5)}),
        )
        .await;
    assert_eq!(employee.field("standInId"), ["Only active managers and admins can approve."]);
    let set = ok(app
        .post_as(
            &s.manager,
            "/server/v1/approvals/stand-ins",
            json!({"standInId": o.deputy_id, "startsOn": day(0), "endsOn": day(14)}),
        )
        .await);
    assert_eq!((set["standInName"].as_str(), set["active"].as_bool()), (Some("Ana Silva"), Some(true)));
    let circle = app
        .post_as(
            &o.deputy,
            "/server/v1/approvals/stand-ins",
            json!({"standInId": s.manager_id, "startsOn": day(2), "endsOn": day(3)}),
        )
        .await;
    assert!(circle.field("standInId")[0].contains("circle"), "{:?}", circle.body);
    // Only an admin names one for someone else.
    let other = app
        .post_as(
            &o.deputy,
            "/server/v1/approvals/stand-ins",
            json!({"personId": o.boss_id, "standInId": o.deputy_id, "startsOn": day(0), "endsOn": day(1)}),
        )
        .await;
    assert_eq!(other.status, 403);

    let id = request(&app, s, &s.employee, 0, 1, json!({})).await;
    // The stand-in is told, as a stand-in, and answers for the manager.
    let mail = app.mail.wait_for(&o.deputy_email, "You are standing in for Maria Lopez.").await;
    assert!(mail.text().contains("/answer/"));
    let answered = ok(approve(&app, &o.deputy, id).await);
    assert_eq!(answered["request"]["status"], 3, "{answered}");
    let answer = &answered["request"]["approval"]["answers"][0];
    assert_eq!((answer["byName"].as_str(), answer["forName"].as_str()), (Some("Ana Silva"), Some("Maria Lopez")));

    // The manager files for their report: they are the step's only approver, so it goes up to
    // their own manager, and they cannot answer it (nor can their stand-in's chain loop back).
    let filed = request(&app, s, &s.manager, 1, 1, json!({"employeeId": s.employee_id})).await;
    let row = history_row(&app, &s.employee, filed).await;
    assert_eq!(row["approval"]["waitingFor"], json!(["Bob Stone"]), "{row}");
    let own = approve(&app, &s.manager, filed).await;
    assert_eq!(own.status, 403);
    assert_eq!(own.body["message"], kernel::OWN_REQUEST_MESSAGE);
    assert_eq!(ok(approve(&app, &o.boss, filed).await)["request"]["status"], 3);
}

#[actix_web::test]
async fn reminders_and_escalations_run_once_on_the_schedulers_clock() {
    let app = spawn_app().await;
    let o = org(&app).await;
    let s = &o.s;
    path_for_vacation(
        &app,
        s,
        json!([{"approvers": "manager", "mode": "any", "remindAfterHours": 2, "escalateAfterHours": 24, "escalateTo": "next_level"}]),
    )
    .await;
    let id = request(&app, s, &s.employee, 0, 1, json!({})).await;
    let rejected = request(&app, s, &s.employee, 1, 1, json!({})).await;
    let denied = app
        .post_as(&s.manager, "/server/v1/pto/reject-timeoff", json!({"request": rejected, "comment": "Busy week"}))
        .await;
    assert_eq!(ok(denied)["request"]["status"], 4);

    let approvals = job(&app);
    let early = approvals.remind_and_escalate(Utc::now() + Duration::hours(1)).await.unwrap();
    assert_eq!((early.reminded, early.escalated), (0, 0));
    let reminded = approvals.remind_and_escalate(Utc::now() + Duration::hours(3)).await.unwrap();
    assert_eq!((reminded.reminded, reminded.escalated), (1, 0), "the rejected request is not reminded");
    app.mail.wait_for(&s.manager_email, "Reminder: Time off request").await;
    let escalated = approvals.remind_and_escalate(Utc::now() + Duration::hours(25)).await.unwrap();
    assert_eq!((escalated.reminded, escalated.escalated), (0, 1));
    // Again (a second server, a repeated run): nothing more.
    let again = approvals.remind_and_escalate(Utc::now() + Duration::hours(26)).await.unwrap();
    assert_eq!((again.reminded, again.escalated), (0, 0));

    let boss_email: String = {
        let row = app
            .db
            .query_one(Statement::from_string(
                app.db.get_database_backend(),
                format!("SELECT email FROM users WHERE id = {}", o.boss_id),
            ))
            .await
            .unwrap()
            .unwrap();
        row.try_get("", "email").unwrap()
    };
    app.mail.wait_for(&boss_email, "Nobody answered it in time, so it was escalated to you.").await;
    let row = history_row(&app, &s.employee, id).await;
    assert_eq!(row["approval"]["escalations"][0]["toNames"], json!(["Bob Stone"]), "{row}");
    assert_eq!(row["approval"]["waitingFor"], json!(["Maria Lopez", "Bob Stone"]));
    // The new approver answers; the rejection stays a rejection.
    assert_eq!(ok(approve(&app, &o.boss, id).await)["request"]["status"], 3);
    assert_eq!(history_row(&app, &s.employee, rejected).await["status"], 4);
}

#[actix_web::test]
async fn an_answer_link_works_once_and_never_after_the_step_moved_on_or_expired() {
    let app = spawn_app().await;
    let o = org(&app).await;
    let s = &o.s;
    path_for_vacation(
        &app,
        s,
        json!([{"approvers": "people", "people": [s.manager_id, o.deputy_id], "mode": "any", "escalateTo": "next_level"}]),
    )
    .await;
    let id = request(&app, s, &s.employee, 0, 1, json!({})).await;
    let token = link_token(&app, &s.manager_email, "Step 1 of 1").await;
    let page = format!("/server/v1/approvals/answer/{token}");
    // A bare GET changes nothing.
    let view = ok(app.get(&page).await);
    assert_eq!((view["state"].as_str(), view["employeeName"].as_str()), (Some("open"), Some("Emma Brooks")));
    assert!(view["summary"].as_str().unwrap().starts_with("Vacation (8 hrs), on "), "{view}");
    assert_eq!(history_row(&app, &s.employee, id).await["status"], 0);
    // Reject needs its reason.
    let bare = app.post(&page, json!({"decision": "reject"})).await;
    assert_eq!(bare.status, 400);
    let done = ok(app.post(&page, json!({"decision": "approve"})).await);
    assert_eq!(done["message"], "The request has been approved.");
    let twice = app.post(&page, json!({"decision": "approve"})).await;
    assert_eq!((twice.status, twice.body["message"].as_str()), (409, Some("This link was already used.")));
    assert_eq!(ok(app.get(&page).await)["state"], "used");
    let answer = &history_row(&app, &s.employee, id).await["approval"]["answers"][0];
    assert_eq!(answer["byName"], "Maria Lopez");

    // The deputy's link to the same request: it moved on.
    let other = link_token(&app, &o.deputy_email, "Step 1 of 1").await;
    let other_page = format!("/server/v1/approvals/answer/{other}");
    assert_eq!(ok(app.get(&other_page).await)["state"], "moved_on");
    assert_eq!(app.post(&other_page, json!({"decision": "approve"})).await.status, 409);

    // An expired link.
    request(&app, s, &s.employee, 1, 1, json!({})).await;
    let token = nth_link_token(&app, &o.deputy_email, "Step 1 of 1", 2).await;
    sql(&app, "UPDATE approval_links SET expires_at = created_at WHERE used_at IS NULL").await;
    let page = format!("/server/v1/approvals/answer/{token}");
    assert_eq!(ok(app.get(&page).await)["state"], "expired");
    let late = app.post(&page, json!({"decision": "approve"})).await;
    assert_eq!(
        (late.status, late.body["message"].as_str()),
        (410, Some("This link has expired: answer in your inbox."))
    );
    assert_eq!(app.get("/server/v1/approvals/answer/not-a-token").await.status, 404);
}

#[actix_web::test]
async fn two_approvers_answering_one_step_at_once_one_wins() {
    let app = spawn_app().await;
    let o = org(&app).await;
    let s = &o.s;
    path_for_vacation(
        &app,
        s,
        json!([{"approvers": "people", "people": [s.manager_id, o.deputy_id], "mode": "any", "escalateTo": "next_level"}]),
    )
    .await;
    for round in 0..3 {
        let id = request(&app, s, &s.employee, round, 1, json!({"reason": format!("round {round}")})).await;
        let (a, b) = futures_util::join!(approve(&app, &s.manager, id), approve(&app, &o.deputy, id));
        let changed = [&a, &b].iter().filter(|reply| reply.status == 200 && reply.body["changed"] == true).count();
        assert_eq!(changed, 1, "{:?} {:?}", a.body, b.body);
        for reply in [&a, &b] {
            assert!(reply.status == 200 || reply.status == 409, "{} {:?}", reply.status, reply.body);
        }
        let row = history_row(&app, &s.employee, id).await;
        assert_eq!(row["status"], 3);
        assert_eq!(row["approval"]["answers"].as_array().unwrap().len(), 1, "{row}");
        // Cancelled so the next round's day is free.
        ok(app.post_as(&s.admin, &format!("/server/v1/pto/cancel-request?id={id}"), json!({})).await);
    }
}

#[actix_web::test]
async fn a_path_changed_in_flight_is_kept_and_bad_paths_are_refused() {
    let app = spawn_app().await;
    let o = org(&app).await;
    let s = &o.s;
    let path = path_for_vacation(&app, s, json!([manager_step(), {"approvers": "people", "people": [o.boss_id], "mode": "any", "escalateTo": "next_level"}])).await;
    let id = request(&app, s, &s.employee, 0, 1, json!({})).await;
    ok(app
        .post_as(
            &s.admin,
            "/server/v1/approvals/paths",
            json!({"id": path, "name": "Short", "steps": [manager_step()]}),
        )
        .await);
    let first = ok(approve(&app, &s.manager, id).await);
    assert_eq!(first["message"], "Approved step 1 of 2; now waiting for Bob Stone.", "the request kept its two steps");
    // A new request takes the path as it is now.
    let later = request(&app, s, &s.employee, 1, 1, json!({})).await;
    assert_eq!(history_row(&app, &s.employee, later).await["approval"]["steps"], 1);

    let bad =
        |steps: Value| app.post_as(&s.admin, "/server/v1/approvals/paths", json!({"name": "Bad", "steps": steps}));
    assert_eq!(bad(json!([])).await.field("steps"), ["Add at least one step."]);
    assert_eq!(
        bad(json!([{"approvers": "people", "people": [], "mode": "any", "escalateTo": "next_level"}]))
            .await
            .field("steps[0].people"),
        ["Name at least one manager or admin."]
    );
    assert_eq!(
        bad(json!([{"approvers": "people", "people": [s.employee_id], "mode": "any", "escalateTo": "next_level"}]))
            .await
            .field("steps[0].people"),
        ["Only active managers and admins can approve."]
    );
    for hours in [0, 721] {
        let reply = bad(json!([{"approvers": "manager", "mode": "any", "escalateTo": "next_level", "remindAfterHours": hours, "escalateAfterHours": hours}])).await;
        assert_eq!(reply.field("steps[0].remindAfterHours"), ["Between 1 hour and 30 days."]);
        assert_eq!(reply.field("steps[0].escalateAfterHours"), ["Between 1 hour and 30 days."]);
    }
    let no_name = app
        .post_as(&s.admin, "/server/v1/approvals/paths", json!({"name": "Bad\u{7}", "steps": [manager_step()]}))
        .await;
    assert_eq!(no_name.status, 400);
    // Managers do not define paths.
    assert_eq!(
        app.post_as(&s.manager, "/server/v1/approvals/paths", json!({"name": "x", "steps": [manager_step()]}))
            .await
            .status,
        403
    );
    let setup = ok(app.get_as(&s.admin, "/server/v1/approvals/setup").await);
    assert_eq!(setup["paths"].as_array().unwrap().len(), 1, "nothing half-saved");
}

#[actix_web::test]
async fn a_type_may_approve_itself_and_timesheet_edits_take_their_own_path() {
    let app = spawn_app().await;
    let o = org(&app).await;
    let s = &o.s;
    ok(app
        .post_as(
            &s.admin,
            "/server/v1/approvals/uses",
            json!({"target": "pto_type", "ptoTypeId": s.vacation, "autoApprove": true}),
        )
        .await);
    let id = request(&app, s, &s.employee, 0, 1, json!({})).await;
    let row = history_row(&app, &s.employee, id).await;
    assert_eq!(row["status"], 3, "{row}");
    let refused = app
        .post_as(&s.admin, "/server/v1/approvals/uses", json!({"target": "timesheet_edits", "autoApprove": true}))
        .await;
    assert_eq!(refused.status, 400);

    // Edits of the employee's shift wait for an admin, not their manager.
    let path = ok(app
        .post_as(
            &s.admin,
            "/server/v1/approvals/paths",
            json!({"name": "Edits", "steps": [{"approvers": "admins", "mode": "any", "escalateTo": "next_level"}]}),
        )
        .await)["id"]
        .as_i64()
        .unwrap();
    ok(app.post_as(&s.admin, "/server/v1/approvals/uses", json!({"target": "timesheet_edits", "pathId": path})).await);
    let shift = ok(app
        .post_as(
            &s.admin,
            "/server/v1/timesheet/edit",
            json!({"employeeId": s.employee_id, "start": "2026-10-05 09:00:00", "end": "2026-10-05 17:00:00"}),
        )
        .await)["id"]
        .as_i64()
        .unwrap();
    let asked = ok(app
        .post_as(
            &s.employee,
            "/server/v1/timesheet/edit-request",
            json!({"trackingNumber": shift, "changeType": "out", "end": "2026-10-05 18:00:00", "comment": "Stayed late"}),
        )
        .await);
    let req = asked["id"].as_i64().unwrap();
    assert_eq!(asked["approval"]["waitingFor"], json!(["Alex Admin"]), "{asked}");
    let manager = app.post_as(&s.manager, "/server/v1/timesheet/edit-request-approve", json!({"reqId": req})).await;
    assert_eq!(manager.status, 403, "{:?}", manager.body);
    let approved = ok(app.post_as(&s.admin, "/server/v1/timesheet/edit-request-approve", json!({"reqId": req})).await);
    assert!(approved["approvalMessage"].is_null(), "{approved}");
    let requests = ok(app.get_as(&s.employee, &format!("/server/v1/timesheet/requests?ts={shift}")).await);
    assert_eq!(requests["requests"][0]["status"], 1, "{requests}");
    assert_eq!(requests["requests"][0]["approval"]["state"], "approved");
}

#[actix_web::test]
async fn two_managers_naming_each_other_at_once_never_make_a_circle() {
    let app = spawn_app().await;
    let o = org(&app).await;
    let s = &o.s;
    let today = Utc::now().with_timezone(&s.zone).date_naive();
    let (from, to) = (today.to_string(), (today + Duration::days(5)).to_string());
    for _ in 0..3 {
        let (a, b) = futures_util::join!(
            app.post_as(
                &s.manager,
                "/server/v1/approvals/stand-ins",
                json!({"standInId": o.deputy_id, "startsOn": from, "endsOn": to})
            ),
            app.post_as(
                &o.deputy,
                "/server/v1/approvals/stand-ins",
                json!({"standInId": s.manager_id, "startsOn": from, "endsOn": to})
            ),
        );
        let passed = [&a, &b].iter().filter(|reply| reply.status == 200).count();
        assert_eq!(passed, 1, "{:?} {:?}", a.body, b.body);
        let listed = ok(app.get_as(&s.admin, "/server/v1/approvals/stand-ins").await);
        for row in listed.as_array().unwrap() {
            ok(app.post_as(&s.admin, "/server/v1/approvals/stand-ins/delete", json!({"id": row["id"]})).await);
        }
    }
}
