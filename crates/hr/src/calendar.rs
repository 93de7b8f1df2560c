//! Calendar events (spec 002 §2 "Calendar event side panel", §3, §5, §6, §7 "Calendar events")
//! and each person's private calendar-feed secret (issue 21, beyond the spec).
//!
//! - Everyone in the company sees every event: it is the team's calendar.
//! - An event is about the whole team (no employee) or about one person. Whom one may pick is the
//!   people one reaches ([`kernel::Reach`]): an employee picks the team or themselves (002 §6), a
//!   manager also their reports, an admin anyone active. The spec lets a manager pick "any
//!   employee"; we keep a manager to the people they manage, like every other thing a manager
//!   does to people, so one rule says whom a manager touches.
//! - Whoever created an event edits or deletes it; so does an admin, and a manager who reaches the
//!   event's employee. A team event is the creator's and the admins'.
//! - Times arrive as the company's local wall time (`YYYY-MM-DD HH:mm:ss`, 002 §5) and are kept as
//!   UTC instants; an event lasts at most [`MAX_EVENT_DAYS`] days, so a month's calendar reads a
//!   bounded window of the start index.
//! - A feed secret is 32 random bytes (URL-safe base64), one per person, shown to its owner
//!   whenever they ask. Resetting replaces it, so the old URL stops working at once.

use crate::entities::{calendar_events as events, calendar_feeds as feeds};
use crate::records::now;
use crate::{Hr, HrError};
use accounts::people::read::{self, PeopleFilter, PersonOrder};
use accounts::Person;
use base64::Engine;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use kernel::time::{parse_local_datetime, LocalTimeError};
use kernel::validation::check_text;
use kernel::{CalendarEventId, FieldErrors, TenantCtx, UserId};
use rand::RngCore;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

pub const NAME_MISSING: &str = "Please input Event Name";
pub const NAME_TOO_LONG: &str = "Please keep the Event Name to 100 characters";
pub const START_MISSING: &str = "Please input Start Date";
pub const START_TIME_MISSING: &str = "Please input the Start Time";
pub const END_TIME_MISSING: &str = "Please input the End Time";
pub const END_BEFORE_START: &str = "EndDate can't be earlier than StartDate!";
pub const TOO_LONG: &str = "An event can last at most 31 days";
pub const NO_SUCH_TIME: &str = "This time does not exist in the company's time zone (the clocks skip it)";
pub const DESCRIPTION_TOO_LONG: &str = "Please keep the description to 2,000 characters";
pub const EMPLOYEE_NOT_ALLOWED: &str = "Please choose Team Event or an employee you may plan for";

/// The longest event.
pub const MAX_EVENT_DAYS: i64 = 31;
const MAX_NAME: usize = 100;
const MAX_DESCRIPTION: usize = 2000;

/// `POST /calendar-event/add-event` and `/update-event` as the browser sends them.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct EventInput {
    /// Update only.
    #[serde(default, deserialize_with = "kernel::validation::lenient_i64")]
    pub id: Option<i64>,
    /// Empty, null or 0: a team event.
    #[serde(default, deserialize_with = "kernel::validation::lenient_i64")]
    pub employee_id: Option<i64>,
    pub event_name: Option<String>,
    /// `YYYY-MM-DD HH:mm:ss`, the company's local time.
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub description: Option<String>,
}

/// A validated event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventCommand {
    pub employee: Option<UserId>,
    pub name: String,
    pub description: String,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
}

fn has_time(text: &str) -> bool {
    text.trim().len() > 10
}

impl EventCommand {
    pub fn parse(input: &EventInput, tz: chrono_tz::Tz) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = input.event_name.as_deref().unwrap_or("").trim().to_owned();
        if name.is_empty() {
            errors.add("eventName", NAME_MISSING);
        } else if name.chars().count() > MAX_NAME {
            errors.add("eventName", NAME_TOO_LONG);
        } else if let Err(message) = check_text("eventName", &name) {
            errors.add("eventName", message);
        }
        let description = input.description.as_deref().unwrap_or("").trim().to_owned();
        if description.chars().count() > MAX_DESCRIPTION {
            errors.add("description", DESCRIPTION_TOO_LONG);
        } else if let Err(message) = check_text("description", &description) {
            errors.add("description", message);
        }
        let mut instant = |field: &str, value: Option<&str>, missing: &str, no_time: &str| {
            let value = value.map(str::trim).filter(|value| !value.is_empty());
            let Some(value) = value else {
                errors.add(field, missing);
                return None;
            };
            if !has_time(value) {
                errors.add(field, no_time);
                return None;
            }
            match parse_local_datetime(value, tz) {
                Ok(at) => Some(at),
                Err(LocalTimeError::Format) => {
                    errors.add(field, "Please input the date and time as YYYY-MM-DD HH:mm:ss");
                    None
                }
                Err(LocalTimeError::Nonexistent) => {
                    errors.add(field, NO_SUCH_TIME);
                    None
                }
            }
        };
        let starts_at = instant("startDate", input.start_date.as_deref(), START_MISSING, START_TIME_MISSING);
        let ends_at = instant("endDate", input.end_date.as_deref(), END_TIME_MISSING, END_TIME_MISSING);
        if let (Some(start), Some(end)) = (starts_at, ends_at) {
            if end < start {
                errors.add("endDate", END_BEFORE_START);
            } else if end - start > Duration::days(MAX_EVENT_DAYS) {
                errors.add("endDate", TOO_LONG);
            }
        }
        let employee = input.employee_id.filter(|id| *id > 0).map(UserId);
        match (starts_at, ends_at) {
            (Some(starts_at), Some(ends_at)) if errors.is_empty() => {
                Ok(EventCommand { employee, name, description, starts_at, ends_at })
            }
            _ => Err(errors),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PersonName {
    pub id: i64,
    pub firstname: String,
    pub lastname: String,
}

/// An event as the panel and the agenda read it (002 §3 "Calendar event").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CalendarEvent {
    pub id: i64,
    /// None: a team event.
    pub employee_id: Option<i64>,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub avatar: Option<String>,
    pub event_name: String,
    pub description: String,
    /// `YYYY-MM-DD HH:mm:ss`, the company's local time.
    pub start_date: String,
    pub end_date: String,
    /// `HH:mm`.
    pub starttime: String,
    pub endtime: String,
    /// The zone's UTC offset (minutes) at the start and at the end.
    pub soffset: i32,
    pub eoffset: i32,
    pub created_by: Option<PersonName>,
    /// The caller may edit and delete it.
    pub can_edit: bool,
}

/// One choice of the panel's employee list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EventEmployeeOption {
    /// None: 'Team Event'.
    pub id: Option<i64>,
    pub label: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EventEmployeeOptions {
    pub options: Vec<EventEmployeeOption>,
}

/// The feed's address part that is secret.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedSecret(pub String);

/// Who owns a feed secret: what the gateway's feed guard builds its context from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedOwner {
    pub company_id: i64,
    pub user_id: i64,
}

impl Hr {
    fn may_edit_event(&self, ctx: &TenantCtx, row: &events::Model, employee: Option<&Person>) -> bool {
        if row.created_by == Some(ctx.actor()) {
            return true;
        }
        if ctx.acts_for_the_company() {
            return true;
        }
        ctx.answers_for_others()
            && employee
                .is_some_and(|person| person.id != ctx.actor() && ctx.reach().includes(person.id, person.manager_id))
    }

    /// Views of event rows, with the people they name.
    pub(crate) async fn calendar_views(
        &self,
        ctx: &TenantCtx,
        rows: Vec<events::Model>,
    ) -> Result<Vec<CalendarEvent>, HrError> {
        let mut ids: Vec<UserId> = rows.iter().flat_map(|row| [row.employee_id, row.created_by]).flatten().collect();
        ids.sort_unstable();
        ids.dedup();
        let people: HashMap<UserId, Person> = if ids.is_empty() {
            HashMap::new()
        } else {
            read::people(&self.db, ctx, &PeopleFilter::default().with_ids(ids))
                .await?
                .into_iter()
                .map(|person| (person.id, person))
                .collect()
        };
        let tz = ctx.time_zone();
        Ok(rows
            .into_iter()
            .map(|row| {
                let employee = row.employee_id.and_then(|id| people.get(&id));
                let start = row.starts_at.with_timezone(&tz);
                let end = row.ends_at.with_timezone(&tz);
                CalendarEvent {
                    id: row.id.0,
                    employee_id: row.employee_id.map(|id| id.0),
                    firstname: employee.map(|user| user.first_name.clone()),
                    lastname: employee.map(|user| user.last_name.clone()),
                    avatar: employee.and_then(|user| user.avatar.clone()),
                    can_edit: self.may_edit_event(ctx, &row, employee),
                    event_name: row.name,
                    description: row.description,
                    start_date: start.format("%Y-%m-%d %H:%M:%S").to_string(),
                    end_date: end.format("%Y-%m-%d %H:%M:%S").to_string(),
                    starttime: start.format("%H:%M").to_string(),
                    endtime: end.format("%H:%M").to_string(),
                    soffset: kernel::time::utc_offset_minutes(tz, row.starts_at),
                    eoffset: kernel::time::utc_offset_minutes(tz, row.ends_at),
                    created_by: row.created_by.and_then(|id| people.get(&id)).map(|person| PersonName {
                        id: person.id.0,
                        firstname: person.first_name.clone(),
                        lastname: person.last_name.clone(),
                    }),
                }
            })
            .collect())
    }

    async fn event_row(&self, ctx: &TenantCtx, id: CalendarEventId) -> Result<events::Model, HrError> {
        events::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<events::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .ok_or(HrError::NotFound)
    }

    async fn one_view(&self, ctx: &TenantCtx, row: events::Model) -> Result<CalendarEvent, HrError> {
        self.calendar_views(ctx, vec![row]).await?.into_iter().next().ok_or(HrError::NotFound)
    }

    /// `GET /calendar-event/get-calendar-event-info`.
    pub async fn calendar_event(&self, ctx: &TenantCtx, id: CalendarEventId) -> Result<CalendarEvent, HrError> {
        let row = self.event_row(ctx, id).await?;
        self.one_view(ctx, row).await
    }

    /// The events of the company's days `first..=last` (any part of them), by start.
    pub async fn calendar_events_between(
        &self,
        ctx: &TenantCtx,
        first: NaiveDate,
        last: NaiveDate,
    ) -> Result<Vec<CalendarEvent>, HrError> {
        let tz = ctx.time_zone();
        let from = kernel::time::start_of_day(tz, first);
        let until = kernel::time::start_of_day(tz, last + Duration::days(1));
        let rows = events::Entity::find()
            .filter(kernel::tenancy::same_company::<events::Entity>(ctx.company()))
            // Bounded by the longest event, so the start index answers.
            .filter(events::Column::StartsAt.gte(from - Duration::days(MAX_EVENT_DAYS)))
            .filter(events::Column::StartsAt.lt(until))
            .filter(events::Column::EndsAt.gte(from))
            .order_by_asc(events::Column::StartsAt)
            .order_by_asc(events::Column::Id)
            .all(&self.db)
            .await?;
        self.calendar_views(ctx, rows).await
    }

    /// `GET /calendar-event/employees`: whom the caller may pick, 'Team Event' first.
    pub async fn event_employee_options(&self, ctx: &TenantCtx) -> Result<EventEmployeeOptions, HrError> {
        let people =
            read::people_in_reach(&self.db, ctx, &PeopleFilter::active().ordered(PersonOrder::FirstName)).await?;
        let mut options = vec![EventEmployeeOption { id: None, label: "Team Event".to_owned() }];
        options.extend(
            people.into_iter().map(|person| EventEmployeeOption { id: Some(person.id.0), label: person.full_name() }),
        );
        Ok(EventEmployeeOptions { options })
    }

    async fn check_employee(&self, ctx: &TenantCtx, employee: Option<UserId>) -> Result<(), HrError> {
        let Some(employee) = employee else { return Ok(()) };
        match self.accounts.employee_in_scope(ctx, employee).await {
            Ok(person) if person.is_active() => Ok(()),
            Ok(_) | Err(accounts::AccountsError::NotFound) => Err(HrError::field("employeeId", EMPLOYEE_NOT_ALLOWED)),
            Err(err) => Err(err.into()),
        }
    }

    /// `POST /calendar-event/add-event`.
    pub async fn add_calendar_event(&self, ctx: &TenantCtx, command: EventCommand) -> Result<CalendarEvent, HrError> {
        self.check_employee(ctx, command.employee).await?;
        let at = now();
        let row = {
            let _permit = self.gate.enter().await;
            events::ActiveModel {
                company_id: Set(ctx.company()),
                employee_id: Set(command.employee),
                name: Set(command.name),
                description: Set(command.description),
                starts_at: Set(command.starts_at),
                ends_at: Set(command.ends_at),
                created_by: Set(Some(ctx.actor())),
                created_at: Set(at),
                updated_at: Set(at),
                ..Default::default()
            }
            .insert(&self.db)
            .await?
        };
        self.one_view(ctx, row).await
    }

    async fn editable_row(&self, ctx: &TenantCtx, id: CalendarEventId) -> Result<events::Model, HrError> {
        let row = self.event_row(ctx, id).await?;
        let employee = match row.employee_id {
            Some(id) => read::person(&self.db, ctx, id).await?,
            None => None,
        };
        if self.may_edit_event(ctx, &row, employee.as_ref()) {
            Ok(row)
        } else {
            Err(HrError::ForbiddenBecause("Only whoever added this event, or their manager or an admin, may change it"))
        }
    }

    /// `POST /calendar-event/update-event`.
    pub async fn update_calendar_event(
        &self,
        ctx: &TenantCtx,
        id: CalendarEventId,
        command: EventCommand,
    ) -> Result<CalendarEvent, HrError> {
        let row = self.editable_row(ctx, id).await?;
        if command.employee != row.employee_id {
            self.check_employee(ctx, command.employee).await?;
        }
        let row = {
            let _permit = self.gate.enter().await;
            let mut active = row.into_active_model();
            active.employee_id = Set(command.employee);
            active.name = Set(command.name);
            active.description = Set(command.description);
            active.starts_at = Set(command.starts_at);
            active.ends_at = Set(command.ends_at);
            active.updated_at = Set(now());
            active.update(&self.db).await?
        };
        self.one_view(ctx, row).await
    }

    /// `POST /calendar-event/del-calendar-event`.
    pub async fn delete_calendar_event(&self, ctx: &TenantCtx, id: CalendarEventId) -> Result<i64, HrError> {
        let row = self.editable_row(ctx, id).await?;
        let _permit = self.gate.enter().await;
        events::Entity::delete_many()
            .filter(kernel::tenancy::same_company::<events::Entity>(ctx.company()))
            .filter(events::Column::Id.eq(row.id))
            .exec(&self.db)
            .await?;
        Ok(row.id.0)
    }

    /// `GET /calendar-feed/mine`: the caller's feed secret, made on first ask.
    pub async fn feed_secret(&self, ctx: &TenantCtx) -> Result<FeedSecret, HrError> {
        let existing = feeds::Entity::find()
            .filter(kernel::tenancy::same_company::<feeds::Entity>(ctx.company()))
            .filter(feeds::Column::UserId.eq(ctx.actor()))
            .one(&self.db)
            .await?;
        match existing {
            Some(row) => Ok(FeedSecret(row.secret)),
            None => self.reset_feed(ctx).await,
        }
    }

    /// `POST /calendar-feed/reset`: a new secret; the old one stops working at once.
    pub async fn reset_feed(&self, ctx: &TenantCtx) -> Result<FeedSecret, HrError> {
        let mut bytes = [0u8; 32];
        rand::thread_rng().fill_bytes(&mut bytes);
        let secret = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes);
        let _permit = self.gate.enter().await;
        feeds::Entity::delete_many()
            .filter(kernel::tenancy::same_company::<feeds::Entity>(ctx.company()))
            .filter(feeds::Column::UserId.eq(ctx.actor()))
            .exec(&self.db)
            .await?;
        let inserted = feeds::ActiveModel {
            company_id: Set(ctx.company()),
            user_id: Set(ctx.actor()),
            secret: Set(secret.clone()),
            created_at: Set(now()),
            ..Default::default()
        }
        .insert(&self.db)
        .await;
        match inserted {
            Ok(_) => Ok(FeedSecret(secret)),
            // Two first asks at once (two tabs): the other one's secret stands.
            Err(err) if matches!(err.sql_err(), Some(sea_orm::SqlErr::UniqueConstraintViolation(_))) => {
                let row = feeds::Entity::find()
                    .filter(kernel::tenancy::same_company::<feeds::Entity>(ctx.company()))
                    .filter(feeds::Column::UserId.eq(ctx.actor()))
                    .one(&self.db)
                    .await?
                    .ok_or(HrError::Database(err))?;
                Ok(FeedSecret(row.secret))
            }
            Err(err) => Err(err.into()),
        }
    }

    /// Whose feed `secret` opens, if anyone's (the gateway then checks the person may still
    /// sign in, as it does for a token).
    pub async fn feed_owner(&self, secret: &str) -> Result<Option<FeedOwner>, HrError> {
        if secret.len() > 100 {
            return Ok(None);
        }
        Ok(feeds::Entity::find()
            .filter(feeds::Column::Secret.eq(secret))
            .one(&self.db)
            .await?
            .map(|row| FeedOwner { company_id: row.company_id.0, user_id: row.user_id.0 }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(start: &str, end: &str) -> EventInput {
        EventInput {
            event_name: Some("Team lunch".into()),
            start_date: Some(start.into()),
            end_date: Some(end.into()),
            ..Default::default()
        }
    }

    #[test]
    fn spec_messages() {
        let tz = kernel::time::DEFAULT_TIME_ZONE;
        let errors = EventCommand::parse(&EventInput::default(), tz).unwrap_err();
        assert_eq!(errors.messages("eventName"), [NAME_MISSING]);
        assert_eq!(errors.messages("startDate"), [START_MISSING]);
        assert_eq!(errors.messages("endDate"), [END_TIME_MISSING]);
        let errors = EventCommand::parse(&input("2026-12-01", "2026-12-01 10:00:00"), tz).unwrap_err();
        assert_eq!(errors.messages("startDate"), [START_TIME_MISSING]);
        let errors = EventCommand::parse(&input("2026-12-02 09:00:00", "2026-12-01 10:00:00"), tz).unwrap_err();
        assert_eq!(errors.messages("endDate"), [END_BEFORE_START]);
        let errors = EventCommand::parse(&input("2026-12-01 09:00:00", "2027-01-05 10:00:00"), tz).unwrap_err();
        assert_eq!(errors.messages("endDate"), [TOO_LONG]);
        // 02:30 on 8 March 2026 does not exist in New York.
        let errors = EventCommand::parse(&input("2026-03-08 02:30:00", "2026-03-08 04:00:00"), tz).unwrap_err();
        assert_eq!(errors.messages("startDate"), [NO_SUCH_TIME]);
    }

    #[test]
    fn stored_in_utc() {
        let tz = kernel::time::DEFAULT_TIME_ZONE;
        let command = EventCommand::parse(&input("2026-07-01 09:00:00", "2026-07-01 10:30"), tz).unwrap();
        assert_eq!(command.starts_at.to_rfc3339(), "2026-07-01T13:00:00+00:00");
        assert_eq!(command.ends_at.to_rfc3339(), "2026-07-01T14:30:00+00:00");
        assert_eq!(command.employee, None);
    }
}
