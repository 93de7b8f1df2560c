//! `/manage/import-agencyzoom`: the import of the company and its staff from the partner CRM
//! (spec 001 §2, §7; the rules in `hr::agencyzoom`, the contract in
//! `docs/contracts/agencyzoom.md`). Admins only.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::Admin;
use crate::forms::Body;
use crate::state::AppState;
use actix_web::web;
use hr::agencyzoom::{ImportCommand, ImportInput, ImportReport, ImportStatus};

crate::routes::route_table! {
    get "/manage/import-agencyzoom" => status,
    post "/manage/import-agencyzoom" => import,
}

/// Starts the import: whether it can run here, and whether the company was imported before.
/// The credentials are never kept, so the import itself needs them again: it is the `POST`.
#[utoipa::path(get, path = "/server/v1/manage/import-agencyzoom", tag = "manage", security(("bearer" = [])),
    responses((status = 200, body = ImportStatus), (status = 403, description = "Admins only", body = ErrorBody)))]
pub async fn status(state: web::Data<AppState>, guard: Admin) -> Result<web::Json<ImportStatus>, ApiError> {
    Ok(web::Json(state.hr.agencyzoom_status(&guard.ctx).await?))
}

/// Signs in to AgencyZoom with an account admin's e-mail and password (used for this import
/// only: never stored or logged), updates the company and creates or updates its staff.
#[utoipa::path(post, path = "/server/v1/manage/import-agencyzoom", tag = "manage", security(("bearer" = [])),
    request_body = ImportInput,
    responses(
        (status = 200, description = "The success and failure lists; new people are invited by e-mail", body = ImportReport),
        (status = 400, description = "Field errors with the spec's messages (`validation`), or AgencyZoom refused the credentials or the user is not its account admin (`partner_refused`)", body = ErrorBody),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 409, description = "The import is not set up on this server, or someone was added with one of the e-mails meanwhile", body = ErrorBody),
        (status = 502, description = "AgencyZoom failed, could not be reached, or answered something unreadable (`partner_unavailable`)", body = ErrorBody),
        (status = 504, description = "AgencyZoom did not answer in time (`partner_timeout`)", body = ErrorBody),
    ))]
pub async fn import(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<ImportInput>,
) -> Result<web::Json<ImportReport>, ApiError> {
    let command = ImportCommand::parse(&body).map_err(ApiError::validation)?;
    Ok(web::Json(state.hr.import_from_agencyzoom(&guard.ctx, command).await?))
}
