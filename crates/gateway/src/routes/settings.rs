//! `/settings/*`: the company's time settings (day start, mobile clock-in, pay cycle, overtime),
//! its job roles and its PTO types (002 §7 "Settings"). The PTO plan and rule calls of the same
//! section live with the rest of the PTO set-up in `pto_manage`.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{Admin, Privileged};
use crate::forms::Body;
use crate::state::AppState;
use actix_web::web;
use clock::settings::{TimeSettings, TimeSettingsChange};
use hr::commands::{JobRoleCommand, JobRoleInput};
use hr::views::JobRoleView;
use kernel::JobRoleId;
use pto::types::{PtoTypeCommand, PtoTypeInput, PtoTypeView};
use pto::PtoTypeId;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

crate::routes::route_table! {
    get "/settings/data" => data,
    post "/settings/update" => update,
    post "/settings/update-role-type" => update_role_type,
    post "/settings/inactive-role-type" => inactive_role_type,
    post "/settings/update-pto-type" => update_pto_type,
    post "/settings/inactive-pto-type" => inactive_pto_type,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsView {
    /// `HH:mm`: clock-in opens at this company time.
    pub day_start_at: Option<String>,
    pub mobile_clock_in_disabled: bool,
    /// weekly, biweekly, semimonthly or monthly.
    pub pay_cycle: String,
    pub pay_cycle_anchor: chrono::NaiveDate,
    pub weekly_overtime_minutes: i64,
}

impl From<TimeSettings> for SettingsView {
    fn from(settings: TimeSettings) -> Self {
        Self {
            day_start_at: settings.day_start_at.map(|time| time.format("%H:%M").to_string()),
            mobile_clock_in_disabled: settings.mobile_clock_in_disabled,
            pay_cycle: settings.pay_cycle.code().to_owned(),
            pay_cycle_anchor: settings.pay_cycle_anchor,
            weekly_overtime_minutes: settings.weekly_overtime_minutes,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SettingsData {
    pub settings: SettingsView,
    /// The company's job roles, active and retired.
    pub jobroles: Vec<JobRoleView>,
    /// The company's PTO types (deleted ones left out).
    pub ptotypes: Vec<PtoTypeView>,
    /// The company's PTO plans, with their rules.
    pub ptopolicies: Vec<pto::plans::PlanView>,
    /// Every rule of every plan.
    pub ptorules: Vec<pto::plans::RuleView>,
}

impl SettingsData {
    /// The lists beside the time settings, each read from the crate that owns it.
    async fn gather(state: &AppState, ctx: &kernel::TenantCtx, settings: SettingsView) -> Result<Self, ApiError> {
        let ptopolicies = state.pto.plans(ctx).await?;
        Ok(SettingsData {
            settings,
            jobroles: state.hr.job_roles(ctx).await?,
            ptotypes: state.pto.pto_types(ctx).await?,
            ptorules: ptopolicies.iter().flat_map(|plan| plan.rules.iter().cloned()).collect(),
            ptopolicies,
        })
    }
}

#[utoipa::path(get, path = "/server/v1/settings/data", tag = "settings", security(("bearer" = [])),
    responses((status = 200, body = SettingsData), (status = 403, body = ErrorBody)))]
pub async fn data(state: web::Data<AppState>, guard: Privileged) -> Result<web::Json<SettingsData>, ApiError> {
    let settings = state.clock.settings(&guard.ctx).await?.into();
    Ok(web::Json(SettingsData::gather(&state, &guard.ctx, settings).await?))
}

/// Fields left out stay as they are; an empty `dayStartAt` lets the clock open all day.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SettingsUpdate {
    pub day_start_at: Option<String>,
    pub mobile_clock_in_disabled: Option<bool>,
    pub pay_cycle: Option<String>,
    pub pay_cycle_anchor: Option<String>,
    pub weekly_overtime_minutes: Option<i64>,
}

#[utoipa::path(post, path = "/server/v1/settings/update", tag = "settings", security(("bearer" = [])),
    request_body = SettingsUpdate,
    responses((status = 200, body = SettingsData), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn update(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<SettingsUpdate>,
) -> Result<web::Json<SettingsData>, ApiError> {
    let body = body.into_inner();
    let change = TimeSettingsChange {
        day_start_at: body.day_start_at,
        mobile_clock_in_disabled: body.mobile_clock_in_disabled,
        pay_cycle: body.pay_cycle,
        pay_cycle_anchor: body.pay_cycle_anchor,
        weekly_overtime_minutes: body.weekly_overtime_minutes,
    };
    let settings = state.clock.update_settings(&guard.ctx, &change).await?.into();
    Ok(web::Json(SettingsData::gather(&state, &guard.ctx, settings).await?))
}

/// Adds a job role, or renames one when `id` is given.
#[utoipa::path(post, path = "/server/v1/settings/update-role-type", tag = "settings", security(("bearer" = [])),
    request_body = JobRoleInput,
    responses((status = 200, body = JobRoleView), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn update_role_type(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<JobRoleInput>,
) -> Result<web::Json<JobRoleView>, ApiError> {
    let command = JobRoleCommand::parse(&body).map_err(ApiError::validation)?;
    Ok(web::Json(state.hr.save_job_role(&guard.ctx, command).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RoleQuery {
    /// The job role's id.
    pub id: i64,
}

/// Retires a job role: it leaves the pickers, people keep it.
#[utoipa::path(post, path = "/server/v1/settings/inactive-role-type", tag = "settings", security(("bearer" = [])),
    params(RoleQuery),
    responses((status = 200, body = JobRoleView), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn inactive_role_type(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<RoleQuery>,
) -> Result<web::Json<JobRoleView>, ApiError> {
    Ok(web::Json(state.hr.retire_job_role(&guard.ctx, JobRoleId(query.id)).await?))
}

/// Adds a PTO type, or edits one when `id` is a saved type's (a new type may carry the screen's
/// temporary negative id). `overrides` replace the type's allowances per job role.
#[utoipa::path(post, path = "/server/v1/settings/update-pto-type", tag = "settings", security(("bearer" = [])),
    request_body = PtoTypeInput,
    responses((status = 200, body = PtoTypeView), (status = 400, description = "Field errors with the spec's messages", body = ErrorBody),
        (status = 403, description = "Admins only", body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn update_pto_type(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<PtoTypeInput>,
) -> Result<web::Json<PtoTypeView>, ApiError> {
    let command = PtoTypeCommand::parse(&body).map_err(ApiError::validation)?;
    Ok(web::Json(state.pto.save_pto_type(&guard.ctx, command).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PtoTypeQuery {
    /// The PTO type's id.
    pub id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Deleted {
    pub id: i64,
}

/// Deletes a PTO type: it is hidden everywhere, the records that name it stay.
#[utoipa::path(post, path = "/server/v1/settings/inactive-pto-type", tag = "settings", security(("bearer" = [])),
    params(PtoTypeQuery),
    responses((status = 200, body = Deleted), (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, description = "A plan includes the type", body = ErrorBody)))]
pub async fn inactive_pto_type(
    state: web::Data<AppState>,
    guard: Admin,
    query: web::Query<PtoTypeQuery>,
) -> Result<web::Json<Deleted>, ApiError> {
    state.pto.delete_pto_type(&guard.ctx, PtoTypeId(query.id)).await?;
    Ok(web::Json(Deleted { id: query.id }))
}
