//! The admin's and manager's overview: the inbox of timesheet-edit requests and the dashboard's
//! pay-cycle figures and weekly hours (spec 001 §2). A manager's overview covers their reports
//! and themselves; an admin's, the whole company. Every figure comes from a fixed number of
//! queries, however many people the company has.

use crate::entities::timesheet_edit_requests as requests;
use crate::error::TimesheetError;
use crate::paycycle::pay_period;
use crate::service::TimesheetService;
use crate::views::RequestPayload;
use accounts::people::read::{self, PeopleFilter, PersonOrder};
use accounts::Person;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use clock::machine::ClockState;
use clock::store::Grouping;
use kernel::time::{local_date, start_of_day, week_start};
use kernel::{EmploymentStatus, FieldErrors, ManagerCtx, RequestStatus, TenantCtx, UserId};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;
use std::collections::HashMap;

/// Rows each inbox section shows per page (spec: 'Show More' adds the next ones).
pub const INBOX_PAGE_SIZE: u64 = 10;

/// A timesheet-edit request as the inbox shows it (spec 001 §3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct InboxTimesheetRow {
    pub id: i64,
    /// `null`: a request to add a shift (change type `add`, a held offline clock-in).
    pub entry_id: Option<i64>,
    pub request_date: DateTime<Utc>,
    /// JSON text: `{"start", "end", "breaks": [[start], [start, end]], "boptype"}` (times in UTC).
    pub payload: String,
    pub request_comments: String,
    /// in, out or inout.
    pub change_type: String,
    /// 0 pending, 1 approved, 2 rejected.
    pub status: i16,
    /// Who approved or rejected it: first name and last initial.
    pub actor: Option<String>,
    pub act_date: Option<DateTime<Utc>>,
    pub act_comments: Option<String>,
    pub employee_id: i64,
    /// The employee's full name.
    pub name: String,
    pub avatar: Option<String>,
    /// The caller may approve or reject it: false on a request about their own hours or one
    /// they raised ([`kernel::ManagerCtx::may_decide`]), which the inbox shows without the buttons.
    pub may_answer: bool,
    /// The caller is an admin and the request has an approval path: they may approve every
    /// remaining step at once.
    pub may_approve_all_steps: bool,
    /// Where it stands on its approval path (none without a path).
    pub approval: Option<approvals::ApprovalView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct InboxSection {
    pub rows: Vec<InboxTimesheetRow>,
    pub count: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct InboxGroup {
    pub timesheet: InboxSection,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct InboxEmployee {
    pub id: i64,
    pub firstname: String,
    pub lastname: String,
    /// 1 active, 0 terminated.
    pub status: i16,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct InboxData {
    pub pending: InboxGroup,
    pub completed: InboxGroup,
    pub page: u64,
    /// For the responded list's filter.
    pub employees: Vec<InboxEmployee>,
}

#[derive(Debug, Clone, Default)]
pub struct InboxQuery {
    /// From 1: each section shows `page × 10` rows.
    pub page: u64,
    /// Only this employee's responded requests.
    pub employee_id: Option<i64>,
    pub includes_terminated: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DashboardStats {
    pub clocked_minutes: i64,
    pub overtime_minutes: i64,
    /// Under daily overtime rules only.
    pub double_time_minutes: i64,
    /// The same in hours, to two decimals.
    pub clocked_hours: f64,
    pub overtime_hours: f64,
    pub double_time_hours: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DashboardData {
    pub stats: DashboardStats,
    pub pay_cycle_start: NaiveDate,
    pub pay_cycle_end: NaiveDate,
    /// Pending timesheet-edit requests.
    pub timesheet_edit_requests: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct EmployeeHours {
    pub employee_id: i64,
    pub firstname: String,
    pub lastname: String,
    pub avatar: Option<String>,
    pub minutes: i64,
    /// 0 not clocked in today, 1 clocked in, 2 on break, 3 clocked out today.
    pub current_clock_status: i16,
    pub current_clock_time: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WeekHours {
    pub start: NaiveDate,
    pub end: NaiveDate,
    pub employees: Vec<EmployeeHours>,
}

/// Someone clocked in now who is in overtime, or would be by their usual end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ApproachingPerson {
    pub employee_id: i64,
    pub firstname: String,
    pub lastname: String,
    /// When their running shift went into overtime (or double time); `null`: not yet.
    pub since: Option<DateTime<Utc>>,
    /// When it will, if they stay until `usualEnd`.
    pub expected_at: Option<DateTime<Utc>>,
    /// Their usual end today: the shift's start plus the median length of their recent shifts.
    pub usual_end: Option<DateTime<Utc>>,
}

/// `GET /dashboard/approaching-overtime`: those in overtime first (earliest first), then those
/// who would pass a daily or weekly threshold by their usual end (soonest first).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ApproachingOvertime {
    pub people: Vec<ApproachingPerson>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PendingRequests {
    pub count: u64,
    /// The newest pending ones.
    pub timesheet_edit_requests: Vec<InboxTimesheetRow>,
}

fn hours(minutes: i64) -> f64 {
    // Integer minutes to hours with two decimals, rounded half up, without float drift.
    let hundredths = (minutes * 100 + 30).div_euclid(60);
    hundredths as f64 / 100.0
}

/// `{"start", "end", "breaks": [[s], [s, e]], "boptype"}` as the spec's inbox reads it.
fn inbox_payload(stored: &str) -> Result<String, TimesheetError> {
    let payload: RequestPayload =
        serde_json::from_str(stored).map_err(|err| TimesheetError::Internal(err.to_string()))?;
    let breaks: Vec<Vec<DateTime<Utc>>> =
        payload.breaks.iter().map(|pause| std::iter::once(pause.from).chain(pause.to).collect()).collect();
    serde_json::to_string(&serde_json::json!({
        "start": payload.start,
        "end": payload.end,
        "breaks": breaks,
        "boptype": payload.boptype,
    }))
    .map_err(|err| TimesheetError::Internal(err.to_string()))
}

impl TimesheetService {
    /// The people the caller oversees: everyone for an admin; a manager's reports and the
    /// manager. Employees oversee nobody.
    async fn overseen(&self, ctx: &ManagerCtx, only_active: bool) -> Result<Vec<Person>, TimesheetError> {
        let filter = if only_active { PeopleFilter::active() } else { PeopleFilter::default() };
        Ok(read::people_in_reach(&self.db, ctx, &filter.ordered(PersonOrder::LastName)).await?)
    }

    /// Pending requests of the overseen people, and those whose approval step waits for the
    /// caller (as a named approver, a manager's manager, an escalation or a stand-in).
    async fn pending_for(
        &self,
        ctx: &TenantCtx,
        scope: &Option<Vec<UserId>>,
    ) -> Result<sea_orm::Select<requests::Entity>, TimesheetError> {
        let pending = requests::Entity::find()
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .filter(requests::Column::Status.eq(RequestStatus::Raised));
        Ok(match scope {
            None => pending,
            Some(ids) => {
                let waiting = self.approvals.waiting_for(ctx, approvals::FlowKind::TimesheetEdit).await?;
                pending.filter(
                    sea_orm::Condition::any()
                        .add(requests::Column::EmployeeId.is_in(ids.iter().copied()))
                        .add(requests::Column::Id.is_in(waiting)),
                )
            }
        })
    }

    /// Requests of the overseen people.
    fn requests_of(ctx: &TenantCtx, scope: &Option<Vec<UserId>>) -> sea_orm::Select<requests::Entity> {
        let query = requests::Entity::find().filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()));
        match scope {
            None => query,
            Some(ids) => query.filter(requests::Column::EmployeeId.is_in(ids.iter().copied())),
        }
    }

    /// Inbox rows with the names of their employees and of who answered, in one more query.
    async fn inbox_rows(
        &self,
        ctx: &TenantCtx,
        rows: Vec<requests::Model>,
    ) -> Result<Vec<InboxTimesheetRow>, TimesheetError> {
        let mut ids: Vec<UserId> =
            rows.iter().flat_map(|row| [Some(row.employee_id), row.actor_id]).flatten().collect();
        ids.sort_unstable();
        ids.dedup();
        let people: HashMap<UserId, Person> = if ids.is_empty() {
            HashMap::new()
        } else {
            read::people(&self.db, ctx, &PeopleFilter::default().with_ids(ids))
                .await?
                .into_iter()
                .map(|user| (user.id, user))
                .collect()
        };
        let ids: Vec<i64> = rows.iter().map(|row| row.id.0).collect();
        let mut flows = self.approvals.views(ctx, approvals::FlowKind::TimesheetEdit, &ids).await?;
        rows.into_iter()
            .map(|row| {
                let employee = people.get(&row.employee_id);
                let approval = flows.remove(&row.id.0);
                let may_decide = ctx.may_decide(row.requester_id, row.employee_id);
                Ok(InboxTimesheetRow {
                    id: row.id.0,
                    entry_id: row.entry_id.map(|id| id.0),
                    request_date: row.created_at,
                    payload: inbox_payload(&row.payload)?,
                    request_comments: row.comment,
                    change_type: row.change_type,
                    status: row.status.code(),
                    actor: row.actor_id.and_then(|id| people.get(&id)).map(Person::short_name),
                    act_date: row.acted_at,
                    act_comments: row.act_comment,
                    employee_id: row.employee_id.0,
                    name: employee.map(|user| format!("{} {}", user.first_name, user.last_name)).unwrap_or_default(),
                    avatar: employee.and_then(|user| user.avatar.clone()),
                    may_answer: approval.as_ref().map_or(may_decide, |approval| approval.may_answer),
                    may_approve_all_steps: may_decide
                        && ctx.acts_for_the_company()
                        && approval.as_ref().is_some_and(|approval| approval.state == approvals::FlowState::Pending),
                    approval,
                })
            })
            .collect()
    }

    /// `GET /inbox/data`.
    pub async fn inbox(&self, ctx: &ManagerCtx, query: &InboxQuery) -> Result<InboxData, TimesheetError> {
        let people = self.overseen(ctx, false).await?;
        let scope = (!ctx.reach().is_company()).then(|| people.iter().map(|user| user.id).collect::<Vec<_>>());
        let shown = query.page.max(1) * INBOX_PAGE_SIZE;

        let pending = self.pending_for(ctx, &scope).await?;
        let pending_count = pending.clone().count(&self.db).await?;
        let pending_rows = pending
            .order_by_desc(requests::Column::CreatedAt)
            .order_by_desc(requests::Column::Id)
            .limit(shown)
            .all(&self.db)
            .await?;

        let mut completed = Self::requests_of(ctx, &scope)
            .filter(requests::Column::Status.is_in([RequestStatus::Approved, RequestStatus::Rejected]));
        if let Some(employee) = query.employee_id {
            completed = completed.filter(requests::Column::EmployeeId.eq(employee));
        }
        let completed_count = completed.clone().count(&self.db).await?;
        let completed_rows = completed
            .order_by_desc(requests::Column::ActedAt)
            .order_by_desc(requests::Column::Id)
            .limit(shown)
            .all(&self.db)
            .await?;

        Ok(InboxData {
            pending: InboxGroup {
                timesheet: InboxSection { rows: self.inbox_rows(ctx, pending_rows).await?, count: pending_count },
            },
            completed: InboxGroup {
                timesheet: InboxSection { rows: self.inbox_rows(ctx, completed_rows).await?, count: completed_count },
            },
            page: query.page.max(1),
            employees: people
                .iter()
                .filter(|user| query.includes_terminated || user.status == EmploymentStatus::Active)
                .map(|user| InboxEmployee {
                    id: user.id.0,
                    firstname: user.first_name.clone(),
                    lastname: user.last_name.clone(),
                    status: user.status.code(),
                })
                .collect(),
        })
    }

    /// `GET /dashboard/pending-requests`: the count (the shell's bell) and the newest few.
    pub async fn pending_requests(&self, ctx: &ManagerCtx) -> Result<PendingRequests, TimesheetError> {
        let scope = read::reach_filter(&self.db, ctx).await?;
        let pending = self.pending_for(ctx, &scope).await?;
        let count = pending.clone().count(&self.db).await?;
        let rows = pending
            .order_by_desc(requests::Column::CreatedAt)
            .order_by_desc(requests::Column::Id)
            .limit(INBOX_PAGE_SIZE)
            .all(&self.db)
            .await?;
        Ok(PendingRequests { count, timesheet_edit_requests: self.inbox_rows(ctx, rows).await? })
    }

    /// `GET /dashboard/data`: clocked and overtime minutes of the pay cycle (or of
    /// `start..=end`), over everyone the caller oversees.
    pub async fn dashboard(
        &self,
        ctx: &ManagerCtx,
        range: Option<(NaiveDate, NaiveDate)>,
    ) -> Result<DashboardData, TimesheetError> {
        crate::service::check_range(range)?;
        let scope = read::reach_filter(&self.db, ctx).await?;
        let settings = clock::settings::load(&self.db, ctx.company()).await?;
        let tz = ctx.time_zone();
        let (start, end) = match range {
            Some(range) => range,
            None => pay_period(settings.pay_cycle, settings.pay_cycle_anchor, local_date(tz, Utc::now())),
        };
        if end < start || (end - start).num_days() > 400 {
            return Err(TimesheetError::Validation(FieldErrors::single(
                "end",
                "Please choose an end date after the start date, within 400 days",
            )));
        }
        let per_employee = self.worked_totals(ctx, scope.as_deref(), start, end).await?;
        let clocked: i64 = per_employee.values().map(|totals| totals.clocked).sum();
        let overtime: i64 = per_employee.values().map(|totals| totals.overtime).sum();
        let double_time: i64 = per_employee.values().map(|totals| totals.double_time).sum();
        let pending = Self::requests_of(ctx, &scope)
            .filter(requests::Column::Status.eq(RequestStatus::Raised))
            .count(&self.db)
            .await?;
        Ok(DashboardData {
            stats: DashboardStats {
                clocked_minutes: clocked,
                overtime_minutes: overtime,
                double_time_minutes: double_time,
                clocked_hours: hours(clocked),
                overtime_hours: hours(overtime),
                double_time_hours: hours(double_time),
            },
            pay_cycle_start: start,
            pay_cycle_end: end,
            timesheet_edit_requests: pending,
        })
    }

    /// `GET /dashboard/approaching-overtime`: the people the caller oversees who are clocked in
    /// now and in overtime, or would be by their usual end, under the company's overtime rules
    /// (and their own).
    pub async fn approaching_overtime(&self, ctx: &ManagerCtx) -> Result<ApproachingOvertime, TimesheetError> {
        let people = self.overseen(ctx, true).await?;
        let tz = ctx.time_zone();
        let ids: Vec<UserId> = people.iter().map(|user| user.id).collect();
        let clocks =
            clock::store::current_clocks(&self.db, ctx.company(), &ids, start_of_day(tz, local_date(tz, clock::now())))
                .await?;
        let running: Vec<(UserId, DateTime<Utc>)> = ids
            .iter()
            .filter_map(|id| {
                let clock = clocks.get(id)?;
                let open = matches!(clock.state, ClockState::ClockedIn | ClockState::OnBreak);
                Some((*id, clock.since.filter(|_| open)?))
            })
            .collect();
        let policy = self.overtime_policy(ctx).await?;
        let now = self.overtime_now(ctx, &policy, &running).await?;
        let mut rows: Vec<ApproachingPerson> = people
            .into_iter()
            .filter_map(|user| {
                let one = now.get(&user.id)?;
                (one.since.is_some() || one.expected_at.is_some()).then_some(ApproachingPerson {
                    employee_id: user.id.0,
                    firstname: user.first_name,
                    lastname: user.last_name,
                    since: one.since,
                    expected_at: one.expected_at,
                    usual_end: one.usual_end,
                })
            })
            .collect();
        rows.sort_by_key(|row| (row.since.is_none(), row.since.or(row.expected_at), row.employee_id));
        Ok(ApproachingOvertime { people: rows })
    }

    /// `GET /dashboard/employee-hours`: minutes of a Sunday-to-Saturday week (the current one
    /// by default) per active person overseen, with their clock now.
    pub async fn employee_hours(
        &self,
        ctx: &ManagerCtx,
        week_of: Option<NaiveDate>,
    ) -> Result<WeekHours, TimesheetError> {
        let people = self.overseen(ctx, true).await?;
        let tz = ctx.time_zone();
        let now = clock::now();
        let today = local_date(tz, now);
        let start = week_start(week_of.unwrap_or(today));
        let end = start + Duration::days(6);
        let ids: Vec<UserId> = people.iter().map(|user| user.id).collect();
        let scope = (!ctx.reach().is_company()).then_some(ids.as_slice());
        let minutes =
            clock::store::worked_minutes(&self.db, ctx.company(), scope, start, end, Grouping::Week, tz, now).await?;
        let mut week: HashMap<UserId, i64> = HashMap::new();
        for ((employee, _), worked) in minutes {
            *week.entry(employee).or_insert(0) += worked;
        }
        let clocks = clock::store::current_clocks(&self.db, ctx.company(), &ids, start_of_day(tz, today)).await?;
        Ok(WeekHours {
            start,
            end,
            employees: people
                .into_iter()
                .map(|user| {
                    let clock = clocks.get(&user.id);
                    EmployeeHours {
                        minutes: week.get(&user.id).copied().unwrap_or(0),
                        current_clock_status: clock.map(|clock| clock.state.code()).unwrap_or_default(),
                        current_clock_time: clock.and_then(|clock| clock.since),
                        employee_id: user.id.0,
                        firstname: user.first_name,
                        lastname: user.last_name,
                        avatar: user.avatar,
                    }
                })
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hours_have_two_decimals_from_whole_minutes() {
        assert_eq!(hours(0), 0.0);
        assert_eq!(hours(90), 1.5);
        assert_eq!(hours(20), 0.33);
        assert_eq!(hours(40), 0.67);
        assert_eq!(hours(2400), 40.0);
    }

    #[test]
    fn the_inbox_payload_lists_breaks_as_pairs() {
        let stored = r#"{"start":"2026-11-20T14:00:00Z","end":null,"boptype":"REPLACE","breaks":[{"from":"2026-11-20T16:00:00Z","to":"2026-11-20T16:30:00Z"},{"from":"2026-11-20T18:00:00Z","to":null}]}"#;
        let payload: serde_json::Value = serde_json::from_str(&inbox_payload(stored).unwrap()).unwrap();
        assert_eq!(payload["boptype"], "REPLACE");
        assert_eq!(payload["breaks"][0].as_array().unwrap().len(), 2);
        assert_eq!(payload["breaks"][1].as_array().unwrap().len(), 1);
        assert_eq!(payload["start"], "2026-11-20T14:00:00Z");
    }
}
