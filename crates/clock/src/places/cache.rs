//! The locations each person is held to, kept in memory for a few seconds: every press judges
//! them, and they change when an admin edits a location or whom it holds, a few times a year.
//!
//! The same rule as the time settings' cache (`crate::settings::SettingsCache`): a change made
//! through this process is seen at once (the places service forgets the company's entries), one
//! made through another process (several servers on one PostgreSQL) within [`FRESH_FOR`]. The
//! benchmark of presses with geofence and IP rules on showed the two reads per press, and the
//! parsing of every allow-list, as the cost of the rules.

use super::store;
use super::Place;
use kernel::{CompanyId, UserId};
use sea_orm::{ConnectionTrait, DbErr};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How long places read from the database are used without reading them again.
pub const FRESH_FOR: Duration = Duration::from_secs(5);

/// People remembered at most; past it the memory starts afresh.
const MAX_PEOPLE: usize = 100_000;

type Entries = HashMap<(CompanyId, UserId), (Instant, Arc<Vec<Place>>)>;

#[derive(Debug, Clone, Default)]
pub struct PlacesCache(Arc<Mutex<Entries>>);

impl PlacesCache {
    /// The locations `employee` is held to (none: no rule applies).
    pub async fn get(
        &self,
        db: &impl ConnectionTrait,
        company: CompanyId,
        employee: UserId,
    ) -> Result<Arc<Vec<Place>>, DbErr> {
        let fresh = self
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&(company, employee))
            .filter(|(read_at, _)| read_at.elapsed() < FRESH_FOR)
            .map(|(_, places)| places.clone());
        if let Some(places) = fresh {
            return Ok(places);
        }
        let places = Arc::new(store::places_of(db, company, employee).await?);
        let mut entries = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if entries.len() >= MAX_PEOPLE {
            entries.clear();
        }
        entries.insert((company, employee), (Instant::now(), places.clone()));
        Ok(places)
    }

    /// After a change to the company's locations or to whom they hold.
    pub fn forget(&self, company: CompanyId) {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).retain(|(of, _), _| *of != company);
    }
}
