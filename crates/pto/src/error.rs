use kernel::FieldErrors;

/// What can go wrong with time off. No HTTP here: the gateway maps each variant.
#[derive(Debug, thiserror::Error)]
pub enum PtoError {
    #[error("some fields are invalid")]
    Validation(FieldErrors),
    /// The state does not allow it (deleting a type a plan uses…), with the reason shown.
    #[error("{0}")]
    Conflict(String),
    /// Allowed to others, not to this caller (approving one's own request…), with the reason.
    #[error("{0}")]
    Forbidden(String),
    /// Not in the caller's company or reach: the same answer as an id that does not exist.
    #[error("not found")]
    NotFound,
    #[error("database: {0}")]
    Database(#[from] sea_orm::DbErr),
    #[error("internal: {0}")]
    Internal(String),
}

impl PtoError {
    pub(crate) fn field(field: &str, message: impl Into<String>) -> Self {
        PtoError::Validation(FieldErrors::single(field, message))
    }
}

impl From<accounts::AccountsError> for PtoError {
    fn from(err: accounts::AccountsError) -> Self {
        match err {
            accounts::AccountsError::NotFound => PtoError::NotFound,
            accounts::AccountsError::Database(err) => PtoError::Database(err),
            accounts::AccountsError::Validation(errors) => PtoError::Validation(errors),
            other => PtoError::Internal(other.to_string()),
        }
    }
}
