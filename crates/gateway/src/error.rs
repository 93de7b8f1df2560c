//! One JSON body for every failure, and the one table that gives each error code its status.

use accounts::AccountsError;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use kernel::FieldErrors;
use serde::Serialize;
use std::fmt;
use utoipa::ToSchema;

/// Stable error codes the browser can act on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorCode {
    Validation,
    InvalidToken,
    BotCheckFailed,
    Unauthorized,
    InvalidCredentials,
    Forbidden,
    EmailNotVerified,
    AccountExpired,
    AccountSuspended,
    NotFound,
    MethodNotAllowed,
    EmailTaken,
    Conflict,
    /// What the request names existed and was deleted (the system area's deleted companies).
    Gone,
    MobileClockInDisabled,
    /// A clock-in refused by a work location's rule in block mode (issue 40).
    OutsideWorkLocation,
    /// A kiosk PIN that is not right, or not set.
    WrongPin,
    /// A change to a day of a closed pay period (issue 40).
    PeriodClosed,
    /// An `Idempotency-Key` sent again with another request.
    IdempotencyKeyReused,
    /// Billing: a checkout session that cannot activate or update anything.
    ActivationFailed,
    /// Billing: the card was declined.
    PaymentFailed,
    /// A webhook whose signature is missing, wrong or stale.
    InvalidSignature,
    /// Single sign-on signed nobody in: not set up, a state or code refused, an ID token that
    /// does not verify, an address the provider does not vouch for, a spent signup handle.
    SsoFailed,
    /// The identity provider could not be reached.
    SsoUnavailable,
    PayloadTooLarge,
    TooManyRequests,
    /// Working at its bound (password hashes): try again shortly.
    ServerBusy,
    /// The partner CRM (AgencyZoom) did not accept the credentials typed for it.
    PartnerRefused,
    /// The partner CRM failed or answered something unreadable.
    PartnerUnavailable,
    /// The partner CRM did not answer in time.
    PartnerTimeout,
    /// A billing call on a deployment without a payment provider (self-hosted).
    BillingDisabled,
    Internal,
}

impl ErrorCode {
    /// The table: code, its name in the body, and its HTTP status.
    pub fn describe(self) -> (&'static str, StatusCode) {
        match self {
            ErrorCode::Validation => ("validation", StatusCode::BAD_REQUEST),
            ErrorCode::InvalidToken => ("invalid_token", StatusCode::BAD_REQUEST),
            ErrorCode::BotCheckFailed => ("bot_check_failed", StatusCode::BAD_REQUEST),
            ErrorCode::Unauthorized => ("unauthorized", StatusCode::UNAUTHORIZED),
            ErrorCode::InvalidCredentials => ("invalid_credentials", StatusCode::UNAUTHORIZED),
            ErrorCode::Forbidden => ("forbidden", StatusCode::FORBIDDEN),
            ErrorCode::EmailNotVerified => ("email_not_verified", StatusCode::FORBIDDEN),
            ErrorCode::AccountExpired => ("account_expired", StatusCode::FORBIDDEN),
            ErrorCode::AccountSuspended => ("account_suspended", StatusCode::FORBIDDEN),
            ErrorCode::NotFound => ("not_found", StatusCode::NOT_FOUND),
            ErrorCode::MethodNotAllowed => ("method_not_allowed", StatusCode::METHOD_NOT_ALLOWED),
            ErrorCode::EmailTaken => ("email_taken", StatusCode::CONFLICT),
            ErrorCode::Conflict => ("conflict", StatusCode::CONFLICT),
            ErrorCode::IdempotencyKeyReused => ("idempotency_key_reused", StatusCode::UNPROCESSABLE_ENTITY),
            ErrorCode::Gone => ("gone", StatusCode::GONE),
            ErrorCode::MobileClockInDisabled => ("mobile_clock_in_disabled", StatusCode::FORBIDDEN),
            ErrorCode::OutsideWorkLocation => ("outside_work_location", StatusCode::FORBIDDEN),
            ErrorCode::WrongPin => ("wrong_pin", StatusCode::FORBIDDEN),
            ErrorCode::PeriodClosed => ("period_closed", StatusCode::CONFLICT),
            ErrorCode::ActivationFailed => ("activation_failed", StatusCode::BAD_REQUEST),
            ErrorCode::PaymentFailed => ("payment_failed", StatusCode::PAYMENT_REQUIRED),
            ErrorCode::InvalidSignature => ("invalid_signature", StatusCode::BAD_REQUEST),
            ErrorCode::SsoFailed => ("sso_failed", StatusCode::BAD_REQUEST),
            ErrorCode::SsoUnavailable => ("sso_unavailable", StatusCode::BAD_GATEWAY),
            ErrorCode::PayloadTooLarge => ("payload_too_large", StatusCode::PAYLOAD_TOO_LARGE),
            ErrorCode::TooManyRequests => ("too_many_requests", StatusCode::TOO_MANY_REQUESTS),
            ErrorCode::ServerBusy => ("server_busy", StatusCode::SERVICE_UNAVAILABLE),
            ErrorCode::PartnerRefused => ("partner_refused", StatusCode::BAD_REQUEST),
            ErrorCode::PartnerUnavailable => ("partner_unavailable", StatusCode::BAD_GATEWAY),
            ErrorCode::PartnerTimeout => ("partner_timeout", StatusCode::GATEWAY_TIMEOUT),
            ErrorCode::BillingDisabled => ("billing_disabled", StatusCode::NOT_FOUND),
            ErrorCode::Internal => ("internal", StatusCode::INTERNAL_SERVER_ERROR),
        }
    }
}

/// The body of every failure.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErrorBody {
    /// One of the stable codes, e.g. `validation`, `not_found`, `account_expired`.
    pub code: &'static str,
    pub message: String,
    /// Field name to its messages; empty unless the input was invalid.
    #[schema(value_type = std::collections::BTreeMap<String, Vec<String>>)]
    pub errors: FieldErrors,
    /// Also in the `X-Request-Id` header and in the server's logs.
    pub request_id: String,
}

#[derive(Debug, Clone)]
pub struct ApiError {
    pub code: ErrorCode,
    pub message: String,
    pub errors: FieldErrors,
    pub retry_after_seconds: Option<i64>,
}

/// What a billing call hears where billing is off.
pub const BILLING_DISABLED_MESSAGE: &str =
    "Billing is not enabled on this deployment: there is no subscription or card to manage here.";
/// What a request hears when the database is out of reach for a moment.
pub const UNAVAILABLE_MESSAGE: &str = "The service is busy or restarting. Please try again in a moment.";

/// Whether `err` says the database could not be reached or used just now, rather than that the
/// request was wrong: connections refused, closed or not free in time, a server shutting down
/// (PostgreSQL's class 57P and 08), SQLite busy.
fn is_unavailable(err: &sea_orm::DbErr) -> bool {
    use sea_orm::sqlx::Error as Sqlx;
    use sea_orm::{DbErr, RuntimeErr};
    let sqlx = match err {
        DbErr::ConnectionAcquire(_) => return true,
        DbErr::Conn(RuntimeErr::SqlxError(err))
        | DbErr::Exec(RuntimeErr::SqlxError(err))
        | DbErr::Query(RuntimeErr::SqlxError(err)) => err,
        _ => return false,
    };
    match sqlx {
        Sqlx::Io(_) | Sqlx::PoolClosed | Sqlx::PoolTimedOut | Sqlx::WorkerCrashed => true,
        Sqlx::Database(db) => {
            let code = db.code().unwrap_or_default();
            code.starts_with("57P") || code.starts_with("08") || code == "5" || code == "517" || code == "261"
        }
        _ => false,
    }
}

pub const NOT_FOUND_MESSAGE: &str = "Sorry, we could not find what you are looking for.";
const INTERNAL_MESSAGE: &str = "Something went wrong on our side. Please try again.";

impl ApiError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self { code, message: message.into(), errors: FieldErrors::new(), retry_after_seconds: None }
    }

    pub fn validation(errors: FieldErrors) -> Self {
        let message = errors.first_message().unwrap_or("Some fields are invalid.").to_owned();
        Self { code: ErrorCode::Validation, message, errors, retry_after_seconds: None }
    }

    pub fn not_found() -> Self {
        Self::new(ErrorCode::NotFound, NOT_FOUND_MESSAGE)
    }

    pub fn unauthorized() -> Self {
        Self::new(ErrorCode::Unauthorized, "Please log in to continue.")
    }

    pub fn forbidden() -> Self {
        Self::new(ErrorCode::Forbidden, "You do not have permission to do this.")
    }

    /// A database failure: the database being out of reach for a moment (an instance stopping
    /// while its request was under way, a restarting server, a pool with no connection free in
    /// time, SQLite's lock held past its wait) is a 503 the client may retry after a second;
    /// anything else is [`Self::internal`].
    pub fn database(err: sea_orm::DbErr) -> Self {
        if is_unavailable(&err) {
            tracing::warn!(error = %err, "the database is out of reach; answered 503");
            return ApiError {
                retry_after_seconds: Some(1),
                ..ApiError::new(ErrorCode::ServerBusy, UNAVAILABLE_MESSAGE)
            };
        }
        Self::internal(err)
    }

    /// An unexpected failure: its whole chain goes to the log, a generic message to the client.
    pub fn internal(err: impl fmt::Display) -> Self {
        tracing::error!(error = %err, "request failed");
        Self::new(ErrorCode::Internal, INTERNAL_MESSAGE)
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code.describe().0, self.message)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.code.describe().1
    }

    fn error_response(&self) -> HttpResponse {
        let (code, status) = self.code.describe();
        let mut response = HttpResponse::build(status);
        if let Some(seconds) = self.retry_after_seconds {
            response.insert_header(("Retry-After", seconds.to_string()));
        }
        response.json(ErrorBody {
            code,
            message: self.message.clone(),
            errors: self.errors.clone(),
            request_id: crate::middleware::current_request_id(),
        })
    }
}

impl From<webhooks::WebhookError> for ApiError {
    fn from(err: webhooks::WebhookError) -> Self {
        match err {
            webhooks::WebhookError::Validation(errors) => ApiError::validation(errors),
            webhooks::WebhookError::NotFound => ApiError::not_found(),
            webhooks::WebhookError::Database(err) => ApiError::database(err),
        }
    }
}

impl From<AccountsError> for ApiError {
    fn from(err: AccountsError) -> Self {
        match err {
            AccountsError::Validation(errors) => ApiError::validation(errors),
            AccountsError::InvalidCredentials { suggest_reset } => ApiError::new(
                ErrorCode::InvalidCredentials,
                if suggest_reset {
                    "Incorrect email or password. Forgot your password? Use the reset password link to set a new one."
                } else {
                    "Incorrect email or password."
                },
            ),
            AccountsError::EmailNotVerified => ApiError::new(
                ErrorCode::EmailNotVerified,
                "Please verify your email address first. We have sent you a new verification link.",
            ),
            AccountsError::TooManyAttempts { retry_after_seconds } => ApiError {
                retry_after_seconds: Some(retry_after_seconds),
                ..ApiError::new(
                    ErrorCode::TooManyRequests,
                    format!(
                        "Too many attempts. Please try again in {} minute(s), or reset your password.",
                        (retry_after_seconds + 59) / 60
                    ),
                )
            },
            AccountsError::TooManyCodes { retry_after_seconds } => ApiError {
                retry_after_seconds: Some(retry_after_seconds),
                ..ApiError::new(
                    ErrorCode::TooManyRequests,
                    format!("Too many wrong codes. Please try again in {} minute(s).", (retry_after_seconds + 59) / 60),
                )
            },
            AccountsError::Busy => ApiError {
                retry_after_seconds: Some(1),
                ..ApiError::new(
                    ErrorCode::ServerBusy,
                    "Too many people are signing in right now. Please try again in a moment.",
                )
            },
            AccountsError::EmailTaken => ApiError {
                errors: FieldErrors::single("email", "An account with this email already exists."),
                ..ApiError::new(ErrorCode::EmailTaken, "An account with this email already exists.")
            },
            AccountsError::InvalidLink { verification: true } => {
                ApiError::new(ErrorCode::InvalidToken, "This verification link is invalid or has expired.")
            }
            AccountsError::InvalidLink { verification: false } => ApiError {
                errors: FieldErrors::single("token", accounts::INVALID_LINK_MESSAGE),
                ..ApiError::new(ErrorCode::InvalidToken, accounts::INVALID_LINK_MESSAGE)
            },
            AccountsError::Unauthenticated => ApiError::unauthorized(),
            AccountsError::KeyRefused(message) => ApiError::new(ErrorCode::Unauthorized, message),
            AccountsError::KeyThrottled { retry_after_seconds } => ApiError {
                retry_after_seconds: Some(retry_after_seconds),
                ..ApiError::new(
                    ErrorCode::TooManyRequests,
                    format!(
                        "Too many requests with this API key. Please try again in {retry_after_seconds} second(s)."
                    ),
                )
            },
            AccountsError::ChallengeExpired => {
                ApiError::new(ErrorCode::Unauthorized, "This sign-in has expired. Please sign in again.")
            }
            AccountsError::Forbidden(message) => ApiError::new(ErrorCode::Forbidden, message),
            AccountsError::NotFound => ApiError::not_found(),
            AccountsError::Refused(message) => ApiError::new(ErrorCode::Validation, message),
            AccountsError::BotCheckFailed => {
                ApiError::new(ErrorCode::BotCheckFailed, "We could not tell you from a robot. Please try again.")
            }
            AccountsError::Sso(failure) => match failure {
                accounts::sso::SsoFailure::ProviderUnavailable => {
                    ApiError::new(ErrorCode::SsoUnavailable, failure.message())
                }
                _ => ApiError::new(ErrorCode::SsoFailed, failure.message()),
            },
            AccountsError::Database(err) => ApiError::database(err),
            AccountsError::Internal(message) => ApiError::internal(message),
        }
    }
}

/// Turns actix's own extractor failures (bad JSON, bad query) into the common body.
pub fn bad_request(message: impl Into<String>) -> actix_web::Error {
    ApiError::new(ErrorCode::Validation, message).into()
}

impl From<clock::ClockError> for ApiError {
    fn from(err: clock::ClockError) -> Self {
        match err {
            clock::ClockError::Refused(message) => ApiError::new(ErrorCode::Conflict, message),
            clock::ClockError::MobileClockInDisabled => {
                ApiError::new(ErrorCode::MobileClockInDisabled, clock::MOBILE_DISABLED_MESSAGE)
            }
            clock::ClockError::Forbidden => ApiError::forbidden(),
            clock::ClockError::OutsideWorkLocation(message) => ApiError::new(ErrorCode::OutsideWorkLocation, message),
            clock::ClockError::NotFound => ApiError::not_found(),
            clock::ClockError::WrongPin(message) => ApiError::new(ErrorCode::WrongPin, message),
            clock::ClockError::TooManyTries(message) => ApiError::new(ErrorCode::TooManyRequests, message),
            clock::ClockError::Accounts(err) => err.into(),
            clock::ClockError::Validation(errors) => ApiError::validation(errors),
            clock::ClockError::KeyReused => ApiError::new(
                ErrorCode::IdempotencyKeyReused,
                "This Idempotency-Key was already used for another press.",
            ),
            clock::ClockError::AlreadyPressed => {
                ApiError::new(ErrorCode::Conflict, "This press is still being recorded. Please try again.")
            }
            clock::ClockError::PeriodClosed(message) => ApiError::new(ErrorCode::PeriodClosed, message),
            clock::ClockError::Database(err) => ApiError::database(err),
        }
    }
}

impl From<timesheet::TimesheetError> for ApiError {
    fn from(err: timesheet::TimesheetError) -> Self {
        match err {
            timesheet::TimesheetError::Validation(errors) => ApiError::validation(errors),
            timesheet::TimesheetError::Invalid(message) => ApiError::new(ErrorCode::Validation, message),
            timesheet::TimesheetError::Conflict(message) => ApiError::new(ErrorCode::Conflict, message),
            timesheet::TimesheetError::Forbidden => ApiError::forbidden(),
            timesheet::TimesheetError::OwnRequest => ApiError::new(ErrorCode::Forbidden, kernel::OWN_REQUEST_MESSAGE),
            timesheet::TimesheetError::NotFound => ApiError::not_found(),
            timesheet::TimesheetError::Clock(err) => err.into(),
            timesheet::TimesheetError::Database(err) => ApiError::database(err),
            timesheet::TimesheetError::Internal(message) => ApiError::internal(message),
            timesheet::TimesheetError::Approval(err) => err.into(),
        }
    }
}

impl From<approvals::ApprovalError> for ApiError {
    fn from(err: approvals::ApprovalError) -> Self {
        match err {
            approvals::ApprovalError::Validation(errors) => ApiError::validation(errors),
            approvals::ApprovalError::Conflict(message) => ApiError::new(ErrorCode::Conflict, message),
            approvals::ApprovalError::Forbidden(message) => ApiError::new(ErrorCode::Forbidden, message),
            approvals::ApprovalError::Expired(message) => ApiError::new(ErrorCode::Gone, message),
            approvals::ApprovalError::NotFound => ApiError::not_found(),
            approvals::ApprovalError::Database(err) => ApiError::database(err),
            approvals::ApprovalError::Internal(message) => ApiError::internal(message),
        }
    }
}

impl From<files::FilesError> for ApiError {
    fn from(err: files::FilesError) -> Self {
        match err {
            files::FilesError::Rejected(message) => ApiError::validation(FieldErrors::single("file", message)),
            files::FilesError::TooLarge { max_bytes } => {
                let message = format!("The file is too large: the limit is {} MB.", max_bytes / (1024 * 1024));
                ApiError {
                    errors: FieldErrors::single("file", message.clone()),
                    ..ApiError::new(ErrorCode::PayloadTooLarge, message)
                }
            }
            files::FilesError::NotFound => ApiError::not_found(),
            files::FilesError::Db(err) => ApiError::database(err),
            files::FilesError::Store(err) => ApiError::internal(err),
        }
    }
}

impl From<billing::BillingError> for ApiError {
    fn from(err: billing::BillingError) -> Self {
        match err {
            billing::BillingError::ActivationFailed => {
                ApiError::new(ErrorCode::ActivationFailed, billing::ACTIVATION_FAILED_MESSAGE)
            }
            billing::BillingError::CardDeclined => {
                ApiError::new(ErrorCode::PaymentFailed, billing::CARD_INVALID_MESSAGE)
            }
            billing::BillingError::InvalidSignature => {
                ApiError::new(ErrorCode::InvalidSignature, "The webhook's signature is invalid.")
            }
            billing::BillingError::MalformedEvent => {
                ApiError::new(ErrorCode::Validation, "The webhook's event is malformed.")
            }
            billing::BillingError::Validation(errors) => ApiError::validation(errors),
            billing::BillingError::NotFound => ApiError::not_found(),
            billing::BillingError::Conflict(message) => ApiError::new(ErrorCode::Conflict, message),
            billing::BillingError::Provider(err) => ApiError::internal(err),
            billing::BillingError::Accounts(err) => err.into(),
            billing::BillingError::Database(err) => ApiError::database(err),
        }
    }
}

impl From<closure::ClosureError> for ApiError {
    fn from(err: closure::ClosureError) -> Self {
        match err {
            closure::ClosureError::NotFound => ApiError::not_found(),
            closure::ClosureError::Db(err) => ApiError::database(err),
            closure::ClosureError::Billing(err) => ApiError::internal(err),
        }
    }
}

impl From<system_admin::SystemError> for ApiError {
    fn from(err: system_admin::SystemError) -> Self {
        use system_admin::SystemError;
        match err {
            SystemError::NotFound => ApiError::not_found(),
            SystemError::Gone(message) => ApiError::new(ErrorCode::Gone, message),
            SystemError::Validation(errors) => ApiError::validation(errors),
            SystemError::Refused(message) => ApiError::new(ErrorCode::Validation, message),
            SystemError::Conflict(message) => ApiError::new(ErrorCode::Conflict, message),
            SystemError::Accounts(err) => err.into(),
            SystemError::Billing(err) => err.into(),
            SystemError::Closure(err) => err.into(),
            SystemError::Db(err) => ApiError::database(err),
        }
    }
}

impl From<reports::ReportsError> for ApiError {
    fn from(err: reports::ReportsError) -> Self {
        match err {
            reports::ReportsError::Validation(errors) => ApiError::validation(errors),
            reports::ReportsError::NotFound => ApiError::not_found(),
            reports::ReportsError::Timesheet(err) => err.into(),
            reports::ReportsError::Pto(err) => err.into(),
            reports::ReportsError::Clock(err) => err.into(),
            reports::ReportsError::Hr(err) => err.into(),
            reports::ReportsError::Licensing(err) => err.into(),
            reports::ReportsError::Accounts(err) => err.into(),
            reports::ReportsError::Database(err) => ApiError::database(err),
            reports::ReportsError::Export(message) => ApiError::internal(message),
        }
    }
}

impl From<pto::PtoError> for ApiError {
    fn from(err: pto::PtoError) -> Self {
        match err {
            pto::PtoError::Validation(errors) => ApiError::validation(errors),
            pto::PtoError::Conflict(message) => ApiError::new(ErrorCode::Conflict, message),
            pto::PtoError::PeriodClosed(message) => ApiError::new(ErrorCode::PeriodClosed, message),
            pto::PtoError::NotFound => ApiError::not_found(),
            pto::PtoError::Forbidden(message) => ApiError::new(ErrorCode::Forbidden, message),
            pto::PtoError::Database(err) => ApiError::database(err),
            pto::PtoError::Internal(message) => ApiError::internal(message),
            pto::PtoError::Approval(err) => err.into(),
        }
    }
}

impl From<hr::HrError> for ApiError {
    fn from(err: hr::HrError) -> Self {
        match err {
            hr::HrError::Validation(errors) => ApiError::validation(errors),
            hr::HrError::Invalid { message, errors } => {
                ApiError { errors, ..ApiError::new(ErrorCode::Validation, message) }
            }
            hr::HrError::EmailTaken { message, errors } => {
                ApiError { errors, ..ApiError::new(ErrorCode::EmailTaken, message) }
            }
            hr::HrError::Conflict(message) => ApiError::new(ErrorCode::Conflict, message),
            hr::HrError::Forbidden => ApiError::forbidden(),
            hr::HrError::ForbiddenBecause(message) => ApiError::new(ErrorCode::Forbidden, message),
            hr::HrError::NotFound => ApiError::not_found(),
            hr::HrError::File(err) => err.into(),
            hr::HrError::Partner(err) => partner_error(&err),
            hr::HrError::Database(err) => ApiError::database(err),
            hr::HrError::Internal(message) => ApiError::internal(message),
        }
    }
}

/// The partner CRM's failures: what the admin typed (400), the partner's trouble (502), its
/// silence (504). The partner's own failures are logged; the credentials never are.
fn partner_error(err: &hr::agencyzoom::AzError) -> ApiError {
    use hr::agencyzoom::AzError;
    let code = match err {
        AzError::Refused | AzError::NotAnAdmin => ErrorCode::PartnerRefused,
        AzError::Timeout => ErrorCode::PartnerTimeout,
        AzError::Unreachable(_) | AzError::Failed(_) | AzError::Malformed(_) | AzError::Config(_) => {
            ErrorCode::PartnerUnavailable
        }
    };
    if code != ErrorCode::PartnerRefused {
        tracing::warn!(error = %err, "the AgencyZoom import failed");
    }
    ApiError::new(code, hr::agencyzoom::partner_message(err))
}

impl From<licensing::LicensingError> for ApiError {
    fn from(err: licensing::LicensingError) -> Self {
        match err {
            licensing::LicensingError::Validation(errors) => ApiError::validation(errors),
            licensing::LicensingError::TooLarge { max_bytes } => files::FilesError::TooLarge { max_bytes }.into(),
            licensing::LicensingError::NotFound => ApiError::not_found(),
            licensing::LicensingError::Database(err) => ApiError::database(err),
            licensing::LicensingError::Internal(message) => ApiError::internal(message),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sea_orm::{ConnAcquireErr, DbErr, RuntimeErr};

    #[test]
    fn a_database_out_of_reach_is_a_503_to_retry_and_anything_else_a_500() {
        for unavailable in [
            DbErr::ConnectionAcquire(ConnAcquireErr::Timeout),
            DbErr::ConnectionAcquire(ConnAcquireErr::ConnectionClosed),
            DbErr::Exec(RuntimeErr::SqlxError(sea_orm::sqlx::Error::PoolClosed)),
            DbErr::Query(RuntimeErr::SqlxError(sea_orm::sqlx::Error::Io(std::io::Error::from(
                std::io::ErrorKind::ConnectionReset,
            )))),
        ] {
            let answer = ApiError::database(unavailable);
            assert_eq!(answer.code.describe().1, StatusCode::SERVICE_UNAVAILABLE);
            assert_eq!(answer.retry_after_seconds, Some(1));
        }
        let wrong = ApiError::database(DbErr::Custom("a constraint".to_owned()));
        assert_eq!(wrong.code.describe().1, StatusCode::INTERNAL_SERVER_ERROR);
    }
}
