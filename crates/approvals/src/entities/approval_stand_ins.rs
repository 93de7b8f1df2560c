use sea_orm::entity::prelude::*;

/// `stand_in_id` answers for `person_id` from `starts_on` to `ends_on` (the company's days).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "approval_stand_ins")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::StandInId,
    pub company_id: kernel::CompanyId,
    pub person_id: kernel::UserId,
    pub stand_in_id: kernel::UserId,
    pub starts_on: Date,
    pub ends_on: Date,
    pub set_by: kernel::UserId,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
