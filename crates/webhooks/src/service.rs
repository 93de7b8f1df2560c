//! The admins' side: registering endpoints, rotating their secrets, reading deliveries and
//! sending one again.

use crate::entities::{webhook_deliveries, webhook_endpoints};
use crate::guard::AddressPolicy;
use crate::sender::{Queue, WebhookSender};
use crate::{signing, Event};
use chrono::{DateTime, Utc};
use kernel::{AdminCtx, FieldErrors, WebhookDeliveryId, WebhookEndpointId, WriteGate};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, DatabaseConnection, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder,
};
use serde::Serialize;
use std::sync::Arc;
use tokio::sync::Notify;

/// Why a delivery still being tried is not sent again.
pub const STILL_TRYING: &str = "This delivery is still being tried; it can be sent again once delivered or failed.";

/// Deliveries a page.
pub const DELIVERY_PAGE: u64 = 50;

#[derive(Debug, thiserror::Error)]
pub enum WebhookError {
    #[error("some fields are invalid")]
    Validation(FieldErrors),
    #[error("not found")]
    NotFound,
    #[error("database: {0}")]
    Database(#[from] DbErr),
}

/// The webhooks service. Cheap to clone.
#[derive(Clone)]
pub struct Webhooks {
    queue: Queue,
}

/// An endpoint as an admin asked for it, checked by [`EndpointCommand::parse`].
#[derive(Debug, Clone)]
pub struct EndpointCommand {
    url: reqwest::Url,
    events: Vec<Event>,
    active: bool,
}

impl EndpointCommand {
    /// Checks the fields: an acceptable address (`policy`), one or more known events.
    pub fn parse(
        url: Option<&str>,
        events: &[String],
        active: bool,
        policy: AddressPolicy,
    ) -> Result<EndpointCommand, FieldErrors> {
        let mut errors = FieldErrors::new();
        let url = match url.map(str::trim).filter(|url| !url.is_empty()) {
            None => {
                errors.add("url", "Please enter the endpoint's address");
                None
            }
            Some(text) => match kernel::validation::check_text("url", text).and_then(|()| policy.check_url(text)) {
                Ok(url) => Some(url),
                Err(message) => {
                    errors.add("url", message);
                    None
                }
            },
        };
        let mut chosen = Vec::new();
        for code in events {
            match Event::from_code(code.trim()) {
                Some(event) if !chosen.contains(&event) => chosen.push(event),
                Some(_) => {}
                None => {
                    errors.add("events", format!("There is no event \"{}\"", code.chars().take(40).collect::<String>()))
                }
            }
        }
        if events.is_empty() {
            errors.add("events", "Please choose at least one event");
        }
        chosen.sort();
        match url {
            Some(url) if errors.is_empty() => Ok(EndpointCommand { url, events: chosen, active }),
            _ => Err(errors),
        }
    }
}

/// An endpoint as the admins' list shows it (never its secret).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct EndpointView {
    pub id: i64,
    pub url: String,
    /// The events' codes.
    pub events: Vec<String>,
    pub active: bool,
    pub created_at: DateTime<Utc>,
}

/// An endpoint and its signing secret, shown once (on creation and on rotation).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NewSecret {
    pub endpoint: EndpointView,
    pub secret: String,
}

/// An event as the screen offers it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WebhookEventView {
    pub code: String,
    pub label: String,
}

/// The company's endpoints and the events there are.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WebhookList {
    pub endpoints: Vec<EndpointView>,
    pub events: Vec<WebhookEventView>,
}

/// One delivery of an event to an endpoint.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DeliveryView {
    pub id: i64,
    pub endpoint_id: i64,
    pub event_id: String,
    pub event: String,
    pub created_at: DateTime<Utc>,
    /// `pending`, `delivered` or `failed`.
    pub status: String,
    pub attempts: i32,
    pub next_attempt_at: Option<DateTime<Utc>>,
    pub delivered_at: Option<DateTime<Utc>>,
    pub last_status: Option<i32>,
    pub last_error: Option<String>,
    /// The body as sent.
    pub payload: String,
}

fn endpoint_view(row: webhook_endpoints::Model) -> EndpointView {
    EndpointView {
        id: row.id.0,
        events: row.events.split_whitespace().map(str::to_owned).collect(),
        url: row.url,
        active: row.active,
        created_at: row.created_at,
    }
}

fn delivery_view(row: webhook_deliveries::Model) -> DeliveryView {
    let status = if row.delivered_at.is_some() {
        "delivered"
    } else if row.failed_at.is_some() {
        "failed"
    } else {
        "pending"
    };
    DeliveryView {
        id: row.id.0,
        endpoint_id: row.endpoint_id.0,
        event_id: row.event_id,
        event: row.event,
        created_at: row.created_at,
        status: status.to_owned(),
        attempts: row.attempts,
        next_attempt_at: row.next_attempt_at,
        delivered_at: row.delivered_at,
        last_status: row.last_status,
        last_error: row.last_error,
        payload: row.payload,
    }
}

fn snapshot(row: &webhook_endpoints::Model) -> audit::Snapshot {
    audit::Snapshot::new()
        .with("url", row.url.as_str())
        .with("events", row.events.split_whitespace().collect::<Vec<_>>().join(", "))
        .with("active", row.active)
}

impl Webhooks {
    pub fn new(db: DatabaseConnection, gate: WriteGate, policy: AddressPolicy) -> Self {
        Webhooks { queue: Queue { db, gate, policy, wake: Arc::new(Notify::new()) } }
    }

    pub fn policy(&self) -> AddressPolicy {
        self.queue.policy
    }

    /// A sender for this server (see [`crate::sender`]).
    pub fn sender(&self) -> WebhookSender {
        WebhookSender::new(self.queue.clone())
    }

    /// The company's endpoint `id`, or `NotFound` (another company's too).
    async fn endpoint<C: sea_orm::ConnectionTrait>(
        conn: &C,
        ctx: &AdminCtx,
        id: WebhookEndpointId,
    ) -> Result<webhook_endpoints::Model, WebhookError> {
        webhook_endpoints::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<webhook_endpoints::Entity>(ctx.company()))
            .one(conn)
            .await?
            .ok_or(WebhookError::NotFound)
    }

    /// Where the endpoint leads must be allowed now, too.
    async fn check_reach(&self, command: &EndpointCommand) -> Result<(), WebhookError> {
        self.queue
            .policy
            .resolve(&command.url)
            .await
            .map(|_| ())
            .map_err(|message| WebhookError::Validation(FieldErrors::single("url", message)))
    }

    /// `GET /webhooks`.
    pub async fn list(&self, ctx: &AdminCtx) -> Result<WebhookList, WebhookError> {
        let endpoints = webhook_endpoints::Entity::find()
            .filter(kernel::tenancy::same_company::<webhook_endpoints::Entity>(ctx.company()))
            .order_by_asc(webhook_endpoints::Column::Id)
            .all(&self.queue.db)
            .await?;
        Ok(WebhookList {
            endpoints: endpoints.into_iter().map(endpoint_view).collect(),
            events: Event::ALL
                .into_iter()
                .map(|event| WebhookEventView { code: event.code().to_owned(), label: event.label().to_owned() })
                .collect(),
        })
    }

    /// `POST /webhooks`: registers an endpoint; its secret is in the answer.
    pub async fn create(&self, ctx: &AdminCtx, command: EndpointCommand) -> Result<NewSecret, WebhookError> {
        self.check_reach(&command).await?;
        let secret = signing::new_secret();
        let txn = kernel::begin_write(&self.queue.db).await?;
        let row = webhook_endpoints::ActiveModel {
            company_id: Set(ctx.company()),
            url: Set(command.url.to_string()),
            events: Set(command.events.iter().map(|event| event.code()).collect::<Vec<_>>().join(" ")),
            secret: Set(secret.clone()),
            active: Set(command.active),
            created_by: Set(ctx.actor()),
            created_at: Set(Utc::now()),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        let change =
            audit::Change::new(audit::Subject::Webhook, row.id.0, audit::Action::Created).created(&snapshot(&row));
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        Ok(NewSecret { endpoint: endpoint_view(row), secret })
    }

    /// `POST /webhooks/update`: its address, events, and whether it is on.
    pub async fn update(
        &self,
        ctx: &AdminCtx,
        id: WebhookEndpointId,
        command: EndpointCommand,
    ) -> Result<EndpointView, WebhookError> {
        self.check_reach(&command).await?;
        let txn = kernel::begin_write(&self.queue.db).await?;
        let before = Self::endpoint(&txn, ctx, id).await?;
        let mut row: webhook_endpoints::ActiveModel = before.clone().into();
        row.url = Set(command.url.to_string());
        row.events = Set(command.events.iter().map(|event| event.code()).collect::<Vec<_>>().join(" "));
        row.active = Set(command.active);
        let after = row.update(&txn).await?;
        let change = audit::Change::new(audit::Subject::Webhook, id.0, audit::Action::Updated)
            .diff(&snapshot(&before), &snapshot(&after));
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        Ok(endpoint_view(after))
    }

    /// `POST /webhooks/rotate-secret`: a new secret signs every attempt from now on.
    pub async fn rotate_secret(&self, ctx: &AdminCtx, id: WebhookEndpointId) -> Result<NewSecret, WebhookError> {
        let txn = kernel::begin_write(&self.queue.db).await?;
        let before = Self::endpoint(&txn, ctx, id).await?;
        let secret = signing::new_secret();
        let rotated_at = Utc::now();
        let mut row: webhook_endpoints::ActiveModel = before.into();
        row.secret = Set(secret.clone());
        let after = row.update(&txn).await?;
        let change = audit::Change::new(audit::Subject::Webhook, id.0, audit::Action::Updated).field(
            "secretRotatedAt",
            serde_json::Value::Null,
            audit::instant(rotated_at),
        );
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        Ok(NewSecret { endpoint: endpoint_view(after), secret })
    }

    /// `POST /webhooks/delete`: the endpoint and its deliveries.
    pub async fn delete(&self, ctx: &AdminCtx, id: WebhookEndpointId) -> Result<WebhookList, WebhookError> {
        let txn = kernel::begin_write(&self.queue.db).await?;
        let before = Self::endpoint(&txn, ctx, id).await?;
        webhook_deliveries::Entity::delete_many()
            .filter(webhook_deliveries::Column::EndpointId.eq(id))
            .exec(&txn)
            .await?;
        webhook_endpoints::Entity::delete_by_id(id).exec(&txn).await?;
        let change =
            audit::Change::new(audit::Subject::Webhook, id.0, audit::Action::Deleted).deleted(&snapshot(&before));
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        self.list(ctx).await
    }

    /// `GET /webhooks/deliveries`: an endpoint's deliveries, newest first, a page at a time.
    pub async fn deliveries(
        &self,
        ctx: &AdminCtx,
        endpoint: WebhookEndpointId,
        page: u64,
    ) -> Result<Vec<DeliveryView>, WebhookError> {
        Self::endpoint(&self.queue.db, ctx, endpoint).await?;
        Ok(webhook_deliveries::Entity::find()
            .filter(kernel::tenancy::same_company::<webhook_deliveries::Entity>(ctx.company()))
            .filter(webhook_deliveries::Column::EndpointId.eq(endpoint))
            .order_by_desc(webhook_deliveries::Column::Id)
            .paginate(&self.queue.db, DELIVERY_PAGE)
            .fetch_page(page.saturating_sub(1))
            .await?
            .into_iter()
            .map(delivery_view)
            .collect())
    }

    /// `POST /webhooks/resend`: the same body and event id, due now, its attempts counted anew.
    pub async fn resend(&self, ctx: &AdminCtx, delivery: WebhookDeliveryId) -> Result<DeliveryView, WebhookError> {
        let txn = kernel::begin_write(&self.queue.db).await?;
        let row = webhook_deliveries::Entity::find_by_id(delivery)
            .filter(kernel::tenancy::same_company::<webhook_deliveries::Entity>(ctx.company()))
            .one(&txn)
            .await?
            .ok_or(WebhookError::NotFound)?;
        if row.next_attempt_at.is_some() {
            return Err(WebhookError::Validation(FieldErrors::single("id", STILL_TRYING)));
        }
        let mut again: webhook_deliveries::ActiveModel = row.into();
        again.attempts = Set(0);
        again.next_attempt_at = Set(Some(Utc::now()));
        again.delivered_at = Set(None);
        again.failed_at = Set(None);
        again.claimed_until = Set(None);
        let row = again.update(&txn).await?;
        txn.commit().await?;
        self.queue.wake.notify_one();
        Ok(delivery_view(row))
    }
}
