//! Time-off requests (000 §7 "PTO (employee side)", 001 §7 approve and reject): the PTO screen's
//! data, history, balance and agenda, filing, checking, cancelling, approving and denying.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{scope, Member, Privileged};
use crate::forms::{lenient_i64, Body};
use crate::state::AppState;
use actix_web::web;
use chrono::NaiveDate;
use kernel::{FieldErrors, PtoRequestId, UserId};
use pto::requests::{BalanceCheckView, PtoRequestView, RequestOutcome, TimeOffCommand, TimeOffInput};
use pto::time_off::{Agenda, AgendaQuery, BalanceExplanation, ProjectedBalance, PtoData, PtoHistory};
use reports::agenda::AgendaTypes;
use reports::overview::PayCyclePto;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

crate::routes::route_table! {
    get "/pto/data" => data,
    get "/pto/history" => history,
    get "/pto/balance" => balance,
    get "/pto/balance-explanation" => balance_explanation,
    post "/pto/validate-balance" => validate_balance,
    post "/pto/request" => request,
    post "/pto/cancel-request" => cancel_request,
    post "/pto/approve-timeoff" => approve,
    post "/pto/reject-timeoff" => reject,
    get "/pto/agenda" => agenda,
    get "/pto/paycycle-approved-pto-hours" => paycycle_hours,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EmployeeQuery {
    /// The employee; the caller when left out. Someone outside the caller's reach is a 404.
    #[serde(default, deserialize_with = "lenient_i64")]
    pub eid: Option<i64>,
}

/// The balance card, the types that may be asked for, and 'On Behalf Of'.
#[utoipa::path(get, path = "/server/v1/pto/data", tag = "pto", security(("bearer" = []), ("api_key" = ["time_off:read"])),
    params(EmployeeQuery),
    responses((status = 200, body = PtoData), (status = 404, description = "Not in the caller's reach", body = ErrorBody)))]
pub async fn data(
    state: web::Data<AppState>,
    member: Member<scope::TimeOffRead>,
    query: web::Query<EmployeeQuery>,
) -> Result<web::Json<PtoData>, ApiError> {
    Ok(web::Json(state.pto.pto_data(&member.ctx, query.eid.map(UserId)).await?))
}

/// Requests, cancellations, accruals, manual additions and starting balances, newest first.
#[utoipa::path(get, path = "/server/v1/pto/history", tag = "pto", security(("bearer" = []), ("api_key" = ["time_off:read"])),
    params(EmployeeQuery),
    responses((status = 200, body = PtoHistory), (status = 404, description = "Not in the caller's reach", body = ErrorBody)))]
pub async fn history(
    state: web::Data<AppState>,
    member: Member<scope::TimeOffRead>,
    query: web::Query<EmployeeQuery>,
) -> Result<web::Json<PtoHistory>, ApiError> {
    Ok(web::Json(state.pto.pto_history(&member.ctx, query.eid.map(UserId)).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct BalanceQuery {
    #[serde(default, deserialize_with = "lenient_i64")]
    pub eid: Option<i64>,
    /// YYYY-MM-DD, today or later (today when left out).
    pub as_of: Option<String>,
}

fn day(field: &str, text: Option<&str>) -> Result<Option<NaiveDate>, ApiError> {
    match text.map(str::trim).filter(|text| !text.is_empty()) {
        None => Ok(None),
        Some(text) => NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .ok()
            .filter(|date| kernel::validation::is_sane_date(*date))
            .map(Some)
            .ok_or_else(|| ApiError::validation(FieldErrors::single(field, pto::requests::MSG_DATE_FORMAT))),
    }
}

/// Each type's balance on a day from today on: accrued by then, less approved and pending time off.
#[utoipa::path(get, path = "/server/v1/pto/balance", tag = "pto", security(("bearer" = []), ("api_key" = ["time_off:read"])),
    params(BalanceQuery),
    responses((status = 200, body = ProjectedBalance), (status = 400, body = ErrorBody),
        (status = 404, description = "Not in the caller's reach", body = ErrorBody)))]
pub async fn balance(
    state: web::Data<AppState>,
    member: Member<scope::TimeOffRead>,
    query: web::Query<BalanceQuery>,
) -> Result<web::Json<ProjectedBalance>, ApiError> {
    let as_of = day("asOf", query.as_of.as_deref())?;
    Ok(web::Json(state.pto.projected_balance(&member.ctx, query.eid.map(UserId), as_of).await?))
}

/// "Why this balance?": each paid type's balance today and the ledger lines that make it (what
/// the period opened with, each accrual with its basis, what a cap cut, time added by hand and
/// by whom, starting balances, time taken); the lines add up to the balance.
#[utoipa::path(get, path = "/server/v1/pto/balance-explanation", tag = "pto", security(("bearer" = [])),
    params(EmployeeQuery),
    responses((status = 200, body = BalanceExplanation), (status = 404, description = "Not in the caller's reach", body = ErrorBody)))]
pub async fn balance_explanation(
    state: web::Data<AppState>,
    member: Member,
    query: web::Query<EmployeeQuery>,
) -> Result<web::Json<BalanceExplanation>, ApiError> {
    Ok(web::Json(state.pto.balance_explanation(&member.ctx, query.eid.map(UserId)).await?))
}

/// What a request would use and whether the balance covers it (pending time reserved).
#[utoipa::path(post, path = "/server/v1/pto/validate-balance", tag = "pto", security(("bearer" = [])),
    request_body = TimeOffInput,
    responses((status = 200, body = BalanceCheckView), (status = 400, description = "The form's messages (000 §5)", body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn validate_balance(
    state: web::Data<AppState>,
    member: Member,
    body: Body<TimeOffInput>,
) -> Result<web::Json<BalanceCheckView>, ApiError> {
    let command = TimeOffCommand::parse(&body).map_err(ApiError::validation)?;
    Ok(web::Json(state.pto.validate_balance(&member.ctx, command).await?))
}

/// Files a request (for the caller, or on behalf of someone they reach), or changes a pending
/// one (only whoever filed it).
#[utoipa::path(post, path = "/server/v1/pto/request", tag = "pto", security(("bearer" = []), ("api_key" = ["time_off:write"])),
    request_body = TimeOffInput,
    responses((status = 200, body = PtoRequestView), (status = 400, description = "The form's messages, the balance or an overlap", body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, description = "Not pending any more", body = ErrorBody)))]
pub async fn request(
    state: web::Data<AppState>,
    member: Member<scope::TimeOffWrite>,
    body: Body<TimeOffInput>,
) -> Result<web::Json<PtoRequestView>, ApiError> {
    let command = TimeOffCommand::parse(&body).map_err(ApiError::validation)?;
    Ok(web::Json(state.pto.request_time_off(&member.ctx, command).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RequestQuery {
    /// The request.
    pub id: i64,
}

/// Cancels a request: pending ones by the employee or whoever filed it, answered ones by an approver.
#[utoipa::path(post, path = "/server/v1/pto/cancel-request", tag = "pto", security(("bearer" = []), ("api_key" = ["time_off:write"])),
    params(RequestQuery),
    responses((status = 200, description = "`changed` is false when it already was cancelled", body = RequestOutcome),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn cancel_request(
    state: web::Data<AppState>,
    member: Member<scope::TimeOffWrite>,
    query: web::Query<RequestQuery>,
) -> Result<web::Json<RequestOutcome>, ApiError> {
    Ok(web::Json(state.pto.cancel_request(&member.ctx, PtoRequestId(query.id)).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct TimeOffDecision {
    /// The request.
    #[serde(deserialize_with = "lenient_i64")]
    pub request: Option<i64>,
    /// Why it is denied (required to deny).
    pub comment: Option<String>,
    /// Admins, on a request with an approval path: approve (or deny) every remaining step at
    /// once, recorded as such.
    #[serde(default, rename = "allSteps")]
    pub all_steps: bool,
}

/// Who answers: the approver of a step, or an admin answering every remaining step at once.
pub(crate) fn answerer<'a>(
    ctx: &'a kernel::ManagerCtx,
    admin: &'a Option<kernel::AdminCtx>,
    all_steps: bool,
) -> Result<approvals::Answerer<'a>, ApiError> {
    match (all_steps, admin) {
        (false, _) => Ok(approvals::Answerer::Approver(ctx)),
        (true, Some(admin)) => Ok(approvals::Answerer::AllSteps(admin)),
        (true, None) => Err(ApiError::new(
            crate::error::ErrorCode::Forbidden,
            "Only an admin can approve every remaining step at once.",
        )),
    }
}

fn request_id(body: &TimeOffDecision) -> Result<PtoRequestId, ApiError> {
    body.request
        .map(PtoRequestId)
        .ok_or_else(|| ApiError::validation(FieldErrors::single("request", "Please choose a request")))
}

/// Approves a pending request when the balance still covers it.
#[utoipa::path(post, path = "/server/v1/pto/approve-timeoff", tag = "pto", security(("bearer" = []), ("api_key" = ["time_off:write"])),
    request_body = TimeOffDecision,
    responses((status = 200, description = "`changed` is false when it already was approved", body = RequestOutcome),
        (status = 400, description = "'Dang it! …': the balance no longer covers it", body = ErrorBody),
        (status = 403, description = "One's own request", body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "Denied or cancelled", body = ErrorBody)))]
pub async fn approve(
    state: web::Data<AppState>,
    guard: Privileged<scope::TimeOffWrite>,
    body: Body<TimeOffDecision>,
) -> Result<web::Json<RequestOutcome>, ApiError> {
    let admin = guard.ctx.admin();
    Ok(web::Json(state.pto.approve(answerer(&guard.ctx, &admin, body.all_steps)?, request_id(&body)?).await?))
}

/// Denies a pending request, with the reason.
#[utoipa::path(post, path = "/server/v1/pto/reject-timeoff", tag = "pto", security(("bearer" = []), ("api_key" = ["time_off:write"])),
    request_body = TimeOffDecision,
    responses((status = 200, description = "`changed` is false when it already was denied", body = RequestOutcome),
        (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "Approved or cancelled", body = ErrorBody)))]
pub async fn reject(
    state: web::Data<AppState>,
    guard: Privileged<scope::TimeOffWrite>,
    body: Body<TimeOffDecision>,
) -> Result<web::Json<RequestOutcome>, ApiError> {
    let id = request_id(&body)?;
    let admin = guard.ctx.admin();
    let comment = body.comment.as_deref().unwrap_or_default();
    Ok(web::Json(state.pto.reject(answerer(&guard.ctx, &admin, body.all_steps)?, id, comment).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct AgendaParams {
    /// YYYY-MM-DD.
    pub start: Option<String>,
    /// YYYY-MM-DD, at most 400 days after `start`.
    pub end: Option<String>,
    #[serde(default, deserialize_with = "lenient_i64")]
    pub excluded_employee_id: Option<i64>,
    /// 1: pending time off of the people the caller reaches too.
    pub include_pending: Option<String>,
    /// The screen's employee (the agenda is the same for everyone in the company).
    #[serde(default, deserialize_with = "lenient_i64")]
    pub on_behalf_of: Option<i64>,
    /// Accepted for the spec's client; all-day and partial time off both come back.
    pub allday: Option<String>,
    /// Accepted for the spec's client.
    pub from: Option<String>,
    /// Only these agenda types (comma-joined: PTO_REQUEST, HOLIDAY, BIRTHDAY, ANNIVERSARY,
    /// HrCalendarEvent, LICENCE); all when left out.
    pub types: Option<String>,
}

/// The team agenda between two days: time off, paid holidays, calendar events, birthdays and
/// work anniversaries ('What's happening?', /team-calendar, 'Who Else is Out?').
#[utoipa::path(get, path = "/server/v1/pto/agenda", tag = "pto", security(("bearer" = [])),
    params(AgendaParams),
    responses((status = 200, body = Agenda), (status = 400, body = ErrorBody)))]
pub async fn agenda(
    state: web::Data<AppState>,
    member: Member,
    query: web::Query<AgendaParams>,
) -> Result<web::Json<Agenda>, ApiError> {
    let mut errors = FieldErrors::new();
    let start = day("start", query.start.as_deref()).unwrap_or_else(|_| {
        errors.add("start", pto::requests::MSG_DATE_FORMAT);
        None
    });
    let end = day("end", query.end.as_deref()).unwrap_or_else(|_| {
        errors.add("end", pto::requests::MSG_DATE_FORMAT);
        None
    });
    let today = kernel::time::local_date(member.ctx.time_zone(), chrono::Utc::now());
    let start = start.unwrap_or(today);
    let end = end.unwrap_or(start + chrono::Duration::days(30));
    let include_pending = matches!(query.include_pending.as_deref().map(str::trim), Some("1" | "true"));
    let types = AgendaTypes::parse(query.types.as_deref()).unwrap_or_else(|| {
        errors.add(
            "types",
            "Please choose agenda types among PTO_REQUEST, HOLIDAY, BIRTHDAY, ANNIVERSARY, HrCalendarEvent and LICENCE",
        );
        AgendaTypes::all()
    });
    let parsed = AgendaQuery::new(start, end, query.excluded_employee_id.map(kernel::UserId), include_pending);
    let query = match (errors.is_empty(), parsed) {
        (true, Ok(query)) => query,
        (_, Err(more)) if errors.is_empty() => return Err(ApiError::validation(more)),
        _ => return Err(ApiError::validation(errors)),
    };
    Ok(web::Json(state.reports.agenda(&member.ctx, &query, &types).await?))
}

/// Approved time off in the current pay cycle, in all and per person overseen.
#[utoipa::path(get, path = "/server/v1/pto/paycycle-approved-pto-hours", tag = "pto", security(("bearer" = []), ("api_key" = ["time_off:read"])),
    responses((status = 200, body = PayCyclePto), (status = 403, body = ErrorBody)))]
pub async fn paycycle_hours(
    state: web::Data<AppState>,
    guard: Privileged<scope::TimeOffRead>,
) -> Result<web::Json<PayCyclePto>, ApiError> {
    Ok(web::Json(state.reports.pay_cycle_pto(&guard.ctx).await?))
}
