//! A location as an admin sends it, and a press's position as a browser sends it, checked.

use super::{Geofence, IpRule, Position, RuleMode, DEFAULT_RADIUS_M, MAX_RADIUS_M, MIN_RADIUS_M};
use chrono::{DateTime, Duration, Utc};
use ipnet::IpNet;
use kernel::FieldErrors;
use std::net::IpAddr;

/// Allow-list entries a location may have.
const MAX_NETWORKS: usize = 100;
/// A position taken later than this after the server's clock is refused.
const FUTURE_GRACE_SECONDS: i64 = 60;
/// A fix older than this is a cached one: it counts as no position.
const STALE_AFTER_SECONDS: i64 = 120;

/// A location's fields as sent (absent fields take their defaults).
#[derive(Debug, Clone, Default)]
pub struct LocationInput {
    pub name: Option<String>,
    pub time_zone: Option<String>,
    pub address: Option<String>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub radius_m: Option<i64>,
    pub geofence_mode: Option<String>,
    pub ip_allow: Option<Vec<String>>,
    pub ip_mode: Option<String>,
}

/// A location, checked: ready to store.
#[derive(Debug, Clone, PartialEq)]
pub struct LocationCommand {
    pub name: String,
    pub time_zone: chrono_tz::Tz,
    pub address: Option<String>,
    pub geofence: Option<Geofence>,
    /// The geofence's settings kept while it has no centre (the mode and radius chosen).
    pub radius_m: i32,
    pub geofence_mode: RuleMode,
    pub ip_rule: Option<IpRule>,
    pub ip_mode: RuleMode,
}

fn mode(errors: &mut FieldErrors, field: &str, code: Option<&str>) -> RuleMode {
    match code.map(str::trim) {
        None | Some("") => RuleMode::Flag,
        Some(code) => RuleMode::from_code(code).unwrap_or_else(|| {
            errors.add(field, "Please choose flag or block");
            RuleMode::Flag
        }),
    }
}

/// One allow-list entry: an address or a CIDR block.
pub fn parse_network(text: &str) -> Option<IpNet> {
    let text = text.trim();
    if let Ok(network) = text.parse::<IpNet>() {
        // `10.0.0.7/24` names a host, not a block: take the block it lies in.
        return Some(network.trunc());
    }
    text.parse::<IpAddr>().ok().map(IpNet::from)
}

impl LocationCommand {
    /// Checks every field, naming each bad one.
    pub fn parse(input: &LocationInput, company_zone: chrono_tz::Tz) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = input.name.as_deref().map(str::trim).unwrap_or_default().to_owned();
        if name.is_empty() {
            errors.add("name", "Please enter the location's name");
        } else if name.chars().count() > 100 {
            errors.add("name", "Please keep the name to 100 characters");
        }
        let time_zone = match input.time_zone.as_deref().map(str::trim).filter(|zone| !zone.is_empty()) {
            None => company_zone,
            Some(zone) => zone.parse().unwrap_or_else(|_| {
                errors.add("timeZone", "Please choose a time zone such as America/Chicago");
                company_zone
            }),
        };
        let address = input.address.as_deref().map(str::trim).filter(|text| !text.is_empty()).map(str::to_owned);
        if address.as_ref().is_some_and(|text| text.chars().count() > 300) {
            errors.add("address", "Please keep the address to 300 characters");
        }
        let radius_m = match input.radius_m {
            None => DEFAULT_RADIUS_M,
            Some(radius) => match i32::try_from(radius) {
                Ok(radius) if (MIN_RADIUS_M..=MAX_RADIUS_M).contains(&radius) => radius,
                _ => {
                    errors.add("radiusM", "Please enter a radius between 50 m and 50,000 m (50 km)");
                    DEFAULT_RADIUS_M
                }
            },
        };
        let geofence_mode = mode(&mut errors, "geofenceMode", input.geofence_mode.as_deref());
        let ip_mode = mode(&mut errors, "ipMode", input.ip_mode.as_deref());
        let geofence = match (input.latitude, input.longitude) {
            (None, None) => None,
            (Some(latitude), Some(longitude)) => {
                let mut valid = true;
                if !latitude.is_finite() || !(-90.0..=90.0).contains(&latitude) {
                    errors.add("latitude", "Please enter a latitude between -90 and 90");
                    valid = false;
                }
                if !longitude.is_finite() || !(-180.0..=180.0).contains(&longitude) {
                    errors.add("longitude", "Please enter a longitude between -180 and 180");
                    valid = false;
                }
                valid.then_some(Geofence { latitude, longitude, radius_m, mode: geofence_mode })
            }
            (Some(_), None) => {
                errors.add("longitude", "Please enter the longitude too, or neither");
                None
            }
            (None, Some(_)) => {
                errors.add("latitude", "Please enter the latitude too, or neither");
                None
            }
        };
        let mut networks = Vec::new();
        for (index, entry) in input.ip_allow.iter().flatten().enumerate() {
            if entry.trim().is_empty() {
                continue;
            }
            match parse_network(entry) {
                Some(network) if !networks.contains(&network) => networks.push(network),
                Some(_) => {}
                None => errors.add(
                    &format!("ipAllow[{index}]"),
                    format!("\"{}\" is not an IP address or CIDR block (such as 203.0.113.0/24)", entry.trim()),
                ),
            }
        }
        if networks.len() > MAX_NETWORKS {
            errors.add("ipAllow", format!("Please list at most {MAX_NETWORKS} addresses or blocks"));
        }
        let ip_rule = (!networks.is_empty()).then_some(IpRule { networks, mode: ip_mode });
        errors.into_result(LocationCommand {
            name,
            time_zone,
            address,
            geofence,
            radius_m,
            geofence_mode,
            ip_rule,
            ip_mode,
        })
    }
}

/// A press's position as the browser gave it.
#[derive(Debug, Clone, Default)]
pub struct PositionInput {
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    /// Metres, the 95 % confidence radius.
    pub accuracy: Option<f64>,
    /// When the fix was taken (ISO 8601).
    pub taken_at: Option<String>,
}

impl PositionInput {
    /// The position, checked against `now`: a fix from the future is refused; a stale one (a
    /// cached fix) counts as none.
    pub fn parse(&self, now: DateTime<Utc>) -> Result<Option<Position>, FieldErrors> {
        let mut errors = FieldErrors::new();
        let latitude = self.latitude.unwrap_or(f64::NAN);
        let longitude = self.longitude.unwrap_or(f64::NAN);
        if !latitude.is_finite() || !(-90.0..=90.0).contains(&latitude) {
            errors.add("position.latitude", "Please send a latitude between -90 and 90");
        }
        if !longitude.is_finite() || !(-180.0..=180.0).contains(&longitude) {
            errors.add("position.longitude", "Please send a longitude between -180 and 180");
        }
        let accuracy = self.accuracy.unwrap_or(f64::NAN);
        if !accuracy.is_finite() || accuracy < 0.0 {
            errors.add("position.accuracy", "Please send the accuracy in metres");
        }
        let taken_at = match self.taken_at.as_deref().map(DateTime::parse_from_rfc3339) {
            Some(Ok(at)) => at.with_timezone(&Utc),
            _ => {
                errors.add("position.takenAt", "Please send when the position was taken (ISO 8601)");
                now
            }
        };
        if taken_at > now + Duration::seconds(FUTURE_GRACE_SECONDS) {
            errors.add("position.takenAt", "The position's time is in the future: check the device's clock");
        }
        let position = errors.into_result(Position { latitude, longitude, accuracy_m: accuracy, taken_at })?;
        let stale = position.taken_at < now - Duration::seconds(STALE_AFTER_SECONDS);
        Ok((!stale).then_some(position).filter(|position| position.accuracy_m.is_finite()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> LocationInput {
        LocationInput {
            name: Some("Main Office".into()),
            latitude: Some(40.0),
            longitude: Some(-75.0),
            ip_allow: Some(vec!["203.0.113.0/24".into(), "2001:db8::/32".into(), "198.51.100.7".into()]),
            ..Default::default()
        }
    }

    #[test]
    fn a_location_is_checked_field_by_field() {
        let command = LocationCommand::parse(&input(), chrono_tz::America::Chicago).unwrap();
        assert_eq!(command.geofence.unwrap().radius_m, 150);
        assert_eq!(command.ip_rule.unwrap().networks.len(), 3);
        assert_eq!(command.time_zone, chrono_tz::America::Chicago);
        let bad = LocationInput {
            name: Some(" ".into()),
            latitude: Some(91.0),
            longitude: Some(-181.0),
            radius_m: Some(49),
            geofence_mode: Some("warn".into()),
            ip_allow: Some(vec!["10.0.0.0/33".into(), "example.com".into()]),
            time_zone: Some("Mars/Olympus".into()),
            ..Default::default()
        };
        let errors = LocationCommand::parse(&bad, chrono_tz::UTC).unwrap_err();
        for field in
            ["name", "latitude", "longitude", "radiusM", "geofenceMode", "ipAllow[0]", "ipAllow[1]", "timeZone"]
        {
            assert!(errors.has(field), "{field}");
        }
        let far = LocationInput { radius_m: Some(50_001), ..input() };
        assert!(LocationCommand::parse(&far, chrono_tz::UTC).unwrap_err().has("radiusM"));
    }

    #[test]
    fn positions_from_the_future_are_refused_and_stale_ones_ignored() {
        let now = Utc::now();
        let at = |seconds: i64| PositionInput {
            latitude: Some(40.0),
            longitude: Some(-75.0),
            accuracy: Some(20.0),
            taken_at: Some((now + Duration::seconds(seconds)).to_rfc3339()),
        };
        assert!(at(0).parse(now).unwrap().is_some());
        assert!(at(3600).parse(now).unwrap_err().has("position.takenAt"));
        assert_eq!(at(-600).parse(now).unwrap(), None);
        let nowhere = PositionInput { latitude: Some(100.0), ..at(0) };
        assert!(nowhere.parse(now).unwrap_err().has("position.latitude"));
    }
}
