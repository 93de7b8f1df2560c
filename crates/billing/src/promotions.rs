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

use crate::entities::{promotions, redemptions};
use crate::{Billing, BillingError};
use accounts::promotions::{PromotionCodeError, PromotionCodes, PROMOTION_CODE_FIELD};
use chrono::{DateTime, NaiveDate, Utc};
use kernel::tenancy::{in_company, same_company};
use kernel::time::local_date;
use kernel::{CompanyId, FieldErrors, PromotionId, SystemCtx};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction,
    EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, SqlErr,
};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;

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

const MAX_DESCRIPTION: usize = 200;
const MAX_AMOUNT_OFF: i64 = 100_000_000;
const MAX_MONTHS: i64 = 36;

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

/// The operator's promotion form, as sent.
#[derive(Debug, Clone, Default)]
pub struct PromotionInput {
    pub code: Option<String>,
    pub description: Option<String>,
    pub percent_off: Option<i64>,
    /// Cents.
    pub amount_off: Option<i64>,
    pub months: Option<i64>,
    /// `YYYY-MM-DD`; empty is none.
    pub expires_on: Option<String>,
}

/// A promotion form that passed every check.
#[derive(Debug, Clone, PartialEq, Eq)]
struct PromotionCommand {
    code: String,
    description: String,
    percent_off: Option<i32>,
    amount_off: Option<i64>,
    months: Option<i32>,
    expires_on: Option<NaiveDate>,
}

impl PromotionCommand {
    fn parse(input: &PromotionInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let code = normalize_code(input.code.as_deref().unwrap_or_default());
        if code.is_empty() {
            errors.add("code", CODE_MISSING_MESSAGE);
        } else if !is_valid_code(&code) {
            errors.add("code", CODE_FORMAT_MESSAGE);
        }
        let description = input.description.as_deref().unwrap_or_default().trim().to_owned();
        if description.chars().count() > MAX_DESCRIPTION {
            errors.add("description", DESCRIPTION_MESSAGE);
        }
        // One line: no control character at all (the form reader lets line breaks through in
        // fields named `description`).
        if let Err(message) = kernel::validation::check_text("", &description) {
            errors.add("description", message);
        }
        let (mut percent_off, mut amount_off) = (None, None);
        match (input.percent_off, input.amount_off) {
            (Some(percent), None) => match i32::try_from(percent) {
                Ok(percent) if (1..=100).contains(&percent) => percent_off = Some(percent),
                _ => errors.add("percentOff", PERCENT_MESSAGE),
            },
            (None, Some(amount)) => {
                if (1..=MAX_AMOUNT_OFF).contains(&amount) {
                    amount_off = Some(amount);
                } else {
                    errors.add("amountOff", AMOUNT_MESSAGE);
                }
            }
            _ => errors.add("percentOff", EITHER_DISCOUNT_MESSAGE),
        }
        let months = match input.months {
            None => None,
            Some(months) if (1..=MAX_MONTHS).contains(&months) => i32::try_from(months).ok(),
            Some(_) => {
                errors.add("months", MONTHS_MESSAGE);
                None
            }
        };
        let expires_on = match input.expires_on.as_deref().map(str::trim).filter(|day| !day.is_empty()) {
            None => None,
            Some(day) => match NaiveDate::parse_from_str(day, "%Y-%m-%d") {
                Ok(day) => {
                    kernel::validation::check_date(&mut errors, "expiresOn", Some(day));
                    Some(day)
                }
                Err(_) => {
                    errors.add("expiresOn", DATE_MESSAGE);
                    None
                }
            },
        };
        errors.into_result(PromotionCommand { code, description, percent_off, amount_off, months, expires_on })
    }
}

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
    fn of(row: promotions::Model, companies: u64) -> Self {
        Self {
            id: row.id,
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

/// What the promotion list is sorted by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromotionSort {
    Code,
    CreatedAt,
}

/// Which page of the promotion list, filtered and sorted how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromotionQuery {
    pub page: u64,
    /// The start of a code (any case).
    pub q: Option<String>,
    pub sort: PromotionSort,
    pub descending: bool,
}

impl PromotionQuery {
    /// `sort`: `code` or `createdAt` (the default, newest first); `order`: `asc` or `desc`
    /// (default: `asc` for the code, `desc` for the date).
    pub fn parse(
        page: Option<u64>,
        q: Option<&str>,
        sort: Option<&str>,
        order: Option<&str>,
    ) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let page = kernel::validation::page_into(&mut errors, page);
        let sort = match sort.map(str::trim).filter(|sort| !sort.is_empty()) {
            None | Some("createdAt") => PromotionSort::CreatedAt,
            Some("code") => PromotionSort::Code,
            Some(_) => {
                errors.add("sort", "Please sort by code or createdAt");
                PromotionSort::CreatedAt
            }
        };
        let descending = kernel::validation::descending_into(&mut errors, order, sort == PromotionSort::CreatedAt);
        let q = q.map(normalize_code).filter(|q| !q.is_empty());
        errors.into_result(PromotionQuery { page, q, sort, descending })
    }
}

fn refused(err: PromotionCodeError) -> BillingError {
    match err {
        PromotionCodeError::Refused(message) => {
            BillingError::Validation(FieldErrors::single(PROMOTION_CODE_FIELD, message))
        }
        PromotionCodeError::Database(err) => BillingError::Database(err),
    }
}

/// The promotion `code` names, if it can be redeemed on `today` (the company's local day).
async fn find_live<C: ConnectionTrait>(
    conn: &C,
    code: &str,
    today: NaiveDate,
) -> Result<promotions::Model, PromotionCodeError> {
    let code = normalize_code(code);
    let unknown = || PromotionCodeError::Refused(UNKNOWN_CODE_MESSAGE.to_owned());
    if !is_valid_code(&code) {
        return Err(unknown());
    }
    let promotion =
        promotions::Entity::find().filter(promotions::Column::Code.eq(code)).one(conn).await?.ok_or_else(unknown)?;
    if promotion.expires_on.is_some_and(|last| last < today) {
        return Err(PromotionCodeError::Refused(EXPIRED_CODE_MESSAGE.to_owned()));
    }
    Ok(promotion)
}

/// The company's redemption and its promotion.
async fn current<C: ConnectionTrait>(
    conn: &C,
    company: CompanyId,
) -> Result<Option<(redemptions::Model, promotions::Model)>, sea_orm::DbErr> {
    let Some(redemption) = in_company::<redemptions::Entity>(company).one(conn).await? else { return Ok(None) };
    Ok(promotions::Entity::find_by_id(redemption.promotion_id)
        .one(conn)
        .await?
        .map(|promotion| (redemption, promotion)))
}

/// Whether `code` could be redeemed by `company` (or by a company being made) on `today`: the
/// code it already has always can (entering it again changes nothing).
async fn check<C: ConnectionTrait>(
    conn: &C,
    company: Option<CompanyId>,
    code: &str,
    today: NaiveDate,
) -> Result<(), PromotionCodeError> {
    if let Some(company) = company {
        if current(conn, company).await?.is_some_and(|(_, promotion)| promotion.code == normalize_code(code)) {
            return Ok(());
        }
    }
    find_live(conn, code, today).await.map(|_| ())
}

/// Redeems `code` for `company` on `today`: unknown or expired codes are refused; the code the
/// company has already changes nothing; another replaces the one it had.
pub async fn redeem<C: ConnectionTrait>(
    conn: &C,
    company: CompanyId,
    code: &str,
    now: DateTime<Utc>,
    today: NaiveDate,
) -> Result<(), PromotionCodeError> {
    if current(conn, company).await?.is_some_and(|(_, promotion)| promotion.code == normalize_code(code)) {
        return Ok(());
    }
    let promotion = find_live(conn, code, today).await?;
    let row = redemptions::ActiveModel {
        company_id: Set(company.0),
        promotion_id: Set(promotion.id),
        redeemed_at: Set(now),
        months_left: Set(promotion.months),
    };
    redemptions::Entity::insert(row)
        .on_conflict(
            OnConflict::column(redemptions::Column::CompanyId)
                .update_columns([
                    redemptions::Column::PromotionId,
                    redemptions::Column::RedeemedAt,
                    redemptions::Column::MonthsLeft,
                ])
                .to_owned(),
        )
        .exec_without_returning(conn)
        .await?;
    Ok(())
}

/// Removes the company's promotion (the charges already made keep their discounts).
pub async fn clear<C: ConnectionTrait>(conn: &C, company: CompanyId) -> Result<(), sea_orm::DbErr> {
    redemptions::Entity::delete_many().filter(same_company::<redemptions::Entity>(company)).exec(conn).await?;
    Ok(())
}

/// The company's promotion if it applies to its next charge (every charge, or months left).
pub(crate) async fn applicable<C: ConnectionTrait>(
    conn: &C,
    company: CompanyId,
) -> Result<Option<(redemptions::Model, promotions::Model)>, sea_orm::DbErr> {
    Ok(current(conn, company).await?.filter(|(redemption, _)| redemption.months_left.is_none_or(|left| left > 0)))
}

/// One month of the company's promotion used: called in the transaction that inserted a
/// discounted charge.
pub(crate) async fn use_month<C: ConnectionTrait>(conn: &C, company: CompanyId) -> Result<(), sea_orm::DbErr> {
    redemptions::Entity::update_many()
        .col_expr(redemptions::Column::MonthsLeft, Expr::col(redemptions::Column::MonthsLeft).sub(1))
        .filter(same_company::<redemptions::Entity>(company))
        .filter(redemptions::Column::MonthsLeft.gt(0))
        .exec(conn)
        .await?;
    Ok(())
}

/// Billing's side of [`PromotionCodes`]: the codes a signup redeems.
struct SignupPromotions {
    db: DatabaseConnection,
}

#[async_trait::async_trait]
impl PromotionCodes for SignupPromotions {
    async fn check(&self, code: &str, today: NaiveDate) -> Result<(), PromotionCodeError> {
        check(&self.db, None, code, today).await
    }

    async fn redeem(
        &self,
        txn: &DatabaseTransaction,
        company: CompanyId,
        code: &str,
        now: DateTime<Utc>,
        today: NaiveDate,
    ) -> Result<(), PromotionCodeError> {
        redeem(txn, company, code, now, today).await
    }
}

impl Billing {
    /// The codes a signup can redeem, for [`accounts::Accounts::with_promotions`].
    pub fn promotion_codes(&self) -> Arc<dyn PromotionCodes> {
        Arc::new(SignupPromotions { db: self.db.clone() })
    }

    /// `GET /system/promots`: a page of the promotions, with how many companies have each.
    pub async fn promotions(&self, _ctx: &SystemCtx, query: &PromotionQuery) -> Result<PromotionPage, BillingError> {
        let mut select = promotions::Entity::find();
        if let Some(q) = &query.q {
            if !q.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_')) {
                return Ok(PromotionPage { promots: Vec::new(), promot_count: 0 });
            }
            // `_` is a LIKE wildcard: escaped, so it matches itself.
            let pattern = format!("{}%", q.replace('_', "\\_"));
            select = select.filter(
                Expr::col(promotions::Column::Code).like(sea_orm::sea_query::LikeExpr::new(pattern).escape('\\')),
            );
        }
        let promot_count = select.clone().count(&self.db).await?;
        let column = match query.sort {
            PromotionSort::Code => promotions::Column::Code,
            PromotionSort::CreatedAt => promotions::Column::CreatedAt,
        };
        let order = if query.descending { sea_orm::Order::Desc } else { sea_orm::Order::Asc };
        let rows = select
            .order_by(column, order.clone())
            .order_by(promotions::Column::Id, order)
            .offset((query.page.max(1) - 1) * PAGE_SIZE)
            .limit(PAGE_SIZE)
            .all(&self.db)
            .await?;
        let counts = self.companies_using(rows.iter().map(|row| row.id)).await?;
        let promots = rows
            .into_iter()
            .map(|row| {
                let companies = counts.get(&row.id).copied().unwrap_or(0);
                PromotionView::of(row, companies)
            })
            .collect();
        Ok(PromotionPage { promots, promot_count })
    }

    /// How many companies have each of `ids`.
    async fn companies_using(&self, ids: impl Iterator<Item = i64>) -> Result<HashMap<i64, u64>, BillingError> {
        Ok(redemptions::Entity::find()
            .select_only()
            .column(redemptions::Column::PromotionId)
            .column_as(redemptions::Column::CompanyId.count(), "companies")
            .filter(redemptions::Column::PromotionId.is_in(ids))
            .group_by(redemptions::Column::PromotionId)
            .into_tuple::<(i64, i64)>()
            .all(&self.db)
            .await?
            .into_iter()
            .map(|(id, count)| (id, u64::try_from(count).unwrap_or(0)))
            .collect())
    }

    /// `GET /system/promot?id`.
    pub async fn promotion(&self, _ctx: &SystemCtx, id: PromotionId) -> Result<PromotionView, BillingError> {
        let row = promotions::Entity::find_by_id(id.0).one(&self.db).await?.ok_or(BillingError::NotFound)?;
        let companies = self.companies_using(std::iter::once(id.0)).await?.get(&id.0).copied().unwrap_or(0);
        Ok(PromotionView::of(row, companies))
    }

    /// `POST /system/save-promot`: a new code (unique in any case).
    pub async fn create_promotion(
        &self,
        _ctx: &SystemCtx,
        input: &PromotionInput,
        now: DateTime<Utc>,
    ) -> Result<PromotionView, BillingError> {
        let command = PromotionCommand::parse(input).map_err(BillingError::Validation)?;
        let row = {
            let _permit = self.gate.enter().await;
            if self.code_taken(&command.code, None).await? {
                return Err(code_exists());
            }
            promotions::ActiveModel {
                code: Set(command.code),
                description: Set(command.description),
                percent_off: Set(command.percent_off),
                amount_off_cents: Set(command.amount_off),
                months: Set(command.months),
                expires_on: Set(command.expires_on),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(&self.db)
            .await
            .map_err(unique_code)?
        };
        Ok(PromotionView::of(row, 0))
    }

    /// `POST /system/update-promot`: the charges made from now on use the new terms.
    pub async fn update_promotion(
        &self,
        ctx: &SystemCtx,
        id: PromotionId,
        input: &PromotionInput,
        now: DateTime<Utc>,
    ) -> Result<PromotionView, BillingError> {
        let command = PromotionCommand::parse(input).map_err(BillingError::Validation)?;
        {
            let _permit = self.gate.enter().await;
            let row = promotions::Entity::find_by_id(id.0).one(&self.db).await?.ok_or(BillingError::NotFound)?;
            if self.code_taken(&command.code, Some(id.0)).await? {
                return Err(code_exists());
            }
            let mut row: promotions::ActiveModel = row.into();
            row.code = Set(command.code);
            row.description = Set(command.description);
            row.percent_off = Set(command.percent_off);
            row.amount_off_cents = Set(command.amount_off);
            row.months = Set(command.months);
            row.expires_on = Set(command.expires_on);
            row.updated_at = Set(now);
            row.update(&self.db).await.map_err(unique_code)?;
        }
        self.promotion(ctx, id).await
    }

    async fn code_taken(&self, code: &str, except: Option<i64>) -> Result<bool, BillingError> {
        let mut select = promotions::Entity::find().filter(promotions::Column::Code.eq(code));
        if let Some(id) = except {
            select = select.filter(promotions::Column::Id.ne(id));
        }
        Ok(select.one(&self.db).await?.is_some())
    }

    /// `POST /system/delete-promot`: refused while a company has the code. Returns what was
    /// deleted.
    pub async fn delete_promotion(&self, _ctx: &SystemCtx, id: PromotionId) -> Result<PromotionView, BillingError> {
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let row = promotions::Entity::find_by_id(id.0).one(&txn).await?.ok_or(BillingError::NotFound)?;
        let used = redemptions::Entity::find().filter(redemptions::Column::PromotionId.eq(id.0)).count(&txn).await?;
        if used > 0 {
            return Err(in_use(used));
        }
        match promotions::Entity::delete_by_id(id.0).exec(&txn).await {
            Ok(_) => {}
            // Redeemed meanwhile (the foreign key refuses the delete).
            Err(err) if matches!(err.sql_err(), Some(SqlErr::ForeignKeyConstraintViolation(_))) => {
                return Err(in_use(1));
            }
            Err(err) => return Err(err.into()),
        }
        txn.commit().await?;
        Ok(PromotionView::of(row, 0))
    }

    /// `GET /system/promot-companies?code`: the companies that have the code, the latest to
    /// redeem it first, [`PAGE_SIZE`] a page.
    pub async fn promotion_companies(
        &self,
        _ctx: &SystemCtx,
        code: &str,
        page: u64,
    ) -> Result<PromotionCompanies, BillingError> {
        let promotion = promotions::Entity::find()
            .filter(promotions::Column::Code.eq(normalize_code(code)))
            .one(&self.db)
            .await?
            .ok_or(BillingError::NotFound)?;
        let select = redemptions::Entity::find().filter(redemptions::Column::PromotionId.eq(promotion.id));
        let company_count = select.clone().count(&self.db).await?;
        let rows = select
            .order_by_desc(redemptions::Column::RedeemedAt)
            .order_by_desc(redemptions::Column::CompanyId)
            .offset((page.max(1) - 1) * PAGE_SIZE)
            .limit(PAGE_SIZE)
            .all(&self.db)
            .await?;
        let names = self
            .accounts
            .company_names_of(&rows.iter().map(|row| CompanyId(row.company_id)).collect::<Vec<_>>())
            .await?;
        let companies = rows
            .into_iter()
            .map(|row| PromotionCompany {
                id: row.company_id,
                name: names.get(&row.company_id).cloned().unwrap_or_default(),
                redeemed_at: row.redeemed_at,
                months_left: row.months_left,
            })
            .collect();
        Ok(PromotionCompanies { companies, company_count })
    }

    /// The operator sets the company's promotion (`/system/update-company`'s `promotCode`):
    /// `None` or empty removes it; a live code replaces the one it had (the code it already has
    /// changes nothing), applied from its next charge on. Unknown or expired codes: a field
    /// error on `promotCode`. Unknown company: not found. Returns the promotion it now has.
    pub async fn set_company_promotion(
        &self,
        _ctx: &SystemCtx,
        company: CompanyId,
        code: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<Option<CompanyPromotion>, BillingError> {
        let billed = self.accounts.billed_company(company).await?.ok_or(BillingError::NotFound)?;
        let today = local_date(billed.time_zone, now);
        {
            let _permit = self.gate.enter().await;
            match code.map(str::trim).filter(|code| !code.is_empty()) {
                None => clear(&self.db, company).await?,
                Some(code) => redeem(&self.db, company, code, now, today).await.map_err(refused)?,
            }
        }
        self.company_promotion(company).await
    }

    /// The promotion the company has, if any (used up ones too, with 0 months left).
    pub async fn company_promotion(&self, company: CompanyId) -> Result<Option<CompanyPromotion>, BillingError> {
        Ok(current(&self.db, company).await?.map(|(redemption, promotion)| CompanyPromotion {
            code: promotion.code,
            description: promotion.description,
            months_left: redemption.months_left,
        }))
    }

    /// The code each of `companies` has (those without one are left out): for lists of companies.
    pub async fn promotion_codes_of(&self, companies: &[CompanyId]) -> Result<HashMap<i64, String>, BillingError> {
        if companies.is_empty() {
            return Ok(HashMap::new());
        }
        let redeemed: Vec<(i64, i64)> = redemptions::Entity::find()
            .select_only()
            .column(redemptions::Column::CompanyId)
            .column(redemptions::Column::PromotionId)
            .filter(redemptions::Column::CompanyId.is_in(companies.iter().map(|company| company.0)))
            .into_tuple()
            .all(&self.db)
            .await?;
        let codes: HashMap<i64, String> = promotions::Entity::find()
            .filter(promotions::Column::Id.is_in(redeemed.iter().map(|(_, promotion)| *promotion)))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|promotion| (promotion.id, promotion.code))
            .collect();
        Ok(redeemed
            .into_iter()
            .filter_map(|(company, promotion)| codes.get(&promotion).map(|code| (company, code.clone())))
            .collect())
    }

    /// Checks a code entered at activation before anything is saved (the checkout session is
    /// used up by the activation): a field error on `promotCode` if it cannot be redeemed.
    pub(crate) async fn check_code(
        &self,
        company: CompanyId,
        code: &str,
        today: NaiveDate,
    ) -> Result<(), BillingError> {
        check(&self.db, Some(company), code, today).await.map_err(refused)
    }

    /// Redeems a code in the activation's transaction.
    pub(crate) async fn redeem_in(
        txn: &DatabaseTransaction,
        company: CompanyId,
        code: &str,
        now: DateTime<Utc>,
        today: NaiveDate,
    ) -> Result<(), BillingError> {
        redeem(txn, company, code, now, today).await.map_err(refused)
    }
}

fn code_exists() -> BillingError {
    BillingError::Validation(FieldErrors::single("code", CODE_EXISTS_MESSAGE))
}

/// A write that met the unique index on the code (a concurrent save of the same code).
fn unique_code(err: sea_orm::DbErr) -> BillingError {
    match err.sql_err() {
        Some(SqlErr::UniqueConstraintViolation(_)) => code_exists(),
        _ => BillingError::Database(err),
    }
}

fn in_use(companies: u64) -> BillingError {
    BillingError::Conflict(if companies == 1 {
        "This code is used by 1 company and cannot be deleted.".to_owned()
    } else {
        format!("This code is used by {companies} companies and cannot be deleted.")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn promotion(percent_off: Option<i32>, amount_off_cents: Option<i64>) -> promotions::Model {
        promotions::Model {
            id: 1,
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

    fn input() -> PromotionInput {
        PromotionInput {
            code: Some(" welcome-2027_a ".into()),
            description: Some("A month free".into()),
            percent_off: Some(20),
            months: Some(3),
            expires_on: Some("2027-01-31".into()),
            ..Default::default()
        }
    }

    #[test]
    fn a_form_is_checked_field_by_field() {
        let command = PromotionCommand::parse(&input()).unwrap();
        assert_eq!(command.code, "WELCOME-2027_A");
        assert_eq!(command.percent_off, Some(20));
        assert_eq!(command.expires_on, NaiveDate::from_ymd_opt(2027, 1, 31));

        let errors = PromotionCommand::parse(&PromotionInput::default()).unwrap_err();
        assert_eq!(errors.messages("code"), [CODE_MISSING_MESSAGE]);
        assert_eq!(errors.messages("percentOff"), [EITHER_DISCOUNT_MESSAGE]);

        let errors = PromotionCommand::parse(&PromotionInput {
            code: Some("ab".into()),
            description: Some("x".repeat(201)),
            percent_off: Some(101),
            months: Some(37),
            expires_on: Some("31/01/2027".into()),
            ..Default::default()
        })
        .unwrap_err();
        assert_eq!(errors.messages("code"), [CODE_FORMAT_MESSAGE]);
        assert_eq!(errors.messages("description"), [DESCRIPTION_MESSAGE]);
        assert_eq!(errors.messages("percentOff"), [PERCENT_MESSAGE]);
        assert_eq!(errors.messages("months"), [MONTHS_MESSAGE]);
        assert_eq!(errors.messages("expiresOn"), [DATE_MESSAGE]);

        let both = PromotionInput { amount_off: Some(500), ..input() };
        assert_eq!(PromotionCommand::parse(&both).unwrap_err().messages("percentOff"), [EITHER_DISCOUNT_MESSAGE]);
        let zero = PromotionInput { percent_off: None, amount_off: Some(0), ..input() };
        assert_eq!(PromotionCommand::parse(&zero).unwrap_err().messages("amountOff"), [AMOUNT_MESSAGE]);
        let bad = PromotionInput { code: Some("WEL COME".into()), description: Some("two\nlines".into()), ..input() };
        let errors = PromotionCommand::parse(&bad).unwrap_err();
        assert_eq!(errors.messages("code"), [CODE_FORMAT_MESSAGE]);
        assert_eq!(errors.messages("description"), [kernel::validation::CONTROL_CHARACTER_MESSAGE]);
    }

    #[test]
    fn the_list_sorts_by_its_columns_only() {
        let query = PromotionQuery::parse(None, Some(" wel "), None, None).unwrap();
        assert_eq!(
            (query.page, query.q.as_deref(), query.sort, query.descending),
            (1, Some("WEL"), PromotionSort::CreatedAt, true)
        );
        let query = PromotionQuery::parse(Some(2), None, Some("code"), None).unwrap();
        assert_eq!((query.sort, query.descending), (PromotionSort::Code, false));
        let errors = PromotionQuery::parse(Some(0), None, Some("percentOff"), Some("up")).unwrap_err();
        assert!(errors.has("page") && errors.has("sort") && errors.has("order"));
    }
}
