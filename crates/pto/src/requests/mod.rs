//! Time-off requests (spec 000 §2–§9 "PTO", 001 §4 request status): asking for time off, the
//! balance check, approving, denying and cancelling, and what a request shows.
//!
//! The rules the server keeps (the screens follow them, a hand-made call cannot break them):
//! - **Minutes are the engine's** ([`pto_engine::request_usage`]): 480 a full day, Saturdays and
//!   Sundays skipped unless included, the company's paid holidays skipped, a partial day its hours
//!   (at most 480). They are computed when read, over the holidays as they are then: a holiday
//!   added after a request was approved is not charged. Days are the company's local days, so a
//!   request across a daylight-saving change still counts 480 minutes a day.
//! - **The balance** counts approved requests ([`crate::Pto`]'s ledger inputs); a new or changed
//!   request is checked with the pending ones reserved too, so two pending requests cannot both
//!   spend the same hours. Approving checks again, against approved time only, inside the
//!   transaction that approves, holding a lock on the employee's requests (PostgreSQL: an advisory
//!   lock per employee; SQLite: the write gate serialises writers), so two approvals racing for
//!   the last hours cannot both pass, on one server or several.
//! - **States** ([`kernel::RequestStatus`]): pending (raised) → approved, denied (rejected) or
//!   cancelled; approved or denied → cancelled. The requester (whoever filed it) edits a pending
//!   request; the employee or the requester cancels a pending one; an approver (manager with
//!   reach, admin) approves, denies, and cancels one already answered. Nobody decides a request
//!   about themselves or one they filed ([`kernel::ManagerCtx::may_decide`]), nor cancels their
//!   own answered time off. Repeating an approval, denial or cancellation changes nothing and
//!   says so ([`RequestOutcome::changed`]).
//! - Requests of one person may not overlap (two partial days of one day may, if their hours do
//!   not); a request must use time; only active employees ask; a paid type must be in the plan
//!   in force on the first day (unpaid types need no plan).
//! - The database holds [`kernel::RequestStatus`]'s numbers (those of every request that waits
//!   for an answer); the wire keeps the spec's ([`wire_code`]). Status 5 (cancelled) is ours: the
//!   spec's client knows 0–2 pending, 3 approved, 4 denied and drops cancelled requests; we keep
//!   them, so an approved request that was cancelled shows in the history as taken and given back.
//!
//! The parts: `parsing` reads the request form, `state` names the states and moves a request
//! between them (approve, deny, cancel), `service` checks the balance and files a request,
//! `views` is what a request shows, and `mail` tells the approvers and the employee.

mod mail;
mod parsing;
mod service;
mod state;
mod views;

pub use parsing::{TimeOffCommand, TimeOffInput};
pub use state::{inbox_code, status_label, wire_code};
pub(crate) use views::ViewData;
pub use views::{hours, BalanceCheckView, DayMinutes, PersonRef, PtoRequestView, RequestOutcome};

use chrono::NaiveDate;

pub const MSG_NOT_IN_PLAN: &str = "This time off type is not in your PTO plan.";
pub const MSG_NO_TIME: &str = "This request uses no time: every day is a weekend or a paid holiday.";
pub const MSG_INACTIVE: &str = "This employee is no longer active.";
pub const MSG_REASON_REQUIRED: &str = "Please input the reason of the rejection";
pub const MSG_ONLY_PENDING: &str = "Only a pending request can be changed.";
pub const MSG_ONLY_REQUESTER: &str = "Only whoever asked for this time off can change it.";
pub const MSG_NOT_YOURS_TO_CANCEL: &str = "Only a manager or an admin can cancel an answered request.";
pub const MSG_DATE_FORMAT: &str = "Please input the date as YYYY-MM-DD";
pub const MSG_TIME_FORMAT: &str = "Please input the time as HH:mm";
pub const MSG_REASON_LONG: &str = "Please keep the reason under 500 characters";
/// The answer kept with a request its type approves by itself.
pub const MSG_AUTO_APPROVED: &str = "Approved automatically (this type needs no approval).";
pub const MSG_TOO_LONG: &str = "A request may cover a year at most";
/// The longest text kept with a request or an answer.
const MAX_TEXT: usize = 500;

/// What a webhook of a request carries (`docs/contracts/webhooks.md`): the request as it is now.
pub(crate) fn webhook_data(row: &crate::entities::pto_requests::Model) -> serde_json::Value {
    serde_json::json!({
        "requestId": row.id.0,
        "employeeId": row.employee_id.0,
        "ptoTypeId": row.pto_type_id.0,
        "start": row.start_date.to_string(),
        "end": row.end_date.to_string(),
        "partial": row.partial,
        "startTime": row.start_time,
        "endTime": row.end_time,
        "status": state::status_word(row.status),
    })
}

/// 'You already have time off on 12/01/2026.'
pub fn overlap_message(day: NaiveDate) -> String {
    format!("You already have time off on {}.", day.format("%m/%d/%Y"))
}
