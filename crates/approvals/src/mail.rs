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
use chrono::{DateTime, Duration, Utc};
use kernel::{TenantCtx, UserId};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ConnectionTrait};

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
        let to = recipients(principals, &stand_ins, parties);
        let mut ids: Vec<UserId> = to.iter().flat_map(|(answerer, principal)| [*answerer, *principal]).collect();
        ids.push(flow.employee_id);
        let people = read::people(conn, ctx, &PeopleFilter::default().with_ids(ids)).await?;
        let names = people.iter().map(|person| (person.id, person.full_name())).collect();
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
        let mut mails = Vec::new();
        let mut told = Vec::new();
        for (answerer, principal) in to {
            let Some(person) = people.iter().find(|person| person.id == answerer && person.is_active()) else {
                continue;
            };
            let token = random_token();
            links::ActiveModel {
                company_id: Set(ctx.company()),
                flow_id: Set(flow.id),
                step: Set(flow.step),
                approver_id: Set(answerer),
                token_hash: Set(hash_token(&token)),
                expires_at: Set(now + Duration::days(LINK_DAYS)),
                used_at: Set(None),
                created_at: Set(now),
                ..Default::default()
            }
            .insert(conn)
            .await?;
            let link = self.accounts.screen_link(&format!("/answer/{token}"));
            let standing_in = if principal == answerer {
                String::new()
            } else {
                format!("\nYou are standing in for {}.", name(&names, principal))
            };
            let why = match notice {
                Notice::Step => String::new(),
                Notice::Reminder => {
                    "\nIt has been waiting since ".to_owned() + &flow.step_since.format("%m/%d/%Y").to_string() + "."
                }
                Notice::Escalation => "\nNobody answered it in time, so it was escalated to you.".to_owned(),
            };
            let reason = if flow.reason.is_empty() { String::new() } else { format!("\nReason: {}", flow.reason) };
            mails.push(OutgoingMail {
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
            told.push(answerer);
        }
        self.accounts.enqueue_mail_in(conn, &mails).await?;
        if notice != Notice::Step {
            events::ActiveModel {
                company_id: Set(ctx.company()),
                flow_id: Set(flow.id),
                step: Set(flow.step),
                kind: Set(if notice == Notice::Reminder { EventKind::Reminded } else { EventKind::Escalated }),
                to_people: Set(serde_json::to_string(principals).unwrap_or_else(|_| "[]".to_owned())),
                at: Set(now),
                ..Default::default()
            }
            .insert(conn)
            .await?;
        }
        Ok(told)
    }

    /// Tells this server's mail sender that approval mail was queued (after the commit).
    pub fn wake_mail(&self) {
        self.accounts.wake_mail_sender();
    }
}
