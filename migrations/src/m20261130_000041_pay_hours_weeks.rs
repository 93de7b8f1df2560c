//! Classified weeks kept between reads (issue 37): a company under daily overtime rules had its
//! summary report classify every shift of the range on each read (10 s for 1,000 people's year on
//! SQLite). Two parts:
//!
//! - `weekly_worked_minutes.revision`: a counter the triggers on `time_entries` raise on every
//!   write that stores, moves or removes a shift's minutes (the same writes that change the
//!   week's sum). It only ever grows, so the sum of a few weeks' revisions changes whenever any
//!   of their shifts did. Triggers of their own, beside those of `m20261121_000009_weekly_minutes`
//!   (which keep the minutes, untouched), fire on the same writes; a writer that forgot to tell
//!   the cache cannot exist.
//! - `pay_hours_weeks`: one person's workdays of one Sunday week, by rate, as the `timesheet`
//!   crate classified them, with what they were classified from: the rules' fingerprint and the
//!   sum of the revisions of the weeks whose shifts can reach them. A read whose inputs differ
//!   classifies again and replaces the row. Written only by `timesheet`; nothing else reads it.
//! - `pay_hours_ranges`: one person's totals by rate over a range of days a report asked for
//!   (a year, a pay period), with the rules' fingerprint and the sum of the revisions of every
//!   week that reaches the range: the database adds those up per person, so a report repeated
//!   over the same range reads a row per person instead of one per person and week.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DatabaseBackend;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum WeeklyWorkedMinutes {
    Table,
    Revision,
}

#[derive(DeriveIden)]
enum PayHoursWeeks {
    Table,
    CompanyId,
    EmployeeId,
    WorkWeek,
    RulesStamp,
    Revisions,
    Days,
}

#[derive(DeriveIden)]
enum PayHoursRanges {
    Table,
    CompanyId,
    EmployeeId,
    RangeStart,
    RangeEnd,
    RulesStamp,
    Revisions,
    Regular,
    Overtime,
    DoubleTime,
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

/// SQLite: a trigger per kind of write, one statement each, beside the triggers that keep the
/// minutes (untouched): each raises the revision of the week it leaves and of the week it enters.
const SQLITE_TRIGGERS: [&str; 3] = [
    "CREATE TRIGGER tr_time_entries_week_revision_insert AFTER INSERT ON time_entries
    WHEN NEW.worked_minutes IS NOT NULL AND NEW.work_week IS NOT NULL
    BEGIN
        INSERT INTO weekly_worked_minutes (company_id, employee_id, work_week, minutes, revision)
        VALUES (NEW.company_id, NEW.employee_id, NEW.work_week, 0, 1)
        ON CONFLICT (company_id, employee_id, work_week) DO UPDATE SET revision = revision + 1;
    END",
    "CREATE TRIGGER tr_time_entries_week_revision_delete AFTER DELETE ON time_entries
    WHEN OLD.worked_minutes IS NOT NULL AND OLD.work_week IS NOT NULL
    BEGIN
        UPDATE weekly_worked_minutes SET revision = revision + 1
        WHERE company_id = OLD.company_id AND employee_id = OLD.employee_id AND work_week = OLD.work_week;
    END",
    "CREATE TRIGGER tr_time_entries_week_revision_update
    AFTER UPDATE OF worked_minutes, work_week, company_id, employee_id ON time_entries
    BEGIN
        UPDATE weekly_worked_minutes SET revision = revision + 1
        WHERE OLD.worked_minutes IS NOT NULL AND OLD.work_week IS NOT NULL
            AND company_id = OLD.company_id AND employee_id = OLD.employee_id AND work_week = OLD.work_week;
        INSERT INTO weekly_worked_minutes (company_id, employee_id, work_week, minutes, revision)
        SELECT NEW.company_id, NEW.employee_id, NEW.work_week, 0, 1
        WHERE NEW.worked_minutes IS NOT NULL AND NEW.work_week IS NOT NULL
        ON CONFLICT (company_id, employee_id, work_week) DO UPDATE SET revision = revision + 1;
    END",
];

const SQLITE_DROP: [&str; 3] = [
    "DROP TRIGGER IF EXISTS tr_time_entries_week_revision_insert",
    "DROP TRIGGER IF EXISTS tr_time_entries_week_revision_delete",
    "DROP TRIGGER IF EXISTS tr_time_entries_week_revision_update",
];

/// PostgreSQL: one row trigger for the three kinds of write.
const POSTGRES_FUNCTION: &str = "
CREATE FUNCTION time_entries_week_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        IF OLD.worked_minutes IS NOT NULL AND OLD.work_week IS NOT NULL THEN
            UPDATE weekly_worked_minutes SET revision = revision + 1
            WHERE company_id = OLD.company_id AND employee_id = OLD.employee_id AND work_week = OLD.work_week;
        END IF;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        IF NEW.worked_minutes IS NOT NULL AND NEW.work_week IS NOT NULL THEN
            INSERT INTO weekly_worked_minutes AS week (company_id, employee_id, work_week, minutes, revision)
            VALUES (NEW.company_id, NEW.employee_id, NEW.work_week, 0, 1)
            ON CONFLICT (company_id, employee_id, work_week) DO UPDATE SET revision = week.revision + 1;
        END IF;
    END IF;
    RETURN NULL;
END
$$
";

const POSTGRES_TRIGGER: &str = "
CREATE TRIGGER tr_time_entries_week_revision
AFTER INSERT OR DELETE OR UPDATE OF worked_minutes, work_week, company_id, employee_id ON time_entries
FOR EACH ROW EXECUTE FUNCTION time_entries_week_revision()
";

const POSTGRES_DROP: [&str; 2] = [
    "DROP TRIGGER IF EXISTS tr_time_entries_week_revision ON time_entries",
    "DROP FUNCTION IF EXISTS time_entries_week_revision()",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(WeeklyWorkedMinutes::Table)
                    .add_column(ColumnDef::new(WeeklyWorkedMinutes::Revision).big_integer().not_null().default(0))
                    .to_owned(),
            )
            .await?;
        let connection = manager.get_connection();
        let statements: Vec<&str> = match manager.get_database_backend() {
            DatabaseBackend::Postgres => vec![POSTGRES_FUNCTION, POSTGRES_TRIGGER],
            _ => SQLITE_TRIGGERS.to_vec(),
        };
        for statement in statements {
            connection.execute_unprepared(statement).await?;
        }
        manager
            .create_table(
                Table::create()
                    .table(PayHoursWeeks::Table)
                    .col(ColumnDef::new(PayHoursWeeks::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(PayHoursWeeks::EmployeeId).big_integer().not_null())
                    // The Sunday of the company's week, as `weekly_worked_minutes.work_week`.
                    .col(ColumnDef::new(PayHoursWeeks::WorkWeek).date().not_null())
                    .col(ColumnDef::new(PayHoursWeeks::RulesStamp).big_integer().not_null())
                    .col(ColumnDef::new(PayHoursWeeks::Revisions).big_integer().not_null())
                    // `<day of the week, 0 = Sunday> regular overtime double;` per workday worked.
                    .col(ColumnDef::new(PayHoursWeeks::Days).text().not_null())
                    .primary_key(
                        Index::create()
                            .col(PayHoursWeeks::CompanyId)
                            .col(PayHoursWeeks::EmployeeId)
                            .col(PayHoursWeeks::WorkWeek),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(PayHoursWeeks::Table, PayHoursWeeks::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(PayHoursWeeks::Table, PayHoursWeeks::EmployeeId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PayHoursRanges::Table)
                    .col(ColumnDef::new(PayHoursRanges::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(PayHoursRanges::EmployeeId).big_integer().not_null())
                    .col(ColumnDef::new(PayHoursRanges::RangeStart).date().not_null())
                    .col(ColumnDef::new(PayHoursRanges::RangeEnd).date().not_null())
                    .col(ColumnDef::new(PayHoursRanges::RulesStamp).big_integer().not_null())
                    // The sum of the revisions of every week that reaches the range.
                    .col(ColumnDef::new(PayHoursRanges::Revisions).big_integer().not_null())
                    .col(ColumnDef::new(PayHoursRanges::Regular).big_integer().not_null())
                    .col(ColumnDef::new(PayHoursRanges::Overtime).big_integer().not_null())
                    .col(ColumnDef::new(PayHoursRanges::DoubleTime).big_integer().not_null())
                    .primary_key(
                        Index::create()
                            .col(PayHoursRanges::CompanyId)
                            .col(PayHoursRanges::RangeStart)
                            .col(PayHoursRanges::RangeEnd)
                            .col(PayHoursRanges::EmployeeId),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(PayHoursRanges::Table, PayHoursRanges::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(PayHoursRanges::Table, PayHoursRanges::EmployeeId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(PayHoursRanges::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(PayHoursWeeks::Table).to_owned()).await?;
        let connection = manager.get_connection();
        let statements: Vec<&str> = match manager.get_database_backend() {
            DatabaseBackend::Postgres => POSTGRES_DROP.to_vec(),
            _ => SQLITE_DROP.to_vec(),
        };
        for statement in statements {
            connection.execute_unprepared(statement).await?;
        }
        manager
            .alter_table(
                Table::alter().table(WeeklyWorkedMinutes::Table).drop_column(WeeklyWorkedMinutes::Revision).to_owned(),
            )
            .await
    }
}
