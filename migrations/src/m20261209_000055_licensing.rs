//! Producer licences and continuing education (issue 42), written by the `licensing` crate.
//!
//! `licensing_producers`: a person's NPN and resident state (one row per person).
//! `licensing_state_rules`: a company's own CE rule for a state, where an admin changed the
//! product's (which is data in the crate, with its citation).
//! `licences`: a producer's licence in a state, its lines of authority (codes, comma separated),
//! dates as given (the expiry is never derived), status, and its document (a private stored file).
//! `ce_requirements`: the CE a licence cycle needs (minutes; topics as JSON).
//! `ce_credits`: courses a person completed (minutes, topic, certificate).
//! `carrier_appointments`: a carrier's appointment of a producer in a state.
//! `eo_policies`: the agency's errors-and-omissions policies (money in cents).
//! `licensing_reminders`: the once-only mark of each reminder sent (subject, due date, threshold),
//! unique, so two servers send each once and a renewal (a new due date) starts again.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum LicensingProducers {
    Table,
    Id,
    CompanyId,
    EmployeeId,
    Npn,
    ResidentState,
    UpdatedBy,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum LicensingStateRules {
    Table,
    Id,
    CompanyId,
    State,
    CycleMonths,
    TotalMinutes,
    EthicsMinutes,
    Topics,
    CarryOver,
    Citation,
    EffectiveFrom,
    UpdatedBy,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Licences {
    Table,
    Id,
    CompanyId,
    EmployeeId,
    State,
    Number,
    LicenceType,
    Lines,
    Residency,
    IssuedOn,
    Status,
    StatusOn,
    ExpiresOn,
    FileId,
    FileName,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum CeRequirements {
    Table,
    Id,
    CompanyId,
    LicenceId,
    CycleStart,
    DueOn,
    TotalMinutes,
    EthicsMinutes,
    Topics,
    CreatedAt,
}

#[derive(DeriveIden)]
enum CeCredits {
    Table,
    Id,
    CompanyId,
    EmployeeId,
    State,
    Course,
    Provider,
    Minutes,
    Topic,
    CompletedOn,
    FileId,
    FileName,
    CreatedBy,
    CreatedAt,
}

#[derive(DeriveIden)]
enum CarrierAppointments {
    Table,
    Id,
    CompanyId,
    EmployeeId,
    Carrier,
    State,
    EffectiveOn,
    TerminatedOn,
    Reason,
    CreatedAt,
}

#[derive(DeriveIden)]
enum EoPolicies {
    Table,
    Id,
    CompanyId,
    Carrier,
    PolicyNumber,
    PerClaimCents,
    AggregateCents,
    ExpiresOn,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum LicensingReminders {
    Table,
    Id,
    CompanyId,
    Subject,
    SubjectId,
    DueOn,
    DaysBefore,
    SentAt,
}

#[derive(DeriveIden)]
enum Companies {
    Table,
    Id,
}

fn company_key(table: impl IntoIden + 'static, column: impl IntoIden + 'static) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(Companies::Table, Companies::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

fn id(column: impl IntoIden) -> ColumnDef {
    ColumnDef::new(column).big_integer().not_null().auto_increment().primary_key().to_owned()
}

fn big(column: impl IntoIden) -> ColumnDef {
    ColumnDef::new(column).big_integer().not_null().to_owned()
}

fn int(column: impl IntoIden) -> ColumnDef {
    ColumnDef::new(column).integer().not_null().to_owned()
}

fn text(column: impl IntoIden, len: u32) -> ColumnDef {
    ColumnDef::new(column).string_len(len).not_null().to_owned()
}

fn date(column: impl IntoIden) -> ColumnDef {
    ColumnDef::new(column).date().not_null().to_owned()
}

fn at(column: impl IntoIden) -> ColumnDef {
    ColumnDef::new(column).timestamp_with_time_zone().not_null().to_owned()
}

fn index<T: IntoIden + 'static, C: IntoIden + 'static>(
    name: &str,
    table: T,
    columns: Vec<C>,
    unique: bool,
) -> IndexCreateStatement {
    let mut index = Index::create();
    index.name(name).table(table);
    for column in columns {
        index.col(column);
    }
    if unique {
        index.unique();
    }
    index.to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use LicensingProducers as P;
        manager
            .create_table(
                Table::create()
                    .table(P::Table)
                    .col(id(P::Id))
                    .col(big(P::CompanyId))
                    .col(big(P::EmployeeId))
                    .col(text(P::Npn, 10))
                    .col(text(P::ResidentState, 2))
                    .col(big(P::UpdatedBy))
                    .col(at(P::UpdatedAt))
                    .foreign_key(&mut company_key(P::Table, P::CompanyId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("idx_licensing_producers_person", P::Table, vec![P::CompanyId, P::EmployeeId], true))
            .await?;

        use LicensingStateRules as R;
        manager
            .create_table(
                Table::create()
                    .table(R::Table)
                    .col(id(R::Id))
                    .col(big(R::CompanyId))
                    .col(text(R::State, 2))
                    .col(int(R::CycleMonths))
                    .col(int(R::TotalMinutes))
                    .col(int(R::EthicsMinutes))
                    .col(ColumnDef::new(R::Topics).text().not_null())
                    .col(ColumnDef::new(R::CarryOver).boolean().not_null())
                    .col(text(R::Citation, 300))
                    .col(date(R::EffectiveFrom))
                    .col(big(R::UpdatedBy))
                    .col(at(R::UpdatedAt))
                    .foreign_key(&mut company_key(R::Table, R::CompanyId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("idx_licensing_state_rules_state", R::Table, vec![R::CompanyId, R::State], true))
            .await?;

        use Licences as L;
        manager
            .create_table(
                Table::create()
                    .table(L::Table)
                    .col(id(L::Id))
                    .col(big(L::CompanyId))
                    .col(big(L::EmployeeId))
                    .col(text(L::State, 2))
                    .col(text(L::Number, 40))
                    .col(text(L::LicenceType, 100))
                    .col(text(L::Lines, 300))
                    .col(ColumnDef::new(L::Residency).small_integer().not_null())
                    .col(date(L::IssuedOn))
                    .col(ColumnDef::new(L::Status).small_integer().not_null())
                    .col(ColumnDef::new(L::StatusOn).date().null())
                    .col(date(L::ExpiresOn))
                    .col(ColumnDef::new(L::FileId).big_integer().null())
                    .col(ColumnDef::new(L::FileName).string_len(255).null())
                    .col(at(L::CreatedAt))
                    .col(at(L::UpdatedAt))
                    .foreign_key(&mut company_key(L::Table, L::CompanyId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_licences_person_state_number",
                L::Table,
                vec![L::CompanyId, L::EmployeeId, L::State, L::Number],
                true,
            ))
            .await?;
        manager
            .create_index(index("idx_licences_company_state", L::Table, vec![L::CompanyId, L::State], false))
            .await?;
        manager.create_index(index("idx_licences_expires", L::Table, vec![L::ExpiresOn], false)).await?;

        use CeRequirements as Q;
        manager
            .create_table(
                Table::create()
                    .table(Q::Table)
                    .col(id(Q::Id))
                    .col(big(Q::CompanyId))
                    .col(big(Q::LicenceId))
                    .col(date(Q::CycleStart))
                    .col(date(Q::DueOn))
                    .col(int(Q::TotalMinutes))
                    .col(int(Q::EthicsMinutes))
                    .col(ColumnDef::new(Q::Topics).text().not_null())
                    .col(at(Q::CreatedAt))
                    .foreign_key(&mut company_key(Q::Table, Q::CompanyId))
                    .foreign_key(
                        &mut ForeignKey::create()
                            .from(Q::Table, Q::LicenceId)
                            .to(L::Table, L::Id)
                            .on_delete(ForeignKeyAction::Cascade)
                            .to_owned(),
                    )
                    .to_owned(),
            )
            .await?;
        manager.create_index(index("idx_ce_requirements_licence", Q::Table, vec![Q::LicenceId], false)).await?;
        manager.create_index(index("idx_ce_requirements_due", Q::Table, vec![Q::DueOn], false)).await?;

        use CeCredits as C;
        manager
            .create_table(
                Table::create()
                    .table(C::Table)
                    .col(id(C::Id))
                    .col(big(C::CompanyId))
                    .col(big(C::EmployeeId))
                    .col(text(C::State, 2))
                    .col(text(C::Course, 200))
                    .col(text(C::Provider, 200))
                    .col(int(C::Minutes))
                    .col(text(C::Topic, 60))
                    .col(date(C::CompletedOn))
                    .col(ColumnDef::new(C::FileId).big_integer().null())
                    .col(ColumnDef::new(C::FileName).string_len(255).null())
                    .col(big(C::CreatedBy))
                    .col(at(C::CreatedAt))
                    .foreign_key(&mut company_key(C::Table, C::CompanyId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("idx_ce_credits_person", C::Table, vec![C::CompanyId, C::EmployeeId], false))
            .await?;

        use CarrierAppointments as A;
        manager
            .create_table(
                Table::create()
                    .table(A::Table)
                    .col(id(A::Id))
                    .col(big(A::CompanyId))
                    .col(big(A::EmployeeId))
                    .col(text(A::Carrier, 200))
                    .col(text(A::State, 2))
                    .col(date(A::EffectiveOn))
                    .col(ColumnDef::new(A::TerminatedOn).date().null())
                    .col(text(A::Reason, 300))
                    .col(at(A::CreatedAt))
                    .foreign_key(&mut company_key(A::Table, A::CompanyId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("idx_carrier_appointments_person", A::Table, vec![A::CompanyId, A::EmployeeId], false))
            .await?;

        use EoPolicies as E;
        manager
            .create_table(
                Table::create()
                    .table(E::Table)
                    .col(id(E::Id))
                    .col(big(E::CompanyId))
                    .col(text(E::Carrier, 200))
                    .col(text(E::PolicyNumber, 60))
                    .col(big(E::PerClaimCents))
                    .col(big(E::AggregateCents))
                    .col(date(E::ExpiresOn))
                    .col(at(E::UpdatedAt))
                    .foreign_key(&mut company_key(E::Table, E::CompanyId))
                    .to_owned(),
            )
            .await?;
        manager.create_index(index("idx_eo_policies_company", E::Table, vec![E::CompanyId], false)).await?;

        use LicensingReminders as M;
        manager
            .create_table(
                Table::create()
                    .table(M::Table)
                    .col(id(M::Id))
                    .col(big(M::CompanyId))
                    .col(ColumnDef::new(M::Subject).small_integer().not_null())
                    .col(big(M::SubjectId))
                    .col(date(M::DueOn))
                    .col(int(M::DaysBefore))
                    .col(at(M::SentAt))
                    .foreign_key(&mut company_key(M::Table, M::CompanyId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_licensing_reminders_once",
                M::Table,
                vec![M::Subject, M::SubjectId, M::DueOn, M::DaysBefore],
                true,
            ))
            .await?;
        manager.create_index(index("idx_licensing_reminders_company", M::Table, vec![M::CompanyId], false)).await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            LicensingReminders::Table.into_iden(),
            EoPolicies::Table.into_iden(),
            CarrierAppointments::Table.into_iden(),
            CeCredits::Table.into_iden(),
            CeRequirements::Table.into_iden(),
            Licences::Table.into_iden(),
            LicensingStateRules::Table.into_iden(),
            LicensingProducers::Table.into_iden(),
        ] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
