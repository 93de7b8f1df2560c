//! What the operator reads of promotions (a promotion, a page of them, the companies that have
//! one) and what a company's Billing page shows of its own.

use crate::entities::promotions;
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;

/// A promotion as the operator sees it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PromotionView {
    pub id: i64,
    pub code: String,
    pub description: String,
    /// 1–100, or null when the promotion is an amount off.
    pub percent_off: Option<i32>,
    /// Cents, or null when the promotion is a percent off.
    pub amount_off: Option<i64>,
    /// How many monthly charges it applies to; null: every charge.
    pub months: Option<i32>,
    /// The last day it can be redeemed; null: no end.
    pub expires_on: Option<NaiveDate>,
    pub created_at: DateTime<Utc>,
    /// How many companies have it.
    pub companies: u64,
}

impl PromotionView {
    pub(super) fn of(row: promotions::Model, companies: u64) -> Self {
        Self {
            id: row.id.0,
            code: row.code,
            description: row.description,
            percent_off: row.percent_off,
            amount_off: row.amount_off_cents,
            months: row.months,
            expires_on: row.expires_on,
            created_at: row.created_at,
            companies,
        }
    }

    /// One line for the audit log: `WELCOME: 20% off, 3 months, until 2027-01-31`.
    pub fn summary(&self) -> String {
        let off = match (self.percent_off, self.amount_off) {
            (Some(percent), _) => format!("{percent}% off"),
            (None, Some(cents)) => format!("{} off", crate::charging::dollars(cents)),
            (None, None) => "no discount".to_owned(),
        };
        let months = self.months.map_or_else(|| "every charge".to_owned(), |months| format!("{months} months"));
        let until = self.expires_on.map(|day| format!(", until {day}")).unwrap_or_default();
        format!("{}: {off}, {months}{until}", self.code)
    }
}

/// `GET /system/promots`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PromotionPage {
    pub promots: Vec<PromotionView>,
    pub promot_count: u64,
}

/// A company that has a promotion.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PromotionCompany {
    pub id: i64,
    pub name: String,
    pub redeemed_at: DateTime<Utc>,
    /// Monthly charges it still applies to; null: every charge.
    pub months_left: Option<i32>,
}

/// `GET /system/promot-companies`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PromotionCompanies {
    pub companies: Vec<PromotionCompany>,
    pub company_count: u64,
}

/// The promotion a company has (its Billing page, the operator's company detail).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CompanyPromotion {
    pub code: String,
    pub description: String,
    /// Monthly charges it still applies to (0: used up); null: every charge.
    pub months_left: Option<i32>,
}
