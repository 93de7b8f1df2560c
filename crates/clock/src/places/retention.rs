//! Positions and addresses are kept only as long as the company says (issue 40): after its
//! `position_retention_days` (default 90) a press keeps its verdict and reason, and forgets
//! where exactly it was made and from which address.

use crate::entities::{time_entries, time_entry_actions, time_settings};
use crate::settings::DEFAULT_POSITION_RETENTION_DAYS;
use chrono::{DateTime, Duration, Utc};
use kernel::CompanyId;
use sea_orm::sea_query::{Expr, Query};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect};

/// The scheduler's name for the job.
pub const POSITION_RETENTION_JOB: &str = "position-retention";

/// Clears the positions and addresses of presses older than each company's retention; the
/// number of presses cleared. Running it again changes nothing.
pub async fn forget_positions(db: &impl ConnectionTrait, now: DateTime<Utc>) -> Result<u64, DbErr> {
    let custom: Vec<(CompanyId, i32)> = time_settings::Entity::find()
        .filter(time_settings::Column::PositionRetentionDays.ne(DEFAULT_POSITION_RETENTION_DAYS))
        .select_only()
        .column(time_settings::Column::CompanyId)
        .column(time_settings::Column::PositionRetentionDays)
        .into_tuple()
        .all(db)
        .await?;
    let mut cleared = 0;
    for (company, days) in custom {
        let shifts = Query::select()
            .column(time_entries::Column::Id)
            .from(time_entries::Entity)
            .and_where(kernel::tenancy::same_company::<time_entries::Entity>(company))
            .to_owned();
        cleared +=
            clear(db, now - Duration::days(i64::from(days)), time_entry_actions::Column::EntryId.in_subquery(shifts))
                .await?;
    }
    let customised = Query::select()
        .column(time_settings::Column::CompanyId)
        .from(time_settings::Entity)
        .and_where(time_settings::Column::PositionRetentionDays.ne(DEFAULT_POSITION_RETENTION_DAYS))
        .to_owned();
    let shifts = Query::select()
        .column(time_entries::Column::Id)
        .from(time_entries::Entity)
        .and_where(time_entries::Column::CompanyId.not_in_subquery(customised))
        .to_owned();
    cleared += clear(
        db,
        now - Duration::days(DEFAULT_POSITION_RETENTION_DAYS),
        time_entry_actions::Column::EntryId.in_subquery(shifts),
    )
    .await?;
    Ok(cleared)
}

async fn clear(
    db: &impl ConnectionTrait,
    before: DateTime<Utc>,
    of: sea_orm::sea_query::SimpleExpr,
) -> Result<u64, DbErr> {
    use time_entry_actions::Column;
    let done = time_entry_actions::Entity::update_many()
        .col_expr(Column::Latitude, Expr::value(Option::<f64>::None))
        .col_expr(Column::Longitude, Expr::value(Option::<f64>::None))
        .col_expr(Column::AccuracyM, Expr::value(Option::<i32>::None))
        .col_expr(Column::ClientIp, Expr::value(Option::<String>::None))
        .filter(Column::ActionAt.lt(before))
        .filter(Condition::any().add(Column::Latitude.is_not_null()).add(Column::ClientIp.is_not_null()))
        .filter(of)
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}
