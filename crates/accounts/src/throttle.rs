//! Counting failures per key (an e-mail, an address) in a time window, and blocking a key that
//! failed too often. Kept in the database, so every server process of a deployment shares it.

/// The keys, one builder each, so counting, clearing and erasing (`purge.rs`) name them alike.
pub mod keys {
    /// Wrong passwords for an account, from anywhere.
    pub fn login_email(email: &str) -> String {
        format!("login-email:{email}")
    }

    /// The beginning of [`login_email_ip`]'s keys for one account (any address).
    pub fn login_email_ip_prefix(email: &str) -> String {
        format!("login-email-ip:{email}|")
    }

    /// Wrong passwords for an account from one address.
    pub fn login_email_ip(email: &str, ip: &str) -> String {
        format!("{}{ip}", login_email_ip_prefix(email))
    }

    /// Wrong passwords from one address, across accounts.
    pub fn login_ip(ip: &str) -> String {
        format!("login-ip:{ip}")
    }

    /// Reset mails for one address.
    pub fn reset_email(email: &str) -> String {
        format!("reset-email:{email}")
    }

    /// Wrong two-factor codes (and passwords when turning it off), by user id.
    pub fn two_factor(user_id: i64) -> String {
        format!("two-factor:{user_id}")
    }

    /// Wrong current passwords when changing it, by user id.
    pub fn change_password(user_id: i64) -> String {
        format!("change-password:{user_id}")
    }
}

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
