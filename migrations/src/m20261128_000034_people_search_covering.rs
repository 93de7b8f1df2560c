//! The operator's people search on PostgreSQL within its budget (issue 23, `just bench-system`:
//! 200,000 users, 8 operators at once on 2 cores, ceiling p95 50 ms).
//!
//! With the key-only indexes of migration 000027, PostgreSQL found the matches of each range in
//! its index and then read every one of them from the table, twice a request (the count, then
//! the page's sort): a two-letter start matches ~15,000 people, 25–28 ms a request alone and p95
//! 98 ms with 8 at once. Here each range's index also carries (`INCLUDE`) every column the
//! search reads — `id`, `company_id`, `email`, the names, `created_at` — and the search reads
//! the three ranges as a `UNION ALL` of index-only scans, counting and ordering the page in one
//! statement (`accounts::people_search`). SQLite got the same covering indexes in 000029; its
//! planner already answered the OR of ranges from them.
//!
//! Index-only scans skip the table for pages the visibility map marks all-visible, which
//! autovacuum keeps so for a table written as slowly as `users`.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DatabaseBackend;

#[derive(DeriveMigrationName)]
pub struct Migration;

const COVERED: &str = "INCLUDE (id, company_id, email, first_name, last_name, created_at)";

const KEYS: &[(&str, &str)] = &[
    ("ix_users_search_email", r#"(email COLLATE "C")"#),
    ("ix_users_search_first_name", r#"(lower(first_name) COLLATE "C")"#),
    ("ix_users_search_last_name", r#"(lower(last_name) COLLATE "C")"#),
];

async fn rebuild(manager: &SchemaManager<'_>, include: &str) -> Result<(), DbErr> {
    let db = manager.get_connection();
    if db.get_database_backend() != DatabaseBackend::Postgres {
        return Ok(());
    }
    for (name, key) in KEYS {
        db.execute_unprepared(&format!("DROP INDEX {name}")).await?;
        db.execute_unprepared(&format!("CREATE INDEX {name} ON users ({key}) {include}")).await?;
    }
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        rebuild(manager, COVERED).await
    }

    /// Back to the key-only indexes of migration 000027.
    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        rebuild(manager, "").await
    }
}
