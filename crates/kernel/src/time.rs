//! Time-zone rules: instants are stored in UTC; days, weeks and displayed times belong to the
//! company's IANA time zone.

use chrono::{
    DateTime, Datelike, Duration, LocalResult, NaiveDate, NaiveDateTime, NaiveTime, Offset, TimeZone, Timelike, Utc,
};
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
    let rest = input.strip_prefix("UTC").or_else(|| input.strip_prefix("GMT"))?;
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
    tz.offset_from_utc_datetime(&at.naive_utc()).fix().local_minus_utc() / 60
}

/// The local hour from which a company's daily mails go out (celebrations, overdue documents and
/// policies, licence reminders): what is due overnight reaches people at the start of their
/// working day, and a run over every company spreads over the day, zone by zone.
pub const MORNING_MAIL_HOUR: u32 = 8;

/// Whether the company's clock in `tz` has passed [`MORNING_MAIL_HOUR`] at `at`.
pub fn morning_mail_due(tz: Tz, at: DateTime<Utc>) -> bool {
    at.with_timezone(&tz).hour() >= MORNING_MAIL_HOUR
}

/// The calendar day in `tz` at the instant `at`.
pub fn local_date(tz: Tz, at: DateTime<Utc>) -> NaiveDate {
    at.with_timezone(&tz).date_naive()
}

/// Why a local date-time could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LocalTimeError {
    /// Not `YYYY-MM-DD HH:mm[:ss]` (or an RFC 3339 instant).
    Format,
    /// The clock skipped this time (the spring-forward gap of a daylight-saving change).
    Nonexistent,
}

/// Reads a time the browser sends: `YYYY-MM-DD HH:mm:ss` (or without seconds, or with a `T`) in
/// the company's zone, or an RFC 3339 instant with its own offset. In the fall-back hour, when a
/// local time happens twice, the earlier instant is taken; a time inside the spring-forward gap
/// does not exist and is refused.
pub fn parse_local_datetime(input: &str, tz: Tz) -> Result<DateTime<Utc>, LocalTimeError> {
    let input = input.trim();
    if let Ok(instant) = DateTime::parse_from_rfc3339(input) {
        if !crate::validation::is_sane_date(instant.date_naive()) || is_leap_second(instant.time()) {
            return Err(LocalTimeError::Format);
        }
        return Ok(instant.with_timezone(&Utc));
    }
    let naive = ["%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M"]
        .iter()
        .find_map(|format| NaiveDateTime::parse_from_str(input, format).ok())
        .filter(|naive| crate::validation::is_sane_date(naive.date()) && !is_leap_second(naive.time()))
        .ok_or(LocalTimeError::Format)?;
    match tz.from_local_datetime(&naive) {
        LocalResult::Single(local) => Ok(local.with_timezone(&Utc)),
        LocalResult::Ambiguous(earlier, _) => Ok(earlier.with_timezone(&Utc)),
        LocalResult::None => Err(LocalTimeError::Nonexistent),
    }
}

/// chrono reads a seconds field of `60` as a leap second (a nanosecond count past one second).
/// No company's clock shows one, and stored it would write `:60` into feeds and files: refused.
fn is_leap_second(time: NaiveTime) -> bool {
    time.nanosecond() >= 1_000_000_000
}

/// Reads a time of day as a form sends it: `HH:mm[:ss]`, or `h:mm AM`/`h:mmPM`; a leap second
/// (`:60`) is refused like any time no clock shows.
pub fn parse_time_of_day(input: &str) -> Option<NaiveTime> {
    let input = input.trim();
    ["%H:%M:%S", "%H:%M", "%I:%M %p", "%I:%M%p"]
        .iter()
        .find_map(|format| NaiveTime::parse_from_str(input, format).ok())
        .filter(|time| !is_leap_second(*time))
}

/// The instant a company day begins. Where a zone skips midnight itself, the day begins at the
/// first instant that exists.
pub fn start_of_day(tz: Tz, date: NaiveDate) -> DateTime<Utc> {
    let midnight = date.and_hms_opt(0, 0, 0).unwrap_or_default();
    (0..=180)
        .find_map(|minutes| match tz.from_local_datetime(&(midnight + Duration::minutes(minutes))) {
            LocalResult::Single(local) | LocalResult::Ambiguous(local, _) => Some(local.with_timezone(&Utc)),
            LocalResult::None => None,
        })
        .unwrap_or_else(|| Utc.from_utc_datetime(&midnight))
}

/// The Sunday that starts the week (Sunday to Saturday) holding `date`.
pub fn week_start(date: NaiveDate) -> NaiveDate {
    date - Duration::days(i64::from(date.weekday().num_days_from_sunday()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_times_across_daylight_saving() {
        let ny = DEFAULT_TIME_ZONE;
        let at = |s: &str| parse_local_datetime(s, ny);
        assert_eq!(at("2026-07-01 09:00:00").unwrap(), Utc.with_ymd_and_hms(2026, 7, 1, 13, 0, 0).unwrap());
        assert_eq!(at("2026-01-01 09:00").unwrap(), Utc.with_ymd_and_hms(2026, 1, 1, 14, 0, 0).unwrap());
        // 2026-03-08 02:30 does not exist in New York.
        assert_eq!(at("2026-03-08 02:30:00"), Err(LocalTimeError::Nonexistent));
        // 2026-11-01 01:30 happens twice: the first (EDT) is taken.
        assert_eq!(at("2026-11-01 01:30:00").unwrap(), Utc.with_ymd_and_hms(2026, 11, 1, 5, 30, 0).unwrap());
        assert_eq!(at("2026-11-01T06:30:00Z").unwrap(), Utc.with_ymd_and_hms(2026, 11, 1, 6, 30, 0).unwrap());
        assert_eq!(at("yesterday"), Err(LocalTimeError::Format));
        assert_eq!(at("2026-02-30 10:00:00"), Err(LocalTimeError::Format));
    }

    #[test]
    fn second_sixty_is_no_time() {
        let ny = DEFAULT_TIME_ZONE;
        assert_eq!(parse_local_datetime("2026-12-01 10:00:60", ny), Err(LocalTimeError::Format));
        assert_eq!(parse_local_datetime("2026-12-01T10:00:60", ny), Err(LocalTimeError::Format));
        assert_eq!(parse_local_datetime("2026-12-01T23:59:60Z", ny), Err(LocalTimeError::Format));
        assert!(parse_local_datetime("2026-12-01 10:00:59", ny).is_ok());
        assert_eq!(parse_time_of_day("10:00:60"), None);
        assert_eq!(parse_time_of_day("10:00:59"), NaiveTime::from_hms_opt(10, 0, 59));
        assert_eq!(parse_time_of_day("9:15 PM"), NaiveTime::from_hms_opt(21, 15, 0));
    }

    #[test]
    fn days_and_weeks() {
        let day = NaiveDate::from_ymd_opt(2026, 3, 8).unwrap();
        assert_eq!(start_of_day(DEFAULT_TIME_ZONE, day), Utc.with_ymd_and_hms(2026, 3, 8, 5, 0, 0).unwrap());
        // A Sunday is its own week start; a Saturday belongs to the Sunday before.
        assert_eq!(week_start(day), day);
        assert_eq!(week_start(NaiveDate::from_ymd_opt(2026, 3, 14).unwrap()), day);
    }

    #[test]
    fn parses_names_and_offsets() {
        assert_eq!(parse_time_zone("America/Chicago"), Some(chrono_tz::America::Chicago));
        assert_eq!(parse_time_zone("-300"), Some(chrono_tz::America::New_York));
        assert_eq!(parse_time_zone("UTC-08:00"), Some(chrono_tz::America::Los_Angeles));
        assert_eq!(parse_time_zone("Mars/Olympus"), None);
        assert_eq!(parse_time_zone("-317"), None);
    }

    #[test]
    fn offsets_follow_daylight_saving() {
        let winter = Utc.with_ymd_and_hms(2026, 1, 15, 12, 0, 0).single().unwrap();
        let summer = Utc.with_ymd_and_hms(2026, 7, 15, 12, 0, 0).single().unwrap();
        assert_eq!(utc_offset_minutes(DEFAULT_TIME_ZONE, winter), -300);
        assert_eq!(utc_offset_minutes(DEFAULT_TIME_ZONE, summer), -240);
    }

    #[test]
    fn local_date_is_the_company_day() {
        // 02:00 UTC on the 2nd is still the 1st in New York.
        let at = Utc.with_ymd_and_hms(2026, 3, 2, 2, 0, 0).single().unwrap();
        assert_eq!(local_date(DEFAULT_TIME_ZONE, at), NaiveDate::from_ymd_opt(2026, 3, 1).unwrap());
    }

    #[test]
    fn morning_mail_is_due_from_eight_on_the_company_clock() {
        let chicago = chrono_tz::America::Chicago;
        // 13:59 UTC is 07:59 in Chicago in winter, 08:59 in summer.
        let winter = Utc.with_ymd_and_hms(2026, 12, 1, 13, 59, 0).single().unwrap();
        assert!(!morning_mail_due(chicago, winter));
        assert!(morning_mail_due(chicago, winter + Duration::minutes(1)));
        assert!(morning_mail_due(chicago, Utc.with_ymd_and_hms(2026, 7, 1, 13, 0, 0).single().unwrap()));
        // Late evening still counts: what became due at 08:00 goes out at the next run after.
        assert!(morning_mail_due(chicago, Utc.with_ymd_and_hms(2026, 12, 2, 5, 59, 0).single().unwrap()));
        assert!(!morning_mail_due(chicago, Utc.with_ymd_and_hms(2026, 12, 2, 6, 0, 0).single().unwrap()));
    }
}
