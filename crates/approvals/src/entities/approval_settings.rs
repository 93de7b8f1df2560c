use sea_orm::entity::prelude::*;

/// A company's approval settings: who answers when nobody else can.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "approval_settings")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub company_id: kernel::CompanyId,
    pub fallback_approver_id: Option<kernel::UserId>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
