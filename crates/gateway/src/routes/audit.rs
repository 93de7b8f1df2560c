//! The company's audit trail (issue 43; the contract in `docs/contracts/audit-trail.md`): read by
//! admins and managers, a page at a time or as a streamed CSV. No route writes it: entries are
//! made by the domains, inside the transactions of the changes they describe.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::Privileged;
use crate::state::AppState;
use actix_web::http::header;
use actix_web::{web, HttpResponse};
use kernel::ManagerCtx;
use reports::audit::{AuditEntryView, AuditFilter, AuditQuery, AuditTrailPage, AUDIT_CSV_HEADER};
use reports::Reports;

crate::routes::route_table! {
    get "/audit" => page,
    get "/audit/export" => export,
}

/// A page of the trail, newest first (50 entries; `next` is the following page's cursor).
#[utoipa::path(get, path = "/server/v1/audit", tag = "audit", security(("bearer" = [])),
    params(AuditQuery),
    responses((status = 200, body = AuditTrailPage), (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, description = "A person out of reach", body = ErrorBody)))]
pub async fn page(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<AuditQuery>,
) -> Result<web::Json<AuditTrailPage>, ApiError> {
    let filter = AuditFilter::parse(&query, guard.ctx.time_zone()).map_err(ApiError::validation)?;
    Ok(web::Json(state.reports.audit_page(&guard.ctx, &filter).await?))
}

/// The whole selection as CSV (`audit-trail.csv`), streamed batch by batch.
#[utoipa::path(get, path = "/server/v1/audit/export", tag = "audit", security(("bearer" = [])),
    params(AuditQuery),
    responses((status = 200, description = "The CSV file (attachment)", content_type = "text/csv"),
        (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn export(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<AuditQuery>,
) -> Result<HttpResponse, ApiError> {
    let mut query = query.into_inner();
    query.cursor = None;
    let filter = AuditFilter::parse(&query, guard.ctx.time_zone()).map_err(ApiError::validation)?;
    let reports = state.reports.clone();
    let ctx = guard.ctx;
    // The first batch before answering: a failure there is an error answer, not a cut file.
    let (first, next) = reports.audit_batch(&ctx, &filter, None).await?;
    let head = csv_chunk(true, &first)?;
    let rest = futures_util::stream::try_unfold(next, move |cursor| {
        let (reports, ctx, filter): (Reports, ManagerCtx, AuditFilter) = (reports.clone(), ctx.clone(), filter.clone());
        async move {
            let Some(cursor) = cursor else { return Ok(None) };
            let stopped = |err: &dyn std::fmt::Display| {
                tracing::error!(error = %err, "the audit trail's export stopped");
                std::io::Error::other("the export of audit-trail.csv stopped")
            };
            let (rows, next) = reports.audit_batch(&ctx, &filter, Some(cursor)).await.map_err(|err| stopped(&err))?;
            let bytes = csv_chunk(false, &rows).map_err(|err| stopped(&err))?;
            Ok::<_, std::io::Error>(Some((bytes, next)))
        }
    });
    let body = futures_util::StreamExt::chain(
        futures_util::stream::once(futures_util::future::ready(Ok::<_, std::io::Error>(head))),
        rest,
    );
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header(header::ContentDisposition {
            disposition: header::DispositionType::Attachment,
            parameters: vec![header::DispositionParam::Filename("audit-trail.csv".to_owned())],
        })
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .insert_header(("X-Content-Type-Options", "nosniff"))
        .streaming(body))
}

/// Entries as CSV rows (after the header, when asked); every cell defused against formulas.
fn csv_chunk(header: bool, rows: &[AuditEntryView]) -> Result<web::Bytes, ApiError> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    if header {
        writer
            .write_record(AUDIT_CSV_HEADER.iter().map(|name| kernel::spreadsheet::defused(name).into_owned()))
            .map_err(ApiError::internal)?;
    }
    for row in rows {
        let cells = row.csv_cells();
        writer
            .write_record(cells.iter().map(|cell| kernel::spreadsheet::defused(cell).into_owned()))
            .map_err(ApiError::internal)?;
    }
    let bytes = writer.into_inner().map_err(|err| ApiError::internal(err.to_string()))?;
    Ok(web::Bytes::from(bytes))
}
