//! `/manage/*`: admins' and managers' view of their people (spec 001 §2–§8): the list, the
//! folder, add and edit, terminate and reactivate, the bulk add, avatars, the activity timeline.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{scope, Admin, Privileged};
use crate::forms::{lenient_i64, read_upload, Body};
use crate::state::AppState;
use accounts::EmployeeFilter;
use actix_web::{web, HttpRequest, HttpResponse};
use hr::commands::{parse_bulk, BulkRowInput, EmployeeCommand, EmployeeInput, ReactivateCommand, ReactivateInput};
use hr::views::{ActivityView, ContactView, EmployeeView, ManageData};
use kernel::{ActivityId, FieldErrors, UserId};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

crate::routes::route_table! {
    get "/manage/employees" => employees,
    get "/manage/data" => data,
    get "/manage/user-data" => user_data,
    get "/manage/user-full-data" => user_full_data,
    post "/manage/add-user" => add_user,
    post "/manage/user-avatar" => user_avatar,
    post "/manage/terminate-employee" => terminate_employee,
    post "/manage/reactivate-account" => reactivate_account,
    post "/manage/add-multiple-users" => add_multiple_users,
    get "/manage/user-activities" => user_activities,
    get "/manage/activity-details" => activity_details,
}

/// Forms are small; a bulk add of a few hundred rows fits.
const FORM_LIMIT: usize = 256 * 1024;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EmployeeQuery {
    /// The employee's id.
    pub id: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct EmployeesQuery {
    /// From 1; 30 a page.
    pub page: Option<u64>,
    /// 1 active (default), 0 terminated.
    pub status: Option<i16>,
    #[serde(default, deserialize_with = "lenient_i64")]
    pub jobrole_id: Option<i64>,
    /// 3: last name Z-A; 4 (default): A-Z.
    pub order: Option<i16>,
    /// Part of a first or last name, any case (the shell's 'Find employee').
    pub q: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmployeesPage {
    pub employees: Vec<ListedEmployee>,
    pub total_count: u64,
    pub page: u64,
}

/// A row of the employee list: the person and their PTO column (the plan in force and the total
/// balance in minutes, -1000 for 'Setup').
#[derive(Debug, Serialize, ToSchema)]
pub struct ListedEmployee {
    #[serde(flatten)]
    pub employee: EmployeeView,
    #[serde(flatten)]
    pub pto: pto::PtoSummary,
}

#[utoipa::path(
    get, path = "/server/v1/manage/employees", tag = "manage", security(("bearer" = []), ("api_key" = ["people:read"])),
    params(EmployeesQuery),
    responses((status = 200, body = EmployeesPage), (status = 403, body = ErrorBody))
)]
pub async fn employees(
    state: web::Data<AppState>,
    guard: Privileged<scope::PeopleRead>,
    query: web::Query<EmployeesQuery>,
) -> Result<web::Json<EmployeesPage>, ApiError> {
    let query = query.into_inner();
    let page = kernel::validation::page(query.page).map_err(ApiError::validation)?;
    let status = match query.status {
        None => None,
        Some(code) => Some(kernel::EmploymentStatus::from_code(code).ok_or_else(|| {
            ApiError::validation(FieldErrors::single("status", "Please choose 1 (active) or 0 (terminated)"))
        })?),
    };
    let filter = EmployeeFilter {
        status,
        job_role_id: query.jobrole_id.map(kernel::JobRoleId),
        name: query.q,
        descending: query.order == Some(3),
        page,
    };
    let (employees, total_count) = state.hr.employees(&guard.ctx, &filter).await?;
    let ids: Vec<UserId> = employees.iter().map(|employee| UserId(employee.id)).collect();
    let mut pto = state.pto.summaries(&guard.ctx, &ids).await?;
    let employees = employees
        .into_iter()
        .map(|employee| ListedEmployee {
            pto: pto.remove(&employee.id).unwrap_or_else(pto::PtoSummary::not_set_up),
            employee,
        })
        .collect();
    Ok(web::Json(EmployeesPage { employees, total_count, page }))
}

#[utoipa::path(get, path = "/server/v1/manage/data", tag = "manage", security(("bearer" = [])),
    responses((status = 200, body = ManageData), (status = 403, body = ErrorBody)))]
pub async fn data(state: web::Data<AppState>, guard: Privileged) -> Result<web::Json<ManageData>, ApiError> {
    Ok(web::Json(state.hr.manage_data(&guard.ctx).await?))
}

#[utoipa::path(
    get, path = "/server/v1/manage/user-data", tag = "manage", security(("bearer" = []), ("api_key" = ["people:read"])),
    params(EmployeeQuery),
    responses(
        (status = 200, body = EmployeeView),
        (status = 403, description = "Employees may not use this", body = ErrorBody),
        (status = 404, description = "No such employee in the caller's company and reach", body = ErrorBody),
    )
)]
pub async fn user_data(
    state: web::Data<AppState>,
    guard: Privileged<scope::PeopleRead>,
    query: web::Query<EmployeeQuery>,
) -> Result<web::Json<EmployeeView>, ApiError> {
    Ok(web::Json(state.hr.employee(&guard.ctx, UserId(query.id)).await?))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EmployeeFolder {
    pub employee: EmployeeView,
    pub contacts: Vec<ContactView>,
}

#[utoipa::path(get, path = "/server/v1/manage/user-full-data", tag = "manage", security(("bearer" = []), ("api_key" = ["people:read"])),
    params(EmployeeQuery),
    responses((status = 200, body = EmployeeFolder), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn user_full_data(
    state: web::Data<AppState>,
    guard: Privileged<scope::PeopleRead>,
    query: web::Query<EmployeeQuery>,
) -> Result<web::Json<EmployeeFolder>, ApiError> {
    let (employee, contacts) = state.hr.employee_folder(&guard.ctx, UserId(query.id)).await?;
    Ok(web::Json(EmployeeFolder { employee, contacts }))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedEmployee {
    pub employee: EmployeeView,
    /// True when the employee was added (a login e-mail went out).
    pub created: bool,
    /// A changed sign-in e-mail waits for the link sent to this address (for someone still
    /// invited only, the new address took effect and a new invitation went to it).
    pub email_change_sent_to: Option<String>,
}

#[utoipa::path(post, path = "/server/v1/manage/add-user", tag = "manage", security(("bearer" = [])),
    request_body(content((EmployeeInput = "application/json"), (EmployeeInput = "multipart/form-data"), (EmployeeInput = "application/x-www-form-urlencoded"))),
    responses(
        (status = 200, body = SavedEmployee),
        (status = 400, description = "Field errors with the spec's messages", body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The e-mail belongs to another user", body = ErrorBody),
    ))]
pub async fn add_user(
    state: web::Data<AppState>,
    guard: Privileged,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<web::Json<SavedEmployee>, ApiError> {
    let input: EmployeeInput = crate::forms::read_form_or_json(&req, payload, FORM_LIMIT, &[]).await?;
    let command = EmployeeCommand::parse(&input).map_err(ApiError::validation)?;
    let saved = state.hr.save_employee(&guard.ctx, command).await?;
    Ok(web::Json(SavedEmployee {
        employee: saved.employee,
        created: saved.created,
        email_change_sent_to: saved.email_change_sent_to,
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AvatarResponse {
    /// The new avatar's URL, or null once removed.
    pub avatar: Option<String>,
}

/// `multipart/form-data` with `file` (PNG, JPEG, GIF or WebP, at most 5 MB) and `employee`.
#[utoipa::path(post, path = "/server/v1/manage/user-avatar", tag = "manage", security(("bearer" = [])),
    request_body(content = crate::forms::EmployeeImageUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = AvatarResponse),
        (status = 400, description = "Not an image", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 413, body = ErrorBody),
    ))]
pub async fn user_avatar(
    state: web::Data<AppState>,
    guard: Privileged,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<web::Json<AvatarResponse>, ApiError> {
    let upload = read_upload(&req, payload, files::MAX_IMAGE_BYTES).await?;
    let employee = upload
        .fields
        .get("employee")
        .and_then(|text| text.trim().parse::<i64>().ok())
        .ok_or_else(|| ApiError::validation(FieldErrors::single("employee", "Please choose the employee")))?;
    let url = state.hr.set_employee_avatar(&guard.ctx, UserId(employee), &upload.file).await?;
    Ok(web::Json(AvatarResponse { avatar: Some(url) }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct IdBody {
    #[serde(deserialize_with = "lenient_i64")]
    #[schema(value_type = i64)]
    pub id: Option<i64>,
}

impl IdBody {
    pub fn id(&self) -> Result<i64, ApiError> {
        self.id.ok_or_else(|| ApiError::validation(FieldErrors::single("id", "Please choose the employee")))
    }
}

#[utoipa::path(post, path = "/server/v1/manage/terminate-employee", tag = "manage", security(("bearer" = [])),
    request_body = IdBody,
    responses(
        (status = 200, description = "Terminated; their sessions ended", body = EmployeeView),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Already terminated, or oneself", body = ErrorBody),
    ))]
pub async fn terminate_employee(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<IdBody>,
) -> Result<web::Json<EmployeeView>, ApiError> {
    Ok(web::Json(state.hr.terminate(&guard.ctx, UserId(body.id()?)).await?))
}

#[utoipa::path(post, path = "/server/v1/manage/reactivate-account", tag = "manage", security(("bearer" = [])),
    request_body = ReactivateInput,
    responses(
        (status = 200, body = EmployeeView),
        (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The e-mail belongs to another user (spec 001 §8), or already active", body = ErrorBody),
    ))]
pub async fn reactivate_account(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<ReactivateInput>,
) -> Result<web::Json<EmployeeView>, ApiError> {
    let command = ReactivateCommand::parse(&body).map_err(ApiError::validation)?;
    Ok(web::Json(state.hr.reactivate(&guard.ctx, command).await?))
}

/// The spec's payload is a bare array of rows (spec 001 §7); `{"users": [...]}` is read too.
/// Blank rows (no name and no e-mail) are ignored; errors are keyed `users[<index>].<field>`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum BulkAddRequest {
    Rows(Vec<BulkRowInput>),
    Wrapped { users: Vec<BulkRowInput> },
}

impl BulkAddRequest {
    fn rows(&self) -> &[BulkRowInput] {
        match self {
            BulkAddRequest::Rows(rows) | BulkAddRequest::Wrapped { users: rows } => rows,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BulkAddResponse {
    pub created: usize,
    pub employees: Vec<EmployeeView>,
}

#[utoipa::path(post, path = "/server/v1/manage/add-multiple-users", tag = "manage", security(("bearer" = [])),
    request_body(content((Vec<BulkRowInput> = "application/json"), (BulkAddRequest = "multipart/form-data"))),
    responses(
        (status = 200, description = "All rows saved, login e-mails sent", body = BulkAddResponse),
        (status = 400, description = "Nothing saved: per-row errors", body = ErrorBody),
        (status = 403, body = ErrorBody),
    ))]
pub async fn add_multiple_users(
    state: web::Data<AppState>,
    guard: Privileged,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<web::Json<BulkAddResponse>, ApiError> {
    let body: BulkAddRequest = crate::forms::read_form_or_json(&req, payload, FORM_LIMIT, &["users"]).await?;
    let rows = body.rows();
    if rows.len() > 500 {
        return Err(ApiError::validation(FieldErrors::single("users", "Please add at most 500 employees at a time.")));
    }
    let rows = parse_bulk(rows).map_err(|(message, errors)| ApiError {
        errors,
        ..ApiError::new(crate::error::ErrorCode::Validation, message)
    })?;
    let employees = state.hr.add_many(&guard.ctx, rows).await?;
    Ok(web::Json(BulkAddResponse { created: employees.len(), employees }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ActivitiesQuery {
    /// The employee's id.
    pub id: i64,
    /// From 1; 20 a page, newest first.
    pub page: Option<u64>,
    /// Only this activity type, e.g. EMPLOYEE_START.
    #[serde(rename = "type")]
    pub kind: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActivitiesPage {
    pub activities: Vec<ActivityView>,
    pub total_count: u64,
    pub page: u64,
}

#[utoipa::path(get, path = "/server/v1/manage/user-activities", tag = "manage", security(("bearer" = [])),
    params(ActivitiesQuery),
    responses((status = 200, body = ActivitiesPage), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn user_activities(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<ActivitiesQuery>,
) -> Result<web::Json<ActivitiesPage>, ApiError> {
    let page = kernel::validation::page(query.page).map_err(ApiError::validation)?;
    let (activities, total_count) =
        state.hr.activities(&guard.ctx, UserId(query.id), query.kind.as_deref(), page).await?;
    Ok(web::Json(ActivitiesPage { activities, total_count, page }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ActivityQuery {
    /// The activity's id.
    pub id: i64,
}

#[utoipa::path(get, path = "/server/v1/manage/activity-details", tag = "manage", security(("bearer" = [])),
    params(ActivityQuery),
    responses((status = 200, body = ActivityView), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn activity_details(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<ActivityQuery>,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(state.hr.activity(&guard.ctx, ActivityId(query.id)).await?))
}
