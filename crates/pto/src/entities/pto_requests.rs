use sea_orm::entity::prelude::*;

/// A time-off request (see `crate::requests`). Days are the company's local days; times of a
/// partial day are its wall clock (`HH:MM`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pto_requests")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::PtoRequestId,
    pub company_id: kernel::CompanyId,
    pub employee_id: kernel::UserId,
    pub pto_type_id: kernel::ids::PtoTypeId,
    pub start_date: Date,
    pub end_date: Date,
    pub partial: bool,
    pub start_time: Option<String>,
    pub end_time: Option<String>,
    pub include_weekend: bool,
    pub reason: String,
    /// Stored as the enum's numbers (0 raised, 1 approved, 2 rejected, 3 cancelled); the wire's
    /// are [`crate::requests::wire_code`]'s.
    pub status: kernel::RequestStatus,
    pub requested_by: Option<kernel::UserId>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub acted_by: Option<kernel::UserId>,
    pub acted_at: Option<DateTimeUtc>,
    pub act_comment: Option<String>,
    pub cancelled_by: Option<kernel::UserId>,
    pub cancelled_at: Option<DateTimeUtc>,
    /// The status a cancelled request had before.
    pub cancelled_from: Option<kernel::RequestStatus>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
