//! The clock service: an employee's own clock.
//!
//! The server is the authority. Every press is a compare-and-set on the shift's state, or the
//! insert of a shift that the unique "open shift" column admits once per employee, so two racing
//! presses can never both succeed and a refused press changes nothing; presses are applied in
//! groups ([`crate::presses`]).

use crate::error::ClockError;
use crate::machine::{transition, ClockAction, ClockState, Refusal};
use crate::overtime_policy::{self, OvertimePolicy, PolicyChange};
use crate::places::{self, Place, PlaceVerdict, PressSource, Whereabouts};
use crate::presses::{self, Press, PressKind};
use crate::receipts::{self, NewReceipt, PressKey};
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
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
    /// The work locations whose rules the person's presses are judged by (issue 40); empty:
    /// none, and nothing about where they press is kept.
    #[serde(default)]
    pub work_locations: Vec<String>,
    /// One of them has a geofence: the browser should send its position with each press.
    #[serde(default)]
    pub asks_position: bool,
}

/// What became of a press sent to the group.
enum Made {
    /// Made now: the presser's clock card as the group left it.
    Now(CardFacts),
    /// Made before under the same key: its first answer.
    Before(ClockStatus),
    /// Not the person's shift, or not a state the button fits.
    Refused,
}

#[derive(Clone)]
pub struct ClockService {
    db: DatabaseConnection,
    /// Presses, applied in groups behind the write gate (see [`crate::presses`]).
    presses: GroupWriter<Press, Option<CardFacts>, ClockError>,
    settings: SettingsCache,
    /// Who is held to which locations (every press judges them).
    places: places::cache::PlacesCache,
}

/// Instants are kept to the second: nobody's pay depends on the milliseconds.
pub fn now() -> DateTime<Utc> {
    Utc::now().trunc_subsecs(0)
}

/// What an online press's key stands for: who, the button and the shift (a key another person of
/// the company sent is never answered with their press).
fn fingerprint(ctx: &TenantCtx, kind: PressKind) -> String {
    match kind {
        PressKind::Start => format!("{}:start", ctx.actor().0),
        PressKind::OnShift { tracking_number, action } => {
            format!("{}:{}:{}", ctx.actor().0, action.code(), tracking_number.0)
        }
    }
}

/// The card with the locations the person is held to.
fn with_places(mut status: ClockStatus, places: &[Place]) -> ClockStatus {
    status.work_locations = places.iter().map(|place| place.name.clone()).collect();
    status.asks_position = places.iter().any(|place| place.geofence.is_some());
    status
}

/// "9:00 AM" for 09:00.
fn twelve_hour(time: chrono::NaiveTime) -> String {
    time.format("%-I:%M %p").to_string()
}

impl ClockService {
    pub fn new(db: DatabaseConnection, gate: WriteGate) -> Self {
        Self {
            presses: GroupWriter::new(gate, db.clone(), presses::apply),
            settings: SettingsCache::default(),
            places: places::cache::PlacesCache::default(),
            db,
        }
    }

    /// The memory of places this clock judges presses by, for the places service to share.
    pub fn places_cache(&self) -> places::cache::PlacesCache {
        self.places.clone()
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
        let txn = kernel::begin_write(&self.db).await?;
        settings::save(&txn, ctx.company(), &next).await?;
        let change = audit::Change::new(audit::Subject::TimeSettings, ctx.company().0, audit::Action::Updated)
            .diff(&current.audit_snapshot(), &next.audit_snapshot());
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
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
        crate::periods::refuse_rules_from(&self.db, ctx.company(), version.effective_from).await?;
        let txn = kernel::begin_write(&self.db).await?;
        overtime_policy::save(&txn, ctx.company(), &version, now).await?;
        let rules = serde_json::json!({
            "effectiveFrom": version.effective_from.to_string(),
            "jurisdiction": version.jurisdiction,
            "workweekFirstDay": version.workweek_first_day.to_string(),
            "workdayStartHour": version.workday_start_hour,
        });
        let change = audit::Change::new(audit::Subject::TimeSettings, ctx.company().0, audit::Action::Updated).field(
            "overtimeRules",
            serde_json::Value::Null,
            rules,
        );
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
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
        let places = self.places.get(&self.db, ctx.company(), ctx.actor()).await?;
        Ok(with_places(card(&facts, ctx.time_zone(), device, &settings, now), &places))
    }

    /// Starts a shift ('Clock In', or 'Start a New Shift' after clocking out).
    pub async fn start(
        &self,
        ctx: &TenantCtx,
        device: Device,
        key: Option<PressKey>,
        whereabouts: &Whereabouts,
    ) -> Result<ClockStatus, ClockError> {
        let kind = PressKind::Start;
        if let Some(answer) = self.replay(ctx, &key, kind, device).await? {
            return Ok(answer);
        }
        let now = now();
        let settings = self.settings.get(&self.db, ctx.company()).await?;
        start_allowed(ctx, device, &settings, now)?;
        let places = self.places.get(&self.db, ctx.company(), ctx.actor()).await?;
        let place = places::judge(&places, whereabouts);
        if let Some(block) = place.as_ref().and_then(|place| place.block.clone()) {
            return Err(ClockError::OutsideWorkLocation(block));
        }
        let outcome = self.presses.write(self.press(ctx, kind, now, &key, whereabouts, place)).await;
        match self.answered(ctx, &key, kind, device, outcome).await? {
            Made::Now(facts) => {
                let answer = with_places(card(&facts, ctx.time_zone(), device, &settings, now), &places);
                self.keep(ctx, &key, answer).await
            }
            Made::Before(first) => Ok(first),
            // A clock-in is refused only for an open shift, which the group reports as such.
            Made::Refused => Err(ClockError::Refused(Refusal::AlreadyClockedIn.to_string())),
        }
    }

    pub async fn take_break(
        &self,
        ctx: &TenantCtx,
        tracking_number: EntryId,
        device: Device,
        key: Option<PressKey>,
        whereabouts: &Whereabouts,
    ) -> Result<ClockStatus, ClockError> {
        self.act(ctx, tracking_number, ClockAction::TakeBreak, device, key, whereabouts).await
    }

    pub async fn resume(
        &self,
        ctx: &TenantCtx,
        tracking_number: EntryId,
        device: Device,
        key: Option<PressKey>,
        whereabouts: &Whereabouts,
    ) -> Result<ClockStatus, ClockError> {
        self.act(ctx, tracking_number, ClockAction::Resume, device, key, whereabouts).await
    }

    pub async fn end(
        &self,
        ctx: &TenantCtx,
        tracking_number: EntryId,
        device: Device,
        key: Option<PressKey>,
        whereabouts: &Whereabouts,
    ) -> Result<ClockStatus, ClockError> {
        self.act(ctx, tracking_number, ClockAction::End, device, key, whereabouts).await
    }

    /// Break, resume and end on the caller's open shift `tracking_number`.
    async fn act(
        &self,
        ctx: &TenantCtx,
        tracking_number: EntryId,
        action: ClockAction,
        device: Device,
        key: Option<PressKey>,
        whereabouts: &Whereabouts,
    ) -> Result<ClockStatus, ClockError> {
        let kind = PressKind::OnShift { tracking_number, action };
        if let Some(answer) = self.replay(ctx, &key, kind, device).await? {
            return Ok(answer);
        }
        let now = now();
        // Only a clock-in is refused for its place: the rest are judged and flagged.
        let places = self.places.get(&self.db, ctx.company(), ctx.actor()).await?;
        let place = places::judge(&places, whereabouts);
        let outcome = self.presses.write(self.press(ctx, kind, now, &key, whereabouts, place)).await;
        match self.answered(ctx, &key, kind, device, outcome).await? {
            Made::Now(facts) => {
                let settings = self.settings.get(&self.db, ctx.company()).await?;
                let answer = with_places(card(&facts, ctx.time_zone(), device, &settings, now), &places);
                self.keep(ctx, &key, answer).await
            }
            Made::Before(first) => Ok(first),
            Made::Refused => Err(self.refusal(ctx, tracking_number, action).await?),
        }
    }

    fn press(
        &self,
        ctx: &TenantCtx,
        kind: PressKind,
        now: DateTime<Utc>,
        key: &Option<PressKey>,
        whereabouts: &Whereabouts,
        place: Option<PlaceVerdict>,
    ) -> Press {
        let receipt = key.as_ref().map(|key| NewReceipt {
            company: ctx.company(),
            employee: ctx.actor(),
            key: key.clone(),
            fingerprint: fingerprint(ctx, kind),
            action: kind.action(),
            entry: match kind {
                PressKind::OnShift { tracking_number, .. } => Some(tracking_number),
                PressKind::Start => None,
            },
            offline: None,
            recorded_at: now,
            received_at: now,
            held: None,
        });
        let source = if whereabouts.kiosk_at.is_some() { PressSource::Kiosk } else { PressSource::Web };
        Press { company: ctx.company(), actor: ctx.actor(), tz: ctx.time_zone(), kind, now, receipt, source, place }
    }

    /// The first answer of a key already used for this press; refused when it was used for
    /// another.
    async fn replay(
        &self,
        ctx: &TenantCtx,
        key: &Option<PressKey>,
        kind: PressKind,
        device: Device,
    ) -> Result<Option<ClockStatus>, ClockError> {
        let Some(key) = key else { return Ok(None) };
        let Some(receipt) = receipts::find(&self.db, ctx.company(), key).await? else { return Ok(None) };
        if receipt.fingerprint != fingerprint(ctx, kind) {
            return Err(ClockError::KeyReused);
        }
        match receipt.response.as_deref().map(serde_json::from_str::<ClockStatus>) {
            Some(Ok(first)) => Ok(Some(first)),
            // Made, but its answer was not kept (the server stopped in between): the clock as it
            // stands answers.
            _ => Ok(Some(self.status(ctx, device).await?)),
        }
    }

    /// A group's outcome, with a press already made under its key (a racing second send)
    /// answered from its receipt.
    async fn answered(
        &self,
        ctx: &TenantCtx,
        key: &Option<PressKey>,
        kind: PressKind,
        device: Device,
        outcome: Result<Option<CardFacts>, ClockError>,
    ) -> Result<Made, ClockError> {
        match outcome {
            Err(ClockError::AlreadyPressed) => match self.replay(ctx, key, kind, device).await? {
                Some(first) => Ok(Made::Before(first)),
                None => Err(ClockError::Refused("The clock changed meanwhile. Please reload the page.".to_owned())),
            },
            Ok(Some(facts)) => Ok(Made::Now(facts)),
            Ok(None) => Ok(Made::Refused),
            Err(err) => Err(err),
        }
    }

    /// Keeps the answer with the press's receipt.
    async fn keep(
        &self,
        ctx: &TenantCtx,
        key: &Option<PressKey>,
        answer: ClockStatus,
    ) -> Result<ClockStatus, ClockError> {
        if let Some(key) = key {
            let json = serde_json::to_string(&answer).map_err(|err| sea_orm::DbErr::Custom(err.to_string()))?;
            receipts::keep_response(&self.db, ctx.company(), key, json).await?;
        }
        Ok(answer)
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

/// The person's clock card now, read with the settings from the database (for a caller without
/// the service's cache: an offline press's answer).
pub async fn status_now(
    db: &impl sea_orm::ConnectionTrait,
    ctx: &TenantCtx,
    device: Device,
) -> Result<ClockStatus, ClockError> {
    let settings = settings::load(db, ctx.company()).await?;
    let now = now();
    let of = CardOf {
        company: ctx.company(),
        employee: ctx.actor(),
        tz: ctx.time_zone(),
        today: local_date(ctx.time_zone(), now),
        just_ended: None,
    };
    let facts = store::cards(db, &[of]).await?.remove(&ctx.actor()).unwrap_or_default();
    Ok(card(&facts, ctx.time_zone(), device, &settings, now))
}

/// The company's rules for a clock-in at `at`: phones may be turned off, and the clock may open
/// at a set time of day.
pub(crate) fn start_allowed(
    ctx: &TenantCtx,
    device: Device,
    settings: &TimeSettings,
    at: DateTime<Utc>,
) -> Result<(), ClockError> {
    if device == Device::Mobile && settings.mobile_clock_in_disabled {
        return Err(ClockError::MobileClockInDisabled);
    }
    if let Some(start) = settings.day_start_at {
        if at.with_timezone(&ctx.time_zone()).time() < start {
            return Err(ClockError::Refused(format!("Clock in starts at {}", twelve_hour(start))));
        }
    }
    Ok(())
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
        work_locations: Vec::new(),
        asks_position: false,
    }
}
