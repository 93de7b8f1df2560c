//! Reports (spec 002 §7 "Reports"; issue 21's exports): the filter's data, the summary,
//! timesheet and PTO reports, each as CSV or XLSX, the payroll CSV and the pay periods it can be
//! made for (issue 36), and closing a pay period for payroll and reopening it (issue 40,
//! `reports::closing`). Managers (the people they reach) and admins; the rules are
//! `reports::tables`', `reports::export`'s and `reports::payroll`'s.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{scope, Admin, Privileged};
use crate::forms::Body;
use crate::routes::my_hr::attachment;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use kernel::FieldErrors;
use reports::closing::PeriodDetail;
use reports::export::ExportFormat;
use reports::payroll::{PayPeriods, PayrollInput, PayrollLayout, PayrollPeriod};
use reports::tables::{PtoReport, ReportData, ReportInput, ReportQuery, ReportType, SummaryReport, TimesheetReport};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

crate::routes::route_table! {
    get "/report/data" => data,
    get "/report/summary-report-data" => summary,
    get "/report/timesheet-report-data" => timesheet,
    get "/report/pto-report-data" => pto,
    get "/report/export" => export,
    get "/report/payroll-export" => payroll,
    get "/report/pay-periods" => pay_periods,
    get "/report/pay-period" => pay_period,
    post "/report/pay-periods/close" => close_pay_period,
    post "/report/pay-periods/reopen" => reopen_pay_period,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReportParams {
    /// summary, timesheet or pto (the three data calls know their own).
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// YYYY-MM-DD, required.
    pub start: Option<String>,
    /// YYYY-MM-DD, required; at most 366 days from `start`, both included.
    pub end: Option<String>,
    /// Employee ids, comma-joined; everyone the caller reaches when left out. An id out of
    /// reach is a 404.
    pub empids: Option<String>,
    /// Exports: csv or xlsx.
    pub format: Option<String>,
}

impl ReportParams {
    fn query(&self) -> Result<ReportQuery, ApiError> {
        ReportQuery::parse(&ReportInput {
            start: self.start.as_deref(),
            end: self.end.as_deref(),
            empids: self.empids.as_deref(),
        })
        .map_err(ApiError::validation)
    }
}

/// What the report filter offers: report types, the people the caller reaches (terminated
/// ones marked), PTO types and the current pay period.
#[utoipa::path(get, path = "/server/v1/report/data", tag = "reports", security(("bearer" = [])),
    responses((status = 200, body = ReportData), (status = 403, body = ErrorBody)))]
pub async fn data(state: web::Data<AppState>, guard: Privileged) -> Result<web::Json<ReportData>, ApiError> {
    Ok(web::Json(state.reports.report_data(&guard.ctx).await?))
}

/// Regular, overtime, holiday and time-off hours per person, with totals.
#[utoipa::path(get, path = "/server/v1/report/summary-report-data", tag = "reports", security(("bearer" = []), ("api_key" = ["reports:read"])),
    params(ReportParams),
    responses((status = 200, body = SummaryReport), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn summary(
    state: web::Data<AppState>,
    guard: Privileged<scope::ReportsRead>,
    params: web::Query<ReportParams>,
) -> Result<web::Json<SummaryReport>, ApiError> {
    Ok(web::Json(state.reports.summary_report(&guard.ctx, &params.query()?).await?))
}

/// Every shift per person, with worked and overtime totals.
#[utoipa::path(get, path = "/server/v1/report/timesheet-report-data", tag = "reports", security(("bearer" = []), ("api_key" = ["reports:read"])),
    params(ReportParams),
    responses((status = 200, body = TimesheetReport), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn timesheet(
    state: web::Data<AppState>,
    guard: Privileged<scope::ReportsRead>,
    params: web::Query<ReportParams>,
) -> Result<web::Json<TimesheetReport>, ApiError> {
    Ok(web::Json(state.reports.timesheet_report(&guard.ctx, &params.query()?).await?))
}

/// Approved time off per person and type, with totals.
#[utoipa::path(get, path = "/server/v1/report/pto-report-data", tag = "reports", security(("bearer" = []), ("api_key" = ["reports:read"])),
    params(ReportParams),
    responses((status = 200, body = PtoReport), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn pto(
    state: web::Data<AppState>,
    guard: Privileged<scope::ReportsRead>,
    params: web::Query<ReportParams>,
) -> Result<web::Json<PtoReport>, ApiError> {
    Ok(web::Json(state.reports.pto_report(&guard.ctx, &params.query()?).await?))
}

fn file(export: reports::export::ExportFile) -> HttpResponse {
    attachment(hr::DownloadedFile {
        name: export.file_name,
        media_type: export.content_type.to_owned(),
        bytes: export.bytes,
    })
}

/// A report as a CSV or XLSX file (the same rows and totals as on screen).
#[utoipa::path(get, path = "/server/v1/report/export", tag = "reports", security(("bearer" = []), ("api_key" = ["reports:read"])),
    params(ReportParams),
    responses(
        (status = 200, description = "The report as a file (attachment)", content_type = "application/octet-stream"),
        (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn export(
    state: web::Data<AppState>,
    guard: Privileged<scope::ReportsRead>,
    params: web::Query<ReportParams>,
) -> Result<HttpResponse, ApiError> {
    let mut errors = FieldErrors::new();
    let kind = ReportType::parse(params.kind.as_deref());
    if kind.is_none() {
        errors.add("type", reports::tables::TYPE_INVALID);
    }
    let format = ExportFormat::parse(params.format.as_deref());
    if format.is_none() {
        errors.add("format", "Please choose csv or xlsx");
    }
    let query = params.query()?;
    let (Some(kind), Some(format)) = (kind, format) else {
        return Err(ApiError::validation(errors));
    };
    Ok(file(state.reports.export(&guard.ctx, kind, &query, format).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PayrollParams {
    /// The pay period's first day (YYYY-MM-DD), with `end`: exactly that period, which must be one
    /// of the company's pay periods (`GET /report/pay-periods`).
    pub start: Option<String>,
    /// The pay period's last day (YYYY-MM-DD), with `start`.
    pub end: Option<String>,
    /// Instead of `start` and `end`: a day of the pay period (YYYY-MM-DD); today when all three
    /// are left out.
    pub date: Option<String>,
    /// Employee ids, comma-joined; everyone the caller reaches when left out.
    pub empids: Option<String>,
    /// `timekeep` (default: every kind of hours) or `gusto` (Gusto's hours import).
    pub layout: Option<String>,
}

/// The payroll CSV of one pay period (columns in docs/payroll-export.md).
#[utoipa::path(get, path = "/server/v1/report/payroll-export", tag = "reports", security(("bearer" = []), ("api_key" = ["reports:read"])),
    params(PayrollParams),
    responses(
        (status = 200, description = "The payroll CSV (attachment)", content_type = "text/csv"),
        (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn payroll(
    state: web::Data<AppState>,
    guard: Privileged<scope::ReportsRead>,
    params: web::Query<PayrollParams>,
) -> Result<HttpResponse, ApiError> {
    let period = PayrollPeriod::parse(&PayrollInput {
        date: params.date.as_deref(),
        start: params.start.as_deref(),
        end: params.end.as_deref(),
    })
    .map_err(ApiError::validation)?;
    let employees = reports::tables::parse_empids(params.empids.as_deref()).map_err(ApiError::validation)?;
    let layout = PayrollLayout::parse(params.layout.as_deref()).map_err(ApiError::validation)?;
    Ok(file(state.reports.payroll_export(&guard.ctx, period, employees, layout).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PayPeriodsParams {
    /// How many periods, 1 to 60: the current one and those before it (default 13).
    pub count: Option<i64>,
}

/// The company's pay periods a payroll file can be made for: the one holding today, then the
/// closed ones before it, newest first.
#[utoipa::path(get, path = "/server/v1/report/pay-periods", tag = "reports", security(("bearer" = []), ("api_key" = ["reports:read"])),
    params(PayPeriodsParams),
    responses((status = 200, body = PayPeriods), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn pay_periods(
    state: web::Data<AppState>,
    guard: Privileged<scope::ReportsRead>,
    params: web::Query<PayPeriodsParams>,
) -> Result<web::Json<PayPeriods>, ApiError> {
    Ok(web::Json(state.reports.pay_periods(&guard.ctx, params.count).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PeriodParams {
    /// The pay period's first day (YYYY-MM-DD).
    pub start: Option<String>,
    /// The pay period's last day (YYYY-MM-DD).
    pub end: Option<String>,
}

/// A whole pay period named by its first and last day, both given.
fn exact_period(start: Option<&str>, end: Option<&str>) -> Result<(chrono::NaiveDate, chrono::NaiveDate), ApiError> {
    let mut errors = FieldErrors::new();
    for (field, value) in [("start", start), ("end", end)] {
        if value.is_none_or(|value| value.trim().is_empty()) {
            errors.add(field, reports::tables::DATES_MISSING);
        }
    }
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    match PayrollPeriod::parse(&PayrollInput { date: None, start, end }).map_err(ApiError::validation)? {
        PayrollPeriod::Exactly(start, end) => Ok((start, end)),
        PayrollPeriod::Holding(_) => {
            Err(ApiError::validation(FieldErrors::single("start", reports::tables::DATES_MISSING)))
        }
    }
}

/// One pay period: whether it is closed for payroll, its history (closed, closed automatically,
/// reopened with the reason) and the adjustments it pays and those it passed on.
#[utoipa::path(get, path = "/server/v1/report/pay-period", tag = "reports", security(("bearer" = []), ("api_key" = ["reports:read"])),
    params(PeriodParams),
    responses((status = 200, body = PeriodDetail), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn pay_period(
    state: web::Data<AppState>,
    guard: Privileged<scope::ReportsRead>,
    params: web::Query<PeriodParams>,
) -> Result<web::Json<PeriodDetail>, ApiError> {
    let (start, end) = exact_period(params.start.as_deref(), params.end.as_deref())?;
    Ok(web::Json(state.reports.pay_period_detail(&guard.ctx, start, end).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct ClosePeriodBody {
    /// The pay period's first day (YYYY-MM-DD).
    pub start: Option<String>,
    /// Its last day.
    pub end: Option<String>,
}

/// Closes an ended pay period for payroll (admins): its hours no longer change, and its payroll
/// file is kept as it is now. 409 while a shift in it is still running or a missed punch waits.
#[utoipa::path(post, path = "/server/v1/report/pay-periods/close", tag = "reports", security(("bearer" = [])),
    request_body = ClosePeriodBody,
    responses((status = 200, body = PeriodDetail), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
pub async fn close_pay_period(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<ClosePeriodBody>,
) -> Result<web::Json<PeriodDetail>, ApiError> {
    let body = body.into_inner();
    let (start, end) = exact_period(body.start.as_deref(), body.end.as_deref())?;
    Ok(web::Json(state.reports.close_pay_period(&guard.ctx, start, end).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct ReopenPeriodBody {
    /// The pay period's first day (YYYY-MM-DD).
    pub start: Option<String>,
    /// Its last day.
    pub end: Option<String>,
    /// Why it is reopened (kept in its history), up to 500 characters.
    pub reason: Option<String>,
}

/// Reopens a closed pay period (admins), with a reason kept in its history.
#[utoipa::path(post, path = "/server/v1/report/pay-periods/reopen", tag = "reports", security(("bearer" = [])),
    request_body = ReopenPeriodBody,
    responses((status = 200, body = PeriodDetail), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
pub async fn reopen_pay_period(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<ReopenPeriodBody>,
) -> Result<web::Json<PeriodDetail>, ApiError> {
    let body = body.into_inner();
    let (start, end) = exact_period(body.start.as_deref(), body.end.as_deref())?;
    let reason = body.reason.unwrap_or_default();
    Ok(web::Json(state.reports.reopen_pay_period(&guard.ctx, start, end, &reason).await?))
}
