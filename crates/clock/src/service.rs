//! The clock service: an employee's own clock.
//!
//! The server is the authority. Every press is a compare-and-set on the shift's state, or the
//! insert of a shift that the unique "open shift" column admits once per employee, so two racing
//! presses can never both succeed and a refused press changes nothing; presses are applied in
//! groups ([`crate::presses`]).

use crate::error::ClockError;
use crate::machine::{transition, ClockAction, ClockState, Refusal};
use crate::overtime_policy::{self, OvertimePolicy, PolicyChange};
use crate::presses::{self, Press, PressKind};
use crate::settings::{self, SettingsCache, TimeSettings, TimeSettingsChange};
use crate::store::{self, CardFacts, CardOf, StoredShift};
use chrono::{DateTime, SubsecRound, Utc};
use kernel::time::local_date;
use kernel::write_gate::GroupWriter;
use kernel::{AdminCtx, EntryId, TenantCtx, WriteGate};
use sea_orm::DatabaseConnection;
use serde::Serialize;

/// The refusal of a phone clock-in where the company turned it off.
pub const MOBILE_DISABLED_MESSAGE: &str = "Clocking in from a mobile device is turned off for your company.";

/// Where the press comes from: the company may turn phones off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Device {
    Desktop,
    Mobile,
}

/// The clock card's data (spec 000 §3 'Clock status').
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ClockStatus {
    /// 0 initial, 1 clocked in, 2 on break, 3 clocked out (the newest shift ended today).
    pub status: i16,
    /// Worked minutes of the open shift, or at status 3 of the shift that ended today.
    pub minutes: i64,
    pub tracking_number: Option<i64>,
    /// This Sunday–Saturday week, the open shift counted up to now.
    pub week_minutes: i64,
    pub mobile_clock_in_disabled: bool,
    /// `HH:mm`, when the company opens the clock at a set time.
    pub day_start_at: Option<String>,
    pub clock_in_allowed_now: bool,
    pub shift_start: Option<DateTime<Utc>>,
    pub break_start: Option<DateTime<Utc>>,
    pub server_time: DateTime<Utc>,
    pub errors: Vec<String>,
}

#[derive(Clone)]
pub struct ClockService {
    db: DatabaseConnection,
    /// Presses, applied in groups behind the write gate (see [`crate::presses`]).
    presses: GroupWriter<Press, Option<CardFacts>, ClockError>,
    settings: SettingsCache,
}

/// Instants are kept to the second: nobody's pay depends on the milliseconds.
pub fn now() -> DateTime<Utc> {
    Utc::now().trunc_subsecs(0)
}

/// "9:00 AM" for 09:00.
fn twelve_hour(time: chrono::NaiveTime) -> String {
    time.format("%-I:%M %p").to_string()
}

impl ClockService {
    pub fn new(db: DatabaseConnection, gate: WriteGate) -> Self {
        Self { presses: GroupWriter::new(gate, db.clone(), presses::apply), settings: SettingsCache::default(), db }
    }

    pub async fn settings(&self, ctx: &TenantCtx) -> Result<TimeSettings, ClockError> {
        Ok(self.settings.get(&self.db, ctx.company()).await?)
    }

    /// Admins only.
    pub async fn update_settings(
        &self,
        ctx: &AdminCtx,
        change: &TimeSettingsChange,
    ) -> Result<TimeSettings, ClockError> {
        let current = settings::load(&self.db, ctx.company()).await?;
        let next = change.apply(&current).map_err(ClockError::Validation)?;
        settings::save(&self.db, ctx.company(), &next).await?;
        self.settings.put(ctx.company(), next.clone());
        Ok(next)
    }

    /// The company's overtime rules: every version, oldest first.
    pub async fn overtime_policy(&self, ctx: &TenantCtx) -> Result<OvertimePolicy, ClockError> {
        let settings = self.settings.get(&self.db, ctx.company()).await?;
        Ok(overtime_policy::load(&self.db, ctx.company(), settings.weekly_overtime_minutes).await?)
    }

    /// Admins only: new overtime rules from a date on (a version of the same date is replaced).
    /// The date may not precede the company ([`overtime_policy::company_since`]), nor lie more
    /// than a year ahead.
    pub async fn change_overtime_policy(
        &self,
        ctx: &AdminCtx,
        change: &PolicyChange,
    ) -> Result<OvertimePolicy, ClockError> {
        let now = now();
        let created = overtime_policy::company_since(&self.db, ctx.company(), ctx.time_zone()).await?;
        let version = change.validate(created, local_date(ctx.time_zone(), now)).map_err(ClockError::Validation)?;
        overtime_policy::save(&self.db, ctx.company(), &version, now).await?;
        self.overtime_policy(ctx).await
    }

    /// The card's data. On a phone of a company that turned phone clock-in off, `errors` says so
    /// (the card shows it instead of the button).
    pub async fn status(&self, ctx: &TenantCtx, device: Device) -> Result<ClockStatus, ClockError> {
        let settings = self.settings.get(&self.db, ctx.company()).await?;
        let now = now();
        let of = CardOf {
            company: ctx.company(),
            employee: ctx.actor(),
            tz: ctx.time_zone(),
            today: local_date(ctx.time_zone(), now),
            just_ended: None,
        };
        let facts = store::cards(&self.db, &[of]).await?.remove(&ctx.actor()).unwrap_or_default();
        Ok(card(&facts, ctx.time_zone(), device, &settings, now))
    }

    /// Starts a shift ('Clock In', or 'Start a New Shift' after clocking out).
    pub async fn start(&self, ctx: &TenantCtx, device: Device) -> Result<ClockStatus, ClockError> {
        let now = now();
        let settings = self.settings.get(&self.db, ctx.company()).await?;
        if device == Device::Mobile && settings.mobile_clock_in_disabled {
            return Err(ClockError::MobileClockInDisabled);
        }
        if let Some(start) = settings.day_start_at {
            if now.with_timezone(&ctx.time_zone()).time() < start {
                return Err(ClockError::Refused(format!("Clock in starts at {}", twelve_hour(start))));
            }
        }
        match self.presses.write(self.press(ctx, PressKind::Start, now)).await? {
            Some(facts) => Ok(card(&facts, ctx.time_zone(), device, &settings, now)),
            // A clock-in is refused only for an open shift, which the group reports as such.
            None => Err(ClockError::Refused(Refusal::AlreadyClockedIn.to_string())),
        }
    }

    pub async fn take_break(
        &self,
        ctx: &TenantCtx,
        tracking_number: EntryId,
        device: Device,
    ) -> Result<ClockStatus, ClockError> {
        self.act(ctx, tracking_number, ClockAction::TakeBreak, device).await
    }

    pub async fn resume(
        &self,
        ctx: &TenantCtx,
        tracking_number: EntryId,
        device: Device,
    ) -> Result<ClockStatus, ClockError> {
        self.act(ctx, tracking_number, ClockAction::Resume, device).await
    }

    pub async fn end(
        &self,
        ctx: &TenantCtx,
        tracking_number: EntryId,
        device: Device,
    ) -> Result<ClockStatus, ClockError> {
        self.act(ctx, tracking_number, ClockAction::End, device).await
    }

    /// Break, resume and end on the caller's open shift `tracking_number`.
    async fn act(
        &self,
        ctx: &TenantCtx,
        tracking_number: EntryId,
        action: ClockAction,
        device: Device,
    ) -> Result<ClockStatus, ClockError> {
        let now = now();
        match self.presses.write(self.press(ctx, PressKind::OnShift { tracking_number, action }, now)).await? {
            Some(facts) => {
                let settings = self.settings.get(&self.db, ctx.company()).await?;
                Ok(card(&facts, ctx.time_zone(), device, &settings, now))
            }
            None => Err(self.refusal(ctx, tracking_number, action).await?),
        }
    }

    fn press(&self, ctx: &TenantCtx, kind: PressKind, now: DateTime<Utc>) -> Press {
        Press { company: ctx.company(), actor: ctx.actor(), tz: ctx.time_zone(), kind, now }
    }

    /// Why an action was refused, read after the fact.
    async fn refusal(
        &self,
        ctx: &TenantCtx,
        tracking_number: EntryId,
        action: ClockAction,
    ) -> Result<ClockError, ClockError> {
        let open = store::open_shift(&self.db, ctx.company(), ctx.actor()).await?;
        let state = open.as_ref().map_or(ClockState::Initial, StoredShift::state);
        let message = match (open, transition(state, action)) {
            (_, Err(refusal)) => refusal.to_string(),
            (Some(shift), Ok(_)) if shift.entry.id != tracking_number => {
                "This shift is no longer the open one. Please reload the page.".to_owned()
            }
            _ => "The clock changed meanwhile. Please reload the page.".to_owned(),
        };
        Ok(ClockError::Refused(message))
    }
}

/// The clock card from what is stored, at `now`. Its cost does not grow with the week's shifts:
/// ended shifts come summed by the database and only running ones are read.
fn card(
    facts: &CardFacts,
    tz: chrono_tz::Tz,
    device: Device,
    settings: &TimeSettings,
    now: DateTime<Utc>,
) -> ClockStatus {
    let week_minutes =
        facts.stored_minutes + facts.live.iter().map(|shift| shift.shift().worked_minutes(now)).sum::<i64>();
    let (status, minutes, tracking_number, shift_start, break_start) = match &facts.current {
        Some(shift) => (
            shift.state(),
            shift.entry.worked_minutes.map_or_else(|| shift.shift().worked_minutes(now), i64::from),
            Some(shift.entry.id.0),
            Some(shift.entry.start_at),
            shift.open_break().map(|pause| pause.start_at),
        ),
        None => (ClockState::Initial, 0, None, None, None),
    };
    let local_time = now.with_timezone(&tz).time();
    ClockStatus {
        status: status.code(),
        minutes,
        tracking_number,
        week_minutes,
        mobile_clock_in_disabled: settings.mobile_clock_in_disabled,
        day_start_at: settings.day_start_at.map(|time| time.format("%H:%M").to_string()),
        clock_in_allowed_now: settings.day_start_at.is_none_or(|start| local_time >= start),
        shift_start,
        break_start,
        server_time: now,
        errors: if device == Device::Mobile && settings.mobile_clock_in_disabled {
            vec![MOBILE_DISABLED_MESSAGE.to_owned()]
        } else {
            Vec::new()
        },
    }
}
