//! What the timesheet knows of a team's period (issue 36's team timesheet): each person's worked
//! minutes and overtime per day, shifts nobody ended (missed punches), edit requests waiting, and
//! the manager's review of the period ("approve the week"), which this crate records.
//!
//! - Worked minutes and overtime are counted as the per-person timesheet and the reports count
//!   them: a shift on the company day it started, overtime per Sunday–Saturday week past the
//!   company's weekly threshold, each overtime minute on the day it was worked
//!   ([`crate::paycycle::overtime_by_day`]), or by the company's chosen overtime rules
//!   ([`crate::pay_hours`]). So the team's totals equal the per-person ones.
//! - A review is of one person and one period (a week or a pay period). Approving needs the same
//!   right as editing the hours directly (a manager who reaches the person, or an admin), and
//!   nobody approves their own ([`kernel::ManagerCtx::may_decide`]). Approving again keeps the
//!   first review: the unique index settles two approvers at once.
//! - Every query is one per kind for the whole team (no query per person), so a team of 500
//!   opens as fast as a team of five.

use crate::entities::{timesheet_edit_requests as requests, timesheet_reviews as reviews};
use crate::error::TimesheetError;
use crate::service::TimesheetService;
use crate::views::PeriodReview;
use accounts::people::read::{self, PeopleFilter};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use clock::machine::ClockState;
use kernel::time::{start_of_day, week_start};
use kernel::{FieldErrors, ManagerCtx, RequestStatus, TenantCtx, UserId};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};
use std::collections::{BTreeMap, HashMap};

/// The longest period the team view reads at once (a monthly pay period).
pub const MAX_TEAM_DAYS: i64 = 31;

/// Which days the team view shows around its date.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TeamSpan {
    /// The Sunday-to-Saturday week holding the date.
    Week,
    /// The company's pay period holding the date.
    PayPeriod,
}

/// Worked and overtime minutes of one person on one day.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TeamDay {
    pub worked: i64,
    pub overtime: i64,
    pub double_time: i64,
}

/// What the timesheet knows of a team over a period.
#[derive(Debug, Clone, Default)]
pub struct TeamTime {
    /// Per person and day with time worked.
    pub days: HashMap<UserId, BTreeMap<NaiveDate, TeamDay>>,
    /// People still clocked in on a shift that started before today: the clock-out was missed.
    pub open_since: HashMap<UserId, DateTime<Utc>>,
    /// Edit requests waiting for an answer, per person.
    pub pending_edits: HashMap<UserId, u64>,
    /// The period's review, per person reviewed.
    pub reviews: HashMap<UserId, PeriodReview>,
}

/// Checks a period the team view may read: start not after end, at most [`MAX_TEAM_DAYS`].
pub fn check_period(start: NaiveDate, end: NaiveDate) -> Result<(), TimesheetError> {
    if end < start {
        return Err(TimesheetError::Validation(FieldErrors::single(
            "end",
            "The end date must not be before the start date",
        )));
    }
    if (end - start).num_days() >= MAX_TEAM_DAYS {
        return Err(TimesheetError::Validation(FieldErrors::single(
            "end",
            format!("Please choose at most {MAX_TEAM_DAYS} days"),
        )));
    }
    Ok(())
}

impl TimesheetService {
    /// The period `span` around `date`: its Sunday-to-Saturday week, or the company's pay period.
    pub async fn period_around(
        &self,
        ctx: &TenantCtx,
        date: NaiveDate,
        span: TeamSpan,
    ) -> Result<(NaiveDate, NaiveDate), TimesheetError> {
        let mut errors = FieldErrors::new();
        kernel::validation::check_date(&mut errors, "start", Some(date));
        if !errors.is_empty() {
            return Err(TimesheetError::Validation(errors));
        }
        Ok(match span {
            TeamSpan::Week => (week_start(date), week_start(date) + Duration::days(6)),
            TeamSpan::PayPeriod => {
                let settings = clock::settings::load(&self.db, ctx.company()).await?;
                crate::paycycle::pay_period(settings.pay_cycle, settings.pay_cycle_anchor, date)
            }
        })
    }

    /// Worked time, overtime, missed punches, waiting edits and reviews of `people` (already
    /// checked against the caller's reach) over `start..=end`.
    pub async fn team_time(
        &self,
        ctx: &ManagerCtx,
        people: &[UserId],
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<TeamTime, TimesheetError> {
        check_period(start, end)?;
        if people.is_empty() {
            return Ok(TeamTime::default());
        }
        let tz = ctx.time_zone();
        let now = clock::now();
        // A long id list costs more than reading the company's rows and keeping the team's.
        let whole_company = ctx.reach().is_company();
        let filter = (!whole_company).then_some(people);
        let policy = self.overtime_policy(ctx).await?;
        let wanted: std::collections::HashSet<UserId> = people.iter().copied().collect();
        let days = self
            .hours_by_rate(ctx, &policy, filter, start, end)
            .await?
            .into_iter()
            .filter(|(employee, _)| wanted.contains(employee))
            .map(|(employee, days)| {
                let inside = days
                    .into_iter()
                    .map(|(day, hours)| {
                        (
                            day,
                            TeamDay {
                                worked: hours.worked(),
                                overtime: hours.overtime,
                                double_time: hours.double_time,
                            },
                        )
                    })
                    .collect();
                (employee, inside)
            })
            .collect();

        let today_starts = start_of_day(tz, kernel::time::local_date(tz, now));
        let open_since = clock::store::current_clocks(&self.db, ctx.company(), people, today_starts)
            .await?
            .into_iter()
            .filter(|(_, clock)| matches!(clock.state, ClockState::ClockedIn | ClockState::OnBreak))
            .filter_map(|(employee, clock)| {
                clock.since.filter(|since| *since < today_starts).map(|since| (employee, since))
            })
            .collect();

        let mut waiting = requests::Entity::find()
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .filter(requests::Column::Status.eq(RequestStatus::Raised));
        if let Some(people) = filter {
            waiting = waiting.filter(requests::Column::EmployeeId.is_in(people.iter().copied()));
        }
        let pending_edits: HashMap<UserId, u64> = waiting
            .select_only()
            .column(requests::Column::EmployeeId)
            .column_as(Expr::col(requests::Column::Id).count(), "waiting")
            .group_by(requests::Column::EmployeeId)
            .into_tuple::<(UserId, i64)>()
            .all(&self.db)
            .await?
            .into_iter()
            .filter(|(employee, _)| wanted.contains(employee))
            .map(|(employee, count)| (employee, count.max(0) as u64))
            .collect();

        let reviews = self
            .period_reviews(ctx, start, end)
            .await?
            .into_iter()
            .filter(|(employee, _)| wanted.contains(employee))
            .collect();
        Ok(TeamTime { days, open_since, pending_edits, reviews })
    }

    /// The reviews of exactly `start..=end` in the caller's company, with the reviewers' names.
    async fn period_reviews(
        &self,
        ctx: &TenantCtx,
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<HashMap<UserId, PeriodReview>, TimesheetError> {
        let rows = reviews::Entity::find()
            .filter(kernel::tenancy::same_company::<reviews::Entity>(ctx.company()))
            .filter(reviews::Column::PeriodStart.eq(start))
            .filter(reviews::Column::PeriodEnd.eq(end))
            .all(&self.db)
            .await?;
        self.review_views(ctx, rows)
            .await
            .map(|views| views.into_iter().map(|view| (UserId(view.employee_id), view)).collect())
    }

    async fn review_views(
        &self,
        ctx: &TenantCtx,
        rows: Vec<reviews::Model>,
    ) -> Result<Vec<PeriodReview>, TimesheetError> {
        let mut reviewers: Vec<UserId> = rows.iter().map(|row| row.reviewed_by).collect();
        reviewers.sort_unstable();
        reviewers.dedup();
        let names: HashMap<UserId, String> = if reviewers.is_empty() {
            HashMap::new()
        } else {
            read::people(&self.db, ctx, &PeopleFilter::default().with_ids(reviewers))
                .await?
                .into_iter()
                .map(|person| (person.id, person.full_name()))
                .collect()
        };
        Ok(rows
            .into_iter()
            .map(|row| PeriodReview {
                employee_id: row.employee_id.0,
                start: row.period_start,
                end: row.period_end,
                reviewed_by: names.get(&row.reviewed_by).cloned().unwrap_or_default(),
                reviewed_at: row.reviewed_at,
            })
            .collect())
    }

    /// The reviews of one person's periods that overlap `start..=end`: what their own timesheet
    /// shows ("Approved by Max Manager"). The person must be in the caller's reach.
    pub async fn reviews_of(
        &self,
        ctx: &TenantCtx,
        employee: UserId,
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<Vec<PeriodReview>, TimesheetError> {
        let rows = reviews::Entity::find()
            .filter(kernel::tenancy::same_company::<reviews::Entity>(ctx.company()))
            .filter(reviews::Column::EmployeeId.eq(employee))
            .filter(reviews::Column::PeriodStart.lte(end))
            .filter(reviews::Column::PeriodEnd.gte(start))
            .order_by_asc(reviews::Column::PeriodStart)
            .all(&self.db)
            .await?;
        self.review_views(ctx, rows).await
    }

    /// `POST /timesheet/approve-period`: approves `people`'s timesheets for the period `span`
    /// around `date`: a review for each who has none yet. Each must be in the caller's reach
    /// (else `NotFound`, as for a missing id) and not the caller (`OwnRequest`). Returns the
    /// period's reviews of those people, old and new.
    pub async fn approve_period(
        &self,
        ctx: &ManagerCtx,
        people: &[UserId],
        date: NaiveDate,
        span: TeamSpan,
    ) -> Result<Vec<PeriodReview>, TimesheetError> {
        let (start, end) = self.period_around(ctx, date, span).await?;
        check_period(start, end)?;
        for employee in people {
            if !ctx.may_decide(*employee, *employee) {
                return Err(TimesheetError::OwnRequest);
            }
        }
        let reached = read::people_in_reach(&self.db, ctx, &PeopleFilter::default().with_ids(people.iter().copied()))
            .await?
            .len();
        let mut distinct = people.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        if reached != distinct.len() {
            return Err(TimesheetError::NotFound);
        }
        if distinct.is_empty() {
            return Ok(Vec::new());
        }
        let now = Utc::now();
        let rows: Vec<reviews::ActiveModel> = distinct
            .iter()
            .map(|employee| reviews::ActiveModel {
                company_id: Set(ctx.company()),
                employee_id: Set(*employee),
                period_start: Set(start),
                period_end: Set(end),
                reviewed_by: Set(ctx.actor()),
                reviewed_at: Set(now),
                ..Default::default()
            })
            .collect();
        let _permit = self.gate.enter().await;
        // One statement: a review already there (a second approver, a second click) stays.
        reviews::Entity::insert_many(rows)
            .on_conflict(
                OnConflict::columns([
                    reviews::Column::CompanyId,
                    reviews::Column::PeriodStart,
                    reviews::Column::PeriodEnd,
                    reviews::Column::EmployeeId,
                ])
                .do_nothing()
                .to_owned(),
            )
            .do_nothing()
            .exec(&self.db)
            .await?;
        let wanted: std::collections::HashSet<UserId> = distinct.into_iter().collect();
        Ok(self
            .period_reviews(ctx, start, end)
            .await?
            .into_iter()
            .filter(|(employee, _)| wanted.contains(employee))
            .map(|(_, review)| review)
            .collect())
    }
}
