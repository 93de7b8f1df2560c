//! What approvers read of the time off of the people they reach: the inbox's pending and
//! answered sections, the pending count, and approved minutes per person over a range.

use crate::entities::pto_requests as requests;
use crate::requests::inbox_code;
use crate::{Pto, PtoError};
use accounts::people::read::{self, PeopleFilter, PersonOrder};
use chrono::{DateTime, NaiveDate, Utc};
use kernel::{ManagerCtx, RequestStatus, TenantCtx, UserId};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;
use std::collections::HashMap;

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
    /// The caller may approve or reject it: false on their own request or one they filed
    /// ([`kernel::ManagerCtx::may_decide`]), which the inbox shows without the buttons.
    pub may_answer: bool,
    /// The caller is an admin and the request has an approval path: they may approve every
    /// remaining step at once.
    pub may_approve_all_steps: bool,
    /// Where it stands on its approval path (none without a path).
    pub approval: Option<approvals::ApprovalView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TimeOffSection {
    pub rows: Vec<InboxTimeOffRow>,
    pub count: u64,
}

/// The time off of a team over a period (the team timesheet).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TeamTimeOff {
    /// Approved minutes per person and day.
    pub days: HashMap<UserId, std::collections::BTreeMap<NaiveDate, i64>>,
    /// Requests waiting for an answer, per person.
    pub pending: HashMap<UserId, u64>,
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

impl Pto {
    fn requests_in(ctx: &TenantCtx, scope: &Option<Vec<UserId>>) -> sea_orm::Select<requests::Entity> {
        let query = requests::Entity::find().filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()));
        match scope {
            None => query,
            Some(ids) => query.filter(requests::Column::EmployeeId.is_in(ids.iter().copied())),
        }
    }

    /// The pending requests an approver's inbox lists: those of the people they reach, and
    /// those whose approval step waits for them (as a named approver, a manager's manager, an
    /// escalation or a stand-in).
    async fn pending_for(
        &self,
        ctx: &TenantCtx,
        scope: &Option<Vec<UserId>>,
    ) -> Result<sea_orm::Select<requests::Entity>, PtoError> {
        let pending = requests::Entity::find()
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .filter(requests::Column::Status.eq(RequestStatus::Raised));
        Ok(match scope {
            None => pending,
            Some(ids) => {
                let waiting = self.approvals.waiting_for(ctx, approvals::FlowKind::TimeOff).await?;
                pending.filter(
                    sea_orm::Condition::any()
                        .add(requests::Column::EmployeeId.is_in(ids.iter().copied()))
                        .add(requests::Column::Id.is_in(waiting)),
                )
            }
        })
    }

    async fn inbox_rows(&self, ctx: &TenantCtx, rows: Vec<requests::Model>) -> Result<Vec<InboxTimeOffRow>, PtoError> {
        let data = self.view_data(ctx, &rows).await?;
        Ok(rows
            .iter()
            .map(|row| {
                let view = data.view(ctx, row);
                let person = data.people.get(&row.employee_id);
                let requester = row.requested_by.unwrap_or(row.employee_id);
                InboxTimeOffRow {
                    id: row.id.0,
                    name: format!("{} {}", view.firstname, view.lastname),
                    type_name: view.type_name,
                    color: view.color,
                    create_date: row.created_at,
                    allday: view.allday,
                    start: view.start,
                    end: view.end,
                    minutes: view.minutes,
                    reason: view.reason,
                    status: inbox_code(row.status),
                    approve_by: view.actor.clone().filter(|_| row.status == RequestStatus::Approved),
                    reject_by: view.actor.filter(|_| row.status == RequestStatus::Rejected),
                    act_date: row.acted_at,
                    act_comments: row.act_comment.clone(),
                    employee_id: row.employee_id.0,
                    firstname: view.firstname,
                    lastname: view.lastname,
                    avatar: person.and_then(|person| person.avatar.clone()),
                    may_answer: match &view.approval {
                        Some(approval) => approval.may_answer,
                        None => ctx.may_decide(requester, row.employee_id),
                    },
                    may_approve_all_steps: view
                        .approval
                        .as_ref()
                        .is_some_and(|approval| approval.state == approvals::FlowState::Pending)
                        && ctx.acts_for_the_company()
                        && ctx.may_decide(requester, row.employee_id),
                    approval: view.approval,
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
        employee: Option<UserId>,
    ) -> Result<(TimeOffSection, TimeOffSection), PtoError> {
        let scope = read::reach_filter(&self.db, ctx).await?;
        let pending = self.pending_for(ctx, &scope).await?;
        let pending_count = pending.clone().count(&self.db).await?;
        let pending_rows = pending
            .order_by_desc(requests::Column::CreatedAt)
            .order_by_desc(requests::Column::Id)
            .limit(shown)
            .all(&self.db)
            .await?;
        let mut answered = Self::requests_in(ctx, &scope)
            .filter(requests::Column::Status.is_in([RequestStatus::Approved, RequestStatus::Rejected]));
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
        let scope = read::reach_filter(&self.db, ctx).await?;
        let pending = self.pending_for(ctx, &scope).await?;
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
        let minutes = self.approved_minutes_of(ctx, start, end).await?;
        Ok(minutes.into_iter().map(|(employee, minutes)| (employee.0, minutes)).collect())
    }

    /// [`Self::approved_minutes`], by person.
    async fn approved_minutes_of(
        &self,
        ctx: &ManagerCtx,
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<HashMap<UserId, i64>, PtoError> {
        let scope = read::reach_filter(&self.db, ctx).await?;
        let rows = Self::requests_in(ctx, &scope)
            .filter(requests::Column::Status.eq(RequestStatus::Approved))
            .filter(requests::Column::StartDate.lte(end))
            .filter(requests::Column::EndDate.gte(start))
            .all(&self.db)
            .await?;
        let first = rows.iter().map(|row| row.start_date).min().unwrap_or(start);
        let last = rows.iter().map(|row| row.end_date).max().unwrap_or(end);
        let holidays = self.holiday_dates(ctx, first, last).await?;
        let data = crate::requests::ViewData {
            people: HashMap::new(),
            types: HashMap::new(),
            holidays,
            approvals: HashMap::new(),
        };
        let mut minutes: HashMap<UserId, i64> = HashMap::new();
        for row in &rows {
            let inside: i64 =
                data.days(row).into_iter().filter(|(day, _)| (start..=end).contains(day)).map(|(_, m)| m).sum();
            *minutes.entry(row.employee_id).or_insert(0) += inside;
        }
        Ok(minutes)
    }

    /// Approved time off of `people` (already checked against the caller's reach) per person
    /// and day of `start..=end`, and how many of their requests wait for an answer: the team
    /// timesheet's time off. Two queries for the whole team.
    pub async fn team_time_off(
        &self,
        ctx: &ManagerCtx,
        people: &[UserId],
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<TeamTimeOff, PtoError> {
        if people.is_empty() {
            return Ok(TeamTimeOff::default());
        }
        let wanted: std::collections::HashSet<UserId> = people.iter().copied().collect();
        let scope = (!ctx.reach().is_company()).then(|| people.to_vec());
        let rows: Vec<requests::Model> = Self::requests_in(ctx, &scope)
            .filter(requests::Column::Status.eq(RequestStatus::Approved))
            .filter(requests::Column::StartDate.lte(end))
            .filter(requests::Column::EndDate.gte(start))
            .all(&self.db)
            .await?
            .into_iter()
            .filter(|row| wanted.contains(&row.employee_id))
            .collect();
        let first = rows.iter().map(|row| row.start_date).min().unwrap_or(start);
        let last = rows.iter().map(|row| row.end_date).max().unwrap_or(end);
        let holidays = self.holiday_dates(ctx, first, last).await?;
        let data = crate::requests::ViewData {
            people: HashMap::new(),
            types: HashMap::new(),
            holidays,
            approvals: HashMap::new(),
        };
        let mut days: HashMap<UserId, std::collections::BTreeMap<NaiveDate, i64>> = HashMap::new();
        for row in &rows {
            for (day, minutes) in data.days(row).into_iter().filter(|(day, _)| (start..=end).contains(day)) {
                *days.entry(row.employee_id).or_default().entry(day).or_insert(0) += minutes;
            }
        }
        let pending: HashMap<UserId, u64> = Self::requests_in(ctx, &scope)
            .filter(requests::Column::Status.eq(RequestStatus::Raised))
            .select_only()
            .column(requests::Column::EmployeeId)
            .column_as(sea_orm::sea_query::Expr::col(requests::Column::Id).count(), "waiting")
            .group_by(requests::Column::EmployeeId)
            .into_tuple::<(UserId, i64)>()
            .all(&self.db)
            .await?
            .into_iter()
            .filter(|(employee, _)| wanted.contains(employee))
            .map(|(employee, count)| (employee, count.max(0) as u64))
            .collect();
        Ok(TeamTimeOff { days, pending })
    }

    /// [`Self::approved_minutes`] with the people's names, by name (those with time off only).
    pub async fn approved_people(
        &self,
        ctx: &ManagerCtx,
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<Vec<PersonMinutes>, PtoError> {
        let minutes = self.approved_minutes_of(ctx, start, end).await?;
        let ids: Vec<UserId> = minutes.iter().filter(|(_, minutes)| **minutes > 0).map(|(id, _)| *id).collect();
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let filter = PeopleFilter::default().with_ids(ids).ordered(PersonOrder::FirstName);
        Ok(read::people(&self.db, ctx, &filter)
            .await?
            .into_iter()
            .map(|person| PersonMinutes {
                minutes: minutes.get(&person.id).copied().unwrap_or(0),
                employee_id: person.id.0,
                firstname: person.first_name,
                lastname: person.last_name,
                avatar: person.avatar,
            })
            .collect())
    }
}
