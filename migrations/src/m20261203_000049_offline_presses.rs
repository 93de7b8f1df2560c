//! Presses an employer can trust from a phone without a network (issue 39).
//!
//! `clock_press_receipts` (written by the `clock` crate): one row per press sent with an
//! `Idempotency-Key`, kept for good: the key is the press's identity, so a second send of it
//! answers the first result instead of pressing again. An offline press also keeps what the phone
//! said (its clock at the press and its measured offset from the server's), the time it was
//! recorded at, and whether it was applied or held for a manager (with why).
//!
//! `timesheet_edit_requests` (the `timesheet` crate): a held clock-in has no shift yet, so a
//! request may now ask to add one (`entry_id` NULL, change type `add`), and `origin` says whether
//! a person asked (0) or an offline press was held (1). SQLite cannot drop a NOT NULL, so there
//! the table is rebuilt from its own stored definition.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend, Statement};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ClockPressReceipts {
    Table,
    Id,
    CompanyId,
    EmployeeId,
    IdempotencyKey,
    Fingerprint,
    Action,
    EntryId,
    Offline,
    DeviceTime,
    OffsetMs,
    RecordedAt,
    ReceivedAt,
    Held,
    Reason,
    RequestId,
    Response,
}

#[derive(DeriveIden)]
enum TimesheetEditRequests {
    Table,
    Origin,
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

const REQUESTS: &str = "timesheet_edit_requests";

async fn sqlite_entry_nullable(manager: &SchemaManager<'_>, nullable: bool) -> Result<(), DbErr> {
    let db = manager.get_connection();
    let row = db
        .query_one(Statement::from_string(
            DbBackend::Sqlite,
            format!("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = '{REQUESTS}'"),
        ))
        .await?
        .ok_or_else(|| DbErr::Migration(format!("{REQUESTS} is missing")))?;
    let sql: String = row.try_get("", "sql")?;
    let (from, to) = if nullable {
        ("\"entry_id\" bigint NOT NULL", "\"entry_id\" bigint NULL")
    } else {
        ("\"entry_id\" bigint NULL", "\"entry_id\" bigint NOT NULL")
    };
    if !sql.contains(from) {
        return Err(DbErr::Migration(format!("unexpected definition of {REQUESTS}: {sql}")));
    }
    let rebuilt =
        sql.replacen(&format!("\"{REQUESTS}\""), "\"timesheet_edit_requests_rebuilt\"", 1).replacen(from, to, 1);
    let indexes: Vec<String> = db
        .query_all(Statement::from_string(
            DbBackend::Sqlite,
            format!(
                "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = '{REQUESTS}' AND sql IS NOT NULL"
            ),
        ))
        .await?
        .into_iter()
        .map(|row| row.try_get::<String>("", "sql"))
        .collect::<Result<_, _>>()?;
    // One batch on one connection: run apart, a pooled connection may still see the old schema.
    let mut batch = vec![
        rebuilt,
        format!("INSERT INTO timesheet_edit_requests_rebuilt SELECT * FROM {REQUESTS}"),
        format!("DROP TABLE {REQUESTS}"),
        format!("ALTER TABLE timesheet_edit_requests_rebuilt RENAME TO {REQUESTS}"),
    ];
    batch.extend(indexes);
    db.execute_unprepared(&batch.join(";\n")).await?;
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use ClockPressReceipts as R;
        manager
            .create_table(
                Table::create()
                    .table(R::Table)
                    .col(ColumnDef::new(R::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(R::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(R::EmployeeId).big_integer().not_null())
                    .col(ColumnDef::new(R::IdempotencyKey).string_len(128).not_null())
                    // What the key was sent with: another request under the same key is refused.
                    .col(ColumnDef::new(R::Fingerprint).string_len(200).not_null())
                    // start, break, resume or end.
                    .col(ColumnDef::new(R::Action).string_len(8).not_null())
                    .col(ColumnDef::new(R::EntryId).big_integer().null())
                    .col(ColumnDef::new(R::Offline).boolean().not_null())
                    .col(ColumnDef::new(R::DeviceTime).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(R::OffsetMs).big_integer().null())
                    .col(ColumnDef::new(R::RecordedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(R::ReceivedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(R::Held).boolean().not_null())
                    .col(ColumnDef::new(R::Reason).text().null())
                    .col(ColumnDef::new(R::RequestId).big_integer().null())
                    // The first answer, JSON, as the caller got it.
                    .col(ColumnDef::new(R::Response).text().null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(R::Table, R::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(R::Table, R::EmployeeId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_clock_press_receipts_key")
                    .table(R::Table)
                    .col(R::CompanyId)
                    .col(R::IdempotencyKey)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_clock_press_receipts_entry").table(R::Table).col(R::EntryId).to_owned(),
            )
            .await?;

        if manager.get_database_backend() == DbBackend::Sqlite {
            sqlite_entry_nullable(manager, true).await?;
        } else {
            manager
                .get_connection()
                .execute_unprepared(&format!("ALTER TABLE {REQUESTS} ALTER COLUMN entry_id DROP NOT NULL"))
                .await?;
        }
        manager
            .alter_table(
                Table::alter()
                    .table(TimesheetEditRequests::Table)
                    .add_column(ColumnDef::new(TimesheetEditRequests::Origin).small_integer().not_null().default(0))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(TimesheetEditRequests::Table)
                    .drop_column(TimesheetEditRequests::Origin)
                    .to_owned(),
            )
            .await?;
        let db = manager.get_connection();
        db.execute_unprepared(&format!("DELETE FROM {REQUESTS} WHERE entry_id IS NULL")).await?;
        if manager.get_database_backend() == DbBackend::Sqlite {
            sqlite_entry_nullable(manager, false).await?;
        } else {
            db.execute_unprepared(&format!("ALTER TABLE {REQUESTS} ALTER COLUMN entry_id SET NOT NULL")).await?;
        }
        manager.drop_table(Table::drop().table(ClockPressReceipts::Table).to_owned()).await
    }
}
