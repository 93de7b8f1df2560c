//! People and the company: the employee profile fields (phone, birthday, address, start and
//! termination dates), job roles that can be retired, the company profile, emergency contacts,
//! the activity timeline of each employee, and stored files (avatars and logos now, HR documents
//! later).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Companies {
    Table,
    Id,
    Logo,
    Facebook,
    Linkedin,
    Email,
    Phone,
    Address1,
    City,
    State,
    Zip,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    Phone,
    Birthday,
    Address,
    City,
    State,
    Zip,
    LastStartDate,
    LastTerminationDate,
}

#[derive(DeriveIden)]
enum JobRoles {
    Table,
    Active,
}

#[derive(DeriveIden)]
enum EmergencyContacts {
    Table,
    Id,
    CompanyId,
    EmployeeId,
    FirstName,
    LastName,
    Relationship,
    Phone,
    Email,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Activities {
    Table,
    Id,
    CompanyId,
    EmployeeId,
    ActorId,
    ActivityType,
    Title,
    Description,
    OccurredAt,
}

#[derive(DeriveIden)]
enum StoredFiles {
    Table,
    Id,
    CompanyId,
    StorageKey,
    MediaType,
    ByteSize,
    Purpose,
    CreatedBy,
    CreatedAt,
}

fn id_column<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name).big_integer().not_null().auto_increment().primary_key().to_owned()
}

fn reference<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name).big_integer().not_null().to_owned()
}

fn text<T: IntoIden>(name: T, length: u32) -> ColumnDef {
    ColumnDef::new(name).string_len(length).null().to_owned()
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

/// SQLite takes one change per `ALTER TABLE`, so every new column is its own statement.
async fn add_column(
    manager: &SchemaManager<'_>,
    table: impl IntoIden + 'static,
    column: ColumnDef,
) -> Result<(), DbErr> {
    let mut column = column;
    manager.alter_table(Table::alter().table(table).add_column(&mut column).to_owned()).await
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
        for column in [
            text(Users::Phone, 32),
            // "MM/DD": the year of birth is not the employer's business.
            text(Users::Birthday, 5),
            text(Users::Address, 200),
            text(Users::City, 100),
            text(Users::State, 100),
            text(Users::Zip, 20),
            ColumnDef::new(Users::LastStartDate).date().null().to_owned(),
            ColumnDef::new(Users::LastTerminationDate).date().null().to_owned(),
        ] {
            add_column(manager, Users::Table, column).await?;
        }
        add_column(
            manager,
            JobRoles::Table,
            ColumnDef::new(JobRoles::Active).boolean().not_null().default(true).to_owned(),
        )
        .await?;
        for column in [
            // The stored file id of the logo.
            ColumnDef::new(Companies::Logo).big_integer().null().to_owned(),
            text(Companies::Facebook, 300),
            text(Companies::Linkedin, 300),
            text(Companies::Email, 254),
            text(Companies::Phone, 32),
            text(Companies::Address1, 200),
            text(Companies::City, 100),
            text(Companies::State, 100),
            text(Companies::Zip, 20),
        ] {
            add_column(manager, Companies::Table, column).await?;
        }

        manager
            .create_table(
                Table::create()
                    .table(EmergencyContacts::Table)
                    .col(id_column(EmergencyContacts::Id))
                    .col(reference(EmergencyContacts::CompanyId))
                    .col(reference(EmergencyContacts::EmployeeId))
                    .col(ColumnDef::new(EmergencyContacts::FirstName).string_len(100).not_null())
                    .col(ColumnDef::new(EmergencyContacts::LastName).string_len(100).not_null())
                    // Relative or Friend.
                    .col(ColumnDef::new(EmergencyContacts::Relationship).string_len(16).not_null())
                    .col(ColumnDef::new(EmergencyContacts::Phone).string_len(32).not_null())
                    .col(text(EmergencyContacts::Email, 254))
                    .col(ColumnDef::new(EmergencyContacts::CreatedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(&mut company_fk(EmergencyContacts::Table, EmergencyContacts::CompanyId))
                    .foreign_key(&mut user_fk(EmergencyContacts::Table, EmergencyContacts::EmployeeId))
                    .to_owned(),
            )
            .await?;
        index(manager, "ix_emergency_contacts_employee", EmergencyContacts::Table, &["company_id", "employee_id"])
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(Activities::Table)
                    .col(id_column(Activities::Id))
                    .col(reference(Activities::CompanyId))
                    // Whose timeline it is on.
                    .col(reference(Activities::EmployeeId))
                    // Who did it; NULL when the system did.
                    .col(ColumnDef::new(Activities::ActorId).big_integer().null())
                    // EMPLOYEE_START, EMPLOYEE_TERNIMATE (the spec's spelling), EMPLOYEE_REACTIVATE, ...
                    .col(ColumnDef::new(Activities::ActivityType).string_len(32).not_null())
                    .col(ColumnDef::new(Activities::Title).string_len(200).not_null())
                    .col(ColumnDef::new(Activities::Description).string_len(1000).not_null())
                    .col(ColumnDef::new(Activities::OccurredAt).timestamp_with_time_zone().not_null())
                    .foreign_key(&mut company_fk(Activities::Table, Activities::CompanyId))
                    .foreign_key(&mut user_fk(Activities::Table, Activities::EmployeeId))
                    .to_owned(),
            )
            .await?;
        index(manager, "ix_activities_employee", Activities::Table, &["company_id", "employee_id", "occurred_at"])
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(StoredFiles::Table)
                    .col(id_column(StoredFiles::Id))
                    .col(reference(StoredFiles::CompanyId))
                    // Where the bytes are in the file store; random, never derived from user input.
                    .col(ColumnDef::new(StoredFiles::StorageKey).string_len(100).not_null().unique_key())
                    .col(ColumnDef::new(StoredFiles::MediaType).string_len(100).not_null())
                    .col(ColumnDef::new(StoredFiles::ByteSize).big_integer().not_null())
                    // avatar, logo, hr-document, ...
                    .col(ColumnDef::new(StoredFiles::Purpose).string_len(32).not_null())
                    .col(reference(StoredFiles::CreatedBy))
                    .col(ColumnDef::new(StoredFiles::CreatedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(&mut company_fk(StoredFiles::Table, StoredFiles::CompanyId))
                    .to_owned(),
            )
            .await?;
        index(manager, "ix_stored_files_company", StoredFiles::Table, &["company_id"]).await?;
        index(manager, "ix_users_company_status_name", Users::Table, &["company_id", "status", "last_name"]).await?;
        Ok(())
    }

    /// Drops the new tables; the added columns stay, as SQLite before 3.35 cannot drop columns.
    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in
            [StoredFiles::Table.into_iden(), Activities::Table.into_iden(), EmergencyContacts::Table.into_iden()]
        {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
