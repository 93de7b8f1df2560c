//! The private calendar feed (issue 21, beyond the spec): the team's approved time off, paid
//! holidays and calendar events as an iCalendar document (RFC 5545) that Google Calendar,
//! Outlook or Apple Calendar subscribe to by URL.
//!
//! - It shows what its owner may see on /team-calendar and no more: the context is theirs (the
//!   gateway's feed guard builds it from the secret, as the sign-in guard does from a token),
//!   so the type of someone's time off shows only within their reach, and pending time off not
//!   at all (a subscribed calendar is read far from the product; only what is decided goes in).
//! - It covers [`FEED_PAST_DAYS`] days back to [`FEED_AHEAD_DAYS`] days ahead.
//! - All-day items are dates (`VALUE=DATE`, the end exclusive as RFC 5545 says); timed items are
//!   UTC instants, so every calendar shows them at the right local time.
//! - UIDs are stable (`pto-12@<host>`), so a calendar updates an item in place.

use crate::agenda::{AgendaType, AgendaTypes};
use crate::{Reports, ReportsError};
use chrono::{Duration, NaiveDate, NaiveDateTime, Utc};
use icalendar::{Calendar, Component, Event, EventLike};

/// The feed's `PRODID`.
pub const PRODUCT_ID: &str = "-//Timekeep//Team calendar//EN";
use kernel::TenantCtx;
use pto::time_off::{AgendaItem, AgendaQuery};

pub const FEED_PAST_DAYS: i64 = 30;
pub const FEED_AHEAD_DAYS: i64 = 365;

fn local(text: &str) -> Option<NaiveDateTime> {
    NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").ok()
}

fn summary(item: &AgendaItem) -> String {
    let person = match (&item.firstname, &item.lastname) {
        (Some(first), Some(last)) => Some(format!("{first} {last}")),
        _ => None,
    };
    match (AgendaType::parse(&item.agenda_type), person) {
        (Some(AgendaType::TimeOff), Some(person)) => format!("{person}: {}", item.name),
        (Some(AgendaType::Event), Some(person)) => format!("{} ({person})", item.name),
        (Some(AgendaType::Holiday), _) => format!("Holiday: {}", item.name),
        (Some(AgendaType::Licence), Some(person)) => format!("{person}: {}", item.name),
        _ => item.name.clone(),
    }
}

impl Reports {
    /// The feed of the context's owner (see the module docs), as `text/calendar`.
    pub async fn calendar_feed(&self, ctx: &TenantCtx, host: &str) -> Result<String, ReportsError> {
        let today =
            chrono::DateTime::<Utc>::from(std::time::SystemTime::now()).with_timezone(&ctx.time_zone()).date_naive();
        let query = AgendaQuery::new(
            today - Duration::days(FEED_PAST_DAYS),
            today + Duration::days(FEED_AHEAD_DAYS),
            None,
            false,
        )
        .map_err(ReportsError::Validation)?;
        let types =
            AgendaTypes::parse(Some("PTO_REQUEST,HOLIDAY,HrCalendarEvent,LICENCE")).unwrap_or_else(AgendaTypes::all);
        let agenda = self.agenda(ctx, &query, &types).await?;
        let company = self.accounts.company_name(ctx).await.map_err(hr::HrError::from)?;
        // The product names itself, not the library that writes the text (RFC 5545 §3.7.3).
        let mut calendar = Calendar::empty();
        calendar
            .append_property(("VERSION", "2.0"))
            .append_property(("PRODID", PRODUCT_ID))
            .append_property(("CALSCALE", "GREGORIAN"));
        calendar.name(&format!("{company} team calendar")).timezone(ctx.time_zone().name());
        let tz = ctx.time_zone();
        for item in &agenda.items {
            let (Some(start), Some(end)) = (local(&item.start), local(&item.end)) else { continue };
            let prefix = match AgendaType::parse(&item.agenda_type) {
                Some(AgendaType::TimeOff) => "pto",
                Some(AgendaType::Holiday) => "holiday",
                Some(AgendaType::Licence) if item.id < 0 => "ce-due",
                Some(AgendaType::Licence) => "licence",
                _ => "event",
            };
            let mut event = Event::new();
            event.uid(&format!("{prefix}-{}@{host}", item.id.abs())).summary(&summary(item));
            if item.allday == 1 {
                let first: NaiveDate = start.date();
                let after: NaiveDate = end.date() + Duration::days(1);
                event.starts(first).ends(after);
            } else {
                let at = |naive: NaiveDateTime| {
                    naive.and_local_timezone(tz).earliest().map(|local| local.with_timezone(&Utc))
                };
                let (Some(start), Some(end)) = (at(start), at(end)) else { continue };
                event.starts(start).ends(end);
            }
            calendar.push(event.done());
        }
        Ok(calendar.done().to_string())
    }
}
