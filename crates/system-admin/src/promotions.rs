//! Promotion codes (contract: `docs/contracts/system.md`, "Promotions"). The codes are
//! `billing`'s (it owns their tables and applies their discounts); this module is the operator's
//! door to them, and writes each change to the audit log right after billing saved it.

use crate::audit::{Action, Actor, NewEntry};
use crate::{SystemAdmin, SystemError};
use billing::{PromotionCompanies, PromotionInput, PromotionPage, PromotionQuery, PromotionView};
use chrono::Utc;
use kernel::{PromotionId, SystemCtx};

impl SystemAdmin {
    /// `GET /system/promots`.
    pub async fn promotions(&self, ctx: &SystemCtx, query: &PromotionQuery) -> Result<PromotionPage, SystemError> {
        Ok(self.billing()?.promotions(ctx, query).await?)
    }

    /// `GET /system/promot?id`.
    pub async fn promotion(&self, ctx: &SystemCtx, id: PromotionId) -> Result<PromotionView, SystemError> {
        Ok(self.billing()?.promotion(ctx, id).await?)
    }

    /// `POST /system/save-promot`.
    pub async fn save_promotion(&self, ctx: &SystemCtx, input: &PromotionInput) -> Result<PromotionView, SystemError> {
        let saved = self.billing()?.create_promotion(ctx, input, Utc::now()).await?;
        self.log_promotion(ctx, Action::SavePromotion, saved.summary()).await?;
        Ok(saved)
    }

    /// `POST /system/update-promot`.
    pub async fn update_promotion(
        &self,
        ctx: &SystemCtx,
        id: PromotionId,
        input: &PromotionInput,
    ) -> Result<PromotionView, SystemError> {
        let updated = self.billing()?.update_promotion(ctx, id, input, Utc::now()).await?;
        self.log_promotion(ctx, Action::UpdatePromotion, updated.summary()).await?;
        Ok(updated)
    }

    /// `POST /system/delete-promot`: refused (409) while a company has the code.
    pub async fn delete_promotion(&self, ctx: &SystemCtx, id: PromotionId) -> Result<(), SystemError> {
        let deleted = self.billing()?.delete_promotion(ctx, id).await?;
        self.log_promotion(ctx, Action::DeletePromotion, deleted.summary()).await
    }

    /// `GET /system/promot-companies?code`.
    pub async fn promotion_companies(
        &self,
        ctx: &SystemCtx,
        code: &str,
        page: u64,
    ) -> Result<PromotionCompanies, SystemError> {
        Ok(self.billing()?.promotion_companies(ctx, code, page).await?)
    }

    async fn log_promotion(&self, ctx: &SystemCtx, action: Action, detail: String) -> Result<(), SystemError> {
        self.log(NewEntry { actor: Actor::of(ctx), company: None, action, detail }).await
    }
}
