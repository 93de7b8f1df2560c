//! Edit requests: raised by anyone who can reach the shift, canceled by the person who asked,
//! approved (the change and its history applied in one transaction) or rejected by an approver.

use super::changes::{apply_change, break_changes, check_shift, proposed_shift, record_changes};
use super::{Names, TimesheetService, NO_CHANGE_MESSAGE};
use crate::commands::{BreakOperation, EditRequestCommand};
use crate::entities::timesheet_edit_requests as requests;
use crate::error::TimesheetError;
use crate::views::*;
use approvals::{Answerer, Answering, Decision, FlowKind, NewRequest, Started, Subject, Target, Turn};
use clock::shift::Interval;
use clock::store;
use kernel::{EditRequestId, EntryId, ManagerCtx, RequestStatus, TenantCtx};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, SqlErr,
};

impl TimesheetService {
    async fn request_in_scope(
        &self,
        ctx: &TenantCtx,
        request_id: EditRequestId,
    ) -> Result<requests::Model, TimesheetError> {
        let request = requests::Entity::find_by_id(request_id)
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .ok_or(TimesheetError::NotFound)?;
        self.accounts.employee_in_scope(ctx, request.employee_id).await?;
        Ok(request)
    }

    /// `GET /timesheet/requests`, newest first.
    pub async fn requests(&self, ctx: &TenantCtx, entry_id: EntryId) -> Result<Vec<EditRequestView>, TimesheetError> {
        let (shift, _) = self.shift_in_scope(ctx, entry_id).await?;
        let rows = requests::Entity::find()
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .filter(requests::Column::EntryId.eq(shift.entry.id))
            .order_by_desc(requests::Column::CreatedAt)
            .order_by_desc(requests::Column::Id)
            .all(&self.db)
            .await?;
        let names =
            self.names(ctx, rows.iter().flat_map(|row| [Some(row.requester_id), row.actor_id]).flatten()).await?;
        let ids: Vec<i64> = rows.iter().map(|row| row.id.0).collect();
        let mut flows = self.approvals.views(ctx, FlowKind::TimesheetEdit, &ids).await?;
        rows.into_iter()
            .map(|row| {
                let approval = flows.remove(&row.id.0);
                request_view(row, &names, approval)
            })
            .collect()
    }

    /// `POST /timesheet/edit-request`: asks for a change of a shift the caller can reach. The
    /// change must make a valid shift now; it is checked again when approved.
    pub async fn request_edit(
        &self,
        ctx: &TenantCtx,
        command: EditRequestCommand,
    ) -> Result<EditRequestView, TimesheetError> {
        let (shift, employee) = self.shift_in_scope(ctx, command.entry_id).await?;
        let proposed = proposed_shift(&shift, command.start, command.end, &command.breaks);
        if proposed == shift.shift() {
            return Err(TimesheetError::Invalid(NO_CHANGE_MESSAGE.to_owned()));
        }
        check_shift(&self.db, ctx, employee.id, Some(shift.entry.id), &proposed).await?;
        let payload = RequestPayload {
            start: command.start,
            end: command.end,
            boptype: command.breaks.code().to_owned(),
            breaks: match &command.breaks {
                BreakOperation::Replace(breaks) => {
                    breaks.iter().map(|b| BreakView { from: b.start, to: b.end }).collect()
                }
                _ => Vec::new(),
            },
        };
        let payload = serde_json::to_string(&payload).map_err(|err| TimesheetError::Internal(err.to_string()))?;
        let minutes = proposed.end.map_or(0, |end| (end - proposed.start).num_minutes());
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let saved = requests::ActiveModel {
            company_id: Set(ctx.company()),
            entry_id: Set(Some(shift.entry.id)),
            employee_id: Set(employee.id),
            requester_id: Set(ctx.actor()),
            change_type: Set(command.change_type.code().to_owned()),
            payload: Set(payload),
            comment: Set(command.comment),
            status: Set(RequestStatus::Raised),
            pending_entry_id: Set(Some(shift.entry.id)),
            actor_id: Set(None),
            act_comment: Set(None),
            acted_at: Set(None),
            created_at: Set(clock::now()),
            origin: Set(super::offline::ORIGIN_PERSON),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(|err| match err.sql_err() {
            Some(SqlErr::UniqueConstraintViolation(_)) => {
                TimesheetError::Conflict("There is already a pending edit request for this shift.".to_owned())
            }
            _ => TimesheetError::Database(err),
        })?;
        let started = self
            .approvals
            .start(
                &txn,
                ctx,
                NewRequest {
                    subject: Subject::timesheet_edit(saved.id),
                    target: Target::TimesheetEdits,
                    employee: employee.id,
                    requester: ctx.actor(),
                    minutes,
                    summary: edit_summary(ctx, &proposed),
                    reason: saved.comment.clone(),
                },
            )
            .await?;
        txn.commit().await?;
        drop(_permit);
        if matches!(started, Started::Waiting { .. }) {
            self.approvals.wake_mail();
        }
        self.request_view_by_id(ctx, saved.id).await
    }

    /// Moves a raised request to `status`, if it is still raised. The first statement of the
    /// caller's transaction.
    async fn close_request(
        db: &impl ConnectionTrait,
        ctx: &TenantCtx,
        request_id: EditRequestId,
        status: RequestStatus,
        comment: Option<String>,
    ) -> Result<(), TimesheetError> {
        let result = requests::Entity::update_many()
            .col_expr(requests::Column::Status, Expr::value(status))
            .col_expr(requests::Column::PendingEntryId, Expr::value(Option::<EntryId>::None))
            .col_expr(requests::Column::ActorId, Expr::value(ctx.actor()))
            .col_expr(requests::Column::ActComment, Expr::value(comment))
            .col_expr(requests::Column::ActedAt, Expr::value(clock::now()))
            .filter(requests::Column::Id.eq(request_id))
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .filter(requests::Column::Status.eq(RequestStatus::Raised))
            .exec(db)
            .await?;
        if result.rows_affected == 1 {
            Ok(())
        } else {
            Err(TimesheetError::Conflict("This request is no longer pending.".to_owned()))
        }
    }

    async fn request_view_by_id(
        &self,
        ctx: &TenantCtx,
        request_id: EditRequestId,
    ) -> Result<EditRequestView, TimesheetError> {
        let row = requests::Entity::find_by_id(request_id)
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .ok_or(TimesheetError::NotFound)?;
        let names = self.names(ctx, [Some(row.requester_id), row.actor_id].into_iter().flatten()).await?;
        let approval = self.approvals.views(ctx, FlowKind::TimesheetEdit, &[row.id.0]).await?.remove(&row.id.0);
        request_view(row, &names, approval)
    }

    /// `POST /timesheet/edit-request-cancel`: only the person who asked.
    pub async fn cancel_request(
        &self,
        ctx: &TenantCtx,
        request_id: EditRequestId,
    ) -> Result<EditRequestView, TimesheetError> {
        let request = self.request_in_scope(ctx, request_id).await?;
        if request.requester_id != ctx.actor() {
            return Err(TimesheetError::Forbidden);
        }
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        Self::close_request(&txn, ctx, request.id, RequestStatus::Canceled, None).await?;
        self.approvals.cancel(&txn, ctx, Subject::timesheet_edit(request.id)).await?;
        txn.commit().await?;
        drop(_permit);
        self.request_view_by_id(ctx, request.id).await
    }

    /// The request and the caller's turn on it: an approver of its current step (or, without a
    /// path, an admin for anyone, a manager for their reports); nobody on a request they raised
    /// or one about their own hours.
    async fn answering(
        &self,
        answerer: &Answerer<'_>,
        request_id: EditRequestId,
    ) -> Result<(requests::Model, Turn), TimesheetError> {
        let ctx: &TenantCtx = answerer.ctx();
        let request = requests::Entity::find_by_id(request_id)
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .ok_or(TimesheetError::NotFound)?;
        let in_reach = match self.accounts.employee_in_scope(ctx, request.employee_id).await {
            Ok(_) => true,
            Err(accounts::AccountsError::NotFound) => false,
            Err(err) => return Err(err.into()),
        };
        let answering = Answering {
            subject: Subject::timesheet_edit(request.id),
            employee: request.employee_id,
            requester: request.requester_id,
            in_reach,
        };
        let turn = self.approvals.turn(answerer, answering).await.map_err(|err| match err {
            approvals::ApprovalError::Forbidden(message) if message == kernel::OWN_REQUEST_MESSAGE => {
                TimesheetError::OwnRequest
            }
            other => other.into(),
        })?;
        Ok((request, turn))
    }

    /// `POST /timesheet/edit-request-approve`: approves the current step; the last one applies
    /// the change and its history atomically.
    pub async fn approve(
        &self,
        answerer: Answerer<'_>,
        request_id: EditRequestId,
    ) -> Result<ApprovedEdit, TimesheetError> {
        let ctx: &ManagerCtx = answerer.ctx();
        let (request, turn) = self.answering(&answerer, request_id).await?;
        let payload: RequestPayload =
            serde_json::from_str(&request.payload).map_err(|err| TimesheetError::Internal(err.to_string()))?;
        let breaks = match payload.boptype.as_str() {
            "REMOVE" => BreakOperation::RemoveAll,
            "REPLACE" => {
                BreakOperation::Replace(payload.breaks.iter().map(|b| Interval { start: b.from, end: b.to }).collect())
            }
            _ => BreakOperation::Keep,
        };
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let answered = self.approvals.answer(&txn, ctx, &turn, Decision::Approve, None).await?;
        if let Some(message) = answered.message() {
            // A step of several: the request waits on the next one, the shift is unchanged.
            txn.commit().await?;
            drop(_permit);
            self.approvals.wake_mail();
            let entry = request.entry_id.ok_or(TimesheetError::NotFound)?;
            return Ok(ApprovedEdit {
                entry: self.answered_view_of(ctx, entry).await?,
                approval_message: Some(message),
            });
        }
        Self::close_request(&txn, ctx, request.id, RequestStatus::Approved, None).await?;
        audit_answer(&txn, ctx, &request, &turn, audit::Action::Approved, None).await?;
        let entry = match request.entry_id {
            Some(entry) => {
                let shift =
                    store::find_in_company(&txn, ctx.company(), entry).await?.ok_or(TimesheetError::NotFound)?;
                // What the employee asked for and a manager approved: in a closed pay period it
                // is written and carried into the next open period's payroll file.
                apply_change(&txn, ctx, &shift, payload.start, payload.end, &breaks, clock::periods::Late::Adjust)
                    .await?;
                entry
            }
            // A held offline clock-in: the shift it asks for is added now.
            None => add_requested_shift(&txn, ctx, &request, &payload).await?,
        };
        txn.commit().await?;
        drop(_permit);
        self.approvals.wake_mail();
        Ok(ApprovedEdit { entry: self.answered_view_of(ctx, entry).await?, approval_message: None })
    }

    /// `POST /timesheet/edit-request-reject`: the reason is kept with the request; it ends the path.
    pub async fn reject(
        &self,
        answerer: Answerer<'_>,
        request_id: EditRequestId,
        reason: String,
    ) -> Result<EditRequestView, TimesheetError> {
        let ctx: &ManagerCtx = answerer.ctx();
        let (request, turn) = self.answering(&answerer, request_id).await?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        self.approvals.answer(&txn, ctx, &turn, Decision::Reject, Some(&reason)).await?;
        audit_answer(&txn, ctx, &request, &turn, audit::Action::Rejected, Some(&reason)).await?;
        Self::close_request(&txn, ctx, request.id, RequestStatus::Rejected, Some(reason)).await?;
        txn.commit().await?;
        drop(_permit);
        self.request_view_by_id(ctx, request.id).await
    }
}

/// The audit trail's entry for a decided request (the shift's own change is recorded with it).
async fn audit_answer(
    txn: &impl ConnectionTrait,
    ctx: &TenantCtx,
    request: &requests::Model,
    turn: &approvals::Turn,
    action: audit::Action,
    reason: Option<&str>,
) -> Result<(), TimesheetError> {
    let mut change = audit::Change::new(audit::Subject::EditRequest, request.id.0, action)
        .about(request.employee_id)
        .on_behalf_of(turn.on_behalf_of(ctx.actor()))
        .field("status", "pending", action.code());
    if let Some(reason) = reason {
        change = change.field("reason", serde_json::Value::Null, reason);
    }
    audit::record(txn, ctx, change).await?;
    Ok(())
}

/// Adds the shift an entry-less request asks for ('Add Shift' on the approver's authority, with
/// its history): it needs a clock-out, and the payroll clerk's rules hold as for any shift.
async fn add_requested_shift(
    txn: &impl ConnectionTrait,
    ctx: &TenantCtx,
    request: &requests::Model,
    payload: &RequestPayload,
) -> Result<EntryId, TimesheetError> {
    let (Some(start), Some(end)) = (payload.start, payload.end) else {
        return Err(TimesheetError::Conflict(NO_CLOCK_OUT_MESSAGE.to_owned()));
    };
    let breaks: Vec<Interval> =
        payload.breaks.iter().map(|b| Interval { start: b.from, end: b.to.or(Some(end)) }).collect();
    let shift = clock::shift::Shift { start, end: Some(end), breaks };
    check_shift(txn, ctx, request.employee_id, None, &shift).await?;
    let entry = clock::writes::create_shift(
        txn,
        ctx.company(),
        request.employee_id,
        &shift,
        ctx.actor(),
        ctx.time_zone(),
        clock::periods::Late::Adjust,
    )
    .await?;
    let mut changes = vec![("start", None, Some(start)), ("end", None, Some(end))];
    changes.extend(break_changes(&[], &shift.breaks));
    record_changes(txn, ctx, entry, request.employee_id, audit::Action::Created, changes).await?;
    Ok(entry)
}

/// Approving a request to add a shift whose clock-out never arrived.
pub const NO_CLOCK_OUT_MESSAGE: &str =
    "This shift has no clock-out yet: reject the request, or add the shift with its clock-out.";

fn request_view(
    row: requests::Model,
    names: &Names,
    approval: Option<approvals::ApprovalView>,
) -> Result<EditRequestView, TimesheetError> {
    let payload: RequestPayload =
        serde_json::from_str(&row.payload).map_err(|err| TimesheetError::Internal(err.to_string()))?;
    let (requester_firstname, requester_lastname) = names.get(&row.requester_id).cloned().unwrap_or_default();
    let actor = row.actor_id.and_then(|id| names.get(&id).cloned());
    Ok(EditRequestView {
        id: row.id.0,
        entry_id: row.entry_id.map(|id| id.0),
        employee_id: row.employee_id.0,
        requester_id: row.requester_id.0,
        request_date: row.created_at,
        request_comments: row.comment,
        change_type: row.change_type,
        payload,
        status: row.status.code(),
        act_date: row.acted_at,
        act_comments: row.act_comment,
        actor_firstname: actor.as_ref().map(|(first, _)| first.clone()),
        actor_lastname: actor.map(|(_, last)| last),
        requester_firstname,
        requester_lastname,
        approval,
    })
}

/// 'a change to the shift of 03/09/2026: 09:00 to 17:30', as the approval mails say it.
fn edit_summary(ctx: &TenantCtx, shift: &clock::shift::Shift) -> String {
    let local = |at: chrono::DateTime<chrono::Utc>| at.with_timezone(&ctx.time_zone());
    let start = local(shift.start);
    let end = shift.end.map(|end| local(end).format("%H:%M").to_string()).unwrap_or_else(|| "still open".to_owned());
    format!("a change to the shift of {}: {} to {end}", start.format("%m/%d/%Y"), start.format("%H:%M"))
}
