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
                    match self.renew_lease(job.name, now + ran + self.lease).await {
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
        let backend = self.db.get_database_backend();
        // A job seen for the first time is due at once.
        let insert = Query::insert()
            .into_table(ScheduledJobs::Table)
            .columns([ScheduledJobs::Name, ScheduledJobs::NextRunAt, ScheduledJobs::Runs])
            .values_panic([name.into(), now.into(), 0i64.into()])
            .on_conflict(OnConflict::column(ScheduledJobs::Name).do_nothing().to_owned())
            .to_owned();
        self.db.execute(backend.build(&insert)).await?;
        let take = Query::update()
            .table(ScheduledJobs::Table)
            .value(ScheduledJobs::LeaseOwner, self.owner.clone())
            .value(ScheduledJobs::LeaseUntil, now + self.lease)
            .value(ScheduledJobs::LastStartedAt, now)
            .and_where(Expr::col(ScheduledJobs::Name).eq(name))
            .and_where(Expr::col(ScheduledJobs::NextRunAt).lte(now))
            .and_where(Expr::col(ScheduledJobs::LeaseUntil).is_null().or(Expr::col(ScheduledJobs::LeaseUntil).lt(now)))
            .to_owned();
        Ok(self.db.execute(backend.build(&take)).await?.rows_affected() == 1)
    }

    async fn finish(&self, job: &Job, started: DateTime<Utc>, outcome: &JobOutcome) -> Result<(), DbErr> {
        let finished = Utc::now();
        let next = match outcome {
            Ok(_) => started + job.every,
            Err(_) => finished + job.every.min(RETRY_AFTER),
        };
        let release = Query::update()
            .table(ScheduledJobs::Table)
            .value(ScheduledJobs::LeaseOwner, Option::<String>::None)
            .value(ScheduledJobs::LeaseUntil, Option::<DateTime<Utc>>::None)
            .value(ScheduledJobs::LastFinishedAt, finished)
            .value(ScheduledJobs::NextRunAt, next)
            .value(ScheduledJobs::LastError, outcome.as_ref().err().cloned())
            .value(ScheduledJobs::Runs, Expr::col(ScheduledJobs::Runs).add(1))
            .and_where(Expr::col(ScheduledJobs::Name).eq(job.name))
            .and_where(Expr::col(ScheduledJobs::LeaseOwner).eq(self.owner.clone()))
            .to_owned();
        let backend = self.db.get_database_backend();
        self.db.execute(backend.build(&release)).await?;
        Ok(())
    }
}
