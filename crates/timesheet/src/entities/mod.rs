//! sea-orm entities of the timesheet's tables (schema in the `migrations` crate).

pub mod overtime_alerts;
pub mod pay_hours_ranges;
pub mod pay_hours_weeks;
pub mod timesheet_changes;
pub mod timesheet_comments;
pub mod timesheet_edit_requests;
pub mod timesheet_reviews;
