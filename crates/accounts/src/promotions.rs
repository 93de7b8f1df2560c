//! Promotion codes entered at signup, without this crate knowing what a promotion is.
//!
//! Promotions belong to `billing` (a floor above: this crate may not import it). Signup only
//! needs two things of them — is this code good, and redeem it for the new company in the
//! signup's own transaction — so this crate names that need ([`PromotionCodes`]) and `billing`
//! implements it; the gateway hands the implementation to [`Accounts`] when billing is on
//! ([`Accounts::with_promotions`]). Without one (billing off), a code entered at signup is refused
//! with [`PROMOTIONS_OFF_MESSAGE`]: there is nothing it could discount.

use crate::Accounts;
use chrono::{DateTime, NaiveDate, Utc};
use kernel::CompanyId;
use sea_orm::{DatabaseTransaction, DbErr};
use std::sync::Arc;

/// What a code entered at signup hears when this server does not bill (a self-hosted install).
pub const PROMOTIONS_OFF_MESSAGE: &str = "Promotion codes are not available.";

/// The field a promotion code is entered in, in every form that takes one.
pub const PROMOTION_CODE_FIELD: &str = "promotCode";

/// Why a code was not taken.
#[derive(Debug, thiserror::Error)]
pub enum PromotionCodeError {
    /// Unknown or expired: the message for the person who typed it.
    #[error("{0}")]
    Refused(String),
    #[error("database error: {0}")]
    Database(#[from] DbErr),
}

/// The promotion codes a signup can redeem (implemented by `billing`).
#[async_trait::async_trait]
pub trait PromotionCodes: Send + Sync {
    /// Whether `code` (as typed) could be redeemed on `today` (the company's local day): checked
    /// before anything is saved, so its message comes with the form's other field errors.
    async fn check(&self, code: &str, today: NaiveDate) -> Result<(), PromotionCodeError>;

    /// Redeems `code` for `company` within `txn`, the transaction that creates the company: the
    /// company exists with its code, or not at all.
    async fn redeem(
        &self,
        txn: &DatabaseTransaction,
        company: CompanyId,
        code: &str,
        now: DateTime<Utc>,
        today: NaiveDate,
    ) -> Result<(), PromotionCodeError>;
}

impl Accounts {
    /// The same service, redeeming codes entered at signup with `codes`.
    pub fn with_promotions(mut self, codes: Arc<dyn PromotionCodes>) -> Self {
        self.promotions = Some(codes);
        self
    }
}
