//! Connecting to the database the URL names, and migrating it.
//!
//! SQLite runs in WAL mode with foreign keys on and `synchronous=FULL`: in WAL mode `NORMAL`
//! may lose the last transactions on power loss, `FULL` syncs the log on every commit so every
//! acknowledged write survives a crash. Its cost is measured by `just bench sqlite-durability`
//! (figures in README.md).

use migrations::{Migrator, MigratorTrait};
use sea_orm::sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseBackend, DatabaseConnection, DbErr, SqlxSqliteConnector,
    TransactionTrait,
};
use std::str::FromStr;
use std::time::Duration;

/// SQLite durability, for the benchmark that compares the settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SqliteDurability {
    /// Every commit is on disk before it is acknowledged (the product's setting).
    Full,
    /// WAL with `synchronous=NORMAL`: faster, may lose the newest commits on power loss.
    Normal,
}

pub async fn connect(url: &str) -> Result<DatabaseConnection, DbErr> {
    connect_with(url, SqliteDurability::Full).await
}

pub async fn connect_with(url: &str, durability: SqliteDurability) -> Result<DatabaseConnection, DbErr> {
    if url.starts_with("sqlite:") {
        let options = SqliteConnectOptions::from_str(url)
            .map_err(|err| DbErr::Conn(sea_orm::RuntimeErr::Internal(err.to_string())))?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(match durability {
                SqliteDurability::Full => SqliteSynchronous::Full,
                SqliteDurability::Normal => SqliteSynchronous::Normal,
            })
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10));
        // A file on this machine cannot drop a connection: no ping (a round trip to the
        // connection's worker thread) before every use. Readers run side by side in WAL mode.
        // Each connection is a thread: once a clock press needed a single read (its session),
        // 24 of them only competed for the cores (`just bench-clock` on 2 cores: 6 gave about a
        // sixth more presses a second than 24 and a lower p99 for the week list; 3 were too few).
        let pool = SqlitePoolOptions::new()
            .max_connections(6)
            .test_before_acquire(false)
            .connect_with(options)
            .await
            .map_err(|err| DbErr::Conn(sea_orm::RuntimeErr::Internal(err.to_string())))?;
        Ok(SqlxSqliteConnector::from_sqlx_sqlite_pool(pool))
    } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
        // Each connection is a server process competing for the same cores as this one: 8 gave
        // the employee list a p99 of 16 ms where 16 gave 21–23 ms (`just bench-admin`, 2 cores,
        // 16 clients at once), and the clock more presses a second.
        check_postgres(url).await?;
        let mut options = ConnectOptions::new(url.to_owned());
        options.max_connections(8).min_connections(1).connect_timeout(CONNECT_TIMEOUT).sqlx_logging(false);
        Database::connect(options).await
    } else {
        Err(DbErr::Conn(sea_orm::RuntimeErr::Internal("DATABASE_URL must start with sqlite: or postgres:".to_owned())))
    }
}

/// How long one attempt to reach PostgreSQL may take before the start gives up.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// One attempt to reach PostgreSQL before the pool is made, so that a start against a server
/// that is down, a wrong password or a missing database fails within [`CONNECT_TIMEOUT`] and
/// says which, naming host and port. (The pool alone retries until its acquire timeout, 30 s,
/// and then says only "pool timed out".)
async fn check_postgres(url: &str) -> Result<(), DbErr> {
    use sea_orm::sqlx::postgres::{PgConnectOptions, PgConnection};
    use sea_orm::sqlx::Connection;
    let failed = |message: String| DbErr::Conn(sea_orm::RuntimeErr::Internal(message));
    let options =
        PgConnectOptions::from_str(url).map_err(|err| failed(format!("DATABASE_URL cannot be read: {err}")))?;
    let target = format!("{}:{}", options.get_host(), options.get_port());
    let user = options.get_username().to_owned();
    let database = options.get_database().unwrap_or(&user).to_owned();
    tracing::info!(database = %database, user = %user, "connecting to PostgreSQL at {target}");
    let cause = match tokio::time::timeout(CONNECT_TIMEOUT, PgConnection::connect_with(&options)).await {
        Ok(Ok(connection)) => {
            let _ = connection.close().await;
            return Ok(());
        }
        Err(_) => format!("no answer within {} s", CONNECT_TIMEOUT.as_secs()),
        Ok(Err(err)) => connection_failure(&err, &user, &database),
    };
    Err(failed(format!("cannot connect to PostgreSQL at {target} (database {database}, user {user}): {cause}")))
}

/// Why a connection attempt failed, in the words an operator acts on.
fn connection_failure(err: &sea_orm::sqlx::Error, user: &str, database: &str) -> String {
    use sea_orm::sqlx::Error;
    match err {
        Error::Io(io) if io.kind() == std::io::ErrorKind::ConnectionRefused => {
            "connection refused (is PostgreSQL running and listening there?)".to_owned()
        }
        Error::Io(io) => format!("network error: {io}"),
        Error::Database(db) => match db.code().as_deref() {
            Some("28P01") | Some("28000") => format!("authentication failed for user {user}: {}", db.message()),
            Some("3D000") => format!("no such database: {database} does not exist"),
            _ => format!("refused by the server: {}", db.message()),
        },
        Error::Tls(tls) => format!("TLS failed: {tls}"),
        other => other.to_string(),
    }
}

/// A small PostgreSQL pool for a server's background work (the scheduler's jobs, the mail
/// sender), opened by the caller's runtime (see `timekeep serve`).
pub async fn connect_background(url: &str) -> Result<DatabaseConnection, DbErr> {
    let mut options = ConnectOptions::new(url.to_owned());
    options.max_connections(3).min_connections(1).sqlx_logging(false);
    Database::connect(options).await
}

/// For SQLite, a connection of its own for the write gate's groups of writes (see
/// `kernel::write_gate`), with the options of `db`'s pool; `None` for PostgreSQL.
pub fn group_writer_connection(db: &DatabaseConnection) -> Option<DatabaseConnection> {
    if sea_orm::ConnectionTrait::get_database_backend(db) != sea_orm::DatabaseBackend::Sqlite {
        return None;
    }
    let options = db.get_sqlite_connection_pool().connect_options();
    // Opened on first use and kept: no timers, so no background task is needed for it.
    let pool = SqlitePoolOptions::new()
        .max_connections(1)
        .min_connections(0)
        .idle_timeout(None)
        .max_lifetime(None)
        .test_before_acquire(false)
        .connect_lazy_with((*options).clone());
    Some(SqlxSqliteConnector::from_sqlx_sqlite_pool(pool))
}

/// Applies the migrations this build has and the database lacks. Several instances starting
/// together on one PostgreSQL take turns: each waits for a transaction-scoped advisory lock
/// before looking at what is applied, so the first applies them and the others then find
/// nothing to do (sea-orm's migrator alone would let two of them apply the same migration).
/// The lock is released when the transaction holding it ends, however the migration went.
/// SQLite is one machine's file: processes sharing it (`timekeep migrate` beside a starting
/// `serve`) take turns by an exclusive lock on a file beside it, for its own write lock would
/// not keep a second migrator from applying what the first had just applied.
pub async fn migrate(db: &DatabaseConnection) -> Result<(), DbErr> {
    if db.get_database_backend() != DatabaseBackend::Postgres {
        let _turn = sqlite_migration_lock(db).await?;
        return Migrator::up(db, None).await;
    }
    let turn = db.begin().await?;
    turn.execute_unprepared(&format!("SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")).await?;
    let applied = Migrator::up(db, None).await;
    turn.commit().await?;
    applied
}

/// An exclusive lock on `<database file>.migrating`, held until the returned file is dropped
/// (`None` for a database in memory, which no other process sees).
async fn sqlite_migration_lock(db: &DatabaseConnection) -> Result<Option<std::fs::File>, DbErr> {
    let database = db.get_sqlite_connection_pool().connect_options().get_filename().to_owned();
    if database.as_os_str().is_empty() || database.as_os_str() == ":memory:" {
        return Ok(None);
    }
    let lock_path = std::path::PathBuf::from(format!("{}.migrating", database.display()));
    let failed =
        |err: std::io::Error| DbErr::Custom(format!("cannot lock {} for the migrations: {err}", lock_path.display()));
    let file = std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(&lock_path).map_err(failed)?;
    // The lock waits for another process's migrations: off the async threads.
    tokio::task::spawn_blocking(move || file.lock().map(|()| file))
        .await
        .map_err(|err| DbErr::Custom(format!("the migration lock's task failed: {err}")))?
        .map(Some)
        .map_err(failed)
}

/// The advisory lock key migrations are applied under (any number no other code of the
/// database's uses; "timekeep" in ASCII, cut to 63 bits).
const MIGRATION_LOCK: i64 = 0x0074_696d_656b_6565;

/// How many of this build's migrations the database has not applied (0: the schema is ready).
/// One read of the record: the readiness probe asks often, and sea-orm's own
/// `get_pending_migrations` first creates the record's table if missing (DDL on every probe).
pub async fn pending_migrations(db: &DatabaseConnection) -> Result<usize, DbErr> {
    let backend = db.get_database_backend();
    let applied: std::collections::HashSet<String> = db
        .query_all(sea_orm::Statement::from_string(backend, "SELECT version FROM seaql_migrations"))
        .await?
        .iter()
        .map(|row| row.try_get::<String>("", "version"))
        .collect::<Result<_, _>>()?;
    Ok(Migrator::migrations().iter().filter(|migration| !applied.contains(migration.name())).count())
}
