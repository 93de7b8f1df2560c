//! sea-orm entities of the clock's tables (schema in the `migrations` crate).

pub mod clock_press_receipts;
pub mod employee_overtime_rules;
pub mod kiosk_pins;
pub mod kiosks;
pub mod overtime_policies;
pub mod pay_period_adjustments;
pub mod pay_period_events;
pub mod pay_period_locks;
pub mod time_entries;
pub mod time_entry_actions;
pub mod time_entry_breaks;
pub mod time_settings;
pub mod weekly_worked_minutes;
pub mod work_location_people;
pub mod work_locations;
pub mod worked_changes;
