//! Press receipts: a press sent with an `Idempotency-Key` is made once.
//!
//! The key is the press's identity (a phone makes a UUIDv7 per press and sends it again until it
//! hears an answer), so it is kept for good, unique per company. A receipt is written in the
//! same transaction as the press it records, so a press and its receipt exist together or not at
//! all; a second send finds the receipt and answers from it (the same key with another press is
//! refused). An offline press's receipt also keeps what the phone said: its clock at the press,
//! its measured offset from the server's clock, the corrected time it was recorded at, and
//! whether it was applied or held for a manager, and why ([`OfflinePress`] shows it).

use crate::entities::clock_press_receipts as receipts;
use crate::machine::ClockAction;
use chrono::{DateTime, Utc};
use kernel::{CompanyId, EditRequestId, EntryId, UserId};
use sea_orm::sea_query::{Expr, OnConflict, Query};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QueryTrait,
};
use serde::Serialize;
use std::collections::HashMap;

/// The longest key accepted.
pub const KEY_MAX: usize = 128;

/// An `Idempotency-Key`: 1–128 letters, digits, `-`, `_`, `.` or `:`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PressKey(String);

impl PressKey {
    pub fn parse(value: &str) -> Option<Self> {
        let valid = !value.is_empty()
            && value.len() <= KEY_MAX
            && value.chars().all(|c| c.is_ascii_alphanumeric() || "-_.:".contains(c));
        valid.then(|| PressKey(value.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A receipt to write with its press.
#[derive(Debug, Clone)]
pub struct NewReceipt {
    pub company: CompanyId,
    pub employee: UserId,
    pub key: PressKey,
    /// What the key is sent with; another request under the key is refused.
    pub fingerprint: String,
    pub action: ClockAction,
    pub entry: Option<EntryId>,
    /// Made on a phone without a network: the phone's clock and offset follow.
    pub offline: Option<DeviceClock>,
    pub recorded_at: DateTime<Utc>,
    pub received_at: DateTime<Utc>,
    /// Not applied: went to a manager as an edit request.
    pub held: Option<Held>,
}

/// What a phone said about its clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeviceClock {
    pub device_time: DateTime<Utc>,
    /// Server clock minus the phone's, as last measured, in milliseconds.
    pub offset_ms: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Held {
    pub reason: String,
    pub request: Option<EditRequestId>,
}

/// A stored receipt, as the owner crate reads it back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Receipt {
    pub fingerprint: String,
    pub action: String,
    pub entry: Option<EntryId>,
    pub offline: Option<DeviceClock>,
    pub recorded_at: DateTime<Utc>,
    pub received_at: DateTime<Utc>,
    pub held: Option<Held>,
    /// The first answer (JSON), once written.
    pub response: Option<String>,
}

fn receipt(row: receipts::Model) -> Receipt {
    Receipt {
        offline: match (row.offline, row.device_time, row.offset_ms) {
            (true, Some(device_time), Some(offset_ms)) => Some(DeviceClock { device_time, offset_ms }),
            _ => None,
        },
        held: row.held.then(|| Held { reason: row.reason.unwrap_or_default(), request: row.request_id }),
        fingerprint: row.fingerprint,
        action: row.action,
        entry: row.entry_id,
        recorded_at: row.recorded_at,
        received_at: row.received_at,
        response: row.response,
    }
}

fn row(new: &NewReceipt) -> receipts::ActiveModel {
    receipts::ActiveModel {
        company_id: Set(new.company),
        employee_id: Set(new.employee),
        idempotency_key: Set(new.key.as_str().to_owned()),
        fingerprint: Set(new.fingerprint.clone()),
        action: Set(new.action.code().to_owned()),
        entry_id: Set(new.entry),
        offline: Set(new.offline.is_some()),
        device_time: Set(new.offline.map(|clock| clock.device_time)),
        offset_ms: Set(new.offline.map(|clock| clock.offset_ms)),
        recorded_at: Set(new.recorded_at),
        received_at: Set(new.received_at),
        held: Set(new.held.is_some()),
        reason: Set(new.held.as_ref().map(|held| held.reason.clone())),
        request_id: Set(new.held.as_ref().and_then(|held| held.request)),
        response: Set(None),
        ..Default::default()
    }
}

/// The receipt of `key` in `company`, if the key was used.
pub async fn find(db: &impl ConnectionTrait, company: CompanyId, key: &PressKey) -> Result<Option<Receipt>, DbErr> {
    Ok(receipts::Entity::find()
        .filter(kernel::tenancy::same_company::<receipts::Entity>(company))
        .filter(receipts::Column::IdempotencyKey.eq(key.as_str()))
        .one(db)
        .await?
        .map(receipt))
}

/// Writes receipts in the caller's transaction; the (company, key) pairs that were new (a key
/// already stored, or stored meanwhile by a racing send, is skipped: that press is already made).
pub async fn record(db: &impl ConnectionTrait, new: &[NewReceipt]) -> Result<Vec<(CompanyId, PressKey)>, DbErr> {
    if new.is_empty() {
        return Ok(Vec::new());
    }
    let mut insert = receipts::Entity::insert_many(new.iter().map(row))
        .on_conflict(
            OnConflict::columns([receipts::Column::CompanyId, receipts::Column::IdempotencyKey])
                .do_nothing()
                .to_owned(),
        )
        .into_query();
    insert.returning(Query::returning().columns([receipts::Column::CompanyId, receipts::Column::IdempotencyKey]));
    let mut stored = Vec::new();
    for found in db.query_all(db.get_database_backend().build(&insert)).await? {
        let company: CompanyId = found.try_get("", "company_id")?;
        let key: String = found.try_get("", "idempotency_key")?;
        stored.extend(PressKey::parse(&key).map(|key| (company, key)));
    }
    Ok(stored)
}

/// Takes back the receipts of presses refused in the same transaction: a refused press is not
/// made, and its key may be sent again.
pub async fn forget(db: &impl ConnectionTrait, company: CompanyId, keys: &[PressKey]) -> Result<(), DbErr> {
    if keys.is_empty() {
        return Ok(());
    }
    receipts::Entity::delete_many()
        .filter(kernel::tenancy::same_company::<receipts::Entity>(company))
        .filter(receipts::Column::IdempotencyKey.is_in(keys.iter().map(PressKey::as_str)))
        .exec(db)
        .await?;
    Ok(())
}

/// Keeps the first answer of `key`, once (a later answer never replaces it).
pub async fn keep_response(
    db: &impl ConnectionTrait,
    company: CompanyId,
    key: &PressKey,
    response: String,
) -> Result<(), DbErr> {
    receipts::Entity::update_many()
        .col_expr(receipts::Column::Response, Expr::value(response))
        .filter(kernel::tenancy::same_company::<receipts::Entity>(company))
        .filter(receipts::Column::IdempotencyKey.eq(key.as_str()))
        .filter(receipts::Column::Response.is_null())
        .exec(db)
        .await?;
    Ok(())
}

/// Names the shift a clock-in opened (known only once it is open), in the same transaction.
pub async fn attach_entry(
    db: &impl ConnectionTrait,
    company: CompanyId,
    key: &PressKey,
    entry: EntryId,
) -> Result<(), DbErr> {
    receipts::Entity::update_many()
        .col_expr(receipts::Column::EntryId, Expr::value(entry))
        .filter(kernel::tenancy::same_company::<receipts::Entity>(company))
        .filter(receipts::Column::IdempotencyKey.eq(key.as_str()))
        .exec(db)
        .await?;
    Ok(())
}

/// A press made offline, as the people who see the shift are shown it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct OfflinePress {
    /// start, break, resume or end.
    pub action: String,
    /// The phone's time corrected by its measured offset: the time the press counts at.
    pub recorded_at: DateTime<Utc>,
    /// The phone's own clock at the press.
    pub device_time: DateTime<Utc>,
    /// How far the phone's clock was ahead (positive) or behind, in seconds.
    pub skew_seconds: i64,
    /// When the server received it.
    pub received_at: DateTime<Utc>,
    /// Not applied: why, when it went to a manager instead.
    pub held_reason: Option<String>,
}

/// The offline presses of `entries`, oldest first, by shift.
pub async fn offline_presses(
    db: &impl ConnectionTrait,
    company: CompanyId,
    entries: &[EntryId],
) -> Result<HashMap<EntryId, Vec<OfflinePress>>, DbErr> {
    let mut by_entry: HashMap<EntryId, Vec<OfflinePress>> = HashMap::new();
    for chunk in entries.chunks(kernel::tenancy::IDS_PER_QUERY) {
        let rows = receipts::Entity::find()
            .filter(kernel::tenancy::same_company::<receipts::Entity>(company))
            .filter(receipts::Column::Offline.eq(true))
            .filter(receipts::Column::EntryId.is_in(chunk.iter().copied()))
            .order_by_asc(receipts::Column::RecordedAt)
            .order_by_asc(receipts::Column::Id)
            .all(db)
            .await?;
        for row in rows {
            let (Some(entry), Some(device_time), Some(offset_ms)) = (row.entry_id, row.device_time, row.offset_ms)
            else {
                continue;
            };
            by_entry.entry(entry).or_default().push(OfflinePress {
                action: row.action,
                recorded_at: row.recorded_at,
                device_time,
                skew_seconds: skew_seconds(offset_ms),
                received_at: row.received_at,
                held_reason: row.held.then_some(row.reason).flatten(),
            });
        }
    }
    Ok(by_entry)
}

/// How far a phone's clock runs ahead, in whole seconds, from its offset (server minus phone).
pub fn skew_seconds(offset_ms: i64) -> i64 {
    let ahead = -offset_ms;
    (ahead + ahead.signum() * 500) / 1000
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_short_visible_tokens() {
        assert!(PressKey::parse("0190f3c2-7b1a-7c3e-9f00-123456789abc").is_some());
        assert!(PressKey::parse("a:b.c_d-e").is_some());
        assert!(PressKey::parse("").is_none());
        assert!(PressKey::parse("has space").is_none());
        assert!(PressKey::parse("é").is_none());
        assert!(PressKey::parse(&"k".repeat(KEY_MAX)).is_some());
        assert!(PressKey::parse(&"k".repeat(KEY_MAX + 1)).is_none());
    }

    #[test]
    fn skew_is_how_far_the_phone_runs_ahead() {
        assert_eq!(skew_seconds(-600_000), 600);
        assert_eq!(skew_seconds(600_000), -600);
        assert_eq!(skew_seconds(-1_499), 1);
        assert_eq!(skew_seconds(-1_500), 2);
        assert_eq!(skew_seconds(0), 0);
    }
}
