//! What every handler can reach: the domain services.

use accounts::Accounts;
use clock::ClockService;
use kernel::WriteGate;
use sea_orm::{ConnectionTrait, DatabaseConnection};
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
        let gate = match db.get_database_backend() {
            sea_orm::DatabaseBackend::Sqlite => WriteGate::serializing(),
            _ => WriteGate::open(),
        };
        Self {
            clock: ClockService::new(db.clone(), gate.clone()),
            timesheet: TimesheetService::new(db.clone(), accounts.clone(), gate),
            accounts,
            db,
        }
    }
}
