//! The one in-process job scheduler (ARCHITECTURE.md "One scheduler"): named jobs (accruals
//! today; reminders, celebrations and charges as they come), each run on its interval.
//!
//! - **Safe with several servers.** Every job has a row in `scheduled_jobs`; a server runs a job
//!   only after taking its lease with one conditional `UPDATE` (the row is due and nobody holds
//!   an unexpired lease), which the database grants to one server at a time. While a job runs
//!   its server renews the lease every third of it ([`Scheduler::with_lease`], two minutes by
//!   default), so a long run keeps its lease however long it takes, and a server that dies
//!   mid-run (killed, or cut off from the database) stops renewing: within one lease another
//!   server takes the job and runs it again, which the idempotent runs make harmless. A server
//!   stopped by SIGTERM starts no new pass and lets the one under way finish
//!   ([`RunningScheduler::stop`]); a job longer than the grace is cut and taken over the same way.
//! - **Catch-up after downtime.** A job is due once its `next_run_at` has passed, however long
//!   ago: after downtime it runs at the first tick. Jobs themselves work from what they stored
//!   (the accrual job from its checkpoints), so one run covers every day missed.
//! - **Idempotent runs.** A job may run again over the same days (a lease expired mid-run, two
//!   runs at a boundary); each job writes so that a repeated run changes nothing.
//! - A failed run is logged and kept in `last_error`; the job is retried after
//!   [`RETRY_AFTER`] (or its interval, if shorter).

use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::{Expr, OnConflict, Query};
use sea_orm::{ConnectionTrait, DatabaseConnection, DbErr, DeriveIden};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// How long a lease lasts unless renewed (the default of [`Scheduler::with_lease`]): how soon
/// another server takes over the jobs of one that died.
pub const LEASE: Duration = Duration::minutes(2);
/// A failed run is tried again after this.
pub const RETRY_AFTER: Duration = Duration::minutes(5);

/// What a run reports: a line for the log.
pub type JobOutcome = Result<String, String>;
pub type JobFuture = Pin<Box<dyn Future<Output = JobOutcome> + Send>>;
type JobFn = Arc<dyn Fn(DateTime<Utc>) -> JobFuture + Send + Sync>;

#[derive(DeriveIden)]
enum ScheduledJobs {
    Table,
    Name,
    NextRunAt,
    LeaseOwner,
    LeaseUntil,
    LastStartedAt,
    LastFinishedAt,
    LastError,
    Runs,
}

#[derive(Clone)]
struct Job {
    name: &'static str,
    every: Duration,
    run: JobFn,
}

/// The jobs of this server and the name it takes leases under.
#[derive(Clone)]
pub struct Scheduler {
    db: DatabaseConnection,
    owner: String,
    jobs: Arc<Vec<Job>>,
    lease: Duration,
}

/// A scheduler's running loop, to stop when the server stops.
pub struct RunningScheduler {
    stop: tokio::sync::watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
}

impl RunningScheduler {
    /// Starts no more passes and waits up to `grace` for the pass under way, so that a job in
    /// progress at SIGTERM finishes and releases its lease. A job still running then is cut; its
    /// lease runs out and another server runs it again (runs are idempotent).
    pub async fn stop(self, grace: std::time::Duration) {
        let _ = self.stop.send(true);
        let mut task = self.task;
        if tokio::time::timeout(grace, &mut task).await.is_err() {
            tracing::warn!("a background job was still running at shutdown; another server will take it over");
            task.abort();
        }
    }
}

/// A job as `timekeep jobs list` shows it: its interval and what its row records.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobStatus {
    pub name: &'static str,
    pub every: Duration,
    /// `None` until the job first ran on this database.
    pub next_run_at: Option<DateTime<Utc>>,
    pub last_started_at: Option<DateTime<Utc>>,
    pub last_finished_at: Option<DateTime<Utc>>,
    pub last_error: Option<String>,
    pub runs: i64,
    /// A server holds it now (running it), until then.
    pub leased_until: Option<DateTime<Utc>>,
}

/// Why a job could not be run on demand.
#[derive(Debug, thiserror::Error)]
pub enum RunNowError {
    #[error("no job is named {0}; `timekeep jobs list` shows them")]
    Unknown(String),
    #[error("another server is running {0} now; try again when it is done")]
    Leased(&'static str),
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// What one pass did with a job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pass {
    /// Not due, or another server holds it.
    Skipped,
    Ran(JobOutcome),
}

impl Scheduler {
    /// `owner` names this server in the leases (unique per process).
    pub fn new(db: DatabaseConnection, owner: impl Into<String>) -> Self {
        Self { db, owner: owner.into(), jobs: Arc::new(Vec::new()), lease: LEASE }
    }

    /// The same scheduler with leases of `lease` (at least three seconds), renewed every third
    /// of it while a job runs.
    pub fn with_lease(mut self, lease: Duration) -> Self {
        self.lease = lease.max(Duration::seconds(3));
        self
    }

    /// Adds a job run every `every` (the first time at the first tick).
    pub fn add<F, Fut>(&mut self, name: &'static str, every: Duration, run: F)
    where
        F: Fn(DateTime<Utc>) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = JobOutcome> + Send + 'static,
    {
        let run: JobFn = Arc::new(move |now| Box::pin(run(now)));
        Arc::make_mut(&mut self.jobs).push(Job { name, every, run });
    }

    /// One pass at `now`: each due job whose lease this server takes runs, one after another.
    pub async fn run_due(&self, now: DateTime<Utc>) -> Result<Vec<(&'static str, Pass)>, DbErr> {
        let mut passes = Vec::with_capacity(self.jobs.len());
        for job in self.jobs.iter() {
            let pass = if self.take_lease(job.name, now).await? {
                let outcome = self.run_renewing(job, now).await;
                self.finish(job, now, &outcome).await?;
                match &outcome {
                    Ok(report) => tracing::info!(job = job.name, %report, "job ran"),
                    Err(error) => tracing::error!(job = job.name, %error, "job failed"),
                }
                Pass::Ran(outcome)
            } else {
                Pass::Skipped
            };
            passes.push((job.name, pass));
        }
        Ok(passes)
    }

    /// Every job with what its row records (`timekeep jobs list`).
    pub async fn list(&self) -> Result<Vec<JobStatus>, DbErr> {
        let backend = self.db.get_database_backend();
        let select = Query::select()
            .columns([
                ScheduledJobs::Name,
                ScheduledJobs::NextRunAt,
                ScheduledJobs::LastStartedAt,
                ScheduledJobs::LastFinishedAt,
                ScheduledJobs::LastError,
                ScheduledJobs::Runs,
                ScheduledJobs::LeaseUntil,
            ])
            .from(ScheduledJobs::Table)
            .to_owned();
        let rows = self.db.query_all(backend.build(&select)).await?;
        let mut statuses = Vec::with_capacity(self.jobs.len());
        for job in self.jobs.iter() {
            let mut status = JobStatus {
                name: job.name,
                every: job.every,
                next_run_at: None,
                last_started_at: None,
                last_finished_at: None,
                last_error: None,
                runs: 0,
                leased_until: None,
            };
            for row in &rows {
                if row.try_get::<String>("", "name")? == job.name {
                    status.next_run_at = row.try_get("", "next_run_at")?;
                    status.last_started_at = row.try_get("", "last_started_at")?;
                    status.last_finished_at = row.try_get("", "last_finished_at")?;
                    status.last_error = row.try_get("", "last_error")?;
                    status.runs = row.try_get("", "runs")?;
                    status.leased_until = row.try_get("", "lease_until")?;
                }
            }
            statuses.push(status);
        }
        Ok(statuses)
    }

    /// Runs the job `name` now, as of `now`, under its lease as a scheduled run would (refused
    /// while another server holds it), whether or not it is due (`timekeep jobs run`). Its runs
    /// are idempotent, so running it again changes nothing a scheduled run would not. The
    /// schedule is left as it was: the next scheduled run comes when it would have.
    pub async fn run_now(&self, name: &str, now: DateTime<Utc>) -> Result<JobOutcome, RunNowError> {
        let job = self.jobs.iter().find(|job| job.name == name).ok_or_else(|| RunNowError::Unknown(name.to_owned()))?;
        if !self.take_lease_when(job.name, now, false).await? {
            return Err(RunNowError::Leased(job.name));
        }
        let outcome = self.run_renewing(job, now).await;
        self.release(job, None, &outcome).await?;
        match &outcome {
            Ok(report) => tracing::info!(job = job.name, %report, "job ran on demand"),
            Err(error) => tracing::error!(job = job.name, %error, "job failed on demand"),
        }
        Ok(outcome)
    }

    /// Runs passes every `tick` until [`RunningScheduler::stop`].
    pub fn spawn(self, tick: std::time::Duration) -> RunningScheduler {
        let (stop, mut stopped) = tokio::sync::watch::channel(false);
        let task = tokio::spawn(async move {
            let mut interval = tokio::time::interval(tick);
            interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tokio::select! {
                    _ = interval.tick() => {}
                    _ = stopped.changed() => return,
                }
                if let Err(err) = self.run_due(Utc::now()).await {
                    tracing::error!(%err, "the scheduler could not reach the database");
                }
            }
        });
        RunningScheduler { stop, task }
    }

    /// Runs the job, renewing its lease every third of a lease until the run ends. Renewals
    /// count from `now` as the run does (tests act as of other instants), plus the time run.
    async fn run_renewing(&self, job: &Job, now: DateTime<Utc>) -> JobOutcome {
        let started = std::time::Instant::now();
        let every = (self.lease / 3).to_std().unwrap_or(std::time::Duration::from_secs(1));
        let mut renew = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
        let run = (job.run)(now);
        tokio::pin!(run);
        loop {
            tokio::select! {
                outcome = &mut run => return outcome,
                _ = renew.tick() => {
                    let ran = Duration::from_std(started.elapsed()).unwrap_or_else(|_| Duration::zero());
                    match self.renew_lease(job.name, (now + ran).max(Utc::now()) + self.lease).await {
                        Ok(true) => {}
                        Ok(false) => tracing::warn!(job = job.name, "the job's lease was lost; another server may run it too"),
                        Err(err) => tracing::warn!(job = job.name, %err, "the job's lease could not be renewed"),
                    }
                }
            }
        }
    }

    async fn renew_lease(&self, name: &'static str, until: DateTime<Utc>) -> Result<bool, DbErr> {
        let renew = Query::update()
            .table(ScheduledJobs::Table)
            .value(ScheduledJobs::LeaseUntil, until)
            .and_where(Expr::col(ScheduledJobs::Name).eq(name))
            .and_where(Expr::col(ScheduledJobs::LeaseOwner).eq(self.owner.clone()))
            .to_owned();
        let backend = self.db.get_database_backend();
        Ok(self.db.execute(backend.build(&renew)).await?.rows_affected() == 1)
    }

    async fn take_lease(&self, name: &'static str, now: DateTime<Utc>) -> Result<bool, DbErr> {
        self.take_lease_when(name, now, true).await
    }

    /// Takes the job's lease when nobody holds it (and, with `only_due`, when it is due).
    async fn take_lease_when(&self, name: &'static str, now: DateTime<Utc>, only_due: bool) -> Result<bool, DbErr> {
        let backend = self.db.get_database_backend();
        // A job seen for the first time is due at once.
        let insert = Query::insert()
            .into_table(ScheduledJobs::Table)
            .columns([ScheduledJobs::Name, ScheduledJobs::NextRunAt, ScheduledJobs::Runs])
            .values_panic([name.into(), now.into(), 0i64.into()])
            .on_conflict(OnConflict::column(ScheduledJobs::Name).do_nothing().to_owned())
            .to_owned();
        self.db.execute(backend.build(&insert)).await?;
        // A lease is judged by the real clock too: a run as of another instant must not take
        // a job another server is running now.
        let free_at = now.max(Utc::now());
        let mut take = Query::update()
            .table(ScheduledJobs::Table)
            .value(ScheduledJobs::LeaseOwner, self.owner.clone())
            .value(ScheduledJobs::LeaseUntil, free_at + self.lease)
            .value(ScheduledJobs::LastStartedAt, now)
            .and_where(Expr::col(ScheduledJobs::Name).eq(name))
            .and_where(
                Expr::col(ScheduledJobs::LeaseUntil).is_null().or(Expr::col(ScheduledJobs::LeaseUntil).lt(free_at)),
            )
            .to_owned();
        if only_due {
            take.and_where(Expr::col(ScheduledJobs::NextRunAt).lte(now));
        }
        Ok(self.db.execute(backend.build(&take)).await?.rows_affected() == 1)
    }

    async fn finish(&self, job: &Job, started: DateTime<Utc>, outcome: &JobOutcome) -> Result<(), DbErr> {
        let next = match outcome {
            Ok(_) => started + job.every,
            Err(_) => Utc::now() + job.every.min(RETRY_AFTER),
        };
        self.release(job, Some(next), outcome).await
    }

    /// Records the run's end and lets the lease go; `next` moves the schedule (a scheduled run).
    async fn release(&self, job: &Job, next: Option<DateTime<Utc>>, outcome: &JobOutcome) -> Result<(), DbErr> {
        let finished = Utc::now();
        let mut release = Query::update()
            .table(ScheduledJobs::Table)
            .value(ScheduledJobs::LeaseOwner, Option::<String>::None)
            .value(ScheduledJobs::LeaseUntil, Option::<DateTime<Utc>>::None)
            .value(ScheduledJobs::LastFinishedAt, finished)
            .value(ScheduledJobs::LastError, outcome.as_ref().err().cloned())
            .value(ScheduledJobs::Runs, Expr::col(ScheduledJobs::Runs).add(1))
            .and_where(Expr::col(ScheduledJobs::Name).eq(job.name))
            .and_where(Expr::col(ScheduledJobs::LeaseOwner).eq(self.owner.clone()))
            .to_owned();
        if let Some(next) = next {
            release.value(ScheduledJobs::NextRunAt, next);
        }
        let backend = self.db.get_database_backend();
        self.db.execute(backend.build(&release)).await?;
        Ok(())
    }
}
