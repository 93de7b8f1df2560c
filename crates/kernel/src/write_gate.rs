//! One writer at a time for SQLite, and group commit for the small writes that many people make
//! at once (the clock).
//!
//! SQLite admits one write transaction at a time; when several connections of the pool try at
//! once, the losers sleep in SQLite's busy handler (1, 2, 5, 10 … ms) and latency explodes under
//! load. Holding this gate around a write transaction queues writers fairly in the process
//! instead, while reads go on concurrently (WAL). PostgreSQL has row locks and needs no gate:
//! there the gate is open.
//!
//! A [`GroupWriter`] goes further on SQLite. Queued one transaction each, writers are bounded by
//! the commit rate (every commit waits for the disk with `synchronous=FULL`) and by one round
//! trip to the database per statement. Instead, the writer that gets the gate takes every request
//! waiting for it and applies them together: one transaction, one commit, and set-based
//! statements written for the whole group (group commit). Each request is answered only after
//! that commit, so durability is unchanged. If applying the group fails, it is rolled back and
//! each request is applied again on its own, so one request's failure never becomes another's.
//! With the gate open (PostgreSQL) every request is applied on its own, concurrently.

use sea_orm::{DatabaseConnection, DatabaseTransaction, DbErr, TransactionTrait};
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex as SyncMutex, PoisonError};
use tokio::sync::{oneshot, Mutex, MutexGuard};

/// The future of one application of a group of requests.
pub type WorkFuture<'t, T> = Pin<Box<dyn Future<Output = T> + Send + 't>>;

/// Requests applied in one transaction at most: a bound on how long the first of them waits.
const MAX_GROUP: usize = 256;

#[derive(Clone, Debug, Default)]
pub struct WriteGate(Option<Arc<Serial>>);

#[derive(Debug)]
struct Serial {
    gate: Arc<Mutex<()>>,
    /// The groups' own connection: in the pool they would queue for one behind every reader.
    connection: DatabaseConnection,
    /// A thread of its own applies the groups: on the web workers' threads a group's statements
    /// would wait behind other requests between every round trip to the database.
    writer: tokio::runtime::Handle,
    /// Dropped with the gate, which ends the writer's thread.
    _stop: oneshot::Sender<()>,
}

/// Held for the length of one write transaction.
pub struct WritePermit<'a>(#[allow(dead_code)] Option<MutexGuard<'a, ()>>);

impl WriteGate {
    /// A gate that queues writers (SQLite), with the thread and the `connection` that apply
    /// groups of requests; the thread ends when the last clone of the gate is dropped.
    pub fn serializing(connection: DatabaseConnection) -> std::io::Result<Self> {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
        let writer = runtime.handle().clone();
        let (stop, stopped) = oneshot::channel::<()>();
        std::thread::Builder::new().name("timekeep-writer".to_owned()).spawn(move || {
            runtime.block_on(async move {
                let _ = stopped.await;
            });
        })?;
        Ok(Self(Some(Arc::new(Serial { gate: Arc::default(), connection, writer, _stop: stop }))))
    }

    /// A gate that lets every writer through (PostgreSQL).
    pub fn open() -> Self {
        Self(None)
    }

    pub async fn enter(&self) -> WritePermit<'_> {
        match &self.0 {
            Some(serial) => WritePermit(Some(serial.gate.lock().await)),
            None => WritePermit(None),
        }
    }
}

/// How a group of requests is applied: one outcome per request, in their order. A request whose
/// outcome is an `Err` must have written nothing (its group is committed all the same); an `Err`
/// for the whole group rolls it back, and its requests are then applied one by one.
pub type Apply<Req, Out, E> =
    dyn for<'t> Fn(&'t DatabaseTransaction, &'t [Req]) -> WorkFuture<'t, Result<Vec<Result<Out, E>>, E>> + Send + Sync;

type Waiting<Req, Out, E> = Vec<(Req, oneshot::Sender<Result<Out, E>>)>;

/// Group commit for one kind of request (see the module's docs).
pub struct GroupWriter<Req, Out, E> {
    gate: WriteGate,
    db: DatabaseConnection,
    waiting: Arc<SyncMutex<Waiting<Req, Out, E>>>,
    apply: Arc<Apply<Req, Out, E>>,
}

impl<Req, Out, E> Clone for GroupWriter<Req, Out, E> {
    fn clone(&self) -> Self {
        Self { gate: self.gate.clone(), db: self.db.clone(), waiting: self.waiting.clone(), apply: self.apply.clone() }
    }
}

impl<Req, Out, E> GroupWriter<Req, Out, E>
where
    Req: Send + Sync + 'static,
    Out: Send + 'static,
    E: From<DbErr> + Send + 'static,
{
    pub fn new<F>(gate: WriteGate, db: DatabaseConnection, apply: F) -> Self
    where
        F: for<'t> Fn(&'t DatabaseTransaction, &'t [Req]) -> WorkFuture<'t, Result<Vec<Result<Out, E>>, E>>
            + Send
            + Sync
            + 'static,
    {
        Self { gate, db, waiting: Arc::default(), apply: Arc::new(apply) }
    }

    /// Applies `request`, committed (alone or with others) before this returns.
    pub async fn write(&self, request: Req) -> Result<Out, E> {
        let Some(serial) = &self.gate.0 else {
            return alone(&self.db, &*self.apply, request).await;
        };
        let (answer, mut answered) = oneshot::channel();
        self.waiting.lock().unwrap_or_else(PoisonError::into_inner).push((request, answer));
        loop {
            let permit = serial.gate.clone().lock_owned().await;
            match answered.try_recv() {
                Ok(outcome) => return outcome,
                Err(oneshot::error::TryRecvError::Closed) => return Err(interrupted().into()),
                Err(oneshot::error::TryRecvError::Empty) => {}
            }
            // This request is still waiting: apply it, and everything waiting with it.
            let group: Waiting<Req, Out, E> = {
                let mut waiting = self.waiting.lock().unwrap_or_else(PoisonError::into_inner);
                let take = waiting.len().min(MAX_GROUP);
                waiting.drain(..take).collect()
            };
            let (db, apply) = (serial.connection.clone(), self.apply.clone());
            // On the writer's thread, holding the gate till every answer is sent, so that a
            // caller who goes away (a dropped request) never cuts other people's writes short.
            let applying = serial.writer.spawn(async move {
                apply_group(&db, &*apply, group).await;
                drop(permit);
            });
            if applying.await.is_err() {
                return Err(interrupted().into());
            }
        }
    }
}

fn interrupted() -> DbErr {
    DbErr::Custom("a group of writes stopped before it ended".to_owned())
}

/// The group in one transaction; if that fails, each request in its own.
async fn apply_group<Req, Out, E>(db: &DatabaseConnection, apply: &Apply<Req, Out, E>, group: Waiting<Req, Out, E>)
where
    E: From<DbErr>,
{
    let (requests, answers): (Vec<Req>, Vec<_>) = group.into_iter().unzip();
    if requests.len() > 1 {
        if let Ok(outcomes) = together(db, apply, &requests).await {
            for (answer, outcome) in answers.into_iter().zip(outcomes) {
                // The caller may have gone away meanwhile: nobody to tell then.
                let _ = answer.send(outcome);
            }
            return;
        }
    }
    for (request, answer) in requests.into_iter().zip(answers) {
        let _ = answer.send(alone(db, apply, request).await);
    }
}

async fn together<Req, Out, E>(
    db: &DatabaseConnection,
    apply: &Apply<Req, Out, E>,
    requests: &[Req],
) -> Result<Vec<Result<Out, E>>, E>
where
    E: From<DbErr>,
{
    let txn = db.begin().await?;
    match apply(&txn, requests).await {
        Ok(outcomes) if outcomes.len() == requests.len() => {
            txn.commit().await?;
            Ok(outcomes)
        }
        Ok(_) => {
            txn.rollback().await?;
            Err(DbErr::Custom("a group of writes lost an answer".to_owned()).into())
        }
        Err(err) => {
            txn.rollback().await?;
            Err(err)
        }
    }
}

async fn alone<Req, Out, E>(db: &DatabaseConnection, apply: &Apply<Req, Out, E>, request: Req) -> Result<Out, E>
where
    E: From<DbErr>,
{
    let requests = [request];
    let txn = db.begin().await?;
    match apply(&txn, &requests).await {
        Ok(mut outcomes) => {
            txn.commit().await?;
            outcomes.pop().unwrap_or_else(|| Err(DbErr::Custom("a write lost its answer".to_owned()).into()))
        }
        Err(err) => {
            txn.rollback().await?;
            Err(err)
        }
    }
}
