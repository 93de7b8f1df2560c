//! The operator's statistics and people search (issue 23), kept within their time budgets at
//! 10,000 companies and 200,000 users.
//!
//! - **People search** (`/system/employees?q`): the start of an e-mail address, a first name or
//!   a last name, any case. Each is a range on an index (`>= q AND < q || U+10FFFF`), so a search
//!   reads only the people it finds: e-mail addresses are stored lower-cased and are searched on
//!   their own column; names on `lower(name)`. On PostgreSQL these indexes (and the searches) use
//!   the `"C"` collation, whose order is the bytes' — a range then holds exactly the texts with
//!   that start, whatever the database's own collation; SQLite compares bytes anyway (its e-mail
//!   range uses the unique index of migration 000001). The list's sorts have theirs: last name
//!   (then first name and id) and creation time (e-mail's is the unique index).
//! - **Statistics** (`/system/stats`): each company's latest sign-in of a member (`users.last_login_at`, filled here from the sessions kept so
//!   far); and `sign_in_months`, the months in which a member of a company signed in (a row per
//!   company and month, written at a member's first sign-in of the month), which the chart of
//!   active companies counts. Counting distinct companies over the sessions themselves read every
//!   sign-in of the year (0.6 s for 400,000 sessions on SQLite); this table has at most one row
//!   per company a month. It is filled here from the sessions kept so far.
//! - The companies' orders (creation time, name) and the chart's signups (companies by creation
//!   time) use the indexes of migration 000026.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DatabaseBackend;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The indexes whose SQL differs: the name searches' expressions (and their collation).
const SQLITE_INDEXES: &[&str] = &[
    "CREATE INDEX ix_users_search_first_name ON users (lower(first_name))",
    "CREATE INDEX ix_users_search_last_name ON users (lower(last_name))",
];

const POSTGRES_INDEXES: &[&str] = &[
    r#"CREATE INDEX ix_users_search_email ON users ((email COLLATE "C"))"#,
    r#"CREATE INDEX ix_users_search_first_name ON users ((lower(first_name) COLLATE "C"))"#,
    r#"CREATE INDEX ix_users_search_last_name ON users ((lower(last_name) COLLATE "C"))"#,
];

/// The indexes written alike on both.
const BOTH_INDEXES: &[&str] = &[
    "CREATE INDEX ix_users_by_last_name ON users (last_name, first_name, id)",
    "CREATE INDEX ix_users_by_created ON users (created_at, id)",
    "CREATE INDEX ix_users_company_last_login ON users (company_id, last_login_at)",
];

/// The first day (UTC) of each month in which a member of the company signed in.
const TABLE: &str = "CREATE TABLE sign_in_months (company_id BIGINT NOT NULL \
     REFERENCES companies (id) ON DELETE CASCADE, month DATE NOT NULL, PRIMARY KEY (company_id, month))";

/// The chart counts the companies of each month.
const MONTH_INDEX: &str = "CREATE INDEX ix_sign_in_months_month ON sign_in_months (month, company_id)";

/// Each user's latest sign-in of their own (not a support session), from the sessions kept.
const FILL_LAST_LOGIN: &str = "UPDATE users SET last_login_at = (SELECT MAX(s.created_at) FROM sessions s \
     WHERE s.user_id = users.id AND s.impersonator_id IS NULL) WHERE last_login_at IS NULL";

const SQLITE_FILL_MONTHS: &str = "INSERT INTO sign_in_months (company_id, month) \
     SELECT DISTINCT u.company_id, date(s.created_at, 'start of month') FROM sessions s \
     JOIN users u ON u.id = s.user_id WHERE u.company_id IS NOT NULL AND s.impersonator_id IS NULL";
const POSTGRES_FILL_MONTHS: &str = "INSERT INTO sign_in_months (company_id, month) \
     SELECT DISTINCT u.company_id, CAST(date_trunc('month', s.created_at AT TIME ZONE 'UTC') AS DATE) \
     FROM sessions s JOIN users u ON u.id = s.user_id \
     WHERE u.company_id IS NOT NULL AND s.impersonator_id IS NULL";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let (indexes, fill_months) = match db.get_database_backend() {
            DatabaseBackend::Postgres => (POSTGRES_INDEXES, POSTGRES_FILL_MONTHS),
            _ => (SQLITE_INDEXES, SQLITE_FILL_MONTHS),
        };
        for statement in indexes.iter().chain(BOTH_INDEXES).chain(&[TABLE, MONTH_INDEX, FILL_LAST_LOGIN, fill_months]) {
            db.execute_unprepared(statement).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let indexes: &[&str] = match db.get_database_backend() {
            DatabaseBackend::Postgres => {
                &["ix_users_search_email", "ix_users_search_first_name", "ix_users_search_last_name"]
            }
            _ => &["ix_users_search_first_name", "ix_users_search_last_name"],
        };
        db.execute_unprepared("DROP TABLE sign_in_months").await?;
        for index in
            indexes.iter().chain(&["ix_users_by_last_name", "ix_users_by_created", "ix_users_company_last_login"])
        {
            db.execute_unprepared(&format!("DROP INDEX {index}")).await?;
        }
        Ok(())
    }
}
