//! The payment provider behind one trait ([`PaymentProvider`]), and its one implementation,
//! Stripe over its HTTP API ([`StripeProvider`], through `async-stripe`'s client with a
//! configurable base URL).
//!
//! What billing asks of the provider, and nothing more:
//! - a customer per company, and a hosted checkout page (a Checkout Session in `setup` mode)
//!   where an admin saves a card, which comes back as the session's SetupIntent's payment method;
//! - a charge in two steps: a PaymentIntent created (unconfirmed: it takes no money), its id
//!   stored by the caller, then confirmed off-session. Confirming is what takes the money, and a
//!   PaymentIntent that succeeded cannot be confirmed again, so a caller that stores the intent
//!   before confirming it can always find out, after a crash, whether the money was taken —
//!   without relying on the provider honouring `Idempotency-Key` (which is still sent).
//!
//! Responses are read into small types of our own with only the fields used (the client's
//! generated types require fields that Stripe-compatible test servers leave out).

use async_trait::async_trait;
use miniserde::Deserialize as MiniDeserialize;
use serde::Serialize;
use std::collections::BTreeMap;
use stripe::{Client, ClientBuilder, IdempotencyKey, RequestStrategy, StripeError};
use stripe_client_core::{RequestBuilder, StripeMethod};

/// What went wrong talking to the provider.
#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    /// The provider refused the request (an unknown id, a bad parameter): `code` and `message`
    /// as it gave them.
    #[error("the payment provider refused: {code}: {message}")]
    Refused { status: u16, code: String, message: String },
    /// No answer, or one that could not be read: the outcome is unknown.
    #[error("the payment provider could not be reached: {0}")]
    Unreachable(String),
}

/// A card saved at checkout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedCard {
    pub payment_method: String,
    pub brand: String,
    pub last4: String,
    pub exp_month: i32,
    pub exp_year: i32,
}

/// A hosted checkout page the browser is sent to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkout {
    pub id: String,
    pub url: String,
}

/// Where a payment stands at the provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaymentState {
    /// The money was taken.
    Succeeded,
    /// The card was declined (or the payment otherwise failed for good).
    Declined { code: String, message: String },
    /// Created and not yet confirmed: no money taken; confirming it is safe.
    AwaitingConfirmation,
    /// Still being processed by the provider.
    Processing,
}

#[async_trait]
pub trait PaymentProvider: Send + Sync {
    async fn create_customer(&self, name: &str, email: &str, company: i64) -> Result<String, ProviderError>;
    async fn delete_customer(&self, customer: &str) -> Result<(), ProviderError>;
    /// A checkout page for `customer` that saves a card and returns to `success_url`, in which
    /// the provider puts the session's id in place of `{CHECKOUT_SESSION_ID}`.
    async fn create_checkout(
        &self,
        customer: &str,
        success_url: &str,
        cancel_url: &str,
        reference: &str,
    ) -> Result<Checkout, ProviderError>;
    /// The card saved by a checkout session: `None` while the session is not complete, or
    /// when it belongs to another customer.
    async fn checkout_card(&self, session: &str, customer: &str) -> Result<Option<SavedCard>, ProviderError>;
    /// Creates an unconfirmed payment (it takes no money) and returns its id.
    async fn create_payment(
        &self,
        customer: &str,
        payment_method: &str,
        amount_cents: i64,
        key: &str,
        metadata: &BTreeMap<String, String>,
    ) -> Result<String, ProviderError>;
    /// Confirms a payment off-session with `payment_method`: takes the money, or is declined.
    async fn confirm_payment(
        &self,
        intent: &str,
        payment_method: &str,
        key: &str,
    ) -> Result<PaymentState, ProviderError>;
    async fn payment_state(&self, intent: &str) -> Result<PaymentState, ProviderError>;
}

/// Stripe, at `base_url` (`https://api.stripe.com` in production; a local Stripe-shaped server
/// in the tests).
pub struct StripeProvider {
    client: Client,
}

impl StripeProvider {
    pub fn new(secret_key: &str, base_url: &str) -> Result<Self, ProviderError> {
        let client = ClientBuilder::new(secret_key)
            .url(base_url.trim_end_matches('/'))
            .timeout(std::time::Duration::from_secs(30))
            .build()
            .map_err(|err| ProviderError::Unreachable(err.to_string()))?;
        Ok(Self { client })
    }

    async fn send<T: MiniDeserialize>(&self, request: RequestBuilder, key: Option<&str>) -> Result<T, ProviderError> {
        let mut request = request.customize::<T>();
        if let Some(key) = key {
            let key = IdempotencyKey::new(key).map_err(|err| ProviderError::Unreachable(err.to_string()))?;
            request = request.request_strategy(RequestStrategy::Idempotent(key));
        }
        request.send(&self.client).await.map_err(provider_error)
    }
}

fn provider_error(err: StripeError) -> ProviderError {
    match err {
        StripeError::Stripe(errors, status) => ProviderError::Refused {
            status,
            code: errors.code.as_ref().map(|code| code.as_str().to_owned()).unwrap_or_else(|| "unknown".to_owned()),
            message: errors.message.clone().unwrap_or_default(),
        },
        other => ProviderError::Unreachable(other.to_string()),
    }
}

/// A card error from confirming: the payment is declined rather than the request refused.
fn declined(err: &ProviderError) -> Option<PaymentState> {
    match err {
        ProviderError::Refused { status, code, message }
            if *status == 402 || code.starts_with("card_") || code.contains("declined") =>
        {
            Some(PaymentState::Declined { code: code.clone(), message: message.clone() })
        }
        _ => None,
    }
}

#[derive(MiniDeserialize)]
struct IdOnly {
    id: String,
}

#[derive(MiniDeserialize)]
struct CheckoutSession {
    id: String,
    url: Option<String>,
    status: Option<String>,
    customer: Option<String>,
    setup_intent: Option<String>,
}

#[derive(MiniDeserialize)]
struct SetupIntent {
    payment_method: Option<String>,
}

#[derive(MiniDeserialize)]
struct Card {
    brand: Option<String>,
    last4: Option<String>,
    exp_month: Option<i64>,
    exp_year: Option<i64>,
}

#[derive(MiniDeserialize)]
struct PaymentMethod {
    id: String,
    card: Option<Card>,
}

#[derive(MiniDeserialize)]
struct LastError {
    code: Option<String>,
    message: Option<String>,
}

#[derive(MiniDeserialize)]
struct PaymentIntent {
    id: String,
    status: String,
    last_payment_error: Option<LastError>,
}

impl PaymentIntent {
    fn state(&self) -> PaymentState {
        match self.status.as_str() {
            "succeeded" => PaymentState::Succeeded,
            "requires_confirmation" => PaymentState::AwaitingConfirmation,
            "processing" | "requires_capture" | "requires_action" => PaymentState::Processing,
            // requires_payment_method (a declined attempt), canceled.
            _ => {
                let error = self.last_payment_error.as_ref();
                PaymentState::Declined {
                    code: error.and_then(|e| e.code.clone()).unwrap_or_else(|| self.status.clone()),
                    message: error.and_then(|e| e.message.clone()).unwrap_or_else(|| "The payment failed.".to_owned()),
                }
            }
        }
    }
}

#[derive(Serialize)]
struct CustomerParams<'a> {
    name: &'a str,
    email: &'a str,
    metadata: BTreeMap<&'static str, String>,
}

#[derive(Serialize)]
struct CheckoutParams<'a> {
    mode: &'static str,
    customer: &'a str,
    success_url: &'a str,
    cancel_url: &'a str,
    client_reference_id: &'a str,
    currency: &'static str,
    payment_method_types: [&'static str; 1],
}

#[derive(Serialize)]
struct PaymentParams<'a> {
    amount: i64,
    currency: &'static str,
    customer: &'a str,
    payment_method: &'a str,
    description: &'static str,
    metadata: &'a BTreeMap<String, String>,
}

#[derive(Serialize)]
struct ConfirmParams<'a> {
    payment_method: &'a str,
    off_session: bool,
}

#[async_trait]
impl PaymentProvider for StripeProvider {
    async fn create_customer(&self, name: &str, email: &str, company: i64) -> Result<String, ProviderError> {
        let params = CustomerParams { name, email, metadata: BTreeMap::from([("company_id", company.to_string())]) };
        let customer: IdOnly =
            self.send(RequestBuilder::new(StripeMethod::Post, "/customers").form(&params), None).await?;
        Ok(customer.id)
    }

    async fn delete_customer(&self, customer: &str) -> Result<(), ProviderError> {
        let path = format!("/customers/{customer}");
        let _: IdOnly = self.send(RequestBuilder::new(StripeMethod::Delete, path), None).await?;
        Ok(())
    }

    async fn create_checkout(
        &self,
        customer: &str,
        success_url: &str,
        cancel_url: &str,
        reference: &str,
    ) -> Result<Checkout, ProviderError> {
        let params = CheckoutParams {
            mode: "setup",
            customer,
            success_url,
            cancel_url,
            client_reference_id: reference,
            currency: "usd",
            payment_method_types: ["card"],
        };
        let session: CheckoutSession =
            self.send(RequestBuilder::new(StripeMethod::Post, "/checkout/sessions").form(&params), None).await?;
        let url = session.url.ok_or_else(|| ProviderError::Unreachable("a checkout session without a URL".into()))?;
        Ok(Checkout { id: session.id, url })
    }

    async fn checkout_card(&self, session: &str, customer: &str) -> Result<Option<SavedCard>, ProviderError> {
        let path = format!("/checkout/sessions/{session}");
        let session: CheckoutSession = self.send(RequestBuilder::new(StripeMethod::Get, path), None).await?;
        if session.status.as_deref() != Some("complete") || session.customer.as_deref() != Some(customer) {
            return Ok(None);
        }
        let Some(setup_intent) = session.setup_intent else { return Ok(None) };
        let path = format!("/setup_intents/{setup_intent}");
        let intent: SetupIntent = self.send(RequestBuilder::new(StripeMethod::Get, path), None).await?;
        let Some(method) = intent.payment_method else { return Ok(None) };
        let path = format!("/payment_methods/{method}");
        let method: PaymentMethod = self.send(RequestBuilder::new(StripeMethod::Get, path), None).await?;
        let Some(card) = method.card else { return Ok(None) };
        Ok(Some(SavedCard {
            payment_method: method.id,
            brand: card.brand.unwrap_or_else(|| "card".to_owned()),
            last4: card.last4.unwrap_or_default(),
            exp_month: card.exp_month.and_then(|m| i32::try_from(m).ok()).unwrap_or(0),
            exp_year: card.exp_year.and_then(|y| i32::try_from(y).ok()).unwrap_or(0),
        }))
    }

    async fn create_payment(
        &self,
        customer: &str,
        payment_method: &str,
        amount_cents: i64,
        key: &str,
        metadata: &BTreeMap<String, String>,
    ) -> Result<String, ProviderError> {
        let params = PaymentParams {
            amount: amount_cents,
            currency: "usd",
            customer,
            payment_method,
            description: "Timekeep subscription",
            metadata,
        };
        let intent: PaymentIntent = self
            .send(
                RequestBuilder::new(StripeMethod::Post, "/payment_intents").form(&params),
                Some(&format!("{key}-create")),
            )
            .await?;
        Ok(intent.id)
    }

    async fn confirm_payment(
        &self,
        intent: &str,
        payment_method: &str,
        key: &str,
    ) -> Result<PaymentState, ProviderError> {
        let path = format!("/payment_intents/{intent}/confirm");
        let params = ConfirmParams { payment_method, off_session: true };
        match self
            .send::<PaymentIntent>(
                RequestBuilder::new(StripeMethod::Post, path).form(&params),
                Some(&format!("{key}-confirm")),
            )
            .await
        {
            Ok(intent) => Ok(intent.state()),
            Err(err) => declined(&err).map(Ok).unwrap_or(Err(err)),
        }
    }

    async fn payment_state(&self, intent: &str) -> Result<PaymentState, ProviderError> {
        let path = format!("/payment_intents/{intent}");
        let intent: PaymentIntent = self.send(RequestBuilder::new(StripeMethod::Get, path), None).await?;
        Ok(intent.state())
    }
}
