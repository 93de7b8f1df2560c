//! Promotion codes (spec 002 §2 /sy5tem/promot, §3 "Promotion code: has companies", §7; the HTTP
//! contract is `docs/contracts/system.md`, "Promotions").
//!
//! The platform operator makes codes ([`Billing::create_promotion`] and the rest take a
//! [`SystemCtx`]); a company redeems one at signup (through
//! [`accounts::promotions::PromotionCodes`], which [`Billing::promotion_codes`] implements, in
//! the signup's transaction), at activation ([`Billing::activate`]), or the operator sets it
//! ([`Billing::set_company_promotion`]). A company has at most one: a new code replaces the old,
//! and entering the code it already has changes nothing (its months left stay).
//!
//! **Discount.** Each monthly charge made while the company's redemption has months left (or
//! applies to every charge) takes off `percent_off`% of the charge's total, rounded down to the
//! cent, or `amount_off_cents`, never more than the total ([`discount`]). The charge stores the
//! discount and the code as applied; the months left go down by one in the transaction that
//! inserts the charge, and only when it does insert it (a charge is made once per period). A
//! promotion's terms are read when each charge is made: editing a promotion changes the charges
//! made from then on, not those already made (nor the months left of those who redeemed it).
//! A charge whose total is 0 after its discount is paid when it is made, without the provider.
//!
//! The parts: `form` reads the operator's form and list query, `views` is what the operator and
//! the companies read, `manage` is the operator's list and their create, update and delete, and
//! `redemption` is a company's code: redeeming, checking and using up its months.

mod form;
mod manage;
mod redemption;
mod views;

pub use form::{PromotionInput, PromotionQuery, PromotionSort};
pub(crate) use redemption::{applicable, use_month};
pub use redemption::{clear, redeem};
pub use views::{CompanyPromotion, PromotionCompanies, PromotionCompany, PromotionPage, PromotionView};

use crate::entities::promotions;

/// Rows a page of the operator's lists.
pub const PAGE_SIZE: u64 = 20;

pub const CODE_EXISTS_MESSAGE: &str = "This promotion code already exists.";
pub const UNKNOWN_CODE_MESSAGE: &str = "This promotion code does not exist.";
pub const EXPIRED_CODE_MESSAGE: &str = "This promotion code has expired.";
pub const EITHER_DISCOUNT_MESSAGE: &str = "Give either a percent or an amount off.";
pub const PERCENT_MESSAGE: &str = "The discount must be between 1 and 100 percent.";
pub const AMOUNT_MESSAGE: &str = "The amount off must be between 1 cent and $1,000,000.00.";
pub const MONTHS_MESSAGE: &str = "Give a number of months from 1 to 36, or none for every charge.";
pub const CODE_MISSING_MESSAGE: &str = "Enter a code.";
pub const CODE_FORMAT_MESSAGE: &str = "A code has 3 to 32 letters, digits, - or _.";
pub const DESCRIPTION_MESSAGE: &str = "The description can have at most 200 characters.";
pub const DATE_MESSAGE: &str = "Please enter a date as YYYY-MM-DD.";

/// A code as stored: trimmed and upper-case.
pub fn normalize_code(code: &str) -> String {
    code.trim().to_ascii_uppercase()
}

/// 3 to 32 ASCII letters, digits, `-` or `_`.
pub fn is_valid_code(code: &str) -> bool {
    (3..=32).contains(&code.len()) && code.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
}

/// What `promotion` takes off a charge of `total` cents: its percent of the total rounded down to
/// the cent, or its amount, never more than the total.
pub fn discount(promotion: &promotions::Model, total: i64) -> i64 {
    let total = total.max(0);
    let off = match (promotion.percent_off, promotion.amount_off_cents) {
        (Some(percent), _) => total.saturating_mul(i64::from(percent.clamp(0, 100))) / 100,
        (None, Some(amount)) => amount,
        (None, None) => 0,
    };
    let off = off.clamp(0, total);
    // The payment provider refuses charges under its minimum: what would be left below it is
    // waived with the rest, so the charge is paid at 0 instead of being retried for ever.
    if off > 0 && total - off < MIN_CHARGE_CENTS {
        total
    } else {
        off
    }
}

/// The smallest charge the payment provider accepts (Stripe: $0.50 in USD).
pub const MIN_CHARGE_CENTS: i64 = 50;

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Utc;

    fn promotion(percent_off: Option<i32>, amount_off_cents: Option<i64>) -> promotions::Model {
        promotions::Model {
            id: kernel::PromotionId(1),
            code: "WELCOME".into(),
            description: String::new(),
            percent_off,
            amount_off_cents,
            months: None,
            expires_on: None,
            created_at: Utc::now(),
            updated_at: Utc::now(),
        }
    }

    #[test]
    fn a_discount_is_whole_cents_rounded_down_and_never_more_than_the_total() {
        assert_eq!(discount(&promotion(Some(15), None), 1100), 165);
        assert_eq!(discount(&promotion(Some(33), None), 1100), 363);
        assert_eq!(discount(&promotion(Some(33), None), 1401), 462); // 462.33
        assert_eq!(discount(&promotion(Some(100), None), 1700), 1700);
        assert_eq!(discount(&promotion(None, Some(500)), 1100), 500);
        assert_eq!(discount(&promotion(None, Some(5000)), 1100), 1100);
        assert_eq!(discount(&promotion(None, None), 1100), 0);
        // What would be left under the provider's minimum charge is waived too.
        assert_eq!(discount(&promotion(None, Some(1080)), 1100), 1100);
        assert_eq!(discount(&promotion(None, Some(1050)), 1100), 1050);
        assert_eq!(discount(&promotion(Some(97), None), 1100), 1100);
    }
}
