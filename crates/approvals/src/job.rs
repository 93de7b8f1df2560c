//! The reminder and escalation job: a step nobody answered within its reminder time has its
//! approvers reminded once; within its escalation time, it is escalated once (to the next level
//! up or to named people), recorded on the request and told to the new approvers.
//!
//! Flows are taken a batch at a time per company ([`BATCH`]), in one transaction each: the
//! due flows are read and claimed (PostgreSQL: locked, skipping those another server holds), their
//! due time cleared, and their new approvers, links, events and mail written in a few statements,
//! with the company's people and stand-ins read once per run. So two servers (or a run repeated
//! after a lease ran out) remind and escalate each step once, and a flow answered, rejected or
//! cancelled in the meantime is no longer pending: an escalation never passes over an answer
//! already given. After downtime, everything due meanwhile is done at the first run. A batch that
//! fails is logged and rolled back; its flows stay due for the next run, and the others go on.

use crate::entities::{approval_flows as flows, approval_waiting as waiting};
use crate::flows::parse_steps;
use crate::mail::{Notice, Told};
use crate::model::{EscalateTo, FlowState};
use crate::resolve::{Directory, Parties, StandIns};
use crate::{ApprovalError, Approvals};
use chrono::{DateTime, Utc};
use kernel::{ApprovalFlowId, CompanyId, TenantCtx, UserId};
use sea_orm::sea_query::{Expr, LockBehavior, LockType};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseBackend, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use std::collections::HashMap;

pub const ESCALATION_JOB: &str = "approval-reminders";

/// Flows per transaction.
pub const BATCH: usize = 250;

/// What a run did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct EscalationRun {
    pub reminded: u64,
    pub escalated: u64,
    /// Steps due but with nobody to escalate to (logged).
    pub stuck: u64,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Due {
    Reminder,
    Escalation,
}

impl Due {
    fn column(self) -> flows::Column {
        match self {
            Due::Reminder => flows::Column::RemindAt,
            Due::Escalation => flows::Column::EscalateAt,
        }
    }
}

/// What the job reads once per company and run.
struct Company {
    ctx: TenantCtx,
    directory: Directory,
    stand_ins: StandIns,
}

impl Approvals {
    /// One run over every company (`now`: the scheduler's clock, moved forward in tests).
    pub async fn remind_and_escalate(&self, now: DateTime<Utc>) -> Result<EscalationRun, ApprovalError> {
        let mut run = EscalationRun::default();
        let mut companies: HashMap<CompanyId, Option<Company>> = HashMap::new();
        for due in [Due::Reminder, Due::Escalation] {
            let rows: Vec<(ApprovalFlowId, CompanyId)> = flows::Entity::find()
                .filter(flows::Column::State.eq(FlowState::Pending))
                .filter(due.column().lte(now))
                .order_by_asc(flows::Column::CompanyId)
                .order_by_asc(flows::Column::Id)
                .select_only()
                .column(flows::Column::Id)
                .column(flows::Column::CompanyId)
                .into_tuple()
                .all(&self.db)
                .await?;
            let mut by_company: Vec<(CompanyId, Vec<ApprovalFlowId>)> = Vec::new();
            for (flow, company) in rows {
                match by_company.last_mut() {
                    Some((last, ids)) if *last == company => ids.push(flow),
                    _ => by_company.push((company, vec![flow])),
                }
            }
            for (company, ids) in by_company {
                let company_data = match companies.entry(company) {
                    std::collections::hash_map::Entry::Occupied(entry) => entry.into_mut(),
                    std::collections::hash_map::Entry::Vacant(entry) => entry.insert(self.company(company, now).await?),
                };
                let Some(company_data) = company_data.as_ref() else { continue };
                for batch in ids.chunks(BATCH) {
                    match self.handle_batch(company_data, batch, due, now).await {
                        Ok(done) => {
                            match due {
                                Due::Reminder => run.reminded += done.0,
                                Due::Escalation => run.escalated += done.0,
                            }
                            run.stuck += done.1;
                        }
                        Err(err) => {
                            tracing::error!(company = company.0, error = %err, "approval reminders or escalations failed");
                        }
                    }
                }
            }
        }
        if run.reminded + run.escalated > 0 {
            self.wake_mail();
        }
        Ok(run)
    }

    async fn company(&self, company: CompanyId, now: DateTime<Utc>) -> Result<Option<Company>, ApprovalError> {
        let Some(zone) = self.accounts.company_zone(company).await? else { return Ok(None) };
        let ctx = TenantCtx::for_job(company, zone);
        let directory = Directory::load(&self.db, &ctx).await?;
        let stand_ins = StandIns::on(&self.db, &ctx, kernel::time::local_date(zone, now)).await?;
        Ok(Some(Company { ctx, directory, stand_ins }))
    }

    /// One batch of one company's due flows, in one transaction: (told, stuck).
    async fn handle_batch(
        &self,
        company: &Company,
        ids: &[ApprovalFlowId],
        due: Due,
        now: DateTime<Utc>,
    ) -> Result<(u64, u64), ApprovalError> {
        let ctx = &company.ctx;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let mut query = flows::Entity::find()
            .filter(flows::Column::Id.is_in(ids.iter().copied()))
            .filter(flows::Column::State.eq(FlowState::Pending))
            .filter(due.column().lte(now));
        if txn.get_database_backend() == DatabaseBackend::Postgres {
            query = query.lock_with_behavior(LockType::Update, LockBehavior::SkipLocked);
        }
        let claimed = query.all(&txn).await?;
        if claimed.is_empty() {
            return Ok((0, 0));
        }
        let claimed_ids: Vec<ApprovalFlowId> = claimed.iter().map(|flow| flow.id).collect();
        flows::Entity::update_many()
            .col_expr(due.column(), Expr::value(Option::<DateTime<Utc>>::None))
            .filter(flows::Column::Id.is_in(claimed_ids.iter().copied()))
            .exec(&txn)
            .await?;
        let mut current: HashMap<ApprovalFlowId, Vec<UserId>> = HashMap::new();
        let steps: HashMap<ApprovalFlowId, i32> = claimed.iter().map(|flow| (flow.id, flow.step)).collect();
        for row in waiting::Entity::find()
            .filter(waiting::Column::FlowId.is_in(claimed_ids.iter().copied()))
            .order_by_asc(waiting::Column::Id)
            .all(&txn)
            .await?
        {
            if steps.get(&row.flow_id) == Some(&row.step) {
                current.entry(row.flow_id).or_default().push(row.principal_id);
            }
        }
        let (mut told, mut added, mut done, mut stuck) = (Told::default(), Vec::new(), 0, 0);
        for flow in &claimed {
            let principals = current.remove(&flow.id).unwrap_or_default();
            let parties = Parties { employee: flow.employee_id, requester: flow.requester_id };
            let (notice, to) = match due {
                Due::Reminder => (Notice::Reminder, principals.clone()),
                Due::Escalation => {
                    let step =
                        parse_steps(&flow.steps)?.into_iter().nth(usize::try_from(flow.step - 1).unwrap_or(usize::MAX));
                    let mut to = match step.map(|step| (step.escalate_to, step.escalate_people)) {
                        Some((EscalateTo::People, named)) => company.directory.usable(&named),
                        _ => company.directory.managers_of(&principals, parties),
                    };
                    to.retain(|person| !principals.contains(person) && !parties.excludes(*person));
                    if to.is_empty() {
                        to = company.directory.fallback(parties, &principals);
                    }
                    (Notice::Escalation, to)
                }
            };
            if to.is_empty() {
                tracing::warn!(
                    company = ctx.company().0,
                    flow = flow.id.0,
                    "nobody to remind or escalate an approval step to"
                );
                stuck += 1;
                continue;
            }
            if notice == Notice::Escalation {
                added.extend(to.iter().map(|principal| waiting::ActiveModel {
                    company_id: Set(ctx.company()),
                    flow_id: Set(flow.id),
                    step: Set(flow.step),
                    principal_id: Set(*principal),
                    escalated: Set(true),
                    ..Default::default()
                }));
            }
            self.compose(ctx, flow, &to, notice, &company.directory.people, &company.stand_ins, now, &mut told);
            done += 1;
        }
        for chunk in added.chunks(200) {
            waiting::Entity::insert_many(chunk.to_vec()).exec(&txn).await?;
        }
        told.write(&txn, &self.accounts).await?;
        txn.commit().await?;
        Ok((done, stuck))
    }
}
