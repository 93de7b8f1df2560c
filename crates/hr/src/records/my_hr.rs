//! The employee's side (000 §2 "Task dock", §3 "Review items"): what asks for their response —
//! policies to answer, events to acknowledge and documents to upload. The task dock is forced
//! open while anything is overdue; the bell counts them.

use super::{AttachedFile, DocRequestView};
use crate::entities::hr_events;
use crate::{Hr, HrError};
use chrono::{DateTime, NaiveDate, Utc};
use kernel::TenantCtx;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;

/// An event waiting for the employee's acknowledgement (000 §3 "event request").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct EventTask {
    pub id: i64,
    pub title: String,
    pub comments: String,
    pub create_date: DateTime<Utc>,
    pub action_date: Option<NaiveDate>,
    pub doc: Option<AttachedFile>,
}

/// A document the employee is asked to upload (000 §3 "document request").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RequestTask {
    pub id: i64,
    /// The type of document asked for.
    pub name: String,
    pub doc_type_id: i64,
    pub comments: String,
    pub due_date: NaiveDate,
    pub overdue: bool,
}

impl From<DocRequestView> for RequestTask {
    fn from(view: DocRequestView) -> Self {
        RequestTask {
            id: view.id,
            name: view.name,
            doc_type_id: view.doc_type_id,
            comments: view.comments,
            due_date: view.due_date,
            overdue: view.overdue,
        }
    }
}

/// `GET /profile/my-tasks`: everything waiting for the caller's response.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MyTasks {
    /// Policies waiting for an answer.
    pub policies: Vec<crate::policies::PolicyTask>,
    pub events: Vec<EventTask>,
    pub doc_requests: Vec<RequestTask>,
    /// How many responses are pending (the bell).
    pub count: u64,
    /// Whether any is past its due date: the dock is then forced open.
    pub overdue: bool,
}

impl Hr {
    pub async fn my_tasks(&self, ctx: &TenantCtx) -> Result<MyTasks, HrError> {
        let events: Vec<EventTask> = hr_events::Entity::find()
            .filter(kernel::tenancy::same_company::<hr_events::Entity>(ctx.company()))
            .filter(hr_events::Column::EmployeeId.eq(ctx.actor()))
            .filter(hr_events::Column::DeletedAt.is_null())
            .filter(hr_events::Column::AckNeeded.eq(true))
            .filter(hr_events::Column::AckedAt.is_null())
            .order_by_asc(hr_events::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|row| EventTask {
                id: row.id.0,
                title: row.title,
                comments: row.comments,
                create_date: row.created_at,
                action_date: row.action_date,
                doc: super::events::attachment_of(row.file_name, row.media_type, row.byte_size),
            })
            .collect();
        let doc_requests: Vec<RequestTask> =
            self.my_open_requests(ctx).await?.into_iter().map(RequestTask::from).collect();
        let policies = self.my_policy_tasks(ctx).await?;
        let overdue = doc_requests.iter().any(|task| task.overdue) || policies.iter().any(|task| task.overdue);
        let count = u64::try_from(events.len() + doc_requests.len() + policies.len()).unwrap_or(u64::MAX);
        Ok(MyTasks { policies, events, doc_requests, count, overdue })
    }
}
