use sea_orm::entity::prelude::*;

/// An HR event in an employee's folder (001 §3 "HR event").
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "hr_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::HrEventId,
    pub company_id: kernel::CompanyId,
    pub employee_id: kernel::UserId,
    pub event_type_id: kernel::HrTypeId,
    pub title: String,
    /// Sanitised rich text.
    pub comments: String,
    pub action_date: Option<Date>,
    pub ack_needed: bool,
    /// Seen by the employee it is about and by admins only, not by managers.
    pub owner_only: bool,
    pub acked_at: Option<DateTimeUtc>,
    pub file_id: Option<kernel::FileId>,
    pub file_name: Option<String>,
    pub media_type: Option<String>,
    pub byte_size: Option<i64>,
    pub created_by: Option<kernel::UserId>,
    pub created_at: DateTimeUtc,
    pub deleted_by: Option<kernel::UserId>,
    pub deleted_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
