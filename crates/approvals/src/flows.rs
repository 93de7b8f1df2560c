//! A request's walk along its path: starting it when the request is filed, who may answer the
//! current step ([`Turn`]), answering it inside the owner crate's transaction, cancelling, and
//! what the screens show of it.
//!
//! Every move is a compare-and-set on the flow's row (`state = pending AND step = n`), made in
//! the transaction that changes the request: two approvers answering one step at once both
//! reach it, one moves the flow and the other is told the request moved on (PostgreSQL holds
//! the second update until the first commits, then finds the step changed; SQLite admits one
//! writer at a time).

use crate::entities::{
    approval_answers as answers, approval_events as events, approval_flows as flows, approval_links as links,
    approval_path_uses as uses, approval_paths as paths, approval_waiting as waiting,
};
use crate::links::LinkGrant;
use crate::model::{Decision, EventKind, FlowKind, FlowState, Mode, Step, Subject, Target};
use crate::resolve::{step_principals, Parties, Resolved, StandIns};
use crate::{ApprovalError, Approvals};
use accounts::people::read::{self, PeopleFilter};
use chrono::{DateTime, Duration, Utc};
use kernel::{AdminCtx, ApprovalFlowId, ApprovalLinkId, ManagerCtx, TenantCtx, UserId};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveEnum, ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder,
    SqlErr,
};
use serde::Serialize;
use std::collections::{HashMap, HashSet};

pub const MSG_MOVED_ON: &str = "This request has moved on: it no longer waits for you.";
pub const MSG_LINK_USED: &str = "This link was already used.";
pub const MSG_LINK_EXPIRED: &str = "This link has expired: answer in your inbox.";

/// A request being filed, as its owner crate describes it.
#[derive(Debug, Clone)]
pub struct NewRequest {
    pub subject: Subject,
    pub target: Target,
    pub employee: UserId,
    pub requester: UserId,
    /// How long the request is (a step may apply only above some length).
    pub minutes: i64,
    /// What it asks for, as the mails and the answer page say it.
    pub summary: String,
    pub reason: String,
}

/// How a new request starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Started {
    /// No path: one step, anyone who reaches the person (the rule before paths).
    NoPath,
    /// The type approves automatically.
    AutoApproved,
    /// Waiting on its first step; its approvers were told.
    Waiting { step: i32, steps: i32 },
}

/// Who answers, with the proof their guard gave.
pub enum Answerer<'a> {
    /// An approver from the inbox.
    Approver(&'a ManagerCtx),
    /// An admin approving (or rejecting) every remaining step at once, recorded as such.
    AllSteps(&'a AdminCtx),
    /// An approver from the link in their e-mail.
    Link(&'a ManagerCtx, &'a LinkGrant),
}

impl Answerer<'_> {
    pub fn ctx(&self) -> &ManagerCtx {
        match self {
            Answerer::Approver(ctx) | Answerer::Link(ctx, _) => ctx,
            Answerer::AllSteps(ctx) => ctx,
        }
    }
}

/// What the owner crate knows of the request being answered.
#[derive(Debug, Clone, Copy)]
pub struct Answering {
    pub subject: Subject,
    pub employee: UserId,
    pub requester: UserId,
    /// Whether the answerer reaches the employee ([`kernel::Reach`]).
    pub in_reach: bool,
}

/// Proof that the caller may answer a request now, and as whom. Only [`Approvals::turn`] makes
/// one; [`Approvals::answer`] takes it inside the answering transaction.
#[derive(Debug, Clone)]
pub struct Turn(TurnKind);

impl Turn {
    /// The approver whose step `answerer` answers for, when it is someone else's (a stand-in or
    /// an admin deciding in the approver's place): the audit trail's "on behalf of".
    pub fn on_behalf_of(&self, answerer: UserId) -> Option<UserId> {
        match &self.0 {
            TurnKind::Step { principal, .. } if *principal != answerer => Some(*principal),
            _ => None,
        }
    }
}

#[derive(Debug, Clone)]
enum TurnKind {
    /// No path: today's rule was checked (reach, not one's own).
    NoPath,
    /// The flow is over; the owner crate says how ("already approved").
    Settled,
    Step {
        flow: ApprovalFlowId,
        step: i32,
        principal: UserId,
        link: Option<ApprovalLinkId>,
    },
    AllSteps {
        flow: ApprovalFlowId,
        step: i32,
    },
}

/// What an answer did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answered {
    /// The request is decided (approved with its last step, or rejected): the owner crate moves it.
    Final,
    /// Step `done` was approved and step `step` is waiting.
    Moved { done: i32, step: i32, steps: i32, waiting_for: Vec<String> },
    /// An "all must agree" step still waits for others.
    StillWaiting { step: i32, steps: i32, waiting_for: Vec<String> },
}

impl Answered {
    /// What the answerer is told when the request is still pending.
    pub fn message(&self) -> Option<String> {
        match self {
            Answered::Final => None,
            Answered::Moved { done, steps, waiting_for, .. } => {
                Some(format!("Approved step {done} of {steps}; now waiting for {}.", waiting_for.join(", ")))
            }
            Answered::StillWaiting { step, steps, waiting_for } => Some(format!(
                "Your approval is recorded; step {step} of {steps} still waits for {}.",
                waiting_for.join(", ")
            )),
        }
    }
}

/// Where a request stands on its path, as the screens show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ApprovalView {
    pub step: i32,
    pub steps: i32,
    pub since: DateTime<Utc>,
    pub waiting_for: Vec<String>,
    pub state: FlowState,
    pub answers: Vec<AnswerView>,
    pub escalations: Vec<EscalationView>,
    /// The caller may answer the current step (as an approver of it or a stand-in of one).
    pub may_answer: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AnswerView {
    pub step: i32,
    pub by_name: String,
    /// Whom they answered for, when they stood in for someone.
    pub for_name: Option<String>,
    pub decision: Decision,
    pub comment: Option<String>,
    pub all_steps: bool,
    pub at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EscalationView {
    pub step: i32,
    pub at: DateTime<Utc>,
    pub to_names: Vec<String>,
}

pub(crate) fn parse_steps(text: &str) -> Result<Vec<Step>, ApprovalError> {
    serde_json::from_str(text).map_err(|err| ApprovalError::Internal(format!("approval steps: {err}")))
}

fn clip(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

impl Approvals {
    /// Starts the path of a request just filed, in the filing transaction: its snapshot of the
    /// path (the steps whose condition holds), its first step's approvers, and their mail.
    pub async fn start<C: ConnectionTrait>(
        &self,
        conn: &C,
        ctx: &TenantCtx,
        request: NewRequest,
    ) -> Result<Started, ApprovalError> {
        let now = Utc::now();
        let usage = uses::Entity::find()
            .filter(kernel::tenancy::same_company::<uses::Entity>(ctx.company()))
            .filter(uses::Column::TargetKey.eq(request.target.key()))
            .one(conn)
            .await?;
        let Some(usage) = usage else { return Ok(Started::NoPath) };
        if usage.auto_approve {
            return Ok(Started::AutoApproved);
        }
        let path = match usage.path_id {
            Some(id) => {
                paths::Entity::find_by_id(id)
                    .filter(kernel::tenancy::same_company::<paths::Entity>(ctx.company()))
                    .one(conn)
                    .await?
            }
            None => None,
        };
        let Some(path) = path else { return Ok(Started::NoPath) };
        let steps: Vec<Step> =
            parse_steps(&path.steps)?.into_iter().filter(|step| step.applies_to(request.minutes)).collect();
        if steps.is_empty() {
            return Ok(Started::NoPath);
        }
        let text = serde_json::to_string(&steps).map_err(|err| ApprovalError::Internal(err.to_string()))?;
        let count = i32::try_from(steps.len()).unwrap_or(i32::MAX);
        let flow = flows::ActiveModel {
            company_id: Set(ctx.company()),
            kind: Set(request.subject.kind),
            request_id: Set(request.subject.request),
            employee_id: Set(request.employee),
            requester_id: Set(request.requester),
            path_id: Set(Some(path.id)),
            steps: Set(text),
            step: Set(0),
            step_count: Set(count),
            step_since: Set(now),
            state: Set(FlowState::Pending),
            remind_at: Set(None),
            escalate_at: Set(None),
            summary: Set(clip(&request.summary, 500)),
            reason: Set(clip(&request.reason, 1000)),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(conn)
        .await?;
        match self.activate(conn, ctx, &flow, &steps, 1, now).await? {
            Some((step, _)) => Ok(Started::Waiting { step, steps: count }),
            None => Ok(Started::AutoApproved),
        }
    }

    /// Makes the first step from `from` on that has approvers current (skipping those the
    /// requester alone would answer), records its approvers and tells them. `None` when no step
    /// is left: the flow is approved.
    async fn activate<C: ConnectionTrait>(
        &self,
        conn: &C,
        ctx: &TenantCtx,
        flow: &flows::Model,
        steps: &[Step],
        from: i32,
        now: DateTime<Utc>,
    ) -> Result<Option<(i32, Vec<UserId>)>, ApprovalError> {
        let parties = Parties { employee: flow.employee_id, requester: flow.requester_id };
        let mut number = from;
        while let Some(step) = usize::try_from(number - 1).ok().and_then(|index| steps.get(index)) {
            let last = usize::try_from(number).is_ok_and(|number| number == steps.len());
            let principals = match step_principals(conn, ctx, step, parties, last).await? {
                Resolved::Skip => {
                    number += 1;
                    continue;
                }
                Resolved::People(principals) => principals,
            };
            waiting::Entity::insert_many(principals.iter().map(|principal| waiting::ActiveModel {
                company_id: Set(ctx.company()),
                flow_id: Set(flow.id),
                step: Set(number),
                principal_id: Set(*principal),
                escalated: Set(false),
                ..Default::default()
            }))
            .exec(conn)
            .await?;
            let after = |hours: Option<i64>| hours.map(|hours| now + Duration::hours(hours));
            flows::Entity::update_many()
                .col_expr(flows::Column::Step, Expr::value(number))
                .col_expr(flows::Column::StepSince, Expr::value(now))
                .col_expr(flows::Column::RemindAt, Expr::value(after(step.remind_after_hours)))
                .col_expr(flows::Column::EscalateAt, Expr::value(after(step.escalate_after_hours)))
                .col_expr(flows::Column::UpdatedAt, Expr::value(now))
                .filter(flows::Column::Id.eq(flow.id))
                .exec(conn)
                .await?;
            let current = flows::Model { step: number, ..flow.clone() };
            self.tell(conn, ctx, &current, &principals, crate::mail::Notice::Step, now).await?;
            return Ok(Some((number, principals)));
        }
        flows::Entity::update_many()
            .col_expr(flows::Column::State, Expr::value(FlowState::Approved))
            .col_expr(flows::Column::RemindAt, Expr::value(Option::<DateTime<Utc>>::None))
            .col_expr(flows::Column::EscalateAt, Expr::value(Option::<DateTime<Utc>>::None))
            .col_expr(flows::Column::UpdatedAt, Expr::value(now))
            .filter(flows::Column::Id.eq(flow.id))
            .exec(conn)
            .await?;
        Ok(None)
    }

    pub(crate) async fn flow_of<C: ConnectionTrait>(
        conn: &C,
        ctx: &TenantCtx,
        subject: Subject,
    ) -> Result<Option<flows::Model>, ApprovalError> {
        Ok(flows::Entity::find()
            .filter(kernel::tenancy::same_company::<flows::Entity>(ctx.company()))
            .filter(flows::Column::Kind.eq(subject.kind))
            .filter(flows::Column::RequestId.eq(subject.request))
            .one(conn)
            .await?)
    }

    /// The current step's approvers still to answer, and everyone who was ever an approver of
    /// the flow.
    async fn open_principals(&self, flow: &flows::Model) -> Result<(Vec<UserId>, HashSet<UserId>), ApprovalError> {
        let rows = waiting::Entity::find()
            .filter(waiting::Column::FlowId.eq(flow.id))
            .order_by_asc(waiting::Column::Id)
            .all(&self.db)
            .await?;
        let answered: HashSet<UserId> = answers::Entity::find()
            .filter(answers::Column::FlowId.eq(flow.id))
            .filter(answers::Column::Step.eq(flow.step))
            .all(&self.db)
            .await?
            .into_iter()
            .filter_map(|answer| answer.principal_id)
            .collect();
        let open = rows
            .iter()
            .filter(|row| row.step == flow.step && !answered.contains(&row.principal_id))
            .map(|row| row.principal_id)
            .collect();
        Ok((open, rows.iter().map(|row| row.principal_id).collect()))
    }

    /// Whether the caller may answer the request now, and as whom. Without a path, today's rule:
    /// anyone who reaches the person, never on their own request. With one: an approver of the
    /// current step, or a stand-in of one, never a party to the request; an admin may approve
    /// every remaining step at once. Someone neither in reach nor ever an approver of it hears
    /// 404, as for a request that does not exist.
    pub async fn turn(&self, answerer: &Answerer<'_>, request: Answering) -> Result<Turn, ApprovalError> {
        let ctx: &TenantCtx = answerer.ctx();
        let parties = Parties { employee: request.employee, requester: request.requester };
        let own = parties.excludes(ctx.actor());
        let flow = Self::flow_of(&self.db, ctx, request.subject).await?;
        let link = match answerer {
            Answerer::Link(_, grant) => Some(*grant),
            _ => None,
        };
        let Some(flow) = flow else {
            if link.is_some() || !request.in_reach {
                return Err(ApprovalError::NotFound);
            }
            if own {
                return Err(ApprovalError::Forbidden(kernel::OWN_REQUEST_MESSAGE.to_owned()));
            }
            return Ok(Turn(TurnKind::NoPath));
        };
        if let Some(grant) = link {
            if grant.subject != request.subject || grant.approver != ctx.actor() {
                return Err(ApprovalError::NotFound);
            }
            if grant.used_at.is_some() {
                return Err(ApprovalError::Conflict(MSG_LINK_USED.to_owned()));
            }
            if grant.expires_at <= Utc::now() {
                return Err(ApprovalError::Expired(MSG_LINK_EXPIRED.to_owned()));
            }
            if flow.state != FlowState::Pending || flow.step != grant.step {
                return Err(ApprovalError::Conflict(MSG_MOVED_ON.to_owned()));
            }
        }
        let today = kernel::time::local_date(ctx.time_zone(), Utc::now());
        let mine = StandIns::on(&self.db, ctx, today).await?.answering_for(ctx.actor());
        let (open, ever) = self.open_principals(&flow).await?;
        let involved = request.in_reach || link.is_some() || mine.iter().any(|person| ever.contains(person));
        if !involved {
            return Err(ApprovalError::NotFound);
        }
        if own {
            return Err(ApprovalError::Forbidden(kernel::OWN_REQUEST_MESSAGE.to_owned()));
        }
        if flow.state != FlowState::Pending {
            return Ok(Turn(TurnKind::Settled));
        }
        if let Answerer::AllSteps(_) = answerer {
            return Ok(Turn(TurnKind::AllSteps { flow: flow.id, step: flow.step }));
        }
        match mine.iter().find(|person| open.contains(person)) {
            Some(principal) => Ok(Turn(TurnKind::Step {
                flow: flow.id,
                step: flow.step,
                principal: *principal,
                link: link.map(|grant| grant.link),
            })),
            None if link.is_some() => Err(ApprovalError::Conflict(MSG_MOVED_ON.to_owned())),
            None => {
                let names = self.names(ctx, &open).await?;
                Err(ApprovalError::Forbidden(format!(
                    "This request is waiting for {} (step {} of {}).",
                    list(&open, &names),
                    flow.step,
                    flow.step_count
                )))
            }
        }
    }

    /// Records the answer of `turn` in the caller's transaction and moves the flow: the next
    /// step (its approvers told), or [`Answered::Final`] when the request is decided. The
    /// compare-and-set on the step comes first, so a second answer racing this one is refused.
    pub async fn answer<C: ConnectionTrait>(
        &self,
        conn: &C,
        ctx: &TenantCtx,
        turn: &Turn,
        decision: Decision,
        comment: Option<&str>,
    ) -> Result<Answered, ApprovalError> {
        let now = Utc::now();
        let (flow_id, step, principal, link, all_steps) = match &turn.0 {
            TurnKind::NoPath | TurnKind::Settled => return Ok(Answered::Final),
            TurnKind::Step { flow, step, principal, link } => (*flow, *step, Some(*principal), *link, false),
            TurnKind::AllSteps { flow, step } => (*flow, *step, None, None, true),
        };
        let claimed = flows::Entity::update_many()
            .col_expr(flows::Column::UpdatedAt, Expr::value(now))
            .filter(flows::Column::Id.eq(flow_id))
            .filter(flows::Column::State.eq(FlowState::Pending))
            .filter(flows::Column::Step.eq(step))
            .exec(conn)
            .await?;
        if claimed.rows_affected != 1 {
            return Err(ApprovalError::Conflict(MSG_MOVED_ON.to_owned()));
        }
        if let Some(link) = link {
            let used = links::Entity::update_many()
                .col_expr(links::Column::UsedAt, Expr::value(Some(now)))
                .filter(links::Column::Id.eq(link))
                .filter(links::Column::UsedAt.is_null())
                .exec(conn)
                .await?;
            if used.rows_affected != 1 {
                return Err(ApprovalError::Conflict(MSG_LINK_USED.to_owned()));
            }
        }
        answers::ActiveModel {
            company_id: Set(ctx.company()),
            flow_id: Set(flow_id),
            step: Set(step),
            principal_id: Set(principal),
            answered_by: Set(ctx.actor()),
            decision: Set(decision),
            all_steps: Set(all_steps),
            via_link: Set(link.is_some()),
            comment: Set(comment.map(|comment| clip(comment, 500))),
            at: Set(now),
            ..Default::default()
        }
        .insert(conn)
        .await
        .map_err(|err| match err.sql_err() {
            Some(SqlErr::UniqueConstraintViolation(_)) => ApprovalError::Conflict(MSG_MOVED_ON.to_owned()),
            _ => ApprovalError::Database(err),
        })?;
        let flow = flows::Entity::find_by_id(flow_id).one(conn).await?.ok_or(ApprovalError::NotFound)?;
        let settle = |state: FlowState| {
            flows::Entity::update_many()
                .col_expr(flows::Column::State, Expr::value(state))
                .col_expr(flows::Column::RemindAt, Expr::value(Option::<DateTime<Utc>>::None))
                .col_expr(flows::Column::EscalateAt, Expr::value(Option::<DateTime<Utc>>::None))
                .filter(flows::Column::Id.eq(flow_id))
        };
        if decision == Decision::Reject {
            settle(FlowState::Rejected).exec(conn).await?;
            return Ok(Answered::Final);
        }
        if all_steps {
            settle(FlowState::Approved).exec(conn).await?;
            return Ok(Answered::Final);
        }
        let steps = parse_steps(&flow.steps)?;
        let current = usize::try_from(step - 1).ok().and_then(|index| steps.get(index));
        if current.is_some_and(|current| current.mode == Mode::All) {
            let rows = waiting::Entity::find()
                .filter(waiting::Column::FlowId.eq(flow_id))
                .filter(waiting::Column::Step.eq(step))
                .all(conn)
                .await?;
            let approved: HashSet<UserId> = answers::Entity::find()
                .filter(answers::Column::FlowId.eq(flow_id))
                .filter(answers::Column::Step.eq(step))
                .filter(answers::Column::Decision.eq(Decision::Approve))
                .all(conn)
                .await?
                .into_iter()
                .filter_map(|answer| answer.principal_id)
                .collect();
            // Everyone named must agree, unless someone the step was escalated to already has.
            let escalation_agreed = rows.iter().any(|row| row.escalated && approved.contains(&row.principal_id));
            let left: Vec<UserId> = rows
                .iter()
                .filter(|row| !row.escalated && !approved.contains(&row.principal_id))
                .map(|row| row.principal_id)
                .collect();
            if !left.is_empty() && !escalation_agreed {
                let names = self.names_in(conn, ctx, &left).await?;
                return Ok(Answered::StillWaiting {
                    step,
                    steps: flow.step_count,
                    waiting_for: left.iter().map(|id| name(&names, *id)).collect(),
                });
            }
        }
        match self.activate(conn, ctx, &flow, &steps, step + 1, now).await? {
            Some((next, principals)) => {
                let names = self.names_in(conn, ctx, &principals).await?;
                Ok(Answered::Moved {
                    done: step,
                    step: next,
                    steps: flow.step_count,
                    waiting_for: principals.iter().map(|id| name(&names, *id)).collect(),
                })
            }
            None => Ok(Answered::Final),
        }
    }

    /// Ends the flow of a request cancelled by its owner crate (in its transaction); nothing
    /// when it has none.
    pub async fn cancel<C: ConnectionTrait>(
        &self,
        conn: &C,
        ctx: &TenantCtx,
        subject: Subject,
    ) -> Result<(), ApprovalError> {
        flows::Entity::update_many()
            .col_expr(flows::Column::State, Expr::value(FlowState::Cancelled))
            .col_expr(flows::Column::RemindAt, Expr::value(Option::<DateTime<Utc>>::None))
            .col_expr(flows::Column::EscalateAt, Expr::value(Option::<DateTime<Utc>>::None))
            .col_expr(flows::Column::UpdatedAt, Expr::value(Utc::now()))
            .filter(kernel::tenancy::same_company::<flows::Entity>(ctx.company()))
            .filter(flows::Column::Kind.eq(subject.kind))
            .filter(flows::Column::RequestId.eq(subject.request))
            .exec(conn)
            .await?;
        Ok(())
    }

    /// The ids of the requests of `kind` whose current step waits for the caller (as an
    /// approver or a stand-in of one): the approver's inbox beyond the people they reach. One
    /// query: the caller's rows of `approval_waiting` (indexed by company and approver) joined
    /// to their pending flows at the current step.
    pub async fn waiting_for(&self, ctx: &TenantCtx, kind: FlowKind) -> Result<Vec<i64>, ApprovalError> {
        use sea_orm::sea_query::Query;
        let today = kernel::time::local_date(ctx.time_zone(), Utc::now());
        let mine = StandIns::on(&self.db, ctx, today).await?.answering_for(ctx.actor());
        let query = Query::select()
            .distinct()
            .column((flows::Entity, flows::Column::RequestId))
            .column((flows::Entity, flows::Column::EmployeeId))
            .column((flows::Entity, flows::Column::RequesterId))
            .from(waiting::Entity)
            .inner_join(
                flows::Entity,
                Expr::col((flows::Entity, flows::Column::Id)).equals((waiting::Entity, waiting::Column::FlowId)).and(
                    Expr::col((flows::Entity, flows::Column::Step)).equals((waiting::Entity, waiting::Column::Step)),
                ),
            )
            .and_where(Expr::col((waiting::Entity, waiting::Column::CompanyId)).eq(ctx.company().0))
            .and_where(Expr::col((waiting::Entity, waiting::Column::PrincipalId)).is_in(mine.iter().map(|id| id.0)))
            .and_where(Expr::col((flows::Entity, flows::Column::State)).eq(FlowState::Pending.to_value()))
            .and_where(Expr::col((flows::Entity, flows::Column::Kind)).eq(kind.to_value()))
            .to_owned();
        let rows = self.db.query_all(self.db.get_database_backend().build(&query)).await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let request: i64 = row.try_get_by_index(0)?;
            let parties =
                Parties { employee: UserId(row.try_get_by_index(1)?), requester: UserId(row.try_get_by_index(2)?) };
            if !parties.excludes(ctx.actor()) {
                out.push(request);
            }
        }
        Ok(out)
    }

    /// Where each of `requests` (of `kind`) stands on its path, for those that have one, with
    /// whether the caller may answer it now.
    pub async fn views(
        &self,
        ctx: &TenantCtx,
        kind: FlowKind,
        requests: &[i64],
    ) -> Result<HashMap<i64, ApprovalView>, ApprovalError> {
        let mut flows = Vec::new();
        for chunk in requests.chunks(kernel::tenancy::IDS_PER_QUERY) {
            flows.extend(
                flows::Entity::find()
                    .filter(kernel::tenancy::same_company::<flows::Entity>(ctx.company()))
                    .filter(flows::Column::Kind.eq(kind))
                    .filter(flows::Column::RequestId.is_in(chunk.iter().copied()))
                    .all(&self.db)
                    .await?,
            );
        }
        if flows.is_empty() {
            return Ok(HashMap::new());
        }
        let ids: Vec<ApprovalFlowId> = flows.iter().map(|flow| flow.id).collect();
        let (mut waiting_rows, mut answer_rows, mut event_rows) = (Vec::new(), Vec::new(), Vec::new());
        for chunk in ids.chunks(kernel::tenancy::IDS_PER_QUERY) {
            waiting_rows.extend(
                waiting::Entity::find()
                    .filter(waiting::Column::FlowId.is_in(chunk.iter().copied()))
                    .order_by_asc(waiting::Column::Id)
                    .all(&self.db)
                    .await?,
            );
            answer_rows.extend(
                answers::Entity::find()
                    .filter(answers::Column::FlowId.is_in(chunk.iter().copied()))
                    .order_by_asc(answers::Column::At)
                    .order_by_asc(answers::Column::Id)
                    .all(&self.db)
                    .await?,
            );
            event_rows.extend(
                events::Entity::find()
                    .filter(events::Column::FlowId.is_in(chunk.iter().copied()))
                    .filter(events::Column::Kind.eq(EventKind::Escalated))
                    .order_by_asc(events::Column::At)
                    .all(&self.db)
                    .await?,
            );
        }
        let mut people: Vec<UserId> = waiting_rows.iter().map(|row| row.principal_id).collect();
        people.extend(answer_rows.iter().flat_map(|row| [Some(row.answered_by), row.principal_id]).flatten());
        let escalated_to: HashMap<i64, Vec<UserId>> = event_rows
            .iter()
            .map(|row| (row.id, serde_json::from_str::<Vec<UserId>>(&row.to_people).unwrap_or_default()))
            .collect();
        people.extend(escalated_to.values().flatten().copied());
        let names = self.names(ctx, &people).await?;
        let today = kernel::time::local_date(ctx.time_zone(), Utc::now());
        let mine = StandIns::on(&self.db, ctx, today).await?.answering_for(ctx.actor());
        let mut out = HashMap::new();
        for flow in flows {
            let answered: HashSet<UserId> = answer_rows
                .iter()
                .filter(|row| row.flow_id == flow.id && row.step == flow.step)
                .filter_map(|row| row.principal_id)
                .collect();
            let mut open: Vec<UserId> = Vec::new();
            for row in waiting_rows.iter().filter(|row| row.flow_id == flow.id && row.step == flow.step) {
                if !answered.contains(&row.principal_id) && !open.contains(&row.principal_id) {
                    open.push(row.principal_id);
                }
            }
            let pending = flow.state == FlowState::Pending;
            let parties = Parties { employee: flow.employee_id, requester: flow.requester_id };
            let view = ApprovalView {
                step: flow.step,
                steps: flow.step_count,
                since: flow.step_since,
                waiting_for: if pending { open.iter().map(|id| name(&names, *id)).collect() } else { Vec::new() },
                state: flow.state,
                answers: answer_rows
                    .iter()
                    .filter(|row| row.flow_id == flow.id)
                    .map(|row| AnswerView {
                        step: row.step,
                        by_name: name(&names, row.answered_by),
                        for_name: row
                            .principal_id
                            .filter(|principal| *principal != row.answered_by)
                            .map(|id| name(&names, id)),
                        decision: row.decision,
                        comment: row.comment.clone(),
                        all_steps: row.all_steps,
                        at: row.at,
                    })
                    .collect(),
                escalations: event_rows
                    .iter()
                    .filter(|row| row.flow_id == flow.id)
                    .map(|row| EscalationView {
                        step: row.step,
                        at: row.at,
                        to_names: escalated_to.get(&row.id).into_iter().flatten().map(|id| name(&names, *id)).collect(),
                    })
                    .collect(),
                may_answer: pending
                    && !parties.excludes(ctx.actor())
                    && mine.iter().any(|person| open.contains(person)),
            };
            out.insert(flow.request_id, view);
        }
        Ok(out)
    }

    pub(crate) async fn names(
        &self,
        ctx: &TenantCtx,
        ids: &[UserId],
    ) -> Result<HashMap<UserId, String>, ApprovalError> {
        self.names_in(&self.db, ctx, ids).await
    }

    pub(crate) async fn names_in<C: ConnectionTrait>(
        &self,
        conn: &C,
        ctx: &TenantCtx,
        ids: &[UserId],
    ) -> Result<HashMap<UserId, String>, ApprovalError> {
        let mut ids = ids.to_vec();
        ids.sort_unstable();
        ids.dedup();
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        Ok(read::people(conn, ctx, &PeopleFilter::default().with_ids(ids))
            .await?
            .into_iter()
            .map(|person| (person.id, person.full_name()))
            .collect())
    }
}

pub(crate) fn name(names: &HashMap<UserId, String>, id: UserId) -> String {
    names.get(&id).cloned().unwrap_or_else(|| "Former user".to_owned())
}

fn list(ids: &[UserId], names: &HashMap<UserId, String>) -> String {
    if ids.is_empty() {
        return "nobody yet".to_owned();
    }
    ids.iter().map(|id| name(names, *id)).collect::<Vec<_>>().join(", ")
}
