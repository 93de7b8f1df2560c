use crate::status::SubscriptionStatus;
use sea_orm::entity::prelude::*;

/// A company's billing account: its customer and card at the provider, and its subscription
/// once activated (`status` is then `active`, `past_due` or `suspended`; `trial` before).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "billing_accounts")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub company_id: kernel::CompanyId,
    pub customer_id: Option<String>,
    pub payment_method_id: Option<String>,
    pub card_brand: Option<String>,
    pub card_last4: Option<String>,
    pub card_exp_month: Option<i32>,
    pub card_exp_year: Option<i32>,
    pub status: SubscriptionStatus,
    pub subscribed_on: Option<Date>,
    pub recurring_day: Option<i32>,
    pub next_charge_on: Option<Date>,
    pub reactivated_at: Option<DateTimeUtc>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
