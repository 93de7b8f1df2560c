//! `/clock/*`: the signed-in employee's own clock.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::Member;
use crate::state::AppState;
use actix_web::{web, HttpRequest};
use clock::{ClockStatus, Device};
use serde::Deserialize;
use utoipa::IntoParams;

crate::routes::route_table! {
    get "/clock/status" => status,
    post "/clock/start" => start,
    post "/clock/take-break" => take_break,
    post "/clock/resume-from-break" => resume_from_break,
    post "/clock/end" => end,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct Tracking {
    /// The open shift's id, from the status.
    pub tracking_number: i64,
}

/// Phones and tablets, by their user agent: a company may turn clock-in from them off.
fn device(req: &HttpRequest) -> Device {
    let agent = req
        .headers()
        .get(actix_web::http::header::USER_AGENT)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default();
    if ["Mobi", "Android", "iPhone", "iPad"].iter().any(|marker| agent.contains(marker)) {
        Device::Mobile
    } else {
        Device::Desktop
    }
}

#[utoipa::path(get, path = "/server/v1/clock/status", tag = "clock", security(("bearer" = [])),
    responses((status = 200, body = ClockStatus), (status = 401, body = ErrorBody)))]
pub async fn status(
    state: web::Data<AppState>,
    member: Member,
    req: HttpRequest,
) -> Result<web::Json<ClockStatus>, ApiError> {
    Ok(web::Json(state.clock.status(&member.ctx, device(&req)).await?))
}

#[utoipa::path(post, path = "/server/v1/clock/start", tag = "clock", security(("bearer" = [])),
    responses(
        (status = 200, body = ClockStatus),
        (status = 409, description = "`conflict`: already clocked in, or before the day's start time", body = ErrorBody),
        (status = 403, description = "`mobile_clock_in_disabled`", body = ErrorBody),
    ))]
pub async fn start(
    state: web::Data<AppState>,
    member: Member,
    req: HttpRequest,
) -> Result<web::Json<ClockStatus>, ApiError> {
    Ok(web::Json(state.clock.start(&member.ctx, device(&req)).await?))
}

#[utoipa::path(post, path = "/server/v1/clock/take-break", tag = "clock", security(("bearer" = [])), params(Tracking),
    responses((status = 200, body = ClockStatus), (status = 409, description = "Not clocked in, or already on a break", body = ErrorBody)))]
pub async fn take_break(
    state: web::Data<AppState>,
    member: Member,
    query: web::Query<Tracking>,
    req: HttpRequest,
) -> Result<web::Json<ClockStatus>, ApiError> {
    Ok(web::Json(state.clock.take_break(&member.ctx, kernel::EntryId(query.tracking_number), device(&req)).await?))
}

#[utoipa::path(post, path = "/server/v1/clock/resume-from-break", tag = "clock", security(("bearer" = [])), params(Tracking),
    responses((status = 200, body = ClockStatus), (status = 409, description = "Not on a break", body = ErrorBody)))]
pub async fn resume_from_break(
    state: web::Data<AppState>,
    member: Member,
    query: web::Query<Tracking>,
    req: HttpRequest,
) -> Result<web::Json<ClockStatus>, ApiError> {
    Ok(web::Json(state.clock.resume(&member.ctx, kernel::EntryId(query.tracking_number), device(&req)).await?))
}

#[utoipa::path(post, path = "/server/v1/clock/end", tag = "clock", security(("bearer" = [])), params(Tracking),
    responses((status = 200, body = ClockStatus), (status = 409, description = "Not clocked in", body = ErrorBody)))]
pub async fn end(
    state: web::Data<AppState>,
    member: Member,
    query: web::Query<Tracking>,
    req: HttpRequest,
) -> Result<web::Json<ClockStatus>, ApiError> {
    Ok(web::Json(state.clock.end(&member.ctx, kernel::EntryId(query.tracking_number), device(&req)).await?))
}
