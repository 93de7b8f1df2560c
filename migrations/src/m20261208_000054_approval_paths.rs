//! Approval paths, stand-ins and answers from the e-mail (issue 41), written by the `approvals`
//! crate.
//!
//! `approval_paths`: a company's named paths; `steps` is the ordered list of steps as JSON (the
//! `approvals` crate's typed `Step`), so a request's snapshot is a copy of the same document.
//! `approval_path_uses`: which path (or automatic approval) a PTO type or the timesheet edit
//! requests use, one row per `target_key` ("pto_type:3", "timesheet_edits").
//! `approval_settings`: the company's fallback approver.
//! `approval_flows`: one per request that has a path: its snapshot of the path, the current step
//! and since when, its state, and when the step's reminder and escalation fall due.
//! `approval_waiting`: the approvers (principals) of each step as it became current, plus those an
//! escalation added. `approval_answers`: who answered which step, as whom; append-only.
//! `approval_events`: escalations and reminders, with whom they told. `approval_stand_ins`: who
//! answers for whom over which days. `approval_links`: the answer links sent by e-mail (SHA-256 of
//! the token, single use, 7 days).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum ApprovalPaths {
    Table,
    Id,
    CompanyId,
    Name,
    Steps,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum ApprovalPathUses {
    Table,
    Id,
    CompanyId,
    TargetKey,
    PathId,
    AutoApprove,
    UpdatedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum ApprovalSettings {
    Table,
    CompanyId,
    FallbackApproverId,
}

#[derive(DeriveIden, Clone, Copy)]
enum ApprovalFlows {
    Table,
    Id,
    CompanyId,
    Kind,
    RequestId,
    EmployeeId,
    RequesterId,
    PathId,
    Steps,
    Step,
    StepCount,
    StepSince,
    State,
    RemindAt,
    EscalateAt,
    Summary,
    Reason,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum ApprovalWaiting {
    Table,
    Id,
    CompanyId,
    FlowId,
    Step,
    PrincipalId,
    Escalated,
}

#[derive(DeriveIden, Clone, Copy)]
enum ApprovalAnswers {
    Table,
    Id,
    CompanyId,
    FlowId,
    Step,
    PrincipalId,
    AnsweredBy,
    Decision,
    AllSteps,
    ViaLink,
    Comment,
    At,
}

#[derive(DeriveIden, Clone, Copy)]
enum ApprovalEvents {
    Table,
    Id,
    CompanyId,
    FlowId,
    Step,
    Kind,
    ToPeople,
    At,
}

#[derive(DeriveIden, Clone, Copy)]
enum ApprovalStandIns {
    Table,
    Id,
    CompanyId,
    PersonId,
    StandInId,
    StartsOn,
    EndsOn,
    SetBy,
    CreatedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum ApprovalLinks {
    Table,
    Id,
    CompanyId,
    FlowId,
    Step,
    ApproverId,
    TokenHash,
    ExpiresAt,
    UsedAt,
    CreatedAt,
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

fn flow_key(table: impl IntoIden + 'static, column: impl IntoIden + 'static) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(ApprovalFlows::Table, ApprovalFlows::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

fn id(column: impl IntoIden) -> ColumnDef {
    ColumnDef::new(column).big_integer().not_null().auto_increment().primary_key().to_owned()
}

fn big(column: impl IntoIden) -> ColumnDef {
    ColumnDef::new(column).big_integer().not_null().to_owned()
}

fn at(column: impl IntoIden) -> ColumnDef {
    ColumnDef::new(column).timestamp_with_time_zone().not_null().to_owned()
}

fn index(
    name: &str,
    table: impl IntoIden + Copy + 'static,
    columns: &[ApprovalColumn],
    unique: bool,
) -> IndexCreateStatement {
    let mut index = Index::create();
    index.name(name).table(table);
    for column in columns {
        index.col(column.iden());
    }
    if unique {
        index.unique();
    }
    index.to_owned()
}

/// A column of any of this migration's tables, for [`index`].
#[derive(Clone, Copy)]
enum ApprovalColumn {
    Uses(ApprovalPathUses),
    Flows(ApprovalFlows),
    Waiting(ApprovalWaiting),
    Answers(ApprovalAnswers),
    Events(ApprovalEvents),
    StandIns(ApprovalStandIns),
    Links(ApprovalLinks),
    Paths(ApprovalPaths),
}

impl ApprovalColumn {
    fn iden(self) -> DynIden {
        match self {
            ApprovalColumn::Uses(c) => c.into_iden(),
            ApprovalColumn::Flows(c) => c.into_iden(),
            ApprovalColumn::Waiting(c) => c.into_iden(),
            ApprovalColumn::Answers(c) => c.into_iden(),
            ApprovalColumn::Events(c) => c.into_iden(),
            ApprovalColumn::StandIns(c) => c.into_iden(),
            ApprovalColumn::Links(c) => c.into_iden(),
            ApprovalColumn::Paths(c) => c.into_iden(),
        }
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use ApprovalColumn as C;
        use ApprovalPaths as P;
        manager
            .create_table(
                Table::create()
                    .table(P::Table)
                    .col(id(P::Id))
                    .col(big(P::CompanyId))
                    .col(ColumnDef::new(P::Name).string_len(100).not_null())
                    .col(ColumnDef::new(P::Steps).text().not_null())
                    .col(at(P::CreatedAt))
                    .col(at(P::UpdatedAt))
                    .foreign_key(&mut company_key(P::Table, P::CompanyId))
                    .to_owned(),
            )
            .await?;
        manager.create_index(index("idx_approval_paths_company", P::Table, &[C::Paths(P::CompanyId)], false)).await?;

        use ApprovalPathUses as U;
        manager
            .create_table(
                Table::create()
                    .table(U::Table)
                    .col(id(U::Id))
                    .col(big(U::CompanyId))
                    .col(ColumnDef::new(U::TargetKey).string_len(40).not_null())
                    .col(ColumnDef::new(U::PathId).big_integer().null())
                    .col(ColumnDef::new(U::AutoApprove).boolean().not_null().default(false))
                    .col(at(U::UpdatedAt))
                    .foreign_key(&mut company_key(U::Table, U::CompanyId))
                    .foreign_key(
                        &mut ForeignKey::create()
                            .from(U::Table, U::PathId)
                            .to(P::Table, P::Id)
                            .on_delete(ForeignKeyAction::SetNull)
                            .to_owned(),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_approval_path_uses_target",
                U::Table,
                &[C::Uses(U::CompanyId), C::Uses(U::TargetKey)],
                true,
            ))
            .await?;

        use ApprovalSettings as S;
        manager
            .create_table(
                Table::create()
                    .table(S::Table)
                    .col(ColumnDef::new(S::CompanyId).big_integer().not_null().primary_key())
                    .col(ColumnDef::new(S::FallbackApproverId).big_integer().null())
                    .foreign_key(&mut company_key(S::Table, S::CompanyId))
                    .to_owned(),
            )
            .await?;

        use ApprovalFlows as F;
        manager
            .create_table(
                Table::create()
                    .table(F::Table)
                    .col(id(F::Id))
                    .col(big(F::CompanyId))
                    .col(ColumnDef::new(F::Kind).small_integer().not_null())
                    .col(big(F::RequestId))
                    .col(big(F::EmployeeId))
                    .col(big(F::RequesterId))
                    .col(ColumnDef::new(F::PathId).big_integer().null())
                    .col(ColumnDef::new(F::Steps).text().not_null())
                    .col(ColumnDef::new(F::Step).integer().not_null())
                    .col(ColumnDef::new(F::StepCount).integer().not_null())
                    .col(at(F::StepSince))
                    .col(ColumnDef::new(F::State).small_integer().not_null())
                    .col(ColumnDef::new(F::RemindAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(F::EscalateAt).timestamp_with_time_zone().null())
                    .col(ColumnDef::new(F::Summary).string_len(500).not_null())
                    .col(ColumnDef::new(F::Reason).string_len(1000).not_null())
                    .col(at(F::CreatedAt))
                    .col(at(F::UpdatedAt))
                    .foreign_key(&mut company_key(F::Table, F::CompanyId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_approval_flows_request",
                F::Table,
                &[C::Flows(F::Kind), C::Flows(F::RequestId)],
                true,
            ))
            .await?;
        manager
            .create_index(index(
                "idx_approval_flows_remind",
                F::Table,
                &[C::Flows(F::State), C::Flows(F::RemindAt)],
                false,
            ))
            .await?;
        manager
            .create_index(index(
                "idx_approval_flows_escalate",
                F::Table,
                &[C::Flows(F::State), C::Flows(F::EscalateAt)],
                false,
            ))
            .await?;
        manager
            .create_index(index(
                "idx_approval_flows_company",
                F::Table,
                &[C::Flows(F::CompanyId), C::Flows(F::State)],
                false,
            ))
            .await?;

        use ApprovalWaiting as W;
        manager
            .create_table(
                Table::create()
                    .table(W::Table)
                    .col(id(W::Id))
                    .col(big(W::CompanyId))
                    .col(big(W::FlowId))
                    .col(ColumnDef::new(W::Step).integer().not_null())
                    .col(big(W::PrincipalId))
                    .col(ColumnDef::new(W::Escalated).boolean().not_null().default(false))
                    .foreign_key(&mut company_key(W::Table, W::CompanyId))
                    .foreign_key(&mut flow_key(W::Table, W::FlowId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_approval_waiting_step",
                W::Table,
                &[C::Waiting(W::FlowId), C::Waiting(W::Step), C::Waiting(W::PrincipalId)],
                true,
            ))
            .await?;
        manager
            .create_index(index(
                "idx_approval_waiting_principal",
                W::Table,
                &[C::Waiting(W::CompanyId), C::Waiting(W::PrincipalId)],
                false,
            ))
            .await?;

        use ApprovalAnswers as A;
        manager
            .create_table(
                Table::create()
                    .table(A::Table)
                    .col(id(A::Id))
                    .col(big(A::CompanyId))
                    .col(big(A::FlowId))
                    .col(ColumnDef::new(A::Step).integer().not_null())
                    .col(ColumnDef::new(A::PrincipalId).big_integer().null())
                    .col(big(A::AnsweredBy))
                    .col(ColumnDef::new(A::Decision).small_integer().not_null())
                    .col(ColumnDef::new(A::AllSteps).boolean().not_null().default(false))
                    .col(ColumnDef::new(A::ViaLink).boolean().not_null().default(false))
                    .col(ColumnDef::new(A::Comment).string_len(500).null())
                    .col(at(A::At))
                    .foreign_key(&mut company_key(A::Table, A::CompanyId))
                    .foreign_key(&mut flow_key(A::Table, A::FlowId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_approval_answers_step",
                A::Table,
                &[C::Answers(A::FlowId), C::Answers(A::Step), C::Answers(A::PrincipalId)],
                true,
            ))
            .await?;

        use ApprovalEvents as E;
        manager
            .create_table(
                Table::create()
                    .table(E::Table)
                    .col(id(E::Id))
                    .col(big(E::CompanyId))
                    .col(big(E::FlowId))
                    .col(ColumnDef::new(E::Step).integer().not_null())
                    .col(ColumnDef::new(E::Kind).small_integer().not_null())
                    .col(ColumnDef::new(E::ToPeople).text().not_null())
                    .col(at(E::At))
                    .foreign_key(&mut company_key(E::Table, E::CompanyId))
                    .foreign_key(&mut flow_key(E::Table, E::FlowId))
                    .to_owned(),
            )
            .await?;
        manager.create_index(index("idx_approval_events_flow", E::Table, &[C::Events(E::FlowId)], false)).await?;

        use ApprovalStandIns as T;
        manager
            .create_table(
                Table::create()
                    .table(T::Table)
                    .col(id(T::Id))
                    .col(big(T::CompanyId))
                    .col(big(T::PersonId))
                    .col(big(T::StandInId))
                    .col(ColumnDef::new(T::StartsOn).date().not_null())
                    .col(ColumnDef::new(T::EndsOn).date().not_null())
                    .col(big(T::SetBy))
                    .col(at(T::CreatedAt))
                    .foreign_key(&mut company_key(T::Table, T::CompanyId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_approval_stand_ins_company",
                T::Table,
                &[C::StandIns(T::CompanyId), C::StandIns(T::EndsOn)],
                false,
            ))
            .await?;

        use ApprovalLinks as L;
        manager
            .create_table(
                Table::create()
                    .table(L::Table)
                    .col(id(L::Id))
                    .col(big(L::CompanyId))
                    .col(big(L::FlowId))
                    .col(ColumnDef::new(L::Step).integer().not_null())
                    .col(big(L::ApproverId))
                    .col(ColumnDef::new(L::TokenHash).string_len(64).not_null())
                    .col(at(L::ExpiresAt))
                    .col(ColumnDef::new(L::UsedAt).timestamp_with_time_zone().null())
                    .col(at(L::CreatedAt))
                    .foreign_key(&mut company_key(L::Table, L::CompanyId))
                    .foreign_key(&mut flow_key(L::Table, L::FlowId))
                    .to_owned(),
            )
            .await?;
        manager.create_index(index("idx_approval_links_token", L::Table, &[C::Links(L::TokenHash)], true)).await?;
        manager.create_index(index("idx_approval_links_flow", L::Table, &[C::Links(L::FlowId)], false)).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            ApprovalLinks::Table.into_iden(),
            ApprovalStandIns::Table.into_iden(),
            ApprovalEvents::Table.into_iden(),
            ApprovalAnswers::Table.into_iden(),
            ApprovalWaiting::Table.into_iden(),
            ApprovalFlows::Table.into_iden(),
            ApprovalSettings::Table.into_iden(),
            ApprovalPathUses::Table.into_iden(),
            ApprovalPaths::Table.into_iden(),
        ] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
