//! Paid holidays (spec 002 §3 "Paid holiday") and each employee's hours for them (001 §3
//! "Holiday hours"). A holiday is a company's day off with pay; its `year` is the year of its date
//! (002 §5). A deleted holiday keeps its row (`deleted_at`, `deleted_by`): reports of past pay
//! periods still find it and say who removed it. An employee's hours are stored only where they
//! differ from the 8 hours everyone gets (002 §9); minutes, like every duration.

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
enum PaidHolidays {
    Table,
    Id,
    CompanyId,
    Name,
    Holiday,
    Year,
    CreatedBy,
    CreatedAt,
    UpdatedAt,
    DeletedBy,
    DeletedAt,
}

#[derive(DeriveIden)]
enum EmployeeHolidayHours {
    Table,
    Id,
    CompanyId,
    HolidayId,
    EmployeeId,
    Minutes,
    UpdatedBy,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(PaidHolidays::Table)
                    .col(ColumnDef::new(PaidHolidays::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(PaidHolidays::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(PaidHolidays::Name).string_len(100).not_null())
                    .col(ColumnDef::new(PaidHolidays::Holiday).date().not_null())
                    .col(ColumnDef::new(PaidHolidays::Year).integer().not_null())
                    .col(ColumnDef::new(PaidHolidays::CreatedBy).big_integer().null())
                    .col(ColumnDef::new(PaidHolidays::CreatedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(PaidHolidays::UpdatedAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(PaidHolidays::DeletedBy).big_integer().null())
                    .col(ColumnDef::new(PaidHolidays::DeletedAt).timestamp_with_time_zone().null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(PaidHolidays::Table, PaidHolidays::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(PaidHolidays::Table, PaidHolidays::CreatedBy)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(PaidHolidays::Table, PaidHolidays::DeletedBy)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        // One holiday a day per company among those not deleted; a year's list reads this index.
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE UNIQUE INDEX ux_paid_holidays_day ON paid_holidays (company_id, holiday) \
                 WHERE deleted_at IS NULL",
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(EmployeeHolidayHours::Table)
                    .col(
                        ColumnDef::new(EmployeeHolidayHours::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(EmployeeHolidayHours::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(EmployeeHolidayHours::HolidayId).big_integer().not_null())
                    .col(ColumnDef::new(EmployeeHolidayHours::EmployeeId).big_integer().not_null())
                    .col(ColumnDef::new(EmployeeHolidayHours::Minutes).integer().not_null())
                    .col(ColumnDef::new(EmployeeHolidayHours::UpdatedBy).big_integer().null())
                    .col(ColumnDef::new(EmployeeHolidayHours::UpdatedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(EmployeeHolidayHours::Table, EmployeeHolidayHours::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(EmployeeHolidayHours::Table, EmployeeHolidayHours::HolidayId)
                            .to(PaidHolidays::Table, PaidHolidays::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(EmployeeHolidayHours::Table, EmployeeHolidayHours::EmployeeId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(EmployeeHolidayHours::Table, EmployeeHolidayHours::UpdatedBy)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_employee_holiday_hours")
                    .table(EmployeeHolidayHours::Table)
                    .col(EmployeeHolidayHours::EmployeeId)
                    .col(EmployeeHolidayHours::HolidayId)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(EmployeeHolidayHours::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(PaidHolidays::Table).to_owned()).await
    }
}
