//! The onboarding job (issue 20; 002 §3 `onboardingPolicy`, `autoCertifyDueDays`; 001 §3
//! `onboardingDoc`): new employees are sent the company's onboarding policies and asked for its
//! onboarding documents, due a number of days after their start (today at the earliest).
//!
//! "New" means starting on or after the day the policy or document type became an onboarding
//! one, so marking a policy does not send it to the whole existing staff (publish it for them).
//! A policy goes through one onboarding publication per version of its text; a person already
//! sent the policy in any publication is not sent it again. Runs are idempotent and safe on two
//! servers at once: a recipient row is unique per publication and person, an onboarding request
//! per person and type (unique indexes), and a row the database refuses as a duplicate is simply
//! not sent twice. A run catches up everyone who started while no server ran.

use super::DocRequestStatus;
use crate::entities::{
    hr_doc_requests as requests, hr_policies as policies, hr_policy_recipients as recipients,
    hr_policy_versions as versions, hr_policy_workflows as workflows, hr_types,
};
use crate::policies::{WorkflowStatus, PENDING};
use crate::{Hr, HrError};
use accounts::mail::OutgoingMail;
use accounts::people::read;
use accounts::Person;
use activity::{ActivityType, NewActivity};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use kernel::time::{local_date, parse_time_zone, DEFAULT_TIME_ZONE};
use kernel::{CompanyId, TenantCtx, UserId};
use sea_orm::sea_query::Query;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use std::collections::BTreeSet;

/// The scheduler's name of the job.
pub const ONBOARDING_JOB: &str = "hr-onboarding";

/// What a run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OnboardingRun {
    /// People sent an onboarding policy.
    pub policies_sent: u64,
    /// Onboarding document requests made.
    pub requests_made: u64,
}

fn is_duplicate(err: &DbErr) -> bool {
    matches!(err.sql_err(), Some(sea_orm::SqlErr::UniqueConstraintViolation(_)))
}

/// When a new employee's item is due: `days` after their start, today at the earliest.
fn due_for(start: Option<NaiveDate>, days: Option<i32>, today: NaiveDate) -> NaiveDate {
    let due = start.map(|start| start + Duration::days(i64::from(days.unwrap_or(0)))).unwrap_or(today);
    due.max(today)
}

impl Hr {
    /// One run of the onboarding job over every company that has something to send.
    pub async fn assign_onboarding(&self, now: DateTime<Utc>) -> Result<OnboardingRun, HrError> {
        let mut company_ids: BTreeSet<CompanyId> = policies::Entity::find()
            .filter(policies::Column::Onboarding.eq(true))
            .filter(policies::Column::DeletedAt.is_null())
            .all(&self.db)
            .await?
            .into_iter()
            .map(|policy| policy.company_id)
            .collect();
        company_ids.extend(
            hr_types::Entity::find()
                .filter(hr_types::Column::OnboardingDoc.eq(true))
                .filter(hr_types::Column::Active.eq(true))
                .all(&self.db)
                .await?
                .into_iter()
                .map(|kind| kind.company_id),
        );
        let mut run = OnboardingRun::default();
        let company_ids: Vec<CompanyId> = company_ids.into_iter().collect();
        for company in read::companies(&self.db, Some(&company_ids)).await? {
            let zone = parse_time_zone(&company.time_zone).unwrap_or(DEFAULT_TIME_ZONE);
            let ctx = TenantCtx::for_job(company.id, zone);
            let today = local_date(zone, now);
            run.policies_sent += self.onboard_policies(&ctx, today).await?;
            run.requests_made += self.onboard_documents(&ctx, today).await?;
        }
        Ok(run)
    }

    /// Active people of the company who started on or after `since`.
    async fn new_people(&self, ctx: &TenantCtx, since: NaiveDate) -> Result<Vec<Person>, HrError> {
        Ok(read::active_people_started_since(&self.db, ctx, since).await?)
    }

    async fn onboard_policies(&self, ctx: &TenantCtx, today: NaiveDate) -> Result<u64, HrError> {
        let mut sent = 0;
        let policies = policies::Entity::find()
            .filter(kernel::tenancy::same_company::<policies::Entity>(ctx.company()))
            .filter(policies::Column::Onboarding.eq(true))
            .filter(policies::Column::DeletedAt.is_null())
            .all(&self.db)
            .await?;
        for policy in policies {
            let (Some(since), Some(version_id)) = (policy.onboarding_since, policy.current_version_id) else {
                continue;
            };
            // Everyone sent this policy in any publication already has it.
            let already = recipients::Entity::find()
                .filter(kernel::tenancy::same_company::<recipients::Entity>(ctx.company()))
                .filter(
                    recipients::Column::WorkflowId.in_subquery(
                        Query::select()
                            .column(workflows::Column::Id)
                            .from(workflows::Entity)
                            .and_where(workflows::Column::PolicyId.eq(policy.id))
                            .to_owned(),
                    ),
                )
                .all(&self.db)
                .await?
                .into_iter()
                .map(|row| row.employee_id)
                .collect::<BTreeSet<UserId>>();
            let people: Vec<Person> =
                self.new_people(ctx, since).await?.into_iter().filter(|person| !already.contains(&person.id)).collect();
            if people.is_empty() {
                continue;
            }
            let flow = self.onboarding_workflow(ctx, &policy, version_id).await?;
            let mut newly = Vec::new();
            for person in people {
                let due = due_for(person.last_start_date, policy.onboarding_days, today);
                let _permit = self.gate.enter().await;
                let inserted = recipients::ActiveModel {
                    company_id: Set(ctx.company()),
                    workflow_id: Set(flow.id),
                    employee_id: Set(person.id),
                    due_date: Set(Some(due)),
                    certify_status: Set(PENDING),
                    certified_at: Set(None),
                    comments: Set(String::new()),
                    overdue_mailed_at: Set(None),
                    ..Default::default()
                }
                .insert(&self.db)
                .await;
                match inserted {
                    Ok(_) => newly.push((person, due)),
                    Err(err) if is_duplicate(&err) => {}
                    Err(err) => return Err(err.into()),
                }
            }
            sent += u64::try_from(newly.len()).unwrap_or_default();
            for (person, due) in newly {
                self.mail_policy(
                    std::slice::from_ref(&person),
                    &policy.title,
                    Some(due),
                    "Welcome! Please read and acknowledge",
                )
                .await;
            }
        }
        Ok(sent)
    }

    /// The policy's active onboarding publication of this version, made when there is none.
    async fn onboarding_workflow(
        &self,
        ctx: &TenantCtx,
        policy: &policies::Model,
        version_id: i64,
    ) -> Result<workflows::Model, HrError> {
        let find = || {
            workflows::Entity::find()
                .filter(kernel::tenancy::same_company::<workflows::Entity>(ctx.company()))
                .filter(workflows::Column::PolicyId.eq(policy.id))
                .filter(workflows::Column::VersionId.eq(version_id))
                .filter(workflows::Column::Onboarding.eq(true))
                .filter(workflows::Column::Status.eq(WorkflowStatus::Active.code()))
                .order_by_asc(workflows::Column::Id)
                .one(&self.db)
        };
        if let Some(flow) = find().await? {
            return Ok(flow);
        }
        let _ = versions::Entity::find_by_id(version_id).one(&self.db).await?.ok_or(HrError::NotFound)?;
        let at = super::now();
        let _permit = self.gate.enter().await;
        // Two servers may both try to make it: a unique index admits one, and the other uses it.
        let made = workflows::ActiveModel {
            company_id: Set(ctx.company()),
            policy_id: Set(policy.id),
            version_id: Set(version_id),
            audience: Set(0),
            audience_ids: Set("[]".to_owned()),
            due_date: Set(None),
            onboarding: Set(true),
            status: Set(WorkflowStatus::Active.code()),
            published_by: Set(None),
            published_at: Set(at),
            modified_at: Set(at),
            ..Default::default()
        }
        .insert(&self.db)
        .await;
        match made {
            Ok(flow) => Ok(flow),
            Err(err) if is_duplicate(&err) => find().await?.ok_or(HrError::NotFound),
            Err(err) => Err(err.into()),
        }
    }

    async fn onboard_documents(&self, ctx: &TenantCtx, today: NaiveDate) -> Result<u64, HrError> {
        let mut made = 0;
        let kinds = hr_types::Entity::find()
            .filter(kernel::tenancy::same_company::<hr_types::Entity>(ctx.company()))
            .filter(hr_types::Column::OnboardingDoc.eq(true))
            .filter(hr_types::Column::Active.eq(true))
            .all(&self.db)
            .await?;
        for kind in kinds {
            let Some(since) = kind.onboarding_since else { continue };
            let asked: BTreeSet<UserId> = requests::Entity::find()
                .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
                .filter(requests::Column::DocTypeId.eq(kind.id))
                .filter(requests::Column::Onboarding.eq(true))
                .all(&self.db)
                .await?
                .into_iter()
                .map(|row| row.employee_id)
                .collect();
            for person in self.new_people(ctx, since).await? {
                if asked.contains(&person.id) {
                    continue;
                }
                let due = due_for(person.last_start_date, kind.onboarding_days, today);
                let at = super::now();
                let written = async {
                    let _permit = self.gate.enter().await;
                    let txn = kernel::begin_write(&self.db).await?;
                    let row = requests::ActiveModel {
                        company_id: Set(ctx.company()),
                        employee_id: Set(person.id),
                        doc_type_id: Set(kind.id),
                        due_date: Set(due),
                        comments: Set(String::new()),
                        status: Set(DocRequestStatus::Open),
                        created_by: Set(None),
                        created_at: Set(at),
                        onboarding: Set(true),
                        ..Default::default()
                    }
                    .insert(&txn)
                    .await?;
                    activity::record(
                        &txn,
                        NewActivity {
                            company: ctx.company(),
                            employee: person.id.0,
                            actor: None,
                            kind: ActivityType::HrDocRequest,
                            description: format!("Onboarding: the document '{}' was requested.", kind.name),
                            at,
                            record: Some(row.id.0),
                        },
                    )
                    .await?;
                    txn.commit().await
                }
                .await;
                match written {
                    Ok(()) => {}
                    Err(err) if is_duplicate(&err) => continue,
                    Err(err) => return Err(err.into()),
                }
                made += 1;
                self.accounts.notify(OutgoingMail {
                    company: person.company_id,
                    to_email: person.email.clone(),
                    to_name: person.full_name(),
                    subject: format!("Welcome! Please upload your {}", kind.name),
                    text: format!(
                        "Hello {},\n\nWelcome aboard. Please upload your {} by {}.\n\nUpload it from your tasks in Timekeep: {}\n",
                        person.first_name,
                        kind.name,
                        due.format("%b %d, %Y"),
                        self.accounts.screen_link("/my-hr"),
                    ),
                }).await;
            }
        }
        Ok(made)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_employees_are_due_days_after_their_start_but_never_in_the_past() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 26).unwrap_or_default();
        let start = NaiveDate::from_ymd_opt(2026, 11, 20);
        assert_eq!(due_for(start, Some(14), today), NaiveDate::from_ymd_opt(2026, 12, 4).unwrap_or_default());
        assert_eq!(due_for(start, Some(2), today), today);
        assert_eq!(due_for(None, Some(14), today), today);
    }
}
