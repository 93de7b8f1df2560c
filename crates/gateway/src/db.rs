//! Connecting to the database the URL names, and migrating it.
//!
//! SQLite runs in WAL mode with foreign keys on and `synchronous=FULL`: in WAL mode `NORMAL`
//! may lose the last transactions on power loss, `FULL` syncs the log on every commit so every
//! acknowledged write survives a crash. Its cost is measured by `just bench sqlite-durability`
//! (figures in README.md).

use migrations::{Migrator, MigratorTrait};
use sea_orm::sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sea_orm::{ConnectOptions, Database, DatabaseConnection, DbErr, SqlxSqliteConnector};
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
        let mut options = ConnectOptions::new(url.to_owned());
        options.max_connections(8).min_connections(1).sqlx_logging(false);
        Database::connect(options).await
    } else {
        Err(DbErr::Conn(sea_orm::RuntimeErr::Internal("DATABASE_URL must start with sqlite: or postgres:".to_owned())))
    }
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

pub async fn migrate(db: &DatabaseConnection) -> Result<(), DbErr> {
    Migrator::up(db, None).await
}
