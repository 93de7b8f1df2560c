//! The activity timeline of an employee's folder.

use crate::entities::activities;
use crate::views::ActivityView;
use crate::{Hr, HrError};
use accounts::entities::users;
use chrono::{DateTime, Utc};
use kernel::{ActivityId, TenantCtx, UserId};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder,
};
use std::collections::HashMap;

/// Page size of the timeline (the spec does not give one).
pub const ACTIVITY_PAGE_SIZE: u64 = 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActivityType {
    Start,
    Terminate,
    Reactivate,
}

impl ActivityType {
    /// The codes of spec 001 §9, misspelling included: the browser matches on them.
    pub fn code(self) -> &'static str {
        match self {
            ActivityType::Start => "EMPLOYEE_START",
            ActivityType::Terminate => "EMPLOYEE_TERNIMATE",
            ActivityType::Reactivate => "EMPLOYEE_REACTIVATE",
        }
    }

    fn title(self) -> &'static str {
        match self {
            ActivityType::Start => "Started",
            ActivityType::Terminate => "Terminated",
            ActivityType::Reactivate => "Reactivated",
        }
    }

    fn verb(self) -> &'static str {
        match self {
            ActivityType::Start => "added",
            ActivityType::Terminate => "terminated",
            ActivityType::Reactivate => "reactivated",
        }
    }
}

/// Writes a timeline entry about `employee`, done by `actor`, inside the caller's transaction.
pub(crate) async fn record(
    db: &impl ConnectionTrait,
    company: i64,
    employee: &users::Model,
    actor: &users::Model,
    kind: ActivityType,
    at: DateTime<Utc>,
) -> Result<(), DbErr> {
    let description = format!(
        "{} {} {} {} {}.",
        actor.first_name,
        actor.last_name,
        kind.verb(),
        employee.first_name,
        employee.last_name
    );
    activities::ActiveModel {
        company_id: Set(company),
        employee_id: Set(employee.id),
        actor_id: Set(Some(actor.id)),
        activity_type: Set(kind.code().to_owned()),
        title: Set(kind.title().to_owned()),
        description: Set(description),
        occurred_at: Set(at),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
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
        let mut query = activities::Entity::find()
            .filter(kernel::tenancy::same_company::<activities::Entity>(ctx.company()))
            .filter(activities::Column::EmployeeId.eq(employee.id));
        if let Some(kind) = kind.map(str::trim).filter(|kind| !kind.is_empty()) {
            query = query.filter(activities::Column::ActivityType.eq(kind));
        }
        let paginator = query
            .order_by_desc(activities::Column::OccurredAt)
            .order_by_desc(activities::Column::Id)
            .paginate(&self.db, ACTIVITY_PAGE_SIZE);
        let total = paginator.num_items().await?;
        let rows = paginator.fetch_page(page.max(1) - 1).await?;
        let people = self.people_of(ctx, &rows).await?;
        Ok((rows.into_iter().map(|row| ActivityView::build(row, &people)).collect(), total))
    }

    /// One timeline entry, if the employee it is about is in reach.
    pub async fn activity(&self, ctx: &TenantCtx, id: ActivityId) -> Result<ActivityView, HrError> {
        let row = activities::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<activities::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .ok_or(HrError::NotFound)?;
        self.accounts.employee_in_scope(ctx, UserId(row.employee_id)).await?;
        let people = self.people_of(ctx, std::slice::from_ref(&row)).await?;
        Ok(ActivityView::build(row, &people))
    }

    /// The people named by some timeline entries, in one query.
    async fn people_of(
        &self,
        ctx: &TenantCtx,
        rows: &[activities::Model],
    ) -> Result<HashMap<i64, users::Model>, HrError> {
        let mut ids: Vec<i64> = rows.iter().flat_map(|row| [Some(row.employee_id), row.actor_id]).flatten().collect();
        ids.sort_unstable();
        ids.dedup();
        let people = users::Entity::find()
            .filter(kernel::tenancy::same_company::<users::Entity>(ctx.company()))
            .filter(users::Column::Id.is_in(ids))
            .all(&self.db)
            .await?;
        Ok(people.into_iter().map(|user| (user.id, user)).collect())
    }
}
