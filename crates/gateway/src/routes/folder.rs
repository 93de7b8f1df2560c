//! The HR records of an employee's folder (spec 001 §2, §7): events, documents and document
//! requests, for managers (the people they reach) and admins. Who sees which record is hr's
//! rule (`hr::records`); the guard here proves the caller is a manager or an admin.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::Privileged;
use crate::forms::{lenient_i64, read_multipart, Body};
use crate::routes::MessageResponse;
use crate::state::AppState;
use actix_web::{web, HttpRequest};
use hr::records::{
    DocRequestCommand, DocRequestInput, DocRequestView, DocumentCommand, DocumentInput, DocumentView, EventCommand,
    EventInput, EventView, RecordPage, RequestOutcome,
};
use kernel::{DocRequestId, HrDocumentId, HrEventId, UserId};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

crate::routes::route_table! {
    get "/manage/user-events" => user_events,
    get "/manage/event" => event,
    post "/manage/add-event" => add_event,
    post "/manage/delete-event" => delete_event,
    get "/manage/user-docs" => user_docs,
    get "/manage/doc" => doc,
    post "/manage/add-doc" => add_doc,
    post "/manage/delete-doc" => delete_doc,
    get "/manage/doc-requests" => doc_requests,
    post "/manage/add-doc-request" => add_doc_request,
    post "/manage/cancel-doc-request" => cancel_doc_request,
}

/// Largest file of an HR document or event.
pub const DOCUMENT_LIMIT: usize = files::MAX_DOCUMENT_BYTES;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct EventsQuery {
    /// The employee.
    pub id: i64,
    /// From 1; 10 a page.
    pub page: Option<u64>,
    /// Only events of this type.
    #[serde(default, deserialize_with = "lenient_i64")]
    pub event_type_id: Option<i64>,
    /// title, eventTypeId or id; a leading `-` for descending. Newest first when left out.
    pub sort: Option<String>,
}

/// A page of events, documents or requests.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventsPage {
    pub events: Vec<EventView>,
    pub count: u64,
    pub page: u64,
}

impl From<RecordPage<EventView>> for EventsPage {
    fn from(page: RecordPage<EventView>) -> Self {
        EventsPage { events: page.rows, count: page.count, page: page.page }
    }
}

#[utoipa::path(get, path = "/server/v1/manage/user-events", tag = "folder", security(("bearer" = [])),
    params(EventsQuery),
    responses((status = 200, body = EventsPage), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "Not in the caller's company and reach", body = ErrorBody)))]
pub async fn user_events(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<EventsQuery>,
) -> Result<web::Json<EventsPage>, ApiError> {
    let page = kernel::validation::page(query.page).map_err(ApiError::validation)?;
    let events =
        state.hr.events_page(&guard.ctx, UserId(query.id), query.event_type_id, query.sort.as_deref(), page).await?;
    Ok(web::Json(events.into()))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RecordQuery {
    /// The record's id.
    pub id: i64,
}

#[utoipa::path(get, path = "/server/v1/manage/event", tag = "folder", security(("bearer" = [])),
    params(RecordQuery),
    responses((status = 200, body = EventView), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn event(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<RecordQuery>,
) -> Result<web::Json<EventView>, ApiError> {
    Ok(web::Json(state.hr.event(&guard.ctx, HrEventId(query.id)).await?))
}

/// `multipart/form-data`: the event's fields and an optional `file` (PDF, Word, Excel,
/// PowerPoint or an image, checked by its bytes; at most 10 MB).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct EventUpload {
    #[schema(inline)]
    fields: EventInput,
    #[schema(value_type = Option<String>, format = Binary)]
    file: Option<Vec<u8>>,
}

#[utoipa::path(post, path = "/server/v1/manage/add-event", tag = "folder", security(("bearer" = [])),
    request_body(content = EventUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = EventView), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, description = "The employee is terminated", body = ErrorBody),
        (status = 413, body = ErrorBody)))]
pub async fn add_event(
    state: web::Data<AppState>,
    guard: Privileged,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<web::Json<EventView>, ApiError> {
    let form = read_multipart(&req, payload, "file", DOCUMENT_LIMIT).await?;
    let input: EventInput = form.fields_as()?;
    let command = EventCommand::parse(&input).map_err(ApiError::validation)?;
    Ok(web::Json(state.hr.add_event(&guard.ctx, command, form.file).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct IdInput {
    /// The record's id.
    #[serde(deserialize_with = "lenient_i64")]
    pub id: Option<i64>,
}

impl IdInput {
    pub fn id(&self) -> Result<i64, ApiError> {
        self.id.ok_or_else(|| ApiError::validation(kernel::FieldErrors::single("id", "Please choose the record")))
    }
}

#[utoipa::path(post, path = "/server/v1/manage/delete-event", tag = "folder", security(("bearer" = [])),
    request_body = IdInput,
    responses((status = 200, body = MessageResponse), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn delete_event(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<IdInput>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    state.hr.delete_event(&guard.ctx, HrEventId(body.id()?)).await?;
    Ok(web::Json(MessageResponse::new("The event has been deleted.")))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct DocsQuery {
    /// The employee.
    pub id: i64,
    /// From 1; 10 a page.
    pub page: Option<u64>,
    /// Only documents of this type.
    #[serde(default, deserialize_with = "lenient_i64")]
    pub doc_type_id: Option<i64>,
    /// docName, docTypeId or id; a leading `-` for descending. Newest first when left out.
    pub sort: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DocsPage {
    pub docs: Vec<DocumentView>,
    pub count: u64,
    pub page: u64,
}

impl From<RecordPage<DocumentView>> for DocsPage {
    fn from(page: RecordPage<DocumentView>) -> Self {
        DocsPage { docs: page.rows, count: page.count, page: page.page }
    }
}

#[utoipa::path(get, path = "/server/v1/manage/user-docs", tag = "folder", security(("bearer" = [])),
    params(DocsQuery),
    responses((status = 200, body = DocsPage), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn user_docs(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<DocsQuery>,
) -> Result<web::Json<DocsPage>, ApiError> {
    let page = kernel::validation::page(query.page).map_err(ApiError::validation)?;
    let docs =
        state.hr.documents_page(&guard.ctx, UserId(query.id), query.doc_type_id, query.sort.as_deref(), page).await?;
    Ok(web::Json(docs.into()))
}

#[utoipa::path(get, path = "/server/v1/manage/doc", tag = "folder", security(("bearer" = [])),
    params(RecordQuery),
    responses((status = 200, body = DocumentView), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn doc(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<RecordQuery>,
) -> Result<web::Json<DocumentView>, ApiError> {
    Ok(web::Json(state.hr.document(&guard.ctx, HrDocumentId(query.id)).await?))
}

/// `multipart/form-data`: the document's fields and its `file` (PDF, Word, Excel, PowerPoint
/// or an image, checked by its bytes; at most 10 MB).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct DocumentUpload {
    #[schema(inline)]
    fields: DocumentInput,
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

#[utoipa::path(post, path = "/server/v1/manage/add-doc", tag = "folder", security(("bearer" = [])),
    request_body(content = DocumentUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = DocumentView), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 413, body = ErrorBody)))]
pub async fn add_doc(
    state: web::Data<AppState>,
    guard: Privileged,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<web::Json<DocumentView>, ApiError> {
    let form = read_multipart(&req, payload, "file", DOCUMENT_LIMIT).await?;
    let input: DocumentInput = form.fields_as()?;
    let command = DocumentCommand::parse(&input, form.file.is_some()).map_err(ApiError::validation)?;
    let Some(file) = form.file else { return Err(ApiError::internal("a checked document has no file")) };
    Ok(web::Json(state.hr.add_document(&guard.ctx, command, file).await?))
}

#[utoipa::path(post, path = "/server/v1/manage/delete-doc", tag = "folder", security(("bearer" = [])),
    request_body = IdInput,
    responses((status = 200, body = MessageResponse), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn delete_doc(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<IdInput>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    state.hr.delete_document(&guard.ctx, HrDocumentId(body.id()?)).await?;
    Ok(web::Json(MessageResponse::new("The document has been deleted.")))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RequestsQuery {
    /// The employee.
    pub id: i64,
    /// From 1; 10 a page.
    pub page: Option<u64>,
    /// employeeComments (the type asked for), dueDate or id; a leading `-` for descending.
    pub sort: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestsPage {
    pub requests: Vec<DocRequestView>,
    pub count: u64,
    pub page: u64,
}

#[utoipa::path(get, path = "/server/v1/manage/doc-requests", tag = "folder", security(("bearer" = [])),
    params(RequestsQuery),
    responses((status = 200, body = RequestsPage), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn doc_requests(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<RequestsQuery>,
) -> Result<web::Json<RequestsPage>, ApiError> {
    let page = kernel::validation::page(query.page).map_err(ApiError::validation)?;
    let found = state.hr.doc_requests_page(&guard.ctx, UserId(query.id), query.sort.as_deref(), page).await?;
    Ok(web::Json(RequestsPage { requests: found.rows, count: found.count, page: found.page }))
}

#[utoipa::path(post, path = "/server/v1/manage/add-doc-request", tag = "folder", security(("bearer" = [])),
    request_body = DocRequestInput,
    responses((status = 200, body = DocRequestView), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn add_doc_request(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<DocRequestInput>,
) -> Result<web::Json<DocRequestView>, ApiError> {
    let command = DocRequestCommand::parse(&body).map_err(ApiError::validation)?;
    Ok(web::Json(state.hr.add_doc_request(&guard.ctx, command).await?))
}

/// Cancels an open request; cancelling again changes nothing (`changed: false`).
#[utoipa::path(post, path = "/server/v1/manage/cancel-doc-request", tag = "folder", security(("bearer" = [])),
    request_body = IdInput,
    responses((status = 200, body = RequestOutcome), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, description = "Already fulfilled", body = ErrorBody)))]
pub async fn cancel_doc_request(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<IdInput>,
) -> Result<web::Json<RequestOutcome>, ApiError> {
    Ok(web::Json(state.hr.cancel_doc_request(&guard.ctx, DocRequestId(body.id()?)).await?))
}
