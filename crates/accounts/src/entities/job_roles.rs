use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "job_roles")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::JobRoleId,
    pub company_id: kernel::CompanyId,
    pub name: String,
    /// Retired roles stay on the people who have them but leave the pickers.
    pub active: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
