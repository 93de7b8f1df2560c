//! `/system/stats`, `/system/export-stats`, `/system/employees`, `/system/queryuser`,
//! `/system/update-password`, `/system/export-all-users`: the platform operator's statistics
//! and people across companies (spec 002 §2 /sy5tem/stat and /sy5tem/resetpwd, §7). Operators
//! only: anyone else hears 404. Contract: `docs/contracts/system.md`, "Statistics" and
//! "Employees".
//!
//! The two exports stream: the service hands over one batch of rows at a time (by id, so each
//! is one index range), each batch is written as CSV and sent, and the next is read only then —
//! the server's memory holds one batch, however many companies or people there are.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::Operator;
use crate::forms::Body;
use crate::routes::MessageResponse;
use crate::state::AppState;
use actix_web::http::header;
use actix_web::{web, HttpResponse};
use kernel::{CompanyId, SystemCtx, UserId};
use serde::{Deserialize, Serialize};
use std::future::Future;
use system_admin::people::{
    parse_query_email, EmployeePage, EmployeeQuery, EmployeeRow, UpdatePasswordCommand, USERS_CSV_HEADER,
};
use system_admin::stats::{CompanyStats, StatsPage, StatsQuery, STATS_CSV_HEADER};
use system_admin::{SystemAdmin, SystemError};
use utoipa::{IntoParams, ToSchema};

crate::routes::route_table! {
    get "/system/stats" => stats,
    get "/system/export-stats" => export_stats,
    get "/system/employees" => employees,
    get "/system/queryuser" => query_user,
    post "/system/update-password" => update_password,
    get "/system/export-all-users" => export_all_users,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StatsParams {
    /// From 1; 20 a page.
    pub page: Option<u64>,
    /// Part of the company's name or of an admin's e-mail address (any case).
    pub name: Option<String>,
    /// `name`, `createdAt` (the default), `employees` or `activeUsers`.
    pub sort: Option<String>,
    /// `asc` or `desc` (default: `desc` by date, else `asc`).
    pub order: Option<String>,
}

/// Each company's use of the product, paged and sorted, with the chart of the last twelve
/// months.
#[utoipa::path(get, path = "/server/v1/system/stats", tag = "system", security(("bearer" = [])),
    params(StatsParams),
    responses((status = 200, body = StatsPage), (status = 400, body = ErrorBody),
        (status = 404, description = "Not a platform operator", body = ErrorBody)))]
pub async fn stats(
    state: web::Data<AppState>,
    guard: Operator,
    query: web::Query<StatsParams>,
) -> Result<web::Json<StatsPage>, ApiError> {
    let query = StatsQuery::parse(query.page, query.name.as_deref(), query.sort.as_deref(), query.order.as_deref())
        .map_err(ApiError::validation)?;
    Ok(web::Json(state.system.stats(&guard.ctx, &query).await?))
}

/// Every company's figures as CSV (`timekeep-stats.csv`), streamed: `Company ID, Company,
/// Created, Status, Employees, Active users, Clock presses, PTO requests, Last activity`.
#[utoipa::path(get, path = "/server/v1/system/export-stats", tag = "system", security(("bearer" = [])),
    responses(
        (status = 200, description = "The CSV file (attachment)", content_type = "text/csv"),
        (status = 404, description = "Not a platform operator", body = ErrorBody)))]
pub async fn export_stats(state: web::Data<AppState>, guard: Operator) -> Result<HttpResponse, ApiError> {
    csv_stream(
        "timekeep-stats.csv",
        &STATS_CSV_HEADER,
        state.system.clone(),
        guard.ctx,
        |system: SystemAdmin, ctx: SystemCtx, after: Option<i64>| async move {
            system.stats_after(&ctx, after.map(CompanyId)).await
        },
        |row: &CompanyStats| (row.company_id, row.csv_cells()),
    )
    .await
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct EmployeesParams {
    /// From 1; 20 a page.
    pub page: Option<u64>,
    /// The start of an e-mail address, a first name or a last name (any case).
    pub q: Option<String>,
    /// Only this company's people.
    pub company_id: Option<i64>,
    /// `email` (the default), `lastname` or `createdAt`.
    pub sort: Option<String>,
    /// `asc` (the default) or `desc`.
    pub order: Option<String>,
}

/// People across companies (platform operators too, with no company), searched and paged.
#[utoipa::path(get, path = "/server/v1/system/employees", tag = "system", security(("bearer" = [])),
    params(EmployeesParams),
    responses((status = 200, body = EmployeePage), (status = 400, body = ErrorBody),
        (status = 404, description = "Not a platform operator", body = ErrorBody)))]
pub async fn employees(
    state: web::Data<AppState>,
    guard: Operator,
    query: web::Query<EmployeesParams>,
) -> Result<web::Json<EmployeePage>, ApiError> {
    let query = EmployeeQuery::parse(
        query.page,
        query.q.as_deref(),
        query.company_id,
        query.sort.as_deref(),
        query.order.as_deref(),
    )
    .map_err(ApiError::validation)?;
    Ok(web::Json(state.system.employees(&guard.ctx, &query).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct QueryUserParams {
    /// The whole e-mail address, any case.
    pub email: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct QueryUserResponse {
    pub user: EmployeeRow,
}

/// The person with exactly this e-mail address (any case).
#[utoipa::path(get, path = "/server/v1/system/queryuser", tag = "system", security(("bearer" = [])),
    params(QueryUserParams),
    responses((status = 200, body = QueryUserResponse), (status = 400, body = ErrorBody),
        (status = 404, description = "Nobody has this address, or not a platform operator", body = ErrorBody)))]
pub async fn query_user(
    state: web::Data<AppState>,
    guard: Operator,
    query: web::Query<QueryUserParams>,
) -> Result<web::Json<QueryUserResponse>, ApiError> {
    let email = parse_query_email(query.email.as_deref()).map_err(ApiError::validation)?;
    Ok(web::Json(QueryUserResponse { user: state.system.query_user(&guard.ctx, &email).await? }))
}

/// `POST /system/update-password`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct UpdatePasswordRequest {
    /// The user's e-mail address, any case.
    pub email: Option<String>,
    /// `link` (the default: the user is mailed the normal reset link) or `set`.
    pub mode: Option<String>,
    /// `set` only: the new password (the product's rules); the user must change it at the next
    /// sign-in.
    pub password: Option<String>,
}

/// Helps a user with their password: mails them the reset link, or sets one they must change
/// at their next sign-in (every session of theirs ends). Written to the audit log.
#[utoipa::path(post, path = "/server/v1/system/update-password", tag = "system", security(("bearer" = [])),
    request_body = UpdatePasswordRequest,
    responses((status = 200, body = MessageResponse),
        (status = 400, description = "Invalid fields, an operator's address, or a terminated user", body = ErrorBody),
        (status = 404, description = "Nobody has this address, or not a platform operator", body = ErrorBody)))]
pub async fn update_password(
    state: web::Data<AppState>,
    guard: Operator,
    body: Body<UpdatePasswordRequest>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    let command = UpdatePasswordCommand::parse(body.email.as_deref(), body.mode.as_deref(), body.password.as_deref())
        .map_err(ApiError::validation)?;
    Ok(web::Json(MessageResponse::new(state.system.update_password(&guard.ctx, command).await?)))
}

/// Every user as CSV (`timekeep-users.csv`), streamed: `User ID, First name, Last name, Email,
/// Role, Status, Company ID, Company, Created, Last login`.
#[utoipa::path(get, path = "/server/v1/system/export-all-users", tag = "system", security(("bearer" = [])),
    responses(
        (status = 200, description = "The CSV file (attachment)", content_type = "text/csv"),
        (status = 404, description = "Not a platform operator", body = ErrorBody)))]
pub async fn export_all_users(state: web::Data<AppState>, guard: Operator) -> Result<HttpResponse, ApiError> {
    csv_stream(
        "timekeep-users.csv",
        &USERS_CSV_HEADER,
        state.system.clone(),
        guard.ctx,
        |system: SystemAdmin, ctx: SystemCtx, after: Option<i64>| async move {
            system.people_after(&ctx, after.map(UserId)).await
        },
        |row: &EmployeeRow| (row.id, row.csv_cells()),
    )
    .await
}

/// Where an export is: the next batch after this id (`None`: the first), or done.
enum Cursor {
    After(Option<i64>),
    Done,
}

/// A CSV attachment written batch by batch: `next(after)` reads the rows after the id `after`
/// (an empty batch ends the file); `cells` gives a row's id and its cells. The first batch is
/// read before answering, so a failure there is an error answer rather than a cut file; a later
/// failure ends the stream (the download fails) and is logged.
async fn csv_stream<R, F, Next, Cells>(
    file_name: &'static str,
    header: &'static [&'static str],
    system: SystemAdmin,
    ctx: SystemCtx,
    next: Next,
    cells: Cells,
) -> Result<HttpResponse, ApiError>
where
    R: 'static,
    F: Future<Output = Result<Vec<R>, SystemError>> + 'static,
    Next: Fn(SystemAdmin, SystemCtx, Option<i64>) -> F + Clone + 'static,
    Cells: Fn(&R) -> (i64, Vec<String>) + Clone + 'static,
{
    let first = next(system.clone(), ctx.clone(), None).await?;
    let first_chunk = write_batch(Some(header), &first, &cells)?;
    let cursor = match first_chunk.1 {
        Some(last) => Cursor::After(Some(last)),
        None => Cursor::Done,
    };
    let rest = futures_util::stream::try_unfold(cursor, move |cursor| {
        let (system, ctx, next, cells) = (system.clone(), ctx.clone(), next.clone(), cells.clone());
        async move {
            let Cursor::After(after) = cursor else { return Ok(None) };
            let stopped = |err: &dyn std::fmt::Display| {
                tracing::error!(error = %err, file = file_name, "export stopped");
                std::io::Error::other(format!("the export of {file_name} stopped"))
            };
            let rows = next(system, ctx, after).await.map_err(|err| stopped(&err))?;
            let (bytes, last) = write_batch(None, &rows, &cells).map_err(|err| stopped(&err))?;
            Ok::<_, std::io::Error>(last.map(|last| (bytes, Cursor::After(Some(last)))))
        }
    });
    let body = futures_util::StreamExt::chain(
        futures_util::stream::once(futures_util::future::ready(Ok::<_, std::io::Error>(first_chunk.0))),
        rest,
    );
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header(header::ContentDisposition {
            disposition: header::DispositionType::Attachment,
            parameters: vec![header::DispositionParam::Filename(file_name.to_owned())],
        })
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .insert_header(("X-Content-Type-Options", "nosniff"))
        .streaming(body))
}

/// `rows` as CSV (after `header`, when given), and the last row's id (`None` for no rows).
fn write_batch<R>(
    header: Option<&[&str]>,
    rows: &[R],
    cells: &impl Fn(&R) -> (i64, Vec<String>),
) -> Result<(web::Bytes, Option<i64>), ApiError> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    if let Some(header) = header {
        writer
            .write_record(header.iter().map(|name| kernel::spreadsheet::defused(name).into_owned()))
            .map_err(ApiError::internal)?;
    }
    let mut last = None;
    for row in rows {
        let (id, record) = cells(row);
        writer.write_record(&record).map_err(ApiError::internal)?;
        last = Some(id);
    }
    let bytes = writer.into_inner().map_err(|err| ApiError::internal(err.to_string()))?;
    Ok((web::Bytes::from(bytes), last))
}
