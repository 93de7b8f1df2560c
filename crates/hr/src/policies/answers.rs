//! The recipient's side: the policies sent to them (My HR 'HR Policies & Procedures'), the text
//! as it was sent, their answer (acknowledge, or decline with a comment; once), its document.

use super::{WorkflowStatus, ACKNOWLEDGED, DECLINED, PENDING};
use crate::entities::{
    hr_policies as policies, hr_policy_recipients as recipients, hr_policy_versions as versions,
    hr_policy_workflows as workflows, hr_types,
};
use crate::records::{now, optional_text, AttachedFile, DownloadedFile, RecordPage, RECORD_PAGE_SIZE};
use crate::{Hr, HrError};
use activity::{ActivityType, NewActivity};
use chrono::{DateTime, NaiveDate, Utc};
use kernel::time::local_date;
use kernel::{FieldErrors, PolicyId, PolicyWorkflowId, TenantCtx};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

pub const DECLINE_REASON_MISSING: &str = "Please tell us why";

/// A policy sent to the caller (000 §3 "My HR items: Policy").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MyPolicy {
    pub workflow_id: i64,
    pub policy_id: i64,
    /// The title of the version sent.
    pub title: String,
    pub last_publish_date: DateTime<Utc>,
    pub due_date: Option<NaiveDate>,
    /// Awaiting an answer on or after its due day (what forces the task dock open).
    pub overdue: bool,
    /// 0 awaiting an answer, 1 answered (see `declined`), 2 cancelled, 3 stopped (000 §4).
    pub certify_status: i16,
    pub declined: bool,
    pub certify_date: Option<DateTime<Utc>>,
    pub comments: String,
    /// The version's document, when it has one.
    pub doc_file_name: Option<String>,
}

/// `GET /profile/policy-review-detail`: the text as it was sent, and the caller's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PolicyReview {
    pub policy: ReviewedText,
    pub workflow: ReviewedWorkflow,
    pub policy_doc: Option<AttachedFile>,
    pub answer: MyPolicy,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ReviewedText {
    pub id: i64,
    pub title: String,
    /// Sanitised rich text.
    pub content: String,
    pub type_name: String,
    pub version: i32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ReviewedWorkflow {
    pub id: i64,
    pub publish_date: DateTime<Utc>,
    pub due_date: Option<NaiveDate>,
    /// 0 active, 2 cancelled, 3 stopped.
    pub status: i16,
}

/// A policy waiting for the caller's answer (000 §3 "policy review").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PolicyTask {
    /// The publication (what `affirm-policy` takes).
    pub id: i64,
    pub title: String,
    pub due_date: Option<NaiveDate>,
    pub overdue: bool,
}

/// `POST /profile/affirm-policy`.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct AnswerInput {
    /// The publication.
    #[serde(deserialize_with = "kernel::validation::lenient_i64")]
    pub id: Option<i64>,
    /// 1 to decline (a comment is then needed).
    #[serde(deserialize_with = "kernel::validation::lenient_i64")]
    pub decline: Option<i64>,
    pub comments: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnswerCommand {
    pub workflow: PolicyWorkflowId,
    pub decline: bool,
    pub comments: String,
}

impl AnswerCommand {
    pub fn parse(input: &AnswerInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let workflow = PolicyWorkflowId(input.id.filter(|id| *id > 0).unwrap_or_else(|| {
            errors.add("id", "Please choose the policy");
            0
        }));
        let decline = input.decline == Some(1);
        let comments = optional_text(&mut errors, "comments", &input.comments, 2000);
        if decline && comments.is_empty() && !errors.has("comments") {
            errors.add("comments", DECLINE_REASON_MISSING);
        }
        errors.into_result(AnswerCommand { workflow, decline, comments })
    }
}

/// What an answer did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AnswerOutcome {
    /// False when it had been answered before (nothing changed).
    pub changed: bool,
    pub acknowledged_at: Option<DateTime<Utc>>,
    pub message: String,
}

/// The caller's recipient rows with what they belong to.
type Sent = (recipients::Model, workflows::Model, versions::Model);

impl Hr {
    /// The caller's recipient rows of policies not removed, newest publication first.
    async fn sent_to_me(
        &self,
        ctx: &TenantCtx,
        only: Option<PolicyWorkflowId>,
        page: Option<u64>,
    ) -> Result<(Vec<Sent>, u64), HrError> {
        let mut query = recipients::Entity::find()
            .filter(kernel::tenancy::same_company::<recipients::Entity>(ctx.company()))
            .filter(recipients::Column::EmployeeId.eq(ctx.actor()))
            .filter(
                recipients::Column::WorkflowId.in_subquery(
                    sea_orm::sea_query::Query::select()
                        .column(workflows::Column::Id)
                        .from(workflows::Entity)
                        .and_where(
                            workflows::Column::PolicyId.in_subquery(
                                sea_orm::sea_query::Query::select()
                                    .column(policies::Column::Id)
                                    .from(policies::Entity)
                                    .and_where(policies::Column::DeletedAt.is_null())
                                    .to_owned(),
                            ),
                        )
                        .to_owned(),
                ),
            );
        if let Some(workflow) = only {
            query = query.filter(recipients::Column::WorkflowId.eq(workflow));
        }
        let query = query.order_by_desc(recipients::Column::WorkflowId);
        let (rows, count) = match page {
            Some(page) => {
                let paginator = query.paginate(&self.db, RECORD_PAGE_SIZE);
                let count = paginator.num_items().await?;
                (paginator.fetch_page(page.max(1) - 1).await?, count)
            }
            None => {
                let rows = query.all(&self.db).await?;
                let count = u64::try_from(rows.len()).unwrap_or_default();
                (rows, count)
            }
        };
        let flows: HashMap<PolicyWorkflowId, workflows::Model> = workflows::Entity::find()
            .filter(workflows::Column::Id.is_in(rows.iter().map(|row| row.workflow_id)))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|flow| (flow.id, flow))
            .collect();
        let texts: HashMap<i64, versions::Model> = versions::Entity::find()
            .filter(versions::Column::Id.is_in(flows.values().map(|flow| flow.version_id)))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|version| (version.id, version))
            .collect();
        let sent = rows
            .into_iter()
            .filter_map(|row| {
                let flow = flows.get(&row.workflow_id)?.clone();
                let text = texts.get(&flow.version_id)?.clone();
                Some((row, flow, text))
            })
            .collect();
        Ok((sent, count))
    }

    fn my_policy_views(&self, ctx: &TenantCtx, sent: Vec<Sent>) -> Vec<MyPolicy> {
        let today = local_date(ctx.time_zone(), Utc::now());
        sent.into_iter().map(|(row, flow, text)| my_policy(&row, &flow, &text, today)).collect()
    }

    /// `GET /profile/hr-policies-and-procedures`.
    pub async fn my_policies(&self, ctx: &TenantCtx, page: u64) -> Result<RecordPage<MyPolicy>, HrError> {
        let (sent, count) = self.sent_to_me(ctx, None, Some(page)).await?;
        Ok(RecordPage { rows: self.my_policy_views(ctx, sent), count, page: page.max(1) })
    }

    /// The caller's unanswered policies of active publications (the task dock).
    pub(crate) async fn my_policy_tasks(&self, ctx: &TenantCtx) -> Result<Vec<PolicyTask>, HrError> {
        let (sent, _) = self.sent_to_me(ctx, None, None).await?;
        let today = local_date(ctx.time_zone(), Utc::now());
        let mut tasks: Vec<PolicyTask> = sent
            .into_iter()
            .filter(|(row, flow, _)| row.certify_status == PENDING && flow.status == WorkflowStatus::Active.code())
            .map(|(row, flow, text)| PolicyTask {
                id: flow.id.0,
                title: text.title,
                due_date: row.due_date,
                // A policy is required on its due day: sent 'immediately' (due the day it is
                // sent), it forces the task dock open at once.
                overdue: row.due_date.is_some_and(|due| due <= today),
            })
            .collect();
        tasks.sort_by_key(|task| (task.due_date, task.id));
        Ok(tasks)
    }

    /// `GET /profile/policy-review-detail`: the text the caller was sent and their answer.
    pub async fn policy_review(&self, ctx: &TenantCtx, workflow: PolicyWorkflowId) -> Result<PolicyReview, HrError> {
        let (mut sent, _) = self.sent_to_me(ctx, Some(workflow), None).await?;
        let Some(item) = sent.pop() else { return Err(HrError::NotFound) };
        let policy = self.policy_row(ctx, item.1.policy_id).await?;
        let type_name = hr_types::Entity::find_by_id(policy.policy_type_id)
            .one(&self.db)
            .await?
            .map(|kind| kind.name)
            .unwrap_or_default();
        let policy_doc =
            crate::records::attachment_of(item.2.file_name.clone(), item.2.media_type.clone(), item.2.byte_size);
        let answer = self.my_policy_views(ctx, vec![item.clone()]).remove(0);
        let (_, flow, text) = &item;
        let review = PolicyReview {
            policy: ReviewedText {
                id: policy.id.0,
                title: text.title.clone(),
                content: text.content.clone(),
                type_name,
                version: text.version,
            },
            workflow: ReviewedWorkflow {
                id: flow.id.0,
                publish_date: flow.published_at,
                due_date: flow.due_date,
                status: flow.status,
            },
            policy_doc,
            answer,
        };
        Ok(review)
    }

    /// `POST /profile/affirm-policy`: the caller acknowledges (or declines with a comment) a
    /// publication sent to them, once, while it is active.
    pub async fn affirm_policy(&self, ctx: &TenantCtx, command: AnswerCommand) -> Result<AnswerOutcome, HrError> {
        let (mut sent, _) = self.sent_to_me(ctx, Some(command.workflow), None).await?;
        let Some((row, flow, text)) = sent.pop() else { return Err(HrError::NotFound) };
        if row.certify_status != PENDING {
            return Ok(AnswerOutcome {
                changed: false,
                acknowledged_at: row.certified_at,
                message: "You have already answered this policy.".to_owned(),
            });
        }
        if flow.status != WorkflowStatus::Active.code() {
            return Err(HrError::Conflict("This broadcast no longer takes answers.".to_owned()));
        }
        let at = now();
        let status = if command.decline { DECLINED } else { ACKNOWLEDGED };
        let me = self.actor_name(ctx).await?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        // One conditional update: of two answers at once one counts, and none once the
        // publication is stopped.
        let updated = recipients::Entity::update_many()
            .col_expr(recipients::Column::CertifyStatus, Expr::value(status))
            .col_expr(recipients::Column::CertifiedAt, Expr::value(at))
            .col_expr(recipients::Column::Comments, Expr::value(command.comments.clone()))
            .filter(recipients::Column::Id.eq(row.id))
            .filter(recipients::Column::CertifyStatus.eq(PENDING))
            .filter(
                recipients::Column::WorkflowId.in_subquery(
                    sea_orm::sea_query::Query::select()
                        .column(workflows::Column::Id)
                        .from(workflows::Entity)
                        .and_where(workflows::Column::Id.eq(flow.id))
                        .and_where(workflows::Column::Status.eq(WorkflowStatus::Active.code()))
                        .to_owned(),
                ),
            )
            .exec(&txn)
            .await?;
        if updated.rows_affected == 0 {
            txn.rollback().await?;
            let fresh = recipients::Entity::find_by_id(row.id).one(&self.db).await?;
            return match fresh {
                Some(fresh) if fresh.certify_status != PENDING => Ok(AnswerOutcome {
                    changed: false,
                    acknowledged_at: fresh.certified_at,
                    message: "You have already answered this policy.".to_owned(),
                }),
                _ => Err(HrError::Conflict("This broadcast no longer takes answers.".to_owned())),
            };
        }
        let description = if command.decline {
            format!("{me} declined the policy '{}' (version {}): {}", text.title, text.version, command.comments)
        } else {
            format!("{me} acknowledged the policy '{}' (version {}).", text.title, text.version)
        };
        activity::record(
            &txn,
            NewActivity {
                company: ctx.company(),
                employee: row.employee_id.0,
                actor: Some(ctx.actor().0),
                kind: ActivityType::PolicyAffirmation,
                description,
                at,
                record: Some(flow.id.0),
            },
        )
        .await?;
        if !command.decline {
            let data = serde_json::json!({
                "employeeId": row.employee_id.0,
                "publicationId": flow.id.0,
                "title": text.title,
                "version": text.version,
                "acknowledgedAt": at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            });
            webhooks::emit(&txn, ctx.company(), webhooks::Event::PolicyAcknowledged, data).await?;
        }
        txn.commit().await?;
        Ok(AnswerOutcome {
            changed: true,
            acknowledged_at: Some(at),
            message: if command.decline { "Your answer has been recorded." } else { "Thank you for acknowledging." }
                .to_owned(),
        })
    }

    /// `POST /doc/policy`: a policy's document. A manager or an admin gets the current one; a
    /// recipient the one of the newest version sent to them.
    pub async fn policy_file(&self, ctx: &TenantCtx, policy: PolicyId) -> Result<DownloadedFile, HrError> {
        if ctx.answers_for_others() {
            return self.current_policy_file(ctx, policy).await;
        }
        let (sent, _) = self.sent_to_me(ctx, None, None).await?;
        let text = sent
            .into_iter()
            .filter(|(_, flow, text)| flow.policy_id == policy && text.file_id.is_some())
            .map(|(_, _, text)| text)
            .next()
            .ok_or(HrError::NotFound)?;
        let (Some(file_id), Some(name)) = (text.file_id, text.file_name) else { return Err(HrError::NotFound) };
        let (file, bytes) = self.files.open_private(ctx, file_id).await?;
        Ok(DownloadedFile { name, media_type: file.media_type, bytes })
    }
}

fn my_policy(row: &recipients::Model, flow: &workflows::Model, text: &versions::Model, today: NaiveDate) -> MyPolicy {
    let answered = row.certify_status != PENDING;
    let certify_status = match (answered, WorkflowStatus::of(flow.status)) {
        (true, _) => 1,
        (false, WorkflowStatus::Active) => 0,
        (false, WorkflowStatus::Cancelled) => 2,
        (false, WorkflowStatus::Stopped) => 3,
    };
    MyPolicy {
        workflow_id: flow.id.0,
        policy_id: flow.policy_id.0,
        title: text.title.clone(),
        last_publish_date: flow.published_at,
        due_date: row.due_date,
        overdue: certify_status == 0 && row.due_date.is_some_and(|due| due <= today),
        certify_status,
        declined: row.certify_status == DECLINED,
        certify_date: row.certified_at,
        comments: row.comments.clone(),
        doc_file_name: text.file_name.clone(),
    }
}
