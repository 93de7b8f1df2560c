//! What every handler can reach: the domain services.

use accounts::Accounts;
use sea_orm::DatabaseConnection;

pub struct AppState {
    pub db: DatabaseConnection,
    pub accounts: Accounts,
}
