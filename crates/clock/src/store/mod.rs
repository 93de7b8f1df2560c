//! Reading shifts with their breaks and history: a fixed number of queries however many shifts.
//!
//! The parts: this file is a stored shift and how its breaks and actions are attached; `card` is
//! the clock card's reads; `shifts` finds shifts (by person, by id, open ones) and the clocks'
//! current states, and stores a shift's worked time; `totals` adds up worked and overtime
//! minutes by day and week; `changes` is the log of worked-day changes the accrual job reads.

mod card;
mod changes;
mod shifts;
mod totals;

pub use card::{cards, CardFacts, CardOf};
pub use changes::{forget_worked_changes, running_through, worked_change_mark, worked_days_changed};
pub use shifts::{
    current_clocks, current_states, find_in_company, first_shift_start, open_shift, shifts_of, shifts_of_many,
    store_worked_time, unsummed_of, worked_spans, CurrentClock,
};
pub use totals::{
    employee_week_totals, revision_sums, unsummed_days, week_revisions, week_totals, worked_minutes, Grouping,
    WeekTotals,
};

use crate::entities::{time_entries, time_entry_actions, time_entry_breaks};
use crate::machine::ClockState;
use crate::shift::{Interval, Shift};
use kernel::EntryId;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use std::collections::HashMap;

/// A shift as stored, with its breaks and its clock actions (oldest first).
#[derive(Debug, Clone)]
pub struct StoredShift {
    pub entry: time_entries::Model,
    pub breaks: Vec<time_entry_breaks::Model>,
    pub actions: Vec<time_entry_actions::Model>,
}

impl StoredShift {
    pub fn shift(&self) -> Shift {
        Shift {
            start: self.entry.start_at,
            end: self.entry.end_at,
            breaks: self.breaks.iter().map(|pause| Interval { start: pause.start_at, end: pause.end_at }).collect(),
        }
    }

    pub fn state(&self) -> ClockState {
        ClockState::from_code(self.entry.state).unwrap_or(ClockState::ClockedOut)
    }

    pub fn open_break(&self) -> Option<&time_entry_breaks::Model> {
        self.breaks.iter().find(|pause| pause.end_at.is_none())
    }
}

/// Attaches breaks and actions to entries, in two queries.
pub async fn with_details(
    db: &impl ConnectionTrait,
    entries: Vec<time_entries::Model>,
) -> Result<Vec<StoredShift>, DbErr> {
    attach(db, entries, true).await
}

/// Attaches breaks only (what worked time needs), in one query.
pub async fn with_breaks(
    db: &impl ConnectionTrait,
    entries: Vec<time_entries::Model>,
) -> Result<Vec<StoredShift>, DbErr> {
    attach(db, entries, false).await
}

async fn attach(
    db: &impl ConnectionTrait,
    entries: Vec<time_entries::Model>,
    with_actions: bool,
) -> Result<Vec<StoredShift>, DbErr> {
    if entries.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<EntryId> = entries.iter().map(|entry| entry.id).collect();
    let mut breaks: HashMap<EntryId, Vec<time_entry_breaks::Model>> = HashMap::new();
    for chunk in ids.chunks(500) {
        for pause in time_entry_breaks::Entity::find()
            .filter(time_entry_breaks::Column::EntryId.is_in(chunk.iter().copied()))
            .order_by_asc(time_entry_breaks::Column::StartAt)
            .order_by_asc(time_entry_breaks::Column::Id)
            .all(db)
            .await?
        {
            breaks.entry(pause.entry_id).or_default().push(pause);
        }
    }
    let mut actions: HashMap<EntryId, Vec<time_entry_actions::Model>> = HashMap::new();
    for chunk in ids.chunks(500).filter(|_| with_actions) {
        for action in time_entry_actions::Entity::find()
            .filter(time_entry_actions::Column::EntryId.is_in(chunk.iter().copied()))
            .order_by_asc(time_entry_actions::Column::ActionAt)
            .order_by_asc(time_entry_actions::Column::Id)
            .all(db)
            .await?
        {
            actions.entry(action.entry_id).or_default().push(action);
        }
    }
    Ok(entries
        .into_iter()
        .map(|entry| StoredShift {
            breaks: breaks.remove(&entry.id).unwrap_or_default(),
            actions: actions.remove(&entry.id).unwrap_or_default(),
            entry,
        })
        .collect())
}
