use sea_orm::entity::prelude::*;

/// One publication of a policy (002 §3 "Workflow").
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "hr_policy_workflows")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::PolicyWorkflowId,
    pub company_id: kernel::CompanyId,
    pub policy_id: kernel::PolicyId,
    pub version_id: i64,
    /// 1 entire team, 0 chosen members, 2 job roles.
    pub audience: i16,
    /// The chosen members' or job roles' ids, a JSON array.
    pub audience_ids: String,
    pub due_date: Option<Date>,
    pub onboarding: bool,
    /// 0 active, 2 cancelled, 3 stopped.
    pub status: i16,
    pub published_by: Option<kernel::UserId>,
    pub published_at: DateTimeUtc,
    pub modified_at: DateTimeUtc,
    pub stopped_by: Option<kernel::UserId>,
    pub stopped_at: Option<DateTimeUtc>,
    pub cancelled_at: Option<DateTimeUtc>,
    pub reminded_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
