use sea_orm::entity::prelude::*;

/// A company's work location and its rules (issue 40).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "work_locations")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::LocationId,
    pub company_id: kernel::CompanyId,
    pub name: String,
    pub time_zone: String,
    pub address: Option<String>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub radius_m: i32,
    /// `flag` or `block`.
    pub geofence_mode: String,
    /// One address or CIDR block per line; empty: no allow-list.
    pub ip_allow: String,
    /// `flag` or `block`.
    pub ip_mode: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
