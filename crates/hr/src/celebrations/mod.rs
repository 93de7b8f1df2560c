//! Birthdays and work anniversaries (spec 000 §2 /celebrations, /company-celebrations; 002 §3
//! "Celebration message", §7 "Celebrations"; 001 §3 birthday `MM/DD`, `lastStartDate`).
//!
//! - Who is celebrated: active employees only. A birthday is the `MM/DD` of the profile (no
//!   year is kept, so no age is ever shown); a work anniversary is each whole year since the
//!   latest start date (a rehire counts from the return).
//! - **29 February** in a common year is celebrated on 28 February: it stays in the person's
//!   birth month, and it is the day most people born then keep. The same holds for a start date
//!   on 29 February.
//! - The message sent is the first there is of: the one written for that person and kind, the
//!   company's for the kind, the system default ([`system_message`]). Messages are plain text
//!   with the placeholders `{firstname}`, `{lastname}`, `{years}` ("3 years") and `{company}`.
//! - Everyone reads who is celebrated next; managers write and send the messages of the people
//!   they reach, admins anyone's and the company's.
//! - The daily mail ([`CELEBRATIONS_JOB`]) goes out from 08:00 in each company's zone: the job runs
//!   every quarter hour, and for each company whose local time has passed 08:00 it mails the
//!   people celebrated that local day. A row in `celebration_sends` (unique per person, kind and
//!   day) is written in one transaction with the mail's row in the outbox (accounts'
//!   `mail::outbox`), so two servers, or a run repeated after a restart, queue it once, and a
//!   queued mail is never lost: the outbox sends it, and retries it while the mail server fails
//!   (a failed delivery is no longer this job's to repeat). A day missed entirely (no server ran
//!   from 08:00 to midnight) is not made up the next day: a birthday wish a day late reads as
//!   forgotten rather than kept.
//!
//! Here: the kinds, the calendar of celebrations and the placeholders; `upcoming` holds who is
//! celebrated next, `messages` the messages (system, company and personal), `job` the mails
//! (the daily job and `email-now`).

mod job;
mod messages;
mod upcoming;

pub use job::CelebrationRun;
pub use messages::{CustomMessage, MessageCommand, MessageInput, MessageSlot, SystemMessage, SystemMessages};
pub use upcoming::{Celebration, NextCelebrations};

use accounts::Person;
use chrono::{Datelike, NaiveDate};
use kernel::FieldErrors;

/// The scheduler's name of the daily mail.
pub const CELEBRATIONS_JOB: &str = "hr-celebrations";
/// The local hour from which the day's mails go out.
pub const SEND_FROM_HOUR: u32 = kernel::time::MORNING_MAIL_HOUR;
/// How far ahead `next-celebrations` looks.
pub const UPCOMING_DAYS: i64 = 60;

pub const KIND_INVALID: &str = "Please choose Birthday or Anniversary";
pub const MESSAGE_MISSING: &str = "Please input the Message";
pub const MESSAGE_TOO_LONG: &str = "Please keep the message to 2,000 characters";
pub const TARGET_INVALID: &str = "Please choose employee or company";
const MAX_MESSAGE: usize = 2000;

/// What is celebrated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Birthday,
    Anniversary,
}

impl Kind {
    pub fn code(self) -> &'static str {
        match self {
            Kind::Birthday => "BIRTHDAY",
            Kind::Anniversary => "ANNIVERSARY",
        }
    }

    /// From the spec's type (case-insensitive).
    pub fn parse(value: Option<&str>) -> Result<Kind, FieldErrors> {
        match value.map(|value| value.trim().to_ascii_uppercase()).as_deref() {
            Some("BIRTHDAY") => Ok(Kind::Birthday),
            Some("ANNIVERSARY") => Ok(Kind::Anniversary),
            _ => Err(FieldErrors::single("type", KIND_INVALID)),
        }
    }
}

/// The system's default message of a kind (the same for the employee and company targets).
pub fn system_message(kind: Kind) -> &'static str {
    match kind {
        Kind::Birthday => "Happy birthday, {firstname}! Everyone at {company} wishes you a wonderful day.",
        Kind::Anniversary => {
            "Happy work anniversary, {firstname}! Thank you for {years} with {company}. We are glad you are on the team."
        }
    }
}

/// The day in `year` that a month and day fall on: 29 February is 28 February in a common year.
pub fn day_in_year(year: i32, month: u32, day: u32) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(year, month, day).or_else(|| {
        if month == 2 && day == 29 {
            NaiveDate::from_ymd_opt(year, 2, 28)
        } else {
            None
        }
    })
}

/// `MM/DD` as (month, day).
pub fn parse_birthday(text: &str) -> Option<(u32, u32)> {
    let (month, day) = text.trim().split_once('/')?;
    let (month, day) = (month.trim().parse::<u32>().ok()?, day.trim().parse::<u32>().ok()?);
    // Any year that has the day (2000 has 29 February).
    NaiveDate::from_ymd_opt(2000, month, day).map(|_| (month, day))
}

/// A person's celebrations between two days, in order.
fn occurrences(person: &Person, first: NaiveDate, last: NaiveDate) -> Vec<(Kind, NaiveDate, Option<i32>)> {
    let mut found = Vec::new();
    for year in first.year()..=last.year() {
        if let Some(day) =
            person.birthday.as_deref().and_then(parse_birthday).and_then(|(m, d)| day_in_year(year, m, d))
        {
            if (first..=last).contains(&day) {
                found.push((Kind::Birthday, day, None));
            }
        }
        if let Some(start) = person.last_start_date {
            let years = year - start.year();
            if let Some(day) = day_in_year(year, start.month(), start.day()).filter(|_| years >= 1) {
                if (first..=last).contains(&day) {
                    found.push((Kind::Anniversary, day, Some(years)));
                }
            }
        }
    }
    found.sort_by_key(|(kind, day, _)| (*day, *kind));
    found
}

fn years_text(years: Option<i32>) -> String {
    match years {
        Some(1) => "1 year".to_owned(),
        Some(years) => format!("{years} years"),
        None => String::new(),
    }
}

/// The message with its placeholders filled in.
pub fn render(message: &str, person: &Person, company: &str, years: Option<i32>) -> String {
    message
        .replace("{firstname}", &person.first_name)
        .replace("{lastname}", &person.last_name)
        .replace("{years}", &years_text(years))
        .replace("{company}", company)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Utc;
    use kernel::{EmploymentStatus, UserId};

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn person(birthday: Option<&str>, start: Option<NaiveDate>) -> Person {
        Person {
            id: UserId(1),
            company_id: Some(kernel::CompanyId(1)),
            email: "ann@example.com".into(),
            first_name: "Ann".into(),
            last_name: "Lee".into(),
            role: kernel::Role::Employee,
            manager_id: None,
            job_role_id: None,
            status: EmploymentStatus::Active,
            email_verified_at: None,
            avatar: None,
            phone: None,
            birthday: birthday.map(str::to_owned),
            address: None,
            city: None,
            state: None,
            zip: None,
            last_start_date: start,
            last_termination_date: None,
            has_password: false,
            sso_linked_at: None,
            last_login_at: None,
            created_at: Utc::now(),
            updated_at: Utc::now(),
        }
    }

    #[test]
    fn leap_day_birthdays_fall_on_28_february_in_common_years() {
        let leap = person(Some("02/29"), None);
        assert_eq!(
            occurrences(&leap, day(2027, 2, 1), day(2027, 3, 31)),
            vec![(Kind::Birthday, day(2027, 2, 28), None)]
        );
        assert_eq!(
            occurrences(&leap, day(2028, 2, 1), day(2028, 3, 31)),
            vec![(Kind::Birthday, day(2028, 2, 29), None)]
        );
        assert_eq!(parse_birthday("13/01"), None);
        assert_eq!(parse_birthday("02/30"), None);
    }

    #[test]
    fn anniversaries_count_whole_years_from_the_latest_start() {
        let ann = person(Some("12/31"), Some(day(2023, 12, 31)));
        assert_eq!(
            occurrences(&ann, day(2026, 12, 25), day(2027, 1, 5)),
            vec![(Kind::Birthday, day(2026, 12, 31), None), (Kind::Anniversary, day(2026, 12, 31), Some(3))]
        );
        // Not on the start day itself.
        assert!(occurrences(&ann, day(2023, 12, 31), day(2023, 12, 31))
            .iter()
            .all(|(kind, ..)| *kind == Kind::Birthday));
        let text = render(system_message(Kind::Anniversary), &ann, "Acme", Some(3));
        assert!(text.contains("Ann") && text.contains("3 years with Acme"), "{text}");
    }
}
