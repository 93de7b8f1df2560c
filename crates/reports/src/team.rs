//! The team timesheet (issue 36): everyone the viewer reaches × the days of a week or pay period,
//! with each day's worked, overtime and time-off minutes, the period's totals, what needs a look
//! (a missed clock-out, edits and time off waiting) and the manager's approval of the period.
//!
//! Worked time and reviews come from `timesheet`, time off from `pto`, the people and their job
//! roles from `accounts`; this module only lines them up. Totals are the per-person timesheet's:
//! regular = worked − overtime, and the same overtime rule the reports use.

use crate::{Reports, ReportsError};
use chrono::{DateTime, NaiveDate, Utc};
use kernel::{EmploymentStatus, ManagerCtx, UserId};
use serde::Serialize;
use std::collections::HashMap;
pub use timesheet::team::TeamSpan;
use timesheet::views::PeriodReview;

/// One person's day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TeamDay {
    pub date: NaiveDate,
    pub worked_minutes: i64,
    pub overtime_minutes: i64,
    pub double_time_minutes: i64,
    /// Approved time off.
    pub time_off_minutes: i64,
}

/// One person's row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TeamRow {
    pub employee_id: i64,
    pub firstname: String,
    pub lastname: String,
    pub avatar: Option<String>,
    pub job_role: Option<String>,
    /// Every day of the period, in order.
    pub days: Vec<TeamDay>,
    pub worked_minutes: i64,
    pub regular_minutes: i64,
    pub overtime_minutes: i64,
    pub double_time_minutes: i64,
    pub time_off_minutes: i64,
    /// Still clocked in on a shift that began before today: a missed clock-out.
    pub open_shift_since: Option<DateTime<Utc>>,
    /// Timesheet edit requests waiting for an answer.
    pub pending_edits: u64,
    /// Time-off requests waiting for an answer.
    pub pending_time_off: u64,
    /// The manager's approval of this period, if given.
    pub review: Option<PeriodReview>,
    /// The viewer may approve this period (not their own).
    pub may_approve: bool,
}

/// `GET /timesheet/team`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TeamTimesheet {
    pub start: NaiveDate,
    pub end: NaiveDate,
    /// The team's minutes per day, in order.
    pub days: Vec<TeamDay>,
    /// Active people the viewer reaches, by last name.
    pub people: Vec<TeamRow>,
    pub worked_minutes: i64,
    pub overtime_minutes: i64,
    pub double_time_minutes: i64,
    pub time_off_minutes: i64,
}

impl Reports {
    /// `GET /timesheet/team`: the team's period around `date`.
    pub async fn team_timesheet(
        &self,
        ctx: &ManagerCtx,
        date: NaiveDate,
        span: TeamSpan,
    ) -> Result<TeamTimesheet, ReportsError> {
        let (start, end) = self.timesheet.period_around(ctx, date, span).await?;
        let people: Vec<accounts::Person> = self
            .accounts
            .people_of(ctx, None)
            .await
            .map_err(hr::HrError::from)?
            .into_iter()
            .filter(|person| person.status == EmploymentStatus::Active)
            .collect();
        let ids: Vec<UserId> = people.iter().map(|person| person.id).collect();
        let time = self.timesheet.team_time(ctx, &ids, start, end).await?;
        let off = self.pto.team_time_off(ctx, &ids, start, end).await?;
        let roles: HashMap<kernel::JobRoleId, String> = self
            .accounts
            .job_roles_of(ctx)
            .await
            .map_err(hr::HrError::from)?
            .into_iter()
            .map(|role| (role.id, role.name))
            .collect();
        let dates: Vec<NaiveDate> = start.iter_days().take_while(|day| *day <= end).collect();
        let mut team_days: Vec<TeamDay> = dates
            .iter()
            .map(|date| TeamDay {
                date: *date,
                worked_minutes: 0,
                overtime_minutes: 0,
                double_time_minutes: 0,
                time_off_minutes: 0,
            })
            .collect();
        let mut rows = Vec::with_capacity(people.len());
        for person in people {
            let worked = time.days.get(&person.id);
            let leave = off.days.get(&person.id);
            let days: Vec<TeamDay> = dates
                .iter()
                .map(|date| {
                    let day = worked.and_then(|days| days.get(date)).copied().unwrap_or_default();
                    TeamDay {
                        date: *date,
                        worked_minutes: day.worked,
                        overtime_minutes: day.overtime,
                        double_time_minutes: day.double_time,
                        time_off_minutes: leave.and_then(|days| days.get(date)).copied().unwrap_or(0),
                    }
                })
                .collect();
            for (sum, day) in team_days.iter_mut().zip(&days) {
                sum.worked_minutes += day.worked_minutes;
                sum.overtime_minutes += day.overtime_minutes;
                sum.double_time_minutes += day.double_time_minutes;
                sum.time_off_minutes += day.time_off_minutes;
            }
            let worked_minutes: i64 = days.iter().map(|day| day.worked_minutes).sum();
            let overtime_minutes: i64 = days.iter().map(|day| day.overtime_minutes).sum();
            let double_time_minutes: i64 = days.iter().map(|day| day.double_time_minutes).sum();
            rows.push(TeamRow {
                employee_id: person.id.0,
                job_role: person.job_role_id.and_then(|role| roles.get(&role).cloned()),
                worked_minutes,
                regular_minutes: worked_minutes - overtime_minutes - double_time_minutes,
                overtime_minutes,
                double_time_minutes,
                time_off_minutes: days.iter().map(|day| day.time_off_minutes).sum(),
                days,
                open_shift_since: time.open_since.get(&person.id).copied(),
                pending_edits: time.pending_edits.get(&person.id).copied().unwrap_or(0),
                pending_time_off: off.pending.get(&person.id).copied().unwrap_or(0),
                review: time.reviews.get(&person.id).cloned(),
                may_approve: ctx.may_decide(person.id, person.id),
                firstname: person.first_name,
                lastname: person.last_name,
                avatar: person.avatar,
            });
        }
        Ok(TeamTimesheet {
            start,
            end,
            worked_minutes: team_days.iter().map(|day| day.worked_minutes).sum(),
            overtime_minutes: team_days.iter().map(|day| day.overtime_minutes).sum(),
            double_time_minutes: team_days.iter().map(|day| day.double_time_minutes).sum(),
            time_off_minutes: team_days.iter().map(|day| day.time_off_minutes).sum(),
            days: team_days,
            people: rows,
        })
    }
}
