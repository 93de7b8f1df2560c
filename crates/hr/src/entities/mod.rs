pub mod activities;
pub mod emergency_contacts;
