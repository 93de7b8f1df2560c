//! The database schema of Timekeep.
//!
//! Written with sea-orm's schema builder where it can say it (partial indexes and triggers are
//! SQL, the same on both or one text each), so the same migration runs on SQLite (the embedded
//! default) and PostgreSQL. Instants are `timestamp with time zone` columns holding UTC; calendar
//! days are `date`; money would be integer cents and durations integer minutes.

pub use sea_orm_migration::prelude::*;

mod m20261121_000001_accounts;
mod m20261121_000002_time;
mod m20261121_000003_people;
mod m20261121_000004_worked_time;
mod m20261121_000005_employee_order;
mod m20261121_000006_shift_ends;
mod m20261121_000007_unsummed_partial;
mod m20261121_000008_unsummed_by_employee;
mod m20261121_000009_weekly_minutes;
mod m20261124_000010_link_payload;
mod m20261124_000011_pto_types;
mod m20261124_000013_pto_plans;
mod m20261124_000014_worked_days_by_employee;
mod m20261125_000015_paid_holidays;
mod m20261125_000016_scheduled_jobs;
mod m20261125_000017_pto_checkpoints;
mod m20261125_000018_pto_rule_changes;
mod m20261125_000019_worked_changes;
mod m20261125_000020_pto_requests;
mod m20261126_000021_hr_records;
mod m20261126_000022_policies;
mod m20261126_000023_calendar;
mod m20261127_000024_billing;
mod m20261127_000025_system;
mod m20261127_000026_customers;
mod m20261127_000027_system_people;
mod m20261127_000029_system_indexes;
mod m20261128_000030_company_headcounts;
mod m20261128_000031_sso;
mod m20261128_000032_agencyzoom_links;
mod m20261128_000033_deployment_secrets;
mod m20261128_000034_people_search_covering;
mod m20261128_000035_mail_outbox;
mod m20261129_000036_one_request_status;
mod m20261129_000037_timesheet_reviews;
mod m20261129_000038_setup_dismissed;
mod m20261129_000039_overtime_policies;
mod m20261129_000040_employee_overtime_rules;
mod m20261130_000041_pay_hours_weeks;
mod m20261130_000042_overtime_alerts;
mod m20261201_000043_pto_rule_limits;
mod m20261201_000044_accrual_runs;
mod m20261202_000045_pto_rule_schedule;
mod m20261202_000046_sick_leave_statements;
mod m20261202_000047_manual_addition_reason;
mod m20261202_000048_pto_assumed_hours;
mod m20261203_000049_offline_presses;
mod m20261204_000050_work_locations;
mod m20261205_000051_kiosks;
mod m20261206_000052_missed_punches;
mod m20261207_000053_pay_period_locks;
mod m20261208_000054_approval_paths;
mod m20261209_000055_licensing;
mod m20261210_000056_two_factor;
mod m20261211_000057_audit_trail;
mod m20261212_000058_api_keys;
mod m20261213_000059_webhooks;
mod m20261214_000060_job_batches;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261121_000001_accounts::Migration),
            Box::new(m20261121_000002_time::Migration),
            Box::new(m20261121_000003_people::Migration),
            Box::new(m20261121_000004_worked_time::Migration),
            Box::new(m20261121_000005_employee_order::Migration),
            Box::new(m20261121_000006_shift_ends::Migration),
            Box::new(m20261121_000007_unsummed_partial::Migration),
            Box::new(m20261121_000008_unsummed_by_employee::Migration),
            Box::new(m20261121_000009_weekly_minutes::Migration),
            Box::new(m20261124_000010_link_payload::Migration),
            Box::new(m20261124_000011_pto_types::Migration),
            Box::new(m20261124_000013_pto_plans::Migration),
            Box::new(m20261124_000014_worked_days_by_employee::Migration),
            Box::new(m20261125_000015_paid_holidays::Migration),
            Box::new(m20261125_000016_scheduled_jobs::Migration),
            Box::new(m20261125_000017_pto_checkpoints::Migration),
            Box::new(m20261125_000018_pto_rule_changes::Migration),
            Box::new(m20261125_000019_worked_changes::Migration),
            Box::new(m20261125_000020_pto_requests::Migration),
            Box::new(m20261126_000021_hr_records::Migration),
            Box::new(m20261126_000022_policies::Migration),
            Box::new(m20261126_000023_calendar::Migration),
            Box::new(m20261127_000024_billing::Migration),
            Box::new(m20261127_000025_system::Migration),
            Box::new(m20261127_000026_customers::Migration),
            Box::new(m20261127_000027_system_people::Migration),
            Box::new(m20261127_000029_system_indexes::Migration),
            Box::new(m20261128_000030_company_headcounts::Migration),
            Box::new(m20261128_000031_sso::Migration),
            Box::new(m20261128_000032_agencyzoom_links::Migration),
            Box::new(m20261128_000033_deployment_secrets::Migration),
            Box::new(m20261128_000034_people_search_covering::Migration),
            Box::new(m20261128_000035_mail_outbox::Migration),
            Box::new(m20261129_000036_one_request_status::Migration),
            Box::new(m20261129_000037_timesheet_reviews::Migration),
            Box::new(m20261129_000038_setup_dismissed::Migration),
            Box::new(m20261129_000039_overtime_policies::Migration),
            Box::new(m20261129_000040_employee_overtime_rules::Migration),
            Box::new(m20261130_000041_pay_hours_weeks::Migration),
            Box::new(m20261130_000042_overtime_alerts::Migration),
            Box::new(m20261201_000043_pto_rule_limits::Migration),
            Box::new(m20261201_000044_accrual_runs::Migration),
            Box::new(m20261202_000045_pto_rule_schedule::Migration),
            Box::new(m20261202_000046_sick_leave_statements::Migration),
            Box::new(m20261202_000047_manual_addition_reason::Migration),
            Box::new(m20261202_000048_pto_assumed_hours::Migration),
            Box::new(m20261203_000049_offline_presses::Migration),
            Box::new(m20261204_000050_work_locations::Migration),
            Box::new(m20261205_000051_kiosks::Migration),
            Box::new(m20261206_000052_missed_punches::Migration),
            Box::new(m20261207_000053_pay_period_locks::Migration),
            Box::new(m20261208_000054_approval_paths::Migration),
            Box::new(m20261209_000055_licensing::Migration),
            Box::new(m20261210_000056_two_factor::Migration),
            Box::new(m20261211_000057_audit_trail::Migration),
            Box::new(m20261212_000058_api_keys::Migration),
            Box::new(m20261213_000059_webhooks::Migration),
            Box::new(m20261214_000060_job_batches::Migration),
        ]
    }
}
