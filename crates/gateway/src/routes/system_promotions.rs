//! `/system/promot*`: the platform operator's promotion codes (spec 002 §2 /sy5tem/promot, §7).
//! Operators only (anyone else: 404); with billing off every call is a 404 too. Contract:
//! `docs/contracts/system.md`, "Promotions".

use crate::error::{ApiError, ErrorBody};
use crate::extractors::Operator;
use crate::forms::{lenient_i64, Body};
use crate::state::AppState;
use actix_web::web;
use billing::{PromotionCompanies, PromotionInput, PromotionPage, PromotionQuery, PromotionView};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

crate::routes::route_table! {
    get "/system/promots" => promots,
    get "/system/promot" => promot,
    post "/system/save-promot" => save_promot,
    post "/system/update-promot" => update_promot,
    post "/system/delete-promot" => delete_promot,
    get "/system/promot-companies" => promot_companies,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PromotsParams {
    /// From 1; 20 a page.
    pub page: Option<u64>,
    /// The start of a code (any case).
    pub q: Option<String>,
    /// `code` or `createdAt` (the default).
    pub sort: Option<String>,
    /// `asc` or `desc` (default: `asc` by code, `desc` by date).
    pub order: Option<String>,
}

/// The promotion codes, with how many companies have each.
#[utoipa::path(get, path = "/server/v1/system/promots", tag = "system", security(("bearer" = [])),
    params(PromotsParams),
    responses((status = 200, body = PromotionPage), (status = 400, body = ErrorBody),
        (status = 404, description = "Not a platform operator, or billing is off", body = ErrorBody)))]
pub async fn promots(
    state: web::Data<AppState>,
    guard: Operator,
    query: web::Query<PromotsParams>,
) -> Result<web::Json<PromotionPage>, ApiError> {
    let query = PromotionQuery::parse(query.page, query.q.as_deref(), query.sort.as_deref(), query.order.as_deref())
        .map_err(ApiError::validation)?;
    Ok(web::Json(state.system.promotions(&guard.ctx, &query).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PromotParams {
    pub id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PromotResponse {
    pub promot: PromotionView,
}

/// One promotion code.
#[utoipa::path(get, path = "/server/v1/system/promot", tag = "system", security(("bearer" = [])),
    params(PromotParams),
    responses((status = 200, body = PromotResponse), (status = 400, body = ErrorBody),
        (status = 404, description = "No such code, not a platform operator, or billing is off", body = ErrorBody)))]
pub async fn promot(
    state: web::Data<AppState>,
    guard: Operator,
    query: web::Query<PromotParams>,
) -> Result<web::Json<PromotResponse>, ApiError> {
    Ok(web::Json(PromotResponse { promot: state.system.promotion(&guard.ctx, kernel::PromotionId(query.id)).await? }))
}

/// The promotion form. Exactly one of `percentOff` and `amountOff`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct PromotRequest {
    /// `update-promot` only: the promotion to change.
    #[serde(deserialize_with = "lenient_i64")]
    pub id: Option<i64>,
    /// 3–32 letters, digits, `-` or `_`; stored upper-case; unique in any case.
    pub code: Option<String>,
    /// At most 200 characters, one line.
    pub description: Option<String>,
    /// 1–100.
    #[serde(deserialize_with = "lenient_i64")]
    pub percent_off: Option<i64>,
    /// Cents, more than 0.
    #[serde(deserialize_with = "lenient_i64")]
    pub amount_off: Option<i64>,
    /// The monthly charges it applies to, 1–36; null for every charge.
    #[serde(deserialize_with = "lenient_i64")]
    pub months: Option<i64>,
    /// The last day it can be redeemed (`YYYY-MM-DD`), or null.
    pub expires_on: Option<String>,
}

impl PromotRequest {
    fn input(&self) -> PromotionInput {
        PromotionInput {
            code: self.code.clone(),
            description: self.description.clone(),
            percent_off: self.percent_off,
            amount_off: self.amount_off,
            months: self.months,
            expires_on: self.expires_on.clone(),
        }
    }
}

/// A new promotion code.
#[utoipa::path(post, path = "/server/v1/system/save-promot", tag = "system", security(("bearer" = [])),
    request_body = PromotRequest,
    responses((status = 200, body = PromotResponse),
        (status = 400, description = "Invalid fields, or the code exists already (field `code`)", body = ErrorBody),
        (status = 404, description = "Not a platform operator, or billing is off", body = ErrorBody)))]
pub async fn save_promot(
    state: web::Data<AppState>,
    guard: Operator,
    body: Body<PromotRequest>,
) -> Result<web::Json<PromotResponse>, ApiError> {
    Ok(web::Json(PromotResponse { promot: state.system.save_promotion(&guard.ctx, &body.input()).await? }))
}

/// Changes a promotion code: the charges made from then on use its new terms.
#[utoipa::path(post, path = "/server/v1/system/update-promot", tag = "system", security(("bearer" = [])),
    request_body = PromotRequest,
    responses((status = 200, body = PromotResponse),
        (status = 400, description = "Invalid fields, or the code exists already (field `code`)", body = ErrorBody),
        (status = 404, description = "No such code, not a platform operator, or billing is off", body = ErrorBody)))]
pub async fn update_promot(
    state: web::Data<AppState>,
    guard: Operator,
    body: Body<PromotRequest>,
) -> Result<web::Json<PromotResponse>, ApiError> {
    let id = body.id.ok_or_else(ApiError::not_found)?;
    Ok(web::Json(PromotResponse {
        promot: state.system.update_promotion(&guard.ctx, kernel::PromotionId(id), &body.input()).await?,
    }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct DeletePromotRequest {
    #[serde(deserialize_with = "lenient_i64")]
    pub id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeletedResponse {
    pub deleted: bool,
}

/// Deletes a promotion code no company has.
#[utoipa::path(post, path = "/server/v1/system/delete-promot", tag = "system", security(("bearer" = [])),
    request_body = DeletePromotRequest,
    responses((status = 200, body = DeletedResponse),
        (status = 404, description = "No such code, not a platform operator, or billing is off", body = ErrorBody),
        (status = 409, description = "`conflict`: companies have the code", body = ErrorBody)))]
pub async fn delete_promot(
    state: web::Data<AppState>,
    guard: Operator,
    body: Body<DeletePromotRequest>,
) -> Result<web::Json<DeletedResponse>, ApiError> {
    let id = body.id.ok_or_else(ApiError::not_found)?;
    state.system.delete_promotion(&guard.ctx, kernel::PromotionId(id)).await?;
    Ok(web::Json(DeletedResponse { deleted: true }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PromotCompaniesParams {
    /// The code (any case).
    pub code: String,
    /// From 1; 20 a page, the latest to redeem it first.
    pub page: Option<u64>,
}

/// The companies that have a promotion code.
#[utoipa::path(get, path = "/server/v1/system/promot-companies", tag = "system", security(("bearer" = [])),
    params(PromotCompaniesParams),
    responses((status = 200, body = PromotionCompanies), (status = 400, body = ErrorBody),
        (status = 404, description = "No such code, not a platform operator, or billing is off", body = ErrorBody)))]
pub async fn promot_companies(
    state: web::Data<AppState>,
    guard: Operator,
    query: web::Query<PromotCompaniesParams>,
) -> Result<web::Json<PromotionCompanies>, ApiError> {
    let page = kernel::validation::page(query.page).map_err(ApiError::validation)?;
    Ok(web::Json(state.system.promotion_companies(&guard.ctx, &query.code, page).await?))
}
