//! Policy broadcasts (issue 20; 002 §2–§9, 000 §3–§4): a policy is written with sanitised rich
//! text and a document, published to a job role with a due date, acknowledged once from the
//! version each person was sent (edits never rewrite an answer), declined with a comment,
//! reminded about, stopped and removed; counts always equal the recipients' rows; onboarding
//! policies and document types reach new employees, once however often the job runs.

use crate::helpers::{spawn_app, text, timekeep, unique_email, TestApp};
use accounts::entities::users;
use chrono::{Duration, Utc};
use hr::entities::hr_policy_recipients;
use kernel::Role;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";

struct Company {
    company_id: i64,
    admin: String,
    admin_id: i64,
    manager: String,
    /// Producers: two, one the manager's report.
    producers: [(i64, String, String); 2],
    /// A CSR (not a producer), not the manager's report.
    csr: (i64, String),
    policy_type: i64,
    producer_role: i64,
}

async fn set_job_role(app: &TestApp, person: i64, role: i64) {
    let mut row: users::ActiveModel = users::Entity::find_by_id(person).one(&app.db).await.unwrap().unwrap().into();
    row.job_role_id = Set(Some(kernel::JobRoleId(role)));
    row.update(&app.db).await.unwrap();
}

async fn company(app: &TestApp, name: &str) -> Company {
    let admin_email = unique_email("admin");
    let admin = app.admin_of_new_company(name, &admin_email).await;
    let company = app.company_of(&admin_email).await;
    let admin_id = app.get_as(&admin, "/server/v1/auth/login-data").await.body["identity"]["eid"].as_i64().unwrap();
    let manager_email = unique_email("manager");
    let manager_id = app.add_person(company.id, &manager_email, Role::Manager, None).await;
    let producer = app.post_as(&admin, "/server/v1/settings/update-role-type", json!({"name": "Producer"})).await;
    let producer_role = producer.body["id"].as_i64().unwrap();
    let csr_role = app.post_as(&admin, "/server/v1/settings/update-role-type", json!({"name": "CSR"})).await;
    let mut producers = Vec::new();
    for manager in [Some(manager_id), None] {
        let email = unique_email("producer");
        let id = app.add_person(company.id, &email, Role::Employee, manager).await;
        set_job_role(app, id, producer_role).await;
        producers.push((id, app.token_of(&email).await, email));
    }
    let csr_email = unique_email("csr");
    let csr = app.add_person(company.id, &csr_email, Role::Employee, None).await;
    set_job_role(app, csr, csr_role.body["id"].as_i64().unwrap()).await;
    let policy_type = app.post_as(&admin, "/server/v1/settings/update-policy-type", json!({"name": "Handbook"})).await;
    Company {
        company_id: company.id.0,
        admin,
        admin_id,
        manager: app.token_of(&manager_email).await,
        producers: producers.try_into().unwrap(),
        csr: (csr, app.token_of(&csr_email).await),
        policy_type: policy_type.body["id"].as_i64().unwrap(),
        producer_role,
    }
}

async fn write_policy(
    app: &TestApp,
    token: &str,
    fields: &[(&str, &str)],
    file: Option<&[u8]>,
) -> crate::helpers::Reply {
    match file {
        Some(bytes) => {
            app.upload_named_as(token, "/server/v1/policy/add-policy", fields, "file", "dress-code.pdf", bytes).await
        }
        None => app.upload_as(token, "/server/v1/policy/add-policy", fields, None).await,
    }
}

fn statuses(workflow: &Value) -> Vec<(i64, i64)> {
    let mut list: Vec<(i64, i64)> = workflow["recipients"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["employeeId"].as_i64().unwrap(), r["certifyStatus"].as_i64().unwrap()))
        .collect();
    list.sort_unstable();
    list
}

#[actix_web::test]
async fn a_policy_published_to_a_job_role_is_answered_once_from_the_version_sent() {
    let app = spawn_app().await;
    let acme = company(&app, "Policies Co").await;
    let kind = acme.policy_type.to_string();
    let [(anna, anna_token, anna_email), (ben, ben_token, _)] = &acme.producers;

    let bad = write_policy(&app, &acme.manager, &[("content", "<p>x</p>")], None).await;
    assert_eq!(bad.status, 400);
    assert_eq!(bad.field("title"), ["Please input the Title"]);
    assert_eq!(bad.field("policyTypeId"), ["Please input the Type of policy"]);

    let written = write_policy(
        &app,
        &acme.admin,
        &[
            ("title", "Dress code"),
            ("policyTypeId", &kind),
            ("content", "<h2>Dress code</h2><p onclick=\"steal()\">Business casual.<script>alert(1)</script></p><a href=\"javascript:alert(1)\">more</a>"),
        ],
        Some(PDF),
    )
    .await;
    assert_eq!(written.status, 200, "{:?}", written.body);
    let policy = written.body["id"].as_i64().unwrap();
    let content = written.body["content"].as_str().unwrap();
    assert!(content.starts_with("<h2>Dress code</h2><p>Business casual.</p>"), "{content}");
    assert!(
        !content.contains("script") && !content.contains("onclick") && !content.contains("javascript"),
        "{content}"
    );
    assert_eq!(written.body["version"], 1);
    assert_eq!(written.body["document"]["docFileName"], "dress-code.pdf");

    // Publishing: every missing choice named.
    let missing = app.post_as(&acme.admin, "/server/v1/policy/publish", json!({"policyId": policy})).await;
    assert_eq!(missing.status, 400);
    assert_eq!(missing.field("applicableToAll"), ["Tell us who should receive the policy"]);
    assert_eq!(missing.field("onboardingPolicy"), ["Tell us if this an onboarding policy"]);
    let no_roles = app
        .post_as(
            &acme.admin,
            "/server/v1/policy/publish",
            json!({"policyId": policy, "applicableToAll": 2, "ack": 1, "onboardingPolicy": 1}),
        )
        .await;
    assert_eq!(no_roles.field("jobroles"), ["Select at least one job role to receive the policy"]);
    assert_eq!(no_roles.field("dueDate"), ["Please input the Due date"]);
    assert_eq!(no_roles.field("autoCertifyDueDays"), ["Input the days for new employees to complete"]);
    let no_members = app
        .post_as(
            &acme.admin,
            "/server/v1/policy/publish",
            json!({"policyId": policy, "applicableToAll": 0, "onboardingPolicy": 0}),
        )
        .await;
    assert_eq!(no_members.field("employee"), ["Select at least one employee to receive the policy"]);

    // To the producers, due in a week: the two producers, nobody else, each mailed.
    let due = (Utc::now() + Duration::days(7)).date_naive().to_string();
    let published = app
        .post_as(
            &acme.admin,
            "/server/v1/policy/publish",
            json!({"policyId": policy, "applicableToAll": 2, "jobroles": [acme.producer_role], "ack": 1, "dueDate": due, "onboardingPolicy": 0}),
        )
        .await;
    assert_eq!(published.status, 200, "{:?}", published.body);
    let workflow = published.body["id"].as_i64().unwrap();
    assert_eq!(statuses(&published.body), [(*anna, 0), (*ben, 0)]);
    assert_eq!((published.body["totalRecipients"].clone(), published.body["status"].clone()), (json!(2), json!(0)));
    let mail = app.mail.wait_for(anna_email, "Dress code").await;
    assert!(mail.text().contains("/my-hr"), "{}", mail.text());

    // The text is edited afterwards: a new version; what was sent stays what Anna reads.
    let edited = write_policy(
        &app,
        &acme.admin,
        &[
            ("id", &policy.to_string()),
            ("title", "Dress code"),
            ("policyTypeId", &kind),
            ("content", "<p>Suits only.</p>"),
        ],
        None,
    )
    .await;
    assert_eq!(edited.body["version"], 2, "{:?}", edited.body);
    let review = app.get_as(anna_token, &format!("/server/v1/profile/policy-review-detail?id={workflow}")).await;
    assert_eq!(review.status, 200, "{:?}", review.body);
    assert_eq!(review.body["policy"]["version"], 1);
    assert!(review.body["policy"]["content"].as_str().unwrap().contains("Business casual."));
    assert_eq!(review.body["policyDoc"]["docFileName"], "dress-code.pdf");
    let tasks = app.get_as(anna_token, "/server/v1/profile/my-tasks").await;
    assert_eq!(tasks.body["policies"][0]["id"], workflow);
    assert_eq!((tasks.body["count"].clone(), tasks.body["overdue"].clone()), (json!(1), json!(false)), "due in a week");
    let (status, media, _, bytes) =
        app.post_for_file_as(anna_token, "/server/v1/doc/policy", json!({"id": policy})).await;
    assert_eq!((status, media.as_str(), bytes.as_slice()), (200, "application/pdf", PDF));
    let (status, ..) = app.post_for_file_as(&acme.csr.1, "/server/v1/doc/policy", json!({"id": policy})).await;
    assert_eq!(status, 404, "not sent to the CSR");
    let not_sent = app.get_as(&acme.csr.1, &format!("/server/v1/profile/policy-review-detail?id={workflow}")).await;
    assert_eq!(not_sent.status, 404);
    let not_theirs = app.post_as(&acme.csr.1, "/server/v1/profile/affirm-policy", json!({"id": workflow})).await;
    assert_eq!(not_theirs.status, 404);

    // Anna acknowledges, twice at once: one answer, of version 1.
    let (one, two) = tokio::join!(
        app.post_as(anna_token, "/server/v1/profile/affirm-policy", json!({"id": workflow})),
        app.post_as(anna_token, "/server/v1/profile/affirm-policy", json!({"id": workflow})),
    );
    assert_eq!((one.status, two.status), (200, 200), "{:?} {:?}", one.body, two.body);
    assert_eq!([&one, &two].iter().filter(|reply| reply.body["changed"] == true).count(), 1);
    let timeline = app.get_as(&acme.admin, &format!("/server/v1/manage/user-activities?id={anna}&type=ACK")).await;
    assert_eq!(timeline.body["totalCount"], 1, "{:?}", timeline.body);
    assert!(timeline.body["activities"][0]["activityDesc"].as_str().unwrap().contains("(version 1)"));

    // Ben declines: a comment is needed.
    let bare = app.post_as(ben_token, "/server/v1/profile/affirm-policy", json!({"id": workflow, "decline": 1})).await;
    assert_eq!(bare.field("comments"), ["Please tell us why"]);
    let declined = app
        .post_as(
            ben_token,
            "/server/v1/profile/affirm-policy",
            json!({"id": workflow, "decline": 1, "comments": "I wear a uniform"}),
        )
        .await;
    assert_eq!(declined.status, 200, "{:?}", declined.body);
    let status = app.get_as(&acme.manager, &format!("/server/v1/policy/workflow?id={workflow}")).await;
    assert_eq!(statuses(&status.body), [(*anna, 1), (*ben, 2)]);
    assert_eq!(
        (
            status.body["totalRecipients"].clone(),
            status.body["confirmedRecipients"].clone(),
            status.body["declinedRecipients"].clone()
        ),
        (json!(2), json!(1), json!(1))
    );
    let mine = app.get_as(ben_token, "/server/v1/profile/hr-policies-and-procedures").await;
    assert_eq!(
        (mine.body["policies"][0]["declined"].clone(), mine.body["policies"][0]["certifyStatus"].clone()),
        (json!(true), json!(1))
    );
    let row = hr_policy_recipients::Entity::find()
        .filter(hr_policy_recipients::Column::EmployeeId.eq(*ben))
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((row.certify_status, row.comments.as_str()), (2, "I wear a uniform"));
    assert!(row.certified_at.is_some());

    // Nobody left to remind; the list shows the counted answers.
    let reminder = app.post_as(&acme.admin, "/server/v1/policy/workflow-reminder", json!({"id": workflow})).await;
    assert_eq!(reminder.status, 409);
    let list = app.get_as(&acme.manager, "/server/v1/policy/policies?sort=title").await;
    assert_eq!(list.status, 200, "{:?}", list.body);
    assert_eq!(list.body["policyCount"], 1);
    assert_eq!(list.body["policies"][0]["workflows"][0]["confirmedRecipients"], 1);
    assert_eq!(list.body["jobroles"].as_array().unwrap().len(), 2);
    let bad_sort = app.get_as(&acme.manager, "/server/v1/policy/policies?sort=secret").await;
    assert_eq!(bad_sort.status, 400);

    // Another company sees none of it.
    let other = company(&app, "Other Policies Co").await;
    assert_eq!(app.get_as(&other.admin, &format!("/server/v1/policy/workflow?id={workflow}")).await.status, 404);
    assert_eq!(app.get_as(&other.admin, &format!("/server/v1/policy/policy?id={policy}")).await.status, 404);
    let foreign = app.post_as(&other.admin, "/server/v1/policy/stop-workflow", json!({"id": workflow})).await;
    assert_eq!(foreign.status, 404);
    let _ = acme.company_id;
}

#[actix_web::test]
async fn a_stopped_broadcast_takes_no_more_answers_and_a_removed_one_is_cancelled() {
    let app = spawn_app().await;
    let acme = company(&app, "Stop Co").await;
    let kind = acme.policy_type.to_string();
    let [(anna, anna_token, anna_email), (ben, _, _)] = &acme.producers;
    let written = write_policy(
        &app,
        &acme.manager,
        &[("title", "Phones"), ("policyTypeId", &kind), ("content", "<p>Silent.</p>")],
        None,
    )
    .await;
    let policy = written.body["id"].as_i64().unwrap();

    // A manager publishes to the entire team: the people they reach (their report and
    // themselves), not themselves, so only Anna; a chosen member outside their reach is unknown.
    let outside = app
        .post_as(
            &acme.manager,
            "/server/v1/policy/publish",
            json!({"policyId": policy, "applicableToAll": 0, "employee": [ben], "onboardingPolicy": 0}),
        )
        .await;
    assert_eq!(outside.status, 404);
    let published = app
        .post_as(
            &acme.manager,
            "/server/v1/policy/publish",
            json!({"policyId": policy, "applicableToAll": 1, "ack": 0, "onboardingPolicy": 0}),
        )
        .await;
    assert_eq!(published.status, 200, "{:?}", published.body);
    assert_eq!(statuses(&published.body), [(*anna, 0)]);
    let workflow = published.body["id"].as_i64().unwrap();
    assert_eq!(
        published.body["dueDate"], published.body["recipients"][0]["dueDate"],
        "immediately: due the day it is sent"
    );
    let tasks = app.get_as(anna_token, "/server/v1/profile/my-tasks").await;
    assert_eq!(tasks.body["overdue"], true, "to acknowledge immediately: the task dock is forced open");

    // A reminder goes once an hour at most.
    let first = app.post_as(&acme.manager, "/server/v1/policy/workflow-reminder", json!({"id": workflow})).await;
    assert_eq!((first.status, first.body["sent"].clone(), first.body["changed"].clone()), (200, json!(1), json!(true)));
    let again = app.post_as(&acme.manager, "/server/v1/policy/workflow-reminder", json!({"id": workflow})).await;
    assert_eq!((again.body["sent"].clone(), again.body["changed"].clone()), (json!(0), json!(false)));
    app.mail.wait_for(anna_email, "A reminder").await;

    let stopped = app.post_as(&acme.manager, "/server/v1/policy/stop-workflow", json!({"id": workflow})).await;
    assert_eq!((stopped.status, stopped.body["status"].clone()), (200, json!(3)));
    assert!(stopped.body["stoppedAt"].is_string());
    let late = app.post_as(anna_token, "/server/v1/profile/affirm-policy", json!({"id": workflow})).await;
    assert_eq!(late.status, 409);
    let mine = app.get_as(anna_token, "/server/v1/profile/hr-policies-and-procedures").await;
    assert_eq!(mine.body["policies"][0]["certifyStatus"], 3, "shown as stopped");
    assert_eq!(app.get_as(anna_token, "/server/v1/profile/my-tasks").await.body["count"], 0);
    let twice = app.post_as(&acme.manager, "/server/v1/policy/stop-workflow", json!({"id": workflow})).await;
    assert_eq!(twice.body["stoppedAt"], stopped.body["stoppedAt"], "stopping again changes nothing");

    // Published again and removed: the open publication is cancelled; the policy leaves the list.
    let again = app
        .post_as(
            &acme.admin,
            "/server/v1/policy/publish",
            json!({"policyId": policy, "applicableToAll": 0, "employee": [anna], "onboardingPolicy": 0}),
        )
        .await;
    let second = again.body["id"].as_i64().unwrap();
    let removed = app.post_as(&acme.admin, "/server/v1/policy/delete", json!({"id": policy})).await;
    assert_eq!(removed.status, 200);
    let status = app.get_as(&acme.admin, &format!("/server/v1/policy/workflow?id={second}")).await;
    assert_eq!(status.body["status"], 2);
    assert!(status.body["cancelledAt"].is_string());
    assert_eq!(app.get_as(&acme.admin, "/server/v1/policy/policies").await.body["policyCount"], 0);
    assert_eq!(app.get_as(&acme.admin, &format!("/server/v1/policy/policy?id={policy}")).await.status, 404);
    let too_late = app.post_as(anna_token, "/server/v1/profile/affirm-policy", json!({"id": second})).await;
    assert_eq!(too_late.status, 404, "a removed policy is no longer anyone's to answer");
    let _ = acme.admin_id;
}

#[actix_web::test]
async fn new_employees_get_the_onboarding_policy_and_documents_once() {
    let app = spawn_app().await;
    let acme = company(&app, "Onboarding Co").await;
    // The staff started long ago.
    users::Entity::update_many()
        .col_expr(
            users::Column::LastStartDate,
            sea_orm::sea_query::Expr::value(chrono::NaiveDate::from_ymd_opt(2024, 1, 2)),
        )
        .filter(users::Column::CompanyId.eq(acme.company_id))
        .exec(&app.db)
        .await
        .unwrap();
    let kind = acme.policy_type.to_string();
    let written = write_policy(
        &app,
        &acme.admin,
        &[("title", "Welcome"), ("policyTypeId", &kind), ("content", "<p>Hi</p>")],
        None,
    )
    .await;
    let policy = written.body["id"].as_i64().unwrap();
    let published = app
        .post_as(
            &acme.admin,
            "/server/v1/policy/publish",
            json!({"policyId": policy, "applicableToAll": 1, "onboardingPolicy": 1, "autoCertifyDueDays": 7}),
        )
        .await;
    assert_eq!(published.status, 200, "{:?}", published.body);
    let w4 = app
        .post_as(
            &acme.admin,
            "/server/v1/settings/update-doc-type",
            json!({"name": "W-4", "onboardingDoc": 1, "onboardingDays": 3}),
        )
        .await;
    assert_eq!(w4.body["onboardingDays"], 3);
    let status = app.get_as(&acme.manager, "/server/v1/refdata/onboarding-status").await;
    assert_eq!(status.body["policies"][0]["autoCertifyDueDays"], 7);
    assert_eq!(status.body["docTypes"][0]["name"], "W-4");

    // Someone starts today: the job sends them the policy and asks for the W-4, once, even
    // when two servers run it at once.
    let email = unique_email("newbie");
    let newbie = app.add_person(acme.company_id, &email, Role::Employee, None).await;
    let store = std::sync::Arc::new(files::LocalDirStore::new(std::env::temp_dir().join("timekeep-onboarding-test")));
    let hr = hr::Hr::new(
        app.db.clone(),
        app.accounts.clone(),
        files::Files::new(app.db.clone(), store),
        kernel::WriteGate::open(),
    );
    let now = Utc::now();
    let (a, b) = tokio::join!(hr.assign_onboarding(now), hr.assign_onboarding(now));
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!((a.policies_sent + b.policies_sent, a.requests_made + b.requests_made), (1, 1), "{a:?} {b:?}");
    let again = hr.assign_onboarding(now).await.unwrap();
    assert_eq!((again.policies_sent, again.requests_made), (0, 0));

    let token = app.token_of(&email).await;
    let tasks = app.get_as(&token, "/server/v1/profile/my-tasks").await;
    assert_eq!(tasks.body["policies"][0]["title"], "Welcome");
    assert_eq!(tasks.body["docRequests"][0]["name"], "W-4");
    let today = chrono::NaiveDate::parse_from_str(tasks.body["policies"][0]["dueDate"].as_str().unwrap(), "%Y-%m-%d")
        .unwrap()
        - Duration::days(7);
    assert_eq!(tasks.body["docRequests"][0]["dueDate"], (today + Duration::days(3)).to_string());
    let _ = newbie;

    // Published to the team before they started, the old staff were sent it then, not again.
    let staff = hr_policy_recipients::Entity::find()
        .filter(hr_policy_recipients::Column::EmployeeId.eq(acme.producers[0].0))
        .all(&app.db)
        .await
        .unwrap();
    assert_eq!(staff.len(), 1);
}

#[actix_web::test]
async fn an_overdue_policy_is_reminded_of_once() {
    let app = spawn_app().await;
    let acme = company(&app, "Overdue Policies Co").await;
    let kind = acme.policy_type.to_string();
    let written = write_policy(
        &app,
        &acme.admin,
        &[("title", "Safety"), ("policyTypeId", &kind), ("content", "<p>Be safe.</p>")],
        None,
    )
    .await;
    let policy = written.body["id"].as_i64().unwrap();
    let (anna, anna_token, anna_email) = &acme.producers[0];
    let due = (Utc::now() + Duration::days(2)).date_naive().to_string();
    let published = app
        .post_as(
            &acme.admin,
            "/server/v1/policy/publish",
            json!({"policyId": policy, "applicableToAll": 0, "employee": [anna], "onboardingPolicy": 0, "ack": 1, "dueDate": due}),
        )
        .await;
    assert_eq!(published.status, 200, "{:?}", published.body);
    let tasks = app.get_as(anna_token, "/server/v1/profile/my-tasks").await;
    assert_eq!(tasks.body["overdue"], false, "due in two days");

    // The reminder job, run on demand as the operator would: nothing is overdue today…
    let today = timekeep(&app, &["jobs", "run", "hr-overdue-reminders"], false).await;
    assert!(text(&today).contains("0 overdue reminders sent"), "{}", text(&today));
    // …and, as of five days ahead, the policy is: two servers at once remind once…
    let store =
        std::sync::Arc::new(files::LocalDirStore::new(std::env::temp_dir().join("timekeep-overdue-policy-test")));
    let hr = hr::Hr::new(
        app.db.clone(),
        app.accounts.clone(),
        files::Files::new(app.db.clone(), store),
        kernel::WriteGate::open(),
    );
    let early = crate::helpers::local_hour_in(crate::helpers::TEST_ZONE, 5, 7);
    assert_eq!(hr.send_overdue_reminders(early).await.unwrap(), 0, "not before 08:00 in the company's zone");
    let ahead = crate::helpers::local_hour_in(crate::helpers::TEST_ZONE, 5, 8);
    let (a, b) = tokio::join!(hr.send_overdue_reminders(ahead), hr.send_overdue_reminders(ahead));
    assert_eq!(a.unwrap() + b.unwrap(), 1, "two servers at once send one reminder");
    app.mail.wait_for(anna_email, "Overdue").await;
    // …and the job run again on demand, as of then, sends nothing more.
    let again = timekeep(&app, &["jobs", "run", "hr-overdue-reminders", "--now", &ahead.to_rfc3339()], true).await;
    assert!(again.status.success(), "{}", text(&again));
    assert!(text(&again).contains("0 overdue reminders sent"), "{}", text(&again));
}

#[actix_web::test]
async fn the_demo_company_can_start_with_hr_set_up() {
    let app = spawn_app().await;
    app.accounts.seed_demo().await.unwrap();
    let company = app.accounts.demo_company().await.unwrap().unwrap();
    let today = Utc::now().with_timezone(&chrono_tz::America::New_York).date_naive();
    let store = std::sync::Arc::new(files::LocalDirStore::new(std::env::temp_dir().join("timekeep-demo-hr-test")));
    let hr = hr::Hr::new(
        app.db.clone(),
        app.accounts.clone(),
        files::Files::new(app.db.clone(), store),
        kernel::WriteGate::open(),
    );
    assert!(hr.seed_demo_hr(company, today).await.unwrap());
    assert!(!hr.seed_demo_hr(company, today).await.unwrap(), "once only");
    let employee = app.login("employee1@demo.example.com", accounts::DEMO_PASSWORD).await.body["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let tasks = app.get_as(&employee, "/server/v1/profile/my-tasks").await;
    assert_eq!(tasks.body["policies"][0]["title"], "Employee Handbook", "{:?}", tasks.body);
    let workflow = tasks.body["policies"][0]["id"].as_i64().unwrap();
    let answered = app.post_as(&employee, "/server/v1/profile/affirm-policy", json!({"id": workflow})).await;
    assert_eq!(answered.body["changed"], true, "{:?}", answered.body);
    let admin =
        app.login("admin@demo.example.com", accounts::DEMO_PASSWORD).await.body["token"].as_str().unwrap().to_owned();
    let settings = app.get_as(&admin, "/server/v1/settings/data").await;
    assert_eq!(settings.body["policytypes"].as_array().unwrap().len(), 2);
    let status = app.get_as(&admin, &format!("/server/v1/policy/workflow?id={workflow}")).await;
    assert_eq!(status.body["confirmedRecipients"], 1);
}
