//! Telling approvers: every approver of a step and their stand-ins get a mail with an answer
//! link of their own (single use, [`LINK_DAYS`] days), queued in the transaction that made the
//! step current, so a step is told once, whichever server moved it.

use crate::entities::{approval_events as events, approval_flows as flows, approval_links as links};
use crate::flows::name;
use crate::model::{EventKind, FlowKind};
use crate::resolve::{recipients, Parties, StandIns};
use crate::{ApprovalError, Approvals};
use accounts::mail::OutgoingMail;
use accounts::people::read::{self, PeopleFilter};
use accounts::tokens::{hash_token, random_token};
use accounts::Person;
use chrono::{DateTime, Duration, Utc};
use kernel::{TenantCtx, UserId};
use sea_orm::{ActiveValue::Set, ConnectionTrait, EntityTrait};
use std::collections::HashMap;

/// How long an answer link works.
pub const LINK_DAYS: i64 = 7;

/// Why approvers are told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Notice {
    /// The step became current.
    Step,
    /// Nobody answered within the step's reminder time.
    Reminder,
    /// Nobody answered within the step's escalation time: these approvers were added.
    Escalation,
}

/// What telling a step's approvers writes: their links, their mails, and the event (for a
/// reminder or an escalation).
#[derive(Default)]
pub(crate) struct Told {
    pub links: Vec<links::ActiveModel>,
    pub mails: Vec<OutgoingMail>,
    pub events: Vec<events::ActiveModel>,
}

impl Told {
    /// Writes it all in the caller's transaction, a few statements whatever its size.
    pub async fn write<C: ConnectionTrait>(self, conn: &C, accounts: &accounts::Accounts) -> Result<(), ApprovalError> {
        for chunk in self.links.chunks(200) {
            links::Entity::insert_many(chunk.to_vec()).exec(conn).await?;
        }
        for chunk in self.events.chunks(200) {
            events::Entity::insert_many(chunk.to_vec()).exec(conn).await?;
        }
        for chunk in self.mails.chunks(200) {
            accounts.enqueue_mail_in(conn, chunk).await?;
        }
        Ok(())
    }
}

impl Approvals {
    /// Mails `principals` of the flow's current step and their stand-ins, each with a link.
    /// Returns whom it told.
    pub(crate) async fn tell<C: ConnectionTrait>(
        &self,
        conn: &C,
        ctx: &TenantCtx,
        flow: &flows::Model,
        principals: &[UserId],
        notice: Notice,
        now: DateTime<Utc>,
    ) -> Result<Vec<UserId>, ApprovalError> {
        let parties = Parties { employee: flow.employee_id, requester: flow.requester_id };
        let today = kernel::time::local_date(ctx.time_zone(), now);
        let stand_ins = StandIns::on(conn, ctx, today).await?;
        let mut ids: Vec<UserId> = recipients(principals, &stand_ins, parties)
            .iter()
            .flat_map(|(answerer, principal)| [*answerer, *principal])
            .collect();
        ids.push(flow.employee_id);
        let people: HashMap<UserId, Person> = read::people(conn, ctx, &PeopleFilter::default().with_ids(ids))
            .await?
            .into_iter()
            .map(|person| (person.id, person))
            .collect();
        let mut told = Told::default();
        let answerers = self.compose(ctx, flow, principals, notice, &people, &stand_ins, now, &mut told);
        told.write(conn, &self.accounts).await?;
        Ok(answerers)
    }

    /// What telling the approvers of the flow's current step writes, added to `told`; whom it
    /// tells. Each answerer (an approver or a stand-in of one, never a party) gets a link of
    /// their own.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn compose(
        &self,
        ctx: &TenantCtx,
        flow: &flows::Model,
        principals: &[UserId],
        notice: Notice,
        people: &HashMap<UserId, Person>,
        stand_ins: &StandIns,
        now: DateTime<Utc>,
        told: &mut Told,
    ) -> Vec<UserId> {
        let parties = Parties { employee: flow.employee_id, requester: flow.requester_id };
        let to = recipients(principals, stand_ins, parties);
        let names: HashMap<UserId, String> = people.iter().map(|(id, person)| (*id, person.full_name())).collect();
        let employee = name(&names, flow.employee_id);
        let what = match flow.kind {
            FlowKind::TimeOff => "Time off request",
            FlowKind::TimesheetEdit => "Timesheet edit request",
        };
        let subject = match notice {
            Notice::Step => format!("{what} from {employee}"),
            Notice::Reminder => format!("Reminder: {what} from {employee} is waiting for you"),
            Notice::Escalation => format!("Escalated to you: {what} from {employee}"),
        };
        let inbox = self.accounts.screen_link("/admin/inbox");
        let mut answerers = Vec::new();
        for (answerer, principal) in to {
            let Some(person) = people.get(&answerer).filter(|person| person.is_active()) else {
                continue;
            };
            let token = random_token();
            told.links.push(links::ActiveModel {
                company_id: Set(ctx.company()),
                flow_id: Set(flow.id),
                step: Set(flow.step),
                approver_id: Set(answerer),
                token_hash: Set(hash_token(&token)),
                expires_at: Set(now + Duration::days(LINK_DAYS)),
                used_at: Set(None),
                created_at: Set(now),
                ..Default::default()
            });
            let link = self.accounts.screen_link(&format!("/answer/{token}"));
            let standing_in = if principal == answerer {
                String::new()
            } else {
                format!("\nYou are standing in for {}.", name(&names, principal))
            };
            let why = match notice {
                Notice::Step => String::new(),
                Notice::Reminder => format!("\nIt has been waiting since {}.", flow.step_since.format("%m/%d/%Y")),
                Notice::Escalation => "\nNobody answered it in time, so it was escalated to you.".to_owned(),
            };
            let reason = if flow.reason.is_empty() { String::new() } else { format!("\nReason: {}", flow.reason) };
            told.mails.push(OutgoingMail {
                company: Some(ctx.company()),
                to_email: person.email.clone(),
                to_name: person.full_name(),
                subject: subject.clone(),
                text: format!(
                    "Hello {},\n\n{employee} asked for {}.{reason}\nStep {} of {}.{standing_in}{why}\n\n\
                     Approve: {link}?decision=approve\nReject: {link}?decision=reject\n\
                     Each link opens a page where you confirm; it works once, for {LINK_DAYS} days.\n\n\
                     Or answer in your inbox: {inbox}\n",
                    person.first_name, flow.summary, flow.step, flow.step_count,
                ),
            });
            answerers.push(answerer);
        }
        if notice != Notice::Step {
            told.events.push(events::ActiveModel {
                company_id: Set(ctx.company()),
                flow_id: Set(flow.id),
                step: Set(flow.step),
                kind: Set(if notice == Notice::Reminder { EventKind::Reminded } else { EventKind::Escalated }),
                to_people: Set(serde_json::to_string(principals).unwrap_or_else(|_| "[]".to_owned())),
                at: Set(now),
                ..Default::default()
            });
        }
        answerers
    }

    /// Tells this server's mail sender that approval mail was queued (after the commit).
    pub fn wake_mail(&self) {
        self.accounts.wake_mail_sender();
    }
}
