//! `just bench-system`: the platform operator's screens (issue 23) over 10,000 companies and
//! 200,000 users, through the whole server (HTTP, the operator's session and guard, services,
//! database), on SQLite and, when `BENCH_POSTGRES` names a server, a fresh PostgreSQL database.
//!
//! **Seeding** (timed, printed): companies named from word lists ("Summit Dental Partners"),
//! created over 18 months in six US zones: those younger than 30 days on trial, the others
//! subscribed (active or past due, with a billing account), expired, or suspended (by billing or
//! by the operator); 1 to ~190 people each (200,000 in all), the first an admin, some more
//! admins and managers, ~5 % terminated, names from common first and last names and e-mail
//! addresses in three styles (`ann.smith17@…`, `asmith17@…`, `smith.ann17@…`); the active ones'
//! last sign-ins spread over the last 60 days with a session each (and older sessions for a
//! quarter of them, so each month of the chart has sign-ins), the months signed in marked as
//! the product marks them (`sign_in_months`); a week of shifts (4 clock presses each) in every
//! 33rd company and two time-off requests a person in every 37th. Everything is written as
//! multi-row INSERTs, as many rows a statement as the bind-parameter limit allows (SQLite 32,766,
//! PostgreSQL 65,535), one transaction a table. A platform operator (role `sysadmin`, no company)
//! signs in through `/server/v1/auth/login`. Billing is on (trials end), its provider never
//! called.
//!
//! Seeding runs in two parts: the first quarter of the companies (~50,000 people), then the rest.
//! After each, every request is sent once alone while the SQL statements are counted (equal counts
//! at 50,000 and 200,000 people show that no query runs per row) and both exports are read whole,
//! the process's resident memory (`VmRSS`, server in-process) sampled every 20 ms and read at each
//! tenth of the rows received: flat memory means the same growth for 50,000 rows as for 200,000.
//!
//! Then, at full size, `CONCURRENCY` clients at once for `BENCH_SECONDS` (default 10) each:
//! 1. `GET /system/companies`: page 1, a deep page (200), by name, by users (most first), the
//!    active ones, a name filter (parts of names and of admins' e-mail addresses) — p95 ≤ 150 ms;
//! 2. `GET /system/stats`: page 1, by employees, by active users — p95 ≤ 150 ms;
//! 3. `GET /system/employees?q=` 2–4 letters of e-mail addresses, first and last names, alone and
//!    with `companyId` — p95 ≤ 50 ms;
//! 4. the exports' figures from before: `/system/export-all-users` ≤ 10 s for 200,000 people, as
//!    many lines as users plus the header, memory flat.
//!
//! A request over its ceiling has its slowest statements' plans printed (`EXPLAIN QUERY PLAN` /
//! `EXPLAIN (ANALYZE, BUFFERS)` through this connection; `BENCH_EXPLAIN=1` prints them for every
//! request; `BENCH_KEEP=1` keeps the databases for a look afterwards; `BENCH_ONLY=stats,employees`
//! loads only the requests whose label contains one of the words). Each request is also timed
//! alone, one after another (the median of 7): what it costs without queueing behind the others. Figures are printed, not asserted; the run ends with status 1 when an export's line
//! count is wrong. `BENCH_COMPANIES` and `BENCH_USERS` seed other sizes; `BENCH_DATABASES=postgres` measures one database.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod support;

use accounts::entities::{companies, sessions, sign_in_months, users};
use billing::entities::accounts as billing_accounts;
use billing::status::SubscriptionStatus;
use chrono::{DateTime, Datelike, Duration as Span, Months, NaiveDate, TimeZone, Utc};
use clock::entities::{time_entries, time_entry_actions, time_entry_breaks};
use futures_util::StreamExt;
use kernel::{CompanyId, EmploymentStatus, EntryId, PtoTypeId, RequestStatus, Role, UserId};
use pto::entities::{pto_requests, pto_types};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DbBackend, EntityTrait,
    Iterable, QueryFilter, QueryOrder, QuerySelect, Statement, TransactionTrait,
};
use serde_json::Value;
use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use support::memory::{rss_mib, RssSampler};

const CONCURRENCY: usize = 8;
const OPERATOR: &str = "operator@bench.example.com";
const ZONES: [&str; 6] = [
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Los_Angeles",
    "America/Anchorage",
    "Pacific/Honolulu",
];
const PREFIXES: [&str; 40] = [
    "Summit",
    "Harbor",
    "Pioneer",
    "Liberty",
    "Evergreen",
    "Cedar",
    "Granite",
    "Beacon",
    "Maple",
    "Riverside",
    "Lakeside",
    "Northstar",
    "Silverline",
    "Redwood",
    "Bluewater",
    "Keystone",
    "Heritage",
    "Frontier",
    "Oakridge",
    "Sunrise",
    "Crescent",
    "Horizon",
    "Ironwood",
    "Meadow",
    "Falcon",
    "Atlas",
    "Anchor",
    "Brightway",
    "Cornerstone",
    "Goldfield",
    "Prairie",
    "Sterling",
    "Trinity",
    "Union",
    "Valley",
    "Westfield",
    "Willow",
    "Coastal",
    "Capital",
    "Metro",
];
const KINDS: [&str; 25] = [
    "Insurance",
    "Dental",
    "Plumbing",
    "Realty",
    "Logistics",
    "Bakery",
    "Veterinary",
    "Landscaping",
    "Accounting",
    "Construction",
    "Auto Repair",
    "Pharmacy",
    "Fitness",
    "Legal",
    "Roofing",
    "Cleaning",
    "Electric",
    "Marketing",
    "Catering",
    "Printing",
    "Clinic",
    "Hardware",
    "Flooring",
    "Moving",
    "Staffing",
];
const SUFFIXES: [&str; 10] =
    ["Group", "LLC", "Inc", "Co", "Partners", "Services", "Associates", "Agency", "Solutions", "& Sons"];
const FIRST_NAMES: [&str; 70] = [
    "James",
    "Mary",
    "John",
    "Patricia",
    "Robert",
    "Jennifer",
    "Michael",
    "Linda",
    "William",
    "Elizabeth",
    "David",
    "Barbara",
    "Richard",
    "Susan",
    "Joseph",
    "Jessica",
    "Thomas",
    "Sarah",
    "Charles",
    "Karen",
    "Christopher",
    "Lisa",
    "Daniel",
    "Nancy",
    "Matthew",
    "Betty",
    "Anthony",
    "Margaret",
    "Mark",
    "Sandra",
    "Donald",
    "Ashley",
    "Steven",
    "Kimberly",
    "Paul",
    "Emily",
    "Andrew",
    "Donna",
    "Joshua",
    "Michelle",
    "Kenneth",
    "Carol",
    "Kevin",
    "Amanda",
    "Brian",
    "Melissa",
    "George",
    "Deborah",
    "Timothy",
    "Stephanie",
    "Ronald",
    "Rebecca",
    "Edward",
    "Sharon",
    "Jason",
    "Laura",
    "Jeffrey",
    "Cynthia",
    "Ryan",
    "Kathleen",
    "Jacob",
    "Amy",
    "Gary",
    "Angela",
    "Nicholas",
    "Shirley",
    "Eric",
    "Anna",
    "Jonathan",
    "Brenda",
];
const LAST_NAMES: [&str; 100] = [
    "Smith",
    "Johnson",
    "Williams",
    "Brown",
    "Jones",
    "Garcia",
    "Miller",
    "Davis",
    "Rodriguez",
    "Martinez",
    "Hernandez",
    "Lopez",
    "Gonzalez",
    "Wilson",
    "Anderson",
    "Thomas",
    "Taylor",
    "Moore",
    "Jackson",
    "Martin",
    "Lee",
    "Perez",
    "Thompson",
    "White",
    "Harris",
    "Sanchez",
    "Clark",
    "Ramirez",
    "Lewis",
    "Robinson",
    "Walker",
    "Young",
    "Allen",
    "King",
    "Wright",
    "Scott",
    "Torres",
    "Nguyen",
    "Hill",
    "Flores",
    "Green",
    "Adams",
    "Nelson",
    "Baker",
    "Hall",
    "Rivera",
    "Campbell",
    "Mitchell",
    "Carter",
    "Roberts",
    "Gomez",
    "Phillips",
    "Evans",
    "Turner",
    "Diaz",
    "Parker",
    "Cruz",
    "Edwards",
    "Collins",
    "Reyes",
    "Stewart",
    "Morris",
    "Morales",
    "Murphy",
    "Cook",
    "Rogers",
    "Gutierrez",
    "Ortiz",
    "Morgan",
    "Cooper",
    "Peterson",
    "Bailey",
    "Reed",
    "Kelly",
    "Howard",
    "Ramos",
    "Kim",
    "Cox",
    "Ward",
    "Richardson",
    "Watson",
    "Brooks",
    "Chavez",
    "Wood",
    "James",
    "Bennett",
    "Gray",
    "Mendoza",
    "Ruiz",
    "Hughes",
    "Price",
    "Alvarez",
    "Castillo",
    "Sanders",
    "Patel",
    "Myers",
    "Long",
    "Ross",
    "Foster",
    "Jimenez",
];
/// What the people search is sent: the starts of e-mail addresses, first and last names.
const SEARCHES: [&str; 20] = [
    "ma", "jen", "smit", "wil", "ro", "dav", "li", "gar", "tho", "and", "ch", "kel", "pat", "ngu", "ste", "br", "mi",
    "jo", "mart", "jsm",
];
/// The customer list's name filter: parts of names, and of admins' e-mail addresses.
const NAME_FILTERS: [&str; 6] = ["dental", "harbor", "summit ins", "llc", "roofing partners", "james."];

/// A cheap, well-spread hash of a few numbers (splitmix64).
fn mix(parts: &[u64]) -> u64 {
    let mut z = 0x9e37_79b9_7f4a_7c15_u64;
    for part in parts {
        z = z.wrapping_add(*part).wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
    }
    z
}

fn pick<T: Copy>(list: &[T], hash: u64) -> T {
    list[(hash % list.len() as u64) as usize]
}

struct CompanySpec {
    name: String,
    domain: String,
    zone: &'static str,
    created_at: DateTime<Utc>,
    trial_end: Option<NaiveDate>,
    suspended: bool,
    /// The billing account's status, for a company that subscribed.
    billing: Option<SubscriptionStatus>,
    people: usize,
    clock: bool,
    pto: bool,
}

/// The companies and how many people each has (`users` in all, operators aside).
fn plan(count: usize, people: usize, now: DateTime<Utc>) -> Vec<CompanySpec> {
    // Sizes: 1–30, and every 50th company 150 more; then scaled to `people` in all.
    let raw: Vec<u64> = (0..count).map(|i| 1 + mix(&[1, i as u64]) % 30 + if i % 50 == 7 { 150 } else { 0 }).collect();
    let total: u64 = raw.iter().sum();
    let mut sizes: Vec<usize> = raw.iter().map(|r| ((r * people as u64) / total).max(1) as usize).collect();
    let mut assigned: usize = sizes.iter().sum();
    let mut i = 0;
    while assigned != people {
        if assigned < people {
            sizes[i % count] += 1;
            assigned += 1;
        } else if sizes[i % count] > 1 {
            sizes[i % count] -= 1;
            assigned -= 1;
        }
        i += 1;
    }
    let span = 548 * 86_400_i64;
    (0..count)
        .map(|i| {
            let name = format!(
                "{} {} {}",
                PREFIXES[i % PREFIXES.len()],
                KINDS[(i / PREFIXES.len()) % KINDS.len()],
                SUFFIXES[(i / (PREFIXES.len() * KINDS.len())) % SUFFIXES.len()]
            );
            let domain = format!(
                "{}{}{i}.example.com",
                PREFIXES[i % PREFIXES.len()],
                KINDS[(i / PREFIXES.len()) % KINDS.len()].replace(' ', "")
            )
            .to_lowercase();
            let offset = span * i as i64 / count as i64 + (mix(&[2, i as u64]) % 36_000) as i64;
            let created_at = (now - Span::seconds(span) + Span::seconds(offset)).min(now - Span::hours(2));
            let trial_end = created_at.date_naive() + Span::days(30);
            let (trial_end, suspended, billing) = if now - created_at < Span::days(30) {
                (Some(trial_end), false, None)
            } else {
                match mix(&[3, i as u64]) % 100 {
                    0..=63 => (None, false, Some(SubscriptionStatus::Active)),
                    64..=66 => (None, false, Some(SubscriptionStatus::PastDue)),
                    67..=86 => (Some(trial_end), false, None),
                    87..=93 => (None, true, Some(SubscriptionStatus::Suspended)),
                    _ => (Some(trial_end), true, None),
                }
            };
            CompanySpec {
                name,
                domain,
                zone: ZONES[i % ZONES.len()],
                created_at,
                trial_end,
                suspended,
                billing,
                people: sizes[i],
                clock: i % 33 == 0,
                pto: i % 37 == 5,
            }
        })
        .collect()
}

struct PersonSpec {
    company: usize,
    email: String,
    first: &'static str,
    last: &'static str,
    role: Role,
    terminated: bool,
    created_at: DateTime<Utc>,
    last_login: Option<DateTime<Utc>>,
}

/// The people of companies `range` (`serial` numbers their e-mail addresses, unique).
fn people_of(plan: &[CompanySpec], range: std::ops::Range<usize>, now: DateTime<Utc>) -> Vec<PersonSpec> {
    let mut people = Vec::new();
    let mut serial: usize = plan[..range.start].iter().map(|c| c.people).sum();
    for company in range {
        let spec = &plan[company];
        let life = (now - spec.created_at).num_seconds().max(1);
        for n in 0..spec.people {
            let h = |k: u64| mix(&[10 + k, company as u64, n as u64]);
            let role = match n {
                0 => Role::Admin,
                _ if h(0) % 40 == 0 => Role::Admin,
                _ if h(0) % 8 == 1 => Role::Manager,
                _ => Role::Employee,
            };
            let terminated = n > 0 && h(1) % 20 == 0;
            let (first, last) = (pick(&FIRST_NAMES, h(2)), pick(&LAST_NAMES, h(3)));
            let local = match h(4) % 3 {
                0 => format!("{first}.{last}{serial}"),
                1 => format!("{}{last}{serial}", &first[..1]),
                _ => format!("{last}.{first}{serial}"),
            };
            let email = format!("{local}@{}", spec.domain).to_lowercase();
            // The admin at signup, the others over the first half of the company's life.
            let joined = if n == 0 { 0 } else { (h(5) % (life as u64 / 2).max(1)) as i64 };
            let created_at = spec.created_at + Span::seconds(joined);
            let since = (now - created_at).num_seconds().clamp(1, 60 * 86_400);
            let last_login = (!terminated && h(6) % 10 < 8).then(|| now - Span::seconds((h(7) % since as u64) as i64));
            people.push(PersonSpec { company, email, first, last, role, terminated, created_at, last_login });
            serial += 1;
        }
    }
    people
}

/// The largest id of `E` so far (0 for none).
async fn max_id<E: EntityTrait>(db: &DatabaseConnection, id: E::Column) -> i64 {
    E::find()
        .select_only()
        .column_as(id.max(), "m")
        .into_tuple::<Option<i64>>()
        .one(db)
        .await
        .unwrap()
        .flatten()
        .unwrap_or(0)
}

/// Writes `rows` in one transaction, in statements of as many rows as the backend's limit on
/// bind parameters allows (SQLite 32,766, PostgreSQL 65,535); the number of rows.
async fn insert_all<A, I>(db: &DatabaseConnection, rows: I) -> usize
where
    A: ActiveModelTrait + Send,
    <A::Entity as EntityTrait>::Model: sea_orm::IntoActiveModel<A>,
    I: IntoIterator<Item = A>,
{
    let limit = match db.get_database_backend() {
        DbBackend::Postgres => 65_535,
        _ => 32_766,
    };
    let per_statement = limit / <A::Entity as EntityTrait>::Column::iter().count();
    let txn = db.begin().await.unwrap();
    let (mut written, mut chunk) = (0, Vec::with_capacity(per_statement));
    for row in rows {
        chunk.push(row);
        if chunk.len() == per_statement {
            written += chunk.len();
            <A::Entity as EntityTrait>::insert_many(std::mem::take(&mut chunk))
                .exec_without_returning(&txn)
                .await
                .unwrap();
        }
    }
    if !chunk.is_empty() {
        written += chunk.len();
        <A::Entity as EntityTrait>::insert_many(chunk).exec_without_returning(&txn).await.unwrap();
    }
    txn.commit().await.unwrap();
    written
}

/// What seeding keeps: the companies' ids (by index) and the time each table took.
#[derive(Default)]
struct Seeded {
    company_ids: Vec<CompanyId>,
    /// (table, rows, time) in the order written, over both parts.
    tables: Vec<(&'static str, usize, Duration)>,
}

impl Seeded {
    fn took(&mut self, table: &'static str, rows: usize, since: Instant) {
        match self.tables.iter_mut().find(|(name, ..)| *name == table) {
            Some(entry) => {
                entry.1 += rows;
                entry.2 += since.elapsed();
            }
            None => self.tables.push((table, rows, since.elapsed())),
        }
    }
}

/// Seeds the companies `range` of `plan` with everything they hold.
async fn seed(db: &DatabaseConnection, plan: &[CompanySpec], range: std::ops::Range<usize>, seeded: &mut Seeded) {
    let now = Utc::now();
    let hash = accounts::password::hash_password("bench-password").unwrap();

    // Companies.
    let started = Instant::now();
    let before = max_id::<companies::Entity>(db, companies::Column::Id).await;
    let rows = plan[range.clone()].iter().map(|spec| {
        let mut row = companies::new_row(&spec.name, spec.zone, spec.trial_end, spec.created_at);
        row.suspended = Set(spec.suspended);
        row
    });
    let written = insert_all(db, rows).await;
    let stored: Vec<(CompanyId, String)> = companies::Entity::find()
        .select_only()
        .column(companies::Column::Id)
        .column(companies::Column::Name)
        .filter(companies::Column::Id.gt(before))
        .order_by_asc(companies::Column::Id)
        .into_tuple()
        .all(db)
        .await
        .unwrap();
    assert_eq!(stored.len(), range.len());
    for ((id, name), spec) in stored.iter().zip(&plan[range.clone()]) {
        assert_eq!(name, &spec.name);
        seeded.company_ids.push(*id);
    }
    seeded.took("companies", written, started);
    let ids = seeded.company_ids.clone();
    let company_id = |index: usize| ids[index];

    // Their subscriptions.
    let started = Instant::now();
    let rows: Vec<_> = range
        .clone()
        .filter_map(|index| {
            let spec = &plan[index];
            let status = spec.billing?;
            let subscribed = spec.created_at.date_naive() + Span::days(30);
            let day = subscribed.day().min(28);
            let today = now.date_naive();
            let mut next = today.with_day(day).unwrap();
            if next <= today {
                next = next.checked_add_months(Months::new(1)).unwrap();
            }
            Some(billing_accounts::ActiveModel {
                company_id: Set(company_id(index)),
                customer_id: Set(Some(format!("cus_bench{index}"))),
                payment_method_id: Set(Some(format!("pm_bench{index}"))),
                card_brand: Set(Some("visa".to_owned())),
                card_last4: Set(Some("4242".to_owned())),
                card_exp_month: Set(Some(12)),
                card_exp_year: Set(Some(2034)),
                status: Set(status),
                subscribed_on: Set(Some(subscribed)),
                recurring_day: Set(Some(i32::try_from(day).unwrap())),
                next_charge_on: Set(Some(next)),
                reactivated_at: Set(None),
                updated_at: Set(now),
            })
        })
        .collect();
    let written = insert_all(db, rows).await;
    seeded.took("billing_accounts", written, started);

    // People.
    let started = Instant::now();
    let people = people_of(plan, range.clone(), now);
    let before = max_id::<users::Entity>(db, users::Column::Id).await;
    let rows = people.iter().map(|person| {
        let mut row = users::NewPerson {
            company_id: Some(company_id(person.company)),
            email: &person.email,
            password_hash: Some(hash.clone()),
            first_name: person.first,
            last_name: person.last,
            role: person.role,
            verified_at: Some(person.created_at),
            now: person.created_at,
        }
        .row();
        if person.terminated {
            row.status = Set(EmploymentStatus::Terminated);
            row.last_termination_date = Set(Some(now.date_naive() - Span::days(20)));
        }
        row.first_time_login = Set(person.last_login.is_none());
        row.joyride_done = Set(person.last_login.is_some());
        row.last_login_at = Set(person.last_login);
        row
    });
    let written = insert_all(db, rows).await;
    let stored: Vec<(UserId, String)> = users::Entity::find()
        .select_only()
        .column(users::Column::Id)
        .column(users::Column::Email)
        .filter(users::Column::Id.gt(before))
        .order_by_asc(users::Column::Id)
        .into_tuple()
        .all(db)
        .await
        .unwrap();
    assert_eq!(stored.len(), people.len());
    let user_ids: Vec<UserId> = stored
        .into_iter()
        .zip(&people)
        .map(|((id, email), person)| {
            assert_eq!(email, person.email);
            id
        })
        .collect();
    seeded.took("users", written, started);

    // Their sign-ins: a session at the last one; for a quarter of them, 1–11 more a month apart
    // before it (so each month of the chart has some); the months marked as a sign-in marks them.
    let started = Instant::now();
    let mut signed_in = Vec::new();
    let mut months = BTreeSet::new();
    for (person, id) in people.iter().zip(&user_ids) {
        let Some(last) = person.last_login else { continue };
        let h = mix(&[20, id.0 as u64]);
        let earlier = if h.is_multiple_of(4) { 1 + (h >> 8) % 11 } else { 0 } as i64;
        for back in 0..=earlier {
            let at = last - Span::days(30 * back) - Span::minutes(back * 37);
            if at < person.created_at {
                break;
            }
            signed_in.push((*id, back, at));
            months.insert((company_id(person.company), accounts::usage::month_of(at)));
        }
    }
    let rows = signed_in.iter().map(|(user, back, at)| sessions::ActiveModel {
        id: Set(format!("bench-{user}-{back}")),
        user_id: Set(*user),
        impersonator_id: Set(None),
        parent_session_id: Set(None),
        created_at: Set(*at),
        expires_at: Set(*at + Span::hours(12)),
        revoked_at: Set(None),
        ip: Set(Some("127.0.0.1".to_owned())),
        user_agent: Set(Some("bench".to_owned())),
    });
    let written = insert_all(db, rows).await;
    seeded.took("sessions", written, started);
    let started = Instant::now();
    let rows = months
        .iter()
        .map(|(company, month)| sign_in_months::ActiveModel { company_id: Set(*company), month: Set(*month) });
    let written = insert_all(db, rows).await;
    seeded.took("sign_in_months", written, started);

    // A week of shifts of every active person in the clock's companies, 4 presses each.
    let started = Instant::now();
    let mut shifts = Vec::new();
    for (person, id) in people.iter().zip(&user_ids) {
        let spec = &plan[person.company];
        if !spec.clock || person.terminated {
            continue;
        }
        let tz: chrono_tz::Tz = spec.zone.parse().unwrap();
        let today = kernel::time::local_date(tz, now);
        for back in 1..=6 {
            let day = (today - Span::days(back)).and_hms_opt(9, 0, 0).unwrap();
            let start = tz.from_local_datetime(&day).earliest().unwrap().with_timezone(&Utc);
            shifts.push((person.company, *id, tz, start));
        }
    }
    let before = max_id::<time_entries::Entity>(db, time_entries::Column::Id).await;
    let rows = shifts.iter().map(|(company, employee, tz, start)| {
        let shift = clock::shift::Shift {
            start: *start,
            end: Some(*start + Span::hours(8)),
            breaks: vec![clock::shift::Interval {
                start: *start + Span::hours(3),
                end: Some(*start + Span::hours(3) + Span::minutes(30)),
            }],
        };
        let worked = shift.worked_time(*tz);
        time_entries::ActiveModel {
            company_id: Set(company_id(*company)),
            employee_id: Set(*employee),
            start_at: Set(*start),
            end_at: Set(Some(*start + Span::hours(8))),
            state: Set(3),
            open_employee_id: Set(None),
            created_by: Set(*employee),
            work_day: Set(Some(worked.day)),
            work_week: Set(Some(worked.week)),
            worked_minutes: Set(worked.minutes),
            created_at: Set(*start),
            updated_at: Set(*start + Span::hours(8)),
            ..Default::default()
        }
    });
    let written = insert_all(db, rows).await;
    let entries: Vec<(EntryId, UserId)> = time_entries::Entity::find()
        .select_only()
        .column(time_entries::Column::Id)
        .column(time_entries::Column::EmployeeId)
        .filter(time_entries::Column::Id.gt(before))
        .order_by_asc(time_entries::Column::Id)
        .into_tuple()
        .all(db)
        .await
        .unwrap();
    assert_eq!(entries.len(), shifts.len());
    seeded.took("time_entries", written, started);
    let started = Instant::now();
    let rows = entries.iter().zip(&shifts).map(|((entry, _), (.., start))| time_entry_breaks::ActiveModel {
        entry_id: Set(*entry),
        start_at: Set(*start + Span::hours(3)),
        end_at: Set(Some(*start + Span::hours(3) + Span::minutes(30))),
        ..Default::default()
    });
    let written = insert_all(db, rows).await;
    seeded.took("time_entry_breaks", written, started);
    let started = Instant::now();
    let presses = [("start", 0), ("break", 180), ("resume", 210), ("end", 480)];
    let rows = entries.iter().zip(&shifts).flat_map(|((entry, employee), (_, planned, _, start))| {
        assert_eq!(employee, planned);
        presses.iter().map(move |(action, minutes)| time_entry_actions::ActiveModel {
            entry_id: Set(*entry),
            action_type: Set((*action).to_owned()),
            action_at: Set(*start + Span::minutes(*minutes)),
            actor_id: Set(*employee),
            ..Default::default()
        })
    });
    let written = insert_all(db, rows).await;
    seeded.took("time_entry_actions", written, started);

    // Time off: a type in each of the PTO companies, two requests of every active person.
    let started = Instant::now();
    let before = max_id::<pto_types::Entity>(db, pto_types::Column::Id).await;
    let pto_companies: Vec<usize> = range.clone().filter(|index| plan[*index].pto).collect();
    let rows = pto_companies.iter().map(|index| pto_types::ActiveModel {
        company_id: Set(company_id(*index)),
        name: Set("Vacation".to_owned()),
        color: Set("#3366cc".to_owned()),
        payable: Set(true),
        available: Set(true),
        created_at: Set(plan[*index].created_at),
        updated_at: Set(plan[*index].created_at),
        deleted_at: Set(None),
        ..Default::default()
    });
    insert_all(db, rows).await;
    let types: HashMap<CompanyId, PtoTypeId> = pto_types::Entity::find()
        .select_only()
        .column(pto_types::Column::CompanyId)
        .column(pto_types::Column::Id)
        .filter(pto_types::Column::Id.gt(before))
        .into_tuple::<(CompanyId, PtoTypeId)>()
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .collect();
    let today = now.date_naive();
    let rows =
        people.iter().zip(&user_ids).filter(|(person, _)| plan[person.company].pto && !person.terminated).flat_map(
            |(person, id)| {
                let company = company_id(person.company);
                let kind = types[&company];
                [(today - Span::days(40), RequestStatus::Approved), (today + Span::days(20), RequestStatus::Raised)]
                    .into_iter()
                    .map(move |(start, status)| pto_requests::ActiveModel {
                        company_id: Set(company),
                        employee_id: Set(*id),
                        pto_type_id: Set(kind),
                        start_date: Set(start),
                        end_date: Set(start + Span::days(2)),
                        partial: Set(false),
                        start_time: Set(None),
                        end_time: Set(None),
                        include_weekend: Set(false),
                        reason: Set("Vacation".to_owned()),
                        status: Set(status),
                        requested_by: Set(Some(*id)),
                        created_at: Set(now - Span::days(50)),
                        updated_at: Set(now - Span::days(45)),
                        acted_by: Set(None),
                        acted_at: Set((status == RequestStatus::Approved).then(|| now - Span::days(45))),
                        act_comment: Set(None),
                        cancelled_by: Set(None),
                        cancelled_at: Set(None),
                        cancelled_from: Set(None),
                        ..Default::default()
                    })
            },
        );
    let written = insert_all(db, rows).await;
    seeded.took("pto_requests", written, started);

    // A PostgreSQL database that has been running is vacuumed and analysed by autovacuum; one
    // just bulk-loaded is not yet. (SQLite has no such background work, and no statistics
    // unless ANALYZE is run, which the product does not.)
    if db.get_database_backend() == DbBackend::Postgres {
        let started = Instant::now();
        db.execute_unprepared("VACUUM ANALYZE").await.unwrap();
        seeded.took("VACUUM ANALYZE", 0, started);
    }
}

/// The SQL statements run on the connection; while `capturing`, each one with its time.
#[derive(Clone, Default)]
struct Sql {
    count: Arc<AtomicUsize>,
    capturing: Arc<AtomicBool>,
    captured: Arc<Mutex<Vec<(Duration, Statement)>>>,
}

impl Sql {
    fn watch(&self, db: &mut DatabaseConnection) {
        let sql = self.clone();
        db.set_metric_callback(move |info| {
            sql.count.fetch_add(1, Ordering::Relaxed);
            if sql.capturing.load(Ordering::Relaxed) {
                sql.captured.lock().unwrap().push((info.elapsed, info.statement.clone()));
            }
        });
    }

    fn count(&self) -> usize {
        self.count.load(Ordering::Relaxed)
    }
}

/// One of the measured requests.
struct Scenario {
    label: &'static str,
    /// The request sent alone (statements counted, plans printed).
    sample: String,
    path_of: Rc<dyn Fn(usize, usize) -> String>,
    check: fn(&Value) -> bool,
    /// The issue's ceiling on p95, ms.
    ceiling: Option<f64>,
}

fn scenarios(company_ids: &[CompanyId], sample_q: &str) -> Vec<Scenario> {
    let pages = (company_ids.len() as u64).div_ceil(20) as usize;
    let deep = 200.min(pages.max(1));
    let companies = |body: &Value| body["compCount"].is_u64() && body["companies"].is_array();
    let stats = |body: &Value| body["statCount"].is_u64() && body["chart"].as_array().is_some_and(|c| c.len() == 12);
    let people = |body: &Value| body["empCount"].is_u64() && body["employees"].is_array();
    let ids: Rc<Vec<CompanyId>> = Rc::new(company_ids.to_vec());
    let company_of = move |worker: usize, round: usize| ids[(worker * 7919 + round * 104_729) % ids.len()];
    let page = move |worker: usize, round: usize| (worker * 7 + round * 13) % pages.min(50) + 1;
    let base = "/server/v1/system";
    vec![
        Scenario {
            label: "companies: page 1 (newest first)",
            sample: format!("{base}/companies?page=1"),
            path_of: Rc::new(move |_, _| format!("{base}/companies?page=1")),
            check: companies,
            ceiling: Some(150.0),
        },
        Scenario {
            label: "companies: a deep page (200)",
            sample: format!("{base}/companies?page={deep}"),
            path_of: Rc::new(move |_, _| format!("{base}/companies?page={deep}")),
            check: companies,
            ceiling: Some(150.0),
        },
        Scenario {
            label: "companies: by name A-Z, pages 1-50",
            sample: format!("{base}/companies?sort=name&order=asc&page=7"),
            path_of: Rc::new(move |w, r| format!("{base}/companies?sort=name&order=asc&page={}", page(w, r))),
            check: companies,
            ceiling: Some(150.0),
        },
        Scenario {
            label: "companies: by users, most first, pages 1-50",
            sample: format!("{base}/companies?sort=users&order=desc&page=7"),
            path_of: Rc::new(move |w, r| format!("{base}/companies?sort=users&order=desc&page={}", page(w, r))),
            check: companies,
            ceiling: Some(150.0),
        },
        Scenario {
            label: "companies: status=active, pages 1-50",
            sample: format!("{base}/companies?status=active&page=7"),
            path_of: Rc::new(move |w, r| format!("{base}/companies?status=active&page={}", page(w, r))),
            check: companies,
            ceiling: Some(150.0),
        },
        Scenario {
            label: "companies: name filter (6 texts)",
            sample: format!("{base}/companies?name=dental"),
            path_of: Rc::new(move |w, r| {
                format!("{base}/companies?name={}", NAME_FILTERS[(w + r) % NAME_FILTERS.len()].replace(' ', "%20"))
            }),
            check: companies,
            ceiling: Some(150.0),
        },
        Scenario {
            label: "stats: page 1 (newest first)",
            sample: format!("{base}/stats?page=1"),
            path_of: Rc::new(move |_, _| format!("{base}/stats?page=1")),
            check: stats,
            ceiling: Some(150.0),
        },
        Scenario {
            label: "stats: by employees, most first, pages 1-50",
            sample: format!("{base}/stats?sort=employees&order=desc&page=7"),
            path_of: Rc::new(move |w, r| format!("{base}/stats?sort=employees&order=desc&page={}", page(w, r))),
            check: stats,
            ceiling: Some(150.0),
        },
        Scenario {
            label: "stats: by active users, most first, pages 1-50",
            sample: format!("{base}/stats?sort=activeUsers&order=desc&page=7"),
            path_of: Rc::new(move |w, r| format!("{base}/stats?sort=activeUsers&order=desc&page={}", page(w, r))),
            check: stats,
            ceiling: Some(150.0),
        },
        Scenario {
            label: "employees: q= 2-4 letters (20 texts)",
            sample: format!("{base}/employees?q=ma"),
            path_of: Rc::new(move |w, r| format!("{base}/employees?q={}", SEARCHES[(w * 3 + r) % SEARCHES.len()])),
            check: people,
            ceiling: Some(50.0),
        },
        Scenario {
            label: "employees: q= and companyId",
            sample: format!("{base}/employees?q={sample_q}&companyId={}", company_ids[0]),
            path_of: Rc::new(move |w, r| {
                format!(
                    "{base}/employees?q={}&companyId={}",
                    &SEARCHES[(w * 3 + r) % SEARCHES.len()][..1],
                    company_of(w, r)
                )
            }),
            check: people,
            ceiling: Some(50.0),
        },
        Scenario {
            label: "employees: q= 2-4 letters, by last name",
            sample: format!("{base}/employees?q=jo&sort=lastname"),
            path_of: Rc::new(move |w, r| {
                format!("{base}/employees?q={}&sort=lastname", SEARCHES[(w * 5 + r) % SEARCHES.len()])
            }),
            check: people,
            ceiling: Some(50.0),
        },
        Scenario {
            label: "employees: everyone, page 1 (reference)",
            sample: format!("{base}/employees?page=1"),
            path_of: Rc::new(move |_, _| format!("{base}/employees?page=1")),
            check: people,
            ceiling: None,
        },
    ]
}

/// One request alone: its statements (with their times), and the answer.
async fn alone(
    client: &awc::Client,
    base: &str,
    token: &str,
    sql: &Sql,
    path: &str,
) -> (Vec<(Duration, Statement)>, Value) {
    sql.captured.lock().unwrap().clear();
    sql.capturing.store(true, Ordering::SeqCst);
    let mut response = client.get(format!("{base}{path}")).bearer_auth(token).send().await.unwrap();
    let body: Value = response.json().limit(8 << 20).await.unwrap_or(Value::Null);
    sql.capturing.store(false, Ordering::SeqCst);
    assert!(response.status().is_success(), "{path}: {} {body}", response.status());
    (std::mem::take(&mut *sql.captured.lock().unwrap()), body)
}

/// The plans of `statements`' slowest three (those over 2 ms), each run alone again.
async fn explain(db: &DatabaseConnection, label: &str, mut statements: Vec<(Duration, Statement)>) {
    statements.sort_by_key(|statement| std::cmp::Reverse(statement.0));
    for (took, statement) in statements.iter().take(3).filter(|(took, _)| *took > Duration::from_millis(2)) {
        let backend = statement.db_backend;
        let prefix = match backend {
            DbBackend::Postgres => "EXPLAIN (ANALYZE, BUFFERS) ",
            _ => "EXPLAIN QUERY PLAN ",
        };
        let mut alone = Vec::new();
        for _ in 0..5 {
            let started = Instant::now();
            db.query_all(statement.clone()).await.unwrap();
            alone.push(started.elapsed());
        }
        alone.sort();
        println!(
            "    {label}: a statement of {:.1} ms in the request, {:.1} ms alone (median of 5):\n      {}",
            took.as_secs_f64() * 1e3,
            alone[2].as_secs_f64() * 1e3,
            statement.to_string().chars().take(1500).collect::<String>()
        );
        let plan = Statement { sql: format!("{prefix}{}", statement.sql), ..statement.clone() };
        for row in db.query_all(plan).await.unwrap() {
            let line: String = match backend {
                DbBackend::Postgres => row.try_get("", "QUERY PLAN").unwrap(),
                _ => {
                    let (id, parent): (i64, i64) = (row.try_get("", "id").unwrap(), row.try_get("", "parent").unwrap());
                    format!("[{id}<{parent}] {}", row.try_get::<String>("", "detail").unwrap())
                }
            };
            println!("      | {line}");
        }
    }
}

struct Export {
    rows: usize,
    bytes: usize,
    took: Duration,
    first_byte: Duration,
    before: f64,
    peak: f64,
    /// `VmRSS` as each tenth of the rows arrived.
    tenths: Vec<f64>,
    statements: usize,
}

/// Reads `path` whole, counting its lines, the process's memory sampled meanwhile.
async fn export(client: &awc::Client, base: &str, token: &str, sql: &Sql, path: &str, expected: usize) -> Export {
    let before = rss_mib(None);
    let statements = sql.count();
    let sampler = RssSampler::start(Duration::from_millis(20), None);
    let started = Instant::now();
    let mut response =
        client.get(format!("{base}{path}")).bearer_auth(token).timeout(Duration::from_secs(600)).send().await.unwrap();
    let first_byte = started.elapsed();
    assert!(response.status().is_success(), "{path}: {}", response.status());
    let (mut rows, mut bytes, mut tenths) = (0, 0, vec![before]);
    while let Some(chunk) = response.next().await {
        let chunk = chunk.unwrap();
        bytes += chunk.len();
        rows += chunk.iter().filter(|byte| **byte == b'\n').count();
        while tenths.len() <= 10 && rows >= expected * tenths.len() / 10 {
            tenths.push(rss_mib(None));
        }
    }
    let took = started.elapsed();
    let sampled = sampler.finish();
    Export {
        rows,
        bytes,
        took,
        first_byte,
        before,
        peak: sampled.peak.max(before),
        tenths,
        statements: sql.count() - statements,
    }
}

/// One line of a database's table.
struct Figure {
    label: &'static str,
    count: usize,
    p50: f64,
    p95: f64,
    p99: f64,
    ceiling: Option<f64>,
}

async fn run(label: &str, companies_count: usize, users_count: usize, problems: &mut Vec<String>) {
    let tag = format!("[{label}]");
    let (url, cleanup) = support::database(label).await;
    let mut db = gateway::db::connect(&url).await.unwrap();
    gateway::db::migrate(&db).await.unwrap();
    let sql = Sql::default();
    sql.watch(&mut db);
    let now = Utc::now();
    let plan = plan(companies_count, users_count, now);
    let hash = accounts::password::hash_password("bench-password").unwrap();
    users::NewPerson {
        company_id: None,
        email: OPERATOR,
        password_hash: Some(hash),
        first_name: "Sam",
        last_name: "Operator",
        role: Role::SysAdmin,
        verified_at: Some(now),
        now,
    }
    .row()
    .insert(&db)
    .await
    .unwrap();

    let (base, server_thread) = support::serve_with_billing(db.clone());
    let client = awc::Client::builder()
        .timeout(Duration::from_secs(60))
        .connector(awc::Connector::new().limit(CONCURRENCY * 2))
        .finish();

    // The first quarter, then the rest: statements per request and the exports at each size.
    let mut seeded = Seeded::default();
    // The people search within a company is sent the start of its admin's address (rows at both sizes).
    let sample_q: String = people_of(&plan, 0..1, now)[0].email.chars().take(2).collect();
    let quarter = (companies_count / 4).max(1);
    let mut token = String::new();
    let mut counts: Vec<Vec<usize>> = Vec::new();
    let mut exports: Vec<(&str, usize, Export)> = Vec::new();
    let mut samples: HashMap<&str, Vec<(Duration, Statement)>> = HashMap::new();
    let mut seeding_total = Duration::ZERO;
    let mut sizes = Vec::new();
    for (part, range) in [0..quarter, quarter..companies_count].into_iter().enumerate() {
        let started = Instant::now();
        seed(&db, &plan, range.clone(), &mut seeded).await;
        let took = started.elapsed();
        seeding_total += took;
        let people: usize = plan[..range.end].iter().map(|c| c.people).sum();
        println!(
            "{tag} seeded companies {}..{} in {:.1} s: {} companies, {people} people in all so far",
            range.start,
            range.end,
            took.as_secs_f64(),
            range.end
        );
        if part == 0 {
            token = support::login(&client, &base, OPERATOR).await;
        }
        let list = scenarios(&seeded.company_ids, &sample_q);
        let mut part_counts = Vec::new();
        for scenario in &list {
            let (statements, _) = alone(&client, &base, &token, &sql, &scenario.sample).await;
            part_counts.push(statements.len());
            samples.insert(scenario.label, statements);
        }
        counts.push(part_counts);
        let users = sea_orm::PaginatorTrait::count(users::Entity::find(), &db).await.unwrap() as usize;
        let companies = seeded.company_ids.len();
        sizes.push(format!("{companies} companies / {users} users"));
        for (path, expected) in
            [("/server/v1/system/export-all-users", users), ("/server/v1/system/export-stats", companies)]
        {
            let figures = export(&client, &base, &token, &sql, path, expected + 1).await;
            println!(
                "{tag} {path} of {expected}: {} lines, {:.1} MB in {:.2} s (first byte {:.0} ms), {} statements; RSS {:.1} → peak {:.1} MiB (+{:.1}); at each tenth of the rows: {}",
                figures.rows,
                figures.bytes as f64 / 1e6,
                figures.took.as_secs_f64(),
                figures.first_byte.as_secs_f64() * 1e3,
                figures.statements,
                figures.before,
                figures.peak,
                figures.peak - figures.before,
                figures.tenths.iter().map(|rss| format!("{rss:.0}")).collect::<Vec<_>>().join(" ")
            );
            if figures.rows != expected + 1 {
                problems.push(format!("{tag} {path}: {} lines for {expected} rows and the header", figures.rows));
            }
            exports.push((path, expected, figures));
        }
    }
    let total_people: usize = sea_orm::PaginatorTrait::count(users::Entity::find(), &db).await.unwrap() as usize;
    println!("{tag} seeding took {:.1} s in all:", seeding_total.as_secs_f64());
    for (table, rows, took) in &seeded.tables {
        println!("{tag}   {table:<20} {rows:>8} rows  {:>6.1} s", took.as_secs_f64());
    }

    // What the screens show, to see the figures are not all zero.
    let list = scenarios(&seeded.company_ids, &sample_q);
    // Each request alone, one after another: what one costs without waiting for the others.
    let mut alone_ms = HashMap::new();
    for scenario in &list {
        let mut took = Vec::new();
        for _ in 0..7 {
            let started = Instant::now();
            alone(&client, &base, &token, &sql, &scenario.sample).await;
            took.push(started.elapsed());
        }
        took.sort();
        alone_ms.insert(scenario.label, took[3].as_secs_f64() * 1e3);
    }
    let (_, page) = alone(&client, &base, &token, &sql, "/server/v1/system/stats?sort=employees&order=desc").await;
    let chart: Vec<String> = page["chart"]
        .as_array()
        .unwrap()
        .iter()
        .map(|month| format!("{} {}/{}", month["month"].as_str().unwrap(), month["signups"], month["activeCompanies"]))
        .collect();
    println!("{tag} the chart (month signups/active companies): {}", chart.join(", "));
    let both = (0..companies_count).find(|i| plan[*i].clock && plan[*i].pto).unwrap_or(0);
    let (_, row) = alone(
        &client,
        &base,
        &token,
        &sql,
        &format!("/server/v1/system/stats?name={}", plan[both].name.replace(' ', "%20").replace('&', "%26")),
    )
    .await;
    println!("{tag} a company with shifts and time off: {}", row["stats"][0]);
    for status in ["trial", "expired", "active", "past_due", "suspended"] {
        let (_, page) =
            alone(&client, &base, &token, &sql, &format!("/server/v1/system/companies?status={status}")).await;
        print!("{status} {}  ", page["compCount"]);
    }
    println!();
    println!("{tag} SQL statements per request alone, with {} and with {}:", sizes[0], sizes[1]);
    for (index, scenario) in list.iter().enumerate() {
        println!("{tag}   {:<48} {:>3} {:>3}", scenario.label, counts[0][index], counts[1][index]);
    }

    // The load.
    let target = support::Target { client: &client, base: &base, token: &token };
    let seconds: u64 = std::env::var("BENCH_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(10);
    let mut figures = Vec::new();
    let only: Vec<String> =
        std::env::var("BENCH_ONLY").map(|only| only.split(',').map(str::to_owned).collect()).unwrap_or_default();
    for scenario in list.iter().filter(|s| only.is_empty() || only.iter().any(|o| s.label.contains(o.as_str()))) {
        let mut latencies = support::load(
            &format!("{tag} {}, {CONCURRENCY} at once", scenario.label),
            &target,
            CONCURRENCY,
            seconds,
            scenario.path_of.clone(),
            scenario.check,
        )
        .await;
        latencies.sort();
        figures.push(Figure {
            label: scenario.label,
            count: latencies.len(),
            p50: support::percentile(&latencies, 0.50),
            p95: support::percentile(&latencies, 0.95),
            p99: support::percentile(&latencies, 0.99),
            ceiling: scenario.ceiling,
        });
    }
    let explain_all = std::env::var("BENCH_EXPLAIN").is_ok();
    for figure in &figures {
        let over = figure.ceiling.is_some_and(|ceiling| figure.p95 > ceiling);
        if over || explain_all {
            println!("{tag} plans of \"{}\"{}:", figure.label, if over { " (over its ceiling)" } else { "" });
            explain(&db, figure.label, samples.remove(figure.label).unwrap_or_default()).await;
        }
        if over {
            problems.push(format!(
                "{tag} {}: p95 {:.1} ms over {:.0} ms",
                figure.label,
                figure.p95,
                figure.ceiling.unwrap()
            ));
        }
    }

    println!();
    println!(
        "{tag} {companies_count} companies, {total_people} users, {CONCURRENCY} clients at once, {seconds} s each"
    );
    println!("| {label} | alone ms | requests | p50 ms | p95 ms | p99 ms | ceiling (p95) |");
    println!("|---|---|---|---|---|---|---|");
    for figure in &figures {
        let verdict = match figure.ceiling {
            Some(ceiling) if figure.p95 <= ceiling => format!("≤ {ceiling:.0} ms: met"),
            Some(ceiling) => format!("≤ {ceiling:.0} ms: **missed**"),
            None => String::new(),
        };
        println!(
            "| {} | {:.1} | {} | {:.1} | {:.1} | {:.1} | {verdict} |",
            figure.label, alone_ms[figure.label], figure.count, figure.p50, figure.p95, figure.p99
        );
    }
    println!(
        "| export | rows (lines) | time | first byte | statements | RSS before → peak (growth) | RSS at each tenth |"
    );
    println!("|---|---|---|---|---|---|---|");
    for (path, expected, figures) in &exports {
        println!(
            "| {} | {expected} ({}) | {:.2} s | {:.0} ms | {} | {:.0} → {:.0} MiB (+{:.1}) | {} |",
            path.trim_start_matches("/server/v1/system/"),
            figures.rows,
            figures.took.as_secs_f64(),
            figures.first_byte.as_secs_f64() * 1e3,
            figures.statements,
            figures.before,
            figures.peak,
            figures.peak - figures.before,
            figures.tenths.iter().map(|rss| format!("{rss:.0}")).collect::<Vec<_>>().join(" ")
        );
    }
    println!();
    drop(server_thread);
    if std::env::var("BENCH_KEEP").is_ok() {
        println!("{tag} kept: {url}");
    } else {
        cleanup();
    }
}

fn main() {
    let companies: usize = std::env::var("BENCH_COMPANIES").ok().and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let users: usize = std::env::var("BENCH_USERS").ok().and_then(|s| s.parse().ok()).unwrap_or(200_000);
    let mut problems = Vec::new();
    actix_web::rt::System::new().block_on(async {
        // `BENCH_DATABASES=postgres` (or `sqlite`) measures one of them only.
        let only = std::env::var("BENCH_DATABASES").unwrap_or_default();
        let wanted = |name: &str| only.is_empty() || only.split(',').any(|given| given == name);
        if wanted("sqlite") {
            run("sqlite", companies, users, &mut problems).await;
        }
        if std::env::var("BENCH_POSTGRES").is_ok() && wanted("postgres") {
            run("postgres", companies, users, &mut problems).await;
        }
    });
    for problem in &problems {
        println!("PROBLEM {problem}");
    }
    let wrong_export = problems.iter().any(|problem| problem.contains("lines for"));
    std::process::exit(i32::from(wrong_export));
}
