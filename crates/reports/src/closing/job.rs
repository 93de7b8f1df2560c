//! The auto-close job: a company that chose "close pay periods N days after their end" has each
//! ended period closed once N days have passed in its own zone.
//!
//! Idempotent and safe with two servers at once: a period closed already is skipped, and the
//! lock's unique key refuses a second close in the same moment. After downtime it catches up on
//! the periods that became due meanwhile, up to [`CATCH_UP_PERIODS`] back (turning the setting on
//! never closes years of history at once). A period that cannot close yet (a shift still running
//! in it, a missed punch waiting) is left open and tried again on the next run.

use crate::{Reports, ReportsError};
use chrono::{DateTime, Duration, Utc};
use clock::periods::Closer;
use kernel::ManagerCtx;

pub const AUTO_CLOSE_JOB: &str = "pay-period-auto-close";

/// How many due periods one company's round looks back at.
pub const CATCH_UP_PERIODS: usize = 4;

/// What a run did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct AutoCloseRun {
    pub closed: u64,
    /// Periods due but not closable yet (a running shift, a waiting missed punch).
    pub waiting: u64,
}

impl Reports {
    /// One run of the auto-close job over every company that turned it on.
    pub async fn auto_close_pay_periods(&self, now: DateTime<Utc>) -> Result<AutoCloseRun, ReportsError> {
        let mut run = AutoCloseRun::default();
        for (company, days) in self.periods.auto_closing().await? {
            let Some(zone) = self.accounts.company_zone(company).await.map_err(timesheet::TimesheetError::from)? else {
                continue;
            };
            let ctx = ManagerCtx::for_job(company, zone);
            let today = kernel::time::local_date(zone, now);
            // The newest period whose end is `days` behind: it and the few before it.
            let mut due = Vec::new();
            let mut day = today - Duration::days(days);
            while due.len() < CATCH_UP_PERIODS {
                let (start, end) = self.timesheet.pay_period_of(&ctx, day).await?;
                if end + Duration::days(days) <= today {
                    due.push((start, end));
                }
                day = start - Duration::days(1);
            }
            due.reverse();
            for (start, end) in due {
                if self.periods.locked(&ctx, start, end).await?.iter().any(|lock| lock.start == start) {
                    continue;
                }
                match self.lock_period(&ctx, Closer::Automatic, start, end).await {
                    Ok(()) => run.closed += 1,
                    Err(ReportsError::Clock(clock::ClockError::Refused(reason))) => {
                        tracing::info!(company = company.0, %start, %reason, "pay period not closed yet");
                        run.waiting += 1;
                    }
                    Err(err) => return Err(err),
                }
            }
        }
        Ok(run)
    }
}
