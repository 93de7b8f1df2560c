//! The tables this crate owns (migrations `m20261127_000024_billing`, `m20261127_000025_system`).

pub mod accounts;
pub mod attempts;
pub mod charges;
pub mod checkouts;
pub mod promotions;
pub mod redemptions;
pub mod webhook_events;
