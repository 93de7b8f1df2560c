//! `/system/companies`, `/system/company`, `/system/update-company`, `/system/suspend-company`,
//! `/system/active-company`, `/system/delete-company`, `/system/charges`, `/system/jobs`,
//! `/system/charge-attempts`, `/system/retry-charge`, `/system/charge-today`,
//! `/system/charge-next`: the platform operator's customers and their charges (spec 002 §2
//! /sy5tem/adm1n, §4 company states and charge retry, §7). Operators only: anyone else hears
//! 404; the charge calls are 404 too while billing is off. Contract: `docs/contracts/system.md`,
//! "Customers". Every action is written to the audit log by the service.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::Operator;
use crate::forms::{lenient_i64, Body};
use crate::state::AppState;
use actix_web::web;
use kernel::{ChargeId, CompanyId, FieldErrors};
use serde::Deserialize;
use system_admin::charges::{charge_query, ChargeAttempts, ChargeListPage, ChargeRunReply, RetriedCharge};
use system_admin::companies::{
    CompanyDetailPage, CompanyPage, CompanyQuery, CompanyRowReply, DeletedCompany, UpdateCompanyCommand,
    UpdateCompanyInput, UpdatedCompany,
};
use utoipa::{IntoParams, ToSchema};

crate::routes::route_table! {
    get "/system/companies" => companies,
    get "/system/accrual-health" => accrual_health,
    get "/system/jobs" => jobs,
    get "/system/company" => company,
    post "/system/update-company" => update_company,
    post "/system/suspend-company" => suspend_company,
    post "/system/active-company" => active_company,
    post "/system/delete-company" => delete_company,
    get "/system/charges" => charges,
    get "/system/charge-attempts" => charge_attempts,
    post "/system/retry-charge" => retry_charge,
    post "/system/charge-today" => charge_today,
    post "/system/charge-next" => charge_next,
}

/// A required id of a request, or a 400 on its field.
fn required(id: Option<i64>, field: &str, message: &str) -> Result<i64, ApiError> {
    id.ok_or_else(|| ApiError::validation(FieldErrors::single(field, message)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CompaniesParams {
    /// From 1; 20 a page.
    pub page: Option<u64>,
    /// Part of the company's name or of an admin's e-mail address (any case).
    pub name: Option<String>,
    /// `trial`, `expired`, `active`, `past_due` or `suspended`.
    pub status: Option<String>,
    /// `name`, `createdAt` (the default) or `users`.
    pub sort: Option<String>,
    /// `asc` or `desc` (default: `asc` by name, else `desc`).
    pub order: Option<String>,
}

/// The companies, paged, filtered and sorted.
#[utoipa::path(get, path = "/server/v1/system/companies", tag = "system", security(("bearer" = [])),
    params(CompaniesParams),
    responses((status = 200, body = CompanyPage), (status = 400, body = ErrorBody),
        (status = 404, description = "Not a platform operator", body = ErrorBody)))]
pub async fn companies(
    state: web::Data<AppState>,
    guard: Operator,
    query: web::Query<CompaniesParams>,
) -> Result<web::Json<CompanyPage>, ApiError> {
    let query = CompanyQuery::parse(
        query.page,
        query.name.as_deref(),
        query.status.as_deref(),
        query.sort.as_deref(),
        query.order.as_deref(),
    )
    .map_err(ApiError::validation)?;
    Ok(web::Json(state.system.companies(&guard.ctx, &query).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CompanyParams {
    pub id: i64,
}

/// One company: its record, admins and subscription, and the first page of its charges.
#[utoipa::path(get, path = "/server/v1/system/company", tag = "system", security(("bearer" = [])),
    params(CompanyParams),
    responses((status = 200, body = CompanyDetailPage), (status = 400, body = ErrorBody),
        (status = 404, description = "No such company, or not a platform operator", body = ErrorBody)))]
pub async fn company(
    state: web::Data<AppState>,
    guard: Operator,
    query: web::Query<CompanyParams>,
) -> Result<web::Json<CompanyDetailPage>, ApiError> {
    Ok(web::Json(state.system.company(&guard.ctx, CompanyId(query.id)).await?))
}

/// Edits the company: name, contact e-mail and phone, the trial's end (on trial or expired
/// only), its promotion code (empty removes it).
#[utoipa::path(post, path = "/server/v1/system/update-company", tag = "system", security(("bearer" = [])),
    request_body = UpdateCompanyInput,
    responses((status = 200, body = UpdatedCompany), (status = 400, description = "Field errors", body = ErrorBody),
        (status = 404, description = "No such company, or not a platform operator", body = ErrorBody)))]
pub async fn update_company(
    state: web::Data<AppState>,
    guard: Operator,
    body: Body<UpdateCompanyInput>,
) -> Result<web::Json<UpdatedCompany>, ApiError> {
    let command = UpdateCompanyCommand::parse(&body).map_err(ApiError::validation)?;
    Ok(web::Json(state.system.update_company(&guard.ctx, command).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CompanyRequest {
    #[serde(deserialize_with = "lenient_i64")]
    pub company_id: Option<i64>,
}

impl CompanyRequest {
    fn company(&self) -> Result<CompanyId, ApiError> {
        required(self.company_id, "companyId", "Choose a company").map(CompanyId)
    }
}

/// Suspends the company: its writes are refused (`account_suspended`). Twice is harmless.
#[utoipa::path(post, path = "/server/v1/system/suspend-company", tag = "system", security(("bearer" = [])),
    request_body = CompanyRequest,
    responses((status = 200, body = CompanyRowReply), (status = 400, body = ErrorBody),
        (status = 404, description = "No such company, or not a platform operator", body = ErrorBody)))]
pub async fn suspend_company(
    state: web::Data<AppState>,
    guard: Operator,
    body: Body<CompanyRequest>,
) -> Result<web::Json<CompanyRowReply>, ApiError> {
    Ok(web::Json(state.system.suspend_company(&guard.ctx, body.company()?).await?))
}

/// Lifts the company's suspension, whoever made it; a subscription billing suspended runs again
/// from the charge day's next occurrence (what it owes stays owed). Twice is harmless.
#[utoipa::path(post, path = "/server/v1/system/active-company", tag = "system", security(("bearer" = [])),
    request_body = CompanyRequest,
    responses((status = 200, body = CompanyRowReply), (status = 400, body = ErrorBody),
        (status = 404, description = "No such company, or not a platform operator", body = ErrorBody)))]
pub async fn active_company(
    state: web::Data<AppState>,
    guard: Operator,
    body: Body<CompanyRequest>,
) -> Result<web::Json<CompanyRowReply>, ApiError> {
    Ok(web::Json(state.system.activate_company(&guard.ctx, body.company()?).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct DeleteCompanyRequest {
    #[serde(deserialize_with = "lenient_i64")]
    pub company_id: Option<i64>,
    /// The company's name, typed to confirm.
    pub name: Option<String>,
}

/// Deletes every record and file of the company, as its admin's "Cancel account" does.
#[utoipa::path(post, path = "/server/v1/system/delete-company", tag = "system", security(("bearer" = [])),
    request_body = DeleteCompanyRequest,
    responses((status = 200, body = DeletedCompany),
        (status = 400, description = "The typed name is not the company's (field `name`)", body = ErrorBody),
        (status = 404, description = "No such company, or not a platform operator", body = ErrorBody),
        (status = 410, description = "`gone`: the company was already deleted", body = ErrorBody)))]
pub async fn delete_company(
    state: web::Data<AppState>,
    guard: Operator,
    body: Body<DeleteCompanyRequest>,
) -> Result<web::Json<DeletedCompany>, ApiError> {
    let company = required(body.company_id, "companyId", "Choose a company").map(CompanyId)?;
    let typed = body.name.as_deref().unwrap_or_default();
    Ok(web::Json(state.system.delete_company(&guard.ctx, company, typed).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ChargesParams {
    /// One company's charges; without it, every company's.
    pub company_id: Option<i64>,
    /// From 1; 20 a page.
    pub page: Option<u64>,
    /// `pending`, `paid`, `retrying` or `failed`.
    pub status: Option<String>,
    /// `periodStart` (the default) or `total`.
    pub sort: Option<String>,
    /// `asc` or `desc` (the default).
    pub order: Option<String>,
}

/// The charges, paged, filtered and sorted.
#[utoipa::path(get, path = "/server/v1/system/charges", tag = "system", security(("bearer" = [])),
    params(ChargesParams),
    responses((status = 200, body = ChargeListPage), (status = 400, body = ErrorBody),
        (status = 404, description = "No such company, not a platform operator, or billing is off", body = ErrorBody)))]
pub async fn charges(
    state: web::Data<AppState>,
    guard: Operator,
    query: web::Query<ChargesParams>,
) -> Result<web::Json<ChargeListPage>, ApiError> {
    let query = charge_query(
        query.company_id,
        query.page,
        query.status.as_deref(),
        query.sort.as_deref(),
        query.order.as_deref(),
    )
    .map_err(ApiError::validation)?;
    Ok(web::Json(state.system.charges(&guard.ctx, &query).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ChargeAttemptsParams {
    pub charge_id: i64,
}

/// The attempts at a charge, first first.
#[utoipa::path(get, path = "/server/v1/system/charge-attempts", tag = "system", security(("bearer" = [])),
    params(ChargeAttemptsParams),
    responses((status = 200, body = ChargeAttempts), (status = 400, body = ErrorBody),
        (status = 404, description = "No such charge, not a platform operator, or billing is off", body = ErrorBody)))]
pub async fn charge_attempts(
    state: web::Data<AppState>,
    guard: Operator,
    query: web::Query<ChargeAttemptsParams>,
) -> Result<web::Json<ChargeAttempts>, ApiError> {
    Ok(web::Json(state.system.charge_attempts(&guard.ctx, ChargeId(query.charge_id)).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct RetryChargeRequest {
    /// The charge.
    #[serde(deserialize_with = "lenient_i64")]
    pub id: Option<i64>,
}

/// Attempts an unpaid charge now with the card on file; it does not count towards suspension.
#[utoipa::path(post, path = "/server/v1/system/retry-charge", tag = "system", security(("bearer" = [])),
    request_body = RetryChargeRequest,
    responses((status = 200, body = RetriedCharge),
        (status = 400, description = "'This charge is already paid.'", body = ErrorBody),
        (status = 404, description = "No such charge, not a platform operator, or billing is off", body = ErrorBody)))]
pub async fn retry_charge(
    state: web::Data<AppState>,
    guard: Operator,
    body: Body<RetryChargeRequest>,
) -> Result<web::Json<RetriedCharge>, ApiError> {
    let id = required(body.id, "id", "Choose a charge")?;
    Ok(web::Json(state.system.retry_charge(&guard.ctx, ChargeId(id)).await?))
}

/// Runs the charge job for this company now: the charges due by its local today are made, and
/// those due are attempted. `created` 0: nothing was due.
#[utoipa::path(post, path = "/server/v1/system/charge-today", tag = "system", security(("bearer" = [])),
    request_body = CompanyRequest,
    responses((status = 200, body = ChargeRunReply), (status = 400, body = ErrorBody),
        (status = 404, description = "No such company, not a platform operator, or billing is off", body = ErrorBody)))]
pub async fn charge_today(
    state: web::Data<AppState>,
    guard: Operator,
    body: Body<CompanyRequest>,
) -> Result<web::Json<ChargeRunReply>, ApiError> {
    Ok(web::Json(state.system.charge_today(&guard.ctx, body.company()?).await?))
}

/// Brings the next monthly charge forward: made and attempted now.
#[utoipa::path(post, path = "/server/v1/system/charge-next", tag = "system", security(("bearer" = [])),
    request_body = CompanyRequest,
    responses((status = 200, body = ChargeRunReply),
        (status = 400, description = "'This company has no subscription.'", body = ErrorBody),
        (status = 404, description = "No such company, not a platform operator, or billing is off", body = ErrorBody),
        (status = 409, description = "'A charge was already brought forward today.'", body = ErrorBody)))]
pub async fn charge_next(
    state: web::Data<AppState>,
    guard: Operator,
    body: Body<CompanyRequest>,
) -> Result<web::Json<ChargeRunReply>, ApiError> {
    Ok(web::Json(state.system.charge_next(&guard.ctx, body.company()?).await?))
}

/// The accrual job's health across the deployment: what needs looking at, the recent runs, the
/// incidents the operators were e-mailed about, and the last run's errors (company and person).
#[utoipa::path(get, path = "/server/v1/system/accrual-health", tag = "system", security(("bearer" = [])),
    responses((status = 200, body = pto::accrual_health::SystemAccrualHealth), (status = 404, description = "Operators only", body = ErrorBody)))]
pub async fn accrual_health(
    state: web::Data<AppState>,
    _operator: Operator,
) -> Result<web::Json<pto::accrual_health::SystemAccrualHealth>, ApiError> {
    Ok(web::Json(state.pto.system_accrual_health(chrono::Utc::now()).await?))
}

/// The scheduled work shared by every instance (issue 44): each job's schedule and the latest
/// runs, with their batches, people, errors (naming the company) and each instance's share.
#[utoipa::path(get, path = "/server/v1/system/jobs", tag = "system", security(("bearer" = [])),
    responses((status = 200, body = system_admin::jobs::SystemJobs), (status = 404, description = "Operators only", body = ErrorBody)))]
pub async fn jobs(
    state: web::Data<AppState>,
    guard: Operator,
) -> Result<web::Json<system_admin::jobs::SystemJobs>, ApiError> {
    Ok(web::Json(state.system.jobs(&guard.ctx).await?))
}
