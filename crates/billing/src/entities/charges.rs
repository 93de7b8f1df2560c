use crate::status::ChargeStatus;
use sea_orm::entity::prelude::*;

/// One month's charge of a company: unique per company and `period_start`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "billing_charges")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::ChargeId,
    pub company_id: kernel::CompanyId,
    pub period_start: Date,
    pub period_end: Date,
    pub user_count: i32,
    pub base_cents: i64,
    /// The price of one user (the charge has `user_count` of them).
    pub per_user_cents: i64,
    /// What the company's promotion took off (cents), included in `total_cents`.
    pub discount_cents: i64,
    /// The promotion code applied to this charge, as it was then.
    pub promotion_code: Option<String>,
    pub total_cents: i64,
    /// `pending`, `paid`, `retrying` or `failed`.
    pub status: ChargeStatus,
    pub failures: i32,
    pub next_attempt_at: Option<DateTimeUtc>,
    /// A server attempting this charge holds it until then.
    pub claimed_until: Option<DateTimeUtc>,
    pub paid_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
