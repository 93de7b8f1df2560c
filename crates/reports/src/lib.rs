//! What people read across domains (ARCHITECTURE.md floor 4): the dashboard's pay-cycle figures,
//! the week's hours with time off, the inbox where time-off requests sit beside timesheet-edit
//! requests (spec 001 §2, §3), the team agenda and its calendar feed (000 §2, §3 "Agenda item"),
//! and the summary, timesheet and PTO reports with their exports (002 §2, §3, §7 "Reports").
//!
//! It owns no tables and holds no rules of its own: each part comes from its owner's API
//! (`timesheet` for shifts and edit requests, `pto` for time off and holidays, `hr` for calendar
//! events and celebrations, `accounts` for whom the caller reaches), all scoped by the same
//! context, and this crate puts them side by side.

pub mod agenda;
pub mod audit;
pub mod closing;
pub mod export;
pub mod feed;
pub mod overview;
pub mod payroll;
pub mod setup;
pub mod tables;
pub mod team;

use accounts::Accounts;
use hr::Hr;
use kernel::FieldErrors;
use pto::Pto;
use timesheet::TimesheetService;

/// What can go wrong: invalid input, an id out of reach, or whatever went wrong in the domain asked.
#[derive(Debug, thiserror::Error)]
pub enum ReportsError {
    #[error("some fields are invalid")]
    Validation(FieldErrors),
    /// Not in the caller's company or reach: the same answer as an id that does not exist.
    #[error("not found")]
    NotFound,
    #[error(transparent)]
    Timesheet(#[from] timesheet::TimesheetError),
    #[error(transparent)]
    Pto(#[from] pto::PtoError),
    #[error(transparent)]
    Clock(#[from] clock::ClockError),
    #[error(transparent)]
    Hr(#[from] hr::HrError),
    #[error(transparent)]
    Licensing(#[from] licensing::LicensingError),
    /// A person filter out of reach answers `NotFound` from here, as everywhere.
    #[error(transparent)]
    Accounts(#[from] accounts::AccountsError),
    #[error("database: {0}")]
    Database(#[from] sea_orm::DbErr),
    /// Writing an export failed (a bug, not bad input).
    #[error("export: {0}")]
    Export(String),
}

/// The cross-domain reader. Cheap to clone.
#[derive(Clone)]
pub struct Reports {
    timesheet: TimesheetService,
    pto: Pto,
    hr: Hr,
    licensing: licensing::Licensing,
    accounts: Accounts,
    periods: clock::periods::PeriodsService,
    /// For the audit trail's reader (`audit` offers functions over a connection, not a service).
    db: sea_orm::DatabaseConnection,
}

impl Reports {
    pub fn new(
        timesheet: TimesheetService,
        pto: Pto,
        hr: Hr,
        licensing: licensing::Licensing,
        accounts: Accounts,
        periods: clock::periods::PeriodsService,
        db: sea_orm::DatabaseConnection,
    ) -> Self {
        Self { timesheet, pto, hr, licensing, accounts, periods, db }
    }
}

/// Hours in hundredths, from minutes, as 000 §9 rounds report figures: overtime rounded down.
pub fn centi_hours_floor(minutes: i64) -> i64 {
    (minutes * 100).div_euclid(60)
}

/// Hours in hundredths, from minutes, rounded half up (PTO, worked, holiday hours).
pub fn centi_hours(minutes: i64) -> i64 {
    (minutes * 100 + 30).div_euclid(60)
}

/// Hundredths of an hour as the number the JSON carries (exact to two decimals when printed).
pub fn hours_value(centi: i64) -> f64 {
    centi as f64 / 100.0
}

/// Hundredths of an hour as text with two decimals (`12.50`), for CSV.
pub fn hours_text(centi: i64) -> String {
    let sign = if centi < 0 { "-" } else { "" };
    let centi = centi.abs();
    format!("{sign}{}.{:02}", centi / 100, centi % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_of_report_hours() {
        assert_eq!(centi_hours_floor(50), 83); // 0.8333…
        assert_eq!(centi_hours(50), 83);
        assert_eq!(centi_hours_floor(1), 1);
        assert_eq!(centi_hours(1), 2); // 0.01666… rounds up
        assert_eq!(centi_hours_floor(59), 98); // 0.98333…
        assert_eq!(centi_hours(59), 98);
        assert_eq!(centi_hours(89), 148); // 1.48333…
        assert_eq!(centi_hours(3), 5); // 0.05 exactly
        assert_eq!(hours_text(1250), "12.50");
        assert_eq!(hours_text(5), "0.05");
        assert_eq!(hours_text(-5), "-0.05");
    }
}
