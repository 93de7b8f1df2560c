//! One run over the days: the inputs sorted once ([`Prepared`]), the cursors into them, and the
//! walk from a checkpoint through a day, handing each day to every type's steps.

use super::calendar::next_day;
use super::day::type_day;
use super::{types_of, ActiveRule, Checkpoint, DayCtx, TypeState};
use crate::ledger::LedgerEntry;
use crate::model::{EmployeeInput, ManualAddition, Plan, PtoTypeId, Rule, StartingBalance, TimeOffTaken};
use crate::round::Hours;
use chrono::NaiveDate;
use std::sync::Arc;

/// The inputs sorted once per run.
pub(super) struct Prepared {
    start: NaiveDate,
    termination: Option<NaiveDate>,
    /// Sorted by date; of two on one date the later in the input wins.
    plans: Vec<(NaiveDate, Option<Arc<Plan>>)>,
    worked: Vec<(NaiveDate, i64)>,
    starting: Vec<StartingBalance>,
    manual: Vec<ManualAddition>,
    time_off: Vec<TimeOffTaken>,
    pub(super) types: Vec<PtoTypeId>,
}

/// `plan` with the employee's own yearly allowances in its fixed rules (the same plan when none
/// applies).
fn with_allowances(plan: &Arc<Plan>, allowances: &std::collections::BTreeMap<PtoTypeId, Hours>) -> Arc<Plan> {
    let applies = |rule: &Rule| rule.method.is_fixed() && allowances.contains_key(&rule.pto_type);
    if !plan.rules.iter().any(applies) {
        return plan.clone();
    }
    let mut own = Plan::clone(plan);
    for rule in own.rules.iter_mut().filter(|rule| applies(rule)) {
        if let Some(hours) = allowances.get(&rule.pto_type) {
            rule.rate = *hours;
        }
    }
    Arc::new(own)
}

impl Prepared {
    pub(super) fn new(input: &EmployeeInput) -> Self {
        let start = input.employment.start;
        let mut plans: Vec<(NaiveDate, Option<Arc<Plan>>)> = input
            .plans
            .iter()
            .map(|a| (a.from, a.plan.as_ref().map(|plan| with_allowances(plan, &input.allowances))))
            .collect();
        plans.sort_by_key(|p| p.0);
        let mut deduped: Vec<(NaiveDate, Option<Arc<Plan>>)> = Vec::with_capacity(plans.len());
        for p in plans {
            match deduped.last_mut() {
                Some(last) if last.0 == p.0 => *last = p,
                _ => deduped.push(p),
            }
        }

        let mut worked: Vec<(NaiveDate, i64)> =
            input.worked.iter().filter(|w| w.date >= start).map(|w| (w.date, w.minutes)).collect();
        worked.sort_unstable_by_key(|w| w.0);
        let mut merged: Vec<(NaiveDate, i64)> = Vec::with_capacity(worked.len());
        for w in worked {
            match merged.last_mut() {
                Some(last) if last.0 == w.0 => last.1 = last.1.saturating_add(w.1),
                _ => merged.push(w),
            }
        }

        // Nothing happens before employment: earlier inputs take effect on the start date.
        let mut starting: Vec<StartingBalance> =
            input.starting_balances.iter().map(|s| StartingBalance { date: s.date.max(start), ..*s }).collect();
        starting.sort_unstable_by_key(|s| (s.date, s.pto_type, s.id, s.minutes));
        let mut manual: Vec<ManualAddition> =
            input.manual_additions.iter().map(|s| ManualAddition { date: s.date.max(start), ..*s }).collect();
        manual.sort_unstable_by_key(|s| (s.date, s.pto_type, s.id, s.minutes));
        let mut time_off: Vec<TimeOffTaken> =
            input.time_off.iter().map(|s| TimeOffTaken { date: s.date.max(start), ..*s }).collect();
        time_off.sort_unstable_by_key(|s| (s.date, s.pto_type, s.request, s.minutes));

        Prepared {
            start,
            termination: input.employment.termination,
            plans: deduped,
            worked: merged,
            starting,
            manual,
            time_off,
            types: types_of(input),
        }
    }

    fn employed(&self, day: NaiveDate) -> bool {
        day >= self.start && self.termination.is_none_or(|t| day <= t)
    }

    /// The plan in force on `day`, as the index one past it in `plans`.
    fn plan_cursor(&self, day: NaiveDate) -> usize {
        self.plans.partition_point(|p| p.0 <= day)
    }

    fn rules_at(&self, cursor: usize, types: &[TypeState]) -> Vec<Option<ActiveRule>> {
        let plan = cursor.checked_sub(1).and_then(|i| self.plans.get(i)).and_then(|p| p.1.as_deref());
        types
            .iter()
            .map(|t| plan.and_then(|p| p.rule_for(t.pto_type).map(|r| ActiveRule { plan: p.id, rule: *r })))
            .collect()
    }

    /// The first day on or after `day` with an explicit input (for skipping the days after
    /// termination, where nothing else happens).
    fn next_input_day(&self, cursors: &Cursors) -> Option<NaiveDate> {
        [
            self.starting.get(cursors.starting).map(|s| s.date),
            self.manual.get(cursors.manual).map(|s| s.date),
            self.time_off.get(cursors.time_off).map(|s| s.date),
        ]
        .into_iter()
        .flatten()
        .min()
    }

    pub(super) fn run(&self, checkpoint: &mut Checkpoint, through: NaiveDate, out: &mut Vec<LedgerEntry>) {
        let mut day = checkpoint.next_day.max(self.start);
        if day > through {
            return;
        }
        let mut cursors = Cursors::at(self, day);
        let mut plan_cursor = self.plan_cursor(day);
        let mut rules_today = self.rules_at(plan_cursor, &checkpoint.types);
        let mut check_rules = true;
        let mut last_done: Option<NaiveDate> = None;

        while day <= through {
            // After termination only explicit inputs write entries: jump to the next one.
            if self.termination.is_some_and(|t| day > t) && checkpoint.types.iter().all(|t| t.pending_carry.is_none()) {
                let target = self.next_input_day(&cursors);
                match target {
                    Some(t) if t <= through => {
                        if t > day {
                            day = t;
                            cursors = Cursors::at(self, day);
                            plan_cursor = self.plan_cursor(day);
                            rules_today = self.rules_at(plan_cursor, &checkpoint.types);
                            check_rules = true;
                        }
                    }
                    _ => {
                        last_done = Some(through);
                        break;
                    }
                }
            }

            // The plan in force today, and whether tomorrow's differs.
            while self.plans.get(plan_cursor).is_some_and(|p| p.0 <= day) {
                plan_cursor += 1;
                check_rules = true;
            }
            if check_rules {
                rules_today = self.rules_at(plan_cursor, &checkpoint.types);
            }
            let tomorrow = next_day(day);
            let rules_tomorrow = if self.plans.get(plan_cursor).is_some_and(|p| p.0 <= tomorrow) {
                let mut c = plan_cursor;
                while self.plans.get(c).is_some_and(|p| p.0 <= tomorrow) {
                    c += 1;
                }
                Some(self.rules_at(c, &checkpoint.types))
            } else {
                None
            };

            let ctx = DayCtx {
                day,
                tomorrow,
                start: self.start,
                termination: self.termination,
                employed: self.employed(day),
                employed_tomorrow: self.employed(tomorrow) && tomorrow != day,
                worked: cursors.worked_on(self, day),
                starting: cursors.take_starting(self, day),
                manual: cursors.take_manual(self, day),
                time_off: cursors.take_time_off(self, day),
            };

            for (i, ts) in checkpoint.types.iter_mut().enumerate() {
                let today = rules_today.get(i).and_then(Option::as_ref);
                let changes_tomorrow =
                    rules_tomorrow.as_ref().is_some_and(|r| r.get(i).and_then(Option::as_ref) != today);
                type_day(ts, &ctx, today, check_rules, changes_tomorrow, out);
            }

            check_rules = false;
            last_done = Some(day);
            if tomorrow == day {
                break;
            }
            day = tomorrow;
        }

        if let Some(done) = last_done {
            checkpoint.through = Some(done.max(checkpoint.through.unwrap_or(done)));
            checkpoint.next_day = next_day(done);
        }
    }
}

/// Positions in the sorted inputs.
struct Cursors {
    worked: usize,
    starting: usize,
    manual: usize,
    time_off: usize,
}

impl Cursors {
    fn at(p: &Prepared, day: NaiveDate) -> Self {
        Cursors {
            worked: p.worked.partition_point(|w| w.0 < day),
            starting: p.starting.partition_point(|s| s.date < day),
            manual: p.manual.partition_point(|s| s.date < day),
            time_off: p.time_off.partition_point(|s| s.date < day),
        }
    }

    fn worked_on(&mut self, p: &Prepared, day: NaiveDate) -> i64 {
        while p.worked.get(self.worked).is_some_and(|w| w.0 < day) {
            self.worked += 1;
        }
        match p.worked.get(self.worked) {
            Some(w) if w.0 == day => {
                self.worked += 1;
                w.1.max(0)
            }
            _ => 0,
        }
    }

    fn take_starting<'p>(&mut self, p: &'p Prepared, day: NaiveDate) -> &'p [StartingBalance] {
        let from = self.starting;
        while p.starting.get(self.starting).is_some_and(|s| s.date <= day) {
            self.starting += 1;
        }
        p.starting.get(from..self.starting).unwrap_or_default()
    }

    fn take_manual<'p>(&mut self, p: &'p Prepared, day: NaiveDate) -> &'p [ManualAddition] {
        let from = self.manual;
        while p.manual.get(self.manual).is_some_and(|s| s.date <= day) {
            self.manual += 1;
        }
        p.manual.get(from..self.manual).unwrap_or_default()
    }

    fn take_time_off<'p>(&mut self, p: &'p Prepared, day: NaiveDate) -> &'p [TimeOffTaken] {
        let from = self.time_off;
        while p.time_off.get(self.time_off).is_some_and(|s| s.date <= day) {
            self.time_off += 1;
        }
        p.time_off.get(from..self.time_off).unwrap_or_default()
    }
}
