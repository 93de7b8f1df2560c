//! The locations' tables: `work_locations` and `work_location_people`, written only here.

use super::command::{parse_network, LocationCommand};
use super::{Geofence, IpRule, Place, RuleMode};
use crate::entities::{work_location_people, work_locations};
use chrono::{DateTime, Utc};
use kernel::tenancy::same_company;
use kernel::{CompanyId, LocationId, UserId};
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
};
use std::collections::BTreeMap;

/// A stored location with its rules, as read.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredLocation {
    pub id: LocationId,
    pub name: String,
    pub time_zone: String,
    pub address: Option<String>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub radius_m: i32,
    pub geofence_mode: RuleMode,
    /// Addresses and blocks as stored, one each.
    pub ip_allow: Vec<String>,
    pub ip_mode: RuleMode,
    pub created_at: DateTime<Utc>,
}

impl From<work_locations::Model> for StoredLocation {
    fn from(row: work_locations::Model) -> Self {
        StoredLocation {
            id: row.id,
            name: row.name,
            time_zone: row.time_zone,
            address: row.address,
            latitude: row.latitude,
            longitude: row.longitude,
            radius_m: row.radius_m,
            geofence_mode: RuleMode::from_code(&row.geofence_mode).unwrap_or(RuleMode::Flag),
            ip_allow: row.ip_allow.lines().map(str::trim).filter(|line| !line.is_empty()).map(str::to_owned).collect(),
            ip_mode: RuleMode::from_code(&row.ip_mode).unwrap_or(RuleMode::Flag),
            created_at: row.created_at,
        }
    }
}

impl StoredLocation {
    /// The location as the judge sees it.
    pub fn place(&self) -> Place {
        let geofence = match (self.latitude, self.longitude) {
            (Some(latitude), Some(longitude)) => {
                Some(Geofence { latitude, longitude, radius_m: self.radius_m, mode: self.geofence_mode })
            }
            _ => None,
        };
        let networks: Vec<_> = self.ip_allow.iter().filter_map(|entry| parse_network(entry)).collect();
        let ip_rule = (!networks.is_empty()).then_some(IpRule { networks, mode: self.ip_mode });
        Place { id: self.id, name: self.name.clone(), geofence, ip_rule }
    }
}

/// The company's locations, by name.
pub async fn list(db: &impl ConnectionTrait, company: CompanyId) -> Result<Vec<StoredLocation>, DbErr> {
    Ok(work_locations::Entity::find()
        .filter(same_company::<work_locations::Entity>(company))
        .order_by_asc(work_locations::Column::Name)
        .order_by_asc(work_locations::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(StoredLocation::from)
        .collect())
}

pub async fn find(
    db: &impl ConnectionTrait,
    company: CompanyId,
    id: LocationId,
) -> Result<Option<StoredLocation>, DbErr> {
    Ok(work_locations::Entity::find_by_id(id)
        .filter(same_company::<work_locations::Entity>(company))
        .one(db)
        .await?
        .map(StoredLocation::from))
}

/// Who is held to which location.
pub async fn people(db: &impl ConnectionTrait, company: CompanyId) -> Result<BTreeMap<LocationId, Vec<UserId>>, DbErr> {
    let mut people: BTreeMap<LocationId, Vec<UserId>> = BTreeMap::new();
    for row in work_location_people::Entity::find()
        .filter(same_company::<work_location_people::Entity>(company))
        .order_by_asc(work_location_people::Column::EmployeeId)
        .all(db)
        .await?
    {
        people.entry(row.location_id).or_default().push(row.employee_id);
    }
    Ok(people)
}

/// The locations `employee` is held to (none: no rule applies): one read per press.
pub async fn places_of(db: &impl ConnectionTrait, company: CompanyId, employee: UserId) -> Result<Vec<Place>, DbErr> {
    let ids: Vec<LocationId> = work_location_people::Entity::find()
        .filter(same_company::<work_location_people::Entity>(company))
        .filter(work_location_people::Column::EmployeeId.eq(employee))
        .all(db)
        .await?
        .into_iter()
        .map(|row| row.location_id)
        .collect();
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(work_locations::Entity::find()
        .filter(same_company::<work_locations::Entity>(company))
        .filter(work_locations::Column::Id.is_in(ids))
        .order_by_asc(work_locations::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|row| StoredLocation::from(row).place())
        .collect())
}

fn columns(command: &LocationCommand, model: &mut work_locations::ActiveModel) {
    model.name = Set(command.name.clone());
    model.time_zone = Set(command.time_zone.name().to_owned());
    model.address = Set(command.address.clone());
    model.latitude = Set(command.geofence.map(|fence| fence.latitude));
    model.longitude = Set(command.geofence.map(|fence| fence.longitude));
    model.radius_m = Set(command.radius_m);
    model.geofence_mode = Set(command.geofence_mode.code().to_owned());
    model.ip_allow = Set(command
        .ip_rule
        .iter()
        .flat_map(|rule| rule.networks.iter().map(ToString::to_string))
        .collect::<Vec<_>>()
        .join("\n"));
    model.ip_mode = Set(command.ip_mode.code().to_owned());
}

pub async fn insert(
    db: &impl ConnectionTrait,
    company: CompanyId,
    command: &LocationCommand,
    now: DateTime<Utc>,
) -> Result<LocationId, DbErr> {
    let mut model =
        work_locations::ActiveModel { company_id: Set(company), created_at: Set(now), ..Default::default() };
    columns(command, &mut model);
    Ok(model.insert(db).await?.id)
}

/// Changes a location of the company; `false` when it has none of that id.
pub async fn update(
    db: &impl ConnectionTrait,
    company: CompanyId,
    id: LocationId,
    command: &LocationCommand,
) -> Result<bool, DbErr> {
    let Some(row) =
        work_locations::Entity::find_by_id(id).filter(same_company::<work_locations::Entity>(company)).one(db).await?
    else {
        return Ok(false);
    };
    let mut model: work_locations::ActiveModel = row.into();
    columns(command, &mut model);
    model.update(db).await?;
    Ok(true)
}

/// Deletes a location of the company and its assignments (presses keep their verdicts).
pub async fn delete(db: &impl ConnectionTrait, company: CompanyId, id: LocationId) -> Result<bool, DbErr> {
    work_location_people::Entity::delete_many()
        .filter(same_company::<work_location_people::Entity>(company))
        .filter(work_location_people::Column::LocationId.eq(id))
        .exec(db)
        .await?;
    let done = work_locations::Entity::delete_many()
        .filter(same_company::<work_locations::Entity>(company))
        .filter(work_locations::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(done.rows_affected > 0)
}

/// Holds `people` to `location` (those already held stay once).
pub async fn assign(
    db: &impl ConnectionTrait,
    company: CompanyId,
    location: LocationId,
    people: &[UserId],
) -> Result<(), DbErr> {
    if people.is_empty() {
        return Ok(());
    }
    let rows = people.iter().map(|employee| work_location_people::ActiveModel {
        location_id: Set(location),
        employee_id: Set(*employee),
        company_id: Set(company),
    });
    work_location_people::Entity::insert_many(rows)
        .on_conflict(
            OnConflict::columns([work_location_people::Column::LocationId, work_location_people::Column::EmployeeId])
                .do_nothing()
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    Ok(())
}

/// Frees `people` from `location`'s rules.
pub async fn unassign(
    db: &impl ConnectionTrait,
    company: CompanyId,
    location: LocationId,
    people: &[UserId],
) -> Result<(), DbErr> {
    if people.is_empty() {
        return Ok(());
    }
    work_location_people::Entity::delete_many()
        .filter(same_company::<work_location_people::Entity>(company))
        .filter(work_location_people::Column::LocationId.eq(location))
        .filter(work_location_people::Column::EmployeeId.is_in(people.iter().copied()))
        .exec(db)
        .await?;
    Ok(())
}

/// The locations one person is held to, by id.
pub async fn locations_of(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employee: UserId,
) -> Result<Vec<LocationId>, DbErr> {
    Ok(work_location_people::Entity::find()
        .filter(same_company::<work_location_people::Entity>(company))
        .filter(work_location_people::Column::EmployeeId.eq(employee))
        .order_by_asc(work_location_people::Column::LocationId)
        .all(db)
        .await?
        .into_iter()
        .map(|row| row.location_id)
        .collect())
}

/// Holds `employee` to exactly `locations`.
pub async fn set_locations_of(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employee: UserId,
    locations: &[LocationId],
) -> Result<(), DbErr> {
    work_location_people::Entity::delete_many()
        .filter(same_company::<work_location_people::Entity>(company))
        .filter(work_location_people::Column::EmployeeId.eq(employee))
        .exec(db)
        .await?;
    for location in locations {
        assign(db, company, *location, &[employee]).await?;
    }
    Ok(())
}
