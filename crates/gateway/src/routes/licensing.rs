//! Producer licences, CE and appointments (issue 42; the contract in
//! `docs/contracts/licensing.md`). The rules are the `licensing` crate's; these handlers read
//! the request, call one service and shape the answer.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{Admin, Member, Privileged};
use crate::forms::{read_multipart, read_upload, Body};
use crate::routes::folder::IdInput;
use crate::routes::my_hr::attachment;
use crate::state::AppState;
use actix_web::{web, HttpRequest, HttpResponse};
use kernel::{AppointmentId, CeCreditId, CeRequirementId, EoPolicyId, FieldErrors, LicenceId, UserId};
use licensing::compliance::{ComplianceFilter, CompliancePage, ComplianceQuery, ExportFormat, MaySell, MaySellQuery};
use licensing::eo::{EoPolicyInput, EoPolicyView};
use licensing::import::LicenceImportOutcome;
use licensing::records::{
    AppointmentInput, AppointmentView, CreditInput, CreditView, LicenceCommand, LicenceInput, LicenceView,
    ProducerFolder, ProducerInput, RequirementInput, RequirementView,
};
use licensing::states::{Reference, StateRuleInput, StateRuleView};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

crate::routes::route_table! {
    get "/licensing/reference" => reference,
    post "/licensing/states" => save_state_rule,
    post "/licensing/states/reset" => reset_state_rule,
    get "/licensing/people/{id}" => folder,
    post "/licensing/producer" => save_producer,
    post "/licensing/licences" => save_licence,
    post "/licensing/licences/delete" => delete_licence,
    post "/licensing/licences/document" => attach_document,
    get "/licensing/licences/{id}/document" => licence_document,
    post "/licensing/requirements" => save_requirement,
    post "/licensing/requirements/delete" => delete_requirement,
    post "/licensing/credits" => add_credit,
    post "/licensing/credits/delete" => delete_credit,
    get "/licensing/credits/{id}/certificate" => certificate,
    post "/licensing/appointments" => save_appointment,
    post "/licensing/appointments/delete" => delete_appointment,
    get "/licensing/compliance" => compliance,
    get "/licensing/compliance/export" => export,
    get "/licensing/may-sell" => may_sell,
    get "/licensing/eo" => eo_policies,
    post "/licensing/eo" => save_eo_policy,
    post "/licensing/eo/delete" => delete_eo_policy,
    post "/licensing/import" => import,
}

/// Largest licence document or certificate.
const FILE_LIMIT: usize = files::MAX_DOCUMENT_BYTES;
/// Largest import file: 5,000 rows fit in far less.
const IMPORT_LIMIT: usize = 2 * 1024 * 1024;

/// What was done.
#[derive(Debug, Serialize, ToSchema)]
pub struct LicensingDone {
    pub message: String,
}

fn done(message: &str) -> web::Json<LicensingDone> {
    web::Json(LicensingDone { message: message.to_owned() })
}

fn download(file: licensing::DownloadedFile) -> HttpResponse {
    attachment(hr::DownloadedFile { name: file.name, media_type: file.media_type, bytes: file.bytes })
}

/// Lines of authority, every state with its CE rule, and the compliance statuses.
#[utoipa::path(get, path = "/server/v1/licensing/reference", tag = "licensing", security(("bearer" = [])),
    responses((status = 200, body = Reference), (status = 403, body = ErrorBody)))]
pub async fn reference(state: web::Data<AppState>, guard: Member) -> Result<web::Json<Reference>, ApiError> {
    Ok(web::Json(state.licensing.reference(&guard.ctx).await?))
}

/// The company's own CE rule for a state (new requirements take it).
#[utoipa::path(post, path = "/server/v1/licensing/states", tag = "licensing", security(("bearer" = [])),
    request_body = StateRuleInput,
    responses((status = 200, body = StateRuleView), (status = 400, description = "Per field: `state`, `cycleMonths`, `hoursTotal`, `hoursEthics`, `topics[0].hours`, `citation`, `effectiveFrom`", body = ErrorBody),
        (status = 403, body = ErrorBody)))]
pub async fn save_state_rule(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<StateRuleInput>,
) -> Result<web::Json<StateRuleView>, ApiError> {
    Ok(web::Json(state.licensing.save_state_rule(&guard.ctx, body.into_inner()).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct StateBody {
    pub state: Option<String>,
}

/// Back to the product's rule for a state.
#[utoipa::path(post, path = "/server/v1/licensing/states/reset", tag = "licensing", security(("bearer" = [])),
    request_body = StateBody,
    responses((status = 200, body = StateRuleView), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn reset_state_rule(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<StateBody>,
) -> Result<web::Json<StateRuleView>, ApiError> {
    Ok(web::Json(state.licensing.reset_state_rule(&guard.ctx, body.state.as_deref().unwrap_or_default()).await?))
}

fn path_id(raw: &str) -> Result<i64, ApiError> {
    raw.parse::<i64>().map_err(|_| ApiError::not_found())
}

/// A producer's folder: licences with their CE progress, credits, appointments.
#[utoipa::path(get, path = "/server/v1/licensing/people/{id}", tag = "licensing", security(("bearer" = [])),
    params(("id" = i64, Path, description = "The employee")),
    responses((status = 200, body = ProducerFolder), (status = 404, body = ErrorBody)))]
pub async fn folder(
    state: web::Data<AppState>,
    guard: Member,
    id: web::Path<String>,
) -> Result<web::Json<ProducerFolder>, ApiError> {
    Ok(web::Json(state.licensing.folder(&guard.ctx, UserId(path_id(&id)?)).await?))
}

/// A person's NPN and resident state.
#[utoipa::path(post, path = "/server/v1/licensing/producer", tag = "licensing", security(("bearer" = [])),
    request_body = ProducerInput,
    responses((status = 200, body = ProducerFolder), (status = 400, description = "Per field: `npn`, `residentState`", body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn save_producer(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<ProducerInput>,
) -> Result<web::Json<ProducerFolder>, ApiError> {
    Ok(web::Json(state.licensing.save_producer(&guard.ctx, body.into_inner()).await?))
}

/// A new licence (no `id`) or a changed one.
#[utoipa::path(post, path = "/server/v1/licensing/licences", tag = "licensing", security(("bearer" = [])),
    request_body = LicenceInput,
    responses((status = 200, body = LicenceView), (status = 400, description = "Per field: `state`, `number`, `lines`, `expiresOn`, …", body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn save_licence(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<LicenceInput>,
) -> Result<web::Json<LicenceView>, ApiError> {
    let command = LicenceCommand::parse(&body).map_err(ApiError::validation)?;
    Ok(web::Json(state.licensing.save_licence(&guard.ctx, body.id.map(LicenceId), command).await?))
}

/// Deletes a licence with its CE requirements.
#[utoipa::path(post, path = "/server/v1/licensing/licences/delete", tag = "licensing", security(("bearer" = [])),
    request_body = IdInput,
    responses((status = 200, body = LicensingDone), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete_licence(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<IdInput>,
) -> Result<web::Json<LicensingDone>, ApiError> {
    state.licensing.delete_licence(&guard.ctx, LicenceId(body.id()?)).await?;
    Ok(done("The licence was deleted."))
}

/// `multipart/form-data`: the licence's `id` and its `file` (a PDF or an image, at most 10 MB).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct LicenceDocumentUpload {
    id: i64,
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct UploadId {
    id: Option<String>,
}

/// Attaches the licence's document, replacing any before.
#[utoipa::path(post, path = "/server/v1/licensing/licences/document", tag = "licensing", security(("bearer" = [])),
    request_body(content = LicenceDocumentUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = LicenceView), (status = 400, description = "Per field: `file` (\"Please upload a PDF or an image.\")", body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 413, body = ErrorBody)))]
pub async fn attach_document(
    state: web::Data<AppState>,
    guard: Privileged,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<web::Json<LicenceView>, ApiError> {
    let form = read_multipart(&req, payload, "file", FILE_LIMIT).await?;
    let fields: UploadId = form.fields_as()?;
    let id = fields.id.as_deref().and_then(|id| id.trim().parse::<i64>().ok());
    let (Some(id), Some(file)) = (id, form.file.filter(|file| !file.bytes.is_empty())) else {
        let mut errors = FieldErrors::new();
        if id.is_none() {
            errors.add("id", "Please choose the licence.");
        }
        errors.add("file", files::EMPTY_FILE_MESSAGE);
        return Err(ApiError::validation(errors));
    };
    Ok(web::Json(state.licensing.attach_licence_document(&guard.ctx, LicenceId(id), &file.bytes, &file.name).await?))
}

/// The licence's document, as an attachment.
#[utoipa::path(get, path = "/server/v1/licensing/licences/{id}/document", tag = "licensing", security(("bearer" = [])),
    params(("id" = i64, Path, description = "The licence")),
    responses((status = 200, description = "The file, as an attachment with its name", content_type = "application/octet-stream"),
        (status = 404, body = ErrorBody)))]
pub async fn licence_document(
    state: web::Data<AppState>,
    guard: Member,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    Ok(download(state.licensing.licence_document(&guard.ctx, LicenceId(path_id(&id)?)).await?))
}

/// A CE requirement of a licence cycle; hours left out are the state's rule.
#[utoipa::path(post, path = "/server/v1/licensing/requirements", tag = "licensing", security(("bearer" = [])),
    request_body = RequirementInput,
    responses((status = 200, body = RequirementView), (status = 400, description = "Per field: `cycleStart`, `dueOn`, `hoursTotal`, …", body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn save_requirement(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<RequirementInput>,
) -> Result<web::Json<RequirementView>, ApiError> {
    Ok(web::Json(state.licensing.save_requirement(&guard.ctx, body.into_inner()).await?))
}

#[utoipa::path(post, path = "/server/v1/licensing/requirements/delete", tag = "licensing", security(("bearer" = [])),
    request_body = IdInput,
    responses((status = 200, body = LicensingDone), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete_requirement(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<IdInput>,
) -> Result<web::Json<LicensingDone>, ApiError> {
    state.licensing.delete_requirement(&guard.ctx, CeRequirementId(body.id()?)).await?;
    Ok(done("The CE requirement was deleted."))
}

/// `multipart/form-data`: the credit's fields and its `certificate` (optional; a PDF or an image).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct CreditUpload {
    #[schema(inline)]
    fields: CreditInput,
    #[schema(value_type = Option<String>, format = Binary)]
    certificate: Option<Vec<u8>>,
}

/// A CE credit: the person's own, or one of someone a manager reaches.
#[utoipa::path(post, path = "/server/v1/licensing/credits", tag = "licensing", security(("bearer" = [])),
    request_body(content = CreditUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = CreditView), (status = 400, description = "Per field: `hours` (\"Between 0.25 and 200 hours.\"), `certificate`, `completedOn`, …", body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 413, body = ErrorBody)))]
pub async fn add_credit(
    state: web::Data<AppState>,
    guard: Member,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<web::Json<CreditView>, ApiError> {
    let form = read_multipart(&req, payload, "certificate", FILE_LIMIT).await?;
    let input: CreditInput = form.fields_as()?;
    let certificate = form.file.filter(|file| !file.bytes.is_empty()).map(|file| (file.bytes, file.name));
    Ok(web::Json(state.licensing.add_credit(&guard.ctx, input, certificate).await?))
}

#[utoipa::path(post, path = "/server/v1/licensing/credits/delete", tag = "licensing", security(("bearer" = [])),
    request_body = IdInput,
    responses((status = 200, body = LicensingDone), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete_credit(
    state: web::Data<AppState>,
    guard: Member,
    body: Body<IdInput>,
) -> Result<web::Json<LicensingDone>, ApiError> {
    state.licensing.delete_credit(&guard.ctx, CeCreditId(body.id()?)).await?;
    Ok(done("The CE credit was deleted."))
}

/// A credit's certificate, as an attachment.
#[utoipa::path(get, path = "/server/v1/licensing/credits/{id}/certificate", tag = "licensing", security(("bearer" = [])),
    params(("id" = i64, Path, description = "The credit")),
    responses((status = 200, description = "The file, as an attachment with its name", content_type = "application/octet-stream"),
        (status = 404, body = ErrorBody)))]
pub async fn certificate(
    state: web::Data<AppState>,
    guard: Member,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    Ok(download(state.licensing.credit_certificate(&guard.ctx, CeCreditId(path_id(&id)?)).await?))
}

/// A carrier appointment (no `id`: new).
#[utoipa::path(post, path = "/server/v1/licensing/appointments", tag = "licensing", security(("bearer" = [])),
    request_body = AppointmentInput,
    responses((status = 200, body = AppointmentView), (status = 400, description = "Per field: `carrier`, `state`, `effectiveOn`, `terminatedOn`", body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn save_appointment(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<AppointmentInput>,
) -> Result<web::Json<AppointmentView>, ApiError> {
    Ok(web::Json(state.licensing.save_appointment(&guard.ctx, body.into_inner()).await?))
}

#[utoipa::path(post, path = "/server/v1/licensing/appointments/delete", tag = "licensing", security(("bearer" = [])),
    request_body = IdInput,
    responses((status = 200, body = LicensingDone), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete_appointment(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<IdInput>,
) -> Result<web::Json<LicensingDone>, ApiError> {
    state.licensing.delete_appointment(&guard.ctx, AppointmentId(body.id()?)).await?;
    Ok(done("The appointment was deleted."))
}

/// Every producer × state the caller reaches, with its status.
#[utoipa::path(get, path = "/server/v1/licensing/compliance", tag = "licensing", security(("bearer" = [])),
    params(ComplianceQuery),
    responses((status = 200, body = CompliancePage), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn compliance(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<ComplianceQuery>,
) -> Result<web::Json<CompliancePage>, ApiError> {
    let filter = ComplianceFilter::parse(&query).map_err(ApiError::validation)?;
    Ok(web::Json(state.licensing.compliance(&guard.ctx, &filter).await?))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct ExportQuery {
    /// `csv` (default) or `xlsx`.
    pub format: Option<String>,
    pub state: Option<String>,
    pub status: Option<String>,
    pub line: Option<String>,
    pub q: Option<String>,
}

/// The compliance page as CSV or XLSX.
#[utoipa::path(get, path = "/server/v1/licensing/compliance/export", tag = "licensing", security(("bearer" = [])),
    params(ExportQuery),
    responses((status = 200, description = "The file, as an attachment", content_type = "text/csv"),
        (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn export(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<ExportQuery>,
) -> Result<HttpResponse, ApiError> {
    let format = match query.format.as_deref().map(str::trim) {
        None | Some("") | Some("csv") => ExportFormat::Csv,
        Some("xlsx") => ExportFormat::Xlsx,
        Some(_) => return Err(ApiError::validation(FieldErrors::single("format", "Choose csv or xlsx."))),
    };
    let filter = ComplianceFilter::parse(&ComplianceQuery {
        state: query.state.clone(),
        status: query.status.clone(),
        line: query.line.clone(),
        q: query.q.clone(),
        page: None,
    })
    .map_err(ApiError::validation)?;
    Ok(download(state.licensing.export(&guard.ctx, &filter, format).await?))
}

/// Who may sell a line in a state on a day, and why the others may not.
#[utoipa::path(get, path = "/server/v1/licensing/may-sell", tag = "licensing", security(("bearer" = [])),
    params(MaySellQuery),
    responses((status = 200, body = MaySell), (status = 400, description = "Per field: `state`, `line`, `on`", body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn may_sell(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<MaySellQuery>,
) -> Result<web::Json<MaySell>, ApiError> {
    Ok(web::Json(state.licensing.may_sell(&guard.ctx, &query).await?))
}

/// The agency's E&O policies.
#[utoipa::path(get, path = "/server/v1/licensing/eo", tag = "licensing", security(("bearer" = [])),
    responses((status = 200, body = Vec<EoPolicyView>), (status = 403, body = ErrorBody)))]
pub async fn eo_policies(
    state: web::Data<AppState>,
    guard: Privileged,
) -> Result<web::Json<Vec<EoPolicyView>>, ApiError> {
    Ok(web::Json(state.licensing.eo_policies(&guard.ctx).await?))
}

#[utoipa::path(post, path = "/server/v1/licensing/eo", tag = "licensing", security(("bearer" = [])),
    request_body = EoPolicyInput,
    responses((status = 200, body = EoPolicyView), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn save_eo_policy(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<EoPolicyInput>,
) -> Result<web::Json<EoPolicyView>, ApiError> {
    Ok(web::Json(state.licensing.save_eo_policy(&guard.ctx, body.into_inner()).await?))
}

#[utoipa::path(post, path = "/server/v1/licensing/eo/delete", tag = "licensing", security(("bearer" = [])),
    request_body = IdInput,
    responses((status = 200, body = LicensingDone), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete_eo_policy(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<IdInput>,
) -> Result<web::Json<LicensingDone>, ApiError> {
    state.licensing.delete_eo_policy(&guard.ctx, EoPolicyId(body.id()?)).await?;
    Ok(done("The policy was deleted."))
}

/// `multipart/form-data`: the CSV `file` (the columns in `docs/contracts/licensing.md`).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct LicenceImportUpload {
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// Imports licences from a CSV: each row on its own, bad rows reported by line.
#[utoipa::path(post, path = "/server/v1/licensing/import", tag = "licensing", security(("bearer" = [])),
    request_body(content = LicenceImportUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = LicenceImportOutcome), (status = 400, description = "`file`: missing or unknown columns, not UTF-8", body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 413, body = ErrorBody)))]
pub async fn import(
    state: web::Data<AppState>,
    guard: Admin,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<web::Json<LicenceImportOutcome>, ApiError> {
    let upload = read_upload(&req, payload, IMPORT_LIMIT).await?;
    Ok(web::Json(state.licensing.import_licences(&guard.ctx, &upload.file).await?))
}
