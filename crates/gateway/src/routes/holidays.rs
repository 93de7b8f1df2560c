//! Paid holidays (002 §7 "Holidays"): everyone in the company reads them; admins add, edit,
//! delete and create a year's defaults, and set someone else's hours for them.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{scope, Admin, Member};
use crate::forms::Body;
use crate::state::AppState;
use actix_web::web;
use pto::holidays::{
    EmployeeHolidays, EmployeeHolidaysCommand, EmployeeHolidaysInput, HolidayCommand, HolidayInput, HolidayList,
    PaidHoliday,
};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

crate::routes::route_table! {
    get "/holiday/list" => list,
    get "/holiday/list-for-employee" => list_for_employee,
    post "/holiday/add" => add,
    post "/holiday/save-employee-holidays" => save_employee_holidays,
    get "/holiday/get" => get,
    post "/holiday/delete" => delete,
    post "/holiday/create-defaults" => create_defaults,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct YearQuery {
    /// From the company's current year −1 to +3; the current year when left out.
    pub year: Option<i32>,
}

/// A year's paid holidays, by date, and the years the screens offer.
#[utoipa::path(get, path = "/server/v1/holiday/list", tag = "holidays", security(("bearer" = []), ("api_key" = ["time_off:read"])),
    params(YearQuery),
    responses((status = 200, body = HolidayList), (status = 400, description = "A year not offered", body = ErrorBody)))]
pub async fn list(
    state: web::Data<AppState>,
    member: Member<scope::TimeOffRead>,
    query: web::Query<YearQuery>,
) -> Result<web::Json<HolidayList>, ApiError> {
    Ok(web::Json(state.pto.holidays(&member.ctx, query.year).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct EmployeeYearQuery {
    /// The employee.
    pub employee_id: i64,
    /// The current year when left out.
    pub year: Option<i32>,
}

/// A year's holidays with an employee's hours for each (8 unless an admin set them).
#[utoipa::path(get, path = "/server/v1/holiday/list-for-employee", tag = "holidays", security(("bearer" = [])),
    params(EmployeeYearQuery),
    responses((status = 200, body = EmployeeHolidays), (status = 400, body = ErrorBody),
        (status = 404, description = "Not in the caller's company and reach", body = ErrorBody)))]
pub async fn list_for_employee(
    state: web::Data<AppState>,
    member: Member,
    query: web::Query<EmployeeYearQuery>,
) -> Result<web::Json<EmployeeHolidays>, ApiError> {
    let employee = kernel::UserId(query.employee_id);
    Ok(web::Json(state.pto.employee_holidays(&member.ctx, employee, query.year).await?))
}

/// Adds a holiday, or edits the one with `id`; its year is its date's.
#[utoipa::path(post, path = "/server/v1/holiday/add", tag = "holidays", security(("bearer" = [])),
    request_body = HolidayInput,
    responses((status = 200, body = PaidHoliday), (status = 400, body = ErrorBody), (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn add(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<HolidayInput>,
) -> Result<web::Json<PaidHoliday>, ApiError> {
    let command = HolidayCommand::parse(&body, state.pto.this_year(&guard.ctx)).map_err(ApiError::validation)?;
    Ok(web::Json(state.pto.save_holiday(&guard.ctx, command).await?))
}

/// Sets someone else's hours for holidays (hours of 8 are the default and are not stored).
#[utoipa::path(post, path = "/server/v1/holiday/save-employee-holidays", tag = "holidays", security(("bearer" = [])),
    request_body = EmployeeHolidaysInput,
    responses((status = 200, body = EmployeeHolidays), (status = 400, body = ErrorBody), (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn save_employee_holidays(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<EmployeeHolidaysInput>,
) -> Result<web::Json<EmployeeHolidays>, ApiError> {
    let command = EmployeeHolidaysCommand::parse(&body).map_err(ApiError::validation)?;
    Ok(web::Json(state.pto.save_employee_holidays(&guard.ctx, command).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HolidayQuery {
    /// The holiday.
    pub id: i64,
}

/// One holiday.
#[utoipa::path(get, path = "/server/v1/holiday/get", tag = "holidays", security(("bearer" = [])),
    params(HolidayQuery),
    responses((status = 200, body = PaidHoliday), (status = 404, body = ErrorBody)))]
pub async fn get(
    state: web::Data<AppState>,
    member: Member,
    query: web::Query<HolidayQuery>,
) -> Result<web::Json<PaidHoliday>, ApiError> {
    Ok(web::Json(state.pto.holiday(&member.ctx, kernel::HolidayId(query.id)).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct DeleteHolidayInput {
    /// The holiday.
    pub id: Option<i64>,
    /// The year whose list comes back; the holiday's year when left out.
    pub year: Option<i32>,
}

/// Deletes a holiday (its record stays, with who deleted it); answers the year's list.
#[utoipa::path(post, path = "/server/v1/holiday/delete", tag = "holidays", security(("bearer" = [])),
    request_body = DeleteHolidayInput,
    responses((status = 200, body = HolidayList), (status = 400, body = ErrorBody), (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn delete(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<DeleteHolidayInput>,
) -> Result<web::Json<HolidayList>, ApiError> {
    let id =
        body.id.ok_or_else(|| ApiError::validation(kernel::FieldErrors::single("id", "Please choose the holiday")))?;
    let deleted = state.pto.delete_holiday(&guard.ctx, kernel::HolidayId(id)).await?;
    Ok(web::Json(state.pto.holidays(&guard.ctx, Some(body.year.unwrap_or(deleted.year))).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DefaultsQuery {
    /// From the company's current year −1 to +3.
    pub year: i32,
}

/// Adds the year's US federal holidays (observed dates) on days that have none; answers the list.
#[utoipa::path(post, path = "/server/v1/holiday/create-defaults", tag = "holidays", security(("bearer" = [])),
    params(DefaultsQuery),
    responses((status = 200, body = HolidayList), (status = 400, body = ErrorBody), (status = 403, description = "Admins only", body = ErrorBody)))]
pub async fn create_defaults(
    state: web::Data<AppState>,
    guard: Admin,
    query: web::Query<DefaultsQuery>,
) -> Result<web::Json<HolidayList>, ApiError> {
    Ok(web::Json(state.pto.create_default_holidays(&guard.ctx, query.year).await?))
}
