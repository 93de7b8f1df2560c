//! A change of a shift: the shift it would make, the payroll clerk's rules it must meet, applying
//! it, and its recorded history (`GET /timesheet/changes`).

use super::{TimesheetService, FUTURE_END_MESSAGE, FUTURE_START_MESSAGE};
use crate::commands::BreakOperation;
use crate::entities::timesheet_changes;
use crate::error::TimesheetError;
use crate::views::*;
use chrono::{DateTime, Utc};
use clock::shift::{Interval, Shift};
use clock::store::StoredShift;
use kernel::{EntryId, FieldErrors, TenantCtx, UserId};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

/// One recorded change: the field, its original value and its new value.
type FieldChange = (&'static str, Option<DateTime<Utc>>, Option<DateTime<Utc>>);

impl TimesheetService {
    /// `GET /timesheet/changes`, oldest first.
    pub async fn changes(&self, ctx: &TenantCtx, entry_id: EntryId) -> Result<Vec<ChangeView>, TimesheetError> {
        let (shift, _) = self.shift_in_scope(ctx, entry_id).await?;
        let rows = timesheet_changes::Entity::find()
            .filter(kernel::tenancy::same_company::<timesheet_changes::Entity>(ctx.company()))
            .filter(timesheet_changes::Column::EntryId.eq(shift.entry.id))
            .order_by_asc(timesheet_changes::Column::ChangedAt)
            .order_by_asc(timesheet_changes::Column::Id)
            .all(&self.db)
            .await?;
        let names = self.names(ctx, rows.iter().map(|row| row.actor_id)).await?;
        Ok(rows
            .into_iter()
            .map(|row| {
                let (firstname, lastname) = names.get(&row.actor_id).cloned().unwrap_or_default();
                ChangeView {
                    change_date: row.changed_at,
                    change_field: row.change_field,
                    original_value: row.original_value,
                    change_value: row.change_value,
                    firstname,
                    lastname,
                }
            })
            .collect())
    }
}

/// The shift as it would be after a change.
pub(super) fn proposed_shift(
    current: &StoredShift,
    start: Option<DateTime<Utc>>,
    end: Option<DateTime<Utc>>,
    breaks: &BreakOperation,
) -> Shift {
    let old = current.shift();
    let end = end.or(old.end);
    let mut breaks = match breaks {
        BreakOperation::Keep => old.breaks.clone(),
        BreakOperation::RemoveAll => Vec::new(),
        BreakOperation::Replace(breaks) => breaks.clone(),
    };
    // Ending a running shift ends its running break at the same moment.
    if old.end.is_none() {
        if let Some(end) = end {
            for pause in breaks.iter_mut().filter(|pause| pause.end.is_none() && pause.start < end) {
                pause.end = Some(end);
            }
        }
    }
    breaks.sort_by_key(|pause| pause.start);
    Shift { start: start.unwrap_or(old.start), end, breaks }
}

/// The payroll clerk's rules: a valid shift that overlaps none of the employee's others.
pub(super) async fn check_shift(
    db: &impl ConnectionTrait,
    ctx: &TenantCtx,
    employee: UserId,
    this_entry: Option<EntryId>,
    shift: &Shift,
) -> Result<(), TimesheetError> {
    let mut errors = FieldErrors::new();
    for problem in shift.problems() {
        errors.add(problem.field(), problem.message());
    }
    // Nobody works in the future: a minute's grace for clocks that run a little ahead.
    let latest = clock::now() + chrono::Duration::minutes(1);
    if shift.start > latest {
        errors.add("start", FUTURE_START_MESSAGE);
    }
    if shift.end.is_some_and(|end| end > latest) {
        errors.add("end", FUTURE_END_MESSAGE);
    }
    if clock::writes::overlaps_another(db, ctx.company(), employee, shift, this_entry).await? {
        errors.add("start", "This shift overlaps another shift");
    }
    errors.into_result(()).map_err(TimesheetError::Validation)
}

/// Applies a change to a shift with its change history. Runs inside the caller's transaction.
pub(super) async fn apply_change(
    txn: &impl ConnectionTrait,
    ctx: &TenantCtx,
    current: &StoredShift,
    start: Option<DateTime<Utc>>,
    end: Option<DateTime<Utc>>,
    breaks: &BreakOperation,
    late: clock::periods::Late,
) -> Result<(), TimesheetError> {
    let old = current.shift();
    let new = proposed_shift(current, start, end, breaks);
    check_shift(txn, ctx, current.entry.employee_id, Some(current.entry.id), &new).await?;

    let mut old_breaks = old.breaks.clone();
    old_breaks.sort_by_key(|pause| pause.start);
    let breaks_changed = old_breaks != new.breaks;
    clock::writes::change_shift(txn, ctx.company(), current.entry.id, &new, breaks_changed, ctx.time_zone(), late)
        .await?;
    // A shift closed provisionally (a missed punch) is settled by its correction.
    clock::missed::settle(txn, ctx.company(), current.entry.id, ctx.actor(), clock::now()).await?;
    let mut changes = Vec::new();
    if old.start != new.start {
        changes.push(("start", Some(old.start), Some(new.start)));
    }
    if old.end != new.end {
        changes.push(("end", old.end, new.end));
    }
    changes.extend(break_changes(&old_breaks, &new.breaks));
    record_changes(txn, ctx, current.entry.id, current.entry.employee_id, audit::Action::Updated, changes).await
}

/// `break` (a break's start) and `resume` (its end) changes, pairing breaks in time order.
pub(super) fn break_changes(old: &[Interval], new: &[Interval]) -> Vec<FieldChange> {
    let mut changes = Vec::new();
    for index in 0..old.len().max(new.len()) {
        let (before, after) = (old.get(index), new.get(index));
        let (from_before, from_after) = (before.map(|b| b.start), after.map(|b| b.start));
        if from_before != from_after {
            changes.push(("break", from_before, from_after));
        }
        let (to_before, to_after) = (before.and_then(|b| b.end), after.and_then(|b| b.end));
        if to_before != to_after {
            changes.push(("resume", to_before, to_after));
        }
    }
    changes
}

/// Writes the shift's history (`timesheet_changes`, shown on the shift) and the company's audit
/// trail's entry for the same change, about `employee`'s shift.
pub(super) async fn record_changes(
    db: &impl ConnectionTrait,
    ctx: &TenantCtx,
    entry_id: EntryId,
    employee: kernel::UserId,
    action: audit::Action,
    changes: Vec<FieldChange>,
) -> Result<(), TimesheetError> {
    let now = clock::now();
    let mut entry = audit::Change::new(audit::Subject::Shift, entry_id.0, action).about(employee);
    for (field, before, after) in &changes {
        entry = entry.field(field, before.map(audit::instant), after.map(audit::instant));
    }
    audit::record(db, ctx, entry).await?;
    if action != audit::Action::Updated || !changes.is_empty() {
        let fields: Vec<serde_json::Value> = changes
            .iter()
            .map(|(field, before, after)| {
                serde_json::json!({"field": field, "before": before.map(audit::instant), "after": after.map(audit::instant)})
            })
            .collect();
        let data = serde_json::json!({
            "shiftId": entry_id.0,
            "employeeId": employee.0,
            "action": action.code(),
            "changes": fields,
        });
        webhooks::emit(db, ctx.company(), webhooks::Event::TimesheetEdited, data).await?;
    }
    for (field, original, change) in changes {
        timesheet_changes::ActiveModel {
            company_id: Set(ctx.company()),
            entry_id: Set(entry_id),
            actor_id: Set(ctx.actor()),
            change_field: Set(field.to_owned()),
            original_value: Set(original),
            change_value: Set(change),
            changed_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(h: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 5, 4, h, 0, 0).unwrap()
    }

    #[test]
    fn break_changes_pair_breaks_in_order() {
        let old = [Interval { start: at(12), end: Some(at(13)) }];
        let new = [Interval { start: at(12), end: Some(at(14)) }, Interval { start: at(15), end: Some(at(16)) }];
        assert_eq!(
            break_changes(&old, &new),
            vec![("resume", Some(at(13)), Some(at(14))), ("break", None, Some(at(15))), ("resume", None, Some(at(16)))]
        );
        assert!(break_changes(&new, &new).is_empty());
    }
}
