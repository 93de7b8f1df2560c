use sea_orm::entity::prelude::*;

/// Which path a PTO type or the timesheet edit requests use (`target_key`: see `crate::Target`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "approval_path_uses")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: kernel::CompanyId,
    pub target_key: String,
    pub path_id: Option<kernel::ApprovalPathId>,
    pub auto_approve: bool,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
