//! The licence reminders: 90, 60, 30 and 7 days before a licence expires and before an unmet CE
//! requirement falls due, the producer and the company's admins are told by mail (one message
//! per person and run, listing everything due, from 08:00 in the company's zone), and the
//! producer's task dock shows it.
//!
//! Each reminder is sent once per subject, due date and threshold: the mark is a row of
//! `licensing_reminders` under a unique index, inserted in the transaction that queues the mail
//! (`ON CONFLICT DO NOTHING … RETURNING`: only what this run inserted is told), so two servers,
//! or a run repeated after its lease ran out, send nothing twice; a renewed licence (a new expiry)
//! is a new due date and starts again. After downtime only the nearest threshold passed is sent
//! (a licence 20 days out hears "30 days", not also "90" and "60"). A company's batch that fails
//! is logged and rolled back; the others go on, and it is tried again at the next run.

use crate::entities::{ce_requirements as requirements, licences, licensing_reminders as reminders};
use crate::model::{hours, LicenceStatus, ReminderSubject, REMINDER_DAYS};
use crate::standing::{count_all, credit_sums};
use crate::{Licensing, LicensingError};
use accounts::mail::OutgoingMail;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use kernel::{CeRequirementId, CompanyId, LicenceId, Role, TenantCtx, UserId};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, TryInsertResult};
use std::collections::{BTreeMap, HashMap, HashSet};

pub const REMINDER_JOB: &str = "licence-reminders";

/// Ids per `IN (…)` list.
const CHUNK: usize = kernel::tenancy::IDS_PER_QUERY;

/// What a run did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ReminderRun {
    /// Reminders marked sent (each a subject and threshold).
    pub reminded: u64,
    pub mails: u64,
    pub failed_companies: u64,
}

/// Something due, found by the run.
#[derive(Debug, Clone)]
struct Due {
    subject: ReminderSubject,
    subject_id: i64,
    employee: UserId,
    due_on: NaiveDate,
    line: String,
}

/// The threshold a due date `days_left` away has passed most recently, if any.
pub fn threshold(days_left: i64) -> Option<i64> {
    if days_left < 0 {
        return None;
    }
    REMINDER_DAYS.iter().copied().filter(|days| days_left <= *days).min()
}

impl Licensing {
    /// One run over every company (`now`: the scheduler's clock, moved forward in tests).
    pub async fn send_reminders(&self, now: DateTime<Utc>) -> Result<ReminderRun, LicensingError> {
        // Every zone's today is within a day of UTC's.
        let utc_today = now.date_naive();
        let first = utc_today - Duration::days(1);
        let last = utc_today + Duration::days(REMINDER_DAYS[0] + 1);
        let due_licences = licences::Entity::find()
            .filter(licences::Column::Status.eq(LicenceStatus::Active))
            .filter(licences::Column::ExpiresOn.between(first, last))
            .all(&self.db)
            .await?;
        let due_requirements =
            requirements::Entity::find().filter(requirements::Column::DueOn.between(first, last)).all(&self.db).await?;
        // The licences of those requirements (their expiry may be later), and everyone's credits.
        let mut licence_rows: HashMap<LicenceId, licences::Model> =
            due_licences.iter().map(|licence| (licence.id, licence.clone())).collect();
        let missing: Vec<i64> = due_requirements
            .iter()
            .map(|requirement| requirement.licence_id)
            .filter(|id| !licence_rows.contains_key(id))
            .map(|id| id.0)
            .collect::<HashSet<_>>()
            .into_iter()
            .collect();
        for chunk in missing.chunks(CHUNK) {
            for licence in
                licences::Entity::find().filter(licences::Column::Id.is_in(chunk.iter().copied())).all(&self.db).await?
            {
                licence_rows.insert(licence.id, licence);
            }
        }
        let requirement_ids: Vec<CeRequirementId> = due_requirements.iter().map(|requirement| requirement.id).collect();
        let sums = credit_sums(&self.db, None, None, Some(&requirement_ids)).await?;

        // Per company: what is due.
        let mut by_company: BTreeMap<CompanyId, Vec<Due>> = BTreeMap::new();
        for licence in &due_licences {
            by_company.entry(licence.company_id).or_default().push(Due {
                subject: ReminderSubject::LicenceExpiry,
                subject_id: licence.id.0,
                employee: licence.employee_id,
                due_on: licence.expires_on,
                line: format!("{} licence {} expires on {}", licence.state, licence.number, licence.expires_on),
            });
        }
        let requirement_companies: HashSet<CompanyId> = due_requirements.iter().map(|r| r.company_id).collect();
        let mut unmet_by_company: HashMap<CompanyId, Vec<Due>> = HashMap::new();
        for company in requirement_companies {
            let ctx = TenantCtx::for_job(company, chrono_tz::UTC);
            let rules = self.rules(&ctx).await?;
            let licences_of: Vec<licences::Model> =
                licence_rows.values().filter(|licence| licence.company_id == company).cloned().collect();
            let requirements_of: Vec<requirements::Model> =
                due_requirements.iter().filter(|requirement| requirement.company_id == company).cloned().collect();
            let tallies = count_all(&licences_of, &requirements_of, &sums, &rules);
            for requirement in &requirements_of {
                let Some(licence) = licence_rows.get(&requirement.licence_id) else { continue };
                let Some(tally) = tallies.get(&requirement.id) else { continue };
                if tally.counting.met || licence.status != LicenceStatus::Active {
                    continue;
                }
                let progress = &tally.counting.progress;
                unmet_by_company.entry(company).or_default().push(Due {
                    subject: ReminderSubject::CeDue,
                    subject_id: requirement.id.0,
                    employee: licence.employee_id,
                    due_on: requirement.due_on,
                    line: format!(
                        "{} CE for licence {} is due on {}: {} of {} h done, ethics {} of {} h",
                        licence.state,
                        licence.number,
                        requirement.due_on,
                        progress.total.done,
                        progress.total.required,
                        progress.ethics.done,
                        hours(i64::from(requirement.ethics_minutes)),
                    ),
                });
            }
        }
        for (company, dues) in unmet_by_company {
            by_company.entry(company).or_default().extend(dues);
        }

        let mut run = ReminderRun::default();
        for (company, dues) in by_company {
            match self.remind_company(company, dues, now).await {
                Ok((reminded, mails)) => {
                    run.reminded += reminded;
                    run.mails += mails;
                }
                Err(err) => {
                    run.failed_companies += 1;
                    tracing::error!(company = company.0, rule = "licence reminders", error = %err, "licence reminders failed for a company; retried at the next run");
                }
            }
        }
        if run.mails > 0 {
            self.accounts.wake_mail_sender();
        }
        Ok(run)
    }

    /// One company's reminders, in one transaction: marks, then the mail of what was marked.
    async fn remind_company(
        &self,
        company: CompanyId,
        dues: Vec<Due>,
        now: DateTime<Utc>,
    ) -> Result<(u64, u64), LicensingError> {
        let Some(zone) = self.accounts.company_zone(company).await? else { return Ok((0, 0)) };
        // Told from 08:00 in the company's zone: a later hourly run sends what is due today.
        if !kernel::time::morning_mail_due(zone, now) {
            return Ok((0, 0));
        }
        let ctx = TenantCtx::for_job(company, zone);
        let today = kernel::time::local_date(zone, now);
        let mut marked: Vec<(Due, i64)> = Vec::new();
        for due in dues {
            if let Some(days) = threshold((due.due_on - today).num_days()) {
                marked.push((due, days));
            }
        }
        if marked.is_empty() {
            return Ok((0, 0));
        }
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        // The marks already made, read inside this writer's transaction.
        let mut made: HashSet<(ReminderSubject, i64, NaiveDate, i32)> = HashSet::new();
        let ids: Vec<i64> = marked.iter().map(|(due, _)| due.subject_id).collect::<HashSet<_>>().into_iter().collect();
        for chunk in ids.chunks(CHUNK) {
            let rows = reminders::Entity::find()
                .filter(kernel::tenancy::same_company::<reminders::Entity>(company))
                .filter(reminders::Column::SubjectId.is_in(chunk.iter().copied()))
                .all(&*txn)
                .await?;
            made.extend(rows.into_iter().map(|row| (row.subject, row.subject_id, row.due_on, row.days_before)));
        }
        let days_of = |days: i64| i32::try_from(days).unwrap_or(0);
        marked.retain(|(due, days)| !made.contains(&(due.subject, due.subject_id, due.due_on, days_of(*days))));
        let returning = txn.support_returning();
        let mut inserted: HashSet<(ReminderSubject, i64, i32)> = HashSet::new();
        for chunk in marked.chunks(1000) {
            let rows = chunk.iter().map(|(due, days)| reminders::ActiveModel {
                company_id: Set(company),
                subject: Set(due.subject),
                subject_id: Set(due.subject_id),
                due_on: Set(due.due_on),
                days_before: Set(days_of(*days)),
                sent_at: Set(now),
                ..Default::default()
            });
            let insert = reminders::Entity::insert_many(rows)
                .on_conflict(
                    OnConflict::columns([
                        reminders::Column::Subject,
                        reminders::Column::SubjectId,
                        reminders::Column::DueOn,
                        reminders::Column::DaysBefore,
                    ])
                    .do_nothing()
                    .to_owned(),
                )
                .do_nothing();
            if returning {
                // PostgreSQL: another server's run may have made a mark since the read; only
                // the rows this insert made are told.
                if let TryInsertResult::Inserted(rows) = insert.exec_with_returning_many(&*txn).await? {
                    inserted.extend(rows.into_iter().map(|row| (row.subject, row.subject_id, row.days_before)));
                }
            } else {
                // SQLite: this transaction began as the one writer, so nothing changed since
                // the read; every row of the chunk is new.
                insert.exec(&*txn).await?;
                inserted.extend(chunk.iter().map(|(due, days)| (due.subject, due.subject_id, days_of(*days))));
            }
        }
        let told: Vec<(Due, i64)> = marked
            .into_iter()
            .filter(|(due, days)| inserted.contains(&(due.subject, due.subject_id, days_of(*days))))
            .collect();
        if told.is_empty() {
            txn.commit().await?;
            return Ok((0, 0));
        }
        let people =
            accounts::people::read::people(&*txn, &ctx, &accounts::people::read::PeopleFilter::active()).await?;
        let by_id: HashMap<UserId, &accounts::Person> = people.iter().map(|person| (person.id, person)).collect();
        let link = self.accounts.screen_link("/my-hr");
        let mut mails = Vec::new();
        let mut per_person: BTreeMap<UserId, Vec<String>> = BTreeMap::new();
        for (due, days) in &told {
            per_person.entry(due.employee).or_default().push(format!("- {} (in {days} days or less)", due.line));
        }
        for (person, lines) in &per_person {
            let Some(person) = by_id.get(person) else { continue };
            mails.push(OutgoingMail {
                company: Some(company),
                to_email: person.email.clone(),
                to_name: person.full_name(),
                subject: "Your insurance licence or CE is due soon".to_owned(),
                text: format!(
                    "Hello {},\n\nThese fall due soon:\n\n{}\n\nRenew in time, or add your CE credits in My HR: {link}\n",
                    person.first_name,
                    lines.join("\n")
                ),
            });
        }
        let admin_lines: Vec<String> = told
            .iter()
            .map(|(due, days)| {
                let name = by_id.get(&due.employee).map(|person| person.full_name()).unwrap_or_default();
                format!("- {name}: {} (in {days} days or less)", due.line)
            })
            .collect();
        let compliance = self.accounts.screen_link("/admin/manage/licensing");
        for admin in people.iter().filter(|person| person.role == Role::Admin) {
            mails.push(OutgoingMail {
                company: Some(company),
                to_email: admin.email.clone(),
                to_name: admin.full_name(),
                subject: format!("{} producer licence or CE deadlines coming up", admin_lines.len()),
                text: format!(
                    "Hello {},\n\nThese licences and CE requirements fall due soon:\n\n{}\n\nThe compliance page: {compliance}\n",
                    admin.first_name,
                    admin_lines.join("\n")
                ),
            });
        }
        self.accounts.enqueue_mail_in(&*txn, &mails).await?;
        txn.commit().await?;
        Ok((told.len() as u64, mails.len() as u64))
    }
}

#[cfg(test)]
mod tests {
    use super::threshold;

    #[test]
    fn the_nearest_threshold_passed() {
        assert_eq!(threshold(100), None);
        assert_eq!(threshold(90), Some(90));
        assert_eq!(threshold(61), Some(90));
        assert_eq!(threshold(60), Some(60));
        assert_eq!(threshold(20), Some(30));
        assert_eq!(threshold(7), Some(7));
        assert_eq!(threshold(0), Some(7));
        assert_eq!(threshold(-1), None);
    }
}
