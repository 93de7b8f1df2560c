//! Pay-cycle figures: the current pay period, its worked minutes, and weekly overtime.

use super::{check_range, TimesheetService};
use crate::error::TimesheetError;
use crate::paycycle::pay_period;
use crate::views::*;
use chrono::{Duration, NaiveDate, Utc};
use clock::overtime_policy::workweek_start;
use clock::store;
use kernel::time::{local_date, start_of_day};
use kernel::{FieldErrors, TenantCtx, UserId};
use std::collections::BTreeMap;

impl TimesheetService {
    /// Worked minutes per company day of `employee` over `from..=to`, shifts counted on the day
    /// they started.
    async fn daily_minutes(
        &self,
        ctx: &TenantCtx,
        employee: UserId,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<BTreeMap<NaiveDate, i64>, TimesheetError> {
        let tz = ctx.time_zone();
        let shifts = store::shifts_of(
            &self.db,
            ctx.company(),
            employee,
            start_of_day(tz, from),
            start_of_day(tz, to + Duration::days(1)),
        )
        .await?;
        let now = clock::now();
        let mut days = BTreeMap::new();
        for shift in shifts {
            let shift = shift.shift();
            *days.entry(shift.day(tz)).or_insert(0) += shift.worked_minutes(now);
        }
        Ok(days)
    }

    /// Whether the company chose its pay period and clock settings (saved them once).
    pub async fn pay_cycle_chosen(&self, ctx: &TenantCtx) -> Result<bool, TimesheetError> {
        Ok(clock::settings::chosen(&self.db, ctx.company()).await?)
    }

    /// The company's current pay period (first and last day), from its pay-cycle settings.
    pub async fn pay_period(&self, ctx: &TenantCtx) -> Result<(NaiveDate, NaiveDate), TimesheetError> {
        let settings = clock::settings::load(&self.db, ctx.company()).await?;
        Ok(pay_period(settings.pay_cycle, settings.pay_cycle_anchor, local_date(ctx.time_zone(), Utc::now())))
    }

    /// `GET /timesheet/paycycle-clocked-hours`: the current pay period's worked minutes.
    pub async fn pay_cycle_hours(
        &self,
        ctx: &TenantCtx,
        employee: Option<i64>,
    ) -> Result<PayCycleHours, TimesheetError> {
        let employee = self.accounts.employee_in_scope(ctx, employee.map_or(ctx.actor(), UserId)).await?;
        let settings = clock::settings::load(&self.db, ctx.company()).await?;
        let today = local_date(ctx.time_zone(), Utc::now());
        let (start, end) = pay_period(settings.pay_cycle, settings.pay_cycle_anchor, today);
        let days = self.daily_minutes(ctx, employee.id, start, end).await?;
        Ok(PayCycleHours {
            pay_cycle_start: start,
            pay_cycle_end: end,
            total_minutes: days.values().sum(),
            days: days
                .into_iter()
                .filter(|(_, minutes)| *minutes > 0)
                .map(|(date, minutes)| DayMinutes { date, minutes })
                .collect(),
        })
    }

    /// `GET /timesheet/paycycle-overtime-hours`: overtime of the weeks touching `start..=end`
    /// (default: the current pay period), the part worked inside the range.
    pub async fn pay_cycle_overtime(
        &self,
        ctx: &TenantCtx,
        employee: Option<i64>,
        range: Option<(NaiveDate, NaiveDate)>,
    ) -> Result<PayCycleOvertime, TimesheetError> {
        check_range(range)?;
        let employee = self.accounts.employee_in_scope(ctx, employee.map_or(ctx.actor(), UserId)).await?;
        let settings = clock::settings::load(&self.db, ctx.company()).await?;
        let (start, end) = match range {
            Some(range) => range,
            None => pay_period(settings.pay_cycle, settings.pay_cycle_anchor, local_date(ctx.time_zone(), Utc::now())),
        };
        if end < start || (end - start).num_days() > 400 {
            return Err(TimesheetError::Validation(FieldErrors::single(
                "end",
                "Please choose an end date after the start date, within 400 days",
            )));
        }
        let policy = self.overtime_policy(ctx).await?;
        let first_day = policy.in_force(end).workweek_first_day;
        let first_week = workweek_start(start, first_day);
        let last_week = workweek_start(end, first_day);
        let hours = self
            .hours_by_rate(ctx, &policy, Some(&[employee.id]), first_week, last_week + Duration::days(6))
            .await?
            .remove(&employee.id)
            .unwrap_or_default();
        let mut weeks = Vec::new();
        let mut week = first_week;
        while week <= last_week {
            let week_end = week + Duration::days(6);
            let minutes = hours.range(week..=week_end).map(|(_, hours)| hours.worked()).sum();
            let inside = || hours.range(week.max(start)..=week_end.min(end)).map(|(_, hours)| hours);
            weeks.push(WeekOvertime {
                week_start: week,
                week_end,
                minutes,
                overtime_minutes: inside().map(|hours| hours.overtime).sum(),
                double_time_minutes: inside().map(|hours| hours.double_time).sum(),
            });
            week += Duration::days(7);
        }
        Ok(PayCycleOvertime {
            pay_cycle_start: start,
            pay_cycle_end: end,
            threshold_minutes: policy.in_force(end).custom.weekly_minutes.unwrap_or(settings.weekly_overtime_minutes),
            total_overtime_minutes: weeks.iter().map(|week| week.overtime_minutes).sum(),
            total_double_time_minutes: weeks.iter().map(|week| week.double_time_minutes).sum(),
            rule_set: crate::pay_hours::rule_set_ref(&policy, end),
            weeks,
        })
    }
}
