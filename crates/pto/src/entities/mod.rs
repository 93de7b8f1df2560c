//! The PTO tables. Only this crate writes them; other crates read through [`crate::Pto`].

pub mod accrual_incidents;
pub mod accrual_run_errors;
pub mod accrual_runs;
pub mod employee_holiday_hours;
pub mod paid_holidays;
pub mod pto_assumed_hours;
pub mod pto_balance_entries;
pub mod pto_checkpoints;
pub mod pto_enrollments;
pub mod pto_plans;
pub mod pto_requests;
pub mod pto_rule_changes;
pub mod pto_rules;
pub mod pto_type_overrides;
pub mod pto_types;
pub mod sick_leave_statements;
