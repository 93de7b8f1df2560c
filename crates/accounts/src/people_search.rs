//! Finding anyone across companies, for the platform operator (the system area's "Employees",
//! issue 23): a searched, filtered and sorted page of people, one person by e-mail address, and
//! everyone in batches for the export. Each function takes a [`SystemCtx`]; none is scoped to a
//! tenant, since the operator's are all of them. Platform operators are people too: they are
//! listed, with no company.
//!
//! **The search** (`q`): the start of an e-mail address, a first name or a last name, any case.
//! Each is a range on an index of migration 000027 — `key >= q AND key < q || U+10FFFF`, where
//! `key` is the stored e-mail address (stored lower-cased) or `lower(name)` — so a search reads
//! the people it finds, not everyone: on PostgreSQL the keys are compared in the `"C"`
//! collation (the bytes' order, as the indexes are built), whatever the database's collation;
//! SQLite compares bytes anyway. SQLite's `lower()` folds ASCII letters only: a name starting
//! with a non-ASCII capital is found when typed with that capital.
//!
//! **Pages at scale** (200,000 users): the count and the page's ids are read from the indexes
//! (the search's, the company's, or the sort's: e-mail, `(last_name, first_name, id)`,
//! `(created_at, id)`), then the page's 20 rows with their companies' names. The search's
//! indexes cover every column its page reads (migrations 000029 on SQLite, 000034 on
//! PostgreSQL); on PostgreSQL a search is one statement of its own ([`postgres_search_page`]).

use crate::entities::{companies, users};
use crate::{Accounts, AccountsError};
use chrono::{DateTime, Utc};
use kernel::{CompanyId, EmploymentStatus, SystemCtx, UserId};
use sea_orm::sea_query::{Expr, SimpleExpr};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbBackend, EntityTrait, FromQueryResult, Order, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Select, Statement,
};
use std::collections::HashMap;

/// People a page of the operator's list.
pub const PEOPLE_PAGE_SIZE: u64 = 20;

/// The orders of the operator's list of people.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PeopleSort {
    Email,
    /// Last name, then first name.
    LastName,
    CreatedAt,
}

/// Which people, in which order, which page.
#[derive(Debug, Clone)]
pub struct PeopleSearch {
    /// The start of an e-mail address, a first name or a last name, any case.
    pub q: Option<String>,
    pub company: Option<CompanyId>,
    pub sort: PeopleSort,
    pub descending: bool,
    /// From 1.
    pub page: u64,
}

/// A person as the operator sees them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlatformPerson {
    pub id: UserId,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    /// The role's code (`employee`, `manager`, `admin`, `sysadmin`).
    pub role: String,
    pub status: EmploymentStatus,
    /// Their company, with its name; `None` for a platform operator.
    pub company: Option<(CompanyId, String)>,
    pub created_at: DateTime<Utc>,
    /// Their latest sign-in of their own (support sessions do not count).
    pub last_login_at: Option<DateTime<Utc>>,
}

impl PlatformPerson {
    pub(crate) fn of(user: users::Model, company: Option<companies::Model>) -> Self {
        Self {
            id: user.id,
            company: company.map(|company| (company.id, company.name)),
            first_name: user.first_name,
            last_name: user.last_name,
            email: user.email,
            role: user.role.code().to_owned(),
            status: user.status,
            created_at: user.created_at,
            last_login_at: user.last_login_at,
        }
    }
}

/// The columns a [`PlatformPerson`] is read from: the person's and their company's name, not
/// whole rows (an export reads 200,000 of them).
#[derive(Debug, FromQueryResult)]
struct PersonRow {
    id: i64,
    company_id: Option<i64>,
    email: String,
    first_name: String,
    last_name: String,
    role: String,
    status: EmploymentStatus,
    created_at: DateTime<Utc>,
    last_login_at: Option<DateTime<Utc>>,
    company_name: Option<String>,
}

impl From<PersonRow> for PlatformPerson {
    fn from(row: PersonRow) -> Self {
        Self {
            id: UserId(row.id),
            company: row.company_id.zip(row.company_name).map(|(id, name)| (CompanyId(id), name)),
            first_name: row.first_name,
            last_name: row.last_name,
            email: row.email,
            role: row.role,
            status: row.status,
            created_at: row.created_at,
            last_login_at: row.last_login_at,
        }
    }
}

/// People as [`PersonRow`]s: their columns and their company's name.
fn person_rows(select: Select<users::Entity>) -> sea_orm::Selector<sea_orm::SelectModel<PersonRow>> {
    use users::Column;
    select
        .select_only()
        .columns([
            Column::Id,
            Column::CompanyId,
            Column::Email,
            Column::FirstName,
            Column::LastName,
            Column::Role,
            Column::Status,
            Column::CreatedAt,
            Column::LastLoginAt,
        ])
        .column_as(companies::Column::Name, "company_name")
        .left_join(companies::Entity)
        .into_model::<PersonRow>()
}

/// The search's key expressions on SQLite, as its indexes (migration 000029) are built.
fn sqlite_search_keys() -> [SimpleExpr; 3] {
    [
        Expr::col((users::Entity, users::Column::Email)).into(),
        Expr::cust(r#"lower("users"."first_name")"#),
        Expr::cust(r#"lower("users"."last_name")"#),
    ]
}

/// A search's page on PostgreSQL (migration 000034): the three ranges as a `UNION ALL` of
/// index-only scans, each reading from its covering index the columns the page needs, counted
/// and ordered in one statement. Reading them as one `OR` of ranges instead, PostgreSQL took
/// each match from the table (twice: count, then page), and ordered by an indexed column it
/// walked that column's index until 20 matched — the whole table for a rare start. The derived
/// table has no index, so the order is always a sort of the matches alone. Returns the page's
/// ids and the number found (`None` when the page is past the end and counted nothing).
async fn postgres_search_page(
    db: &impl ConnectionTrait,
    q: &str,
    search: &PeopleSearch,
) -> Result<(Vec<i64>, Option<u64>), sea_orm::DbErr> {
    let mut values: Vec<sea_orm::Value> = vec![q.into(), format!("{q}\u{10FFFF}").into()];
    let company = match search.company {
        Some(company) => {
            values.push(company.0.into());
            " AND company_id = $3"
        }
        None => "",
    };
    // Each arm leaves out who an earlier arm found, so the arms never meet and need no
    // de-duplication (`UNION ALL`): sorting the matches' texts to find duplicates was a third of
    // the statement's time. The exclusions read the same index entries as the ranges.
    let keys = [r#"email COLLATE "C""#, r#"lower(first_name) COLLATE "C""#, r#"lower(last_name) COLLATE "C""#];
    let found = keys
        .iter()
        .enumerate()
        .map(|(arm, key)| {
            let earlier: String =
                keys.iter().take(arm).map(|earlier| format!(" AND (({earlier}) < $1 OR ({earlier}) >= $2)")).collect();
            format!(
                "SELECT id, email, first_name, last_name, created_at FROM users \
                 WHERE ({key}) >= $1 AND ({key}) < $2{earlier}{company}"
            )
        })
        .collect::<Vec<_>>()
        .join(" UNION ALL ");
    let direction = if search.descending { "DESC" } else { "ASC" };
    let order = match search.sort {
        PeopleSort::Email => format!("email {direction}, id {direction}"),
        PeopleSort::LastName => format!("last_name {direction}, first_name {direction}, id {direction}"),
        PeopleSort::CreatedAt => format!("created_at {direction}, id {direction}"),
    };
    let offset = (search.page.max(1) - 1) * PEOPLE_PAGE_SIZE;
    let page = Statement::from_sql_and_values(
        DbBackend::Postgres,
        format!(
            "SELECT id, count(*) OVER () AS total FROM ({found}) found \
             ORDER BY {order} LIMIT {PEOPLE_PAGE_SIZE} OFFSET {offset}"
        ),
        values.clone(),
    );
    let rows = db.query_all(page).await?;
    let mut total = None;
    let mut ids = Vec::with_capacity(rows.len());
    for row in rows {
        ids.push(row.try_get::<i64>("", "id")?);
        total = Some(u64::try_from(row.try_get::<i64>("", "total")?).unwrap_or(0));
    }
    if total.is_none() && offset > 0 {
        let count = Statement::from_sql_and_values(
            DbBackend::Postgres,
            format!("SELECT count(*) AS total FROM ({found}) found"),
            values,
        );
        if let Some(row) = db.query_one(count).await? {
            total = Some(u64::try_from(row.try_get::<i64>("", "total")?).unwrap_or(0));
        }
    }
    Ok((ids, total))
}

/// "One of the keys starts with `q`" (already lower-cased), as ranges on the keys' indexes:
/// SQLite's search (PostgreSQL's is [`postgres_search_page`]).
fn sqlite_starts_with(q: &str) -> Condition {
    let upper = format!("{q}\u{10FFFF}");
    sqlite_search_keys().into_iter().fold(Condition::any(), |any, key| {
        any.add(Expr::expr(key.clone()).gte(q).and(Expr::expr(key).lt(upper.as_str())))
    })
}

impl Accounts {
    /// A page of people and how many match (see the module's docs).
    pub async fn search_people(
        &self,
        _ctx: &SystemCtx,
        search: &PeopleSearch,
    ) -> Result<(Vec<PlatformPerson>, u64), AccountsError> {
        let mut query = users::Entity::find();
        if let Some(company) = search.company {
            query = query.filter(kernel::tenancy::same_company::<users::Entity>(company));
        }
        let backend = self.db.get_database_backend();
        let q = search.q.as_deref().map(kernel::validation::fold_case).filter(|q| !q.is_empty());
        let (ids, total) = match &q {
            Some(q) if backend == DbBackend::Postgres => {
                let (ids, total) = postgres_search_page(&self.db, q, search).await?;
                (ids, total.unwrap_or(0))
            }
            _ => {
                if let Some(q) = &q {
                    query = query.filter(sqlite_starts_with(q));
                }
                let total = query.clone().count(&self.db).await?;
                let direction = if search.descending { Order::Desc } else { Order::Asc };
                let ordered = match search.sort {
                    PeopleSort::Email => query.order_by(users::Column::Email, direction),
                    PeopleSort::LastName => query
                        .order_by(users::Column::LastName, direction.clone())
                        .order_by(users::Column::FirstName, direction.clone())
                        .order_by(users::Column::Id, direction),
                    PeopleSort::CreatedAt => query
                        .order_by(users::Column::CreatedAt, direction.clone())
                        .order_by(users::Column::Id, direction),
                };
                // The page's ids from the indexes, then their rows with their companies.
                let ids: Vec<i64> = ordered
                    .select_only()
                    .column(users::Column::Id)
                    .offset((search.page.max(1) - 1) * PEOPLE_PAGE_SIZE)
                    .limit(PEOPLE_PAGE_SIZE)
                    .into_tuple()
                    .all(&self.db)
                    .await?;
                (ids, total)
            }
        };
        if ids.is_empty() {
            return Ok((Vec::new(), total));
        }
        let mut found: HashMap<i64, PlatformPerson> =
            person_rows(users::Entity::find().filter(users::Column::Id.is_in(ids.clone())))
                .all(&self.db)
                .await?
                .into_iter()
                .map(|row| (row.id, PlatformPerson::from(row)))
                .collect();
        Ok((ids.into_iter().filter_map(|id| found.remove(&id)).collect(), total))
    }

    /// The person whose e-mail address is `email`, in any case.
    pub async fn person_by_email(
        &self,
        _ctx: &SystemCtx,
        email: &str,
    ) -> Result<Option<PlatformPerson>, AccountsError> {
        let email = crate::commands::normalize_email(email);
        Ok(person_rows(users::Entity::find().filter(users::Column::Email.eq(email)))
            .one(&self.db)
            .await?
            .map(PlatformPerson::from))
    }

    /// Up to `limit` people after the id `after`, by id: an export's next batch (keyset, so each
    /// batch is one range of the primary key whatever the number before it).
    pub async fn people_after(
        &self,
        _ctx: &SystemCtx,
        after: Option<UserId>,
        limit: u64,
    ) -> Result<Vec<PlatformPerson>, AccountsError> {
        let mut query = users::Entity::find();
        if let Some(after) = after {
            query = query.filter(users::Column::Id.gt(after.0));
        }
        Ok(person_rows(query.order_by_asc(users::Column::Id).limit(limit))
            .all(&self.db)
            .await?
            .into_iter()
            .map(PlatformPerson::from)
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sea_orm::QueryTrait;

    #[test]
    fn the_search_is_a_range_on_each_key_of_the_indexes() {
        let sqlite = users::Entity::find().filter(sqlite_starts_with("ann")).build(DbBackend::Sqlite).to_string();
        assert!(sqlite.contains(r#"(lower("users"."last_name")) >= 'ann'"#), "{sqlite}");
        assert!(sqlite.contains(r#""users"."email" >= 'ann'"#), "{sqlite}");
    }
}
