//! The timesheet service.
//!
//! Every shift, comment and request is looked up by id *and* company, then its employee through
//! [`accounts::Accounts::employee_in_scope`]: an employee reaches their own shifts, a manager
//! their reports' and their own, an admin the whole company; anything else is `NotFound`.
//! Writes that must agree (approving a request and applying it with its change history) run in
//! one transaction that starts with a conditional write, so two approvers cannot both win.
//!
//! The root holds the service, the lookups its parts share and the messages; the parts are
//! grouped by concern: `shifts` (list, details, 'Edit Now', 'Add Shift', remove), `changes` (a
//! change's rules, applying it, its history), `comments`, `edit_requests` and `pay_cycle`.

mod changes;
mod comments;
mod edit_requests;
mod offline;
mod pay_cycle;
mod shifts;

pub use offline::{OfflinePressAnswer, ADD_SHIFT};

use crate::entities::timesheet_edit_requests as requests;
use crate::error::TimesheetError;
use crate::views::*;
use accounts::people::read::{self, PeopleFilter};
use accounts::{Accounts, Person};
use chrono::{NaiveDate, Utc};
use clock::machine::ClockState;
use clock::receipts::OfflinePress;
use clock::store::{self, StoredShift};
use kernel::time::{local_date, start_of_day};
use kernel::{EntryId, FieldErrors, RequestStatus, TenantCtx, UserId, WriteGate};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};
use std::collections::{HashMap, HashSet};

/// Rows per page when the list is paged (spec 000 §9).
pub const PAGE_SIZE: usize = 10;
/// The longest range one list may ask for.
pub const MAX_LIST_DAYS: i64 = 62;

#[derive(Clone)]
pub struct TimesheetService {
    pub(crate) db: DatabaseConnection,
    pub(crate) accounts: Accounts,
    pub(crate) gate: WriteGate,
    pub(crate) approvals: approvals::Approvals,
}

type Names = HashMap<UserId, (String, String)>;

impl TimesheetService {
    pub fn new(db: DatabaseConnection, accounts: Accounts, gate: WriteGate) -> Self {
        Self { approvals: approvals::Approvals::new(db.clone(), accounts.clone(), gate.clone()), db, accounts, gate }
    }

    /// A shift of the company that the caller may reach, with its employee.
    pub(crate) async fn shift_in_scope(
        &self,
        ctx: &TenantCtx,
        entry_id: EntryId,
    ) -> Result<(StoredShift, Person), TimesheetError> {
        let shift = store::find_in_company(&self.db, ctx.company(), entry_id).await?.ok_or(TimesheetError::NotFound)?;
        let employee = self.accounts.employee_in_scope(ctx, shift.entry.employee_id).await?;
        Ok((shift, employee))
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
            .filter_map(|request| request.entry_id)
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
        offline: &HashMap<EntryId, Vec<OfflinePress>>,
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
                .map(|action| ActionView {
                    action_type: action.action_type.clone(),
                    action_date: action.action_at,
                    source: action.source.clone(),
                    place_flag: action.place_note.clone(),
                })
                .collect(),
            offline_presses: offline.get(&shift.entry.id).cloned().unwrap_or_default(),
            missed_punch: clock::missed::MissedPunch::from_code(shift.entry.missed).map(|kind| kind.key().to_owned()),
            missed_open: shift.entry.missed != 0 && shift.entry.missed_settled_at.is_none(),
        }
    }

    pub(crate) async fn view_of(&self, ctx: &TenantCtx, entry_id: EntryId) -> Result<EntryView, TimesheetError> {
        let (shift, employee) = self.shift_in_scope(ctx, entry_id).await?;
        self.view_of_shift(ctx, shift, employee).await
    }

    /// The shift an approver just answered a request about: they may be its step's approver
    /// (a stand-in, a named approver) without reaching its employee.
    pub(crate) async fn answered_view_of(
        &self,
        ctx: &TenantCtx,
        entry_id: EntryId,
    ) -> Result<EntryView, TimesheetError> {
        let shift = store::find_in_company(&self.db, ctx.company(), entry_id).await?.ok_or(TimesheetError::NotFound)?;
        let employee = read::person(&self.db, ctx, shift.entry.employee_id).await?.ok_or(TimesheetError::NotFound)?;
        self.view_of_shift(ctx, shift, employee).await
    }

    async fn view_of_shift(
        &self,
        ctx: &TenantCtx,
        shift: StoredShift,
        employee: Person,
    ) -> Result<EntryView, TimesheetError> {
        let pending = self.pending_entries(&[shift.entry.id]).await?.contains(&shift.entry.id);
        let current = self.clock_state(ctx, employee.id).await?;
        let offline = clock::receipts::offline_presses(&self.db, ctx.company(), &[shift.entry.id]).await?;
        Ok(Self::entry_view(ctx, &shift, &employee, pending, current, &offline))
    }
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
