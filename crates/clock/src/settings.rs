//! A company's time settings: when the clock opens, whether phones may clock in, the pay cycle
//! and the weekly overtime threshold.

use crate::entities::time_settings;
use chrono::{NaiveDate, NaiveTime};
use kernel::{CompanyId, FieldErrors};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, ConnectionTrait, DbErr, EntityTrait};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How pay periods repeat, counted from an anchor date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PayCycle {
    /// Seven days from the anchor.
    Weekly,
    /// Fourteen days from the anchor.
    Biweekly,
    /// The 1st to the 15th and the 16th to the month's end (the anchor is not used).
    Semimonthly,
    /// From the anchor's day of the month to the day before it next month (clamped to short
    /// months).
    Monthly,
}

impl PayCycle {
    pub fn code(self) -> &'static str {
        match self {
            PayCycle::Weekly => "weekly",
            PayCycle::Biweekly => "biweekly",
            PayCycle::Semimonthly => "semimonthly",
            PayCycle::Monthly => "monthly",
        }
    }

    pub fn from_code(code: &str) -> Option<Self> {
        [PayCycle::Weekly, PayCycle::Biweekly, PayCycle::Semimonthly, PayCycle::Monthly]
            .into_iter()
            .find(|cycle| cycle.code() == code)
    }
}

/// The spec's workweek (000 §9): minutes above it in a Sunday–Saturday week are overtime.
pub const DEFAULT_WEEKLY_OVERTIME_MINUTES: i64 = 2400;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeSettings {
    /// Clock-in is refused before this local time.
    pub day_start_at: Option<NaiveTime>,
    pub mobile_clock_in_disabled: bool,
    pub pay_cycle: PayCycle,
    pub pay_cycle_anchor: NaiveDate,
    pub weekly_overtime_minutes: i64,
    /// Managers are mailed when their people are in overtime, or will be by their usual end.
    pub overtime_alert_emails: bool,
    /// Days a press's position and network address are kept; then only its verdict remains.
    pub position_retention_days: i64,
    /// A shift still open this long is closed provisionally, as a missed clock-out.
    pub max_shift_minutes: i64,
    /// A pay period closes by itself this many days after its last day (`None`: by hand only).
    pub auto_lock_days: Option<i64>,
    /// A person still clocked in this many minutes after their usual end is reminded (`None`: off).
    pub end_reminder_minutes: Option<i64>,
}

impl TimeSettings {
    /// The settings as the company's audit trail shows them.
    pub fn audit_snapshot(&self) -> audit::Snapshot {
        audit::Snapshot::new()
            .with("dayStartAt", self.day_start_at.map(|time| time.format("%H:%M").to_string()))
            .with("mobileClockInDisabled", self.mobile_clock_in_disabled)
            .with("payCycle", self.pay_cycle.code())
            .with("payCycleAnchor", self.pay_cycle_anchor.to_string())
            .with("weeklyOvertimeMinutes", self.weekly_overtime_minutes)
            .with("overtimeAlertEmails", self.overtime_alert_emails)
            .with("positionRetentionDays", self.position_retention_days)
            .with("maxShiftMinutes", self.max_shift_minutes)
            .with("autoLockDays", self.auto_lock_days)
            .with("endReminderMinutes", self.end_reminder_minutes)
    }
}

/// The longest shift unless the company says otherwise: 14 hours.
pub const DEFAULT_MAX_SHIFT_MINUTES: i64 = 14 * 60;

/// Positions are kept this long unless the company chooses otherwise.
pub const DEFAULT_POSITION_RETENTION_DAYS: i64 = 90;

impl Default for TimeSettings {
    /// Weekly pay from a Sunday, the 2,400-minute week, clock open all day, phones allowed.
    fn default() -> Self {
        Self {
            day_start_at: None,
            mobile_clock_in_disabled: false,
            pay_cycle: PayCycle::Weekly,
            pay_cycle_anchor: NaiveDate::from_ymd_opt(2023, 1, 1).unwrap_or_default(),
            weekly_overtime_minutes: DEFAULT_WEEKLY_OVERTIME_MINUTES,
            overtime_alert_emails: false,
            position_retention_days: DEFAULT_POSITION_RETENTION_DAYS,
            max_shift_minutes: DEFAULT_MAX_SHIFT_MINUTES,
            auto_lock_days: None,
            end_reminder_minutes: None,
        }
    }
}

/// Companies' settings kept in memory for a few seconds: every clock press and card reads them,
/// and they change a few times a year. A change made through this process is seen at once; one
/// made through another process (several servers on one PostgreSQL) within [`FRESH_FOR`].
#[derive(Debug, Clone, Default)]
pub struct SettingsCache(Arc<Mutex<HashMap<CompanyId, (Instant, TimeSettings)>>>);

/// How long settings read from the database are used without reading them again.
pub const FRESH_FOR: Duration = Duration::from_secs(5);

/// Companies remembered at most; past it the memory starts afresh.
const MAX_COMPANIES: usize = 10_000;

impl SettingsCache {
    pub async fn get(&self, db: &impl ConnectionTrait, company: CompanyId) -> Result<TimeSettings, DbErr> {
        let fresh = self
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&company)
            .filter(|(read_at, _)| read_at.elapsed() < FRESH_FOR)
            .map(|(_, settings)| settings.clone());
        match fresh {
            Some(settings) => Ok(settings),
            None => {
                let settings = load(db, company).await?;
                self.put(company, settings.clone());
                Ok(settings)
            }
        }
    }

    /// After `settings` were saved.
    pub fn put(&self, company: CompanyId, settings: TimeSettings) {
        let mut companies = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if companies.len() >= MAX_COMPANIES {
            companies.clear();
        }
        companies.insert(company, (Instant::now(), settings));
    }
}

/// The company's settings, or the defaults when it never changed them.
pub async fn load(db: &impl ConnectionTrait, company: CompanyId) -> Result<TimeSettings, DbErr> {
    let row = time_settings::Entity::find_by_id(company).one(db).await?;
    Ok(row
        .map(|row| TimeSettings {
            day_start_at: row.day_start_at.as_deref().and_then(parse_time),
            mobile_clock_in_disabled: row.mobile_clock_in_disabled,
            pay_cycle: PayCycle::from_code(&row.pay_cycle).unwrap_or(PayCycle::Weekly),
            pay_cycle_anchor: row.pay_cycle_anchor,
            weekly_overtime_minutes: i64::from(row.weekly_overtime_minutes),
            overtime_alert_emails: row.overtime_alert_emails,
            position_retention_days: i64::from(row.position_retention_days),
            max_shift_minutes: i64::from(row.max_shift_minutes),
            auto_lock_days: row.auto_lock_days.map(i64::from),
            end_reminder_minutes: row.end_reminder_minutes.map(i64::from),
        })
        .unwrap_or_default())
}

/// The companies whose managers are mailed about overtime (the alert job's round).
pub async fn alerting_companies(db: &impl ConnectionTrait) -> Result<Vec<CompanyId>, DbErr> {
    use sea_orm::{ColumnTrait, QueryFilter, QuerySelect};
    time_settings::Entity::find()
        .filter(time_settings::Column::OvertimeAlertEmails.eq(true))
        .select_only()
        .column(time_settings::Column::CompanyId)
        .into_tuple()
        .all(db)
        .await
}

/// Whether the company ever saved its settings (the guided start's "pay period" item).
pub async fn chosen(db: &impl ConnectionTrait, company: CompanyId) -> Result<bool, DbErr> {
    Ok(time_settings::Entity::find_by_id(company).one(db).await?.is_some())
}

pub async fn save(db: &impl ConnectionTrait, company: CompanyId, settings: &TimeSettings) -> Result<(), DbErr> {
    use time_settings::Column;
    time_settings::Entity::insert(time_settings::ActiveModel {
        company_id: Set(company),
        day_start_at: Set(settings.day_start_at.map(|time| time.format("%H:%M").to_string())),
        mobile_clock_in_disabled: Set(settings.mobile_clock_in_disabled),
        pay_cycle: Set(settings.pay_cycle.code().to_owned()),
        pay_cycle_anchor: Set(settings.pay_cycle_anchor),
        weekly_overtime_minutes: Set(i32::try_from(settings.weekly_overtime_minutes).unwrap_or(i32::MAX)),
        overtime_alert_emails: Set(settings.overtime_alert_emails),
        position_retention_days: Set(i32::try_from(settings.position_retention_days).unwrap_or(i32::MAX)),
        max_shift_minutes: Set(i32::try_from(settings.max_shift_minutes).unwrap_or(i32::MAX)),
        auto_lock_days: Set(settings.auto_lock_days.and_then(|days| i32::try_from(days).ok())),
        end_reminder_minutes: Set(settings.end_reminder_minutes.and_then(|minutes| i32::try_from(minutes).ok())),
    })
    .on_conflict(
        OnConflict::column(Column::CompanyId)
            .update_columns([
                Column::DayStartAt,
                Column::MobileClockInDisabled,
                Column::PayCycle,
                Column::PayCycleAnchor,
                Column::WeeklyOvertimeMinutes,
                Column::OvertimeAlertEmails,
                Column::PositionRetentionDays,
                Column::MaxShiftMinutes,
                Column::AutoLockDays,
                Column::EndReminderMinutes,
            ])
            .to_owned(),
    )
    .exec_without_returning(db)
    .await
    .map(|_| ())
}

fn parse_time(text: &str) -> Option<NaiveTime> {
    NaiveTime::parse_from_str(text.trim(), "%H:%M").ok()
}

/// A change of settings as sent; absent fields stay as they are, an empty `dayStartAt` clears it.
#[derive(Debug, Clone, Default)]
pub struct TimeSettingsChange {
    pub day_start_at: Option<String>,
    pub mobile_clock_in_disabled: Option<bool>,
    pub pay_cycle: Option<String>,
    pub pay_cycle_anchor: Option<String>,
    pub weekly_overtime_minutes: Option<i64>,
    pub overtime_alert_emails: Option<bool>,
    pub position_retention_days: Option<i64>,
    pub max_shift_minutes: Option<i64>,
    /// `Some(0)` turns closing by itself off.
    pub auto_lock_days: Option<i64>,
    /// `Some(0)` turns the reminder off.
    pub end_reminder_minutes: Option<i64>,
}

impl TimeSettingsChange {
    pub fn apply(&self, current: &TimeSettings) -> Result<TimeSettings, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut next = current.clone();
        if let Some(text) = &self.day_start_at {
            if text.trim().is_empty() {
                next.day_start_at = None;
            } else {
                match parse_time(text) {
                    Some(time) => next.day_start_at = Some(time),
                    None => errors.add("dayStartAt", "Please enter a time as HH:mm"),
                }
            }
        }
        if let Some(disabled) = self.mobile_clock_in_disabled {
            next.mobile_clock_in_disabled = disabled;
        }
        if let Some(alerts) = self.overtime_alert_emails {
            next.overtime_alert_emails = alerts;
        }
        if let Some(code) = &self.pay_cycle {
            match PayCycle::from_code(code.trim()) {
                Some(cycle) => next.pay_cycle = cycle,
                None => errors.add("payCycle", "Please choose weekly, biweekly, semimonthly or monthly"),
            }
        }
        if let Some(text) = &self.pay_cycle_anchor {
            match NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d") {
                Ok(date) => next.pay_cycle_anchor = date,
                Err(_) => errors.add("payCycleAnchor", "Please enter a date as YYYY-MM-DD"),
            }
        }
        if let Some(minutes) = self.weekly_overtime_minutes {
            if (60..=7 * 24 * 60).contains(&minutes) {
                next.weekly_overtime_minutes = minutes;
            } else {
                errors.add("weeklyOvertimeMinutes", "Please enter minutes between 60 and 10080");
            }
        }
        if let Some(days) = self.position_retention_days {
            if (1..=3650).contains(&days) {
                next.position_retention_days = days;
            } else {
                errors.add("positionRetentionDays", "Please enter between 1 and 3650 days");
            }
        }
        if let Some(minutes) = self.max_shift_minutes {
            if (4 * 60..=24 * 60).contains(&minutes) {
                next.max_shift_minutes = minutes;
            } else {
                errors.add(
                    "maxShiftMinutes",
                    "Please enter a longest shift between 4 and 24 hours (240 to 1440 minutes)",
                );
            }
        }
        if let Some(days) = self.auto_lock_days {
            match days {
                0 => next.auto_lock_days = None,
                1..=60 => next.auto_lock_days = Some(days),
                _ => {
                    errors.add("autoLockDays", "Please enter between 1 and 60 days, or 0 to close pay periods by hand")
                }
            }
        }
        if let Some(minutes) = self.end_reminder_minutes {
            match minutes {
                0 => next.end_reminder_minutes = None,
                5..=720 => next.end_reminder_minutes = Some(minutes),
                _ => errors.add("endReminderMinutes", "Please enter between 5 and 720 minutes, or 0 for no reminder"),
            }
        }
        errors.into_result(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_are_checked_field_by_field() {
        let current = TimeSettings::default();
        let change = TimeSettingsChange {
            day_start_at: Some("25:00".into()),
            pay_cycle: Some("fortnightly".into()),
            pay_cycle_anchor: Some("2026/01/01".into()),
            weekly_overtime_minutes: Some(5),
            ..Default::default()
        };
        let errors = change.apply(&current).unwrap_err();
        for field in ["dayStartAt", "payCycle", "payCycleAnchor", "weeklyOvertimeMinutes"] {
            assert!(errors.has(field), "{field}");
        }
        let change = TimeSettingsChange {
            day_start_at: Some("08:30".into()),
            pay_cycle: Some("biweekly".into()),
            ..Default::default()
        };
        let next = change.apply(&current).unwrap();
        assert_eq!(next.day_start_at, NaiveTime::from_hms_opt(8, 30, 0));
        assert_eq!(next.pay_cycle, PayCycle::Biweekly);
        assert_eq!(next.weekly_overtime_minutes, 2400);
        let cleared =
            TimeSettingsChange { day_start_at: Some(String::new()), ..Default::default() }.apply(&next).unwrap();
        assert_eq!(cleared.day_start_at, None);
    }
}
