//! Issue 44: scheduled work shared by every instance. A run is cut into batches that any
//! instance claims; each company is processed once however many instances work; a batch whose
//! instance died is finished by another after its lease, with no double effect; a failing
//! company stops no other and is tried again; two schedulers planning at once make one run; a
//! daily job becomes due company by company in each one's own zone. On both databases.

use crate::accruals::{service, setup, worked};
use crate::calendar::hr_service;
use crate::helpers::{spawn_app, unique_email, TestApp};
use chrono::{DateTime, Duration, TimeZone, Utc};
use kernel::scheduler::{recent_runs, Pass};
use kernel::{BatchDone, BatchKey, CompanyId, Role, RunSummary, Scheduler};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::json;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Who did which batch, as a test job records it.
type Done = Arc<Mutex<Vec<(i64, String)>>>;

/// A scheduler named `owner` with the test job `name`: a batch per company id of `companies`,
/// each taking `pause`; a company in `failing` fails while its count of failures left is above 0.
fn counting(
    app: &TestApp,
    owner: &str,
    name: &'static str,
    companies: Vec<i64>,
    done: Done,
    failing: Arc<Mutex<HashMap<i64, u32>>>,
) -> Scheduler {
    let mut scheduler = Scheduler::new(app.db.clone(), owner).with_lease(Duration::seconds(3)).with_batches_in_hand(2);
    let me = owner.to_owned();
    scheduler.add_batched(
        name,
        Duration::days(1),
        move |_| {
            let companies = companies.clone();
            async move { Ok(companies.into_iter().map(|id| BatchKey::company(CompanyId(id))).collect()) }
        },
        move |key, _| {
            let (done, failing, me) = (done.clone(), failing.clone(), me.clone());
            async move {
                let company = key.company.map_or(0, |id| id.0);
                tokio::time::sleep(std::time::Duration::from_millis(40)).await;
                if let Some(left) = failing.lock().unwrap().get_mut(&company) {
                    if *left > 0 {
                        *left -= 1;
                        return Err(format!("Company {company}: its rule is broken"));
                    }
                }
                done.lock().unwrap().push((company, me));
                Ok(BatchDone::new(10, format!("company {company}")))
            }
        },
    );
    scheduler
}

async fn last_run(app: &TestApp, job: &str) -> RunSummary {
    recent_runs(&app.db, Some(job), 1).await.unwrap().into_iter().next().expect("a run")
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    let backend = app.db.get_database_backend();
    let row = app.db.query_one(Statement::from_string(backend, sql.to_owned())).await.unwrap().unwrap();
    row.try_get_by_index::<i64>(0).unwrap()
}

#[actix_web::test]
async fn a_run_is_shared_by_two_instances_and_each_company_is_processed_once() {
    let app = spawn_app().await;
    let done: Done = Arc::default();
    let companies: Vec<i64> = (1..=24).collect();
    let one = counting(&app, "instance-one", "test-shared", companies.clone(), done.clone(), Arc::default());
    let two = counting(&app, "instance-two", "test-shared", companies.clone(), done.clone(), Arc::default());
    let now = Utc::now();

    // Two schedulers planning the same instant at once make one run.
    let (a, b) = tokio::join!(one.plan_due(now), two.plan_due(now));
    let planned: Vec<_> = a.unwrap().into_iter().chain(b.unwrap()).filter_map(|(_, run)| run).collect();
    assert_eq!(planned.len(), 1, "{planned:?}");
    assert_eq!(count(&app, "SELECT COUNT(*) FROM job_runs WHERE job = 'test-shared'").await, 1);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM job_batches WHERE job = 'test-shared'").await, 24);

    let (a, b) = tokio::join!(one.run_due(now), two.run_due(now));
    let passes: Vec<Pass> = [a.unwrap(), b.unwrap()].into_iter().flatten().map(|(_, pass)| pass).collect();
    // The instance that ended the last batch reports the run.
    assert_eq!(passes.iter().filter(|pass| matches!(pass, Pass::Ran(Ok(_)))).count(), 1, "{passes:?}");

    let done = done.lock().unwrap().clone();
    let mut seen: Vec<i64> = done.iter().map(|(company, _)| *company).collect();
    seen.sort_unstable();
    assert_eq!(seen, companies, "every company once");
    let run = last_run(&app, "test-shared").await;
    assert!(run.finished_at.is_some());
    assert_eq!((run.batches, run.done, run.failed, run.items), (24, 24, 0, 240));
    assert_eq!(run.shares.len(), 2, "both instances took batches: {:?}", run.shares);
    assert!(run.shares.values().all(|batches| *batches > 0));
    assert_eq!(run.shares.values().sum::<i64>(), 24);
    for (owner, batches) in &run.shares {
        assert_eq!(done.iter().filter(|(_, by)| by == owner).count() as i64, *batches);
    }

    // Not due again within its interval, on either instance; no run while one is under way.
    assert_eq!(one.plan_due(now + Duration::hours(1)).await.unwrap(), []);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM job_runs WHERE job = 'test-shared'").await, 1);
    // After two days down, the next plan catches up with one run.
    let (a, b) = tokio::join!(one.plan_due(now + Duration::days(2)), two.plan_due(now + Duration::days(2)));
    assert_eq!(a.unwrap().len() + b.unwrap().len(), 1);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM job_runs WHERE job = 'test-shared'").await, 2);
}

#[actix_web::test]
async fn a_failing_company_stops_no_other_and_is_tried_again_then_marked_failed() {
    let app = spawn_app().await;
    let done: Done = Arc::default();
    // Company 3 fails once, then works; company 5 always fails.
    let failing = Arc::new(Mutex::new(HashMap::from([(3, 1), (5, u32::MAX)])));
    let one = counting(&app, "instance-one", "test-failing", (1..=5).collect(), done.clone(), failing);
    let now = Utc::now();

    let passes = one.run_due(now).await.unwrap();
    assert_eq!(passes, [("test-failing", Pass::Skipped)], "the run is not over while batches wait");
    let mut seen: Vec<i64> = done.lock().unwrap().iter().map(|(company, _)| *company).collect();
    seen.sort_unstable();
    assert_eq!(seen, [1, 2, 4], "the others were done");
    let run = last_run(&app, "test-failing").await;
    assert_eq!((run.done, run.failed, run.finished_at), (3, 0, None));
    let errors: Vec<_> = run.errors.iter().map(|error| (error.company, error.message.clone())).collect();
    assert!(errors.contains(&(Some(CompanyId(3)), "Company 3: its rule is broken".to_owned())), "{errors:?}");

    // Not before its backoff; then company 3 works, and company 5 fails again.
    one.run_due(now + Duration::seconds(30)).await.unwrap();
    assert_eq!(done.lock().unwrap().len(), 3);
    one.run_due(now + Duration::minutes(2)).await.unwrap();
    assert_eq!(done.lock().unwrap().len(), 4);
    // Tried after 5 min, 30 min and 2 h more, then failed: the run ends, naming the company.
    let mut at = now + Duration::minutes(2);
    let mut ended = None;
    for wait in [Duration::minutes(6), Duration::minutes(31), Duration::minutes(121)] {
        at += wait;
        for (_, pass) in one.run_due(at).await.unwrap() {
            if let Pass::Ran(outcome) = pass {
                ended = Some(outcome);
            }
        }
    }
    let outcome = ended.expect("the run ended");
    assert!(outcome.as_ref().is_err_and(|error| error.contains("Company 5: its rule is broken")), "{outcome:?}");
    let run = last_run(&app, "test-failing").await;
    assert_eq!((run.batches, run.done, run.failed), (5, 4, 1));
    assert!(run.finished_at.is_some());
    assert_eq!(
        count(&app, "SELECT CAST(attempts AS BIGINT) FROM job_batches WHERE job = 'test-failing' AND company_id = 5")
            .await,
        5
    );
    // The next run is planned when due.
    assert_eq!(one.plan_due(at + Duration::days(1)).await.unwrap().len(), 1);
}

#[actix_web::test]
async fn a_batch_whose_instance_stopped_every_time_is_failed_without_running_again() {
    let app = spawn_app().await;
    let done: Done = Arc::default();
    let one = counting(&app, "instance-one", "test-crashing", vec![7], done.clone(), Arc::default());
    let now = Utc::now();
    one.plan_due(now).await.unwrap();
    // As five instances left it: claimed five times, each claim run out.
    app.db
        .execute_unprepared(
            "UPDATE job_batches SET status = 'claimed', attempts = 5, lease_owner = 'gone', lease_until = '2000-01-01 00:00:00+00:00' WHERE job = 'test-crashing'",
        )
        .await
        .unwrap();
    let passes = one.run_due(now + Duration::hours(1)).await.unwrap();
    assert!(
        matches!(&passes[0].1, Pass::Ran(Err(error)) if error.contains("Company 7: its instance stopped while running it 5 times")),
        "{passes:?}"
    );
    assert!(done.lock().unwrap().is_empty(), "not run a sixth time");
    let run = last_run(&app, "test-crashing").await;
    assert_eq!((run.batches, run.done, run.failed), (1, 0, 1));
}

/// The accrual job with its real plan and batches, under `owner`; with `die`, an instance that
/// does a batch's work and then dies before recording it (the worst moment): its claim is never
/// renewed.
fn accruals(app: &TestApp, owner: &str, die: bool) -> Scheduler {
    let (plan, batch) = (service(app), service(app));
    let mut scheduler = Scheduler::new(app.db.clone(), owner).with_lease(Duration::seconds(3));
    scheduler.add_batched(
        pto::accruals::ACCRUAL_JOB,
        Duration::hours(1),
        move |now| {
            let pto = plan.clone();
            async move { pto.plan_accruals(now).await.map_err(|err| err.to_string()) }
        },
        move |key, now| {
            let pto = batch.clone();
            async move {
                let done = pto.post_accrual_batch(key, now).await?;
                if die {
                    std::future::pending::<()>().await;
                }
                Ok(BatchDone::new(done.employees, ""))
            }
        },
    );
    scheduler
}

/// The celebration job as the servers run it (daily, from 08:00 in each company's zone), under
/// `owner`; with `die`, an instance that queues a company's mails and dies before recording it.
pub(crate) fn celebrations(app: &TestApp, owner: &str, die: bool) -> Scheduler {
    let (companies, batch) = (hr_service(app), hr_service(app));
    let mut scheduler = Scheduler::new(app.db.clone(), owner).with_lease(Duration::seconds(3));
    scheduler.add_daily(
        hr::celebrations::CELEBRATIONS_JOB,
        Duration::minutes(15),
        hr::celebrations::SEND_FROM_HOUR,
        move || {
            let hr = companies.clone();
            async move { hr.celebration_companies().await.map_err(|err| err.to_string()) }
        },
        move |key, now| {
            let hr = batch.clone();
            async move {
                let company = key.company.ok_or("a company")?;
                let run = hr.send_company_celebrations(company, now).await.map_err(|err| err.to_string())?;
                if die {
                    std::future::pending::<()>().await;
                }
                Ok(BatchDone::new(run.queued, ""))
            }
        },
    );
    scheduler
}

async fn wait_until(what: &str, mut check: impl AsyncFnMut() -> bool) {
    for _ in 0..200 {
        if check().await {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("waited in vain for {what}");
}

#[actix_web::test]
async fn a_batch_whose_instance_died_is_finished_by_another_after_its_lease_with_no_double_effect() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let today = Utc::now().date_naive();
    worked(&app, &s, today - Duration::days(3), 600).await;
    let checkpoints = format!("SELECT COUNT(*) FROM pto_checkpoints WHERE employee_id = {}", s.employee);
    let now = Utc::now();

    let dying = accruals(&app, "dying", true);
    let task = tokio::spawn(async move { dying.run_due(now).await });
    wait_until("the dying instance's work", async || count(&app, &checkpoints).await == 1).await;
    task.abort();
    let run = last_run(&app, pto::accruals::ACCRUAL_JOB).await;
    assert_eq!((run.done, run.finished_at), (0, None), "the dead instance recorded nothing");

    // Within the lease nobody takes it; after, the survivor does, and finishes the run.
    let survivor = accruals(&app, "survivor", false);
    assert_eq!(survivor.run_due(Utc::now()).await.unwrap(), [(pto::accruals::ACCRUAL_JOB, Pass::Skipped)]);
    let later = Utc::now() + Duration::seconds(5);
    assert!(matches!(survivor.run_due(later).await.unwrap()[0].1, Pass::Ran(Ok(_))));
    let run = last_run(&app, pto::accruals::ACCRUAL_JOB).await;
    assert_eq!((run.batches, run.done, run.failed), (1, 1, 0));
    assert_eq!(run.shares.keys().collect::<Vec<_>>(), ["survivor"]);
    assert_eq!(count(&app, "SELECT CAST(attempts AS BIGINT) FROM job_batches").await, 2);
    // One checkpoint (the ledger's state), as after one run.
    assert_eq!(count(&app, &checkpoints).await, 1);
    let balance = service(&app).post_accruals(now).await.unwrap();
    assert_eq!(balance.employees, 1);
    assert_eq!(count(&app, &checkpoints).await, 1);
}

#[actix_web::test]
async fn a_celebration_batch_run_again_after_its_instance_died_sends_one_mail() {
    let app = spawn_app().await;
    let admin_email = unique_email("admin");
    let admin = app.admin_of_new_company("Party Co", &admin_email).await;
    let company = app.company_of(&admin_email).await;
    let zone = kernel::time::parse_time_zone(&company.time_zone).unwrap();
    let email = unique_email("birthday");
    let person = app.add_person(company.id, &email, Role::Employee, None).await;
    let today = Utc::now().with_timezone(&zone).date_naive();
    let reply = app
        .post_as(
            &admin,
            "/server/v1/manage/add-user",
            json!({"id": person, "firstname": "Nia", "lastname": "Cole", "email": email,
                   "birthday": today.format("%m/%d").to_string(), "startDate": "2020-02-03"}),
        )
        .await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    let morning = zone.from_local_datetime(&today.and_hms_opt(9, 0, 0).unwrap()).unwrap().with_timezone(&Utc);
    let dying = celebrations(&app, "dying", true);
    let task = tokio::spawn(async move { dying.run_due(morning).await });
    let outbox = "SELECT COUNT(*) FROM mail_outbox";
    let queued = || async { count(&app, outbox).await };
    let before = queued().await;
    wait_until("the birthday mail queued", async || count(&app, "SELECT COUNT(*) FROM celebration_sends").await == 1)
        .await;
    task.abort();
    let survivor = celebrations(&app, "survivor", false);
    // After the dead claim's lease: it ran out 3 s after the later of the morning and the moment
    // it was taken (before 09:00 in the company's zone the morning is still to come).
    let after_lease = morning.max(Utc::now()) + Duration::seconds(5);
    assert!(matches!(survivor.run_due(after_lease).await.unwrap()[0].1, Pass::Ran(Ok(_))));
    assert_eq!(count(&app, "SELECT COUNT(*) FROM celebration_sends").await, 1);
    assert!(queued().await <= before + 1);
    app.mail.wait_for(&email, "Happy birthday").await;
    app.mail.settled().await;
    assert_eq!(app.mail.to(&email).iter().filter(|mail| mail.text().contains("birthday")).count(), 1);
    // The company's day is done: not due again today, however often the job looks.
    let planned = survivor.plan_due(morning + Duration::hours(2)).await.unwrap();
    assert_eq!(planned.len(), 1);
    let run = last_run(&app, hr::celebrations::CELEBRATIONS_JOB).await;
    assert_eq!((run.batches, run.outcome()), (0, Ok("0 batches, 0 people".to_owned())), "an empty run: {run:?}");
    assert!(run.finished_at.is_some());
}

#[actix_web::test]
async fn a_daily_job_is_due_company_by_company_in_each_ones_zone() {
    let app = spawn_app().await;
    let done: Done = Arc::default();
    let zones: Vec<(CompanyId, chrono_tz::Tz)> = vec![
        (CompanyId(1), chrono_tz::Asia::Tokyo),
        (CompanyId(2), chrono_tz::Europe::London),
        (CompanyId(3), chrono_tz::America::Los_Angeles),
    ];
    let mut daily = Scheduler::new(app.db.clone(), "one");
    let record = done.clone();
    daily.add_daily(
        "test-daily",
        Duration::minutes(15),
        8,
        move || {
            let zones = zones.clone();
            async move { Ok(zones) }
        },
        move |key, _| {
            let record = record.clone();
            async move {
                record.lock().unwrap().push((key.company.map_or(0, |id| id.0), "one".into()));
                Ok(BatchDone::new(1, ""))
            }
        },
    );
    let utc = |day: u32, hour: u32| -> DateTime<Utc> { Utc.with_ymd_and_hms(2026, 12, day, hour, 0, 0).unwrap() };
    let done_ids = || done.lock().unwrap().iter().map(|(company, _)| *company).collect::<Vec<_>>();
    // 05:00 UTC on the 1st: 14:00 in Tokyo, 21:00 (the 30th) in Los Angeles: both due;
    // 05:00 in London: not yet.
    daily.run_due(utc(1, 5)).await.unwrap();
    let mut first = done_ids();
    first.sort_unstable();
    assert_eq!(first, [1, 3]);
    // 08:00 in London: London's turn; Tokyo and Los Angeles did their days.
    daily.run_due(utc(1, 8)).await.unwrap();
    assert_eq!(done_ids()[2..], [2]);
    daily.run_due(utc(1, 12)).await.unwrap();
    assert_eq!(done_ids().len(), 3);
    // Los Angeles' 1st begins its morning at 16:00 UTC; a look hours late catches up.
    daily.run_due(utc(1, 19)).await.unwrap();
    assert_eq!(done_ids()[3..], [3]);
    // Tokyo's 2nd: from 23:00 UTC on the 1st.
    daily.run_due(utc(1, 23)).await.unwrap();
    assert_eq!(done_ids()[4..], [1]);
    let days = count(&app, "SELECT COUNT(*) FROM job_company_days WHERE job = 'test-daily'").await;
    assert_eq!(days, 3);
}

#[actix_web::test]
async fn a_charge_batch_run_again_after_its_instance_died_charges_once() {
    let app = spawn_app().await;
    let (_, admin, company) = crate::billing::new_company(&app, "batched").await;
    assert_eq!(app.activate_with(&admin, crate::helpers::CARD_OK).await.status, 200);
    assert_eq!(crate::billing::charges_of(&app, company).await.len(), 1);
    let month = Utc::now() + Duration::days(32);
    let charges = |owner: &str, die: bool| {
        let (plan, batch) = (app.billing().clone(), app.billing().clone());
        let mut scheduler = Scheduler::new(app.db.clone(), owner).with_lease(Duration::seconds(3));
        scheduler.add_batched(
            billing::CHARGE_JOB,
            Duration::minutes(15),
            move |now| {
                let billing = plan.clone();
                async move {
                    let companies = billing.charge_companies(now).await.map_err(|err| err.to_string())?;
                    Ok(companies.into_iter().map(BatchKey::company).collect())
                }
            },
            move |key, now| {
                let billing = batch.clone();
                async move {
                    let company = key.company.ok_or("a company")?;
                    let run = billing.charge_company(company, now).await.map_err(|err| err.to_string())?;
                    if die {
                        std::future::pending::<()>().await;
                    }
                    Ok(BatchDone::new(run.charges() as u64, run.to_string()))
                }
            },
        );
        scheduler
    };
    let dying = charges("dying", true);
    let task = tokio::spawn(async move { dying.run_due(month).await });
    wait_until("the month's charge made and paid", async || {
        crate::billing::succeeded(&crate::billing::intents_at_provider(&app, company).await).len() == 2
    })
    .await;
    task.abort();
    // The survivor looks after the dead claim's lease (renewed as of the run's clock) ran out.
    let survivor = charges("survivor", false);
    let passes = survivor.run_due(month + Duration::seconds(30)).await.unwrap();
    assert!(matches!(passes[0].1, Pass::Ran(Ok(_))), "{passes:?}");
    let run = last_run(&app, billing::CHARGE_JOB).await;
    assert_eq!((run.batches, run.done, run.failed), (1, 1, 0));
    assert_eq!(run.shares.keys().collect::<Vec<_>>(), ["survivor"]);
    // One charge for the month, paid once at the provider.
    assert_eq!(crate::billing::charges_of(&app, company).await.len(), 2);
    assert_eq!(crate::billing::succeeded(&crate::billing::intents_at_provider(&app, company).await), [1100, 1100]);
}
