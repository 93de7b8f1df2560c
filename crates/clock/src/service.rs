//! The clock service: an employee's own clock.
//!
//! The server is the authority. Each action is one transaction whose first statement is a
//! conditional write (a compare-and-set on the shift's state, or the insert of a shift that the
//! unique "open shift" column admits once per employee), so two racing presses can never both
//! succeed and a refused press changes nothing.

use crate::entities::{time_entries, time_entry_actions, time_entry_breaks};
use crate::error::ClockError;
use crate::machine::{transition, ClockAction, ClockState, Refusal};
use crate::settings::{self, TimeSettings, TimeSettingsChange};
use crate::shift::Shift;
use crate::store::{self, StoredShift};
use chrono::{DateTime, Duration, SubsecRound, Utc};
use kernel::time::{local_date, start_of_day, week_start};
use kernel::{TenantCtx, UserId, WriteGate};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, SqlErr,
    TransactionTrait,
};
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
    gate: WriteGate,
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
        Self { db, gate }
    }

    pub async fn settings(&self, ctx: &TenantCtx) -> Result<TimeSettings, ClockError> {
        Ok(settings::load(&self.db, ctx.company()).await?)
    }

    /// Admins only.
    pub async fn update_settings(
        &self,
        ctx: &TenantCtx,
        change: &TimeSettingsChange,
    ) -> Result<TimeSettings, ClockError> {
        if !ctx.is_admin() {
            return Err(ClockError::Forbidden);
        }
        let current = settings::load(&self.db, ctx.company()).await?;
        let next = change.apply(&current).map_err(ClockError::Validation)?;
        settings::save(&self.db, ctx.company(), &next).await?;
        Ok(next)
    }

    /// The card's data. On a phone of a company that turned phone clock-in off, `errors` says so
    /// (the card shows it instead of the button).
    pub async fn status(&self, ctx: &TenantCtx, device: Device) -> Result<ClockStatus, ClockError> {
        let now = now();
        let tz = ctx.time_zone();
        let employee = ctx.actor();
        let settings = settings::load(&self.db, ctx.company()).await?;
        let today = local_date(tz, now);
        let week_from = start_of_day(tz, week_start(today));
        let week_to = start_of_day(tz, week_start(today) + Duration::days(7));
        // Breaks suffice here: no history is shown on the card.
        let week = store::shifts_of_for_minutes(&self.db, ctx.company(), employee, week_from, week_to).await?;
        let week_minutes = week.iter().map(|shift| shift.shift().worked_minutes(now)).sum();
        // The open shift, or the one that ended today, is nearly always in this week already.
        let today_starts = start_of_day(tz, today);
        // An open shift first; else the one that ended last today (two shifts may share a start
        // second, so the order of the list alone does not decide).
        let in_week = week.iter().find(|shift| shift.state().is_open()).cloned().or_else(|| {
            week.iter()
                .filter(|shift| shift.entry.end_at.is_some_and(|end| end >= today_starts))
                .max_by_key(|shift| (shift.entry.end_at, shift.entry.id))
                .cloned()
        });
        let current: Option<StoredShift> = match in_week {
            Some(shift) => Some(shift),
            None => match store::open_shift(&self.db, ctx.company(), employee).await? {
                Some(open) => Some(open),
                None => self.latest_ended_today(ctx, now).await?,
            },
        };
        let (status, minutes, tracking_number, shift_start, break_start) = match &current {
            Some(shift) => (
                shift.state(),
                shift.shift().worked_minutes(now),
                Some(shift.entry.id),
                Some(shift.entry.start_at),
                shift.open_break().map(|pause| pause.start_at),
            ),
            None => (ClockState::Initial, 0, None, None, None),
        };
        let local_time = now.with_timezone(&tz).time();
        Ok(ClockStatus {
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
        })
    }

    async fn latest_ended_today(&self, ctx: &TenantCtx, now: DateTime<Utc>) -> Result<Option<StoredShift>, ClockError> {
        let today_starts = start_of_day(ctx.time_zone(), local_date(ctx.time_zone(), now));
        let latest = time_entries::Entity::find()
            .filter(time_entries::Column::CompanyId.eq(ctx.company().0))
            .filter(time_entries::Column::EmployeeId.eq(ctx.actor().0))
            .filter(time_entries::Column::EndAt.gte(today_starts))
            .order_by_desc(time_entries::Column::EndAt)
            .order_by_desc(time_entries::Column::Id)
            .one(&self.db)
            .await?;
        Ok(store::with_details(&self.db, latest.into_iter().collect()).await?.pop())
    }

    /// Starts a shift ('Clock In', or 'Start a New Shift' after clocking out).
    pub async fn start(&self, ctx: &TenantCtx, device: Device) -> Result<ClockStatus, ClockError> {
        let now = now();
        let settings = settings::load(&self.db, ctx.company()).await?;
        if device == Device::Mobile && settings.mobile_clock_in_disabled {
            return Err(ClockError::MobileClockInDisabled);
        }
        if let Some(start) = settings.day_start_at {
            if now.with_timezone(&ctx.time_zone()).time() < start {
                return Err(ClockError::Refused(format!("Clock in starts at {}", twelve_hour(start))));
            }
        }
        let permit = self.gate.enter().await;
        let txn = self.db.begin().await?;
        let worked = Shift { start: now, end: None, breaks: Vec::new() }.worked_time(ctx.time_zone());
        let inserted = time_entries::ActiveModel {
            work_day: Set(Some(worked.day)),
            work_week: Set(Some(worked.week)),
            worked_minutes: Set(None),
            company_id: Set(ctx.company().0),
            employee_id: Set(ctx.actor().0),
            start_at: Set(now),
            end_at: Set(None),
            state: Set(ClockState::ClockedIn.code()),
            open_employee_id: Set(Some(ctx.actor().0)),
            created_by: Set(ctx.actor().0),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await;
        let entry = match inserted {
            Ok(entry) => entry,
            Err(err) if matches!(err.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
                return Err(ClockError::Refused(Refusal::AlreadyClockedIn.to_string()));
            }
            Err(err) => return Err(err.into()),
        };
        record_action(&txn, entry.id, "start", now, ctx.actor()).await?;
        txn.commit().await?;
        drop(permit);
        self.status(ctx, device).await
    }

    pub async fn take_break(
        &self,
        ctx: &TenantCtx,
        tracking_number: i64,
        device: Device,
    ) -> Result<ClockStatus, ClockError> {
        self.act(ctx, tracking_number, ClockAction::TakeBreak, device).await
    }

    pub async fn resume(
        &self,
        ctx: &TenantCtx,
        tracking_number: i64,
        device: Device,
    ) -> Result<ClockStatus, ClockError> {
        self.act(ctx, tracking_number, ClockAction::Resume, device).await
    }

    pub async fn end(&self, ctx: &TenantCtx, tracking_number: i64, device: Device) -> Result<ClockStatus, ClockError> {
        self.act(ctx, tracking_number, ClockAction::End, device).await
    }

    /// Break, resume and end on the caller's open shift `tracking_number`.
    async fn act(
        &self,
        ctx: &TenantCtx,
        tracking_number: i64,
        action: ClockAction,
        device: Device,
    ) -> Result<ClockStatus, ClockError> {
        let now = now();
        let from_states: Vec<ClockState> = [ClockState::ClockedIn, ClockState::OnBreak]
            .into_iter()
            .filter(|state| transition(*state, action).is_ok())
            .collect();
        let permit = self.gate.enter().await;
        let txn = self.db.begin().await?;
        let mut moved = None;
        for from in from_states {
            let Ok(to) = transition(from, action) else { continue };
            let mut update = time_entries::Entity::update_many()
                .col_expr(time_entries::Column::State, Expr::value(to.code()))
                .col_expr(time_entries::Column::UpdatedAt, Expr::value(now));
            if to == ClockState::ClockedOut {
                update = update
                    .col_expr(time_entries::Column::EndAt, Expr::value(now))
                    .col_expr(time_entries::Column::OpenEmployeeId, Expr::value(Option::<i64>::None));
            }
            let result = update
                .filter(time_entries::Column::Id.eq(tracking_number))
                .filter(time_entries::Column::CompanyId.eq(ctx.company().0))
                .filter(time_entries::Column::EmployeeId.eq(ctx.actor().0))
                .filter(time_entries::Column::State.eq(from.code()))
                .exec(&txn)
                .await?;
            if result.rows_affected == 1 {
                moved = Some((from, to));
                break;
            }
        }
        let Some((from, _)) = moved else {
            txn.rollback().await?;
            drop(permit);
            return Err(self.refusal(ctx, tracking_number, action).await?);
        };
        match action {
            ClockAction::TakeBreak => {
                time_entry_breaks::ActiveModel {
                    entry_id: Set(tracking_number),
                    start_at: Set(now),
                    end_at: Set(None),
                    ..Default::default()
                }
                .insert(&txn)
                .await?;
                record_action(&txn, tracking_number, "break", now, ctx.actor()).await?;
            }
            ClockAction::Resume => {
                close_open_break(&txn, tracking_number, now).await?;
                record_action(&txn, tracking_number, "resume", now, ctx.actor()).await?;
            }
            ClockAction::End => {
                if from == ClockState::OnBreak {
                    close_open_break(&txn, tracking_number, now).await?;
                    record_action(&txn, tracking_number, "resume", now, ctx.actor()).await?;
                }
                record_action(&txn, tracking_number, "end", now, ctx.actor()).await?;
                store::store_worked_time(&txn, tracking_number, ctx.time_zone()).await?;
            }
            ClockAction::Start => {}
        }
        txn.commit().await?;
        drop(permit);
        self.status(ctx, device).await
    }

    /// Why an action was refused, read after the fact.
    async fn refusal(
        &self,
        ctx: &TenantCtx,
        tracking_number: i64,
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

async fn record_action(
    db: &impl sea_orm::ConnectionTrait,
    entry_id: i64,
    action_type: &str,
    at: DateTime<Utc>,
    actor: UserId,
) -> Result<(), sea_orm::DbErr> {
    time_entry_actions::ActiveModel {
        entry_id: Set(entry_id),
        action_type: Set(action_type.to_owned()),
        action_at: Set(at),
        actor_id: Set(actor.0),
        ..Default::default()
    }
    .insert(db)
    .await
    .map(|_| ())
}

async fn close_open_break(
    db: &impl sea_orm::ConnectionTrait,
    entry_id: i64,
    at: DateTime<Utc>,
) -> Result<(), sea_orm::DbErr> {
    time_entry_breaks::Entity::update_many()
        .col_expr(time_entry_breaks::Column::EndAt, Expr::value(at))
        .filter(time_entry_breaks::Column::EntryId.eq(entry_id))
        .filter(time_entry_breaks::Column::EndAt.is_null())
        .exec(db)
        .await
        .map(|_| ())
}
