//! The team calendar and celebrations (spec 002 §3 "Calendar event", "Celebration message"):
//! calendar events (a team event has no employee), each person's private calendar-feed secret,
//! the company's and each person's custom celebration messages, and the ledger of celebration
//! mails sent.
//!
//! - Events are stored as UTC instants; the screens show them in the company's zone.
//! - A feed secret is kept as it is, not hashed: its owner is shown the URL whenever they ask
//!   (like a calendar provider's "secret address"), and it opens only a read-only feed of what
//!   that person may see. One feed per person; resetting replaces it.
//! - `celebration_sends` is what makes the daily celebration mail go out once: a row per person,
//!   kind and local day, unique, inserted before the mail is sent (two servers, or a run repeated
//!   after a restart, meet the unique index and send nothing).

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
enum CalendarEvents {
    Table,
    Id,
    CompanyId,
    EmployeeId,
    Name,
    Description,
    StartsAt,
    EndsAt,
    CreatedBy,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum CalendarFeeds {
    Table,
    Id,
    CompanyId,
    UserId,
    Secret,
    CreatedAt,
}

#[derive(DeriveIden)]
enum CelebrationMessages {
    Table,
    Id,
    CompanyId,
    EmployeeId,
    Kind,
    Message,
    UpdatedBy,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum CompanyCelebrationMessages {
    Table,
    Id,
    CompanyId,
    Kind,
    Message,
    UpdatedBy,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum CelebrationSends {
    Table,
    Id,
    CompanyId,
    EmployeeId,
    Kind,
    Day,
    SentAt,
}

fn company_fk<T: Iden + 'static>(table: T, column: impl Iden + 'static) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(Companies::Table, Companies::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

fn user_fk<T: Iden + 'static>(
    table: T,
    column: impl Iden + 'static,
    action: ForeignKeyAction,
) -> ForeignKeyCreateStatement {
    ForeignKey::create().from(table, column).to(Users::Table, Users::Id).on_delete(action).to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(CalendarEvents::Table)
                    .col(ColumnDef::new(CalendarEvents::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(CalendarEvents::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(CalendarEvents::EmployeeId).big_integer().null())
                    .col(ColumnDef::new(CalendarEvents::Name).string_len(100).not_null())
                    .col(ColumnDef::new(CalendarEvents::Description).text().not_null())
                    .col(ColumnDef::new(CalendarEvents::StartsAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(CalendarEvents::EndsAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(CalendarEvents::CreatedBy).big_integer().null())
                    .col(ColumnDef::new(CalendarEvents::CreatedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(CalendarEvents::UpdatedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(&mut company_fk(CalendarEvents::Table, CalendarEvents::CompanyId))
                    .foreign_key(&mut user_fk(
                        CalendarEvents::Table,
                        CalendarEvents::EmployeeId,
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut user_fk(
                        CalendarEvents::Table,
                        CalendarEvents::CreatedBy,
                        ForeignKeyAction::SetNull,
                    ))
                    .to_owned(),
            )
            .await?;
        // A month's calendar reads the events starting in it (and up to an event's longest
        // length before it).
        manager
            .create_index(
                Index::create()
                    .name("ix_calendar_events_start")
                    .table(CalendarEvents::Table)
                    .col(CalendarEvents::CompanyId)
                    .col(CalendarEvents::StartsAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(CalendarFeeds::Table)
                    .col(ColumnDef::new(CalendarFeeds::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(CalendarFeeds::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(CalendarFeeds::UserId).big_integer().not_null())
                    .col(ColumnDef::new(CalendarFeeds::Secret).string_len(64).not_null())
                    .col(ColumnDef::new(CalendarFeeds::CreatedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(&mut company_fk(CalendarFeeds::Table, CalendarFeeds::CompanyId))
                    .foreign_key(&mut user_fk(CalendarFeeds::Table, CalendarFeeds::UserId, ForeignKeyAction::Cascade))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_calendar_feeds_user")
                    .table(CalendarFeeds::Table)
                    .col(CalendarFeeds::UserId)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_calendar_feeds_secret")
                    .table(CalendarFeeds::Table)
                    .col(CalendarFeeds::Secret)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(CelebrationMessages::Table)
                    .col(
                        ColumnDef::new(CelebrationMessages::Id).big_integer().not_null().auto_increment().primary_key(),
                    )
                    .col(ColumnDef::new(CelebrationMessages::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(CelebrationMessages::EmployeeId).big_integer().not_null())
                    .col(ColumnDef::new(CelebrationMessages::Kind).string_len(16).not_null())
                    .col(ColumnDef::new(CelebrationMessages::Message).text().not_null())
                    .col(ColumnDef::new(CelebrationMessages::UpdatedBy).big_integer().null())
                    .col(ColumnDef::new(CelebrationMessages::UpdatedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(&mut company_fk(CelebrationMessages::Table, CelebrationMessages::CompanyId))
                    .foreign_key(&mut user_fk(
                        CelebrationMessages::Table,
                        CelebrationMessages::EmployeeId,
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut user_fk(
                        CelebrationMessages::Table,
                        CelebrationMessages::UpdatedBy,
                        ForeignKeyAction::SetNull,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_celebration_messages")
                    .table(CelebrationMessages::Table)
                    .col(CelebrationMessages::EmployeeId)
                    .col(CelebrationMessages::Kind)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(CompanyCelebrationMessages::Table)
                    .col(
                        ColumnDef::new(CompanyCelebrationMessages::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(CompanyCelebrationMessages::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(CompanyCelebrationMessages::Kind).string_len(16).not_null())
                    .col(ColumnDef::new(CompanyCelebrationMessages::Message).text().not_null())
                    .col(ColumnDef::new(CompanyCelebrationMessages::UpdatedBy).big_integer().null())
                    .col(ColumnDef::new(CompanyCelebrationMessages::UpdatedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(&mut company_fk(
                        CompanyCelebrationMessages::Table,
                        CompanyCelebrationMessages::CompanyId,
                    ))
                    .foreign_key(&mut user_fk(
                        CompanyCelebrationMessages::Table,
                        CompanyCelebrationMessages::UpdatedBy,
                        ForeignKeyAction::SetNull,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_company_celebration_messages")
                    .table(CompanyCelebrationMessages::Table)
                    .col(CompanyCelebrationMessages::CompanyId)
                    .col(CompanyCelebrationMessages::Kind)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(CelebrationSends::Table)
                    .col(ColumnDef::new(CelebrationSends::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(CelebrationSends::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(CelebrationSends::EmployeeId).big_integer().not_null())
                    .col(ColumnDef::new(CelebrationSends::Kind).string_len(16).not_null())
                    .col(ColumnDef::new(CelebrationSends::Day).date().not_null())
                    .col(ColumnDef::new(CelebrationSends::SentAt).timestamp_with_time_zone().not_null())
                    .foreign_key(&mut company_fk(CelebrationSends::Table, CelebrationSends::CompanyId))
                    .foreign_key(&mut user_fk(
                        CelebrationSends::Table,
                        CelebrationSends::EmployeeId,
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_celebration_sends")
                    .table(CelebrationSends::Table)
                    .col(CelebrationSends::EmployeeId)
                    .col(CelebrationSends::Kind)
                    .col(CelebrationSends::Day)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            CelebrationSends::Table.into_iden(),
            CompanyCelebrationMessages::Table.into_iden(),
            CelebrationMessages::Table.into_iden(),
            CalendarFeeds::Table.into_iden(),
            CalendarEvents::Table.into_iden(),
        ] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
