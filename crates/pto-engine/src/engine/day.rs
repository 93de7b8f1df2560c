//! The steps of one day for one type: the rule in force, the period's opening, starting
//! balances, the fixed grant and the accruals (capped by the maximum balance and the yearly
//! accrual cap), manual additions,
//! time off, and the year end's forfeit and carryover.

use super::calendar::{days_between, next_day, period_containing, rule_year};
use super::{ActiveRule, Block, DayCtx, Expiring, PeriodTotals, TypeState};
use crate::ledger::{Basis, CapKind, Cut, EntryKind, LedgerEntry};
use crate::model::{Method, Rule};
use crate::round::Exact;
use crate::schedule::{CreditOn, RateBasis, Rounding};
use chrono::{Datelike, NaiveDate, Weekday};

/// Appends one entry and keeps the balance and the period totals.
fn emit(
    ts: &mut TypeState,
    out: &mut Vec<LedgerEntry>,
    day: NaiveDate,
    kind: EntryKind,
    minutes: i64,
    basis: Basis,
    source: Option<crate::model::SourceId>,
) {
    match kind {
        EntryKind::Carryover => ts.totals.carryover = minutes,
        EntryKind::Accrued => ts.totals.earned = ts.totals.earned.saturating_add(minutes),
        EntryKind::Forfeited => ts.totals.forfeited = ts.totals.forfeited.saturating_add(minutes),
        EntryKind::NewPtoPlan => ts.totals.starting = ts.totals.starting.saturating_add(minutes),
        EntryKind::ManuallyAddition => ts.totals.manual = ts.totals.manual.saturating_add(minutes),
        EntryKind::PtoRequest => ts.totals.used = ts.totals.used.saturating_sub(minutes),
    }
    if kind != EntryKind::Carryover {
        ts.balance = ts.balance.saturating_add(minutes);
    }
    out.push(LedgerEntry {
        date: day,
        pto_type: ts.pto_type,
        kind,
        minutes,
        balance_after: ts.balance,
        rule: ts.rule.map(|r| r.rule_ref()),
        source,
        basis,
        cut: None,
    });
}

/// Credits an exact accrual by the rule's rounding, never above the maximum balance.
fn credit(ts: &mut TypeState, out: &mut Vec<LedgerEntry>, day: NaiveDate, exact: Exact, basis: Basis) {
    let rounding = ts.rule.map_or(Rounding::None, |r| r.rule.schedule.rounding);
    let (whole, rest) = rounding.apply(ts.remainder.plus(exact));
    ts.remainder = rest;
    let room = ts
        .rule
        .and_then(|r| r.rule.max_balance_minutes())
        .map_or(i64::MAX, |max| max.saturating_sub(ts.balance).max(0));
    // A yearly accrual cap counts what the period has earned so far (its grants and accruals).
    let year_room = ts
        .rule
        .and_then(|r| r.rule.yearly_accrual_cap_minutes())
        .map_or(i64::MAX, |cap| cap.saturating_sub(ts.totals.earned).max(0));
    let minutes = whole.min(room).min(year_room);
    if minutes > 0 {
        emit(ts, out, day, EntryKind::Accrued, minutes, basis, None);
        if minutes < whole {
            let by = if year_room < room { CapKind::YearlyAccrualCap } else { CapKind::MaxBalance };
            if let Some(entry) = out.last_mut() {
                entry.cut = Some(Cut { minutes: whole.saturating_sub(minutes), by });
            }
        }
    }
}

/// The steps of one day for one type, in this order: rule change, period opening
/// (CARRYOVER), starting balances, the fixed grant, the waiting-period catch-up, accrual
/// credits, manual additions, time off, and the year end.
pub(super) fn type_day(
    ts: &mut TypeState,
    ctx: &DayCtx<'_>,
    today: Option<&ActiveRule>,
    check_rule: bool,
    changes_tomorrow: bool,
    out: &mut Vec<LedgerEntry>,
) {
    let day = ctx.day;
    let pto_type = ts.pto_type;

    // The rule in force (a new rule starts afresh: the old one settled yesterday).
    if check_rule && ts.rule.as_ref() != today {
        ts.rule = today.copied();
        ts.rule_since = day;
        ts.remainder = Exact::ZERO;
        ts.block = None;
        ts.worked_pending = 0;
        ts.eligible_from = today.map_or(ctx.start, |r| {
            ctx.start.checked_add_days(chrono::Days::new(u64::from(r.rule.waiting_days()))).unwrap_or(NaiveDate::MAX)
        });
        let (first, last) = rule_year(today.map(|r| &r.rule), ctx.start, day);
        ts.year_start = first;
        ts.year_end = last;
    }
    if day > ts.year_end || day < ts.year_start {
        let (first, last) = rule_year(ts.rule.as_ref().map(|r| &r.rule), ctx.start, day);
        ts.year_start = first;
        ts.year_end = last;
    }

    // A new period opens with what the last one carried.
    if let Some(carried) = ts.pending_carry.take() {
        ts.period_start = day;
        ts.totals = PeriodTotals::default();
        ts.expiring = None;
        if carried > 0 {
            emit(ts, out, day, EntryKind::Carryover, carried, Basis::CarriedOver, None);
            if let Some(expiry) = ts.rule.and_then(|r| r.rule.schedule.carryover_expiry) {
                ts.expiring = Some(Expiring { lost_on: expiry.lost_on(day), carried, left: carried });
            }
        }
    }

    // Carried-over hours not used by their last day are lost (what was used came from them
    // first). After the last day of employment the balance stays as it was.
    if let Some(expiring) = ts.expiring.filter(|e| ctx.employed && day >= e.lost_on) {
        ts.expiring = None;
        let lost = expiring.left.min(ts.balance.max(0));
        if lost > 0 {
            let basis = Basis::CarryoverExpired { carried: expiring.carried, used: expiring.carried - expiring.left };
            emit(ts, out, day, EntryKind::Forfeited, lost.saturating_neg(), basis, None);
        }
    }

    // Starting balances replace the balance.
    for sb in ctx.starting.iter().filter(|s| s.pto_type == pto_type) {
        ts.expiring = None;
        if ts.balance != 0 {
            let closing = ts.balance;
            emit(
                ts,
                out,
                day,
                EntryKind::Forfeited,
                closing.saturating_neg(),
                Basis::ReplacedByStartingBalance,
                Some(sb.id),
            );
        }
        emit(ts, out, day, EntryKind::NewPtoPlan, sb.minutes, Basis::StartingBalance, Some(sb.id));
        if ts.rule.is_some_and(|r| r.rule.method.is_fixed()) {
            // The starting balance stands for this year's grant of a fixed rule.
            ts.last_grant = Some(day);
        }
    }

    if ctx.employed {
        if let Some(rule) = ts.rule.map(|a| a.rule) {
            accrue(ts, ctx, &rule, changes_tomorrow || !ctx.employed_tomorrow, out);
        }
    }

    for m in ctx.manual.iter().filter(|s| s.pto_type == pto_type) {
        emit(ts, out, day, EntryKind::ManuallyAddition, m.minutes, Basis::ManualAddition, Some(m.id));
    }
    for t in ctx.time_off.iter().filter(|s| s.pto_type == pto_type) {
        if let Some(expiring) = ts.expiring.as_mut() {
            expiring.left = expiring.left.saturating_sub(t.minutes.max(0)).max(0);
        }
        emit(ts, out, day, EntryKind::PtoRequest, t.minutes.saturating_neg(), Basis::TimeOff, Some(t.request));
    }

    // Year end: forfeit what is not carried; the next day opens the new period.
    if ctx.employed && ctx.employed_tomorrow && day == ts.year_end {
        let closing = ts.balance;
        let cap = ts.rule.and_then(|r| match (r.rule.max_carryover_minutes(), r.rule.max_balance_minutes()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        });
        let carried = closing.max(0).min(cap.unwrap_or(i64::MAX));
        if carried != closing {
            emit(
                ts,
                out,
                day,
                EntryKind::Forfeited,
                carried.saturating_sub(closing),
                Basis::YearEnd { closing, carried },
                None,
            );
        }
        ts.pending_carry = Some(carried);
    }
}

/// The automatic credits of an employed day under a rule.
fn accrue(ts: &mut TypeState, ctx: &DayCtx<'_>, rule: &Rule, rule_ends_today: bool, out: &mut Vec<LedgerEntry>) {
    let day = ctx.day;
    let eligible_from =
        ctx.start.checked_add_days(chrono::Days::new(u64::from(rule.waiting_days()))).unwrap_or(NaiveDate::MAX);
    let eligible = day >= eligible_from;

    if rule.method.is_fixed() {
        if eligible && ts.last_grant.is_none_or(|g| g < ts.year_start) {
            let counted_from = [
                ts.year_start,
                ts.rule_since,
                ctx.start,
                if rule.start_after_waiting_period { eligible_from } else { ctx.start },
            ]
            .into_iter()
            .max()
            .unwrap_or(day);
            let period_days = days_between(ts.year_start, next_day(ts.year_end));
            let covered_days = days_between(counted_from, next_day(ts.year_end));
            let year_rate = rule.rate_on(ctx.start, day);
            let rate = year_rate.exact_minutes();
            let (exact, covered_days) = if rule.prorated && covered_days < period_days {
                (
                    Exact::new(
                        i128::from(year_rate.centi()) * 3 * i128::from(covered_days),
                        5 * i128::from(period_days),
                    ),
                    covered_days,
                )
            } else {
                (rate, period_days)
            };
            credit(ts, out, day, exact, Basis::AnnualGrant { covered_days, period_days });
            ts.last_grant = Some(day);
        }
        return;
    }

    // Accrual earned during the waiting period is credited the day it ends.
    if eligible && !ts.deferred.is_zero() {
        let deferred = std::mem::replace(&mut ts.deferred, Exact::ZERO);
        credit(ts, out, day, deferred, Basis::WaitingPeriodEnded);
    }
    let counts = !rule.start_after_waiting_period || eligible;

    match rule.method {
        Method::PerPayPeriod => {
            let rate = rule.rate_on(ctx.start, day);
            let block = match ts.block {
                Some(b) if day < b.end => b,
                _ => period_containing(rule, ctx.start, day),
            };
            let last_day_of_block = ctx.tomorrow >= block.end;
            // Minutes per period: centi × 60 / 100 × share, a year's share when the rate is yearly.
            let (num, den) = match rule.schedule.rate_basis {
                RateBasis::PerPeriod => (1, 1),
                RateBasis::PerYear => rule.schedule.period.share_of_year(rule.rate_unit),
            };
            let prorate = |covered: u32, days: u32| {
                let (covered, days) = if covered >= days {
                    (1, 1)
                } else if rule.prorated {
                    (i128::from(covered), i128::from(days.max(1)))
                } else {
                    return None;
                };
                Some(Exact::new(i128::from(rate.centi()) * 3 * num * covered, 5 * den * days))
            };
            if rule.schedule.credit_on == CreditOn::PeriodStart {
                // In advance, on the first counted day: the days from here to the period's end
                // (or the known last day of employment).
                let mut block = block;
                if counts && !block.credited {
                    block.credited = true;
                    let until = ctx.termination.map_or(block.end, |t| block.end.min(next_day(t)));
                    let covered = days_between(day, until);
                    if let Some(exact) = prorate(covered, block.days) {
                        let basis = Basis::MonthsEmployed { covered_days: covered, block_days: block.days };
                        credit_or_defer(ts, out, day, eligible, exact, basis);
                    }
                }
                ts.block = if last_day_of_block || rule_ends_today { None } else { Some(block) };
                return;
            }
            let block = Block { covered: block.covered + u32::from(counts), ..block };
            ts.block = Some(block);
            if last_day_of_block || rule_ends_today {
                ts.block = None;
                if block.covered > 0 {
                    if let Some(exact) = prorate(block.covered, block.days) {
                        let basis = Basis::MonthsEmployed { covered_days: block.covered, block_days: block.days };
                        credit_or_defer(ts, out, day, eligible, exact, basis);
                    }
                }
            }
        }
        Method::PerHourWorked => {
            if counts {
                ts.worked_pending = ts.worked_pending.saturating_add(ctx.worked);
            }
            if day.weekday() == Weekday::Sat || day == ts.year_end || rule_ends_today {
                let worked = std::mem::take(&mut ts.worked_pending);
                if worked > 0 {
                    let rate = rule.rate_on(ctx.start, day);
                    let exact = Exact::new(i128::from(worked) * i128::from(rate.centi()), 100 * rule.unit());
                    let basis = Basis::HoursWorked { worked_minutes: worked };
                    credit_or_defer(ts, out, day, eligible, exact, basis);
                }
            }
        }
        Method::PerCalendarYear | Method::PerAnniversary => {}
    }
}

fn credit_or_defer(
    ts: &mut TypeState,
    out: &mut Vec<LedgerEntry>,
    day: NaiveDate,
    eligible: bool,
    exact: Exact,
    basis: Basis,
) {
    if exact.is_zero() {
        return;
    }
    if eligible {
        credit(ts, out, day, exact, basis);
    } else {
        ts.deferred = ts.deferred.plus(exact);
    }
}
