//! Companies (the tenants), their users, sessions, e-mail tokens and the sign-in throttle.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Companies {
    Table,
    Id,
    Name,
    TimeZone,
    TrialEnd,
    Suspended,
    HasHrSubscription,
    IntegratedWithAz,
    SignupFromAz,
    CreatedAt,
}

#[derive(DeriveIden)]
enum JobRoles {
    Table,
    Id,
    CompanyId,
    Name,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    CompanyId,
    Email,
    PasswordHash,
    FirstName,
    LastName,
    Role,
    ManagerId,
    JobRoleId,
    Status,
    EmailVerifiedAt,
    Avatar,
    JoyrideDone,
    FirstTimeLogin,
    PasswordChangeRequired,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Sessions {
    Table,
    Id,
    UserId,
    ImpersonatorId,
    CreatedAt,
    ExpiresAt,
    RevokedAt,
    Ip,
    UserAgent,
}

#[derive(DeriveIden)]
enum EmailTokens {
    Table,
    Id,
    UserId,
    Purpose,
    TokenHash,
    ExpiresAt,
    UsedAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum AuthThrottle {
    Table,
    Key,
    WindowStartedAt,
    Failures,
    BlockedUntil,
}

fn id_column<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name).big_integer().not_null().auto_increment().primary_key().to_owned()
}

fn instant<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name).timestamp_with_time_zone().not_null().to_owned()
}

fn optional_instant<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name).timestamp_with_time_zone().null().to_owned()
}

fn flag<T: IntoIden>(name: T, default: bool) -> ColumnDef {
    ColumnDef::new(name).boolean().not_null().default(default).to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Companies::Table)
                    .col(id_column(Companies::Id))
                    .col(ColumnDef::new(Companies::Name).string_len(120).not_null())
                    .col(ColumnDef::new(Companies::TimeZone).string_len(64).not_null())
                    .col(ColumnDef::new(Companies::TrialEnd).date().null())
                    .col(flag(Companies::Suspended, false))
                    .col(flag(Companies::HasHrSubscription, false))
                    .col(flag(Companies::IntegratedWithAz, false))
                    .col(flag(Companies::SignupFromAz, false))
                    .col(instant(Companies::CreatedAt))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(JobRoles::Table)
                    .col(id_column(JobRoles::Id))
                    .col(ColumnDef::new(JobRoles::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(JobRoles::Name).string_len(100).not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(JobRoles::Table, JobRoles::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_job_roles_company_name")
                    .table(JobRoles::Table)
                    .col(JobRoles::CompanyId)
                    .col(JobRoles::Name)
                    .unique()
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(Users::Table)
                    .col(id_column(Users::Id))
                    // NULL only for the platform's system admins, who belong to no company.
                    .col(ColumnDef::new(Users::CompanyId).big_integer().null())
                    // Stored lower-cased: sign-in is by e-mail, across all companies.
                    .col(ColumnDef::new(Users::Email).string_len(254).not_null().unique_key())
                    .col(ColumnDef::new(Users::PasswordHash).string_len(255).null())
                    .col(ColumnDef::new(Users::FirstName).string_len(50).not_null())
                    .col(ColumnDef::new(Users::LastName).string_len(50).not_null())
                    .col(ColumnDef::new(Users::Role).string_len(16).not_null())
                    .col(ColumnDef::new(Users::ManagerId).big_integer().null())
                    .col(ColumnDef::new(Users::JobRoleId).big_integer().null())
                    // 1 active, 0 terminated (spec: employee status 1 = active).
                    .col(ColumnDef::new(Users::Status).small_integer().not_null().default(1))
                    .col(optional_instant(Users::EmailVerifiedAt))
                    .col(ColumnDef::new(Users::Avatar).string_len(255).null())
                    .col(flag(Users::JoyrideDone, false))
                    .col(flag(Users::FirstTimeLogin, true))
                    .col(flag(Users::PasswordChangeRequired, false))
                    .col(instant(Users::CreatedAt))
                    .col(instant(Users::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Users::Table, Users::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Users::Table, Users::ManagerId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Users::Table, Users::JobRoleId)
                            .to(JobRoles::Table, JobRoles::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_users_company")
                    .table(Users::Table)
                    .col(Users::CompanyId)
                    .col(Users::LastName)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("ix_users_manager").table(Users::Table).col(Users::ManagerId).to_owned())
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(Sessions::Table)
                    .col(ColumnDef::new(Sessions::Id).string_len(64).not_null().primary_key())
                    .col(ColumnDef::new(Sessions::UserId).big_integer().not_null())
                    .col(ColumnDef::new(Sessions::ImpersonatorId).big_integer().null())
                    .col(instant(Sessions::CreatedAt))
                    .col(instant(Sessions::ExpiresAt))
                    .col(optional_instant(Sessions::RevokedAt))
                    .col(ColumnDef::new(Sessions::Ip).string_len(64).null())
                    .col(ColumnDef::new(Sessions::UserAgent).string_len(255).null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(Sessions::Table, Sessions::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Sessions::Table, Sessions::ImpersonatorId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("ix_sessions_user").table(Sessions::Table).col(Sessions::UserId).to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(EmailTokens::Table)
                    .col(id_column(EmailTokens::Id))
                    .col(ColumnDef::new(EmailTokens::UserId).big_integer().not_null())
                    .col(ColumnDef::new(EmailTokens::Purpose).string_len(16).not_null())
                    // SHA-256 of the token: a leaked table does not leak usable links.
                    .col(ColumnDef::new(EmailTokens::TokenHash).string_len(64).not_null().unique_key())
                    .col(instant(EmailTokens::ExpiresAt))
                    .col(optional_instant(EmailTokens::UsedAt))
                    .col(instant(EmailTokens::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(EmailTokens::Table, EmailTokens::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(AuthThrottle::Table)
                    .col(ColumnDef::new(AuthThrottle::Key).string_len(320).not_null().primary_key())
                    .col(instant(AuthThrottle::WindowStartedAt))
                    .col(ColumnDef::new(AuthThrottle::Failures).integer().not_null())
                    .col(optional_instant(AuthThrottle::BlockedUntil))
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            AuthThrottle::Table.into_iden(),
            EmailTokens::Table.into_iden(),
            Sessions::Table.into_iden(),
            Users::Table.into_iden(),
            JobRoles::Table.into_iden(),
            Companies::Table.into_iden(),
        ] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
