//! The team calendar (spec 002 §7 "Calendar events"; issue 21's calendar feed): events for any
//! member, whom they may pick, and each person's private iCalendar feed. The rules are
//! `hr::calendar`'s; the feed's contents are `reports::feed`'s.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{FeedOwner, Member, NotImpersonating};
use crate::forms::{lenient_i64, Body};
use crate::routes::folder::IdInput;
use crate::state::AppState;
use actix_web::http::header;
use actix_web::{web, HttpResponse};
use hr::calendar::{CalendarEvent, EventCommand, EventEmployeeOptions, EventInput};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

crate::routes::route_table! {
    get "/calendar-event/get-calendar-event-info" => event_info,
    get "/calendar-event/employees" => employees,
    post "/calendar-event/add-event" => add_event,
    post "/calendar-event/update-event" => update_event,
    post "/calendar-event/del-calendar-event" => delete_event,
    get "/calendar-feed/mine" => my_feed,
    post "/calendar-feed/reset" => reset_feed,
    get "/calendar-feed/{secret}" => feed,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EventIdQuery {
    /// The event.
    #[serde(default, deserialize_with = "lenient_i64")]
    #[param(value_type = i64)]
    pub id: Option<i64>,
}

/// One event, for the panel.
#[utoipa::path(get, path = "/server/v1/calendar-event/get-calendar-event-info", tag = "calendar", security(("bearer" = [])),
    params(EventIdQuery),
    responses((status = 200, body = CalendarEvent), (status = 404, body = ErrorBody)))]
pub async fn event_info(
    state: web::Data<AppState>,
    member: Member,
    query: web::Query<EventIdQuery>,
) -> Result<web::Json<CalendarEvent>, ApiError> {
    let id = query.id.ok_or_else(ApiError::not_found)?;
    Ok(web::Json(state.hr.calendar_event(&member.ctx, kernel::CalendarEventId(id)).await?))
}

/// Whom the caller may pick in the panel: 'Team Event' first.
#[utoipa::path(get, path = "/server/v1/calendar-event/employees", tag = "calendar", security(("bearer" = [])),
    responses((status = 200, body = EventEmployeeOptions)))]
pub async fn employees(
    state: web::Data<AppState>,
    member: Member,
) -> Result<web::Json<EventEmployeeOptions>, ApiError> {
    Ok(web::Json(state.hr.event_employee_options(&member.ctx).await?))
}

/// Adds an event (a team event, or one about the caller or someone they reach).
#[utoipa::path(post, path = "/server/v1/calendar-event/add-event", tag = "calendar", security(("bearer" = [])),
    request_body = EventInput,
    responses((status = 200, body = CalendarEvent), (status = 400, body = ErrorBody)))]
pub async fn add_event(
    state: web::Data<AppState>,
    member: Member,
    body: Body<EventInput>,
) -> Result<web::Json<CalendarEvent>, ApiError> {
    let command = EventCommand::parse(&body, member.ctx.time_zone()).map_err(ApiError::validation)?;
    Ok(web::Json(state.hr.add_calendar_event(&member.ctx, command).await?))
}

/// Changes an event: its creator, an admin, or a manager who reaches its employee.
#[utoipa::path(post, path = "/server/v1/calendar-event/update-event", tag = "calendar", security(("bearer" = [])),
    request_body = EventInput,
    responses((status = 200, body = CalendarEvent), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn update_event(
    state: web::Data<AppState>,
    member: Member,
    body: Body<EventInput>,
) -> Result<web::Json<CalendarEvent>, ApiError> {
    let id =
        body.id.ok_or_else(|| ApiError::validation(kernel::FieldErrors::single("id", "Please choose the event")))?;
    let command = EventCommand::parse(&body, member.ctx.time_zone()).map_err(ApiError::validation)?;
    Ok(web::Json(state.hr.update_calendar_event(&member.ctx, kernel::CalendarEventId(id), command).await?))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeletedEvent {
    pub id: i64,
}

/// Deletes an event (the same people as editing).
#[utoipa::path(post, path = "/server/v1/calendar-event/del-calendar-event", tag = "calendar", security(("bearer" = [])),
    request_body = IdInput,
    responses((status = 200, body = DeletedEvent), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn delete_event(
    state: web::Data<AppState>,
    member: Member,
    body: Body<IdInput>,
) -> Result<web::Json<DeletedEvent>, ApiError> {
    Ok(web::Json(DeletedEvent {
        id: state.hr.delete_calendar_event(&member.ctx, kernel::CalendarEventId(body.id()?)).await?,
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FeedUrl {
    /// The private iCalendar URL: whoever has it reads the caller's calendar.
    pub url: String,
}

fn feed_url(state: &AppState, secret: &hr::calendar::FeedSecret) -> FeedUrl {
    FeedUrl { url: state.accounts.screen_link(&format!("{}/calendar-feed/{}.ics", crate::API_BASE, secret.0)) }
}

/// The caller's private calendar-feed URL (made on first ask). Not while support acts as the
/// person: the URL is a key that keeps working after the impersonation ends, and nobody would
/// know support had taken it (403).
#[utoipa::path(get, path = "/server/v1/calendar-feed/mine", tag = "calendar", security(("bearer" = [])),
    responses((status = 200, body = FeedUrl), (status = 403, description = "While impersonating", body = ErrorBody)))]
pub async fn my_feed(
    state: web::Data<AppState>,
    member: Member,
    _myself: NotImpersonating,
) -> Result<web::Json<FeedUrl>, ApiError> {
    let secret = state.hr.feed_secret(&member.ctx).await?;
    Ok(web::Json(feed_url(&state, &secret)))
}

/// A new feed URL; the old one stops working at once. Not while impersonating (see [`my_feed`]).
#[utoipa::path(post, path = "/server/v1/calendar-feed/reset", tag = "calendar", security(("bearer" = [])),
    responses((status = 200, body = FeedUrl), (status = 403, description = "While impersonating", body = ErrorBody)))]
pub async fn reset_feed(
    state: web::Data<AppState>,
    member: Member,
    _myself: NotImpersonating,
) -> Result<web::Json<FeedUrl>, ApiError> {
    let secret = state.hr.reset_feed(&member.ctx).await?;
    Ok(web::Json(feed_url(&state, &secret)))
}

/// The feed itself (RFC 5545), for calendar apps: the secret in the path is the key.
#[utoipa::path(get, path = "/server/v1/calendar-feed/{secret}", tag = "calendar",
    params(("secret" = String, Path, description = "The feed's secret, with `.ics`")),
    responses((status = 200, description = "The calendar", content_type = "text/calendar"),
        (status = 404, description = "No such feed (reset, or its owner may no longer sign in)", body = ErrorBody)))]
pub async fn feed(state: web::Data<AppState>, owner: FeedOwner) -> Result<HttpResponse, ApiError> {
    let host = url_host(&state.accounts.screen_link(""));
    let body = state.reports.calendar_feed(&owner.ctx, &host).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/calendar; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .insert_header(("X-Content-Type-Options", "nosniff"))
        .insert_header((header::CONTENT_DISPOSITION, "inline; filename=\"timekeep.ics\""))
        .body(body))
}

/// The host of a URL, for the feed's UIDs.
fn url_host(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    rest.split(['/', ':']).next().unwrap_or("timekeep").to_owned()
}
