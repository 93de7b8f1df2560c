//! `/timesheet/*`: weeks of shifts, comments, history, edit requests, admin edits, pay cycles.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{scope, Admin, Member, Privileged};
use crate::forms::{lenient_i64, read_form_or_json, Body};
use crate::state::AppState;
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::NaiveDate;
use kernel::{EditRequestId, EntryId};
use reports::team::TeamTimesheet;
use serde::{Deserialize, Serialize};
use timesheet::commands::{
    parse_comment, parse_rejection, parse_span, ApprovePeriodCommand, ApprovePeriodInput, EditRequestCommand,
    EditRequestInput, ShiftEditCommand, ShiftEditInput,
};
use timesheet::views::{
    ApprovedEdit, ChangeView, CommentView, EditRequestView, EntryList, EntryView, PayCycleHours, PayCycleOvertime,
    PeriodReview,
};
use utoipa::{IntoParams, ToSchema};

crate::routes::route_table! {
    get "/timesheet/list" => list,
    get "/timesheet/details" => details,
    get "/timesheet/comments" => comments,
    get "/timesheet/changes" => changes,
    get "/timesheet/requests" => requests,
    post "/timesheet/add-comment" => add_comment,
    post "/timesheet/edit-request" => edit_request,
    post "/timesheet/edit-request-cancel" => edit_request_cancel,
    post "/timesheet/edit-request-approve" => edit_request_approve,
    post "/timesheet/edit-request-reject" => edit_request_reject,
    post "/timesheet/edit" => edit,
    post "/timesheet/remove" => remove,
    get "/timesheet/paycycle-clocked-hours" => paycycle_clocked_hours,
    get "/timesheet/paycycle-overtime-hours" => paycycle_overtime_hours,
    get "/timesheet/pay-hours" => pay_hours,
    get "/timesheet/team" => team,
    post "/timesheet/approve-period" => approve_period,
    get "/timesheet/missed" => missed,
    post "/timesheet/missed-accept" => missed_accept,
}

/// Edit forms are small: a few times and comments.
const FORM_LIMIT: usize = 64 * 1024;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ListQuery {
    /// First company day, `YYYY-MM-DD`.
    pub start: NaiveDate,
    /// Last company day, `YYYY-MM-DD` (at most 62 days after `start`).
    pub end: NaiveDate,
    /// Default: the caller.
    pub employee_id: Option<i64>,
    /// From 1, ten rows a page; without it, every row.
    pub page: Option<u64>,
}

#[utoipa::path(get, path = "/server/v1/timesheet/list", tag = "timesheet", security(("bearer" = []), ("api_key" = ["time:read"])), params(ListQuery),
    responses((status = 200, body = EntryList), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn list(
    state: web::Data<AppState>,
    member: Member<scope::TimeRead>,
    query: web::Query<ListQuery>,
) -> Result<web::Json<EntryList>, ApiError> {
    let query = query.into_inner();
    Ok(web::Json(state.timesheet.list(&member.ctx, query.employee_id, query.start, query.end, query.page).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ShiftQuery {
    /// The shift's id (its tracking number).
    pub ts: i64,
}

#[utoipa::path(get, path = "/server/v1/timesheet/details", tag = "timesheet", security(("bearer" = []), ("api_key" = ["time:read"])), params(ShiftQuery),
    responses((status = 200, body = EntryView), (status = 404, body = ErrorBody)))]
pub async fn details(
    state: web::Data<AppState>,
    member: Member<scope::TimeRead>,
    query: web::Query<ShiftQuery>,
) -> Result<web::Json<EntryView>, ApiError> {
    Ok(web::Json(state.timesheet.details(&member.ctx, EntryId(query.ts)).await?))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CommentList {
    pub comments: Vec<CommentView>,
}

#[utoipa::path(get, path = "/server/v1/timesheet/comments", tag = "timesheet", security(("bearer" = [])), params(ShiftQuery),
    responses((status = 200, body = CommentList), (status = 404, body = ErrorBody)))]
pub async fn comments(
    state: web::Data<AppState>,
    member: Member,
    query: web::Query<ShiftQuery>,
) -> Result<web::Json<CommentList>, ApiError> {
    Ok(web::Json(CommentList { comments: state.timesheet.comments(&member.ctx, EntryId(query.ts)).await? }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ChangeList {
    pub changes: Vec<ChangeView>,
}

#[utoipa::path(get, path = "/server/v1/timesheet/changes", tag = "timesheet", security(("bearer" = [])), params(ShiftQuery),
    responses((status = 200, body = ChangeList), (status = 404, body = ErrorBody)))]
pub async fn changes(
    state: web::Data<AppState>,
    member: Member,
    query: web::Query<ShiftQuery>,
) -> Result<web::Json<ChangeList>, ApiError> {
    Ok(web::Json(ChangeList { changes: state.timesheet.changes(&member.ctx, EntryId(query.ts)).await? }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RequestList {
    pub requests: Vec<EditRequestView>,
}

#[utoipa::path(get, path = "/server/v1/timesheet/requests", tag = "timesheet", security(("bearer" = [])), params(ShiftQuery),
    responses((status = 200, body = RequestList), (status = 404, body = ErrorBody)))]
pub async fn requests(
    state: web::Data<AppState>,
    member: Member,
    query: web::Query<ShiftQuery>,
) -> Result<web::Json<RequestList>, ApiError> {
    Ok(web::Json(RequestList { requests: state.timesheet.requests(&member.ctx, EntryId(query.ts)).await? }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AddCommentRequest {
    pub entry_id: i64,
    pub comment: Option<String>,
}

#[utoipa::path(post, path = "/server/v1/timesheet/add-comment", tag = "timesheet", security(("bearer" = [])),
    request_body = AddCommentRequest,
    responses((status = 201, body = CommentView), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn add_comment(
    state: web::Data<AppState>,
    member: Member,
    body: Body<AddCommentRequest>,
) -> Result<HttpResponse, ApiError> {
    let comment = parse_comment(&body.comment).map_err(ApiError::validation)?;
    let saved = state.timesheet.add_comment(&member.ctx, EntryId(body.entry_id), comment).await?;
    Ok(HttpResponse::Created().json(saved))
}

/// Times are `YYYY-MM-DD HH:mm:ss` in the company's zone.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct EditRequestBody {
    #[serde(deserialize_with = "lenient_i64")]
    pub tracking_number: Option<i64>,
    /// The reason.
    pub comment: Option<String>,
    /// in, out or inout.
    pub change_type: Option<String>,
    pub start: Option<String>,
    pub end: Option<String>,
    /// NOCHANGE (default), REMOVE or REPLACE.
    pub boptype: Option<String>,
    /// `[[from, to], …]`, for REPLACE.
    pub breaks: Option<Vec<Vec<Option<String>>>>,
}

#[utoipa::path(post, path = "/server/v1/timesheet/edit-request", tag = "timesheet", security(("bearer" = [])),
    request_body = EditRequestBody,
    responses(
        (status = 201, body = EditRequestView),
        (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "A request for this shift is already pending", body = ErrorBody),
    ))]
pub async fn edit_request(
    state: web::Data<AppState>,
    member: Member,
    body: Body<EditRequestBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let input = EditRequestInput {
        tracking_number: body.tracking_number,
        comment: body.comment,
        change_type: body.change_type,
        start: body.start,
        end: body.end,
        boptype: body.boptype,
        breaks: body.breaks,
    };
    let command = EditRequestCommand::parse(&input, member.ctx.time_zone()).map_err(ApiError::validation)?;
    let saved = state.timesheet.request_edit(&member.ctx, command).await?;
    Ok(HttpResponse::Created().json(saved))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct RequestQuery {
    pub req_id: i64,
}

#[utoipa::path(post, path = "/server/v1/timesheet/edit-request-cancel", tag = "timesheet", security(("bearer" = [])),
    params(RequestQuery),
    responses((status = 200, body = EditRequestView), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn edit_request_cancel(
    state: web::Data<AppState>,
    member: Member,
    query: web::Query<RequestQuery>,
) -> Result<web::Json<EditRequestView>, ApiError> {
    Ok(web::Json(state.timesheet.cancel_request(&member.ctx, EditRequestId(query.req_id)).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct EditRequestDecision {
    #[serde(deserialize_with = "lenient_i64")]
    pub req_id: Option<i64>,
    /// The reason of a rejection.
    pub comment: Option<String>,
    /// Admins, on a request with an approval path: answer every remaining step at once.
    #[serde(default)]
    pub all_steps: bool,
}

fn request_id(body: &EditRequestDecision) -> Result<EditRequestId, ApiError> {
    body.req_id
        .map(EditRequestId)
        .ok_or_else(|| ApiError::validation(kernel::FieldErrors::single("reqId", "Please choose a request")))
}

#[utoipa::path(post, path = "/server/v1/timesheet/edit-request-approve", tag = "timesheet", security(("bearer" = [])),
    request_body = EditRequestDecision,
    responses((status = 200, description = "The changed shift; `approvalMessage` while a next approval step waits", body = ApprovedEdit), (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn edit_request_approve(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<EditRequestDecision>,
) -> Result<web::Json<ApprovedEdit>, ApiError> {
    let admin = guard.ctx.admin();
    let answerer = crate::routes::time_off::answerer(&guard.ctx, &admin, body.all_steps)?;
    Ok(web::Json(state.timesheet.approve(answerer, request_id(&body)?).await?))
}

#[utoipa::path(post, path = "/server/v1/timesheet/edit-request-reject", tag = "timesheet", security(("bearer" = [])),
    request_body = EditRequestDecision,
    responses((status = 200, body = EditRequestView), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn edit_request_reject(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<EditRequestDecision>,
) -> Result<web::Json<EditRequestView>, ApiError> {
    let id = request_id(&body)?;
    let reason = parse_rejection(&body.comment).map_err(ApiError::validation)?;
    let admin = guard.ctx.admin();
    let answerer = crate::routes::time_off::answerer(&guard.ctx, &admin, body.all_steps)?;
    Ok(web::Json(state.timesheet.reject(answerer, id, reason).await?))
}

/// 'Edit Now' with a tracking number (admins), 'Add Shift' without (admins and managers).
/// JSON, or a form whose `breaks` field holds JSON.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ShiftEditBody {
    #[serde(deserialize_with = "lenient_i64")]
    pub tracking_number: Option<i64>,
    #[serde(deserialize_with = "lenient_i64")]
    pub employee_id: Option<i64>,
    pub start: Option<String>,
    pub end: Option<String>,
    pub breaks: Option<Vec<Vec<Option<String>>>>,
}

#[utoipa::path(post, path = "/server/v1/timesheet/edit", tag = "timesheet", security(("bearer" = []), ("api_key" = ["time:write"])),
    request_body(content((ShiftEditBody = "application/json"), (ShiftEditBody = "multipart/form-data"), (ShiftEditBody = "application/x-www-form-urlencoded"))),
    responses((status = 200, description = "Edited", body = EntryView), (status = 201, description = "Added", body = EntryView),
        (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn edit(
    state: web::Data<AppState>,
    guard: Privileged<scope::TimeWrite>,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let body: ShiftEditBody = read_form_or_json(&req, payload, FORM_LIMIT, &["breaks"]).await?;
    let input = ShiftEditInput {
        tracking_number: body.tracking_number,
        employee_id: body.employee_id,
        start: body.start,
        end: body.end,
        breaks: body.breaks,
    };
    let command = ShiftEditCommand::parse(&input, guard.ctx.time_zone()).map_err(ApiError::validation)?;
    // One path, two rights: 'Add Shift' is a manager's, 'Edit Now' an admin's, whose proof the
    // manager's guard yields only to an admin (spec 000 §6).
    Ok(match command {
        ShiftEditCommand::Edit(edit) => {
            let admin = guard.ctx.admin().ok_or_else(ApiError::forbidden)?;
            HttpResponse::Ok().json(state.timesheet.edit_shift(&admin, edit).await?)
        }
        ShiftEditCommand::Add(add) => HttpResponse::Created().json(state.timesheet.add_shift(&guard.ctx, add).await?),
    })
}

/// The missed punches of the caller's people (issue 40): shifts Timekeep closed provisionally at
/// the company's longest shift, waiting for a correction or an "accept as is".
#[utoipa::path(get, path = "/server/v1/timesheet/missed", tag = "timesheet", security(("bearer" = [])),
    responses((status = 200, body = timesheet::missed::MissedPunches), (status = 403, body = ErrorBody)))]
pub async fn missed(
    state: web::Data<AppState>,
    guard: Privileged,
) -> Result<web::Json<timesheet::missed::MissedPunches>, ApiError> {
    Ok(web::Json(state.timesheet.missed_punches(&guard.ctx).await?))
}

/// "Accept as is": the provisional close stands and the shift is paid as it is. Correcting it
/// instead ('Edit Now', or approving the person's edit request) settles it too.
#[utoipa::path(post, path = "/server/v1/timesheet/missed-accept", tag = "timesheet", security(("bearer" = [])), params(ShiftQuery),
    responses((status = 200, body = EntryView), (status = 403, description = "Nobody settles their own", body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, description = "No missed punch waits on this shift", body = ErrorBody)))]
pub async fn missed_accept(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<ShiftQuery>,
) -> Result<web::Json<EntryView>, ApiError> {
    Ok(web::Json(state.timesheet.accept_missed(&guard.ctx, EntryId(query.ts)).await?))
}

#[utoipa::path(post, path = "/server/v1/timesheet/remove", tag = "timesheet", security(("bearer" = []), ("api_key" = ["time:write"])), params(ShiftQuery),
    responses((status = 204, description = "Deleted"), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn remove(
    state: web::Data<AppState>,
    guard: Admin<scope::TimeWrite>,
    query: web::Query<ShiftQuery>,
) -> Result<HttpResponse, ApiError> {
    state.timesheet.remove(&guard.ctx, EntryId(query.ts)).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct EmployeeQuery {
    /// Default: the caller.
    pub employee_id: Option<i64>,
}

#[utoipa::path(get, path = "/server/v1/timesheet/paycycle-clocked-hours", tag = "timesheet", security(("bearer" = []), ("api_key" = ["time:read"])),
    params(EmployeeQuery), responses((status = 200, body = PayCycleHours), (status = 404, body = ErrorBody)))]
pub async fn paycycle_clocked_hours(
    state: web::Data<AppState>,
    member: Member<scope::TimeRead>,
    query: web::Query<EmployeeQuery>,
) -> Result<web::Json<PayCycleHours>, ApiError> {
    Ok(web::Json(state.timesheet.pay_cycle_hours(&member.ctx, query.employee_id).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct OvertimeQuery {
    /// Version marker the original client sends (`v=1`).
    pub v: Option<i32>,
    /// Default with `end`: the current pay period.
    pub start: Option<NaiveDate>,
    pub end: Option<NaiveDate>,
    pub employee_id: Option<i64>,
}

#[utoipa::path(get, path = "/server/v1/timesheet/paycycle-overtime-hours", tag = "timesheet", security(("bearer" = []), ("api_key" = ["time:read"])),
    params(OvertimeQuery), responses((status = 200, body = PayCycleOvertime), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn paycycle_overtime_hours(
    state: web::Data<AppState>,
    member: Member<scope::TimeRead>,
    query: web::Query<OvertimeQuery>,
) -> Result<web::Json<PayCycleOvertime>, ApiError> {
    let range = match (query.start, query.end) {
        (Some(start), Some(end)) => Some((start, end)),
        _ => None,
    };
    Ok(web::Json(state.timesheet.pay_cycle_overtime(&member.ctx, query.employee_id, range).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct PayHoursQuery {
    /// First day, `YYYY-MM-DD`.
    pub start: NaiveDate,
    /// Last day, `YYYY-MM-DD` (at most 400 days after `start`).
    pub end: NaiveDate,
    /// Default: the caller.
    pub employee_id: Option<i64>,
}

/// Regular, overtime and double-time minutes per workday of a range, under the company's
/// overtime rules (the rule set in force on the last day is named).
#[utoipa::path(get, path = "/server/v1/timesheet/pay-hours", tag = "timesheet", security(("bearer" = []), ("api_key" = ["time:read"])),
    params(PayHoursQuery), responses((status = 200, body = timesheet::pay_hours::PayHoursView), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn pay_hours(
    state: web::Data<AppState>,
    member: Member<scope::TimeRead>,
    query: web::Query<PayHoursQuery>,
) -> Result<web::Json<timesheet::pay_hours::PayHoursView>, ApiError> {
    Ok(web::Json(state.timesheet.pay_hours(&member.ctx, query.employee_id, query.start, query.end).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct TeamQuery {
    /// A day of the period, `YYYY-MM-DD` (default: the company's today).
    pub date: Option<NaiveDate>,
    /// `week` (default: the Sunday-to-Saturday week) or `payPeriod`.
    pub span: Option<String>,
}

/// The team's week or pay period on one screen: everyone the caller reaches × the days, with
/// worked, overtime and time-off minutes, what needs a look, and each person's approval.
#[utoipa::path(get, path = "/server/v1/timesheet/team", tag = "timesheet", security(("bearer" = []), ("api_key" = ["time:read"])), params(TeamQuery),
    responses((status = 200, body = TeamTimesheet), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn team(
    state: web::Data<AppState>,
    guard: Privileged<scope::TimeRead>,
    query: web::Query<TeamQuery>,
) -> Result<web::Json<TeamTimesheet>, ApiError> {
    let mut errors = kernel::FieldErrors::new();
    let span = parse_span(&mut errors, query.span.as_deref());
    kernel::validation::check_date(&mut errors, "date", query.date);
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    let date = query.date.unwrap_or_else(|| kernel::time::local_date(guard.ctx.time_zone(), chrono::Utc::now()));
    Ok(web::Json(state.reports.team_timesheet(&guard.ctx, date, span).await?))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ApprovedPeriods {
    /// The period's approvals of the people named (earlier ones kept as they were).
    pub reviews: Vec<PeriodReview>,
}

/// Approves the timesheets of the people named for the period around `date`: a recorded review,
/// shown to each person on their timesheet. Nobody approves their own.
#[utoipa::path(post, path = "/server/v1/timesheet/approve-period", tag = "timesheet", security(("bearer" = [])),
    request_body = ApprovePeriodInput,
    responses((status = 200, body = ApprovedPeriods), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn approve_period(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<ApprovePeriodInput>,
) -> Result<web::Json<ApprovedPeriods>, ApiError> {
    let command = ApprovePeriodCommand::parse(&body).map_err(ApiError::validation)?;
    let reviews = state.timesheet.approve_period(&guard.ctx, &command.employees, command.date, command.span).await?;
    Ok(web::Json(ApprovedPeriods { reviews }))
}
