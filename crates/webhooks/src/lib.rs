//! Webhooks (issue 43; the contract in `docs/contracts/webhooks.md`): an admin registers
//! endpoints for the company's events, and each event reaches them as a signed `POST`.
//!
//! Why a crate of its own on floor 2, beside `audit`: the events happen in many domains (time
//! off in `pto`, shifts in `clock`, edits in `timesheet`, people in `accounts`, policies in
//! `hr`). Each domain calls [`emit`] inside its own write transaction, so a delivery is queued
//! exactly when the change is saved, and this crate needs nothing above kernel. It owns
//! `webhook_endpoints` and `webhook_deliveries`.
//!
//! Deliveries go out through a durable queue ([`sender`], the mail outbox's pattern): a request
//! only inserts rows, and a slow or dead endpoint never holds one. Rows are claimed by one server
//! at a time, tried with backoff for a day ([`sender::RETRY_AFTER`]), then marked failed; an
//! admin sees them and can send one again. Each carries an event id for idempotency and is
//! signed ([`signing`]) with the endpoint's secret.
//!
//! Addresses in private, loopback or link-local ranges, and plain `http`, are refused unless
//! the deployment allows them ([`guard::AddressPolicy`]); the check runs when an endpoint is
//! saved and again at each delivery, on the addresses the name resolves to then, and the
//! connection goes to exactly the address checked. So the product cannot be made to reach
//! internal services.

mod entities;
pub mod guard;
pub mod sender;
mod service;
pub mod signing;

pub use guard::AddressPolicy;
pub use service::{
    DeliveryView, EndpointCommand, EndpointView, NewSecret, WebhookError, WebhookEventView, WebhookList, Webhooks,
    DELIVERY_PAGE,
};

use chrono::Utc;
use entities::{webhook_deliveries, webhook_endpoints};
use kernel::CompanyId;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};
use serde_json::Value;

/// An event an endpoint may subscribe to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Event {
    TimeOffRequested,
    TimeOffApproved,
    TimeOffRejected,
    TimeOffCancelled,
    ShiftClosed,
    TimesheetEdited,
    EmployeeAdded,
    EmployeeChanged,
    EmployeeTerminated,
    PolicyAcknowledged,
}

impl Event {
    pub const ALL: [Event; 10] = [
        Event::TimeOffRequested,
        Event::TimeOffApproved,
        Event::TimeOffRejected,
        Event::TimeOffCancelled,
        Event::ShiftClosed,
        Event::TimesheetEdited,
        Event::EmployeeAdded,
        Event::EmployeeChanged,
        Event::EmployeeTerminated,
        Event::PolicyAcknowledged,
    ];

    /// The code subscribed to, sent as the body's `type` and the `Timekeep-Event` header.
    pub const fn code(self) -> &'static str {
        match self {
            Event::TimeOffRequested => "time_off.requested",
            Event::TimeOffApproved => "time_off.approved",
            Event::TimeOffRejected => "time_off.rejected",
            Event::TimeOffCancelled => "time_off.cancelled",
            Event::ShiftClosed => "shift.closed",
            Event::TimesheetEdited => "timesheet.edited",
            Event::EmployeeAdded => "employee.added",
            Event::EmployeeChanged => "employee.changed",
            Event::EmployeeTerminated => "employee.terminated",
            Event::PolicyAcknowledged => "policy.acknowledged",
        }
    }

    pub const fn label(self) -> &'static str {
        match self {
            Event::TimeOffRequested => "Time off requested",
            Event::TimeOffApproved => "Time off approved",
            Event::TimeOffRejected => "Time off rejected",
            Event::TimeOffCancelled => "Time off cancelled",
            Event::ShiftClosed => "Shift closed",
            Event::TimesheetEdited => "Timesheet edited",
            Event::EmployeeAdded => "Employee added",
            Event::EmployeeChanged => "Employee changed",
            Event::EmployeeTerminated => "Employee terminated",
            Event::PolicyAcknowledged => "Policy acknowledged",
        }
    }

    pub fn from_code(code: &str) -> Option<Event> {
        Event::ALL.into_iter().find(|event| event.code() == code)
    }
}

/// A fresh event id: `evt_` and 24 random hex digits.
pub fn new_event_id() -> String {
    let bytes: [u8; 12] = rand::random();
    format!("evt_{}", hex::encode(bytes))
}

/// Queues `event` with `data` for every active endpoint of `company` that wants it, inside the
/// caller's transaction (so it goes out if and only if the change commits). One event id for
/// all of them. Nothing to do costs one indexed read of the company's endpoints.
pub async fn emit<C: ConnectionTrait>(conn: &C, company: CompanyId, event: Event, data: Value) -> Result<(), DbErr> {
    subscribers(conn, company, event).await?.send(conn, vec![data]).await
}

/// The company's active endpoints that want `event`: ask first, and build what an event carries
/// only when someone wants it (the clock's hot path reads nothing more when nobody does).
pub async fn subscribers<C: ConnectionTrait>(conn: &C, company: CompanyId, event: Event) -> Result<Subscribers, DbErr> {
    let endpoints = webhook_endpoints::Entity::find()
        .filter(kernel::tenancy::same_company::<webhook_endpoints::Entity>(company))
        .filter(webhook_endpoints::Column::Active.eq(true))
        .all(conn)
        .await?
        .into_iter()
        .filter(|endpoint| endpoint.events.split_whitespace().any(|code| code == event.code()))
        .map(|endpoint| endpoint.id)
        .collect();
    Ok(Subscribers { company, event, endpoints })
}

/// The endpoints an event of a company goes to ([`subscribers`]).
#[derive(Debug, Clone)]
pub struct Subscribers {
    company: CompanyId,
    event: Event,
    endpoints: Vec<kernel::WebhookEndpointId>,
}

impl Subscribers {
    pub fn is_empty(&self) -> bool {
        self.endpoints.is_empty()
    }

    /// Queues one event for each of `items` (each its own event id) to every endpoint, in one
    /// statement.
    pub async fn send<C: ConnectionTrait>(&self, conn: &C, items: Vec<Value>) -> Result<(), DbErr> {
        if self.endpoints.is_empty() || items.is_empty() {
            return Ok(());
        }
        let now = Utc::now();
        let mut rows = Vec::new();
        for data in items {
            let id = new_event_id();
            let body = serde_json::json!({
                "id": id,
                "type": self.event.code(),
                "createdAt": now.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
                "companyId": self.company.0,
                "data": data,
            })
            .to_string();
            for endpoint in &self.endpoints {
                rows.push(webhook_deliveries::ActiveModel {
                    company_id: Set(self.company),
                    endpoint_id: Set(*endpoint),
                    event_id: Set(id.clone()),
                    event: Set(self.event.code().to_owned()),
                    payload: Set(body.clone()),
                    created_at: Set(now),
                    attempts: Set(0),
                    next_attempt_at: Set(Some(now)),
                    claimed_by: Set(None),
                    claimed_until: Set(None),
                    delivered_at: Set(None),
                    failed_at: Set(None),
                    last_status: Set(None),
                    last_error: Set(None),
                    ..Default::default()
                });
            }
        }
        // 16 values a row: 100 rows a statement stays within every database's parameter limit.
        let mut rows = rows.into_iter().peekable();
        while rows.peek().is_some() {
            let chunk: Vec<_> = rows.by_ref().take(100).collect();
            webhook_deliveries::Entity::insert_many(chunk).exec_without_returning(conn).await?;
        }
        Ok(())
    }
}

/// Erases the company's endpoints and deliveries when its account is closed (called by `closure`).
pub async fn purge_company<C: ConnectionTrait>(
    conn: &C,
    company: CompanyId,
) -> Result<Vec<kernel::purge::Erased>, DbErr> {
    Ok(vec![
        kernel::purge::erase_in_company::<webhook_deliveries::Entity, C>(conn, company).await?,
        kernel::purge::erase_in_company::<webhook_endpoints::Entity, C>(conn, company).await?,
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn event_codes_round_trip_and_ids_are_unique() {
        for event in Event::ALL {
            assert_eq!(Event::from_code(event.code()), Some(event));
        }
        assert_eq!(Event::from_code("time_off.deleted"), None);
        let id = new_event_id();
        assert!(id.starts_with("evt_") && id.len() == 28, "{id}");
        assert_ne!(id, new_event_id());
    }
}
