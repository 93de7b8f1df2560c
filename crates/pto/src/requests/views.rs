//! What a request shows: the view the screens read, the balance check's answer, and the
//! day-by-day arithmetic behind them (the engine's, over the company's paid holidays).

use super::parsing::time_of;
use super::state::{may_cancel, status_label, wire_code};
use crate::entities::{pto_requests as requests, pto_types};
use crate::{Pto, PtoError};
use accounts::people::read::{self, PeopleFilter};
use accounts::Person;
use chrono::{DateTime, Duration, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;
use kernel::ids::PtoTypeId;
use kernel::time::utc_offset_minutes;
use kernel::{RequestStatus, TenantCtx, UserId};
use pto_engine::{request_usage, PartialDay, RequestUsage, TimeOffRequest};
use sea_orm::{EntityTrait, QueryFilter};
use serde::Serialize;
use std::collections::{BTreeSet, HashMap};

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
    /// Where it stands on its approval path (none without a path).
    pub approval: Option<approvals::ApprovalView>,
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
    /// Minutes this request could use: `balance` less what later time off already counts on
    /// (the figure 'Dang it! …' gives in hours).
    pub available: i64,
    pub mins_reqed: i64,
    pub hour_reqed: f64,
    pub total_balance: i64,
    pub total_balance_hours: f64,
    /// 'Dang it! You don't have enough {type} available for this request. 7.45 h available, 8 h
    /// requested.'
    pub message: Option<String>,
    /// 'Good News! You're already off this day for a paid holiday.'
    pub good_news: Option<String>,
    pub days: Vec<DayMinutes>,
    /// Issue 38: the use rule the request breaks (`waiting`, `yearlyUseCap`, `minIncrement`),
    /// whose sentence is `message`; none when it breaks none.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub use_rule: Option<pto_engine::UseRule>,
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
pub(super) fn hhmm(time: NaiveTime) -> String {
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
pub(super) fn usage(row: &requests::Model, holidays: &[NaiveDate]) -> RequestUsage {
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

fn person_ref(person: &Person) -> PersonRef {
    PersonRef { id: person.id.0, firstname: person.first_name.clone(), lastname: person.last_name.clone() }
}

/// What views of a set of requests need, read once for the set.
pub(crate) struct ViewData {
    pub people: HashMap<UserId, Person>,
    pub types: HashMap<PtoTypeId, pto_types::Model>,
    pub holidays: Vec<NaiveDate>,
    /// The approval paths of the requests that have one, by request id.
    pub approvals: HashMap<i64, approvals::ApprovalView>,
}

impl ViewData {
    pub(crate) fn view(&self, ctx: &TenantCtx, row: &requests::Model) -> PtoRequestView {
        let employee = self.people.get(&row.employee_id);
        let pto_type = self.types.get(&row.pto_type_id);
        let (start, end, soffset, eoffset) = bounds(ctx.time_zone(), row);
        PtoRequestView {
            id: row.id.0,
            employee_id: row.employee_id.0,
            firstname: employee.map(|person| person.first_name.clone()).unwrap_or_default(),
            lastname: employee.map(|person| person.last_name.clone()).unwrap_or_default(),
            pto_type: row.pto_type_id.0,
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
            status: wire_code(row.status),
            status_label: status_label(row.status).to_owned(),
            submitted: row.created_at,
            requested_by: row.requested_by.and_then(|id| self.people.get(&id)).map(person_ref),
            actor: row.acted_by.and_then(|id| self.people.get(&id)).map(Person::short_name),
            act_date: row.acted_at,
            act_comments: row.act_comment.clone(),
            can_edit: row.status == RequestStatus::Raised && row.requested_by == Some(ctx.actor()),
            can_cancel: may_cancel(ctx, row, employee),
            approval: self.approvals.get(&row.id.0).cloned(),
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
    /// Everything views of `rows` need: the people named, the types and the holidays of their days.
    pub(crate) async fn view_data(&self, ctx: &TenantCtx, rows: &[requests::Model]) -> Result<ViewData, PtoError> {
        let mut ids: BTreeSet<UserId> = BTreeSet::new();
        for row in rows {
            ids.insert(row.employee_id);
            ids.extend(row.requested_by);
            ids.extend(row.acted_by);
        }
        let people = if ids.is_empty() {
            HashMap::new()
        } else {
            read::people(&self.db, ctx, &PeopleFilter::default().with_ids(ids))
                .await?
                .into_iter()
                .map(|person| (person.id, person))
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
        let ids: Vec<i64> = rows.iter().map(|row| row.id.0).collect();
        let approvals = self.approvals.views(ctx, approvals::FlowKind::TimeOff, &ids).await?;
        Ok(ViewData { people, types, holidays, approvals })
    }

    pub(crate) async fn request_views(
        &self,
        ctx: &TenantCtx,
        rows: &[requests::Model],
    ) -> Result<Vec<PtoRequestView>, PtoError> {
        let data = self.view_data(ctx, rows).await?;
        Ok(rows.iter().map(|row| data.view(ctx, row)).collect())
    }

    pub(super) async fn request_view(
        &self,
        ctx: &TenantCtx,
        row: &requests::Model,
    ) -> Result<PtoRequestView, PtoError> {
        let mut views = self.request_views(ctx, std::slice::from_ref(row)).await?;
        views.pop().ok_or(PtoError::NotFound)
    }
}
