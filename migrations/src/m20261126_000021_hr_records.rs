//! The records of an employee's HR folder (spec 001 §3): HR events, HR documents and document
//! requests, and the company's lists of event, document and policy types (002 §7 "Settings").
//!
//! Nothing here is ever deleted by a person: a removed event or document keeps its row with who
//! removed it and when (`deleted_at`, `deleted_by`), so a compliance review still finds what was
//! on file and why it left; a type is retired (`active`), never dropped, so the records that
//! name it keep their name. An activity of the timeline can point at the record it is about
//! (`activities.record_id`), which the activity detail dock opens.

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
enum StoredFiles {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Activities {
    Table,
    RecordId,
}

#[derive(DeriveIden)]
enum HrTypes {
    Table,
    Id,
    CompanyId,
    Kind,
    Name,
    OnboardingDoc,
    Active,
    CreatedAt,
}

#[derive(DeriveIden)]
enum HrEvents {
    Table,
    Id,
    CompanyId,
    EmployeeId,
    EventTypeId,
    Title,
    Comments,
    ActionDate,
    AckNeeded,
    OwnerOnly,
    AckedAt,
    FileId,
    FileName,
    MediaType,
    ByteSize,
    CreatedBy,
    CreatedAt,
    DeletedBy,
    DeletedAt,
}

#[derive(DeriveIden)]
enum HrDocuments {
    Table,
    Id,
    CompanyId,
    EmployeeId,
    DocTypeId,
    DocName,
    Comments,
    FileId,
    FileName,
    MediaType,
    ByteSize,
    RequestId,
    CreatedBy,
    CreatedAt,
    DeletedBy,
    DeletedAt,
}

#[derive(DeriveIden)]
enum HrDocRequests {
    Table,
    Id,
    CompanyId,
    EmployeeId,
    DocTypeId,
    DueDate,
    Comments,
    Status,
    CreatedBy,
    CreatedAt,
    CompletedAt,
    CancelledBy,
    CancelledAt,
    OverdueMailedAt,
}

fn id(col: impl IntoIden) -> ColumnDef {
    ColumnDef::new(col).big_integer().not_null().auto_increment().primary_key().to_owned()
}

fn fk(
    from: (impl IntoIden + 'static, impl IntoIden),
    to: (impl IntoIden + 'static, impl IntoIden),
    on_delete: ForeignKeyAction,
) -> ForeignKeyCreateStatement {
    ForeignKey::create().from(from.0, from.1).to(to.0, to.1).on_delete(on_delete).to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(HrTypes::Table)
                    .col(id(HrTypes::Id))
                    .col(ColumnDef::new(HrTypes::CompanyId).big_integer().not_null())
                    // event, document or policy.
                    .col(ColumnDef::new(HrTypes::Kind).string_len(16).not_null())
                    .col(ColumnDef::new(HrTypes::Name).string_len(100).not_null())
                    // Document types only: new employees are asked for one of these.
                    .col(ColumnDef::new(HrTypes::OnboardingDoc).boolean().not_null().default(false))
                    .col(ColumnDef::new(HrTypes::Active).boolean().not_null().default(true))
                    .col(ColumnDef::new(HrTypes::CreatedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(&mut fk(
                        (HrTypes::Table, HrTypes::CompanyId),
                        (Companies::Table, Companies::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_hr_types_name")
                    .table(HrTypes::Table)
                    .col(HrTypes::CompanyId)
                    .col(HrTypes::Kind)
                    .col(HrTypes::Name)
                    .unique()
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(HrEvents::Table)
                    .col(id(HrEvents::Id))
                    .col(ColumnDef::new(HrEvents::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(HrEvents::EmployeeId).big_integer().not_null())
                    .col(ColumnDef::new(HrEvents::EventTypeId).big_integer().not_null())
                    .col(ColumnDef::new(HrEvents::Title).string_len(200).not_null())
                    // Rich text, sanitised on the way in.
                    .col(ColumnDef::new(HrEvents::Comments).text().not_null())
                    .col(ColumnDef::new(HrEvents::ActionDate).date().null())
                    .col(ColumnDef::new(HrEvents::AckNeeded).boolean().not_null())
                    .col(ColumnDef::new(HrEvents::OwnerOnly).boolean().not_null())
                    .col(ColumnDef::new(HrEvents::AckedAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(HrEvents::FileId).big_integer().null())
                    .col(ColumnDef::new(HrEvents::FileName).string_len(255).null())
                    .col(ColumnDef::new(HrEvents::MediaType).string_len(100).null())
                    .col(ColumnDef::new(HrEvents::ByteSize).big_integer().null())
                    .col(ColumnDef::new(HrEvents::CreatedBy).big_integer().null())
                    .col(ColumnDef::new(HrEvents::CreatedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(HrEvents::DeletedBy).big_integer().null())
                    .col(ColumnDef::new(HrEvents::DeletedAt).timestamp_with_time_zone().null())
                    .foreign_key(&mut fk(
                        (HrEvents::Table, HrEvents::CompanyId),
                        (Companies::Table, Companies::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        (HrEvents::Table, HrEvents::EmployeeId),
                        (Users::Table, Users::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        (HrEvents::Table, HrEvents::EventTypeId),
                        (HrTypes::Table, HrTypes::Id),
                        ForeignKeyAction::Restrict,
                    ))
                    .foreign_key(&mut fk(
                        (HrEvents::Table, HrEvents::FileId),
                        (StoredFiles::Table, StoredFiles::Id),
                        ForeignKeyAction::SetNull,
                    ))
                    .foreign_key(&mut fk(
                        (HrEvents::Table, HrEvents::CreatedBy),
                        (Users::Table, Users::Id),
                        ForeignKeyAction::SetNull,
                    ))
                    .foreign_key(&mut fk(
                        (HrEvents::Table, HrEvents::DeletedBy),
                        (Users::Table, Users::Id),
                        ForeignKeyAction::SetNull,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_hr_events_employee")
                    .table(HrEvents::Table)
                    .col(HrEvents::CompanyId)
                    .col(HrEvents::EmployeeId)
                    .col(HrEvents::Id)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(HrDocRequests::Table)
                    .col(id(HrDocRequests::Id))
                    .col(ColumnDef::new(HrDocRequests::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(HrDocRequests::EmployeeId).big_integer().not_null())
                    .col(ColumnDef::new(HrDocRequests::DocTypeId).big_integer().not_null())
                    .col(ColumnDef::new(HrDocRequests::DueDate).date().not_null())
                    .col(ColumnDef::new(HrDocRequests::Comments).text().not_null())
                    // 0 open, 1 fulfilled by an upload, 2 cancelled.
                    .col(ColumnDef::new(HrDocRequests::Status).small_integer().not_null())
                    .col(ColumnDef::new(HrDocRequests::CreatedBy).big_integer().null())
                    .col(ColumnDef::new(HrDocRequests::CreatedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(HrDocRequests::CompletedAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(HrDocRequests::CancelledBy).big_integer().null())
                    .col(ColumnDef::new(HrDocRequests::CancelledAt).timestamp_with_time_zone().null())
                    // When the employee was told it is overdue (once).
                    .col(ColumnDef::new(HrDocRequests::OverdueMailedAt).timestamp_with_time_zone().null())
                    .foreign_key(&mut fk(
                        (HrDocRequests::Table, HrDocRequests::CompanyId),
                        (Companies::Table, Companies::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        (HrDocRequests::Table, HrDocRequests::EmployeeId),
                        (Users::Table, Users::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        (HrDocRequests::Table, HrDocRequests::DocTypeId),
                        (HrTypes::Table, HrTypes::Id),
                        ForeignKeyAction::Restrict,
                    ))
                    .foreign_key(&mut fk(
                        (HrDocRequests::Table, HrDocRequests::CreatedBy),
                        (Users::Table, Users::Id),
                        ForeignKeyAction::SetNull,
                    ))
                    .foreign_key(&mut fk(
                        (HrDocRequests::Table, HrDocRequests::CancelledBy),
                        (Users::Table, Users::Id),
                        ForeignKeyAction::SetNull,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_hr_doc_requests_employee")
                    .table(HrDocRequests::Table)
                    .col(HrDocRequests::CompanyId)
                    .col(HrDocRequests::EmployeeId)
                    .col(HrDocRequests::Status)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(HrDocuments::Table)
                    .col(id(HrDocuments::Id))
                    .col(ColumnDef::new(HrDocuments::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(HrDocuments::EmployeeId).big_integer().not_null())
                    .col(ColumnDef::new(HrDocuments::DocTypeId).big_integer().not_null())
                    .col(ColumnDef::new(HrDocuments::DocName).string_len(200).not_null())
                    .col(ColumnDef::new(HrDocuments::Comments).text().not_null())
                    .col(ColumnDef::new(HrDocuments::FileId).big_integer().not_null())
                    // The uploader's name for the file, cleaned: downloads carry it, paths never do.
                    .col(ColumnDef::new(HrDocuments::FileName).string_len(255).not_null())
                    // The file's checked type and size, as the lists show them (never change).
                    .col(ColumnDef::new(HrDocuments::MediaType).string_len(100).not_null())
                    .col(ColumnDef::new(HrDocuments::ByteSize).big_integer().not_null())
                    // The document request this upload fulfilled, if any.
                    .col(ColumnDef::new(HrDocuments::RequestId).big_integer().null())
                    .col(ColumnDef::new(HrDocuments::CreatedBy).big_integer().null())
                    .col(ColumnDef::new(HrDocuments::CreatedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(HrDocuments::DeletedBy).big_integer().null())
                    .col(ColumnDef::new(HrDocuments::DeletedAt).timestamp_with_time_zone().null())
                    .foreign_key(&mut fk(
                        (HrDocuments::Table, HrDocuments::CompanyId),
                        (Companies::Table, Companies::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        (HrDocuments::Table, HrDocuments::EmployeeId),
                        (Users::Table, Users::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        (HrDocuments::Table, HrDocuments::DocTypeId),
                        (HrTypes::Table, HrTypes::Id),
                        ForeignKeyAction::Restrict,
                    ))
                    .foreign_key(&mut fk(
                        (HrDocuments::Table, HrDocuments::FileId),
                        (StoredFiles::Table, StoredFiles::Id),
                        ForeignKeyAction::Restrict,
                    ))
                    .foreign_key(&mut fk(
                        (HrDocuments::Table, HrDocuments::RequestId),
                        (HrDocRequests::Table, HrDocRequests::Id),
                        ForeignKeyAction::SetNull,
                    ))
                    .foreign_key(&mut fk(
                        (HrDocuments::Table, HrDocuments::CreatedBy),
                        (Users::Table, Users::Id),
                        ForeignKeyAction::SetNull,
                    ))
                    .foreign_key(&mut fk(
                        (HrDocuments::Table, HrDocuments::DeletedBy),
                        (Users::Table, Users::Id),
                        ForeignKeyAction::SetNull,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_hr_documents_employee")
                    .table(HrDocuments::Table)
                    .col(HrDocuments::CompanyId)
                    .col(HrDocuments::EmployeeId)
                    .col(HrDocuments::Id)
                    .to_owned(),
            )
            .await?;

        // The record an activity is about (an event, a document, a request, a policy's workflow).
        manager
            .alter_table(
                Table::alter()
                    .table(Activities::Table)
                    .add_column(ColumnDef::new(Activities::RecordId).big_integer().null())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table(Activities::Table).drop_column(Activities::RecordId).to_owned())
            .await?;
        manager.drop_table(Table::drop().table(HrDocuments::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(HrDocRequests::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(HrEvents::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(HrTypes::Table).to_owned()).await
    }
}
