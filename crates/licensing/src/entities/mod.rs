pub mod carrier_appointments;
pub mod ce_credits;
pub mod ce_requirements;
pub mod eo_policies;
pub mod licences;
pub mod licensing_producers;
pub mod licensing_reminders;
pub mod licensing_state_rules;
