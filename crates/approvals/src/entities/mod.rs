//! sea-orm entities of the approval tables (schema in the `migrations` crate, migration 54).

pub mod approval_answers;
pub mod approval_events;
pub mod approval_flows;
pub mod approval_links;
pub mod approval_path_uses;
pub mod approval_paths;
pub mod approval_settings;
pub mod approval_stand_ins;
pub mod approval_waiting;
