//! What admins and managers read across domains (ARCHITECTURE.md floor 4): the dashboard's
//! pay-cycle figures, the week's hours with time off, and the inbox where time-off requests sit
//! beside timesheet-edit requests (spec 001 §2, §3).
//!
//! It owns no tables and holds no rules of its own: each half comes from its owner's API
//! (`timesheet` for shifts and edit requests, `pto` for time off), both scoped by the same
//! [`kernel::ManagerCtx`] (a manager's reports and themselves, an admin's company), and this
//! crate puts them side by side. The team agenda and the reports of later issues join it here.

pub mod overview;

use pto::Pto;
use timesheet::TimesheetService;

/// What can go wrong: whatever went wrong in the domain asked.
#[derive(Debug, thiserror::Error)]
pub enum ReportsError {
    #[error(transparent)]
    Timesheet(#[from] timesheet::TimesheetError),
    #[error(transparent)]
    Pto(#[from] pto::PtoError),
}

/// The cross-domain reader. Cheap to clone.
#[derive(Clone)]
pub struct Reports {
    timesheet: TimesheetService,
    pto: Pto,
}

impl Reports {
    pub fn new(timesheet: TimesheetService, pto: Pto) -> Self {
        Self { timesheet, pto }
    }
}
