//! Where a request stands and how it moves (000 §4): the states, who may cancel or decide, and
//! approving, denying and cancelling, each inside a transaction holding the employee's lock.

use super::views::{engine_request, RequestOutcome};
use super::{
    TimeOffCommand, MAX_TEXT, MSG_NOT_YOURS_TO_CANCEL, MSG_ONLY_REQUESTER, MSG_REASON_LONG, MSG_REASON_REQUIRED,
};
use crate::entities::pto_requests as requests;
use crate::{Pto, PtoError};
use accounts::people::read;
use accounts::Person;
use approvals::{Answerer, Answering, Decision, Subject, Turn};
use chrono::Utc;
use kernel::{PtoRequestId, RequestStatus, TenantCtx, UserId};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ConnectionTrait, DatabaseBackend, EntityTrait, IntoActiveModel, QueryFilter,
    Statement,
};

/// The spec's number of a status on the wire (000 §4): 0 pending, 3 approved, 4 denied and 5
/// cancelled (5 is ours, see the module docs). The database holds [`RequestStatus`]'s own numbers.
pub fn wire_code(status: RequestStatus) -> i16 {
    match status {
        RequestStatus::Raised => 0,
        RequestStatus::Approved => 3,
        RequestStatus::Rejected => 4,
        RequestStatus::Canceled => 5,
    }
}

/// What the screens call a status.
pub fn status_label(status: RequestStatus) -> &'static str {
    match status {
        RequestStatus::Raised => "Pending Approval",
        RequestStatus::Approved => "Approved",
        RequestStatus::Rejected => "Denied",
        RequestStatus::Canceled => "Cancelled",
    }
}

/// The inbox's number of a status (001 §4): 0 pending, 1 approved, 2 rejected (cancelled ones are
/// not listed).
pub fn inbox_code(status: RequestStatus) -> i16 {
    match status {
        RequestStatus::Raised | RequestStatus::Canceled => 0,
        RequestStatus::Approved => 1,
        RequestStatus::Rejected => 2,
    }
}

/// Whether the caller may cancel a request (see the module docs).
pub(super) fn may_cancel(ctx: &TenantCtx, row: &requests::Model, employee: Option<&Person>) -> bool {
    let in_reach = employee.is_some_and(|person| ctx.reach().includes(person.id, person.manager_id));
    // Cancelling an answered request takes time off back from someone: an approver who reaches
    // them may, unless it is their own time off (filing it for a report does not stop them).
    let approver = ctx.answers_for_others() && in_reach && !ctx.is_self(row.employee_id);
    match row.status {
        RequestStatus::Canceled => false,
        RequestStatus::Raised => {
            ctx.is_self(row.employee_id)
                || row.requested_by == Some(ctx.actor())
                || (in_reach && ctx.answers_for_others())
        }
        RequestStatus::Approved | RequestStatus::Rejected => approver,
    }
}

impl Pto {
    /// `POST /pto/approve-timeoff`: approves the current step of a pending request (or, by an
    /// admin, every remaining step); the last approval checks the balance again inside the
    /// transaction, holding the employee's lock.
    pub async fn approve(&self, answerer: Answerer<'_>, id: PtoRequestId) -> Result<RequestOutcome, PtoError> {
        let (row, person, turn) = self.answering(&answerer, id).await?;
        self.transition(answerer.ctx(), row, &person, RequestStatus::Approved, None, Some(&turn)).await
    }

    /// `POST /pto/reject-timeoff`: denies a pending request, with the reason; it ends the path.
    pub async fn reject(
        &self,
        answerer: Answerer<'_>,
        id: PtoRequestId,
        comment: &str,
    ) -> Result<RequestOutcome, PtoError> {
        let comment = comment.trim();
        if comment.is_empty() {
            return Err(PtoError::field("comment", MSG_REASON_REQUIRED));
        }
        if let Err(message) = kernel::validation::check_text("comment", comment) {
            return Err(PtoError::field("comment", message));
        }
        if comment.chars().count() > MAX_TEXT {
            return Err(PtoError::field("comment", MSG_REASON_LONG));
        }
        let (row, person, turn) = self.answering(&answerer, id).await?;
        self.transition(answerer.ctx(), row, &person, RequestStatus::Rejected, Some(comment), Some(&turn)).await
    }

    /// The request, its employee and the caller's turn on it: an approver of its current step
    /// (or anyone who reaches the person, without a path), never on their own request.
    async fn answering(
        &self,
        answerer: &Answerer<'_>,
        id: PtoRequestId,
    ) -> Result<(requests::Model, Person, Turn), PtoError> {
        let ctx: &TenantCtx = answerer.ctx();
        let row = requests::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .ok_or(PtoError::NotFound)?;
        let in_reach = match self.accounts.employee_in_scope(ctx, row.employee_id).await {
            Ok(_) => true,
            Err(accounts::AccountsError::NotFound) => false,
            Err(err) => return Err(err.into()),
        };
        let answering = Answering {
            subject: Subject::time_off(row.id),
            employee: row.employee_id,
            requester: row.requested_by.unwrap_or(row.employee_id),
            in_reach,
        };
        let turn = self.approvals.turn(answerer, answering).await?;
        let person = read::person(&self.db, ctx, row.employee_id).await?.ok_or(PtoError::NotFound)?;
        Ok((row, person, turn))
    }

    /// `POST /pto/cancel-request`: a pending request by the employee or whoever filed it (or an
    /// approver); an answered one by an approver only. An approved request gives its time back.
    pub async fn cancel_request(&self, ctx: &TenantCtx, id: PtoRequestId) -> Result<RequestOutcome, PtoError> {
        let (row, person) = self.request_in_reach(ctx, id).await?;
        if row.status == RequestStatus::Canceled {
            return self.outcome(ctx, row, false, "The request was already cancelled.").await;
        }
        if !may_cancel(ctx, &row, Some(&person)) {
            return Err(PtoError::Forbidden(match row.status {
                RequestStatus::Raised => MSG_ONLY_REQUESTER.to_owned(),
                _ if ctx.answers_for_others() => kernel::OWN_REQUEST_MESSAGE.to_owned(),
                _ => MSG_NOT_YOURS_TO_CANCEL.to_owned(),
            }));
        }
        self.transition(ctx, row, &person, RequestStatus::Canceled, None, None).await
    }

    /// Moves a request to `to` (approved, denied or cancelled; the caller has checked the right to).
    /// The request is read again inside the transaction holding the employee's lock, so the state
    /// decided on is the state changed, and an approval checks the balance there. Asking for the
    /// state it is already in changes nothing and says so.
    async fn transition(
        &self,
        ctx: &TenantCtx,
        row: requests::Model,
        person: &Person,
        to: RequestStatus,
        comment: Option<&str>,
        turn: Option<&Turn>,
    ) -> Result<RequestOutcome, PtoError> {
        let done = match to {
            RequestStatus::Approved => "approved",
            RequestStatus::Rejected => "denied",
            RequestStatus::Canceled | RequestStatus::Raised => "cancelled",
        };
        let _turn = kernel::transaction::person_turn(row.employee_id.0).await;
        let permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        lock_employee(&txn, row.employee_id).await?;
        let row = requests::Entity::find_by_id(row.id).one(&txn).await?.ok_or(PtoError::NotFound)?;
        let from = row.status;
        if from == to {
            txn.commit().await?;
            return self.outcome(ctx, row, false, &format!("The request was already {done}.")).await;
        }
        match (from, to) {
            (RequestStatus::Raised, _)
            | (RequestStatus::Approved | RequestStatus::Rejected, RequestStatus::Canceled) => {}
            (RequestStatus::Approved, _) => {
                return Err(PtoError::Conflict("This request was approved; cancel it instead.".to_owned()))
            }
            (RequestStatus::Rejected, _) => {
                return Err(PtoError::Conflict(format!("This request was denied; it cannot be {done}.")))
            }
            (RequestStatus::Canceled, _) => {
                return Err(PtoError::Conflict(format!("This request was cancelled; it cannot be {done}.")))
            }
        }
        let subject = Subject::time_off(row.id);
        if let Some(turn) = turn {
            let decision = if to == RequestStatus::Approved { Decision::Approve } else { Decision::Reject };
            let answered = self.approvals.answer(&txn, ctx, turn, decision, comment).await?;
            if let Some(message) = answered.message() {
                // A step of several: the request waits on the next one.
                txn.commit().await?;
                drop(permit);
                self.approvals.wake_mail();
                return self.outcome(ctx, row, true, &message).await;
            }
        }
        if to == RequestStatus::Canceled {
            self.approvals.cancel(&txn, ctx, subject).await?;
        }
        // Approving time off, or cancelling approved time off, changes the hours of its days.
        if to == RequestStatus::Approved || from == RequestStatus::Approved {
            PtoError::refuse_closed_days(&txn, ctx.company(), row.start_date, row.end_date).await?;
        }
        if to == RequestStatus::Approved {
            let command = TimeOffCommand {
                id: Some(row.id),
                employee: Some(row.employee_id),
                pto_type: row.pto_type_id,
                request: engine_request(&row),
                reason: row.reason.clone(),
            };
            // Against approved time only: pending requests are not promises.
            let (checked, _) = self.check(ctx, person, &command, false).await?;
            if !checked.pass && (checked.payable == 1 || checked.use_rule.is_some()) {
                return Err(PtoError::field(
                    "balance",
                    checked.message.unwrap_or_else(|| {
                        pto_engine::shortfall_message(&checked.type_name, checked.available, checked.requested)
                    }),
                ));
            }
        }
        let now = Utc::now();
        let mut active = row.into_active_model();
        active.status = Set(to);
        if to == RequestStatus::Canceled {
            active.cancelled_by = Set(Some(ctx.actor()));
            active.cancelled_at = Set(Some(now));
            active.cancelled_from = Set(Some(from));
        } else {
            active.acted_by = Set(Some(ctx.actor()));
            active.acted_at = Set(Some(now));
            active.act_comment = Set(comment.map(str::to_owned));
        }
        let saved = active.update(&txn).await?;
        if !ctx.is_self(saved.employee_id) {
            let action = match to {
                RequestStatus::Approved => audit::Action::Approved,
                RequestStatus::Rejected => audit::Action::Rejected,
                RequestStatus::Canceled | RequestStatus::Raised => audit::Action::Cancelled,
            };
            let mut change = audit::Change::new(audit::Subject::TimeOffRequest, saved.id.0, action)
                .about(saved.employee_id)
                .on_behalf_of(turn.and_then(|turn| turn.on_behalf_of(ctx.actor())))
                .field("status", status_word(from), status_word(to))
                .field("dates", serde_json::Value::Null, format!("{} – {}", saved.start_date, saved.end_date));
            if let Some(comment) = comment {
                change = change.field("comment", serde_json::Value::Null, comment);
            }
            audit::record(&txn, ctx, change).await?;
        }
        let event = match to {
            RequestStatus::Approved => webhooks::Event::TimeOffApproved,
            RequestStatus::Rejected => webhooks::Event::TimeOffRejected,
            RequestStatus::Canceled | RequestStatus::Raised => webhooks::Event::TimeOffCancelled,
        };
        webhooks::emit(&txn, ctx.company(), event, super::webhook_data(&saved)).await?;
        txn.commit().await?;
        drop(permit);
        self.approvals.wake_mail();
        let outcome = self.outcome(ctx, saved, true, &format!("The request has been {done}.")).await?;
        self.tell_employee(ctx, person, &outcome.request, done).await;
        Ok(outcome)
    }

    async fn outcome(
        &self,
        ctx: &TenantCtx,
        row: requests::Model,
        changed: bool,
        message: &str,
    ) -> Result<RequestOutcome, PtoError> {
        Ok(RequestOutcome { request: self.request_view(ctx, &row).await?, changed, message: message.to_owned() })
    }
}

/// A request's state in the audit trail's words.
pub(crate) fn status_word(status: RequestStatus) -> &'static str {
    match status {
        RequestStatus::Raised => "pending",
        RequestStatus::Approved => "approved",
        RequestStatus::Rejected => "denied",
        RequestStatus::Canceled => "cancelled",
    }
}

/// Serialises the writers of one employee's requests until the transaction ends. PostgreSQL: a
/// transaction-scoped advisory lock keyed by the employee (it holds even when they have no
/// request row yet, and across servers). SQLite: the write gate already admits one writer.
pub(super) async fn lock_employee<C: ConnectionTrait>(txn: &C, employee: UserId) -> Result<(), PtoError> {
    if txn.get_database_backend() == DatabaseBackend::Postgres {
        // Two keys: this crate's namespace and the employee.
        txn.execute(Statement::from_sql_and_values(
            DatabaseBackend::Postgres,
            "SELECT pg_advisory_xact_lock(1886678383, $1::int4)",
            [i32::try_from(employee.0 % i64::from(i32::MAX)).unwrap_or_default().into()],
        ))
        .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sea_orm::Iterable;

    #[test]
    fn the_wire_keeps_the_specs_numbers_and_texts() {
        let wire: Vec<(i16, &str, i16)> =
            RequestStatus::iter().map(|status| (wire_code(status), status_label(status), inbox_code(status))).collect();
        assert_eq!(
            wire,
            [(0, "Pending Approval", 0), (3, "Approved", 1), (4, "Denied", 2), (5, "Cancelled", 0)],
            "raised, approved, rejected, canceled"
        );
    }
}
