//! sea-orm entities of the accounts tables, kept apart from the logic that uses them
//! (the schema itself lives in the `migrations` crate).

pub mod api_keys;
pub mod auth_throttle;
pub mod companies;
pub mod email_tokens;
pub mod job_roles;
pub mod mail_outbox;
pub mod sessions;
pub mod sign_in_months;
pub mod sso_logins;
pub mod sso_signups;
pub mod two_factor_recovery_codes;
pub mod two_factor_secrets;
pub mod users;
