//! Publishing a policy and following a publication: who receives it, its status and answers, a
//! reminder, stopping it.

use super::authoring::summary;
use super::{Audience, WorkflowStatus, PENDING};
use crate::entities::hr_policy_workflows as workflows;
use crate::entities::{hr_policies as policies, hr_policy_recipients as recipients, hr_policy_versions as versions};
use crate::records::now;
use crate::{Hr, HrError};
use accounts::mail::OutgoingMail;
use accounts::people::read::{self, PeopleFilter};
use accounts::Person;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use kernel::time::local_date;
use kernel::{CompanyId, FieldErrors, JobRoleId, ManagerCtx, PolicyId, PolicyWorkflowId, UserId};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

pub const AUDIENCE_MISSING: &str = "Tell us who should receive the policy";
pub const MEMBERS_MISSING: &str = "Select at least one employee to receive the policy";
pub const ROLES_MISSING: &str = "Select at least one job role to receive the policy";
pub const DUE_DATE_MISSING: &str = "Please input the Due date";
pub const ONBOARDING_MISSING: &str = "Tell us if this an onboarding policy";
pub const ONBOARDING_DAYS_MISSING: &str = "Input the days for new employees to complete";
pub const NOBODY: &str = "Nobody you manage would receive the policy";

/// A reminder goes at most this often.
const REMINDER_GAP: Duration = Duration::hours(1);

/// A publication with its counted answers (002 §3 "Workflow").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct WorkflowSummary {
    pub id: i64,
    /// The version of the text it sent.
    pub version: i32,
    pub publish_date: DateTime<Utc>,
    pub due_date: Option<NaiveDate>,
    /// 0 active, 2 cancelled, 3 stopped.
    pub status: i16,
    /// Made for new employees by the onboarding job.
    pub onboarding: bool,
    pub total_recipients: u64,
    pub confirmed_recipients: u64,
    pub declined_recipients: u64,
    pub modify_date: DateTime<Utc>,
    pub stopped_at: Option<DateTime<Utc>>,
    pub cancelled_at: Option<DateTime<Utc>>,
    pub reminded_at: Option<DateTime<Utc>>,
}

/// One recipient's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Recipient {
    pub employee_id: i64,
    pub firstname: String,
    pub lastname: String,
    /// 0 pending, 1 acknowledged, 2 declined.
    pub certify_status: i16,
    pub certify_date: Option<DateTime<Utc>>,
    pub comments: String,
    pub due_date: Option<NaiveDate>,
    pub overdue: bool,
}

/// `GET /policy/workflow`: a publication and everyone's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct WorkflowView {
    pub policy_id: i64,
    /// The title of the version sent.
    pub title: String,
    #[serde(flatten)]
    pub summary: WorkflowSummary,
    pub recipients: Vec<Recipient>,
}

/// What a reminder did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ReminderOutcome {
    pub sent: u64,
    pub changed: bool,
    pub message: String,
}

/// `POST /policy/publish`.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct PublishInput {
    #[serde(deserialize_with = "kernel::validation::lenient_i64")]
    pub policy_id: Option<i64>,
    /// 1 entire team, 0 chosen members, 2 job roles.
    #[serde(deserialize_with = "kernel::validation::lenient_i64")]
    pub applicable_to_all: Option<i64>,
    /// The chosen members.
    #[serde(alias = "employees")]
    pub employee: Vec<i64>,
    /// The chosen job roles.
    #[serde(alias = "jobrole")]
    pub jobroles: Vec<i64>,
    /// 0 acknowledge immediately (due today), 1 by `dueDate`.
    #[serde(deserialize_with = "kernel::validation::lenient_i64")]
    pub ack: Option<i64>,
    /// YYYY-MM-DD.
    pub due_date: Option<String>,
    /// 1: also sent to every new employee.
    #[serde(deserialize_with = "kernel::validation::lenient_i64")]
    pub onboarding_policy: Option<i64>,
    /// Days after their start a new employee has to answer.
    #[serde(deserialize_with = "kernel::validation::lenient_i64")]
    pub auto_certify_due_days: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublishCommand {
    pub policy_id: PolicyId,
    pub audience: Audience,
    /// `None`: due at once (the day of publishing).
    pub due_date: Option<NaiveDate>,
    /// Days for new employees, when it is an onboarding policy.
    pub onboarding_days: Option<i32>,
}

impl PublishCommand {
    pub fn parse(input: &PublishInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let policy_id = PolicyId(input.policy_id.filter(|id| *id > 0).unwrap_or_else(|| {
            errors.add("policyId", "Please choose the policy");
            0
        }));
        let audience = match input.applicable_to_all {
            Some(1) => Some(Audience::EntireTeam),
            Some(0) if input.employee.is_empty() => {
                errors.add("employee", MEMBERS_MISSING);
                None
            }
            Some(0) => Some(Audience::Members(input.employee.iter().copied().map(UserId).collect())),
            Some(2) if input.jobroles.is_empty() => {
                errors.add("jobroles", ROLES_MISSING);
                None
            }
            Some(2) => Some(Audience::JobRoles(input.jobroles.iter().copied().map(JobRoleId).collect())),
            _ => {
                errors.add("applicableToAll", AUDIENCE_MISSING);
                None
            }
        };
        let due_date = match input.ack {
            Some(1) => match input.due_date.as_deref().map(str::trim).filter(|text| !text.is_empty()) {
                None => {
                    errors.add("dueDate", DUE_DATE_MISSING);
                    None
                }
                Some(text) => crate::records::optional_date(&mut errors, "dueDate", &Some(text.to_owned())),
            },
            _ => None,
        };
        let onboarding_days = match input.onboarding_policy {
            Some(1) => match input.auto_certify_due_days {
                Some(days) if (1..=365).contains(&days) => i32::try_from(days).ok(),
                _ => {
                    errors.add("autoCertifyDueDays", ONBOARDING_DAYS_MISSING);
                    None
                }
            },
            Some(0) => None,
            _ => {
                errors.add("onboardingPolicy", ONBOARDING_MISSING);
                None
            }
        };
        match audience {
            Some(audience) if errors.is_empty() => {
                Ok(PublishCommand { policy_id, audience, due_date, onboarding_days })
            }
            _ => Err(errors),
        }
    }
}

impl Hr {
    /// The people a publication goes to: active, in the publisher's reach, not the publisher.
    async fn audience(&self, ctx: &ManagerCtx, audience: &Audience) -> Result<Vec<Person>, HrError> {
        let mut filter = PeopleFilter::active().except(ctx.actor());
        match audience {
            Audience::EntireTeam => {}
            Audience::Members(ids) => {
                // Someone outside the caller's reach is as unknown as a missing id.
                for id in ids {
                    self.accounts.employee_in_scope(ctx, *id).await?;
                }
                // Each once, however often the list names them.
                let ids: std::collections::BTreeSet<UserId> = ids.iter().copied().collect();
                filter = filter.with_ids(ids);
            }
            Audience::JobRoles(ids) => {
                let roles = read::job_roles(&self.db, ctx).await?;
                if ids.iter().any(|id| !roles.iter().any(|role| role.id == *id)) {
                    return Err(HrError::field("jobroles", ROLES_MISSING));
                }
                filter.job_roles = Some(ids.clone());
            }
        }
        Ok(read::people_in_reach(&self.db, ctx, &filter).await?)
    }

    /// `POST /policy/publish`: sends the policy's current version to its audience, each
    /// recipient mailed. An onboarding policy is also sent to people who start from today on.
    pub async fn publish_policy(&self, ctx: &ManagerCtx, command: PublishCommand) -> Result<WorkflowView, HrError> {
        let policy = self.policy_row(ctx, command.policy_id).await?;
        let today = local_date(ctx.time_zone(), Utc::now());
        if command.due_date.is_some_and(|due| due < today) {
            return Err(HrError::field("dueDate", crate::records::DUE_DATE_PAST));
        }
        let people = self.audience(ctx, &command.audience).await?;
        if people.is_empty() {
            let field = match command.audience {
                Audience::EntireTeam => "applicableToAll",
                Audience::Members(_) => "employee",
                Audience::JobRoles(_) => "jobroles",
            };
            return Err(HrError::field(field, NOBODY));
        }
        let Some(version_id) = policy.current_version_id else {
            return Err(HrError::Internal(format!("policy {} has no version", policy.id)));
        };
        let due = command.due_date.unwrap_or(today);
        let at = now();
        let flow = {
            let _permit = self.gate.enter().await;
            let txn = kernel::begin_write(&self.db).await?;
            let flow = workflows::ActiveModel {
                company_id: Set(ctx.company()),
                policy_id: Set(policy.id),
                version_id: Set(version_id),
                audience: Set(command.audience.code()),
                audience_ids: Set(format!(
                    "[{}]",
                    command.audience.ids().iter().map(i64::to_string).collect::<Vec<_>>().join(",")
                )),
                due_date: Set(Some(due)),
                onboarding: Set(false),
                status: Set(WorkflowStatus::Active.code()),
                published_by: Set(Some(ctx.actor())),
                published_at: Set(at),
                modified_at: Set(at),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
            let rows = people.iter().map(|person| recipients::ActiveModel {
                company_id: Set(ctx.company()),
                workflow_id: Set(flow.id),
                employee_id: Set(person.id),
                due_date: Set(Some(due)),
                certify_status: Set(PENDING),
                certified_at: Set(None),
                comments: Set(String::new()),
                overdue_mailed_at: Set(None),
                ..Default::default()
            });
            // In slices: a statement's bound values are limited (SQLite: 32,766).
            let rows: Vec<_> = rows.collect();
            for chunk in rows.chunks(500) {
                recipients::Entity::insert_many(chunk.to_vec()).exec(&txn).await?;
            }
            let mut row: policies::ActiveModel = policy.clone().into();
            row.last_published_at = Set(Some(at));
            match command.onboarding_days {
                Some(days) => {
                    if !policy.onboarding {
                        row.onboarding_since = Set(Some(today));
                    }
                    row.onboarding = Set(true);
                    row.onboarding_days = Set(Some(days));
                }
                None => {
                    row.onboarding = Set(false);
                    row.onboarding_days = Set(None);
                    row.onboarding_since = Set(None);
                }
            }
            row.update(&txn).await?;
            txn.commit().await?;
            flow
        };
        let publisher = self.actor_name(ctx).await?;
        self.mail_policy(&people, &policy.title, Some(due), &format!("{publisher} asks you to read and acknowledge"))
            .await;
        self.workflow(ctx, flow.id).await
    }

    /// Mails `people` about a policy waiting for their answer.
    pub(crate) async fn mail_policy(&self, people: &[Person], title: &str, due: Option<NaiveDate>, lead: &str) {
        let link = self.accounts.screen_link("/my-hr");
        let due = due.map(|due| format!(" by {}", due.format("%b %d, %Y"))).unwrap_or_default();
        self.accounts
            .notify_all(
                people
                    .iter()
                    .map(|person| OutgoingMail {
                        company: person.company_id,
                        to_email: person.email.clone(),
                        to_name: person.full_name(),
                        subject: format!("Please review: {title}"),
                        text: format!(
                        "Hello {},\n\n{lead} the policy '{title}'{due}.\n\nRead it and answer in Timekeep: {link}\n",
                        person.first_name
                    ),
                    })
                    .collect(),
            )
            .await;
    }

    /// `GET /policy/workflow`: a publication with everyone's answer (managers and admins see
    /// every recipient: the status of a company policy is the company's).
    pub async fn workflow(&self, ctx: &ManagerCtx, id: PolicyWorkflowId) -> Result<WorkflowView, HrError> {
        let flow = self.workflow_row(ctx, id).await?;
        let version = versions::Entity::find_by_id(flow.version_id).one(&self.db).await?.ok_or(HrError::NotFound)?;
        let rows = recipients::Entity::find()
            .filter(kernel::tenancy::same_company::<recipients::Entity>(ctx.company()))
            .filter(recipients::Column::WorkflowId.eq(flow.id))
            .all(&self.db)
            .await?;
        // The names of the publication's recipients.
        let recipient_ids = rows.iter().map(|row| row.employee_id);
        let people: HashMap<UserId, (String, String)> =
            read::people(&self.db, ctx, &PeopleFilter::default().with_ids(recipient_ids))
                .await?
                .into_iter()
                .map(|person| (person.id, (person.first_name, person.last_name)))
                .collect();
        let today = local_date(ctx.time_zone(), Utc::now());
        let active = WorkflowStatus::of(flow.status) == WorkflowStatus::Active;
        let mut list: Vec<Recipient> = rows
            .iter()
            .map(|row| {
                let person = people.get(&row.employee_id);
                Recipient {
                    employee_id: row.employee_id.0,
                    firstname: person.map(|p| p.0.clone()).unwrap_or_default(),
                    lastname: person.map(|p| p.1.clone()).unwrap_or_default(),
                    certify_status: row.certify_status,
                    certify_date: row.certified_at,
                    comments: row.comments.clone(),
                    due_date: row.due_date,
                    overdue: active && row.certify_status == PENDING && row.due_date.is_some_and(|due| due < today),
                }
            })
            .collect();
        list.sort_by(|a, b| {
            (&a.lastname, &a.firstname, a.employee_id).cmp(&(&b.lastname, &b.firstname, b.employee_id))
        });
        // Counted from the very rows listed, so the figures and the list always agree.
        let mut counts = super::Counts::new();
        let entry = counts.entry(flow.id).or_default();
        for row in &rows {
            entry.0 += 1;
            match row.certify_status {
                super::ACKNOWLEDGED => entry.1 += 1,
                super::DECLINED => entry.2 += 1,
                _ => {}
            }
        }
        Ok(WorkflowView {
            policy_id: flow.policy_id.0,
            title: version.title,
            summary: summary(&flow, version.version, &counts),
            recipients: list,
        })
    }

    /// `POST /policy/workflow-reminder`: mails everyone who has not answered an active
    /// publication; a second reminder within the hour sends nothing.
    pub async fn remind_workflow(&self, ctx: &ManagerCtx, id: PolicyWorkflowId) -> Result<ReminderOutcome, HrError> {
        let flow = self.workflow_row(ctx, id).await?;
        if WorkflowStatus::of(flow.status) != WorkflowStatus::Active {
            return Err(HrError::Conflict("This broadcast is no longer active.".to_owned()));
        }
        let at = now();
        if let Some(sent) = flow.reminded_at.filter(|sent| at - *sent < REMINDER_GAP) {
            return Ok(ReminderOutcome {
                sent: 0,
                changed: false,
                message: format!("A reminder was already sent at {} UTC.", sent.format("%H:%M")),
            });
        }
        let pending: Vec<UserId> = recipients::Entity::find()
            .filter(kernel::tenancy::same_company::<recipients::Entity>(ctx.company()))
            .filter(recipients::Column::WorkflowId.eq(flow.id))
            .filter(recipients::Column::CertifyStatus.eq(PENDING))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|row| row.employee_id)
            .collect();
        if pending.is_empty() {
            return Err(HrError::Conflict("Everyone has answered.".to_owned()));
        }
        // Claimed by one conditional update: two reminders at once send one.
        let claimed = {
            let _permit = self.gate.enter().await;
            let mut update = workflows::Entity::update_many()
                .col_expr(workflows::Column::RemindedAt, Expr::value(at))
                .col_expr(workflows::Column::ModifiedAt, Expr::value(at))
                .filter(workflows::Column::Id.eq(flow.id));
            update = match flow.reminded_at {
                Some(before) => update.filter(workflows::Column::RemindedAt.eq(before)),
                None => update.filter(workflows::Column::RemindedAt.is_null()),
            };
            update.exec(&self.db).await?.rows_affected
        };
        if claimed == 0 {
            return Ok(ReminderOutcome { sent: 0, changed: false, message: "A reminder was just sent.".to_owned() });
        }
        let people = read::people(&self.db, ctx, &PeopleFilter::active().with_ids(pending)).await?;
        let version = versions::Entity::find_by_id(flow.version_id).one(&self.db).await?.ok_or(HrError::NotFound)?;
        self.mail_policy(&people, &version.title, flow.due_date, "A reminder: please read and acknowledge").await;
        let sent = u64::try_from(people.len()).unwrap_or_default();
        Ok(ReminderOutcome { sent, changed: true, message: format!("A reminder was sent to {sent}.") })
    }

    /// `POST /policy/stop-workflow`: no more answers are taken; those given stay.
    pub async fn stop_workflow(&self, ctx: &ManagerCtx, id: PolicyWorkflowId) -> Result<WorkflowView, HrError> {
        let flow = self.workflow_row(ctx, id).await?;
        match WorkflowStatus::of(flow.status) {
            WorkflowStatus::Cancelled => {
                return Err(HrError::Conflict("This broadcast was cancelled.".to_owned()));
            }
            WorkflowStatus::Stopped => return self.workflow(ctx, id).await,
            WorkflowStatus::Active => {}
        }
        let at = now();
        {
            let _permit = self.gate.enter().await;
            workflows::Entity::update_many()
                .col_expr(workflows::Column::Status, Expr::value(WorkflowStatus::Stopped.code()))
                .col_expr(workflows::Column::StoppedAt, Expr::value(at))
                .col_expr(workflows::Column::StoppedBy, Expr::value(ctx.actor()))
                .col_expr(workflows::Column::ModifiedAt, Expr::value(at))
                .filter(workflows::Column::Id.eq(flow.id))
                .filter(workflows::Column::Status.eq(WorkflowStatus::Active.code()))
                .exec(&self.db)
                .await?;
        }
        self.workflow(ctx, id).await
    }
}

impl Hr {
    /// The policies' half of the overdue-reminder job (`records::OVERDUE_JOB`): each unanswered
    /// policy of an active publication past its due date is mailed about once, from 08:00 in the
    /// company's zone, claimed by a conditional update first, so two servers send it once.
    pub(crate) async fn overdue_policy_reminders(&self, now: DateTime<Utc>) -> Result<u64, HrError> {
        use kernel::time::{parse_time_zone, DEFAULT_TIME_ZONE};
        let horizon = now.date_naive() + Duration::days(1);
        let candidates = recipients::Entity::find()
            .filter(recipients::Column::CertifyStatus.eq(PENDING))
            .filter(recipients::Column::OverdueMailedAt.is_null())
            .filter(recipients::Column::DueDate.lt(horizon))
            .filter(
                recipients::Column::WorkflowId.in_subquery(
                    sea_orm::sea_query::Query::select()
                        .column(workflows::Column::Id)
                        .from(workflows::Entity)
                        .and_where(workflows::Column::Status.eq(WorkflowStatus::Active.code()))
                        .to_owned(),
                ),
            )
            .order_by_asc(recipients::Column::Id)
            .all(&self.db)
            .await?;
        if candidates.is_empty() {
            return Ok(0);
        }
        let mut company_ids: Vec<CompanyId> = candidates.iter().map(|row| row.company_id).collect();
        company_ids.sort_unstable();
        company_ids.dedup();
        let zones: HashMap<CompanyId, chrono_tz::Tz> = read::companies(&self.db, Some(&company_ids))
            .await?
            .into_iter()
            .map(|company| (company.id, parse_time_zone(&company.time_zone).unwrap_or(DEFAULT_TIME_ZONE)))
            .collect();
        let mut employee_ids: Vec<UserId> = candidates.iter().map(|row| row.employee_id).collect();
        employee_ids.sort_unstable();
        employee_ids.dedup();
        let people: HashMap<UserId, Person> = read::people_with_ids(&self.db, &employee_ids, &PeopleFilter::active())
            .await?
            .into_iter()
            .map(|person| (person.id, person))
            .collect();
        let flows: HashMap<PolicyWorkflowId, workflows::Model> = workflows::Entity::find()
            .filter(workflows::Column::Id.is_in(candidates.iter().map(|row| row.workflow_id)))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|flow| (flow.id, flow))
            .collect();
        let titles: HashMap<i64, String> = versions::Entity::find()
            .filter(versions::Column::Id.is_in(flows.values().map(|flow| flow.version_id)))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|version| (version.id, version.title))
            .collect();
        let mut sent = 0;
        for row in candidates {
            let zone = zones.get(&row.company_id).copied().unwrap_or(DEFAULT_TIME_ZONE);
            let (Some(due), Some(person), Some(flow)) =
                (row.due_date, people.get(&row.employee_id), flows.get(&row.workflow_id))
            else {
                continue;
            };
            if due >= local_date(zone, now) || !kernel::time::morning_mail_due(zone, now) {
                continue;
            }
            let claimed = {
                let _permit = self.gate.enter().await;
                recipients::Entity::update_many()
                    .col_expr(recipients::Column::OverdueMailedAt, Expr::value(now))
                    .filter(recipients::Column::Id.eq(row.id))
                    .filter(recipients::Column::OverdueMailedAt.is_null())
                    .filter(recipients::Column::CertifyStatus.eq(PENDING))
                    .exec(&self.db)
                    .await?
            };
            if claimed.rows_affected == 0 {
                continue;
            }
            let title = titles.get(&flow.version_id).cloned().unwrap_or_default();
            self.mail_policy(
                std::slice::from_ref(person),
                &format!("{title} (overdue)"),
                Some(due),
                "Overdue: please read and acknowledge",
            )
            .await;
            sent += 1;
        }
        Ok(sent)
    }
}
