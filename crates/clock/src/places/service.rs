//! The locations as admins keep them and managers read them.

use super::store::{self, StoredLocation};
use super::LocationCommand;
use crate::error::ClockError;
use accounts::people::read::{people_in_reach, PeopleFilter};
use chrono::{DateTime, Utc};
use kernel::{AdminCtx, LocationId, ManagerCtx, TenantCtx, UserId, WriteGate};
use sea_orm::DatabaseConnection;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// A location as the settings screen shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct LocationView {
    pub id: i64,
    pub name: String,
    /// IANA zone, such as `America/Chicago`.
    pub time_zone: String,
    pub address: Option<String>,
    /// The geofence's centre; both `null`: no geofence.
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    /// Metres, 50 to 50,000.
    pub radius_m: i32,
    /// `flag` (accept and mark) or `block` (refuse a clock-in).
    pub geofence_mode: String,
    /// Addresses and CIDR blocks; empty: no allow-list.
    pub ip_allow: Vec<String>,
    /// `flag` or `block`.
    pub ip_mode: String,
    /// Who is held to its rules (employee ids).
    pub people: Vec<i64>,
    pub created_at: DateTime<Utc>,
}

impl LocationView {
    fn of(location: StoredLocation, people: &BTreeMap<LocationId, Vec<UserId>>) -> Self {
        LocationView {
            id: location.id.0,
            people: people.get(&location.id).map(|ids| ids.iter().map(|id| id.0).collect()).unwrap_or_default(),
            name: location.name,
            time_zone: location.time_zone,
            address: location.address,
            latitude: location.latitude,
            longitude: location.longitude,
            radius_m: location.radius_m,
            geofence_mode: location.geofence_mode.code().to_owned(),
            ip_allow: location.ip_allow,
            ip_mode: location.ip_mode.code().to_owned(),
            created_at: location.created_at,
        }
    }
}

/// An error of the locations: the clock's.
pub type PlacesError = ClockError;

#[derive(Clone)]
pub struct PlacesService {
    db: DatabaseConnection,
    gate: WriteGate,
    /// The clock's memory of who is held where: forgotten for the company at every change.
    cache: super::cache::PlacesCache,
}

impl PlacesService {
    pub fn new(db: DatabaseConnection, gate: WriteGate) -> Self {
        Self { db, gate, cache: super::cache::PlacesCache::default() }
    }

    /// Shares the clock's memory of places (`ClockService::places_cache`), so that a change made
    /// here is judged at once by this process's presses.
    pub fn with_cache(mut self, cache: super::cache::PlacesCache) -> Self {
        self.cache = cache;
        self
    }

    /// The company's locations with who is held to each (admins and managers: the timesheet's
    /// markers name them).
    pub async fn locations(&self, ctx: &ManagerCtx) -> Result<Vec<LocationView>, ClockError> {
        let people = store::people(&self.db, ctx.company()).await?;
        Ok(store::list(&self.db, ctx.company()).await?.into_iter().map(|row| LocationView::of(row, &people)).collect())
    }

    async fn view(&self, ctx: &TenantCtx, id: LocationId) -> Result<LocationView, ClockError> {
        let location = store::find(&self.db, ctx.company(), id).await?.ok_or(ClockError::NotFound)?;
        let people = store::people(&self.db, ctx.company()).await?;
        Ok(LocationView::of(location, &people))
    }

    /// Adds a location, or changes the one `id` names.
    pub async fn save(
        &self,
        ctx: &AdminCtx,
        id: Option<LocationId>,
        command: &LocationCommand,
    ) -> Result<LocationView, ClockError> {
        let id = {
            let _permit = self.gate.enter().await;
            let txn = kernel::begin_write(&self.db).await?;
            let (id, before) = match id {
                Some(id) => {
                    let before = store::find(&txn, ctx.company(), id).await?.ok_or(ClockError::NotFound)?;
                    if !store::update(&txn, ctx.company(), id, command).await? {
                        return Err(ClockError::NotFound);
                    }
                    (id, Some(before))
                }
                None => (store::insert(&txn, ctx.company(), command, crate::now()).await?, None),
            };
            let after = store::find(&txn, ctx.company(), id).await?.ok_or(ClockError::NotFound)?;
            let action = if before.is_some() { audit::Action::Updated } else { audit::Action::Created };
            let change = audit::Change::new(audit::Subject::Location, id.0, action)
                .diff(&before.as_ref().map(location_snapshot).unwrap_or_default(), &location_snapshot(&after));
            audit::record(&txn, ctx, change).await?;
            txn.commit().await?;
            id
        };
        self.cache.forget(ctx.company());
        self.view(ctx, id).await
    }

    /// Deletes a location: its people are no longer held to it; presses keep their verdicts.
    pub async fn delete(&self, ctx: &AdminCtx, id: LocationId) -> Result<(), ClockError> {
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let before = store::find(&txn, ctx.company(), id).await?.ok_or(ClockError::NotFound)?;
        if !store::delete(&txn, ctx.company(), id).await? {
            return Err(ClockError::NotFound);
        }
        let change = audit::Change::new(audit::Subject::Location, id.0, audit::Action::Deleted)
            .deleted(&location_snapshot(&before));
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        self.cache.forget(ctx.company());
        Ok(())
    }

    /// The people of the company among `ids`; any other id is unknown (404, as a missing one).
    async fn company_people(&self, ctx: &AdminCtx, ids: &[UserId]) -> Result<Vec<UserId>, ClockError> {
        let wanted: BTreeSet<UserId> = ids.iter().copied().collect();
        if wanted.is_empty() {
            return Ok(Vec::new());
        }
        let found: BTreeSet<UserId> =
            people_in_reach(&self.db, ctx, &PeopleFilter::default().with_ids(wanted.iter().copied()))
                .await?
                .into_iter()
                .map(|person| person.id)
                .collect();
        if found != wanted {
            return Err(ClockError::NotFound);
        }
        Ok(found.into_iter().collect())
    }

    /// Holds `add` to the location's rules and frees `remove` (in bulk, from the location).
    pub async fn assign(
        &self,
        ctx: &AdminCtx,
        id: LocationId,
        add: &[UserId],
        remove: &[UserId],
    ) -> Result<LocationView, ClockError> {
        let add = self.company_people(ctx, add).await?;
        let remove = self.company_people(ctx, remove).await?;
        {
            let _permit = self.gate.enter().await;
            let txn = kernel::begin_write(&self.db).await?;
            store::find(&txn, ctx.company(), id).await?.ok_or(ClockError::NotFound)?;
            store::unassign(&txn, ctx.company(), id, &remove).await?;
            store::assign(&txn, ctx.company(), id, &add).await?;
            let ids = |people: &[UserId]| people.iter().map(|person| person.0).collect::<Vec<_>>();
            let change = audit::Change::new(audit::Subject::Location, id.0, audit::Action::Updated)
                .field("peopleAdded", serde_json::Value::Null, ids(&add))
                .field("peopleRemoved", serde_json::Value::Null, ids(&remove));
            audit::record(&txn, ctx, change).await?;
            txn.commit().await?;
        }
        self.cache.forget(ctx.company());
        self.view(ctx, id).await
    }

    /// The locations one person (in the caller's reach) is held to.
    pub async fn of_person(&self, ctx: &ManagerCtx, employee: UserId) -> Result<Vec<i64>, ClockError> {
        let reached = people_in_reach(&self.db, ctx, &PeopleFilter::default().with_ids([employee])).await?;
        if reached.is_empty() {
            return Err(ClockError::NotFound);
        }
        Ok(store::locations_of(&self.db, ctx.company(), employee).await?.into_iter().map(|id| id.0).collect())
    }

    /// Holds one person to exactly `locations` (their edit panel).
    pub async fn set_of_person(
        &self,
        ctx: &AdminCtx,
        employee: UserId,
        locations: &[LocationId],
    ) -> Result<Vec<i64>, ClockError> {
        self.company_people(ctx, &[employee]).await?;
        let wanted: BTreeSet<LocationId> = locations.iter().copied().collect();
        {
            let _permit = self.gate.enter().await;
            let txn = kernel::begin_write(&self.db).await?;
            let known: BTreeSet<LocationId> =
                store::list(&txn, ctx.company()).await?.into_iter().map(|location| location.id).collect();
            if !wanted.is_subset(&known) {
                return Err(ClockError::NotFound);
            }
            let wanted: Vec<LocationId> = wanted.into_iter().collect();
            let before: Vec<i64> =
                store::locations_of(&txn, ctx.company(), employee).await?.into_iter().map(|id| id.0).collect();
            store::set_locations_of(&txn, ctx.company(), employee, &wanted).await?;
            let change = audit::Change::new(audit::Subject::Person, employee.0, audit::Action::Updated)
                .about(employee)
                .field("locations", before, wanted.iter().map(|id| id.0).collect::<Vec<_>>());
            audit::record(&txn, ctx, change).await?;
            txn.commit().await?;
        }
        self.cache.forget(ctx.company());
        self.of_person(ctx, employee).await
    }

    /// The retention job: forgets positions and addresses past each company's retention days.
    pub async fn forget_positions(&self, now: DateTime<Utc>) -> Result<u64, ClockError> {
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let cleared = super::retention::forget_positions(&txn, now).await?;
        txn.commit().await?;
        Ok(cleared)
    }
}

/// A work location as the audit trail shows it.
fn location_snapshot(row: &store::StoredLocation) -> audit::Snapshot {
    audit::Snapshot::new()
        .with("name", row.name.clone())
        .with("timeZone", row.time_zone.clone())
        .with("address", row.address.clone())
        .with("latitude", row.latitude)
        .with("longitude", row.longitude)
        .with("radiusM", row.radius_m)
        .with("geofenceMode", row.geofence_mode.code())
        .with("ipAllow", row.ip_allow.join("\n"))
        .with("ipMode", row.ip_mode.code())
}
