//! The time clock and timesheets: shifts (time entries) with their breaks and action history,
//! comments, change history, edit requests, and the company's time settings (day start, mobile
//! clock-in, pay cycle, overtime threshold).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

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

#[derive(DeriveIden)]
enum TimeSettings {
    Table,
    CompanyId,
    DayStartAt,
    MobileClockInDisabled,
    PayCycle,
    PayCycleAnchor,
    WeeklyOvertimeMinutes,
}

#[derive(DeriveIden)]
enum TimeEntries {
    Table,
    Id,
    CompanyId,
    EmployeeId,
    StartAt,
    EndAt,
    State,
    OpenEmployeeId,
    CreatedBy,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum TimeEntryBreaks {
    Table,
    Id,
    EntryId,
    StartAt,
    EndAt,
}

#[derive(DeriveIden)]
enum TimeEntryActions {
    Table,
    Id,
    EntryId,
    ActionType,
    ActionAt,
    ActorId,
}

#[derive(DeriveIden)]
enum TimesheetComments {
    Table,
    Id,
    CompanyId,
    EntryId,
    AuthorId,
    Comment,
    CreatedAt,
}

#[derive(DeriveIden)]
enum TimesheetChanges {
    Table,
    Id,
    CompanyId,
    EntryId,
    ActorId,
    ChangeField,
    OriginalValue,
    ChangeValue,
    ChangedAt,
}

#[derive(DeriveIden)]
enum TimesheetEditRequests {
    Table,
    Id,
    CompanyId,
    EntryId,
    EmployeeId,
    RequesterId,
    ChangeType,
    Payload,
    Comment,
    Status,
    PendingEntryId,
    ActorId,
    ActComment,
    ActedAt,
    CreatedAt,
}

fn id_column<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name).big_integer().not_null().auto_increment().primary_key().to_owned()
}

fn reference<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name).big_integer().not_null().to_owned()
}

fn instant<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name).timestamp_with_time_zone().not_null().to_owned()
}

fn optional_instant<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name).timestamp_with_time_zone().null().to_owned()
}

fn company_fk<T: IntoIden + 'static>(table: T, column: impl IntoIden + 'static) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(Companies::Table, Companies::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

fn user_fk<T: IntoIden + 'static>(table: T, column: impl IntoIden + 'static) -> ForeignKeyCreateStatement {
    ForeignKey::create().from(table, column).to(Users::Table, Users::Id).on_delete(ForeignKeyAction::Cascade).to_owned()
}

fn entry_fk<T: IntoIden + 'static>(table: T, column: impl IntoIden + 'static) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(TimeEntries::Table, TimeEntries::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

async fn index(
    manager: &SchemaManager<'_>,
    name: &str,
    table: impl IntoIden + 'static,
    columns: &[&str],
) -> Result<(), DbErr> {
    let mut statement = Index::create().name(name).table(table).to_owned();
    for column in columns {
        statement.col(Alias::new(*column));
    }
    manager.create_index(statement).await
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(TimeSettings::Table)
                    .col(ColumnDef::new(TimeSettings::CompanyId).big_integer().not_null().primary_key())
                    // "HH:MM" in the company's zone; clock-in is refused before it.
                    .col(ColumnDef::new(TimeSettings::DayStartAt).string_len(5).null())
                    .col(ColumnDef::new(TimeSettings::MobileClockInDisabled).boolean().not_null().default(false))
                    // weekly, biweekly, semimonthly or monthly, counted from the anchor date.
                    .col(ColumnDef::new(TimeSettings::PayCycle).string_len(16).not_null())
                    .col(ColumnDef::new(TimeSettings::PayCycleAnchor).date().not_null())
                    .col(ColumnDef::new(TimeSettings::WeeklyOvertimeMinutes).integer().not_null())
                    .foreign_key(&mut company_fk(TimeSettings::Table, TimeSettings::CompanyId))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(TimeEntries::Table)
                    .col(id_column(TimeEntries::Id))
                    .col(reference(TimeEntries::CompanyId))
                    .col(reference(TimeEntries::EmployeeId))
                    .col(instant(TimeEntries::StartAt))
                    .col(optional_instant(TimeEntries::EndAt))
                    // 1 clocked in, 2 on break, 3 clocked out.
                    .col(ColumnDef::new(TimeEntries::State).small_integer().not_null())
                    // The employee's id while the shift is open, NULL once it ends. Unique, so an
                    // employee can never have two open shifts, however the requests race.
                    .col(ColumnDef::new(TimeEntries::OpenEmployeeId).big_integer().null().unique_key())
                    .col(reference(TimeEntries::CreatedBy))
                    .col(instant(TimeEntries::CreatedAt))
                    .col(instant(TimeEntries::UpdatedAt))
                    .foreign_key(&mut company_fk(TimeEntries::Table, TimeEntries::CompanyId))
                    .foreign_key(&mut user_fk(TimeEntries::Table, TimeEntries::EmployeeId))
                    .to_owned(),
            )
            .await?;
        index(
            manager,
            "ix_time_entries_employee_start",
            TimeEntries::Table,
            &["company_id", "employee_id", "start_at"],
        )
        .await?;
        index(manager, "ix_time_entries_company_start", TimeEntries::Table, &["company_id", "start_at"]).await?;

        manager
            .create_table(
                Table::create()
                    .table(TimeEntryBreaks::Table)
                    .col(id_column(TimeEntryBreaks::Id))
                    .col(reference(TimeEntryBreaks::EntryId))
                    .col(instant(TimeEntryBreaks::StartAt))
                    .col(optional_instant(TimeEntryBreaks::EndAt))
                    .foreign_key(&mut entry_fk(TimeEntryBreaks::Table, TimeEntryBreaks::EntryId))
                    .to_owned(),
            )
            .await?;
        index(manager, "ix_time_entry_breaks_entry", TimeEntryBreaks::Table, &["entry_id"]).await?;

        manager
            .create_table(
                Table::create()
                    .table(TimeEntryActions::Table)
                    .col(id_column(TimeEntryActions::Id))
                    .col(reference(TimeEntryActions::EntryId))
                    // start, break, resume, end.
                    .col(ColumnDef::new(TimeEntryActions::ActionType).string_len(8).not_null())
                    .col(instant(TimeEntryActions::ActionAt))
                    .col(reference(TimeEntryActions::ActorId))
                    .foreign_key(&mut entry_fk(TimeEntryActions::Table, TimeEntryActions::EntryId))
                    .to_owned(),
            )
            .await?;
        index(manager, "ix_time_entry_actions_entry", TimeEntryActions::Table, &["entry_id"]).await?;

        manager
            .create_table(
                Table::create()
                    .table(TimesheetComments::Table)
                    .col(id_column(TimesheetComments::Id))
                    .col(reference(TimesheetComments::CompanyId))
                    .col(reference(TimesheetComments::EntryId))
                    .col(reference(TimesheetComments::AuthorId))
                    .col(ColumnDef::new(TimesheetComments::Comment).text().not_null())
                    .col(instant(TimesheetComments::CreatedAt))
                    .foreign_key(&mut company_fk(TimesheetComments::Table, TimesheetComments::CompanyId))
                    .foreign_key(&mut entry_fk(TimesheetComments::Table, TimesheetComments::EntryId))
                    .foreign_key(&mut user_fk(TimesheetComments::Table, TimesheetComments::AuthorId))
                    .to_owned(),
            )
            .await?;
        index(manager, "ix_timesheet_comments_entry", TimesheetComments::Table, &["entry_id"]).await?;

        manager
            .create_table(
                Table::create()
                    .table(TimesheetChanges::Table)
                    .col(id_column(TimesheetChanges::Id))
                    .col(reference(TimesheetChanges::CompanyId))
                    .col(reference(TimesheetChanges::EntryId))
                    .col(reference(TimesheetChanges::ActorId))
                    // start, break, resume, end.
                    .col(ColumnDef::new(TimesheetChanges::ChangeField).string_len(8).not_null())
                    .col(optional_instant(TimesheetChanges::OriginalValue))
                    .col(optional_instant(TimesheetChanges::ChangeValue))
                    .col(instant(TimesheetChanges::ChangedAt))
                    .foreign_key(&mut company_fk(TimesheetChanges::Table, TimesheetChanges::CompanyId))
                    .foreign_key(&mut entry_fk(TimesheetChanges::Table, TimesheetChanges::EntryId))
                    .foreign_key(&mut user_fk(TimesheetChanges::Table, TimesheetChanges::ActorId))
                    .to_owned(),
            )
            .await?;
        index(manager, "ix_timesheet_changes_entry", TimesheetChanges::Table, &["entry_id"]).await?;

        manager
            .create_table(
                Table::create()
                    .table(TimesheetEditRequests::Table)
                    .col(id_column(TimesheetEditRequests::Id))
                    .col(reference(TimesheetEditRequests::CompanyId))
                    .col(reference(TimesheetEditRequests::EntryId))
                    .col(reference(TimesheetEditRequests::EmployeeId))
                    .col(reference(TimesheetEditRequests::RequesterId))
                    .col(ColumnDef::new(TimesheetEditRequests::ChangeType).string_len(8).not_null())
                    // JSON: {start, end, boptype, breaks}.
                    .col(ColumnDef::new(TimesheetEditRequests::Payload).text().not_null())
                    .col(ColumnDef::new(TimesheetEditRequests::Comment).text().not_null())
                    // 0 raised, 1 approved, 2 rejected, 3 canceled.
                    .col(ColumnDef::new(TimesheetEditRequests::Status).small_integer().not_null())
                    // The entry's id while the request is raised, NULL after: at most one raised
                    // request per entry, enforced by the database.
                    .col(ColumnDef::new(TimesheetEditRequests::PendingEntryId).big_integer().null().unique_key())
                    .col(ColumnDef::new(TimesheetEditRequests::ActorId).big_integer().null())
                    .col(ColumnDef::new(TimesheetEditRequests::ActComment).text().null())
                    .col(optional_instant(TimesheetEditRequests::ActedAt))
                    .col(instant(TimesheetEditRequests::CreatedAt))
                    .foreign_key(&mut company_fk(TimesheetEditRequests::Table, TimesheetEditRequests::CompanyId))
                    .foreign_key(&mut entry_fk(TimesheetEditRequests::Table, TimesheetEditRequests::EntryId))
                    .foreign_key(&mut user_fk(TimesheetEditRequests::Table, TimesheetEditRequests::EmployeeId))
                    .foreign_key(&mut user_fk(TimesheetEditRequests::Table, TimesheetEditRequests::RequesterId))
                    .to_owned(),
            )
            .await?;
        index(manager, "ix_timesheet_edit_requests_entry", TimesheetEditRequests::Table, &["entry_id"]).await?;
        index(
            manager,
            "ix_timesheet_edit_requests_company_status",
            TimesheetEditRequests::Table,
            &["company_id", "status"],
        )
        .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            TimesheetEditRequests::Table.into_iden(),
            TimesheetChanges::Table.into_iden(),
            TimesheetComments::Table.into_iden(),
            TimeEntryActions::Table.into_iden(),
            TimeEntryBreaks::Table.into_iden(),
            TimeEntries::Table.into_iden(),
            TimeSettings::Table.into_iden(),
        ] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
