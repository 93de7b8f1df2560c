use sea_orm::entity::prelude::*;

/// An answer link mailed to one approver for one step; `token_hash` is the SHA-256 of its token.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "approval_links")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::ApprovalLinkId,
    pub company_id: kernel::CompanyId,
    pub flow_id: kernel::ApprovalFlowId,
    pub step: i32,
    pub approver_id: kernel::UserId,
    pub token_hash: String,
    pub expires_at: DateTimeUtc,
    pub used_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
