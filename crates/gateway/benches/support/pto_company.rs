//! The PTO benchmarks' company: employees who started three years ago (on the first of this
//! month then), each working every weekday (8 hours with a 30-minute break, 450 minutes), in a
//! plan with a fixed rule (80 hours a year, carryover capped at 16) and an accrual rule (1 hour
//! per 30 worked hours) for each of the four years, with one manual addition each, and four
//! time-off requests each: two days of vacation approved in July of each past year and one day
//! pending next month (2,000 requests for 500 people).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use accounts::entities::{companies, users};
use chrono::{Datelike, Duration as Days, NaiveDate, TimeZone, Utc, Weekday};
use kernel::Role;
use pto::entities::{pto_balance_entries, pto_enrollments, pto_plans, pto_requests, pto_rules, pto_types};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};

/// How the shifts are written.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Shifts {
    /// As the product stores them, breaks included (a few hundred thousand rows).
    AsTheClockDoes,
    /// One SQL statement on SQLite: the ended shifts with their worked minutes, what balances
    /// read (millions of rows in seconds).
    BulkSqlite,
}

/// The company; the admin's e-mail and one employee's id.
pub async fn seed(db: &DatabaseConnection, employees: usize, shifts: Shifts) -> (String, i64) {
    let now = Utc::now();
    let tz = chrono_tz::America::New_York;
    let today = kernel::time::local_date(tz, now);
    let start = NaiveDate::from_ymd_opt(today.year() - 3, today.month(), 1).unwrap();
    let company = companies::new_row("Bench PTO", tz.name(), None, now).insert(db).await.unwrap();
    let hash = accounts::password::hash_password("bench-password").unwrap();
    let admin_email = "admin-pto@bench.example.com".to_owned();
    let person = |email: String, first: String, last: String, role: Role| {
        let mut row = users::NewPerson {
            company_id: Some(company.id),
            email: &email,
            password_hash: Some(hash.clone()),
            first_name: &first,
            last_name: &last,
            role,
            verified_at: Some(now),
            now,
        }
        .row();
        row.last_start_date = Set(Some(start));
        row
    };
    person(admin_email.clone(), "Ada".into(), "Admin".into(), Role::Admin).insert(db).await.unwrap();
    let people: Vec<_> = (0..employees)
        .map(|i| {
            person(
                format!("p{i}@pto.bench.example.com"),
                format!("First{i}"),
                format!("Last{:04}", (i * 7919) % employees),
                Role::Employee,
            )
        })
        .collect();
    for chunk in people.chunks(200) {
        users::Entity::insert_many(chunk.to_vec()).exec(db).await.unwrap();
    }
    let ids: Vec<kernel::UserId> = users::Entity::find()
        .filter(users::Column::CompanyId.eq(company.id))
        .filter(users::Column::Role.eq("employee"))
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|u| u.id)
        .collect();

    let pto_type = |name: &str| pto_types::ActiveModel {
        company_id: Set(company.id),
        name: Set(name.to_owned()),
        color: Set("#1c7ed6".to_owned()),
        payable: Set(true),
        available: Set(true),
        created_at: Set(now),
        updated_at: Set(now),
        deleted_at: Set(None),
        ..Default::default()
    };
    let vacation = pto_type("Vacation").insert(db).await.unwrap().id;
    let sick = pto_type("Sick").insert(db).await.unwrap().id;
    let plan = pto_plans::ActiveModel {
        company_id: Set(company.id),
        name: Set("Standard".to_owned()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap()
    .id;
    for (pto_type, method, rate, unit, cap) in
        [(vacation, "PER_CALENDAR_YEAR", 8000, 1, Some(16)), (sick, "PER_HOUR_WORKED", 100, 30, None)]
    {
        pto_rules::ActiveModel {
            company_id: Set(company.id),
            plan_id: Set(plan),
            pto_type_id: Set(pto_type),
            active: Set(true),
            method: Set(method.to_owned()),
            rate_hundredths: Set(rate),
            rate_unit: Set(unit),
            prorated: Set(true),
            waiting_period_days: Set(None),
            start_after_waiting_period: Set(false),
            carryover_policy: Set("allowCarryover".to_owned()),
            max_carryover_hours: Set(cap),
            max_balance_hours: Set(None),
            ..Default::default()
        }
        .insert(db)
        .await
        .unwrap();
    }
    let mut enrolments = Vec::new();
    let mut additions = Vec::new();
    for id in &ids {
        for year in start.year()..=today.year() {
            enrolments.push(pto_enrollments::ActiveModel {
                company_id: Set(company.id),
                employee_id: Set(*id),
                year: Set(year),
                plan_id: Set(plan),
                effective_from: Set(NaiveDate::from_ymd_opt(year, 1, 1).unwrap()),
                created_by: Set(None),
                created_at: Set(now),
                ..Default::default()
            });
        }
        additions.push(pto_balance_entries::ActiveModel {
            company_id: Set(company.id),
            employee_id: Set(*id),
            pto_type_id: Set(vacation),
            kind: Set(pto_balance_entries::MANUALLY_ADDITION.to_owned()),
            minutes: Set(120),
            effective_on: Set(today),
            year: Set(today.year()),
            enrollment_id: Set(None),
            created_by: Set(None),
            created_at: Set(now),
            ..Default::default()
        });
    }
    for chunk in enrolments.chunks(300) {
        pto_enrollments::Entity::insert_many(chunk.to_vec()).exec(db).await.unwrap();
    }
    for chunk in additions.chunks(300) {
        pto_balance_entries::Entity::insert_many(chunk.to_vec()).exec(db).await.unwrap();
    }
    let mut requests = Vec::new();
    for (index, id) in ids.iter().enumerate() {
        let offset = Days::days(i64::try_from(index % 5).unwrap());
        let mut add = |first: NaiveDate, last: NaiveDate, status: kernel::RequestStatus| {
            requests.push(pto_requests::ActiveModel {
                company_id: Set(company.id),
                employee_id: Set(*id),
                pto_type_id: Set(vacation),
                start_date: Set(first),
                end_date: Set(last),
                partial: Set(false),
                start_time: Set(None),
                end_time: Set(None),
                include_weekend: Set(false),
                reason: Set("Summer".to_owned()),
                status: Set(status),
                requested_by: Set(Some(*id)),
                created_at: Set(now),
                updated_at: Set(now),
                acted_by: Set(None),
                acted_at: Set((status == kernel::RequestStatus::Approved).then_some(now)),
                act_comment: Set(None),
                cancelled_by: Set(None),
                cancelled_at: Set(None),
                cancelled_from: Set(None),
                ..Default::default()
            });
        };
        for year in start.year()..today.year() {
            let first = NaiveDate::from_ymd_opt(year, 7, 10).unwrap() + offset;
            add(first, first + Days::days(1), kernel::RequestStatus::Approved);
        }
        let later = today + Days::days(30) + offset;
        add(later, later, kernel::RequestStatus::Raised);
    }
    for chunk in requests.chunks(300) {
        pto_requests::Entity::insert_many(chunk.to_vec()).exec(db).await.unwrap();
    }
    if shifts == Shifts::BulkSqlite {
        let sql = format!(
            "WITH RECURSIVE days(d) AS (SELECT date('{start}') UNION ALL SELECT date(d, '+1 day') FROM days WHERE d < date('{today}', '-1 day')) \
             INSERT INTO time_entries (company_id, employee_id, start_at, end_at, state, open_employee_id, created_by, work_day, work_week, worked_minutes, created_at, updated_at) \
             SELECT u.company_id, u.id, d || 'T14:00:00+00:00', d || 'T22:00:00+00:00', 3, NULL, u.id, d, date(d, '-' || strftime('%w', d) || ' days'), 450, d || 'T22:00:00+00:00', d || 'T22:00:00+00:00' \
             FROM users u CROSS JOIN days WHERE u.company_id = {company} AND u.role = 'employee' AND strftime('%w', d) NOT IN ('0', '6')",
            company = company.id
        );
        sea_orm::ConnectionTrait::execute_unprepared(db, &sql).await.unwrap();
        forget_seeding_changes(db).await;
        println!("seeded {} employees with every weekday's shift since {start}", ids.len());
        return (admin_email, ids[ids.len() / 2].0);
    }
    // Every weekday since the start, for everyone.
    let mut day = start;
    let mut starts = Vec::new();
    while day < today {
        if !matches!(day.weekday(), Weekday::Sat | Weekday::Sun) {
            let at = tz.from_local_datetime(&day.and_hms_opt(9, 0, 0).unwrap()).earliest().unwrap().with_timezone(&Utc);
            starts.extend(ids.iter().map(|id| (*id, at)));
        }
        day += Days::days(1);
    }
    println!("seeded {} employees, {} shifts", ids.len(), starts.len());
    super::add_shifts(db, company.id, tz, &starts).await;
    forget_seeding_changes(db).await;
    (admin_email, ids[ids.len() / 2].0)
}

/// Three years of shifts written at once leave a change log entry each; in a running company the
/// accrual job forgets them as it goes, so the measured company starts with the log empty too.
async fn forget_seeding_changes(db: &DatabaseConnection) {
    sea_orm::ConnectionTrait::execute_unprepared(db, "DELETE FROM worked_changes").await.unwrap();
}
