//! `/dashboard/*` and `/inbox/data`: the admin's and manager's overview (spec 001 §2).

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{Admin, Privileged};
use crate::forms::{lenient_i64, Body};
use crate::state::AppState;
use actix_web::web;
use chrono::NaiveDate;
use kernel::FieldErrors;
use reports::overview::{DashboardData, InboxData, PendingRequests, WeekHours};
use reports::setup::SetupChecklist;
use reports::tables::DailyHours;
use serde::{Deserialize, Serialize};
use timesheet::overview::InboxQuery;
use utoipa::{IntoParams, ToSchema};

crate::routes::route_table! {
    get "/dashboard/data" => dashboard_data,
    get "/dashboard/employee-hours" => employee_hours,
    get "/dashboard/pending-requests" => pending_requests,
    get "/dashboard/approaching-overtime" => approaching_overtime,
    get "/dashboard/daily-hours" => daily_hours,
    get "/inbox/data" => inbox_data,
    get "/dashboard/setup" => setup,
    post "/dashboard/setup-dismiss" => setup_dismiss,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RangeQuery {
    /// YYYY-MM-DD; with `end`, replaces the current pay cycle (or week).
    pub start: Option<String>,
    /// YYYY-MM-DD.
    pub end: Option<String>,
}

fn date(field: &str, text: &Option<String>, errors: &mut FieldErrors) -> Option<NaiveDate> {
    let text = text.as_deref().map(str::trim).filter(|text| !text.is_empty())?;
    kernel::validation::date_field(errors, field, text, "Please input the date as YYYY-MM-DD")
}

impl RangeQuery {
    fn parse(&self) -> Result<(Option<NaiveDate>, Option<NaiveDate>), ApiError> {
        let mut errors = FieldErrors::new();
        let start = date("start", &self.start, &mut errors);
        let end = date("end", &self.end, &mut errors);
        errors.into_result((start, end)).map_err(ApiError::validation)
    }
}

#[utoipa::path(get, path = "/server/v1/dashboard/data", tag = "dashboard", security(("bearer" = [])),
    params(RangeQuery),
    responses((status = 200, body = DashboardData), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn dashboard_data(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<RangeQuery>,
) -> Result<web::Json<DashboardData>, ApiError> {
    let range = match query.parse()? {
        (Some(start), Some(end)) => Some((start, end)),
        _ => None,
    };
    Ok(web::Json(state.reports.dashboard(&guard.ctx, range).await?))
}

#[utoipa::path(get, path = "/server/v1/dashboard/employee-hours", tag = "dashboard", security(("bearer" = [])),
    params(RangeQuery),
    responses((status = 200, description = "The Sunday-to-Saturday week holding `start` (default: this week)", body = WeekHours), (status = 403, body = ErrorBody)))]
pub async fn employee_hours(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<RangeQuery>,
) -> Result<web::Json<WeekHours>, ApiError> {
    let (start, _) = query.parse()?;
    Ok(web::Json(state.reports.employee_hours(&guard.ctx, start).await?))
}

#[utoipa::path(get, path = "/server/v1/dashboard/pending-requests", tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = PendingRequests), (status = 403, body = ErrorBody)))]
pub async fn pending_requests(
    state: web::Data<AppState>,
    guard: Privileged,
) -> Result<web::Json<PendingRequests>, ApiError> {
    Ok(web::Json(state.reports.pending_requests(&guard.ctx).await?))
}

/// The people overseen who are clocked in and in overtime, or would be by their usual end.
#[utoipa::path(get, path = "/server/v1/dashboard/approaching-overtime", tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = timesheet::overview::ApproachingOvertime), (status = 403, body = ErrorBody)))]
pub async fn approaching_overtime(
    state: web::Data<AppState>,
    guard: Privileged,
) -> Result<web::Json<timesheet::overview::ApproachingOvertime>, ApiError> {
    Ok(web::Json(state.timesheet.approaching_overtime(&guard.ctx).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct InboxParams {
    /// From 1: each section shows `page × 10` rows.
    #[serde(default, deserialize_with = "lenient_i64")]
    pub page: Option<i64>,
    /// Only this employee's responded requests.
    #[serde(default, deserialize_with = "lenient_i64")]
    pub employee_id: Option<i64>,
    /// 1: list terminated employees in the filter too.
    #[serde(default, alias = "includes_terminated")]
    pub includes_terminated: Option<String>,
}

#[utoipa::path(get, path = "/server/v1/inbox/data", tag = "inbox", security(("bearer" = [])),
    params(InboxParams),
    responses((status = 200, body = InboxData), (status = 403, body = ErrorBody)))]
pub async fn inbox_data(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<InboxParams>,
) -> Result<web::Json<InboxData>, ApiError> {
    let includes_terminated = matches!(query.includes_terminated.as_deref().map(str::trim), Some("1" | "true" | ""));
    let inbox = InboxQuery {
        page: u64::try_from(query.page.unwrap_or(1)).unwrap_or(1).clamp(1, 100),
        employee_id: query.employee_id,
        includes_terminated,
    };
    Ok(web::Json(state.reports.inbox(&guard.ctx, &inbox).await?))
}

/// Hours worked, overtime and time off per day of the pay cycle (or of `start..=end`), over
/// everyone the caller oversees: the dashboard's chart.
#[utoipa::path(get, path = "/server/v1/dashboard/daily-hours", tag = "dashboard", security(("bearer" = [])),
    params(RangeQuery),
    responses((status = 200, body = DailyHours), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn daily_hours(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<RangeQuery>,
) -> Result<web::Json<DailyHours>, ApiError> {
    let range = match query.parse()? {
        (Some(start), Some(end)) => Some((start, end)),
        _ => None,
    };
    Ok(web::Json(state.reports.daily_hours(&guard.ctx, range).await?))
}

/// The guided start of a new company: which of its first steps are done (each ticks itself from
/// its own data), and whether the admin hid the checklist.
#[utoipa::path(get, path = "/server/v1/dashboard/setup", tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = SetupChecklist), (status = 403, body = ErrorBody)))]
pub async fn setup(state: web::Data<AppState>, guard: Admin) -> Result<web::Json<SetupChecklist>, ApiError> {
    Ok(web::Json(state.reports.setup_checklist(&guard.ctx).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct SetupDismissInput {
    /// True hides the checklist; false shows it again.
    pub dismissed: Option<bool>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SetupDismissed {
    pub dismissed: bool,
}

/// Hides the guided start's checklist for the company's admins (or shows it again).
#[utoipa::path(post, path = "/server/v1/dashboard/setup-dismiss", tag = "dashboard", security(("bearer" = [])),
    request_body = SetupDismissInput,
    responses((status = 200, body = SetupDismissed), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn setup_dismiss(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<SetupDismissInput>,
) -> Result<web::Json<SetupDismissed>, ApiError> {
    let dismissed = body.dismissed.ok_or_else(|| {
        ApiError::validation(FieldErrors::single("dismissed", "Please say whether to hide the checklist"))
    })?;
    let company = state.accounts.dismiss_setup(&guard.ctx, dismissed).await?;
    Ok(web::Json(SetupDismissed { dismissed: company.setup_dismissed_at.is_some() }))
}
