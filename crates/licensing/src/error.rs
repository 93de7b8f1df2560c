use kernel::FieldErrors;

/// What the licensing services refuse.
#[derive(Debug, thiserror::Error)]
pub enum LicensingError {
    #[error("some fields are invalid")]
    Validation(FieldErrors),
    /// A file over the size limit: 413.
    #[error("the file is larger than {max_bytes} bytes")]
    TooLarge { max_bytes: usize },
    #[error("not found")]
    NotFound,
    #[error("database: {0}")]
    Database(#[from] sea_orm::DbErr),
    #[error("internal: {0}")]
    Internal(String),
}

impl LicensingError {
    pub(crate) fn field(field: &str, message: impl Into<String>) -> Self {
        LicensingError::Validation(FieldErrors::single(field, message))
    }

    /// A stored file's refusal, under the form's file field.
    pub(crate) fn from_file(field: &str, err: files::FilesError) -> Self {
        match err {
            files::FilesError::Rejected(message) => LicensingError::field(field, message),
            files::FilesError::TooLarge { max_bytes } => LicensingError::TooLarge { max_bytes },
            files::FilesError::NotFound => LicensingError::NotFound,
            files::FilesError::Db(err) => LicensingError::Database(err),
            files::FilesError::Store(err) => LicensingError::Internal(err.to_string()),
        }
    }
}

impl From<accounts::AccountsError> for LicensingError {
    fn from(err: accounts::AccountsError) -> Self {
        match err {
            accounts::AccountsError::NotFound => LicensingError::NotFound,
            accounts::AccountsError::Database(err) => LicensingError::Database(err),
            accounts::AccountsError::Validation(errors) => LicensingError::Validation(errors),
            other => LicensingError::Internal(other.to_string()),
        }
    }
}
