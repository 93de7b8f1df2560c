//! The log of worked-day changes that the accrual job reads: its mark, who changed since a mark,
//! forgetting what every checkpoint is past, and who still has a shift running.

use super::unsummed_of;
use crate::entities::{time_entries, worked_changes};
use kernel::{CompanyId, UserId};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QuerySelect};
use std::collections::HashMap;

/// Where the log of worked-day changes stands: every change logged so far has an id up to it.
///
/// On PostgreSQL a change's id is drawn when its shift is written but becomes visible when that
/// transaction commits, so a smaller id can appear after a larger one was read. Taking the log's
/// table in SHARE mode waits for the transactions writing to it to end (and holds new writers for
/// that moment), so every id up to the answer is visible. SQLite writes one transaction at a time.
pub async fn worked_change_mark(db: &DatabaseConnection) -> Result<i64, DbErr> {
    use sea_orm::DatabaseBackend;
    let txn = kernel::begin_write(db).await?;
    if txn.get_database_backend() == DatabaseBackend::Postgres {
        txn.execute_unprepared("LOCK TABLE worked_changes IN SHARE MODE").await?;
    }
    let mark: Option<i64> = worked_changes::Entity::find()
        .select_only()
        .column_as(Expr::col(worked_changes::Column::Id).max(), "mark")
        .into_tuple()
        .one(&txn)
        .await?
        .flatten();
    txn.commit().await?;
    Ok(mark.unwrap_or(0))
}

/// The employees among `employees` whose worked days on or before `through` changed after the
/// log stood at `after` (see [`worked_change_mark`]), with the earliest such day.
pub async fn worked_days_changed(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: &[UserId],
    after: i64,
    through: chrono::NaiveDate,
) -> Result<HashMap<UserId, chrono::NaiveDate>, DbErr> {
    if employees.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(UserId, Option<chrono::NaiveDate>)> = worked_changes::Entity::find()
        .filter(kernel::tenancy::same_company::<worked_changes::Entity>(company))
        .filter(worked_changes::Column::EmployeeId.is_in(employees.iter().copied()))
        .filter(worked_changes::Column::Id.gt(after))
        .filter(worked_changes::Column::Day.lte(through))
        .select_only()
        .column(worked_changes::Column::EmployeeId)
        .column_as(Expr::col(worked_changes::Column::Day).min(), "day")
        .group_by(worked_changes::Column::EmployeeId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().filter_map(|(employee, day)| day.map(|day| (employee, day))).collect())
}

/// Forgets the changes logged up to `mark` (nothing reads them once every checkpoint is past it).
pub async fn forget_worked_changes(db: &impl ConnectionTrait, mark: i64) -> Result<u64, DbErr> {
    Ok(worked_changes::Entity::delete_many().filter(worked_changes::Column::Id.lte(mark)).exec(db).await?.rows_affected)
}

/// The employees among `employees` with a shift still running that began on or before `through`
/// (their days are not final yet).
pub async fn running_through(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: &[UserId],
    through: chrono::NaiveDate,
    tz: chrono_tz::Tz,
) -> Result<Vec<UserId>, DbErr> {
    if employees.is_empty() {
        return Ok(Vec::new());
    }
    unsummed_of([company], employees.iter().copied())
        .filter(time_entries::Column::StartAt.lt(kernel::time::start_of_day(tz, through + chrono::Duration::days(1))))
        .select_only()
        .column(time_entries::Column::EmployeeId)
        .into_tuple()
        .all(db)
        .await
}
