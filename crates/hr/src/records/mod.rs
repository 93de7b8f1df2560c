//! The records of an employee's HR folder (spec 001 §2–§9, 000 §2–§4): HR events, HR documents
//! and document requests, the company's event, document and policy types, and the employee's
//! own side of them (My HR and the task dock).
//!
//! Who sees what — the one rule, [`Folder`]:
//! - a folder is read by the employee it belongs to, by managers for the people they reach and
//!   by admins (accounts' `employee_in_scope`; anyone else hears 404, as for a missing id);
//! - an event marked "only visible to owner" is seen by the employee it belongs to (its owner)
//!   and by admins, not by managers — not even the one who recorded it (spec 000 §9 and the
//!   issue's download rule; the screen says so when the box is ticked);
//! - files download only through the record they belong to (`/doc/view`, `/doc/event`), after
//!   the same check; `/files/{id}` serves avatars and logos only.
//!
//! Who changes what: managers and admins add events, documents and requests to the folders
//! they reach, of people still employed, and remove them; the employee acknowledges their own
//! events and fulfils their own requests by an upload. Nothing is hard-deleted: a removed event
//! or document keeps its row with who removed it and when, and a request is cancelled, not
//! dropped, so a compliance review finds everything that was ever on file.

mod demo;
mod documents;
mod events;
mod my_hr;
mod onboarding;
mod refdata;
mod requests;
mod types;

pub use documents::{DocumentCommand, DocumentInput, DocumentView, UploadCommand, UploadInput};
pub(crate) use events::attachment_of;
pub use events::{Acknowledgement, EventCommand, EventInput, EventView};
pub use my_hr::{EventTask, MyTasks, RequestTask};
pub use onboarding::{OnboardingRun, ONBOARDING_JOB};
pub use refdata::{AdminRefData, OnboardingStatus};
pub(crate) use requests::DUE_DATE_PAST;
pub use requests::{DocRequestCommand, DocRequestInput, DocRequestStatus, DocRequestView, RequestOutcome, OVERDUE_JOB};
pub use types::{HrTypeCommand, HrTypeInput, HrTypeView, TypeKind};

use crate::{Hr, HrError};
use accounts::people::read::{self, PeopleFilter};
use accounts::Person;
use chrono::NaiveDate;
use kernel::{EmploymentStatus, FieldErrors, TenantCtx, UserId};
use serde::Serialize;
use std::collections::HashMap;

/// Page size of the folder's and My HR's lists (spec 000 §9: paged lists show 10).
pub const RECORD_PAGE_SIZE: u64 = 10;

pub const TERMINATED_MESSAGE: &str = "This employee is no longer employed: their folder takes no new records.";

/// A page of a list, with the total and the page number (from 1).
#[derive(Debug, Clone)]
pub struct RecordPage<T> {
    pub rows: Vec<T>,
    pub count: u64,
    pub page: u64,
}

/// A file attached to a record, as the screens show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AttachedFile {
    pub doc_file_name: String,
    pub doc_media_type: String,
    /// Bytes.
    pub doc_size: i64,
}

/// A file as it came in a request: its bytes and the name the uploader gave it (a claim, used
/// only as the name it downloads with once cleaned).
#[derive(Debug, Clone)]
pub struct NamedUpload {
    pub bytes: Vec<u8>,
    pub name: String,
}

/// A file on its way out: the name it downloads with, its checked media type and its bytes.
#[derive(Debug, Clone)]
pub struct DownloadedFile {
    pub name: String,
    pub media_type: String,
    pub bytes: Vec<u8>,
}

/// One person's folder as the caller may see it.
pub(crate) struct Folder {
    pub employee: Person,
    /// Whether records only the owner sees are visible to the caller (the owner, or an admin).
    pub sees_owner_only: bool,
}

impl Folder {
    /// The employee's id, as the folder's records keep it.
    pub fn id(&self) -> UserId {
        self.employee.id
    }

    pub fn sees(&self, owner_only: bool) -> bool {
        !owner_only || self.sees_owner_only
    }

    /// Refuses new records for someone no longer employed (001 §2: add buttons only while the
    /// status is not 0).
    pub fn ensure_employed(&self) -> Result<(), HrError> {
        if self.employee.status == EmploymentStatus::Terminated {
            return Err(HrError::Conflict(TERMINATED_MESSAGE.to_owned()));
        }
        Ok(())
    }
}

impl Hr {
    /// Names of people of the caller's company by id, for "added by" columns.
    pub(crate) async fn names_of(
        &self,
        ctx: &TenantCtx,
        ids: impl Iterator<Item = UserId>,
    ) -> Result<HashMap<UserId, String>, HrError> {
        let mut ids: Vec<UserId> = ids.collect();
        ids.sort_unstable();
        ids.dedup();
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        Ok(read::people(&self.db, ctx, &PeopleFilter::default().with_ids(ids))
            .await?
            .iter()
            .map(|person| (person.id, person.full_name()))
            .collect())
    }

    /// The caller's name, for timeline sentences and mails.
    pub(crate) async fn actor_name(&self, ctx: &TenantCtx) -> Result<String, HrError> {
        Ok(self.names_of(ctx, std::iter::once(ctx.actor())).await?.remove(&ctx.actor()).unwrap_or_default())
    }

    /// The folder of `employee`, if the caller reaches them.
    pub(crate) async fn folder(&self, ctx: &TenantCtx, employee: UserId) -> Result<Folder, HrError> {
        let employee = self.accounts.employee_in_scope(ctx, employee).await?;
        let sees_owner_only = ctx.sees_owner_only_records_of(employee.id);
        Ok(Folder { employee, sees_owner_only })
    }
}

/// A list's order: one of its keys, ascending or (with a leading `-`) descending; newest first
/// when none is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListSort<K> {
    pub key: K,
    pub descending: bool,
}

/// Reads `sort` against a list's keys (spec 001 §9), the first being the id.
pub(crate) fn parse_sort<K: Copy>(sort: Option<&str>, keys: &[(&str, K)]) -> Result<ListSort<K>, FieldErrors> {
    let Some(&(_, id)) = keys.iter().find(|(name, _)| *name == "id") else {
        return Err(FieldErrors::single("sort", "This list cannot be sorted"));
    };
    let Some(sort) = sort.map(str::trim).filter(|sort| !sort.is_empty()) else {
        return Ok(ListSort { key: id, descending: true });
    };
    let (name, descending) = match sort.strip_prefix('-') {
        Some(name) => (name, true),
        None => (sort, false),
    };
    keys.iter().find(|(key, _)| *key == name).map(|&(_, key)| ListSort { key, descending }).ok_or_else(|| {
        let names: Vec<&str> = keys.iter().map(|(name, _)| *name).collect();
        FieldErrors::single("sort", format!("Please sort by {}", names.join(", ")))
    })
}

/// A required text field of a form.
pub(crate) fn required_text(
    errors: &mut FieldErrors,
    field: &str,
    value: &Option<String>,
    missing: &str,
    max: usize,
) -> String {
    match value.as_deref().map(str::trim).filter(|text| !text.is_empty()) {
        None => {
            errors.add(field, missing);
            String::new()
        }
        Some(text) => checked_text(errors, field, text, max),
    }
}

/// An optional text field of a form (empty when left out).
pub(crate) fn optional_text(errors: &mut FieldErrors, field: &str, value: &Option<String>, max: usize) -> String {
    match value.as_deref().map(str::trim).filter(|text| !text.is_empty()) {
        None => String::new(),
        Some(text) => checked_text(errors, field, text, max),
    }
}

fn checked_text(errors: &mut FieldErrors, field: &str, text: &str, max: usize) -> String {
    if let Err(message) = kernel::validation::check_text(field, text) {
        errors.add(field, message);
        return String::new();
    }
    if text.chars().count() > max {
        errors.add(field, format!("Please keep it under {max} characters"));
        return String::new();
    }
    text.to_owned()
}

/// A required id of a form (a type, an employee), as text or a number.
pub(crate) fn required_id<Id: From<i64>>(
    errors: &mut FieldErrors,
    field: &str,
    value: &Option<String>,
    missing: &str,
) -> Id {
    let id = match value.as_deref().map(str::trim).filter(|text| !text.is_empty()) {
        None => {
            errors.add(field, missing);
            0
        }
        Some(text) => match text.parse::<i64>() {
            Ok(id) if id > 0 => id,
            _ => {
                errors.add(field, missing);
                0
            }
        },
    };
    Id::from(id)
}

/// A 0/1 flag of a form ('Yes/No maps to 1/0'); `true`/`false` are read too.
pub(crate) fn flag(errors: &mut FieldErrors, field: &str, value: &Option<String>) -> bool {
    match value.as_deref().map(str::trim).unwrap_or("") {
        "" | "0" | "false" => false,
        "1" | "true" => true,
        _ => {
            errors.add(field, "Please choose yes or no");
            false
        }
    }
}

/// An optional date of a form, `YYYY-MM-DD`.
pub(crate) fn optional_date(errors: &mut FieldErrors, field: &str, value: &Option<String>) -> Option<NaiveDate> {
    let text = value.as_deref().map(str::trim).filter(|text| !text.is_empty())?;
    kernel::validation::date_field(errors, field, text, "Please write the date as YYYY-MM-DD")
}

/// Rich text from the editor, sanitised; too long is refused rather than cut.
pub(crate) fn rich_text(errors: &mut FieldErrors, field: &str, value: &Option<String>) -> String {
    let clean = kernel::rich_text::sanitize(value.as_deref().unwrap_or(""));
    if kernel::rich_text::plain_text(&clean).is_empty() {
        return String::new();
    }
    if clean.len() > kernel::rich_text::MAX_RICH_TEXT_BYTES {
        errors.add(field, kernel::rich_text::RICH_TEXT_TOO_LONG);
        return String::new();
    }
    clean
}

/// The time a record is stamped with: to the microsecond, as both databases keep it, so what a
/// call answers equals what a later read finds.
pub(crate) fn now() -> chrono::DateTime<chrono::Utc> {
    use chrono::SubsecRound;
    chrono::Utc::now().trunc_subsecs(6)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Key {
        Id,
        Title,
    }

    #[test]
    fn sorts_are_the_lists_keys() {
        let keys = [("title", Key::Title), ("id", Key::Id)];
        assert_eq!(parse_sort(None, &keys), Ok(ListSort { key: Key::Id, descending: true }));
        assert_eq!(parse_sort(Some("title"), &keys), Ok(ListSort { key: Key::Title, descending: false }));
        assert_eq!(parse_sort(Some("-title"), &keys), Ok(ListSort { key: Key::Title, descending: true }));
        assert!(parse_sort(Some("password"), &keys).is_err());
    }

    #[test]
    fn flags_and_dates_are_read_or_refused() {
        let mut errors = FieldErrors::new();
        assert!(flag(&mut errors, "ack", &Some("1".into())));
        assert!(!flag(&mut errors, "ack", &None));
        assert!(errors.is_empty());
        flag(&mut errors, "ack", &Some("maybe".into()));
        assert!(errors.has("ack"));
        let mut errors = FieldErrors::new();
        assert_eq!(optional_date(&mut errors, "d", &Some("2026-02-03".into())), NaiveDate::from_ymd_opt(2026, 2, 3));
        assert_eq!(optional_date(&mut errors, "d", &Some("02/03/2026".into())), None);
        assert!(errors.has("d"));
    }

    #[test]
    fn rich_text_keeps_formatting_and_drops_scripts() {
        let mut errors = FieldErrors::new();
        assert_eq!(
            rich_text(&mut errors, "c", &Some("<p>Hi <script>x()</script><b>there</b></p>".into())),
            "<p>Hi <b>there</b></p>"
        );
        assert_eq!(rich_text(&mut errors, "c", &Some("<p></p>".into())), "");
        assert!(errors.is_empty());
    }
}
