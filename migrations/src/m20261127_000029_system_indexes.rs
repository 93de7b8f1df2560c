//! The operator's people search (`/system/employees?q`, issue 23) within its budget on SQLite:
//! covering indexes for the three ranges of the search (`just bench-system`, 200,000 users).
//!
//! The search is "the e-mail address, the lower-cased first name or the lower-cased last name
//! starts with `q`" — three ranges OR-ed — and its page is sorted by e-mail (the default), last
//! name or creation time, 20 rows at a time. SQLite answers an OR of ranges with each range's
//! index and a set of the rows found (`MULTI-INDEX OR`), then sorts them. With the indexes of
//! migration 000027 (the key alone) every row found was then read from the table for the sort's
//! columns: a two-letter start matches ~15,000 of 200,000 people, 35–60 ms a page alone, and
//! with 8 operators at once on 2 cores p95 260–380 ms (ceiling: 50 ms). When every range's index
//! holds all the columns the query reads (`id` is the row id; the keys; `email`, `first_name`,
//! `last_name`, `created_at`), SQLite reads the rows found from the indexes alone ("USING
//! COVERING INDEX" for each term): 10–12 ms for the commonest starts, 2–3 ms the median of 20
//! starts. So on SQLite the key-only indexes of 000027 are replaced by covering ones (kept, the
//! planner — which has no statistics — took the narrower index and the table reads again). The
//! page query must keep reading only these columns for the indexes to stay covering.
//!
//! PostgreSQL is left as it is: its plans (a bitmap of the three ranges, then the table's pages)
//! are not helped by any index; see `docs/benchmarks.md` for the query change they need.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DatabaseBackend;

#[derive(DeriveMigrationName)]
pub struct Migration;

const SQLITE_UP: &[&str] = &[
    "DROP INDEX ix_users_search_first_name",
    "DROP INDEX ix_users_search_last_name",
    "CREATE INDEX ix_users_find_email ON users (email, first_name, last_name, created_at)",
    "CREATE INDEX ix_users_find_first_name ON users (lower(first_name), first_name, last_name, email, created_at)",
    "CREATE INDEX ix_users_find_last_name ON users (lower(last_name), last_name, first_name, email, created_at)",
];

/// Back to the indexes of migration 000027.
const SQLITE_DOWN: &[&str] = &[
    "DROP INDEX ix_users_find_email",
    "DROP INDEX ix_users_find_first_name",
    "DROP INDEX ix_users_find_last_name",
    "CREATE INDEX ix_users_search_first_name ON users (lower(first_name))",
    "CREATE INDEX ix_users_search_last_name ON users (lower(last_name))",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        if db.get_database_backend() == DatabaseBackend::Sqlite {
            for statement in SQLITE_UP {
                db.execute_unprepared(statement).await?;
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        if db.get_database_backend() == DatabaseBackend::Sqlite {
            for statement in SQLITE_DOWN {
                db.execute_unprepared(statement).await?;
            }
        }
        Ok(())
    }
}
