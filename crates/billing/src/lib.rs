//! Billing (ARCHITECTURE.md floor 3): the hosted product's trial → subscription → monthly
//! charges → retries → suspension → reactivation, with Stripe as the payment provider behind one
//! trait ([`provider::PaymentProvider`]). The HTTP contract is `docs/contracts/billing.md`.
//!
//! Off unless a provider is configured: a self-hosted install builds no [`Billing`] at all,
//! and `accounts` then ignores trial ends (`AccountsConfig::billing_enabled`).
//!
//! **Prices.** $8.00 a month plus $3.00 per active user ([`BASE_CENTS`], [`PER_USER_CENTS`]),
//! in integer cents. Users are counted when the charge is made: someone added mid-month is
//! paid for from the next charge on (if still active then), someone terminated before a charge
//! is not paid for; nothing is prorated. Each charge stores the count it used.
//!
//! **Periods.** Activation charges the first month at once; the charge day is the activation's
//! day of the month, and each next charge is on that day of the following month, clamped to the
//! month's end (spec 002 §9: activated on 31 January → 28/29 February → 31 March). A charge
//! covers its period start to the day before the next charge. Months a company spends suspended
//! are not charged: when it pays what it owed, its next charge is the charge day's next
//! occurrence from then.
//!
//! **Exactly once.** A charge is one row per company and period (a unique index is the
//! idempotency key), created with the subscription's next charge date moved on in the same
//! transaction. Each attempt is a row written before anything is sent, with the provider's
//! payment intent stored before it is confirmed (see [`provider`]); a server claims a charge
//! (`claimed_until`) before attempting it, and every outcome is settled by one conditional
//! update of the attempt (`started` → its outcome), so the job, a second server, a re-run after a
//! crash and the provider's webhook settle each attempt once. An attempt found `started` (a
//! crash, an unanswered confirm) is settled by asking the provider about its intent, never by
//! charging again.
//!
//! **Declines.** A declined charge is retried 1, 3 and 7 days after its first failure
//! ([`RETRY_GAPS`]: four attempts in all); each decline e-mails the company's admins; after the
//! fourth the company is suspended. Updating the card charges everything unpaid at once; a
//! suspended company that then owes nothing is active again ("reactivated").
//!
//! **Promotions.** The platform operator's promotion codes, one per company, take a percent or
//! an amount off the monthly charges for some months or for good ([`promotions`]); a charge
//! that comes to 0 is paid as it is made, without the provider.

mod charging;
pub mod entities;
pub mod operator;
mod overview;
pub mod promotions;
pub mod provider;
pub mod purge;
pub mod status;
mod webhooks;

pub use charging::{ChargeRun, CHARGE_JOB};
pub use overview::{
    ActivationOutcome, BillingOverview, CardUpdateOutcome, CardView, ChargeDetail, ChargePage, ChargeView,
    SubscriptionView,
};
pub use promotions::{
    CompanyPromotion, PromotionCompanies, PromotionCompany, PromotionInput, PromotionPage, PromotionQuery,
    PromotionSort, PromotionView,
};
pub use purge::purge_company;
pub use status::{AttemptStatus, ChargeStatus, CheckoutPurpose, SubscriptionStatus};
pub use webhooks::WebhookOutcome;

use accounts::Accounts;
use chrono::{Datelike, Duration, NaiveDate};
use kernel::WriteGate;
use provider::PaymentProvider;
use sea_orm::DatabaseConnection;
use std::sync::Arc;

/// The monthly base price.
pub const BASE_CENTS: i64 = 800;
/// The monthly price of each active user.
pub const PER_USER_CENTS: i64 = 300;
/// After the n-th decline the next attempt is this long after the previous one (1, 3 and 7 days
/// after the first failure); after the last, the company is suspended.
pub const RETRY_GAPS: [Duration; 3] = [Duration::days(1), Duration::days(2), Duration::days(4)];
/// Attempts a scheduled charge gets before the company is suspended.
pub const MAX_ATTEMPTS: i32 = 4;

/// The spec's message for any activation that cannot be completed (001 §8).
pub const ACTIVATION_FAILED_MESSAGE: &str =
    "There are some errors in activating your account. Please contact our support staff.";
/// The spec's message for a card that was declined (001 §8).
pub const CARD_INVALID_MESSAGE: &str = "Your credit card is invalid.";

#[derive(Debug, thiserror::Error)]
pub enum BillingError {
    /// An activation or card update whose checkout session is unknown, another company's,
    /// unfinished or used, or that does not fit the company's state.
    #[error("the activation could not be completed")]
    ActivationFailed,
    /// The card was declined for what the company owes.
    #[error("the card was declined")]
    CardDeclined,
    /// The signature of a webhook is missing, wrong or stale.
    #[error("the webhook signature is invalid")]
    InvalidSignature,
    /// A signed webhook whose body cannot be read.
    #[error("the webhook event is malformed")]
    MalformedEvent,
    /// Bad input (a promotion form, a promotion code), field by field.
    #[error("some fields are invalid")]
    Validation(kernel::FieldErrors),
    /// No such record (a promotion, a company).
    #[error("not found")]
    NotFound,
    /// The state forbids it (a promotion code in use cannot be deleted), with the message.
    #[error("{0}")]
    Conflict(String),
    #[error("the payment provider failed: {0}")]
    Provider(#[from] provider::ProviderError),
    #[error(transparent)]
    Accounts(#[from] accounts::AccountsError),
    #[error("database error: {0}")]
    Database(#[from] sea_orm::DbErr),
}

/// What billing needs to know besides the provider.
#[derive(Debug, Clone)]
pub struct BillingConfig {
    /// Where the web app is reachable: checkout returns there.
    pub public_url: String,
    /// The provider's publishable key, shown to the web app (`stripeKey`).
    pub publishable_key: Option<String>,
    /// The secret webhooks are signed with; without it every webhook is refused.
    pub webhook_secret: Option<String>,
}

/// The billing service (cheap to clone).
#[derive(Clone)]
pub struct Billing {
    db: DatabaseConnection,
    accounts: Accounts,
    provider: Arc<dyn PaymentProvider>,
    config: Arc<BillingConfig>,
    gate: WriteGate,
}

impl Billing {
    pub fn new(
        db: DatabaseConnection,
        accounts: Accounts,
        provider: Arc<dyn PaymentProvider>,
        config: BillingConfig,
        gate: WriteGate,
    ) -> Self {
        Self { db, accounts, provider, config: Arc::new(config), gate }
    }

    /// Removes the company's customer (and so its saved card) at the provider: after its
    /// account is closed. A failure is logged; the records are already gone.
    pub async fn forget_customer(&self, customer: &str) {
        if let Err(err) = self.provider.delete_customer(customer).await {
            tracing::warn!(%err, customer, "the provider's customer of a closed company was not removed");
        }
    }
}

/// The charge day of the month after `from`'s, for a subscription charged on `day` (1–31):
/// that day, or the month's last day when the month is shorter (spec 002 §9).
pub fn next_charge_date(from: NaiveDate, day: u32) -> NaiveDate {
    let (year, month) = if from.month() == 12 { (from.year() + 1, 1) } else { (from.year(), from.month() + 1) };
    clamped_day(year, month, day)
}

/// `day` of the given month, or its last day.
fn clamped_day(year: i32, month: u32, day: u32) -> NaiveDate {
    (1..=day.clamp(1, 31)).rev().find_map(|day| NaiveDate::from_ymd_opt(year, month, day)).unwrap_or(NaiveDate::MIN)
}

/// The first charge day on or after `today` for a subscription charged on `day`.
pub fn charge_day_from(today: NaiveDate, day: u32) -> NaiveDate {
    let this_month = clamped_day(today.year(), today.month(), day);
    if this_month >= today {
        this_month
    } else {
        next_charge_date(today, day)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn the_next_charge_is_the_charge_day_of_the_next_month_clamped() {
        assert_eq!(next_charge_date(date(2026, 1, 31), 31), date(2026, 2, 28));
        assert_eq!(next_charge_date(date(2028, 1, 31), 31), date(2028, 2, 29));
        assert_eq!(next_charge_date(date(2026, 2, 28), 31), date(2026, 3, 31));
        assert_eq!(next_charge_date(date(2026, 12, 15), 15), date(2027, 1, 15));
        assert_eq!(next_charge_date(date(2026, 4, 30), 30), date(2026, 5, 30));
    }

    #[test]
    fn after_a_suspension_the_charge_day_comes_round_again() {
        assert_eq!(charge_day_from(date(2026, 6, 10), 15), date(2026, 6, 15));
        assert_eq!(charge_day_from(date(2026, 6, 15), 15), date(2026, 6, 15));
        assert_eq!(charge_day_from(date(2026, 6, 16), 15), date(2026, 7, 15));
        assert_eq!(charge_day_from(date(2026, 2, 28), 31), date(2026, 2, 28));
    }

    #[test]
    fn the_retry_schedule_is_one_three_and_seven_days() {
        let mut at = Duration::zero();
        let days: Vec<i64> = RETRY_GAPS
            .iter()
            .map(|gap| {
                at += *gap;
                at.num_days()
            })
            .collect();
        assert_eq!(days, vec![1, 3, 7]);
        assert_eq!(MAX_ATTEMPTS as usize, RETRY_GAPS.len() + 1);
    }
}
