//! What the reports and the dashboard read of worked time (issue 21): worked and overtime minutes
//! per person or per day over a range of days, and the shifts themselves.
//!
//! - A shift counts on the company day it started, with its worked minutes (time between clock
//!   in and out less breaks, from the UTC instants, so a night that gains or loses an hour at a
//!   daylight-saving change counts the minutes really worked). A shift across midnight belongs
//!   wholly to the day it started, as on the timesheet.
//! - Overtime is weekly (see [`crate::paycycle`]); each overtime minute belongs to the day it was
//!   worked, so a range that cuts a week counts only that week's overtime worked inside it. A
//!   company that chose other overtime rules is counted by [`crate::pay_hours`] instead.
//! - Callers pass the people already checked against their reach; every query is also scoped
//!   to the caller's company.

use crate::error::TimesheetError;
use crate::paycycle::overtime_by_day;
use crate::service::TimesheetService;
use chrono::{Duration, NaiveDate, Utc};
use clock::store::Grouping;
pub use clock::store::WeekTotals as WorkedTotals;
use clock::store::WeekTotals;
use kernel::time::{start_of_day, week_start};
use kernel::{ManagerCtx, UserId};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Worked and overtime minutes on one day.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DayTotals {
    pub worked: i64,
    pub overtime: i64,
    pub double_time: i64,
}

/// Ids as the reports crate passes them (its people's ids are plain numbers); typed here.
fn user_ids(ids: &[i64]) -> Vec<UserId> {
    ids.iter().copied().map(UserId).collect()
}

/// A shift as the timesheet report lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportShift {
    pub id: i64,
    pub employee_id: i64,
    pub day: NaiveDate,
    pub clock_in: chrono::DateTime<Utc>,
    pub clock_out: Option<chrono::DateTime<Utc>>,
    pub break_minutes: i64,
    pub worked_minutes: i64,
}

impl TimesheetService {
    /// Per person: minutes worked on the days `start..=end` and the overtime among them.
    /// `employees`: `None` for the whole company. People with no time are left out.
    pub async fn worked_by_employee(
        &self,
        ctx: &ManagerCtx,
        employees: Option<&[i64]>,
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<HashMap<i64, WeekTotals>, TimesheetError> {
        let employees = employees.map(user_ids);
        let totals = self.worked_totals(ctx, employees.as_deref(), start, end).await?;
        Ok(totals.into_iter().map(|(employee, totals)| (employee.0, totals)).collect())
    }

    /// [`Self::worked_by_employee`] with typed ids.
    pub(crate) async fn worked_totals(
        &self,
        ctx: &ManagerCtx,
        employees: Option<&[UserId]>,
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<HashMap<UserId, WeekTotals>, TimesheetError> {
        let policy = self.overtime_policy(ctx).await?;
        if !policy.is_weekly_only() {
            let hours = self.totals_by_rate(ctx, &policy, employees, start, end).await?;
            return Ok(hours
                .into_iter()
                .filter(|(_, sum)| sum.worked() > 0)
                .map(|(employee, sum)| {
                    (
                        employee,
                        WeekTotals { clocked: sum.worked(), overtime: sum.overtime, double_time: sum.double_time },
                    )
                })
                .collect());
        }
        let tz = ctx.time_zone();
        let now = clock::now();
        let threshold = policy.legacy_weekly_minutes;
        let first_week = week_start(start);
        let last_week = week_start(end);
        // Weeks wholly inside the range need only their totals, added up by the database; a
        // week the range cuts needs its days, as overtime belongs to the days it was worked.
        let cut_weeks: BTreeSet<NaiveDate> = [first_week, last_week]
            .into_iter()
            .filter(|week| *week < start || *week + Duration::days(6) > end)
            .collect();
        let whole_first = if cut_weeks.contains(&first_week) { first_week + Duration::days(7) } else { first_week };
        let whole_last = if cut_weeks.contains(&last_week) { last_week - Duration::days(7) } else { last_week };
        let mut totals: HashMap<UserId, WeekTotals> = if whole_first <= whole_last {
            clock::store::employee_week_totals(
                &self.db,
                ctx.company(),
                employees,
                whole_first,
                whole_last,
                threshold,
                tz,
                now,
            )
            .await?
        } else {
            HashMap::new()
        };
        for week in cut_weeks {
            let days = clock::store::worked_minutes(
                &self.db,
                ctx.company(),
                employees,
                week,
                week + Duration::days(6),
                Grouping::Day,
                tz,
                now,
            )
            .await?;
            let mut by_employee: HashMap<UserId, BTreeMap<NaiveDate, i64>> = HashMap::new();
            for ((employee, day), worked) in days {
                by_employee.entry(employee).or_default().insert(day, worked);
            }
            for (employee, days) in by_employee {
                let worked: i64 = days.range(start..=end).map(|(_, worked)| worked).sum();
                let overtime: i64 = overtime_by_day(&days, threshold).range(start..=end).map(|(_, extra)| extra).sum();
                if worked != 0 || overtime != 0 {
                    let sum = totals.entry(employee).or_default();
                    sum.clocked += worked;
                    sum.overtime += overtime;
                }
            }
        }
        Ok(totals)
    }

    /// Per day of `start..=end`: minutes worked by `employees` (`None`: the whole company) and
    /// the overtime among them. Days with nothing worked are left out.
    pub async fn worked_by_day(
        &self,
        ctx: &ManagerCtx,
        employees: Option<&[i64]>,
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<BTreeMap<NaiveDate, DayTotals>, TimesheetError> {
        let employees = employees.map(user_ids);
        let policy = self.overtime_policy(ctx).await?;
        if !policy.is_weekly_only() {
            let mut result: BTreeMap<NaiveDate, DayTotals> = BTreeMap::new();
            for days in self.hours_by_rate(ctx, &policy, employees.as_deref(), start, end).await?.into_values() {
                for (day, hours) in days {
                    let totals = result.entry(day).or_default();
                    totals.worked += hours.worked();
                    totals.overtime += hours.overtime;
                    totals.double_time += hours.double_time;
                }
            }
            return Ok(result);
        }
        let first = week_start(start);
        let last = week_start(end) + Duration::days(6);
        let days = clock::store::worked_minutes(
            &self.db,
            ctx.company(),
            employees.as_deref(),
            first,
            last,
            Grouping::Day,
            ctx.time_zone(),
            clock::now(),
        )
        .await?;
        let mut by_employee: HashMap<UserId, BTreeMap<NaiveDate, i64>> = HashMap::new();
        for ((employee, day), worked) in days {
            by_employee.entry(employee).or_default().insert(day, worked);
        }
        let mut result: BTreeMap<NaiveDate, DayTotals> = BTreeMap::new();
        for days in by_employee.values() {
            let overtime = overtime_by_day(days, policy.legacy_weekly_minutes);
            for (day, worked) in days.range(start..=end) {
                let totals = result.entry(*day).or_default();
                totals.worked += worked;
                totals.overtime += overtime.get(day).copied().unwrap_or(0);
            }
        }
        Ok(result)
    }

    /// The company's pay period holding `date` (first and last day).
    pub async fn pay_period_of(
        &self,
        ctx: &ManagerCtx,
        date: NaiveDate,
    ) -> Result<(NaiveDate, NaiveDate), TimesheetError> {
        let settings = clock::settings::load(&self.db, ctx.company()).await?;
        Ok(crate::paycycle::pay_period(settings.pay_cycle, settings.pay_cycle_anchor, date))
    }

    /// The company's pay period holding its today and the `count - 1` before it, newest first.
    pub async fn recent_pay_periods(
        &self,
        ctx: &ManagerCtx,
        count: usize,
    ) -> Result<Vec<(NaiveDate, NaiveDate)>, TimesheetError> {
        let settings = clock::settings::load(&self.db, ctx.company()).await?;
        let today = kernel::time::local_date(ctx.time_zone(), clock::now());
        Ok(crate::paycycle::recent_pay_periods(settings.pay_cycle, settings.pay_cycle_anchor, today, count))
    }

    /// The shifts of `employees` that started on the days `start..=end`, by person and start.
    pub async fn shifts_between(
        &self,
        ctx: &ManagerCtx,
        employees: &[i64],
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<Vec<ReportShift>, TimesheetError> {
        let tz = ctx.time_zone();
        let now = clock::now();
        let from = start_of_day(tz, start);
        let to = start_of_day(tz, end + Duration::days(1));
        let employees = user_ids(employees);
        let mut shifts: Vec<ReportShift> = clock::store::shifts_of_many(&self.db, ctx.company(), &employees, from, to)
            .await?
            .into_iter()
            .map(|stored| {
                let shift = stored.shift();
                let break_seconds: i64 = stored
                    .breaks
                    .iter()
                    .map(|pause| (pause.end_at.unwrap_or(now) - pause.start_at).num_seconds().max(0))
                    .sum();
                ReportShift {
                    id: stored.entry.id.0,
                    employee_id: stored.entry.employee_id.0,
                    day: shift.day(tz),
                    clock_in: stored.entry.start_at,
                    clock_out: stored.entry.end_at,
                    break_minutes: clock::shift::minutes_from_seconds(break_seconds),
                    worked_minutes: shift.worked_minutes(now),
                }
            })
            .collect();
        shifts.sort_by_key(|shift| (shift.employee_id, shift.clock_in, shift.id));
        Ok(shifts)
    }
}
