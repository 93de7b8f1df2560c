//! Each paid-sick-leave law through the API (issue 38): a plan from its preset, an employee
//! hired on a known day (a Monday to come, so the projected balance counts 8 h on each weekday
//! from then on), and the law's own figures, with the citation beside each:
//! - what four weeks of 40 h earn at the law's rate;
//! - a request the day before the first usable day refused, on it accepted;
//! - the yearly use cap reached while hours remain;
//! - the balance cap reached: accrual stops, and resumes once hours are taken off;
//! - the carryover at the year end;
//! - a front-loaded plan of the law's hours meets it, an hour less does not.

use crate::helpers::{spawn_app_with, unique_email, TestApp};
use crate::sick_leave::{company, ok, partial, preset, rule_input, set_address, today, Company};
use accounts::AccountsConfig;
use chrono::{Datelike, Duration, NaiveDate, Weekday};
use kernel::Role;
use serde_json::{json, Value};

/// A law as its text states it (the hours an employer of two people owes).
struct Case {
    law: &'static str,
    state: &'static str,
    city: &'static str,
    /// Where the figures below are written.
    citation: &'static str,
    /// 1 h for every `per` hours worked.
    per: i64,
    /// Use may be capped at this many hours a year.
    use_cap: Option<i64>,
    /// The balance may be capped at this many hours.
    balance_cap: Option<i64>,
    /// At least this many hours carry over (`None`: all of them).
    carry: Option<i64>,
    /// Usable from day N (`true`) or after N days (`false`) of employment.
    wait: Option<(i64, bool)>,
    /// A yearly grant of this many hours may replace accrual.
    front: Option<i64>,
}

const CASES: &[Case] = &[
    Case {
        law: "us-ca",
        state: "CA",
        city: "Fresno",
        citation: "Cal. Lab. Code § 246(b)(1), (c)(1), (d), (e), (j)",
        per: 30,
        use_cap: Some(40),
        balance_cap: Some(80),
        carry: None,
        wait: Some((90, true)),
        front: Some(40),
    },
    Case {
        law: "us-ny",
        state: "NY",
        city: "Albany",
        citation: "N.Y. Lab. Law § 196-b(1)(a), (4)",
        per: 30,
        use_cap: Some(40),
        balance_cap: None,
        carry: None,
        wait: None,
        front: Some(40),
    },
    Case {
        law: "us-nyc",
        state: "NY",
        city: "Brooklyn",
        citation: "N.Y.C. Admin. Code §§ 20-913(a), (d), (h)",
        per: 30,
        use_cap: Some(40),
        balance_cap: None,
        carry: Some(40),
        wait: None,
        front: Some(40),
    },
    Case {
        law: "us-co",
        state: "CO",
        city: "Denver",
        citation: "C.R.S. § 8-13.3-403(2), (3), (4)",
        per: 30,
        use_cap: Some(48),
        balance_cap: None,
        carry: Some(48),
        wait: None,
        front: Some(48),
    },
    Case {
        law: "us-wa",
        state: "WA",
        city: "Seattle",
        citation: "RCW 49.46.210(1)(a), (1)(c); WAC 296-128-620(4), 296-128-630(2)",
        per: 40,
        use_cap: None,
        balance_cap: None,
        carry: Some(40),
        wait: Some((90, false)),
        front: None,
    },
    Case {
        law: "us-ma",
        state: "MA",
        city: "Boston",
        citation: "M.G.L. c. 149, § 148C(d); 940 CMR 33.03",
        per: 30,
        use_cap: Some(40),
        balance_cap: None,
        carry: Some(40),
        wait: Some((90, false)),
        front: Some(40),
    },
    Case {
        law: "us-nj",
        state: "NJ",
        city: "Newark",
        citation: "N.J.S.A. 34:11D-2",
        per: 30,
        use_cap: Some(40),
        balance_cap: None,
        carry: Some(40),
        wait: Some((120, false)),
        front: Some(40),
    },
    Case {
        law: "us-or",
        state: "OR",
        city: "Salem",
        citation: "ORS 653.606; OAR 839-007-0010, -0020",
        per: 30,
        use_cap: Some(40),
        balance_cap: Some(80),
        carry: Some(40),
        wait: Some((91, true)),
        front: Some(40),
    },
    Case {
        law: "us-az",
        state: "AZ",
        city: "Phoenix",
        citation: "A.R.S. § 23-372(A), (B), (D)",
        per: 30,
        use_cap: Some(24),
        balance_cap: None,
        carry: Some(24),
        wait: Some((90, false)),
        front: Some(24),
    },
    Case {
        law: "us-il",
        state: "IL",
        city: "Springfield",
        citation: "820 ILCS 192/15(a), (b), (c)",
        per: 40,
        use_cap: Some(40),
        balance_cap: None,
        carry: Some(40),
        wait: Some((90, false)),
        front: Some(40),
    },
    Case {
        law: "us-chicago",
        state: "IL",
        city: "Chicago",
        citation: "Chicago Mun. Code § 6-130-030",
        per: 35,
        use_cap: Some(40),
        balance_cap: None,
        carry: Some(80),
        wait: Some((30, false)),
        front: Some(40),
    },
    Case {
        law: "us-md",
        state: "MD",
        city: "Baltimore",
        citation: "Md. Code, Lab. & Empl. § 3-1304, 3-1305",
        per: 30,
        use_cap: Some(64),
        balance_cap: Some(64),
        carry: Some(40),
        wait: Some((106, false)),
        front: Some(40),
    },
    Case {
        law: "us-mn",
        state: "MN",
        city: "Duluth",
        citation: "Minn. Stat. § 181.9446",
        per: 30,
        use_cap: None,
        balance_cap: Some(80),
        carry: None,
        wait: None,
        front: Some(80),
    },
    Case {
        law: "us-mi",
        state: "MI",
        city: "Detroit",
        citation: "MCL 408.963, 408.964 (10 or fewer employees)",
        per: 30,
        use_cap: Some(40),
        balance_cap: None,
        carry: Some(40),
        wait: Some((120, false)),
        front: Some(40),
    },
    Case {
        law: "us-ak",
        state: "AK",
        city: "Juneau",
        citation: "AS 23.10.067 (fewer than 15 employees)",
        per: 30,
        use_cap: Some(40),
        balance_cap: None,
        carry: None,
        wait: None,
        front: None,
    },
];

fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

/// The first Monday on or after `day`.
fn monday_from(mut day: NaiveDate) -> NaiveDate {
    while day.weekday() != Weekday::Mon {
        day += Duration::days(1);
    }
    day
}

/// The day `n` weekdays from `start` counts to (`start` is the first).
fn after_weekdays(start: NaiveDate, n: i64) -> NaiveDate {
    let (mut day, mut left) = (start, n);
    loop {
        if !matches!(day.weekday(), Weekday::Sat | Weekday::Sun) {
            left -= 1;
            if left == 0 {
                return day;
            }
        }
        day += Duration::days(1);
    }
}

fn full_days(pto_type: i64, from: NaiveDate, to: NaiveDate) -> Value {
    json!({"ptoType": pto_type, "start": format!("{from} 00:00:00"), "end": format!("{to} 23:59:59")})
}

async fn hire(app: &TestApp, c: &Company, id: i64, email: &str, start: NaiveDate) {
    ok(app
        .post_as(
            &c.admin,
            "/server/v1/manage/add-user",
            json!({"id": id, "firstname": "Rosa", "lastname": "Diaz", "email": email,
                   "startDate": start.format("%Y-%m-%d").to_string()}),
        )
        .await);
}

async fn add_hours(app: &TestApp, c: &Company, employee: i64, year: i32, hours: i64) {
    ok(app
        .post_as(
            &c.admin,
            "/server/v1/manage/manually-add-pto",
            json!({"employeeId": employee, "year": year, "ptoTypeId": c.sick, "hours": hours}),
        )
        .await);
}

async fn balance(app: &TestApp, token: &str, sick: i64, on: NaiveDate) -> i64 {
    let reply = ok(app.get_as(token, &format!("/server/v1/pto/balance?asOf={on}")).await);
    reply["types"].as_array().unwrap().iter().find(|t| t["ptoTypeId"] == sick).unwrap()["balance"].as_i64().unwrap()
}

async fn validate(app: &TestApp, token: &str, body: Value) -> Value {
    ok(app.post_as(token, "/server/v1/pto/validate-balance", body).await)
}

#[actix_web::test]
async fn each_law_through_the_api() {
    // Fifteen companies are signed up from one address: more than the signup throttle allows.
    let app = spawn_app_with(AccountsConfig {
        signups_per_ip: accounts::throttle::ThrottleRule {
            max_failures: 100,
            window: chrono::Duration::hours(1),
            block_for: chrono::Duration::hours(1),
        },
        ..AccountsConfig::default()
    })
    .await;
    // Four weeks of assumed workdays that stay in one year.
    let mut hired = monday_from(today() + Duration::days(1));
    if (hired + Duration::days(40)).year() != hired.year() {
        hired = monday_from(ymd(hired.year() + 1, 1, 5));
    }
    let year = hired.year();
    for case in CASES {
        let law = case.law;
        let c = company(&app, &format!("Law {law}")).await;
        set_address(&app, &c, case.state, case.city).await;
        hire(&app, &c, c.employee, &c.employee_email, hired).await;
        let second_email = unique_email("second");
        let second = app.add_person(c.id, &second_email, Role::Employee, None).await;
        hire(&app, &c, second, &second_email, hired).await;
        let laws = ok(app.get_as(&c.admin, "/server/v1/pto-manage/sick-leave-laws").await);
        ok(app
            .post_as(
                &c.admin,
                "/server/v1/settings/save-pto-plan",
                json!({"name": "Sick", "year": year, "assignType": "teamMembers", "assignIds": [c.employee, second],
                       "rules": [rule_input(&preset(&laws, law, 2), c.sick)]}),
            )
            .await);
        if i64::from(year) != c.year {
            ok(app
                .post_as(
                    &c.admin,
                    "/server/v1/settings/save-pto-plan",
                    json!({"name": "Sick now", "year": c.year, "assignType": "teamMembers",
                           "assignIds": [c.employee, second], "rules": [rule_input(&preset(&laws, law, 2), c.sick)]}),
                )
                .await);
        }
        let token = app.token_of(&c.employee_email).await;

        // Four weeks of 40 h, each credited on its Saturday: 9,600 minutes worked earn
        // 9,600 / per minutes (sub-minute remainders carried).
        assert_eq!(
            balance(&app, &token, c.sick, hired + Duration::days(26)).await,
            9600 / case.per,
            "{law}: rate, {}",
            case.citation
        );

        // The wait before the first use.
        let first_usable = match case.wait {
            Some((days, true)) => hired + Duration::days(days - 1),
            Some((days, false)) => hired + Duration::days(days),
            None => hired + Duration::days(7),
        };
        if case.wait.is_some() {
            let early =
                validate(&app, &token, partial(c.sick, first_usable - Duration::days(1), "09:00", "10:00")).await;
            assert_eq!(
                (early["pass"].as_bool(), early["useRule"].as_str()),
                (Some(false), Some("waiting")),
                "{law}: {early}"
            );
        }
        let usable = validate(&app, &token, partial(c.sick, first_usable, "09:00", "10:00")).await;
        assert_eq!(usable["pass"], true, "{law}: {usable}, {}", case.citation);

        // The yearly use cap, reached while 200 h remain.
        let mut start = monday_from(first_usable);
        let mut added_next_year = false;
        if let Some(cap) = case.use_cap {
            if (start + Duration::days(14)).year() != start.year() {
                start = monday_from(ymd(start.year() + 1, 1, 5));
            }
            added_next_year = start.year() != year;
            add_hours(&app, &c, c.employee, start.year(), 200).await;
            let within = validate(&app, &token, full_days(c.sick, start, after_weekdays(start, cap / 8))).await;
            assert_eq!(within["pass"], true, "{law}: {within}");
            let over = validate(&app, &token, full_days(c.sick, start, after_weekdays(start, cap / 8 + 1))).await;
            assert_eq!(
                (over["pass"].as_bool(), over["useRule"].as_str()),
                (Some(false), Some("yearlyUseCap")),
                "{law}: {over}, {}",
                case.citation
            );
        } else {
            add_hours(&app, &c, c.employee, year, 200).await;
        }

        // The carryover at the year end: what the law lets carry, no more than the balance cap.
        let closing = balance(&app, &token, c.sick, ymd(year, 12, 31)).await;
        let carried =
            closing.min(case.carry.map_or(i64::MAX, |h| h * 60)).min(case.balance_cap.map_or(i64::MAX, |h| h * 60));
        let next_year_added = if added_next_year { 200 * 60 } else { 0 };
        assert_eq!(
            balance(&app, &token, c.sick, ymd(year + 1, 1, 1)).await,
            carried + next_year_added,
            "{law}: carryover, {}",
            case.citation
        );

        // The balance cap: accrual stops there, and resumes once 2 h are taken off.
        if let Some(cap) = case.balance_cap {
            let token = app.token_of(&second_email).await;
            add_hours(&app, &c, second, year, cap).await;
            assert_eq!(
                balance(&app, &token, c.sick, hired + Duration::days(5)).await,
                cap * 60,
                "{law}: {}",
                case.citation
            );
            add_hours(&app, &c, second, year, -2).await;
            let week = 2400 / case.per;
            assert_eq!(balance(&app, &token, c.sick, hired + Duration::days(5)).await, cap * 60 - 120 + week, "{law}");
            assert_eq!(balance(&app, &token, c.sick, hired + Duration::days(12)).await, cap * 60, "{law}");
        }

        // A front-loaded plan: the law's hours at the start of the year meet it, an hour less
        // does not; a law without a front-load alternative wants accrual.
        let grant = |hours: i64| {
            json!({"law": law, "employees": 2,
                   "rule": {"ptoTypeId": c.sick, "method": "PER_CALENDAR_YEAR", "rate": hours.to_string()}})
        };
        let check = |body: Value| app.post_as(&c.admin, "/server/v1/pto-manage/sick-leave-check", body);
        match case.front {
            Some(hours) => {
                let met = ok(check(grant(hours)).await);
                let fields: Vec<&str> =
                    met["shortfalls"].as_array().unwrap().iter().map(|s| s["field"].as_str().unwrap()).collect();
                assert!(!fields.contains(&"rate") && !fields.contains(&"method"), "{law}: {met}");
                let short = ok(check(grant(hours - 1)).await);
                assert!(short["shortfalls"].as_array().unwrap().iter().any(|s| s["field"] == "rate"), "{law}: {short}");
            }
            None => {
                let refused = ok(check(grant(1000)).await);
                assert!(
                    refused["shortfalls"].as_array().unwrap().iter().any(|s| s["field"] == "method"),
                    "{law}: {refused}"
                );
            }
        }
    }
}
