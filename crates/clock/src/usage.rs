//! How much companies use the clock, for the platform operator's statistics (issue 23).

use crate::entities::{time_entries, time_entry_actions};
use kernel::{CompanyId, SystemCtx};
use sea_orm::sea_query::{Expr, Query};
use sea_orm::{ConnectionTrait, DbErr};
use std::collections::HashMap;

/// The clock presses of each of `companies` (a company without any has none in the map).
///
/// A clock press is one row of `time_entry_actions`: a press of Clock In (or Start a New
/// Shift), Break, Resume or Clock Out by the employee on the clock screen, as it is kept in each
/// shift's history. Shifts an admin adds or edits on the timesheet are not presses and are not
/// counted; presses of deleted shifts went with them.
///
/// One grouped query for the companies given, through their shifts' index (`time_entries
/// (company_id, …)`) and each shift's history (`time_entry_actions (entry_id)`).
pub async fn press_counts<C: ConnectionTrait>(
    db: &C,
    _ctx: &SystemCtx,
    companies: &[CompanyId],
) -> Result<HashMap<CompanyId, i64>, DbErr> {
    let mut counts = HashMap::new();
    for chunk in companies.chunks(1000) {
        let query = Query::select()
            .column((time_entries::Entity, time_entries::Column::CompanyId))
            .expr_as(Expr::col((time_entry_actions::Entity, time_entry_actions::Column::Id)).count(), "presses")
            .from(time_entry_actions::Entity)
            .inner_join(
                time_entries::Entity,
                Expr::col((time_entries::Entity, time_entries::Column::Id))
                    .equals((time_entry_actions::Entity, time_entry_actions::Column::EntryId)),
            )
            .and_where(Expr::col((time_entries::Entity, time_entries::Column::CompanyId)).is_in(chunk.iter().copied()))
            .group_by_col((time_entries::Entity, time_entries::Column::CompanyId))
            .to_owned();
        let backend = db.get_database_backend();
        for row in db.query_all(backend.build(&query)).await? {
            let company: CompanyId = row.try_get("", "company_id")?;
            counts.insert(company, row.try_get::<i64>("", "presses")?);
        }
    }
    Ok(counts)
}
