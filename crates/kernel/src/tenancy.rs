//! The one tenancy filter. Every table of a company's data has a `company_id` column; its entity
//! says which column that is ([`CompanyOwned`]), and every query of such a table is limited with
//! [`same_company`] (or starts from [`in_company`]). A test in the gateway fails when a crate
//! compares a `CompanyId` column by hand, so the rule lives here and nowhere else.

use crate::CompanyId;
use sea_orm::sea_query::SimpleExpr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Select};

/// An entity whose rows belong to one company.
pub trait CompanyOwned: EntityTrait {
    /// The column holding the owning company's id.
    fn company_column() -> Self::Column;
}

/// The condition "this row belongs to `company`".
pub fn same_company<E: CompanyOwned>(company: CompanyId) -> SimpleExpr {
    E::company_column().eq(company.0)
}

/// Every row of `E` that belongs to `company`.
pub fn in_company<E: CompanyOwned>(company: CompanyId) -> Select<E> {
    E::find().filter(same_company::<E>(company))
}

/// Implements [`CompanyOwned`] for the entity of the module it is written in, by its
/// `CompanyId` column.
#[macro_export]
macro_rules! company_owned {
    () => {
        impl $crate::tenancy::CompanyOwned for Entity {
            fn company_column() -> Column {
                Column::CompanyId
            }
        }
    };
}

/// Ids per `IN (…)` list: inside every database's parameter limit.
pub const IDS_PER_QUERY: usize = 500;

/// The rows of `query` as tuples, for everyone it selects (`people` is `None`) or only for
/// `people`, with `column IN (…)` sent in chunks of [`IDS_PER_QUERY`].
pub async fn tuples_for_people<E, T, C>(
    db: &C,
    query: sea_orm::Select<E>,
    column: E::Column,
    people: Option<&[crate::UserId]>,
) -> Result<Vec<T>, sea_orm::DbErr>
where
    E: sea_orm::EntityTrait,
    T: sea_orm::TryGetableMany,
    C: sea_orm::ConnectionTrait,
{
    use sea_orm::{ColumnTrait, QueryFilter};
    let Some(people) = people else {
        return query.into_tuple().all(db).await;
    };
    let mut rows = Vec::new();
    for chunk in people.chunks(IDS_PER_QUERY) {
        rows.extend(query.clone().filter(column.is_in(chunk.iter().copied())).into_tuple::<T>().all(db).await?);
    }
    Ok(rows)
}
