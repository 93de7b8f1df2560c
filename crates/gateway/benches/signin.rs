//! Memory under many sign-ins at once (issue 17, finding 10). Each password check is an argon2id
//! hash of about 20 MB; unbounded, 20 sign-ins at once took the server from 31 MB to 451 MB.
//! Here 200 sign-ins arrive at once, first with the server's bound (one hash per core and a short
//! queue; the rest answered 503 with `Retry-After` at once), then, for comparison, with a pool as
//! wide as the crowd (what the server did before). For each: the process's peak resident memory
//! above what it held before the crowd came (the peak is reset between runs), the answers, and
//! how long the crowd took. `just bench-signin`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

#[path = "support/mod.rs"]
mod support;

use accounts::entities::users;
use accounts::hashing::HashPool;
use chrono::Utc;
use kernel::Role;
use sea_orm::{ActiveModelTrait, DatabaseConnection};
use serde_json::json;
use std::time::{Duration, Instant};

const CROWD: usize = 200;

/// Kilobytes of this process's memory: (resident now, peak resident).
fn memory_kb() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|line| line.starts_with(name))
            .and_then(|line| line.split_whitespace().nth(1))
            .and_then(|kb| kb.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// Makes the kernel count the peak resident memory afresh from now.
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

async fn seed(db: &DatabaseConnection) {
    let now = Utc::now();
    let company = accounts::entities::companies::new_row("Sign-in Agency", "America/New_York", None, now);
    let company = company.insert(db).await.unwrap();
    users::NewPerson {
        company_id: Some(company.id),
        email: "crowd@bench.example.com",
        password_hash: Some(accounts::password::hash_password("bench-password").unwrap()),
        first_name: "Crowd",
        last_name: "Person",
        role: Role::Employee,
        verified_at: Some(now),
        now,
    }
    .row()
    .insert(db)
    .await
    .unwrap();
}

async fn crowd(label: &str, pool: HashPool) {
    let (url, cleanup) = support::database("sqlite").await;
    let db = gateway::db::connect(&url).await.unwrap();
    gateway::db::migrate(&db).await.unwrap();
    seed(&db).await;
    let (base, _server) = support::serve_with_pool(db, pool);
    let client = awc::Client::builder()
        .connector(awc::Connector::new().limit(CROWD * 2))
        .timeout(Duration::from_secs(120))
        .finish();
    // One sign-in first: the server, its pools and the client are warm before the peak is taken.
    support::login(&client, &base, "crowd@bench.example.com").await;
    actix_web::rt::time::sleep(Duration::from_millis(200)).await;
    reset_peak();
    let (before, _) = memory_kb();
    let started = Instant::now();
    let answers = futures_util::future::join_all((0..CROWD).map(|_| {
        let request = client
            .post(format!("{base}/server/v1/auth/login"))
            .send_json(&json!({"email": "crowd@bench.example.com", "password": "bench-password"}));
        async move { request.await.map(|response| response.status().as_u16()).unwrap_or(0) }
    }))
    .await;
    let elapsed = started.elapsed();
    let (_, peak) = memory_kb();
    let count = |status: u16| answers.iter().filter(|answer| **answer == status).count();
    println!(
        "{label:<34} {CROWD} at once: {:>3} signed in, {:>3} told 503, {:>3} other  in {:>6.0} ms  \
         resident before {:>4} MB, peak {:>4} MB (+{} MB)",
        count(200),
        count(503),
        CROWD - count(200) - count(503),
        elapsed.as_secs_f64() * 1e3,
        before / 1024,
        peak / 1024,
        peak.saturating_sub(before) / 1024
    );
    cleanup();
}

fn main() {
    actix_web::rt::System::new().block_on(async {
        crowd("bounded (one hash per core, queued while the wait is under 5 s)", HashPool::per_core()).await;
        crowd("unbounded (as before)", HashPool::with_queue(CROWD, 0)).await;
    });
}
