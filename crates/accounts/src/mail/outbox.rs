//! The one outbox for e-mail (ARCHITECTURE.md): every crate hands its messages to
//! [`crate::Accounts`] (`notify`, `notify_all`, or `enqueue_mail_in` inside its own
//! transaction), which writes them to the `mail_outbox` table; each server runs one
//! [`OutboxSender`] that takes due messages from the table and sends them.
//!
//! - **Why a table.** A request only inserts a row (one statement, or none of its own when the
//!   caller's transaction carries it), so sending never holds a request up and a slow or absent
//!   SMTP server never fails one. The row outlives the process: a message queued just before a
//!   restart is sent after it, where a task spawned in memory would be lost. And any server may
//!   send it, so with several servers on one database nothing depends on the one that took the
//!   request.
//! - **Claims: each message is sent by one server.** A sender claims a batch of due rows with
//!   one conditional `UPDATE` (`claimed_by` = this server and batch, `claimed_until` = now +
//!   [`LEASE`]) that matches only rows due and not under an unexpired claim; the database lets
//!   one `UPDATE` win each row. On PostgreSQL the rows are picked by a subquery `FOR UPDATE SKIP
//!   LOCKED`, so two servers claiming at once take different rows instead of waiting for each
//!   other; on SQLite (one writer at a time) the plain conditional update suffices. A sender
//!   starts a message only while its claim has more than [`SEND_TIMEOUT`] (plus a margin) to run
//!   and gives each send at most that long, so a claim never expires under a live sender; what it
//!   has no time left for it hands back at once. Servers' clocks must agree to well within the
//!   lease (the scheduler assumes the same).
//! - **At least once in one narrow window.** A message is marked sent right after the SMTP server
//!   accepts it. A server that dies between the two (or loses the database at that moment)
//!   leaves the row claimed; when the claim expires another server sends it again. Closing that
//!   window would need the mail server to take part in a transaction, which SMTP cannot; one
//!   duplicate after a crash is the usual price, and far better than a lost message.
//! - **Retries.** A failed send is tried again after 1 min, 5 min, 30 min, 2 h and 6 h
//!   ([`RETRY_AFTER`]); after the last ([`MAX_ATTEMPTS`] in all) it is given up: the row keeps
//!   its `last_error` and an error is logged. A permanent failure (a malformed address, an SMTP
//!   5xx answer such as "no such mailbox") is given up at once, as retrying cannot help.
//! - **One writer at a time on SQLite.** The sender writes (claims, marks) while requests run;
//!   on SQLite a commit of its between a request transaction's read and its write would make that
//!   write fail ("database is locked": the transaction's snapshot is stale). So its statements
//!   hold the server's write gate (kernel's `WriteGate`, open on PostgreSQL), as the domain
//!   crates' transactions do; never while sending.
//! - **Waking.** Queuing wakes this server's sender at once (a `Notify`); otherwise it looks every
//!   [`POLL`], which is also how mail queued on another server, and retries coming due, are found.
//! - **Stopping.** On shutdown the sender finishes the message in hand, hands back the rest of
//!   its batch (another server, or this one after the restart, sends them) and ends.
//! - **Pruning.** Settled rows (sent or given up) are kept [`KEEP_SETTLED`] — what was mailed to
//!   whom, for support — then deleted by the senders, once an hour. A company's rows, settled or
//!   not, are erased when the company is closed (`crate::purge`).

use super::{MailError, Mailer, OutgoingMail};
use crate::entities::mail_outbox::{self, Column, Entity};
use chrono::{DateTime, Duration, Utc};
use kernel::WriteGate;
use sea_orm::sea_query::{Expr, LockBehavior, LockType};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, QueryTrait,
};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use tokio::sync::Notify;

/// Messages one claim takes.
pub const BATCH: u64 = 20;
/// How long a claim holds: several sends' worth, so a batch is rarely handed back.
pub const LEASE: Duration = Duration::minutes(5);
/// The longest one send may take (lettre's own SMTP timeout is per command).
pub const SEND_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(60);
/// What must be left of a claim to start a message: a send's time, and time to mark it.
const SEND_BUDGET: Duration = Duration::seconds(90);
/// How often a sender looks for mail it was not woken for.
pub const POLL: std::time::Duration = std::time::Duration::from_secs(5);
/// The waits after the 1st, 2nd … failed attempt.
pub const RETRY_AFTER: [Duration; 5] =
    [Duration::minutes(1), Duration::minutes(5), Duration::minutes(30), Duration::hours(2), Duration::hours(6)];
/// Attempts before a message is given up: the first and one after each wait.
pub const MAX_ATTEMPTS: i32 = RETRY_AFTER.len() as i32 + 1;
/// How long settled messages are kept.
pub const KEEP_SETTLED: Duration = Duration::days(30);
const PRUNE_EVERY: std::time::Duration = std::time::Duration::from_secs(3600);
/// Rows per `INSERT` (12 values each: well within both databases' limits on parameters).
const INSERT_CHUNK: usize = 200;

/// The outbox of one deployment: the table, the transport its senders use, and the bell that
/// wakes this server's sender. Cheap to clone.
#[derive(Clone)]
pub struct Outbox {
    db: DatabaseConnection,
    mailer: Arc<dyn Mailer>,
    wake: Arc<Notify>,
    /// Held by the senders' statements (see the module docs).
    gate: WriteGate,
}

impl Outbox {
    pub fn new(db: DatabaseConnection, mailer: Arc<dyn Mailer>) -> Self {
        Self { db, mailer, wake: Arc::new(Notify::new()), gate: WriteGate::open() }
    }

    /// The same outbox, its senders writing behind `gate` (the server's).
    pub fn with_gate(mut self, gate: WriteGate) -> Self {
        self.gate = gate;
        self
    }

    /// The same outbox whose queuing rings `other`'s bell: a server's services built twice over
    /// two pools (`timekeep serve` on PostgreSQL) wake its one sender, whichever queued.
    pub fn sharing_bell_of(mut self, other: &Outbox) -> Self {
        self.wake = other.wake.clone();
        self
    }

    /// Queues `mails` on `conn` (the caller's transaction, so they are queued if and only if it
    /// commits). Wakes nobody: call [`Outbox::wake`] after the commit, or the mail goes out at
    /// the next look ([`POLL`]).
    pub async fn put_in<C: ConnectionTrait>(conn: &C, mails: &[OutgoingMail]) -> Result<(), DbErr> {
        let now = Utc::now();
        for chunk in mails.chunks(INSERT_CHUNK) {
            Entity::insert_many(chunk.iter().map(|mail| new_row(mail, now))).exec_without_returning(conn).await?;
        }
        Ok(())
    }

    /// Queues `mails` and wakes this server's sender.
    pub async fn put(&self, mails: &[OutgoingMail]) -> Result<(), DbErr> {
        // A write transaction rather than a bare insert: on SQLite it waits for its turn without
        // holding a connection, where a bare insert would wait in SQLite's busy handler holding
        // one, and enough of those starve the writer they wait for (`kernel::transaction`).
        let txn = kernel::begin_write(&self.db).await?;
        Self::put_in(&txn, mails).await?;
        txn.commit().await?;
        self.wake();
        Ok(())
    }

    /// Tells this server's sender that mail is waiting.
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// A sender for this server, named uniquely (its claims carry the name).
    pub fn sender(&self) -> OutboxSender {
        let random = crate::tokens::random_token();
        OutboxSender {
            outbox: self.clone(),
            name: format!("{}-{}", std::process::id(), random.get(..12).unwrap_or(&random)),
            batches: AtomicU64::new(0),
            stop: Arc::new(Stop::default()),
        }
    }
}

fn new_row(mail: &OutgoingMail, now: DateTime<Utc>) -> mail_outbox::ActiveModel {
    mail_outbox::ActiveModel {
        company_id: Set(mail.company),
        to_email: Set(mail.to_email.clone()),
        to_name: Set(mail.to_name.clone()),
        subject: Set(mail.subject.clone()),
        body: Set(mail.text.clone()),
        created_at: Set(now),
        attempts: Set(0),
        next_attempt_at: Set(Some(now)),
        claimed_by: Set(None),
        claimed_until: Set(None),
        sent_at: Set(None),
        last_error: Set(None),
        ..Default::default()
    }
}

impl From<&mail_outbox::Model> for OutgoingMail {
    fn from(row: &mail_outbox::Model) -> Self {
        OutgoingMail {
            company: row.company_id,
            to_email: row.to_email.clone(),
            to_name: row.to_name.clone(),
            subject: row.subject.clone(),
            text: row.body.clone(),
        }
    }
}

#[derive(Default)]
struct Stop {
    raised: AtomicBool,
    signal: Notify,
}

impl Stop {
    fn raise(&self) {
        self.raised.store(true, Ordering::SeqCst);
        self.signal.notify_one();
    }

    fn raised(&self) -> bool {
        self.raised.load(Ordering::SeqCst)
    }
}

/// What a sender did with the messages it claimed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SendPass {
    pub sent: u64,
    /// Failed, to be tried again later.
    pub retrying: u64,
    pub given_up: u64,
    /// Claimed but handed back unsent (stopping, or the claim running out).
    pub handed_back: u64,
}

/// One server's sender (see the module docs). [`OutboxSender::spawn`] runs it for the life of
/// the server; [`OutboxSender::send_due`] is one pass, for commands that run once.
pub struct OutboxSender {
    outbox: Outbox,
    name: String,
    batches: AtomicU64,
    stop: Arc<Stop>,
}

impl OutboxSender {
    /// The name its claims carry (`claimed_by` is this and the batch's number).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Sends what is due now, batch after batch, until nothing due is left unclaimed or the
    /// sender is asked to stop.
    pub async fn send_due(&self) -> Result<SendPass, DbErr> {
        let mut pass = SendPass::default();
        loop {
            let claimed = self.send_batch(&mut pass).await?;
            if claimed < BATCH || self.stop.raised() {
                return Ok(pass);
            }
        }
    }

    /// Deletes the messages settled (sent or given up) more than [`KEEP_SETTLED`] before `now`.
    pub async fn prune(&self, now: DateTime<Utc>) -> Result<u64, DbErr> {
        let _permit = self.outbox.gate.enter().await;
        Ok(Entity::delete_many()
            .filter(Column::NextAttemptAt.is_null())
            .filter(Column::CreatedAt.lt(now - KEEP_SETTLED))
            .exec(&self.outbox.db)
            .await?
            .rows_affected)
    }

    /// Runs the sender on its own task until [`RunningSender::stop`] (or until the handle is
    /// dropped): a pass whenever mail is queued on this server, and every [`POLL`] otherwise.
    pub fn spawn(self) -> RunningSender {
        let stop = self.stop.clone();
        let task = tokio::spawn(async move { self.run().await });
        RunningSender { stop, task: Some(task) }
    }

    async fn run(self) {
        tracing::info!(sender = %self.name, "mail sender started");
        let mut pruned_at: Option<std::time::Instant> = None;
        while !self.stop.raised() {
            if let Err(err) = self.send_due().await {
                tracing::error!(%err, "the mail sender could not reach the database");
            }
            if pruned_at.is_none_or(|at| at.elapsed() >= PRUNE_EVERY) {
                match self.prune(Utc::now()).await {
                    Ok(0) => {}
                    Ok(rows) => tracing::info!(rows, "settled mail pruned"),
                    Err(err) => tracing::error!(%err, "settled mail not pruned"),
                }
                pruned_at = Some(std::time::Instant::now());
            }
            tokio::select! {
                () = self.outbox.wake.notified() => {}
                () = self.stop.signal.notified() => {}
                () = tokio::time::sleep(POLL) => {}
            }
        }
        tracing::info!(sender = %self.name, "mail sender stopped");
    }

    /// Claims a batch and sends it; the number claimed.
    async fn send_batch(&self, pass: &mut SendPass) -> Result<u64, DbErr> {
        let db = &self.outbox.db;
        let now = Utc::now();
        let until = now + LEASE;
        let claim = format!("{}/{}", self.name, self.batches.fetch_add(1, Ordering::Relaxed));
        let permit = self.outbox.gate.enter().await;
        let claimed = claim_due(&claim, now, until).exec(db).await?.rows_affected;
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
        for row in &rows {
            if self.stop.raised() || Utc::now() + SEND_BUDGET >= until {
                pass.handed_back += self.hand_back(&claim).await?;
                break;
            }
            let mail = OutgoingMail::from(row);
            let outcome = match tokio::time::timeout(SEND_TIMEOUT, self.outbox.mailer.send(&mail)).await {
                Ok(outcome) => outcome,
                Err(_) => Err(MailError::transient(format!("no answer within {} s", SEND_TIMEOUT.as_secs()))),
            };
            self.settle(row, &claim, outcome, pass).await?;
        }
        Ok(claimed)
    }

    /// Marks one claimed message after its attempt: sent, due again later, or given up.
    async fn settle(
        &self,
        row: &mail_outbox::Model,
        claim: &str,
        outcome: Result<(), MailError>,
        pass: &mut SendPass,
    ) -> Result<(), DbErr> {
        let now = Utc::now();
        let attempts = row.attempts + 1;
        let none = Option::<DateTime<Utc>>::None;
        let update = Entity::update_many()
            .col_expr(Column::Attempts, Expr::value(attempts))
            .col_expr(Column::ClaimedUntil, Expr::value(none));
        let update = match outcome {
            Ok(()) => {
                tracing::info!(id = row.id, to = %row.to_email, subject = %row.subject, "mail sent");
                pass.sent += 1;
                update
                    .col_expr(Column::SentAt, Expr::value(now))
                    .col_expr(Column::NextAttemptAt, Expr::value(none))
                    .col_expr(Column::LastError, Expr::value(Option::<String>::None))
            }
            Err(err) => {
                let retry = RETRY_AFTER.get(usize::try_from(row.attempts).unwrap_or(usize::MAX)).copied();
                let next = match retry {
                    Some(wait) if attempts < MAX_ATTEMPTS && !err.is_permanent() => {
                        tracing::warn!(id = row.id, to = %row.to_email, attempts, error = %err, retry_at = %(now + wait), "mail not sent; it will be tried again");
                        pass.retrying += 1;
                        Some(now + wait)
                    }
                    _ => {
                        tracing::error!(id = row.id, to = %row.to_email, subject = %row.subject, attempts, error = %err, "mail given up");
                        pass.given_up += 1;
                        None
                    }
                };
                update
                    .col_expr(Column::NextAttemptAt, Expr::value(next))
                    .col_expr(Column::LastError, Expr::value(err.to_string()))
            }
        };
        let _permit = self.outbox.gate.enter().await;
        update.filter(Column::Id.eq(row.id)).filter(Column::ClaimedBy.eq(claim)).exec(&self.outbox.db).await?;
        Ok(())
    }

    /// Ends the claim on what is left of a batch, so any server may send it at once.
    async fn hand_back(&self, claim: &str) -> Result<u64, DbErr> {
        let _permit = self.outbox.gate.enter().await;
        Ok(Entity::update_many()
            .col_expr(Column::ClaimedUntil, Expr::value(Option::<DateTime<Utc>>::None))
            .filter(Column::ClaimedBy.eq(claim))
            .filter(Column::ClaimedUntil.is_not_null())
            .exec(&self.outbox.db)
            .await?
            .rows_affected)
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
    // The conditions again outside the subquery: on PostgreSQL an `UPDATE` that waited for
    // another's row lock checks them anew on the row as that one left it.
    Entity::update_many()
        .col_expr(Column::ClaimedBy, Expr::value(claim))
        .col_expr(Column::ClaimedUntil, Expr::value(until))
        .filter(Column::Id.in_subquery(due))
        .filter(due_and_free(now))
}

/// Due by `now` and under no unexpired claim.
fn due_and_free(now: DateTime<Utc>) -> Condition {
    Condition::all()
        .add(Column::NextAttemptAt.lte(now))
        .add(Condition::any().add(Column::ClaimedUntil.is_null()).add(Column::ClaimedUntil.lt(now)))
}

/// A sender running on its own task. Dropping the handle asks it to stop too.
pub struct RunningSender {
    stop: Arc<Stop>,
    task: Option<tokio::task::JoinHandle<()>>,
}

impl RunningSender {
    /// Asks the sender to stop and waits until it has: the message in hand is finished, the
    /// rest of its batch handed back.
    pub async fn stop(mut self) {
        self.stop.raise();
        if let Some(task) = self.task.take() {
            if let Err(err) = task.await {
                tracing::error!(%err, "the mail sender ended badly");
            }
        }
    }
}

impl Drop for RunningSender {
    fn drop(&mut self) {
        self.stop.raise();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sea_orm::DbBackend;

    #[test]
    fn a_claim_skips_rows_another_server_is_claiming_on_postgresql() {
        let now = Utc::now();
        let postgres = claim_due("server/1", now, now + LEASE).build(DbBackend::Postgres).to_string();
        assert!(postgres.contains("FOR UPDATE SKIP LOCKED"), "{postgres}");
        assert!(postgres.contains("LIMIT 20"), "{postgres}");
        // SQLite has one writer at a time, and no such clause.
        let sqlite = claim_due("server/1", now, now + LEASE).build(DbBackend::Sqlite).to_string();
        assert!(!sqlite.contains("FOR UPDATE") && sqlite.contains("LIMIT 20"), "{sqlite}");
        assert!(sqlite.matches("\"claimed_until\" IS NULL").count() == 2, "{sqlite}");
    }
}
