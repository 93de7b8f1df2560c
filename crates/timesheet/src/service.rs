//! The timesheet service.
//!
//! Every shift, comment and request is looked up by id *and* company, then its employee through
//! [`accounts::Accounts::employee_in_scope`]: an employee reaches their own shifts, a manager
//! their reports' and their own, an admin the whole company; anything else is `NotFound`.
//! Writes that must agree (approving a request and applying it with its change history) run in
//! one transaction that starts with a conditional write, so two approvers cannot both win.

use crate::commands::{BreakOperation, EditRequestCommand, ShiftAdd, ShiftEdit};
use crate::entities::{timesheet_changes, timesheet_comments, timesheet_edit_requests as requests};
use crate::error::TimesheetError;
use crate::paycycle::{overtime_by_day, pay_period};
use crate::views::*;
use accounts::people::read::{self, PeopleFilter};
use accounts::{Accounts, Person};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use clock::machine::ClockState;
use clock::shift::{Interval, Shift};
use clock::store::{self, StoredShift};
use kernel::time::{local_date, start_of_day, week_start};
use kernel::{AdminCtx, EditRequestId, EntryId, FieldErrors, ManagerCtx, RequestStatus, TenantCtx, UserId, WriteGate};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, SqlErr,
};
use std::collections::{BTreeMap, HashMap, HashSet};

/// Rows per page when the list is paged (spec 000 §9).
pub const PAGE_SIZE: usize = 10;
/// The longest range one list may ask for.
pub const MAX_LIST_DAYS: i64 = 62;

#[derive(Clone)]
pub struct TimesheetService {
    pub(crate) db: DatabaseConnection,
    accounts: Accounts,
    gate: WriteGate,
}

type Names = HashMap<UserId, (String, String)>;

/// One recorded change: the field, its original value and its new value.
type FieldChange = (&'static str, Option<DateTime<Utc>>, Option<DateTime<Utc>>);

impl TimesheetService {
    pub fn new(db: DatabaseConnection, accounts: Accounts, gate: WriteGate) -> Self {
        Self { db, accounts, gate }
    }

    /// A shift of the company that the caller may reach, with its employee.
    async fn shift_in_scope(
        &self,
        ctx: &TenantCtx,
        entry_id: EntryId,
    ) -> Result<(StoredShift, Person), TimesheetError> {
        let shift = store::find_in_company(&self.db, ctx.company(), entry_id).await?.ok_or(TimesheetError::NotFound)?;
        let employee = self.accounts.employee_in_scope(ctx, shift.entry.employee_id).await?;
        Ok((shift, employee))
    }

    async fn request_in_scope(
        &self,
        ctx: &TenantCtx,
        request_id: EditRequestId,
    ) -> Result<requests::Model, TimesheetError> {
        let request = requests::Entity::find_by_id(request_id)
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .ok_or(TimesheetError::NotFound)?;
        self.accounts.employee_in_scope(ctx, request.employee_id).await?;
        Ok(request)
    }

    /// First and last names of people of the company, by id.
    async fn names(&self, ctx: &TenantCtx, ids: impl IntoIterator<Item = UserId>) -> Result<Names, TimesheetError> {
        let ids: HashSet<UserId> = ids.into_iter().collect();
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        Ok(read::people(&self.db, ctx, &PeopleFilter::default().with_ids(ids))
            .await?
            .into_iter()
            .map(|user| (user.id, (user.first_name, user.last_name)))
            .collect())
    }

    async fn pending_entries(&self, ids: &[EntryId]) -> Result<HashSet<EntryId>, TimesheetError> {
        if ids.is_empty() {
            return Ok(HashSet::new());
        }
        Ok(requests::Entity::find()
            .filter(requests::Column::EntryId.is_in(ids.iter().copied()))
            .filter(requests::Column::Status.eq(RequestStatus::Raised))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|request| request.entry_id)
            .collect())
    }

    async fn clock_state(&self, ctx: &TenantCtx, employee: UserId) -> Result<ClockState, TimesheetError> {
        let today_starts = start_of_day(ctx.time_zone(), local_date(ctx.time_zone(), Utc::now()));
        let states = store::current_states(&self.db, ctx.company(), &[employee], today_starts).await?;
        Ok(states.get(&employee).copied().unwrap_or(ClockState::Initial))
    }

    fn entry_view(
        ctx: &TenantCtx,
        shift: &StoredShift,
        employee: &Person,
        pending: bool,
        current: ClockState,
    ) -> EntryView {
        let totalmins = shift.shift().worked_minutes(clock::now());
        EntryView {
            id: shift.entry.id.0,
            tracking_number: shift.entry.id.0,
            employee_id: employee.id.0,
            firstname: employee.first_name.clone(),
            lastname: employee.last_name.clone(),
            day: shift.shift().day(ctx.time_zone()),
            start: shift.entry.start_at,
            end: shift.entry.end_at,
            breaks: shift.breaks.iter().map(|pause| BreakView { from: pause.start_at, to: pause.end_at }).collect(),
            totalmins,
            duration: duration_text(totalmins),
            entry_status: if pending { 2 } else { 0 },
            current_clock_status: current.code(),
            history: shift
                .actions
                .iter()
                .map(|action| ActionView { action_type: action.action_type.clone(), action_date: action.action_at })
                .collect(),
        }
    }

    async fn view_of(&self, ctx: &TenantCtx, entry_id: EntryId) -> Result<EntryView, TimesheetError> {
        let (shift, employee) = self.shift_in_scope(ctx, entry_id).await?;
        let pending = self.pending_entries(&[shift.entry.id]).await?.contains(&shift.entry.id);
        let current = self.clock_state(ctx, employee.id).await?;
        Ok(Self::entry_view(ctx, &shift, &employee, pending, current))
    }

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
        Ok(EntryList {
            entries: shown
                .into_iter()
                .map(|shift| Self::entry_view(ctx, shift, &employee, pending.contains(&shift.entry.id), current))
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

    /// `GET /timesheet/comments`, oldest first.
    pub async fn comments(&self, ctx: &TenantCtx, entry_id: EntryId) -> Result<Vec<CommentView>, TimesheetError> {
        let (shift, _) = self.shift_in_scope(ctx, entry_id).await?;
        let rows = timesheet_comments::Entity::find()
            .filter(kernel::tenancy::same_company::<timesheet_comments::Entity>(ctx.company()))
            .filter(timesheet_comments::Column::EntryId.eq(shift.entry.id))
            .order_by_asc(timesheet_comments::Column::CreatedAt)
            .order_by_asc(timesheet_comments::Column::Id)
            .all(&self.db)
            .await?;
        let names = self.names(ctx, rows.iter().map(|row| row.author_id)).await?;
        Ok(rows.into_iter().map(|row| comment_view(row, &names)).collect())
    }

    /// `POST /timesheet/add-comment`: anyone who can see the shift can comment on it.
    pub async fn add_comment(
        &self,
        ctx: &TenantCtx,
        entry_id: EntryId,
        comment: String,
    ) -> Result<CommentView, TimesheetError> {
        let (shift, _) = self.shift_in_scope(ctx, entry_id).await?;
        let row = timesheet_comments::ActiveModel {
            company_id: Set(ctx.company()),
            entry_id: Set(shift.entry.id),
            author_id: Set(ctx.actor()),
            comment: Set(comment),
            created_at: Set(clock::now()),
            ..Default::default()
        }
        .insert(&self.db)
        .await?;
        let names = self.names(ctx, [row.author_id]).await?;
        Ok(comment_view(row, &names))
    }

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

    /// `GET /timesheet/requests`, newest first.
    pub async fn requests(&self, ctx: &TenantCtx, entry_id: EntryId) -> Result<Vec<EditRequestView>, TimesheetError> {
        let (shift, _) = self.shift_in_scope(ctx, entry_id).await?;
        let rows = requests::Entity::find()
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .filter(requests::Column::EntryId.eq(shift.entry.id))
            .order_by_desc(requests::Column::CreatedAt)
            .order_by_desc(requests::Column::Id)
            .all(&self.db)
            .await?;
        let names =
            self.names(ctx, rows.iter().flat_map(|row| [Some(row.requester_id), row.actor_id]).flatten()).await?;
        rows.into_iter().map(|row| request_view(row, &names)).collect()
    }

    /// `POST /timesheet/edit-request`: asks for a change of a shift the caller can reach. The
    /// change must make a valid shift now; it is checked again when approved.
    pub async fn request_edit(
        &self,
        ctx: &TenantCtx,
        command: EditRequestCommand,
    ) -> Result<EditRequestView, TimesheetError> {
        let (shift, employee) = self.shift_in_scope(ctx, command.entry_id).await?;
        let proposed = proposed_shift(&shift, command.start, command.end, &command.breaks);
        if proposed == shift.shift() {
            return Err(TimesheetError::Invalid(NO_CHANGE_MESSAGE.to_owned()));
        }
        check_shift(&self.db, ctx, employee.id, Some(shift.entry.id), &proposed).await?;
        let payload = RequestPayload {
            start: command.start,
            end: command.end,
            boptype: command.breaks.code().to_owned(),
            breaks: match &command.breaks {
                BreakOperation::Replace(breaks) => {
                    breaks.iter().map(|b| BreakView { from: b.start, to: b.end }).collect()
                }
                _ => Vec::new(),
            },
        };
        let payload = serde_json::to_string(&payload).map_err(|err| TimesheetError::Internal(err.to_string()))?;
        let saved = requests::ActiveModel {
            company_id: Set(ctx.company()),
            entry_id: Set(shift.entry.id),
            employee_id: Set(employee.id),
            requester_id: Set(ctx.actor()),
            change_type: Set(command.change_type.code().to_owned()),
            payload: Set(payload),
            comment: Set(command.comment),
            status: Set(RequestStatus::Raised),
            pending_entry_id: Set(Some(shift.entry.id)),
            actor_id: Set(None),
            act_comment: Set(None),
            acted_at: Set(None),
            created_at: Set(clock::now()),
            ..Default::default()
        }
        .insert(&self.db)
        .await
        .map_err(|err| match err.sql_err() {
            Some(SqlErr::UniqueConstraintViolation(_)) => {
                TimesheetError::Conflict("There is already a pending edit request for this shift.".to_owned())
            }
            _ => TimesheetError::Database(err),
        })?;
        let names = self.names(ctx, [saved.requester_id]).await?;
        request_view(saved, &names)
    }

    /// Moves a raised request to `status`, if it is still raised. The first statement of the
    /// caller's transaction.
    async fn close_request(
        db: &impl ConnectionTrait,
        ctx: &TenantCtx,
        request_id: EditRequestId,
        status: RequestStatus,
        comment: Option<String>,
    ) -> Result<(), TimesheetError> {
        let result = requests::Entity::update_many()
            .col_expr(requests::Column::Status, Expr::value(status))
            .col_expr(requests::Column::PendingEntryId, Expr::value(Option::<EntryId>::None))
            .col_expr(requests::Column::ActorId, Expr::value(ctx.actor()))
            .col_expr(requests::Column::ActComment, Expr::value(comment))
            .col_expr(requests::Column::ActedAt, Expr::value(clock::now()))
            .filter(requests::Column::Id.eq(request_id))
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .filter(requests::Column::Status.eq(RequestStatus::Raised))
            .exec(db)
            .await?;
        if result.rows_affected == 1 {
            Ok(())
        } else {
            Err(TimesheetError::Conflict("This request is no longer pending.".to_owned()))
        }
    }

    async fn request_view_by_id(
        &self,
        ctx: &TenantCtx,
        request_id: EditRequestId,
    ) -> Result<EditRequestView, TimesheetError> {
        let row = requests::Entity::find_by_id(request_id)
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .ok_or(TimesheetError::NotFound)?;
        let names = self.names(ctx, [Some(row.requester_id), row.actor_id].into_iter().flatten()).await?;
        request_view(row, &names)
    }

    /// `POST /timesheet/edit-request-cancel`: only the person who asked.
    pub async fn cancel_request(
        &self,
        ctx: &TenantCtx,
        request_id: EditRequestId,
    ) -> Result<EditRequestView, TimesheetError> {
        let request = self.request_in_scope(ctx, request_id).await?;
        if request.requester_id != ctx.actor() {
            return Err(TimesheetError::Forbidden);
        }
        Self::close_request(&self.db, ctx, request.id, RequestStatus::Canceled, None).await?;
        self.request_view_by_id(ctx, request.id).await
    }

    /// Admins act on anyone's request, managers on their reports'; nobody on a request they
    /// raised or one about their own hours ([`ManagerCtx::may_decide`]).
    async fn approver_check(
        &self,
        ctx: &ManagerCtx,
        request_id: EditRequestId,
    ) -> Result<requests::Model, TimesheetError> {
        let request = self.request_in_scope(ctx, request_id).await?;
        if !ctx.may_decide(request.requester_id, request.employee_id) {
            return Err(TimesheetError::OwnRequest);
        }
        Ok(request)
    }

    /// `POST /timesheet/edit-request-approve`: applies the change and its history atomically.
    pub async fn approve(&self, ctx: &ManagerCtx, request_id: EditRequestId) -> Result<EntryView, TimesheetError> {
        let request = self.approver_check(ctx, request_id).await?;
        let payload: RequestPayload =
            serde_json::from_str(&request.payload).map_err(|err| TimesheetError::Internal(err.to_string()))?;
        let breaks = match payload.boptype.as_str() {
            "REMOVE" => BreakOperation::RemoveAll,
            "REPLACE" => {
                BreakOperation::Replace(payload.breaks.iter().map(|b| Interval { start: b.from, end: b.to }).collect())
            }
            _ => BreakOperation::Keep,
        };
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        Self::close_request(&txn, ctx, request.id, RequestStatus::Approved, None).await?;
        let shift =
            store::find_in_company(&txn, ctx.company(), request.entry_id).await?.ok_or(TimesheetError::NotFound)?;
        apply_change(&txn, ctx, &shift, payload.start, payload.end, &breaks).await?;
        txn.commit().await?;
        self.view_of(ctx, request.entry_id).await
    }

    /// `POST /timesheet/edit-request-reject`: the reason is kept with the request.
    pub async fn reject(
        &self,
        ctx: &ManagerCtx,
        request_id: EditRequestId,
        reason: String,
    ) -> Result<EditRequestView, TimesheetError> {
        let request = self.approver_check(ctx, request_id).await?;
        Self::close_request(&self.db, ctx, request.id, RequestStatus::Rejected, Some(reason)).await?;
        self.request_view_by_id(ctx, request.id).await
    }

    /// `POST /timesheet/edit` with a shift's id: 'Edit Now', the admins' (spec 000 §6).
    pub async fn edit_shift(&self, ctx: &AdminCtx, edit: ShiftEdit) -> Result<EntryView, TimesheetError> {
        let ShiftEdit { entry_id, start, end, breaks } = edit;
        let (shift, _) = self.shift_in_scope(ctx, entry_id).await?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        apply_change(&txn, ctx, &shift, Some(start), end, &breaks).await?;
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
        let entry =
            clock::writes::create_shift(&txn, ctx.company(), employee.id, &shift, ctx.actor(), ctx.time_zone()).await?;
        let mut changes = vec![("start", None, Some(start)), ("end", None, Some(end))];
        changes.extend(break_changes(&[], &shift.breaks));
        record_changes(&txn, ctx, entry, changes).await?;
        txn.commit().await?;
        self.view_of(ctx, entry).await
    }

    /// `POST /timesheet/remove`: admins only; the shift goes with its breaks, history, comments
    /// and requests.
    pub async fn remove(&self, ctx: &AdminCtx, entry_id: EntryId) -> Result<(), TimesheetError> {
        let (shift, _) = self.shift_in_scope(ctx, entry_id).await?;
        clock::writes::delete_shift(&self.db, ctx.company(), shift.entry.id).await?;
        Ok(())
    }

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
        let first_week = week_start(start);
        let last_week = week_start(end);
        let days = self.daily_minutes(ctx, employee.id, first_week, last_week + Duration::days(6)).await?;
        let overtime = overtime_by_day(&days, settings.weekly_overtime_minutes);
        let mut weeks = Vec::new();
        let mut week = first_week;
        while week <= last_week {
            let week_end = week + Duration::days(6);
            let minutes = days.range(week..=week_end).map(|(_, m)| m).sum();
            let overtime_minutes = overtime.range(week.max(start)..=week_end.min(end)).map(|(_, m)| m).sum();
            weeks.push(WeekOvertime { week_start: week, week_end, minutes, overtime_minutes });
            week += Duration::days(7);
        }
        Ok(PayCycleOvertime {
            pay_cycle_start: start,
            pay_cycle_end: end,
            threshold_minutes: settings.weekly_overtime_minutes,
            total_overtime_minutes: weeks.iter().map(|week| week.overtime_minutes).sum(),
            weeks,
        })
    }
}

fn comment_view(row: timesheet_comments::Model, names: &Names) -> CommentView {
    let (firstname, lastname) = names.get(&row.author_id).cloned().unwrap_or_default();
    CommentView {
        id: row.id,
        entry_id: row.entry_id.0,
        comment: row.comment,
        comment_date: row.created_at,
        firstname,
        lastname,
        employee_id: row.author_id.0,
    }
}

fn request_view(row: requests::Model, names: &Names) -> Result<EditRequestView, TimesheetError> {
    let payload: RequestPayload =
        serde_json::from_str(&row.payload).map_err(|err| TimesheetError::Internal(err.to_string()))?;
    let (requester_firstname, requester_lastname) = names.get(&row.requester_id).cloned().unwrap_or_default();
    let actor = row.actor_id.and_then(|id| names.get(&id).cloned());
    Ok(EditRequestView {
        id: row.id.0,
        entry_id: row.entry_id.0,
        employee_id: row.employee_id.0,
        requester_id: row.requester_id.0,
        request_date: row.created_at,
        request_comments: row.comment,
        change_type: row.change_type,
        payload,
        status: row.status.code(),
        act_date: row.acted_at,
        act_comments: row.act_comment,
        actor_firstname: actor.as_ref().map(|(first, _)| first.clone()),
        actor_lastname: actor.map(|(_, last)| last),
        requester_firstname,
        requester_lastname,
    })
}

/// The shift as it would be after a change.
fn proposed_shift(
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
async fn check_shift(
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
async fn apply_change(
    txn: &impl ConnectionTrait,
    ctx: &TenantCtx,
    current: &StoredShift,
    start: Option<DateTime<Utc>>,
    end: Option<DateTime<Utc>>,
    breaks: &BreakOperation,
) -> Result<(), TimesheetError> {
    let old = current.shift();
    let new = proposed_shift(current, start, end, breaks);
    check_shift(txn, ctx, current.entry.employee_id, Some(current.entry.id), &new).await?;

    let mut old_breaks = old.breaks.clone();
    old_breaks.sort_by_key(|pause| pause.start);
    let breaks_changed = old_breaks != new.breaks;
    clock::writes::change_shift(txn, current.entry.id, &new, breaks_changed, ctx.time_zone()).await?;
    let mut changes = Vec::new();
    if old.start != new.start {
        changes.push(("start", Some(old.start), Some(new.start)));
    }
    if old.end != new.end {
        changes.push(("end", old.end, new.end));
    }
    changes.extend(break_changes(&old_breaks, &new.breaks));
    record_changes(txn, ctx, current.entry.id, changes).await
}

/// `break` (a break's start) and `resume` (its end) changes, pairing breaks in time order.
fn break_changes(old: &[Interval], new: &[Interval]) -> Vec<FieldChange> {
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

async fn record_changes(
    db: &impl ConnectionTrait,
    ctx: &TenantCtx,
    entry_id: EntryId,
    changes: Vec<FieldChange>,
) -> Result<(), TimesheetError> {
    let now = clock::now();
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

/// An edit request that would leave the shift as it is (spec 000's text).
pub const NO_CHANGE_MESSAGE: &str = "No change was made";
pub const FUTURE_START_MESSAGE: &str = "The clock in cannot be in the future";
pub const FUTURE_END_MESSAGE: &str = "The clock out cannot be in the future";

/// The longest range of days a report or a pay-cycle figure covers.
const MAX_RANGE_DAYS: i64 = 400;

/// A range of days from a request: both in the years the product deals in, in order, and no
/// longer than [`MAX_RANGE_DAYS`].
pub(crate) fn check_range(range: Option<(NaiveDate, NaiveDate)>) -> Result<(), TimesheetError> {
    let Some((start, end)) = range else { return Ok(()) };
    let mut errors = FieldErrors::new();
    kernel::validation::check_date(&mut errors, "start", Some(start));
    kernel::validation::check_date(&mut errors, "end", Some(end));
    if errors.is_empty() && end < start {
        errors.add("end", "The end date must not be before the start date");
    }
    if errors.is_empty() && (end - start).num_days() > MAX_RANGE_DAYS {
        errors.add("end", format!("Please choose at most {MAX_RANGE_DAYS} days"));
    }
    errors.into_result(()).map_err(TimesheetError::Validation)
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
