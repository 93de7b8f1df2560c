//! The activity timeline's table; only this crate touches it.

pub mod activities;
