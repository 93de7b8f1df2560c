use sea_orm::entity::prelude::*;

/// A promotion code of the platform (made by its operator; no company's): what it takes off a
/// monthly charge — `percent_off` (1–100) or `amount_off_cents`, exactly one of them — for how
/// many charges (`months`, or every charge), and the last day it can be redeemed.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "billing_promotions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::PromotionId,
    /// Upper-case, unique.
    pub code: String,
    pub description: String,
    pub percent_off: Option<i32>,
    pub amount_off_cents: Option<i64>,
    pub months: Option<i32>,
    pub expires_on: Option<Date>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
