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
//! trip to the database per statement. Instead, requests queue up, and the writer's thread takes
//! every request waiting and applies them together: one transaction, one commit, and set-based
//! statements written for the whole group (group commit), then the next group, holding the gate
//! for each group, until none wait. Each request is answered only after
//! that commit, so durability is unchanged. If applying the group fails, it is rolled back and
//! each request is applied again on its own, so one request's failure never becomes another's.
//! With the gate open (PostgreSQL) every request is applied on its own, concurrently.

use sea_orm::{DatabaseConnection, DatabaseTransaction, DbErr};
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

/// The requests waiting for a group, and whether the writer is applying groups.
struct Queue<Req, Out, E> {
    waiting: Waiting<Req, Out, E>,
    draining: bool,
}

impl<Req, Out, E> Default for Queue<Req, Out, E> {
    fn default() -> Self {
        Self { waiting: Vec::new(), draining: false }
    }
}

/// Group commit for one kind of request (see the module's docs).
pub struct GroupWriter<Req, Out, E> {
    gate: WriteGate,
    db: DatabaseConnection,
    waiting: Arc<SyncMutex<Queue<Req, Out, E>>>,
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
    ///
    /// The request joins the queue; if no group is being applied, the writer's thread is set to
    /// apply them, group after group, until the queue is empty. The caller then only waits for
    /// its answer. (Each caller used to take the gate in turn to see whether its request had been
    /// applied: the answered ones of a group handed the gate on one by one, each when its web
    /// worker got round to it, and the writer idled meanwhile.)
    pub async fn write(&self, request: Req) -> Result<Out, E> {
        let Some(serial) = &self.gate.0 else {
            return alone(&self.db, &*self.apply, request).await;
        };
        let (answer, answered) = oneshot::channel();
        let start = {
            let mut queue = self.waiting.lock().unwrap_or_else(PoisonError::into_inner);
            queue.waiting.push((request, answer));
            !std::mem::replace(&mut queue.draining, true)
        };
        if start {
            let (gate, db, apply, queue) =
                (serial.gate.clone(), serial.connection.clone(), self.apply.clone(), self.waiting.clone());
            // On the writer's own task, so that a caller who goes away (a dropped request) never
            // cuts other people's writes short.
            serial.writer.spawn(drain(gate, db, apply, queue));
        }
        answered.await.unwrap_or_else(|_| Err(interrupted().into()))
    }
}

/// Applies the queued requests a group at a time, each group holding the gate, till none wait.
async fn drain<Req, Out, E>(
    gate: Arc<Mutex<()>>,
    db: DatabaseConnection,
    apply: Arc<Apply<Req, Out, E>>,
    queue: Arc<SyncMutex<Queue<Req, Out, E>>>,
) where
    E: From<DbErr>,
{
    let stop = Stop(&queue);
    loop {
        let group: Waiting<Req, Out, E> = {
            let mut queue = queue.lock().unwrap_or_else(PoisonError::into_inner);
            if queue.waiting.is_empty() {
                queue.draining = false;
                std::mem::forget(stop);
                return;
            }
            let take = queue.waiting.len().min(MAX_GROUP);
            queue.waiting.drain(..take).collect()
        };
        let permit = gate.lock().await;
        apply_group(&db, &*apply, group).await;
        drop(permit);
    }
}

/// Should the writer stop before the queue is empty (a panic, or its thread ending), the
/// requests still queued are answered with an error and the next request starts it again.
struct Stop<'q, Req, Out, E>(&'q SyncMutex<Queue<Req, Out, E>>);

impl<Req, Out, E> Drop for Stop<'_, Req, Out, E> {
    fn drop(&mut self) {
        let mut queue = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        // Dropping the answers' senders tells the callers.
        queue.waiting.clear();
        queue.draining = false;
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
    let txn = crate::begin_write(db).await?;
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
    let txn = crate::begin_write(db).await?;
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use sea_orm::{ConnectionTrait, Database, Statement};
    use std::time::Duration;
    use tokio::sync::Notify;

    /// Writes each request as a row; each answer is the size of the group it went in. A group
    /// holding request 0 says it `started`, then waits for `release`.
    fn recording(release: Arc<Notify>, started: Arc<Notify>) -> GroupWriterFn {
        Box::new(move |txn, requests| {
            let (release, started) = (release.clone(), started.clone());
            Box::pin(async move {
                if requests.contains(&0) {
                    started.notify_one();
                    release.notified().await;
                }
                for value in requests {
                    txn.execute(Statement::from_sql_and_values(
                        txn.get_database_backend(),
                        "INSERT INTO written (value) VALUES (?)",
                        [(*value).into()],
                    ))
                    .await?;
                }
                Ok(requests.iter().map(|_| Ok(requests.len())).collect())
            })
        })
    }

    type GroupWriterFn = Box<
        dyn for<'t> Fn(&'t DatabaseTransaction, &'t [i64]) -> WorkFuture<'t, Result<Vec<Result<usize, DbErr>>, DbErr>>
            + Send
            + Sync,
    >;

    /// A writer on a fresh SQLite file, its reading connection, the release of request 0 and the
    /// signal that its group started.
    async fn writer(
        name: &str,
    ) -> (GroupWriter<i64, usize, DbErr>, sea_orm::DatabaseConnection, Arc<Notify>, Arc<Notify>) {
        let file = std::env::temp_dir().join(format!("timekeep-write-gate-{name}-{}.db", std::process::id()));
        let _ = std::fs::remove_file(&file);
        let url = format!("sqlite://{}?mode=rwc", file.display());
        let db = Database::connect(&url).await.unwrap();
        db.execute_unprepared("PRAGMA journal_mode=WAL").await.unwrap();
        db.execute_unprepared("CREATE TABLE written (value INTEGER NOT NULL)").await.unwrap();
        // The migration record, which `begin_write` takes SQLite's write lock on.
        db.execute_unprepared("CREATE TABLE seaql_migrations (version TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)")
            .await
            .unwrap();
        let gate = WriteGate::serializing(Database::connect(&url).await.unwrap()).unwrap();
        let (release, started) = (Arc::new(Notify::new()), Arc::new(Notify::new()));
        let apply = recording(release.clone(), started.clone());
        (GroupWriter::new(gate, db.clone(), move |txn, requests| apply(txn, requests)), db, release, started)
    }

    async fn written(db: &sea_orm::DatabaseConnection) -> i64 {
        let row = db.query_one(Statement::from_string(db.get_database_backend(), "SELECT COUNT(*) AS n FROM written"));
        row.await.unwrap().unwrap().try_get("", "n").unwrap()
    }

    /// Request 0, whose group is held open till `release`: returns once that group is being
    /// applied (so what is written next queues behind it, however slow the machine).
    async fn hold_first_group(
        writer: &GroupWriter<i64, usize, DbErr>,
        started: &Notify,
    ) -> tokio::task::JoinHandle<Result<usize, DbErr>> {
        let first = tokio::spawn({
            let writer = writer.clone();
            async move { writer.write(0).await }
        });
        started.notified().await;
        first
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn requests_queued_meanwhile_go_in_one_group_and_a_gone_callers_too() {
        let (writer, db, release, started) = writer("group").await;

        // The first group is held open while ten more requests queue up, and one whose caller
        // gives up waiting.
        let first = hold_first_group(&writer, &started).await;
        let queued: Vec<_> = (1..=10)
            .map(|value| {
                let writer = writer.clone();
                tokio::spawn(async move { writer.write(value).await })
            })
            .collect();
        let gone = tokio::time::timeout(Duration::from_millis(100), writer.write(11)).await;
        assert!(gone.is_err(), "held behind the first group");
        release.notify_one();

        assert_eq!(first.await.unwrap().unwrap(), 1);
        for answer in queued {
            // The ten and the request of the caller who left, together.
            assert_eq!(answer.await.unwrap().unwrap(), 11);
        }
        assert_eq!(written(&db).await, 12);
        // The writer went idle and starts again for the next request.
        assert_eq!(writer.write(12).await.unwrap(), 1);
    }

    /// The writer's thread applies what is queued, whether or not anyone still waits for it:
    /// no caller has to come back for the queue to move.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_request_whose_caller_left_is_written_all_the_same() {
        let (writer, db, release, started) = writer("gone").await;
        let first = hold_first_group(&writer, &started).await;
        let gone = tokio::time::timeout(Duration::from_millis(100), writer.write(1)).await;
        assert!(gone.is_err(), "held behind the first group");
        release.notify_one();
        assert_eq!(first.await.unwrap().unwrap(), 1);
        let mut count = 0;
        for _ in 0..100 {
            count = written(&db).await;
            if count == 2 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(count, 2);
    }
}
