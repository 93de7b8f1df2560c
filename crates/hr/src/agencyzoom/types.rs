//! What the import's endpoints take and answer: the partner's sign-in and its checks, the
//! import's status, and its report.

use super::{EMAIL_MISSING, MAX_PASSWORD_CHARS, PASSWORD_MISSING};
use crate::commands::TYPO_MESSAGE;
use kernel::validation::is_valid_email;
use kernel::FieldErrors;
use serde::{Deserialize, Serialize};
use std::fmt;

/// `POST /manage/import-agencyzoom`: the partner's sign-in.
#[derive(Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct ImportInput {
    /// The e-mail of an account admin of the agency's AgencyZoom.
    pub email: Option<String>,
    /// Their AgencyZoom password: used for this import only, never stored.
    pub password: Option<String>,
}

/// Never printed whole: the password stays out of every log line.
impl fmt::Debug for ImportInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ImportInput").field("email", &self.email).finish_non_exhaustive()
    }
}

/// A checked [`ImportInput`].
#[derive(Clone)]
pub struct ImportCommand {
    pub(super) email: String,
    pub(super) password: String,
}

impl fmt::Debug for ImportCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ImportCommand").field("email", &self.email).finish_non_exhaustive()
    }
}

impl ImportCommand {
    /// The import form's rules (spec 001 §5): 'Please input the Email', 'Oops! Looks like you
    /// have a typo.', 'Please input the Password'. The password is taken as typed (spaces too).
    pub fn parse(input: &ImportInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let email = match input.email.as_deref().map(str::trim).filter(|text| !text.is_empty()) {
            None => {
                errors.add("email", EMAIL_MISSING);
                String::new()
            }
            Some(text) if !is_valid_email(text) => {
                errors.add("email", TYPO_MESSAGE);
                String::new()
            }
            Some(text) => text.to_lowercase(),
        };
        let password = match input.password.as_deref().filter(|text| !text.is_empty()) {
            None => {
                errors.add("password", PASSWORD_MISSING);
                String::new()
            }
            Some(text) if text.chars().count() > MAX_PASSWORD_CHARS => {
                errors.add("password", format!("Please keep it under {MAX_PASSWORD_CHARS} characters"));
                String::new()
            }
            Some(text) => text.to_owned(),
        };
        errors.into_result(ImportCommand { email, password })
    }
}

/// `GET /manage/import-agencyzoom`: what the import screen needs before it starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ImportStatus {
    /// The server knows where AgencyZoom is (the import can run).
    pub available: bool,
    /// The company was imported before (names and e-mails are AgencyZoom's).
    pub integrated: bool,
    /// How many people came from AgencyZoom so far.
    pub imported_people: u64,
}

/// What became of one person AgencyZoom listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum ImportOutcome {
    /// Added, with an invitation e-mail.
    Created,
    /// Matched, and something changed.
    Updated,
    /// Matched, already as AgencyZoom has them.
    Unchanged,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ImportedPerson {
    pub employee_id: i64,
    /// AgencyZoom's id of them.
    pub partner_id: String,
    pub firstname: String,
    pub lastname: String,
    pub email: String,
    pub outcome: ImportOutcome,
    /// A changed sign-in address that waits for the link mailed to it.
    pub email_change_sent_to: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FailedPerson {
    pub partner_id: String,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub email: Option<String>,
    /// Why nothing was done for them.
    pub reason: String,
}

/// `POST /manage/import-agencyzoom`'s answer: the spec's success and failure lists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ImportReport {
    /// 'Your company information has been updated.'
    pub message: String,
    /// People in the success list (created, updated or unchanged).
    pub employees_imported: usize,
    /// Of them, those added (each invited by e-mail).
    pub accounts_created: usize,
    pub success: Vec<ImportedPerson>,
    pub failure: Vec<FailedPerson>,
    /// Company details AgencyZoom sent that did not pass the company form's checks (kept as
    /// they were).
    pub skipped_company_fields: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_import_form_has_the_spec_messages() {
        let errors = ImportCommand::parse(&ImportInput::default()).unwrap_err();
        assert_eq!(errors.messages("email"), [EMAIL_MISSING]);
        assert_eq!(errors.messages("password"), [PASSWORD_MISSING]);
        let input = ImportInput { email: Some("owner@agency".to_owned()), password: Some("secret".to_owned()) };
        assert_eq!(ImportCommand::parse(&input).unwrap_err().messages("email"), [TYPO_MESSAGE]);
        let input = ImportInput { email: Some(" Owner@Agency.com ".to_owned()), password: Some(" s ".to_owned()) };
        let command = ImportCommand::parse(&input).unwrap();
        assert_eq!((command.email.as_str(), command.password.as_str()), ("owner@agency.com", " s "));
        assert!(!format!("{command:?} {input:?}").contains(" s "), "the password is never printed");
    }
}
