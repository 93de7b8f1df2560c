//! PTO plans (002 §2–§5, the spec's "policies"): a name, one rule per included PTO type, and who is
//! enrolled in them each year.
//!
//! Who may do what: admins create, edit and delete plans ([`AdminCtx`]); managers read them with
//! the rest of the PTO set-up ([`kernel::ManagerCtx`] through the `TenantCtx` they deref to).
//!
//! - Rules are validated by `pto-engine` ([`RuleDraft::validate`], [`validate_plan_rules`]): the
//!   engine's messages on the engine's field names, under `rules[i].`; each names a PTO type of
//!   the company that is not deleted.
//! - A plan is for a year: the current one or the next (the wizard), or the previous one (the
//!   edit panel lists it). Saving enrols the people it is assigned to (by job role, the entire
//!   team, chosen members, or nobody yet) from 1 January of that year. An employee has one plan
//!   at a time: someone already enrolled that year keeps their plan until switched, which is the
//!   starting-balance flow's business (`switching`).
//! - Deleting a plan is refused while anyone is enrolled in it, with 002 §2's tooltip text, and
//!   also once everyone moved away from it: the part of their year spent in it is priced by its
//!   rules, so it stays (`PlanView::deletable`).
//! - Counts and lists name the plan each person is in now: the last enrolment of their year.
//!
//! The parts: `form` reads the plan and rule forms, `views` is what the screens read of plans
//! (with /admin/ptomanage's data), `service` saves and deletes plans and enrols people, and
//! `rows` turns a stored rule into the engine's and back.

mod form;
mod rows;
mod service;
mod views;

pub(crate) use form::assignee_of;
pub use form::{Assignee, PlanCommand, PlanInput, RuleInput};
pub(crate) use rows::{rule_of, rule_problem, rule_row};
pub(crate) use views::{in_force, rule_view_of};
pub use views::{EnrolledCount, JobRoleRef, PlanEmployee, PlanView, PtoManageData, RuleView};
pub const PLAN_HAS_PEOPLE: &str =
    "There are people assigned to this PTO Plan. Please move them to a different plan first.";
/// A plan nobody is in now, but whose rules priced part of someone's year before they moved.
pub const PLAN_HAS_HISTORY: &str =
    "People were in this PTO Plan earlier and their balances still count it, so it cannot be deleted.";
pub const YEAR_INVALID: &str = "Please choose the previous, current or next year";
pub const ASSIGN_TYPE_MISSING: &str = "Please choose who this plan is for";
pub const ASSIGN_ROLES_MISSING: &str = "Please choose at least one job role";
pub const ASSIGN_MEMBERS_MISSING: &str = "Please choose at least one team member";
pub const UNKNOWN_TYPE: &str = "Please choose a PTO type of your company";
pub const UNKNOWN_MEMBER: &str = "Please choose people of your company";
pub const UNKNOWN_ROLE: &str = "Please choose job roles of your company";
pub const NOT_ASSIGNED: &str = "Please give starting balances only to people this plan is assigned to";
pub const NOT_ENROLLED: &str = "Please choose people enrolled in this plan that year";
pub const NOTHING_TO_REMOVE: &str = "A new plan has nobody to take off";
pub const ADD_AND_REMOVE: &str = "Please either add or take off a person, not both";
