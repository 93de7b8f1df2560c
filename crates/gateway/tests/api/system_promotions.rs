//! Promotion codes (issue 23, `docs/contracts/system.md` "Promotions"): the operator's codes
//! (made, listed, changed, deleted, refused when in use, audited), a code redeemed at signup or
//! activation or set by the operator, and the discounts it gives on the monthly charges against
//! the Stripe harness (integer cents, for its months, a 100% code paid without the provider).

use crate::helpers::*;
use billing::entities::{charges, redemptions};
use chrono::{Duration, Utc};
use kernel::Role;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};
use serde_json::{json, Value};

const UNKNOWN: &str = "This promotion code does not exist.";
const EXPIRED: &str = "This promotion code has expired.";

/// The operator saves a code; its `promot`.
async fn save(app: &TestApp, operator: &str, body: Value) -> Value {
    let reply = app.post_as(operator, "/server/v1/system/save-promot", body).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    reply.body["promot"].clone()
}

fn signup_body(email: &str, code: Option<&str>) -> Value {
    let mut body = json!({
        "company": "Promo Agency", "firstname": "Ada", "lastname": "Lovelace", "email": email,
        "password": "password-123", "timezone": "America/Chicago", "token": "", "website": ""
    });
    if let Some(code) = code {
        body["promotCode"] = json!(code);
    }
    body
}

/// A company signed up with `code`, its admin verified and signed in: (admin token, company).
async fn company_with_code(app: &TestApp, tag: &str, code: &str) -> (String, i64) {
    let email = unique_email(tag);
    let reply = app.post("/server/v1/account/signup", signup_body(&email, Some(code))).await;
    assert_eq!(reply.status, 201, "{:?}", reply.body);
    assert_eq!(app.verify_from_mail(&email).await.status, 200);
    let token = app.token_of(&email).await;
    (token, app.company_of(&email).await.id.0)
}

async fn charges_of(app: &TestApp, company: i64) -> Vec<charges::Model> {
    charges::Entity::find()
        .filter(charges::Column::CompanyId.eq(company))
        .order_by_asc(charges::Column::PeriodStart)
        .all(&app.db)
        .await
        .unwrap()
}

/// The amounts of the payment intents the provider holds for the company's customer.
async fn amounts_at_provider(app: &TestApp, company: i64) -> Vec<i64> {
    let customer = app.billing().customer_of(kernel::CompanyId(company)).await.unwrap().unwrap();
    let mut response = app
        .client
        .get(format!("{}/v1/payment_intents?customer={customer}&limit=100", app.stripe_url))
        .bearer_auth(STRIPE_SECRET_KEY)
        .send()
        .await
        .unwrap();
    let body: Value = response.json().limit(4 * 1024 * 1024).await.unwrap();
    let mut amounts: Vec<i64> = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|intent| intent["status"] == "succeeded")
        .map(|intent| intent["amount"].as_i64().unwrap())
        .collect();
    amounts.sort_unstable();
    amounts
}

async fn user_exists(app: &TestApp, email: &str) -> bool {
    accounts::entities::users::Entity::find()
        .filter(accounts::entities::users::Column::Email.eq(email))
        .one(&app.db)
        .await
        .unwrap()
        .is_some()
}

#[actix_web::test]
async fn the_operator_makes_lists_changes_and_deletes_promotion_codes() {
    let app = spawn_app().await;
    let operator = app.operator_token().await;
    let path = "/server/v1/system/save-promot";

    // Every field is checked, each with its message.
    let empty = app.post_as(&operator, path, json!({})).await;
    assert_eq!((empty.status, empty.code()), (400, "validation"));
    assert_eq!(empty.field("code"), ["Enter a code."]);
    assert_eq!(empty.field("percentOff"), ["Give either a percent or an amount off."]);
    let bad = app
        .post_as(
            &operator,
            path,
            json!({"code": "no spaces", "description": "x".repeat(201), "percentOff": 101, "months": 37,
                   "expiresOn": "31/12/2099"}),
        )
        .await;
    assert_eq!(bad.status, 400);
    assert_eq!(bad.field("code"), ["A code has 3 to 32 letters, digits, - or _."]);
    assert_eq!(bad.field("description"), ["The description can have at most 200 characters."]);
    assert_eq!(bad.field("percentOff"), ["The discount must be between 1 and 100 percent."]);
    assert_eq!(bad.field("months"), ["Give a number of months from 1 to 36, or none for every charge."]);
    assert_eq!(bad.field("expiresOn"), ["Please enter a date as YYYY-MM-DD."]);
    let both = app.post_as(&operator, path, json!({"code": "BOTH", "percentOff": 10, "amountOff": 500})).await;
    assert_eq!(both.field("percentOff"), ["Give either a percent or an amount off."]);
    let nothing_off = app.post_as(&operator, path, json!({"code": "ZERO", "percentOff": 0})).await;
    assert_eq!(nothing_off.field("percentOff"), ["The discount must be between 1 and 100 percent."]);
    let no_amount = app.post_as(&operator, path, json!({"code": "ZERO", "amountOff": 0})).await;
    assert_eq!(no_amount.field("amountOff"), ["The amount off must be between 1 cent and $1,000,000.00."]);
    let too_short = app.post_as(&operator, path, json!({"code": "ab", "percentOff": 10})).await;
    assert_eq!(too_short.field("code"), ["A code has 3 to 32 letters, digits, - or _."]);
    let control =
        app.post_as(&operator, path, json!({"code": "CTRL", "percentOff": 10, "description": "a\u{7}b"})).await;
    assert_eq!(control.status, 400, "{:?}", control.body);
    assert_eq!(app.get_as(&operator, "/server/v1/system/promots").await.body["promotCount"], 0);

    // A good one: stored upper-case; numbers may come as text, as forms send them.
    let welcome = save(
        &app,
        &operator,
        json!({"code": " welcome ", "description": "Welcome offer", "percentOff": "20", "amountOff": "",
               "months": 3, "expiresOn": "2099-12-31"}),
    )
    .await;
    assert_eq!(welcome["code"], "WELCOME");
    assert_eq!(welcome["description"], "Welcome offer");
    assert_eq!((welcome["percentOff"].as_i64(), welcome["amountOff"].as_i64()), (Some(20), None));
    assert_eq!((welcome["months"].as_i64(), welcome["expiresOn"].as_str()), (Some(3), Some("2099-12-31")));
    assert_eq!(welcome["companies"], 0);
    // The same code in any case exists already.
    let again = app.post_as(&operator, path, json!({"code": "Welcome", "amountOff": 500})).await;
    assert_eq!((again.status, again.field("code")), (400, vec!["This promotion code already exists.".to_owned()]));

    // One by id.
    let id = welcome["id"].as_i64().unwrap();
    let one = app.get_as(&operator, &format!("/server/v1/system/promot?id={id}")).await;
    assert_eq!(one.status, 200, "{:?}", one.body);
    assert_eq!(one.body["promot"]["code"], "WELCOME");
    assert_eq!(app.get_as(&operator, "/server/v1/system/promot?id=999999").await.status, 404);

    // The list: 20 a page, newest first by default; filtered by the start of the code (any
    // case; `_` is not a wildcard); sorted by code or date.
    let spring_ten = save(&app, &operator, json!({"code": "SPRING_10", "amountOff": 1000})).await;
    save(&app, &operator, json!({"code": "spring-20", "percentOff": 20, "months": 1})).await;
    for n in 0..20 {
        save(&app, &operator, json!({"code": format!("BULK{n:02}"), "percentOff": 5})).await;
    }
    let first = app.get_as(&operator, "/server/v1/system/promots").await;
    assert_eq!(first.status, 200, "{:?}", first.body);
    assert_eq!(first.body["promotCount"], 23);
    assert_eq!(first.body["promots"].as_array().unwrap().len(), 20);
    assert_eq!(first.body["promots"][0]["code"], "BULK19");
    let second = app.get_as(&operator, "/server/v1/system/promots?page=2").await;
    let codes = |reply: &Reply| -> Vec<String> {
        reply.body["promots"].as_array().unwrap().iter().map(|p| p["code"].as_str().unwrap().to_owned()).collect()
    };
    assert_eq!(codes(&second), ["SPRING-20", "SPRING_10", "WELCOME"]);
    let spring = app.get_as(&operator, "/server/v1/system/promots?q=Spring&sort=code&order=asc").await;
    let mut found = codes(&spring);
    found.sort();
    assert_eq!((found, spring.body["promotCount"].as_u64()), (vec!["SPRING-20".into(), "SPRING_10".into()], Some(2)));
    let underscore = app.get_as(&operator, "/server/v1/system/promots?q=spring_").await;
    assert_eq!(codes(&underscore), ["SPRING_10"]);
    let by_code = app.get_as(&operator, "/server/v1/system/promots?sort=code&order=desc").await;
    assert_eq!(by_code.body["promots"][0]["code"], "WELCOME");
    let by_date = app.get_as(&operator, "/server/v1/system/promots?sort=createdAt&order=asc").await;
    assert_eq!(by_date.body["promots"][0]["code"], "WELCOME");
    let unsorted = app.get_as(&operator, "/server/v1/system/promots?sort=percentOff").await;
    assert_eq!((unsorted.status, unsorted.field("sort").len()), (400, 1));
    assert_eq!(app.get_as(&operator, "/server/v1/system/promots?order=sideways").await.status, 400);
    assert_eq!(app.get_as(&operator, "/server/v1/system/promots?page=0").await.status, 400);

    // Changed: another code and an amount off; not the code of another promotion.
    let update = "/server/v1/system/update-promot";
    let changed = app
        .post_as(&operator, update, json!({"id": id, "code": "welcome-back", "description": "Back", "amountOff": 250}))
        .await;
    assert_eq!(changed.status, 200, "{:?}", changed.body);
    assert_eq!(changed.body["promot"]["code"], "WELCOME-BACK");
    assert_eq!(
        (changed.body["promot"]["percentOff"].as_i64(), changed.body["promot"]["amountOff"].as_i64()),
        (None, Some(250))
    );
    assert_eq!((changed.body["promot"]["months"].as_i64(), changed.body["promot"]["expiresOn"].as_str()), (None, None));
    let stored = app.get_as(&operator, &format!("/server/v1/system/promot?id={id}")).await;
    assert_eq!(stored.body["promot"]["amountOff"], 250);
    let clash = app.post_as(&operator, update, json!({"id": id, "code": "spring_10", "percentOff": 5})).await;
    assert_eq!(clash.field("code"), ["This promotion code already exists."]);
    let invalid = app.post_as(&operator, update, json!({"id": id, "code": "WELCOME-BACK", "percentOff": 500})).await;
    assert_eq!(invalid.field("percentOff"), ["The discount must be between 1 and 100 percent."]);
    let missing = app.post_as(&operator, update, json!({"id": 999999, "code": "GHOST", "percentOff": 5})).await;
    assert_eq!(missing.status, 404);

    // Deleted when no company has it; then it is gone.
    let delete = "/server/v1/system/delete-promot";
    let deleted = app.post_as(&operator, delete, json!({"id": spring_ten["id"]})).await;
    assert_eq!((deleted.status, deleted.body["deleted"].as_bool()), (200, Some(true)), "{:?}", deleted.body);
    assert_eq!(app.post_as(&operator, delete, json!({"id": spring_ten["id"]})).await.status, 404);
    assert_eq!(app.get_as(&operator, "/server/v1/system/promots").await.body["promotCount"], 22);
    // Its code is free again.
    save(&app, &operator, json!({"code": "SPRING_10", "percentOff": 10})).await;

    // Every change is in the audit log, under the operator's name.
    let audit = app.get_as(&operator, "/server/v1/system/audit").await;
    assert_eq!(audit.status, 200, "{:?}", audit.body);
    let actions: Vec<(String, String)> = audit.body["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| (entry["action"].as_str().unwrap().to_owned(), entry["detail"].as_str().unwrap().to_owned()))
        .collect();
    assert!(
        actions.contains(&("save-promotion".into(), "WELCOME: 20% off, 3 months, until 2099-12-31".into())),
        "{actions:?}"
    );
    assert!(
        actions.contains(&("update-promotion".into(), "WELCOME-BACK: $2.50 off, every charge".into())),
        "{actions:?}"
    );
    assert!(
        actions.contains(&("delete-promotion".into(), "SPRING_10: $10.00 off, every charge".into())),
        "{actions:?}"
    );
    assert_eq!(actions.iter().filter(|(action, _)| action == "save-promotion").count(), 24);
    assert!(audit.body["entries"]
        .as_array()
        .unwrap()
        .iter()
        .all(|entry| entry["operator"].as_str().unwrap().starts_with("operator-")));

    // A company admin learns nothing: every call is a 404.
    let admin = app.admin_of_new_company("Curious Co", &unique_email("curious")).await;
    for path in [
        "/server/v1/system/promots",
        &format!("/server/v1/system/promot?id={id}"),
        "/server/v1/system/promot-companies?code=SPRING_10",
    ] {
        assert_eq!(app.get_as(&admin, path).await.status, 404, "{path}");
    }
    for (path, body) in [
        (path, json!({"code": "MINE", "percentOff": 100})),
        (update, json!({"id": id, "code": "MINE", "percentOff": 100})),
        (delete, json!({"id": id})),
    ] {
        assert_eq!(app.post_as(&admin, path, body).await.status, 404, "{path}");
    }
    assert_eq!(
        app.get_as(&operator, &format!("/server/v1/system/promot?id={id}")).await.body["promot"]["code"],
        "WELCOME-BACK"
    );
}

#[actix_web::test]
async fn a_percent_code_at_signup_discounts_the_charges_of_its_months_then_full_price() {
    let app = spawn_app().await;
    let operator = app.operator_token().await;
    save(
        &app,
        &operator,
        json!({"code": "THIRD", "description": "A third off for two months", "percentOff": 33, "months": 2}),
    )
    .await;

    // Signed up with the code (any case): the Billing page shows it, and what it takes off.
    let (admin, company) = company_with_code(&app, "percent", " third ").await;
    let data = app.get_as(&admin, "/server/v1/myaccount/data").await;
    assert_eq!(data.status, 200, "{:?}", data.body);
    assert_eq!(
        data.body["promotion"],
        json!({"code": "THIRD", "description": "A third off for two months", "monthsLeft": 2})
    );
    assert_eq!((data.body["discount"].as_i64(), data.body["totalCharge"].as_i64()), (Some(363), Some(737)));

    // The first charge, at activation: $11.00 less 33% = $7.37.
    let activated = app.activate_with(&admin, CARD_OK).await;
    assert_eq!(activated.status, 200, "{:?}", activated.body);
    let charge = &activated.body["charge"];
    assert_eq!((charge["status"].as_str(), charge["totalAmount"].as_i64()), (Some("paid"), Some(737)));
    assert_eq!((charge["discount"].as_i64(), charge["promotionCode"].as_str()), (Some(363), Some("THIRD")));
    assert_eq!((charge["baseAmount"].as_i64(), charge["perUserAmount"].as_i64()), (Some(800), Some(300)));
    let data = app.get_as(&admin, "/server/v1/myaccount/data").await;
    assert_eq!(data.body["promotion"]["monthsLeft"], 1);
    assert_eq!(data.body["lastCharge"]["discount"], 363);

    // The second month, with a second person: $14.00 less 33% = $9.38; the code is used up.
    app.add_person(company, &unique_email("staff"), Role::Employee, None).await;
    let month = Utc::now() + Duration::days(32);
    let run = app.billing().run_charges(month).await.unwrap();
    assert_eq!((run.created, run.paid), (1, 1), "{run}");
    // A second run makes nothing and uses no month.
    assert_eq!(app.billing().run_charges(month).await.unwrap().created, 0);
    let data = app.get_as(&admin, "/server/v1/myaccount/data").await;
    assert_eq!(data.body["promotion"]["monthsLeft"], 0);
    assert_eq!((data.body["discount"].as_i64(), data.body["totalCharge"].as_i64()), (Some(0), Some(1400)));

    // The third month is full price.
    assert_eq!(app.billing().run_charges(Utc::now() + Duration::days(63)).await.unwrap().paid, 1);
    let history = charges_of(&app, company).await;
    let summary: Vec<(i64, i64, Option<String>)> =
        history.iter().map(|c| (c.discount_cents, c.total_cents, c.promotion_code.clone())).collect();
    assert_eq!(summary, vec![(363, 737, Some("THIRD".into())), (462, 938, Some("THIRD".into())), (0, 1400, None)]);
    assert_eq!(amounts_at_provider(&app, company).await, vec![737, 938, 1400]);

    // The Billing page's history shows each discount.
    let page = app.get_as(&admin, "/server/v1/myaccount/charges").await;
    let discounts: Vec<i64> =
        page.body["charges"].as_array().unwrap().iter().map(|c| c["discount"].as_i64().unwrap()).collect();
    assert_eq!(discounts, vec![0, 462, 363]);

    // The operator sees who has the code, and cannot delete it.
    let used = app.get_as(&operator, "/server/v1/system/promot-companies?code=third").await;
    assert_eq!(used.status, 200, "{:?}", used.body);
    assert_eq!(used.body["companyCount"], 1);
    assert_eq!(used.body["companies"][0]["id"], company);
    assert_eq!(used.body["companies"][0]["name"], "Promo Agency");
    assert_eq!(used.body["companies"][0]["monthsLeft"], 0);
    assert!(used.body["companies"][0]["redeemedAt"].is_string());
    assert_eq!(app.get_as(&operator, "/server/v1/system/promot-companies?code=NOPE").await.status, 404);
    let list = app.get_as(&operator, "/server/v1/system/promots?q=THIRD").await;
    assert_eq!(list.body["promots"][0]["companies"], 1);
    let id = list.body["promots"][0]["id"].clone();
    let refused = app.post_as(&operator, "/server/v1/system/delete-promot", json!({"id": id})).await;
    assert_eq!((refused.status, refused.code()), (409, "conflict"));
    assert_eq!(refused.body["message"], "This code is used by 1 company and cannot be deleted.");
    assert_eq!(app.get_as(&operator, &format!("/server/v1/system/promot?id={id}")).await.status, 200);
}

#[actix_web::test]
async fn an_amount_code_takes_its_amount_off_every_charge_and_a_free_month_skips_the_provider() {
    let app = spawn_app().await;
    let operator = app.operator_token().await;
    save(&app, &operator, json!({"code": "TENOFF", "description": "$10 off", "amountOff": 1000})).await;
    let (admin, company) = company_with_code(&app, "amount", "tenoff").await;
    let data = app.get_as(&admin, "/server/v1/myaccount/data").await;
    assert_eq!(data.body["promotion"], json!({"code": "TENOFF", "description": "$10 off", "monthsLeft": null}));
    let activated = app.activate_with(&admin, CARD_OK).await;
    assert_eq!(activated.status, 200, "{:?}", activated.body);
    assert_eq!(
        (activated.body["charge"]["discount"].as_i64(), activated.body["charge"]["totalAmount"].as_i64()),
        (Some(1000), Some(100))
    );
    // Every charge, for ever: with three people, $17.00 less $10.00.
    app.add_person(company, &unique_email("a"), Role::Employee, None).await;
    app.add_person(company, &unique_email("b"), Role::Employee, None).await;
    assert_eq!(app.billing().run_charges(Utc::now() + Duration::days(32)).await.unwrap().paid, 1);
    let history = charges_of(&app, company).await;
    assert_eq!(
        history.iter().map(|c| (c.discount_cents, c.total_cents)).collect::<Vec<_>>(),
        vec![(1000, 100), (1000, 700)]
    );
    assert_eq!(app.get_as(&admin, "/server/v1/myaccount/data").await.body["promotion"]["monthsLeft"], Value::Null);
    assert_eq!(amounts_at_provider(&app, company).await, vec![100, 700]);

    // A code worth more than the charge: the charge is 0, paid at once, and the provider hears
    // of nothing (no attempt).
    save(&app, &operator, json!({"code": "FREE-MONTH", "description": "A month free", "percentOff": 100, "months": 1}))
        .await;
    let (admin, company) = company_with_code(&app, "free", "FREE-MONTH").await;
    let activated = app.activate_with(&admin, CARD_OK).await;
    assert_eq!(activated.status, 200, "{:?}", activated.body);
    assert_eq!(activated.body["message"], "Your subscription is active.");
    let charge = &activated.body["charge"];
    assert_eq!(
        (charge["status"].as_str(), charge["totalAmount"].as_i64(), charge["discount"].as_i64()),
        (Some("paid"), Some(0), Some(1100))
    );
    assert_eq!(charge["attempts"], 0);
    let first = charges_of(&app, company).await.remove(0);
    assert!(first.paid_at.is_some() && first.next_attempt_at.is_none());
    let attempts = billing::entities::attempts::Entity::find()
        .filter(billing::entities::attempts::Column::ChargeId.eq(first.id))
        .count(&app.db)
        .await
        .unwrap();
    assert_eq!(attempts, 0);
    assert_eq!(amounts_at_provider(&app, company).await, Vec::<i64>::new());
    let data = app.get_as(&admin, "/server/v1/myaccount/data").await;
    assert_eq!((data.body["status"].as_str(), data.body["amountDue"].as_i64()), (Some("active"), Some(0)));
    // The month after is paid in full, through the provider.
    let run = app.billing().run_charges(Utc::now() + Duration::days(32)).await.unwrap();
    assert!(run.paid >= 1, "{run}");
    assert_eq!(charges_of(&app, company).await[1].total_cents, 1100);
    assert_eq!(amounts_at_provider(&app, company).await, vec![1100]);
}

#[actix_web::test]
async fn an_unknown_or_expired_code_refuses_the_signup_and_makes_nothing() {
    let app = spawn_app().await;
    let operator = app.operator_token().await;
    save(&app, &operator, json!({"code": "OLD", "percentOff": 50, "expiresOn": "2001-01-31"})).await;
    let today = Utc::now().date_naive();
    save(
        &app,
        &operator,
        json!({"code": "LASTDAY", "percentOff": 50, "expiresOn": (today + Duration::days(1)).to_string()}),
    )
    .await;

    let signup = "/server/v1/account/signup";
    let email = unique_email("refused");
    let unknown = app.post(signup, signup_body(&email, Some("NOPE"))).await;
    assert_eq!((unknown.status, unknown.code()), (400, "validation"));
    assert_eq!(unknown.field("promotCode"), [UNKNOWN]);
    let expired = app.post(signup, signup_body(&email, Some("old"))).await;
    assert_eq!(expired.field("promotCode"), [EXPIRED]);
    // With the form's other errors, all at once.
    let mut both = signup_body("not-an-address", Some("NOPE"));
    both["firstname"] = json!("");
    let both = app.post(signup, both).await;
    assert_eq!(both.field("promotCode"), [UNKNOWN]);
    assert_eq!(both.field("email"), ["Invalid Email Address"]);
    assert_eq!(both.field("firstname"), ["Enter First Name"]);
    // Nothing was made: no user, no company, no mail.
    assert!(!user_exists(&app, &email).await);
    assert_eq!(redemptions::Entity::find().count(&app.db).await.unwrap(), 0);
    app.mail.settled().await;
    assert!(app.mail.to(&email).is_empty());

    // The same address signs up without a code, or with one that is live until tomorrow.
    let fine = app.post(signup, signup_body(&email, Some(" "))).await;
    assert_eq!(fine.status, 201, "{:?}", fine.body);
    assert!(user_exists(&app, &email).await);
    let company = app.company_of(&email).await.id.0;
    assert_eq!(redemptions::Entity::find().count(&app.db).await.unwrap(), 0);
    let (_, with_code) = company_with_code(&app, "lastday", "LastDay").await;
    let redeemed = redemptions::Entity::find_by_id(with_code).one(&app.db).await.unwrap().unwrap();
    assert_eq!(redeemed.months_left, None);
    assert!(redemptions::Entity::find_by_id(company).one(&app.db).await.unwrap().is_none());

    // Self-hosted (billing off): there are no codes to redeem, and no promotions to manage.
    let hosted_off = spawn_app_without_billing().await;
    let off = hosted_off.post(signup, signup_body(&unique_email("off"), Some("OLD"))).await;
    assert_eq!((off.status, off.field("promotCode")), (400, vec!["Promotion codes are not available.".to_owned()]));
    let plain = hosted_off.post(signup, signup_body(&unique_email("off"), None)).await;
    assert_eq!(plain.status, 201, "{:?}", plain.body);
    let operator = hosted_off.operator_token().await;
    assert_eq!(hosted_off.get_as(&operator, "/server/v1/system/promots").await.status, 404);
    let save =
        hosted_off.post_as(&operator, "/server/v1/system/save-promot", json!({"code": "ANY", "percentOff": 5})).await;
    assert_eq!(save.status, 404);
    assert_eq!(hosted_off.get_as(&operator, "/server/v1/system/promot-companies?code=ANY").await.status, 404);
}

#[actix_web::test]
async fn a_code_given_at_activation_discounts_the_first_charge_and_a_bad_one_can_be_corrected() {
    let app = spawn_app().await;
    let operator = app.operator_token().await;
    save(&app, &operator, json!({"code": "QUARTER", "description": "25% off", "percentOff": 25, "months": 1})).await;
    save(&app, &operator, json!({"code": "GONE", "percentOff": 25, "expiresOn": "2020-06-30"})).await;
    let email = unique_email("activation");
    let admin = app.admin_of_new_company("Activation Co", &email).await;
    let company = app.company_of(&email).await.id.0;
    let data = app.get_as(&admin, "/server/v1/myaccount/data").await;
    assert_eq!(data.body["promotion"], Value::Null);
    assert_eq!((data.body["discount"].as_i64(), data.body["totalCharge"].as_i64()), (Some(0), Some(1100)));
    let session = app.complete_checkout(data.body["activateUrl"].as_str().unwrap(), CARD_OK).await;

    // A mistyped or expired code is refused before anything happens: still on trial.
    let activate = "/server/v1/myaccount/activate";
    let unknown = app.post_as(&admin, activate, json!({"token": session, "promotCode": "QUATER"})).await;
    assert_eq!((unknown.status, unknown.field("promotCode")), (400, vec![UNKNOWN.to_owned()]));
    let expired = app.post_as(&admin, activate, json!({"token": session, "promotCode": "gone"})).await;
    assert_eq!(expired.field("promotCode"), [EXPIRED]);
    assert_eq!(app.get_as(&admin, "/server/v1/myaccount/data").await.body["status"], "trial");
    assert!(charges_of(&app, company).await.is_empty());

    // With the right code, the same checkout activates, and the first charge is discounted.
    let activated = app.post_as(&admin, activate, json!({"token": session, "promotCode": "quarter"})).await;
    assert_eq!(activated.status, 200, "{:?}", activated.body);
    assert_eq!(
        (activated.body["charge"]["discount"].as_i64(), activated.body["charge"]["totalAmount"].as_i64()),
        (Some(275), Some(825))
    );
    assert_eq!(amounts_at_provider(&app, company).await, vec![825]);
    let data = app.get_as(&admin, "/server/v1/myaccount/data").await;
    assert_eq!(data.body["promotion"], json!({"code": "QUARTER", "description": "25% off", "monthsLeft": 0}));
    let used = app.get_as(&operator, "/server/v1/system/promot-companies?code=QUARTER").await;
    assert_eq!(used.body["companies"][0]["id"], company);

    // A cancelled account takes its redemption with it; the code stays, free to delete.
    let cancelled = app.post_as(&admin, "/server/v1/myaccount/cancel", json!({})).await;
    assert_eq!(cancelled.status, 200, "{:?}", cancelled.body);
    assert!(redemptions::Entity::find_by_id(company).one(&app.db).await.unwrap().is_none());
    let used = app.get_as(&operator, "/server/v1/system/promot-companies?code=QUARTER").await;
    assert_eq!((used.status, used.body["companyCount"].as_u64()), (200, Some(0)));
    let id = app.get_as(&operator, "/server/v1/system/promots?q=QUARTER").await.body["promots"][0]["id"].clone();
    let deleted = app.post_as(&operator, "/server/v1/system/delete-promot", json!({"id": id})).await;
    assert_eq!(deleted.status, 200, "{:?}", deleted.body);
}

#[actix_web::test]
async fn the_operator_sets_replaces_and_removes_a_company_code() {
    let app = spawn_app().await;
    let operator = app.operator_token().await;
    save(&app, &operator, json!({"code": "FIRST", "description": "First", "percentOff": 10, "months": 3})).await;
    save(&app, &operator, json!({"code": "SECOND", "description": "Second", "amountOff": 300, "months": 2})).await;
    save(&app, &operator, json!({"code": "STALE", "percentOff": 10, "expiresOn": "2010-01-01"})).await;
    let (admin, company) = company_with_code(&app, "operator-set", "FIRST").await;
    let activated = app.activate_with(&admin, CARD_OK).await;
    assert_eq!(activated.body["charge"]["discount"], 110, "{:?}", activated.body);

    // What `/system/update-company` calls (its `promotCode`).
    let ctx = kernel::SystemCtx::new(kernel::UserId(1), "operator@example.com".into());
    let billing = app.billing();
    let id = kernel::CompanyId(company);
    let now = Utc::now();
    // The code it has already: nothing changes (its months left stay).
    let same = billing.set_company_promotion(&ctx, id, Some("first"), now).await.unwrap().unwrap();
    assert_eq!((same.code.as_str(), same.months_left), ("FIRST", Some(2)));
    // Another replaces it, with its own months, from the next charge on.
    let second = billing.set_company_promotion(&ctx, id, Some("Second"), now).await.unwrap().unwrap();
    assert_eq!((second.code.as_str(), second.months_left), ("SECOND", Some(2)));
    assert_eq!(app.get_as(&admin, "/server/v1/myaccount/data").await.body["promotion"]["code"], "SECOND");
    app.billing().run_charges(Utc::now() + Duration::days(32)).await.unwrap();
    let history = charges_of(&app, company).await;
    assert_eq!((history[1].discount_cents, history[1].total_cents), (300, 800));
    // Unknown or expired: a field error, and the company keeps its code.
    for (code, message) in [("NOPE", UNKNOWN), ("STALE", EXPIRED)] {
        match billing.set_company_promotion(&ctx, id, Some(code), now).await {
            Err(billing::BillingError::Validation(errors)) => assert_eq!(errors.messages("promotCode"), [message]),
            other => panic!("{code}: {other:?}"),
        }
    }
    assert_eq!(billing.company_promotion(id).await.unwrap().unwrap().code, "SECOND");
    assert_eq!(
        billing.promotion_codes_of(&[id, kernel::CompanyId(999_999)]).await.unwrap().get(&company).map(String::as_str),
        Some("SECOND")
    );
    // Empty removes it: the next charge is full price.
    assert_eq!(billing.set_company_promotion(&ctx, id, Some(" "), now).await.unwrap(), None);
    assert_eq!(app.get_as(&admin, "/server/v1/myaccount/data").await.body["promotion"], Value::Null);
    app.billing().run_charges(Utc::now() + Duration::days(63)).await.unwrap();
    assert_eq!(charges_of(&app, company).await[2].discount_cents, 0);
    // An unknown company.
    assert!(matches!(
        billing.set_company_promotion(&ctx, kernel::CompanyId(999_999), Some("FIRST"), now).await,
        Err(billing::BillingError::NotFound)
    ));
    // The old codes are free to delete now.
    let list = app.get_as(&operator, "/server/v1/system/promots?q=FIRST").await;
    let deleted =
        app.post_as(&operator, "/server/v1/system/delete-promot", json!({"id": list.body["promots"][0]["id"]})).await;
    assert_eq!(deleted.status, 200, "{:?}", deleted.body);
}
