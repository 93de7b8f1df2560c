//! Sending the queued deliveries: the mail outbox's pattern (`accounts::mail::outbox`) for
//! webhooks, as ARCHITECTURE.md asks.
//!
//! - **Claims.** A sender claims a batch of due rows with one conditional `UPDATE` (on
//!   PostgreSQL the rows are picked `FOR UPDATE SKIP LOCKED`), so with several servers each
//!   delivery is attempted by one of them; a claim that outlives its server expires after
//!   [`LEASE`] and the row is attempted again by another. So a delivery can arrive twice (the
//!   receiver got it, the server died before marking it): the event id is there to drop the
//!   second.
//! - **Retries.** A failure (no answer within [`TIMEOUT`], a refused connection, an answer other
//!   than 2xx, an address now refused) is tried again after each wait of [`RETRY_AFTER`],
//!   about a day in all, then marked failed. Nothing is retried for ever, and an admin can send
//!   a failed one again.
//! - **Never holding a request.** Requests only insert rows; this runs on its own task, looks
//!   every [`POLL`], and statements that write hold the server's write gate (SQLite), never
//!   while a delivery is in flight.

use crate::entities::webhook_deliveries::{self, Column, Entity};
use crate::entities::webhook_endpoints;
use crate::guard::AddressPolicy;
use crate::signing;
use chrono::{DateTime, Duration, Utc};
use kernel::WriteGate;
use sea_orm::sea_query::{Expr, LockBehavior, LockType};
use sea_orm::{
    ColumnTrait, Condition, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait,
};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use tokio::sync::Notify;

/// Deliveries one claim takes.
pub const BATCH: u64 = 20;
/// How long a claim holds: every delivery of a batch at its longest, and a margin.
pub const LEASE: Duration = Duration::minutes(10);
/// The longest one attempt may take.
pub const TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);
/// How often a sender looks for due deliveries.
pub const POLL: std::time::Duration = std::time::Duration::from_secs(3);
/// The waits after the 1st, 2nd … failed attempt: 23.6 hours in all.
pub const RETRY_AFTER: [Duration; 6] = [
    Duration::minutes(1),
    Duration::minutes(5),
    Duration::minutes(30),
    Duration::hours(2),
    Duration::hours(6),
    Duration::hours(15),
];
/// Attempts before a delivery is marked failed.
pub const MAX_ATTEMPTS: i32 = RETRY_AFTER.len() as i32 + 1;
/// The longest error text kept.
const ERROR_MAX: usize = 500;

/// The queue's parts every sender of a server shares.
#[derive(Clone)]
pub(crate) struct Queue {
    pub(crate) db: DatabaseConnection,
    pub(crate) gate: WriteGate,
    pub(crate) policy: AddressPolicy,
    pub(crate) wake: Arc<Notify>,
}

/// What one pass did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DeliveryPass {
    pub delivered: u64,
    pub retrying: u64,
    pub failed: u64,
}

/// One server's sender; [`WebhookSender::spawn`] runs it for the life of the server.
pub struct WebhookSender {
    queue: Queue,
    name: String,
    batches: AtomicU64,
    stop: Arc<Stop>,
}

#[derive(Default)]
struct Stop {
    raised: AtomicBool,
    signal: Notify,
}

impl WebhookSender {
    pub(crate) fn new(queue: Queue) -> Self {
        let random: [u8; 6] = rand::random();
        WebhookSender {
            queue,
            name: format!("{}-{}", std::process::id(), hex::encode(random)),
            batches: AtomicU64::new(0),
            stop: Arc::new(Stop::default()),
        }
    }

    /// Attempts what is due now, batch after batch.
    pub async fn send_due(&self) -> Result<DeliveryPass, DbErr> {
        let mut pass = DeliveryPass::default();
        loop {
            let claimed = self.send_batch(&mut pass).await?;
            if claimed < BATCH || self.stop.raised.load(Ordering::SeqCst) {
                return Ok(pass);
            }
        }
    }

    /// Runs on its own task until the handle is stopped or dropped.
    pub fn spawn(self) -> RunningWebhookSender {
        let stop = self.stop.clone();
        let task = tokio::spawn(async move {
            tracing::info!(sender = %self.name, "webhook sender started");
            while !self.stop.raised.load(Ordering::SeqCst) {
                if let Err(err) = self.send_due().await {
                    tracing::error!(%err, "the webhook sender could not reach the database");
                }
                tokio::select! {
                    () = self.queue.wake.notified() => {}
                    () = self.stop.signal.notified() => {}
                    () = tokio::time::sleep(POLL) => {}
                }
            }
            tracing::info!(sender = %self.name, "webhook sender stopped");
        });
        RunningWebhookSender { stop, task: Some(task) }
    }

    async fn send_batch(&self, pass: &mut DeliveryPass) -> Result<u64, DbErr> {
        let db = &self.queue.db;
        let now = Utc::now();
        let claim = format!("{}/{}", self.name, self.batches.fetch_add(1, Ordering::Relaxed));
        let permit = self.queue.gate.enter().await;
        let claimed = claim_due(&claim, now, now + LEASE).exec(db).await?.rows_affected;
        drop(permit);
        if claimed == 0 {
            return Ok(0);
        }
        let rows = Entity::find()
            .filter(Column::ClaimedBy.eq(claim.as_str()))
            .filter(Column::ClaimedUntil.is_not_null())
            .order_by_asc(Column::Id)
            .all(db)
            .await?;
        // The batch's endpoints in one read, not one per delivery.
        let mut ids: Vec<kernel::WebhookEndpointId> = rows.iter().map(|row| row.endpoint_id).collect();
        ids.sort_unstable();
        ids.dedup();
        let endpoints: std::collections::HashMap<kernel::WebhookEndpointId, webhook_endpoints::Model> =
            webhook_endpoints::Entity::find()
                .filter(webhook_endpoints::Column::Id.is_in(ids))
                .all(db)
                .await?
                .into_iter()
                .map(|endpoint| (endpoint.id, endpoint))
                .collect();
        for row in &rows {
            let outcome = match endpoints.get(&row.endpoint_id) {
                Some(endpoint) if endpoint.active => attempt(&self.queue.policy, endpoint, row).await,
                Some(_) => Err((None, "The endpoint is turned off".to_owned())),
                None => Err((None, "The endpoint was deleted".to_owned())),
            };
            self.settle(row, &claim, outcome, pass).await?;
        }
        Ok(claimed)
    }

    async fn settle(
        &self,
        row: &webhook_deliveries::Model,
        claim: &str,
        outcome: Result<u16, (Option<u16>, String)>,
        pass: &mut DeliveryPass,
    ) -> Result<(), DbErr> {
        let now = Utc::now();
        let attempts = row.attempts + 1;
        let none = Option::<DateTime<Utc>>::None;
        let update = Entity::update_many()
            .col_expr(Column::Attempts, Expr::value(attempts))
            .col_expr(Column::ClaimedUntil, Expr::value(none));
        let update = match outcome {
            Ok(status) => {
                tracing::info!(id = row.id.0, event = %row.event_id, status, "webhook delivered");
                pass.delivered += 1;
                update
                    .col_expr(Column::DeliveredAt, Expr::value(now))
                    .col_expr(Column::NextAttemptAt, Expr::value(none))
                    .col_expr(Column::LastStatus, Expr::value(i32::from(status)))
                    .col_expr(Column::LastError, Expr::value(Option::<String>::None))
            }
            Err((status, error)) => {
                let error: String = error.chars().take(ERROR_MAX).collect();
                let wait = RETRY_AFTER.get(usize::try_from(row.attempts).unwrap_or(usize::MAX)).copied();
                let update = match wait {
                    Some(wait) if attempts < MAX_ATTEMPTS => {
                        tracing::warn!(id = row.id.0, event = %row.event_id, attempts, %error, "webhook not delivered; it will be tried again");
                        pass.retrying += 1;
                        update.col_expr(Column::NextAttemptAt, Expr::value(now + wait))
                    }
                    _ => {
                        tracing::error!(id = row.id.0, event = %row.event_id, attempts, %error, "webhook failed");
                        pass.failed += 1;
                        update
                            .col_expr(Column::NextAttemptAt, Expr::value(none))
                            .col_expr(Column::FailedAt, Expr::value(now))
                    }
                };
                update
                    .col_expr(Column::LastStatus, Expr::value(status.map(i32::from)))
                    .col_expr(Column::LastError, Expr::value(error))
            }
        };
        let _permit = self.queue.gate.enter().await;
        update.filter(Column::Id.eq(row.id)).filter(Column::ClaimedBy.eq(claim)).exec(&self.queue.db).await?;
        Ok(())
    }
}

/// One attempt: the address checked again, the body signed now, a 2xx within [`TIMEOUT`].
async fn attempt(
    policy: &AddressPolicy,
    endpoint: &webhook_endpoints::Model,
    row: &webhook_deliveries::Model,
) -> Result<u16, (Option<u16>, String)> {
    let url = policy.check_url(&endpoint.url).map_err(|message| (None, message.to_owned()))?;
    let address = policy.resolve(&url).await.map_err(|message| (None, message.to_owned()))?;
    let host = url.host_str().unwrap_or_default().to_owned();
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(TIMEOUT)
        .resolve(&host, address)
        .user_agent("Timekeep-Webhooks/1")
        .build()
        .map_err(|err| (None, err.to_string()))?;
    let signature = signing::signature(&endpoint.secret, Utc::now().timestamp(), row.payload.as_bytes());
    let response = client
        .post(url)
        .header(reqwest::header::CONTENT_TYPE, "application/json")
        .header(signing::SIGNATURE_HEADER, signature)
        .header(signing::EVENT_ID_HEADER, &row.event_id)
        .header(signing::EVENT_HEADER, &row.event)
        .body(row.payload.clone())
        .send()
        .await
        .map_err(|err| {
            let what =
                if err.is_timeout() { format!("No answer within {} s", TIMEOUT.as_secs()) } else { err.to_string() };
            (None, what)
        })?;
    let status = response.status().as_u16();
    if response.status().is_success() {
        Ok(status)
    } else {
        Err((Some(status), format!("The endpoint answered {status}")))
    }
}

/// The `UPDATE` that claims up to [`BATCH`] due rows as `claim` until `until`.
fn claim_due(claim: &str, now: DateTime<Utc>, until: DateTime<Utc>) -> sea_orm::UpdateMany<Entity> {
    let due = Entity::find()
        .select_only()
        .column(Column::Id)
        .filter(due_and_free(now))
        .order_by_asc(Column::NextAttemptAt)
        .order_by_asc(Column::Id)
        .limit(BATCH)
        .lock_with_behavior(LockType::Update, LockBehavior::SkipLocked)
        .into_query();
    Entity::update_many()
        .col_expr(Column::ClaimedBy, Expr::value(claim))
        .col_expr(Column::ClaimedUntil, Expr::value(until))
        .filter(Column::Id.in_subquery(due))
        .filter(due_and_free(now))
}

fn due_and_free(now: DateTime<Utc>) -> Condition {
    Condition::all()
        .add(Column::NextAttemptAt.lte(now))
        .add(Condition::any().add(Column::ClaimedUntil.is_null()).add(Column::ClaimedUntil.lt(now)))
}

/// A sender running on its own task. Dropping the handle asks it to stop too.
pub struct RunningWebhookSender {
    stop: Arc<Stop>,
    task: Option<tokio::task::JoinHandle<()>>,
}

impl RunningWebhookSender {
    /// Asks the sender to stop and waits until it has (the batch in hand is finished).
    pub async fn stop(mut self) {
        self.raise();
        if let Some(task) = self.task.take() {
            if let Err(err) = task.await {
                tracing::error!(%err, "the webhook sender ended badly");
            }
        }
    }

    fn raise(&self) {
        self.stop.raised.store(true, Ordering::SeqCst);
        self.stop.signal.notify_one();
    }
}

impl Drop for RunningWebhookSender {
    fn drop(&mut self) {
        self.raise();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sea_orm::DbBackend;

    #[test]
    fn retries_last_about_a_day_and_claims_skip_locked_rows_on_postgresql() {
        let total: i64 = RETRY_AFTER.iter().map(|wait| wait.num_minutes()).sum();
        assert!((22 * 60..=25 * 60).contains(&total), "{total} minutes");
        let now = Utc::now();
        let postgres = claim_due("a/1", now, now + LEASE).build(DbBackend::Postgres).to_string();
        assert!(postgres.contains("FOR UPDATE SKIP LOCKED"), "{postgres}");
    }
}
