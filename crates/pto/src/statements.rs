//! Monthly paid-sick-leave statements (issue 38): where a law wants each person told at least
//! monthly what they accrued, what was taken off and what is available (Washington:
//! WAC 296-128-760(2), the law record's `monthly_statement`), the statement job e-mails it.
//!
//! - **Whom**: active people whose work place (see [`crate::sick_leave`]) has a binding law
//!   with a monthly statement, who are in a plan at the month's end, and who worked in the month
//!   (WAC 296-128-760(2)(a): no statement is owed without hours worked since the last one).
//! - **Which type**: the plan's rule that comes closest to the law, as the compliance report
//!   picks it.
//! - **What**: for the company's last complete month, the minutes credited (accruals and grants),
//!   the minutes taken off (time off, forfeits, hours removed by hand) and the balance at its end,
//!   as the engine's ledger has them.
//! - **Once**: `sick_leave_statements` holds one row per person and month (a unique index); the
//!   row and the e-mail are written in one transaction, so a run repeated, or run by two servers
//!   at once, sends nothing twice. After downtime the next run sends the last complete month's
//!   statements; a month missed entirely is not sent late (the next statement covers its
//!   figures in the balance it states).

use crate::accruals::job_ctx;
use crate::entities::sick_leave_statements as statements;
use crate::sick_leave::binding;
use crate::{Pto, PtoError};
use accounts::mail::OutgoingMail;
use accounts::people::read::{self, PeopleFilter};
use chrono::{DateTime, Datelike, NaiveDate, Utc};
use kernel::time::local_date;
use kernel::{TenantCtx, UserId};
use pto_engine::{compute, laws, EntryKind, PtoTypeId as EngineTypeId};
use sea_orm::sea_query::OnConflict;
use sea_orm::ActiveValue::Set;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use std::collections::HashSet;

/// The scheduler's name for the statement job.
pub const SICK_LEAVE_STATEMENT_JOB: &str = "pto-sick-leave-statements";

/// Minutes as hours for the e-mail: '12.5 h'.
fn hours(minutes: i64) -> String {
    let text = format!("{:.2}", minutes as f64 / 60.0);
    format!("{} h", text.trim_end_matches('0').trim_end_matches('.'))
}

/// The month before the one containing `today`: its first and last day.
fn last_month(today: NaiveDate) -> Option<(NaiveDate, NaiveDate)> {
    let first_of_this = today.with_day(1)?;
    let last = first_of_this.pred_opt()?;
    Some((last.with_day(1)?, last))
}

impl Pto {
    /// The statement job: every company's statements for its last complete month. Answers how
    /// many were sent in this pass.
    pub async fn send_sick_leave_statements(&self, now: DateTime<Utc>) -> Result<usize, PtoError> {
        let mut sent = 0;
        for company in read::companies(&self.db, None).await? {
            let ctx = job_ctx(&company);
            match self.company_statements(&ctx, now).await {
                Ok(count) => sent += count,
                // One company's trouble never stops the others'.
                Err(err) => tracing::error!(company = company.id.0, error = %err, "sick leave statements failed"),
            }
        }
        if sent > 0 {
            self.accounts.wake_mail_sender();
        }
        Ok(sent)
    }

    async fn company_statements(&self, ctx: &TenantCtx, now: DateTime<Utc>) -> Result<usize, PtoError> {
        let Some((first, last)) = last_month(local_date(ctx.time_zone(), now)) else { return Ok(0) };
        let company_place = self.company_place(ctx, last).await?;
        let place_of = self.work_places(ctx, company_place, last).await?;
        let people = read::people(&self.db, ctx, &PeopleFilter::active()).await?;
        let headcount = u32::try_from(people.len()).unwrap_or(u32::MAX);
        let owed: Vec<_> = people
            .into_iter()
            .filter_map(|person| {
                let laws_here = binding(&place_of(person.id), headcount, last);
                let citation = laws_here.iter().find_map(|(law, _)| law.monthly_statement)?;
                Some((person, laws_here, citation))
            })
            .collect();
        if owed.is_empty() {
            return Ok(0);
        }
        let done: HashSet<UserId> = statements::Entity::find()
            .filter(kernel::tenancy::same_company::<statements::Entity>(ctx.company()))
            .filter(statements::Column::Month.eq(first))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|row| row.employee_id)
            .collect();
        let owed: Vec<_> = owed.into_iter().filter(|(person, _, _)| !done.contains(&person.id)).collect();
        if owed.is_empty() {
            return Ok(0);
        }
        let people: Vec<_> = owed.iter().map(|(person, _, _)| person.clone()).collect();
        let (inputs, _, _) = self.inputs_for(ctx, &people, last).await?;
        let types: std::collections::HashMap<i64, String> =
            self.pto_types(ctx).await?.into_iter().map(|pto_type| (pto_type.id, pto_type.name)).collect();
        let company = read::company(&self.db, ctx.company()).await?.map(|c| c.name).unwrap_or_default();

        let mut sent = 0;
        for (person, laws_here, citation) in owed {
            let Some(input) = inputs.get(&person.id) else { continue };
            let worked: i64 =
                input.worked.iter().filter(|day| (first..=last).contains(&day.date)).map(|d| d.minutes).sum();
            if worked <= 0 {
                continue;
            }
            let plan = input.plans.iter().rev().find(|a| a.from <= last).and_then(|a| a.plan.as_deref());
            let Some(rule) = plan.and_then(|plan| {
                plan.rules.iter().filter(|r| r.active).min_by_key(|r| laws::shortfalls(Some(r), &laws_here).len())
            }) else {
                continue;
            };
            let pto_type: EngineTypeId = rule.pto_type;
            let ledger = compute(input, last);
            let month = ledger.entries.iter().filter(|e| e.pto_type == pto_type && (first..=last).contains(&e.date));
            let (mut accrued, mut reduced) = (0i64, 0i64);
            for entry in month {
                match entry.kind {
                    EntryKind::Accrued => accrued += entry.minutes,
                    EntryKind::Carryover => {}
                    _ if entry.delta() < 0 => reduced -= entry.delta(),
                    _ => {}
                }
            }
            let balance = ledger.balance(pto_type);
            let type_name = types.get(&pto_type.0).cloned().unwrap_or_else(|| "Sick time".to_owned());
            let mail = OutgoingMail {
                company: Some(ctx.company()),
                to_email: person.email.clone(),
                to_name: format!("{} {}", person.first_name, person.last_name),
                subject: format!("Your {type_name} statement for {}", first.format("%B %Y")),
                text: format!(
                    "Hello {},\n\nYour {type_name} with {company} for {}:\n\n\
                     Accrued in the month: {}\nTaken off in the month: {}\nAvailable on {}: {}\n\n\
                     Washington asks every employer for this statement at least monthly ({citation}).\n\
                     \"Why this balance?\" on your Time off screen shows every line that makes it.\n",
                    person.first_name,
                    first.format("%B %Y"),
                    hours(accrued),
                    hours(reduced),
                    last.format("%-d %B %Y"),
                    hours(balance),
                ),
            };
            let _permit = self.gate.enter().await;
            let txn = kernel::begin_write(&self.db).await?;
            let inserted = statements::Entity::insert(statements::ActiveModel {
                company_id: Set(ctx.company()),
                employee_id: Set(person.id),
                month: Set(first),
                pto_type_id: Set(kernel::ids::PtoTypeId(pto_type.0)),
                accrued_minutes: Set(accrued),
                reduced_minutes: Set(reduced),
                balance_minutes: Set(balance),
                sent_at: Set(now),
                ..Default::default()
            })
            .on_conflict(
                OnConflict::columns([
                    statements::Column::CompanyId,
                    statements::Column::EmployeeId,
                    statements::Column::Month,
                ])
                .do_nothing()
                .to_owned(),
            )
            .exec_without_returning(&txn)
            .await?;
            if inserted == 0 {
                txn.rollback().await?;
                continue;
            }
            self.accounts.enqueue_mail_in(&txn, &[mail]).await?;
            txn.commit().await?;
            sent += 1;
        }
        Ok(sent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_complete_month() {
        let d = |y, m, day| NaiveDate::from_ymd_opt(y, m, day).unwrap();
        assert_eq!(last_month(d(2027, 1, 1)), Some((d(2026, 12, 1), d(2026, 12, 31))));
        assert_eq!(last_month(d(2026, 3, 31)), Some((d(2026, 2, 1), d(2026, 2, 28))));
        assert_eq!(hours(750), "12.5 h");
        assert_eq!(hours(0), "0 h");
    }
}
