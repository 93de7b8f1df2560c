//! The billing benchmark's payment provider: `e2e/stripe/harness.py` (localstripe behind a
//! Stripe-shaped front) in a process of its own; a customer with a saved card made through its
//! API; the billing service as the server builds it, over a provider that times its calls.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use billing::provider::{Checkout, PaymentProvider, PaymentState, ProviderError, SavedCard, StripeProvider};
use sea_orm::prelude::async_trait::async_trait;
use sea_orm::DatabaseConnection;
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub const SECRET_KEY: &str = "sk_test_timekeep";
/// A card that pays.
pub const CARD_OK: &str = "4242424242424242";

/// The harness, stopped (its stdin closed) when dropped.
pub struct Harness {
    pub url: String,
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
}

impl Harness {
    pub fn start() -> Self {
        use std::io::BufRead;
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../e2e/stripe/harness.py");
        let mut child = std::process::Command::new("python3")
            .arg(script)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("start e2e/stripe/harness.py (pip install localstripe==1.15.10)");
        let stdin = child.stdin.take();
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let ready: Value = serde_json::from_str(&line).unwrap_or_else(|_| panic!("the Stripe harness said {line:?}"));
        Self { url: ready["url"].as_str().unwrap().to_owned(), child, stdin }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Harness {
    fn drop(&mut self) {
        drop(self.stdin.take());
        for _ in 0..50 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A client of the harness's API (form bodies, the secret key).
pub fn client() -> awc::Client {
    awc::Client::builder()
        .timeout(Duration::from_secs(120))
        .connector(awc::Connector::new().limit(64).conn_keep_alive(Duration::from_secs(2)))
        .finish()
}

async fn post(client: &awc::Client, url: String, form: &[(&str, &str)]) -> Value {
    let mut response = client.post(&url).bearer_auth(SECRET_KEY).send_form(&form).await.unwrap();
    let body: Value = response.json().limit(8 << 20).await.unwrap();
    assert!(response.status().is_success(), "POST {url}: {} {body}", response.status());
    body
}

pub async fn get(client: &awc::Client, url: String) -> Value {
    let mut response = client.get(&url).bearer_auth(SECRET_KEY).send().await.unwrap();
    let body: Value = response.json().limit(8 << 20).await.unwrap();
    assert!(response.status().is_success(), "GET {url}: {} {body}", response.status());
    body
}

/// A customer for `company` with a card that pays attached: (customer, payment method).
pub async fn customer_with_card(
    client: &awc::Client,
    base: &str,
    company: kernel::CompanyId,
    email: &str,
) -> (String, String) {
    let company = company.to_string();
    let customer = post(
        client,
        format!("{base}/v1/customers"),
        &[("name", &format!("Company {company}")), ("email", email), ("metadata[company_id]", &company)],
    )
    .await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let method = post(
        client,
        format!("{base}/v1/payment_methods"),
        &[
            ("type", "card"),
            ("card[number]", CARD_OK),
            ("card[exp_month]", "12"),
            ("card[exp_year]", "2034"),
            ("card[cvc]", "123"),
        ],
    )
    .await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    post(client, format!("{base}/v1/payment_methods/{method}/attach"), &[("customer", &customer)]).await;
    (customer, method)
}

/// The Stripe provider, counting its calls and the time spent waiting for them.
pub struct TimedProvider {
    inner: StripeProvider,
    pub calls: AtomicUsize,
    pub payments_created: AtomicUsize,
    pub confirms: AtomicUsize,
    nanos: AtomicU64,
}

impl TimedProvider {
    pub fn new(url: &str) -> Self {
        Self {
            inner: StripeProvider::new(SECRET_KEY, url).unwrap(),
            calls: AtomicUsize::new(0),
            payments_created: AtomicUsize::new(0),
            confirms: AtomicUsize::new(0),
            nanos: AtomicU64::new(0),
        }
    }

    /// (calls, payments created, confirmations, time waited) so far.
    pub fn totals(&self) -> (usize, usize, usize, Duration) {
        (
            self.calls.load(Ordering::Relaxed),
            self.payments_created.load(Ordering::Relaxed),
            self.confirms.load(Ordering::Relaxed),
            Duration::from_nanos(self.nanos.load(Ordering::Relaxed)),
        )
    }

    async fn timed<T>(&self, call: impl std::future::Future<Output = T>) -> T {
        let started = Instant::now();
        let answer = call.await;
        self.calls.fetch_add(1, Ordering::Relaxed);
        self.nanos.fetch_add(u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX), Ordering::Relaxed);
        answer
    }
}

#[async_trait]
impl PaymentProvider for TimedProvider {
    async fn create_customer(&self, name: &str, email: &str, company: i64) -> Result<String, ProviderError> {
        self.timed(self.inner.create_customer(name, email, company)).await
    }

    async fn delete_customer(&self, customer: &str) -> Result<(), ProviderError> {
        self.timed(self.inner.delete_customer(customer)).await
    }

    async fn create_checkout(
        &self,
        customer: &str,
        success_url: &str,
        cancel_url: &str,
        reference: &str,
    ) -> Result<Checkout, ProviderError> {
        self.timed(self.inner.create_checkout(customer, success_url, cancel_url, reference)).await
    }

    async fn checkout_card(&self, session: &str, customer: &str) -> Result<Option<SavedCard>, ProviderError> {
        self.timed(self.inner.checkout_card(session, customer)).await
    }

    async fn create_payment(
        &self,
        customer: &str,
        payment_method: &str,
        amount_cents: i64,
        key: &str,
        metadata: &BTreeMap<String, String>,
    ) -> Result<String, ProviderError> {
        self.payments_created.fetch_add(1, Ordering::Relaxed);
        self.timed(self.inner.create_payment(customer, payment_method, amount_cents, key, metadata)).await
    }

    async fn confirm_payment(
        &self,
        intent: &str,
        payment_method: &str,
        key: &str,
    ) -> Result<PaymentState, ProviderError> {
        self.confirms.fetch_add(1, Ordering::Relaxed);
        self.timed(self.inner.confirm_payment(intent, payment_method, key)).await
    }

    async fn payment_state(&self, intent: &str) -> Result<PaymentState, ProviderError> {
        self.timed(self.inner.payment_state(intent)).await
    }
}

/// The billing service over `db`, as the server builds it (`AppState::with_billing`), paying
/// through `provider`.
pub fn billing_service(db: &DatabaseConnection, provider: Arc<TimedProvider>) -> billing::Billing {
    gateway::state::AppState::new(
        db.clone(),
        super::accounts_of(db, accounts::hashing::HashPool::per_core()),
        Arc::new(files::LocalDirStore::new(std::env::temp_dir().join("timekeep-bench-files"))),
    )
    .with_billing(
        provider,
        billing::BillingConfig {
            public_url: "http://127.0.0.1:8080".to_owned(),
            publishable_key: Some("pk_test_timekeep".to_owned()),
            webhook_secret: None,
        },
    )
    .billing
    .unwrap()
}
