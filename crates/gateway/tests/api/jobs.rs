//! `timekeep jobs list` and `timekeep jobs run NAME [--now]` against the test's own database:
//! a job run on demand, under its lease, idempotent; `--now` only where the deployment allows
//! it (tests and staging), making a reminder due without waiting.

use crate::helpers::{spawn_app, text, timekeep};
use crate::hr_records::company;
use chrono::{Duration, Utc};
use serde_json::json;

#[actix_web::test]
async fn jobs_are_listed_and_run_on_demand_as_of_an_allowed_instant() {
    let app = spawn_app().await;
    let acme = company(&app, "Jobs Co").await;
    let listed = timekeep(&app, &["jobs", "list"], false).await;
    assert!(listed.status.success(), "{}", text(&listed));
    let listing = text(&listed);
    for job in ["pto-accruals", "hr-onboarding", "hr-overdue-reminders", "hr-celebrations"] {
        let line = listing.lines().find(|line| line.starts_with(job)).unwrap_or_else(|| panic!("{job}: {listing}"));
        assert!(line.ends_with("never ran"), "{line}");
    }

    // A document due in two days: not overdue now.
    let due = (Utc::now() + Duration::days(2)).date_naive().to_string();
    let asked = app
        .post_as(
            &acme.manager,
            "/server/v1/manage/add-doc-request",
            json!({"employeeId": acme.report, "docTypeId": acme.doc_type, "dueDate": due}),
        )
        .await;
    assert_eq!(asked.status, 200, "{:?}", asked.body);
    let now = timekeep(&app, &["jobs", "run", "hr-overdue-reminders"], false).await;
    assert!(now.status.success(), "{}", text(&now));
    assert!(text(&now).contains("hr-overdue-reminders: 0 overdue reminders sent"), "{}", text(&now));

    // As of five days ahead it is overdue: refused unless the deployment allows the job clock.
    let ahead = crate::helpers::local_hour_in(crate::helpers::TEST_ZONE, 5, 9).to_rfc3339();
    let refused = timekeep(&app, &["jobs", "run", "hr-overdue-reminders", "--now", &ahead], false).await;
    assert!(!refused.status.success());
    assert!(text(&refused).contains("TIMEKEEP_ALLOW_JOB_CLOCK"), "{}", text(&refused));
    let ran = timekeep(&app, &["jobs", "run", "hr-overdue-reminders", "--now", &ahead], true).await;
    assert!(ran.status.success(), "{}", text(&ran));
    assert!(text(&ran).contains("1 overdue reminders sent"), "{}", text(&ran));
    app.mail.wait_for(&acme.report_email, "Overdue: please upload your W-4").await;
    // Idempotent: once reminded, never again.
    let again = timekeep(&app, &["jobs", "run", "hr-overdue-reminders", "--now", &ahead], true).await;
    assert!(text(&again).contains("0 overdue reminders sent"), "{}", text(&again));

    let listing = text(&timekeep(&app, &["jobs", "list"], false).await);
    let line = listing.lines().find(|line| line.starts_with("hr-overdue-reminders")).unwrap();
    assert!(line.contains(" ok: 0 overdue reminders sent"), "{line}");
    assert!(line.split_whitespace().any(|word| word == "3"), "three runs: {line}");

    let unknown = timekeep(&app, &["jobs", "run", "no-such-job"], false).await;
    assert!(!unknown.status.success());
    assert!(text(&unknown).contains("no job is named no-such-job"), "{}", text(&unknown));
}
