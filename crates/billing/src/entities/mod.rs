//! The tables this crate owns (migration `m20261127_000024_billing`).

pub mod accounts;
pub mod attempts;
pub mod charges;
pub mod checkouts;
pub mod webhook_events;
