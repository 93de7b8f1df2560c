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
    #[error("invalid settings")]
    Validation(FieldErrors),
    #[error("database: {0}")]
    Database(#[from] sea_orm::DbErr),
}
