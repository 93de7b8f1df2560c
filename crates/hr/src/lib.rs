//! People and the company (spec 001 §2–§9, 000 §5): employees and their folders' profile,
//! emergency contacts and activity timeline; the bulk add; job roles; each person's own
//! profile; the team list; the company profile; and the folders' HR records — events,
//! documents, document requests, their types, and the employee's My HR ([`records`]); and the
//! import of the company and its staff from the partner CRM ([`agencyzoom`]).
//!
//! Every lookup of an employee by id goes through `accounts`' `employee_in_scope`, so another
//! company's people, and people outside a manager's reach, are `NotFound` like ids that do not
//! exist. Writes run behind the [`WriteGate`]. It knows nothing of HTTP: the gateway turns
//! requests into the commands of [`commands`] and maps [`HrError`] to responses.

mod activities;
pub mod agencyzoom;
pub mod calendar;
pub mod celebrations;
pub mod commands;
mod company;
mod contacts;
pub mod entities;
mod error;
mod job_roles;
mod people;
pub mod policies;
mod profile;
mod purge;
pub mod records;
pub mod views;

pub use activities::{ActivityType, ACTIVITY_PAGE_SIZE};
pub use error::HrError;
pub use files::Purpose;
pub use job_roles::DUPLICATE_ROLE;
pub use people::{SavedEmployee, ADMIN_EDITS_ADMIN, ADMIN_ONLY_FIELD};
pub use purge::purge_company;
pub use records::{DownloadedFile, NamedUpload};

use accounts::Accounts;
use files::Files;
use kernel::WriteGate;
use sea_orm::DatabaseConnection;

/// The people-and-company service. Cheap to clone.
#[derive(Clone)]
pub struct Hr {
    db: DatabaseConnection,
    accounts: Accounts,
    files: Files,
    gate: WriteGate,
    /// The partner CRM the import reads (`None`: not configured, no import).
    agencyzoom: Option<::agencyzoom::Client>,
}

impl Hr {
    pub fn new(db: DatabaseConnection, accounts: Accounts, files: Files, gate: WriteGate) -> Self {
        Self { db, accounts, files, gate, agencyzoom: None }
    }
}
