//! The mail outbox (accounts' `mail::outbox`): one row per message, written where the message is
//! decided (often in the same transaction as the change it tells of) and sent later by whichever
//! server claims it. `next_attempt_at` is when it is next due, and empty once it is settled (sent,
//! or given up after its last attempt); a claim is `claimed_by` until `claimed_until`. Sent rows
//! stay a while (for support) and are pruned by the sender.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Companies {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum MailOutbox {
    Table,
    Id,
    CompanyId,
    ToEmail,
    ToName,
    Subject,
    Body,
    CreatedAt,
    Attempts,
    NextAttemptAt,
    ClaimedBy,
    ClaimedUntil,
    SentAt,
    LastError,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(MailOutbox::Table)
                    .col(ColumnDef::new(MailOutbox::Id).big_integer().not_null().auto_increment().primary_key())
                    // Empty for mail of no company (an operator's).
                    .col(ColumnDef::new(MailOutbox::CompanyId).big_integer().null())
                    .col(ColumnDef::new(MailOutbox::ToEmail).string_len(254).not_null())
                    .col(ColumnDef::new(MailOutbox::ToName).text().not_null())
                    .col(ColumnDef::new(MailOutbox::Subject).text().not_null())
                    .col(ColumnDef::new(MailOutbox::Body).text().not_null())
                    .col(ColumnDef::new(MailOutbox::CreatedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(MailOutbox::Attempts).integer().not_null().default(0))
                    .col(ColumnDef::new(MailOutbox::NextAttemptAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(MailOutbox::ClaimedBy).string_len(100).null())
                    .col(ColumnDef::new(MailOutbox::ClaimedUntil).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(MailOutbox::SentAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(MailOutbox::LastError).text().null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(MailOutbox::Table, MailOutbox::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // The sender's question, "what is due", reads this index; settled rows (empty) are
        // never in its range.
        manager
            .create_index(
                Index::create()
                    .name("ix_mail_outbox_due")
                    .table(MailOutbox::Table)
                    .col(MailOutbox::NextAttemptAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_mail_outbox_company")
                    .table(MailOutbox::Table)
                    .col(MailOutbox::CompanyId)
                    .to_owned(),
            )
            .await?;
        // Pruning settled mail by age.
        manager
            .create_index(
                Index::create()
                    .name("ix_mail_outbox_created")
                    .table(MailOutbox::Table)
                    .col(MailOutbox::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(MailOutbox::Table).to_owned()).await
    }
}
