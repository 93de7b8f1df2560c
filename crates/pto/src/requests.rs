//! Time-off requests (spec 000 §2–§9 "PTO", 001 §4 request status): asking for time off, the
//! balance check, approving, denying and cancelling, and what a request shows.
//!
//! The rules the server keeps (the screens follow them, a hand-made call cannot break them):
//! - **Minutes are the engine's** ([`pto_engine::request_usage`]): 480 a full day, Saturdays and
//!   Sundays skipped unless included, the company's paid holidays skipped, a partial day its hours
//!   (at most 480). They are computed when read, over the holidays as they are then: a holiday
//!   added after a request was approved is not charged. Days are the company's local days, so a
//!   request across a daylight-saving change still counts 480 minutes a day.
//! - **The balance** counts approved requests ([`crate::Pto`]'s ledger inputs); a new or changed
//!   request is checked with the pending ones reserved too, so two pending requests cannot both
//!   spend the same hours. Approving checks again, against approved time only, inside the
//!   transaction that approves, holding a lock on the employee's requests (PostgreSQL: an advisory
//!   lock per employee; SQLite: the write gate serialises writers), so two approvals racing for
//!   the last hours cannot both pass, on one server or several.
//! - **States** ([`RequestState`]): pending → approved, denied or cancelled; approved or denied →
//!   cancelled. The requester (whoever filed it) edits a pending request; the employee or the
//!   requester cancels a pending one; an approver (manager with reach, admin) approves, denies, and
//!   cancels one already answered. Nobody decides a request about themselves or one they filed
//!   ([`kernel::ManagerCtx::may_decide`]), nor cancels their own answered time off. Repeating an
//!   approval, denial or cancellation changes nothing and says so ([`RequestOutcome::changed`]).
//! - Requests of one person may not overlap (two partial days of one day may, if their hours do
//!   not); a request must use time; only active employees ask; a paid type must be in the plan
//!   in force on the first day (unpaid types need no plan).
//! - Status 5 (cancelled) is ours: the spec's client knows 0–2 pending, 3 approved, 4 denied and
//!   drops cancelled requests; we keep them, so an approved request that was cancelled shows in
//!   the history as taken and given back.

use crate::entities::{paid_holidays as holidays, pto_requests as requests, pto_types};
use crate::{Pto, PtoError};
use accounts::entities::users;
use accounts::mail::OutgoingMail;
use chrono::{DateTime, Duration, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;
use kernel::time::{local_date, utc_offset_minutes};
use kernel::{CompanyId, EmploymentStatus, FieldErrors, ManagerCtx, PtoRequestId, TenantCtx, UserId};
use pto_engine::{
    check_balance, request_usage, PartialDay, PtoType, PtoTypeId, RequestDraft, RequestUsage, SourceId, TimeOffRequest,
    TimeOffTaken,
};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseBackend, EntityTrait, IntoActiveModel,
    QueryFilter, QueryOrder, Statement,
};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashMap};

pub const MSG_NOT_IN_PLAN: &str = "This time off type is not in your PTO plan.";
pub const MSG_NO_TIME: &str = "This request uses no time: every day is a weekend or a paid holiday.";
pub const MSG_INACTIVE: &str = "This employee is no longer active.";
pub const MSG_REASON_REQUIRED: &str = "Please input the reason of the rejection";
pub const MSG_ONLY_PENDING: &str = "Only a pending request can be changed.";
pub const MSG_ONLY_REQUESTER: &str = "Only whoever asked for this time off can change it.";
pub const MSG_NOT_YOURS_TO_CANCEL: &str = "Only a manager or an admin can cancel an answered request.";
pub const MSG_DATE_FORMAT: &str = "Please input the date as YYYY-MM-DD";
pub const MSG_TIME_FORMAT: &str = "Please input the time as HH:mm";
pub const MSG_REASON_LONG: &str = "Please keep the reason under 500 characters";
pub const MSG_TOO_LONG: &str = "A request may cover a year at most";
/// The longest text kept with a request or an answer.
const MAX_TEXT: usize = 500;

/// 'You already have time off on 12/01/2026.'
pub fn overlap_message(day: NaiveDate) -> String {
    format!("You already have time off on {}.", day.format("%m/%d/%Y"))
}

/// Where a request stands (000 §4; 5 is ours, see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestState {
    Pending,
    Approved,
    Denied,
    Cancelled,
}

impl RequestState {
    pub fn code(self) -> i16 {
        match self {
            RequestState::Pending => 0,
            RequestState::Approved => 3,
            RequestState::Denied => 4,
            RequestState::Cancelled => 5,
        }
    }

    /// 0, 1 and 2 are all pending (000 §4).
    pub fn of(code: i16) -> RequestState {
        match code {
            3 => RequestState::Approved,
            4 => RequestState::Denied,
            5 => RequestState::Cancelled,
            _ => RequestState::Pending,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            RequestState::Pending => "Pending Approval",
            RequestState::Approved => "Approved",
            RequestState::Denied => "Denied",
            RequestState::Cancelled => "Cancelled",
        }
    }

    /// The inbox's view (001 §4): 0 pending, 1 approved, 2 rejected (cancelled ones are not listed).
    pub fn inbox_code(self) -> i16 {
        match self {
            RequestState::Pending | RequestState::Cancelled => 0,
            RequestState::Approved => 1,
            RequestState::Denied => 2,
        }
    }
}

/// Accepts true/false, 1/0 and their text forms (the spec's client sends both).
fn lenient_bool<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<bool>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Flag {
        Bool(bool),
        Int(i64),
        Text(String),
    }
    Ok(match Option::<Flag>::deserialize(deserializer)? {
        None => None,
        Some(Flag::Bool(flag)) => Some(flag),
        Some(Flag::Int(n)) => Some(n != 0),
        Some(Flag::Text(text)) => match text.trim() {
            "1" | "true" | "on" => Some(true),
            "0" | "false" | "off" => Some(false),
            _ => None,
        },
    })
}

/// `POST /pto/request` and `/pto/validate-balance` (000 §3 "PTO request").
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
pub struct TimeOffInput {
    /// A pending request to change (only whoever filed it).
    #[serde(deserialize_with = "kernel::validation::lenient_i64")]
    pub id: Option<i64>,
    /// 'On Behalf Of' (managers and admins, for people they reach); the caller by default.
    #[serde(deserialize_with = "kernel::validation::lenient_i64")]
    pub employee_id: Option<i64>,
    #[serde(deserialize_with = "kernel::validation::lenient_i64", alias = "ptoTypeId")]
    pub pto_type: Option<i64>,
    #[serde(deserialize_with = "lenient_bool")]
    pub partialday: Option<bool>,
    /// 1 all day, 0 partial (when `partialday` is not sent).
    #[serde(deserialize_with = "kernel::validation::lenient_i64")]
    pub allday: Option<i64>,
    #[serde(deserialize_with = "lenient_bool")]
    pub include_weekend: Option<bool>,
    /// `YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss`, the company's local time.
    pub start: Option<String>,
    pub end: Option<String>,
    /// `HH:mm` (partial days).
    pub starttime: Option<String>,
    pub endtime: Option<String>,
    pub reason: Option<String>,
}

/// A validated request form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeOffCommand {
    pub id: Option<i64>,
    pub employee: Option<UserId>,
    pub pto_type: PtoTypeId,
    pub request: TimeOffRequest,
    pub reason: String,
}

/// `YYYY-MM-DD`, optionally followed by ` HH:mm[:ss]` or `THH:mm[:ss]`.
fn date_and_time(text: &str) -> Option<(NaiveDate, Option<NaiveTime>)> {
    let text = text.trim();
    let date = NaiveDate::parse_from_str(text.get(..10)?, "%Y-%m-%d").ok()?;
    let rest = text.get(10..)?.trim_start_matches(['T', ' ']);
    if rest.is_empty() {
        return Some((date, None));
    }
    Some((date, Some(time_of(rest)?)))
}

fn time_of(text: &str) -> Option<NaiveTime> {
    kernel::time::parse_time_of_day(text)
}

impl TimeOffCommand {
    /// The form's rules (000 §5), every problem at once, with the spec's messages.
    pub fn parse(input: &TimeOffInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let partial = input.partialday.unwrap_or(input.allday == Some(0));
        let mut read_date = |field: &str, text: &Option<String>| match text.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(text) => match date_and_time(text) {
                Some((date, time)) if kernel::validation::is_sane_date(date) => Some((date, time)),
                Some(_) => {
                    errors.add(field, kernel::validation::DATE_RANGE_MESSAGE);
                    None
                }
                None => {
                    errors.add(field, MSG_DATE_FORMAT);
                    None
                }
            },
        };
        let start = read_date("start", &input.start);
        let end = read_date("end", &input.end);
        let mut read_time =
            |field: &str, text: &Option<String>, fallback: Option<NaiveTime>| match text.as_deref().map(str::trim) {
                None | Some("") => fallback,
                Some(text) => time_of(text).or_else(|| {
                    errors.add(field, MSG_TIME_FORMAT);
                    None
                }),
            };
        // A partial day's times may come inside start and end (000 §5: 'YYYY-MM-DD HH:mm:ss').
        let starttime = read_time("starttime", &input.starttime, start.and_then(|(_, time)| time));
        let endtime = read_time("endtime", &input.endtime, end.and_then(|(_, time)| time));
        let draft = RequestDraft {
            pto_type: input.pto_type,
            start: start.map(|(date, _)| date),
            end: end.map(|(date, _)| date),
            partialday: partial,
            starttime: if partial { starttime } else { None },
            endtime: if partial { endtime } else { None },
            include_weekend: input.include_weekend.unwrap_or(false),
        };
        let reason = input.reason.as_deref().map(str::trim).unwrap_or_default().to_owned();
        if let Err(message) = kernel::validation::check_text("reason", &reason) {
            errors.add("reason", message);
        }
        if reason.chars().count() > MAX_TEXT {
            errors.add("reason", MSG_REASON_LONG);
        }
        let validated = draft.validate();
        if let Err(problems) = &validated {
            // A field already refused as written ('12/01/2026') is not also 'missing'.
            for (field, messages) in problems.iter() {
                if errors.has(field) {
                    continue;
                }
                for message in messages {
                    errors.add(field, message.clone());
                }
            }
        }
        if let Ok((_, request)) = &validated {
            if (request.end - request.start).num_days() > 366 {
                errors.add("end", MSG_TOO_LONG);
            }
        }
        let (pto_type, request) = match validated {
            Ok(valid) if errors.is_empty() => valid,
            _ => return Err(errors),
        };
        Ok(TimeOffCommand { id: input.id, employee: input.employee_id.map(UserId), pto_type, request, reason })
    }
}

/// Someone a request names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PersonRef {
    pub id: i64,
    pub firstname: String,
    pub lastname: String,
}

/// A request as the screens show it (000 §3 "PTO request").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PtoRequestView {
    pub id: i64,
    pub employee_id: i64,
    pub firstname: String,
    pub lastname: String,
    pub pto_type: i64,
    pub type_name: String,
    pub color: String,
    /// 0 unpaid.
    pub payable: u8,
    pub partialday: bool,
    /// 1 all day, 0 partial.
    pub allday: u8,
    pub include_weekend: bool,
    /// `YYYY-MM-DD HH:mm:ss`, the company's local time (full days: 00:00:00 to 23:59:59).
    pub start: String,
    pub end: String,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    /// `HH:mm` (partial days).
    pub starttime: Option<String>,
    pub endtime: Option<String>,
    /// The company zone's offset from UTC (minutes) at the start and at the end.
    pub soffset: i32,
    pub eoffset: i32,
    /// What it uses, by the engine.
    pub minutes: i64,
    pub reason: String,
    /// 0 pending, 3 approved, 4 denied, 5 cancelled.
    pub status: i16,
    pub status_label: String,
    pub submitted: DateTime<Utc>,
    pub requested_by: Option<PersonRef>,
    /// Who approved or denied it: first name and last initial.
    pub actor: Option<String>,
    pub act_date: Option<DateTime<Utc>>,
    pub act_comments: Option<String>,
    /// The caller may change it (whoever filed it, while pending).
    pub can_edit: bool,
    /// The caller may cancel it.
    pub can_cancel: bool,
}

/// The answer to approve, deny and cancel: the request after, and whether this call changed it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TimeOffOutcome))]
pub struct RequestOutcome {
    pub request: PtoRequestView,
    /// False when the request already was in the state asked for.
    pub changed: bool,
    pub message: String,
}

/// `POST /pto/validate-balance` (000 §3 "PTO stats").
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct BalanceCheckView {
    pub pass: bool,
    pub validation_pass: bool,
    pub payable: u8,
    pub type_name: String,
    /// Minutes available on the first day (pending time reserved).
    pub balance: i64,
    pub requested: i64,
    pub mins_reqed: i64,
    pub hour_reqed: f64,
    pub total_balance: i64,
    pub total_balance_hours: f64,
    /// 'Dang it! You don't have enough {type} available for this request.'
    pub message: Option<String>,
    /// 'Good News! You're already off this day for a paid holiday.'
    pub good_news: Option<String>,
    pub days: Vec<DayMinutes>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DayMinutes {
    pub date: NaiveDate,
    pub minutes: i64,
}

/// Minutes to hours with two decimals, without float drift.
pub fn hours(minutes: i64) -> f64 {
    let hundredths = (minutes * 100 + minutes.signum() * 30) / 60;
    hundredths as f64 / 100.0
}

/// `HH:MM`.
fn hhmm(time: NaiveTime) -> String {
    time.format("%H:%M").to_string()
}

/// The request's days and hours as the engine takes them.
pub(crate) fn engine_request(row: &requests::Model) -> TimeOffRequest {
    let partial =
        match (row.partial, row.start_time.as_deref().and_then(time_of), row.end_time.as_deref().and_then(time_of)) {
            (true, Some(start), Some(end)) => Some(PartialDay { start, end }),
            _ => None,
        };
    TimeOffRequest { start: row.start_date, end: row.end_date, include_weekend: row.include_weekend, partial }
}

/// What a stored request uses; a request the engine refuses (it was valid when saved) uses nothing.
fn usage(row: &requests::Model, holidays: &[NaiveDate]) -> RequestUsage {
    request_usage(&engine_request(row), holidays).unwrap_or(RequestUsage {
        days: Vec::new(),
        minutes: 0,
        weekend_days: Vec::new(),
        holidays: Vec::new(),
    })
}

/// The instant a local wall time names (the earlier one when the clock repeats, the next
/// existing minute when it skips).
fn instant(tz: Tz, day: NaiveDate, time: NaiveTime) -> DateTime<Utc> {
    let local = NaiveDateTime::new(day, time);
    tz.from_local_datetime(&local)
        .earliest()
        .or_else(|| tz.from_local_datetime(&(local + Duration::hours(1))).earliest())
        .map(|at| at.with_timezone(&Utc))
        .unwrap_or_else(|| Utc.from_utc_datetime(&local))
}

/// The local start and end of a request as the spec writes them, and the zone's offsets there.
fn bounds(tz: Tz, row: &requests::Model) -> (String, String, i32, i32) {
    let request = engine_request(row);
    let (from, to) = match request.partial {
        Some(partial) => {
            (NaiveDateTime::new(row.start_date, partial.start), NaiveDateTime::new(row.start_date, partial.end))
        }
        None => (
            NaiveDateTime::new(row.start_date, NaiveTime::MIN),
            NaiveDateTime::new(row.end_date, NaiveTime::from_hms_opt(23, 59, 59).unwrap_or(NaiveTime::MIN)),
        ),
    };
    let offset = |at: NaiveDateTime| utc_offset_minutes(tz, instant(tz, at.date(), at.time()));
    (from.format("%Y-%m-%d %H:%M:%S").to_string(), to.format("%Y-%m-%d %H:%M:%S").to_string(), offset(from), offset(to))
}

fn short_name(user: &users::Model) -> String {
    let initial = user.last_name.chars().next().map(|c| format!(" {c}.")).unwrap_or_default();
    format!("{}{initial}", user.first_name)
}

fn person_ref(user: &users::Model) -> PersonRef {
    PersonRef { id: user.id, firstname: user.first_name.clone(), lastname: user.last_name.clone() }
}

/// What views of a set of requests need, read once for the set.
pub(crate) struct ViewData {
    pub people: HashMap<i64, users::Model>,
    pub types: HashMap<i64, pto_types::Model>,
    pub holidays: Vec<NaiveDate>,
}

/// Whether the caller may cancel a request (see the module docs).
fn may_cancel(ctx: &TenantCtx, row: &requests::Model, employee: Option<&users::Model>) -> bool {
    let state = RequestState::of(row.status);
    let in_reach =
        employee.is_some_and(|person| ctx.reach().includes(UserId(person.id), person.manager_id.map(UserId)));
    // Cancelling an answered request takes time off back from someone: an approver who reaches
    // them may, unless it is their own time off (filing it for a report does not stop them).
    let approver = ctx.answers_for_others() && in_reach && !ctx.is_self(UserId(row.employee_id));
    match state {
        RequestState::Cancelled => false,
        RequestState::Pending => {
            ctx.is_self(UserId(row.employee_id))
                || row.requested_by == Some(ctx.actor().0)
                || (in_reach && ctx.answers_for_others())
        }
        RequestState::Approved | RequestState::Denied => approver,
    }
}

impl ViewData {
    pub(crate) fn view(&self, ctx: &TenantCtx, row: &requests::Model) -> PtoRequestView {
        let employee = self.people.get(&row.employee_id);
        let pto_type = self.types.get(&row.pto_type_id);
        let state = RequestState::of(row.status);
        let (start, end, soffset, eoffset) = bounds(ctx.time_zone(), row);
        PtoRequestView {
            id: row.id,
            employee_id: row.employee_id,
            firstname: employee.map(|user| user.first_name.clone()).unwrap_or_default(),
            lastname: employee.map(|user| user.last_name.clone()).unwrap_or_default(),
            pto_type: row.pto_type_id,
            type_name: pto_type.map(|t| t.name.clone()).unwrap_or_default(),
            color: pto_type.map(|t| t.color.clone()).unwrap_or_default(),
            payable: u8::from(pto_type.is_some_and(|t| t.payable)),
            partialday: row.partial,
            allday: u8::from(!row.partial),
            include_weekend: row.include_weekend,
            start,
            end,
            start_date: row.start_date,
            end_date: row.end_date,
            starttime: row.start_time.clone(),
            endtime: row.end_time.clone(),
            soffset,
            eoffset,
            minutes: usage(row, &self.holidays).minutes,
            reason: row.reason.clone(),
            status: state.code(),
            status_label: state.label().to_owned(),
            submitted: row.created_at,
            requested_by: row.requested_by.and_then(|id| self.people.get(&id)).map(person_ref),
            actor: row.acted_by.and_then(|id| self.people.get(&id)).map(short_name),
            act_date: row.acted_at,
            act_comments: row.act_comment.clone(),
            can_edit: state == RequestState::Pending && row.requested_by == Some(ctx.actor().0),
            can_cancel: may_cancel(ctx, row, employee),
        }
    }

    /// What the agenda shows of a request, without the day-by-day arithmetic of a full
    /// [`Self::view`]: its local start and end, the zone's offsets there, whether it is all day,
    /// and its type's name.
    pub(crate) fn agenda_view(
        &self,
        ctx: &TenantCtx,
        row: &requests::Model,
    ) -> (String, String, i32, i32, bool, String) {
        let (start, end, soffset, eoffset) = bounds(ctx.time_zone(), row);
        let type_name = self.types.get(&row.pto_type_id).map(|kind| kind.name.clone()).unwrap_or_default();
        (start, end, soffset, eoffset, !row.partial, type_name)
    }

    /// Minutes a request uses on each day.
    pub(crate) fn days(&self, row: &requests::Model) -> Vec<(NaiveDate, i64)> {
        usage(row, &self.holidays).days.into_iter().map(|day| (day.date, day.minutes)).collect()
    }
}

impl Pto {
    /// The company's paid holidays between two days, as dates.
    pub(crate) async fn holiday_dates(
        &self,
        ctx: &TenantCtx,
        first: NaiveDate,
        last: NaiveDate,
    ) -> Result<Vec<NaiveDate>, PtoError> {
        if last < first {
            return Ok(Vec::new());
        }
        use sea_orm::QuerySelect;
        Ok(holidays::Entity::find()
            .filter(kernel::tenancy::same_company::<holidays::Entity>(ctx.company()))
            .filter(holidays::Column::DeletedAt.is_null())
            .filter(holidays::Column::Holiday.between(first, last))
            .select_only()
            .column(holidays::Column::Holiday)
            .into_tuple()
            .all(&self.db)
            .await?)
    }

    /// Everything views of `rows` need: the people named, the types and the holidays of their days.
    pub(crate) async fn view_data(&self, ctx: &TenantCtx, rows: &[requests::Model]) -> Result<ViewData, PtoError> {
        let mut ids: BTreeSet<i64> = BTreeSet::new();
        for row in rows {
            ids.insert(row.employee_id);
            ids.extend(row.requested_by);
            ids.extend(row.acted_by);
        }
        let people = if ids.is_empty() {
            HashMap::new()
        } else {
            accounts::company_people(ctx)
                .filter(users::Column::Id.is_in(ids))
                .all(&self.db)
                .await?
                .into_iter()
                .map(|user| (user.id, user))
                .collect()
        };
        let types = pto_types::Entity::find()
            .filter(kernel::tenancy::same_company::<pto_types::Entity>(ctx.company()))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|row| (row.id, row))
            .collect();
        let first = rows.iter().map(|row| row.start_date).min();
        let last = rows.iter().map(|row| row.end_date).max();
        let holidays = match (first, last) {
            (Some(first), Some(last)) => self.holiday_dates(ctx, first, last).await?,
            _ => Vec::new(),
        };
        Ok(ViewData { people, types, holidays })
    }

    pub(crate) async fn request_views(
        &self,
        ctx: &TenantCtx,
        rows: &[requests::Model],
    ) -> Result<Vec<PtoRequestView>, PtoError> {
        let data = self.view_data(ctx, rows).await?;
        Ok(rows.iter().map(|row| data.view(ctx, row)).collect())
    }

    async fn request_view(&self, ctx: &TenantCtx, row: &requests::Model) -> Result<PtoRequestView, PtoError> {
        let mut views = self.request_views(ctx, std::slice::from_ref(row)).await?;
        views.pop().ok_or(PtoError::NotFound)
    }

    /// The time off of `people` in the given states, by person and day, as the engine takes it.
    /// `except` leaves one request out (the one being changed).
    pub(crate) async fn time_off_of(
        &self,
        ctx: &TenantCtx,
        people: &[i64],
        states: &[RequestState],
        except: Option<i64>,
    ) -> Result<HashMap<i64, Vec<TimeOffTaken>>, PtoError> {
        if people.is_empty() {
            return Ok(HashMap::new());
        }
        let mut query = requests::Entity::find()
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .filter(requests::Column::EmployeeId.is_in(people.iter().copied()))
            .filter(requests::Column::Status.is_in(states.iter().map(|state| state.code())));
        if let Some(except) = except {
            query = query.filter(requests::Column::Id.ne(except));
        }
        let rows = query.all(&self.db).await?;
        let first = rows.iter().map(|row| row.start_date).min();
        let last = rows.iter().map(|row| row.end_date).max();
        let holidays = match (first, last) {
            (Some(first), Some(last)) => self.holiday_dates(ctx, first, last).await?,
            _ => Vec::new(),
        };
        let mut by_person: HashMap<i64, Vec<TimeOffTaken>> = HashMap::new();
        for row in &rows {
            by_person
                .entry(row.employee_id)
                .or_default()
                .extend(usage(row, &holidays).time_off(SourceId(row.id), PtoTypeId(row.pto_type_id)));
        }
        Ok(by_person)
    }

    /// A request of the company whose employee the caller reaches; anything else is `NotFound`.
    async fn request_in_reach(&self, ctx: &TenantCtx, id: i64) -> Result<(requests::Model, users::Model), PtoError> {
        let row = requests::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .ok_or(PtoError::NotFound)?;
        let employee = self.accounts.employee_in_scope(ctx, UserId(row.employee_id)).await?;
        Ok((row, employee))
    }

    /// The type asked for, if the employee may ask for it on `day`: any unpaid type; a paid one
    /// only when the plan in force that day has an active rule for it.
    async fn requestable_type(
        &self,
        ctx: &TenantCtx,
        input: &pto_engine::EmployeeInput,
        pto_type: PtoTypeId,
        day: NaiveDate,
    ) -> Result<pto_types::Model, PtoError> {
        let row = pto_types::Entity::find_by_id(pto_type.0)
            .filter(kernel::tenancy::same_company::<pto_types::Entity>(ctx.company()))
            .filter(pto_types::Column::DeletedAt.is_null())
            .one(&self.db)
            .await?
            .ok_or_else(|| PtoError::field("ptoType", pto_engine::request::MSG_TYPE_REQUIRED))?;
        if row.payable && !plan_has_type(input, pto_type, day) {
            return Err(PtoError::field("ptoType", MSG_NOT_IN_PLAN));
        }
        Ok(row)
    }

    /// The balance check of a request for `person` (000 §5), with `reserved` time off (pending
    /// requests) counted on top of the approved time already in the ledger's inputs.
    async fn check(
        &self,
        ctx: &TenantCtx,
        person: &users::Model,
        command: &TimeOffCommand,
        reserve_pending: bool,
    ) -> Result<(BalanceCheckView, pto_types::Model), PtoError> {
        let today = local_date(ctx.time_zone(), Utc::now());
        let (mut inputs, _, _) = self.inputs_for(ctx, std::slice::from_ref(person), today).await?;
        let mut input = inputs.remove(&person.id).ok_or(PtoError::NotFound)?;
        // The request being changed is replaced by its new form.
        if let Some(id) = command.id {
            input.time_off.retain(|taken| taken.request != SourceId(id));
        }
        let pto_type = self.requestable_type(ctx, &input, command.pto_type, command.request.start).await?;
        if reserve_pending {
            let mut pending = self.time_off_of(ctx, &[person.id], &[RequestState::Pending], command.id).await?;
            input.time_off.extend(pending.remove(&person.id).unwrap_or_default());
        }
        let holidays = self.holiday_dates(ctx, command.request.start, command.request.end).await?;
        let usage = request_usage(&command.request, &holidays).map_err(|message| {
            PtoError::field(
                if message == pto_engine::request::MSG_END_DATE_BEFORE_START { "end" } else { "endtime" },
                message,
            )
        })?;
        let engine_type =
            PtoType { id: PtoTypeId(pto_type.id), name: pto_type.name.clone(), payable: pto_type.payable };
        let taken = usage.time_off(SourceId(command.id.unwrap_or(-1)), engine_type.id);
        let checked = check_balance(&input, &engine_type, &taken);
        let ledger = pto_engine::compute(&input, today);
        let total: i64 = if pto_type.payable { ledger.balance(engine_type.id) } else { 0 };
        let view = BalanceCheckView {
            pass: checked.pass && usage.minutes > 0,
            validation_pass: checked.pass && usage.minutes > 0,
            payable: u8::from(pto_type.payable),
            type_name: pto_type.name.clone(),
            balance: checked.balance,
            requested: usage.minutes,
            mins_reqed: usage.minutes,
            hour_reqed: hours(usage.minutes),
            total_balance: total,
            total_balance_hours: hours(total),
            message: checked.message,
            good_news: usage.good_news().map(str::to_owned),
            days: usage.days.iter().map(|day| DayMinutes { date: day.date, minutes: day.minutes }).collect(),
        };
        Ok((view, pto_type))
    }

    /// The person a request is for: the caller, or someone they reach ('On Behalf Of').
    async fn subject(&self, ctx: &TenantCtx, employee: Option<UserId>) -> Result<users::Model, PtoError> {
        Ok(self.accounts.employee_in_scope(ctx, employee.unwrap_or(ctx.actor())).await?)
    }

    /// `POST /pto/validate-balance`: what the request would use and whether the balance covers it.
    pub async fn validate_balance(
        &self,
        ctx: &TenantCtx,
        command: TimeOffCommand,
    ) -> Result<BalanceCheckView, PtoError> {
        let employee = match command.id {
            Some(id) => Some(UserId(self.request_in_reach(ctx, id).await?.0.employee_id)),
            None => command.employee,
        };
        let person = self.subject(ctx, employee).await?;
        Ok(self.check(ctx, &person, &command, true).await?.0)
    }

    /// `POST /pto/request`: files a new request, or changes a pending one (only whoever filed it).
    pub async fn request_time_off(&self, ctx: &TenantCtx, command: TimeOffCommand) -> Result<PtoRequestView, PtoError> {
        let existing = match command.id {
            Some(id) => {
                let (row, _) = self.request_in_reach(ctx, id).await?;
                if row.requested_by != Some(ctx.actor().0) {
                    return Err(PtoError::Forbidden(MSG_ONLY_REQUESTER.to_owned()));
                }
                if RequestState::of(row.status) != RequestState::Pending {
                    return Err(PtoError::Conflict(MSG_ONLY_PENDING.to_owned()));
                }
                Some(row)
            }
            None => None,
        };
        let person =
            self.subject(ctx, existing.as_ref().map(|row| UserId(row.employee_id)).or(command.employee)).await?;
        if person.status != EmploymentStatus::Active {
            return Err(PtoError::field("employeeId", MSG_INACTIVE));
        }
        let now = Utc::now();
        let _turn = kernel::transaction::person_turn(person.id).await;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        lock_employee(&txn, person.id).await?;
        self.check_overlap(ctx, person.id, &command).await?;
        let (checked, pto_type) = self.check(ctx, &person, &command, true).await?;
        if checked.mins_reqed <= 0 {
            return Err(PtoError::field("start", MSG_NO_TIME));
        }
        if !checked.pass {
            return Err(PtoError::field("balance", checked.message.unwrap_or_default()));
        }
        let request = &command.request;
        let (start_time, end_time) = match request.partial {
            Some(partial) => (Some(hhmm(partial.start)), Some(hhmm(partial.end))),
            None => (None, None),
        };
        let saved = match existing {
            Some(row) => {
                let mut active = row.into_active_model();
                active.pto_type_id = Set(pto_type.id);
                active.start_date = Set(request.start);
                active.end_date = Set(request.end);
                active.partial = Set(request.partial.is_some());
                active.start_time = Set(start_time);
                active.end_time = Set(end_time);
                active.include_weekend = Set(request.include_weekend);
                active.reason = Set(command.reason.clone());
                active.updated_at = Set(now);
                active.update(&txn).await?
            }
            None => {
                requests::ActiveModel {
                    company_id: Set(ctx.company().0),
                    employee_id: Set(person.id),
                    pto_type_id: Set(pto_type.id),
                    start_date: Set(request.start),
                    end_date: Set(request.end),
                    partial: Set(request.partial.is_some()),
                    start_time: Set(start_time),
                    end_time: Set(end_time),
                    include_weekend: Set(request.include_weekend),
                    reason: Set(command.reason.clone()),
                    status: Set(RequestState::Pending.code()),
                    requested_by: Set(Some(ctx.actor().0)),
                    created_at: Set(now),
                    updated_at: Set(now),
                    ..Default::default()
                }
                .insert(&txn)
                .await?
            }
        };
        txn.commit().await?;
        drop(_permit);
        let view = self.request_view(ctx, &saved).await?;
        if command.id.is_none() {
            self.tell_approvers(ctx, &person, &view).await;
        }
        Ok(view)
    }

    /// Refuses a request that shares a day with another pending or approved one of the person
    /// (two partial days of one day may share it when their hours do not meet).
    async fn check_overlap(&self, ctx: &TenantCtx, employee: i64, command: &TimeOffCommand) -> Result<(), PtoError> {
        let request = &command.request;
        let mut query = requests::Entity::find()
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .filter(requests::Column::EmployeeId.eq(employee))
            .filter(requests::Column::Status.is_in([RequestState::Pending.code(), RequestState::Approved.code()]))
            .filter(requests::Column::StartDate.lte(request.end))
            .filter(requests::Column::EndDate.gte(request.start))
            .order_by_asc(requests::Column::StartDate);
        if let Some(id) = command.id {
            query = query.filter(requests::Column::Id.ne(id));
        }
        for other in query.all(&self.db).await? {
            let theirs = engine_request(&other);
            if let (Some(mine), Some(theirs)) = (request.partial, theirs.partial) {
                if mine.end <= theirs.start || theirs.end <= mine.start {
                    continue;
                }
            }
            return Err(PtoError::field("start", overlap_message(other.start_date.max(request.start))));
        }
        Ok(())
    }

    /// `POST /pto/approve-timeoff`: approves a pending request if the balance still covers it
    /// (checked again inside the transaction, holding the employee's lock).
    pub async fn approve(&self, ctx: &ManagerCtx, id: PtoRequestId) -> Result<RequestOutcome, PtoError> {
        let (row, person) = self.request_in_reach(ctx, id.0).await?;
        decider_check(ctx, &row)?;
        self.transition(ctx, row, &person, RequestState::Approved, None).await
    }

    /// `POST /pto/reject-timeoff`: denies a pending request, with the reason.
    pub async fn reject(&self, ctx: &ManagerCtx, id: PtoRequestId, comment: &str) -> Result<RequestOutcome, PtoError> {
        let comment = comment.trim();
        if comment.is_empty() {
            return Err(PtoError::field("comment", MSG_REASON_REQUIRED));
        }
        if let Err(message) = kernel::validation::check_text("comment", comment) {
            return Err(PtoError::field("comment", message));
        }
        if comment.chars().count() > MAX_TEXT {
            return Err(PtoError::field("comment", MSG_REASON_LONG));
        }
        let (row, person) = self.request_in_reach(ctx, id.0).await?;
        decider_check(ctx, &row)?;
        self.transition(ctx, row, &person, RequestState::Denied, Some(comment)).await
    }

    /// `POST /pto/cancel-request`: a pending request by the employee or whoever filed it (or an
    /// approver); an answered one by an approver only. An approved request gives its time back.
    pub async fn cancel_request(&self, ctx: &TenantCtx, id: PtoRequestId) -> Result<RequestOutcome, PtoError> {
        let (row, person) = self.request_in_reach(ctx, id.0).await?;
        if RequestState::of(row.status) == RequestState::Cancelled {
            return self.outcome(ctx, row, false, "The request was already cancelled.").await;
        }
        if !may_cancel(ctx, &row, Some(&person)) {
            return Err(PtoError::Forbidden(match RequestState::of(row.status) {
                RequestState::Pending => MSG_ONLY_REQUESTER.to_owned(),
                _ if ctx.answers_for_others() => kernel::OWN_REQUEST_MESSAGE.to_owned(),
                _ => MSG_NOT_YOURS_TO_CANCEL.to_owned(),
            }));
        }
        self.transition(ctx, row, &person, RequestState::Cancelled, None).await
    }

    /// Moves a request to `to` (approved, denied or cancelled; the caller has checked the right to).
    /// The request is read again inside the transaction holding the employee's lock, so the state
    /// decided on is the state changed, and an approval checks the balance there. Asking for the
    /// state it is already in changes nothing and says so.
    async fn transition(
        &self,
        ctx: &TenantCtx,
        row: requests::Model,
        person: &users::Model,
        to: RequestState,
        comment: Option<&str>,
    ) -> Result<RequestOutcome, PtoError> {
        let done = match to {
            RequestState::Approved => "approved",
            RequestState::Denied => "denied",
            RequestState::Cancelled | RequestState::Pending => "cancelled",
        };
        let _turn = kernel::transaction::person_turn(row.employee_id).await;
        let permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        lock_employee(&txn, row.employee_id).await?;
        let row = requests::Entity::find_by_id(row.id).one(&txn).await?.ok_or(PtoError::NotFound)?;
        let from = RequestState::of(row.status);
        if from == to {
            txn.commit().await?;
            return self.outcome(ctx, row, false, &format!("The request was already {done}.")).await;
        }
        match (from, to) {
            (RequestState::Pending, _) | (RequestState::Approved | RequestState::Denied, RequestState::Cancelled) => {}
            (RequestState::Approved, _) => {
                return Err(PtoError::Conflict("This request was approved; cancel it instead.".to_owned()))
            }
            (RequestState::Denied, _) => {
                return Err(PtoError::Conflict(format!("This request was denied; it cannot be {done}.")))
            }
            (RequestState::Cancelled, _) => {
                return Err(PtoError::Conflict(format!("This request was cancelled; it cannot be {done}.")))
            }
        }
        if to == RequestState::Approved {
            let command = TimeOffCommand {
                id: Some(row.id),
                employee: Some(UserId(row.employee_id)),
                pto_type: PtoTypeId(row.pto_type_id),
                request: engine_request(&row),
                reason: row.reason.clone(),
            };
            // Against approved time only: pending requests are not promises.
            let (checked, _) = self.check(ctx, person, &command, false).await?;
            if !checked.pass && checked.payable == 1 {
                return Err(PtoError::field(
                    "balance",
                    checked.message.unwrap_or_else(|| pto_engine::not_enough_message(&checked.type_name)),
                ));
            }
        }
        let now = Utc::now();
        let mut active = row.into_active_model();
        active.status = Set(to.code());
        if to == RequestState::Cancelled {
            active.cancelled_by = Set(Some(ctx.actor().0));
            active.cancelled_at = Set(Some(now));
            active.cancelled_from = Set(Some(from.code()));
        } else {
            active.acted_by = Set(Some(ctx.actor().0));
            active.acted_at = Set(Some(now));
            active.act_comment = Set(comment.map(str::to_owned));
        }
        let saved = active.update(&txn).await?;
        txn.commit().await?;
        drop(permit);
        let outcome = self.outcome(ctx, saved, true, &format!("The request has been {done}.")).await?;
        self.tell_employee(ctx, person, &outcome.request, done).await;
        Ok(outcome)
    }

    async fn outcome(
        &self,
        ctx: &TenantCtx,
        row: requests::Model,
        changed: bool,
        message: &str,
    ) -> Result<RequestOutcome, PtoError> {
        Ok(RequestOutcome { request: self.request_view(ctx, &row).await?, changed, message: message.to_owned() })
    }

    /// Tells whoever may answer a new request: the employee's manager, or else the company's
    /// admins (never the person who filed it or the employee).
    async fn tell_approvers(&self, ctx: &TenantCtx, person: &users::Model, view: &PtoRequestView) {
        let recipients = match self.approvers_of(ctx, person).await {
            Ok(recipients) => recipients,
            Err(err) => {
                tracing::error!(error = %err, "could not find who approves a time-off request");
                return;
            }
        };
        let link = self.accounts.screen_link("/admin/inbox");
        let mails = recipients
            .into_iter()
            .map(|approver| OutgoingMail {
                company: approver.company_id.map(CompanyId),
                to_email: approver.email.clone(),
                to_name: format!("{} {}", approver.first_name, approver.last_name),
                subject: format!("Time off request from {} {}", person.first_name, person.last_name),
                text: format!(
                    "Hello {},\n\n{} {} asked for {} ({}), {}.{}\n\nApprove or deny it in your inbox: {link}\n",
                    approver.first_name,
                    person.first_name,
                    person.last_name,
                    view.type_name,
                    hours_text(view.minutes),
                    days_text(view),
                    if view.reason.is_empty() { String::new() } else { format!("\nReason: {}", view.reason) },
                ),
            })
            .collect();
        self.accounts.notify_all(mails).await;
    }

    async fn approvers_of(&self, ctx: &TenantCtx, person: &users::Model) -> Result<Vec<users::Model>, PtoError> {
        let not_them = |user: &users::Model| user.id != person.id && !ctx.is_self(UserId(user.id));
        if let Some(manager) = person.manager_id {
            let manager = accounts::company_people(ctx)
                .filter(users::Column::Id.eq(manager))
                .filter(users::Column::Status.eq(EmploymentStatus::Active))
                .one(&self.db)
                .await?;
            if let Some(manager) = manager.filter(not_them) {
                return Ok(vec![manager]);
            }
        }
        Ok(accounts::company_people(ctx)
            .filter(users::Column::Role.eq(kernel::Role::Admin.code()))
            .filter(users::Column::Status.eq(EmploymentStatus::Active))
            .all(&self.db)
            .await?
            .into_iter()
            .filter(not_them)
            .collect())
    }

    /// Tells the employee that someone else answered or cancelled their request.
    async fn tell_employee(&self, ctx: &TenantCtx, person: &users::Model, view: &PtoRequestView, what: &str) {
        if ctx.is_self(UserId(person.id)) {
            return;
        }
        let by = accounts::company_people(ctx)
            .filter(users::Column::Id.eq(ctx.actor().0))
            .one(&self.db)
            .await
            .ok()
            .flatten()
            .map(|actor| format!("{} {}", actor.first_name, actor.last_name))
            .unwrap_or_else(|| "your manager".to_owned());
        let comment = match (&view.act_comments, what) {
            (Some(comment), "denied") => format!("\nReason: {comment}"),
            _ => String::new(),
        };
        self.accounts
            .notify(OutgoingMail {
                company: person.company_id.map(CompanyId),
                to_email: person.email.clone(),
                to_name: format!("{} {}", person.first_name, person.last_name),
                subject: format!("Your time off request was {what}"),
                text: format!(
                    "Hello {},\n\n{by} {what} your request for {} ({}), {}.{comment}\n\nSee your time off: {}\n",
                    person.first_name,
                    view.type_name,
                    hours_text(view.minutes),
                    days_text(view),
                    self.accounts.screen_link("/pto"),
                ),
            })
            .await;
    }
}

/// 'Nobody decides a request they filed or one about themselves.'
fn decider_check(ctx: &ManagerCtx, row: &requests::Model) -> Result<(), PtoError> {
    if ctx.may_decide(UserId(row.requested_by.unwrap_or(row.employee_id)), UserId(row.employee_id)) {
        Ok(())
    } else {
        Err(PtoError::Forbidden(kernel::OWN_REQUEST_MESSAGE.to_owned()))
    }
}

/// Whether the plan in force on `day` has an active rule for the type.
fn plan_has_type(input: &pto_engine::EmployeeInput, pto_type: PtoTypeId, day: NaiveDate) -> bool {
    let day = day.max(input.employment.start);
    input
        .plans
        .iter()
        .rev()
        .find(|assignment| assignment.from <= day)
        .and_then(|assignment| assignment.plan.as_ref())
        .and_then(|plan| plan.rule_for(pto_type))
        .is_some_and(|rule| rule.active)
}

/// '8 hrs', '30 mins'.
fn hours_text(minutes: i64) -> String {
    if minutes < 60 {
        format!("{minutes} mins")
    } else if minutes % 60 == 0 {
        format!("{} hrs", minutes / 60)
    } else {
        format!("{:.2} hrs", hours(minutes))
    }
}

/// 'on 12/01/2026', 'from 12/01/2026 to 12/03/2026', 'on 12/01/2026, 09:00 to 11:00'.
fn days_text(view: &PtoRequestView) -> String {
    let day = |date: NaiveDate| date.format("%m/%d/%Y").to_string();
    match (&view.starttime, &view.endtime) {
        (Some(from), Some(to)) if view.partialday => format!("on {}, {from} to {to}", day(view.start_date)),
        _ if view.start_date == view.end_date => format!("on {}", day(view.start_date)),
        _ => format!("from {} to {}", day(view.start_date), day(view.end_date)),
    }
}

/// Serialises the writers of one employee's requests until the transaction ends. PostgreSQL: a
/// transaction-scoped advisory lock keyed by the employee (it holds even when they have no
/// request row yet, and across servers). SQLite: the write gate already admits one writer.
async fn lock_employee<C: ConnectionTrait>(txn: &C, employee: i64) -> Result<(), PtoError> {
    if txn.get_database_backend() == DatabaseBackend::Postgres {
        // Two keys: this crate's namespace and the employee.
        txn.execute(Statement::from_sql_and_values(
            DatabaseBackend::Postgres,
            "SELECT pg_advisory_xact_lock(1886678383, $1::int4)",
            [i32::try_from(employee % i64::from(i32::MAX)).unwrap_or_default().into()],
        ))
        .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> TimeOffInput {
        TimeOffInput { pto_type: Some(1), start: Some("2026-12-01".into()), ..Default::default() }
    }

    #[test]
    fn full_days_read_dates_with_or_without_times() {
        let mut form = input();
        form.start = Some("2026-12-01 00:00:00".into());
        form.end = Some("2026-12-03 23:59:59".into());
        form.allday = Some(1);
        let command = TimeOffCommand::parse(&form).unwrap();
        assert_eq!(command.request.end, NaiveDate::from_ymd_opt(2026, 12, 3).unwrap());
        assert_eq!(command.request.partial, None);
    }

    #[test]
    fn partial_days_take_their_times_from_the_dates_when_missing() {
        let mut form = input();
        form.allday = Some(0);
        form.start = Some("2026-12-01 09:00:00".into());
        form.end = Some("2026-12-01 11:30:00".into());
        let command = TimeOffCommand::parse(&form).unwrap();
        let partial = command.request.partial.unwrap();
        assert_eq!((hhmm(partial.start), hhmm(partial.end)), ("09:00".to_owned(), "11:30".to_owned()));
    }

    #[test]
    fn the_spec_messages_come_back_on_their_fields() {
        let form = TimeOffInput { partialday: Some(true), ..Default::default() };
        let errors = TimeOffCommand::parse(&form).unwrap_err();
        assert_eq!(errors.messages("ptoType"), [pto_engine::request::MSG_TYPE_REQUIRED]);
        assert_eq!(errors.messages("start"), [pto_engine::request::MSG_START_REQUIRED]);
        assert_eq!(errors.messages("starttime"), [pto_engine::request::MSG_START_TIME_REQUIRED]);
        let mut form = input();
        form.end = Some("2026-11-30".into());
        form.reason = Some("bad\u{7}".into());
        let errors = TimeOffCommand::parse(&form).unwrap_err();
        assert_eq!(errors.messages("end"), [pto_engine::request::MSG_END_DATE_BEFORE_START]);
        assert!(errors.has("reason"));
        let mut form = input();
        form.start = Some("12/01/2026".into());
        assert_eq!(TimeOffCommand::parse(&form).unwrap_err().messages("start"), [MSG_DATE_FORMAT]);
    }

    #[test]
    fn hours_have_two_decimals() {
        assert_eq!(hours(90), 1.5);
        assert_eq!(hours(20), 0.33);
        assert_eq!(hours(-90), -1.5);
        assert_eq!(hours_text(30), "30 mins");
        assert_eq!(hours_text(480), "8 hrs");
        assert_eq!(hours_text(150), "2.50 hrs");
    }
}
