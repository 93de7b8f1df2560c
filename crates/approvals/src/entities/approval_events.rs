use crate::model::EventKind;
use sea_orm::entity::prelude::*;

/// A reminder or an escalation of a step; `to_people` is the JSON list of the user ids told.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "approval_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: kernel::CompanyId,
    pub flow_id: kernel::ApprovalFlowId,
    pub step: i32,
    pub kind: EventKind,
    pub to_people: String,
    pub at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
