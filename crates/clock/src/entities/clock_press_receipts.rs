use sea_orm::entity::prelude::*;

/// A press sent with an `Idempotency-Key` (issue 39): its identity and, for a press made
/// offline, what the phone said and what became of it. Kept for good.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "clock_press_receipts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: kernel::CompanyId,
    pub employee_id: kernel::UserId,
    pub idempotency_key: String,
    /// What the key was first sent with.
    pub fingerprint: String,
    /// start, break, resume or end.
    pub action: String,
    pub entry_id: Option<kernel::EntryId>,
    pub offline: bool,
    pub device_time: Option<DateTimeUtc>,
    pub offset_ms: Option<i64>,
    pub recorded_at: DateTimeUtc,
    pub received_at: DateTimeUtc,
    pub held: bool,
    pub reason: Option<String>,
    pub request_id: Option<kernel::EditRequestId>,
    pub response: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
