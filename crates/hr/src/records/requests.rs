//! Document requests (001 §3 "Doc request"): a manager or an admin asks an employee for a
//! document of a type by a due date; the employee fulfils it by uploading the document from the
//! task dock (`/profile/add-doc`), or the request is cancelled. The employee is mailed when asked
//! and once more when the request is overdue (the scheduler's [`OVERDUE_JOB`], hourly; a company's
//! overdue reminders go out from 08:00 in its zone, `kernel::time::MORNING_MAIL_HOUR`).

use super::{optional_text, parse_sort, required_id, ListSort, RecordPage, TypeKind, RECORD_PAGE_SIZE};
use crate::entities::{hr_doc_requests as requests, hr_types};
use crate::{Hr, HrError};
use accounts::mail::OutgoingMail;
use accounts::people::read::{self, PeopleFilter};
use accounts::Person;
use activity::{ActivityType, NewActivity};
use chrono::{DateTime, NaiveDate, Utc};
use kernel::time::{local_date, morning_mail_due, parse_time_zone, DEFAULT_TIME_ZONE};
use kernel::{CompanyId, DocRequestId, FieldErrors, HrTypeId, ManagerCtx, TenantCtx, UserId};
use sea_orm::entity::prelude::*;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveValue::Set, Order, QueryOrder};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// The scheduler's name of the overdue-reminder job.
pub const OVERDUE_JOB: &str = "hr-overdue-reminders";

pub const DUE_DATE_MISSING: &str = "Please input the Due date";
pub const DUE_DATE_PAST: &str = "The due date cannot be in the past";
const ALREADY_CANCELLED: &str = "This request was already cancelled.";

/// Where a document request stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum, Serialize)]
#[sea_orm(rs_type = "i16", db_type = "SmallInteger")]
#[serde(into = "i16")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum DocRequestStatus {
    #[sea_orm(num_value = 0)]
    Open,
    #[sea_orm(num_value = 1)]
    Fulfilled,
    #[sea_orm(num_value = 2)]
    Cancelled,
}

impl From<DocRequestStatus> for i16 {
    fn from(status: DocRequestStatus) -> i16 {
        status.to_value()
    }
}

/// A request as the folder's tab and the task dock show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DocRequestView {
    pub id: i64,
    pub employee_id: i64,
    pub doc_type_id: i64,
    /// The document type's name.
    pub name: String,
    pub due_date: NaiveDate,
    pub comments: String,
    pub create_date: DateTime<Utc>,
    /// When the employee's upload fulfilled it.
    pub complete_date: Option<DateTime<Utc>>,
    pub cancel_date: Option<DateTime<Utc>>,
    /// 0 open, 1 fulfilled, 2 cancelled.
    #[cfg_attr(feature = "openapi", schema(value_type = i16))]
    pub status: DocRequestStatus,
    /// Open and past its due date (the company's days).
    pub overdue: bool,
    /// Whether the type is an onboarding document.
    pub onboarding_doc: bool,
    pub requested_by: Option<String>,
}

/// `POST /manage/add-doc-request`.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct DocRequestInput {
    #[serde(deserialize_with = "kernel::validation::lenient_i64")]
    pub employee_id: Option<i64>,
    #[serde(deserialize_with = "kernel::validation::lenient_i64")]
    pub doc_type_id: Option<i64>,
    /// YYYY-MM-DD, today or later.
    pub due_date: Option<String>,
    pub comments: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocRequestCommand {
    pub employee: UserId,
    pub doc_type_id: HrTypeId,
    pub due_date: NaiveDate,
    pub comments: String,
}

impl DocRequestCommand {
    pub fn parse(input: &DocRequestInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let employee = required_id(
            &mut errors,
            "employeeId",
            &input.employee_id.map(|id| id.to_string()),
            "Please choose the employee",
        );
        let doc_type_id = required_id(
            &mut errors,
            "docTypeId",
            &input.doc_type_id.map(|id| id.to_string()),
            TypeKind::Document.missing_message(),
        );
        let due_date = match input.due_date.as_deref().map(str::trim).filter(|text| !text.is_empty()) {
            None => {
                errors.add("dueDate", DUE_DATE_MISSING);
                None
            }
            Some(text) => super::optional_date(&mut errors, "dueDate", &Some(text.to_owned())),
        };
        let comments = optional_text(&mut errors, "comments", &input.comments, 2000);
        match due_date {
            Some(due_date) if errors.is_empty() => Ok(DocRequestCommand { employee, doc_type_id, due_date, comments }),
            _ => Err(errors),
        }
    }
}

/// The orders of the folder's request list (001 §9: `employeeComments` sorts by the type of
/// document asked for).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestSort {
    Id,
    Type,
    DueDate,
}

const REQUEST_SORTS: [(&str, RequestSort); 3] =
    [("id", RequestSort::Id), ("employeeComments", RequestSort::Type), ("dueDate", RequestSort::DueDate)];

/// What a cancellation did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = DocRequestOutcome))]
#[serde(rename_all = "camelCase")]
pub struct RequestOutcome {
    pub request: DocRequestView,
    /// False when nothing changed (it was cancelled before).
    pub changed: bool,
    pub message: String,
}

impl Hr {
    pub(crate) async fn request_views(
        &self,
        ctx: &TenantCtx,
        rows: Vec<requests::Model>,
    ) -> Result<Vec<DocRequestView>, HrError> {
        let type_ids: Vec<HrTypeId> = rows.iter().map(|row| row.doc_type_id).collect();
        let types: HashMap<HrTypeId, hr_types::Model> = hr_types::Entity::find()
            .filter(kernel::tenancy::same_company::<hr_types::Entity>(ctx.company()))
            .filter(hr_types::Column::Id.is_in(type_ids))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|row| (row.id, row))
            .collect();
        let authors = self.names_of(ctx, rows.iter().filter_map(|row| row.created_by)).await?;
        let today = local_date(ctx.time_zone(), super::now());
        Ok(rows
            .into_iter()
            .map(|row| {
                let kind = types.get(&row.doc_type_id);
                DocRequestView {
                    id: row.id.0,
                    employee_id: row.employee_id.0,
                    doc_type_id: row.doc_type_id.0,
                    name: kind.map(|kind| kind.name.clone()).unwrap_or_default(),
                    onboarding_doc: kind.is_some_and(|kind| kind.onboarding_doc),
                    due_date: row.due_date,
                    comments: row.comments,
                    create_date: row.created_at,
                    complete_date: row.completed_at,
                    cancel_date: row.cancelled_at,
                    overdue: row.status == DocRequestStatus::Open && row.due_date < today,
                    status: row.status,
                    requested_by: row.created_by.and_then(|id| authors.get(&id).cloned()),
                }
            })
            .collect())
    }

    /// `POST /manage/add-doc-request`: asks someone the caller reaches for a document; they are
    /// mailed.
    pub async fn add_doc_request(
        &self,
        ctx: &ManagerCtx,
        command: DocRequestCommand,
    ) -> Result<DocRequestView, HrError> {
        let folder = self.folder(ctx, command.employee).await?;
        folder.ensure_employed()?;
        let kind = self.active_hr_type(ctx, TypeKind::Document, command.doc_type_id, "docTypeId").await?;
        if command.due_date < local_date(ctx.time_zone(), super::now()) {
            return Err(HrError::field("dueDate", DUE_DATE_PAST));
        }
        let now = super::now();
        let actor = self.actor_name(ctx).await?;
        let row = {
            let _permit = self.gate.enter().await;
            let txn = kernel::begin_write(&self.db).await?;
            let row = requests::ActiveModel {
                company_id: Set(ctx.company()),
                employee_id: Set(folder.id()),
                doc_type_id: Set(kind.id),
                due_date: Set(command.due_date),
                comments: Set(command.comments),
                status: Set(DocRequestStatus::Open),
                created_by: Set(Some(ctx.actor())),
                created_at: Set(now),
                completed_at: Set(None),
                cancelled_by: Set(None),
                cancelled_at: Set(None),
                overdue_mailed_at: Set(None),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
            activity::record(
                &txn,
                NewActivity {
                    company: ctx.company(),
                    employee: folder.id().0,
                    actor: Some(ctx.actor().0),
                    kind: ActivityType::HrDocRequest,
                    description: format!("{actor} asked for the document '{}'.", kind.name),
                    at: now,
                    record: Some(row.id.0),
                },
            )
            .await?;
            txn.commit().await?;
            row
        };
        if !ctx.is_self(folder.id()) {
            self.accounts.notify(OutgoingMail {
                company: folder.employee.company_id,
                to_email: folder.employee.email.clone(),
                to_name: folder.employee.full_name(),
                subject: format!("Please upload your {}", kind.name),
                text: format!(
                    "Hello {},\n\n{actor} asks you for a document: {}, due {}.{}\n\nUpload it from your tasks in Timekeep: {}\n",
                    folder.employee.first_name,
                    kind.name,
                    row.due_date.format("%b %d, %Y"),
                    if row.comments.is_empty() { String::new() } else { format!("\n\n{}", row.comments) },
                    self.accounts.screen_link("/my-hr"),
                ),
            }).await;
        }
        Ok(self.request_views(ctx, vec![row]).await?.remove(0))
    }

    /// `GET /manage/doc-requests`: a page of a folder's requests, every status, in an order.
    pub async fn doc_requests_page(
        &self,
        ctx: &ManagerCtx,
        employee: UserId,
        sort: Option<&str>,
        page: u64,
    ) -> Result<RecordPage<DocRequestView>, HrError> {
        let ListSort { key, descending } = parse_sort(sort, &REQUEST_SORTS).map_err(HrError::Validation)?;
        let folder = self.folder(ctx, employee).await?;
        let order = if descending { Order::Desc } else { Order::Asc };
        let query = requests::Entity::find()
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .filter(requests::Column::EmployeeId.eq(folder.id()));
        let query = match key {
            RequestSort::Id => query,
            RequestSort::Type => query.order_by(requests::Column::DocTypeId, order.clone()),
            RequestSort::DueDate => query.order_by(requests::Column::DueDate, order.clone()),
        }
        .order_by(requests::Column::Id, order);
        let paginator = query.paginate(&self.db, RECORD_PAGE_SIZE);
        let count = paginator.num_items().await?;
        let rows = paginator.fetch_page(page.max(1) - 1).await?;
        Ok(RecordPage { rows: self.request_views(ctx, rows).await?, count, page: page.max(1) })
    }

    /// The caller's open requests, soonest due first (the task dock).
    pub(crate) async fn my_open_requests(&self, ctx: &TenantCtx) -> Result<Vec<DocRequestView>, HrError> {
        let rows = requests::Entity::find()
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .filter(requests::Column::EmployeeId.eq(ctx.actor()))
            .filter(requests::Column::Status.eq(DocRequestStatus::Open))
            .order_by_asc(requests::Column::DueDate)
            .order_by_asc(requests::Column::Id)
            .all(&self.db)
            .await?;
        self.request_views(ctx, rows).await
    }

    /// A request in a folder the caller reaches.
    pub(crate) async fn request_in_reach(&self, ctx: &TenantCtx, id: DocRequestId) -> Result<requests::Model, HrError> {
        let row = requests::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .ok_or(HrError::NotFound)?;
        self.folder(ctx, row.employee_id).await?;
        Ok(row)
    }

    /// `POST /manage/cancel-doc-request`: an open request is cancelled (kept, with who and when);
    /// cancelling again changes nothing; a fulfilled one cannot be.
    pub async fn cancel_doc_request(&self, ctx: &ManagerCtx, id: DocRequestId) -> Result<RequestOutcome, HrError> {
        let row = self.request_in_reach(ctx, id).await?;
        match row.status {
            DocRequestStatus::Cancelled => return self.request_outcome(ctx, row, false, ALREADY_CANCELLED).await,
            DocRequestStatus::Fulfilled => {
                return Err(HrError::Conflict("This request has been fulfilled; it cannot be cancelled.".to_owned()))
            }
            DocRequestStatus::Open => {}
        }
        let now = super::now();
        let updated = {
            let _permit = self.gate.enter().await;
            requests::Entity::update_many()
                .col_expr(requests::Column::Status, Expr::value(DocRequestStatus::Cancelled.to_value()))
                .col_expr(requests::Column::CancelledAt, Expr::value(now))
                .col_expr(requests::Column::CancelledBy, Expr::value(ctx.actor()))
                .filter(requests::Column::Id.eq(row.id))
                .filter(requests::Column::Status.eq(DocRequestStatus::Open))
                .exec(&self.db)
                .await?
        };
        let fresh = requests::Entity::find_by_id(row.id).one(&self.db).await?.ok_or(HrError::NotFound)?;
        if updated.rows_affected == 0 {
            // Someone else moved it first: say what it is now.
            return match fresh.status {
                DocRequestStatus::Fulfilled => {
                    Err(HrError::Conflict("This request has been fulfilled; it cannot be cancelled.".to_owned()))
                }
                _ => self.request_outcome(ctx, fresh, false, ALREADY_CANCELLED).await,
            };
        }
        self.request_outcome(ctx, fresh, true, "The request has been cancelled.").await
    }

    async fn request_outcome(
        &self,
        ctx: &TenantCtx,
        row: requests::Model,
        changed: bool,
        message: &str,
    ) -> Result<RequestOutcome, HrError> {
        let request = self.request_views(ctx, vec![row]).await?.remove(0);
        Ok(RequestOutcome { request, changed, message: message.to_owned() })
    }

    /// The overdue-reminder job: tells each employee once about each open request and each
    /// unanswered policy of an active publication past its due date (the company's days). Safe to run twice or on two servers at once: a request is
    /// claimed by one conditional update before its mail goes, so a second run finds nothing.
    pub async fn send_overdue_reminders(&self, now: DateTime<Utc>) -> Result<u64, HrError> {
        Ok(self.overdue_request_reminders(now).await? + self.overdue_policy_reminders(now).await?)
    }

    async fn overdue_request_reminders(&self, now: DateTime<Utc>) -> Result<u64, HrError> {
        // Candidates by the UTC day (every zone's today is at most one day either side);
        // each is then checked against its company's own day.
        let horizon = now.date_naive() + chrono::Duration::days(1);
        let candidates = requests::Entity::find()
            .filter(requests::Column::Status.eq(DocRequestStatus::Open))
            .filter(requests::Column::OverdueMailedAt.is_null())
            .filter(requests::Column::DueDate.lt(horizon))
            .order_by_asc(requests::Column::Id)
            .all(&self.db)
            .await?;
        if candidates.is_empty() {
            return Ok(0);
        }
        let mut company_ids: Vec<CompanyId> = candidates.iter().map(|row| row.company_id).collect();
        company_ids.sort_unstable();
        company_ids.dedup();
        let zones: HashMap<CompanyId, chrono_tz::Tz> = read::companies(&self.db, Some(&company_ids))
            .await?
            .into_iter()
            .map(|company| (company.id, parse_time_zone(&company.time_zone).unwrap_or(DEFAULT_TIME_ZONE)))
            .collect();
        let mut employee_ids: Vec<UserId> = candidates.iter().map(|row| row.employee_id).collect();
        employee_ids.sort_unstable();
        employee_ids.dedup();
        let people: HashMap<UserId, Person> = read::people_with_ids(&self.db, &employee_ids, &PeopleFilter::active())
            .await?
            .into_iter()
            .map(|person| (person.id, person))
            .collect();
        let type_ids: Vec<HrTypeId> = candidates.iter().map(|row| row.doc_type_id).collect();
        let types: HashMap<HrTypeId, String> = hr_types::Entity::find()
            .filter(hr_types::Column::Id.is_in(type_ids))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|row| (row.id, row.name))
            .collect();
        let mut sent = 0;
        for row in candidates {
            let zone = zones.get(&row.company_id).copied().unwrap_or(DEFAULT_TIME_ZONE);
            // Overdue once the company's day has passed the due date; told from 08:00 that day.
            if row.due_date >= local_date(zone, now) || !morning_mail_due(zone, now) {
                continue;
            }
            let Some(person) = people.get(&row.employee_id) else { continue };
            let claimed = {
                let _permit = self.gate.enter().await;
                requests::Entity::update_many()
                    .col_expr(requests::Column::OverdueMailedAt, Expr::value(now))
                    .filter(requests::Column::Id.eq(row.id))
                    .filter(requests::Column::OverdueMailedAt.is_null())
                    .filter(requests::Column::Status.eq(DocRequestStatus::Open))
                    .exec(&self.db)
                    .await?
            };
            if claimed.rows_affected == 0 {
                continue;
            }
            let kind = types.get(&row.doc_type_id).cloned().unwrap_or_else(|| "document".to_owned());
            self.accounts
                .notify(OutgoingMail {
                    company: person.company_id,
                    to_email: person.email.clone(),
                    to_name: person.full_name(),
                    subject: format!("Overdue: please upload your {kind}"),
                    text: format!(
                        "Hello {},\n\nYour {kind} was due on {}. Please upload it from your tasks in Timekeep: {}\n",
                        person.first_name,
                        row.due_date.format("%b %d, %Y"),
                        self.accounts.screen_link("/my-hr"),
                    ),
                })
                .await;
            sent += 1;
        }
        Ok(sent)
    }
}
