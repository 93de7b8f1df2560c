//! Three months of shifts for the demo company (`timekeep demo --with-history`, what `just run`
//! starts), so the dashboard, the reports, the charts and the team timesheet show what the
//! product does instead of empty screens. Weekdays of the 13 weeks before today, from a little
//! before or after 8 a.m., 8 hours worked with a 30-minute lunch; a few people stay late some
//! days (overtime past the weekly 40 hours), and now and then someone is away. Deterministic:
//! the same people and day always give the same shift. The company is paid every two weeks, the
//! current pay period holding last week.

use crate::entities::{time_entries, time_entry_breaks};
use crate::shift::{Interval, Shift};
use chrono::{Datelike, Duration, NaiveDate, TimeZone, Utc, Weekday};
use kernel::{CompanyId, UserId};
use sea_orm::{ActiveValue::Set, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};

/// How far back the history goes.
pub const HISTORY_DAYS: i64 = 91;

/// One shift of the history: start, end and the lunch break, or `None` for a day away.
fn shift_of(person: usize, day: NaiveDate, tz: chrono_tz::Tz) -> Option<Shift> {
    if matches!(day.weekday(), Weekday::Sat | Weekday::Sun) {
        return None;
    }
    let seed = person * 31 + day.ordinal() as usize * 17;
    if seed.is_multiple_of(23) {
        return None;
    }
    // 7:40 to 8:40, in ten-minute steps.
    let start_minutes = 7 * 60 + 40 + (seed % 7) as i64 * 10;
    // One in four stays two hours late on Thursdays; another works a long Friday.
    let extra = match (person % 4, day.weekday()) {
        (1, Weekday::Thu) => 120,
        (2, Weekday::Fri) => 60,
        _ => 0,
    };
    let local = day.and_hms_opt(0, 0, 0)? + Duration::minutes(start_minutes);
    let start = tz.from_local_datetime(&local).earliest()?.with_timezone(&Utc);
    let lunch = start + Duration::minutes(4 * 60);
    let end = start + Duration::minutes(8 * 60 + 30 + extra);
    Some(Shift {
        start,
        end: Some(end),
        breaks: vec![Interval { start: lunch, end: Some(lunch + Duration::minutes(30)) }],
    })
}

/// Writes the history of `people` (index order decides who stays late) for the days before
/// `today`, in the company's zone. False, and nothing written, when the company has shifts.
pub async fn seed_demo_history(
    db: &impl ConnectionTrait,
    company: CompanyId,
    tz: chrono_tz::Tz,
    people: &[UserId],
    today: NaiveDate,
) -> Result<bool, DbErr> {
    let same = kernel::tenancy::same_company::<time_entries::Entity>(company);
    if time_entries::Entity::find().filter(same.clone()).one(db).await?.is_some() {
        return Ok(false);
    }
    let now = Utc::now();
    let mut rows = Vec::new();
    let mut lunches = Vec::new();
    for (index, person) in people.iter().enumerate() {
        for back in (1..=HISTORY_DAYS).rev() {
            let day = today - Duration::days(back);
            let Some(shift) = shift_of(index, day, tz) else { continue };
            let worked = shift.worked_time(tz);
            rows.push(time_entries::ActiveModel {
                company_id: Set(company),
                employee_id: Set(*person),
                start_at: Set(shift.start),
                end_at: Set(shift.end),
                state: Set(crate::machine::ClockState::ClockedOut.code()),
                open_employee_id: Set(None),
                created_by: Set(*person),
                work_day: Set(Some(worked.day)),
                work_week: Set(Some(worked.week)),
                worked_minutes: Set(worked.minutes),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            });
            lunches.extend(shift.breaks.first().copied());
        }
    }
    for chunk in rows.chunks(300) {
        time_entries::Entity::insert_many(chunk.to_vec()).exec(db).await?;
    }
    // The shifts in the order they were written: each gets its lunch.
    let stored = time_entries::Entity::find().filter(same).order_by_asc(time_entries::Column::Id).all(db).await?;
    let breaks: Vec<time_entry_breaks::ActiveModel> = stored
        .iter()
        .zip(&lunches)
        .map(|(entry, lunch)| time_entry_breaks::ActiveModel {
            entry_id: Set(entry.id),
            start_at: Set(lunch.start),
            end_at: Set(lunch.end),
            ..Default::default()
        })
        .collect();
    for chunk in breaks.chunks(300) {
        time_entry_breaks::Entity::insert_many(chunk.to_vec()).exec(db).await?;
    }
    // Paid every two weeks, the current period holding last week: the dashboard's pay cycle
    // has hours to show from the first look.
    let anchor = kernel::time::week_start(today) - Duration::days(7);
    let settings = crate::settings::TimeSettings {
        pay_cycle: crate::settings::PayCycle::Biweekly,
        pay_cycle_anchor: anchor,
        ..crate::settings::TimeSettings::default()
    };
    crate::settings::save(db, company, &settings).await?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_history_has_weekdays_only_some_overtime_and_some_days_away() {
        let tz = chrono_tz::America::New_York;
        let today = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap_or_default();
        let days: Vec<NaiveDate> = (1..=HISTORY_DAYS).map(|back| today - Duration::days(back)).collect();
        let shifts: Vec<Shift> = days.iter().filter_map(|day| shift_of(1, *day, tz)).collect();
        assert!(shifts
            .iter()
            .all(|shift| !matches!(shift.start.with_timezone(&tz).weekday(), Weekday::Sat | Weekday::Sun)));
        let weekdays = days.iter().filter(|day| !matches!(day.weekday(), Weekday::Sat | Weekday::Sun)).count();
        assert!(shifts.len() < weekdays, "someone is away now and then");
        let long = shifts.iter().filter(|shift| shift.worked_time(tz).minutes == Some(600)).count();
        assert!(long >= 10, "two hours late most Thursdays: {long}");
    }
}
