//! The company's audit trail (issue 43), written by the `audit` crate.
//!
//! `audit_trail`: one row per change a person made to someone else's records or to the company's
//! settings (who, as whom, when, what, the fields before and after, from where). Append-only: a
//! trigger refuses every `UPDATE` on both databases; rows leave only with their company.
//!
//! The indexes serve the audit page's first page of each filter, newest first: the company's
//! whole trail, by the person it is about, by who acted, by what changed.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum AuditTrail {
    Table,
    Id,
    CompanyId,
    OccurredAt,
    ActorId,
    ImpersonatorId,
    OnBehalfOf,
    SubjectId,
    Entity,
    EntityId,
    Action,
    Changes,
    Ip,
    Client,
}

const SQLITE_TRIGGER: &str = "CREATE TRIGGER audit_trail_append_only BEFORE UPDATE ON audit_trail \
     BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END";

const POSTGRES_FUNCTION: &str = "CREATE OR REPLACE FUNCTION audit_trail_append_only() RETURNS trigger AS $$ \
     BEGIN RAISE EXCEPTION 'the audit trail is append-only'; END; $$ LANGUAGE plpgsql";

const POSTGRES_TRIGGER: &str = "CREATE TRIGGER audit_trail_append_only BEFORE UPDATE ON audit_trail \
     FOR EACH ROW EXECUTE FUNCTION audit_trail_append_only()";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use AuditTrail as A;
        manager
            .create_table(
                Table::create()
                    .table(A::Table)
                    .col(ColumnDef::new(A::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(A::CompanyId).big_integer().not_null())
                    .col(ColumnDef::new(A::OccurredAt).timestamp_with_time_zone().not_null())
                    .col(ColumnDef::new(A::ActorId).big_integer().null())
                    .col(ColumnDef::new(A::ImpersonatorId).big_integer().null())
                    .col(ColumnDef::new(A::OnBehalfOf).big_integer().null())
                    .col(ColumnDef::new(A::SubjectId).big_integer().null())
                    .col(ColumnDef::new(A::Entity).string_len(32).not_null())
                    .col(ColumnDef::new(A::EntityId).string_len(64).not_null())
                    .col(ColumnDef::new(A::Action).string_len(32).not_null())
                    .col(ColumnDef::new(A::Changes).text().not_null())
                    .col(ColumnDef::new(A::Ip).string_len(64).null())
                    .col(ColumnDef::new(A::Client).string_len(16).not_null())
                    .to_owned(),
            )
            .await?;
        let indexes: [(&str, Option<A>); 4] = [
            ("idx_audit_trail_company_time", None),
            ("idx_audit_trail_subject_time", Some(A::SubjectId)),
            ("idx_audit_trail_actor_time", Some(A::ActorId)),
            ("idx_audit_trail_entity_time", Some(A::Entity)),
        ];
        for (name, column) in indexes {
            let mut index = Index::create();
            index.name(name).table(A::Table).col(A::CompanyId);
            if let Some(column) = column {
                index.col(column);
            }
            index.col(A::OccurredAt).col(A::Id);
            manager.create_index(index.to_owned()).await?;
        }
        let db = manager.get_connection();
        match manager.get_database_backend() {
            DbBackend::Sqlite => {
                db.execute_unprepared(SQLITE_TRIGGER).await?;
            }
            DbBackend::Postgres => {
                db.execute_unprepared(POSTGRES_FUNCTION).await?;
                db.execute_unprepared(POSTGRES_TRIGGER).await?;
            }
            DbBackend::MySql => {}
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(AuditTrail::Table).to_owned()).await?;
        if manager.get_database_backend() == DbBackend::Postgres {
            manager.get_connection().execute_unprepared("DROP FUNCTION IF EXISTS audit_trail_append_only()").await?;
        }
        Ok(())
    }
}
