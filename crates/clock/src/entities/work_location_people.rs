use sea_orm::entity::prelude::*;

/// A person held to a location's rules.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "work_location_people")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub location_id: kernel::LocationId,
    #[sea_orm(primary_key, auto_increment = false)]
    pub employee_id: kernel::UserId,
    pub company_id: kernel::CompanyId,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
