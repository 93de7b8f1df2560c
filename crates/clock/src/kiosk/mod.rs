//! Shared kiosks (issue 40): a device an admin registers for one work location shows only the
//! clock; a person taps their name, types their PIN and presses.
//!
//! The device holds a long-lived credential (shown once, stored as its SHA-256), revocable at
//! once. A PIN is chosen by its person (or reset by an admin), stored hashed as passwords are.
//! Five wrong PINs lock that person out of kiosks for five minutes; ten wrong PINs in a row on
//! one device pause the device for a minute. A kiosk can do nothing but presses: its proof
//! (`kernel::KioskCtx`) is taken by the kiosk's routes only, and becomes a person's context only
//! once their PIN is verified here.

mod pin;
mod service;

pub use pin::{Pin, PIN_MESSAGE};
pub use service::{
    KioskAuth, KioskPerson, KioskPressAnswer, KioskRoster, KioskService, KioskView, RegisteredKiosk,
    DEVICE_PAUSE_SECONDS, DEVICE_TRIES, PIN_LOCK_MINUTES, PIN_TRIES,
};
