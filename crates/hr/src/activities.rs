//! The activity timeline of an employee's folder: hr's entries (start, terminate, reactivate)
//! and the reads, behind the reach check. The table is the `activity` crate's.

use crate::views::ActivityView;
use crate::{Hr, HrError};
use accounts::people::read::{self, PeopleFilter};
use accounts::Person;
use activity::{Activity, NewActivity};
use chrono::{DateTime, Utc};
use kernel::{ActivityId, CompanyId, TenantCtx, UserId};
use sea_orm::{ConnectionTrait, DbErr};
use std::collections::HashMap;

pub use activity::{ActivityType, PAGE_SIZE as ACTIVITY_PAGE_SIZE};

fn verb(kind: ActivityType) -> &'static str {
    match kind {
        ActivityType::Start => "added",
        ActivityType::Terminate => "terminated",
        ActivityType::Reactivate => "reactivated",
        ActivityType::ManuallyAddPto => "added time off for",
        ActivityType::HrEvent => "recorded an HR event for",
        ActivityType::HrDoc => "filed a document for",
        ActivityType::HrDocRequest => "asked for a document from",
        ActivityType::DocRequest | ActivityType::EventAffirmation | ActivityType::PolicyAffirmation => "responded for",
        ActivityType::SupportSession => "signed in as",
    }
}

/// Writes a timeline entry about `employee`, done by `actor`, inside the caller's transaction.
pub(crate) async fn record(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employee: &Person,
    actor: &Person,
    kind: ActivityType,
    at: DateTime<Utc>,
) -> Result<(), DbErr> {
    let description = format!(
        "{} {} {} {} {}.",
        actor.first_name,
        actor.last_name,
        verb(kind),
        employee.first_name,
        employee.last_name
    );
    activity::record(
        db,
        NewActivity { company, employee: employee.id.0, actor: Some(actor.id.0), kind, description, at, record: None },
    )
    .await
}

impl Hr {
    /// The timeline of an employee in reach, newest first; `kind` filters by activity type.
    pub async fn activities(
        &self,
        ctx: &TenantCtx,
        employee: UserId,
        kind: Option<&str>,
        page: u64,
    ) -> Result<(Vec<ActivityView>, u64), HrError> {
        let employee = self.accounts.employee_in_scope(ctx, employee).await?;
        let (rows, total) = activity::page(&self.db, ctx, employee.id, kind, page).await?;
        let people = self.people_of(ctx, &rows).await?;
        Ok((rows.into_iter().map(|row| ActivityView::build(row, &people)).collect(), total))
    }

    /// One timeline entry, if the employee it is about is in reach.
    pub async fn activity(&self, ctx: &TenantCtx, id: ActivityId) -> Result<ActivityView, HrError> {
        let row = activity::one(&self.db, ctx, id).await?.ok_or(HrError::NotFound)?;
        self.accounts.employee_in_scope(ctx, UserId(row.employee)).await?;
        let people = self.people_of(ctx, std::slice::from_ref(&row)).await?;
        Ok(ActivityView::build(row, &people))
    }

    /// The people named by some timeline entries, in one query.
    async fn people_of(&self, ctx: &TenantCtx, rows: &[Activity]) -> Result<HashMap<UserId, Person>, HrError> {
        let mut ids: Vec<UserId> =
            rows.iter().flat_map(|row| [Some(row.employee), row.actor]).flatten().map(UserId).collect();
        ids.sort_unstable();
        ids.dedup();
        let people = read::people(&self.db, ctx, &PeopleFilter::default().with_ids(ids)).await?;
        Ok(people.into_iter().map(|person| (person.id, person)).collect())
    }
}
