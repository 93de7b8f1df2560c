//! The activity timeline of an employee's folder (001 §3, §9): what was done to a person, by
//! whom, when.
//!
//! Why a crate of its own, below `hr` and `pto`: both write entries (hr when someone starts, is
//! terminated or reactivated; pto when an admin adds time off by hand) and the house rule is
//! that crates on one floor never import each other, so the shared part moves down. This crate
//! owns the `activities` table. Writers call [`record`] inside their own transaction, so an
//! entry exists exactly when what it describes was saved. Readers get plain [`Activity`] values
//! through [`page`] and [`one`], scoped to the company by kernel's tenancy helper; who may read
//! whose timeline (reach) is the caller's business (hr checks it before asking).

mod entities;
mod purge;

pub use purge::purge_company;

use chrono::{DateTime, Utc};
use entities::activities;
use kernel::{ActivityId, CompanyId, TenantCtx, UserId};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder,
};

/// Page size of the timeline (the spec does not give one).
pub const PAGE_SIZE: u64 = 20;

/// The kinds of entry (001 §9), with the spec's codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActivityType {
    Start,
    Terminate,
    Reactivate,
    /// An admin added time off to the employee's balance by hand.
    ManuallyAddPto,
    /// A manager or an admin recorded an HR event in the folder.
    HrEvent,
    /// A manager or an admin filed an HR document.
    HrDoc,
    /// A manager or an admin asked the employee for a document.
    HrDocRequest,
    /// The employee uploaded a document a request asked for.
    DocRequest,
    /// The employee acknowledged an HR event.
    EventAffirmation,
    /// The employee acknowledged (or declined) a policy.
    PolicyAffirmation,
    /// A platform operator (support) signed in as the employee: the employee's own record of
    /// it (issue 23: "the impersonated user can see that support acted on their account").
    SupportSession,
}

/// The `type` filter of the timeline that lists the acknowledgements (the folder's All tab,
/// filter 'Acknowledgement').
pub const ACKNOWLEDGEMENTS: &str = "ACK";

impl ActivityType {
    /// The codes of spec 001 §9, misspelling included: the browser matches on them.
    pub fn code(self) -> &'static str {
        match self {
            ActivityType::Start => "EMPLOYEE_START",
            ActivityType::Terminate => "EMPLOYEE_TERNIMATE",
            ActivityType::Reactivate => "EMPLOYEE_REACTIVATE",
            ActivityType::ManuallyAddPto => "MANUALLY_ADD_PTO",
            ActivityType::HrEvent => "HR_EVENT",
            ActivityType::HrDoc => "HR_DOC",
            ActivityType::HrDocRequest => "HR_DOC_REQ",
            ActivityType::DocRequest => "DOC_REQUEST",
            ActivityType::EventAffirmation => "EVENT_AFFIRMATION",
            ActivityType::PolicyAffirmation => "POLICY_AFFIRMATION",
            ActivityType::SupportSession => "SUPPORT_SESSION",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            ActivityType::Start => "Started",
            ActivityType::Terminate => "Terminated",
            ActivityType::Reactivate => "Reactivated",
            ActivityType::ManuallyAddPto => "PTO added manually",
            ActivityType::HrEvent => "HR event",
            ActivityType::HrDoc => "HR document",
            ActivityType::HrDocRequest => "Document requested",
            ActivityType::DocRequest => "Requested document uploaded",
            ActivityType::EventAffirmation => "HR event acknowledged",
            ActivityType::PolicyAffirmation => "Policy acknowledged",
            ActivityType::SupportSession => "Support session",
        }
    }
}

/// A new timeline entry: about `employee`, done by `actor` (none: the system).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewActivity {
    pub company: CompanyId,
    pub employee: i64,
    pub actor: Option<i64>,
    pub kind: ActivityType,
    /// The sentence the timeline shows ('Alice Admin added Emma Brooks.').
    pub description: String,
    pub at: DateTime<Utc>,
    /// The record the entry is about (an event, a document, a request), which its detail opens.
    pub record: Option<i64>,
}

/// One timeline entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Activity {
    pub id: i64,
    pub employee: i64,
    pub actor: Option<i64>,
    /// The spec's code (`EMPLOYEE_START`…).
    pub code: String,
    pub title: String,
    pub description: String,
    pub at: DateTime<Utc>,
    pub record: Option<i64>,
}

impl From<activities::Model> for Activity {
    fn from(row: activities::Model) -> Self {
        Activity {
            id: row.id.0,
            employee: row.employee_id.0,
            actor: row.actor_id.map(|id| id.0),
            code: row.activity_type,
            title: row.title,
            description: row.description,
            at: row.occurred_at,
            record: row.record_id,
        }
    }
}

/// Writes an entry inside the caller's transaction.
pub async fn record(db: &impl ConnectionTrait, entry: NewActivity) -> Result<(), DbErr> {
    activities::ActiveModel {
        company_id: Set(entry.company),
        employee_id: Set(UserId(entry.employee)),
        actor_id: Set(entry.actor.map(UserId)),
        activity_type: Set(entry.kind.code().to_owned()),
        title: Set(entry.kind.title().to_owned()),
        description: Set(entry.description),
        occurred_at: Set(entry.at),
        record_id: Set(entry.record),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// A page (from 1) of `employee`'s timeline, newest first, and how many entries there are;
/// `code` filters by kind ([`ACKNOWLEDGEMENTS`]: every kind of acknowledgement).
pub async fn page(
    db: &impl ConnectionTrait,
    ctx: &TenantCtx,
    employee: UserId,
    code: Option<&str>,
    page: u64,
) -> Result<(Vec<Activity>, u64), DbErr> {
    let mut query = activities::Entity::find()
        .filter(kernel::tenancy::same_company::<activities::Entity>(ctx.company()))
        .filter(activities::Column::EmployeeId.eq(employee.0));
    match code.map(str::trim).filter(|code| !code.is_empty()) {
        Some(ACKNOWLEDGEMENTS) => {
            let kinds = [ActivityType::EventAffirmation, ActivityType::PolicyAffirmation].map(ActivityType::code);
            query = query.filter(activities::Column::ActivityType.is_in(kinds));
        }
        Some(code) => query = query.filter(activities::Column::ActivityType.eq(code)),
        None => {}
    }
    let paginator = query
        .order_by_desc(activities::Column::OccurredAt)
        .order_by_desc(activities::Column::Id)
        .paginate(db, PAGE_SIZE);
    let total = paginator.num_items().await?;
    let rows = paginator.fetch_page(page.max(1) - 1).await?;
    Ok((rows.into_iter().map(Activity::from).collect(), total))
}

/// One entry of the company, if it exists.
pub async fn one(db: &impl ConnectionTrait, ctx: &TenantCtx, id: ActivityId) -> Result<Option<Activity>, DbErr> {
    Ok(activities::Entity::find_by_id(id)
        .filter(kernel::tenancy::same_company::<activities::Entity>(ctx.company()))
        .one(db)
        .await?
        .map(Activity::from))
}
