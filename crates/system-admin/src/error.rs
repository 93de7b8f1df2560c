use kernel::FieldErrors;
use sea_orm::DbErr;

#[derive(Debug, thiserror::Error)]
pub enum SystemError {
    /// No such company, user, charge or promotion (or billing is off).
    #[error("not found")]
    NotFound,
    /// The company was deleted (the audit log says when).
    #[error("{0}")]
    Gone(String),
    #[error("invalid input")]
    Validation(FieldErrors),
    /// A request that makes no sense in the current state, with the message for the operator.
    #[error("{0}")]
    Refused(String),
    /// A state that forbids it now (e.g. a charge already brought forward today).
    #[error("{0}")]
    Conflict(String),
    #[error(transparent)]
    Accounts(#[from] accounts::AccountsError),
    #[error(transparent)]
    Billing(#[from] billing::BillingError),
    #[error(transparent)]
    Closure(#[from] closure::ClosureError),
    #[error(transparent)]
    Db(#[from] DbErr),
}
