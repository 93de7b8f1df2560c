//! Shared kiosks (issue 40): admins register devices (`/kiosks/*`), people choose their PIN
//! (`/clock/pin`), and a kiosk device presses for whoever types their PIN (`/kiosk/*`, with the
//! device's credential only).

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{Admin, ClientMeta, KioskDevice, Member};
use crate::forms::Body;
use crate::state::AppState;
use actix_web::{web, HttpRequest};
use clock::kiosk::{KioskPressAnswer, KioskRoster, KioskView, Pin, RegisteredKiosk, PIN_MESSAGE};
use clock::machine::ClockAction;
use clock::offline::KEY_MESSAGE;
use clock::receipts::PressKey;
use kernel::{FieldErrors, KioskId, LocationId, UserId};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

crate::routes::route_table! {
    get "/kiosks" => list,
    post "/kiosks/register" => register,
    post "/kiosks/revoke" => revoke,
    post "/kiosks/reset-pin" => reset_pin,
    get "/clock/pin" => pin_state,
    post "/clock/pin" => set_pin,
    get "/kiosk/roster" => roster,
    post "/kiosk/press" => press,
    post "/kiosk/leave" => leave,
}

#[utoipa::path(get, path = "/server/v1/kiosks", tag = "kiosks", security(("bearer" = [])),
    responses((status = 200, body = Vec<KioskView>), (status = 403, body = ErrorBody)))]
pub async fn list(state: web::Data<AppState>, guard: Admin) -> Result<web::Json<Vec<KioskView>>, ApiError> {
    Ok(web::Json(state.kiosks.kiosks(&guard.ctx).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct RegisterBody {
    /// What the device is called ("Front desk tablet").
    pub name: Option<String>,
    /// The work location it stands at.
    pub location_id: Option<i64>,
}

#[utoipa::path(post, path = "/server/v1/kiosks/register", tag = "kiosks", security(("bearer" = [])),
    request_body = RegisterBody,
    responses((status = 200, description = "The kiosk and its credential, shown this once", body = RegisteredKiosk),
        (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, description = "The location is not the company's", body = ErrorBody)))]
pub async fn register(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<RegisterBody>,
) -> Result<web::Json<RegisteredKiosk>, ApiError> {
    let Some(location) = body.location_id else {
        return Err(ApiError::validation(FieldErrors::single("locationId", "Please choose the kiosk's location")));
    };
    let name = body.name.clone().unwrap_or_default();
    Ok(web::Json(state.kiosks.register(&guard.ctx, &name, LocationId(location)).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct KioskQuery {
    /// The kiosk's id.
    pub id: i64,
}

#[utoipa::path(post, path = "/server/v1/kiosks/revoke", tag = "kiosks", security(("bearer" = [])),
    params(KioskQuery),
    responses((status = 200, description = "The kiosks, this one revoked", body = Vec<KioskView>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn revoke(
    state: web::Data<AppState>,
    guard: Admin,
    query: web::Query<KioskQuery>,
) -> Result<web::Json<Vec<KioskView>>, ApiError> {
    Ok(web::Json(state.kiosks.revoke(&guard.ctx, KioskId(query.id)).await?))
}

/// A PIN as chosen: 4–6 digits, not trivially guessable.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct PinBody {
    pub pin: Option<String>,
}

impl PinBody {
    fn pin(&self) -> Result<Pin, ApiError> {
        Pin::choose(self.pin.as_deref().unwrap_or_default())
            .map_err(|message| ApiError::validation(FieldErrors::single("pin", message)))
    }
}

/// Whether the person has a kiosk PIN (never the PIN).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PinState {
    pub has_pin: bool,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PersonQuery {
    /// The employee's id.
    pub eid: i64,
}

#[utoipa::path(post, path = "/server/v1/kiosks/reset-pin", tag = "kiosks", security(("bearer" = [])),
    params(PersonQuery), request_body = PinBody,
    responses((status = 200, body = PinState), (status = 400, description = PIN_MESSAGE, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn reset_pin(
    state: web::Data<AppState>,
    guard: Admin,
    query: web::Query<PersonQuery>,
    body: Body<PinBody>,
) -> Result<web::Json<PinState>, ApiError> {
    let pin = body.pin()?;
    state.kiosks.reset_pin(&guard.ctx, UserId(query.eid), &pin).await?;
    Ok(web::Json(PinState { has_pin: true }))
}

#[utoipa::path(get, path = "/server/v1/clock/pin", tag = "kiosks", security(("bearer" = [])),
    responses((status = 200, body = PinState), (status = 401, body = ErrorBody)))]
pub async fn pin_state(state: web::Data<AppState>, member: Member) -> Result<web::Json<PinState>, ApiError> {
    Ok(web::Json(PinState { has_pin: state.kiosks.has_pin(&member.ctx).await? }))
}

#[utoipa::path(post, path = "/server/v1/clock/pin", tag = "kiosks", security(("bearer" = [])),
    request_body = PinBody,
    responses((status = 200, body = PinState), (status = 400, description = PIN_MESSAGE, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn set_pin(
    state: web::Data<AppState>,
    member: Member,
    body: Body<PinBody>,
) -> Result<web::Json<PinState>, ApiError> {
    let pin = body.pin()?;
    state.kiosks.set_own_pin(&member.ctx, &pin).await?;
    Ok(web::Json(PinState { has_pin: true }))
}

#[utoipa::path(get, path = "/server/v1/kiosk/roster", tag = "kiosks", security(("kiosk" = [])),
    responses((status = 200, body = KioskRoster), (status = 401, description = "No kiosk credential, or a revoked one", body = ErrorBody)))]
pub async fn roster(state: web::Data<AppState>, device: KioskDevice) -> Result<web::Json<KioskRoster>, ApiError> {
    Ok(web::Json(state.kiosks.roster(&device.ctx).await?))
}

/// A press at the kiosk.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct KioskPressBody {
    pub employee_id: Option<i64>,
    /// The person's PIN, as typed.
    pub pin: Option<String>,
    /// `start`, `break`, `resume` or `end`.
    pub action: Option<String>,
}

/// The optional header of a kiosk press: the same key sent again answers the first press.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Header)]
pub struct KioskPressHeaders {
    #[param(rename = "Idempotency-Key")]
    #[allow(dead_code)]
    pub idempotency_key: Option<String>,
}

#[utoipa::path(post, path = "/server/v1/kiosk/press", tag = "kiosks", security(("kiosk" = [])),
    params(KioskPressHeaders), request_body = KioskPressBody,
    responses(
        (status = 200, body = KioskPressAnswer),
        (status = 400, body = ErrorBody),
        (status = 401, description = "No kiosk credential, or a revoked one", body = ErrorBody),
        (status = 403, description = "`wrong_pin` (with the tries left), or `outside_work_location`", body = ErrorBody),
        (status = 404, description = "Nobody active of that id in the company", body = ErrorBody),
        (status = 409, description = "The clock's state refuses the press", body = ErrorBody),
        (status = 429, description = "Five wrong PINs lock the person out for 5 minutes; ten in a row pause the device", body = ErrorBody),
    ))]
pub async fn press(
    state: web::Data<AppState>,
    device: KioskDevice,
    req: HttpRequest,
    client: ClientMeta,
    body: Body<KioskPressBody>,
) -> Result<web::Json<KioskPressAnswer>, ApiError> {
    let mut errors = FieldErrors::new();
    let employee = body.employee_id.filter(|id| *id > 0);
    if employee.is_none() {
        errors.add("employeeId", "Please choose who is pressing");
    }
    let action = body.action.as_deref().and_then(ClockAction::parse);
    if action.is_none() {
        errors.add("action", "Please send the press: start, break, resume or end");
    }
    let key = match req.headers().get("Idempotency-Key") {
        None => None,
        Some(value) => {
            let key = value.to_str().ok().and_then(PressKey::parse);
            if key.is_none() {
                errors.add("Idempotency-Key", KEY_MESSAGE);
            }
            key
        }
    };
    let (Some(employee), Some(action), true) = (employee, action, errors.is_empty()) else {
        return Err(ApiError::validation(errors));
    };
    let pin = body.pin.clone().unwrap_or_default();
    let ip = client.0.ip.as_deref().and_then(|ip| ip.parse().ok());
    Ok(web::Json(state.kiosks.press(&device.ctx, UserId(employee), &pin, action, key, ip).await?))
}

/// An admin's sign-in, to leave kiosk mode.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct LeaveBody {
    pub email: Option<String>,
    pub password: Option<String>,
}

/// Kiosk mode may end.
#[derive(Debug, Serialize, ToSchema)]
pub struct LeaveAnswer {
    pub left: bool,
}

#[utoipa::path(post, path = "/server/v1/kiosk/leave", tag = "kiosks", security(("kiosk" = [])),
    request_body = LeaveBody,
    responses((status = 200, body = LeaveAnswer), (status = 400, body = ErrorBody),
        (status = 401, description = "Not an admin of this company, or a wrong password (throttled as sign-ins are)", body = ErrorBody),
        (status = 429, body = ErrorBody)))]
pub async fn leave(
    state: web::Data<AppState>,
    device: KioskDevice,
    client: ClientMeta,
    body: Body<LeaveBody>,
) -> Result<web::Json<LeaveAnswer>, ApiError> {
    let body = body.into_inner();
    let (Some(email), Some(password)) =
        (body.email.filter(|e| !e.trim().is_empty()), body.password.filter(|p| !p.is_empty()))
    else {
        let mut errors = FieldErrors::new();
        errors.add("email", "Please enter an admin's e-mail address and password");
        return Err(ApiError::validation(errors));
    };
    state.kiosks.leave(&device.ctx, email.trim(), password, &client.0).await?;
    Ok(web::Json(LeaveAnswer { left: true }))
}
