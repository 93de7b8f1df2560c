//! The operator's promotions (`/system/promot*`): the list with how many companies have each
//! code, one promotion, creating, updating and deleting one, and the companies that have a code.

use super::form::PromotionCommand;
use super::{
    normalize_code, PromotionCompanies, PromotionCompany, PromotionInput, PromotionPage, PromotionQuery, PromotionSort,
    PromotionView, CODE_EXISTS_MESSAGE, PAGE_SIZE,
};
use crate::entities::{promotions, redemptions};
use crate::{Billing, BillingError};
use chrono::{DateTime, Utc};
use kernel::{FieldErrors, PromotionId, SystemCtx};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
    SqlErr,
};
use std::collections::HashMap;

impl Billing {
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
        let counts = self.companies_using(rows.iter().map(|row| row.id.0)).await?;
        let promots = rows
            .into_iter()
            .map(|row| {
                let companies = counts.get(&row.id.0).copied().unwrap_or(0);
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
        let names = self.accounts.company_names_of(&rows.iter().map(|row| row.company_id).collect::<Vec<_>>()).await?;
        let companies = rows
            .into_iter()
            .map(|row| PromotionCompany {
                id: row.company_id.0,
                name: names.get(&row.company_id.0).cloned().unwrap_or_default(),
                redeemed_at: row.redeemed_at,
                months_left: row.months_left,
            })
            .collect();
        Ok(PromotionCompanies { companies, company_count })
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
