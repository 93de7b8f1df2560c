use sea_orm::entity::prelude::*;

/// The CE one licence cycle requires.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "ce_requirements")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::CeRequirementId,
    pub company_id: kernel::CompanyId,
    pub licence_id: kernel::LicenceId,
    pub cycle_start: Date,
    pub due_on: Date,
    pub total_minutes: i32,
    pub ethics_minutes: i32,
    /// JSON: `[{"topic": "flood", "minutes": 180}]`.
    pub topics: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
