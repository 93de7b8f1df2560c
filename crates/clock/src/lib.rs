//! The time clock.
//!
//! An employee's shifts (time entries) with their breaks and the history of clock presses, the
//! clock state machine ([`machine`]), a shift's arithmetic and rules ([`shift`]), and the
//! company's time settings ([`settings`]). The timesheet crate builds on these tables.
//!
//! Time rules: instants are stored in UTC (to the second); days and Sunday–Saturday weeks are
//! those of the company's zone; a shift belongs to the day it started; worked time is real
//! elapsed time minus breaks, floored to whole minutes per shift.

pub mod demo;
pub mod entities;
mod error;
pub mod kiosk;
pub mod machine;
pub mod missed;
pub mod offline;
pub mod overtime_policy;
pub mod periods;
pub mod places;
pub mod presses;
mod purge;
pub mod receipts;
mod service;
pub mod settings;
pub mod shift;
pub mod store;
pub mod usage;
pub mod writes;

pub use error::ClockError;
pub use machine::ClockState;
pub use purge::purge_company;
pub use service::{now, status_now, ClockService, ClockStatus, Device, MOBILE_DISABLED_MESSAGE};
