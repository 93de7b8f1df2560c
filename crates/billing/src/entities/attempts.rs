use crate::status::AttemptStatus;
use sea_orm::entity::prelude::*;

/// One attempt at a charge: the payment intent it created, and how it ended (`started` until
/// the provider's answer is known; then `succeeded`, `declined` or `error`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "billing_charge_attempts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub charge_id: kernel::ChargeId,
    pub company_id: kernel::CompanyId,
    pub number: i32,
    /// Made by an admin with a new card, not by the schedule: its decline does not count
    /// towards suspension.
    pub manual: bool,
    pub payment_intent_id: Option<String>,
    pub outcome: AttemptStatus,
    pub error_code: Option<String>,
    pub error_message: Option<String>,
    pub started_at: DateTimeUtc,
    pub finished_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
