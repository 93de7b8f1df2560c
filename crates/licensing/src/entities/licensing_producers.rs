use sea_orm::entity::prelude::*;

/// A person's National Producer Number and resident state.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "licensing_producers")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::ProducerId,
    pub company_id: kernel::CompanyId,
    pub employee_id: kernel::UserId,
    pub npn: String,
    pub resident_state: String,
    pub updated_by: kernel::UserId,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
