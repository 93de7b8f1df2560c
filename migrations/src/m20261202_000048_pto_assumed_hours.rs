//! Employees exempt from overtime accrue paid sick leave on an assumed week rather than on the
//! hours they clock (issue 38: most laws assume 40 h, or the normal week if shorter): one row per
//! such person with the assumed minutes a week. No row: hours worked count. Written by the
//! `pto` crate.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PtoAssumedHours {
    Table,
    Id,
    CompanyId,
    EmployeeId,
    WeeklyMinutes,
    UpdatedBy,
    UpdatedAt,
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

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use PtoAssumedHours as A;
        manager
            .create_table(
                Table::create()
                    .table(A::Table)
                    .col(ColumnDef::new(A::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(A::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(A::EmployeeId).big_integer().not_null())
                    .col(ColumnDef::new(A::WeeklyMinutes).integer().not_null())
                    .col(ColumnDef::new(A::UpdatedBy).big_integer().null())
                    .col(ColumnDef::new(A::UpdatedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(A::Table, A::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(A::Table, A::EmployeeId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_pto_assumed_hours_person")
                    .table(A::Table)
                    .col(A::CompanyId)
                    .col(A::EmployeeId)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(PtoAssumedHours::Table).to_owned()).await
    }
}
