use sea_orm::entity::prelude::*;

/// An approver (a principal: stand-ins answer for them) of a step, as it became current or as an
/// escalation added them.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "approval_waiting")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: kernel::CompanyId,
    pub flow_id: kernel::ApprovalFlowId,
    pub step: i32,
    pub principal_id: kernel::UserId,
    pub escalated: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
