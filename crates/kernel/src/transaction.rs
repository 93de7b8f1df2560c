//! Write transactions that begin as writers, and on SQLite one at a time per database.
//!
//! SQLite's plain `BEGIN` is deferred: the transaction reads from a snapshot and asks for the
//! write lock only at its first write. If another connection committed in between, that upgrade
//! fails at once with `SQLITE_BUSY_SNAPSHOT` (517), and if another connection holds the lock it
//! fails at once with `SQLITE_BUSY` (5): the busy timeout cannot help, for waiting could
//! deadlock or would write over what the snapshot did not see. Four admins adding people at once
//! got "database is locked" answers that way. A transaction that takes the write lock before its
//! first read (what `BEGIN IMMEDIATE` does) waits its turn instead and then reads the newest data.
//!
//! sea-orm opens transactions with a plain `BEGIN` and offers no other, so [`begin_write`] makes
//! its first statement a write that changes nothing: `UPDATE … WHERE 0` on the migration record
//! (a table every migrated database has) takes the write lock exactly as `BEGIN IMMEDIATE` would.
//!
//! Waiting for SQLite's lock while holding a pool connection starves the pool: the writer holding
//! the lock may need a second connection for a read, while every other connection sits in the busy
//! handler waiting for that very lock. So on SQLite a writer first waits its turn in the process
//! (an async lock per database file, [`WriteTxn`] holds it until commit or rollback), without a
//! connection, and only then takes one and begins. PostgreSQL locks rows, not the database: there
//! the transaction begins as usual, with no turn.
//!
//! Every transaction that writes begins here; the architecture test refuses a plain `.begin()`
//! anywhere else.

use sea_orm::{
    ConnectionTrait, DatabaseBackend, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr, ExecResult,
    QueryResult, Statement, TransactionTrait,
};
use std::collections::HashMap;
use std::ops::Deref;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use tokio::sync::{Mutex as AsyncMutex, OwnedMutexGuard};

/// Takes SQLite's write lock (waiting in the busy handler) before the first read.
const TAKE_WRITE_LOCK: &str = "UPDATE seaql_migrations SET version = version WHERE 0";

/// The longest a writer waits for its turn (then it is answered as if the database were busy: a
/// 503 to retry, never a hang).
const TURN_WAIT: std::time::Duration = std::time::Duration::from_secs(15);

/// A write transaction, and on SQLite the process's turn to write to its database.
pub struct WriteTxn {
    txn: DatabaseTransaction,
    _turn: Option<OwnedMutexGuard<()>>,
}

impl WriteTxn {
    pub async fn commit(self) -> Result<(), DbErr> {
        self.txn.commit().await
    }

    pub async fn rollback(self) -> Result<(), DbErr> {
        self.txn.rollback().await
    }
}

impl Deref for WriteTxn {
    type Target = DatabaseTransaction;

    fn deref(&self) -> &DatabaseTransaction {
        &self.txn
    }
}

#[sea_orm::prelude::async_trait::async_trait]
impl ConnectionTrait for WriteTxn {
    fn get_database_backend(&self) -> DbBackend {
        self.txn.get_database_backend()
    }

    async fn execute(&self, stmt: Statement) -> Result<ExecResult, DbErr> {
        self.txn.execute(stmt).await
    }

    async fn execute_unprepared(&self, sql: &str) -> Result<ExecResult, DbErr> {
        self.txn.execute_unprepared(sql).await
    }

    async fn query_one(&self, stmt: Statement) -> Result<Option<QueryResult>, DbErr> {
        self.txn.query_one(stmt).await
    }

    async fn query_all(&self, stmt: Statement) -> Result<Vec<QueryResult>, DbErr> {
        self.txn.query_all(stmt).await
    }
}

/// The turn of each SQLite database file this process writes to.
fn turn_of(db: &DatabaseConnection) -> Arc<AsyncMutex<()>> {
    static TURNS: OnceLock<Mutex<HashMap<PathBuf, Arc<AsyncMutex<()>>>>> = OnceLock::new();
    let file = db.get_sqlite_connection_pool().connect_options().get_filename().to_owned();
    let mut turns = TURNS.get_or_init(Mutex::default).lock().unwrap_or_else(PoisonError::into_inner);
    turns.entry(file).or_default().clone()
}

/// A transaction that holds the write lock from its start on SQLite, begun in its turn (see the
/// module's docs).
pub async fn begin_write(db: &DatabaseConnection) -> Result<WriteTxn, DbErr> {
    if db.get_database_backend() != DatabaseBackend::Sqlite {
        return Ok(WriteTxn { txn: db.begin().await?, _turn: None });
    }
    let turn = tokio::time::timeout(TURN_WAIT, turn_of(db).lock_owned()).await.map_err(|_| {
        tracing::error!("a writer waited {} s for its turn; the database is overloaded, or a write transaction began inside another", TURN_WAIT.as_secs());
        DbErr::ConnectionAcquire(sea_orm::ConnAcquireErr::Timeout)
    })?;
    let txn = db.begin().await?;
    txn.execute_unprepared(TAKE_WRITE_LOCK).await?;
    Ok(WriteTxn { txn, _turn: Some(turn) })
}

/// This server's turn to write one person's records (their time-off requests), taken before a
/// connection is. Writers of the same person then wait here rather than in a database lock (a
/// PostgreSQL advisory lock, which still serialises them across servers), where each would hold a
/// pool connection while the one holding the lock reads on another: eight at once starved an
/// eight-connection pool. People share 64 stripes; two who share one only wait for each other.
pub async fn person_turn(person: i64) -> tokio::sync::MutexGuard<'static, ()> {
    static TURNS: [AsyncMutex<()>; 64] = [const { AsyncMutex::const_new(()) }; 64];
    static SPARE: AsyncMutex<()> = AsyncMutex::const_new(());
    let stripe = usize::try_from(person.rem_euclid(64)).unwrap_or_default();
    TURNS.get(stripe).unwrap_or(&SPARE).lock().await
}
