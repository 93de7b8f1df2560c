use sea_orm::entity::prelude::*;

/// One person's part in a publication: the compliance record of their answer.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "hr_policy_recipients")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: kernel::CompanyId,
    pub workflow_id: kernel::PolicyWorkflowId,
    pub employee_id: kernel::UserId,
    pub due_date: Option<Date>,
    /// 0 pending, 1 acknowledged, 2 declined.
    pub certify_status: i16,
    pub certified_at: Option<DateTimeUtc>,
    pub comments: String,
    pub overdue_mailed_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
