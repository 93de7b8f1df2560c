//! How much companies use time off, for the platform operator's statistics (issue 23).

use crate::entities::pto_requests;
use kernel::{CompanyId, SystemCtx};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect};
use std::collections::HashMap;

/// The time-off requests of each of `companies` (a company without any has none in the map):
/// every request filed, whatever became of it (pending, approved, denied or cancelled).
///
/// One grouped query for the companies given, in the index of `pto_requests (company_id,
/// status, created_at)`.
pub async fn request_counts<C: ConnectionTrait>(
    db: &C,
    _ctx: &SystemCtx,
    companies: &[CompanyId],
) -> Result<HashMap<CompanyId, i64>, DbErr> {
    let mut counts = HashMap::new();
    for chunk in companies.chunks(1000) {
        let rows: Vec<(CompanyId, i64)> = pto_requests::Entity::find()
            .select_only()
            .column(pto_requests::Column::CompanyId)
            .column_as(pto_requests::Column::Id.count(), "requests")
            .filter(pto_requests::Column::CompanyId.is_in(chunk.iter().copied()))
            .group_by(pto_requests::Column::CompanyId)
            .into_tuple()
            .all(db)
            .await?;
        counts.extend(rows);
    }
    Ok(counts)
}
