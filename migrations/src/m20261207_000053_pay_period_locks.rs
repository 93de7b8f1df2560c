//! Locked pay periods and the reminder after the usual end (issue 40), written by the `clock`
//! crate.
//!
//! `pay_period_locks`: a pay period an admin closed (or the auto-lock job closed) with the payroll
//! file's figures as they were then (`payroll`, JSON the `reports` crate makes and reads; the
//! clock keeps it unread), and when a late change (an approved edit request, an offline press)
//! first touched one of its days after it was closed. Reopening deletes the row.
//!
//! `pay_period_events`: each close, automatic close and reopening with who and why; append-only.
//!
//! `pay_period_adjustments`: what a closed period's late changes added or took away, per person,
//! carried into a later period's payroll file, written when that later period closes.
//!
//! `time_settings` gains `auto_lock_days` (close a period this many days after its end; NULL:
//! never) and `end_reminder_minutes` (remind a person still clocked in this long after their
//! usual end; NULL: off); `time_entries` gains `end_reminded_at` (that reminder, sent once).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum PayPeriodLocks {
    Table,
    Id,
    CompanyId,
    StartDay,
    EndDay,
    LockedAt,
    LockedBy,
    Payroll,
    LateChangesAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum PayPeriodEvents {
    Table,
    Id,
    CompanyId,
    StartDay,
    EndDay,
    Kind,
    ByUser,
    Reason,
    At,
}

#[derive(DeriveIden, Clone, Copy)]
enum PayPeriodAdjustments {
    Table,
    Id,
    CompanyId,
    SourceStart,
    SourceEnd,
    TargetStart,
    TargetEnd,
    EmployeeId,
    Figures,
    CreatedAt,
}

#[derive(DeriveIden)]
enum TimeSettings {
    Table,
    AutoLockDays,
    EndReminderMinutes,
}

#[derive(DeriveIden)]
enum TimeEntries {
    Table,
    EndRemindedAt,
}

#[derive(DeriveIden)]
enum Companies {
    Table,
    Id,
}

fn company_key(table: impl IntoIden + 'static, column: impl IntoIden + 'static) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(Companies::Table, Companies::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use PayPeriodLocks as L;
        manager
            .create_table(
                Table::create()
                    .table(L::Table)
                    .col(ColumnDef::new(L::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(L::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(L::StartDay).date().not_null())
                    .col(ColumnDef::new(L::EndDay).date().not_null())
                    .col(ColumnDef::new(L::LockedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(L::LockedBy).big_integer().null())
                    .col(ColumnDef::new(L::Payroll).text().null())
                    .col(ColumnDef::new(L::LateChangesAt).timestamp_with_time_zone().null())
                    .foreign_key(&mut company_key(L::Table, L::CompanyId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_pay_period_locks_start")
                    .table(L::Table)
                    .col(L::CompanyId)
                    .col(L::StartDay)
                    .unique()
                    .to_owned(),
            )
            .await?;
        use PayPeriodEvents as E;
        manager
            .create_table(
                Table::create()
                    .table(E::Table)
                    .col(ColumnDef::new(E::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(E::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(E::StartDay).date().not_null())
                    .col(ColumnDef::new(E::EndDay).date().not_null())
                    .col(ColumnDef::new(E::Kind).string_len(20).not_null())
                    .col(ColumnDef::new(E::ByUser).big_integer().null())
                    .col(ColumnDef::new(E::Reason).string_len(500).null())
                    .col(ColumnDef::new(E::At).timestamp_with_time_zone().not_null())
                    .foreign_key(&mut company_key(E::Table, E::CompanyId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_pay_period_events_start")
                    .table(E::Table)
                    .col(E::CompanyId)
                    .col(E::StartDay)
                    .to_owned(),
            )
            .await?;
        use PayPeriodAdjustments as A;
        manager
            .create_table(
                Table::create()
                    .table(A::Table)
                    .col(ColumnDef::new(A::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(A::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(A::SourceStart).date().not_null())
                    .col(ColumnDef::new(A::SourceEnd).date().not_null())
                    .col(ColumnDef::new(A::TargetStart).date().not_null())
                    .col(ColumnDef::new(A::TargetEnd).date().not_null())
                    .col(ColumnDef::new(A::EmployeeId).big_integer().not_null())
                    .col(ColumnDef::new(A::Figures).text().not_null())
                    .col(ColumnDef::new(A::CreatedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(&mut company_key(A::Table, A::CompanyId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_pay_period_adjustments_source")
                    .table(A::Table)
                    .col(A::CompanyId)
                    .col(A::SourceStart)
                    .to_owned(),
            )
            .await?;
        for column in [
            ColumnDef::new(TimeSettings::AutoLockDays).integer().null().to_owned(),
            ColumnDef::new(TimeSettings::EndReminderMinutes).integer().null().to_owned(),
        ] {
            manager.alter_table(Table::alter().table(TimeSettings::Table).add_column(column).to_owned()).await?;
        }
        manager
            .alter_table(
                Table::alter()
                    .table(TimeEntries::Table)
                    .add_column(ColumnDef::new(TimeEntries::EndRemindedAt).timestamp_with_time_zone().null())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table(TimeEntries::Table).drop_column(TimeEntries::EndRemindedAt).to_owned())
            .await?;
        for column in [TimeSettings::AutoLockDays, TimeSettings::EndReminderMinutes] {
            manager.alter_table(Table::alter().table(TimeSettings::Table).drop_column(column).to_owned()).await?;
        }
        manager.drop_table(Table::drop().table(PayPeriodAdjustments::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(PayPeriodEvents::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(PayPeriodLocks::Table).to_owned()).await
    }
}
