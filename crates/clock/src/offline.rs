//! Presses made on a phone without a network (issue 39), judged when they arrive.
//!
//! The phone sends its own clock at the press and its last measured offset from the server's
//! clock; the press counts at the phone's time corrected by that offset, to the second. It is
//! applied at that time only when nothing contradicts it. It is *held* (not applied; the caller
//! turns it into an edit request for a manager, with the reason) when its corrected time:
//! - lies in the future (more than a minute's grace ahead of the server);
//! - lies more than [`MAX_AGE_HOURS`] back (a phone's storage may be wiped after days, and
//!   hours that old may already be paid: a manager decides);
//! - lies before the last stored event of its shift (a start, a break's start or end), or a
//!   clock-in lies inside an earlier shift, or the shift was ended meanwhile (by a manager, or
//!   from another device).
//!
//! A press the clock's state refuses outright (a break while on a break, a clock-in while a shift
//! is open) is refused as an online press would be: nothing is stored.

use crate::entities::time_entries;
use crate::error::ClockError;
use crate::machine::{transition, ClockAction, Refusal};
use crate::places::{self, PressSource, Whereabouts};
use crate::presses::{self, Press, PressKind};
use crate::receipts::{DeviceClock, NewReceipt, PressKey};
use crate::service::{start_allowed, Device};
use crate::settings;
use crate::store::{self, StoredShift};
use chrono::{DateTime, Duration, SubsecRound, Utc};
use kernel::{EntryId, TenantCtx};
use sea_orm::{ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder};

/// Presses older than this are held for a manager.
pub const MAX_AGE_HOURS: i64 = 72;
/// A phone's corrected time may run this far ahead of the server's.
const FUTURE_GRACE_SECONDS: i64 = 60;

/// An offline press as the phone sent it.
#[derive(Debug, Clone)]
pub struct OfflinePressCommand {
    pub key: PressKey,
    pub action: ClockAction,
    /// The shift the phone knew was open; `None` when it did not know one.
    pub tracking_number: Option<EntryId>,
    pub device: DeviceClock,
    /// Where the phone was at the press, when the person allowed it (issue 40).
    pub position: Option<crate::places::Position>,
}

/// An offline press as sent, before it is checked.
#[derive(Debug, Clone, Default)]
pub struct OfflinePressInput {
    pub action: Option<String>,
    pub tracking_number: Option<i64>,
    pub device_time: Option<String>,
    pub server_offset_ms: Option<i64>,
    /// The phone's position at the press (its time by the phone's clock).
    pub position: Option<crate::places::PositionInput>,
}

/// The largest offset accepted: a phone's clock a year off is not a clock.
const MAX_OFFSET_MS: i64 = 366 * 24 * 3_600_000;
/// The message of a missing or malformed `Idempotency-Key`.
pub const KEY_MESSAGE: &str = "Please send an Idempotency-Key of 1–128 letters, digits, '-', '_', '.' or ':'";

impl OfflinePressCommand {
    /// Checks what a phone sent, field by field.
    pub fn parse(input: &OfflinePressInput, key: Option<&str>) -> Result<Self, kernel::FieldErrors> {
        let mut errors = kernel::FieldErrors::new();
        let key = key.and_then(PressKey::parse);
        if key.is_none() {
            errors.add("Idempotency-Key", KEY_MESSAGE);
        }
        let action = input.action.as_deref().and_then(ClockAction::parse);
        if action.is_none() {
            errors.add("action", "Please send the press: start, break, resume or end");
        }
        let tracking_number = match input.tracking_number {
            Some(id) if id <= 0 => {
                errors.add("trackingNumber", "Please send the open shift's number, or nothing");
                None
            }
            other => other.map(EntryId),
        };
        let device_time = input
            .device_time
            .as_deref()
            .and_then(|text| DateTime::parse_from_rfc3339(text).ok())
            .map(|time| time.with_timezone(&Utc))
            .filter(|time| (2000..2100).contains(&chrono::Datelike::year(time)));
        if device_time.is_none() {
            errors.add("deviceTime", "Please send the phone's time of the press as an ISO 8601 instant");
        }
        let offset_ms = input.server_offset_ms.unwrap_or(0);
        if offset_ms.unsigned_abs() > MAX_OFFSET_MS.unsigned_abs() {
            errors.add("serverOffsetMs", "The phone's clock is more than a year off: please set its date and time");
        }
        // The fix's time and the press's are both the phone's clock.
        let position = match (&input.position, device_time) {
            (Some(position), Some(device_time)) => match position.parse(device_time) {
                Ok(position) => position,
                Err(position_errors) => {
                    errors.extend(position_errors);
                    None
                }
            },
            _ => None,
        };
        match (errors.is_empty(), key, action, device_time) {
            (true, Some(key), Some(action), Some(device_time)) => Ok(OfflinePressCommand {
                key,
                action,
                tracking_number,
                device: DeviceClock { device_time, offset_ms },
                position,
            }),
            _ => Err(errors),
        }
    }

    /// When the press counts: the phone's time corrected by its offset, to the second.
    pub fn recorded_at(&self) -> DateTime<Utc> {
        (self.device.device_time + Duration::milliseconds(self.device.offset_ms)).trunc_subsecs(0)
    }

    /// What the key stands for: who, and the whole press.
    pub fn fingerprint(&self, ctx: &TenantCtx) -> String {
        format!(
            "{}:offline:{}:{}:{}:{}",
            ctx.actor().0,
            self.action.code(),
            self.tracking_number.map_or_else(|| "-".to_owned(), |id| id.0.to_string()),
            self.device.device_time.timestamp_millis(),
            self.device.offset_ms
        )
    }

    /// Its receipt, applied or held.
    pub fn receipt(&self, ctx: &TenantCtx, entry: Option<EntryId>, held: Option<crate::receipts::Held>) -> NewReceipt {
        NewReceipt {
            company: ctx.company(),
            employee: ctx.actor(),
            key: self.key.clone(),
            fingerprint: self.fingerprint(ctx),
            action: self.action,
            entry,
            offline: Some(self.device),
            recorded_at: self.recorded_at(),
            received_at: crate::now(),
            held,
        }
    }
}

/// What to do with an offline press.
#[derive(Debug)]
pub enum Verdict {
    /// Apply it at its corrected time, on this shift (none: a clock-in).
    Apply(Option<EntryId>),
    /// Hold it for a manager: why, and the shift it is about (none: a clock-in, or a press on a
    /// shift whose clock-in was itself held).
    Hold { reason: String, shift: Option<Box<StoredShift>> },
}

/// "Tue, Nov 24 9:02 AM" in the company's zone.
pub fn local(ctx: &TenantCtx, at: DateTime<Utc>) -> String {
    at.with_timezone(&ctx.time_zone()).format("%a, %b %-d %-I:%M %p").to_string()
}

/// Judges `command` in the caller's write transaction, at `now`.
pub async fn judge(
    txn: &DatabaseTransaction,
    ctx: &TenantCtx,
    command: &OfflinePressCommand,
    device: Device,
    now: DateTime<Utc>,
) -> Result<Verdict, ClockError> {
    let at = command.recorded_at();
    let shift = match (command.action, command.tracking_number) {
        (ClockAction::Start, _) => None,
        (_, Some(entry)) => store::find_in_company(txn, ctx.company(), entry)
            .await?
            .filter(|shift| shift.entry.employee_id == ctx.actor()),
        (_, None) => store::open_shift(txn, ctx.company(), ctx.actor()).await?,
    };
    if at > now + Duration::seconds(FUTURE_GRACE_SECONDS) {
        let reason = format!(
            "Made at {} by the phone's corrected clock, which is in the future: the phone's clock changed after it was last checked.",
            local(ctx, at)
        );
        return Ok(Verdict::Hold { reason, shift: shift.map(Box::new) });
    }
    if at < now - Duration::hours(MAX_AGE_HOURS) {
        let days = (now - at).num_hours() / 24;
        let reason = format!(
            "Made at {} and sent {} later: a press older than {MAX_AGE_HOURS} hours needs a manager's approval.",
            local(ctx, at),
            if days == 1 { "1 day".to_owned() } else { format!("{days} days") }
        );
        return Ok(Verdict::Hold { reason, shift: shift.map(Box::new) });
    }
    if command.action == ClockAction::Start {
        let settings = settings::load(txn, ctx.company()).await?;
        start_allowed(ctx, device, &settings, at)?;
        if store::open_shift(txn, ctx.company(), ctx.actor()).await?.is_some() {
            return Err(ClockError::Refused(Refusal::AlreadyClockedIn.to_string()));
        }
        // The newest shift that ended after this clock-in.
        let later = time_entries::Entity::find()
            .filter(kernel::tenancy::same_company::<time_entries::Entity>(ctx.company()))
            .filter(time_entries::Column::EmployeeId.eq(ctx.actor()))
            .filter(time_entries::Column::EndAt.gt(at))
            .order_by_desc(time_entries::Column::EndAt)
            .one(txn)
            .await?;
        if let Some(later) = later.and_then(|entry| entry.end_at) {
            let reason = format!(
                "A Clock In made at {} lies before the end of an earlier shift ({}).",
                local(ctx, at),
                local(ctx, later)
            );
            return Ok(Verdict::Hold { reason, shift: None });
        }
        return Ok(Verdict::Apply(None));
    }
    let Some(shift) = shift else {
        return Ok(Verdict::Hold { reason: "No shift was open on the server for this press.".to_owned(), shift: None });
    };
    if let Some(end) = shift.entry.end_at {
        let reason = format!("The shift was already ended at {} when this press arrived.", local(ctx, end));
        return Ok(Verdict::Hold { reason, shift: Some(Box::new(shift)) });
    }
    transition(shift.state(), command.action).map_err(|refusal| ClockError::Refused(refusal.to_string()))?;
    let last = shift
        .breaks
        .iter()
        .flat_map(|pause| [Some(pause.start_at), pause.end_at])
        .flatten()
        .chain(std::iter::once(shift.entry.start_at))
        .max();
    if let Some(last) = last.filter(|last| at < *last) {
        let reason =
            format!("Made at {}, before the shift's last recorded press ({}).", local(ctx, at), local(ctx, last));
        return Ok(Verdict::Hold { reason, shift: Some(Box::new(shift)) });
    }
    Ok(Verdict::Apply(Some(shift.entry.id)))
}

/// Applies a press judged [`Verdict::Apply`] at its corrected time, with its receipt, in the
/// caller's transaction: the shift's id, or why the clock refused it.
pub async fn apply(
    txn: &DatabaseTransaction,
    ctx: &TenantCtx,
    command: &OfflinePressCommand,
    shift: Option<EntryId>,
) -> Result<EntryId, ClockError> {
    // A press sent late may belong to a closed pay period: it is written (it happened), and the
    // period is marked so that the difference is carried into the next open period's file.
    let mut days = vec![kernel::time::local_date(ctx.time_zone(), command.recorded_at())];
    if let Some(entry) = shift {
        days.extend(crate::writes::stored_day(txn, ctx.company(), entry, ctx.time_zone()).await?);
    }
    crate::periods::guard(txn, ctx.company(), &days, crate::periods::Late::Adjust).await?;
    let kind = match shift {
        Some(tracking_number) => PressKind::OnShift { tracking_number, action: command.action },
        None => PressKind::Start,
    };
    let press = Press {
        company: ctx.company(),
        actor: ctx.actor(),
        tz: ctx.time_zone(),
        kind,
        now: command.recorded_at(),
        receipt: Some(command.receipt(ctx, shift, None)),
        source: PressSource::Offline,
        // No address that means anything: the press was sent later, from wherever the phone was.
        place: places::judge(
            &places::store::places_of(txn, ctx.company(), ctx.actor()).await?,
            &Whereabouts { position: command.position, ip: None, kiosk_at: None },
        ),
    };
    let outcome = presses::apply_all(txn, std::slice::from_ref(&press)).await?.pop();
    match (outcome, shift) {
        (Some(Ok(Some(_))), Some(entry)) => Ok(entry),
        (Some(Ok(Some(_))), None) => {
            let opened = store::open_shift(txn, ctx.company(), ctx.actor()).await?;
            let entry = opened.map(|shift| shift.entry.id).ok_or_else(|| {
                ClockError::Refused("The clock changed meanwhile. Please reload the page.".to_owned())
            })?;
            crate::receipts::attach_entry(txn, ctx.company(), &command.key, entry).await?;
            Ok(entry)
        }
        (Some(Err(err)), _) => Err(err),
        _ => Err(ClockError::Refused("The clock changed meanwhile. Please reload the page.".to_owned())),
    }
}
