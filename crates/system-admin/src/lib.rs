//! The platform operator's back office (spec 002 §2 "System area", §3 "System entities", §4
//! company states, charge retry and impersonation, §6 "superadmin alone", §7 "System"; the HTTP
//! contract is `docs/contracts/system.md`).
//!
//! Every service here takes a [`SystemCtx`], the proof that only the gateway's `Operator` guard
//! builds: a platform operator signed in as themselves. The crate reads and changes the crates
//! below through their APIs (companies and people through `accounts`, charges and promotions
//! through `billing`, usage figures through `clock` and `pto`, deletion through `closure`) and
//! owns one table, the append-only audit log ([`audit`]): every system action is written there,
//! with the operator's name, and the user's when acting as them.
//!
//! Where it sits: floor 4 of ARCHITECTURE.md, one step above `closure` (also floor 4), whose
//! "Cancel account" it reuses to delete a company rather than composing the crates' purges a
//! second time. Nothing below imports it, so the arrows still point down.

pub mod audit;
pub mod charges;
pub mod companies;
mod entities;
mod error;
mod impersonation;
pub mod jobs;
mod operators;
pub mod people;
mod promotions;
pub mod stats;

pub use error::SystemError;

use accounts::Accounts;
use kernel::WriteGate;
use sea_orm::DatabaseConnection;

/// Rows a page of the operator's lists (the audit log has its own, [`audit::PAGE_SIZE`]).
pub const PAGE_SIZE: u64 = 20;

/// The system area's service. Cheap to clone.
#[derive(Clone)]
pub struct SystemAdmin {
    db: DatabaseConnection,
    gate: WriteGate,
    accounts: Accounts,
    billing: Option<billing::Billing>,
    closure: closure::Closure,
}

impl SystemAdmin {
    pub fn new(db: DatabaseConnection, gate: WriteGate, accounts: Accounts, closure: closure::Closure) -> Self {
        Self { db, gate, accounts, billing: None, closure }
    }

    /// With billing on: charges, charge attempts and promotions work (without it, they are 404).
    pub fn with_billing(mut self, billing: billing::Billing) -> Self {
        self.billing = Some(billing);
        self
    }

    fn billing(&self) -> Result<&billing::Billing, SystemError> {
        self.billing.as_ref().ok_or(SystemError::NotFound)
    }
}
