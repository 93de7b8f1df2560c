//! `just bench foundation`: the costs the foundation chose to pay.
//!
//! - Login hashing: argon2id (19 MiB, t=2, p=1) hash and verify, the work of every login.
//! - SQLite durability: single-row write transactions with `synchronous=FULL` (every
//!   acknowledged write survives a crash; the product's setting) against `NORMAL`.
//!
//! Figures are printed, not asserted: timing assertions flake on shared machines.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use chrono::Utc;
use gateway::db::{connect_with, migrate, SqliteDurability};
use sea_orm::DatabaseConnection;
use std::time::{Duration, Instant};

fn summarize(label: &str, mut samples: Vec<Duration>) {
    samples.sort();
    let total: Duration = samples.iter().sum();
    let mean = total / samples.len() as u32;
    let p50 = samples[samples.len() / 2];
    let p99 = samples[(samples.len() * 99 / 100).min(samples.len() - 1)];
    println!(
        "{label:<44} n={:<5} mean={:>8.3} ms  p50={:>8.3} ms  p99={:>8.3} ms",
        samples.len(),
        mean.as_secs_f64() * 1e3,
        p50.as_secs_f64() * 1e3,
        p99.as_secs_f64() * 1e3
    );
}

fn login_hashing() {
    let hash = accounts::password::hash_password("correct horse battery").unwrap();
    let hashes = (0..20)
        .map(|_| {
            let started = Instant::now();
            accounts::password::hash_password("correct horse battery").unwrap();
            started.elapsed()
        })
        .collect();
    summarize("argon2id hash (signup, password change)", hashes);
    let verifies = (0..20)
        .map(|_| {
            let started = Instant::now();
            assert!(accounts::password::verify_password("correct horse battery", &hash));
            started.elapsed()
        })
        .collect();
    summarize("argon2id verify (every password login)", verifies);
}

async fn durability(durability: SqliteDurability, label: &str) {
    let dir = std::env::temp_dir().join(format!("timekeep-bench-{}", accounts::tokens::random_token()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.join("bench.db").display());
    let db: DatabaseConnection = connect_with(&url, durability).await.unwrap();
    migrate(&db).await.unwrap();
    let rule = accounts::throttle::ThrottleRule {
        max_failures: i32::MAX,
        window: chrono::Duration::hours(1),
        block_for: chrono::Duration::hours(1),
    };
    let mut samples = Vec::new();
    for index in 0..500 {
        let started = Instant::now();
        // A failed login's write path: two write statements (each its own commit) and a read.
        accounts::throttle::record_failure(&db, &format!("bench:{}", index % 50), rule, Utc::now()).await.unwrap();
        samples.push(started.elapsed());
    }
    summarize(label, samples);
    drop(db);
    let _ = std::fs::remove_dir_all(dir);
}

fn main() {
    println!("Timekeep foundation benchmark ({} cores)", std::thread::available_parallelism().map_or(1, |n| n.get()));
    login_hashing();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        durability(SqliteDurability::Full, "SQLite write txn, WAL + synchronous=FULL").await;
        durability(SqliteDurability::Normal, "SQLite write txn, WAL + synchronous=NORMAL").await;
    });
}
