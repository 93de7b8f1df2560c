//! The closed sets of states billing stores, as enums rather than bare strings.
//!
//! Each is stored as text, the same string it always was (so stored rows read as they did, and
//! no migration was needed), and travels in JSON as that same string: [`code`] for each is the
//! one spelling, kept equal to the stored value and to the serialized one by the tests below.
//!
//! [`code`]: SubscriptionStatus::code

use sea_orm::entity::prelude::*;
use sea_orm::Iterable;
use serde::Serialize;

/// Where a company's subscription stands (`billing_accounts.status`): on `trial` until it is
/// activated; then `active`, `past_due` while a declined charge is retried, and `suspended`
/// after the last decline (until it pays, or the operator reinstates it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum, Serialize)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum SubscriptionStatus {
    #[sea_orm(string_value = "trial")]
    Trial,
    #[sea_orm(string_value = "active")]
    Active,
    #[sea_orm(string_value = "past_due")]
    PastDue,
    #[sea_orm(string_value = "suspended")]
    Suspended,
}

impl SubscriptionStatus {
    /// The subscriptions the charge job charges: running, whether or not a charge is owed.
    pub const CHARGED: [Self; 2] = [Self::Active, Self::PastDue];

    /// The string stored and sent for this status.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Trial => "trial",
            Self::Active => "active",
            Self::PastDue => "past_due",
            Self::Suspended => "suspended",
        }
    }
}

/// Where one month's charge stands (`billing_charges.status`): `pending` until its first
/// attempt settles; `paid`; `retrying` after a decline, on the retry schedule; `failed` after the
/// last scheduled attempt (a new card or the operator's retry can still pay it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum, Serialize)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum ChargeStatus {
    #[sea_orm(string_value = "pending")]
    Pending,
    #[sea_orm(string_value = "paid")]
    Paid,
    #[sea_orm(string_value = "retrying")]
    Retrying,
    #[sea_orm(string_value = "failed")]
    Failed,
}

impl ChargeStatus {
    /// The charges the schedule attempts (when their next attempt is due).
    pub const SCHEDULED: [Self; 2] = [Self::Pending, Self::Retrying];
    /// The charges not paid: a new card or the operator's retry attempts each.
    pub const UNPAID: [Self; 3] = [Self::Pending, Self::Retrying, Self::Failed];
    /// The charges the company owes: declined ones, being retried or failed.
    pub const OWED: [Self; 2] = [Self::Retrying, Self::Failed];

    /// The string stored and sent for this status.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Paid => "paid",
            Self::Retrying => "retrying",
            Self::Failed => "failed",
        }
    }

    /// The status a code names, if any (the operator's filter, from a query string).
    pub fn from_code(code: &str) -> Option<Self> {
        Self::iter().find(|status| status.code() == code)
    }
}

/// How one attempt at a charge ended (`billing_charge_attempts.outcome`): `started` until the
/// provider's answer is known; then `succeeded`, `declined`, or `error` (the provider refused
/// the request or could not be reached before a payment existed, or the attempt was
/// interrupted).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum, Serialize)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum AttemptStatus {
    #[sea_orm(string_value = "started")]
    Started,
    #[sea_orm(string_value = "succeeded")]
    Succeeded,
    #[sea_orm(string_value = "declined")]
    Declined,
    #[sea_orm(string_value = "error")]
    Error,
}

impl AttemptStatus {
    /// The string stored and sent for this outcome.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Started => "started",
            Self::Succeeded => "succeeded",
            Self::Declined => "declined",
            Self::Error => "error",
        }
    }
}

/// What a checkout session was started for (`billing_checkouts.purpose`): saving the first card
/// to `activate` the subscription, or replacing the card (`update-card`). The code is also the
/// `action` the provider's page returns to the Billing screen with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
pub enum CheckoutPurpose {
    #[sea_orm(string_value = "activate")]
    Activate,
    #[sea_orm(string_value = "update-card")]
    UpdateCard,
}

impl CheckoutPurpose {
    /// The string stored, and put in the checkout's return address.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Activate => "activate",
            Self::UpdateCard => "update-card",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stored value, the code and the JSON are one string for every variant.
    fn one_spelling<T>(codes: &[&str], code: impl Fn(&T) -> &'static str)
    where
        T: ActiveEnum<Value = String> + Iterable + Serialize + PartialEq + std::fmt::Debug,
    {
        let all: Vec<T> = T::iter().collect();
        assert_eq!(all.iter().map(&code).collect::<Vec<_>>(), codes);
        for status in &all {
            assert_eq!(status.to_value(), code(status));
            assert_eq!(&T::try_from_value(&code(status).to_owned()).unwrap(), status);
            assert_eq!(serde_json::to_string(status).unwrap(), format!("\"{}\"", code(status)));
        }
    }

    #[test]
    fn statuses_are_stored_and_sent_as_they_always_were() {
        one_spelling::<SubscriptionStatus>(&["trial", "active", "past_due", "suspended"], SubscriptionStatus::code);
        one_spelling::<ChargeStatus>(&["pending", "paid", "retrying", "failed"], ChargeStatus::code);
        one_spelling::<AttemptStatus>(&["started", "succeeded", "declined", "error"], AttemptStatus::code);
    }

    #[test]
    fn checkout_purposes_are_stored_as_they_always_were() {
        let codes: Vec<&str> = CheckoutPurpose::iter().map(|purpose| purpose.code()).collect();
        assert_eq!(codes, ["activate", "update-card"]);
        for purpose in CheckoutPurpose::iter() {
            assert_eq!(purpose.to_value(), purpose.code());
        }
    }

    #[test]
    fn the_operators_filter_reads_a_charge_status_from_its_code() {
        assert_eq!(ChargeStatus::from_code("retrying"), Some(ChargeStatus::Retrying));
        assert_eq!(ChargeStatus::from_code("owed"), None);
        assert_eq!(ChargeStatus::from_code("Paid"), None);
    }
}
