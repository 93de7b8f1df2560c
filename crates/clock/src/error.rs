use kernel::FieldErrors;

/// What can go wrong with the clock. No HTTP here: the gateway maps each variant.
#[derive(Debug, thiserror::Error)]
pub enum ClockError {
    /// The action does not fit the clock's state; nothing changed. The text is for the person.
    #[error("{0}")]
    Refused(String),
    #[error("clocking in from a mobile device is turned off")]
    MobileClockInDisabled,
    #[error("not allowed")]
    Forbidden,
    /// A clock-in refused by a work location's rule in block mode: why, and what to do.
    #[error("{0}")]
    OutsideWorkLocation(String),
    /// A kiosk PIN that is not right (or not set): what to tell the person.
    #[error("{0}")]
    WrongPin(String),
    /// Too many wrong PINs: the person, or the kiosk, waits.
    #[error("{0}")]
    TooManyTries(String),
    /// From the accounts (an admin's sign-in at a kiosk, a PIN hashed on its pool).
    #[error("{0}")]
    Accounts(accounts::AccountsError),
    /// Not in the company (a location, a person).
    #[error("not found")]
    NotFound,
    #[error("invalid settings")]
    Validation(FieldErrors),
    /// An `Idempotency-Key` sent again with another press.
    #[error("This Idempotency-Key was already used for another press.")]
    KeyReused,
    /// The press under this key was already made: its receipt answers (never leaves the crate's
    /// service, which answers from the receipt).
    #[error("already pressed")]
    AlreadyPressed,
    /// A change to a day of a closed pay period, refused until an admin reopens it.
    #[error("{0}")]
    PeriodClosed(String),
    #[error("database: {0}")]
    Database(#[from] sea_orm::DbErr),
}
