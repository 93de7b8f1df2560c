//! `just bench-billing`: the monthly charge job (`Billing::run_charges`) over 2,000 and then
//! 10,000 subscribed companies, paying through the local Stripe-shaped server
//! (`e2e/stripe/harness.py`, one of its own per size), on SQLite and, when `BENCH_POSTGRES` names
//! a server, PostgreSQL. The ceiling: 10,000 companies in at most 5 minutes, memory flat,
//! every company charged exactly once.
//!
//! 1. Seeding (timed apart): the companies, each with its admin and 0–19 more active people
//!    (1–20 paid for, so the amounts differ) and every fifth with a terminated one (not paid
//!    for), written in statements of 500 rows; at the harness a customer for each, with the card
//!    4242… saved and attached (`IN_FLIGHT` companies at once); then the billing accounts:
//!    active, charged on the day three days ago, so every company is due once.
//! 2. One `run_charges(now)` over them all, this process's resident memory (`VmRSS`) sampled
//!    every 100 ms on a thread of its own (its peak, and its value at each tenth of the run; the
//!    harness's peak too, a process of its own). The time is split between the provider's round
//!    trips (a provider that times its calls) and the SQL statements (sea-orm's metric callback;
//!    transactions' BEGIN and COMMIT are not counted, and fall in "the rest").
//! 3. Exactly once: every company has one charge, paid, of 800 + 300 × its active people, with
//!    one succeeded attempt; the harness holds one PaymentIntent per company in all, and each
//!    customer's list holds exactly that one, succeeded, for that amount; a second
//!    `run_charges(now)` makes no charge and no provider call.
//! 4. The provider alone: 300 create-and-confirm pairs one after another, as the job sends them.
//!
//! Figures are printed; a failed exactly-once check makes the run end with status 1 after the
//! table. `BENCH_COMPANIES=10000` (comma-separated) runs other sizes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod support;

use accounts::entities::{companies, users};
use billing::entities::{accounts as billing_accounts, attempts, charges};
use billing::status::{AttemptStatus, ChargeStatus, SubscriptionStatus};
use chrono::{Datelike, Duration as Days, Months, NaiveDate, Utc};
use futures_util::StreamExt;
use kernel::{ChargeId, CompanyId, EmploymentStatus, Role};
use sea_orm::{ActiveValue::Set, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QuerySelect};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::memory::{rss_mib, RssSampler};
use support::stripe::{Harness, TimedProvider};

/// Companies being set up at the harness at once.
const IN_FLIGHT: usize = 24;
/// Rows a statement while seeding.
const ROWS: usize = 500;
const ZONES: [&str; 6] = [
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Los_Angeles",
    "America/Anchorage",
    "Pacific/Honolulu",
];

/// The people company `index` pays for (its admin included): 1 to 20.
fn active_people(index: usize) -> i64 {
    1 + i64::try_from((index * 7919) % 20).unwrap()
}

struct Company {
    id: CompanyId,
    customer: String,
    method: String,
    people: i64,
}

impl Company {
    fn expected_cents(&self) -> i64 {
        billing::BASE_CENTS + billing::PER_USER_CENTS * self.people
    }
}

/// The SQL statements run on a connection, and the time they took.
#[derive(Clone, Default)]
struct Statements {
    count: Arc<AtomicUsize>,
    nanos: Arc<AtomicU64>,
}

impl Statements {
    fn watch(&self, db: &mut DatabaseConnection) {
        let (count, nanos) = (self.count.clone(), self.nanos.clone());
        db.set_metric_callback(move |info| {
            count.fetch_add(1, Ordering::Relaxed);
            nanos.fetch_add(u64::try_from(info.elapsed.as_nanos()).unwrap_or(u64::MAX), Ordering::Relaxed);
        });
    }

    fn totals(&self) -> (usize, Duration) {
        (self.count.load(Ordering::Relaxed), Duration::from_nanos(self.nanos.load(Ordering::Relaxed)))
    }
}

/// The companies and their people; the ids in the order of their index.
async fn seed_people(db: &DatabaseConnection, count: usize) -> Vec<CompanyId> {
    let now = Utc::now();
    let rows: Vec<_> = (0..count)
        .map(|i| companies::new_row(&format!("Bench billing {i:05}"), ZONES[i % ZONES.len()], None, now))
        .collect();
    for chunk in rows.chunks(ROWS) {
        companies::Entity::insert_many(chunk.to_vec()).exec(db).await.unwrap();
    }
    let mut ids = vec![CompanyId(0); count];
    let stored: Vec<(CompanyId, String)> = companies::Entity::find()
        .select_only()
        .column(companies::Column::Id)
        .column(companies::Column::Name)
        .filter(companies::Column::Name.starts_with("Bench billing "))
        .into_tuple()
        .all(db)
        .await
        .unwrap();
    for (id, name) in stored {
        ids[name["Bench billing ".len()..].parse::<usize>().unwrap()] = id;
    }
    let hash = accounts::password::hash_password("bench-password").unwrap();
    let mut people = Vec::new();
    for (index, company) in ids.iter().enumerate() {
        let active = active_people(index);
        let terminated = i64::from(index % 5 == 0);
        for n in 0..active + terminated {
            let email = format!("c{index}-p{n}@billing.bench.example.com");
            let mut row = users::NewPerson {
                company_id: Some(*company),
                email: &email,
                password_hash: Some(hash.clone()),
                first_name: "First",
                last_name: &format!("Last{n:02}"),
                role: if n == 0 { Role::Admin } else { Role::Employee },
                verified_at: Some(now),
                now,
            }
            .row();
            if n == active {
                row.status = Set(EmploymentStatus::Terminated);
                row.last_termination_date = Set(Some(now.date_naive() - Days::days(40)));
            }
            people.push(row);
            if people.len() == ROWS {
                users::Entity::insert_many(std::mem::take(&mut people)).exec(db).await.unwrap();
            }
        }
    }
    if !people.is_empty() {
        users::Entity::insert_many(people).exec(db).await.unwrap();
    }
    ids
}

/// Each company's customer and saved card at the harness, `IN_FLIGHT` companies at once.
async fn seed_customers(base: &str, ids: &[CompanyId]) -> Vec<(String, String)> {
    let client = support::stripe::client();
    futures_util::stream::iter(ids.iter().enumerate())
        .map(|(index, id)| {
            let (client, base) = (client.clone(), base.to_owned());
            async move {
                support::stripe::customer_with_card(
                    &client,
                    &base,
                    *id,
                    &format!("c{index}-p0@billing.bench.example.com"),
                )
                .await
            }
        })
        .buffered(IN_FLIGHT)
        .collect()
        .await
}

/// The subscriptions: active, charged on `due`'s day of the month, due on `due`.
async fn seed_accounts(db: &DatabaseConnection, companies: &[Company], due: NaiveDate) {
    let now = Utc::now();
    let rows: Vec<_> = companies
        .iter()
        .map(|company| billing_accounts::ActiveModel {
            company_id: Set(company.id),
            customer_id: Set(Some(company.customer.clone())),
            payment_method_id: Set(Some(company.method.clone())),
            card_brand: Set(Some("visa".to_owned())),
            card_last4: Set(Some("4242".to_owned())),
            card_exp_month: Set(Some(12)),
            card_exp_year: Set(Some(2034)),
            status: Set(SubscriptionStatus::Active),
            subscribed_on: Set(due.checked_sub_months(Months::new(1))),
            recurring_day: Set(Some(i32::try_from(due.day()).unwrap())),
            next_charge_on: Set(Some(due)),
            reactivated_at: Set(None),
            updated_at: Set(now),
        })
        .collect();
    for chunk in rows.chunks(ROWS) {
        billing_accounts::Entity::insert_many(chunk.to_vec()).exec(db).await.unwrap();
    }
}

/// What the checks found wrong (empty: every company charged exactly once), and how long the
/// harness's side took.
async fn check_exactly_once(
    db: &DatabaseConnection,
    base: &str,
    companies: &[Company],
    period_start: NaiveDate,
) -> (Vec<String>, Duration) {
    let mut problems = Vec::new();
    let mut charged: BTreeMap<CompanyId, Vec<charges::Model>> = BTreeMap::new();
    for charge in charges::Entity::find().all(db).await.unwrap() {
        charged.entry(charge.company_id).or_default().push(charge);
    }
    let mut tried: BTreeMap<ChargeId, Vec<attempts::Model>> = BTreeMap::new();
    for attempt in attempts::Entity::find().all(db).await.unwrap() {
        tried.entry(attempt.charge_id).or_default().push(attempt);
    }
    let (mut not_once, mut unpaid, mut wrong_amount, mut not_one_attempt) = (0, 0, 0, 0);
    let mut intents = Vec::with_capacity(companies.len());
    for company in companies {
        let rows = charged.get(&company.id).map_or(&[][..], Vec::as_slice);
        let [charge] = rows else {
            not_once += 1;
            intents.push(None);
            continue;
        };
        unpaid += usize::from(charge.status != ChargeStatus::Paid || charge.period_start != period_start);
        wrong_amount += usize::from(
            charge.total_cents != company.expected_cents() || i64::from(charge.user_count) != company.people,
        );
        match tried.get(&charge.id).map_or(&[][..], Vec::as_slice) {
            [attempt] if attempt.outcome == AttemptStatus::Succeeded && attempt.payment_intent_id.is_some() => {
                intents.push(attempt.payment_intent_id.clone());
            }
            _ => {
                not_one_attempt += 1;
                intents.push(None);
            }
        }
    }
    let extra = charged.keys().filter(|id| !companies.iter().any(|c| c.id == **id)).count();
    for (count, what) in [
        (not_once, "companies without exactly one charge"),
        (unpaid, "charges not paid (or of another period)"),
        (wrong_amount, "charges of another amount than 800 + 300 × active people"),
        (not_one_attempt, "charges without exactly one succeeded attempt with its intent"),
        (extra, "companies charged that were not seeded"),
    ] {
        if count > 0 {
            problems.push(format!("{count} {what}"));
        }
    }

    // The harness: one intent per company in all, and each customer's is that one.
    let started = Instant::now();
    let client = support::stripe::client();
    let all = support::stripe::get(&client, format!("{base}/v1/payment_intents?limit=1")).await;
    if all["total_count"].as_u64() != Some(companies.len() as u64) {
        problems.push(format!(
            "the harness holds {} payment intents for {} companies",
            all["total_count"],
            companies.len()
        ));
    }
    let mismatched: usize = futures_util::stream::iter(companies.iter().zip(intents))
        .map(|(company, intent)| {
            let client = client.clone();
            let url = format!("{base}/v1/payment_intents?customer={}&limit=10", company.customer);
            async move {
                let list = support::stripe::get(&client, url).await;
                let data = list["data"].as_array().cloned().unwrap_or_default();
                let [only] = data.as_slice() else { return 1 };
                usize::from(
                    only["status"] != "succeeded"
                        || only["amount"].as_i64() != Some(company.expected_cents())
                        || only["id"].as_str() != intent.as_deref(),
                )
            }
        })
        .buffer_unordered(IN_FLIGHT)
        .fold(0, |sum, bad| async move { sum + bad })
        .await;
    if mismatched > 0 {
        problems.push(format!(
            "{mismatched} customers whose intents at the harness are not exactly the one succeeded intent stored"
        ));
    }
    (problems, started.elapsed())
}

/// One line of the final table.
struct Line {
    label: String,
    companies: usize,
    seeding: String,
    run: Duration,
    memory: String,
    second: String,
    once: String,
}

async fn run(label: &str, count: usize, all_problems: &mut Vec<String>) -> Line {
    let tag = format!("[{label} {count}]");
    let (url, cleanup) = support::database(label).await;
    let mut db = gateway::db::connect(&url).await.unwrap();
    let statements = Statements::default();
    statements.watch(&mut db);
    gateway::db::migrate(&db).await.unwrap();
    let harness = Harness::start();

    let seeding = Instant::now();
    let ids = seed_people(&db, count).await;
    let people_took = seeding.elapsed();
    let cards = Instant::now();
    let customers = seed_customers(&harness.url, &ids).await;
    let cards_took = cards.elapsed();
    let companies: Vec<Company> = ids
        .iter()
        .zip(customers)
        .enumerate()
        .map(|(index, (id, (customer, method)))| Company { id: *id, customer, method, people: active_people(index) })
        .collect();
    let due = Utc::now().date_naive() - Days::days(3);
    seed_accounts(&db, &companies, due).await;
    if label == "postgres" {
        sea_orm::ConnectionTrait::execute_unprepared(&db, "VACUUM ANALYZE").await.unwrap();
    }
    let seeded = seeding.elapsed();
    let people: i64 = companies.iter().map(|c| c.people).sum();
    println!(
        "{tag} seeded in {:.1} s: companies and {people} active people {:.1} s, {count} customers with a card at the harness {:.1} s ({:.0} companies/s, {IN_FLIGHT} at once), billing accounts {:.1} s",
        seeded.as_secs_f64(),
        people_took.as_secs_f64(),
        cards_took.as_secs_f64(),
        count as f64 / cards_took.as_secs_f64(),
        (seeded - people_took - cards_took).as_secs_f64()
    );

    let provider = Arc::new(TimedProvider::new(&harness.url));
    let billing = support::stripe::billing_service(&db, provider.clone());
    let now = Utc::now();

    // The run.
    let before = rss_mib(None);
    let harness_before = rss_mib(Some(harness.pid()));
    let (statements_before, sql_before) = statements.totals();
    let sampler = RssSampler::start(Duration::from_millis(100), Some(harness.pid()));
    let started = Instant::now();
    let charged = billing.run_charges(now).await.unwrap();
    let took = started.elapsed();
    let sampled = sampler.finish();
    // The allocator may hand memory back between the reading before and the first sample.
    let peak = sampled.peak.max(before);
    let after = rss_mib(None);
    let (statements_after, sql_after) = statements.totals();
    let (calls, created, confirms, waited) = provider.totals();
    let sql = sql_after - sql_before;
    let run_statements = statements_after - statements_before;
    println!(
        "{tag} charge run {:.1} s ({:.1} ms a company): {charged}",
        took.as_secs_f64(),
        took.as_secs_f64() * 1e3 / count as f64
    );
    println!(
        "{tag} memory: RSS before {before:.1} MiB, peak {:.1} MiB (+{:.1}), after {after:.1} MiB ({} samples); the harness {harness_before:.0} → peak {:.0} MiB",
        peak,
        peak - before,
        sampled.samples,
        sampled.other_peak
    );
    let tenths: Vec<String> = RssSampler::tenths(&sampled.series).iter().map(|rss| format!("{rss:.0}")).collect();
    println!("{tag} RSS at each tenth of the run (MiB): {}", tenths.join(" "));
    println!(
        "{tag} where the time went: provider {calls} calls ({created} created, {confirms} confirmed) {:.1} s ({:.2} ms a call); SQL {run_statements} statements ({:.1} a company) {:.1} s ({:.3} ms each); the rest {:.1} s",
        waited.as_secs_f64(),
        waited.as_secs_f64() * 1e3 / calls.max(1) as f64,
        run_statements as f64 / count as f64,
        sql.as_secs_f64(),
        sql.as_secs_f64() * 1e3 / run_statements.max(1) as f64,
        took.saturating_sub(waited + sql).as_secs_f64()
    );

    // Exactly once.
    let (mut problems, checked) = check_exactly_once(&db, &harness.url, &companies, due).await;
    println!(
        "{tag} exactly once: {} (every charge row, and all {count} customers' intents at the harness, read in {:.1} s)",
        if problems.is_empty() { "yes".to_owned() } else { problems.join("; ") },
        checked.as_secs_f64()
    );
    let again = Instant::now();
    let second = billing.run_charges(now).await.unwrap();
    let again_took = again.elapsed();
    let (calls_again, ..) = provider.totals();
    let charges_now = sea_orm::PaginatorTrait::count(charges::Entity::find(), &db).await.unwrap();
    let intents_now =
        support::stripe::get(&support::stripe::client(), format!("{}/v1/payment_intents?limit=1", harness.url)).await
            ["total_count"]
            .as_u64()
            .unwrap_or(0);
    println!(
        "{tag} second run {:.2} s: {second}; provider calls {}; charge rows {charges_now}, intents at the harness {intents_now}",
        again_took.as_secs_f64(),
        calls_again - calls
    );
    if second.created != 0
        || second.paid != 0
        || calls_again != calls
        || charges_now != count as u64
        || intents_now != count as u64
    {
        problems.push(format!("the second run changed something: {second}, {} provider calls", calls_again - calls));
    }

    // The provider alone: create and confirm, one pair after another, as the job does.
    let alone = billing::provider::StripeProvider::new(support::stripe::SECRET_KEY, &harness.url).unwrap();
    let pairs = count.min(300);
    let started = Instant::now();
    for (n, company) in companies.iter().take(pairs).enumerate() {
        use billing::provider::PaymentProvider;
        let key = format!("bench-alone-{n}");
        let intent =
            alone.create_payment(&company.customer, &company.method, 800, &key, &BTreeMap::new()).await.unwrap();
        alone.confirm_payment(&intent, &company.method, &key).await.unwrap();
    }
    let pair = started.elapsed().as_secs_f64() * 1e3 / pairs as f64;
    println!("{tag} the provider alone: {pairs} create + confirm pairs one after another, {pair:.2} ms a pair");

    for problem in &problems {
        all_problems.push(format!("{tag} {problem}"));
    }
    drop(harness);
    cleanup();
    Line {
        label: label.to_owned(),
        companies: count,
        seeding: format!("{:.0} s ({:.0} s at the harness)", seeded.as_secs_f64(), cards_took.as_secs_f64()),
        run: took,
        memory: format!("{before:.0} → {peak:.0} → {after:.0} MiB"),
        second: format!("{} made, {} paid, {} calls", second.created, second.paid, calls_again - calls),
        once: if problems.is_empty() { "yes".to_owned() } else { "NO".to_owned() },
    }
}

fn main() {
    let sizes: Vec<usize> = std::env::var("BENCH_COMPANIES")
        .ok()
        .map(|sizes| sizes.split(',').map(|size| size.trim().parse().unwrap()).collect())
        .unwrap_or_else(|| vec![2_000, 10_000]);
    let mut problems = Vec::new();
    let lines = actix_web::rt::System::new().block_on(async {
        let mut lines = Vec::new();
        let labels: &[&str] =
            if std::env::var("BENCH_POSTGRES").is_ok() { &["sqlite", "postgres"] } else { &["sqlite"] };
        for label in labels {
            for count in &sizes {
                lines.push(run(label, *count, &mut problems).await);
            }
        }
        lines
    });
    println!();
    println!(
        "{:<9} {:>9}  {:<28} {:>9} {:>10}  {:<26} {:<28} exactly once",
        "database", "companies", "seeding", "run", "a company", "RSS before → peak → after", "second run"
    );
    for line in &lines {
        println!(
            "{:<9} {:>9}  {:<28} {:>7.1} s {:>7.1} ms  {:<26} {:<28} {}",
            line.label,
            line.companies,
            line.seeding,
            line.run.as_secs_f64(),
            line.run.as_secs_f64() * 1e3 / line.companies as f64,
            line.memory,
            line.second,
            line.once
        );
    }
    for problem in &problems {
        println!("PROBLEM {problem}");
    }
    std::process::exit(i32::from(!problems.is_empty()));
}
