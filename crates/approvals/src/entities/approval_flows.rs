use crate::model::{FlowKind, FlowState};
use sea_orm::entity::prelude::*;

/// One request's walk along its path. `request_id` is a time-off request's or a timesheet edit
/// request's id, as `kind` says (hence untyped); `steps` is the path's snapshot when the request
/// was filed (JSON of `Vec<crate::Step>`, only the steps whose condition held).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "approval_flows")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::ApprovalFlowId,
    pub company_id: kernel::CompanyId,
    pub kind: FlowKind,
    pub request_id: i64,
    pub employee_id: kernel::UserId,
    pub requester_id: kernel::UserId,
    pub path_id: Option<kernel::ApprovalPathId>,
    pub steps: String,
    /// The current step, from 1.
    pub step: i32,
    pub step_count: i32,
    pub step_since: DateTimeUtc,
    pub state: FlowState,
    pub remind_at: Option<DateTimeUtc>,
    pub escalate_at: Option<DateTimeUtc>,
    /// What the request asks for, as the mails and the answer page say it.
    pub summary: String,
    pub reason: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
