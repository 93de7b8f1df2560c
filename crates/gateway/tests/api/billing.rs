//! Billing (issue 22, `docs/contracts/billing.md`) against a Stripe-shaped server in its own
//! process (`e2e/stripe/harness.py`: localstripe plus Checkout Sessions and a hosted page):
//! trial → activation → monthly charges for a changing headcount → declines and retries →
//! suspension → a new card → active again; exactly-once charging; webhooks; self-hosted.

use crate::helpers::*;
use accounts::entities::users;
use billing::entities::{attempts, charges};
use chrono::{Duration, Utc};
use kernel::Role;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{json, Value};

/// The company's charges, oldest first.
pub(crate) async fn charges_of(app: &TestApp, company: i64) -> Vec<charges::Model> {
    charges::Entity::find()
        .filter(charges::Column::CompanyId.eq(company))
        .order_by_asc(charges::Column::PeriodStart)
        .all(&app.db)
        .await
        .unwrap()
}

/// The payment intents the provider holds for the company's customer, by status.
pub(crate) async fn intents_at_provider(app: &TestApp, company: i64) -> Vec<(String, i64)> {
    let customer = app.billing().customer_of(kernel::CompanyId(company)).await.unwrap().unwrap();
    let mut response = app
        .client
        .get(format!("{}/v1/payment_intents?customer={customer}&limit=100", app.stripe_url))
        .bearer_auth(STRIPE_SECRET_KEY)
        .send()
        .await
        .unwrap();
    let body: Value = response.json().limit(4 * 1024 * 1024).await.unwrap();
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|intent| (intent["status"].as_str().unwrap().to_owned(), intent["amount"].as_i64().unwrap()))
        .collect()
}

pub(crate) fn succeeded(intents: &[(String, i64)]) -> Vec<i64> {
    let mut amounts: Vec<i64> =
        intents.iter().filter(|(status, _)| status == "succeeded").map(|(_, amount)| *amount).collect();
    amounts.sort_unstable();
    amounts
}

pub(crate) async fn new_company(app: &TestApp, tag: &str) -> (String, String, i64) {
    let email = unique_email(tag);
    let token = app.admin_of_new_company(&format!("{tag} Agency"), &email).await;
    let company = app.company_of(&email).await.id.0;
    (email, token, company)
}

#[actix_web::test]
async fn a_company_goes_from_trial_to_paying_to_suspended_to_paying_again() {
    let app = spawn_app().await;
    let (email, admin, company) = new_company(&app, "lifecycle").await;

    // The trial: no card, what a month would cost, a checkout page to activate.
    let data = app.get_as(&admin, "/server/v1/myaccount/data").await;
    assert_eq!(data.status, 200, "{:?}", data.body);
    assert_eq!(data.body["status"], "trial");
    assert_eq!(data.body["card"], Value::Null);
    assert_eq!(data.body["trialDaysLeft"], 30);
    assert_eq!(data.body["chargeDetail"], json!({ "base": 800, "perUser": 300, "users": 1, "perUserTotal": 300 }));
    assert_eq!(data.body["totalCharge"], 1100);
    assert!(data.body["activateUrl"].as_str().unwrap().starts_with(&app.stripe_url));
    assert_eq!(data.body["updateUrl"], Value::Null);
    // Visiting again offers the same checkout rather than starting another at the provider.
    let again = app.get_as(&admin, "/server/v1/myaccount/data").await;
    assert_eq!(again.body["activateSessionId"], data.body["activateSessionId"]);
    let identity = app.login(&email, "password-123").await.body["identity"].clone();
    assert_eq!(identity["hasHrSubscription"], true);
    assert!(identity["trialEnd"].is_string());

    // Activation: the card is saved, the trial ends, and the first month is charged.
    let activated = app.activate_with(&admin, CARD_OK).await;
    assert_eq!(activated.status, 200, "{:?}", activated.body);
    assert_eq!(activated.body["activationStatus"], 1);
    assert_eq!(activated.body["charge"]["status"], "paid");
    assert_eq!(activated.body["charge"]["totalAmount"], 1100);
    let data = app.get_as(&admin, "/server/v1/myaccount/data").await;
    assert_eq!(data.body["status"], "active");
    assert_eq!(data.body["card"]["last4"], "4242");
    assert_eq!(data.body["trialEnd"], Value::Null);
    assert!(data.body["updateUrl"].is_string());
    let first = charges_of(&app, company).await;
    assert_eq!(first.len(), 1);
    let start = first[0].period_start;
    let next = billing::next_charge_date(start, chrono::Datelike::day(&start));
    assert_eq!(data.body["subscription"]["nextChargeDate"], next.to_string());
    let identity = app.login(&email, "password-123").await.body["identity"].clone();
    assert_eq!(identity["trialEnd"], Value::Null);

    // A month on, with two more people (one added mid-month counts in full): $8 + 3 × $3.
    app.add_person(company, &unique_email("staff-a"), Role::Employee, None).await;
    let leaver = app.add_person(company, &unique_email("staff-b"), Role::Employee, None).await;
    let month = Utc::now() + Duration::days(32);
    let run = app.billing().run_charges(month).await.unwrap();
    assert_eq!((run.created, run.paid), (1, 1), "{run}");
    assert_eq!(charges_of(&app, company).await[1].total_cents, 800 + 3 * 300);
    // Running again makes and takes nothing.
    let again = app.billing().run_charges(month).await.unwrap();
    assert_eq!((again.created, again.paid), (0, 0), "{again}");

    // Someone terminated before the next charge is not paid for: $8 + 2 × $3.
    let mut row: users::ActiveModel = users::Entity::find_by_id(leaver).one(&app.db).await.unwrap().unwrap().into();
    row.status = Set(kernel::EmploymentStatus::Terminated);
    row.update(&app.db).await.unwrap();
    let two_months = Utc::now() + Duration::days(63);
    assert_eq!(app.billing().run_charges(two_months).await.unwrap().paid, 1);
    let history = charges_of(&app, company).await;
    assert_eq!(history.iter().map(|c| c.total_cents).collect::<Vec<_>>(), vec![1100, 1700, 1400]);
    assert_eq!(history.iter().map(|c| c.user_count).collect::<Vec<_>>(), vec![1, 3, 2]);
    assert_eq!(succeeded(&intents_at_provider(&app, company).await), vec![1100, 1400, 1700]);

    // The card now declines (updated while nothing is owed: nothing is charged).
    let updated = app.update_card_with(&admin, CARD_DECLINED).await;
    assert_eq!(updated.status, 200, "{:?}", updated.body);
    assert_eq!(updated.body["reactivated"], false);

    // The next charge is declined, retried 1, 3 and 7 days later, then the company is suspended.
    let due = two_months + Duration::days(31);
    let run = app.billing().run_charges(due).await.unwrap();
    assert_eq!((run.created, run.declined, run.suspended), (1, 1, 0), "{run}");
    let data = app.get_as(&admin, "/server/v1/myaccount/data").await;
    assert_eq!(data.body["status"], "past_due");
    assert_eq!(data.body["amountDue"], 1400);
    app.mail.wait_for(&email, "the card was declined").await;
    // Before the first retry is due, nothing is tried.
    assert_eq!(app.billing().run_charges(due + Duration::hours(23)).await.unwrap().declined, 0);
    for (day, suspended) in [(1, 0), (3, 0), (7, 1)] {
        let run = app.billing().run_charges(due + Duration::days(day) + Duration::minutes(1)).await.unwrap();
        assert_eq!((run.declined, run.suspended), (1, suspended), "day {day}: {run}");
    }
    let failed = charges_of(&app, company).await.pop().unwrap();
    assert_eq!((failed.status.code(), failed.failures), ("failed", 4));
    let tries = attempts::Entity::find().filter(attempts::Column::ChargeId.eq(failed.id)).all(&app.db).await.unwrap();
    assert_eq!(tries.len(), 4);
    assert!(tries.iter().all(|attempt| attempt.outcome.code() == "declined"));
    app.mail.wait_for(&email, "has been suspended").await;

    // Suspended: the admin signs in to Billing only; writes elsewhere are refused.
    let login = app.login(&email, "password-123").await;
    assert_eq!(login.body["identity"]["suspended"], true);
    let admin = login.body["token"].as_str().unwrap().to_owned();
    let refused = app.post_as(&admin, "/server/v1/company/update", json!({ "name": "Renamed" })).await;
    assert_eq!((refused.status, refused.code()), (403, "account_suspended"));
    let data = app.get_as(&admin, "/server/v1/myaccount/data").await;
    assert_eq!(data.body["status"], "suspended");
    // Months while suspended are not charged.
    assert_eq!(app.billing().run_charges(due + Duration::days(40)).await.unwrap().created, 0);

    // A card that declines again changes nothing; a good one pays what is owed and reactivates.
    let declined = app.update_card_with(&admin, CARD_DECLINED).await;
    assert_eq!((declined.status, declined.code()), (402, "payment_failed"));
    assert_eq!(declined.body["message"], "Your credit card is invalid.");
    assert!(app.company_of(&email).await.suspended);
    let paid = app.update_card_with(&admin, CARD_OK).await;
    assert_eq!(paid.status, 200, "{:?}", paid.body);
    assert_eq!(paid.body["reactivated"], true);
    assert!(!app.company_of(&email).await.suspended);
    let data = app.get_as(&admin, "/server/v1/myaccount/data").await;
    assert_eq!((data.body["status"].as_str(), data.body["reactivated"].as_bool()), (Some("active"), Some(true)));
    assert_eq!(data.body["amountDue"], 0);
    assert_eq!(charges_of(&app, company).await.pop().unwrap().status.code(), "paid");
    assert_eq!(succeeded(&intents_at_provider(&app, company).await), vec![1100, 1400, 1400, 1700]);
    let allowed = app.post_as(&admin, "/server/v1/company/update", json!({ "name": "Back Agency" })).await;
    assert_ne!(allowed.code(), "account_suspended");

    // The charge history, newest first, ten a page.
    let page = app.get_as(&admin, "/server/v1/myaccount/charges?page=1").await;
    assert_eq!(page.body["chargeCount"], 4);
    assert_eq!(page.body["charges"][0]["status"], "paid");
    assert_eq!(page.body["charges"][0]["attempts"], 6);
    assert_eq!(page.body["charges"][3]["totalAmount"], 1100);
    let past_end = app.get_as(&admin, "/server/v1/myaccount/charges?page=2").await;
    assert_eq!(past_end.body["charges"], json!([]));
}

#[actix_web::test]
async fn a_first_charge_declined_at_activation_leaves_the_company_subscribed_and_owing() {
    let app = spawn_app().await;
    let (_, admin, company) = new_company(&app, "declined-first").await;
    let activated = app.activate_with(&admin, CARD_DECLINED).await;
    assert_eq!(activated.status, 200, "{:?}", activated.body);
    assert_eq!(activated.body["message"], "Your credit card is invalid.");
    assert_eq!(activated.body["charge"]["status"], "retrying");
    let data = app.get_as(&admin, "/server/v1/myaccount/data").await;
    assert_eq!((data.body["status"].as_str(), data.body["amountDue"].as_i64()), (Some("past_due"), Some(1100)));
    // A good card pays it at once.
    let paid = app.update_card_with(&admin, CARD_OK).await;
    assert_eq!(paid.status, 200, "{:?}", paid.body);
    assert_eq!(app.get_as(&admin, "/server/v1/myaccount/data").await.body["status"], "active");
    assert_eq!(succeeded(&intents_at_provider(&app, company).await), vec![1100]);
}

#[actix_web::test]
async fn an_activation_needs_a_finished_unused_checkout_of_ones_own_company() {
    let app = spawn_app().await;
    let (_, admin, _) = new_company(&app, "checkout-a").await;
    let (_, other_admin, _) = new_company(&app, "checkout-b").await;
    let failed = |reply: &Reply| {
        assert_eq!((reply.status, reply.code()), (400, "activation_failed"), "{:?}", reply.body);
        assert_eq!(
            reply.body["message"],
            "There are some errors in activating your account. Please contact our support staff."
        );
    };
    for token in [json!({}), json!({ "token": "" }), json!({ "token": "cs_test_unknown" })] {
        failed(&app.post_as(&admin, "/server/v1/myaccount/activate", token).await);
    }
    // Not finished at the provider.
    let data = app.get_as(&admin, "/server/v1/myaccount/data").await;
    let open = data.body["activateSessionId"].as_str().unwrap().to_owned();
    failed(&app.post_as(&admin, "/server/v1/myaccount/activate", json!({ "token": open })).await);
    // Another company's session is not this one's.
    let theirs = app.get_as(&other_admin, "/server/v1/myaccount/data").await;
    let session = app.complete_checkout(theirs.body["activateUrl"].as_str().unwrap(), CARD_OK).await;
    failed(&app.post_as(&admin, "/server/v1/myaccount/activate", json!({ "token": session.clone() })).await);
    // Its own company activates with it once; the second time it is used.
    let ok = app.post_as(&other_admin, "/server/v1/myaccount/activate", json!({ "token": session.clone() })).await;
    assert_eq!(ok.status, 200, "{:?}", ok.body);
    failed(&app.post_as(&other_admin, "/server/v1/myaccount/activate", json!({ "token": session })).await);
    // An update-card session does not activate, and a subscribed company cannot activate again.
    let data = app.get_as(&other_admin, "/server/v1/myaccount/data").await;
    let update = app.complete_checkout(data.body["updateUrl"].as_str().unwrap(), CARD_OK).await;
    failed(&app.post_as(&other_admin, "/server/v1/myaccount/activate", json!({ "token": update })).await);
    // A trial company has no card to update.
    failed(&app.post_as(&admin, "/server/v1/myaccount/update-card", json!({ "token": "cs_test_x" })).await);
}

#[actix_web::test]
async fn managers_and_employees_have_no_billing() {
    let app = spawn_app().await;
    let (_, _, company) = new_company(&app, "billing-roles").await;
    for role in [Role::Manager, Role::Employee] {
        let email = unique_email("billing-role");
        app.add_person(company, &email, role, None).await;
        let token = app.token_of(&email).await;
        for path in ["/server/v1/myaccount/data", "/server/v1/myaccount/charges"] {
            assert_eq!(app.get_as(&token, path).await.status, 403, "{role:?} {path}");
        }
        let cancel = app.post_as(&token, "/server/v1/myaccount/cancel", json!({})).await;
        assert_eq!(cancel.status, 403);
    }
}

#[actix_web::test]
async fn two_runs_at_once_charge_each_company_once() {
    let app = spawn_app().await;
    let (_, admin, company) = new_company(&app, "twice").await;
    assert_eq!(app.activate_with(&admin, CARD_OK).await.status, 200);
    let month = Utc::now() + Duration::days(32);
    let (first, second) = tokio::join!(app.billing().run_charges(month), app.billing().run_charges(month));
    let (first, second) = (first.unwrap(), second.unwrap());
    assert_eq!(first.created + second.created, 1, "{first} / {second}");
    assert_eq!(first.paid + second.paid, 1, "{first} / {second}");
    assert_eq!(succeeded(&intents_at_provider(&app, company).await), vec![1100, 1100]);
}

#[actix_web::test]
async fn a_run_stopped_mid_charge_is_settled_by_asking_the_provider_not_by_charging_again() {
    let app = spawn_app().await;
    let (_, admin, company) = new_company(&app, "crash").await;
    assert_eq!(app.activate_with(&admin, CARD_OK).await.status, 200);
    let month = Utc::now() + Duration::days(32);

    // Stopped at every point of an attempt: the run is aborted as soon as the attempt row
    // exists, then as soon as its payment intent is stored, then right after confirming; each
    // time a later run finishes the charge, and the provider holds one payment for the month.
    let run = {
        let billing = app.billing().clone();
        actix_web::rt::spawn(async move { billing.run_charges(month).await })
    };
    // Wait until the attempt has its intent, then stop the run there.
    for _ in 0..200 {
        let started = attempts::Entity::find()
            .filter(attempts::Column::CompanyId.eq(company))
            .filter(attempts::Column::PaymentIntentId.is_not_null())
            .filter(attempts::Column::Outcome.eq("started"))
            .one(&app.db)
            .await
            .unwrap();
        if started.is_some() || run.is_finished() {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(2)).await;
    }
    run.abort();
    let _ = run.await;
    // The claim outlives the stopped server (five minutes of real time); once it has expired,
    // another run settles the charge.
    charges::Entity::update_many()
        .col_expr(
            charges::Column::ClaimedUntil,
            sea_orm::sea_query::Expr::value(Some(Utc::now() - Duration::minutes(1))),
        )
        .filter(charges::Column::CompanyId.eq(company))
        .filter(charges::Column::ClaimedUntil.is_not_null())
        .exec(&app.db)
        .await
        .unwrap();
    let later = month + Duration::minutes(10);
    app.billing().run_charges(later).await.unwrap();
    app.billing().run_charges(later + Duration::hours(1)).await.unwrap();
    let history = charges_of(&app, company).await;
    assert_eq!(history.len(), 2);
    assert!(history.iter().all(|charge| charge.status.code() == "paid"), "{history:?}");
    assert_eq!(succeeded(&intents_at_provider(&app, company).await), vec![1100, 1100]);

    // The state a crash leaves after the provider took the money but before it was recorded:
    // an attempt `started` with its intent confirmed at the provider. The next run asks the
    // provider and records the payment; it does not confirm another intent.
    let two_months = Utc::now() + Duration::days(63);
    app.billing().run_charges(two_months).await.unwrap();
    let last = charges_of(&app, company).await.pop().unwrap();
    let attempt =
        attempts::Entity::find().filter(attempts::Column::ChargeId.eq(last.id)).one(&app.db).await.unwrap().unwrap();
    let mut reset: attempts::ActiveModel = attempt.into();
    reset.outcome = Set(billing::status::AttemptStatus::Started);
    reset.finished_at = Set(None);
    reset.update(&app.db).await.unwrap();
    let mut unpaid: charges::ActiveModel = last.clone().into();
    unpaid.status = Set(billing::status::ChargeStatus::Pending);
    unpaid.paid_at = Set(None);
    unpaid.next_attempt_at = Set(Some(two_months));
    unpaid.update(&app.db).await.unwrap();
    let run = app.billing().run_charges(two_months + Duration::minutes(1)).await.unwrap();
    assert_eq!(run.paid, 1, "{run}");
    assert_eq!(charges_of(&app, company).await.pop().unwrap().status.code(), "paid");
    assert_eq!(succeeded(&intents_at_provider(&app, company).await), vec![1100, 1100, 1100]);
}

/// A webhook body signed as the provider would (`t`: its timestamp).
fn signed(payload: &str, t: i64) -> String {
    stripe_webhook::Webhook::generate_test_header(payload, STRIPE_WEBHOOK_SECRET, Some(t))
}

async fn send_webhook(app: &TestApp, payload: &str, signature: Option<String>) -> Reply {
    let mut request = app.client.post(app.url("/server/v1/billing/webhook")).content_type("application/json");
    if let Some(signature) = signature {
        request = request.insert_header(("Stripe-Signature", signature));
    }
    let response = request.send_body(payload.to_owned()).await.unwrap();
    let status = response.status().as_u16();
    let mut response = response;
    let body: Value = response.json().await.unwrap_or(Value::Null);
    Reply { status, body, refreshed_token: None, request_id: None }
}

fn intent_event(id: &str, kind: &str, intent: &str) -> String {
    json!({
        "id": id, "object": "event", "type": kind, "created": Utc::now().timestamp(),
        "data": { "object": { "id": intent, "object": "payment_intent",
            "last_payment_error": { "code": "card_declined", "message": "Your card was declined." } } }
    })
    .to_string()
}

#[actix_web::test]
async fn webhooks_settle_an_attempt_once_and_only_when_signed_recently() {
    let app = spawn_app().await;
    let (_, admin, company) = new_company(&app, "webhooks").await;
    assert_eq!(app.activate_with(&admin, CARD_OK).await.status, 200);
    // An attempt whose answer the server never heard: the webhook tells it.
    let charge = charges_of(&app, company).await.pop().unwrap();
    let attempt =
        attempts::Entity::find().filter(attempts::Column::ChargeId.eq(charge.id)).one(&app.db).await.unwrap().unwrap();
    let intent = attempt.payment_intent_id.clone().unwrap();
    let mut reset: attempts::ActiveModel = attempt.clone().into();
    reset.outcome = Set(billing::status::AttemptStatus::Started);
    reset.update(&app.db).await.unwrap();
    let mut unpaid: charges::ActiveModel = charge.clone().into();
    unpaid.status = Set(billing::status::ChargeStatus::Pending);
    unpaid.update(&app.db).await.unwrap();
    let now = Utc::now().timestamp();
    let succeeded_event = intent_event("evt_paid_1", "payment_intent.succeeded", &intent);

    // Missing, wrong, tampered and stale signatures change nothing.
    for (payload, signature) in [
        (succeeded_event.clone(), None),
        (succeeded_event.clone(), Some("t=1,v1=00".to_owned())),
        (succeeded_event.replace("evt_paid_1", "evt_paid_2"), Some(signed(&succeeded_event, now))),
        (succeeded_event.clone(), Some(signed(&succeeded_event, now - 301))),
        (succeeded_event.clone(), Some(signed(&succeeded_event, now + 301))),
    ] {
        let reply = send_webhook(&app, &payload, signature).await;
        assert_eq!((reply.status, reply.code()), (400, "invalid_signature"), "{:?}", reply.body);
    }
    assert_eq!(charges_of(&app, company).await[0].status.code(), "pending");

    // Signed and recent: the attempt is settled and the charge paid.
    let reply = send_webhook(&app, &succeeded_event, Some(signed(&succeeded_event, now))).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert_eq!(charges_of(&app, company).await[0].status.code(), "paid");
    // Replayed (with a fresh signature), and a failure arriving after the success: nothing changes.
    let reply = send_webhook(&app, &succeeded_event, Some(signed(&succeeded_event, now))).await;
    assert_eq!(reply.status, 200);
    let late_failure = intent_event("evt_failed_late", "payment_intent.payment_failed", &intent);
    assert_eq!(send_webhook(&app, &late_failure, Some(signed(&late_failure, now))).await.status, 200);
    let charge = charges_of(&app, company).await.pop().unwrap();
    assert_eq!((charge.status.code(), charge.failures), ("paid", 0));
    // Unknown types and intents are answered without effect; a signed body that is not an
    // event is refused.
    let unknown = intent_event("evt_other", "invoice.created", "in_123");
    assert_eq!(send_webhook(&app, &unknown, Some(signed(&unknown, now))).await.status, 200);
    let foreign = intent_event("evt_foreign", "payment_intent.succeeded", "pi_not_ours");
    assert_eq!(send_webhook(&app, &foreign, Some(signed(&foreign, now))).await.status, 200);
    let malformed = "{\"not\": \"an event\"}";
    let reply = send_webhook(&app, malformed, Some(signed(malformed, now))).await;
    assert_eq!((reply.status, reply.code()), (400, "validation"));
    let stored: Vec<String> = billing::entities::webhook_events::Entity::find()
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .map(|event| event.event_id)
        .collect();
    assert_eq!(stored.len(), 4, "{stored:?}");
}

#[actix_web::test]
async fn a_decline_reported_only_by_webhook_counts_once() {
    let app = spawn_app().await;
    let (_, admin, company) = new_company(&app, "webhook-decline").await;
    assert_eq!(app.activate_with(&admin, CARD_OK).await.status, 200);
    let charge = charges_of(&app, company).await.pop().unwrap();
    let attempt =
        attempts::Entity::find().filter(attempts::Column::ChargeId.eq(charge.id)).one(&app.db).await.unwrap().unwrap();
    let mut reset: attempts::ActiveModel = attempt.clone().into();
    reset.outcome = Set(billing::status::AttemptStatus::Started);
    reset.update(&app.db).await.unwrap();
    let mut unpaid: charges::ActiveModel = charge.into();
    unpaid.status = Set(billing::status::ChargeStatus::Pending);
    unpaid.update(&app.db).await.unwrap();
    let now = Utc::now().timestamp();
    let intent = attempt.payment_intent_id.unwrap();
    for id in ["evt_decline_1", "evt_decline_2"] {
        let event = intent_event(id, "payment_intent.payment_failed", &intent);
        assert_eq!(send_webhook(&app, &event, Some(signed(&event, now))).await.status, 200);
    }
    let charge = charges_of(&app, company).await.pop().unwrap();
    assert_eq!((charge.status.code(), charge.failures), ("retrying", 1));
}

#[actix_web::test]
async fn the_providers_own_webhooks_arrive_signed_and_are_recorded() {
    let stripe = start_stripe();
    let app = spawn_app_with_stripe(&stripe.url).await;
    let registered = app
        .client
        .post(format!("{}/_config/webhooks/timekeep", stripe.url))
        .send_form(&[
            ("url", app.url("/server/v1/billing/webhook").as_str()),
            ("secret", STRIPE_WEBHOOK_SECRET),
            ("events[]", "payment_intent.succeeded"),
        ])
        .await
        .unwrap();
    assert_eq!(registered.status().as_u16(), 200);
    let (_, admin, company) = new_company(&app, "provider-hooks").await;
    assert_eq!(app.activate_with(&admin, CARD_OK).await.status, 200);
    // The provider sends `payment_intent.succeeded` about a second later; the attempt is already
    // settled, so it is recorded with no further effect.
    let mut recorded = None;
    for _ in 0..100 {
        recorded = billing::entities::webhook_events::Entity::find()
            .filter(billing::entities::webhook_events::Column::CompanyId.eq(company))
            .one(&app.db)
            .await
            .unwrap();
        if recorded.is_some() {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(recorded.map(|event| event.event_type), Some("payment_intent.succeeded".to_owned()));
    assert_eq!(succeeded(&intents_at_provider(&app, company).await), vec![1100]);
    assert_eq!(charges_of(&app, company).await[0].status.code(), "paid");
}

#[actix_web::test]
async fn a_self_hosted_install_has_no_billing_and_no_trial_end() {
    let app = spawn_app_without_billing().await;
    let email = unique_email("self-hosted");
    let admin = app.admin_of_new_company("Self Hosted", &email).await;
    assert_eq!(app.get_as(&admin, "/server/v1/myaccount/data").await.status, 404);
    assert_eq!(app.post_as(&admin, "/server/v1/myaccount/cancel", json!({})).await.status, 404);
    assert_eq!(send_webhook(&app, "{}", None).await.status, 404);
    // A trial end in the past changes nothing.
    let company = app.company_of(&email).await;
    let mut row: accounts::entities::companies::ActiveModel = company.into();
    row.trial_end = Set(Some(Utc::now().date_naive() - Duration::days(10)));
    row.update(&app.db).await.unwrap();
    let login = app.login(&email, "password-123").await;
    assert_eq!(login.body["identity"]["trialEnd"], Value::Null);
    assert_eq!(login.body["identity"]["hasHrSubscription"], false);
    let token = login.body["token"].as_str().unwrap();
    let write = app.post_as(token, "/server/v1/company/update", json!({ "name": "Still Writing" })).await;
    assert_ne!(write.code(), "account_expired", "{:?}", write.body);
}

#[actix_web::test]
async fn cancelling_the_account_ends_every_session_and_forgets_the_customer() {
    let app = spawn_app().await;
    let (email, admin, company) = new_company(&app, "cancel").await;
    assert_eq!(app.activate_with(&admin, CARD_OK).await.status, 200);
    let customer = app.billing().customer_of(kernel::CompanyId(company)).await.unwrap().unwrap();
    let employee = unique_email("cancel-staff");
    app.add_person(company, &employee, Role::Employee, None).await;
    let staff = app.token_of(&employee).await;
    let reply = app.post_as(&admin, "/server/v1/myaccount/cancel", json!({})).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert_eq!(reply.body["message"], "Your account has been cancelled.");
    for token in [&admin, &staff] {
        assert_eq!(app.get_as(token, "/server/v1/auth/login-data").await.status, 401);
    }
    assert_eq!(app.login(&email, "password-123").await.status, 401);
    assert!(charges_of(&app, company).await.is_empty());
    let gone = app
        .client
        .get(format!("{}/v1/customers/{customer}", app.stripe_url))
        .bearer_auth(STRIPE_SECRET_KEY)
        .send()
        .await
        .unwrap();
    assert_eq!(gone.status().as_u16(), 404);
}
