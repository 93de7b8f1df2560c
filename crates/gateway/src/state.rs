//! What every handler can reach: the domain services.

use accounts::Accounts;
use clock::ClockService;
use sea_orm::DatabaseConnection;
use timesheet::TimesheetService;

pub struct AppState {
    pub db: DatabaseConnection,
    pub accounts: Accounts,
    pub clock: ClockService,
    pub timesheet: TimesheetService,
}

impl AppState {
    /// Every service over one database.
    pub fn new(db: DatabaseConnection, accounts: Accounts) -> Self {
        Self {
            clock: ClockService::new(db.clone()),
            timesheet: TimesheetService::new(db.clone(), accounts.clone()),
            accounts,
            db,
        }
    }
}
