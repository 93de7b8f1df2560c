//! The operator's customer list (issue 23, `/system/companies` and `/system/charges`) with
//! 10,000 companies and 200,000 users: indexes its pages are read from.
//!
//! - `companies (created_at, id)` and `companies (lower(name), id)`: the list's two column
//!   orders (names without regard to case, the same on both databases), read a page at a time
//!   from the index instead of sorting every company on each request. The second is an index on
//!   an expression, written in SQL that both databases take.
//! - `companies (time_zone)`: the trial filter asks for the distinct zones (a company's trial
//!   ends on its own local day) before filtering by them.
//! - `users (role, email, company_id)`: the name filter also matches an admin's e-mail address;
//!   the admins' rows are read from this index alone, not from the table's 200,000 rows.
//! - `billing_charges (period_start, id)`: the charges of every company, newest period first.
//!
//! The users counted per company (active ones) already have their index, `users (company_id,
//! status, …)` (migration 000005).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// (index, table, columns).
const INDEXES: [(&str, &str, &[&str]); 4] = [
    ("ix_companies_created", "companies", &["created_at", "id"]),
    ("ix_companies_time_zone", "companies", &["time_zone"]),
    ("ix_users_role_email", "users", &["role", "email", "company_id"]),
    ("ix_billing_charges_period_start", "billing_charges", &["period_start", "id"]),
];

/// The name order's index: `lower(name)`, then the id.
const NAME_ORDER: &str = "ix_companies_name";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (name, table, columns) in INDEXES {
            let mut index = Index::create().name(name).table(Alias::new(table)).to_owned();
            for column in columns {
                index.col(Alias::new(*column));
            }
            manager.create_index(index).await?;
        }
        manager
            .get_connection()
            .execute_unprepared(&format!("CREATE INDEX {NAME_ORDER} ON companies (lower(name), id)"))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.get_connection().execute_unprepared(&format!("DROP INDEX {NAME_ORDER}")).await?;
        for (name, table, _) in INDEXES.iter().rev() {
            manager.drop_index(Index::drop().name(*name).table(Alias::new(*table)).to_owned()).await?;
        }
        Ok(())
    }
}
