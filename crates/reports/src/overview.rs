//! `/dashboard/*`, `/inbox/data` and `/pto/paycycle-approved-pto-hours`: the timesheet half and the
//! time-off half of the overview, side by side.

use crate::{Reports, ReportsError};
use chrono::NaiveDate;
use kernel::ManagerCtx;
use pto::requests::hours;
use pto::time_off::{InboxTimeOffRow, PersonMinutes, TimeOffSection};
use serde::Serialize;
use timesheet::overview::{InboxEmployee, InboxQuery, InboxSection, InboxTimesheetRow, INBOX_PAGE_SIZE};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct InboxGroup {
    pub timeoff: TimeOffSection,
    pub timesheet: InboxSection,
}

/// `GET /inbox/data` (001 §3 "Inbox data").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct InboxData {
    pub pending: InboxGroup,
    pub completed: InboxGroup,
    pub page: u64,
    /// For the responded list's filter.
    pub employees: Vec<InboxEmployee>,
    /// For each person with a pending request the caller may not answer (their own, or one
    /// they filed for someone): who may, by full name.
    #[serde(rename = "whoAnswers")]
    pub who_answers: Vec<WhoAnswers>,
}

/// Who may answer the pending requests about one person that the caller may not answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct WhoAnswers {
    pub employee_id: i64,
    /// Full names, by last name; empty when nobody else can (a company's only admin).
    pub names: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DashboardStats {
    pub clocked_minutes: i64,
    pub overtime_minutes: i64,
    /// Under daily overtime rules only.
    pub double_time_minutes: i64,
    /// Approved time off on the days of the range.
    pub pto_minutes: i64,
    /// The same in hours, to two decimals.
    pub clocked_hours: f64,
    pub overtime_hours: f64,
    pub double_time_hours: f64,
    pub pto_hours: f64,
}

/// `GET /dashboard/data` (001 §3 "Dashboard data").
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DashboardData {
    pub stats: DashboardStats,
    pub pay_cycle_start: NaiveDate,
    pub pay_cycle_end: NaiveDate,
    /// Pending timesheet-edit requests.
    pub timesheet_edit_requests: u64,
    /// Pending time-off requests.
    pub pto_requests: u64,
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
    /// Minutes of approved time off in the week.
    pub pto: i64,
    /// 0 not clocked in today, 1 clocked in, 2 on break, 3 clocked out today.
    pub current_clock_status: i16,
    pub current_clock_time: Option<chrono::DateTime<chrono::Utc>>,
}

/// `GET /dashboard/employee-hours`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WeekHours {
    pub start: NaiveDate,
    pub end: NaiveDate,
    pub employees: Vec<EmployeeHours>,
}

/// `GET /dashboard/pending-requests`: the bell's count and the newest of each kind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PendingRequests {
    /// Both kinds.
    pub count: u64,
    pub timesheet_edit_requests: Vec<InboxTimesheetRow>,
    pub timeoff_requests: Vec<InboxTimeOffRow>,
}

/// `GET /pto/paycycle-approved-pto-hours`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PayCyclePto {
    pub pay_cycle_start: NaiveDate,
    pub pay_cycle_end: NaiveDate,
    pub minutes: i64,
    pub hours: f64,
    /// Everyone overseen with time off in the cycle.
    pub employees: Vec<PersonMinutes>,
}

impl Reports {
    /// `GET /inbox/data`.
    pub async fn inbox(&self, ctx: &ManagerCtx, query: &InboxQuery) -> Result<InboxData, ReportsError> {
        let timesheet = self.timesheet.inbox(ctx, query).await?;
        let shown = query.page.max(1) * INBOX_PAGE_SIZE;
        let (pending, completed) = self.pto.inbox_time_off(ctx, shown, query.employee_id.map(kernel::UserId)).await?;
        let mut unanswerable: Vec<i64> = pending
            .rows
            .iter()
            .filter(|row| !row.may_answer)
            .map(|row| row.employee_id)
            .chain(timesheet.pending.timesheet.rows.iter().filter(|row| !row.may_answer).map(|row| row.employee_id))
            .collect();
        unanswerable.sort_unstable();
        unanswerable.dedup();
        let mut who_answers = Vec::with_capacity(unanswerable.len());
        for employee in unanswerable {
            let approvers =
                self.accounts.approvers_of(ctx, kernel::UserId(employee)).await.map_err(hr::HrError::from)?;
            who_answers.push(WhoAnswers {
                employee_id: employee,
                names: approvers
                    .iter()
                    .filter(|person| !ctx.is_self(person.id))
                    .map(|person| person.full_name())
                    .collect(),
            });
        }
        Ok(InboxData {
            pending: InboxGroup { timeoff: pending, timesheet: timesheet.pending.timesheet },
            completed: InboxGroup { timeoff: completed, timesheet: timesheet.completed.timesheet },
            page: timesheet.page,
            employees: timesheet.employees,
            who_answers,
        })
    }

    /// `GET /dashboard/pending-requests`.
    pub async fn pending_requests(&self, ctx: &ManagerCtx) -> Result<PendingRequests, ReportsError> {
        let timesheet = self.timesheet.pending_requests(ctx).await?;
        let timeoff = self.pto.pending_time_off(ctx, INBOX_PAGE_SIZE).await?;
        Ok(PendingRequests {
            count: timesheet.count + timeoff.count,
            timesheet_edit_requests: timesheet.timesheet_edit_requests,
            timeoff_requests: timeoff.rows,
        })
    }

    /// `GET /dashboard/data`: clocked, overtime and time-off minutes of the pay cycle (or of
    /// `start..=end`) over everyone the caller oversees, and the pending requests.
    pub async fn dashboard(
        &self,
        ctx: &ManagerCtx,
        range: Option<(NaiveDate, NaiveDate)>,
    ) -> Result<DashboardData, ReportsError> {
        let clocked = self.timesheet.dashboard(ctx, range).await?;
        let pto: i64 =
            self.pto.approved_minutes(ctx, clocked.pay_cycle_start, clocked.pay_cycle_end).await?.values().sum();
        let pending = self.pto.pending_time_off(ctx, 0).await?.count;
        Ok(DashboardData {
            stats: DashboardStats {
                clocked_minutes: clocked.stats.clocked_minutes,
                overtime_minutes: clocked.stats.overtime_minutes,
                double_time_minutes: clocked.stats.double_time_minutes,
                pto_minutes: pto,
                clocked_hours: clocked.stats.clocked_hours,
                overtime_hours: clocked.stats.overtime_hours,
                double_time_hours: clocked.stats.double_time_hours,
                pto_hours: hours(pto),
            },
            pay_cycle_start: clocked.pay_cycle_start,
            pay_cycle_end: clocked.pay_cycle_end,
            timesheet_edit_requests: clocked.timesheet_edit_requests,
            pto_requests: pending,
        })
    }

    /// `GET /dashboard/employee-hours`: the week's worked and time-off minutes per person.
    pub async fn employee_hours(
        &self,
        ctx: &ManagerCtx,
        week_of: Option<NaiveDate>,
    ) -> Result<WeekHours, ReportsError> {
        let week = self.timesheet.employee_hours(ctx, week_of).await?;
        let pto = self.pto.approved_minutes(ctx, week.start, week.end).await?;
        Ok(WeekHours {
            start: week.start,
            end: week.end,
            employees: week
                .employees
                .into_iter()
                .map(|row| EmployeeHours {
                    pto: pto.get(&row.employee_id).copied().unwrap_or(0),
                    employee_id: row.employee_id,
                    firstname: row.firstname,
                    lastname: row.lastname,
                    avatar: row.avatar,
                    minutes: row.minutes,
                    current_clock_status: row.current_clock_status,
                    current_clock_time: row.current_clock_time,
                })
                .collect(),
        })
    }

    /// `GET /pto/paycycle-approved-pto-hours`: approved time off in the current pay cycle, per
    /// person overseen who has any.
    pub async fn pay_cycle_pto(&self, ctx: &ManagerCtx) -> Result<PayCyclePto, ReportsError> {
        let (start, end) = self.timesheet.pay_period(ctx).await?;
        let employees = self.pto.approved_people(ctx, start, end).await?;
        let total = employees.iter().map(|person| person.minutes).sum();
        Ok(PayCyclePto { pay_cycle_start: start, pay_cycle_end: end, minutes: total, hours: hours(total), employees })
    }
}
