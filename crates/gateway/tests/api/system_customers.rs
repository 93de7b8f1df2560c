//! The operator's customers and charges (issue 23, `docs/contracts/system.md` "Customers"):
//! the company list paged, filtered (status included) and sorted; a company's detail with its
//! subscription, charges and attempts (declines through the Stripe harness); retrying a charge;
//! charge today and charge next; suspending and activating; editing (a trial's extension lets
//! an expired company write again); deleting with the typed name; the audit entry of every
//! action; and nobody but the operator reaching any of it.

use crate::helpers::*;
use accounts::entities::companies;
use billing::entities::{accounts as billing_accounts, charges};
use chrono::{Duration, NaiveDate, Utc};
use kernel::Role;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{json, Value};

/// A signed-up company: its admin's e-mail and token, and its id.
async fn new_company(app: &TestApp, name: &str) -> (String, String, i64) {
    let email = unique_email("owner");
    let token = app.admin_of_new_company(name, &email).await;
    let company = app.company_of(&email).await.id.0;
    (email, token, company)
}

/// The signup's zone (`TestApp::signup`): the companies' local today.
fn chicago_today() -> NaiveDate {
    kernel::time::local_date(chrono_tz::America::Chicago, Utc::now())
}

fn ok(reply: Reply) -> Value {
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    reply.body
}

async fn set_trial_end(app: &TestApp, company: i64, end: Option<NaiveDate>) {
    companies::Entity::update_many()
        .col_expr(companies::Column::TrialEnd, Expr::value(end))
        .filter(companies::Column::Id.eq(company))
        .exec(&app.db)
        .await
        .unwrap();
}

async fn charges_of(app: &TestApp, company: i64) -> Vec<charges::Model> {
    charges::Entity::find()
        .filter(charges::Column::CompanyId.eq(company))
        .order_by_asc(charges::Column::PeriodStart)
        .all(&app.db)
        .await
        .unwrap()
}

/// The company's audit entries, newest first: (action, detail).
async fn audit_of(app: &TestApp, operator: &str, company: i64) -> Vec<(String, String)> {
    let page = ok(app.get_as(operator, &format!("/server/v1/system/audit?companyId={company}")).await);
    page["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| (entry["action"].as_str().unwrap().to_owned(), entry["detail"].as_str().unwrap().to_owned()))
        .collect()
}

/// The ids of a company list's answer, in order.
fn ids(page: &Value) -> Vec<i64> {
    page["companies"].as_array().unwrap().iter().map(|row| row["id"].as_i64().unwrap()).collect()
}

async fn list(app: &TestApp, operator: &str, query: &str) -> Value {
    ok(app.get_as(operator, &format!("/server/v1/system/companies?{query}")).await)
}

#[actix_web::test]
async fn the_operator_lists_companies_paged_filtered_by_status_and_sorted() {
    let app = spawn_app().await;
    let operator = app.operator_token().await;
    let (trial_email, _, trial) = new_company(&app, "Alpha Insurance").await;
    let (_, _, expired) = new_company(&app, "Bravo Brokers").await;
    set_trial_end(&app, expired, Some(NaiveDate::from_ymd_opt(2020, 1, 1).unwrap())).await;
    let (_, _, suspended) = new_company(&app, "charlie cover").await;
    ok(app.post_as(&operator, "/server/v1/system/suspend-company", json!({ "companyId": suspended })).await);
    let (_, active_admin, active) = new_company(&app, "Delta Direct").await;
    assert_eq!(app.activate_with(&active_admin, CARD_OK).await.status, 200);
    let (_, late_admin, past_due) = new_company(&app, "echo underwriters").await;
    assert_eq!(app.activate_with(&late_admin, CARD_DECLINED).await.status, 200);
    // Headcounts: Delta 4 active users (and one terminated), Alpha 2, the others 1.
    for _ in 0..3 {
        app.add_person(active, &unique_email("staff"), Role::Employee, None).await;
    }
    let leaver = app.add_person(active, &unique_email("leaver"), Role::Employee, None).await;
    ok(app.post_as(&active_admin, "/server/v1/manage/terminate-employee", json!({ "id": leaver })).await);
    app.add_person(trial, &unique_email("staff"), Role::Manager, None).await;

    // Everyone, newest first, with each one's status, trial end, users and admin.
    let all = list(&app, &operator, "").await;
    assert_eq!(all["compCount"], 5);
    assert_eq!(ids(&all), vec![past_due, active, suspended, expired, trial]);
    let row = |id: i64| all["companies"].as_array().unwrap().iter().find(|row| row["id"] == id).unwrap().clone();
    assert_eq!(row(trial)["status"], "trial");
    assert_eq!(row(trial)["trialEnd"], (chicago_today() + Duration::days(30)).to_string());
    assert_eq!(row(trial)["users"], 2);
    assert_eq!(row(trial)["adminEmail"], trial_email);
    assert_eq!(row(trial)["name"], "Alpha Insurance");
    assert!(row(trial)["createdAt"].is_string());
    assert_eq!(row(expired)["status"], "expired");
    assert_eq!(row(suspended)["status"], "suspended");
    assert_eq!((row(active)["status"].as_str(), row(active)["users"].as_i64()), (Some("active"), Some(4)));
    assert_eq!(row(active)["trialEnd"], Value::Null);
    assert_eq!(row(past_due)["status"], "past_due");

    // Each status filters, on the server.
    for (status, expected) in [
        ("trial", vec![trial]),
        ("expired", vec![expired]),
        ("suspended", vec![suspended]),
        ("active", vec![active]),
        ("past_due", vec![past_due]),
    ] {
        let page = list(&app, &operator, &format!("status={status}")).await;
        assert_eq!(
            (ids(&page), page["compCount"].as_u64()),
            (expected.clone(), Some(expected.len() as u64)),
            "{status}"
        );
    }
    // The name: part of the company's name or of an admin's address, any case.
    assert_eq!(ids(&list(&app, &operator, "name=ALPHA").await), vec![trial]);
    let local_part = trial_email.split('@').next().unwrap().to_uppercase();
    assert_eq!(ids(&list(&app, &operator, &format!("name={local_part}")).await), vec![trial]);
    assert_eq!(ids(&list(&app, &operator, "name=under&status=past_due").await), vec![past_due]);
    assert_eq!(list(&app, &operator, "name=100%25").await["compCount"], 0);
    // Orders: by name without regard to case, by users (most first by default), by date.
    assert_eq!(ids(&list(&app, &operator, "sort=name").await), vec![trial, expired, suspended, active, past_due]);
    assert_eq!(ids(&list(&app, &operator, "sort=name&order=desc").await)[0], past_due);
    let by_users = ids(&list(&app, &operator, "sort=users").await);
    assert_eq!(&by_users[..2], &[active, trial]);
    assert_eq!(ids(&list(&app, &operator, "sort=createdAt&order=asc").await)[0], trial);
    // Bad parameters are field errors.
    for (query, field) in [("sort=email", "sort"), ("order=up", "order"), ("status=gone", "status"), ("page=0", "page")]
    {
        let reply = app.get_as(&operator, &format!("/server/v1/system/companies?{query}")).await;
        assert_eq!(reply.status, 400, "{query}: {:?}", reply.body);
        assert!(!reply.field(field).is_empty(), "{query}: {:?}", reply.body);
    }

    // Twenty a page.
    let now = Utc::now();
    for n in 0..20 {
        companies::new_row(&format!("Filler {n:02}"), "America/Chicago", Some(chicago_today()), now)
            .insert(&app.db)
            .await
            .unwrap();
    }
    let first = list(&app, &operator, "status=trial&sort=name").await;
    assert_eq!((first["compCount"].as_u64(), first["companies"].as_array().unwrap().len()), (Some(21), 20));
    assert_eq!(first["companies"][0]["name"], "Alpha Insurance");
    let second = list(&app, &operator, "status=trial&sort=name&page=2").await;
    assert_eq!(second["companies"].as_array().unwrap().len(), 1);
    assert_eq!(second["companies"][0]["name"], "Filler 19");
    // A trial that ends today (in the company's zone) is still a trial.
    assert_eq!(second["companies"][0]["status"], "trial");
}

#[actix_web::test]
async fn a_company_detail_shows_its_subscription_charges_and_attempts_and_a_retry_does_not_count() {
    let app = spawn_app().await;
    let operator = app.operator_token().await;
    let (email, admin, company) = new_company(&app, "Foxtrot Agency").await;
    app.add_person(company, &unique_email("staff"), Role::Employee, None).await;

    // On trial: no subscription yet, no charges.
    let detail = ok(app.get_as(&operator, &format!("/server/v1/system/company?id={company}")).await);
    assert_eq!(detail["company"]["billing"], Value::Null);
    assert_eq!((detail["chargeCount"].as_u64(), detail["company"]["status"].as_str()), (Some(0), Some("trial")));

    // Activated with a card that is declined: past due, its charge retried on the schedule.
    let activated = app.activate_with(&admin, CARD_DECLINED).await;
    assert_eq!(activated.status, 200, "{:?}", activated.body);
    let detail = ok(app.get_as(&operator, &format!("/server/v1/system/company?id={company}")).await);
    let shown = &detail["company"];
    assert_eq!(shown["id"], company);
    assert_eq!(shown["name"], "Foxtrot Agency");
    assert_eq!(shown["status"], "past_due");
    assert_eq!(shown["timeZone"], "America/Chicago");
    assert_eq!(
        (shown["suspended"].as_bool(), shown["employees"].as_i64(), shown["users"].as_i64()),
        (Some(false), Some(2), Some(2))
    );
    assert_eq!(shown["admins"].as_array().unwrap().len(), 1);
    assert_eq!(shown["admins"][0]["email"], email);
    assert_eq!(shown["admins"][0]["name"], "Ada Lovelace");
    let billing = &shown["billing"];
    assert_eq!(billing["status"], "past_due");
    assert_eq!(billing["card"]["last4"], "0341");
    assert_eq!(billing["amountDue"], 1400);
    assert_eq!(billing["recurringDay"], chrono::Datelike::day(&chicago_today()));
    assert_eq!(
        billing["nextChargeDate"],
        billing::next_charge_date(chicago_today(), chrono::Datelike::day(&chicago_today())).to_string()
    );
    assert_eq!(detail["chargeCount"], 1);
    let charge = &detail["charges"][0];
    assert_eq!((charge["status"].as_str(), charge["failures"].as_i64()), (Some("retrying"), Some(1)));
    assert_eq!(
        (charge["users"].as_i64(), charge["base"].as_i64(), charge["perUser"].as_i64()),
        (Some(2), Some(800), Some(300))
    );
    assert_eq!((charge["discount"].as_i64(), charge["total"].as_i64()), (Some(0), Some(1400)));
    assert_eq!(
        (charge["companyId"].as_i64(), charge["periodStart"].as_str()),
        (Some(company), Some(chicago_today().to_string().as_str()))
    );
    assert!(charge["nextAttemptAt"].is_string() && charge["paidAt"].is_null());
    let charge_id = charge["id"].as_i64().unwrap();

    // Its attempts.
    let attempts = ok(app.get_as(&operator, &format!("/server/v1/system/charge-attempts?chargeId={charge_id}")).await);
    let first = &attempts["attempts"][0];
    assert_eq!(
        (first["number"].as_i64(), first["kind"].as_str(), first["status"].as_str()),
        (Some(1), Some("scheduled"), Some("declined"))
    );
    assert_eq!(first["error"], "Your card was declined.");
    assert!(first["finishedAt"].is_string());
    let unknown = app.get_as(&operator, "/server/v1/system/charge-attempts?chargeId=999999").await;
    assert_eq!(unknown.status, 404);

    // The charge list: filtered by company and status, sorted.
    let listed =
        ok(app.get_as(&operator, &format!("/server/v1/system/charges?companyId={company}&status=retrying")).await);
    assert_eq!((listed["chargeCount"].as_u64(), listed["charges"][0]["id"].as_i64()), (Some(1), Some(charge_id)));
    let paid = ok(app.get_as(&operator, &format!("/server/v1/system/charges?companyId={company}&status=paid")).await);
    assert_eq!(paid["chargeCount"], 0);
    let everyone = ok(app.get_as(&operator, "/server/v1/system/charges?sort=total&order=asc").await);
    assert_eq!(everyone["chargeCount"], 1);
    let bad = app.get_as(&operator, "/server/v1/system/charges?status=owed&sort=users").await;
    assert_eq!(bad.status, 400);
    assert!(!bad.field("status").is_empty() && !bad.field("sort").is_empty());
    assert_eq!(app.get_as(&operator, "/server/v1/system/charges?companyId=999999").await.status, 404);

    // The operator's retry with the same card: declined, a manual attempt that does not count
    // towards suspension (the charge's failures and next attempt stay).
    let retried = ok(app.post_as(&operator, "/server/v1/system/retry-charge", json!({ "id": charge_id })).await);
    assert_eq!(retried["outcome"], "declined");
    assert_eq!(
        (retried["charge"]["failures"].as_i64(), retried["charge"]["status"].as_str()),
        (Some(1), Some("retrying"))
    );
    assert_eq!(retried["charge"]["nextAttemptAt"], charge["nextAttemptAt"]);
    let attempts = ok(app.get_as(&operator, &format!("/server/v1/system/charge-attempts?chargeId={charge_id}")).await);
    assert_eq!(attempts["attempts"].as_array().unwrap().len(), 2);
    assert_eq!(
        (attempts["attempts"][1]["kind"].as_str(), attempts["attempts"][1]["status"].as_str()),
        (Some("manual"), Some("declined"))
    );
    assert!(!app.company_of(&email).await.suspended);
    let log = audit_of(&app, &operator, company).await;
    assert_eq!(log[0], ("retry-charge".to_owned(), format!("Charge {charge_id}: declined (Your card was declined.)")));

    // Refusals: unknown, missing.
    assert_eq!(app.post_as(&operator, "/server/v1/system/retry-charge", json!({ "id": 999999 })).await.status, 404);
    let missing = app.post_as(&operator, "/server/v1/system/retry-charge", json!({})).await;
    assert_eq!((missing.status, missing.field("id").is_empty()), (400, false));

    // The admin's good card pays it; a paid charge is not retried.
    assert_eq!(app.update_card_with(&admin, CARD_OK).await.status, 200);
    let refused = app.post_as(&operator, "/server/v1/system/retry-charge", json!({ "id": charge_id })).await;
    assert_eq!((refused.status, refused.body["message"].as_str()), (400, Some("This charge is already paid.")));
}

#[actix_web::test]
async fn a_retry_that_pays_what_a_suspended_company_owed_makes_it_active_again() {
    let app = spawn_app().await;
    let operator = app.operator_token().await;
    let (email, admin, company) = new_company(&app, "Golf Group").await;
    assert_eq!(app.activate_with(&admin, CARD_OK).await.status, 200);
    // As after the last failed retry of this charge, the card since made good at the bank: the
    // charge failed, the subscription and the company suspended.
    let charge = charges_of(&app, company).await.pop().unwrap();
    let mut failed: charges::ActiveModel = charge.clone().into();
    failed.status = Set(billing::status::ChargeStatus::Failed);
    failed.failures = Set(4);
    failed.paid_at = Set(None);
    failed.next_attempt_at = Set(None);
    failed.update(&app.db).await.unwrap();
    billing_accounts::Entity::update_many()
        .col_expr(billing_accounts::Column::Status, Expr::value("suspended"))
        .filter(billing_accounts::Column::CompanyId.eq(company))
        .exec(&app.db)
        .await
        .unwrap();
    companies::Entity::update_many()
        .col_expr(companies::Column::Suspended, Expr::value(true))
        .filter(companies::Column::Id.eq(company))
        .exec(&app.db)
        .await
        .unwrap();

    let retried = ok(app.post_as(&operator, "/server/v1/system/retry-charge", json!({ "id": charge.id })).await);
    assert_eq!(retried["outcome"], "paid");
    assert_eq!(retried["charge"]["status"], "paid");
    assert!(retried["charge"]["paidAt"].is_string());
    assert!(!app.company_of(&email).await.suspended);
    let detail = ok(app.get_as(&operator, &format!("/server/v1/system/company?id={company}")).await);
    assert_eq!(
        (detail["company"]["status"].as_str(), detail["company"]["billing"]["status"].as_str()),
        (Some("active"), Some("active"))
    );
    assert_eq!(detail["company"]["billing"]["amountDue"], 0);
    let log = audit_of(&app, &operator, company).await;
    assert_eq!(log[0].1, format!("Charge {}: paid; the company owes nothing and is active again", charge.id));
}

#[actix_web::test]
async fn charge_today_and_charge_next_charge_once_and_say_why_not() {
    let app = spawn_app().await;
    let operator = app.operator_token().await;
    let today = chicago_today();

    // On trial: nothing is due, and there is nothing to bring forward.
    let (_, _, trial) = new_company(&app, "Hotel Holdings").await;
    let nothing = ok(app.post_as(&operator, "/server/v1/system/charge-today", json!({ "companyId": trial })).await);
    assert_eq!(nothing, json!({ "created": 0, "paid": 0, "declined": 0, "charges": [] }));
    assert_eq!(
        audit_of(&app, &operator, trial).await[0],
        ("charge-today".to_owned(), "Nothing is due today.".to_owned())
    );
    let none = app.post_as(&operator, "/server/v1/system/charge-next", json!({ "companyId": trial })).await;
    assert_eq!((none.status, none.body["message"].as_str()), (400, Some("This company has no subscription.")));
    for path in ["charge-today", "charge-next"] {
        let unknown =
            app.post_as(&operator, &format!("/server/v1/system/{path}"), json!({ "companyId": 999999 })).await;
        assert_eq!(unknown.status, 404, "{path}");
    }

    // Subscribed a month ago (its first charge then), its second month due today.
    let (_, admin, company) = new_company(&app, "India Insurance").await;
    assert_eq!(app.activate_with(&admin, CARD_OK).await.status, 200);
    let first = charges_of(&app, company).await.pop().unwrap();
    let month_ago = today - Duration::days(30);
    let mut moved: charges::ActiveModel = first.clone().into();
    moved.period_start = Set(month_ago);
    moved.period_end = Set(today - Duration::days(1));
    moved.created_at = Set(first.created_at - Duration::days(30));
    moved.update(&app.db).await.unwrap();
    billing_accounts::Entity::update_many()
        .col_expr(billing_accounts::Column::NextChargeOn, Expr::value(Some(today)))
        .filter(billing_accounts::Column::CompanyId.eq(company))
        .exec(&app.db)
        .await
        .unwrap();

    // Charge today makes today's charge and takes it; again, nothing.
    let run = ok(app.post_as(&operator, "/server/v1/system/charge-today", json!({ "companyId": company })).await);
    assert_eq!((run["created"].as_i64(), run["paid"].as_i64(), run["declined"].as_i64()), (Some(1), Some(1), Some(0)));
    assert_eq!(run["charges"].as_array().unwrap().len(), 1);
    assert_eq!(
        (run["charges"][0]["periodStart"].as_str(), run["charges"][0]["status"].as_str()),
        (Some(today.to_string().as_str()), Some("paid"))
    );
    let again = ok(app.post_as(&operator, "/server/v1/system/charge-today", json!({ "companyId": company })).await);
    assert_eq!((again["created"].as_i64(), again["paid"].as_i64()), (Some(0), Some(0)));
    assert_eq!(charges_of(&app, company).await.len(), 2);
    let log = audit_of(&app, &operator, company).await;
    assert_eq!(log[0], ("charge-today".to_owned(), "Nothing is due today.".to_owned()));
    assert!(log[1].1.starts_with("Charge today: 1 made, 1 paid, 0 declined"), "{log:?}");

    // A charge was made today: nothing is brought forward.
    let refused = app.post_as(&operator, "/server/v1/system/charge-next", json!({ "companyId": company })).await;
    assert_eq!((refused.status, refused.code()), (409, "conflict"));
    assert_eq!(refused.body["message"], "A charge was already brought forward today.");

    // The next day (today's charge made yesterday), the next month is brought forward once.
    charges::Entity::update_many()
        .col_expr(charges::Column::CreatedAt, Expr::value(Utc::now() - Duration::days(1)))
        .filter(charges::Column::CompanyId.eq(company))
        .filter(charges::Column::PeriodStart.eq(today))
        .exec(&app.db)
        .await
        .unwrap();
    let day = chrono::Datelike::day(&today);
    let next = billing::next_charge_date(today, day);
    let brought = ok(app.post_as(&operator, "/server/v1/system/charge-next", json!({ "companyId": company })).await);
    assert_eq!((brought["created"].as_i64(), brought["paid"].as_i64()), (Some(1), Some(1)));
    assert_eq!(brought["charges"][0]["periodStart"], next.to_string());
    let twice = app.post_as(&operator, "/server/v1/system/charge-next", json!({ "companyId": company })).await;
    assert_eq!(twice.status, 409);
    let history = charges_of(&app, company).await;
    assert_eq!(history.iter().map(|charge| charge.period_start).collect::<Vec<_>>(), vec![month_ago, today, next]);
    assert!(history.iter().all(|charge| charge.status.code() == "paid"));
    let detail = ok(app.get_as(&operator, &format!("/server/v1/system/company?id={company}")).await);
    assert_eq!(detail["company"]["billing"]["nextChargeDate"], billing::next_charge_date(next, day).to_string());
    assert_eq!(detail["chargeCount"], 3);
    let log = audit_of(&app, &operator, company).await;
    assert_eq!(log[0].0, "charge-next");
    assert!(log[0].1.starts_with(&format!("Charge next: period {next}; 1 made, 1 paid")), "{log:?}");
    // And the month brought forward is not charged again when its day comes.
    let run = app.billing().run_charges(Utc::now() + Duration::days(32)).await.unwrap();
    assert_eq!(charges_of(&app, company).await.len(), 3, "{run}");
}

#[actix_web::test]
async fn a_due_attempt_is_made_by_charge_today_on_the_schedule() {
    let app = spawn_app().await;
    let operator = app.operator_token().await;
    let (_, admin, company) = new_company(&app, "Juliet Agency").await;
    assert_eq!(app.activate_with(&admin, CARD_DECLINED).await.status, 200);
    // Its first retry is due.
    charges::Entity::update_many()
        .col_expr(charges::Column::NextAttemptAt, Expr::value(Some(Utc::now() - Duration::minutes(1))))
        .filter(charges::Column::CompanyId.eq(company))
        .exec(&app.db)
        .await
        .unwrap();
    let run = ok(app.post_as(&operator, "/server/v1/system/charge-today", json!({ "companyId": company })).await);
    assert_eq!((run["created"].as_i64(), run["declined"].as_i64()), (Some(0), Some(1)));
    assert_eq!(run["charges"][0]["failures"], 2);
    // The next retry is days away: running again attempts nothing.
    let again = ok(app.post_as(&operator, "/server/v1/system/charge-today", json!({ "companyId": company })).await);
    assert_eq!((again["declined"].as_i64(), again["charges"].as_array().unwrap().len()), (Some(0), 0));
    // Suspended by billing, it brings nothing forward: what it owes comes first.
    billing_accounts::Entity::update_many()
        .col_expr(billing_accounts::Column::Status, Expr::value("suspended"))
        .filter(billing_accounts::Column::CompanyId.eq(company))
        .exec(&app.db)
        .await
        .unwrap();
    let refused = app.post_as(&operator, "/server/v1/system/charge-next", json!({ "companyId": company })).await;
    assert_eq!(refused.status, 400, "{:?}", refused.body);
}

#[actix_web::test]
async fn suspending_blocks_the_companys_writes_and_activating_lifts_it_whoever_suspended_it() {
    let app = spawn_app().await;
    let operator = app.operator_token().await;
    let (email, admin, company) = new_company(&app, "Kilo Coverage").await;
    let write = |token: String| {
        let app = &app;
        async move { app.post_as(&token, "/server/v1/settings/update-role-type", json!({ "name": "Producer" })).await }
    };

    let suspended =
        ok(app.post_as(&operator, "/server/v1/system/suspend-company", json!({ "companyId": company })).await);
    assert_eq!(
        (suspended["company"]["id"].as_i64(), suspended["company"]["status"].as_str()),
        (Some(company), Some("suspended"))
    );
    let refused = write(admin.clone()).await;
    assert_eq!((refused.status, refused.code()), (403, "account_suspended"));
    assert_eq!(app.login(&email, "password-123").await.body["identity"]["suspended"], true);
    // Twice is harmless.
    ok(app.post_as(&operator, "/server/v1/system/suspend-company", json!({ "companyId": company })).await);

    let active = ok(app.post_as(&operator, "/server/v1/system/active-company", json!({ "companyId": company })).await);
    assert_eq!(active["company"]["status"], "trial");
    assert_eq!(write(admin.clone()).await.status, 200);
    ok(app.post_as(&operator, "/server/v1/system/active-company", json!({ "companyId": company })).await);
    let log = audit_of(&app, &operator, company).await;
    let actions: Vec<(&str, &str)> = log.iter().map(|(action, detail)| (action.as_str(), detail.as_str())).collect();
    assert_eq!(
        actions,
        vec![
            ("activate-company", "Was not suspended"),
            ("activate-company", "Activated"),
            ("suspend-company", "Already suspended"),
            ("suspend-company", "Suspended"),
        ]
    );
    for path in ["suspend-company", "active-company"] {
        let unknown =
            app.post_as(&operator, &format!("/server/v1/system/{path}"), json!({ "companyId": 999999 })).await;
        assert_eq!(unknown.status, 404);
        let missing = app.post_as(&operator, &format!("/server/v1/system/{path}"), json!({})).await;
        assert_eq!((missing.status, missing.field("companyId").is_empty()), (400, false));
    }

    // Suspended by billing after the last failed retry: activating resumes the subscription,
    // and what it owes stays owed.
    let (late_email, late_admin, late) = new_company(&app, "Lima Life").await;
    assert_eq!(app.activate_with(&late_admin, CARD_DECLINED).await.status, 200);
    let start = Utc::now();
    for day in [1, 3, 7] {
        app.billing().run_charges(start + Duration::days(day) + Duration::minutes(1)).await.unwrap();
    }
    assert!(app.company_of(&late_email).await.suspended);
    let detail = ok(app.get_as(&operator, &format!("/server/v1/system/company?id={late}")).await);
    assert_eq!(detail["company"]["billing"]["status"], "suspended");
    let next = detail["company"]["billing"]["nextChargeDate"].clone();
    let active = ok(app.post_as(&operator, "/server/v1/system/active-company", json!({ "companyId": late })).await);
    assert_eq!(active["company"]["status"], "active");
    assert!(!app.company_of(&late_email).await.suspended);
    let detail = ok(app.get_as(&operator, &format!("/server/v1/system/company?id={late}")).await);
    let billing = &detail["company"]["billing"];
    assert_eq!((billing["status"].as_str(), billing["amountDue"].as_i64()), (Some("active"), Some(1100)));
    assert_eq!(billing["nextChargeDate"], next);
    assert_eq!(detail["charges"][0]["status"], "failed");
    let late_admin = app.token_of(&late_email).await;
    assert_eq!(write(late_admin).await.status, 200);
    let log = audit_of(&app, &operator, late).await;
    assert_eq!(log[0].1, format!("Activated; the subscription resumes, next charge {}", next.as_str().unwrap()));
}

#[actix_web::test]
async fn the_operator_edits_a_company_and_extending_a_trial_lets_it_write_again() {
    let app = spawn_app().await;
    let operator = app.operator_token().await;
    let (email, admin, company) = new_company(&app, "Mike Mutual").await;
    let update = |body: Value| {
        let (app, operator) = (&app, operator.clone());
        async move { app.post_as(&operator, "/server/v1/system/update-company", body).await }
    };

    // Field by field.
    let bad =
        update(json!({ "id": company, "name": "", "email": "nope", "phone": "call me", "trialEnd": "someday" })).await;
    assert_eq!(bad.status, 400);
    for field in ["name", "email", "phone", "trialEnd"] {
        assert!(!bad.field(field).is_empty(), "{field}: {:?}", bad.body);
    }
    let control = update(json!({ "id": company, "name": "Mike\u{0}" })).await;
    assert_eq!(control.status, 400);
    assert_eq!(update(json!({ "id": 999999, "name": "Ghost" })).await.status, 404);

    // An edit; the answer is the company as its detail shows it.
    let edited = ok(update(json!({ "id": company, "name": "Mike Mutual Group", "email": "desk@mike.example",
        "phone": "(312) 555-0100" }))
    .await);
    assert_eq!(edited["company"]["name"], "Mike Mutual Group");
    assert_eq!(
        (edited["company"]["email"].as_str(), edited["company"]["phone"].as_str()),
        (Some("desk@mike.example"), Some("(312) 555-0100"))
    );
    assert_eq!(app.company_of(&email).await.name, "Mike Mutual Group");
    let log = audit_of(&app, &operator, company).await;
    assert_eq!(
        log[0],
        (
            "update-company".to_owned(),
            "Name Mike Mutual → Mike Mutual Group; E-mail none → desk@mike.example; Phone none → (312) 555-0100"
                .to_owned()
        )
    );

    // Expired: writes are refused until the operator extends the trial.
    set_trial_end(&app, company, Some(NaiveDate::from_ymd_opt(2020, 1, 1).unwrap())).await;
    let write = || app.post_as(&admin, "/server/v1/settings/update-role-type", json!({ "name": "Producer" }));
    assert_eq!(write().await.code(), "account_expired");
    let extended = (chicago_today() + Duration::days(14)).to_string();
    let reply = ok(update(json!({ "id": company, "name": "Mike Mutual Group", "email": "desk@mike.example",
        "phone": "(312) 555-0100", "trialEnd": extended }))
    .await);
    assert_eq!(
        (reply["company"]["status"].as_str(), reply["company"]["trialEnd"].as_str()),
        (Some("trial"), Some(extended.as_str()))
    );
    assert_eq!(write().await.status, 200);
    assert_eq!(audit_of(&app, &operator, company).await[0].1, format!("Trial end 2020-01-01 → {extended}"));
    // Shortening it to yesterday expires it.
    let yesterday = (chicago_today() - Duration::days(1)).to_string();
    let reply = ok(update(json!({ "id": company, "name": "Mike Mutual Group", "trialEnd": yesterday })).await);
    assert_eq!(reply["company"]["status"], "expired");

    // A promotion code: a live one is set, an unknown one refused, empty removes it.
    let saved = app
        .post_as(
            &operator,
            "/server/v1/system/save-promot",
            json!({ "code": "welcome", "description": "Welcome", "percentOff": 20, "months": 3 }),
        )
        .await;
    assert_eq!(saved.status, 200, "{:?}", saved.body);
    let with_code = ok(update(json!({ "id": company, "name": "Mike Mutual Group", "promotCode": "WELCOME" })).await);
    assert_eq!(with_code["company"]["promotCode"], "WELCOME");
    assert_eq!(audit_of(&app, &operator, company).await[0].1, "Promotion none → WELCOME");
    let unknown = update(json!({ "id": company, "name": "Mike Mutual Group", "promotCode": "NOPE" })).await;
    assert_eq!(unknown.field("promotCode"), vec!["This promotion code does not exist."]);
    let listed = list(&app, &operator, "name=mike").await;
    assert_eq!(listed["companies"][0]["promotCode"], "WELCOME");
    let cleared = ok(update(json!({ "id": company, "name": "Mike Mutual Group", "promotCode": "" })).await);
    assert_eq!(cleared["company"]["promotCode"], Value::Null);

    // Subscribed: there is no trial to change.
    let (_, payer, subscribed) = new_company(&app, "November Group").await;
    assert_eq!(app.activate_with(&payer, CARD_OK).await.status, 200);
    let refused = update(json!({ "id": subscribed, "name": "November Group", "trialEnd": extended })).await;
    assert_eq!(
        refused.field("trialEnd"),
        vec!["The trial can only be changed while the company is on trial or expired."]
    );
    ok(update(json!({ "id": subscribed, "name": "November Group", "trialEnd": null })).await);
}

#[actix_web::test]
async fn deleting_needs_the_typed_name_erases_the_company_and_is_gone_afterwards() {
    let app = spawn_app().await;
    let operator = app.operator_token().await;
    let (email, admin, company) = new_company(&app, "Oscar Owners").await;
    let (_, _, other) = new_company(&app, "Papa Partners").await;
    let delete = |body: Value| {
        let (app, operator) = (&app, operator.clone());
        async move { app.post_as(&operator, "/server/v1/system/delete-company", body).await }
    };

    for typed in ["oscar owners", "Oscar Owners ", "Papa Partners", ""] {
        let wrong = delete(json!({ "companyId": company, "name": typed })).await;
        assert_eq!(wrong.status, 400, "{typed:?}");
        assert_eq!(wrong.field("name"), vec!["Type the company's name exactly to confirm."]);
    }
    assert_eq!(app.get_as(&admin, "/server/v1/auth/login-data").await.status, 200);

    let deleted = ok(delete(json!({ "companyId": company, "name": "Oscar Owners" })).await);
    assert_eq!(deleted, json!({ "deleted": true }));
    assert_eq!(app.get_as(&admin, "/server/v1/auth/login-data").await.status, 401);
    assert!(companies::Entity::find_by_id(company).one(&app.db).await.unwrap().is_none());
    assert_eq!(app.login(&email, "password-123").await.status, 401);
    assert_eq!(app.get_as(&operator, &format!("/server/v1/system/company?id={company}")).await.status, 404);
    assert_eq!(ids(&list(&app, &operator, "").await), vec![other]);
    let again = delete(json!({ "companyId": company, "name": "Oscar Owners" })).await;
    assert_eq!((again.status, again.code()), (410, "gone"));
    assert_eq!(again.body["message"], "This company was already deleted.");
    for path in ["suspend-company", "active-company", "charge-today"] {
        let gone = app.post_as(&operator, &format!("/server/v1/system/{path}"), json!({ "companyId": company })).await;
        assert_eq!(gone.status, 404, "{path}");
    }
    assert_eq!(delete(json!({ "companyId": 999999, "name": "Nobody" })).await.status, 404);

    // The log keeps the company's name after the company is gone.
    let page = ok(app.get_as(&operator, &format!("/server/v1/system/audit?companyId={company}")).await);
    let entry = &page["entries"][0];
    assert_eq!(
        (entry["action"].as_str(), entry["companyName"].as_str()),
        (Some("delete-company"), Some("Oscar Owners"))
    );
    assert!(entry["detail"].as_str().unwrap().starts_with("Deleted with every record and file"));
}

#[actix_web::test]
async fn nobody_but_the_operator_reaches_the_customers() {
    let app = spawn_app().await;
    let operator = app.operator_token().await;
    let (email, admin, company) = new_company(&app, "Quebec Quotes").await;
    let as_user = app.impersonate(&operator, &email).await;
    let calls: [(&str, String, Value); 11] = [
        ("get", "/system/companies".to_owned(), Value::Null),
        ("get", format!("/system/company?id={company}"), Value::Null),
        ("post", "/system/update-company".to_owned(), json!({ "id": company, "name": "Taken Over" })),
        ("post", "/system/suspend-company".to_owned(), json!({ "companyId": company })),
        ("post", "/system/active-company".to_owned(), json!({ "companyId": company })),
        ("post", "/system/delete-company".to_owned(), json!({ "companyId": company, "name": "Quebec Quotes" })),
        ("get", format!("/system/charges?companyId={company}"), Value::Null),
        ("get", "/system/charge-attempts?chargeId=1".to_owned(), Value::Null),
        ("post", "/system/retry-charge".to_owned(), json!({ "id": 1 })),
        ("post", "/system/charge-today".to_owned(), json!({ "companyId": company })),
        ("post", "/system/charge-next".to_owned(), json!({ "companyId": company })),
    ];
    for token in [&admin, &as_user] {
        for (method, path, body) in &calls {
            let url = format!("/server/v1{path}");
            let reply = match *method {
                "get" => app.get_as(token, &url).await,
                _ => app.post_as(token, &url, body.clone()).await,
            };
            assert_eq!((reply.status, reply.code()), (404, "not_found"), "{method} {path}");
        }
    }
    let company_row = app.company_of(&email).await;
    assert_eq!((company_row.name.as_str(), company_row.suspended), ("Quebec Quotes", false));
    assert_eq!(
        audit_of(&app, &operator, company).await.iter().filter(|(action, _)| action != "impersonate").count(),
        0
    );
}

#[actix_web::test]
async fn without_billing_every_company_not_suspended_is_active_and_charges_are_not_found() {
    let app = spawn_app_without_billing().await;
    let operator = app.operator_token().await;
    let (_, _, company) = new_company(&app, "Romeo Realty").await;
    let all = list(&app, &operator, "").await;
    assert_eq!(
        (all["companies"][0]["status"].as_str(), all["companies"][0]["trialEnd"].as_str()),
        (Some("active"), None)
    );
    assert_eq!(list(&app, &operator, "status=trial").await["compCount"], 0);
    assert_eq!(list(&app, &operator, "status=active").await["compCount"], 1);
    assert_eq!(list(&app, &operator, "status=past_due").await["compCount"], 0);
    let detail = ok(app.get_as(&operator, &format!("/server/v1/system/company?id={company}")).await);
    assert_eq!((detail["company"]["billing"].clone(), detail["chargeCount"].as_u64()), (Value::Null, Some(0)));
    assert_eq!(app.get_as(&operator, "/server/v1/system/charges").await.status, 404);
    let next = app.post_as(&operator, "/server/v1/system/charge-next", json!({ "companyId": company })).await;
    assert_eq!(next.status, 404);
    let trial = app
        .post_as(
            &operator,
            "/server/v1/system/update-company",
            json!({ "id": company, "name": "Romeo Realty", "trialEnd": "2030-01-01" }),
        )
        .await;
    assert_eq!(trial.status, 400);
    ok(app.post_as(&operator, "/server/v1/system/suspend-company", json!({ "companyId": company })).await);
    assert_eq!(list(&app, &operator, "status=suspended").await["compCount"], 1);
}

/// Each company's headcounts as kept for the sorts (migration 000030) and as counted.
async fn kept_and_counted(app: &TestApp, company: i64) -> ((i64, i64), (i64, i64)) {
    use sea_orm::{ConnectionTrait, Statement};
    let sql = format!(
        "SELECT people, active_users, \
           (SELECT COUNT(*) FROM users WHERE users.company_id = companies.id), \
           (SELECT COUNT(*) FROM users WHERE users.company_id = companies.id AND users.status = 1) \
         FROM companies WHERE id = {company}"
    );
    let backend = app.db.get_database_backend();
    let row = app.db.query_one(Statement::from_string(backend, sql)).await.unwrap().unwrap();
    let at = |index: usize| {
        row.try_get_by_index::<i64>(index).or_else(|_| row.try_get_by_index::<i32>(index).map(i64::from))
    };
    ((at(0).unwrap(), at(1).unwrap()), (at(2).unwrap(), at(3).unwrap()))
}

#[actix_web::test]
async fn the_headcounts_the_lists_sort_by_follow_every_change_of_the_people() {
    let app = spawn_app().await;
    let (_, admin, company) = new_company(&app, "Headcount Agency").await;
    let (_, _, other) = new_company(&app, "Other Agency").await;
    let mut people = Vec::new();
    for _ in 0..3 {
        people.push(app.add_person(company, &unique_email("staff"), Role::Employee, None).await);
    }
    assert_eq!(kept_and_counted(&app, company).await, ((4, 4), (4, 4)));
    ok(app.post_as(&admin, "/server/v1/manage/terminate-employee", json!({ "id": people[0] })).await);
    ok(app.post_as(&admin, "/server/v1/manage/terminate-employee", json!({ "id": people[1] })).await);
    assert_eq!(kept_and_counted(&app, company).await, ((4, 2), (4, 2)));
    ok(app.post_as(&admin, "/server/v1/manage/reactivate-account", json!({ "id": people[1] })).await);
    assert_eq!(kept_and_counted(&app, company).await, ((4, 3), (4, 3)));
    // A person moved to another company (no screen does it; the database keeps the counts anyway),
    // and one removed.
    accounts::entities::users::Entity::update_many()
        .col_expr(accounts::entities::users::Column::CompanyId, Expr::value(other))
        .filter(accounts::entities::users::Column::Id.eq(people[2]))
        .exec(&app.db)
        .await
        .unwrap();
    assert_eq!(kept_and_counted(&app, company).await, ((3, 2), (3, 2)));
    assert_eq!(kept_and_counted(&app, other).await, ((2, 2), (2, 2)));
    accounts::entities::users::Entity::delete_by_id(people[0]).exec(&app.db).await.unwrap();
    assert_eq!(kept_and_counted(&app, company).await, ((2, 2), (2, 2)));
    // And the lists sort by them.
    app.add_person(other, &unique_email("staff"), Role::Employee, None).await;
    let operator = app.operator_token().await;
    assert_eq!(ids(&list(&app, &operator, "sort=users&order=asc").await), vec![company, other]);
    assert_eq!(ids(&list(&app, &operator, "sort=users&order=desc").await), vec![other, company]);
}
