//! `/locations/*`: the company's work locations, their rules and who is held to them (issue 40).
//! Admins keep them; managers read them (the timesheet's place markers name them).

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{Admin, Privileged};
use crate::forms::Body;
use crate::state::AppState;
use actix_web::web;
use clock::places::{LocationCommand, LocationInput, LocationView};
use kernel::{LocationId, UserId};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

crate::routes::route_table! {
    get "/locations" => list,
    post "/locations/save" => save,
    post "/locations/delete" => delete,
    post "/locations/people" => people,
    get "/locations/of-person" => of_person,
    post "/locations/of-person" => set_of_person,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LocationQuery {
    /// The location's id.
    pub id: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PersonQuery {
    /// The employee's id.
    pub eid: i64,
}

#[utoipa::path(get, path = "/server/v1/locations", tag = "locations", security(("bearer" = [])),
    responses((status = 200, body = Vec<LocationView>), (status = 403, body = ErrorBody)))]
pub async fn list(state: web::Data<AppState>, guard: Privileged) -> Result<web::Json<Vec<LocationView>>, ApiError> {
    Ok(web::Json(state.places.locations(&guard.ctx).await?))
}

/// A location as the admin sends it: without `id` a new one.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct LocationBody {
    pub id: Option<i64>,
    pub name: Option<String>,
    /// IANA zone; default: the company's.
    pub time_zone: Option<String>,
    pub address: Option<String>,
    /// The geofence's centre (both, or neither for no geofence).
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    /// Metres, 50 to 50,000 (default 150).
    pub radius_m: Option<i64>,
    /// `flag` (default) or `block`.
    pub geofence_mode: Option<String>,
    /// IPv4/IPv6 addresses and CIDR blocks; empty: no allow-list.
    pub ip_allow: Option<Vec<String>>,
    /// `flag` (default) or `block`.
    pub ip_mode: Option<String>,
}

#[utoipa::path(post, path = "/server/v1/locations/save", tag = "locations", security(("bearer" = [])),
    request_body = LocationBody,
    responses((status = 200, body = LocationView), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn save(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<LocationBody>,
) -> Result<web::Json<LocationView>, ApiError> {
    let body = body.into_inner();
    let input = LocationInput {
        name: body.name,
        time_zone: body.time_zone,
        address: body.address,
        latitude: body.latitude,
        longitude: body.longitude,
        radius_m: body.radius_m,
        geofence_mode: body.geofence_mode,
        ip_allow: body.ip_allow,
        ip_mode: body.ip_mode,
    };
    let command = LocationCommand::parse(&input, guard.ctx.time_zone()).map_err(ApiError::validation)?;
    Ok(web::Json(state.places.save(&guard.ctx, body.id.map(LocationId), &command).await?))
}

#[utoipa::path(post, path = "/server/v1/locations/delete", tag = "locations", security(("bearer" = [])),
    params(LocationQuery),
    responses((status = 200, description = "The locations left", body = Vec<LocationView>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete(
    state: web::Data<AppState>,
    guard: Admin,
    query: web::Query<LocationQuery>,
) -> Result<web::Json<Vec<LocationView>>, ApiError> {
    state.places.delete(&guard.ctx, LocationId(query.id)).await?;
    Ok(web::Json(state.places.locations(&guard.ctx).await?))
}

/// People to hold to the location's rules and to free from them, in bulk.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct PeopleBody {
    pub add: Vec<i64>,
    pub remove: Vec<i64>,
}

#[utoipa::path(post, path = "/server/v1/locations/people", tag = "locations", security(("bearer" = [])),
    params(LocationQuery), request_body = PeopleBody,
    responses((status = 200, body = LocationView), (status = 403, body = ErrorBody), (status = 404, description = "The location, or a person, is not the company's", body = ErrorBody)))]
pub async fn people(
    state: web::Data<AppState>,
    guard: Admin,
    query: web::Query<LocationQuery>,
    body: Body<PeopleBody>,
) -> Result<web::Json<LocationView>, ApiError> {
    let ids = |list: &[i64]| list.iter().copied().map(UserId).collect::<Vec<_>>();
    Ok(web::Json(state.places.assign(&guard.ctx, LocationId(query.id), &ids(&body.add), &ids(&body.remove)).await?))
}

/// The locations one person is held to.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonLocations {
    pub employee_id: i64,
    pub location_ids: Vec<i64>,
}

#[utoipa::path(get, path = "/server/v1/locations/of-person", tag = "locations", security(("bearer" = [])),
    params(PersonQuery),
    responses((status = 200, body = PersonLocations), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn of_person(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<PersonQuery>,
) -> Result<web::Json<PersonLocations>, ApiError> {
    let location_ids = state.places.of_person(&guard.ctx, UserId(query.eid)).await?;
    Ok(web::Json(PersonLocations { employee_id: query.eid, location_ids }))
}

/// The person's locations, all of them (none: no rule applies).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct PersonLocationsBody {
    pub location_ids: Vec<i64>,
}

#[utoipa::path(post, path = "/server/v1/locations/of-person", tag = "locations", security(("bearer" = [])),
    params(PersonQuery), request_body = PersonLocationsBody,
    responses((status = 200, body = PersonLocations), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn set_of_person(
    state: web::Data<AppState>,
    guard: Admin,
    query: web::Query<PersonQuery>,
    body: Body<PersonLocationsBody>,
) -> Result<web::Json<PersonLocations>, ApiError> {
    let locations: Vec<LocationId> = body.location_ids.iter().copied().map(LocationId).collect();
    let location_ids = state.places.set_of_person(&guard.ctx, UserId(query.eid), &locations).await?;
    Ok(web::Json(PersonLocations { employee_id: query.eid, location_ids }))
}
