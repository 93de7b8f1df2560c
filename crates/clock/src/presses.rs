//! Clock presses, applied a group at a time.
//!
//! Many people press at once at the start of the day, at lunch and at its end. On SQLite the
//! presses waiting for the write gate are applied together (`kernel::write_gate::GroupWriter`):
//! a fixed number of set-based statements per group, rather than three to five round trips per
//! press, and one commit. On PostgreSQL each press is a group of one in its own transaction.
//!
//! Every state change is a compare-and-set on the state read at the start of the group, so a
//! press that raced another (PostgreSQL has no gate) changes nothing and is refused; two
//! clock-ins of one person can never both open a shift, which the unique open-shift column
//! enforces besides.

use crate::entities::{time_entries, time_entry_actions, time_entry_breaks};
use crate::error::ClockError;
use crate::machine::{transition, ClockAction, ClockState, Refusal};
use crate::places::{PlaceVerdict, PressSource};
use crate::receipts::{self, NewReceipt, PressKey};
use crate::shift::{Shift, WorkedTime};
use crate::store::{self, CardFacts, CardOf, StoredShift};
use chrono::{DateTime, Utc};
use kernel::write_gate::WorkFuture;
use kernel::{CompanyId, EntryId, UserId};
use sea_orm::sea_query::{CaseStatement, Expr, OnConflict, Query, SimpleExpr, UpdateStatement, Values};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseTransaction, DbBackend, DbErr, EntityTrait, QueryFilter,
    QueryTrait, Statement,
};
use std::collections::{BTreeMap, HashMap, HashSet};

/// Which button.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PressKind {
    /// 'Clock In' or 'Start a New Shift'.
    Start,
    /// Break, resume or end on the open shift `tracking_number`.
    OnShift { tracking_number: EntryId, action: ClockAction },
}

/// One press: who, in which company and zone, which button, when; with its receipt when it was
/// sent with an `Idempotency-Key` (written with the press, in its transaction).
#[derive(Debug, Clone)]
pub struct Press {
    pub company: CompanyId,
    pub actor: UserId,
    pub tz: chrono_tz::Tz,
    pub kind: PressKind,
    pub now: DateTime<Utc>,
    pub receipt: Option<NewReceipt>,
    /// Where it came from, and the verdict on its place for a person held to locations.
    pub source: PressSource,
    pub place: Option<PlaceVerdict>,
}

impl PressKind {
    pub fn action(self) -> ClockAction {
        match self {
            PressKind::Start => ClockAction::Start,
            PressKind::OnShift { action, .. } => action,
        }
    }
}

/// A press's outcome: `Ok(Some(card))` applied, with the presser's clock card as the group left
/// it; `Ok(None)` the shift is not the person's or not in a state the button fits (nothing was
/// written; the caller explains why); `Err` a clock-in while clocked in.
pub type Outcome = Result<Option<CardFacts>, ClockError>;

/// A press's fate within the group: applied, refused (`Ok(false)`), or refused with a reason.
type Decision = Result<bool, ClockError>;

/// Applies `presses` in `txn`, for `GroupWriter`.
pub fn apply<'t>(
    txn: &'t DatabaseTransaction,
    presses: &'t [Press],
) -> WorkFuture<'t, Result<Vec<Outcome>, ClockError>> {
    Box::pin(apply_all(txn, presses))
}

/// Applies presses in `txn` (the group's, or an offline press's own), receipts first.
pub(crate) async fn apply_all(txn: &DatabaseTransaction, presses: &[Press]) -> Result<Vec<Outcome>, ClockError> {
    let mut decisions: Vec<Option<Decision>> = presses.iter().map(|_| None).collect();
    let claimed = claim_receipts(txn, presses, &mut decisions).await?;
    // The shift each person ended last in this group.
    let mut ended: HashMap<UserId, EntryId> = HashMap::new();
    for round in rounds(presses) {
        let round: Vec<usize> =
            round.into_iter().filter(|index| decisions.get(*index).is_some_and(Option::is_none)).collect();
        for (actor, entry_id) in apply_round(txn, presses, &round, &mut decisions).await? {
            ended.insert(actor, entry_id);
        }
    }
    if !ended.is_empty() {
        let company_of: HashMap<UserId, CompanyId> = presses.iter().map(|press| (press.actor, press.company)).collect();
        let closed = ended.iter().filter_map(|(actor, entry)| company_of.get(actor).map(|company| (*company, *entry)));
        shifts_closed(txn, closed.collect()).await?;
    }
    // The answers' clock cards, read in the group's transaction once its presses are applied:
    // the same few queries for the whole group, instead of a handful per press after it.
    let mut seen = HashSet::new();
    let card_of: Vec<CardOf> = presses
        .iter()
        .zip(&decisions)
        .filter(|(press, decision)| matches!(decision, Some(Ok(true))) && seen.insert(press.actor))
        .map(|(press, _)| CardOf {
            company: press.company,
            employee: press.actor,
            tz: press.tz,
            today: kernel::time::local_date(press.tz, press.now),
            just_ended: ended.get(&press.actor).copied(),
        })
        .collect();
    let cards = store::cards(txn, &card_of).await?;
    // A refused press is not made: its key may come again (only the press that claimed a key
    // gives it back; a second send of it was answered from the receipt).
    let mut refused: HashMap<CompanyId, Vec<PressKey>> = HashMap::new();
    for (index, (press, decision)) in presses.iter().zip(&decisions).enumerate() {
        if let (Some(receipt), false) = (&press.receipt, matches!(decision, Some(Ok(true)))) {
            if claimed.contains(&index) {
                refused.entry(press.company).or_default().push(receipt.key.clone());
            }
        }
    }
    for (company, keys) in refused {
        receipts::forget(txn, company, &keys).await?;
    }
    Ok(presses
        .iter()
        .zip(decisions)
        .map(|(press, decision)| match decision {
            Some(Ok(true)) => Ok(Some(cards.get(&press.actor).cloned().unwrap_or_default())),
            Some(Err(refusal)) => Err(refusal),
            Some(Ok(false)) | None => Ok(None),
        })
        .collect())
}

/// Tells the companies' webhooks of the shifts this group ended (`shift.closed`), in the group's
/// transaction, so a delivery exists exactly when the clock-out does. A company without such an
/// endpoint costs one indexed read; the shifts are read only for one that has.
async fn shifts_closed(txn: &DatabaseTransaction, ended: Vec<(CompanyId, EntryId)>) -> Result<(), DbErr> {
    let mut by_company: BTreeMap<CompanyId, Vec<EntryId>> = BTreeMap::new();
    for (company, entry) in ended {
        by_company.entry(company).or_default().push(entry);
    }
    let instant = |at: DateTime<Utc>| at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    for (company, ids) in by_company {
        let subscribers = webhooks::subscribers(txn, company, webhooks::Event::ShiftClosed).await?;
        if subscribers.is_empty() {
            continue;
        }
        let shifts = time_entries::Entity::find().filter(time_entries::Column::Id.is_in(ids)).all(txn).await?;
        let items = shifts
            .into_iter()
            .map(|shift| {
                serde_json::json!({
                    "shiftId": shift.id.0,
                    "employeeId": shift.employee_id.0,
                    "clockedInAt": instant(shift.start_at),
                    "clockedOutAt": shift.end_at.map(instant),
                    "workedMinutes": shift.worked_minutes,
                    "workDay": shift.work_day.map(|day| day.to_string()),
                })
            })
            .collect();
        subscribers.send(txn, items).await?;
    }
    Ok(())
}

/// Writes the receipts of the presses sent with a key; a press whose key is already stored (or
/// comes twice in the group) is not made again: it is answered from its receipt. The presses
/// that claimed their key here.
async fn claim_receipts(
    txn: &DatabaseTransaction,
    presses: &[Press],
    decisions: &mut [Option<Decision>],
) -> Result<HashSet<usize>, ClockError> {
    let mut first: HashMap<(CompanyId, PressKey), usize> = HashMap::new();
    let mut new = Vec::new();
    for (index, press) in presses.iter().enumerate() {
        let Some(receipt) = &press.receipt else { continue };
        match first.entry((press.company, receipt.key.clone())) {
            std::collections::hash_map::Entry::Occupied(_) => set(decisions, index, Err(ClockError::AlreadyPressed)),
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(index);
                new.push(receipt.clone());
            }
        }
    }
    let stored: HashSet<(CompanyId, PressKey)> = receipts::record(txn, &new).await?.into_iter().collect();
    let mut claimed = HashSet::new();
    for (company_key, index) in &first {
        if stored.contains(company_key) {
            claimed.insert(*index);
        } else {
            set(decisions, *index, Err(ClockError::AlreadyPressed));
        }
    }
    Ok(claimed)
}

/// The presses in rounds in which each person presses at most once, keeping each person's order:
/// a double click lands in two rounds, and its second press sees what the first one did.
fn rounds(presses: &[Press]) -> Vec<Vec<usize>> {
    let mut pressed: HashMap<UserId, usize> = HashMap::new();
    let mut rounds: Vec<Vec<usize>> = Vec::new();
    for (index, press) in presses.iter().enumerate() {
        let round = pressed.entry(press.actor).or_insert(0);
        if rounds.len() <= *round {
            rounds.push(Vec::new());
        }
        if let Some(members) = rounds.get_mut(*round) {
            members.push(index);
        }
        *round += 1;
    }
    rounds
}

fn set(outcomes: &mut [Option<Decision>], index: usize, outcome: Decision) {
    if let Some(slot) = outcomes.get_mut(index) {
        *slot = Some(outcome);
    }
}

fn history(entry_id: EntryId, action_type: &str, press: &Press) -> time_entry_actions::ActiveModel {
    let place = press.place.as_ref();
    let position = place.and_then(|place| place.position);
    time_entry_actions::ActiveModel {
        entry_id: Set(entry_id),
        action_type: Set(action_type.to_owned()),
        action_at: Set(press.now),
        actor_id: Set(press.actor),
        source: Set(press.source.code().to_owned()),
        location_id: Set(place.map(|place| place.location)),
        place_verdict: Set(place.and_then(|place| place.geo).map(|verdict| verdict.code().to_owned())),
        ip_verdict: Set(place.and_then(|place| place.ip).map(|verdict| verdict.code().to_owned())),
        place_note: Set(place.and_then(|place| place.note.clone())),
        latitude: Set(position.map(|position| position.latitude)),
        longitude: Set(position.map(|position| position.longitude)),
        // Metres: a fix's accuracy is far inside an i32.
        accuracy_m: Set(position.map(|position| position.accuracy_m.round() as i32)),
        client_ip: Set(place.and_then(|place| place.ip_address).map(|ip| ip.to_string())),
        ..Default::default()
    }
}

/// A planned state change of one shift.
struct Move {
    index: usize,
    press: Press,
    entry_id: EntryId,
    from: ClockState,
    to: ClockState,
    /// Set when the shift ends.
    worked: Option<WorkedTime>,
}

/// Applies a round; the shifts it ended, as (person, shift).
///
/// On SQLite the round's writes (the compare-and-set of each kind of move, the breaks and the
/// history) go to the database as one batch of statements, in one round trip to its worker
/// thread instead of one each: the shifts were read in this transaction, behind the write gate,
/// so every planned move takes place, which the batch's `RETURNING` confirms. On PostgreSQL a
/// racing press may have moved the shift since, so each compare-and-set runs first, on its own,
/// and only the moves that took place are written.
async fn apply_round(
    txn: &DatabaseTransaction,
    presses: &[Press],
    round: &[usize],
    outcomes: &mut [Option<Decision>],
) -> Result<Vec<(UserId, EntryId)>, ClockError> {
    let mut actions: Vec<time_entry_actions::ActiveModel> = Vec::new();
    let members: Vec<(usize, Press)> =
        round.iter().filter_map(|index| presses.get(*index).map(|press| (*index, press.clone()))).collect();
    let starts: Vec<(usize, Press)> =
        members.iter().filter(|(_, press)| press.kind == PressKind::Start).cloned().collect();
    if !starts.is_empty() {
        open_shifts(txn, &starts, outcomes, &mut actions).await?;
    }
    let moves = plan_moves(txn, &members, outcomes).await?;
    let backend = txn.get_database_backend();
    let batched = backend == DbBackend::Sqlite;
    let mut writes: Vec<Statement> = Vec::new();
    let moved = if batched {
        for (kind, group) in kinds(moves.iter()) {
            let mut update = compare_and_set(kind, &group);
            update.returning_col(time_entries::Column::Id);
            writes.push(backend.build(&update));
        }
        moves
    } else {
        apply_moves(txn, moves, outcomes).await?
    };
    let mut new_breaks = Vec::new();
    // The running breaks to end: (shift, when).
    let mut closing: Vec<(EntryId, DateTime<Utc>)> = Vec::new();
    let mut ended = Vec::new();
    for shift in &moved {
        let press = &shift.press;
        match (shift.from, shift.to) {
            (ClockState::ClockedIn, ClockState::OnBreak) => {
                new_breaks.push(time_entry_breaks::ActiveModel {
                    entry_id: Set(shift.entry_id),
                    start_at: Set(press.now),
                    end_at: Set(None),
                    ..Default::default()
                });
                actions.push(history(shift.entry_id, "break", press));
            }
            (ClockState::OnBreak, ClockState::ClockedIn) => {
                closing.push((shift.entry_id, press.now));
                actions.push(history(shift.entry_id, "resume", press));
            }
            (from, ClockState::ClockedOut) => {
                // Ending during a break ends the break first.
                if from == ClockState::OnBreak {
                    closing.push((shift.entry_id, press.now));
                    actions.push(history(shift.entry_id, "resume", press));
                }
                actions.push(history(shift.entry_id, "end", press));
                ended.push((press.actor, shift.entry_id));
            }
            _ => {}
        }
    }
    if !closing.is_empty() {
        let mut end_at = CaseStatement::new();
        for (entry_id, at) in &closing {
            end_at = end_at.case(time_entry_breaks::Column::EntryId.eq(*entry_id), Expr::value(*at));
        }
        let close = time_entry_breaks::Entity::update_many()
            .col_expr(time_entry_breaks::Column::EndAt, end_at.into())
            .filter(time_entry_breaks::Column::EntryId.is_in(closing.iter().map(|(entry_id, _)| *entry_id)))
            .filter(time_entry_breaks::Column::EndAt.is_null());
        writes.push(backend.build(&close.into_query()));
    }
    if !new_breaks.is_empty() {
        writes.push(backend.build(&time_entry_breaks::Entity::insert_many(new_breaks).into_query()));
    }
    if !actions.is_empty() {
        writes.push(backend.build(&time_entry_actions::Entity::insert_many(actions).into_query()));
    }
    if !batched {
        for write in writes {
            txn.execute(write).await?;
        }
        return Ok(ended);
    }
    let Some(batch) = one_batch(writes) else {
        return Ok(ended);
    };
    let mut confirmed = HashSet::new();
    for row in txn.query_all(batch).await? {
        confirmed.insert(row.try_get::<EntryId>("", "id")?);
    }
    if confirmed.len() != moved.len() || moved.iter().any(|planned| !confirmed.contains(&planned.entry_id)) {
        // Cannot happen behind the gate; if it does, the group is rolled back.
        return Err(DbErr::Custom("shifts changed while a group of presses was applied".to_owned()).into());
    }
    for planned in &moved {
        set(outcomes, planned.index, Ok(true));
    }
    Ok(ended)
}

/// SQLite statements as one: SQLite runs them in turn, each taking its own parameters from the
/// joint list in order.
fn one_batch(statements: Vec<Statement>) -> Option<Statement> {
    let mut statements = statements.into_iter();
    let mut batch = statements.next()?;
    for statement in statements {
        batch.sql.push_str(";\n");
        batch.sql.push_str(&statement.sql);
        if let Some(Values(values)) = statement.values {
            batch.values.get_or_insert_with(|| Values(Vec::new())).0.extend(values);
        }
    }
    Some(batch)
}

/// Clock-ins: a shift for each person who has none open, in one statement. The unique
/// open-shift column decides: a row whose person has an open shift (or got one from a racing
/// press, on PostgreSQL) is skipped, and the shifts inserted come back with their ids.
async fn open_shifts(
    txn: &DatabaseTransaction,
    starts: &[(usize, Press)],
    outcomes: &mut [Option<Decision>],
    actions: &mut Vec<time_entry_actions::ActiveModel>,
) -> Result<(), ClockError> {
    let rows = starts.iter().map(|(_, press)| {
        let worked = Shift { start: press.now, end: None, breaks: Vec::new() }.worked_time(press.tz);
        time_entries::ActiveModel {
            work_day: Set(Some(worked.day)),
            work_week: Set(Some(worked.week)),
            worked_minutes: Set(None),
            company_id: Set(press.company),
            employee_id: Set(press.actor),
            start_at: Set(press.now),
            end_at: Set(None),
            state: Set(ClockState::ClockedIn.code()),
            open_employee_id: Set(Some(press.actor)),
            created_by: Set(press.actor),
            created_at: Set(press.now),
            updated_at: Set(press.now),
            ..Default::default()
        }
    });
    let mut insert = time_entries::Entity::insert_many(rows)
        .on_conflict(OnConflict::column(time_entries::Column::OpenEmployeeId).do_nothing().to_owned())
        .into_query();
    insert.returning(Query::returning().columns([time_entries::Column::OpenEmployeeId, time_entries::Column::Id]));
    let mut opened: HashMap<UserId, EntryId> = HashMap::new();
    for row in txn.query_all(txn.get_database_backend().build(&insert)).await? {
        let employee: Option<UserId> = row.try_get("", "open_employee_id")?;
        if let Some(employee) = employee {
            opened.insert(employee, row.try_get("", "id")?);
        }
    }
    for (index, press) in starts {
        match opened.get(&press.actor) {
            Some(entry_id) => {
                actions.push(history(*entry_id, "start", press));
                set(outcomes, *index, Ok(true));
            }
            None => set(outcomes, *index, Err(ClockError::Refused(Refusal::AlreadyClockedIn.to_string()))),
        }
    }
    Ok(())
}

/// Reads the pressed shifts with their breaks and decides each press: the move it makes, or
/// `Ok(false)` when the shift is not the person's or the button does not fit its state.
async fn plan_moves(
    txn: &DatabaseTransaction,
    members: &[(usize, Press)],
    outcomes: &mut [Option<Decision>],
) -> Result<Vec<Move>, ClockError> {
    let pressed: Vec<(usize, Press, EntryId, ClockAction)> = members
        .iter()
        .filter_map(|(index, press)| match press.kind {
            PressKind::OnShift { tracking_number, action } => Some((*index, press.clone(), tracking_number, action)),
            PressKind::Start => None,
        })
        .collect();
    if pressed.is_empty() {
        return Ok(Vec::new());
    }
    // Scoped by the pressers' companies and persons in the query too; each shift is then
    // matched to its own presser below.
    let entries = time_entries::Entity::find()
        .filter(time_entries::Column::Id.is_in(pressed.iter().map(|(_, _, id, _)| *id)))
        .filter(time_entries::Column::CompanyId.is_in(pressed.iter().map(|(_, press, _, _)| press.company)))
        .filter(time_entries::Column::EmployeeId.is_in(pressed.iter().map(|(_, press, _, _)| press.actor)))
        .all(txn)
        .await?;
    let shifts: HashMap<EntryId, StoredShift> =
        store::with_breaks(txn, entries).await?.into_iter().map(|shift| (shift.entry.id, shift)).collect();
    let mut moves = Vec::new();
    for (index, press, entry_id, action) in pressed {
        let shift = shifts
            .get(&entry_id)
            .filter(|shift| shift.entry.company_id == press.company && shift.entry.employee_id == press.actor);
        let Some(shift) = shift else {
            set(outcomes, index, Ok(false));
            continue;
        };
        let from = shift.state();
        let to = match transition(from, action) {
            Ok(to) if from.is_open() => to,
            _ => {
                set(outcomes, index, Ok(false));
                continue;
            }
        };
        let worked = (to == ClockState::ClockedOut).then(|| ended(shift.shift(), press.now).worked_time(press.tz));
        moves.push(Move { index, press, entry_id, from, to, worked });
    }
    Ok(moves)
}

/// The shift as it is once ended at `now`, a running break ending with it.
fn ended(mut shift: Shift, now: DateTime<Utc>) -> Shift {
    for pause in &mut shift.breaks {
        pause.end.get_or_insert(now);
    }
    shift.end = Some(now);
    shift
}

/// The planned moves by kind (from, to): one statement each.
fn kinds<'m>(moves: impl IntoIterator<Item = &'m Move>) -> BTreeMap<(i16, i16), Vec<&'m Move>> {
    let mut kinds: BTreeMap<(i16, i16), Vec<&Move>> = BTreeMap::new();
    for planned in moves {
        kinds.entry((planned.from.code(), planned.to.code())).or_default().push(planned);
    }
    kinds
}

/// The compare-and-set of moves of one kind: each shift gets its own press's times, and only a
/// shift still in the state it was read in (and its presser's) changes.
fn compare_and_set((from, to): (i16, i16), group: &[&Move]) -> UpdateStatement {
    let mut update = time_entries::Entity::update_many()
        .col_expr(time_entries::Column::State, Expr::value(to))
        .col_expr(time_entries::Column::UpdatedAt, by_entry(group, |planned| Some(planned.press.now.into())));
    if to == ClockState::ClockedOut.code() {
        let worked = |value: fn(&WorkedTime) -> sea_orm::Value| {
            by_entry(group, move |planned| planned.worked.as_ref().map(value))
        };
        update = update
            .col_expr(time_entries::Column::EndAt, by_entry(group, |planned| Some(planned.press.now.into())))
            .col_expr(time_entries::Column::OpenEmployeeId, Expr::value(Option::<UserId>::None))
            .col_expr(time_entries::Column::WorkDay, worked(|worked| Some(worked.day).into()))
            .col_expr(time_entries::Column::WorkWeek, worked(|worked| Some(worked.week).into()))
            .col_expr(time_entries::Column::WorkedMinutes, worked(|worked| worked.minutes.into()));
    }
    update
        .filter(time_entries::Column::Id.is_in(group.iter().map(|planned| planned.entry_id)))
        .filter(time_entries::Column::CompanyId.is_in(group.iter().map(|planned| planned.press.company)))
        .filter(time_entries::Column::EmployeeId.is_in(group.iter().map(|planned| planned.press.actor)))
        .filter(time_entries::Column::State.eq(from))
        .into_query()
}

/// The compare-and-set of every planned move, one statement per kind of move, each on its own
/// (PostgreSQL); the moves that took place.
async fn apply_moves(
    txn: &DatabaseTransaction,
    moves: Vec<Move>,
    outcomes: &mut [Option<Decision>],
) -> Result<Vec<Move>, ClockError> {
    let backend = txn.get_database_backend();
    let mut took_place: HashSet<usize> = HashSet::new();
    for (kind, group) in kinds(moves.iter()) {
        let result = txn.execute(backend.build(&compare_and_set(kind, &group))).await?;
        if result.rows_affected() == group.len() as u64 {
            took_place.extend(group.iter().map(|planned| planned.index));
        } else if let [only] = group.as_slice() {
            // Changed by someone else since it was read: refused, nothing written.
            set(outcomes, only.index, Ok(false));
        } else {
            // A group of one on PostgreSQL; should a larger one race, it is applied press by press.
            return Err(DbErr::Custom("shifts changed while a group of presses was applied".to_owned()).into());
        }
    }
    let moved: Vec<Move> = moves.into_iter().filter(|planned| took_place.contains(&planned.index)).collect();
    for planned in &moved {
        set(outcomes, planned.index, Ok(true));
    }
    Ok(moved)
}

/// A value per shift of `group`, as one `CASE` on the shift's id.
fn by_entry(group: &[&Move], value: impl Fn(&Move) -> Option<sea_orm::Value>) -> SimpleExpr {
    let mut case = CaseStatement::new();
    for planned in group {
        if let Some(value) = value(planned) {
            case = case.case(time_entries::Column::Id.eq(planned.entry_id), value);
        }
    }
    case.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(actor: i64) -> Press {
        Press {
            company: CompanyId(1),
            actor: UserId(actor),
            tz: chrono_tz::America::New_York,
            kind: PressKind::Start,
            now: Utc::now(),
            receipt: None,
            source: PressSource::Web,
            place: None,
        }
    }

    #[test]
    fn each_round_has_a_person_once_in_the_order_they_pressed() {
        let presses: Vec<Press> = [7, 8, 7, 9, 7, 8].into_iter().map(press).collect();
        assert_eq!(rounds(&presses), vec![vec![0, 1, 3], vec![2, 5], vec![4]]);
        assert!(rounds(&[]).is_empty());
    }

    #[test]
    fn an_ended_shift_closes_its_running_break() {
        let start = Utc::now() - chrono::Duration::hours(2);
        let now = start + chrono::Duration::hours(2);
        let shift = Shift {
            start,
            end: None,
            breaks: vec![crate::shift::Interval { start: start + chrono::Duration::hours(1), end: None }],
        };
        let done = ended(shift, now);
        assert_eq!((done.end, done.breaks[0].end), (Some(now), Some(now)));
        assert_eq!(done.worked_minutes(now), 60);
    }
}
