//! Celebrations (spec 002 §7 "Celebrations"): who is celebrated next for every member; each
//! person's message and 'email now' for managers (people they reach) and admins; the company's
//! messages for admins. The rules are `hr::celebrations`'.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{Admin, Member, Privileged};
use crate::forms::{lenient_i64, Body};
use crate::state::AppState;
use actix_web::web;
use hr::celebrations::{Kind, MessageCommand, MessageInput, MessageSlot, NextCelebrations, SystemMessages};
use kernel::{CelebrationMessageId, CompanyCelebrationMessageId, FieldErrors, UserId};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

crate::routes::route_table! {
    get "/celebration/next-celebrations" => next_celebrations,
    get "/celebration/get-system-messages" => system_messages,
    get "/celebration/get-celebration-message" => celebration_message,
    get "/celebration/get-company-celebration-message" => company_message,
    get "/celebration/delete-custom-celebration-message" => delete_message,
    get "/celebration/delete-custom-company-celebration-message" => delete_company_message,
    post "/celebration/save-celebration-message" => save_message,
    post "/celebration/save-company-celebration-message" => save_company_message,
    post "/celebration/email-now" => email_now,
}

fn kind(value: Option<&str>) -> Result<Kind, ApiError> {
    Kind::parse(value).map_err(ApiError::validation)
}

/// Birthdays and work anniversaries of active employees, today and the next 60 days.
#[utoipa::path(get, path = "/server/v1/celebration/next-celebrations", tag = "celebrations", security(("bearer" = [])),
    responses((status = 200, body = NextCelebrations)))]
pub async fn next_celebrations(
    state: web::Data<AppState>,
    member: Member,
) -> Result<web::Json<NextCelebrations>, ApiError> {
    Ok(web::Json(state.hr.next_celebrations(&member.ctx).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TargetQuery {
    /// employee (the default) or company.
    pub target: Option<String>,
}

/// The system's default messages.
#[utoipa::path(get, path = "/server/v1/celebration/get-system-messages", tag = "celebrations", security(("bearer" = [])),
    params(TargetQuery),
    responses((status = 200, body = SystemMessages), (status = 400, body = ErrorBody)))]
pub async fn system_messages(
    state: web::Data<AppState>,
    _member: Member,
    query: web::Query<TargetQuery>,
) -> Result<web::Json<SystemMessages>, ApiError> {
    Ok(web::Json(state.hr.system_messages(query.target.as_deref())?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct PersonMessageQuery {
    /// The employee.
    #[serde(default, deserialize_with = "lenient_i64")]
    #[param(value_type = i64)]
    pub employee_id: Option<i64>,
    /// BIRTHDAY or ANNIVERSARY.
    #[serde(rename = "type")]
    pub kind: Option<String>,
}

/// A person's message of a kind, and what would be sent.
#[utoipa::path(get, path = "/server/v1/celebration/get-celebration-message", tag = "celebrations", security(("bearer" = [])),
    params(PersonMessageQuery),
    responses((status = 200, body = MessageSlot), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn celebration_message(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<PersonMessageQuery>,
) -> Result<web::Json<MessageSlot>, ApiError> {
    let kind = kind(query.kind.as_deref())?;
    let employee = query.employee_id.ok_or_else(ApiError::not_found)?;
    Ok(web::Json(state.hr.celebration_message(&guard.ctx, UserId(employee), kind).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct KindQuery {
    /// BIRTHDAY or ANNIVERSARY.
    #[serde(rename = "type")]
    pub kind: Option<String>,
}

/// The company's message of a kind, and what would be sent.
#[utoipa::path(get, path = "/server/v1/celebration/get-company-celebration-message", tag = "celebrations", security(("bearer" = [])),
    params(KindQuery),
    responses((status = 200, body = MessageSlot), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn company_message(
    state: web::Data<AppState>,
    guard: Admin,
    query: web::Query<KindQuery>,
) -> Result<web::Json<MessageSlot>, ApiError> {
    Ok(web::Json(state.hr.company_celebration_message(&guard.ctx, kind(query.kind.as_deref())?).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MessageIdQuery {
    /// The custom message.
    #[serde(default, deserialize_with = "lenient_i64")]
    #[param(value_type = i64)]
    pub id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeletedMessage {
    pub id: i64,
}

/// Removes a person's custom message (the company's or the system's applies again). The spec
/// makes it a GET.
#[utoipa::path(get, path = "/server/v1/celebration/delete-custom-celebration-message", tag = "celebrations", security(("bearer" = [])),
    params(MessageIdQuery),
    responses((status = 200, body = DeletedMessage), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete_message(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<MessageIdQuery>,
) -> Result<web::Json<DeletedMessage>, ApiError> {
    let id = query.id.ok_or_else(ApiError::not_found)?;
    Ok(web::Json(DeletedMessage {
        id: state.hr.delete_celebration_message(&guard.ctx, CelebrationMessageId(id)).await?,
    }))
}

/// Removes the company's message of a kind (the system's applies again). The spec makes it a GET.
#[utoipa::path(get, path = "/server/v1/celebration/delete-custom-company-celebration-message", tag = "celebrations", security(("bearer" = [])),
    params(MessageIdQuery),
    responses((status = 200, body = DeletedMessage), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete_company_message(
    state: web::Data<AppState>,
    guard: Admin,
    query: web::Query<MessageIdQuery>,
) -> Result<web::Json<DeletedMessage>, ApiError> {
    let id = query.id.ok_or_else(ApiError::not_found)?;
    Ok(web::Json(DeletedMessage {
        id: state.hr.delete_company_celebration_message(&guard.ctx, CompanyCelebrationMessageId(id)).await?,
    }))
}

/// Saves a person's message of a kind.
#[utoipa::path(post, path = "/server/v1/celebration/save-celebration-message", tag = "celebrations", security(("bearer" = [])),
    request_body = MessageInput,
    responses((status = 200, body = MessageSlot), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn save_message(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<MessageInput>,
) -> Result<web::Json<MessageSlot>, ApiError> {
    let command = MessageCommand::parse(&body).map_err(ApiError::validation)?;
    Ok(web::Json(state.hr.save_celebration_message(&guard.ctx, command).await?))
}

/// Saves the company's message of a kind.
#[utoipa::path(post, path = "/server/v1/celebration/save-company-celebration-message", tag = "celebrations", security(("bearer" = [])),
    request_body = MessageInput,
    responses((status = 200, body = MessageSlot), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn save_company_message(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<MessageInput>,
) -> Result<web::Json<MessageSlot>, ApiError> {
    let command = MessageCommand::parse(&body).map_err(ApiError::validation)?;
    Ok(web::Json(state.hr.save_company_celebration_message(&guard.ctx, command).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct EmailNowInput {
    /// Whom to mail.
    #[serde(deserialize_with = "lenient_i64")]
    #[schema(value_type = i64)]
    pub employee_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EmailNowOutcome {
    pub sent: u64,
}

/// Mails a person their celebration message now.
#[utoipa::path(post, path = "/server/v1/celebration/email-now", tag = "celebrations", security(("bearer" = [])),
    params(KindQuery),
    request_body = EmailNowInput,
    responses((status = 200, body = EmailNowOutcome), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn email_now(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<KindQuery>,
    body: Body<EmailNowInput>,
) -> Result<web::Json<EmailNowOutcome>, ApiError> {
    let kind = kind(query.kind.as_deref())?;
    let employee = body
        .employee_id
        .ok_or_else(|| ApiError::validation(FieldErrors::single("employeeId", "Please choose an employee")))?;
    Ok(web::Json(EmailNowOutcome { sent: state.hr.email_celebration_now(&guard.ctx, UserId(employee), kind).await? }))
}
