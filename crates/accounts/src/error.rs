//! What can go wrong in the accounts service. No HTTP here: the gateway maps each variant to a
//! status and a stable code.

use kernel::FieldErrors;

pub const INVALID_LINK_MESSAGE: &str = "This link is invalid or has expired.";

#[derive(Debug, thiserror::Error)]
pub enum AccountsError {
    #[error("some fields are invalid")]
    Validation(FieldErrors),
    /// Unknown e-mail and wrong password answer alike. `suggest_reset` is set after more than
    /// three failures in a row, so the message can point at the reset link.
    #[error("incorrect email or password")]
    InvalidCredentials { suggest_reset: bool },
    #[error("the e-mail address is not verified yet")]
    EmailNotVerified,
    #[error("too many attempts")]
    TooManyAttempts { retry_after_seconds: i64 },
    /// Too many wrong two-factor codes for the account.
    #[error("too many wrong codes")]
    TooManyCodes { retry_after_seconds: i64 },
    /// Too many password hashes under way: try again in a moment.
    #[error("too many sign-ins at once")]
    Busy,
    #[error("an account with this e-mail already exists")]
    EmailTaken,
    /// An e-mail link (verification, reset, security token) that is unknown, used or expired.
    #[error("the link is invalid or has expired")]
    InvalidLink { verification: bool },
    /// No session: the token is missing, forged, expired or revoked, or its user is gone.
    /// An API key that is unknown, revoked, expired, or whose admin can no longer act.
    #[error("API key refused: {0}")]
    KeyRefused(String),
    /// An API key past its requests for the window.
    #[error("too many requests with this API key")]
    KeyThrottled { retry_after_seconds: i64 },
    #[error("not signed in")]
    Unauthenticated,
    /// A two-factor challenge that is unknown, used or expired: sign in again.
    #[error("the sign-in challenge has expired")]
    ChallengeExpired,
    /// Refused for who the caller is, with the message for the person.
    #[error("forbidden: {0}")]
    Forbidden(String),
    /// No such record in the caller's company and reach.
    #[error("not found")]
    NotFound,
    /// A request that makes no sense in the current state, with the message for the person.
    #[error("{0}")]
    Refused(String),
    #[error("the bot check failed")]
    BotCheckFailed,
    /// Single sign-on did not sign anyone in (`crate::sso`).
    #[error("single sign-on failed: {0:?}")]
    Sso(crate::sso::SsoFailure),
    #[error("database: {0}")]
    Database(#[from] sea_orm::DbErr),
    #[error("internal: {0}")]
    Internal(String),
}

impl From<crate::password::HashError> for AccountsError {
    fn from(err: crate::password::HashError) -> Self {
        AccountsError::Internal(err.to_string())
    }
}

impl From<crate::tokens::TokenError> for AccountsError {
    fn from(err: crate::tokens::TokenError) -> Self {
        match err {
            crate::tokens::TokenError::Invalid => AccountsError::Unauthenticated,
            crate::tokens::TokenError::Signing(message) => AccountsError::Internal(message),
        }
    }
}
