//! The accrual job and the scheduler (issue 18 "Server rules"): the job posts each employee's
//! checkpoint; balances read from checkpoints equal a full recompute, before and after
//! backdated changes (worked hours, start date); two servers never run a job at once; a job
//! missed during downtime runs at the next tick; a failed run is kept and retried.

use crate::helpers::{spawn_app, unique_email, Reply, TestApp};
use chrono::{Datelike, Duration, NaiveDate, TimeZone, Utc};
use clock::entities::{time_entries, worked_changes};
use kernel::scheduler::{Pass, Scheduler};
use kernel::{Role, WriteGate};
use pto::entities::pto_checkpoints;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

fn ok(reply: Reply) -> Value {
    assert!(reply.status < 300, "{} {:?}", reply.status, reply.body);
    reply.body
}

pub(crate) struct Setup {
    pub(crate) admin: String,
    pub(crate) company: i64,
    pub(crate) employee: i64,
    pub(crate) email: String,
    pub(crate) year: i32,
}

/// An employee who started on 1 January, in a plan accruing an hour of sick time per 30 hours
/// worked and 80 hours of vacation a year.
pub(crate) async fn setup(app: &TestApp) -> Setup {
    let admin_email = unique_email("admin");
    let admin = app.admin_of_new_company("Accruals Co", &admin_email).await;
    let company = app.company_of(&admin_email).await;
    let email = unique_email("employee");
    let employee = app.add_person(company.id, &email, Role::Employee, None).await;
    let year = ok(app.get_as(&admin, "/server/v1/pto-manage/data").await)["currentYear"].as_i64().unwrap() as i32;
    ok(app
        .post_as(
            &admin,
            "/server/v1/manage/add-user",
            json!({"id": employee, "firstname": "Ava", "lastname": "Stone", "email": email, "startDate": format!("{year}-01-01")}),
        )
        .await);
    let mut types = Vec::new();
    for name in ["Vacation", "Sick"] {
        types.push(
            ok(app.post_as(&admin, "/server/v1/settings/update-pto-type", json!({"name": name})).await)["id"].clone(),
        );
    }
    ok(app
        .post_as(
            &admin,
            "/server/v1/settings/save-pto-plan",
            json!({"name": "Hourly", "year": year, "assignType": "teamMembers", "assignIds": [employee],
                   "rules": [{"ptoTypeId": types[0], "method": "PER_CALENDAR_YEAR", "rate": 80, "rateUnit": 1},
                             {"ptoTypeId": types[1], "method": "PER_HOUR_WORKED", "rate": 1, "rateUnit": 30}]}),
        )
        .await);
    Setup { admin, company: company.id.0, employee, email, year }
}

/// An ended shift of `minutes` on `day` (noon UTC), as the clock stores one.
pub(crate) async fn worked(app: &TestApp, s: &Setup, day: NaiveDate, minutes: i32) {
    let start = Utc.from_utc_datetime(&day.and_hms_opt(12, 0, 0).unwrap());
    let week = day - Duration::days(i64::from(day.weekday().num_days_from_sunday()));
    time_entries::ActiveModel {
        company_id: Set(kernel::CompanyId(s.company)),
        employee_id: Set(kernel::UserId(s.employee)),
        start_at: Set(start),
        end_at: Set(Some(start + Duration::minutes(minutes.into()))),
        state: Set(3),
        open_employee_id: Set(None),
        created_by: Set(kernel::UserId(s.employee)),
        work_day: Set(Some(day)),
        work_week: Set(Some(week)),
        worked_minutes: Set(Some(minutes)),
        created_at: Set(start),
        updated_at: Set(start),
        ..Default::default()
    }
    .insert(&app.db)
    .await
    .unwrap();
}

pub(crate) fn service(app: &TestApp) -> pto::Pto {
    pto::Pto::new(app.db.clone(), app.accounts.clone(), WriteGate::open())
}

async fn folder(app: &TestApp, s: &Setup) -> Value {
    ok(app.get_as(&s.admin, &format!("/server/v1/manage/employee-pto?id={}", s.employee)).await)
}

/// The employee's total balance as the employee list reads it: from the job's checkpoint while
/// it still holds (the folder computes one person from the start).
async fn listed(app: &TestApp, s: &Setup) -> Value {
    let page = ok(app.get_as(&s.admin, "/server/v1/manage/employees?q=Stone").await);
    page["employees"].as_array().unwrap().iter().find(|row| row["id"] == s.employee).unwrap()["ptoAvailable"].clone()
}

/// The total as the list reads it now, and as a full recompute gives it.
async fn read_and_recompute(app: &TestApp, s: &Setup) -> (Value, Value) {
    (listed(app, s).await, folder(app, s).await["available"].clone())
}

#[actix_web::test]
async fn balances_from_checkpoints_equal_a_full_recompute_after_backdated_changes() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let pto = service(&app);
    let now = Utc::now();
    let first = NaiveDate::from_ymd_opt(s.year, 1, 1).unwrap();
    // Days worked before yesterday (the checkpoint's day), in the company's year.
    let days: Vec<NaiveDate> = (0..120)
        .map(|n| first + Duration::days(n * 2))
        .filter(|day| *day < now.date_naive() - Duration::days(2))
        .collect();
    for day in &days {
        worked(&app, &s, *day, 480).await;
    }

    let full = folder(&app, &s).await;
    let run = pto.post_accruals(now).await.unwrap();
    assert!(run.employees >= 1 && run.resumed == 0, "{run:?}");
    assert_eq!(
        pto_checkpoints::Entity::find()
            .filter(pto_checkpoints::Column::EmployeeId.eq(s.employee))
            .count(&app.db)
            .await
            .unwrap(),
        1
    );
    assert_eq!(listed(&app, &s).await, full["available"]);
    // A second run goes on from the first one's checkpoints and posts the same ones.
    let again = pto.post_accruals(now).await.unwrap();
    assert_eq!((again.employees, again.resumed), (run.employees, run.employees));
    assert_eq!(listed(&app, &s).await, full["available"]);

    if let Some(early) = days.first() {
        // A shift added on a day the checkpoint covers: the balance shows it at once.
        worked(&app, &s, *early + Duration::days(1), 600).await;
        let (read, recomputed) = read_and_recompute(&app, &s).await;
        assert_eq!(read, recomputed);
        assert_ne!(read, full["available"], "ten more hours worked earn sick time");
        pto.post_accruals(now).await.unwrap();
        // A shift's minutes moved from one early day to another: same total, different days.
        let moved = time_entries::Entity::find()
            .filter(time_entries::Column::EmployeeId.eq(s.employee))
            .filter(time_entries::Column::WorkDay.eq(*early))
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        let mut moved: time_entries::ActiveModel = moved.into();
        moved.work_day = Set(Some(*early + Duration::days(3)));
        moved.update(&app.db).await.unwrap();
        let moved_run = pto.post_accruals(now).await.unwrap();
        assert_eq!(moved_run.resumed, run.employees - 1, "the moved shift's owner is computed afresh");
        // A backdated shift deleted: the list reads the recompute at once.
        let before = listed(&app, &s).await;
        time_entries::Entity::delete_many()
            .filter(time_entries::Column::EmployeeId.eq(s.employee))
            .filter(time_entries::Column::WorkDay.eq(*early + Duration::days(1)))
            .exec(&app.db)
            .await
            .unwrap();
        let (read, recomputed) = read_and_recompute(&app, &s).await;
        assert_eq!(read, recomputed);
        assert_ne!(read, before, "ten hours fewer worked earn less sick time");
        // The job forgets the logged changes every checkpoint has seen.
        assert!(worked_changes::Entity::find().count(&app.db).await.unwrap() > 0);
        pto.post_accruals(now).await.unwrap();
        let marks: Vec<i64> =
            pto_checkpoints::Entity::find().all(&app.db).await.unwrap().iter().map(|row| row.worked_seq).collect();
        let oldest = marks.iter().copied().min().unwrap();
        assert_eq!(
            worked_changes::Entity::find().filter(worked_changes::Column::Id.lte(oldest)).count(&app.db).await.unwrap(),
            0
        );
    }

    // A backdated start date.
    pto.post_accruals(now).await.unwrap();
    ok(app
        .post_as(
            &s.admin,
            "/server/v1/manage/add-user",
            json!({"id": s.employee, "firstname": "Ava", "lastname": "Stone", "email": s.email, "startDate": format!("{}-03-01", s.year)}),
        )
        .await);
    let (read, recomputed) = read_and_recompute(&app, &s).await;
    assert_eq!(read, recomputed);
}

#[actix_web::test]
async fn two_servers_run_a_job_once_and_a_missed_run_catches_up() {
    let app = spawn_app().await;
    let runs = Arc::new(AtomicU64::new(0));
    let scheduler = |owner: &str| {
        let mut scheduler = Scheduler::new(app.db.clone(), owner);
        let runs = runs.clone();
        scheduler.add("test-count", Duration::hours(1), move |_| {
            let runs = runs.clone();
            async move {
                tokio::time::sleep(std::time::Duration::from_millis(200)).await;
                Ok(format!("run {}", runs.fetch_add(1, Ordering::SeqCst) + 1))
            }
        });
        scheduler
    };
    let (one, two) = (scheduler("server-one"), scheduler("server-two"));
    let now = Utc::now();
    let (a, b) = tokio::join!(one.run_due(now), two.run_due(now));
    let ran: Vec<Pass> = [a.unwrap(), b.unwrap()].into_iter().flatten().map(|(_, pass)| pass).collect();
    assert_eq!(runs.load(Ordering::SeqCst), 1);
    assert!(ran.contains(&Pass::Skipped));
    // Not due again within the hour, on either server.
    assert_eq!(two.run_due(now + Duration::minutes(30)).await.unwrap(), [("test-count", Pass::Skipped)]);
    // After a day down, the next tick runs it (once).
    let later = now + Duration::days(1);
    assert!(matches!(one.run_due(later).await.unwrap()[0].1, Pass::Ran(Ok(_))));
    assert_eq!(two.run_due(later).await.unwrap(), [("test-count", Pass::Skipped)]);
    assert_eq!(runs.load(Ordering::SeqCst), 2);

    // A failing job's batch is tried again after its backoff (tests/api/job_batches.rs covers
    // failures, retries and instances that die).
    let mut failing = Scheduler::new(app.db.clone(), "server-three");
    failing.add("test-fail", Duration::hours(24), |_| async { Err("the payment provider is down".to_owned()) });
    assert_eq!(failing.run_due(now).await.unwrap(), [("test-fail", Pass::Skipped)]);
    let listed = failing.list().await.unwrap();
    let run = listed[0].last_run.as_ref().unwrap();
    assert_eq!(run.errors[0].message, "the payment provider is down");
    assert!(run.finished_at.is_none());
}

/// Issue 38, accrual health: a broken rule (a row no form could save) stops one person's
/// accruals, never the others'; the run records it, the company's admins read it named, the
/// operators are e-mailed once per incident, and a job that stops finishing runs for a day is an
/// incident of its own.
#[actix_web::test]
async fn a_broken_rule_is_named_and_the_operators_are_told_once_per_incident() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let today = Utc::now().date_naive();
    worked(&app, &s, today - Duration::days(3), 600).await;
    // A second person in a plan of their own, whose rule is later broken in the database.
    let email = unique_email("broken");
    let other = app.add_person(kernel::CompanyId(s.company), &email, Role::Employee, None).await;
    let types = ok(app.get_as(&s.admin, "/server/v1/pto-manage/data").await)["ptoTypes"].clone();
    let sick = types.as_array().unwrap().iter().find(|t| t["name"] == "Sick").unwrap()["id"].clone();
    let plan = ok(app
        .post_as(
            &s.admin,
            "/server/v1/settings/save-pto-plan",
            json!({"name": "Old import", "year": s.year, "assignType": "teamMembers", "assignIds": [other],
                   "rules": [{"ptoTypeId": sick, "method": "PER_HOUR_WORKED", "rate": 1, "rateUnit": 30}]}),
        )
        .await);
    let rule =
        pto::entities::pto_rules::Entity::find_by_id(kernel::ids::PtoRuleId(plan["rules"][0]["id"].as_i64().unwrap()))
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
    let mut broken: pto::entities::pto_rules::ActiveModel = rule.into();
    broken.method = Set("WEEKLY".to_owned());
    broken.update(&app.db).await.unwrap();
    app.operator_token().await;
    let operators = accounts::people::read::operator_contacts(&app.db).await.unwrap();
    let operator = operators.first().unwrap().0.clone();

    // All well before the run: no warning.
    let health = ok(app.get_as(&s.admin, "/server/v1/pto-manage/accrual-health").await);
    assert_eq!(health["warning"], Value::Null);

    let pto = service(&app);
    let run = pto.post_accruals(Utc::now()).await.unwrap();
    assert_eq!(run.errors, 1);
    // The first person's checkpoint was posted all the same.
    let posted = pto_checkpoints::Entity::find()
        .filter(pto_checkpoints::Column::EmployeeId.eq(kernel::UserId(s.employee)))
        .count(&app.db)
        .await
        .unwrap();
    assert_eq!(posted, 1);

    let health = ok(app.get_as(&s.admin, "/server/v1/pto-manage/accrual-health").await);
    let problems: Vec<&str> = health["problems"].as_array().unwrap().iter().map(|p| p.as_str().unwrap()).collect();
    assert_eq!(problems.len(), 1, "{health}");
    assert!(
        problems[0].ends_with(": the Sick rule of plan 'Old import' is broken: its method 'WEEKLY' is unknown"),
        "{problems:?}"
    );
    assert!(health["warning"].as_str().unwrap().contains("could not bring one person's balance forward"), "{health}");
    assert_eq!(health["lastRun"]["errors"], 1);

    // The operators are told once: the next pass, and the next run finding the same, send nothing.
    assert_eq!(pto.watch_accruals(Utc::now()).await.unwrap(), operators.len());
    app.mail.wait_for(&operator, "the Sick rule of plan 'Old import' is broken").await;
    assert_eq!(pto.watch_accruals(Utc::now()).await.unwrap(), 0);
    pto.post_accruals(Utc::now()).await.unwrap();
    assert_eq!(pto.watch_accruals(Utc::now()).await.unwrap(), 0);

    // A day and more without a finished run: an incident of its own, told once.
    let later = Utc::now() + Duration::hours(25);
    assert_eq!(pto.watch_accruals(later).await.unwrap(), operators.len());
    app.mail.wait_for(&operator, "The accrual job has not finished a run since").await;
    assert_eq!(pto.watch_accruals(later + Duration::hours(1)).await.unwrap(), 0);

    let system = ok(app.get_as(&app.operator_token().await, "/server/v1/system/accrual-health").await);
    assert_eq!(system["runs"].as_array().unwrap().len(), 2);
    assert_eq!(system["incidents"].as_array().unwrap().len(), 2);
    assert!(system["errors"][0].as_str().unwrap().contains("Accruals Co: "), "{system}");
    // Company admins do not read the operator's view.
    assert_eq!(app.get_as(&s.admin, "/server/v1/system/accrual-health").await.status, 404);
}
