use crate::model::Decision;
use sea_orm::entity::prelude::*;

/// An answer to a step: by whom, as whom (`principal_id`, none when an admin approved every
/// remaining step at once).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "approval_answers")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: kernel::CompanyId,
    pub flow_id: kernel::ApprovalFlowId,
    pub step: i32,
    pub principal_id: Option<kernel::UserId>,
    pub answered_by: kernel::UserId,
    pub decision: Decision,
    pub all_steps: bool,
    pub via_link: bool,
    pub comment: Option<String>,
    pub at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
