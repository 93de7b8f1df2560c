//! HR events (001 §3 "HR event"): something that happened to an employee (a review, a warning,
//! a promotion), recorded by a manager or an admin with comments in rich text and an optional
//! file. An event may need the employee's acknowledgement, which they give once from My HR or
//! the task dock ('EVENT_AFFIRMATION' on their timeline).

use super::{
    flag, optional_date, parse_sort, required_id, required_text, rich_text, AttachedFile, ListSort, RecordPage,
    TypeKind, RECORD_PAGE_SIZE,
};
use super::{DownloadedFile, NamedUpload};
use crate::entities::{hr_events, hr_types};
use crate::{Hr, HrError};
use activity::{ActivityType, NewActivity};
use chrono::{DateTime, NaiveDate, Utc};
use kernel::{FieldErrors, HrEventId, HrTypeId, ManagerCtx, TenantCtx, UserId};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, Order, PaginatorTrait, QueryFilter, QueryOrder,
};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// An event as the folder, My HR and the detail docks show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct EventView {
    pub id: i64,
    pub employee_id: i64,
    pub title: String,
    /// Sanitised rich text.
    pub comments: String,
    pub event_type_id: i64,
    pub event_type_name: String,
    pub action_date: Option<NaiveDate>,
    pub create_date: DateTime<Utc>,
    /// 1 when the employee is asked to acknowledge it.
    pub ackneeded: u8,
    /// 1 when only the employee and admins see it.
    pub only_visible_to_owner: u8,
    /// When the employee acknowledged it (UTC).
    pub ackedon: Option<DateTime<Utc>>,
    /// Who recorded it.
    pub created_by: Option<String>,
    pub doc: Option<AttachedFile>,
}

/// The fields of `POST /manage/add-event` (multipart, with an optional `file`).
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct EventInput {
    pub employee_id: Option<String>,
    pub event_type_id: Option<String>,
    pub title: Option<String>,
    /// Rich text (HTML); sanitised on the server.
    pub comments: Option<String>,
    /// YYYY-MM-DD.
    pub action_date: Option<String>,
    /// 0 or 1.
    pub ackneeded: Option<String>,
    /// 0 or 1.
    pub only_visible_to_owner: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventCommand {
    pub employee: UserId,
    pub event_type_id: HrTypeId,
    pub title: String,
    pub comments: String,
    pub action_date: Option<NaiveDate>,
    pub ack_needed: bool,
    pub owner_only: bool,
}

impl EventCommand {
    pub fn parse(input: &EventInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let employee = required_id(&mut errors, "employeeId", &input.employee_id, "Please choose the employee");
        let event_type_id =
            required_id(&mut errors, "eventTypeId", &input.event_type_id, TypeKind::Event.missing_message());
        let title = required_text(&mut errors, "title", &input.title, "Please input the Title", 200);
        let comments = rich_text(&mut errors, "comments", &input.comments);
        let action_date = optional_date(&mut errors, "actionDate", &input.action_date);
        let ack_needed = flag(&mut errors, "ackneeded", &input.ackneeded);
        let owner_only = flag(&mut errors, "onlyVisibleToOwner", &input.only_visible_to_owner);
        errors.into_result(EventCommand {
            employee,
            event_type_id,
            title,
            comments,
            action_date,
            ack_needed,
            owner_only,
        })
    }
}

/// The orders of the folder's event list (001 §9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventSort {
    Id,
    Title,
    Type,
}

const EVENT_SORTS: [(&str, EventSort); 3] =
    [("id", EventSort::Id), ("title", EventSort::Title), ("eventTypeId", EventSort::Type)];

/// What an acknowledgement did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Acknowledgement {
    /// False when it had been acknowledged before (nothing changed).
    pub changed: bool,
    pub acknowledged_at: DateTime<Utc>,
    pub message: String,
}

/// An event's file, when it has one.
pub(crate) fn attachment_of(
    name: Option<String>,
    media_type: Option<String>,
    size: Option<i64>,
) -> Option<AttachedFile> {
    match (name, media_type, size) {
        (Some(name), Some(media_type), Some(size)) => {
            Some(AttachedFile { doc_file_name: name, doc_media_type: media_type, doc_size: size })
        }
        _ => None,
    }
}

impl Hr {
    /// Events of a list, with their types' names and their authors' names.
    async fn event_views(&self, ctx: &TenantCtx, rows: Vec<hr_events::Model>) -> Result<Vec<EventView>, HrError> {
        let type_ids: Vec<HrTypeId> = rows.iter().map(|row| row.event_type_id).collect();
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
            .map(|row| EventView {
                id: row.id.0,
                employee_id: row.employee_id.0,
                event_type_name: types.get(&row.event_type_id).cloned().unwrap_or_default(),
                event_type_id: row.event_type_id.0,
                title: row.title,
                comments: row.comments,
                action_date: row.action_date,
                create_date: row.created_at,
                ackneeded: u8::from(row.ack_needed),
                only_visible_to_owner: u8::from(row.owner_only),
                ackedon: row.acked_at,
                created_by: row.created_by.and_then(|id| authors.get(&id).cloned()),
                doc: attachment_of(row.file_name, row.media_type, row.byte_size),
            })
            .collect())
    }

    /// `POST /manage/add-event`: records an event in a folder the caller reaches.
    pub async fn add_event(
        &self,
        ctx: &ManagerCtx,
        command: EventCommand,
        file: Option<NamedUpload>,
    ) -> Result<EventView, HrError> {
        let folder = self.folder(ctx, command.employee).await?;
        folder.ensure_employed()?;
        self.active_hr_type(ctx, TypeKind::Event, command.event_type_id, "eventTypeId").await?;
        let stored = match &file {
            Some(upload) => Some(self.files.save_document(ctx, &upload.bytes, &upload.name).await?),
            None => None,
        };
        let now = super::now();
        let actor = self.actor_name(ctx).await?;
        let written = async {
            let _permit = self.gate.enter().await;
            let txn = kernel::begin_write(&self.db).await?;
            let row = hr_events::ActiveModel {
                company_id: Set(ctx.company()),
                employee_id: Set(folder.id()),
                event_type_id: Set(command.event_type_id),
                title: Set(command.title.clone()),
                comments: Set(command.comments),
                action_date: Set(command.action_date),
                ack_needed: Set(command.ack_needed),
                owner_only: Set(command.owner_only),
                acked_at: Set(None),
                file_id: Set(stored.as_ref().map(|saved| saved.file.id)),
                file_name: Set(stored.as_ref().map(|saved| saved.name.clone())),
                media_type: Set(stored.as_ref().map(|saved| saved.file.media_type.clone())),
                byte_size: Set(stored.as_ref().map(|saved| saved.file.byte_size)),
                created_by: Set(Some(ctx.actor())),
                created_at: Set(now),
                deleted_by: Set(None),
                deleted_at: Set(None),
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
                    kind: ActivityType::HrEvent,
                    // The timeline is read by managers too: an event they may not see keeps its
                    // title to itself.
                    description: if command.owner_only {
                        format!("{actor} added an HR event visible only to the employee and admins.")
                    } else {
                        format!("{actor} added the HR event '{}'.", command.title)
                    },
                    at: now,
                    record: Some(row.id.0),
                },
            )
            .await?;
            audit::record(&txn, ctx, event_change(&row, audit::Action::Created)).await?;
            txn.commit().await?;
            Ok::<_, HrError>(row)
        }
        .await;
        match written {
            Ok(row) => Ok(self.event_views(ctx, vec![row]).await?.remove(0)),
            Err(err) => {
                if let Some(saved) = stored {
                    self.files.discard(&self.db, ctx, saved.file.id).await;
                }
                Err(err)
            }
        }
    }

    /// `GET /manage/user-events`: a page of a folder's events, by type and in an order.
    pub async fn events_page(
        &self,
        ctx: &ManagerCtx,
        employee: UserId,
        event_type: Option<i64>,
        sort: Option<&str>,
        page: u64,
    ) -> Result<RecordPage<EventView>, HrError> {
        let sort = parse_sort(sort, &EVENT_SORTS).map_err(HrError::Validation)?;
        let folder = self.folder(ctx, employee).await?;
        let mut query = hr_events::Entity::find()
            .filter(kernel::tenancy::same_company::<hr_events::Entity>(ctx.company()))
            .filter(hr_events::Column::EmployeeId.eq(folder.id()))
            .filter(hr_events::Column::DeletedAt.is_null());
        if !folder.sees(true) {
            query = query.filter(hr_events::Column::OwnerOnly.eq(false));
        }
        if let Some(event_type) = event_type {
            query = query.filter(hr_events::Column::EventTypeId.eq(event_type));
        }
        self.event_page(ctx, query, sort, page).await
    }

    async fn event_page(
        &self,
        ctx: &TenantCtx,
        query: sea_orm::Select<hr_events::Entity>,
        sort: ListSort<EventSort>,
        page: u64,
    ) -> Result<RecordPage<EventView>, HrError> {
        let order = if sort.descending { Order::Desc } else { Order::Asc };
        let query = match sort.key {
            EventSort::Id => query,
            EventSort::Title => query.order_by(hr_events::Column::Title, order.clone()),
            EventSort::Type => query.order_by(hr_events::Column::EventTypeId, order.clone()),
        }
        .order_by(hr_events::Column::Id, order);
        let paginator = query.paginate(&self.db, RECORD_PAGE_SIZE);
        let count = paginator.num_items().await?;
        let rows = paginator.fetch_page(page.max(1) - 1).await?;
        Ok(RecordPage { rows: self.event_views(ctx, rows).await?, count, page: page.max(1) })
    }

    /// `GET /profile/my-events`: the caller's own events, newest first.
    pub async fn my_events(&self, ctx: &TenantCtx, page: u64) -> Result<RecordPage<EventView>, HrError> {
        let query = hr_events::Entity::find()
            .filter(kernel::tenancy::same_company::<hr_events::Entity>(ctx.company()))
            .filter(hr_events::Column::EmployeeId.eq(ctx.actor()))
            .filter(hr_events::Column::DeletedAt.is_null());
        self.event_page(ctx, query, ListSort { key: EventSort::Id, descending: true }, page).await
    }

    /// An event the caller may see (its folder in reach, and not hidden from them).
    async fn visible_event(&self, ctx: &TenantCtx, id: HrEventId) -> Result<hr_events::Model, HrError> {
        let row = hr_events::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<hr_events::Entity>(ctx.company()))
            .filter(hr_events::Column::DeletedAt.is_null())
            .one(&self.db)
            .await?
            .ok_or(HrError::NotFound)?;
        let folder = self.folder(ctx, row.employee_id).await?;
        if !folder.sees(row.owner_only) {
            return Err(HrError::NotFound);
        }
        Ok(row)
    }

    /// `GET /manage/event`, `GET /profile/event-review-detail`: one event.
    pub async fn event(&self, ctx: &TenantCtx, id: HrEventId) -> Result<EventView, HrError> {
        let row = self.visible_event(ctx, id).await?;
        Ok(self.event_views(ctx, vec![row]).await?.remove(0))
    }

    /// `POST /doc/event`: an event's file, for whoever may see the event.
    pub async fn event_file(&self, ctx: &TenantCtx, id: HrEventId) -> Result<DownloadedFile, HrError> {
        let row = self.visible_event(ctx, id).await?;
        let (Some(file_id), Some(name)) = (row.file_id, row.file_name) else {
            return Err(HrError::NotFound);
        };
        let (file, bytes) = self.files.open_private(ctx, file_id).await?;
        Ok(DownloadedFile { name, media_type: file.media_type, bytes })
    }

    /// `POST /manage/delete-event`: takes an event out of the folder; its row stays with who
    /// removed it and when.
    pub async fn delete_event(&self, ctx: &ManagerCtx, id: HrEventId) -> Result<(), HrError> {
        let row = self.visible_event(ctx, id).await?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let deleted = hr_events::Entity::update_many()
            .col_expr(hr_events::Column::DeletedAt, Expr::value(super::now()))
            .col_expr(hr_events::Column::DeletedBy, Expr::value(ctx.actor()))
            .filter(hr_events::Column::Id.eq(row.id))
            .filter(hr_events::Column::DeletedAt.is_null())
            .exec(&txn)
            .await?;
        if deleted.rows_affected > 0 {
            audit::record(&txn, ctx, event_change(&row, audit::Action::Deleted)).await?;
        }
        txn.commit().await?;
        Ok(())
    }

    /// `POST /profile/affirm-event`: the employee acknowledges their own event, once. A
    /// repeated call changes nothing and says when it was acknowledged.
    pub async fn affirm_event(&self, ctx: &TenantCtx, id: HrEventId) -> Result<Acknowledgement, HrError> {
        let row = hr_events::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<hr_events::Entity>(ctx.company()))
            .filter(hr_events::Column::EmployeeId.eq(ctx.actor()))
            .filter(hr_events::Column::DeletedAt.is_null())
            .filter(hr_events::Column::AckNeeded.eq(true))
            .one(&self.db)
            .await?
            .ok_or(HrError::NotFound)?;
        if let Some(at) = row.acked_at {
            return Ok(Acknowledgement {
                changed: false,
                acknowledged_at: at,
                message: "You have already acknowledged this event.".to_owned(),
            });
        }
        let now = super::now();
        let me = self.actor_name(ctx).await?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        // Only the first acknowledgement counts, even when two arrive at once.
        let updated = hr_events::Entity::update_many()
            .col_expr(hr_events::Column::AckedAt, Expr::value(now))
            .filter(hr_events::Column::Id.eq(row.id))
            .filter(hr_events::Column::AckedAt.is_null())
            .exec(&txn)
            .await?;
        if updated.rows_affected == 0 {
            txn.rollback().await?;
            let at = hr_events::Entity::find_by_id(row.id).one(&self.db).await?.and_then(|row| row.acked_at);
            return Ok(Acknowledgement {
                changed: false,
                acknowledged_at: at.unwrap_or(now),
                message: "You have already acknowledged this event.".to_owned(),
            });
        }
        activity::record(
            &txn,
            NewActivity {
                company: ctx.company(),
                employee: row.employee_id.0,
                actor: Some(ctx.actor().0),
                kind: ActivityType::EventAffirmation,
                description: if row.owner_only {
                    format!("{me} acknowledged an HR event.")
                } else {
                    format!("{me} acknowledged the HR event '{}'.", row.title)
                },
                at: now,
                record: Some(row.id.0),
            },
        )
        .await?;
        txn.commit().await?;
        Ok(Acknowledgement { changed: true, acknowledged_at: now, message: "Thank you for acknowledging.".to_owned() })
    }
}

/// An HR event as the audit trail shows it. An event only its employee and admins may see keeps
/// its title out (managers read the entries about their reports), as the timeline does.
fn event_change(row: &hr_events::Model, action: audit::Action) -> audit::Change {
    let title = if row.owner_only { "(visible only to the employee and admins)".to_owned() } else { row.title.clone() };
    let snapshot = audit::Snapshot::new()
        .with("kind", "event")
        .with("title", title)
        .with("actionDate", row.action_date.map(|day| day.to_string()))
        .with("acknowledgementNeeded", row.ack_needed)
        .with("file", row.file_name.clone());
    let change =
        audit::Change::new(audit::Subject::HrRecord, format!("event-{}", row.id.0), action).about(row.employee_id);
    match action {
        audit::Action::Deleted => change.deleted(&snapshot),
        _ => change.created(&snapshot),
    }
}
