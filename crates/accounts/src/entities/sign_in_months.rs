use sea_orm::entity::prelude::*;

/// A month (its first day, UTC) in which a member of the company signed in themselves: the
/// operator's chart of active companies counts these (see `crate::usage`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sign_in_months")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub company_id: kernel::CompanyId,
    #[sea_orm(primary_key, auto_increment = false)]
    pub month: Date,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
