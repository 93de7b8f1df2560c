//! `just bench-pto` (its last part): the accrual job over a company of 10,000 employees with
//! three years of history (every weekday worked) on SQLite: the first run (every ledger from the
//! start of employment), then a second (from the first run's checkpoints). Prints each run's
//! time and the process's peak memory (VmHWM, seeding included: it happens inside SQLite, not
//! in this process's heap). Figures are printed, not asserted.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod support;

use std::time::Instant;

const EMPLOYEES: usize = 10_000;

fn peak_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|line| line.starts_with("VmHWM:"))
        .and_then(|line| line.split_whitespace().nth(1))
        .and_then(|kb| kb.parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

fn main() {
    actix_web::rt::System::new().block_on(async {
        let (url, cleanup) = support::database("sqlite").await;
        let db = gateway::db::connect(&url).await.unwrap();
        gateway::db::migrate(&db).await.unwrap();
        let seeding = Instant::now();
        support::pto_company::seed(&db, EMPLOYEES, support::pto_company::Shifts::BulkSqlite).await;
        println!("[sqlite] seeded in {:.1} s; peak memory so far {:.1} MiB", seeding.elapsed().as_secs_f64(), peak_mib());
        let pto = support::pto_service(&db);
        for run in ["from the start", "from its checkpoints"] {
            let started = Instant::now();
            let posted = pto.post_accruals(chrono::Utc::now()).await.unwrap();
            println!(
                "[sqlite] accrual job, {EMPLOYEES} employees, {run:<22} {:>7.2} s ({} posted, {} resumed); peak memory {:.1} MiB",
                started.elapsed().as_secs_f64(),
                posted.employees,
                posted.resumed,
                peak_mib()
            );
        }
        cleanup();
    });
    std::process::exit(0);
}
