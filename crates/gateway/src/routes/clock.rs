//! `/clock/*`: the signed-in employee's own clock.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{ClientMeta, Member};
use crate::forms::{Body, OptionalBody};
use crate::state::AppState;
use actix_web::{web, HttpRequest};
use clock::offline::{OfflinePressCommand, OfflinePressInput, KEY_MESSAGE};
use clock::places::{PositionInput, Whereabouts};
use clock::receipts::PressKey;
use clock::{ClockStatus, Device};
use serde::Deserialize;
use timesheet::OfflinePressAnswer;
use utoipa::{IntoParams, ToSchema};

/// The header that makes a press once (issue 39).
const KEY_HEADER: &str = "Idempotency-Key";

/// The press's `Idempotency-Key`, if sent; a malformed one is refused (400).
fn press_key(req: &HttpRequest) -> Result<Option<PressKey>, ApiError> {
    let Some(value) = req.headers().get(KEY_HEADER) else { return Ok(None) };
    value
        .to_str()
        .ok()
        .and_then(PressKey::parse)
        .map(Some)
        .ok_or_else(|| ApiError::validation(kernel::FieldErrors::single(KEY_HEADER, KEY_MESSAGE)))
}

/// A browser's position at a press (the Geolocation API's fields).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PositionBody {
    /// Degrees, -90 to 90.
    pub latitude: Option<f64>,
    /// Degrees, -180 to 180.
    pub longitude: Option<f64>,
    /// Metres: the radius of 95 % confidence.
    pub accuracy: Option<f64>,
    /// When the fix was taken (ISO 8601): a fix from the future is refused, one older than two
    /// minutes (a cached fix) counts as no position.
    pub taken_at: Option<String>,
}

impl PositionBody {
    fn input(&self) -> PositionInput {
        PositionInput {
            latitude: self.latitude,
            longitude: self.longitude,
            accuracy: self.accuracy,
            taken_at: self.taken_at.clone(),
        }
    }
}

/// A press's optional body: where the browser is, when the person allowed it (issue 40). The
/// status says when one is asked for (`asksPosition`).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PressBody {
    pub position: Option<PositionBody>,
}

/// Where a press comes from: its position, checked, and the client's address by the
/// trusted-proxy rule.
fn whereabouts(body: &PressBody, client: &ClientMeta) -> Result<Whereabouts, ApiError> {
    let position = match &body.position {
        Some(position) => position.input().parse(clock::now()).map_err(ApiError::validation)?,
        None => None,
    };
    let ip = client.0.ip.as_deref().and_then(|ip| ip.parse().ok());
    Ok(Whereabouts { position, ip, kiosk_at: None })
}

crate::routes::route_table! {
    get "/clock/status" => status,
    post "/clock/start" => start,
    post "/clock/take-break" => take_break,
    post "/clock/resume-from-break" => resume_from_break,
    post "/clock/end" => end,
    post "/clock/offline-press" => offline_press,
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

#[utoipa::path(post, path = "/server/v1/clock/start", tag = "clock", security(("bearer" = [])), params(PressHeaders),
    request_body(content = PressBody, description = "Optional: the browser's position"),
    responses(
        (status = 200, body = ClockStatus),
        (status = 400, description = "A position out of range, or taken in the future", body = ErrorBody),
        (status = 422, description = "`idempotency_key_reused`: the key was sent with another press", body = ErrorBody),
        (status = 409, description = "`conflict`: already clocked in, or before the day's start time", body = ErrorBody),
        (status = 403, description = "`mobile_clock_in_disabled`, or `outside_work_location`: a location's rule in block mode refuses the clock-in (the message says why and what to do)", body = ErrorBody),
    ))]
pub async fn start(
    state: web::Data<AppState>,
    member: Member,
    req: HttpRequest,
    client: ClientMeta,
    body: OptionalBody<PressBody>,
) -> Result<web::Json<ClockStatus>, ApiError> {
    let at = whereabouts(&body.0, &client)?;
    Ok(web::Json(state.clock.start(&member.ctx, device(&req), press_key(&req)?, &at).await?))
}

#[utoipa::path(post, path = "/server/v1/clock/take-break", tag = "clock", security(("bearer" = [])), params(Tracking, PressHeaders),
    request_body(content = PressBody, description = "Optional: the browser's position"),
    responses((status = 400, description = "A position out of range, or taken in the future", body = ErrorBody), (status = 200, body = ClockStatus), (status = 422, description = "`idempotency_key_reused`", body = ErrorBody), (status = 409, description = "Not clocked in, or already on a break", body = ErrorBody)))]
pub async fn take_break(
    state: web::Data<AppState>,
    member: Member,
    query: web::Query<Tracking>,
    req: HttpRequest,
    client: ClientMeta,
    body: OptionalBody<PressBody>,
) -> Result<web::Json<ClockStatus>, ApiError> {
    let at = whereabouts(&body.0, &client)?;
    Ok(web::Json(
        state
            .clock
            .take_break(&member.ctx, kernel::EntryId(query.tracking_number), device(&req), press_key(&req)?, &at)
            .await?,
    ))
}

#[utoipa::path(post, path = "/server/v1/clock/resume-from-break", tag = "clock", security(("bearer" = [])), params(Tracking, PressHeaders),
    request_body(content = PressBody, description = "Optional: the browser's position"),
    responses((status = 400, description = "A position out of range, or taken in the future", body = ErrorBody), (status = 200, body = ClockStatus), (status = 422, description = "`idempotency_key_reused`", body = ErrorBody), (status = 409, description = "Not on a break", body = ErrorBody)))]
pub async fn resume_from_break(
    state: web::Data<AppState>,
    member: Member,
    query: web::Query<Tracking>,
    req: HttpRequest,
    client: ClientMeta,
    body: OptionalBody<PressBody>,
) -> Result<web::Json<ClockStatus>, ApiError> {
    let at = whereabouts(&body.0, &client)?;
    Ok(web::Json(
        state
            .clock
            .resume(&member.ctx, kernel::EntryId(query.tracking_number), device(&req), press_key(&req)?, &at)
            .await?,
    ))
}

#[utoipa::path(post, path = "/server/v1/clock/end", tag = "clock", security(("bearer" = [])), params(Tracking, PressHeaders),
    request_body(content = PressBody, description = "Optional: the browser's position"),
    responses((status = 400, description = "A position out of range, or taken in the future", body = ErrorBody), (status = 200, body = ClockStatus), (status = 422, description = "`idempotency_key_reused`", body = ErrorBody), (status = 409, description = "Not clocked in", body = ErrorBody)))]
pub async fn end(
    state: web::Data<AppState>,
    member: Member,
    query: web::Query<Tracking>,
    req: HttpRequest,
    client: ClientMeta,
    body: OptionalBody<PressBody>,
) -> Result<web::Json<ClockStatus>, ApiError> {
    let at = whereabouts(&body.0, &client)?;
    Ok(web::Json(
        state
            .clock
            .end(&member.ctx, kernel::EntryId(query.tracking_number), device(&req), press_key(&req)?, &at)
            .await?,
    ))
}

/// The optional header of the four presses: the same key sent again answers the first press's
/// answer instead of pressing again; with another press it is refused (422).
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Header)]
pub struct PressHeaders {
    /// 1–128 letters, digits, `-`, `_`, `.` or `:` (a UUID).
    #[param(rename = "Idempotency-Key")]
    #[allow(dead_code)]
    pub idempotency_key: Option<String>,
}

/// A press made on a phone without a network, sent when it is back.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfflinePressBody {
    /// `start`, `break`, `resume` or `end`.
    pub action: Option<String>,
    /// The shift the phone knew was open; absent when it knew none.
    pub tracking_number: Option<i64>,
    /// The phone's clock at the press (ISO 8601).
    pub device_time: Option<String>,
    /// The server's clock minus the phone's, last measured, in milliseconds (0 if never).
    pub server_offset_ms: Option<i64>,
    /// Where the phone was at the press, when the person allowed it (its time by the phone's
    /// clock).
    pub position: Option<PositionBody>,
}

/// The header of an offline press: required.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Header)]
pub struct OfflinePressHeaders {
    /// The press's own id, made on the phone (a UUIDv7): the press is recorded once.
    #[param(rename = "Idempotency-Key")]
    #[allow(dead_code)]
    pub idempotency_key: String,
}

#[utoipa::path(post, path = "/server/v1/clock/offline-press", tag = "clock", security(("bearer" = [])),
    params(OfflinePressHeaders), request_body = OfflinePressBody,
    responses(
        (status = 200, description = "Applied at the phone's corrected time, or held for a manager as an edit request", body = OfflinePressAnswer),
        (status = 400, body = ErrorBody),
        (status = 403, description = "`mobile_clock_in_disabled`", body = ErrorBody),
        (status = 409, description = "`conflict`: the clock's state refuses the press", body = ErrorBody),
        (status = 422, description = "`idempotency_key_reused`: the key was sent with another press", body = ErrorBody),
    ))]
pub async fn offline_press(
    state: web::Data<AppState>,
    member: Member,
    req: HttpRequest,
    body: Body<OfflinePressBody>,
) -> Result<web::Json<OfflinePressAnswer>, ApiError> {
    let body = body.into_inner();
    let input = OfflinePressInput {
        action: body.action,
        tracking_number: body.tracking_number,
        device_time: body.device_time,
        server_offset_ms: body.server_offset_ms,
        position: body.position.as_ref().map(PositionBody::input),
    };
    let key = req.headers().get(KEY_HEADER).and_then(|value| value.to_str().ok());
    let command = OfflinePressCommand::parse(&input, key).map_err(ApiError::validation)?;
    Ok(web::Json(state.timesheet.offline_press(&member.ctx, command, device(&req)).await?))
}
