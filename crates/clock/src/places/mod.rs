//! Where a press was made (issue 40): a company's work locations, their rules, and the verdict
//! on each press of a person held to them.
//!
//! A location may have a geofence (a centre and a radius) and an IP allow-list, each in `flag`
//! mode (accept and mark) or `block` mode (refuse). A person assigned to no location is held to
//! no rule and nothing about where they press is kept. A person assigned to several may press
//! at any of them: the press passes when every rule of one of their locations passes.
//!
//! The geofence reads a browser position as its 95 % confidence circle (the Geolocation API's
//! `accuracy`): *inside* when the whole circle is within the radius, *outside* when none of it
//! is, *uncertain* otherwise (flagged, never blocked). A fix rougher than [`WORST_ACCURACY_M`]
//! counts as no position (a desktop's position from its network can be kilometres off).
//!
//! Only a clock-in is ever blocked: refusing a clock-out or a break from the wrong place would
//! only make the shift longer than the work. Every other press is judged and flagged.

pub mod cache;
mod command;
pub mod retention;
mod service;
pub mod store;

pub use command::{LocationCommand, LocationInput, PositionInput};
pub use service::{LocationView, PlacesError, PlacesService};

use chrono::{DateTime, Utc};
use ipnet::IpNet;
use kernel::LocationId;
use std::net::IpAddr;

/// A fix with a worse accuracy (metres) counts as no position.
pub const WORST_ACCURACY_M: f64 = 500.0;
/// The geofence's radius unless the admin sets one (metres).
pub const DEFAULT_RADIUS_M: i32 = 150;
pub const MIN_RADIUS_M: i32 = 50;
pub const MAX_RADIUS_M: i32 = 50_000;
/// The mean radius of the Earth (IUGG), in metres.
const EARTH_RADIUS_M: f64 = 6_371_008.8;

/// What a rule does when a press fails it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleMode {
    /// Accept the press and mark it with the reason.
    Flag,
    /// Refuse a clock-in, saying why and what to do.
    Block,
}

impl RuleMode {
    pub fn code(self) -> &'static str {
        match self {
            RuleMode::Flag => "flag",
            RuleMode::Block => "block",
        }
    }

    pub fn from_code(code: &str) -> Option<Self> {
        match code {
            "flag" => Some(RuleMode::Flag),
            "block" => Some(RuleMode::Block),
            _ => None,
        }
    }
}

/// Where a press came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PressSource {
    /// The person's own browser or phone, online.
    Web,
    /// A shared kiosk of a location.
    Kiosk,
    /// A phone without a network, sent later.
    Offline,
    /// Made by an edit (an approved request, a manager's correction).
    Edit,
}

impl PressSource {
    pub fn code(self) -> &'static str {
        match self {
            PressSource::Web => "web",
            PressSource::Kiosk => "kiosk",
            PressSource::Offline => "offline",
            PressSource::Edit => "edit",
        }
    }
}

/// A circle around a location's centre.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Geofence {
    pub latitude: f64,
    pub longitude: f64,
    pub radius_m: i32,
    pub mode: RuleMode,
}

/// The networks a location's presses may come from.
#[derive(Debug, Clone, PartialEq)]
pub struct IpRule {
    pub networks: Vec<IpNet>,
    pub mode: RuleMode,
}

/// A location as the judge sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    pub id: LocationId,
    pub name: String,
    pub geofence: Option<Geofence>,
    pub ip_rule: Option<IpRule>,
}

/// A browser's position: its centre and the radius of its 95 % confidence circle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Position {
    pub latitude: f64,
    pub longitude: f64,
    pub accuracy_m: f64,
    pub taken_at: DateTime<Utc>,
}

/// What a press brings about its place.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Whereabouts {
    /// The browser's position, when the person allowed it.
    pub position: Option<Position>,
    /// The client's address (by the trusted-proxy rule); `None` where no address means anything
    /// (an offline press sent later from another network): the allow-list is then not judged.
    pub ip: Option<IpAddr>,
    /// Made on a kiosk of this location: the device stands there.
    pub kiosk_at: Option<LocationId>,
}

/// The geofence's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GeoVerdict {
    Inside,
    Outside,
    Uncertain,
    NoPosition,
}

impl GeoVerdict {
    pub fn code(self) -> &'static str {
        match self {
            GeoVerdict::Inside => "inside",
            GeoVerdict::Outside => "outside",
            GeoVerdict::Uncertain => "uncertain",
            GeoVerdict::NoPosition => "no_position",
        }
    }
}

/// The allow-list's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IpVerdict {
    Allowed,
    Refused,
}

impl IpVerdict {
    pub fn code(self) -> &'static str {
        match self {
            IpVerdict::Allowed => "allowed",
            IpVerdict::Refused => "refused",
        }
    }
}

/// The verdict on one press of a person held to locations.
#[derive(Debug, Clone, PartialEq)]
pub struct PlaceVerdict {
    /// The location judged: the one the press passed at, or the one it came closest to.
    pub location: LocationId,
    pub geo: Option<GeoVerdict>,
    pub ip: Option<IpVerdict>,
    /// Why the press is flagged; `None` when it passed.
    pub note: Option<String>,
    /// Set when a clock-in must be refused: what to tell the person.
    pub block: Option<String>,
    /// What was judged, kept for the retention days.
    pub position: Option<Position>,
    pub ip_address: Option<IpAddr>,
}

/// The distance in metres between two points on the Earth (haversine).
pub fn distance_m(from: (f64, f64), to: (f64, f64)) -> f64 {
    let (lat1, lon1) = (from.0.to_radians(), from.1.to_radians());
    let (lat2, lon2) = (to.0.to_radians(), to.1.to_radians());
    let a = ((lat2 - lat1) / 2.0).sin().powi(2) + lat1.cos() * lat2.cos() * ((lon2 - lon1) / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_M * a.sqrt().min(1.0).asin()
}

/// One location's rules against the press.
struct Check {
    geo: Option<GeoVerdict>,
    ip: Option<IpVerdict>,
    notes: Vec<String>,
    blocks: Vec<String>,
    /// Metres from the geofence's edge (0 inside), to pick the nearest failing location.
    beyond_m: f64,
}

impl Check {
    fn passes(&self) -> bool {
        self.notes.is_empty()
    }
}

fn metres(value: f64) -> i64 {
    // Positions are within the Earth: the rounded figure fits.
    value.round() as i64
}

fn check(place: &Place, at: &Whereabouts) -> Check {
    let mut check = Check { geo: None, ip: None, notes: Vec::new(), blocks: Vec::new(), beyond_m: 0.0 };
    let name = &place.name;
    if let Some(fence) = &place.geofence {
        let usable = at.position.filter(|position| position.accuracy_m <= WORST_ACCURACY_M);
        let verdict = if at.kiosk_at == Some(place.id) {
            GeoVerdict::Inside
        } else if let Some(position) = usable {
            let distance = distance_m((position.latitude, position.longitude), (fence.latitude, fence.longitude));
            let radius = f64::from(fence.radius_m);
            let accuracy = position.accuracy_m.max(0.0);
            check.beyond_m = (distance - radius).max(0.0);
            if distance + accuracy <= radius {
                GeoVerdict::Inside
            } else if distance - accuracy > radius {
                check.notes.push(format!("{} m outside {name}, ±{} m", metres(distance - radius), metres(accuracy)));
                if fence.mode == RuleMode::Block {
                    check.blocks.push(format!(
                        "You are {} m outside {name} (±{} m). Clock in when you are there, or ask your manager to add your time.",
                        metres(distance - radius),
                        metres(accuracy)
                    ));
                }
                GeoVerdict::Outside
            } else {
                check.notes.push(format!(
                    "Perhaps outside {name}: {} m from its centre (radius {} m), ±{} m",
                    metres(distance),
                    fence.radius_m,
                    metres(accuracy)
                ));
                GeoVerdict::Uncertain
            }
        } else {
            check.beyond_m = f64::MAX;
            check.notes.push(match at.position {
                Some(position) => format!("Position too rough to place at {name} (±{} m)", metres(position.accuracy_m)),
                None => format!("No position shared at {name}"),
            });
            if fence.mode == RuleMode::Block {
                check.blocks.push(format!(
                    "{name} needs your position to clock in. Allow this site to use your location (outdoors or near a window if it is rough) and try again, or ask your manager to add your time."
                ));
            }
            GeoVerdict::NoPosition
        };
        check.geo = Some(verdict);
    }
    if let (Some(rule), Some(ip)) = (&place.ip_rule, at.ip) {
        // An IPv4 client reached over IPv6 arrives as `::ffff:a.b.c.d`.
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map(IpAddr::V4).unwrap_or(ip),
            v4 => v4,
        };
        if rule.networks.iter().any(|network| network.contains(&ip)) {
            check.ip = Some(IpVerdict::Allowed);
        } else {
            check.ip = Some(IpVerdict::Refused);
            check.notes.push(format!("Network address {ip} is not on {name}'s list"));
            if rule.mode == RuleMode::Block {
                check.blocks.push(format!(
                    "{name} takes clock-ins only from its own network. Connect to its network (the office Wi-Fi) and try again, or ask your manager to add your time."
                ));
            }
        }
    }
    check
}

/// The verdict on a press at `at` of a person held to `places`; `None` when they are held to
/// none (nothing is judged, nothing kept).
pub fn judge(places: &[Place], at: &Whereabouts) -> Option<PlaceVerdict> {
    let checks: Vec<(&Place, Check)> = places.iter().map(|place| (place, check(place, at))).collect();
    // A location whose rules all pass; else the one whose failures do not block, nearest first.
    let (place, check) = checks.into_iter().min_by(|(_, a), (_, b)| {
        (!a.passes(), !a.blocks.is_empty())
            .cmp(&(!b.passes(), !b.blocks.is_empty()))
            .then(a.beyond_m.total_cmp(&b.beyond_m))
    })?;
    let position = at.position.filter(|_| place.geofence.is_some());
    let ip_address = at.ip.filter(|_| place.ip_rule.is_some());
    Some(PlaceVerdict {
        location: place.id,
        geo: check.geo,
        ip: check.ip,
        note: (!check.notes.is_empty()).then(|| check.notes.join("; ")),
        block: (!check.blocks.is_empty()).then(|| check.blocks.join(" ")),
        position,
        ip_address,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(latitude: f64, longitude: f64, accuracy_m: f64) -> Whereabouts {
        Whereabouts {
            position: Some(Position { latitude, longitude, accuracy_m, taken_at: Utc::now() }),
            ip: None,
            kiosk_at: None,
        }
    }

    fn office(mode: RuleMode) -> Place {
        Place {
            id: LocationId(1),
            name: "Main Office".into(),
            geofence: Some(Geofence { latitude: 40.0, longitude: -75.0, radius_m: 150, mode }),
            ip_rule: None,
        }
    }

    /// A point `metres` north of the office.
    fn north(metres: f64) -> f64 {
        40.0 + metres / 111_195.0
    }

    #[test]
    fn distances_match_the_haversine_of_known_points() {
        // One degree of latitude is about 111.2 km.
        let degree = distance_m((40.0, -75.0), (41.0, -75.0));
        assert!((degree - 111_195.0).abs() < 10.0, "{degree}");
        assert_eq!(distance_m((10.0, 20.0), (10.0, 20.0)), 0.0);
    }

    #[test]
    fn the_confidence_circle_decides_inside_outside_or_uncertain() {
        let places = [office(RuleMode::Flag)];
        let inside = judge(&places, &at(north(100.0), -75.0, 30.0)).unwrap();
        assert_eq!((inside.geo, inside.note), (Some(GeoVerdict::Inside), None));
        let outside = judge(&places, &at(north(562.0), -75.0, 35.0)).unwrap();
        assert_eq!(outside.geo, Some(GeoVerdict::Outside));
        assert_eq!(outside.note.as_deref(), Some("412 m outside Main Office, ±35 m"));
        assert_eq!(outside.block, None, "flag mode accepts");
        let uncertain = judge(&places, &at(north(140.0), -75.0, 40.0)).unwrap();
        assert_eq!(uncertain.geo, Some(GeoVerdict::Uncertain));
        let rough = judge(&places, &at(north(10.0), -75.0, 800.0)).unwrap();
        assert_eq!(rough.geo, Some(GeoVerdict::NoPosition));
        assert!(rough.note.unwrap().contains("too rough"));
    }

    #[test]
    fn block_mode_refuses_outside_and_without_a_position_but_never_when_uncertain() {
        let places = [office(RuleMode::Block)];
        assert!(judge(&places, &at(north(562.0), -75.0, 35.0)).unwrap().block.unwrap().contains("412 m outside"));
        assert!(judge(&places, &Whereabouts::default()).unwrap().block.unwrap().contains("needs your position"));
        assert_eq!(judge(&places, &at(north(140.0), -75.0, 40.0)).unwrap().block, None);
        assert_eq!(judge(&places, &at(north(20.0), -75.0, 10.0)).unwrap().block, None);
    }

    #[test]
    fn any_of_a_persons_locations_will_do() {
        let mut branch = office(RuleMode::Block);
        branch.id = LocationId(2);
        branch.name = "Branch".into();
        branch.geofence = Some(Geofence { latitude: 41.0, longitude: -75.0, radius_m: 150, mode: RuleMode::Block });
        let places = [office(RuleMode::Block), branch];
        let verdict = judge(&places, &at(41.0, -75.0, 10.0)).unwrap();
        assert_eq!((verdict.location, verdict.note), (LocationId(2), None));
        // Outside both: the nearer one is named.
        let verdict = judge(&places, &at(north(1000.0), -75.0, 10.0)).unwrap();
        assert_eq!(verdict.location, LocationId(1));
        assert!(verdict.block.is_some());
        assert_eq!(judge(&[], &at(0.0, 0.0, 5.0)), None);
    }

    #[test]
    fn the_allow_list_takes_addresses_blocks_and_ipv6_prefixes() {
        let place = Place {
            id: LocationId(1),
            name: "Main Office".into(),
            geofence: None,
            ip_rule: Some(IpRule {
                networks: vec!["203.0.113.0/24".parse().unwrap(), "2001:db8:42::/48".parse().unwrap()],
                mode: RuleMode::Block,
            }),
        };
        let from = |ip: &str| Whereabouts { ip: Some(ip.parse().unwrap()), ..Default::default() };
        let places = [place];
        assert_eq!(judge(&places, &from("203.0.113.77")).unwrap().ip, Some(IpVerdict::Allowed));
        assert_eq!(judge(&places, &from("::ffff:203.0.113.77")).unwrap().ip, Some(IpVerdict::Allowed));
        assert_eq!(judge(&places, &from("2001:db8:42:7::1")).unwrap().ip, Some(IpVerdict::Allowed));
        let refused = judge(&places, &from("198.51.100.1")).unwrap();
        assert_eq!(refused.ip, Some(IpVerdict::Refused));
        assert!(refused.block.unwrap().contains("only from its own network"));
        // Offline (no address that means anything): not judged.
        let offline = judge(&places, &Whereabouts::default()).unwrap();
        assert_eq!((offline.ip, offline.note), (None, None));
    }

    #[test]
    fn a_kiosk_stands_at_its_location() {
        let places = [office(RuleMode::Block)];
        let verdict = judge(&places, &Whereabouts { kiosk_at: Some(LocationId(1)), ..Default::default() }).unwrap();
        assert_eq!((verdict.geo, verdict.block), (Some(GeoVerdict::Inside), None));
    }
}
