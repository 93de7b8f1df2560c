//! The index of shifts whose worked time is computed on reading (running ones, and any written
//! before worked time was kept) holds those shifts only: a partial index, `WHERE worked_minutes
//! IS NULL`, the term every such reading has. The full index held every shift ever worked, and
//! each clock-out moved its shift's entry within it; now a clock-out only removes the entry.
//! The same SQL on SQLite and PostgreSQL (sea-query builds no partial index).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

const DROP: &str = "DROP INDEX ix_time_entries_company_unsummed";

/// The drop and the new index in one call: one connection of the pool runs both (another
/// connection of a SQLite pool could still see the index as it was).
async fn replace(manager: &SchemaManager<'_>, create: &str) -> Result<(), DbErr> {
    manager.get_connection().execute_unprepared(&format!("{DROP}; {create}")).await?;
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        replace(
            manager,
            "CREATE INDEX ix_time_entries_company_unsummed ON time_entries (company_id, start_at, employee_id) \
             WHERE worked_minutes IS NULL",
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        replace(
            manager,
            "CREATE INDEX ix_time_entries_company_unsummed ON time_entries \
             (company_id, worked_minutes, start_at, employee_id)",
        )
        .await
    }
}
