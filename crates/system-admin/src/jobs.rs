//! The scheduled work as the operator sees it (issue 44): each job's schedule, and the latest
//! runs with their batches, people, errors (naming the company) and each instance's share.
//! Read from `kernel`'s scheduler tables through its read functions.

use crate::{SystemAdmin, SystemError};
use chrono::{DateTime, Utc};
use kernel::scheduler::{job_rows, recent_runs};
use kernel::SystemCtx;
use serde::Serialize;

/// Runs shown of each job (so a nightly job's failure is not pushed out by the frequent jobs).
pub const RECENT_RUNS: u64 = 5;

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SystemJobs {
    pub jobs: Vec<SystemJob>,
    /// The latest runs of each job ([`RECENT_RUNS`] of each), newest first.
    pub runs: Vec<SystemJobRun>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SystemJob {
    pub name: String,
    pub next_run_at: Option<DateTime<Utc>>,
    pub last_finished_at: Option<DateTime<Utc>>,
    pub last_error: Option<String>,
    pub runs: i64,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SystemJobRun {
    pub id: i64,
    pub job: String,
    pub as_of: DateTime<Utc>,
    pub started_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    /// `running`, `ok`, or `failed` (a batch failed every try).
    pub status: String,
    pub batches: i64,
    pub done: i64,
    pub failed: i64,
    /// People (or items) the done batches handled.
    pub people: i64,
    /// From start to end, once ended.
    pub duration_ms: Option<i64>,
    pub errors: Vec<SystemJobError>,
    /// Batches done by each instance.
    pub shares: Vec<SystemJobShare>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SystemJobError {
    pub company_id: Option<i64>,
    pub message: String,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SystemJobShare {
    pub instance: String,
    pub batches: i64,
}

impl SystemAdmin {
    pub async fn jobs(&self, _ctx: &SystemCtx) -> Result<SystemJobs, SystemError> {
        let rows = job_rows(&self.db).await?;
        let mut recent = Vec::new();
        for row in &rows {
            recent.extend(recent_runs(&self.db, Some(&row.name), RECENT_RUNS).await?);
        }
        recent.sort_by(|a, b| b.started_at.cmp(&a.started_at).then(b.id.cmp(&a.id)));
        let jobs = rows
            .into_iter()
            .map(|row| SystemJob {
                name: row.name,
                next_run_at: row.next_run_at,
                last_finished_at: row.last_finished_at,
                last_error: row.last_error,
                runs: row.runs,
            })
            .collect();
        let runs = recent
            .into_iter()
            .map(|run| SystemJobRun {
                status: match (run.finished_at, run.failed) {
                    (None, _) => "running",
                    (Some(_), 0) => "ok",
                    (Some(_), _) => "failed",
                }
                .to_owned(),
                duration_ms: run.finished_at.map(|end| (end - run.started_at).num_milliseconds()),
                id: run.id,
                job: run.job,
                as_of: run.as_of,
                started_at: run.started_at,
                finished_at: run.finished_at,
                batches: run.batches,
                done: run.done,
                failed: run.failed,
                people: run.items,
                errors: run
                    .errors
                    .into_iter()
                    .map(|error| SystemJobError { company_id: error.company.map(|id| id.0), message: error.message })
                    .collect(),
                shares: run
                    .shares
                    .into_iter()
                    .map(|(instance, batches)| SystemJobShare { instance, batches })
                    .collect(),
            })
            .collect();
        Ok(SystemJobs { jobs, runs })
    }
}
