//! The licensing vocabulary: US jurisdictions, lines of authority, a licence's residency and
//! status, the compliance statuses, and CE hours (kept as integer minutes).

use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};

/// The jurisdictions that license producers (NIPR's Producer Database covers the 50 states, DC,
/// Guam, Puerto Rico and the US Virgin Islands), by postal code.
pub const JURISDICTIONS: [(&str, &str); 55] = [
    ("AL", "Alabama"),
    ("AK", "Alaska"),
    ("AZ", "Arizona"),
    ("AR", "Arkansas"),
    ("CA", "California"),
    ("CO", "Colorado"),
    ("CT", "Connecticut"),
    ("DE", "Delaware"),
    ("DC", "District of Columbia"),
    ("FL", "Florida"),
    ("GA", "Georgia"),
    ("GU", "Guam"),
    ("HI", "Hawaii"),
    ("ID", "Idaho"),
    ("IL", "Illinois"),
    ("IN", "Indiana"),
    ("IA", "Iowa"),
    ("KS", "Kansas"),
    ("KY", "Kentucky"),
    ("LA", "Louisiana"),
    ("ME", "Maine"),
    ("MD", "Maryland"),
    ("MA", "Massachusetts"),
    ("MI", "Michigan"),
    ("MN", "Minnesota"),
    ("MS", "Mississippi"),
    ("MO", "Missouri"),
    ("MT", "Montana"),
    ("NE", "Nebraska"),
    ("NV", "Nevada"),
    ("NH", "New Hampshire"),
    ("NJ", "New Jersey"),
    ("NM", "New Mexico"),
    ("NY", "New York"),
    ("NC", "North Carolina"),
    ("ND", "North Dakota"),
    ("OH", "Ohio"),
    ("OK", "Oklahoma"),
    ("OR", "Oregon"),
    ("PA", "Pennsylvania"),
    ("PR", "Puerto Rico"),
    ("RI", "Rhode Island"),
    ("SC", "South Carolina"),
    ("SD", "South Dakota"),
    ("TN", "Tennessee"),
    ("TX", "Texas"),
    ("UT", "Utah"),
    ("VT", "Vermont"),
    ("VI", "US Virgin Islands"),
    ("VA", "Virginia"),
    ("WA", "Washington"),
    ("WV", "West Virginia"),
    ("WI", "Wisconsin"),
    ("WY", "Wyoming"),
    ("AS", "American Samoa"),
];

pub const MSG_STATE: &str = "Choose a US state.";

/// The postal code of a jurisdiction, upper-cased, or `None` for anything else.
pub fn state_code(text: &str) -> Option<&'static str> {
    let text = text.trim();
    JURISDICTIONS.iter().find(|(code, _)| code.eq_ignore_ascii_case(text)).map(|(code, _)| *code)
}

pub fn state_name(code: &str) -> &'static str {
    JURISDICTIONS.iter().find(|(one, _)| *one == code).map(|(_, name)| *name).unwrap_or("")
}

/// A line of authority: the six major lines of the NAIC Producer Licensing Model Act (#218,
/// §2) and the limited lines agencies meet most.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Line {
    Life,
    AccidentHealth,
    Property,
    Casualty,
    VariableLifeAnnuity,
    PersonalLines,
    CarRental,
    Credit,
    Crop,
    Surety,
    Travel,
    Title,
}

impl Line {
    pub const ALL: [Line; 12] = [
        Line::Life,
        Line::AccidentHealth,
        Line::Property,
        Line::Casualty,
        Line::VariableLifeAnnuity,
        Line::PersonalLines,
        Line::CarRental,
        Line::Credit,
        Line::Crop,
        Line::Surety,
        Line::Travel,
        Line::Title,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Line::Life => "life",
            Line::AccidentHealth => "accident_health",
            Line::Property => "property",
            Line::Casualty => "casualty",
            Line::VariableLifeAnnuity => "variable_life_annuity",
            Line::PersonalLines => "personal_lines",
            Line::CarRental => "car_rental",
            Line::Credit => "credit",
            Line::Crop => "crop",
            Line::Surety => "surety",
            Line::Travel => "travel",
            Line::Title => "title",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Line::Life => "Life",
            Line::AccidentHealth => "Accident & Health or Sickness",
            Line::Property => "Property",
            Line::Casualty => "Casualty",
            Line::VariableLifeAnnuity => "Variable Life & Variable Annuity",
            Line::PersonalLines => "Personal Lines",
            Line::CarRental => "Car rental (limited)",
            Line::Credit => "Credit (limited)",
            Line::Crop => "Crop (limited)",
            Line::Surety => "Surety (limited)",
            Line::Travel => "Travel (limited)",
            Line::Title => "Title (limited)",
        }
    }

    pub fn from_code(code: &str) -> Option<Line> {
        let code = code.trim();
        Line::ALL.into_iter().find(|line| line.code().eq_ignore_ascii_case(code))
    }
}

/// Lines as stored: codes, comma separated, in order, without repeats.
pub fn lines_to_text(lines: &[Line]) -> String {
    let mut lines = lines.to_vec();
    lines.sort();
    lines.dedup();
    lines.iter().map(|line| line.code()).collect::<Vec<_>>().join(",")
}

pub fn lines_from_text(text: &str) -> Vec<Line> {
    text.split(',').filter_map(Line::from_code).collect()
}

/// A producer's home-state licence, or one held elsewhere by reciprocity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum, Serialize, Deserialize)]
#[sea_orm(rs_type = "i16", db_type = "SmallInteger")]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Residency {
    #[sea_orm(num_value = 1)]
    Resident,
    #[sea_orm(num_value = 2)]
    NonResident,
}

/// A licence's status as the state reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum, Serialize, Deserialize)]
#[sea_orm(rs_type = "i16", db_type = "SmallInteger")]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum LicenceStatus {
    #[sea_orm(num_value = 1)]
    Active,
    #[sea_orm(num_value = 2)]
    Inactive,
    #[sea_orm(num_value = 3)]
    Lapsed,
    #[sea_orm(num_value = 4)]
    Revoked,
}

impl LicenceStatus {
    pub fn from_code(code: &str) -> Option<Self> {
        match code.trim().to_ascii_lowercase().as_str() {
            "active" => Some(LicenceStatus::Active),
            "inactive" => Some(LicenceStatus::Inactive),
            "lapsed" => Some(LicenceStatus::Lapsed),
            "revoked" => Some(LicenceStatus::Revoked),
            _ => None,
        }
    }
}

impl Residency {
    pub fn from_code(code: &str) -> Option<Self> {
        match code.trim().to_ascii_lowercase().replace('-', "_").as_str() {
            "resident" => Some(Residency::Resident),
            "non_resident" | "nonresident" => Some(Residency::NonResident),
            _ => None,
        }
    }
}

/// A producer × state's standing, worst first: the first that holds is the one shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Compliance {
    Expired,
    CeDeficient,
    NotAppointed,
    DueSoon,
    Active,
}

impl Compliance {
    pub const ALL: [Compliance; 5] = [
        Compliance::Active,
        Compliance::DueSoon,
        Compliance::CeDeficient,
        Compliance::Expired,
        Compliance::NotAppointed,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Compliance::Expired => "expired",
            Compliance::CeDeficient => "ce_deficient",
            Compliance::NotAppointed => "not_appointed",
            Compliance::DueSoon => "due_soon",
            Compliance::Active => "active",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Compliance::Expired => "Expired",
            Compliance::CeDeficient => "CE deficient",
            Compliance::NotAppointed => "Not appointed",
            Compliance::DueSoon => "Due soon",
            Compliance::Active => "Active",
        }
    }

    pub fn from_code(code: &str) -> Option<Self> {
        Compliance::ALL.into_iter().find(|one| one.code() == code.trim())
    }
}

/// What a reminder is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "i16", db_type = "SmallInteger")]
pub enum ReminderSubject {
    #[sea_orm(num_value = 1)]
    LicenceExpiry,
    #[sea_orm(num_value = 2)]
    CeDue,
}

/// "Due soon": the window of the first reminder.
pub const DUE_SOON_DAYS: i64 = 90;

/// The reminders before a due date, in days, farthest first.
pub const REMINDER_DAYS: [i64; 4] = [90, 60, 30, 7];

pub const MSG_HOURS: &str = "Between 0.25 and 200 hours.";
pub const MSG_REQUIRED_HOURS: &str = "Between 0 and 200 hours.";

/// CE hours as given (a decimal of at most two places) in minutes. A credit is at least a
/// quarter hour and at most 200 hours (no course is longer; more is a typing mistake).
pub fn credit_minutes(hours: f64) -> Option<i32> {
    if !hours.is_finite() || !(0.25..=200.0).contains(&hours) {
        return None;
    }
    Some((hours * 60.0).round() as i32)
}

/// A requirement's hours (0 allowed: a state without an ethics part) in minutes.
pub fn required_minutes(hours: f64) -> Option<i32> {
    if !hours.is_finite() || !(0.0..=200.0).contains(&hours) {
        return None;
    }
    Some((hours * 60.0).round() as i32)
}

/// Minutes as the hours people read: 90 → 1.5.
pub fn hours(minutes: i64) -> f64 {
    (minutes as f64 / 60.0 * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_lines_and_hours() {
        assert_eq!(state_code(" tx "), Some("TX"));
        assert_eq!(state_code("XX"), None);
        assert_eq!(
            lines_from_text(&lines_to_text(&[Line::Property, Line::Life, Line::Life])),
            [Line::Life, Line::Property]
        );
        assert_eq!(credit_minutes(1.5), Some(90));
        assert_eq!(credit_minutes(0.1), None);
        assert_eq!(credit_minutes(200.5), None);
        assert_eq!(credit_minutes(f64::NAN), None);
        assert_eq!(hours(90), 1.5);
        assert_eq!(hours(20), 0.33);
    }
}
