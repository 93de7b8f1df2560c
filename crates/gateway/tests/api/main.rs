//! The API test suite: one binary, each test with its own database (a temporary SQLite file, or
//! a PostgreSQL database created for it when `TIMEKEEP_TEST_POSTGRES` names a server) and its
//! own SMTP server. `just test` runs it once per database.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod account;
mod accrual_settings;
mod accruals;
mod agencyzoom;
mod architecture;
mod auth;
mod billing;
mod calendar;
mod clock;
mod closure;
mod concurrency;
mod contract;
mod deployment;
mod embedding;
mod findings;
mod helpers;
mod holidays;
mod hr_records;
mod jobs;
mod kiosks;
mod mail_outbox;
mod matrix;
mod missed_punches;
mod object_storage;
mod offline_clock;
mod overtime;
mod overview;
mod pay_period_locks;
mod people;
mod places;
mod policies;
mod pto_balances;
mod pto_plans;
mod pto_requests;
mod pto_rules;
mod pto_switching;
mod pto_types;
mod reports;
mod security;
mod sessions;
mod setup_checklist;
mod sick_leave;
mod sick_leave_laws;
mod sso;
mod system_customers;
mod system_impersonation;
mod system_people;
mod system_promotions;
mod team_timesheet;
mod tenancy;
mod timesheet;
mod tour;
mod web;
