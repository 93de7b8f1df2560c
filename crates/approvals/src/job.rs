//! The reminder and escalation job: a step nobody answered within its reminder time has its
//! approvers reminded once; within its escalation time, it is escalated once (to the next level
//! up or to named people), recorded on the request and told to the new approvers.
//!
//! Each flow's reminder and escalation is a compare-and-set that clears its due time on the
//! step it was due for, in the transaction that queues the mail: two servers (or a run repeated
//! after a lease ran out) remind and escalate once. A flow answered, rejected or cancelled in the
//! meantime is no longer pending, so an escalation never passes over an answer already given.
//! After downtime, everything due meanwhile is done at the first run.

use crate::entities::{approval_flows as flows, approval_waiting as waiting};
use crate::flows::parse_steps;
use crate::mail::Notice;
use crate::model::{EscalateTo, FlowState};
use crate::resolve::{fallback, managers_of, usable_people, Parties};
use crate::{ApprovalError, Approvals};
use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use kernel::{ApprovalFlowId, CompanyId, TenantCtx, UserId};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use std::collections::HashMap;

pub const ESCALATION_JOB: &str = "approval-reminders";

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

impl Approvals {
    /// One run over every company (`now`: the scheduler's clock, moved forward in tests).
    pub async fn remind_and_escalate(&self, now: DateTime<Utc>) -> Result<EscalationRun, ApprovalError> {
        let mut run = EscalationRun::default();
        let mut zones: HashMap<CompanyId, Option<Tz>> = HashMap::new();
        for due in [Due::Reminder, Due::Escalation] {
            let column = match due {
                Due::Reminder => flows::Column::RemindAt,
                Due::Escalation => flows::Column::EscalateAt,
            };
            let rows: Vec<(ApprovalFlowId, CompanyId)> = flows::Entity::find()
                .filter(flows::Column::State.eq(FlowState::Pending))
                .filter(column.lte(now))
                .order_by_asc(column)
                .select_only()
                .column(flows::Column::Id)
                .column(flows::Column::CompanyId)
                .into_tuple()
                .all(&self.db)
                .await?;
            for (flow, company) in rows {
                let zone = match zones.get(&company) {
                    Some(zone) => *zone,
                    None => {
                        let zone = self.accounts.company_zone(company).await?;
                        zones.insert(company, zone);
                        zone
                    }
                };
                let Some(zone) = zone else { continue };
                let ctx = TenantCtx::for_job(company, zone);
                match self.handle_due(&ctx, flow, due, now).await {
                    Ok(Some(true)) if due == Due::Reminder => run.reminded += 1,
                    Ok(Some(true)) => run.escalated += 1,
                    Ok(Some(false)) => run.stuck += 1,
                    Ok(None) => {}
                    Err(err) => {
                        tracing::error!(company = company.0, flow = flow.0, error = %err, "approval reminder or escalation failed");
                    }
                }
            }
        }
        Ok(run)
    }

    /// `None` when another run took it first (or the flow moved on); `Some(false)` when nobody
    /// could be told.
    async fn handle_due(
        &self,
        ctx: &TenantCtx,
        flow_id: ApprovalFlowId,
        due: Due,
        now: DateTime<Utc>,
    ) -> Result<Option<bool>, ApprovalError> {
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let Some(flow) = flows::Entity::find_by_id(flow_id).one(&txn).await? else { return Ok(None) };
        let column = match due {
            Due::Reminder => flows::Column::RemindAt,
            Due::Escalation => flows::Column::EscalateAt,
        };
        let taken = flows::Entity::update_many()
            .col_expr(column, Expr::value(Option::<DateTime<Utc>>::None))
            .filter(flows::Column::Id.eq(flow.id))
            .filter(flows::Column::State.eq(FlowState::Pending))
            .filter(flows::Column::Step.eq(flow.step))
            .filter(column.lte(now))
            .exec(&txn)
            .await?;
        if taken.rows_affected != 1 {
            return Ok(None);
        }
        let steps = parse_steps(&flow.steps)?;
        let Some(step) = usize::try_from(flow.step - 1).ok().and_then(|index| steps.get(index)) else {
            return Ok(None);
        };
        let current: Vec<UserId> = waiting::Entity::find()
            .filter(waiting::Column::FlowId.eq(flow.id))
            .filter(waiting::Column::Step.eq(flow.step))
            .all(&txn)
            .await?
            .into_iter()
            .map(|row| row.principal_id)
            .collect();
        let parties = Parties { employee: flow.employee_id, requester: flow.requester_id };
        let (notice, to) = match due {
            Due::Reminder => (Notice::Reminder, current.clone()),
            Due::Escalation => {
                let mut to = match step.escalate_to {
                    EscalateTo::NextLevel => managers_of(&txn, ctx, &current, parties).await?,
                    EscalateTo::People => usable_people(&txn, ctx, &step.escalate_people).await?,
                };
                to.retain(|person| !current.contains(person) && !parties.excludes(*person));
                if to.is_empty() {
                    to = fallback(&txn, ctx, parties, &current).await.unwrap_or_default();
                }
                (Notice::Escalation, to)
            }
        };
        if to.is_empty() {
            tracing::warn!(company = ctx.company().0, flow = flow.id.0, "nobody to escalate an approval step to");
            txn.commit().await?;
            return Ok(Some(false));
        }
        if notice == Notice::Escalation {
            waiting::Entity::insert_many(to.iter().map(|principal| waiting::ActiveModel {
                company_id: Set(ctx.company()),
                flow_id: Set(flow.id),
                step: Set(flow.step),
                principal_id: Set(*principal),
                escalated: Set(true),
                ..Default::default()
            }))
            .exec(&txn)
            .await?;
        }
        self.tell(&txn, ctx, &flow, &to, notice, now).await?;
        txn.commit().await?;
        self.wake_mail();
        Ok(Some(true))
    }
}
