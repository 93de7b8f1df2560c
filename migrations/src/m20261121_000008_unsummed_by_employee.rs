//! The index of shifts whose worked time is computed on reading (running ones, and any written
//! before worked time was kept) is ordered by company, then employee, then start.
//!
//! The clock card reads a person's running shifts on every press. Ordered by start first, the
//! index could not narrow that reading to the person, and SQLite's planner (without statistics)
//! chose the index of a person's shifts by start instead, which reads every shift of their week
//! to find the running one: the longer the week, the slower each press (`just bench-clock`).
//! By employee first, the partial index answers "this person's running shifts" in a lookup and
//! the planner takes it. Whole-company readings by day go through the index by company and start.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

const DROP: &str = "DROP INDEX ix_time_entries_company_unsummed";

/// The drop and the new index in one call (see the migration before this one).
async fn replace(manager: &SchemaManager<'_>, create: &str) -> Result<(), DbErr> {
    manager.get_connection().execute_unprepared(&format!("{DROP}; {create}")).await?;
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        replace(
            manager,
            "CREATE INDEX ix_time_entries_company_unsummed ON time_entries (company_id, employee_id, start_at) \
             WHERE worked_minutes IS NULL",
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        replace(
            manager,
            "CREATE INDEX ix_time_entries_company_unsummed ON time_entries (company_id, start_at, employee_id) \
             WHERE worked_minutes IS NULL",
        )
        .await
    }
}
