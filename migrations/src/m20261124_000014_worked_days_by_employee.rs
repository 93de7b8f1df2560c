//! Worked minutes per day of a few employees over a long span (a page of PTO balances reads three
//! years of them): a covering index by company, employee and day, so the sum reads only those
//! people's days instead of every shift of the company in the span. It holds ended shifts only
//! (`worked_minutes IS NOT NULL`, what the sums read): an index on (company, employee, …) for every
//! shift would win SQLite's choice for the clock card's running shifts over their own partial
//! index and read the person's whole history on every press (`tests/api/clock.rs` checks the plan).
//! The same SQL on SQLite and PostgreSQL.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE INDEX ix_time_entries_worked_by_employee ON time_entries \
                 (company_id, employee_id, work_day, worked_minutes) WHERE worked_minutes IS NOT NULL",
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.get_connection().execute_unprepared("DROP INDEX ix_time_entries_worked_by_employee").await?;
        Ok(())
    }
}
