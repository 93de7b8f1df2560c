//! The employee's own HR (spec 000 §2 "My HR", "Task dock"; §7 "My HR, tasks, profile,
//! team"): their tasks, events and documents, acknowledging an event, uploading a requested
//! document, and downloading the files of the records they may see (`/doc/*`).

use crate::error::{ApiError, ErrorBody};
use crate::extractors::Member;
use crate::forms::{read_multipart, Body};
use crate::routes::folder::{DocsPage, EventsPage, IdInput, RecordQuery, DOCUMENT_LIMIT};
use crate::state::AppState;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use hr::policies::{AnswerCommand, AnswerInput, AnswerOutcome, MyPolicy, PolicyReview};
use hr::records::{Acknowledgement, DocumentView, EventView, MyTasks, UploadCommand, UploadInput};
use hr::DownloadedFile;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

crate::routes::route_table! {
    get "/profile/my-tasks" => my_tasks,
    get "/profile/my-events" => my_events,
    get "/profile/my-docs" => my_docs,
    get "/profile/event-review-detail" => event_review_detail,
    post "/profile/affirm-event" => affirm_event,
    post "/profile/add-doc" => add_doc,
    post "/doc/view" => view_doc,
    post "/doc/event" => view_event_doc,
    get "/profile/hr-policies-and-procedures" => my_policies,
    get "/profile/policy-review-detail" => policy_review_detail,
    post "/profile/affirm-policy" => affirm_policy,
    post "/doc/policy" => view_policy_doc,
}

/// The task dock: HR's tasks and the caller's own licence and CE deadlines (issue 42).
#[derive(Debug, Serialize, ToSchema)]
pub struct TaskDock {
    #[serde(flatten)]
    pub tasks: MyTasks,
    /// Licences expiring and CE due within 90 days (or overdue); not counted in the bell.
    pub licensing: Vec<licensing::agenda::DueItem>,
}

#[utoipa::path(get, path = "/server/v1/profile/my-tasks", tag = "my-hr", security(("bearer" = [])),
    responses((status = 200, body = TaskDock), (status = 403, body = ErrorBody)))]
pub async fn my_tasks(state: web::Data<AppState>, member: Member) -> Result<web::Json<TaskDock>, ApiError> {
    let tasks = state.hr.my_tasks(&member.ctx).await?;
    let licensing = state.licensing.my_due(&member.ctx).await?;
    Ok(web::Json(TaskDock { tasks, licensing }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// From 1; 10 a page.
    pub page: Option<u64>,
}

#[utoipa::path(get, path = "/server/v1/profile/my-events", tag = "my-hr", security(("bearer" = [])),
    params(PageQuery),
    responses((status = 200, body = EventsPage), (status = 400, body = ErrorBody)))]
pub async fn my_events(
    state: web::Data<AppState>,
    member: Member,
    query: web::Query<PageQuery>,
) -> Result<web::Json<EventsPage>, ApiError> {
    let page = kernel::validation::page(query.page).map_err(ApiError::validation)?;
    Ok(web::Json(state.hr.my_events(&member.ctx, page).await?.into()))
}

#[utoipa::path(get, path = "/server/v1/profile/my-docs", tag = "my-hr", security(("bearer" = [])),
    params(PageQuery),
    responses((status = 200, body = DocsPage), (status = 400, body = ErrorBody)))]
pub async fn my_docs(
    state: web::Data<AppState>,
    member: Member,
    query: web::Query<PageQuery>,
) -> Result<web::Json<DocsPage>, ApiError> {
    let page = kernel::validation::page(query.page).map_err(ApiError::validation)?;
    Ok(web::Json(state.hr.my_documents(&member.ctx, page).await?.into()))
}

/// One event the caller may see (their own, or one in a folder they reach).
#[utoipa::path(get, path = "/server/v1/profile/event-review-detail", tag = "my-hr", security(("bearer" = [])),
    params(RecordQuery),
    responses((status = 200, body = EventView), (status = 404, body = ErrorBody)))]
pub async fn event_review_detail(
    state: web::Data<AppState>,
    member: Member,
    query: web::Query<RecordQuery>,
) -> Result<web::Json<EventView>, ApiError> {
    Ok(web::Json(state.hr.event(&member.ctx, kernel::HrEventId(query.id)).await?))
}

/// Acknowledges one of the caller's own events that asks for it; a repeat changes nothing.
#[utoipa::path(post, path = "/server/v1/profile/affirm-event", tag = "my-hr", security(("bearer" = [])),
    request_body = IdInput,
    responses((status = 200, body = Acknowledgement), (status = 400, body = ErrorBody),
        (status = 404, description = "Not an event of the caller's that needs acknowledging", body = ErrorBody)))]
pub async fn affirm_event(
    state: web::Data<AppState>,
    member: Member,
    body: Body<IdInput>,
) -> Result<web::Json<Acknowledgement>, ApiError> {
    Ok(web::Json(state.hr.affirm_event(&member.ctx, kernel::HrEventId(body.id()?)).await?))
}

/// `multipart/form-data`: the upload's fields and the `document` (PDF, Word, Excel,
/// PowerPoint or an image, checked by its bytes; at most 10 MB).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct RequestedUpload {
    #[schema(inline)]
    fields: UploadInput,
    #[schema(value_type = String, format = Binary)]
    document: Vec<u8>,
}

/// Uploads the document one of the caller's open document requests asks for, fulfilling it.
#[utoipa::path(post, path = "/server/v1/profile/add-doc", tag = "my-hr", security(("bearer" = [])),
    request_body(content = RequestedUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = DocumentView), (status = 400, body = ErrorBody),
        (status = 404, description = "Not an open request of the caller's", body = ErrorBody),
        (status = 409, description = "The request is no longer open", body = ErrorBody), (status = 413, body = ErrorBody)))]
pub async fn add_doc(
    state: web::Data<AppState>,
    member: Member,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<web::Json<DocumentView>, ApiError> {
    let form = read_multipart(&req, payload, "document", DOCUMENT_LIMIT).await?;
    let input: UploadInput = form.fields_as()?;
    let command = UploadCommand::parse(&input, form.file.is_some()).map_err(ApiError::validation)?;
    let Some(file) = form.file else { return Err(ApiError::internal("a checked upload has no file")) };
    Ok(web::Json(state.hr.upload_for_request(&member.ctx, command, file).await?))
}

/// A file as a download: never shown inline, named as it was uploaded (an ASCII fallback and
/// the UTF-8 name, RFC 6266), never cached beyond the browser.
pub fn attachment(file: DownloadedFile) -> HttpResponse {
    let disposition = header::ContentDisposition {
        disposition: header::DispositionType::Attachment,
        parameters: vec![
            header::DispositionParam::Filename(ascii_fallback(&file.name)),
            header::DispositionParam::FilenameExt(header::ExtendedValue {
                charset: header::Charset::Ext("UTF-8".to_owned()),
                language_tag: None,
                value: file.name.into_bytes(),
            }),
        ],
    };
    HttpResponse::Ok()
        .content_type(file.media_type)
        .insert_header(disposition)
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .insert_header(("X-Content-Type-Options", "nosniff"))
        .body(file.bytes)
}

fn ascii_fallback(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' { c } else { '_' }).collect()
}

/// Downloads an HR document's file, for whoever may see the folder it is in.
#[utoipa::path(post, path = "/server/v1/doc/view", tag = "my-hr", security(("bearer" = [])),
    request_body = IdInput,
    responses((status = 200, description = "The file, as an attachment with its name", content_type = "application/octet-stream"),
        (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn view_doc(
    state: web::Data<AppState>,
    member: Member,
    body: Body<IdInput>,
) -> Result<HttpResponse, ApiError> {
    Ok(attachment(state.hr.document_file(&member.ctx, kernel::HrDocumentId(body.id()?)).await?))
}

/// Downloads an HR event's file, for whoever may see the event.
#[utoipa::path(post, path = "/server/v1/doc/event", tag = "my-hr", security(("bearer" = [])),
    request_body = IdInput,
    responses((status = 200, description = "The file, as an attachment with its name", content_type = "application/octet-stream"),
        (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn view_event_doc(
    state: web::Data<AppState>,
    member: Member,
    body: Body<IdInput>,
) -> Result<HttpResponse, ApiError> {
    Ok(attachment(state.hr.event_file(&member.ctx, kernel::HrEventId(body.id()?)).await?))
}

#[derive(Debug, serde::Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyPoliciesPage {
    pub policies: Vec<MyPolicy>,
    pub count: u64,
    pub page: u64,
}

/// The policies sent to the caller, newest first, with their answers.
#[utoipa::path(get, path = "/server/v1/profile/hr-policies-and-procedures", tag = "my-hr", security(("bearer" = [])),
    params(PageQuery),
    responses((status = 200, body = MyPoliciesPage), (status = 400, body = ErrorBody)))]
pub async fn my_policies(
    state: web::Data<AppState>,
    member: Member,
    query: web::Query<PageQuery>,
) -> Result<web::Json<MyPoliciesPage>, ApiError> {
    let page = kernel::validation::page(query.page).map_err(ApiError::validation)?;
    let found = state.hr.my_policies(&member.ctx, page).await?;
    Ok(web::Json(MyPoliciesPage { policies: found.rows, count: found.count, page: found.page }))
}

/// A publication sent to the caller (`id`): the text as it was sent, and their answer.
#[utoipa::path(get, path = "/server/v1/profile/policy-review-detail", tag = "my-hr", security(("bearer" = [])),
    params(RecordQuery),
    responses((status = 200, body = PolicyReview), (status = 404, body = ErrorBody)))]
pub async fn policy_review_detail(
    state: web::Data<AppState>,
    member: Member,
    query: web::Query<RecordQuery>,
) -> Result<web::Json<PolicyReview>, ApiError> {
    Ok(web::Json(state.hr.policy_review(&member.ctx, kernel::PolicyWorkflowId(query.id)).await?))
}

/// Acknowledges (or, with `decline: 1` and a comment, declines) a publication sent to the
/// caller, once.
#[utoipa::path(post, path = "/server/v1/profile/affirm-policy", tag = "my-hr", security(("bearer" = [])),
    request_body = AnswerInput,
    responses((status = 200, body = AnswerOutcome), (status = 400, body = ErrorBody),
        (status = 404, description = "Not sent to the caller", body = ErrorBody),
        (status = 409, description = "Stopped or cancelled", body = ErrorBody)))]
pub async fn affirm_policy(
    state: web::Data<AppState>,
    member: Member,
    body: Body<AnswerInput>,
) -> Result<web::Json<AnswerOutcome>, ApiError> {
    let command = AnswerCommand::parse(&body).map_err(ApiError::validation)?;
    Ok(web::Json(state.hr.affirm_policy(&member.ctx, command).await?))
}

/// Downloads a policy's document (`id`: the policy): the version sent to a recipient, the
/// current one for managers and admins.
#[utoipa::path(post, path = "/server/v1/doc/policy", tag = "my-hr", security(("bearer" = [])),
    request_body = IdInput,
    responses((status = 200, description = "The file, as an attachment with its name", content_type = "application/octet-stream"),
        (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn view_policy_doc(
    state: web::Data<AppState>,
    member: Member,
    body: Body<IdInput>,
) -> Result<HttpResponse, ApiError> {
    Ok(attachment(state.hr.policy_file(&member.ctx, kernel::PolicyId(body.id()?)).await?))
}
