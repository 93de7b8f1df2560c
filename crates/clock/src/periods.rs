//! Locked pay periods (issue 40): the clock keeps which of a company's pay periods are closed,
//! and every write to a shift, a break, time off or an overtime rule asks it first.
//!
//! A closed period's days take no change that would alter what was paid: an admin's own edit,
//! a new shift, a deletion, time off on one of its days or an overtime rule from one of its days
//! on is refused ([`Late::Refuse`], [`ClockError::PeriodClosed`]) until an admin reopens it with
//! a reason. Two kinds of change cannot wait for that, because they record what already happened
//! elsewhere: a press the phone made offline and sent late, and an edit request the employee
//! filed and a manager approved. Those are written ([`Late::Adjust`]) and the period is marked
//! as having late changes; the `reports` crate then carries the difference into the next open
//! period's payroll file as adjustment rows, and keeps the closed period's own file as it was
//! (the figures stored at closing, [`LockedPeriod::payroll`]).
//!
//! Closing takes two steps so that no change slips between the figures and the lock: the lock
//! row is written first (from then on writers are refused or marked late), then the `reports`
//! crate computes the figures and stores them with [`PeriodsService::record_payroll`]. If that
//! fails the lock is taken back ([`PeriodsService::abandon`]), leaving no half-closed period.

use crate::entities::{pay_period_adjustments, pay_period_events, pay_period_locks, time_entries};
use crate::error::ClockError;
use chrono::{DateTime, NaiveDate, Utc};
use kernel::tenancy::same_company;
use kernel::{AdminCtx, CompanyId, ManagerCtx, TenantCtx, UserId, WriteGate};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    QueryFilter, QueryOrder,
};

/// What a write does when one of its days is in a closed period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Late {
    /// Refused: a change made directly (an admin's edit, a new shift, a deletion, time off).
    Refuse,
    /// Written, and carried as an adjustment: an offline press sent late, an approved request.
    Adjust,
}

/// What happened to a pay period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PeriodEventKind {
    Closed,
    AutoClosed,
    Reopened,
}

impl PeriodEventKind {
    pub fn code(self) -> &'static str {
        match self {
            PeriodEventKind::Closed => "closed",
            PeriodEventKind::AutoClosed => "auto_closed",
            PeriodEventKind::Reopened => "reopened",
        }
    }

    pub fn from_code(code: &str) -> Option<Self> {
        [PeriodEventKind::Closed, PeriodEventKind::AutoClosed, PeriodEventKind::Reopened]
            .into_iter()
            .find(|kind| kind.code() == code)
    }
}

/// A closed pay period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LockedPeriod {
    pub start: NaiveDate,
    pub end: NaiveDate,
    pub locked_at: DateTime<Utc>,
    /// `None`: closed by the company's auto-close setting.
    pub locked_by: Option<UserId>,
    /// The payroll file's figures as they were when it closed (the `reports` crate's JSON).
    pub payroll: Option<String>,
    /// When a late change first touched it after it closed.
    pub late_changes_at: Option<DateTime<Utc>>,
}

impl From<pay_period_locks::Model> for LockedPeriod {
    fn from(row: pay_period_locks::Model) -> Self {
        Self {
            start: row.start_day,
            end: row.end_day,
            locked_at: row.locked_at,
            locked_by: row.locked_by,
            payroll: row.payroll,
            late_changes_at: row.late_changes_at,
        }
    }
}

/// One line of a pay period's history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PeriodEvent {
    pub kind: PeriodEventKind,
    pub by: Option<UserId>,
    pub reason: Option<String>,
    pub at: DateTime<Utc>,
}

/// A closed period's late changes for one person, carried into a later period's file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Adjustment {
    pub source: (NaiveDate, NaiveDate),
    pub target: (NaiveDate, NaiveDate),
    pub employee: UserId,
    /// The differences (the `reports` crate's JSON).
    pub figures: String,
}

/// The longest reason kept for a reopening.
pub const REASON_MAX: usize = 500;
pub const REASON_MISSING: &str = "Please say why the pay period is reopened";

/// "The pay period 11/01/2026–11/14/2026 is closed…": what a refused change tells the person.
pub fn closed_message(start: NaiveDate, end: NaiveDate) -> String {
    format!(
        "The pay period {}–{} is closed for payroll. An admin can reopen it (Reports → Payroll file) to change its hours.",
        start.format("%m/%d/%Y"),
        end.format("%m/%d/%Y")
    )
}

/// The closed periods of `company` holding any day of `first..=last`, oldest first.
pub async fn locked_between(
    db: &impl ConnectionTrait,
    company: CompanyId,
    first: NaiveDate,
    last: NaiveDate,
) -> Result<Vec<LockedPeriod>, DbErr> {
    Ok(pay_period_locks::Entity::find()
        .filter(same_company::<pay_period_locks::Entity>(company))
        .filter(pay_period_locks::Column::StartDay.lte(last))
        .filter(pay_period_locks::Column::EndDay.gte(first))
        .order_by_asc(pay_period_locks::Column::StartDay)
        .all(db)
        .await?
        .into_iter()
        .map(LockedPeriod::from)
        .collect())
}

/// The writers' check, inside their transaction: `days` (the company days the write changes)
/// outside every closed period pass; inside one, [`Late::Refuse`] refuses and [`Late::Adjust`]
/// marks the period as having late changes and lets the write go on.
pub async fn guard(
    db: &impl ConnectionTrait,
    company: CompanyId,
    days: &[NaiveDate],
    late: Late,
) -> Result<(), ClockError> {
    let (Some(first), Some(last)) = (days.iter().min(), days.iter().max()) else {
        return Ok(());
    };
    let hit: Vec<LockedPeriod> = locked_between(db, company, *first, *last)
        .await?
        .into_iter()
        .filter(|period| days.iter().any(|day| (period.start..=period.end).contains(day)))
        .collect();
    let Some(period) = hit.first() else {
        return Ok(());
    };
    match late {
        Late::Refuse => Err(ClockError::PeriodClosed(closed_message(period.start, period.end))),
        Late::Adjust => {
            pay_period_locks::Entity::update_many()
                .col_expr(pay_period_locks::Column::LateChangesAt, Expr::value(crate::now()))
                .filter(same_company::<pay_period_locks::Entity>(company))
                .filter(pay_period_locks::Column::StartDay.is_in(hit.iter().map(|period| period.start)))
                .filter(pay_period_locks::Column::LateChangesAt.is_null())
                .exec(db)
                .await?;
            Ok(())
        }
    }
}

/// The last day of the company's latest closed period, if any (overtime rules may not start on
/// or before it).
pub async fn last_locked_day(db: &impl ConnectionTrait, company: CompanyId) -> Result<Option<NaiveDate>, DbErr> {
    Ok(pay_period_locks::Entity::find()
        .filter(same_company::<pay_period_locks::Entity>(company))
        .order_by_desc(pay_period_locks::Column::EndDay)
        .one(db)
        .await?
        .map(|row| row.end_day))
}

/// Overtime rules from `effective_from` on would change closed periods when it falls on or
/// before the last closed day: refused on the `effectiveFrom` field, saying the first day open.
pub async fn refuse_rules_from(
    db: &impl ConnectionTrait,
    company: CompanyId,
    effective_from: NaiveDate,
) -> Result<(), ClockError> {
    match last_locked_day(db, company).await? {
        Some(last) if effective_from <= last => Err(ClockError::Validation(kernel::FieldErrors::single(
            "effectiveFrom",
            format!(
                "Pay periods up to {} are closed for payroll: new overtime rules can start on {} at the earliest.",
                last.format("%m/%d/%Y"),
                (last + chrono::Duration::days(1)).format("%m/%d/%Y")
            ),
        ))),
        _ => Ok(()),
    }
}

/// Who may close a period: an admin, or the auto-close job (no person).
#[derive(Debug, Clone, Copy)]
pub enum Closer {
    Admin(UserId),
    Automatic,
}

/// The pay periods' locks, their history and their adjustments.
#[derive(Clone)]
pub struct PeriodsService {
    db: DatabaseConnection,
    gate: WriteGate,
}

impl PeriodsService {
    pub fn new(db: DatabaseConnection, gate: WriteGate) -> Self {
        Self { db, gate }
    }

    /// The company's closed periods holding any day of `first..=last`.
    pub async fn locked(
        &self,
        ctx: &TenantCtx,
        first: NaiveDate,
        last: NaiveDate,
    ) -> Result<Vec<LockedPeriod>, ClockError> {
        Ok(locked_between(&self.db, ctx.company(), first, last).await?)
    }

    /// Closed periods before `day` with late changes (the candidates for adjustments).
    pub async fn late_before(&self, ctx: &ManagerCtx, day: NaiveDate) -> Result<Vec<LockedPeriod>, ClockError> {
        Ok(pay_period_locks::Entity::find()
            .filter(same_company::<pay_period_locks::Entity>(ctx.company()))
            .filter(pay_period_locks::Column::EndDay.lt(day))
            .filter(pay_period_locks::Column::LateChangesAt.is_not_null())
            .order_by_asc(pay_period_locks::Column::StartDay)
            .all(&self.db)
            .await?
            .into_iter()
            .map(LockedPeriod::from)
            .collect())
    }

    /// The first step of closing `start..=end` (a whole pay period, already checked by the
    /// caller against the pay cycle): refused while it has not ended in the company's today,
    /// while a shift in it is still running or a missed punch in it waits for a decision, or
    /// when it is closed already. Writes the lock and its history line.
    pub async fn lock(
        &self,
        ctx: &ManagerCtx,
        closer: Closer,
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<(), ClockError> {
        let zone = ctx.time_zone();
        let today = kernel::time::local_date(zone, crate::now());
        if end >= today {
            return Err(ClockError::Refused(
                "This pay period has not ended yet. Close it once its last day is over.".to_owned(),
            ));
        }
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        if !locked_between(&txn, ctx.company(), start, end).await?.is_empty() {
            return Err(ClockError::Refused("This pay period is closed already.".to_owned()));
        }
        let (from, to) = (
            kernel::time::start_of_day(zone, start),
            kernel::time::start_of_day(zone, end + chrono::Duration::days(1)),
        );
        let running = time_entries::Entity::find()
            .filter(same_company::<time_entries::Entity>(ctx.company()))
            .filter(time_entries::Column::EndAt.is_null())
            .filter(time_entries::Column::StartAt.lt(to))
            .one(&txn)
            .await?;
        if running.is_some() {
            return Err(ClockError::Refused(
                "Someone is still clocked in on a shift that began in this pay period. End or correct it first."
                    .to_owned(),
            ));
        }
        if !crate::missed::unsettled(&txn, ctx.company(), None, Some((from, to))).await?.is_empty() {
            return Err(ClockError::Refused(
                "This pay period has missed punches waiting for a decision (Inbox → Missed punches). Settle them first."
                    .to_owned(),
            ));
        }
        let now = crate::now();
        let by = match closer {
            Closer::Admin(admin) => Some(admin),
            Closer::Automatic => None,
        };
        pay_period_locks::ActiveModel {
            company_id: Set(ctx.company()),
            start_day: Set(start),
            end_day: Set(end),
            locked_at: Set(now),
            locked_by: Set(by),
            payroll: Set(None),
            late_changes_at: Set(None),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(|err| match err.sql_err() {
            // Another admin (or the job) closed it in the same moment.
            Some(sea_orm::SqlErr::UniqueConstraintViolation(_)) => {
                ClockError::Refused("This pay period is closed already.".to_owned())
            }
            _ => ClockError::Database(err),
        })?;
        let kind = match closer {
            Closer::Admin(_) => PeriodEventKind::Closed,
            Closer::Automatic => PeriodEventKind::AutoClosed,
        };
        record_event(&txn, ctx.company(), (start, end), kind, by, None, now).await?;
        let change =
            audit::Change::new(audit::Subject::TimeSettings, format!("pay-period-{start}"), audit::Action::Updated)
                .field("payPeriod", format!("{start} – {end} open"), format!("{start} – {end} closed"));
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        Ok(())
    }

    /// The second step of closing: the file's figures, and what it carries from earlier closed
    /// periods (each an [`Adjustment`] whose target is this period).
    pub async fn record_payroll(
        &self,
        ctx: &ManagerCtx,
        start: NaiveDate,
        payroll: String,
        carried: Vec<Adjustment>,
    ) -> Result<(), ClockError> {
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        pay_period_locks::Entity::update_many()
            .col_expr(pay_period_locks::Column::Payroll, Expr::value(payroll))
            .filter(same_company::<pay_period_locks::Entity>(ctx.company()))
            .filter(pay_period_locks::Column::StartDay.eq(start))
            .exec(&txn)
            .await?;
        let now = crate::now();
        for adjustment in carried {
            pay_period_adjustments::ActiveModel {
                company_id: Set(ctx.company()),
                source_start: Set(adjustment.source.0),
                source_end: Set(adjustment.source.1),
                target_start: Set(adjustment.target.0),
                target_end: Set(adjustment.target.1),
                employee_id: Set(adjustment.employee),
                figures: Set(adjustment.figures),
                created_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
        }
        txn.commit().await?;
        Ok(())
    }

    /// Takes back a lock whose figures could not be made (its history line goes with it).
    pub async fn abandon(&self, ctx: &ManagerCtx, start: NaiveDate) -> Result<(), ClockError> {
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let removed = pay_period_locks::Entity::delete_many()
            .filter(same_company::<pay_period_locks::Entity>(ctx.company()))
            .filter(pay_period_locks::Column::StartDay.eq(start))
            .filter(pay_period_locks::Column::Payroll.is_null())
            .exec(&txn)
            .await?;
        if removed.rows_affected > 0 {
            let last = pay_period_events::Entity::find()
                .filter(same_company::<pay_period_events::Entity>(ctx.company()))
                .filter(pay_period_events::Column::StartDay.eq(start))
                .order_by_desc(pay_period_events::Column::Id)
                .one(&txn)
                .await?;
            if let Some(last) = last {
                pay_period_events::Entity::delete_by_id(last.id).exec(&txn).await?;
            }
        }
        txn.commit().await?;
        Ok(())
    }

    /// Reopens a closed period, an admin's alone and with a reason (kept in its history). What
    /// it had carried from earlier periods is no longer carried: those late changes wait for the
    /// next period that closes.
    pub async fn reopen(&self, ctx: &AdminCtx, start: NaiveDate, reason: &str) -> Result<(), ClockError> {
        let reason = reason.trim();
        let mut errors = kernel::FieldErrors::new();
        if reason.is_empty() {
            errors.add("reason", REASON_MISSING);
        } else if reason.chars().count() > REASON_MAX {
            errors.add("reason", "Please keep the reason under 500 characters");
        }
        errors.into_result(()).map_err(ClockError::Validation)?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let lock = pay_period_locks::Entity::find()
            .filter(same_company::<pay_period_locks::Entity>(ctx.company()))
            .filter(pay_period_locks::Column::StartDay.eq(start))
            .one(&txn)
            .await?
            .ok_or_else(|| ClockError::Refused("This pay period is not closed.".to_owned()))?;
        pay_period_locks::Entity::delete_by_id(lock.id).exec(&txn).await?;
        pay_period_adjustments::Entity::delete_many()
            .filter(same_company::<pay_period_adjustments::Entity>(ctx.company()))
            .filter(pay_period_adjustments::Column::TargetStart.eq(start))
            .exec(&txn)
            .await?;
        record_event(
            &txn,
            ctx.company(),
            (lock.start_day, lock.end_day),
            PeriodEventKind::Reopened,
            Some(ctx.actor()),
            Some(reason.to_owned()),
            crate::now(),
        )
        .await?;
        let (first, last) = (lock.start_day, lock.end_day);
        let change =
            audit::Change::new(audit::Subject::TimeSettings, format!("pay-period-{first}"), audit::Action::Updated)
                .field("payPeriod", format!("{first} – {last} closed"), format!("{first} – {last} open"))
                .field("reason", serde_json::Value::Null, reason);
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        Ok(())
    }

    /// A period's history, oldest first.
    pub async fn history(&self, ctx: &ManagerCtx, start: NaiveDate) -> Result<Vec<PeriodEvent>, ClockError> {
        Ok(pay_period_events::Entity::find()
            .filter(same_company::<pay_period_events::Entity>(ctx.company()))
            .filter(pay_period_events::Column::StartDay.eq(start))
            .order_by_asc(pay_period_events::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .filter_map(|row| {
                Some(PeriodEvent {
                    kind: PeriodEventKind::from_code(&row.kind)?,
                    by: row.by_user,
                    reason: row.reason,
                    at: row.at,
                })
            })
            .collect())
    }

    /// The adjustments carried out of `source` periods (by their first day) into closed ones.
    pub async fn carried_from(&self, ctx: &ManagerCtx, sources: &[NaiveDate]) -> Result<Vec<Adjustment>, ClockError> {
        if sources.is_empty() {
            return Ok(Vec::new());
        }
        self.adjustments(ctx, pay_period_adjustments::Column::SourceStart.is_in(sources.iter().copied())).await
    }

    /// The adjustments a closed period carried in.
    pub async fn carried_into(&self, ctx: &ManagerCtx, target: NaiveDate) -> Result<Vec<Adjustment>, ClockError> {
        self.adjustments(ctx, pay_period_adjustments::Column::TargetStart.eq(target)).await
    }

    async fn adjustments(
        &self,
        ctx: &ManagerCtx,
        filter: sea_orm::sea_query::SimpleExpr,
    ) -> Result<Vec<Adjustment>, ClockError> {
        Ok(pay_period_adjustments::Entity::find()
            .filter(same_company::<pay_period_adjustments::Entity>(ctx.company()))
            .filter(filter)
            .order_by_asc(pay_period_adjustments::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|row| Adjustment {
                source: (row.source_start, row.source_end),
                target: (row.target_start, row.target_end),
                employee: row.employee_id,
                figures: row.figures,
            })
            .collect())
    }

    /// The companies whose auto-close setting is on, with the number of days (the job's round).
    pub async fn auto_closing(&self) -> Result<Vec<(CompanyId, i64)>, ClockError> {
        use crate::entities::time_settings;
        use sea_orm::QuerySelect;
        let rows: Vec<(CompanyId, Option<i32>)> = time_settings::Entity::find()
            .filter(time_settings::Column::AutoLockDays.is_not_null())
            .select_only()
            .column(time_settings::Column::CompanyId)
            .column(time_settings::Column::AutoLockDays)
            .into_tuple()
            .all(&self.db)
            .await?;
        Ok(rows.into_iter().filter_map(|(company, days)| Some((company, i64::from(days?)))).collect())
    }
}

async fn record_event(
    db: &impl ConnectionTrait,
    company: CompanyId,
    (start, end): (NaiveDate, NaiveDate),
    kind: PeriodEventKind,
    by: Option<UserId>,
    reason: Option<String>,
    at: DateTime<Utc>,
) -> Result<(), DbErr> {
    pay_period_events::ActiveModel {
        company_id: Set(company),
        start_day: Set(start),
        end_day: Set(end),
        kind: Set(kind.code().to_owned()),
        by_user: Set(by),
        reason: Set(reason),
        at: Set(at),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}
