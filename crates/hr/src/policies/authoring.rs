//! Writing policies: add and edit (each change of the title, text or document a new version),
//! remove the document, remove the policy, and the HR Broadcast History list.

use super::{Counts, WorkflowStatus, WorkflowSummary};
use crate::entities::{
    hr_policies as policies, hr_policy_versions as versions, hr_policy_workflows as workflows, hr_types,
};
use crate::records::{now, AttachedFile, DownloadedFile, RECORD_PAGE_SIZE};
use crate::records::{parse_sort, required_id, required_text, rich_text, HrTypeView, ListSort, NamedUpload, TypeKind};
use crate::views::JobRoleView;
use crate::{Hr, HrError};
use chrono::{DateTime, Utc};
use kernel::{FieldErrors, HrTypeId, ManagerCtx, PolicyId, TenantCtx};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, Order, PaginatorTrait, QueryFilter, QueryOrder,
};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// A policy as the broadcast screens show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PolicyView {
    pub id: i64,
    pub title: String,
    /// Sanitised rich text; left out of lists.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content: Option<String>,
    pub policy_type_id: i64,
    pub type_name: String,
    /// The number of the text's current version.
    pub version: i32,
    pub document: Option<PolicyDocument>,
    pub create_date: DateTime<Utc>,
    pub last_publish_date: Option<DateTime<Utc>>,
    pub onboarding_policy: u8,
    pub auto_certify_due_days: Option<i32>,
    /// Its publications, newest first.
    pub workflows: Vec<WorkflowSummary>,
}

/// A policy's attached document.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PolicyDocument {
    pub doc_name: String,
    #[serde(flatten)]
    pub file: AttachedFile,
}

/// `GET /policy/policies`: a page of policies with the pickers' lists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PolicyList {
    pub policies: Vec<PolicyView>,
    /// Active policy types.
    pub policy_types: Vec<HrTypeView>,
    /// Active job roles.
    pub jobroles: Vec<JobRoleView>,
    pub policy_count: u64,
}

/// The fields of `POST /policy/add-policy` (multipart, with an optional `file`).
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct PolicyInput {
    /// To edit a policy.
    pub id: Option<String>,
    pub title: Option<String>,
    pub policy_type_id: Option<String>,
    /// Rich text (HTML); sanitised on the server.
    pub content: Option<String>,
    /// The attached document's title (the file's name when left out).
    pub doc_name: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolicyCommand {
    pub id: Option<PolicyId>,
    pub title: String,
    pub policy_type_id: HrTypeId,
    pub content: String,
    pub doc_name: Option<String>,
}

impl PolicyCommand {
    pub fn parse(input: &PolicyInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let id = input.id.as_deref().map(str::trim).filter(|id| !id.is_empty()).map(|id| {
            PolicyId(id.parse::<i64>().unwrap_or_else(|_| {
                errors.add("id", "Please choose the policy");
                0
            }))
        });
        let title = required_text(&mut errors, "title", &input.title, "Please input the Title", 200);
        let policy_type_id =
            required_id(&mut errors, "policyTypeId", &input.policy_type_id, TypeKind::Policy.missing_message());
        let content = rich_text(&mut errors, "content", &input.content);
        let doc_name = crate::records::optional_text(&mut errors, "docName", &input.doc_name, 255);
        errors.into_result(PolicyCommand {
            id,
            title,
            policy_type_id,
            content,
            doc_name: Some(doc_name).filter(|name| !name.is_empty()),
        })
    }
}

/// The orders of the broadcast list (002 §9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PolicySort {
    Id,
    Title,
    Type,
    Created,
    Published,
}

const POLICY_SORTS: [(&str, PolicySort); 5] = [
    ("id", PolicySort::Id),
    ("title", PolicySort::Title),
    ("typeName", PolicySort::Type),
    ("createDate", PolicySort::Created),
    ("lastPublishDate", PolicySort::Published),
];

fn document_of(row: &policies::Model) -> Option<PolicyDocument> {
    let file = crate::records::attachment_of(row.file_name.clone(), row.media_type.clone(), row.byte_size)?;
    Some(PolicyDocument { doc_name: row.doc_name.clone().unwrap_or_else(|| file.doc_file_name.clone()), file })
}

impl Hr {
    /// Policies as the screens show them, with their publications and counted answers.
    async fn policy_views(
        &self,
        ctx: &TenantCtx,
        rows: Vec<policies::Model>,
        with_content: bool,
    ) -> Result<Vec<PolicyView>, HrError> {
        let ids: Vec<PolicyId> = rows.iter().map(|row| row.id).collect();
        let types: HashMap<HrTypeId, String> = hr_types::Entity::find()
            .filter(kernel::tenancy::same_company::<hr_types::Entity>(ctx.company()))
            .filter(hr_types::Column::Id.is_in(rows.iter().map(|row| row.policy_type_id)))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|row| (row.id, row.name))
            .collect();
        let version_numbers: HashMap<i64, i32> = versions::Entity::find()
            .filter(kernel::tenancy::same_company::<versions::Entity>(ctx.company()))
            .filter(versions::Column::PolicyId.is_in(ids.iter().copied()))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|row| (row.id, row.version))
            .collect();
        let flows = workflows::Entity::find()
            .filter(kernel::tenancy::same_company::<workflows::Entity>(ctx.company()))
            .filter(workflows::Column::PolicyId.is_in(ids))
            .order_by_desc(workflows::Column::Id)
            .all(&self.db)
            .await?;
        let counts = self.count_answers(ctx, &flows.iter().map(|flow| flow.id).collect::<Vec<_>>()).await?;
        let mut by_policy: HashMap<PolicyId, Vec<WorkflowSummary>> = HashMap::new();
        for flow in flows {
            let version = version_numbers.get(&flow.version_id).copied().unwrap_or(1);
            by_policy.entry(flow.policy_id).or_default().push(summary(&flow, version, &counts));
        }
        Ok(rows
            .into_iter()
            .map(|row| PolicyView {
                id: row.id.0,
                type_name: types.get(&row.policy_type_id).cloned().unwrap_or_default(),
                policy_type_id: row.policy_type_id.0,
                version: row.current_version_id.and_then(|id| version_numbers.get(&id).copied()).unwrap_or(1),
                document: document_of(&row),
                content: with_content.then(|| row.content.clone()),
                title: row.title,
                create_date: row.created_at,
                last_publish_date: row.last_published_at,
                onboarding_policy: u8::from(row.onboarding),
                auto_certify_due_days: row.onboarding_days,
                workflows: by_policy.remove(&row.id).unwrap_or_default(),
            })
            .collect())
    }

    /// `GET /policy/policy`: one policy with its text.
    pub async fn policy(&self, ctx: &ManagerCtx, id: PolicyId) -> Result<PolicyView, HrError> {
        let row = self.policy_row(ctx, id).await?;
        Ok(self.policy_views(ctx, vec![row], true).await?.remove(0))
    }

    /// Whether the company wrote any policy yet (the guided start's "first policy" item).
    pub async fn has_policies(&self, ctx: &TenantCtx) -> Result<bool, HrError> {
        Ok(policies::Entity::find()
            .filter(kernel::tenancy::same_company::<policies::Entity>(ctx.company()))
            .filter(policies::Column::DeletedAt.is_null())
            .one(&self.db)
            .await?
            .is_some())
    }

    /// `GET /policy/policies`: a page of the company's policies, in an order.
    pub async fn policies_page(
        &self,
        ctx: &ManagerCtx,
        policy_type: Option<i64>,
        sort: Option<&str>,
        page: u64,
    ) -> Result<PolicyList, HrError> {
        let ListSort { key, descending } = parse_sort(sort, &POLICY_SORTS).map_err(HrError::Validation)?;
        let order = if descending { Order::Desc } else { Order::Asc };
        let mut query = policies::Entity::find()
            .filter(kernel::tenancy::same_company::<policies::Entity>(ctx.company()))
            .filter(policies::Column::DeletedAt.is_null());
        if let Some(policy_type) = policy_type {
            query = query.filter(policies::Column::PolicyTypeId.eq(policy_type));
        }
        let query = match key {
            PolicySort::Id => query,
            PolicySort::Title => query.order_by(policies::Column::Title, order.clone()),
            PolicySort::Type => query.order_by(
                Expr::cust("(SELECT hr_types.name FROM hr_types WHERE hr_types.id = hr_policies.policy_type_id)"),
                order.clone(),
            ),
            PolicySort::Created => query.order_by(policies::Column::CreatedAt, order.clone()),
            PolicySort::Published => query.order_by(policies::Column::LastPublishedAt, order.clone()),
        }
        .order_by(policies::Column::Id, order);
        let paginator = query.paginate(&self.db, RECORD_PAGE_SIZE);
        let policy_count = paginator.num_items().await?;
        let rows = paginator.fetch_page(page.max(1) - 1).await?;
        Ok(PolicyList {
            policies: self.policy_views(ctx, rows, false).await?,
            policy_types: self.hr_types(ctx, TypeKind::Policy).await?.into_iter().filter(|kind| kind.active).collect(),
            jobroles: self.job_roles(ctx).await?.into_iter().filter(|role| role.active).collect(),
            policy_count,
        })
    }

    /// `POST /policy/add-policy`: writes a policy, or edits one. A change of its title, text or
    /// document is a new version; publications already made keep theirs.
    pub async fn save_policy(
        &self,
        ctx: &ManagerCtx,
        command: PolicyCommand,
        file: Option<NamedUpload>,
    ) -> Result<PolicyView, HrError> {
        let existing = match command.id {
            Some(id) => Some(self.policy_row(ctx, id).await?),
            None => None,
        };
        self.active_hr_type(ctx, TypeKind::Policy, command.policy_type_id, "policyTypeId").await?;
        let stored = match &file {
            Some(upload) => Some(self.files.save_document(ctx, &upload.bytes, &upload.name).await?),
            None => None,
        };
        let at = now();
        let written = async {
            let _permit = self.gate.enter().await;
            let txn = kernel::begin_write(&self.db).await?;
            let mut row: policies::ActiveModel = match &existing {
                Some(row) => row.clone().into(),
                None => policies::ActiveModel {
                    company_id: Set(ctx.company()),
                    created_by: Set(Some(ctx.actor())),
                    created_at: Set(at),
                    onboarding: Set(false),
                    ..Default::default()
                },
            };
            row.title = Set(command.title.clone());
            row.content = Set(command.content.clone());
            row.policy_type_id = Set(command.policy_type_id);
            row.updated_at = Set(at);
            if let Some(saved) = &stored {
                row.file_id = Set(Some(saved.file.id));
                row.file_name = Set(Some(saved.name.clone()));
                row.media_type = Set(Some(saved.file.media_type.clone()));
                row.byte_size = Set(Some(saved.file.byte_size));
                row.doc_name = Set(Some(command.doc_name.clone().unwrap_or_else(|| saved.name.clone())));
            } else if let Some(name) = &command.doc_name {
                if existing.as_ref().is_some_and(|row| row.file_id.is_some()) {
                    row.doc_name = Set(Some(name.clone()));
                }
            }
            let row = match existing {
                Some(_) => row.update(&txn).await?,
                None => row.insert(&txn).await?,
            };
            let row = self.new_version_if_changed(&txn, ctx, row, at).await?;
            let before = existing.as_ref().map(policy_snapshot).unwrap_or_default();
            let action = if existing.is_some() { audit::Action::Updated } else { audit::Action::Created };
            let change =
                audit::Change::new(audit::Subject::Policy, row.id.0, action).diff(&before, &policy_snapshot(&row));
            audit::record(&txn, ctx, change).await?;
            txn.commit().await?;
            Ok::<_, HrError>(row)
        }
        .await;
        match written {
            Ok(row) => Ok(self.policy_views(ctx, vec![row], true).await?.remove(0)),
            Err(err) => {
                if let Some(saved) = stored {
                    self.files.discard(&self.db, ctx, saved.file.id).await;
                }
                Err(err)
            }
        }
    }

    /// Adds a version when the policy's title, text or file differ from its current version's.
    async fn new_version_if_changed(
        &self,
        txn: &sea_orm::DatabaseTransaction,
        ctx: &TenantCtx,
        row: policies::Model,
        at: DateTime<Utc>,
    ) -> Result<policies::Model, HrError> {
        let current = match row.current_version_id {
            Some(id) => versions::Entity::find_by_id(id).one(txn).await?,
            None => None,
        };
        let same = current.as_ref().is_some_and(|version| {
            version.title == row.title && version.content == row.content && version.file_id == row.file_id
        });
        if same {
            return Ok(row);
        }
        let number = current.map(|version| version.version + 1).unwrap_or(1);
        let version = versions::ActiveModel {
            company_id: Set(ctx.company()),
            policy_id: Set(row.id),
            version: Set(number),
            title: Set(row.title.clone()),
            content: Set(row.content.clone()),
            file_id: Set(row.file_id),
            file_name: Set(row.file_name.clone()),
            media_type: Set(row.media_type.clone()),
            byte_size: Set(row.byte_size),
            created_by: Set(Some(ctx.actor())),
            created_at: Set(at),
            ..Default::default()
        }
        .insert(txn)
        .await?;
        let mut row: policies::ActiveModel = row.into();
        row.current_version_id = Set(Some(version.id));
        Ok(row.update(txn).await?)
    }

    /// `POST /policy/remove-doc`: the policy no longer carries a document (a new version; the
    /// file stays with the versions that had it).
    pub async fn remove_policy_doc(&self, ctx: &ManagerCtx, id: PolicyId) -> Result<PolicyView, HrError> {
        let row = self.policy_row(ctx, id).await?;
        let at = now();
        let row = {
            let _permit = self.gate.enter().await;
            let txn = kernel::begin_write(&self.db).await?;
            let before = policy_snapshot(&row);
            let mut active: policies::ActiveModel = row.into();
            active.file_id = Set(None);
            active.file_name = Set(None);
            active.doc_name = Set(None);
            active.media_type = Set(None);
            active.byte_size = Set(None);
            active.updated_at = Set(at);
            let row = active.update(&txn).await?;
            let row = self.new_version_if_changed(&txn, ctx, row, at).await?;
            let change = audit::Change::new(audit::Subject::Policy, row.id.0, audit::Action::Updated)
                .diff(&before, &policy_snapshot(&row));
            audit::record(&txn, ctx, change).await?;
            txn.commit().await?;
            row
        };
        Ok(self.policy_views(ctx, vec![row], true).await?.remove(0))
    }

    /// `POST /policy/delete`: the policy leaves the lists; its open publications are cancelled
    /// (their answers stay, and no more are taken).
    pub async fn delete_policy(&self, ctx: &ManagerCtx, id: PolicyId) -> Result<(), HrError> {
        let row = self.policy_row(ctx, id).await?;
        let at = now();
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        policies::Entity::update_many()
            .col_expr(policies::Column::DeletedAt, Expr::value(at))
            .col_expr(policies::Column::DeletedBy, Expr::value(ctx.actor()))
            .filter(policies::Column::Id.eq(row.id))
            .exec(&txn)
            .await?;
        workflows::Entity::update_many()
            .col_expr(workflows::Column::Status, Expr::value(WorkflowStatus::Cancelled.code()))
            .col_expr(workflows::Column::CancelledAt, Expr::value(at))
            .col_expr(workflows::Column::ModifiedAt, Expr::value(at))
            .filter(workflows::Column::PolicyId.eq(row.id))
            .filter(workflows::Column::Status.eq(WorkflowStatus::Active.code()))
            .exec(&txn)
            .await?;
        let change = audit::Change::new(audit::Subject::Policy, row.id.0, audit::Action::Deleted)
            .deleted(&policy_snapshot(&row));
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        Ok(())
    }

    /// `POST /doc/policy` for a manager or an admin: the policy's current document.
    pub(crate) async fn current_policy_file(&self, ctx: &TenantCtx, id: PolicyId) -> Result<DownloadedFile, HrError> {
        let row = self.policy_row(ctx, id).await?;
        let (Some(file_id), Some(name)) = (row.file_id, row.file_name) else {
            return Err(HrError::NotFound);
        };
        let (file, bytes) = self.files.open_private(ctx, file_id).await?;
        Ok(DownloadedFile { name, media_type: file.media_type, bytes })
    }
}

/// A publication as the lists show it, with its counted answers.
pub(crate) fn summary(flow: &workflows::Model, version: i32, counts: &Counts) -> WorkflowSummary {
    let (total, confirmed, declined) = counts.get(&flow.id).copied().unwrap_or_default();
    WorkflowSummary {
        id: flow.id.0,
        version,
        publish_date: flow.published_at,
        due_date: flow.due_date,
        status: flow.status,
        onboarding: flow.onboarding,
        total_recipients: total,
        confirmed_recipients: confirmed,
        declined_recipients: declined,
        modify_date: flow.modified_at,
        stopped_at: flow.stopped_at,
        cancelled_at: flow.cancelled_at,
        reminded_at: flow.reminded_at,
    }
}

/// The most of a policy's text the audit trail keeps (its versions keep the whole of it).
const AUDITED_TEXT: usize = 500;

/// A policy as the audit trail shows it.
fn policy_snapshot(row: &policies::Model) -> audit::Snapshot {
    audit::Snapshot::new()
        .with("title", row.title.clone())
        .with("content", row.content.chars().take(AUDITED_TEXT).collect::<String>())
        .with("policyTypeId", row.policy_type_id.0)
        .with("document", row.file_name.clone())
}
