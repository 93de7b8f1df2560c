//! Approval paths (issue 41): who answers a time-off request or a timesheet edit request, in
//! which order, with stand-ins, escalation and answers from the e-mail.
//!
//! The crate owns the approval tables (migration 54). The crates that own the requests (`pto`,
//! `timesheet`) keep their requests' states and call in at three moments, each inside their own
//! transaction:
//! - **filing** ([`Approvals::start`]): the request takes a snapshot of the path its type uses
//!   (the steps whose condition holds), its first step's approvers are resolved and told;
//! - **answering** ([`Approvals::turn`] then [`Approvals::answer`]): the turn proves the caller
//!   may answer the current step and as whom; the answer is a compare-and-set on the step and
//!   says whether the request is now decided or waits on its next step;
//! - **cancelling** ([`Approvals::cancel`]).
//!
//! Without a path nothing changes: one step, anyone who reaches the person, never on their own
//! request ([`kernel::ManagerCtx::may_decide`]). A path's steps are a JSON document (the typed
//! [`Step`]) in the path's row and, copied, in each flow, because a flow must keep the path it
//! started with whatever happens to the path later; everything a query filters on (state, step,
//! approvers, due times) is a column.
//!
//! Parts: `model` (the vocabulary), `resolve` (who answers a step: the org chart, the fallback,
//! stand-ins), `flows` (start, turn, answer, views), `mail` (telling approvers, with links),
//! `links` (the answer page), `setup` (paths and their uses), `stand_ins`, `job` (reminders and
//! escalations), `purge`.

mod entities;
mod error;
mod flows;
pub mod job;
mod links;
mod mail;
mod model;
pub mod purge;
mod resolve;
mod setup;
mod stand_ins;

pub use error::ApprovalError;
pub use flows::{
    AnswerView, Answered, Answerer, Answering, ApprovalView, EscalationView, NewRequest, Started, Turn,
    MSG_LINK_EXPIRED, MSG_LINK_USED, MSG_MOVED_ON,
};
pub use links::{LinkGrant, LinkState, LinkView};
pub use mail::LINK_DAYS;
pub use model::{Approvers, Decision, EscalateTo, FlowKind, FlowState, Mode, Step, Subject, Target};
pub use resolve::{MSG_NOBODY, STAND_IN_DEPTH};
pub use setup::{PathInput, PathView, SetupView, UseView, MSG_HOURS, MSG_NAME_PEOPLE, MSG_NOT_APPROVER, MSG_NO_STEP};
pub use stand_ins::{StandInInput, StandInView};

use accounts::Accounts;
use kernel::WriteGate;
use sea_orm::DatabaseConnection;

/// The approval service: one per server, cheap to clone.
#[derive(Clone)]
pub struct Approvals {
    db: DatabaseConnection,
    accounts: Accounts,
    gate: WriteGate,
}

impl Approvals {
    pub fn new(db: DatabaseConnection, accounts: Accounts, gate: WriteGate) -> Self {
        Self { db, accounts, gate }
    }
}
