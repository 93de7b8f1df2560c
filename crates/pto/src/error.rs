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
    /// Time off on a day of a closed pay period (issue 40), refused until an admin reopens it.
    #[error("{0}")]
    PeriodClosed(String),
    #[error("database: {0}")]
    Database(#[from] sea_orm::DbErr),
    #[error("internal: {0}")]
    Internal(String),
    /// What the approval path refused (who may answer, a link used or expired, a step moved on).
    #[error("{0}")]
    Approval(#[from] approvals::ApprovalError),
}

impl PtoError {
    pub(crate) fn field(field: &str, message: impl Into<String>) -> Self {
        PtoError::Validation(FieldErrors::single(field, message))
    }
}

impl PtoError {
    /// Time off on any day of `first..=last` is refused while one of them is in a closed pay
    /// period: approving or cancelling it would change hours already paid.
    pub(crate) async fn refuse_closed_days(
        db: &impl sea_orm::ConnectionTrait,
        company: kernel::CompanyId,
        first: chrono::NaiveDate,
        last: chrono::NaiveDate,
    ) -> Result<(), PtoError> {
        match clock::periods::locked_between(db, company, first, last).await?.first() {
            Some(period) => Err(PtoError::PeriodClosed(clock::periods::closed_message(period.start, period.end))),
            None => Ok(()),
        }
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
