//! Who is told about a request: its approvers when it is filed, the employee when someone else
//! answers or cancels it (queued through `Accounts::notify`), and the texts of those mails.

use super::views::{hours, PtoRequestView};
use crate::{Pto, PtoError};
use accounts::mail::OutgoingMail;
use accounts::people::read::{self, PeopleFilter};
use accounts::Person;
use chrono::NaiveDate;
use kernel::{Role, TenantCtx};

impl Pto {
    /// Tells whoever may answer a new request: the employee's manager, or else the company's
    /// admins (never the person who filed it or the employee).
    pub(super) async fn tell_approvers(&self, ctx: &TenantCtx, person: &Person, view: &PtoRequestView) {
        let recipients = match self.approvers_of(ctx, person).await {
            Ok(recipients) => recipients,
            Err(err) => {
                tracing::error!(error = %err, "could not find who approves a time-off request");
                return;
            }
        };
        let link = self.accounts.screen_link("/admin/inbox");
        let mails = recipients
            .into_iter()
            .map(|approver| OutgoingMail {
                company: approver.company_id,
                to_email: approver.email.clone(),
                to_name: approver.full_name(),
                subject: format!("Time off request from {} {}", person.first_name, person.last_name),
                text: format!(
                    "Hello {},\n\n{} {} asked for {} ({}), {}.{}\n\nApprove or deny it in your inbox: {link}\n",
                    approver.first_name,
                    person.first_name,
                    person.last_name,
                    view.type_name,
                    hours_text(view.minutes),
                    days_text(view),
                    if view.reason.is_empty() { String::new() } else { format!("\nReason: {}", view.reason) },
                ),
            })
            .collect();
        self.accounts.notify_all(mails).await;
    }

    async fn approvers_of(&self, ctx: &TenantCtx, person: &Person) -> Result<Vec<Person>, PtoError> {
        let not_them = |other: &Person| other.id != person.id && !ctx.is_self(other.id);
        if let Some(manager) = person.manager_id {
            let manager = read::person(&self.db, ctx, manager).await?.filter(Person::is_active);
            if let Some(manager) = manager.filter(not_them) {
                return Ok(vec![manager]);
            }
        }
        Ok(read::people(&self.db, ctx, &PeopleFilter::active().with_roles(&[Role::Admin]))
            .await?
            .into_iter()
            .filter(not_them)
            .collect())
    }

    /// Tells the employee that someone else answered or cancelled their request.
    pub(super) async fn tell_employee(&self, ctx: &TenantCtx, person: &Person, view: &PtoRequestView, what: &str) {
        if ctx.is_self(person.id) {
            return;
        }
        let by = read::person(&self.db, ctx, ctx.actor())
            .await
            .ok()
            .flatten()
            .map(|actor| actor.full_name())
            .unwrap_or_else(|| "your manager".to_owned());
        let comment = match (&view.act_comments, what) {
            (Some(comment), "denied") => format!("\nReason: {comment}"),
            _ => String::new(),
        };
        self.accounts
            .notify(OutgoingMail {
                company: person.company_id,
                to_email: person.email.clone(),
                to_name: person.full_name(),
                subject: format!("Your time off request was {what}"),
                text: format!(
                    "Hello {},\n\n{by} {what} your request for {} ({}), {}.{comment}\n\nSee your time off: {}\n",
                    person.first_name,
                    view.type_name,
                    hours_text(view.minutes),
                    days_text(view),
                    self.accounts.screen_link("/pto"),
                ),
            })
            .await;
    }
}

/// What a request asks for, as the approval mails and the answer page say it:
/// 'Vacation (16 hrs), from 03/09/2026 to 03/10/2026'.
pub(super) fn summary(type_name: &str, minutes: i64, request: &pto_engine::request::TimeOffRequest) -> String {
    let day = |date: NaiveDate| date.format("%m/%d/%Y").to_string();
    let days = match request.partial {
        Some(partial) => {
            format!("on {}, {} to {}", day(request.start), partial.start.format("%H:%M"), partial.end.format("%H:%M"))
        }
        None if request.start == request.end => format!("on {}", day(request.start)),
        None => format!("from {} to {}", day(request.start), day(request.end)),
    };
    format!("{type_name} ({}), {days}", hours_text(minutes))
}

/// '8 hrs', '30 mins'.
fn hours_text(minutes: i64) -> String {
    if minutes < 60 {
        format!("{minutes} mins")
    } else if minutes % 60 == 0 {
        format!("{} hrs", minutes / 60)
    } else {
        format!("{:.2} hrs", hours(minutes))
    }
}

/// 'on 12/01/2026', 'from 12/01/2026 to 12/03/2026', 'on 12/01/2026, 09:00 to 11:00'.
fn days_text(view: &PtoRequestView) -> String {
    let day = |date: NaiveDate| date.format("%m/%d/%Y").to_string();
    match (&view.starttime, &view.endtime) {
        (Some(from), Some(to)) if view.partialday => format!("on {}, {from} to {to}", day(view.start_date)),
        _ if view.start_date == view.end_date => format!("on {}", day(view.start_date)),
        _ => format!("from {} to {}", day(view.start_date), day(view.end_date)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hours_have_two_decimals() {
        assert_eq!(hours(90), 1.5);
        assert_eq!(hours(20), 0.33);
        assert_eq!(hours(-90), -1.5);
        assert_eq!(hours_text(30), "30 mins");
        assert_eq!(hours_text(480), "8 hrs");
        assert_eq!(hours_text(150), "2.50 hrs");
    }
}
