use sea_orm::entity::prelude::*;

/// The promotion a company redeemed (one per company: a new code replaces the old), and how
/// many monthly charges it still applies to (`None`: every charge).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "billing_promotion_redemptions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub company_id: kernel::CompanyId,
    pub promotion_id: kernel::PromotionId,
    pub redeemed_at: DateTimeUtc,
    pub months_left: Option<i32>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
