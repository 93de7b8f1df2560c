//! The reports of /admin/reports (002 §2, §3 "Report filter", §7 "Reports"): summary, timesheet
//! and PTO, over a range of days and a set of people; and the dashboard's hours per day.
//!
//! - **Who**: managers report on the people they reach, admins on everyone; employees never
//!   reach reports (their guard refuses them). An id in `empids` that is not the caller's to see
//!   is 404, never silently dropped. No ids means everyone the caller reaches.
//! - **Which rows**: active people always; terminated people for the ranges they have time in
//!   (worked, time off or holiday pay), so a report of last spring still shows who worked then.
//! - **Range**: valid days, `end` not before `start`, at most [`MAX_DAYS`] days (a year, leap
//!   years included) — enough for an annual report, and what keeps one request bounded.
//! - **Numbers**: minutes are exact. Hours are hundredths computed once per cell from minutes —
//!   overtime rounded down, everything else rounded half up (000 §9) — and every total is the
//!   sum of the cells above it, and a row's subtotal the sum of its cells, so each format adds up
//!   to the hundredth (the price: a subtotal may differ by a hundredth from its minutes rounded).
//! - Regular minutes are worked minutes less overtime; a row's subtotal is regular + overtime +
//!   holiday + time off hours (unpaid types included: the payroll export is where pay is decided).
//!
//! The parts: `query` reads the report filter, `views` is the reports' shapes, `summary` gathers
//! a report's people and time and adds up the summary, and `service` makes the filter's data, the
//! timesheet and PTO reports and the dashboard's hours.

mod query;
mod service;
mod summary;
mod views;

pub use query::{parse_empids, ReportInput, ReportQuery, ReportType};
pub(crate) use summary::summary_of;
pub use views::{
    DailyHours, DayHours, PtoEmployee, PtoReport, PtoRequestRow, PtoTotals, PtoTypeRef, ReportData, ReportEmployee,
    ReportTypeOption, ShiftRow, SummaryCenti, SummaryReport, SummaryRow, TimesheetEmployee, TimesheetReport,
    TimesheetTotals, TypeAmount,
};

use crate::{Reports, ReportsError};
use accounts::Person;
use kernel::{EmploymentStatus, ManagerCtx};

/// The longest range a report covers, in days (both ends included).
pub const MAX_DAYS: i64 = 366;
pub const DATES_MISSING: &str = "Please choose a start and end date (YYYY-MM-DD)";
pub const RANGE_INVALID: &str = "Please choose an end date after the start date, within 366 days";
pub const EMPIDS_INVALID: &str = "Please choose employees by their ids";
pub const TYPE_INVALID: &str = "Please choose the Summary, Timesheet or PTO report";

fn status_code(status: EmploymentStatus) -> i16 {
    i16::from(status == EmploymentStatus::Active)
}

impl Reports {
    /// The people of a report: those of `ids`, each in the caller's reach (else 404), or
    /// everyone the caller reaches.
    pub(crate) async fn report_people(
        &self,
        ctx: &ManagerCtx,
        ids: Option<&[i64]>,
    ) -> Result<Vec<Person>, ReportsError> {
        let ids: Option<Vec<kernel::UserId>> = ids.map(|ids| ids.iter().copied().map(kernel::UserId).collect());
        self.accounts.people_of(ctx, ids.as_deref()).await.map_err(|err| match err {
            accounts::AccountsError::NotFound => ReportsError::NotFound,
            other => ReportsError::Hr(other.into()),
        })
    }
}
