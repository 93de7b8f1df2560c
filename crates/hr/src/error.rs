use kernel::FieldErrors;

/// What can go wrong with people and company data. No HTTP here: the gateway maps each variant.
#[derive(Debug, thiserror::Error)]
pub enum HrError {
    #[error("some fields are invalid")]
    Validation(FieldErrors),
    /// Invalid input with a summary for the whole form (the bulk add).
    #[error("{message}")]
    Invalid { message: String, errors: FieldErrors },
    /// The e-mail address belongs to another user.
    #[error("{message}")]
    EmailTaken { message: String, errors: FieldErrors },
    /// The state does not allow it (terminating someone already terminated…).
    #[error("{0}")]
    Conflict(String),
    #[error("not allowed")]
    Forbidden,
    /// Not allowed, with the reason the person is told.
    #[error("{0}")]
    ForbiddenBecause(&'static str),
    /// Not in the caller's company or reach: the same answer as an id that does not exist.
    #[error("not found")]
    NotFound,
    #[error(transparent)]
    File(files::FilesError),
    /// The partner CRM refused, failed or did not answer (the import).
    #[error(transparent)]
    Partner(agencyzoom::AzError),
    #[error("database: {0}")]
    Database(#[from] sea_orm::DbErr),
    #[error("internal: {0}")]
    Internal(String),
}

impl HrError {
    pub(crate) fn field(field: &str, message: impl Into<String>) -> Self {
        HrError::Validation(FieldErrors::single(field, message))
    }

    pub(crate) fn email_taken(message: impl Into<String>) -> Self {
        let message = message.into();
        HrError::EmailTaken { errors: FieldErrors::single("email", message.clone()), message }
    }

    /// A change through accounts' write API that found no row to change (a company gone from
    /// under the request): the same answer as a read that found nothing.
    pub(crate) fn not_found_if_missing(err: sea_orm::DbErr) -> Self {
        match err {
            sea_orm::DbErr::RecordNotFound(_) => HrError::NotFound,
            other => HrError::Database(other),
        }
    }
}

impl From<files::FilesError> for HrError {
    fn from(err: files::FilesError) -> Self {
        match err {
            files::FilesError::NotFound => HrError::NotFound,
            files::FilesError::Db(err) => HrError::Database(err),
            other => HrError::File(other),
        }
    }
}

impl From<accounts::AccountsError> for HrError {
    fn from(err: accounts::AccountsError) -> Self {
        match err {
            accounts::AccountsError::NotFound => HrError::NotFound,
            accounts::AccountsError::Database(err) => HrError::Database(err),
            accounts::AccountsError::Validation(errors) => HrError::Validation(errors),
            other => HrError::Internal(other.to_string()),
        }
    }
}

impl From<clock::ClockError> for HrError {
    fn from(err: clock::ClockError) -> Self {
        match err {
            clock::ClockError::Database(err) => HrError::Database(err),
            other => HrError::Internal(other.to_string()),
        }
    }
}
