//! The employee's PTO screen (000 §2 "PTO screen"): the balance card and its per-type breakdown,
//! the projected balance on a later day, the time-off history, and who else is out.
//!
//! Anyone reads their own; managers and admins read the people they reach ('On Behalf Of'). The
//! balances are the engine's ledger over approved time off; pending requests are shown beside
//! them and reserved when a new request is checked (see [`crate::requests`]).
//!
//! Choices where the spec is silent:
//! - The card's balance is what is left to book: the engine's balance today less approved time
//!   off after today (`scheduled`), so approving next month's vacation shows at once; the
//!   projected balance answers for any later day.
//! - The types offered are the paid types of the plan in force (on the first day of employment
//!   for someone who starts later) and every unpaid type.
//! - The projected balance on a later day assumes a full workday (480 minutes) on each weekday
//!   not yet worked, less the time off booked that day and none on paid holidays (only
//!   per-hour-worked rules depend on it), and counts approved and pending time off up to that
//!   day. A request's balance check projects the same way up to its last day (issue 38).
//! - 'Who else is out' and the agenda show everyone's approved time off to every member of the
//!   company (it is a team calendar), but the type of time off only for people the caller reaches
//!   ('Time Off' otherwise); pending time off only for people the caller reaches.
//!
//! The parts: `card` is the balance card and the projected balance, `history` the time-off
//! history, `agenda` who else is out, and `inbox` what approvers read of the time off they reach.

mod agenda;
mod card;
mod explanation;
mod history;
mod inbox;

pub use agenda::{Agenda, AgendaItem, AgendaQuery};
pub use card::{ProjectedBalance, ProjectedType, PtoData, PtoStats, PtoTypeBalance};
pub use explanation::{BalanceExplanation, ExplainedLine, ExplainedType};
pub use history::{HistoryItem, PtoHistory, StartingBalanceItem};
pub use inbox::{InboxTimeOffRow, PersonMinutes, TeamTimeOff, TimeOffSection};

use crate::{Pto, PtoError};
use accounts::Person;
use kernel::{TenantCtx, UserId};

pub const MSG_AS_OF_PAST: &str = "Please choose today or a later date";
pub const MSG_AS_OF_FAR: &str = "Please choose a date within two years";
pub const MSG_RANGE: &str = "Please choose an end date after the start date, within 400 days";

impl Pto {
    /// The person whose PTO is read: the caller, or someone they reach.
    async fn whose(&self, ctx: &TenantCtx, employee: Option<UserId>) -> Result<Person, PtoError> {
        Ok(self.accounts.employee_in_scope(ctx, employee.unwrap_or(ctx.actor())).await?)
    }
}
