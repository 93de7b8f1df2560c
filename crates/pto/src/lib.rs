//! Time off (spec 002 §2–§9, 001 §2–§9): PTO types, plans with a rule per type, who is
//! enrolled in which plan each year, starting balances and manual additions, paid holidays and
//! each employee's holiday hours.
//!
//! It owns the PTO tables and stores what people configure; every balance it shows is
//! `pto-engine`'s answer over what is stored here (no balance arithmetic anywhere else).
//! Configuration is company data behind kernel's tenancy helper: admins change it
//! ([`kernel::AdminCtx`]), managers and employees read what their reach allows. Another
//! company's ids are `NotFound`, like ids that do not exist. Writes run behind the
//! [`WriteGate`]. No HTTP here: the gateway maps [`PtoError`] to responses.

pub mod accrual_health;
pub mod accruals;
pub mod assumed_hours;
mod balances;
mod demo;
mod engine_ids;
pub mod entities;
mod error;
pub mod holidays;
pub mod plans;
mod purge;
pub mod reporting;
pub mod requests;
pub mod rules;
pub mod sick_leave;
pub mod statements;
pub mod switching;
pub mod time_off;
pub mod types;
pub mod usage;

pub use balances::{
    EmployeePto, HistoryEntry, ManualAdditionCommand, ManualAdditionInput, PtoRowView, PtoSummary,
    MANUAL_HOURS_INVALID, MAX_HOURS, OWN_BALANCE,
};
pub use error::PtoError;
/// The ids of the PTO tables (kernel's typed ids); `PlanId` and `RuleId` are the routes' names for
/// [`kernel::ids::PtoPlanId`] and [`kernel::ids::PtoRuleId`].
pub use kernel::ids::{PtoPlanId as PlanId, PtoRuleId as RuleId, PtoTypeId};
pub use purge::purge_company;

use accounts::Accounts;
use kernel::WriteGate;
use sea_orm::DatabaseConnection;

/// The time-off service. Cheap to clone.
#[derive(Clone)]
pub struct Pto {
    db: DatabaseConnection,
    accounts: Accounts,
    gate: WriteGate,
    approvals: approvals::Approvals,
}

impl Pto {
    pub fn new(db: DatabaseConnection, accounts: Accounts, gate: WriteGate) -> Self {
        Self { approvals: approvals::Approvals::new(db.clone(), accounts.clone(), gate.clone()), db, accounts, gate }
    }
}
