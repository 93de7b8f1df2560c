//! Presses made on a phone without a network (issue 39): applied by the clock at the phone's
//! corrected time, or, when something contradicts them ([`clock::offline`]), held as an edit
//! request for the person's manager with the reason. The press, its receipt and its request are
//! written in one transaction, so a press is recorded once whatever happens to the connection.
//!
//! A held press joins the request its shift already has from earlier held presses of the same
//! person (a break, its end, the clock-out of one offline shift make one request); a held
//! clock-in asks to add a shift (no shift exists yet), and the presses after it join that request.

use super::TimesheetService;
use crate::entities::timesheet_edit_requests as requests;
use crate::error::TimesheetError;
use crate::views::{BreakView, RequestPayload};
use chrono::{DateTime, Utc};
use clock::machine::ClockAction;
use clock::offline::{self, OfflinePressCommand, Verdict};
use clock::receipts::{self, Held};
use clock::store::StoredShift;
use clock::{ClockStatus, Device};
use kernel::{EditRequestId, EntryId, RequestStatus, TenantCtx};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};

/// Who raised a request.
pub(crate) const ORIGIN_PERSON: i16 = 0;
/// A held offline press raised it.
pub(crate) const ORIGIN_OFFLINE: i16 = 1;
/// The change type of a request to add a shift that does not exist yet.
pub const ADD_SHIFT: &str = "add";
/// The longest reason text kept on a request built from held presses.
const MAX_REASONS: usize = 4_000;

/// `POST /clock/offline-press`'s answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct OfflinePressAnswer {
    /// `applied`, or `held` (not applied: it went to a manager as an edit request).
    pub outcome: String,
    /// The phone's time corrected by its measured offset, to the second: when the press counts.
    pub recorded_at: DateTime<Utc>,
    /// How far the phone's clock ran ahead (negative: behind), in seconds.
    pub skew_seconds: i64,
    pub reason: Option<String>,
    pub request_id: Option<i64>,
    /// The person's clock now.
    pub status: ClockStatus,
}

impl TimesheetService {
    /// Records an offline press once: the first answer again for a key already used with the
    /// same press, `KeyReused` for another press.
    pub async fn offline_press(
        &self,
        ctx: &TenantCtx,
        command: OfflinePressCommand,
        device: Device,
    ) -> Result<OfflinePressAnswer, TimesheetError> {
        if let Some(first) = self.offline_replay(ctx, &command, device).await? {
            return Ok(first);
        }
        let now = clock::now();
        let held = {
            let _permit = self.gate.enter().await;
            let txn = kernel::begin_write(&self.db).await?;
            // A racing send of the same key committed while this one waited for its turn.
            let recorded = receipts::find(&*txn, ctx.company(), &command.key).await?.is_some();
            let held = if recorded {
                None
            } else {
                let verdict = match offline::judge(&txn, ctx, &command, device, now).await {
                    Ok(verdict) => verdict,
                    Err(err) => {
                        drop(txn);
                        return self.refused_unless_recorded(ctx, &command, device, err.into()).await;
                    }
                };
                match verdict {
                    Verdict::Apply(shift) => match offline::apply(&txn, ctx, &command, shift).await {
                        Ok(_) => Some(None),
                        // A racing send of the same key was recorded first.
                        Err(clock::ClockError::AlreadyPressed) => None,
                        Err(err) => {
                            drop(txn);
                            return self.refused_unless_recorded(ctx, &command, device, err.into()).await;
                        }
                    },
                    Verdict::Hold { reason, shift } => {
                        let request = self.hold(&txn, ctx, &command, shift.as_deref(), &reason).await?;
                        let held = Held { reason, request };
                        let entry = shift.map(|shift| shift.entry.id);
                        let receipt = command.receipt(ctx, entry, Some(held.clone()));
                        (!receipts::record(&*txn, &[receipt]).await?.is_empty()).then_some(Some(held))
                    }
                }
            };
            match held {
                Some(held) => {
                    txn.commit().await?;
                    held
                }
                None => {
                    // Rolled back: the first send's record answers.
                    drop(txn);
                    return self.offline_replay(ctx, &command, device).await?.ok_or(TimesheetError::NotFound);
                }
            }
        };
        let answer = OfflinePressAnswer {
            outcome: if held.is_some() { "held" } else { "applied" }.to_owned(),
            recorded_at: command.recorded_at(),
            skew_seconds: receipts::skew_seconds(command.device.offset_ms),
            reason: held.as_ref().map(|held| held.reason.clone()),
            request_id: held.and_then(|held| held.request).map(|id| id.0),
            status: clock::status_now(&self.db, ctx, device).await?,
        };
        let json = serde_json::to_string(&answer).map_err(|err| TimesheetError::Internal(err.to_string()))?;
        receipts::keep_response(&self.db, ctx.company(), &command.key, json).await?;
        Ok(answer)
    }

    /// `refusal`, unless a racing send of the same press was recorded meanwhile (on PostgreSQL
    /// it commits while this one reads the clock, which then refuses what it sees already
    /// done): then that send's answer.
    async fn refused_unless_recorded(
        &self,
        ctx: &TenantCtx,
        command: &OfflinePressCommand,
        device: Device,
        refusal: TimesheetError,
    ) -> Result<OfflinePressAnswer, TimesheetError> {
        match self.offline_replay(ctx, command, device).await? {
            Some(first) => Ok(first),
            None => Err(refusal),
        }
    }

    /// The first answer of a key already used.
    async fn offline_replay(
        &self,
        ctx: &TenantCtx,
        command: &OfflinePressCommand,
        device: Device,
    ) -> Result<Option<OfflinePressAnswer>, TimesheetError> {
        let Some(receipt) = receipts::find(&self.db, ctx.company(), &command.key).await? else { return Ok(None) };
        // The same press first sent online, whose answer the phone never got (it queued the press
        // under the same key): made then, at the time it reached the server.
        let sent_online = receipt.offline.is_none()
            && receipt.action == command.action.code()
            && receipt.fingerprint.split(':').next() == Some(ctx.actor().0.to_string().as_str());
        if receipt.fingerprint != command.fingerprint(ctx) && !sent_online {
            return Err(clock::ClockError::KeyReused.into());
        }
        if let Some(Ok(first)) = receipt.response.as_deref().map(serde_json::from_str::<OfflinePressAnswer>) {
            return Ok(Some(first));
        }
        // Recorded, but its answer was not kept (the server stopped in between): rebuilt from
        // the receipt, with the clock as it stands.
        Ok(Some(OfflinePressAnswer {
            outcome: if receipt.held.is_some() { "held" } else { "applied" }.to_owned(),
            recorded_at: receipt.recorded_at,
            skew_seconds: receipt.offline.map_or(0, |clock| receipts::skew_seconds(clock.offset_ms)),
            reason: receipt.held.as_ref().map(|held| held.reason.clone()),
            request_id: receipt.held.and_then(|held| held.request).map(|id| id.0),
            status: clock::status_now(&self.db, ctx, device).await?,
        }))
    }

    /// Turns a held press into an edit request (or adds it to the one its shift has from earlier
    /// held presses); `None` when the shift has a request someone else raised (the press stays
    /// in its receipt, shown on the shift).
    async fn hold(
        &self,
        txn: &impl ConnectionTrait,
        ctx: &TenantCtx,
        command: &OfflinePressCommand,
        shift: Option<&StoredShift>,
        reason: &str,
    ) -> Result<Option<EditRequestId>, TimesheetError> {
        let at = command.recorded_at();
        let raised = requests::Entity::find()
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .filter(requests::Column::Status.eq(RequestStatus::Raised));
        let existing = match (shift, command.action) {
            (Some(shift), _) => raised.filter(requests::Column::EntryId.eq(shift.entry.id)).one(txn).await?,
            (None, ClockAction::Start) => None,
            // A press after a held clock-in: that clock-in's request to add the shift.
            (None, _) => {
                raised
                    .filter(requests::Column::EntryId.is_null())
                    .filter(requests::Column::EmployeeId.eq(ctx.actor()))
                    .filter(requests::Column::Origin.eq(ORIGIN_OFFLINE))
                    .order_by_desc(requests::Column::Id)
                    .one(txn)
                    .await?
            }
        };
        if let Some(existing) = existing {
            if existing.origin != ORIGIN_OFFLINE || existing.requester_id != ctx.actor() {
                return Ok(None);
            }
            let payload: RequestPayload =
                serde_json::from_str(&existing.payload).map_err(|err| TimesheetError::Internal(err.to_string()))?;
            let payload = with_press(payload, shift, command.action, at);
            let change_type = if existing.entry_id.is_none() { ADD_SHIFT.to_owned() } else { change_type(&payload) };
            let mut comment = existing.comment.clone();
            if comment.len() + reason.len() < MAX_REASONS {
                comment.push('\n');
                comment.push_str(reason);
            }
            requests::Entity::update_many()
                .col_expr(requests::Column::Payload, Expr::value(to_json(&payload)?))
                .col_expr(requests::Column::ChangeType, Expr::value(change_type))
                .col_expr(requests::Column::Comment, Expr::value(comment))
                .filter(requests::Column::Id.eq(existing.id))
                .exec(txn)
                .await?;
            return Ok(Some(existing.id));
        }
        if shift.is_none() && command.action != ClockAction::Start {
            // Nothing to add it to: the clock's own answer.
            return Err(clock::ClockError::Refused(clock::machine::Refusal::NotClockedIn.to_string()).into());
        }
        let empty = RequestPayload { start: None, end: None, boptype: "NOCHANGE".to_owned(), breaks: Vec::new() };
        let payload = with_press(empty, shift, command.action, at);
        let entry: Option<EntryId> = shift.map(|shift| shift.entry.id);
        let saved = requests::ActiveModel {
            company_id: Set(ctx.company()),
            entry_id: Set(entry),
            employee_id: Set(ctx.actor()),
            requester_id: Set(ctx.actor()),
            change_type: Set(if entry.is_none() { ADD_SHIFT.to_owned() } else { change_type(&payload) }),
            payload: Set(to_json(&payload)?),
            comment: Set(reason.to_owned()),
            status: Set(RequestStatus::Raised),
            pending_entry_id: Set(entry),
            actor_id: Set(None),
            act_comment: Set(None),
            acted_at: Set(None),
            created_at: Set(clock::now()),
            origin: Set(ORIGIN_OFFLINE),
            ..Default::default()
        }
        .insert(txn)
        .await?;
        Ok(Some(saved.id))
    }
}

fn to_json(payload: &RequestPayload) -> Result<String, TimesheetError> {
    serde_json::to_string(payload).map_err(|err| TimesheetError::Internal(err.to_string()))
}

/// `out` when the request ends the shift, else `breaks`.
fn change_type(payload: &RequestPayload) -> String {
    if payload.end.is_some() { "out" } else { "breaks" }.to_owned()
}

/// The request's change with one more press at `at` on top.
fn with_press(
    mut payload: RequestPayload,
    shift: Option<&StoredShift>,
    action: ClockAction,
    at: DateTime<Utc>,
) -> RequestPayload {
    let breaks = |payload: &RequestPayload| -> Vec<BreakView> {
        if payload.boptype == "REPLACE" || shift.is_none() {
            payload.breaks.clone()
        } else {
            shift
                .map(|shift| {
                    shift.breaks.iter().map(|pause| BreakView { from: pause.start_at, to: pause.end_at }).collect()
                })
                .unwrap_or_default()
        }
    };
    match action {
        ClockAction::Start => payload.start = Some(at),
        ClockAction::End => payload.end = Some(at),
        ClockAction::TakeBreak => {
            let mut all = breaks(&payload);
            all.push(BreakView { from: at, to: None });
            payload.breaks = all;
            payload.boptype = "REPLACE".to_owned();
        }
        ClockAction::Resume => {
            let mut all = breaks(&payload);
            if let Some(open) = all.iter_mut().rev().find(|pause| pause.to.is_none()) {
                open.to = Some(at);
            }
            payload.breaks = all;
            payload.boptype = "REPLACE".to_owned();
        }
    }
    payload
}
