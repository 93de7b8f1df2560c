//! HR policy broadcasts (spec 002 §3 "Policy", "Publish", "Workflow"): a policy, each version of
//! its text that was ever sent, each publication (a workflow) and each recipient's answer.
//!
//! The record a compliance review reads is the recipient row: who, which version of the text
//! (`version_id`), their answer and when (UTC), and their comment. Editing or republishing a
//! policy adds a version and a workflow; it never touches an answer given. A removed policy keeps
//! its rows (`deleted_at`); its open workflows are cancelled, not dropped. Counts of a workflow are
//! never stored: they are counted from the recipient rows when read.
//!
//! Onboarding: a policy or a document type marked for onboarding is sent to people who start on
//! or after the day it was marked (`onboarding_since`), due a number of days after their start;
//! a request made that way is flagged (`hr_doc_requests.onboarding`), and a unique index lets the
//! job that makes them run twice without asking twice.

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
enum HrTypes {
    Table,
    Id,
    OnboardingDays,
    OnboardingSince,
}

#[derive(DeriveIden)]
enum HrDocRequests {
    Table,
    Onboarding,
}

#[derive(DeriveIden)]
enum HrPolicies {
    Table,
    Id,
    CompanyId,
    PolicyTypeId,
    Title,
    Content,
    CurrentVersionId,
    FileId,
    FileName,
    DocName,
    MediaType,
    ByteSize,
    Onboarding,
    OnboardingDays,
    OnboardingSince,
    CreatedBy,
    CreatedAt,
    UpdatedAt,
    LastPublishedAt,
    DeletedBy,
    DeletedAt,
}

#[derive(DeriveIden)]
enum HrPolicyVersions {
    Table,
    Id,
    CompanyId,
    PolicyId,
    Version,
    Title,
    Content,
    FileId,
    FileName,
    MediaType,
    ByteSize,
    CreatedBy,
    CreatedAt,
}

#[derive(DeriveIden)]
enum HrPolicyWorkflows {
    Table,
    Id,
    CompanyId,
    PolicyId,
    VersionId,
    Audience,
    AudienceIds,
    DueDate,
    Onboarding,
    Status,
    PublishedBy,
    PublishedAt,
    ModifiedAt,
    StoppedBy,
    StoppedAt,
    CancelledAt,
    RemindedAt,
}

#[derive(DeriveIden)]
enum HrPolicyRecipients {
    Table,
    Id,
    CompanyId,
    WorkflowId,
    EmployeeId,
    DueDate,
    CertifyStatus,
    CertifiedAt,
    Comments,
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

fn company(table: impl IntoIden + 'static, col: impl IntoIden) -> ForeignKeyCreateStatement {
    fk((table, col), (Companies::Table, Companies::Id), ForeignKeyAction::Cascade)
}

fn user(table: impl IntoIden + 'static, col: impl IntoIden, on_delete: ForeignKeyAction) -> ForeignKeyCreateStatement {
    fk((table, col), (Users::Table, Users::Id), on_delete)
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // Document types asked of new employees: due this many days after their start, for
        // people who start from the day the flag was set.
        manager
            .alter_table(
                Table::alter()
                    .table(HrTypes::Table)
                    .add_column(ColumnDef::new(HrTypes::OnboardingDays).integer().null())
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(HrTypes::Table)
                    .add_column(ColumnDef::new(HrTypes::OnboardingSince).date().null())
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(HrDocRequests::Table)
                    .add_column(ColumnDef::new(HrDocRequests::Onboarding).boolean().not_null().default(false))
                    .to_owned(),
            )
            .await?;
        // One onboarding request a person and type, however often the job runs.
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE UNIQUE INDEX ux_hr_doc_requests_onboarding ON hr_doc_requests (employee_id, doc_type_id) \
                 WHERE onboarding",
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(HrPolicies::Table)
                    .col(id(HrPolicies::Id))
                    .col(ColumnDef::new(HrPolicies::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(HrPolicies::PolicyTypeId).big_integer().not_null())
                    .col(ColumnDef::new(HrPolicies::Title).string_len(200).not_null())
                    // Sanitised rich text.
                    .col(ColumnDef::new(HrPolicies::Content).text().not_null())
                    // The version the next publication sends (set once the first version exists).
                    .col(ColumnDef::new(HrPolicies::CurrentVersionId).big_integer().null())
                    .col(ColumnDef::new(HrPolicies::FileId).big_integer().null())
                    .col(ColumnDef::new(HrPolicies::FileName).string_len(255).null())
                    .col(ColumnDef::new(HrPolicies::DocName).string_len(255).null())
                    .col(ColumnDef::new(HrPolicies::MediaType).string_len(100).null())
                    .col(ColumnDef::new(HrPolicies::ByteSize).big_integer().null())
                    .col(ColumnDef::new(HrPolicies::Onboarding).boolean().not_null().default(false))
                    .col(ColumnDef::new(HrPolicies::OnboardingDays).integer().null())
                    .col(ColumnDef::new(HrPolicies::OnboardingSince).date().null())
                    .col(ColumnDef::new(HrPolicies::CreatedBy).big_integer().null())
                    .col(ColumnDef::new(HrPolicies::CreatedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(HrPolicies::UpdatedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(HrPolicies::LastPublishedAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(HrPolicies::DeletedBy).big_integer().null())
                    .col(ColumnDef::new(HrPolicies::DeletedAt).timestamp_with_time_zone().null())
                    .foreign_key(&mut company(HrPolicies::Table, HrPolicies::CompanyId))
                    .foreign_key(&mut fk(
                        (HrPolicies::Table, HrPolicies::PolicyTypeId),
                        (HrTypes::Table, HrTypes::Id),
                        ForeignKeyAction::Restrict,
                    ))
                    .foreign_key(&mut fk(
                        (HrPolicies::Table, HrPolicies::FileId),
                        (StoredFiles::Table, StoredFiles::Id),
                        ForeignKeyAction::SetNull,
                    ))
                    .foreign_key(&mut user(HrPolicies::Table, HrPolicies::CreatedBy, ForeignKeyAction::SetNull))
                    .foreign_key(&mut user(HrPolicies::Table, HrPolicies::DeletedBy, ForeignKeyAction::SetNull))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_hr_policies_company")
                    .table(HrPolicies::Table)
                    .col(HrPolicies::CompanyId)
                    .col(HrPolicies::Id)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(HrPolicyVersions::Table)
                    .col(id(HrPolicyVersions::Id))
                    .col(ColumnDef::new(HrPolicyVersions::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(HrPolicyVersions::PolicyId).big_integer().not_null())
                    // 1, 2, … within the policy.
                    .col(ColumnDef::new(HrPolicyVersions::Version).integer().not_null())
                    .col(ColumnDef::new(HrPolicyVersions::Title).string_len(200).not_null())
                    .col(ColumnDef::new(HrPolicyVersions::Content).text().not_null())
                    // The attached file as it was in this version.
                    .col(ColumnDef::new(HrPolicyVersions::FileId).big_integer().null())
                    .col(ColumnDef::new(HrPolicyVersions::FileName).string_len(255).null())
                    .col(ColumnDef::new(HrPolicyVersions::MediaType).string_len(100).null())
                    .col(ColumnDef::new(HrPolicyVersions::ByteSize).big_integer().null())
                    .col(ColumnDef::new(HrPolicyVersions::CreatedBy).big_integer().null())
                    .col(ColumnDef::new(HrPolicyVersions::CreatedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(&mut company(HrPolicyVersions::Table, HrPolicyVersions::CompanyId))
                    .foreign_key(&mut fk(
                        (HrPolicyVersions::Table, HrPolicyVersions::PolicyId),
                        (HrPolicies::Table, HrPolicies::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        (HrPolicyVersions::Table, HrPolicyVersions::FileId),
                        (StoredFiles::Table, StoredFiles::Id),
                        ForeignKeyAction::SetNull,
                    ))
                    .foreign_key(&mut user(
                        HrPolicyVersions::Table,
                        HrPolicyVersions::CreatedBy,
                        ForeignKeyAction::SetNull,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_hr_policy_versions")
                    .table(HrPolicyVersions::Table)
                    .col(HrPolicyVersions::PolicyId)
                    .col(HrPolicyVersions::Version)
                    .unique()
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(HrPolicyWorkflows::Table)
                    .col(id(HrPolicyWorkflows::Id))
                    .col(ColumnDef::new(HrPolicyWorkflows::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(HrPolicyWorkflows::PolicyId).big_integer().not_null())
                    .col(ColumnDef::new(HrPolicyWorkflows::VersionId).big_integer().not_null())
                    // 1 entire team, 0 chosen members, 2 job roles (002 §3 `applicableToAll`).
                    .col(ColumnDef::new(HrPolicyWorkflows::Audience).small_integer().not_null())
                    // The chosen members' or job roles' ids, as a JSON array.
                    .col(ColumnDef::new(HrPolicyWorkflows::AudienceIds).text().not_null())
                    .col(ColumnDef::new(HrPolicyWorkflows::DueDate).date().null())
                    // Made by the onboarding job for new employees rather than by a person.
                    .col(ColumnDef::new(HrPolicyWorkflows::Onboarding).boolean().not_null().default(false))
                    // 0 active, 2 cancelled, 3 stopped (002 §4).
                    .col(ColumnDef::new(HrPolicyWorkflows::Status).small_integer().not_null())
                    .col(ColumnDef::new(HrPolicyWorkflows::PublishedBy).big_integer().null())
                    .col(ColumnDef::new(HrPolicyWorkflows::PublishedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(HrPolicyWorkflows::ModifiedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(HrPolicyWorkflows::StoppedBy).big_integer().null())
                    .col(ColumnDef::new(HrPolicyWorkflows::StoppedAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(HrPolicyWorkflows::CancelledAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(HrPolicyWorkflows::RemindedAt).timestamp_with_time_zone().null())
                    .foreign_key(&mut company(HrPolicyWorkflows::Table, HrPolicyWorkflows::CompanyId))
                    .foreign_key(&mut fk(
                        (HrPolicyWorkflows::Table, HrPolicyWorkflows::PolicyId),
                        (HrPolicies::Table, HrPolicies::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        (HrPolicyWorkflows::Table, HrPolicyWorkflows::VersionId),
                        (HrPolicyVersions::Table, HrPolicyVersions::Id),
                        ForeignKeyAction::Restrict,
                    ))
                    .foreign_key(&mut user(
                        HrPolicyWorkflows::Table,
                        HrPolicyWorkflows::PublishedBy,
                        ForeignKeyAction::SetNull,
                    ))
                    .foreign_key(&mut user(
                        HrPolicyWorkflows::Table,
                        HrPolicyWorkflows::StoppedBy,
                        ForeignKeyAction::SetNull,
                    ))
                    .to_owned(),
            )
            .await?;
        // One open onboarding publication a policy and version: two servers running the
        // onboarding job at once cannot make two.
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE UNIQUE INDEX ux_hr_policy_workflows_onboarding ON hr_policy_workflows (policy_id, version_id) \
                 WHERE onboarding AND status = 0",
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_hr_policy_workflows_policy")
                    .table(HrPolicyWorkflows::Table)
                    .col(HrPolicyWorkflows::CompanyId)
                    .col(HrPolicyWorkflows::PolicyId)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(HrPolicyRecipients::Table)
                    .col(id(HrPolicyRecipients::Id))
                    .col(ColumnDef::new(HrPolicyRecipients::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(HrPolicyRecipients::WorkflowId).big_integer().not_null())
                    .col(ColumnDef::new(HrPolicyRecipients::EmployeeId).big_integer().not_null())
                    .col(ColumnDef::new(HrPolicyRecipients::DueDate).date().null())
                    // 0 pending, 1 acknowledged, 2 declined.
                    .col(ColumnDef::new(HrPolicyRecipients::CertifyStatus).small_integer().not_null())
                    .col(ColumnDef::new(HrPolicyRecipients::CertifiedAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(HrPolicyRecipients::Comments).text().not_null())
                    .col(ColumnDef::new(HrPolicyRecipients::OverdueMailedAt).timestamp_with_time_zone().null())
                    .foreign_key(&mut company(HrPolicyRecipients::Table, HrPolicyRecipients::CompanyId))
                    .foreign_key(&mut fk(
                        (HrPolicyRecipients::Table, HrPolicyRecipients::WorkflowId),
                        (HrPolicyWorkflows::Table, HrPolicyWorkflows::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut user(
                        HrPolicyRecipients::Table,
                        HrPolicyRecipients::EmployeeId,
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_hr_policy_recipients")
                    .table(HrPolicyRecipients::Table)
                    .col(HrPolicyRecipients::WorkflowId)
                    .col(HrPolicyRecipients::EmployeeId)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_hr_policy_recipients_employee")
                    .table(HrPolicyRecipients::Table)
                    .col(HrPolicyRecipients::CompanyId)
                    .col(HrPolicyRecipients::EmployeeId)
                    .col(HrPolicyRecipients::CertifyStatus)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(HrPolicyRecipients::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(HrPolicyWorkflows::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(HrPolicyVersions::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(HrPolicies::Table).to_owned()).await?;
        manager.get_connection().execute_unprepared("DROP INDEX ux_hr_doc_requests_onboarding").await?;
        manager
            .alter_table(Table::alter().table(HrDocRequests::Table).drop_column(HrDocRequests::Onboarding).to_owned())
            .await?;
        manager
            .alter_table(Table::alter().table(HrTypes::Table).drop_column(HrTypes::OnboardingSince).to_owned())
            .await?;
        manager.alter_table(Table::alter().table(HrTypes::Table).drop_column(HrTypes::OnboardingDays).to_owned()).await
    }
}
