//! Counting failures per key (an e-mail, an address) in a time window, and blocking a key that
//! failed too often. Kept in the database, so every server process of a deployment shares it.

use crate::entities::auth_throttle::{self, Entity as Throttle};
use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

/// How many failures a key may have in a window before it is blocked, and for how long.
#[derive(Debug, Clone, Copy)]
pub struct ThrottleRule {
    pub max_failures: i32,
    pub window: Duration,
    pub block_for: Duration,
}

/// When the key may try again, if it is blocked now.
pub async fn blocked_until(
    db: &impl ConnectionTrait,
    key: &str,
    now: DateTime<Utc>,
) -> Result<Option<DateTime<Utc>>, DbErr> {
    let row = Throttle::find_by_id(key.to_owned()).one(db).await?;
    Ok(row.and_then(|row| row.blocked_until).filter(|until| *until > now))
}

/// Counts one failure (or one attempt, for limits on attempts) and returns how many the key has
/// in the current window. Reaching the rule's maximum blocks the key.
pub async fn record_failure(
    db: &impl ConnectionTrait,
    key: &str,
    rule: ThrottleRule,
    now: DateTime<Utc>,
) -> Result<i32, DbErr> {
    // A window that has run out (and holds no live block) starts again from zero.
    Throttle::delete_many()
        .filter(auth_throttle::Column::Key.eq(key))
        .filter(auth_throttle::Column::WindowStartedAt.lt(now - rule.window))
        .filter(auth_throttle::Column::BlockedUntil.is_null().or(auth_throttle::Column::BlockedUntil.lt(now)))
        .exec(db)
        .await?;
    // One statement, so concurrent failures are all counted.
    Throttle::insert(auth_throttle::ActiveModel {
        key: Set(key.to_owned()),
        window_started_at: Set(now),
        failures: Set(1),
        blocked_until: Set(None),
    })
    .on_conflict(
        OnConflict::column(auth_throttle::Column::Key)
            .value(
                auth_throttle::Column::Failures,
                Expr::col((auth_throttle::Entity, auth_throttle::Column::Failures)).add(1),
            )
            .to_owned(),
    )
    .exec_without_returning(db)
    .await?;
    let failures = Throttle::find_by_id(key.to_owned()).one(db).await?.map_or(1, |row| row.failures);
    if failures >= rule.max_failures {
        Throttle::update_many()
            .col_expr(auth_throttle::Column::BlockedUntil, Expr::value(now + rule.block_for))
            .filter(auth_throttle::Column::Key.eq(key))
            .exec(db)
            .await?;
    }
    Ok(failures)
}

/// Forgets a key's failures (after a successful sign-in or a password reset).
pub async fn clear(db: &impl ConnectionTrait, key: &str) -> Result<(), DbErr> {
    Throttle::delete_by_id(key.to_owned()).exec(db).await.map(|_| ())
}
