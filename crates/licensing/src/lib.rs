//! Producer licences and continuing education (issue 42): the compliance desk of an insurance
//! agency, inside the product it already uses for time and HR. The contract is
//! `docs/contracts/licensing.md`.
//!
//! The crate owns its tables (migration 55): producers (NPN, resident state), licences per state
//! with their lines of authority and document, the CE requirement of each licence cycle, CE
//! credits with their certificates, carrier appointments, the agency's E&O policies, a company's
//! own CE rule for a state, and the once-only marks of reminders sent. The product's CE rules per
//! state are data with citations ([`rules`]).
//!
//! Who sees what is [`accounts`]' reach: a producer's records are read by the person, by the
//! managers who reach them and by admins; anyone else gets `NotFound`, like a missing id. Managers
//! and admins write the records of the people they reach (the service takes a [`kernel::ManagerCtx`]);
//! a person adds their own CE credits. Expiry dates are stored as the state gave them, never
//! derived: states anchor renewals on birth dates, birth months or months of issue.
//!
//! Parts: `model` (the vocabulary), `rules` (the product's state rules) and `states` (a
//! company's), `progress` (what counts toward a requirement), `standing` (a licence's
//! compliance status), `records` (the folder and its writes), `compliance` (the page, "may sell",
//! the export), `eo`, `import` (CSV), `agenda` (the calendar and the task dock), `job` (reminders),
//! `purge`.

pub mod agenda;
pub mod compliance;
mod entities;
pub mod eo;
mod error;
pub mod import;
pub mod job;
pub mod model;
pub mod progress;
pub mod purge;
pub mod records;
pub mod rules;
mod standing;
pub mod states;

pub use error::LicensingError;

use accounts::Accounts;
use files::Files;
use kernel::WriteGate;
use sea_orm::DatabaseConnection;

/// The licensing service: one per server, cheap to clone.
#[derive(Clone)]
pub struct Licensing {
    db: DatabaseConnection,
    accounts: Accounts,
    files: Files,
    gate: WriteGate,
}

impl Licensing {
    pub fn new(db: DatabaseConnection, accounts: Accounts, files: Files, gate: WriteGate) -> Self {
        Self { db, accounts, files, gate }
    }
}

/// A file on its way out: the name it downloads with, its checked media type and its bytes.
#[derive(Debug, Clone)]
pub struct DownloadedFile {
    pub name: String,
    pub media_type: String,
    pub bytes: Vec<u8>,
}
