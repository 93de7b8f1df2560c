//! A company's promotion code: redeeming one (at signup, at activation, or set by the operator),
//! checking a code before it is redeemed, the promotion that applies to a charge and the month it
//! uses, and which code each company has.

use super::{is_valid_code, normalize_code, CompanyPromotion, EXPIRED_CODE_MESSAGE, UNKNOWN_CODE_MESSAGE};
use crate::entities::{promotions, redemptions};
use crate::{Billing, BillingError};
use accounts::promotions::{PromotionCodeError, PromotionCodes, PROMOTION_CODE_FIELD};
use chrono::{DateTime, NaiveDate, Utc};
use kernel::tenancy::{in_company, same_company};
use kernel::time::local_date;
use kernel::{CompanyId, FieldErrors, SystemCtx};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction, EntityTrait, QueryFilter,
    QuerySelect,
};
use std::collections::HashMap;
use std::sync::Arc;

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
        company_id: Set(company),
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
            .map(|promotion| (promotion.id.0, promotion.code))
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
