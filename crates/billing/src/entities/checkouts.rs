use crate::status::CheckoutPurpose;
use sea_orm::entity::prelude::*;

/// A checkout session this server started at the provider, for one company and one purpose
/// (`activate` or `update-card`); used once. The screen offers the same one for an hour rather
/// than start one at the provider on every visit.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "billing_checkouts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: kernel::CompanyId,
    pub session_id: String,
    pub purpose: CheckoutPurpose,
    /// The provider's hosted page.
    pub url: String,
    pub created_at: DateTimeUtc,
    pub used_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
