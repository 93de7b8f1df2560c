use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pto_types")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::ids::PtoTypeId,
    pub company_id: kernel::CompanyId,
    pub name: String,
    /// "#rrggbb".
    pub color: String,
    pub payable: bool,
    pub available: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// Set when deleted: hidden everywhere, kept for the records that name it.
    pub deleted_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
