use sea_orm::entity::prelude::*;

/// A time-off request (see `crate::requests`). Days are the company's local days; times of a
/// partial day are its wall clock (`HH:MM`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pto_requests")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: i64,
    pub employee_id: i64,
    pub pto_type_id: i64,
    pub start_date: Date,
    pub end_date: Date,
    pub partial: bool,
    pub start_time: Option<String>,
    pub end_time: Option<String>,
    pub include_weekend: bool,
    pub reason: String,
    /// [`crate::requests::RequestState`] code: 0 pending, 3 approved, 4 denied, 5 cancelled.
    pub status: i16,
    pub requested_by: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub acted_by: Option<i64>,
    pub acted_at: Option<DateTimeUtc>,
    pub act_comment: Option<String>,
    pub cancelled_by: Option<i64>,
    pub cancelled_at: Option<DateTimeUtc>,
    pub cancelled_from: Option<i16>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
