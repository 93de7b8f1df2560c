//! `/company/*`: the company profile (spec 001 §2 'company-profile').

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{Admin, Privileged};
use crate::forms::{read_upload, Body};
use crate::state::AppState;
use actix_web::{web, HttpRequest};
use hr::commands::{CompanyCommand, CompanyInput};
use hr::views::CompanyView;
use serde::Serialize;
use utoipa::ToSchema;

crate::routes::route_table! {
    get "/company/profile" => profile,
    post "/company/update" => update,
    post "/company/logo" => logo,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CompanyProfile {
    pub company: CompanyView,
}

#[utoipa::path(get, path = "/server/v1/company/profile", tag = "company", security(("bearer" = [])),
    responses((status = 200, body = CompanyProfile), (status = 403, body = ErrorBody)))]
pub async fn profile(state: web::Data<AppState>, guard: Privileged) -> Result<web::Json<CompanyProfile>, ApiError> {
    Ok(web::Json(CompanyProfile { company: state.hr.company_profile(&guard.ctx).await? }))
}

#[utoipa::path(post, path = "/server/v1/company/update", tag = "company", security(("bearer" = [])),
    request_body = CompanyInput,
    responses(
        (status = 200, body = CompanyProfile),
        (status = 400, description = "Field errors with the spec's messages", body = ErrorBody),
        (status = 403, description = "Admins only", body = ErrorBody),
    ))]
pub async fn update(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<CompanyInput>,
) -> Result<web::Json<CompanyProfile>, ApiError> {
    let command = CompanyCommand::parse(&body).map_err(ApiError::validation)?;
    Ok(web::Json(CompanyProfile { company: state.hr.update_company(&guard.ctx, command).await? }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LogoResponse {
    pub logo: String,
}

/// `multipart/form-data` with `file` (PNG, JPEG, GIF or WebP, at most 5 MB). Admins only.
#[utoipa::path(post, path = "/server/v1/company/logo", tag = "company", security(("bearer" = [])),
    request_body(content = crate::forms::ImageUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = LogoResponse),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 413, body = ErrorBody),
    ))]
pub async fn logo(
    state: web::Data<AppState>,
    guard: Admin,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<web::Json<LogoResponse>, ApiError> {
    let upload = read_upload(&req, payload, files::MAX_IMAGE_BYTES).await?;
    Ok(web::Json(LogoResponse { logo: state.hr.set_company_logo(&guard.ctx, &upload.file).await? }))
}
