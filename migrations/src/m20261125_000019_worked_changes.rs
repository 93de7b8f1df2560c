//! Which employees' worked days changed, and which days (clock's `worked_changes`): every write
//! to a shift (a row of `time_entries` inserted, updated or deleted) leaves the day it belonged
//! to, and the day it now belongs to, in this log. Triggers write it, so every way a shift
//! changes (clock presses, timesheet edits, approved edit requests, deletions, and any added
//! later) is covered without each writer remembering to.
//!
//! Why: the accrual job's checkpoints (pto's `accruals`) hold while none of the worked days they
//! cover changed. Before, each read checked that with a fingerprint of all the employee's worked
//! days (an aggregate over years of rows); now it is a look-up of the few changes logged since
//! the checkpoint was taken. A shift without a stored company day (stored before worked time was
//! kept) logs the day before its UTC start day: a change logged too early only makes a
//! checkpoint be recomputed, never trusted wrongly.
//!
//! Existing checkpoints were checked the old way; they are dropped (the job posts them again).

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DatabaseBackend;

#[derive(DeriveMigrationName)]
pub struct Migration;

const SQLITE: &[&str] = &[
    "CREATE TABLE worked_changes (id INTEGER PRIMARY KEY AUTOINCREMENT, company_id BIGINT NOT NULL, \
     employee_id BIGINT NOT NULL, day DATE NOT NULL)",
    "CREATE TRIGGER tr_time_entries_insert_worked AFTER INSERT ON time_entries BEGIN \
     INSERT INTO worked_changes (company_id, employee_id, day) \
     VALUES (NEW.company_id, NEW.employee_id, COALESCE(NEW.work_day, date(NEW.start_at, '-1 day'))); END",
    "CREATE TRIGGER tr_time_entries_update_worked AFTER UPDATE ON time_entries BEGIN \
     INSERT INTO worked_changes (company_id, employee_id, day) \
     VALUES (OLD.company_id, OLD.employee_id, COALESCE(OLD.work_day, date(OLD.start_at, '-1 day'))), \
     (NEW.company_id, NEW.employee_id, COALESCE(NEW.work_day, date(NEW.start_at, '-1 day'))); END",
    "CREATE TRIGGER tr_time_entries_delete_worked AFTER DELETE ON time_entries BEGIN \
     INSERT INTO worked_changes (company_id, employee_id, day) \
     VALUES (OLD.company_id, OLD.employee_id, COALESCE(OLD.work_day, date(OLD.start_at, '-1 day'))); END",
];

const POSTGRES: &[&str] = &[
    "CREATE TABLE worked_changes (id BIGSERIAL PRIMARY KEY, company_id BIGINT NOT NULL, \
     employee_id BIGINT NOT NULL, day DATE NOT NULL)",
    "CREATE FUNCTION log_worked_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
     IF TG_OP IN ('UPDATE', 'DELETE') THEN \
       INSERT INTO worked_changes (company_id, employee_id, day) \
       VALUES (OLD.company_id, OLD.employee_id, COALESCE(OLD.work_day, (OLD.start_at AT TIME ZONE 'UTC')::date - 1)); \
     END IF; \
     IF TG_OP IN ('INSERT', 'UPDATE') THEN \
       INSERT INTO worked_changes (company_id, employee_id, day) \
       VALUES (NEW.company_id, NEW.employee_id, COALESCE(NEW.work_day, (NEW.start_at AT TIME ZONE 'UTC')::date - 1)); \
     END IF; \
     RETURN NULL; END $$",
    "CREATE TRIGGER tr_time_entries_worked AFTER INSERT OR UPDATE OR DELETE ON time_entries \
     FOR EACH ROW EXECUTE FUNCTION log_worked_change()",
];

const BOTH: &[&str] = &[
    "CREATE INDEX ix_worked_changes_employee ON worked_changes (company_id, employee_id, id)",
    "DELETE FROM pto_checkpoints",
    "ALTER TABLE pto_checkpoints DROP COLUMN worked_digest",
    "ALTER TABLE pto_checkpoints ADD COLUMN worked_seq BIGINT NOT NULL DEFAULT 0",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let own = match db.get_database_backend() {
            DatabaseBackend::Sqlite => SQLITE,
            _ => POSTGRES,
        };
        for statement in own.iter().chain(BOTH) {
            db.execute_unprepared(statement).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let own: &[&str] = match db.get_database_backend() {
            DatabaseBackend::Sqlite => &[
                "DROP TRIGGER tr_time_entries_insert_worked",
                "DROP TRIGGER tr_time_entries_update_worked",
                "DROP TRIGGER tr_time_entries_delete_worked",
            ],
            _ => &["DROP TRIGGER tr_time_entries_worked ON time_entries", "DROP FUNCTION log_worked_change()"],
        };
        for statement in own.iter().chain(&[
            "DROP TABLE worked_changes",
            "DELETE FROM pto_checkpoints",
            "ALTER TABLE pto_checkpoints DROP COLUMN worked_seq",
            "ALTER TABLE pto_checkpoints ADD COLUMN worked_digest VARCHAR(200) NOT NULL DEFAULT ''",
        ]) {
            db.execute_unprepared(statement).await?;
        }
        Ok(())
    }
}
