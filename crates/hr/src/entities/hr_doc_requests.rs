use sea_orm::entity::prelude::*;

/// A request for a document from an employee (001 §3 "Doc request").
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "hr_doc_requests")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::DocRequestId,
    pub company_id: kernel::CompanyId,
    pub employee_id: kernel::UserId,
    pub doc_type_id: kernel::HrTypeId,
    pub due_date: Date,
    pub comments: String,
    /// 0 open, 1 fulfilled, 2 cancelled ([`crate::records::DocRequestStatus`]).
    pub status: crate::records::DocRequestStatus,
    pub created_by: Option<kernel::UserId>,
    pub created_at: DateTimeUtc,
    pub completed_at: Option<DateTimeUtc>,
    pub cancelled_by: Option<kernel::UserId>,
    pub cancelled_at: Option<DateTimeUtc>,
    pub overdue_mailed_at: Option<DateTimeUtc>,
    /// Made by the onboarding job for a new employee (at most one a person and type).
    pub onboarding: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
