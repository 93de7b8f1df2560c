//! The employee's PTO screen (000 §2 "PTO screen"): the balance card and its per-type breakdown,
//! the projected balance on a later day, the time-off history, and who else is out.
//!
//! Anyone reads their own; managers and admins read the people they reach ('On Behalf Of'). The
//! balances are the engine's ledger over approved time off; pending requests are shown beside
//! them and reserved when a new request is checked (see [`crate::requests`]).
//!
//! Choices where the spec is silent:
//! - The card's balance is what is left to book: the engine's balance today less approved time
//!   off after today (`scheduled`), so approving next month's vacation shows at once; the
//!   projected balance answers for any later day.
//! - The types offered are the paid types of the plan in force (on the first day of employment
//!   for someone who starts later) and every unpaid type.
//! - The projected balance on a later day assumes a full workday (480 minutes) on each weekday
//!   not yet worked (only per-hour-worked rules depend on it) and counts approved and pending time
//!   off up to that day.
//! - 'Who else is out' and the agenda show everyone's approved time off to every member of the
//!   company (it is a team calendar), but the type of time off only for people the caller reaches
//!   ('Time Off' otherwise); pending time off only for people the caller reaches.

use crate::entities::{pto_balance_entries as entries, pto_requests as requests, pto_types};
use crate::requests::{PersonRef, PtoRequestView, RequestState};
use crate::{Pto, PtoError};
use accounts::entities::users;
use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use kernel::time::local_date;
use kernel::{EmploymentStatus, FieldErrors, ManagerCtx, TenantCtx, UserId};
use pto_engine::{compute, EmployeeInput, EntryKind, Plan, PtoType, PtoTypeId, MINUTES_PER_DAY};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;
use std::collections::{BTreeSet, HashMap};

pub const MSG_AS_OF_PAST: &str = "Please choose today or a later date";
pub const MSG_AS_OF_FAR: &str = "Please choose a date within two years";
pub const MSG_RANGE: &str = "Please choose an end date after the start date, within 400 days";

/// One type on the balance card (000 §3 "PTO type (employee view)").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PtoTypeBalance {
    pub id: i64,
    pub name: String,
    pub color: String,
    /// 0 unpaid.
    pub payable: u8,
    /// Minutes used this period (approved).
    pub used: i64,
    /// Minutes left to book: the engine's balance today less approved time off after today;
    /// none for an unpaid type.
    pub balance: Option<i64>,
    /// Minutes of approved time off after today (already taken out of `balance`).
    pub scheduled: i64,
    /// Minutes asked for and not yet answered.
    pub pending: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PtoStats {
    pub total_balance: i64,
    pub total_balance_hours: f64,
}

/// `GET /pto/data`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PtoData {
    pub employee: PersonRef,
    pub today: NaiveDate,
    /// A plan is in force (or will be on the first day of employment).
    pub set_up: bool,
    pub plan_name: Option<String>,
    pub starts_on: Option<NaiveDate>,
    pub types: Vec<PtoTypeBalance>,
    pub stats: PtoStats,
    /// 'On Behalf Of': the caller first, then the active people they reach.
    pub can_request_for: Vec<PersonRef>,
}

/// A starting balance of a NEW_PTO_PLAN history item.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct StartingBalanceItem {
    pub pto_type_name: String,
    /// Minutes.
    pub value: i64,
}

/// One line of the time-off history (000 §3 "PTO history item").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct HistoryItem {
    /// Unique in the list.
    pub key: String,
    /// PTO_REQUEST, PTO_CANCELLED, MANUALLY_ADDITION, ACCRUED or NEW_PTO_PLAN.
    pub data_type: String,
    pub date: NaiveDate,
    pub year: i32,
    pub submitted: Option<DateTime<Utc>>,
    /// Signed effect on the balance (a pending or denied request: the minutes asked, negative).
    pub minutes: i64,
    #[serde(rename = "type")]
    pub type_name: String,
    pub pto_type_id: i64,
    pub reason: Option<String>,
    pub policy_name: Option<String>,
    pub starting_balances: Option<Vec<StartingBalanceItem>>,
    pub creator_firstname: Option<String>,
    pub creator_lastname: Option<String>,
    /// The id to remove a MANUALLY_ADDITION or NEW_PTO_PLAN entry with.
    pub source_id: Option<i64>,
    /// The caller may remove it (admins, for others' MANUALLY_ADDITION and NEW_PTO_PLAN).
    pub removable: bool,
    pub request: Option<PtoRequestView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PtoHistory {
    pub items: Vec<HistoryItem>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ProjectedType {
    pub pto_type_id: i64,
    pub name: String,
    pub color: String,
    /// Minutes on the day asked for.
    pub balance: i64,
    /// Minutes credited after today up to that day.
    pub accrued: i64,
    /// Minutes of approved and pending time off after today up to that day.
    pub booked: i64,
}

/// `GET /pto/balance`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ProjectedBalance {
    pub as_of: NaiveDate,
    pub today: NaiveDate,
    pub types: Vec<ProjectedType>,
    pub total_balance: i64,
}

/// `GET /pto/agenda` query, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgendaQuery {
    pub start: NaiveDate,
    pub end: NaiveDate,
    pub excluded_employee: Option<i64>,
    pub include_pending: bool,
}

impl AgendaQuery {
    pub fn new(
        start: NaiveDate,
        end: NaiveDate,
        excluded_employee: Option<i64>,
        include_pending: bool,
    ) -> Result<Self, FieldErrors> {
        if end < start || (end - start).num_days() > 400 {
            return Err(FieldErrors::single("end", MSG_RANGE));
        }
        Ok(AgendaQuery { start, end, excluded_employee, include_pending })
    }
}

/// One thing on the agenda (000 §3 "Agenda item"). This crate makes the time off and paid
/// holidays; `reports` adds calendar events, birthdays and anniversaries in the same shape.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AgendaItem {
    /// PTO_REQUEST, HOLIDAY, BIRTHDAY, ANNIVERSARY or HrCalendarEvent.
    pub agenda_type: String,
    /// The request's, holiday's or event's id; the employee's for a birthday or anniversary.
    pub id: i64,
    /// `YYYY-MM-DD HH:mm:ss`, the company's local time.
    pub start: String,
    pub end: String,
    pub allday: u8,
    pub soffset: i32,
    pub eoffset: i32,
    pub status: i16,
    pub avatar: Option<String>,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    /// The type of time off (for people in reach; 'Time Off' otherwise), the holiday's or event's
    /// name, 'Birthday', or the anniversary ('3 years at Acme').
    pub name: String,
    pub employee_id: Option<i64>,
    /// ANNIVERSARY: whole years completed that day.
    pub years: Option<i32>,
    /// HrCalendarEvent: the caller may edit and delete it.
    pub can_edit: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Agenda {
    pub items: Vec<AgendaItem>,
}

/// A time-off request as the inbox lists it (001 §3 "Pending time-off request").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct InboxTimeOffRow {
    pub id: i64,
    /// The employee's full name.
    pub name: String,
    #[serde(rename = "type")]
    pub type_name: String,
    pub color: String,
    pub create_date: DateTime<Utc>,
    pub allday: u8,
    pub start: String,
    pub end: String,
    pub minutes: i64,
    pub reason: String,
    /// 0 pending, 1 approved, 2 rejected.
    pub status: i16,
    pub approve_by: Option<String>,
    pub reject_by: Option<String>,
    pub act_date: Option<DateTime<Utc>>,
    pub act_comments: Option<String>,
    pub employee_id: i64,
    pub firstname: String,
    pub lastname: String,
    pub avatar: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TimeOffSection {
    pub rows: Vec<InboxTimeOffRow>,
    pub count: u64,
}

/// Someone's approved time off in a range.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PersonMinutes {
    pub employee_id: i64,
    pub firstname: String,
    pub lastname: String,
    pub avatar: Option<String>,
    pub minutes: i64,
}

/// The plan in force on `day`.
fn plan_on(input: &EmployeeInput, day: NaiveDate) -> Option<&Plan> {
    input.plans.iter().rev().find(|assignment| assignment.from <= day).and_then(|assignment| assignment.plan.as_deref())
}

fn engine_type(row: &pto_types::Model) -> PtoType {
    PtoType { id: PtoTypeId(row.id), name: row.name.clone(), payable: row.payable }
}

impl Pto {
    /// The person whose PTO is read: the caller, or someone they reach.
    async fn whose(&self, ctx: &TenantCtx, employee: Option<UserId>) -> Result<users::Model, PtoError> {
        Ok(self.accounts.employee_in_scope(ctx, employee.unwrap_or(ctx.actor())).await?)
    }

    async fn live_types(&self, ctx: &TenantCtx) -> Result<Vec<pto_types::Model>, PtoError> {
        Ok(pto_types::Entity::find()
            .filter(kernel::tenancy::same_company::<pto_types::Entity>(ctx.company()))
            .filter(pto_types::Column::DeletedAt.is_null())
            .order_by_asc(pto_types::Column::Name)
            .all(&self.db)
            .await?)
    }

    /// `GET /pto/data`: the balance card, the types that may be asked for, and 'On Behalf Of'.
    pub async fn pto_data(&self, ctx: &TenantCtx, employee: Option<UserId>) -> Result<PtoData, PtoError> {
        let person = self.whose(ctx, employee).await?;
        let today = local_date(ctx.time_zone(), Utc::now());
        let (mut inputs, _, _) = self.inputs_for(ctx, std::slice::from_ref(&person), today).await?;
        let input = inputs.remove(&person.id).ok_or(PtoError::NotFound)?;
        let ledger = compute(&input, today);
        let start = input.employment.start;
        let plan = plan_on(&input, start.max(today));
        let mut pending: HashMap<i64, i64> = HashMap::new();
        for taken in self
            .time_off_of(ctx, &[person.id], &[RequestState::Pending], None)
            .await?
            .remove(&person.id)
            .unwrap_or_default()
        {
            *pending.entry(taken.pto_type.0).or_insert(0) += taken.minutes;
        }
        let mut scheduled: HashMap<i64, i64> = HashMap::new();
        for taken in input.time_off.iter().filter(|taken| taken.date > today) {
            *scheduled.entry(taken.pto_type.0).or_insert(0) += taken.minutes;
        }
        let mut types = Vec::new();
        for row in self.live_types(ctx).await? {
            let engine = engine_type(&row);
            let in_plan = plan.and_then(|plan| plan.rule_for(engine.id)).is_some_and(|rule| rule.active);
            if row.payable && !in_plan {
                continue;
            }
            let computed = ledger.row(&engine);
            let later = scheduled.get(&row.id).copied().unwrap_or(0);
            types.push(PtoTypeBalance {
                id: row.id,
                used: computed.as_ref().map_or(0, |r| r.used),
                balance: row.payable.then(|| computed.as_ref().map_or(0, |r| r.balance) - later),
                scheduled: later,
                pending: pending.get(&row.id).copied().unwrap_or(0),
                name: row.name,
                color: row.color,
                payable: u8::from(row.payable),
            });
        }
        let total: i64 = types.iter().filter_map(|row| row.balance).sum();
        let mut can_request_for =
            vec![PersonRef { id: ctx.actor().0, firstname: String::new(), lastname: String::new() }];
        if ctx.answers_for_others() {
            can_request_for.clear();
            // Only the names: an admin's list is the whole company.
            let people: Vec<(i64, String, String)> = accounts::people_in_reach(ctx)
                .filter(users::Column::Status.eq(EmploymentStatus::Active))
                .order_by_asc(users::Column::FirstName)
                .order_by_asc(users::Column::LastName)
                .order_by_asc(users::Column::Id)
                .select_only()
                .columns([users::Column::Id, users::Column::FirstName, users::Column::LastName])
                .into_tuple()
                .all(&self.db)
                .await?;
            let (me, others): (Vec<_>, Vec<_>) = people.into_iter().partition(|(id, _, _)| ctx.is_self(UserId(*id)));
            can_request_for.extend(me.into_iter().chain(others).map(|(id, firstname, lastname)| PersonRef {
                id,
                firstname,
                lastname,
            }));
        } else if let Some(me) = can_request_for.first_mut() {
            // An employee files for themselves only.
            me.firstname = person.first_name.clone();
            me.lastname = person.last_name.clone();
        }
        Ok(PtoData {
            employee: PersonRef { id: person.id, firstname: person.first_name, lastname: person.last_name },
            today,
            set_up: plan.is_some(),
            plan_name: plan.map(|plan| plan.name.clone()),
            starts_on: (start > today).then_some(start),
            types,
            stats: PtoStats { total_balance: total, total_balance_hours: crate::requests::hours(total) },
            can_request_for,
        })
    }

    /// `GET /pto/history`: requests (with cancellations of approved ones), accruals, manual
    /// additions and starting balances, newest first.
    pub async fn pto_history(&self, ctx: &TenantCtx, employee: Option<UserId>) -> Result<PtoHistory, PtoError> {
        let person = self.whose(ctx, employee).await?;
        let today = local_date(ctx.time_zone(), Utc::now());
        let (mut inputs, enrolled, plan_rows) = self.inputs_for(ctx, std::slice::from_ref(&person), today).await?;
        let input = inputs.remove(&person.id).ok_or(PtoError::NotFound)?;
        let ledger = compute(&input, today);
        let type_names: HashMap<i64, String> = pto_types::Entity::find()
            .filter(kernel::tenancy::same_company::<pto_types::Entity>(ctx.company()))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|row| (row.id, row.name))
            .collect();
        let rows = requests::Entity::find()
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .filter(requests::Column::EmployeeId.eq(person.id))
            .order_by_desc(requests::Column::StartDate)
            .order_by_desc(requests::Column::Id)
            .all(&self.db)
            .await?;
        let data = self.view_data(ctx, &rows).await?;
        let hand_made = entries::Entity::find()
            .filter(kernel::tenancy::same_company::<entries::Entity>(ctx.company()))
            .filter(entries::Column::EmployeeId.eq(person.id))
            .order_by_asc(entries::Column::Id)
            .all(&self.db)
            .await?;
        let mut ids: BTreeSet<i64> = hand_made.iter().filter_map(|entry| entry.created_by).collect();
        ids.extend(rows.iter().filter_map(|row| row.cancelled_by));
        let creators: HashMap<i64, users::Model> = if ids.is_empty() {
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
        let removable = ctx.acts_for_the_company() && !ctx.is_self(UserId(person.id));
        let name_of = |id: i64| type_names.get(&id).cloned().unwrap_or_default();
        let plan_name = |plan: i64| plan_rows.get(&plan).map(|plan| plan.name.clone());
        let creator = |id: Option<i64>| id.and_then(|id| creators.get(&id).or_else(|| data.people.get(&id)));
        let mut items = Vec::new();

        for row in &rows {
            let view = data.view(ctx, row);
            let who = creator(row.requested_by);
            let cancelled_approved = row.cancelled_from == Some(RequestState::Approved.code());
            if cancelled_approved {
                let by = creator(row.cancelled_by);
                let on = row.cancelled_at.map_or(row.start_date, |at| local_date(ctx.time_zone(), at));
                items.push(HistoryItem {
                    key: format!("c{}", row.id),
                    data_type: "PTO_CANCELLED".to_owned(),
                    date: on,
                    year: row.start_date.year(),
                    submitted: row.cancelled_at,
                    minutes: view.minutes,
                    type_name: view.type_name.clone(),
                    pto_type_id: row.pto_type_id,
                    reason: None,
                    policy_name: None,
                    starting_balances: None,
                    creator_firstname: by.map(|user| user.first_name.clone()),
                    creator_lastname: by.map(|user| user.last_name.clone()),
                    source_id: None,
                    removable: false,
                    request: Some(view.clone()),
                });
            }
            items.push(HistoryItem {
                key: format!("r{}", row.id),
                data_type: "PTO_REQUEST".to_owned(),
                date: row.start_date,
                year: row.start_date.year(),
                submitted: Some(row.created_at),
                minutes: -view.minutes,
                type_name: view.type_name.clone(),
                pto_type_id: row.pto_type_id,
                reason: (!row.reason.is_empty()).then(|| row.reason.clone()),
                policy_name: None,
                starting_balances: None,
                creator_firstname: who.map(|user| user.first_name.clone()),
                creator_lastname: who.map(|user| user.last_name.clone()),
                source_id: None,
                removable: false,
                request: Some(view),
            });
        }

        // Starting balances, one line per enrolment; manual additions one by one.
        let mut by_enrolment: Vec<(i64, Vec<&entries::Model>)> = Vec::new();
        for entry in &hand_made {
            if entry.kind == entries::NEW_PTO_PLAN {
                let key = entry.enrollment_id.unwrap_or(-entry.id);
                match by_enrolment.iter_mut().find(|(id, _)| *id == key) {
                    Some((_, list)) => list.push(entry),
                    None => by_enrolment.push((key, vec![entry])),
                }
                continue;
            }
            let who = creator(entry.created_by);
            items.push(HistoryItem {
                key: format!("e{}", entry.id),
                data_type: entries::MANUALLY_ADDITION.to_owned(),
                date: entry.effective_on,
                year: entry.year,
                submitted: Some(entry.created_at),
                minutes: entry.minutes,
                type_name: name_of(entry.pto_type_id),
                pto_type_id: entry.pto_type_id,
                reason: None,
                policy_name: None,
                starting_balances: None,
                creator_firstname: who.map(|user| user.first_name.clone()),
                creator_lastname: who.map(|user| user.last_name.clone()),
                source_id: Some(entry.id),
                removable,
                request: None,
            });
        }
        for (enrolment, list) in by_enrolment {
            let Some(first) = list.first() else { continue };
            let who = creator(first.created_by);
            let policy = enrolled.iter().find(|row| row.id == enrolment).and_then(|row| plan_name(row.plan_id));
            items.push(HistoryItem {
                key: format!("p{}", first.id),
                data_type: entries::NEW_PTO_PLAN.to_owned(),
                date: first.effective_on,
                year: first.year,
                submitted: Some(first.created_at),
                minutes: list.iter().map(|entry| entry.minutes).sum(),
                type_name: name_of(first.pto_type_id),
                pto_type_id: first.pto_type_id,
                reason: None,
                policy_name: policy,
                starting_balances: Some(
                    list.iter()
                        .map(|entry| StartingBalanceItem {
                            pto_type_name: name_of(entry.pto_type_id),
                            value: entry.minutes,
                        })
                        .collect(),
                ),
                creator_firstname: who.map(|user| user.first_name.clone()),
                creator_lastname: who.map(|user| user.last_name.clone()),
                source_id: Some(first.id),
                removable,
                request: None,
            });
        }
        for (index, entry) in ledger.entries.iter().enumerate().filter(|(_, entry)| entry.kind == EntryKind::Accrued) {
            items.push(HistoryItem {
                key: format!("a{index}"),
                data_type: "ACCRUED".to_owned(),
                date: entry.date,
                year: entry.date.year(),
                submitted: None,
                minutes: entry.minutes,
                type_name: name_of(entry.pto_type.0),
                pto_type_id: entry.pto_type.0,
                reason: None,
                policy_name: entry.rule.and_then(|rule| plan_name(rule.plan.0)),
                starting_balances: None,
                creator_firstname: None,
                creator_lastname: None,
                source_id: None,
                removable: false,
                request: None,
            });
        }
        items.sort_by(|a, b| b.date.cmp(&a.date).then_with(|| b.submitted.cmp(&a.submitted)).then(b.key.cmp(&a.key)));
        Ok(PtoHistory { items })
    }

    /// `GET /pto/balance`: each type's balance on a day from today on (see the module docs).
    pub async fn projected_balance(
        &self,
        ctx: &TenantCtx,
        employee: Option<UserId>,
        as_of: Option<NaiveDate>,
    ) -> Result<ProjectedBalance, PtoError> {
        let today = local_date(ctx.time_zone(), Utc::now());
        let as_of = as_of.unwrap_or(today);
        if as_of < today {
            return Err(PtoError::field("asOf", MSG_AS_OF_PAST));
        }
        if as_of > today + Duration::days(731) {
            return Err(PtoError::field("asOf", MSG_AS_OF_FAR));
        }
        let person = self.whose(ctx, employee).await?;
        let (mut inputs, _, _) = self.inputs_for(ctx, std::slice::from_ref(&person), today).await?;
        let mut input = inputs.remove(&person.id).ok_or(PtoError::NotFound)?;
        input.time_off.extend(
            self.time_off_of(ctx, &[person.id], &[RequestState::Pending], None)
                .await?
                .remove(&person.id)
                .unwrap_or_default(),
        );
        if let Some(tomorrow) = today.succ_opt() {
            input.assume_workdays(tomorrow.max(input.employment.start), as_of, MINUTES_PER_DAY);
        }
        let ledger = compute(&input, as_of);
        let plan = plan_on(&input, input.employment.start.max(as_of));
        let mut types = Vec::new();
        for row in self.live_types(ctx).await?.into_iter().filter(|row| row.payable) {
            let engine = engine_type(&row);
            let in_plan = plan.and_then(|plan| plan.rule_for(engine.id)).is_some_and(|rule| rule.active);
            let Some(computed) = ledger.row(&engine) else { continue };
            if !in_plan && computed.balance == 0 {
                continue;
            }
            let after_today = ledger.entries.iter().filter(|entry| entry.pto_type == engine.id && entry.date > today);
            let (mut accrued, mut booked) = (0, 0);
            for entry in after_today {
                match entry.kind {
                    EntryKind::Accrued => accrued += entry.minutes,
                    EntryKind::PtoRequest => booked -= entry.minutes,
                    _ => {}
                }
            }
            types.push(ProjectedType {
                pto_type_id: row.id,
                name: row.name,
                color: row.color,
                balance: computed.balance,
                accrued,
                booked,
            });
        }
        let total_balance = types.iter().map(|row| row.balance).sum();
        Ok(ProjectedBalance { as_of, today, types, total_balance })
    }

    /// `GET /pto/agenda`: time off and paid holidays between two days (see the module docs).
    pub async fn agenda(&self, ctx: &TenantCtx, query: &AgendaQuery) -> Result<Agenda, PtoError> {
        let mut states = vec![RequestState::Approved.code()];
        if query.include_pending {
            states.push(RequestState::Pending.code());
        }
        let mut select = requests::Entity::find()
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .filter(requests::Column::Status.is_in(states))
            .filter(requests::Column::StartDate.lte(query.end))
            .filter(requests::Column::EndDate.gte(query.start))
            .order_by_asc(requests::Column::StartDate)
            .order_by_asc(requests::Column::Id);
        if let Some(excluded) = query.excluded_employee {
            select = select.filter(requests::Column::EmployeeId.ne(excluded));
        }
        let rows = select.all(&self.db).await?;
        let data = self.view_data(ctx, &rows).await?;
        let reach = ctx.reach();
        let mut items = Vec::new();
        for row in &rows {
            let person = data.people.get(&row.employee_id);
            let in_reach = person.is_some_and(|user| reach.includes(UserId(user.id), user.manager_id.map(UserId)));
            if RequestState::of(row.status) == RequestState::Pending && !in_reach {
                continue;
            }
            let (start, end, soffset, eoffset, allday, type_name) = data.agenda_view(ctx, row);
            items.push(AgendaItem {
                agenda_type: "PTO_REQUEST".to_owned(),
                id: row.id,
                start,
                end,
                allday: u8::from(allday),
                soffset,
                eoffset,
                status: RequestState::of(row.status).code(),
                avatar: person.and_then(|user| user.avatar.clone()),
                firstname: person.map(|user| user.first_name.clone()),
                lastname: person.map(|user| user.last_name.clone()),
                name: if in_reach { type_name } else { "Time Off".to_owned() },
                employee_id: Some(row.employee_id),
                years: None,
                can_edit: false,
            });
        }
        for holiday in self.holidays_between(ctx, query.start, query.end).await? {
            let offset = kernel::time::utc_offset_minutes(
                ctx.time_zone(),
                kernel::time::start_of_day(ctx.time_zone(), holiday.holiday),
            );
            items.push(AgendaItem {
                agenda_type: "HOLIDAY".to_owned(),
                id: holiday.id,
                start: format!("{} 00:00:00", holiday.holiday.format("%Y-%m-%d")),
                end: format!("{} 23:59:59", holiday.holiday.format("%Y-%m-%d")),
                allday: 1,
                soffset: offset,
                eoffset: offset,
                status: RequestState::Approved.code(),
                avatar: None,
                firstname: None,
                lastname: None,
                name: holiday.name,
                employee_id: None,
                years: None,
                can_edit: false,
            });
        }
        items.sort_by(|a, b| a.start.cmp(&b.start).then(a.agenda_type.cmp(&b.agenda_type)).then(a.id.cmp(&b.id)));
        Ok(Agenda { items })
    }

    /// The ids the approver reaches, or `None` for an admin (everyone).
    async fn reach_ids(&self, ctx: &ManagerCtx) -> Result<Option<Vec<i64>>, PtoError> {
        if ctx.reach().is_company() {
            return Ok(None);
        }
        Ok(Some(
            accounts::people_in_reach(ctx).select_only().column(users::Column::Id).into_tuple().all(&self.db).await?,
        ))
    }

    fn requests_in(ctx: &TenantCtx, scope: &Option<Vec<i64>>) -> sea_orm::Select<requests::Entity> {
        let query = requests::Entity::find().filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()));
        match scope {
            None => query,
            Some(ids) => query.filter(requests::Column::EmployeeId.is_in(ids.iter().copied())),
        }
    }

    async fn inbox_rows(&self, ctx: &TenantCtx, rows: Vec<requests::Model>) -> Result<Vec<InboxTimeOffRow>, PtoError> {
        let data = self.view_data(ctx, &rows).await?;
        Ok(rows
            .iter()
            .map(|row| {
                let view = data.view(ctx, row);
                let person = data.people.get(&row.employee_id);
                let state = RequestState::of(row.status);
                InboxTimeOffRow {
                    id: row.id,
                    name: format!("{} {}", view.firstname, view.lastname),
                    type_name: view.type_name,
                    color: view.color,
                    create_date: row.created_at,
                    allday: view.allday,
                    start: view.start,
                    end: view.end,
                    minutes: view.minutes,
                    reason: view.reason,
                    status: state.inbox_code(),
                    approve_by: view.actor.clone().filter(|_| state == RequestState::Approved),
                    reject_by: view.actor.filter(|_| state == RequestState::Denied),
                    act_date: row.acted_at,
                    act_comments: row.act_comment.clone(),
                    employee_id: row.employee_id,
                    firstname: view.firstname,
                    lastname: view.lastname,
                    avatar: person.and_then(|user| user.avatar.clone()),
                }
            })
            .collect())
    }

    /// The inbox's time off (001 §2): pending, newest first, and answered (approved or denied),
    /// most recently answered first, `shown` rows of each; answered ones of one employee when
    /// asked. Only people the approver reaches.
    pub async fn inbox_time_off(
        &self,
        ctx: &ManagerCtx,
        shown: u64,
        employee: Option<i64>,
    ) -> Result<(TimeOffSection, TimeOffSection), PtoError> {
        let scope = self.reach_ids(ctx).await?;
        let pending = Self::requests_in(ctx, &scope).filter(requests::Column::Status.eq(RequestState::Pending.code()));
        let pending_count = pending.clone().count(&self.db).await?;
        let pending_rows = pending
            .order_by_desc(requests::Column::CreatedAt)
            .order_by_desc(requests::Column::Id)
            .limit(shown)
            .all(&self.db)
            .await?;
        let mut answered = Self::requests_in(ctx, &scope)
            .filter(requests::Column::Status.is_in([RequestState::Approved.code(), RequestState::Denied.code()]));
        if let Some(employee) = employee {
            answered = answered.filter(requests::Column::EmployeeId.eq(employee));
        }
        let answered_count = answered.clone().count(&self.db).await?;
        let answered_rows = answered
            .order_by_desc(requests::Column::ActedAt)
            .order_by_desc(requests::Column::Id)
            .limit(shown)
            .all(&self.db)
            .await?;
        Ok((
            TimeOffSection { rows: self.inbox_rows(ctx, pending_rows).await?, count: pending_count },
            TimeOffSection { rows: self.inbox_rows(ctx, answered_rows).await?, count: answered_count },
        ))
    }

    /// Pending time off the approver reaches: the count and the newest `limit`.
    pub async fn pending_time_off(&self, ctx: &ManagerCtx, limit: u64) -> Result<TimeOffSection, PtoError> {
        let scope = self.reach_ids(ctx).await?;
        let pending = Self::requests_in(ctx, &scope).filter(requests::Column::Status.eq(RequestState::Pending.code()));
        let count = pending.clone().count(&self.db).await?;
        let rows = pending
            .order_by_desc(requests::Column::CreatedAt)
            .order_by_desc(requests::Column::Id)
            .limit(limit)
            .all(&self.db)
            .await?;
        Ok(TimeOffSection { rows: self.inbox_rows(ctx, rows).await?, count })
    }

    /// Minutes of approved time off per person the approver reaches, on the days `start..=end`.
    pub async fn approved_minutes(
        &self,
        ctx: &ManagerCtx,
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<HashMap<i64, i64>, PtoError> {
        let scope = self.reach_ids(ctx).await?;
        let rows = Self::requests_in(ctx, &scope)
            .filter(requests::Column::Status.eq(RequestState::Approved.code()))
            .filter(requests::Column::StartDate.lte(end))
            .filter(requests::Column::EndDate.gte(start))
            .all(&self.db)
            .await?;
        let first = rows.iter().map(|row| row.start_date).min().unwrap_or(start);
        let last = rows.iter().map(|row| row.end_date).max().unwrap_or(end);
        let holidays = self.holiday_dates(ctx, first, last).await?;
        let data = crate::requests::ViewData { people: HashMap::new(), types: HashMap::new(), holidays };
        let mut minutes: HashMap<i64, i64> = HashMap::new();
        for row in &rows {
            let inside: i64 =
                data.days(row).into_iter().filter(|(day, _)| (start..=end).contains(day)).map(|(_, m)| m).sum();
            *minutes.entry(row.employee_id).or_insert(0) += inside;
        }
        Ok(minutes)
    }

    /// [`Self::approved_minutes`] with the people's names, by name (those with time off only).
    pub async fn approved_people(
        &self,
        ctx: &ManagerCtx,
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<Vec<PersonMinutes>, PtoError> {
        let minutes = self.approved_minutes(ctx, start, end).await?;
        let ids: Vec<i64> = minutes.iter().filter(|(_, minutes)| **minutes > 0).map(|(id, _)| *id).collect();
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        Ok(accounts::company_people(ctx)
            .filter(users::Column::Id.is_in(ids))
            .order_by_asc(users::Column::FirstName)
            .order_by_asc(users::Column::LastName)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|user| PersonMinutes {
                minutes: minutes.get(&user.id).copied().unwrap_or(0),
                employee_id: user.id,
                firstname: user.first_name,
                lastname: user.last_name,
                avatar: user.avatar,
            })
            .collect())
    }
}
