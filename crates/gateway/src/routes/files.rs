//! `/files/{id}`: stored files, to signed-in users of the owning company only.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::Member;
use crate::state::AppState;
use actix_web::http::header;
use actix_web::{web, HttpResponse};
use kernel::FileId;

crate::routes::route_table! {
    get "/files/{id}" => download,
}

#[utoipa::path(get, path = "/server/v1/files/{id}", tag = "files", security(("bearer" = [])),
    params(("id" = i64, Path, description = "The file's id")),
    responses(
        (status = 200, description = "The file's bytes with its checked media type", content_type = "application/octet-stream"),
        (status = 404, description = "No such file in the caller's company", body = ErrorBody),
    ))]
pub async fn download(
    state: web::Data<AppState>,
    member: Member,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let (file, bytes) = state.files.open(&member.ctx, FileId(id.into_inner())).await?;
    Ok(HttpResponse::Ok()
        .content_type(file.media_type)
        // Private to the signed-in user's browser; the id never points at other bytes.
        .insert_header((header::CACHE_CONTROL, "private, max-age=86400, immutable"))
        .insert_header(("X-Content-Type-Options", "nosniff"))
        // Never rendered as a page of this site: the browser's code reads it as a blob.
        .insert_header((header::CONTENT_DISPOSITION, "attachment"))
        .body(bytes))
}
