use sea_orm::entity::prelude::*;

/// A producer's licence in a state; the expiry is stored as the state gave it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "licences")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::LicenceId,
    pub company_id: kernel::CompanyId,
    pub employee_id: kernel::UserId,
    pub state: String,
    pub number: String,
    pub licence_type: String,
    /// Line-of-authority codes, comma separated.
    pub lines: String,
    pub residency: crate::model::Residency,
    pub issued_on: Date,
    pub status: crate::model::LicenceStatus,
    pub status_on: Option<Date>,
    pub expires_on: Date,
    pub file_id: Option<kernel::FileId>,
    pub file_name: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
