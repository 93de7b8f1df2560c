use kernel::FieldErrors;

/// What can go wrong with a timesheet. No HTTP here: the gateway maps each variant.
#[derive(Debug, thiserror::Error)]
pub enum TimesheetError {
    #[error("some fields are invalid")]
    Validation(FieldErrors),
    /// Invalid as a whole, not for one field.
    #[error("{0}")]
    Invalid(String),
    /// The state does not allow it (a request no longer pending, one already raised…).
    #[error("{0}")]
    Conflict(String),
    #[error("not allowed")]
    Forbidden,
    /// An approver deciding a request they raised or one about themselves.
    #[error("{}", kernel::OWN_REQUEST_MESSAGE)]
    OwnRequest,
    /// Not in the caller's company or reach: the same answer as an id that does not exist.
    #[error("not found")]
    NotFound,
    /// The clock refused a press (an offline press the clock's state does not fit).
    #[error("{0}")]
    Clock(#[from] clock::ClockError),
    #[error("database: {0}")]
    Database(#[from] sea_orm::DbErr),
    #[error("internal: {0}")]
    Internal(String),
    /// What the approval path refused (who may answer, a link used or expired, a step moved on).
    #[error("{0}")]
    Approval(#[from] approvals::ApprovalError),
}

impl From<accounts::AccountsError> for TimesheetError {
    fn from(err: accounts::AccountsError) -> Self {
        match err {
            accounts::AccountsError::NotFound => TimesheetError::NotFound,
            accounts::AccountsError::Database(err) => TimesheetError::Database(err),
            other => TimesheetError::Internal(other.to_string()),
        }
    }
}
