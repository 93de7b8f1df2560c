//! The shared tools of erasing a company (its account closed: the `closure` crate).
//!
//! Each crate that owns tables has a `purge_company` that deletes its rows of one company, child
//! tables before their parents, and reports what went as a list of [`Erased`]. The rows of a
//! company's table are chosen by the one tenancy filter ([`crate::tenancy::same_company`]); a
//! child table without a `company_id` column is chosen through its parent's ids in the company
//! ([`ids_in_company`]).

use crate::tenancy::{in_company, CompanyOwned};
use crate::CompanyId;
use sea_orm::sea_query::{IntoCondition, SelectStatement};
use sea_orm::{ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect, QueryTrait};

/// How many rows of one table were deleted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Erased {
    pub table: String,
    pub rows: u64,
}

/// Deletes the rows of `E` that `condition` chooses, and says how many went.
pub async fn erase<E, C>(conn: &C, condition: impl IntoCondition) -> Result<Erased, DbErr>
where
    E: EntityTrait,
    C: ConnectionTrait,
{
    let result = E::delete_many().filter(condition).exec(conn).await?;
    Ok(Erased { table: E::default().table_name().to_owned(), rows: result.rows_affected })
}

/// Deletes every row of the company-owned `E` that belongs to `company`.
pub async fn erase_in_company<E, C>(conn: &C, company: CompanyId) -> Result<Erased, DbErr>
where
    E: CompanyOwned,
    C: ConnectionTrait,
{
    erase::<E, C>(conn, crate::tenancy::same_company::<E>(company)).await
}

/// `SELECT <column> FROM <E> WHERE <E's company column> = company`: the ids of the company's
/// rows of `E`, for the `IN (…)` of a child table that has no company column of its own.
pub fn ids_in_company<E: CompanyOwned>(column: E::Column, company: CompanyId) -> SelectStatement {
    in_company::<E>(company).select_only().column(column).into_query()
}
