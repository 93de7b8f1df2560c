//! The provider's webhooks (`POST /billing/webhook`): signed events that settle charge attempts.
//!
//! - The `Stripe-Signature` header is checked with Stripe's scheme by `async-stripe-webhook`
//!   (HMAC-SHA256 of `timestamp.payload` with the endpoint's secret; a timestamp more than
//!   300 s from now is refused, so a captured event cannot be replayed later).
//! - Each event id is stored once its effect is applied; a repeat finds the row and changes
//!   nothing. The effects themselves are
//!   the conditional settlements of `charging` (`started` → outcome), so an event that arrives
//!   after the job already settled the attempt, or out of order (a failure after a success),
//!   changes nothing either: a paid charge is never made unpaid.
//! - Events of types billing does not use, or about intents it did not create, are stored and
//!   answered without effect.

use crate::charging::AttemptKind;
use crate::entities::{attempts, webhook_events};
use crate::status::AttemptStatus;
use crate::{Billing, BillingError};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use stripe_webhook::{Webhook, WebhookError};

/// What a webhook did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WebhookOutcome {
    /// It settled an attempt.
    Applied,
    /// Seen before: nothing done.
    Repeated,
    /// Not about anything billing acts on (another type, an unknown intent, an attempt already
    /// settled).
    Ignored,
}

#[derive(serde::Deserialize)]
struct Event {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    data: EventData,
}

#[derive(serde::Deserialize)]
struct EventData {
    object: EventObject,
}

#[derive(serde::Deserialize)]
struct EventObject {
    id: Option<String>,
    last_payment_error: Option<PaymentError>,
}

#[derive(serde::Deserialize)]
struct PaymentError {
    code: Option<String>,
    message: Option<String>,
}

impl Billing {
    /// Verifies and processes one webhook delivery.
    pub async fn webhook(
        &self,
        payload: &str,
        signature: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<WebhookOutcome, BillingError> {
        let secret = self.config.webhook_secret.as_deref().ok_or(BillingError::InvalidSignature)?;
        let signature = signature.ok_or(BillingError::InvalidSignature)?;
        match Webhook::construct_event_with_timestamp(payload, signature, secret, now.timestamp()) {
            Ok(_) => {}
            // The signature and its time were checked before the body was read: a body the
            // library's types do not know is still an authentic event, read below.
            Err(WebhookError::BadParse(_)) => {}
            Err(err) => {
                tracing::warn!(%err, "a webhook with an invalid signature was refused");
                return Err(BillingError::InvalidSignature);
            }
        }
        let event: Event = serde_json::from_str(payload).map_err(|_| BillingError::MalformedEvent)?;
        if event.id.is_empty() || event.id.len() > 255 || event.kind.len() > 255 {
            return Err(BillingError::MalformedEvent);
        }
        let attempt = match (&event.kind[..], &event.data.object.id) {
            ("payment_intent.succeeded" | "payment_intent.payment_failed", Some(intent)) => {
                attempts::Entity::find().filter(attempts::Column::PaymentIntentId.eq(intent)).one(&self.db).await?
            }
            _ => None,
        };
        if webhook_events::Entity::find_by_id(event.id.clone()).one(&self.db).await?.is_some() {
            return Ok(WebhookOutcome::Repeated);
        }
        // The effect first, then the record: were the record lost, the provider's retry would
        // meet an attempt already settled and change nothing.
        let applied = match attempt.as_ref().filter(|attempt| attempt.outcome == AttemptStatus::Started) {
            None => false,
            Some(attempt) if event.kind == "payment_intent.succeeded" => self.settle_paid(attempt.id, now).await?,
            Some(attempt) => {
                let error = event.data.object.last_payment_error.as_ref();
                let code = error.and_then(|e| e.code.clone()).unwrap_or_else(|| "payment_failed".to_owned());
                let message = error.and_then(|e| e.message.clone()).unwrap_or_else(|| "The payment failed.".to_owned());
                let kind = if attempt.manual { AttemptKind::Manual } else { AttemptKind::Scheduled };
                self.settle_declined(attempt.id, &code, &message, now, kind).await?.0
            }
        };
        let recorded = {
            let _permit = self.gate.enter().await;
            webhook_events::Entity::insert(webhook_events::ActiveModel {
                event_id: Set(event.id.clone()),
                event_type: Set(event.kind.clone()),
                company_id: Set(attempt.as_ref().map(|attempt| attempt.company_id)),
                received_at: Set(now),
            })
            .on_conflict(OnConflict::column(webhook_events::Column::EventId).do_nothing().to_owned())
            .exec_without_returning(&self.db)
            .await?
        };
        if recorded == 0 {
            return Ok(WebhookOutcome::Repeated);
        }
        Ok(if applied { WebhookOutcome::Applied } else { WebhookOutcome::Ignored })
    }
}
