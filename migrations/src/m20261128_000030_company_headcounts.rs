//! Each company's headcount kept on its row, for the operator's lists sorted by users or
//! employees (`/system/companies?sort=users`, `/system/stats?sort=employees`, issue 23).
//!
//! Sorting 10,000 companies by a count of their people counted the 200,000 people on every page
//! (a correlated count per company, or one grouped pass): 185–300 ms a page at p50 with 8
//! operators at once on 2 cores (ceiling: p95 150 ms). Here `companies.people` (everyone) and
//! `companies.active_users` (status active) are kept by triggers on `users`, so the sort walks an
//! index of the count and reads one page.
//!
//! Why triggers and not the services: more than one crate writes a person's status (`accounts`
//! adds people, `hr` terminates and reactivates them, the closure deletes them), and a count kept
//! by each of those paths drifts the first time one is missed; the database sees every insert,
//! delete and change of `status` or `company_id`, in the writer's own transaction. The columns
//! are an index for ordering, not a figure the product shows: the lists still count the page's
//! people when they show them. They are not in the `companies` entity, so no write of a company
//! can overwrite them.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DatabaseBackend;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The counts of the people there are now.
const BACKFILL: &str = "UPDATE companies SET \
     people = (SELECT COUNT(*) FROM users WHERE users.company_id = companies.id), \
     active_users = (SELECT COUNT(*) FROM users WHERE users.company_id = companies.id AND users.status = 1)";

const INDEXES: &[&str] = &[
    "CREATE INDEX ix_companies_people ON companies (people, id)",
    "CREATE INDEX ix_companies_active_users ON companies (active_users, id)",
];

const SQLITE_UP: &[&str] = &[
    "ALTER TABLE companies ADD COLUMN people INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE companies ADD COLUMN active_users INTEGER NOT NULL DEFAULT 0",
    "CREATE TRIGGER tr_users_headcount_insert AFTER INSERT ON users WHEN NEW.company_id IS NOT NULL BEGIN \
       UPDATE companies SET people = people + 1, active_users = active_users + (NEW.status = 1) \
       WHERE id = NEW.company_id; \
     END",
    "CREATE TRIGGER tr_users_headcount_delete AFTER DELETE ON users WHEN OLD.company_id IS NOT NULL BEGIN \
       UPDATE companies SET people = people - 1, active_users = active_users - (OLD.status = 1) \
       WHERE id = OLD.company_id; \
     END",
    // Fires when `status` or `company_id` is written, changed or not: out of the old, into the new.
    "CREATE TRIGGER tr_users_headcount_update AFTER UPDATE OF status, company_id ON users BEGIN \
       UPDATE companies SET people = people - 1, active_users = active_users - (OLD.status = 1) \
       WHERE id = OLD.company_id; \
       UPDATE companies SET people = people + 1, active_users = active_users + (NEW.status = 1) \
       WHERE id = NEW.company_id; \
     END",
];

const SQLITE_DOWN: &[&str] = &[
    "DROP TRIGGER tr_users_headcount_insert",
    "DROP TRIGGER tr_users_headcount_delete",
    "DROP TRIGGER tr_users_headcount_update",
    "DROP INDEX ix_companies_people",
    "DROP INDEX ix_companies_active_users",
    "ALTER TABLE companies DROP COLUMN people",
    "ALTER TABLE companies DROP COLUMN active_users",
];

const POSTGRES_UP: &[&str] = &[
    "ALTER TABLE companies ADD COLUMN people INTEGER NOT NULL DEFAULT 0, \
       ADD COLUMN active_users INTEGER NOT NULL DEFAULT 0",
    "CREATE FUNCTION users_headcount() RETURNS trigger LANGUAGE plpgsql AS $$ \
     BEGIN \
       IF TG_OP <> 'INSERT' AND OLD.company_id IS NOT NULL THEN \
         UPDATE companies SET people = people - 1, active_users = active_users - (OLD.status = 1)::int \
         WHERE id = OLD.company_id; \
       END IF; \
       IF TG_OP <> 'DELETE' AND NEW.company_id IS NOT NULL THEN \
         UPDATE companies SET people = people + 1, active_users = active_users + (NEW.status = 1)::int \
         WHERE id = NEW.company_id; \
       END IF; \
       RETURN NULL; \
     END $$",
    "CREATE TRIGGER tr_users_headcount AFTER INSERT OR DELETE OR UPDATE OF status, company_id ON users \
     FOR EACH ROW EXECUTE FUNCTION users_headcount()",
];

const POSTGRES_DOWN: &[&str] = &[
    "DROP TRIGGER tr_users_headcount ON users",
    "DROP FUNCTION users_headcount()",
    "DROP INDEX ix_companies_people",
    "DROP INDEX ix_companies_active_users",
    "ALTER TABLE companies DROP COLUMN people, DROP COLUMN active_users",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let schema = match db.get_database_backend() {
            DatabaseBackend::Postgres => POSTGRES_UP,
            _ => SQLITE_UP,
        };
        for statement in schema.iter().chain([&BACKFILL]).chain(INDEXES) {
            db.execute_unprepared(statement).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let statements = match db.get_database_backend() {
            DatabaseBackend::Postgres => POSTGRES_DOWN,
            _ => SQLITE_DOWN,
        };
        for statement in statements {
            db.execute_unprepared(statement).await?;
        }
        Ok(())
    }
}
