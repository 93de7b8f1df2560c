//! Worked and overtime minutes added up: per employee and day or week, and over whole weeks,
//! the ended shifts summed by the database and the running ones computed here.

use super::with_breaks;
use crate::entities::{time_entries, weekly_worked_minutes};
use chrono::{DateTime, Utc};
use kernel::{CompanyId, UserId};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};
use std::collections::HashMap;

/// The shifts whose minutes are computed on reading (running ones, and any stored before worked
/// time was kept) that started on the company days `from..=to`. The query names no range on their
/// start, so it reads the partial index of such shifts (a handful per company) whatever the span:
/// with a range, SQLite's planner takes the index of the company's shifts by start and reads every
/// shift of the span (a year's report: hundreds of thousands). The span is applied here.
async fn unsummed(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: Option<&[UserId]>,
    tz: chrono_tz::Tz,
    from: chrono::NaiveDate,
    to: chrono::NaiveDate,
) -> Result<Vec<time_entries::Model>, DbErr> {
    let query = time_entries::Entity::find()
        .filter(kernel::tenancy::same_company::<time_entries::Entity>(company))
        .filter(time_entries::Column::WorkedMinutes.is_null());
    let query = match employees {
        Some(employees) => query.filter(time_entries::Column::EmployeeId.is_in(employees.iter().copied())),
        None => query,
    };
    let (first, after) =
        (kernel::time::start_of_day(tz, from), kernel::time::start_of_day(tz, to + chrono::Duration::days(1)));
    Ok(query.all(db).await?.into_iter().filter(|entry| entry.start_at >= first && entry.start_at < after).collect())
}

/// How [`worked_minutes`] adds shifts up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grouping {
    /// Per employee and company day.
    Day,
    /// Per employee and week (keyed by its Sunday).
    Week,
}

/// Worked minutes of a company's shifts that belong to the days `from..=to` (by week: the whole
/// weeks touching them), per employee and day or week, optionally only some employees'. Ended shifts are summed by the database from
/// their stored minutes (one grouped query, whatever the number of shifts); running shifts, and
/// shifts stored before worked time was kept, are computed here (one more query for them and
/// their breaks).
#[allow(clippy::too_many_arguments)]
pub async fn worked_minutes(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: Option<&[UserId]>,
    from: chrono::NaiveDate,
    to: chrono::NaiveDate,
    grouping: Grouping,
    tz: chrono_tz::Tz,
    now: DateTime<Utc>,
) -> Result<HashMap<(UserId, chrono::NaiveDate), i64>, DbErr> {
    use sea_orm::sea_query::Expr;
    use sea_orm::QuerySelect;
    if employees.is_some_and(<[UserId]>::is_empty) {
        return Ok(HashMap::new());
    }
    // By week, whole weeks: the range widens to the Sundays and Saturdays around it.
    let (period, from, to) = match grouping {
        Grouping::Day => (time_entries::Column::WorkDay, from, to),
        Grouping::Week => (
            time_entries::Column::WorkWeek,
            kernel::time::week_start(from),
            kernel::time::week_start(to) + chrono::Duration::days(6),
        ),
    };
    let mut stored = time_entries::Entity::find()
        .filter(kernel::tenancy::same_company::<time_entries::Entity>(company))
        .filter(period.gte(from))
        .filter(period.lte(to))
        .filter(time_entries::Column::WorkedMinutes.is_not_null());
    if let Some(employees) = employees {
        stored = stored.filter(time_entries::Column::EmployeeId.is_in(employees.iter().copied()));
    }
    let sums: Vec<(UserId, chrono::NaiveDate, i64)> = stored
        .select_only()
        .column(time_entries::Column::EmployeeId)
        .column(period)
        .column_as(Expr::col(time_entries::Column::WorkedMinutes).sum(), "minutes")
        // In the covering index's order, so no sorting is needed.
        .group_by(period)
        .group_by(time_entries::Column::EmployeeId)
        .into_tuple()
        .all(db)
        .await?;
    let mut minutes: HashMap<(UserId, chrono::NaiveDate), i64> =
        sums.into_iter().map(|(employee, period, sum)| ((employee, period), sum)).collect();
    for shift in with_breaks(db, unsummed(db, company, employees, tz, from, to).await?).await? {
        let worked = shift.shift();
        let day = worked.day(tz);
        let key = match grouping {
            Grouping::Day => day,
            Grouping::Week => kernel::time::week_start(day),
        };
        *minutes.entry((shift.entry.employee_id, key)).or_insert(0) += worked.worked_minutes(now);
    }
    Ok(minutes)
}

/// Worked and overtime minutes of the whole weeks `first_week..=last_week` (their Sundays) over
/// a company's employees, or some of them: [`employee_week_totals`] added up.
#[allow(clippy::too_many_arguments)]
pub async fn week_totals(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: Option<&[UserId]>,
    first_week: chrono::NaiveDate,
    last_week: chrono::NaiveDate,
    threshold: i64,
    tz: chrono_tz::Tz,
    now: DateTime<Utc>,
) -> Result<WeekTotals, DbErr> {
    let per_employee = employee_week_totals(db, company, employees, first_week, last_week, threshold, tz, now).await?;
    Ok(per_employee.values().fold(WeekTotals::default(), |sum, one| WeekTotals {
        clocked: sum.clocked + one.clocked,
        overtime: sum.overtime + one.overtime,
        double_time: sum.double_time + one.double_time,
    }))
}

/// Worked and overtime minutes of the whole weeks `first_week..=last_week` (their Sundays) per
/// employee, for a company's employees or some of them; overtime is an employee's minutes above
/// `threshold` in a week. The database adds up the ended shifts and applies the threshold per
/// employee and week, answering one row per employee however many weeks there are; running
/// shifts (and any stored before worked time was kept) are added here to the weeks they belong
/// to. People with no time are left out.
#[allow(clippy::too_many_arguments)]
pub async fn employee_week_totals(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: Option<&[UserId]>,
    first_week: chrono::NaiveDate,
    last_week: chrono::NaiveDate,
    threshold: i64,
    tz: chrono_tz::Tz,
    now: DateTime<Utc>,
) -> Result<HashMap<UserId, WeekTotals>, DbErr> {
    use sea_orm::sea_query::{Alias, Expr, Query};
    use sea_orm::{QuerySelect, QueryTrait};
    let mut result: HashMap<UserId, WeekTotals> = HashMap::new();
    if employees.is_some_and(<[UserId]>::is_empty) {
        return Ok(result);
    }
    let last_day = last_week + chrono::Duration::days(6);
    // Stored minutes per employee and week: the sums the database keeps as shifts are written
    // (`weekly_worked_minutes`, one row per person and week instead of one per shift).
    let per_week = |employees: Option<&[UserId]>| {
        let query = weekly_worked_minutes::Entity::find()
            .filter(kernel::tenancy::same_company::<weekly_worked_minutes::Entity>(company))
            .filter(weekly_worked_minutes::Column::WorkWeek.gte(first_week))
            .filter(weekly_worked_minutes::Column::WorkWeek.lte(last_week));
        let query = match employees {
            Some(employees) => query.filter(weekly_worked_minutes::Column::EmployeeId.is_in(employees.iter().copied())),
            None => query,
        };
        query
            .select_only()
            .column(weekly_worked_minutes::Column::EmployeeId)
            .column(weekly_worked_minutes::Column::WorkWeek)
            .column_as(Expr::col(weekly_worked_minutes::Column::Minutes), "minutes")
    };
    // Added up in the database; only the sums per employee come back. Long lists of people go
    // in chunks, within every database's parameter limit.
    let chunks: Vec<Option<&[UserId]>> = match employees {
        Some(employees) => employees.chunks(500).map(Some).collect(),
        None => vec![None],
    };
    let minutes = Expr::col(Alias::new("minutes"));
    let over = Expr::case(minutes.clone().gt(threshold), minutes.clone().sub(threshold)).finally(0);
    for chunk in chunks {
        let totals = Query::select()
            .column(Alias::new("employee_id"))
            .expr_as(Expr::expr(minutes.clone().sum()).cast_as(Alias::new("BIGINT")), Alias::new("clocked"))
            .expr_as(Expr::expr(Expr::expr(over.clone()).sum()).cast_as(Alias::new("BIGINT")), Alias::new("overtime"))
            .from_subquery(per_week(chunk).into_query(), Alias::new("weeks"))
            .group_by_col(Alias::new("employee_id"))
            .to_owned();
        for row in db.query_all(db.get_database_backend().build(&totals)).await? {
            let employee: UserId = row.try_get("", "employee_id")?;
            let clocked: Option<i64> = row.try_get("", "clocked")?;
            let overtime: Option<i64> = row.try_get("", "overtime")?;
            result.insert(
                employee,
                WeekTotals { clocked: clocked.unwrap_or(0), overtime: overtime.unwrap_or(0), double_time: 0 },
            );
        }
    }
    // Running shifts: their minutes, and the overtime they add to their weeks.
    let mut live: HashMap<(UserId, chrono::NaiveDate), i64> = HashMap::new();
    for shift in with_breaks(db, unsummed(db, company, employees, tz, first_week, last_day).await?).await? {
        let week = kernel::time::week_start(shift.shift().day(tz));
        *live.entry((shift.entry.employee_id, week)).or_insert(0) += shift.shift().worked_minutes(now);
    }
    if live.is_empty() {
        return Ok(result);
    }
    let running: Vec<UserId> =
        live.keys().map(|(employee, _)| *employee).collect::<std::collections::BTreeSet<_>>().into_iter().collect();
    let sums: Vec<(UserId, chrono::NaiveDate, i64)> = per_week(Some(&running)).into_tuple().all(db).await?;
    let stored_of: HashMap<(UserId, chrono::NaiveDate), i64> =
        sums.into_iter().map(|(employee, week, minutes)| ((employee, week), minutes)).collect();
    let over = |minutes: i64| (minutes - threshold).max(0);
    for ((employee, week), running) in live {
        let before = stored_of.get(&(employee, week)).copied().unwrap_or(0);
        let totals = result.entry(employee).or_default();
        totals.clocked += running;
        totals.overtime += over(before + running) - over(before);
    }
    Ok(result)
}

/// What [`week_totals`] adds up.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WeekTotals {
    pub clocked: i64,
    /// Minutes paid at the overtime rate (1.5×).
    pub overtime: i64,
    /// Minutes paid at the double-time rate (2×): only under daily rules (issue 37).
    pub double_time: i64,
}

/// Each person's week revisions (`weekly_worked_minutes.revision`, raised by every write to a
/// week's stored shifts) of the Sunday weeks `first_week..=last_week`; a week nobody wrote to is
/// absent (revision 0). Readers that keep something derived from a week's shifts compare sums of
/// these to know it is still current.
pub async fn week_revisions(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: Option<&[UserId]>,
    first_week: chrono::NaiveDate,
    last_week: chrono::NaiveDate,
) -> Result<HashMap<(UserId, chrono::NaiveDate), i64>, DbErr> {
    use sea_orm::QuerySelect;
    let query = weekly_worked_minutes::Entity::find()
        .filter(kernel::tenancy::same_company::<weekly_worked_minutes::Entity>(company))
        .filter(weekly_worked_minutes::Column::WorkWeek.gte(first_week))
        .filter(weekly_worked_minutes::Column::WorkWeek.lte(last_week))
        .select_only()
        .column(weekly_worked_minutes::Column::EmployeeId)
        .column(weekly_worked_minutes::Column::WorkWeek)
        .column(weekly_worked_minutes::Column::Revision);
    let rows: Vec<(UserId, chrono::NaiveDate, i64)> =
        kernel::tenancy::tuples_for_people(db, query, weekly_worked_minutes::Column::EmployeeId, employees).await?;
    Ok(rows.into_iter().map(|(employee, week, revision)| ((employee, week), revision)).collect())
}

/// Who has a shift whose minutes are not stored yet (running, mostly) that started on the company
/// days `from..=to`, and on which day.
pub async fn unsummed_days(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: Option<&[UserId]>,
    tz: chrono_tz::Tz,
    from: chrono::NaiveDate,
    to: chrono::NaiveDate,
) -> Result<Vec<(UserId, chrono::NaiveDate)>, DbErr> {
    Ok(unsummed(db, company, employees, tz, from, to)
        .await?
        .into_iter()
        .map(|entry| (entry.employee_id, kernel::time::local_date(tz, entry.start_at)))
        .collect())
}

/// Each person's sum of week revisions over the Sunday weeks `first_week..=last_week`, added up
/// by the database (one row per person): what a kept range of pay hours was computed under.
pub async fn revision_sums(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: Option<&[UserId]>,
    first_week: chrono::NaiveDate,
    last_week: chrono::NaiveDate,
) -> Result<HashMap<UserId, i64>, DbErr> {
    use sea_orm::sea_query::Expr;
    use sea_orm::QuerySelect;
    let query = weekly_worked_minutes::Entity::find()
        .filter(kernel::tenancy::same_company::<weekly_worked_minutes::Entity>(company))
        .filter(weekly_worked_minutes::Column::WorkWeek.gte(first_week))
        .filter(weekly_worked_minutes::Column::WorkWeek.lte(last_week))
        .select_only()
        .column(weekly_worked_minutes::Column::EmployeeId)
        .column_as(
            Expr::expr(Expr::col(weekly_worked_minutes::Column::Revision).sum())
                .cast_as(sea_orm::sea_query::Alias::new("BIGINT")),
            "revisions",
        )
        .group_by(weekly_worked_minutes::Column::EmployeeId);
    let rows: Vec<(UserId, Option<i64>)> =
        kernel::tenancy::tuples_for_people(db, query, weekly_worked_minutes::Column::EmployeeId, employees).await?;
    Ok(rows.into_iter().map(|(employee, sum)| (employee, sum.unwrap_or(0))).collect())
}
