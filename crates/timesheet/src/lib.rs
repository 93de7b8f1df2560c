//! Timesheets: a week of an employee's shifts, and the corrections payroll needs.
//!
//! Comments, a change history (every change records the field, its original and new value, who
//! and when), edit requests (raised → approved, rejected or canceled; at most one raised per
//! shift, enforced by the database; approval applies the change and its history in one
//! transaction; rejection needs a reason), admins' direct edits, 'Add Shift' and delete, pay
//! periods and overtime (weekly by default, [`paycycle`]; by the law of the place of work,
//! [`pay_hours`]). The rules a payroll clerk expects hold for every
//! change: clock-out after clock-in, breaks inside the shift, no overlapping shifts of one
//! employee.

mod classified_weeks;
pub mod commands;
pub mod demo;
pub mod entities;
mod error;
pub mod missed;
pub mod overtime_alerts;
pub mod overview;
pub mod pay_hours;
pub mod paycycle;
mod purge;
pub mod reporting;
mod service;
pub mod team;
pub mod views;

pub use error::TimesheetError;
pub use purge::purge_company;
pub use service::{
    OfflinePressAnswer, TimesheetService, ADD_SHIFT, FUTURE_END_MESSAGE, FUTURE_START_MESSAGE, MAX_LIST_DAYS,
    NO_CHANGE_MESSAGE, PAGE_SIZE,
};
