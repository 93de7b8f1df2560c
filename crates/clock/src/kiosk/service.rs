//! The kiosks' service: registering devices, PINs, and presses made at a kiosk.

use super::Pin;
use crate::entities::{kiosk_pins, kiosks, time_entries, work_locations};
use crate::error::ClockError;
use crate::machine::{ClockAction, ClockState};
use crate::places::Whereabouts;
use crate::receipts::PressKey;
use crate::service::{ClockService, ClockStatus, Device};
use accounts::tokens::{hash_token, random_token};
use accounts::{Accounts, RequestMeta};
use chrono::{DateTime, Duration, Utc};
use kernel::tenancy::same_company;
use kernel::{AdminCtx, CompanyId, KioskCtx, KioskId, LocationId, TenantCtx, UserId, WriteGate};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder,
};
use serde::Serialize;
use std::collections::HashMap;
use std::net::IpAddr;

/// Wrong PINs before a person is locked out of kiosks.
pub const PIN_TRIES: i32 = 5;
pub const PIN_LOCK_MINUTES: i64 = 5;
/// Wrong PINs in a row on one device before it pauses.
pub const DEVICE_TRIES: i32 = 10;
pub const DEVICE_PAUSE_SECONDS: i64 = 60;
/// A device's last use is written at most this often (not on every request).
const LAST_USE_EVERY_SECONDS: i64 = 60;

/// A kiosk as the admin's list shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct KioskView {
    pub id: i64,
    pub name: String,
    pub location_id: i64,
    pub location_name: String,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
    /// Set once revoked: the device's credential no longer works.
    pub revoked_at: Option<DateTime<Utc>>,
}

/// A kiosk just registered, with its credential: shown this once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RegisteredKiosk {
    pub kiosk: KioskView,
    /// The device's credential (`Authorization: Kiosk <secret>`); never shown again.
    pub secret: String,
}

/// Someone who may press at the kiosk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct KioskPerson {
    pub id: i64,
    pub firstname: String,
    pub lastname: String,
    /// 0 not clocked in, 1 clocked in, 2 on a break.
    pub status: i16,
}

/// What the kiosk screen shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct KioskRoster {
    pub kiosk_name: String,
    pub location_name: String,
    pub people: Vec<KioskPerson>,
}

/// A press made at a kiosk: whose, and their clock after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct KioskPressAnswer {
    pub employee_id: i64,
    pub firstname: String,
    pub lastname: String,
    pub clock: ClockStatus,
}

/// A verified device credential: what the guard builds the kiosk's proof from.
#[derive(Debug, Clone)]
pub struct KioskAuth {
    pub company: CompanyId,
    pub kiosk: KioskId,
    pub location: LocationId,
    pub time_zone: chrono_tz::Tz,
    /// The company's standing: an expired or suspended company's kiosk presses nothing.
    pub standing: accounts::AccountStanding,
}

#[derive(Clone)]
pub struct KioskService {
    db: DatabaseConnection,
    gate: WriteGate,
    accounts: Accounts,
    clock: ClockService,
}

fn at(time: DateTime<Utc>, tz: chrono_tz::Tz) -> String {
    time.with_timezone(&tz).format("%-I:%M %p").to_string()
}

impl KioskService {
    pub fn new(db: DatabaseConnection, gate: WriteGate, accounts: Accounts, clock: ClockService) -> Self {
        Self { db, gate, accounts, clock }
    }

    /// The kiosk a credential belongs to, if registered and not revoked.
    pub async fn authenticate(&self, secret: &str) -> Result<Option<KioskAuth>, ClockError> {
        let Some(kiosk) = kiosks::Entity::find()
            .filter(kiosks::Column::SecretHash.eq(hash_token(secret)))
            .filter(kiosks::Column::RevokedAt.is_null())
            .one(&self.db)
            .await?
        else {
            return Ok(None);
        };
        let now = crate::now();
        let Some((time_zone, standing)) =
            self.accounts.company_zone_and_standing(kiosk.company_id, now).await.map_err(accounts_error)?
        else {
            return Ok(None);
        };
        if kiosk.last_used_at.is_none_or(|used| now - used >= Duration::seconds(LAST_USE_EVERY_SECONDS)) {
            let _permit = self.gate.enter().await;
            kiosks::Entity::update_many()
                .col_expr(kiosks::Column::LastUsedAt, Expr::value(now))
                .filter(kiosks::Column::Id.eq(kiosk.id))
                .exec(&self.db)
                .await?;
        }
        Ok(Some(KioskAuth {
            company: kiosk.company_id,
            kiosk: kiosk.id,
            location: kiosk.location_id,
            time_zone,
            standing,
        }))
    }

    /// The company's kiosks, newest first (revoked ones too, marked).
    pub async fn kiosks(&self, ctx: &AdminCtx) -> Result<Vec<KioskView>, ClockError> {
        let names: HashMap<LocationId, String> = work_locations::Entity::find()
            .filter(same_company::<work_locations::Entity>(ctx.company()))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|location| (location.id, location.name))
            .collect();
        Ok(kiosks::Entity::find()
            .filter(same_company::<kiosks::Entity>(ctx.company()))
            .order_by_desc(kiosks::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|kiosk| view(kiosk, &names))
            .collect())
    }

    /// Registers a device for `location`: its credential is in the answer, once.
    pub async fn register(
        &self,
        ctx: &AdminCtx,
        name: &str,
        location: LocationId,
    ) -> Result<RegisteredKiosk, ClockError> {
        let name = name.trim();
        if name.is_empty() || name.chars().count() > 100 {
            return Err(ClockError::Validation(kernel::FieldErrors::single(
                "name",
                "Please name the kiosk (at most 100 characters), such as \"Front desk tablet\"",
            )));
        }
        let place = work_locations::Entity::find_by_id(location)
            .filter(same_company::<work_locations::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .ok_or(ClockError::NotFound)?;
        let secret = random_token();
        let row = {
            let _permit = self.gate.enter().await;
            kiosks::ActiveModel {
                company_id: Set(ctx.company()),
                location_id: Set(location),
                name: Set(name.to_owned()),
                secret_hash: Set(hash_token(&secret)),
                created_by: Set(Some(ctx.actor())),
                created_at: Set(crate::now()),
                last_used_at: Set(None),
                revoked_at: Set(None),
                failures: Set(0),
                throttled_until: Set(None),
                ..Default::default()
            }
            .insert(&self.db)
            .await?
        };
        let names = HashMap::from([(place.id, place.name)]);
        Ok(RegisteredKiosk { kiosk: view(row, &names), secret })
    }

    /// Revokes a kiosk at once: its next request is refused.
    pub async fn revoke(&self, ctx: &AdminCtx, id: KioskId) -> Result<Vec<KioskView>, ClockError> {
        {
            let _permit = self.gate.enter().await;
            let done = kiosks::Entity::update_many()
                .col_expr(kiosks::Column::RevokedAt, Expr::value(crate::now()))
                .filter(same_company::<kiosks::Entity>(ctx.company()))
                .filter(kiosks::Column::Id.eq(id))
                .filter(kiosks::Column::RevokedAt.is_null())
                .exec(&self.db)
                .await?;
            if done.rows_affected == 0
                && kiosks::Entity::find_by_id(id)
                    .filter(same_company::<kiosks::Entity>(ctx.company()))
                    .one(&self.db)
                    .await?
                    .is_none()
            {
                return Err(ClockError::NotFound);
            }
        }
        self.kiosks(ctx).await
    }

    async fn store_pin(&self, company: CompanyId, employee: UserId, pin: &Pin) -> Result<(), ClockError> {
        let hash = self.accounts.hash_secret(pin.expose().to_owned()).await.map_err(accounts_error)?;
        let _permit = self.gate.enter().await;
        kiosk_pins::Entity::insert(kiosk_pins::ActiveModel {
            employee_id: Set(employee),
            company_id: Set(company),
            pin_hash: Set(hash),
            failures: Set(0),
            locked_until: Set(None),
            updated_at: Set(crate::now()),
        })
        .on_conflict(
            OnConflict::column(kiosk_pins::Column::EmployeeId)
                .update_columns([
                    kiosk_pins::Column::PinHash,
                    kiosk_pins::Column::Failures,
                    kiosk_pins::Column::LockedUntil,
                    kiosk_pins::Column::UpdatedAt,
                ])
                .to_owned(),
        )
        .exec_without_returning(&self.db)
        .await?;
        Ok(())
    }

    /// The signed-in person chooses their own kiosk PIN (and is unlocked).
    pub async fn set_own_pin(&self, ctx: &TenantCtx, pin: &Pin) -> Result<(), ClockError> {
        self.store_pin(ctx.company(), ctx.actor(), pin).await
    }

    /// Whether the signed-in person has a kiosk PIN.
    pub async fn has_pin(&self, ctx: &TenantCtx) -> Result<bool, ClockError> {
        Ok(kiosk_pins::Entity::find_by_id(ctx.actor())
            .filter(same_company::<kiosk_pins::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .is_some())
    }

    /// An admin sets a new PIN for someone of the company (who forgot theirs), unlocking them.
    pub async fn reset_pin(&self, ctx: &AdminCtx, employee: UserId, pin: &Pin) -> Result<(), ClockError> {
        self.accounts.employee_in_scope(ctx, employee).await.map_err(accounts_error)?;
        self.store_pin(ctx.company(), employee, pin).await
    }

    /// Who may press at the kiosk, with where their clock stands.
    pub async fn roster(&self, kiosk: &KioskCtx) -> Result<KioskRoster, ClockError> {
        let row = kiosks::Entity::find_by_id(kiosk.kiosk())
            .filter(same_company::<kiosks::Entity>(kiosk.company()))
            .one(&self.db)
            .await?
            .ok_or(ClockError::NotFound)?;
        let location = work_locations::Entity::find_by_id(kiosk.location())
            .filter(same_company::<work_locations::Entity>(kiosk.company()))
            .one(&self.db)
            .await?
            .ok_or(ClockError::NotFound)?;
        let open: HashMap<UserId, i16> = time_entries::Entity::find()
            .filter(same_company::<time_entries::Entity>(kiosk.company()))
            .filter(time_entries::Column::OpenEmployeeId.is_not_null())
            .all(&self.db)
            .await?
            .into_iter()
            .map(|entry| (entry.employee_id, entry.state))
            .collect();
        let people = self
            .accounts
            .active_people_of(kiosk.company())
            .await
            .map_err(accounts_error)?
            .into_iter()
            .map(|person| KioskPerson {
                status: open.get(&person.id).copied().unwrap_or(ClockState::Initial.code()),
                id: person.id.0,
                firstname: person.first_name,
                lastname: person.last_name,
            })
            .collect();
        Ok(KioskRoster { kiosk_name: row.name, location_name: location.name, people })
    }

    /// Counts a wrong PIN against the person and the device; what to tell the person.
    async fn wrong_pin(
        &self,
        kiosk: &KioskCtx,
        employee: UserId,
        now: DateTime<Utc>,
        name: &str,
    ) -> Result<ClockError, ClockError> {
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        kiosk_pins::Entity::update_many()
            .col_expr(kiosk_pins::Column::Failures, Expr::col(kiosk_pins::Column::Failures).add(1))
            .filter(same_company::<kiosk_pins::Entity>(kiosk.company()))
            .filter(kiosk_pins::Column::EmployeeId.eq(employee))
            .exec(&txn)
            .await?;
        kiosks::Entity::update_many()
            .col_expr(kiosks::Column::Failures, Expr::col(kiosks::Column::Failures).add(1))
            .filter(kiosks::Column::Id.eq(kiosk.kiosk()))
            .exec(&txn)
            .await?;
        let pin = kiosk_pins::Entity::find_by_id(employee).one(&txn).await?;
        let device = kiosks::Entity::find_by_id(kiosk.kiosk()).one(&txn).await?;
        let mut answer = None;
        if let Some(device) = device.filter(|device| device.failures >= DEVICE_TRIES) {
            kiosks::Entity::update_many()
                .col_expr(kiosks::Column::Failures, Expr::value(0))
                .col_expr(kiosks::Column::ThrottledUntil, Expr::value(now + Duration::seconds(DEVICE_PAUSE_SECONDS)))
                .filter(kiosks::Column::Id.eq(device.id))
                .exec(&txn)
                .await?;
            answer = Some(ClockError::TooManyTries(format!(
                "Too many wrong PINs on this kiosk: it takes PINs again in {DEVICE_PAUSE_SECONDS} seconds."
            )));
        }
        let answer = match pin {
            Some(pin) if pin.failures >= PIN_TRIES => {
                let until = now + Duration::minutes(PIN_LOCK_MINUTES);
                kiosk_pins::Entity::update_many()
                    .col_expr(kiosk_pins::Column::Failures, Expr::value(0))
                    .col_expr(kiosk_pins::Column::LockedUntil, Expr::value(until))
                    .filter(kiosk_pins::Column::EmployeeId.eq(employee))
                    .exec(&txn)
                    .await?;
                ClockError::TooManyTries(format!(
                    "Too many wrong PINs: {name} can use the kiosks again at {}, or ask an admin to reset the PIN.",
                    at(until, kiosk.time_zone())
                ))
            }
            Some(pin) => answer.unwrap_or_else(|| {
                let left = PIN_TRIES - pin.failures;
                ClockError::WrongPin(format!(
                    "That PIN is not right. {left} {} left before the kiosks lock {name} out for {PIN_LOCK_MINUTES} minutes.",
                    if left == 1 { "try" } else { "tries" }
                ))
            }),
            None => answer.unwrap_or_else(|| no_pin(name)),
        };
        txn.commit().await?;
        Ok(answer)
    }

    /// A press at the kiosk by `employee`, once their PIN is right.
    pub async fn press(
        &self,
        kiosk: &KioskCtx,
        employee: UserId,
        pin: &str,
        action: ClockAction,
        key: Option<PressKey>,
        ip: Option<IpAddr>,
    ) -> Result<KioskPressAnswer, ClockError> {
        let now = crate::now();
        let device = kiosks::Entity::find_by_id(kiosk.kiosk()).one(&self.db).await?.ok_or(ClockError::NotFound)?;
        if device.throttled_until.is_some_and(|until| until > now) {
            return Err(ClockError::TooManyTries(format!(
                "Too many wrong PINs on this kiosk: it takes PINs again in {DEVICE_PAUSE_SECONDS} seconds."
            )));
        }
        // One read of the person, never the whole company's list on a press.
        let person = self
            .accounts
            .active_person(kiosk.company(), employee)
            .await
            .map_err(accounts_error)?
            .ok_or(ClockError::NotFound)?;
        let name = person.first_name.clone();
        let stored = kiosk_pins::Entity::find_by_id(employee)
            .filter(same_company::<kiosk_pins::Entity>(kiosk.company()))
            .one(&self.db)
            .await?;
        let Some(stored) = stored else { return Err(no_pin(&name)) };
        if let Some(until) = stored.locked_until.filter(|until| *until > now) {
            return Err(ClockError::TooManyTries(format!(
                "Too many wrong PINs: {name} can use the kiosks again at {}, or ask an admin to reset the PIN.",
                at(until, kiosk.time_zone())
            )));
        }
        let right = match Pin::typed(pin) {
            Some(pin) => self
                .accounts
                .verify_secret(pin.expose().to_owned(), stored.pin_hash.clone())
                .await
                .map_err(accounts_error)?,
            None => false,
        };
        if !right {
            return Err(self.wrong_pin(kiosk, employee, now, &name).await?);
        }
        if stored.failures > 0 || device.failures > 0 {
            let _permit = self.gate.enter().await;
            let txn = kernel::begin_write(&self.db).await?;
            kiosk_pins::Entity::update_many()
                .col_expr(kiosk_pins::Column::Failures, Expr::value(0))
                .filter(kiosk_pins::Column::EmployeeId.eq(employee))
                .exec(&txn)
                .await?;
            kiosks::Entity::update_many()
                .col_expr(kiosks::Column::Failures, Expr::value(0))
                .filter(kiosks::Column::Id.eq(kiosk.kiosk()))
                .exec(&txn)
                .await?;
            txn.commit().await?;
        }
        // The PIN is right: the person presses as themselves, at the kiosk's location.
        let ctx = kiosk.as_person(employee);
        let whereabouts = Whereabouts { position: None, ip, kiosk_at: Some(kiosk.location()) };
        let clock = match action {
            ClockAction::Start => self.clock.start(&ctx, Device::Desktop, key, &whereabouts).await?,
            action => {
                let open = crate::store::open_shift(&self.db, kiosk.company(), employee).await?;
                let Some(open) = open else {
                    return Err(ClockError::Refused(format!("{name} is not clocked in.")));
                };
                let entry = open.entry.id;
                match action {
                    ClockAction::TakeBreak => {
                        self.clock.take_break(&ctx, entry, Device::Desktop, key, &whereabouts).await?
                    }
                    ClockAction::Resume => self.clock.resume(&ctx, entry, Device::Desktop, key, &whereabouts).await?,
                    _ => self.clock.end(&ctx, entry, Device::Desktop, key, &whereabouts).await?,
                }
            }
        };
        Ok(KioskPressAnswer {
            employee_id: employee.0,
            firstname: person.first_name,
            lastname: person.last_name,
            clock,
        })
    }

    /// Leaving kiosk mode: an admin of the kiosk's company signs in (no session is kept).
    pub async fn leave(
        &self,
        kiosk: &KioskCtx,
        email: &str,
        password: String,
        meta: &RequestMeta,
    ) -> Result<(), ClockError> {
        self.accounts.confirm_admin(kiosk.company(), email, password, meta).await.map_err(accounts_error)?;
        Ok(())
    }
}

fn no_pin(name: &str) -> ClockError {
    ClockError::WrongPin(format!(
        "{name} has no kiosk PIN yet: choose one on the clock page (Kiosk PIN), or ask an admin to set one."
    ))
}

fn accounts_error(err: accounts::AccountsError) -> ClockError {
    match err {
        accounts::AccountsError::NotFound => ClockError::NotFound,
        other => ClockError::Accounts(other),
    }
}

fn view(kiosk: kiosks::Model, names: &HashMap<LocationId, String>) -> KioskView {
    KioskView {
        id: kiosk.id.0,
        location_name: names.get(&kiosk.location_id).cloned().unwrap_or_default(),
        location_id: kiosk.location_id.0,
        name: kiosk.name,
        created_at: kiosk.created_at,
        last_used_at: kiosk.last_used_at,
        revoked_at: kiosk.revoked_at,
    }
}
