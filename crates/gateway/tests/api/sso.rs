//! Single sign-on against a real OpenID Connect provider: `e2e/oidc/harness.mjs` (oidc-provider),
//! started by the tests in its own process, driven as a browser drives it (redirects, its
//! cookies, its sign-in form) by [`Browser`].

use crate::helpers::{spawn_app, spawn_app_with_sso, unique_email, Reply, TestApp, TestServer};
use accounts::sso::SsoSettings;
use actix_web::cookie::Cookie;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::Duration;

const NO_MATCH: &str = "Oops! We were unable to find a user that matches this email address...";
const SSO_FAILED: &str = "There was some error while doing SSO. Please try again later.";

/// The OpenID provider of `e2e/oidc/harness.mjs`, shared by the tests of this process.
fn oidc() -> &'static TestServer {
    static SHARED: std::sync::OnceLock<TestServer> = std::sync::OnceLock::new();
    SHARED.get_or_init(|| TestServer::start("node", "e2e/oidc/harness.mjs", "node, and npm ci in e2e/oidc"))
}

fn settings(client: &str) -> SsoSettings {
    let server = oidc();
    SsoSettings {
        issuer_url: server.url.clone(),
        client_id: server.ready["clients"][client]["id"].as_str().unwrap().to_owned(),
        client_secret: server.ready["clients"][client]["secret"].as_str().unwrap().to_owned(),
    }
}

async fn sso_app() -> TestApp {
    spawn_app_with_sso(settings("timekeep")).await
}

/// Who signs in at the provider.
struct Person<'a> {
    email: &'a str,
    verified: bool,
    first: &'a str,
    last: &'a str,
}

impl<'a> Person<'a> {
    fn verified(email: &'a str) -> Self {
        Person { email, verified: true, first: "Grace", last: "Hopper" }
    }
}

/// A browser, as far as single sign-on needs one: follows redirects itself and keeps cookies by
/// name (one host, 127.0.0.1, as a browser shares them across its ports).
struct Browser {
    client: awc::Client,
    cookies: HashMap<String, String>,
}

struct Page {
    status: u16,
    location: Option<String>,
    body: String,
}

impl Browser {
    fn new() -> Self {
        Browser {
            client: awc::Client::builder().disable_redirects().timeout(Duration::from_secs(30)).finish(),
            cookies: HashMap::new(),
        }
    }

    fn cookie_header(&self) -> String {
        self.cookies.iter().map(|(name, value)| format!("{name}={value}")).collect::<Vec<_>>().join("; ")
    }

    async fn finish(
        &mut self,
        url: &str,
        mut response: awc::ClientResponse<
            impl futures_util::Stream<Item = Result<actix_web::web::Bytes, awc::error::PayloadError>> + Unpin,
        >,
    ) -> Page {
        for header in response.headers().get_all("set-cookie") {
            let cookie = Cookie::parse(header.to_str().unwrap().to_owned()).unwrap();
            let gone = cookie.value().is_empty()
                || cookie.max_age().is_some_and(|age| age.is_zero() || age.is_negative())
                || cookie.expires_datetime().is_some_and(|at| at < actix_web::cookie::time::OffsetDateTime::now_utc());
            if gone {
                self.cookies.remove(cookie.name());
            } else {
                self.cookies.insert(cookie.name().to_owned(), cookie.value().to_owned());
            }
        }
        let location = response.headers().get("location").map(|value| resolve(url, value.to_str().unwrap()));
        let body = String::from_utf8_lossy(&response.body().limit(1024 * 1024).await.unwrap()).into_owned();
        Page { status: response.status().as_u16(), location, body }
    }

    async fn get(&mut self, url: &str) -> Page {
        let response = self.client.get(url).insert_header(("cookie", self.cookie_header())).send().await.unwrap();
        self.finish(url, response).await
    }

    async fn post_form(&mut self, url: &str, fields: &[(&str, &str)]) -> Page {
        let response =
            self.client.post(url).insert_header(("cookie", self.cookie_header())).send_form(&fields).await.unwrap();
        self.finish(url, response).await
    }

    /// Starts a sign-in at the app (`purpose` login or signup): the provider's authorization URL.
    async fn start(&mut self, app: &TestApp, purpose: &str) -> String {
        let page = self.get(&app.url(&format!("/server/v1/v4sso/authorize?purpose={purpose}"))).await;
        assert_eq!(page.status, 302, "{}", page.body);
        let location = page.location.unwrap();
        assert!(location.starts_with(&oidc().url), "{location}");
        location
    }

    /// Follows `url` at the provider, signing in as `person` on its form when it asks, up to the
    /// app's callback page: the query the provider sent the browser back with.
    async fn through_provider(&mut self, app: &TestApp, url: String, person: &Person<'_>) -> String {
        let callback = app.url("/v4sso/auth-callback?");
        let mut url = url;
        for _ in 0..10 {
            if let Some(query) = url.strip_prefix(&callback) {
                return query.to_owned();
            }
            let page = self.get(&url).await;
            url = match (page.status, page.location) {
                (302 | 303, Some(next)) => next,
                (200, None) if page.body.contains("Sign in to the test identity provider") => {
                    let mut fields =
                        vec![("email", person.email), ("given_name", person.first), ("family_name", person.last)];
                    if person.verified {
                        fields.push(("email_verified", "true"));
                    }
                    let answer = self.post_form(&format!("{url}/login"), &fields).await;
                    assert_eq!(answer.status, 303, "{}", answer.body);
                    answer.location.unwrap()
                }
                (status, _) => panic!("the provider answered {status} at {url}: {}", page.body),
            };
        }
        panic!("never came back to the app");
    }

    /// The app's callback call, as the web app's page makes it (with this browser's cookies).
    async fn callback(&mut self, app: &TestApp, query: &str) -> Reply {
        let url = app.url(&format!("/server/v1/v4sso/auth-callback?{query}"));
        let page = self.get(&url).await;
        Reply {
            status: page.status,
            body: serde_json::from_str(&page.body).unwrap_or(Value::String(page.body)),
            refreshed_token: None,
            request_id: None,
        }
    }

    /// A whole sign-in: start, the provider, the callback.
    async fn sign_in(&mut self, app: &TestApp, purpose: &str, person: &Person<'_>) -> Reply {
        let start = self.start(app, purpose).await;
        let query = self.through_provider(app, start, person).await;
        self.callback(app, &query).await
    }
}

fn resolve(base: &str, location: &str) -> String {
    if location.starts_with("http://") || location.starts_with("https://") {
        return location.to_owned();
    }
    let origin_end = base.find("://").map(|at| at + 3).and_then(|at| base[at..].find('/').map(|slash| at + slash));
    format!("{}{location}", &base[..origin_end.unwrap_or(base.len())])
}

fn param<'a>(query: &'a str, name: &str) -> &'a str {
    query.split('&').find_map(|pair| pair.strip_prefix(&format!("{name}="))).unwrap_or_default()
}

fn refused(reply: &Reply) {
    assert_eq!((reply.status, reply.code()), (400, "sso_failed"), "{:?}", reply.body);
    assert!(reply.body["token"].is_null(), "{:?}", reply.body);
}

/// Refused for the reason that `message` names.
fn refused_with(reply: &Reply, message: &str) {
    refused(reply);
    assert_eq!(reply.body["message"], message, "{:?}", reply.body);
}

const STATE_REFUSED: &str = "This sign-in has expired or was started elsewhere. Please try again.";
const CODE_REFUSED: &str = "The identity provider did not confirm this sign-in. Please try again.";

#[actix_web::test]
async fn without_a_provider_there_is_no_single_sign_on() {
    let app = spawn_app().await;
    let data = app.get("/server/v1/account/signup-data").await;
    assert_eq!(data.status, 200);
    assert!(data.body["authorizationUrl"].is_null(), "{:?}", data.body);
    let mut browser = Browser::new();
    let start = browser.get(&app.url("/server/v1/v4sso/authorize")).await;
    assert_eq!(start.status, 400, "{}", start.body);
    assert!(start.body.contains("sso_failed"));
    refused(&browser.callback(&app, "code=anything&state=anything").await);
    let signup = app.post("/server/v1/account/signup", json!({ "ssoAccessToken": "anything", "website": "" })).await;
    refused(&signup);
}

#[actix_web::test]
async fn a_person_signs_in_with_the_provider_and_keeps_their_password() {
    let app = sso_app().await;
    let url = app.get("/server/v1/account/signup-data").await.body["authorizationUrl"].as_str().unwrap().to_owned();
    assert_eq!(url, app.url("/server/v1/v4sso/authorize"));
    let email = unique_email("sso-admin");
    let admin = app.admin_of_new_company("Single Sign Co", &email).await;
    let before = app.get_as(&admin, "/server/v1/profile/mine").await;
    assert_eq!(before.body["profile"]["isSsoUser"], false);

    let mut browser = Browser::new();
    // The address is matched whatever its case at the provider.
    let reply = browser.sign_in(&app, "login", &Person::verified(&email.to_uppercase())).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert_eq!(reply.body["loginSucceeded"], true);
    assert_eq!(reply.body["ssoFailed"], false);
    assert_eq!(reply.body["identity"]["email"], email.as_str());
    assert_eq!(reply.body["identity"]["hasHashPassword"], true);
    let token = reply.body["token"].as_str().unwrap();
    assert_eq!(app.get_as(token, "/server/v1/auth/login-data").await.status, 200);
    let profile = app.get_as(token, "/server/v1/profile/mine").await;
    assert_eq!(profile.body["profile"]["isSsoUser"], true);
    // The browser's cookie is spent with the sign-in.
    assert!(!browser.cookies.contains_key("timekeep_sso"));

    // Both ways in stay open.
    assert_eq!(app.login(&email, "password-123").await.status, 200);
    // Once the company requires a second factor (issue 43), the password asks for one and the
    // provider's sign-in does not: the provider applies its own.
    let required = app.post_as(&admin, "/server/v1/company/security", json!({"twoFactorRequired": true})).await;
    assert_eq!(required.status, 200);
    assert_eq!(app.login(&email, "password-123").await.body["twoFactor"]["mode"], "enrol");
    // The provider remembers the browser: the next sign-in needs no form.
    let again = browser.start(&app, "login").await;
    let query = browser.through_provider(&app, again, &Person::verified("nobody@example.com")).await;
    let second = browser.callback(&app, &query).await;
    assert_eq!(second.body["loginSucceeded"], true, "{:?}", second.body);
    assert!(second.body["token"].is_string(), "{:?}", second.body);

    // The address is the provider's from now on: read-only in My Profile, and for the admin.
    let mut changed = profile.body["profile"].clone();
    changed["email"] = json!(unique_email("elsewhere"));
    for (key, value) in [("phone", "(555) 222-3333"), ("address", "1 Main St"), ("state", "TX")] {
        changed[key] = json!(value);
    }
    let update = app.post_as(token, "/server/v1/profile/update", changed.clone()).await;
    assert_eq!(update.status, 400, "{:?}", update.body);
    assert_eq!(update.field("email"), [accounts::sso::SSO_EMAIL_LOCKED_MESSAGE]);
    changed["email"] = json!(email);
    assert_eq!(app.post_as(token, "/server/v1/profile/update", changed.clone()).await.status, 200);
    let me = profile.body["profile"]["id"].as_i64().unwrap();
    let edit = json!({ "id": me, "firstname": "Ada", "lastname": "Lovelace", "email": unique_email("moved") });
    let refused_edit = app.post_as(&admin, "/server/v1/manage/add-user", edit).await;
    assert_eq!(refused_edit.status, 400, "{:?}", refused_edit.body);
    assert_eq!(refused_edit.field("email"), [accounts::sso::SSO_EMAIL_LOCKED_MESSAGE]);
}

#[actix_web::test]
async fn an_address_that_is_nobodys_gets_the_no_match_message() {
    let app = sso_app().await;
    let mut browser = Browser::new();
    let reply = browser.sign_in(&app, "login", &Person::verified(&unique_email("stranger"))).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert_eq!(reply.body["ssoFailed"], true);
    assert_eq!(reply.body["loginSucceeded"], false);
    assert!(reply.body["token"].is_null() && reply.body["ssoAccessToken"].is_null(), "{:?}", reply.body);
    assert!(reply.body["message"].as_str().unwrap().starts_with(NO_MATCH), "{:?}", reply.body);
}

#[actix_web::test]
async fn an_address_the_provider_does_not_vouch_for_is_refused() {
    let app = sso_app().await;
    let email = unique_email("unverified");
    app.admin_of_new_company("Unverified Co", &email).await;
    let mut browser = Browser::new();
    let person = Person { verified: false, ..Person::verified(&email) };
    let reply = browser.sign_in(&app, "login", &person).await;
    refused(&reply);
    assert_eq!(reply.body["message"], "Your identity provider has not verified your email address.");
    // The same address, vouched for, signs in: it was the verification that was missing.
    assert_eq!(Browser::new().sign_in(&app, "login", &Person::verified(&email)).await.body["loginSucceeded"], true);
}

#[actix_web::test]
async fn a_callback_needs_the_state_and_the_browser_that_started_it() {
    let app = sso_app().await;
    let email = unique_email("state");
    app.admin_of_new_company("State Co", &email).await;
    let mut browser = Browser::new();
    let start = browser.start(&app, "login").await;
    let query = browser.through_provider(&app, start, &Person::verified(&email)).await;
    let code = param(&query, "code");
    let state = param(&query, "state");

    // A state the server never issued.
    refused_with(&browser.callback(&app, &format!("code={code}&state=made-up-state")).await, STATE_REFUSED);
    // No state at all.
    refused_with(&browser.callback(&app, &format!("code={code}")).await, STATE_REFUSED);
    // The right state from another browser (no cookie, or its own cookie of another sign-in).
    refused_with(&Browser::new().callback(&app, &query).await, STATE_REFUSED);
    let mut other = Browser::new();
    other.start(&app, "login").await;
    refused_with(&other.callback(&app, &query).await, STATE_REFUSED);
    // An issuer that is not ours.
    let mix_up = format!("code={code}&state={state}&iss=http%3A%2F%2Fevil.example");
    refused_with(&browser.callback(&app, &mix_up).await, STATE_REFUSED);

    // None of that spent it: the browser that started it finishes it, once.
    let reply = browser.callback(&app, &query).await;
    assert_eq!(reply.body["loginSucceeded"], true, "{:?}", reply.body);
}

#[actix_web::test]
async fn a_code_and_a_state_work_once() {
    let app = sso_app().await;
    let email = unique_email("replay");
    app.admin_of_new_company("Replay Co", &email).await;
    let mut browser = Browser::new();
    let start = browser.start(&app, "login").await;
    let query = browser.through_provider(&app, start, &Person::verified(&email)).await;
    // The cookie is cleared by the first answer: keep it to replay with.
    let cookie = browser.cookies.get("timekeep_sso").cloned().unwrap();
    assert_eq!(browser.callback(&app, &query).await.body["loginSucceeded"], true);
    browser.cookies.insert("timekeep_sso".into(), cookie);
    refused_with(&browser.callback(&app, &query).await, STATE_REFUSED);

    // The used code under a fresh state of the same browser: the provider refuses it.
    let fresh = browser.start(&app, "login").await;
    let fresh_state = param(&fresh, "state").to_owned();
    let replayed = browser.callback(&app, &format!("code={}&state={fresh_state}", param(&query, "code"))).await;
    refused_with(&replayed, CODE_REFUSED);
}

#[actix_web::test]
async fn a_code_issued_to_another_client_is_refused() {
    let app = sso_app().await;
    let email = unique_email("other-client");
    app.admin_of_new_company("Other Client Co", &email).await;
    let mut browser = Browser::new();
    // Our state, nonce and PKCE challenge, but the provider asked on behalf of another client.
    let start = browser.start(&app, "login").await;
    assert!(start.contains("client_id=timekeep&"), "{start}");
    let hijacked = start.replace("client_id=timekeep&", "client_id=other-app&");
    let query = browser.through_provider(&app, hijacked, &Person::verified(&email)).await;
    assert!(!param(&query, "code").is_empty(), "{query}");
    refused_with(&browser.callback(&app, &query).await, CODE_REFUSED);

    // And an app that is that other client does not accept ours.
    let other = spawn_app_with_sso(settings("other")).await;
    let mut browser = Browser::new();
    let start = browser.start(&other, "login").await.replace("client_id=other-app&", "client_id=timekeep&");
    let query = browser.through_provider(&other, start, &Person::verified(&email)).await;
    refused_with(&browser.callback(&other, &query).await, CODE_REFUSED);
}

#[actix_web::test]
async fn a_cancelled_sign_in_is_refused() {
    let app = sso_app().await;
    let mut browser = Browser::new();
    let start = browser.start(&app, "login").await;
    let interaction = browser.get(&start).await.location.unwrap();
    let back = browser.post_form(&format!("{interaction}/abort"), &[]).await;
    let query = browser.through_provider(&app, back.location.unwrap(), &Person::verified("x@example.com")).await;
    assert_eq!(param(&query, "error"), "access_denied");
    let reply = browser.callback(&app, &query).await;
    refused(&reply);
    assert_eq!(reply.body["message"], "The identity provider did not sign you in.");
}

#[actix_web::test]
async fn a_new_agency_signs_up_with_its_provider() {
    let app = sso_app().await;
    let email = unique_email("sso-founder");
    let mut browser = Browser::new();
    let reply = browser.sign_in(&app, "signup", &Person::verified(&email)).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert_eq!((reply.body["loginSucceeded"].clone(), reply.body["ssoFailed"].clone()), (json!(false), json!(false)));
    assert_eq!(reply.body["email"], email.as_str());
    assert_eq!(reply.body["firstname"], "Grace");
    let handle = reply.body["ssoAccessToken"].as_str().unwrap().to_owned();

    let payload = json!({ "scenario": "sso", "ssoLogin": true, "vimId": "ignored", "ssoAccessToken": handle,
                          "email": "someone-else@example.com", "timezone": "America/Chicago", "token": "", "website": "" });
    let signup = app.post("/server/v1/account/signup", payload.clone()).await;
    assert_eq!(signup.status, 201, "{:?}", signup.body);
    assert_eq!(signup.body["email"], email.as_str());
    assert_eq!(signup.body["identity"]["hasHashPassword"], false);
    assert_eq!(signup.body["identity"]["roles"], json!(["admin"]));
    assert_eq!(signup.body["identity"]["firstname"], "Grace");
    let token = signup.body["token"].as_str().unwrap();
    let data = app.get_as(token, "/server/v1/auth/login-data").await;
    assert_eq!(data.body["companyName"], "My Company");
    assert_eq!(app.get_as(token, "/server/v1/profile/mine").await.body["profile"]["isSsoUser"], true);
    // No password to sign in with, and no activation mail to wait for.
    assert_eq!(app.login(&email, "password-123").await.status, 401);
    app.mail.settled().await;
    assert!(app.mail.to(&email).is_empty());

    // The handle works once.
    let again = app.post("/server/v1/account/signup", payload).await;
    refused(&again);
    assert_eq!(again.body["message"], SSO_FAILED);
    let made_up = app.post("/server/v1/account/signup", json!({ "ssoAccessToken": "made-up", "website": "" })).await;
    assert_eq!(made_up.body["message"], SSO_FAILED);

    // Signing up again with the same provider account signs the founder in.
    let back = Browser::new().sign_in(&app, "signup", &Person::verified(&email)).await;
    assert_eq!(back.body["loginSucceeded"], true, "{:?}", back.body);
    // The founder creates a password later ('Create Password': no old one asked).
    let created = app
        .post_as(
            back.body["token"].as_str().unwrap(),
            "/server/v1/auth/change-my-password",
            json!({ "newPassword": "brand-new-secret", "retypePassword": "brand-new-secret" }),
        )
        .await;
    assert_eq!(created.status, 200, "{:?}", created.body);
    assert_eq!(created.body["identity"]["hasHashPassword"], true);
    assert_eq!(app.login(&email, "brand-new-secret").await.status, 200);
}

#[actix_web::test]
async fn an_sso_signup_checks_its_fields_before_spending_the_handle() {
    let app = sso_app().await;
    let email = unique_email("sso-fields");
    let mut browser = Browser::new();
    let person = Person { first: "", last: "", ..Person::verified(&email) };
    let handle = browser.sign_in(&app, "signup", &person).await.body["ssoAccessToken"].as_str().unwrap().to_owned();
    let bad = app
        .post("/server/v1/account/signup", json!({ "ssoAccessToken": handle, "company": "<b>", "website": "" }))
        .await;
    assert_eq!(bad.status, 400, "{:?}", bad.body);
    assert_eq!(bad.field("company"), ["Please enter valid Company Name"]);
    assert_eq!(bad.field("firstname"), ["Enter First Name"]);
    assert_eq!(bad.field("lastname"), ["Enter Last Name"]);
    let good = json!({ "ssoAccessToken": handle, "company": "Hopper Agency", "firstname": "Grace",
                       "lastname": "Hopper", "website": "" });
    let signup = app.post("/server/v1/account/signup", good).await;
    assert_eq!(signup.status, 201, "{:?}", signup.body);
    let token = signup.body["token"].as_str().unwrap();
    assert_eq!(app.get_as(token, "/server/v1/auth/login-data").await.body["companyName"], "Hopper Agency");
}

#[actix_web::test]
async fn an_address_typed_before_it_was_proven_is_taken_over_by_its_owner() {
    let app = sso_app().await;
    let email = unique_email("squatted");
    // Someone signs up with the address and never verifies it.
    assert_eq!(app.signup("Squatter Co", &email, "password-123").await.status, 201);
    let reply = Browser::new().sign_in(&app, "login", &Person::verified(&email)).await;
    assert_eq!(reply.body["loginSucceeded"], true, "{:?}", reply.body);
    assert_eq!(reply.body["identity"]["hasHashPassword"], false);
    // The squatter's password no longer opens the account.
    assert_eq!(app.login(&email, "password-123").await.status, 401);
}

#[actix_web::test]
async fn an_unreachable_provider_is_a_bad_gateway() {
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://127.0.0.1:{}", closed.local_addr().unwrap().port());
    drop(closed);
    let app = spawn_app_with_sso(SsoSettings { issuer_url: url, ..settings("timekeep") }).await;
    let page = Browser::new().get(&app.url("/server/v1/v4sso/authorize")).await;
    assert_eq!(page.status, 502, "{}", page.body);
    assert!(page.body.contains("sso_unavailable"));
    let wrong = Browser::new().get(&app.url("/server/v1/v4sso/authorize?purpose=admin")).await;
    assert_eq!(wrong.status, 400, "{}", wrong.body);
}

#[actix_web::test]
async fn the_sso_migration_goes_down_and_up_again() {
    use migrations::MigratorTrait;
    let app = spawn_app().await;
    let back = crate::helpers::migrations_back_to("000031_sso");
    let migrating = crate::helpers::migrating_connection(&app);
    migrations::Migrator::down(&migrating, Some(back)).await.unwrap();
    migrations::Migrator::up(&migrating, None).await.unwrap();
    // The schema is whole again: a person can still be found and signed up.
    let email = unique_email("after-migration");
    app.admin_of_new_company("Migrated Co", &email).await;
}
