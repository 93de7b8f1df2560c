use sea_orm::entity::prelude::*;

/// A device registered as a kiosk of one work location (issue 40).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "kiosks")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::KioskId,
    pub company_id: kernel::CompanyId,
    pub location_id: kernel::LocationId,
    pub name: String,
    /// SHA-256 of the device's credential, hex.
    pub secret_hash: String,
    pub created_by: Option<kernel::UserId>,
    pub created_at: DateTimeUtc,
    pub last_used_at: Option<DateTimeUtc>,
    pub revoked_at: Option<DateTimeUtc>,
    /// Wrong PINs typed on this device in a row.
    pub failures: i32,
    pub throttled_until: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
