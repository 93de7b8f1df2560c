//! The shifts themselves: an employee's list, one shift's details, the admins' 'Edit Now', 'Add
//! Shift' and removing a shift.

use super::changes::{apply_change, break_changes, check_shift, record_changes};
use super::{TimesheetService, MAX_LIST_DAYS, PAGE_SIZE};
use crate::commands::{ShiftAdd, ShiftEdit};
use crate::error::TimesheetError;
use crate::views::*;
use chrono::{Duration, NaiveDate};
use clock::periods::Late;
use clock::shift::Shift;
use clock::store::{self, StoredShift};
use kernel::time::start_of_day;
use kernel::{AdminCtx, EntryId, FieldErrors, ManagerCtx, TenantCtx, UserId};

impl TimesheetService {
    /// `GET /timesheet/list`: one employee's shifts that started on `start..=end` (company days).
    pub async fn list(
        &self,
        ctx: &TenantCtx,
        employee: Option<i64>,
        start: NaiveDate,
        end: NaiveDate,
        page: Option<u64>,
    ) -> Result<EntryList, TimesheetError> {
        let mut errors = FieldErrors::new();
        kernel::validation::check_date(&mut errors, "start", Some(start));
        kernel::validation::check_date(&mut errors, "end", Some(end));
        if let Some(page) = page {
            if let Err(page_errors) = kernel::validation::page(Some(page)) {
                errors.add("page", page_errors.first_message().unwrap_or_default());
            }
        }
        if !errors.is_empty() {
            return Err(TimesheetError::Validation(errors));
        }
        if end < start {
            return Err(TimesheetError::Validation(FieldErrors::single(
                "end",
                "The end date must not be before the start date",
            )));
        }
        if (end - start).num_days() >= MAX_LIST_DAYS {
            return Err(TimesheetError::Validation(FieldErrors::single(
                "end",
                format!("Please choose at most {MAX_LIST_DAYS} days"),
            )));
        }
        let employee = self.accounts.employee_in_scope(ctx, employee.map_or(ctx.actor(), UserId)).await?;
        let tz = ctx.time_zone();
        let shifts = store::shifts_of(
            &self.db,
            ctx.company(),
            employee.id,
            start_of_day(tz, start),
            start_of_day(tz, end + Duration::days(1)),
        )
        .await?;
        let total_count = shifts.len() as u64;
        let shown: Vec<&StoredShift> = match page {
            Some(page) => shifts.iter().skip((page.max(1) as usize - 1) * PAGE_SIZE).take(PAGE_SIZE).collect(),
            None => shifts.iter().collect(),
        };
        let ids: Vec<EntryId> = shown.iter().map(|shift| shift.entry.id).collect();
        let pending = self.pending_entries(&ids).await?;
        let current = self.clock_state(ctx, employee.id).await?;
        let offline = clock::receipts::offline_presses(&self.db, ctx.company(), &ids).await?;
        let reviews = self.reviews_of(ctx, employee.id, start, end).await?;
        Ok(EntryList {
            reviews,
            entries: shown
                .into_iter()
                .map(|shift| {
                    Self::entry_view(ctx, shift, &employee, pending.contains(&shift.entry.id), current, &offline)
                })
                .collect(),
            total_count,
            employee: EmployeeSummary {
                id: employee.id.0,
                firstname: employee.first_name.clone(),
                lastname: employee.last_name.clone(),
                avatar: employee.avatar.clone(),
                current_clock_status: current.code(),
            },
        })
    }

    /// `GET /timesheet/details`.
    pub async fn details(&self, ctx: &TenantCtx, entry_id: EntryId) -> Result<EntryView, TimesheetError> {
        self.view_of(ctx, entry_id).await
    }

    /// `POST /timesheet/edit` with a shift's id: 'Edit Now', the admins' (spec 000 §6).
    pub async fn edit_shift(&self, ctx: &AdminCtx, edit: ShiftEdit) -> Result<EntryView, TimesheetError> {
        let ShiftEdit { entry_id, start, end, breaks } = edit;
        let (shift, _) = self.shift_in_scope(ctx, entry_id).await?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        // An admin's own edit: refused in a closed pay period (reopen it first).
        apply_change(&txn, ctx, &shift, Some(start), end, &breaks, Late::Refuse).await?;
        txn.commit().await?;
        self.view_of(ctx, entry_id).await
    }

    /// `POST /timesheet/edit` without an id: 'Add Shift' (admins and managers, for people in
    /// their reach). Returns the new shift.
    pub async fn add_shift(&self, ctx: &ManagerCtx, add: ShiftAdd) -> Result<EntryView, TimesheetError> {
        let ShiftAdd { employee_id, start, end, breaks } = add;
        let employee_id = employee_id.ok_or_else(|| {
            TimesheetError::Validation(FieldErrors::single("employeeId", "Please choose an employee"))
        })?;
        let employee = self.accounts.employee_in_scope(ctx, UserId(employee_id)).await?;
        let shift = Shift { start, end: Some(end), breaks };
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        check_shift(&txn, ctx, employee.id, None, &shift).await?;
        let entry = clock::writes::create_shift(
            &txn,
            ctx.company(),
            employee.id,
            &shift,
            ctx.actor(),
            ctx.time_zone(),
            Late::Refuse,
        )
        .await?;
        let mut changes = vec![("start", None, Some(start)), ("end", None, Some(end))];
        changes.extend(break_changes(&[], &shift.breaks));
        record_changes(&txn, ctx, entry, employee.id, audit::Action::Created, changes).await?;
        txn.commit().await?;
        self.view_of(ctx, entry).await
    }

    /// `POST /timesheet/remove`: admins only; the shift goes with its breaks, history, comments
    /// and requests.
    pub async fn remove(&self, ctx: &AdminCtx, entry_id: EntryId) -> Result<(), TimesheetError> {
        let (shift, _) = self.shift_in_scope(ctx, entry_id).await?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        clock::writes::delete_shift(&txn, ctx.company(), shift.entry.id, ctx.time_zone(), Late::Refuse).await?;
        let stored = shift.shift();
        let change = audit::Change::new(audit::Subject::Shift, shift.entry.id.0, audit::Action::Deleted)
            .about(shift.entry.employee_id)
            .field("start", audit::instant(stored.start), serde_json::Value::Null)
            .field("end", stored.end.map(audit::instant), serde_json::Value::Null);
        audit::record(&txn, ctx, change).await?;
        let data = serde_json::json!({
            "shiftId": shift.entry.id.0,
            "employeeId": shift.entry.employee_id.0,
            "action": audit::Action::Deleted.code(),
            "changes": [
                {"field": "start", "before": audit::instant(stored.start), "after": null},
                {"field": "end", "before": stored.end.map(audit::instant), "after": null},
            ],
        });
        webhooks::emit(&txn, ctx.company(), webhooks::Event::TimesheetEdited, data).await?;
        txn.commit().await?;
        Ok(())
    }
}
