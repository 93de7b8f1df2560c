//! Each person's worked minutes per week, kept by the database as shifts are written.
//!
//! The clock card shows the week's minutes on every press. Summed from the week's shifts, that
//! reading grows with the week (and with a load test's hundreds of shifts a person, it took a
//! third of a group of presses' time). `weekly_worked_minutes` holds the sum of the stored
//! minutes of each (company, employee, Sunday) and triggers on `time_entries` keep it: every
//! insert, delete and change of a shift's minutes, week, company or employee, whichever code
//! writes it (the clock, timesheet edits, deletions and their cascades, seeders). Triggers rather
//! than code in each writer: a writer that forgot would leave a wrong total with no error, and
//! the sum and the shifts change in the same statement. Running shifts have no stored minutes;
//! readers add those as before. The table is filled from the shifts already stored.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DatabaseBackend;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum WeeklyWorkedMinutes {
    Table,
    CompanyId,
    EmployeeId,
    WorkWeek,
    Minutes,
}

#[derive(DeriveIden)]
enum Companies {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

const FILL: &str = "INSERT INTO weekly_worked_minutes (company_id, employee_id, work_week, minutes) \
     SELECT company_id, employee_id, work_week, SUM(worked_minutes) FROM time_entries \
     WHERE worked_minutes IS NOT NULL AND work_week IS NOT NULL \
     GROUP BY company_id, employee_id, work_week";

/// SQLite: a trigger per kind of write; each takes the old row's minutes out of its week and
/// puts the new row's into its own.
const SQLITE_TRIGGERS: &str = "
CREATE TRIGGER tr_time_entries_weekly_insert AFTER INSERT ON time_entries
WHEN NEW.worked_minutes IS NOT NULL AND NEW.work_week IS NOT NULL
BEGIN
    INSERT INTO weekly_worked_minutes (company_id, employee_id, work_week, minutes)
    VALUES (NEW.company_id, NEW.employee_id, NEW.work_week, NEW.worked_minutes)
    ON CONFLICT (company_id, employee_id, work_week) DO UPDATE SET minutes = minutes + excluded.minutes;
END;
CREATE TRIGGER tr_time_entries_weekly_delete AFTER DELETE ON time_entries
WHEN OLD.worked_minutes IS NOT NULL AND OLD.work_week IS NOT NULL
BEGIN
    UPDATE weekly_worked_minutes SET minutes = minutes - OLD.worked_minutes
    WHERE company_id = OLD.company_id AND employee_id = OLD.employee_id AND work_week = OLD.work_week;
END;
CREATE TRIGGER tr_time_entries_weekly_update
AFTER UPDATE OF worked_minutes, work_week, company_id, employee_id ON time_entries
BEGIN
    UPDATE weekly_worked_minutes SET minutes = minutes - OLD.worked_minutes
    WHERE OLD.worked_minutes IS NOT NULL AND OLD.work_week IS NOT NULL
        AND company_id = OLD.company_id AND employee_id = OLD.employee_id AND work_week = OLD.work_week;
    INSERT INTO weekly_worked_minutes (company_id, employee_id, work_week, minutes)
    SELECT NEW.company_id, NEW.employee_id, NEW.work_week, NEW.worked_minutes
    WHERE NEW.worked_minutes IS NOT NULL AND NEW.work_week IS NOT NULL
    ON CONFLICT (company_id, employee_id, work_week) DO UPDATE SET minutes = minutes + excluded.minutes;
END;
";

const SQLITE_DROP: &str = "
DROP TRIGGER IF EXISTS tr_time_entries_weekly_insert;
DROP TRIGGER IF EXISTS tr_time_entries_weekly_delete;
DROP TRIGGER IF EXISTS tr_time_entries_weekly_update;
";

/// PostgreSQL: one row trigger for the three kinds of write.
const POSTGRES_TRIGGER: &str = "
CREATE FUNCTION time_entries_weekly_minutes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        IF OLD.worked_minutes IS NOT NULL AND OLD.work_week IS NOT NULL THEN
            UPDATE weekly_worked_minutes SET minutes = minutes - OLD.worked_minutes
            WHERE company_id = OLD.company_id AND employee_id = OLD.employee_id AND work_week = OLD.work_week;
        END IF;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        IF NEW.worked_minutes IS NOT NULL AND NEW.work_week IS NOT NULL THEN
            INSERT INTO weekly_worked_minutes AS week (company_id, employee_id, work_week, minutes)
            VALUES (NEW.company_id, NEW.employee_id, NEW.work_week, NEW.worked_minutes)
            ON CONFLICT (company_id, employee_id, work_week)
            DO UPDATE SET minutes = week.minutes + EXCLUDED.minutes;
        END IF;
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER tr_time_entries_weekly_minutes
AFTER INSERT OR DELETE OR UPDATE OF worked_minutes, work_week, company_id, employee_id ON time_entries
FOR EACH ROW EXECUTE FUNCTION time_entries_weekly_minutes();
";

const POSTGRES_DROP: &str = "
DROP TRIGGER IF EXISTS tr_time_entries_weekly_minutes ON time_entries;
DROP FUNCTION IF EXISTS time_entries_weekly_minutes();
";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(WeeklyWorkedMinutes::Table)
                    .col(ColumnDef::new(WeeklyWorkedMinutes::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(WeeklyWorkedMinutes::EmployeeId).big_integer().not_null())
                    // The Sunday of the company's week, as `time_entries.work_week`.
                    .col(ColumnDef::new(WeeklyWorkedMinutes::WorkWeek).date().not_null())
                    .col(ColumnDef::new(WeeklyWorkedMinutes::Minutes).big_integer().not_null())
                    .primary_key(
                        Index::create()
                            .col(WeeklyWorkedMinutes::CompanyId)
                            .col(WeeklyWorkedMinutes::EmployeeId)
                            .col(WeeklyWorkedMinutes::WorkWeek),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(WeeklyWorkedMinutes::Table, WeeklyWorkedMinutes::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(WeeklyWorkedMinutes::Table, WeeklyWorkedMinutes::EmployeeId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        let connection = manager.get_connection();
        connection.execute_unprepared(FILL).await?;
        let triggers = match manager.get_database_backend() {
            DatabaseBackend::Postgres => POSTGRES_TRIGGER,
            _ => SQLITE_TRIGGERS,
        };
        connection.execute_unprepared(triggers).await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let drop = match manager.get_database_backend() {
            DatabaseBackend::Postgres => POSTGRES_DROP,
            _ => SQLITE_DROP,
        };
        manager.get_connection().execute_unprepared(drop).await?;
        manager.drop_table(Table::drop().table(WeeklyWorkedMinutes::Table).to_owned()).await
    }
}
