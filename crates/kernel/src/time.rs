//! Time-zone rules: instants are stored in UTC; days, weeks and displayed times belong to the
//! company's IANA time zone.

use chrono::{DateTime, NaiveDate, Offset, TimeZone, Utc};
use chrono_tz::Tz;

/// The spec's default zone for a company that chose none.
pub const DEFAULT_TIME_ZONE: Tz = chrono_tz::America::New_York;

/// Reads a zone as a browser sends it: an IANA name (`America/Chicago`), or a standard offset in
/// minutes east of UTC (`-360`) or as `UTC-06:00`, which is looked up in the table of US/common
/// zones below. Anything else gives `None`.
pub fn parse_time_zone(input: &str) -> Option<Tz> {
    let trimmed = input.trim();
    if let Ok(tz) = trimmed.parse::<Tz>() {
        return Some(tz);
    }
    let minutes = parse_offset_minutes(trimmed)?;
    zone_for_standard_offset(minutes)
}

fn parse_offset_minutes(input: &str) -> Option<i32> {
    if let Ok(minutes) = input.parse::<i32>() {
        return Some(minutes);
    }
    let rest = input
        .strip_prefix("UTC")
        .or_else(|| input.strip_prefix("GMT"))?;
    let (sign, rest) = match rest.chars().next()? {
        '+' => (1, rest.get(1..)?),
        '-' => (-1, rest.get(1..)?),
        _ => return None,
    };
    let (hours, minutes) = rest.split_once(':').unwrap_or((rest, "0"));
    Some(sign * (hours.parse::<i32>().ok()? * 60 + minutes.parse::<i32>().ok()?))
}

/// The lookup from a standard (winter) offset to a zone the spec calls for.
fn zone_for_standard_offset(minutes_east: i32) -> Option<Tz> {
    use chrono_tz::{America, Etc, Europe, Pacific};
    Some(match minutes_east {
        -600 => Pacific::Honolulu,
        -540 => America::Anchorage,
        -480 => America::Los_Angeles,
        -420 => America::Denver,
        -360 => America::Chicago,
        -300 => America::New_York,
        -240 => America::Puerto_Rico,
        0 => Etc::UTC,
        60 => Europe::Paris,
        _ => return None,
    })
}

/// Minutes east of UTC in `tz` at `at` (negative in the Americas), daylight saving included.
pub fn utc_offset_minutes(tz: Tz, at: DateTime<Utc>) -> i32 {
    tz.offset_from_utc_datetime(&at.naive_utc())
        .fix()
        .local_minus_utc()
        / 60
}

/// The calendar day in `tz` at the instant `at`.
pub fn local_date(tz: Tz, at: DateTime<Utc>) -> NaiveDate {
    at.with_timezone(&tz).date_naive()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names_and_offsets() {
        assert_eq!(
            parse_time_zone("America/Chicago"),
            Some(chrono_tz::America::Chicago)
        );
        assert_eq!(parse_time_zone("-300"), Some(chrono_tz::America::New_York));
        assert_eq!(
            parse_time_zone("UTC-08:00"),
            Some(chrono_tz::America::Los_Angeles)
        );
        assert_eq!(parse_time_zone("Mars/Olympus"), None);
        assert_eq!(parse_time_zone("-317"), None);
    }

    #[test]
    fn offsets_follow_daylight_saving() {
        let winter = Utc
            .with_ymd_and_hms(2026, 1, 15, 12, 0, 0)
            .single()
            .unwrap();
        let summer = Utc
            .with_ymd_and_hms(2026, 7, 15, 12, 0, 0)
            .single()
            .unwrap();
        assert_eq!(utc_offset_minutes(DEFAULT_TIME_ZONE, winter), -300);
        assert_eq!(utc_offset_minutes(DEFAULT_TIME_ZONE, summer), -240);
    }

    #[test]
    fn local_date_is_the_company_day() {
        // 02:00 UTC on the 2nd is still the 1st in New York.
        let at = Utc.with_ymd_and_hms(2026, 3, 2, 2, 0, 0).single().unwrap();
        assert_eq!(
            local_date(DEFAULT_TIME_ZONE, at),
            NaiveDate::from_ymd_opt(2026, 3, 1).unwrap()
        );
    }
}
