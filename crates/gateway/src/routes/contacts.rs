//! `/contacts/*`: emergency contacts of an employee (spec 001 §3, §5).

use crate::error::{ApiError, ErrorBody};
use crate::extractors::Member;
use crate::forms::{lenient_i64, Body};
use crate::state::AppState;
use actix_web::web;
use hr::commands::{ContactCommand, ContactInput};
use hr::views::ContactView;
use kernel::{ContactId, FieldErrors, UserId};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

crate::routes::route_table! {
    get "/contacts/list" => list,
    get "/contacts/get" => get,
    post "/contacts/add" => add,
    post "/contacts/delete" => delete,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// The employee whose contacts these are.
    pub eid: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContactList {
    pub contacts: Vec<ContactView>,
}

#[utoipa::path(get, path = "/server/v1/contacts/list", tag = "contacts", security(("bearer" = [])), params(ListQuery),
    responses((status = 200, body = ContactList), (status = 404, body = ErrorBody)))]
pub async fn list(
    state: web::Data<AppState>,
    member: Member,
    query: web::Query<ListQuery>,
) -> Result<web::Json<ContactList>, ApiError> {
    Ok(web::Json(ContactList { contacts: state.hr.contacts(&member.ctx, UserId(query.eid)).await? }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ContactQuery {
    /// The contact's id.
    pub id: i64,
    /// The employee's id.
    pub eid: i64,
}

#[utoipa::path(get, path = "/server/v1/contacts/get", tag = "contacts", security(("bearer" = [])), params(ContactQuery),
    responses((status = 200, body = ContactView), (status = 404, body = ErrorBody)))]
pub async fn get(
    state: web::Data<AppState>,
    member: Member,
    query: web::Query<ContactQuery>,
) -> Result<web::Json<ContactView>, ApiError> {
    Ok(web::Json(state.hr.contact(&member.ctx, ContactId(query.id), UserId(query.eid)).await?))
}

/// Adds a contact, or edits one when `id` is given. The employee themselves or an admin.
#[utoipa::path(post, path = "/server/v1/contacts/add", tag = "contacts", security(("bearer" = [])),
    request_body = ContactInput,
    responses(
        (status = 200, body = ContactView),
        (status = 400, description = "Field errors with the spec's messages", body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
pub async fn add(
    state: web::Data<AppState>,
    member: Member,
    body: Body<ContactInput>,
) -> Result<web::Json<ContactView>, ApiError> {
    let command = ContactCommand::parse(&body).map_err(ApiError::validation)?;
    Ok(web::Json(state.hr.save_contact(&member.ctx, command).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteBody {
    #[serde(default, deserialize_with = "lenient_i64")]
    #[schema(value_type = i64)]
    pub id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_i64")]
    #[schema(value_type = i64)]
    pub eid: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Empty {}

#[utoipa::path(post, path = "/server/v1/contacts/delete", tag = "contacts", security(("bearer" = [])),
    request_body = DeleteBody,
    responses((status = 200, body = Empty), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete(
    state: web::Data<AppState>,
    member: Member,
    body: Body<DeleteBody>,
) -> Result<web::Json<Empty>, ApiError> {
    let (Some(id), Some(eid)) = (body.id, body.eid) else {
        return Err(ApiError::validation(FieldErrors::single("id", "Please choose the contact")));
    };
    state.hr.delete_contact(&member.ctx, ContactId(id), UserId(eid)).await?;
    Ok(web::Json(Empty {}))
}
