//! `/manage/*`: admins' and managers' view of their people.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::Privileged;
use crate::state::AppState;
use accounts::entities::users;
use accounts::EmployeeFilter;
use actix_web::web;
use kernel::{Role, UserId};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/manage/user-data", web::get().to(user_data)).route("/manage/employees", web::get().to(employees));
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct EmployeeQuery {
    /// The employee's id.
    pub id: i64,
}

/// An employee as their admin or manager sees them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmployeeData {
    pub id: i64,
    pub firstname: String,
    pub lastname: String,
    pub email: String,
    /// `employee`, `manager` or `admin`.
    pub role: String,
    /// 'User', 'Admin Control - Limited' or 'Admin Control - Full'.
    pub permission: String,
    pub manager_id: Option<i64>,
    pub job_role_id: Option<i64>,
    /// 1 active, 0 terminated.
    pub status: i16,
    pub avatar: Option<String>,
}

#[utoipa::path(
    get, path = "/server/v1/manage/user-data", tag = "manage", security(("bearer" = [])),
    params(EmployeeQuery),
    responses(
        (status = 200, body = EmployeeData),
        (status = 403, description = "Employees may not use this", body = ErrorBody),
        (status = 404, description = "No such employee in the caller's company and reach", body = ErrorBody),
    )
)]
pub async fn user_data(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<EmployeeQuery>,
) -> Result<web::Json<EmployeeData>, ApiError> {
    let employee = state.accounts.employee_in_scope(&guard.ctx, UserId(query.id)).await?;
    Ok(web::Json(employee.into()))
}

impl From<users::Model> for EmployeeData {
    fn from(employee: users::Model) -> Self {
        let permission = Role::from_code(&employee.role).map(Role::label).unwrap_or_default().to_owned();
        EmployeeData {
            id: employee.id,
            firstname: employee.first_name,
            lastname: employee.last_name,
            email: employee.email,
            role: employee.role,
            permission,
            manager_id: employee.manager_id,
            job_role_id: employee.job_role_id,
            status: employee.status,
            avatar: employee.avatar,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct EmployeesQuery {
    /// From 1; 30 a page.
    pub page: Option<u64>,
    /// 1 active (default), 0 terminated.
    pub status: Option<i16>,
    pub jobrole_id: Option<i64>,
    /// 3: last name Z-A; 4 (default): A-Z.
    pub order: Option<i16>,
    /// Part of a first or last name, any case.
    pub q: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmployeesPage {
    pub employees: Vec<EmployeeData>,
    pub total_count: u64,
    pub page: u64,
}

#[utoipa::path(
    get, path = "/server/v1/manage/employees", tag = "manage", security(("bearer" = [])),
    params(EmployeesQuery),
    responses((status = 200, body = EmployeesPage), (status = 403, body = ErrorBody))
)]
pub async fn employees(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<EmployeesQuery>,
) -> Result<web::Json<EmployeesPage>, ApiError> {
    let query = query.into_inner();
    let page = query.page.unwrap_or(1).max(1);
    let filter = EmployeeFilter {
        status: query.status,
        job_role_id: query.jobrole_id,
        name: query.q,
        descending: query.order == Some(3),
        page,
    };
    let (rows, total_count) = state.accounts.list_employees(&guard.ctx, &filter).await?;
    Ok(web::Json(EmployeesPage { employees: rows.into_iter().map(EmployeeData::from).collect(), total_count, page }))
}
