//! HR documents (001 §3 "HR document"): files kept in an employee's folder — added by a manager
//! or an admin, or uploaded by the employee to fulfil a document request (000 §3 "Document
//! upload"). The file is checked by its bytes and size (`files`), its name is kept only as a
//! download name, and it is served only through [`Hr::document_file`] to whoever may see the
//! folder.

use super::requests::DocRequestStatus;
use super::{optional_text, parse_sort, required_id, required_text, ListSort, RecordPage, TypeKind, RECORD_PAGE_SIZE};
use super::{DownloadedFile, NamedUpload};
use crate::entities::{hr_doc_requests as requests, hr_documents as documents, hr_types};
use crate::{Hr, HrError};
use activity::{ActivityType, NewActivity};
use chrono::{DateTime, Utc};
use kernel::{DocRequestId, FieldErrors, HrDocumentId, HrTypeId, ManagerCtx, TenantCtx, UserId};
use sea_orm::sea_query::Expr;
use sea_orm::ActiveEnum;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, Order, PaginatorTrait, QueryFilter, QueryOrder,
};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

pub const DOCUMENT_MISSING: &str = "Please upload the Document";

/// A document as the folder, My Docs and the detail dock show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DocumentView {
    pub id: i64,
    pub employee_id: i64,
    pub doc_name: String,
    pub doc_type_id: i64,
    /// The type's name (My HR's `docType`).
    pub doc_type: String,
    pub comments: String,
    /// The name it downloads with.
    pub doc_file_name: String,
    pub doc_media_type: String,
    /// Bytes.
    pub doc_size: i64,
    pub create_date: DateTime<Utc>,
    /// The document request this upload fulfilled.
    pub request_id: Option<i64>,
    pub created_by: Option<String>,
}

/// The fields of `POST /manage/add-doc` (multipart, with the `file`).
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct DocumentInput {
    pub employee_id: Option<String>,
    pub doc_name: Option<String>,
    pub doc_type_id: Option<String>,
    pub comments: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentCommand {
    pub employee: UserId,
    pub doc_name: String,
    pub doc_type_id: HrTypeId,
    pub comments: String,
}

impl DocumentCommand {
    /// `has_file`: whether the upload carried a file (001 §5: required when creating).
    pub fn parse(input: &DocumentInput, has_file: bool) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let employee = required_id(&mut errors, "employeeId", &input.employee_id, "Please choose the employee");
        let doc_name = required_text(&mut errors, "docName", &input.doc_name, "Please input the Document title", 200);
        let doc_type_id =
            required_id(&mut errors, "docTypeId", &input.doc_type_id, TypeKind::Document.missing_message());
        let comments = optional_text(&mut errors, "comments", &input.comments, 2000);
        if !has_file {
            errors.add("file", DOCUMENT_MISSING);
        }
        errors.into_result(DocumentCommand { employee, doc_name, doc_type_id, comments })
    }
}

/// The fields of `POST /profile/add-doc` (multipart, with the `document`): the employee's
/// upload for one of their document requests.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct UploadInput {
    pub doc_name: Option<String>,
    pub comments: Option<String>,
    pub req_id: Option<String>,
    /// The request's type is what counts; a different one is refused.
    pub doc_type_id: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UploadCommand {
    pub request: DocRequestId,
    pub doc_name: String,
    pub comments: String,
    pub doc_type_id: Option<HrTypeId>,
}

impl UploadCommand {
    pub fn parse(input: &UploadInput, has_file: bool) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let doc_name = required_text(&mut errors, "docName", &input.doc_name, "Please input the Name", 200);
        let comments =
            required_text(&mut errors, "comments", &input.comments, "Please input the Brief Description", 2000);
        let request = required_id(&mut errors, "reqId", &input.req_id, "Please choose the document request");
        let doc_type_id = input.doc_type_id.as_deref().map(str::trim).filter(|text| !text.is_empty()).map(|text| {
            HrTypeId(text.parse::<i64>().unwrap_or_else(|_| {
                errors.add("docTypeId", TypeKind::Document.missing_message());
                0
            }))
        });
        if !has_file {
            errors.add("document", DOCUMENT_MISSING);
        }
        errors.into_result(UploadCommand { request, doc_name, comments, doc_type_id })
    }
}

/// The orders of the folder's document list (001 §9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocumentSort {
    Id,
    Name,
    Type,
}

const DOCUMENT_SORTS: [(&str, DocumentSort); 3] =
    [("id", DocumentSort::Id), ("docName", DocumentSort::Name), ("docTypeId", DocumentSort::Type)];

impl Hr {
    async fn document_views(&self, ctx: &TenantCtx, rows: Vec<documents::Model>) -> Result<Vec<DocumentView>, HrError> {
        let type_ids: Vec<HrTypeId> = rows.iter().map(|row| row.doc_type_id).collect();
        let types: HashMap<HrTypeId, String> = hr_types::Entity::find()
            .filter(kernel::tenancy::same_company::<hr_types::Entity>(ctx.company()))
            .filter(hr_types::Column::Id.is_in(type_ids))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|row| (row.id, row.name))
            .collect();
        let authors = self.names_of(ctx, rows.iter().filter_map(|row| row.created_by)).await?;
        Ok(rows
            .into_iter()
            .map(|row| DocumentView {
                id: row.id.0,
                employee_id: row.employee_id.0,
                doc_type: types.get(&row.doc_type_id).cloned().unwrap_or_default(),
                doc_type_id: row.doc_type_id.0,
                doc_name: row.doc_name,
                comments: row.comments,
                doc_file_name: row.file_name,
                doc_media_type: row.media_type,
                doc_size: row.byte_size,
                create_date: row.created_at,
                request_id: row.request_id.map(|id| id.0),
                created_by: row.created_by.and_then(|id| authors.get(&id).cloned()),
            })
            .collect())
    }

    /// Stores the file, then the row (and what goes with it) in one transaction; the file is
    /// forgotten again when the transaction fails, so no row points at nothing and no file is
    /// left that nothing points at.
    async fn store_document<F, Fut>(
        &self,
        ctx: &TenantCtx,
        upload: &NamedUpload,
        write: F,
    ) -> Result<documents::Model, HrError>
    where
        F: FnOnce(files::SavedDocument, kernel::transaction::WriteTxn) -> Fut,
        Fut: std::future::Future<Output = Result<documents::Model, HrError>>,
    {
        let saved = self.files.save_document(ctx, &upload.bytes, &upload.name).await?;
        let file_id = saved.file.id;
        let written = async {
            let _permit = self.gate.enter().await;
            let txn = kernel::begin_write(&self.db).await?;
            write(saved, txn).await
        }
        .await;
        if written.is_err() {
            self.files.discard(&self.db, ctx, file_id).await;
        }
        written
    }

    /// `POST /manage/add-doc`: files a document in a folder the caller reaches.
    pub async fn add_document(
        &self,
        ctx: &ManagerCtx,
        command: DocumentCommand,
        upload: NamedUpload,
    ) -> Result<DocumentView, HrError> {
        let folder = self.folder(ctx, command.employee).await?;
        folder.ensure_employed()?;
        self.active_hr_type(ctx, TypeKind::Document, command.doc_type_id, "docTypeId").await?;
        let actor = self.actor_name(ctx).await?;
        let now = super::now();
        let row = self
            .store_document(ctx, &upload, |saved, txn| async move {
                let row = new_document(
                    ctx,
                    folder.id(),
                    &command.doc_name,
                    command.doc_type_id,
                    &command.comments,
                    &saved,
                    now,
                )
                .insert(&txn)
                .await?;
                activity::record(
                    &txn,
                    NewActivity {
                        company: ctx.company(),
                        employee: folder.id().0,
                        actor: Some(ctx.actor().0),
                        kind: ActivityType::HrDoc,
                        description: format!("{actor} added the document '{}'.", command.doc_name),
                        at: now,
                        record: Some(row.id.0),
                    },
                )
                .await?;
                audit::record(&txn, ctx, document_change(&row, audit::Action::Created)).await?;
                txn.commit().await?;
                Ok(row)
            })
            .await?;
        Ok(self.document_views(ctx, vec![row]).await?.remove(0))
    }

    /// `POST /profile/add-doc`: the employee uploads the document one of their open requests
    /// asks for; the request is fulfilled in the same transaction ('DOC_REQUEST' on their
    /// timeline).
    pub async fn upload_for_request(
        &self,
        ctx: &TenantCtx,
        command: UploadCommand,
        upload: NamedUpload,
    ) -> Result<DocumentView, HrError> {
        let request = requests::Entity::find_by_id(command.request)
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .filter(requests::Column::EmployeeId.eq(ctx.actor()))
            .one(&self.db)
            .await?
            .ok_or(HrError::NotFound)?;
        if request.status != DocRequestStatus::Open {
            return Err(HrError::Conflict("This document request is no longer open.".to_owned()));
        }
        if command.doc_type_id.is_some_and(|kind| kind != request.doc_type_id) {
            return Err(HrError::field("docTypeId", "This is not the type of document the request asks for"));
        }
        let me = self.actor_name(ctx).await?;
        let now = super::now();
        let row = self
            .store_document(ctx, &upload, |saved, txn| async move {
                // Claims the request: of two uploads at once, one fulfils it and the other is told.
                let claimed = requests::Entity::update_many()
                    .col_expr(requests::Column::Status, Expr::value(DocRequestStatus::Fulfilled.to_value()))
                    .col_expr(requests::Column::CompletedAt, Expr::value(now))
                    .filter(requests::Column::Id.eq(request.id))
                    .filter(requests::Column::Status.eq(DocRequestStatus::Open))
                    .exec(&txn)
                    .await?;
                if claimed.rows_affected == 0 {
                    txn.rollback().await?;
                    return Err(HrError::Conflict("This document request is no longer open.".to_owned()));
                }
                let mut row = new_document(
                    ctx,
                    request.employee_id,
                    &command.doc_name,
                    request.doc_type_id,
                    &command.comments,
                    &saved,
                    now,
                );
                row.request_id = Set(Some(request.id));
                let row = row.insert(&txn).await?;
                activity::record(
                    &txn,
                    NewActivity {
                        company: ctx.company(),
                        employee: request.employee_id.0,
                        actor: Some(ctx.actor().0),
                        kind: ActivityType::DocRequest,
                        description: format!("{me} uploaded '{}' for a document request.", command.doc_name),
                        at: now,
                        record: Some(row.id.0),
                    },
                )
                .await?;
                txn.commit().await?;
                Ok(row)
            })
            .await?;
        Ok(self.document_views(ctx, vec![row]).await?.remove(0))
    }

    /// `GET /manage/user-docs`: a page of a folder's documents, by type and in an order.
    pub async fn documents_page(
        &self,
        ctx: &ManagerCtx,
        employee: UserId,
        doc_type: Option<i64>,
        sort: Option<&str>,
        page: u64,
    ) -> Result<RecordPage<DocumentView>, HrError> {
        let sort = parse_sort(sort, &DOCUMENT_SORTS).map_err(HrError::Validation)?;
        let folder = self.folder(ctx, employee).await?;
        let mut query = documents::Entity::find()
            .filter(kernel::tenancy::same_company::<documents::Entity>(ctx.company()))
            .filter(documents::Column::EmployeeId.eq(folder.id()))
            .filter(documents::Column::DeletedAt.is_null());
        if let Some(doc_type) = doc_type {
            query = query.filter(documents::Column::DocTypeId.eq(doc_type));
        }
        self.document_page(ctx, query, sort, page).await
    }

    /// `GET /profile/my-docs`: the caller's own documents, newest first.
    pub async fn my_documents(&self, ctx: &TenantCtx, page: u64) -> Result<RecordPage<DocumentView>, HrError> {
        let query = documents::Entity::find()
            .filter(kernel::tenancy::same_company::<documents::Entity>(ctx.company()))
            .filter(documents::Column::EmployeeId.eq(ctx.actor()))
            .filter(documents::Column::DeletedAt.is_null());
        self.document_page(ctx, query, ListSort { key: DocumentSort::Id, descending: true }, page).await
    }

    async fn document_page(
        &self,
        ctx: &TenantCtx,
        query: sea_orm::Select<documents::Entity>,
        sort: ListSort<DocumentSort>,
        page: u64,
    ) -> Result<RecordPage<DocumentView>, HrError> {
        let order = if sort.descending { Order::Desc } else { Order::Asc };
        let query = match sort.key {
            DocumentSort::Id => query,
            DocumentSort::Name => query.order_by(documents::Column::DocName, order.clone()),
            DocumentSort::Type => query.order_by(documents::Column::DocTypeId, order.clone()),
        }
        .order_by(documents::Column::Id, order);
        let paginator = query.paginate(&self.db, RECORD_PAGE_SIZE);
        let count = paginator.num_items().await?;
        let rows = paginator.fetch_page(page.max(1) - 1).await?;
        Ok(RecordPage { rows: self.document_views(ctx, rows).await?, count, page: page.max(1) })
    }

    /// A document in a folder the caller reaches.
    async fn visible_document(&self, ctx: &TenantCtx, id: HrDocumentId) -> Result<documents::Model, HrError> {
        let row = documents::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<documents::Entity>(ctx.company()))
            .filter(documents::Column::DeletedAt.is_null())
            .one(&self.db)
            .await?
            .ok_or(HrError::NotFound)?;
        self.folder(ctx, row.employee_id).await?;
        Ok(row)
    }

    /// `GET /manage/doc`: one document.
    pub async fn document(&self, ctx: &TenantCtx, id: HrDocumentId) -> Result<DocumentView, HrError> {
        let row = self.visible_document(ctx, id).await?;
        Ok(self.document_views(ctx, vec![row]).await?.remove(0))
    }

    /// `POST /doc/view`: a document's file, for whoever may see the folder.
    pub async fn document_file(&self, ctx: &TenantCtx, id: HrDocumentId) -> Result<DownloadedFile, HrError> {
        let row = self.visible_document(ctx, id).await?;
        let (file, bytes) = self.files.open_private(ctx, row.file_id).await?;
        Ok(DownloadedFile { name: row.file_name, media_type: file.media_type, bytes })
    }

    /// `POST /manage/delete-doc`: takes a document out of the folder; its row and file stay,
    /// with who removed it and when.
    pub async fn delete_document(&self, ctx: &ManagerCtx, id: HrDocumentId) -> Result<(), HrError> {
        let row = self.visible_document(ctx, id).await?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let deleted = documents::Entity::update_many()
            .col_expr(documents::Column::DeletedAt, Expr::value(super::now()))
            .col_expr(documents::Column::DeletedBy, Expr::value(ctx.actor()))
            .filter(documents::Column::Id.eq(row.id))
            .filter(documents::Column::DeletedAt.is_null())
            .exec(&txn)
            .await?;
        if deleted.rows_affected > 0 {
            audit::record(&txn, ctx, document_change(&row, audit::Action::Deleted)).await?;
        }
        txn.commit().await?;
        Ok(())
    }
}

/// A filed document as the audit trail shows it.
fn document_change(row: &documents::Model, action: audit::Action) -> audit::Change {
    let snapshot = audit::Snapshot::new()
        .with("kind", "document")
        .with("name", row.doc_name.clone())
        .with("file", row.file_name.clone());
    let change =
        audit::Change::new(audit::Subject::HrRecord, format!("document-{}", row.id.0), action).about(row.employee_id);
    match action {
        audit::Action::Deleted => change.deleted(&snapshot),
        _ => change.created(&snapshot),
    }
}

fn new_document(
    ctx: &TenantCtx,
    employee: UserId,
    doc_name: &str,
    doc_type_id: HrTypeId,
    comments: &str,
    saved: &files::SavedDocument,
    now: DateTime<Utc>,
) -> documents::ActiveModel {
    documents::ActiveModel {
        company_id: Set(ctx.company()),
        employee_id: Set(employee),
        doc_type_id: Set(doc_type_id),
        doc_name: Set(doc_name.to_owned()),
        comments: Set(comments.to_owned()),
        file_id: Set(saved.file.id),
        file_name: Set(saved.name.clone()),
        media_type: Set(saved.file.media_type.clone()),
        byte_size: Set(saved.file.byte_size),
        request_id: Set(None),
        created_by: Set(Some(ctx.actor())),
        created_at: Set(now),
        deleted_by: Set(None),
        deleted_at: Set(None),
        ..Default::default()
    }
}
