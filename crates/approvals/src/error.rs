use kernel::FieldErrors;

/// What the approval services refuse.
#[derive(Debug, thiserror::Error)]
pub enum ApprovalError {
    #[error("some fields are invalid")]
    Validation(FieldErrors),
    /// The request moved on, a link was used, two answers raced: 409.
    #[error("{0}")]
    Conflict(String),
    /// Someone who may see the request but not answer it now: 403, saying who may.
    #[error("{0}")]
    Forbidden(String),
    /// An answer link past its seven days: 410.
    #[error("{0}")]
    Expired(String),
    #[error("not found")]
    NotFound,
    #[error("database: {0}")]
    Database(#[from] sea_orm::DbErr),
    #[error("internal: {0}")]
    Internal(String),
}

impl ApprovalError {
    pub(crate) fn field(field: &str, message: impl Into<String>) -> Self {
        ApprovalError::Validation(FieldErrors::single(field, message))
    }
}

impl From<accounts::AccountsError> for ApprovalError {
    fn from(err: accounts::AccountsError) -> Self {
        match err {
            accounts::AccountsError::NotFound => ApprovalError::NotFound,
            accounts::AccountsError::Database(err) => ApprovalError::Database(err),
            accounts::AccountsError::Validation(errors) => ApprovalError::Validation(errors),
            other => ApprovalError::Internal(other.to_string()),
        }
    }
}
