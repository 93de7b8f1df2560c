//! Accrual health (issue 38): a failed accrual run never goes unnoticed.
//!
//! - The accrual job ([`crate::accruals`]) records each run in `accrual_runs` (started,
//!   finished, companies, employees, errors, or why the whole run failed) and what it could not
//!   compute in `accrual_run_errors`, naming the person and the rule. One person's broken rule,
//!   or one company's failure, never stops the others.
//! - [`Pto::accrual_health`] is what a company's admins read on the PTO screen: a warning when
//!   the last run failed, when no run has finished for more than a day ([`STALE_AFTER`]), or when
//!   the last run could not compute some of the company's people (named).
//! - [`Pto::system_accrual_health`] is the operator's view: the recent runs and incidents.
//! - The watch job ([`ACCRUAL_WATCH_JOB`], [`Pto::watch_accruals`]) e-mails the operators once
//!   per incident: an incident has a key (the stale run it stopped after, the failed run, the
//!   set of errors), `accrual_incidents` holds each key once (a unique index), and the mail is
//!   queued in the transaction that inserts it. A second server, or the next pass, finds the key
//!   and sends nothing; the same broken rule found again each hour is the same incident.
//!
//! Balances stay right while the job is down or failing: every read computes what no checkpoint
//! covers. What a stale job costs is speed, and what a broken rule costs is a person whose
//! balance is computed with a rule nobody could have saved; both are worth an operator's look.

use crate::accruals::AccrualRun;
use crate::entities::{accrual_incidents as incidents, accrual_run_errors as errors, accrual_runs as runs};
use crate::{Pto, PtoError};
use accounts::mail::OutgoingMail;
use accounts::people::read;
use chrono::{DateTime, Duration, Utc};
use kernel::{TenantCtx, UserId};
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde::Serialize;
use std::hash::{Hash, Hasher};

/// The scheduler's name of the watch job.
pub const ACCRUAL_WATCH_JOB: &str = "pto-accrual-watch";
/// A job that has not finished a run for this long is stale (it runs every hour).
pub const STALE_AFTER: Duration = Duration::hours(24);
/// How many runs and incidents the operator's view lists.
const RECENT: u64 = 20;

/// A run as the screens show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AccrualRunView {
    pub started_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    pub companies: i64,
    pub employees: i64,
    pub errors: i64,
    /// Why the whole run failed.
    pub failure: Option<String>,
}

fn run_view(row: runs::Model) -> AccrualRunView {
    AccrualRunView {
        started_at: row.started_at,
        finished_at: row.finished_at,
        companies: row.companies,
        employees: row.employees,
        errors: row.errors,
        failure: row.failure,
    }
}

/// `GET /pto-manage/accrual-health`: what a company's admins see of the accrual job.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AccrualHealth {
    /// The last run that finished (or failed).
    pub last_run: Option<AccrualRunView>,
    /// What needs attention, in a sentence; none when all is well.
    pub warning: Option<String>,
    /// The company's people (or the company) the last run could not compute, each named.
    pub problems: Vec<String>,
}

/// An incident told to the operators.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AccrualIncidentView {
    pub opened_at: DateTime<Utc>,
    pub reason: String,
}

/// `GET /system/accrual-health`: the operator's view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SystemAccrualHealth {
    /// What needs attention now; none when all is well.
    pub warning: Option<String>,
    /// The newest runs first.
    pub runs: Vec<AccrualRunView>,
    /// The newest incidents first.
    pub incidents: Vec<AccrualIncidentView>,
    /// The last run's errors, each naming its company and person.
    pub errors: Vec<String>,
}

/// What the deployment's accrual job needs looked at, with its incident key.
struct Trouble {
    key: String,
    reason: String,
}

fn when(at: DateTime<Utc>) -> String {
    at.format("%-d %B %Y at %H:%M UTC").to_string()
}

impl Pto {
    /// The accrual run as of `now`, made the first time it is asked for (a run's plan, and its
    /// batches on whichever instance, find the same row).
    pub(crate) async fn start_accrual_run(&self, now: DateTime<Utc>) -> Result<i64, PtoError> {
        if let Some(id) = self.accrual_run_at(now).await? {
            return Ok(id);
        }
        let _permit = self.gate.enter().await;
        let row = runs::ActiveModel {
            started_at: Set(now),
            finished_at: Set(None),
            companies: Set(0),
            employees: Set(0),
            errors: Set(0),
            failure: Set(None),
            ..Default::default()
        }
        .insert(&self.db)
        .await?;
        Ok(row.id)
    }

    pub(crate) async fn accrual_run_at(&self, at: DateTime<Utc>) -> Result<Option<i64>, PtoError> {
        let row = runs::Entity::find()
            .select_only()
            .column(runs::Column::Id)
            .filter(runs::Column::StartedAt.eq(at))
            .order_by_desc(runs::Column::Id)
            .into_tuple::<i64>()
            .one(&self.db)
            .await?;
        Ok(row)
    }

    pub(crate) async fn finish_accrual_run(
        &self,
        id: i64,
        run: &AccrualRun,
        failure: Option<String>,
        now: DateTime<Utc>,
    ) -> Result<(), PtoError> {
        let count = |value: u64| i64::try_from(value).unwrap_or(i64::MAX);
        // What the run's batches recorded, on whichever instance they ran.
        let recorded = errors::Entity::find().filter(errors::Column::RunId.eq(id)).count(&self.db).await?;
        let _permit = self.gate.enter().await;
        runs::ActiveModel {
            id: Set(id),
            finished_at: Set(Some(now)),
            companies: Set(count(run.companies)),
            employees: Set(count(run.employees)),
            errors: Set(count(run.errors.max(recorded))),
            failure: Set(failure),
            ..Default::default()
        }
        .update(&self.db)
        .await?;
        Ok(())
    }

    pub(crate) async fn record_accrual_errors(
        &self,
        run_id: i64,
        ctx: &TenantCtx,
        problems: Vec<(Option<UserId>, String)>,
        now: DateTime<Utc>,
    ) -> Result<(), PtoError> {
        if problems.is_empty() {
            return Ok(());
        }
        tracing::warn!(company = ctx.company().0, count = problems.len(), "accruals not computed for some people");
        let rows = problems.into_iter().map(|(employee, message)| errors::ActiveModel {
            run_id: Set(run_id),
            company_id: Set(ctx.company()),
            employee_id: Set(employee),
            message: Set(message),
            created_at: Set(now),
            ..Default::default()
        });
        let _permit = self.gate.enter().await;
        errors::Entity::insert_many(rows).exec(&self.db).await?;
        Ok(())
    }

    async fn last_finished_run(&self) -> Result<Option<runs::Model>, PtoError> {
        Ok(runs::Entity::find()
            .filter(runs::Column::FinishedAt.is_not_null())
            .order_by_desc(runs::Column::StartedAt)
            .order_by_desc(runs::Column::Id)
            .one(&self.db)
            .await?)
    }

    async fn last_good_run(&self) -> Result<Option<runs::Model>, PtoError> {
        Ok(runs::Entity::find()
            .filter(runs::Column::FinishedAt.is_not_null())
            .filter(runs::Column::Failure.is_null())
            .order_by_desc(runs::Column::StartedAt)
            .order_by_desc(runs::Column::Id)
            .one(&self.db)
            .await?)
    }

    /// What needs looking at across the deployment: a failed last run, or no good run for more
    /// than a day (counted from the first run ever, on a new deployment).
    async fn trouble(&self, now: DateTime<Utc>) -> Result<Option<Trouble>, PtoError> {
        let last = self.last_finished_run().await?;
        if let Some(failed) = last.as_ref().filter(|run| run.failure.is_some()) {
            return Ok(Some(Trouble {
                key: format!("failed:{}", failed.id),
                reason: format!(
                    "The accrual run of {} failed: {}",
                    when(failed.started_at),
                    failed.failure.clone().unwrap_or_default()
                ),
            }));
        }
        let good = self.last_good_run().await?;
        let first: Option<runs::Model> = runs::Entity::find()
            .order_by_asc(runs::Column::StartedAt)
            .order_by_asc(runs::Column::Id)
            .one(&self.db)
            .await?;
        let since = good.as_ref().and_then(|run| run.finished_at).or(first.as_ref().map(|run| run.started_at));
        match since {
            Some(since) if now - since > STALE_AFTER => Ok(Some(Trouble {
                key: format!("stale:{}", good.as_ref().map_or(0, |run| run.id)),
                reason: format!("The accrual job has not finished a run since {}", when(since)),
            })),
            _ => Ok(None),
        }
    }

    /// `GET /pto-manage/accrual-health` for the caller's company.
    pub async fn accrual_health(&self, ctx: &TenantCtx, now: DateTime<Utc>) -> Result<AccrualHealth, PtoError> {
        let last = self.last_finished_run().await?;
        let problems: Vec<String> = match &last {
            Some(run) => errors::Entity::find()
                .filter(kernel::tenancy::same_company::<errors::Entity>(ctx.company()))
                .filter(errors::Column::RunId.eq(run.id))
                .order_by_asc(errors::Column::Id)
                .all(&self.db)
                .await?
                .into_iter()
                .map(|row| row.message)
                .collect(),
            None => Vec::new(),
        };
        let warning = match self.trouble(now).await? {
            Some(trouble) if trouble.key.starts_with("failed:") => Some(
                "The last accrual run failed. Balances are still computed from your records, and the operator has been told."
                    .to_owned(),
            ),
            Some(trouble) => Some(format!(
                "{}. Balances are still computed from your records, and the operator has been told.",
                trouble.reason
            )),
            None if !problems.is_empty() => Some(format!(
                "The last accrual run could not bring {} forward: fix the rule named below or ask support.",
                if problems.len() == 1 { "one person's balance".to_owned() } else { format!("{} balances", problems.len()) }
            )),
            None => None,
        };
        Ok(AccrualHealth { last_run: last.map(run_view), warning, problems })
    }

    /// `GET /system/accrual-health`: the recent runs, incidents and the last run's errors.
    pub async fn system_accrual_health(&self, now: DateTime<Utc>) -> Result<SystemAccrualHealth, PtoError> {
        let recent =
            runs::Entity::find().order_by_desc(runs::Column::StartedAt).order_by_desc(runs::Column::Id).limit(RECENT);
        let last = self.last_finished_run().await?;
        let errors = match &last {
            Some(run) => self.run_errors(run.id).await?,
            None => Vec::new(),
        };
        let trouble = self.trouble(now).await?;
        let warning = trouble.map(|t| t.reason).or_else(|| {
            (!errors.is_empty())
                .then(|| format!("The last accrual run could not compute {} people or companies", errors.len()))
        });
        Ok(SystemAccrualHealth {
            warning,
            runs: recent.all(&self.db).await?.into_iter().map(run_view).collect(),
            incidents: incidents::Entity::find()
                .order_by_desc(incidents::Column::OpenedAt)
                .order_by_desc(incidents::Column::Id)
                .limit(RECENT)
                .all(&self.db)
                .await?
                .into_iter()
                .map(|row| AccrualIncidentView { opened_at: row.opened_at, reason: row.reason })
                .collect(),
            errors,
        })
    }

    /// A run's errors across companies, each with its company's name (the operator's view).
    async fn run_errors(&self, run: i64) -> Result<Vec<String>, PtoError> {
        let rows = errors::Entity::find()
            .filter(errors::Column::RunId.eq(run))
            .order_by_asc(errors::Column::Id)
            .all(&self.db)
            .await?;
        let mut ids: Vec<kernel::CompanyId> = rows.iter().map(|row| row.company_id).collect();
        ids.sort_unstable();
        ids.dedup();
        let names: std::collections::HashMap<kernel::CompanyId, String> = if ids.is_empty() {
            Default::default()
        } else {
            read::companies(&self.db, Some(&ids)).await?.into_iter().map(|company| (company.id, company.name)).collect()
        };
        Ok(rows
            .into_iter()
            .map(|row| {
                format!("{}: {}", names.get(&row.company_id).map_or("A closed company", String::as_str), row.message)
            })
            .collect())
    }

    /// The watch job: tells the operators of an incident, once (see the module docs). Answers
    /// how many operators were e-mailed in this pass.
    pub async fn watch_accruals(&self, now: DateTime<Utc>) -> Result<usize, PtoError> {
        let trouble = match self.trouble(now).await? {
            Some(trouble) => Some(trouble),
            None => match self.last_finished_run().await? {
                Some(run) if run.errors > 0 => {
                    // The same errors found again by the next runs are one incident.
                    let found = self.run_errors(run.id).await?;
                    let mut hasher = std::hash::DefaultHasher::new();
                    found.hash(&mut hasher);
                    Some(Trouble {
                        key: format!("errors:{:016x}", hasher.finish()),
                        reason: format!(
                            "The accrual run of {} could not compute {} people or companies:\n{}",
                            when(run.started_at),
                            found.len(),
                            found.join("\n")
                        ),
                    })
                }
                _ => None,
            },
        };
        let Some(trouble) = trouble else { return Ok(0) };
        let operators = read::operator_contacts(&self.db).await?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let inserted = incidents::Entity::insert(incidents::ActiveModel {
            key: Set(trouble.key.chars().take(200).collect()),
            reason: Set(trouble.reason.clone()),
            opened_at: Set(now),
            ..Default::default()
        })
        .on_conflict(OnConflict::column(incidents::Column::Key).do_nothing().to_owned())
        .exec_without_returning(&txn)
        .await?;
        if inserted == 0 {
            txn.rollback().await?;
            return Ok(0);
        }
        let mails: Vec<OutgoingMail> = operators
            .iter()
            .map(|(email, name)| OutgoingMail {
                company: None,
                to_email: email.clone(),
                to_name: name.clone(),
                subject: "Timekeep: accruals need a look".to_owned(),
                text: format!(
                    "{}\n\nBalances are still computed from each company's records; the job's runs and errors are in the system area under Accrual health.\n",
                    trouble.reason
                ),
            })
            .collect();
        self.accounts.enqueue_mail_in(&txn, &mails).await?;
        txn.commit().await?;
        self.accounts.wake_mail_sender();
        Ok(mails.len())
    }
}
