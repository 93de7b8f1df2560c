//! Where presses come from (issue 40): a company's work locations with their rules, who works
//! where, and each press's source and place verdict. All written by the `clock` crate.
//!
//! `work_locations`: name, zone, address, an optional geofence (centre and radius in metres)
//! and an optional IP allow-list (one address or CIDR block per line), each rule with its mode
//! (`flag` accepts and marks, `block` refuses a clock-in).
//!
//! `work_location_people`: who is held to which location's rules (nobody listed: no rule).
//!
//! `time_entry_actions` gains the press's `source` (web, kiosk, offline, edit) and, for people
//! with locations, its verdict: the location judged, the geofence's (`inside`, `outside`,
//! `uncertain`, `no_position`) and the allow-list's (`allowed`, `refused`) verdicts, the reason
//! shown when flagged, and the position and address it was judged on. The position and
//! address are cleared after the company's `position_retention_days` (on `time_settings`,
//! default 90); the verdict stays.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum WorkLocations {
    Table,
    Id,
    CompanyId,
    Name,
    TimeZone,
    Address,
    Latitude,
    Longitude,
    RadiusM,
    GeofenceMode,
    IpAllow,
    IpMode,
    CreatedAt,
}

#[derive(DeriveIden)]
enum WorkLocationPeople {
    Table,
    LocationId,
    EmployeeId,
    CompanyId,
}

#[derive(DeriveIden)]
enum TimeEntryActions {
    Table,
    Source,
    LocationId,
    PlaceVerdict,
    IpVerdict,
    PlaceNote,
    Latitude,
    Longitude,
    AccuracyM,
    ClientIp,
}

#[derive(DeriveIden)]
enum TimeSettings {
    Table,
    PositionRetentionDays,
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

/// The columns added to `time_entry_actions`, one `ALTER` each (SQLite adds one at a time).
fn action_columns() -> Vec<ColumnDef> {
    use TimeEntryActions as A;
    vec![
        ColumnDef::new(A::Source).string_len(8).not_null().default("web").to_owned(),
        ColumnDef::new(A::LocationId).big_integer().null().to_owned(),
        ColumnDef::new(A::PlaceVerdict).string_len(12).null().to_owned(),
        ColumnDef::new(A::IpVerdict).string_len(8).null().to_owned(),
        ColumnDef::new(A::PlaceNote).text().null().to_owned(),
        ColumnDef::new(A::Latitude).double().null().to_owned(),
        ColumnDef::new(A::Longitude).double().null().to_owned(),
        ColumnDef::new(A::AccuracyM).integer().null().to_owned(),
        ColumnDef::new(A::ClientIp).string_len(45).null().to_owned(),
    ]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use WorkLocations as L;
        manager
            .create_table(
                Table::create()
                    .table(L::Table)
                    .col(ColumnDef::new(L::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(L::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(L::Name).string_len(100).not_null())
                    .col(ColumnDef::new(L::TimeZone).string_len(64).not_null())
                    .col(ColumnDef::new(L::Address).string_len(300).null())
                    .col(ColumnDef::new(L::Latitude).double().null())
                    .col(ColumnDef::new(L::Longitude).double().null())
                    .col(ColumnDef::new(L::RadiusM).integer().not_null().default(150))
                    .col(ColumnDef::new(L::GeofenceMode).string_len(8).not_null().default("flag"))
                    .col(ColumnDef::new(L::IpAllow).text().not_null().default(""))
                    .col(ColumnDef::new(L::IpMode).string_len(8).not_null().default("flag"))
                    .col(ColumnDef::new(L::CreatedAt).timestamp_with_time_zone().not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(L::Table, L::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_work_locations_company").table(L::Table).col(L::CompanyId).to_owned(),
            )
            .await?;
        use WorkLocationPeople as P;
        manager
            .create_table(
                Table::create()
                    .table(P::Table)
                    .col(ColumnDef::new(P::LocationId).big_integer().not_null())
                    .col(ColumnDef::new(P::EmployeeId).big_integer().not_null())
                    .col(ColumnDef::new(P::CompanyId).big_integer().not_null())
                    .primary_key(Index::create().col(P::LocationId).col(P::EmployeeId))
                    .foreign_key(
                        ForeignKey::create()
                            .from(P::Table, P::LocationId)
                            .to(L::Table, L::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(P::Table, P::EmployeeId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(P::Table, P::CompanyId)
                            .to(Companies::Table, Companies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_work_location_people_person")
                    .table(P::Table)
                    .col(P::CompanyId)
                    .col(P::EmployeeId)
                    .to_owned(),
            )
            .await?;
        for column in action_columns() {
            manager.alter_table(Table::alter().table(TimeEntryActions::Table).add_column(column).to_owned()).await?;
        }
        manager
            .alter_table(
                Table::alter()
                    .table(TimeSettings::Table)
                    .add_column(ColumnDef::new(TimeSettings::PositionRetentionDays).integer().not_null().default(90))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter().table(TimeSettings::Table).drop_column(TimeSettings::PositionRetentionDays).to_owned(),
            )
            .await?;
        use TimeEntryActions as A;
        for column in [
            A::Source,
            A::LocationId,
            A::PlaceVerdict,
            A::IpVerdict,
            A::PlaceNote,
            A::Latitude,
            A::Longitude,
            A::AccuracyM,
            A::ClientIp,
        ] {
            manager.alter_table(Table::alter().table(A::Table).drop_column(column).to_owned()).await?;
        }
        manager.drop_table(Table::drop().table(WorkLocationPeople::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(WorkLocations::Table).to_owned()).await
    }
}
