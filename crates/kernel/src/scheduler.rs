//! The one in-process job scheduler (ARCHITECTURE.md "One scheduler"), shared by every instance
//! on one database: each run of a job is cut into batches that any instance may claim.
//!
//! - **Planning under a lease.** Every job has a row in `scheduled_jobs`. When it is due, one
//!   server takes its lease with one conditional `UPDATE` (due, nobody holds an unexpired lease,
//!   and the job's previous run has ended) and *plans* a run: a `job_runs` row, unique per job and
//!   instant (two schedulers planning at once make one run), and its batches in `job_batches`, all
//!   in one transaction. Planning reads only what decides the batches, so it is quick; the lease
//!   is let go at once.
//! - **Batches claimed by every instance.** A batch is a company, a range of a large company's
//!   people ([`BatchKey`]), or the whole job for the jobs that are not cut. Every instance claims
//!   due batches (`FOR UPDATE SKIP LOCKED` on PostgreSQL, the mail outbox's pattern; SQLite's one
//!   writer on one instance), renews the claim every third of a lease while it works, and records
//!   the outcome. A batch whose instance died (killed, cut off) stops being renewed and is claimed
//!   again after its lease: batches are idempotent, so the second run finishes what the first
//!   began and doubles nothing.
//! - **A failing batch stops nothing else.** Its error (which names the company) is kept, and it
//!   is tried again after 1 min, 5 min, 30 min and 2 h (never later than the job's interval), then
//!   marked failed. A run ends when every batch is done or failed; whichever instance ends the
//!   last batch records the run's end and runs the job's finishing step once.
//! - **Per-company time.** A daily job ([`Scheduler::add_daily`]) makes a company due once its own
//!   clock has passed the hour and the job has not been done for its day (`job_company_days`), so
//!   100,000 companies become due zone by zone over the day instead of at one instant, and a
//!   company missed during downtime is due at the next plan.
//! - **Back-pressure.** An instance holds at most [`Scheduler::with_batches_in_hand`] batches at
//!   once, claims only while its background pool has an idle connection, and runs them on the
//!   background runtime (one thread, apart from the HTTP workers'), so a long run cannot take the
//!   cores or the connections the requests need.
//! - **Catch-up after downtime.** A job is due once its `next_run_at` has passed, however long
//!   ago; jobs work from what they stored, so one run covers every day missed.
//! - A server stopped by SIGTERM claims nothing more and lets the batches in hand finish
//!   ([`RunningScheduler::stop`]); a batch longer than the grace is cut and claimed again later.

use crate::ids::{CompanyId, UserId};
use chrono::{DateTime, Duration, NaiveDate, Timelike, Utc};
use chrono_tz::Tz;
use sea_orm::sea_query::{Alias, Expr, ExprTrait, LockBehavior, LockType, OnConflict, Order, Query};
use sea_orm::{Condition, ConnectionTrait, DatabaseBackend, DatabaseConnection, DbErr, DeriveIden, QueryResult};
use std::collections::{BTreeMap, HashMap};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// How long a lease lasts unless renewed (the default of [`Scheduler::with_lease`]): how soon
/// another server takes over the batches of one that died.
pub const LEASE: Duration = Duration::minutes(2);
/// A plan that failed (the database was away) is tried again after this.
pub const RETRY_AFTER: Duration = Duration::minutes(5);
/// A failed batch is tried again after these (capped by the job's interval), then marked failed.
pub const BATCH_RETRIES: [Duration; 4] =
    [Duration::minutes(1), Duration::minutes(5), Duration::minutes(30), Duration::hours(2)];
/// Tries of a batch in all, a claim that died counting as one.
pub const MAX_ATTEMPTS: i32 = BATCH_RETRIES.len() as i32 + 1;
/// How long ended runs are kept.
pub const KEEP_RUNS: Duration = Duration::days(30);
/// Batches an instance holds at once unless told otherwise.
pub const BATCHES_IN_HAND: usize = 2;

/// What a job without batches reports: a line for the log.
pub type JobOutcome = Result<String, String>;
/// What one batch did, or why it failed (naming the company).
pub type BatchOutcome = Result<BatchDone, String>;
type Boxed<T> = Pin<Box<dyn Future<Output = T> + Send>>;
type PlanFn = Arc<dyn Fn(DateTime<Utc>) -> Boxed<Result<Vec<BatchKey>, String>> + Send + Sync>;
type CompaniesFn = Arc<dyn Fn() -> Boxed<Result<Vec<(CompanyId, Tz)>, String>> + Send + Sync>;
type BatchFn = Arc<dyn Fn(BatchKey, DateTime<Utc>) -> Boxed<BatchOutcome> + Send + Sync>;
type FinishFn = Arc<dyn Fn(RunSummary) -> Boxed<Result<(), String>> + Send + Sync>;

/// One batch of a run: the whole job, one company, or an inclusive range of a company's people.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BatchKey {
    pub company: Option<CompanyId>,
    pub people: Option<(UserId, UserId)>,
}

impl BatchKey {
    pub const WHOLE: BatchKey = BatchKey { company: None, people: None };

    pub fn company(company: CompanyId) -> Self {
        Self { company: Some(company), people: None }
    }

    /// The people of `company` whose ids are from `first` to `last`.
    pub fn people(company: CompanyId, first: UserId, last: UserId) -> Self {
        Self { company: Some(company), people: Some((first, last)) }
    }

    /// Whether this batch covers the person (any person, when it is not cut by people).
    pub fn includes(&self, person: UserId) -> bool {
        self.people.is_none_or(|(first, last)| first <= person && person <= last)
    }
}

/// What a batch did: how many people (or items) it handled, and a line for the log.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BatchDone {
    pub items: u64,
    pub report: String,
}

impl BatchDone {
    pub fn new(items: u64, report: impl Into<String>) -> Self {
        Self { items, report: report.into() }
    }
}

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

#[derive(DeriveIden)]
enum JobRuns {
    Table,
    Id,
    Job,
    AsOf,
    PlannedBy,
    StartedAt,
    FinishedAt,
    Batches,
    BatchesDone,
    BatchesFailed,
    Items,
}

#[derive(DeriveIden)]
enum JobBatches {
    Table,
    Id,
    RunId,
    Job,
    CompanyId,
    PersonFrom,
    PersonTo,
    Day,
    Status,
    Attempts,
    NextAttemptAt,
    LeaseOwner,
    LeaseUntil,
    LastError,
    Items,
    Report,
    DoneBy,
    FinishedAt,
}

#[derive(DeriveIden)]
enum JobCompanyDays {
    Table,
    Job,
    CompanyId,
    Day,
}

/// Where a batch is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BatchStatus {
    /// Waiting to be claimed (first, or again after a failure).
    Pending,
    /// An instance holds it.
    Claimed,
    Done,
    /// Failed every try.
    Failed,
}

impl BatchStatus {
    fn code(self) -> &'static str {
        match self {
            BatchStatus::Pending => "pending",
            BatchStatus::Claimed => "claimed",
            BatchStatus::Done => "done",
            BatchStatus::Failed => "failed",
        }
    }
}

/// How a job's runs are cut.
#[derive(Clone)]
enum Plan {
    /// One batch: the whole job.
    Whole,
    Batches(PlanFn),
    /// A batch per company whose clock has passed `hour` and whose day is not yet done.
    Daily {
        hour: u32,
        companies: CompaniesFn,
    },
}

#[derive(Clone)]
struct Job {
    name: &'static str,
    every: Duration,
    plan: Plan,
    batch: BatchFn,
    finish: Option<FinishFn>,
}

/// The jobs of this server and the name it takes leases under.
#[derive(Clone)]
pub struct Scheduler {
    db: DatabaseConnection,
    owner: String,
    jobs: Arc<Vec<Job>>,
    lease: Duration,
    in_hand: usize,
}

/// A scheduler's running loop, to stop when the server stops.
pub struct RunningScheduler {
    stop: tokio::sync::watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
}

impl RunningScheduler {
    /// Claims no more batches and waits up to `grace` for those in hand, so that a batch in
    /// progress at SIGTERM finishes and is recorded. One still running then is cut; its lease
    /// runs out and another server runs it again (batches are idempotent).
    pub async fn stop(self, grace: std::time::Duration) {
        let _ = self.stop.send(true);
        let mut task = self.task;
        if tokio::time::timeout(grace, &mut task).await.is_err() {
            tracing::warn!("a background batch was still running at shutdown; another server will take it over");
            task.abort();
        }
    }
}

/// A run of a job as `timekeep jobs list` and the operator's system area show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunSummary {
    pub id: i64,
    pub job: String,
    /// The instant the run is as of (the batches work as of it, however late they run).
    pub as_of: DateTime<Utc>,
    pub started_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    pub batches: i64,
    pub done: i64,
    pub failed: i64,
    /// People (or items) the done batches handled.
    pub items: i64,
    /// The failed batches' errors, and those of batches waiting to be tried again (first 20).
    pub errors: Vec<BatchError>,
    /// Batches done by each instance.
    pub shares: BTreeMap<String, i64>,
    /// The last done batch's line (the whole report of a job without batches).
    pub report: Option<String>,
}

impl RunSummary {
    /// The errors, one after another.
    pub fn error_lines(&self) -> String {
        self.errors.iter().map(|error| error.message.as_str()).collect::<Vec<_>>().join("; ")
    }

    /// The run as a job's outcome: an error when a batch failed.
    pub fn outcome(&self) -> JobOutcome {
        let line = match (&self.report, self.batches) {
            (Some(report), 1) => report.clone(),
            _ => format!("{} batches, {} people", self.batches, self.items),
        };
        if self.failed > 0 {
            Err(format!("{line}; {} failed: {}", self.failed, self.error_lines()))
        } else {
            Ok(line)
        }
    }
}

/// Why a batch failed, and whose it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BatchError {
    pub company: Option<CompanyId>,
    pub message: String,
}

/// A job as `timekeep jobs list` shows it: its interval, its row, and its latest run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobStatus {
    pub name: &'static str,
    pub every: Duration,
    /// `None` until the job first ran on this database.
    pub next_run_at: Option<DateTime<Utc>>,
    pub last_started_at: Option<DateTime<Utc>>,
    pub last_finished_at: Option<DateTime<Utc>>,
    /// Why the last plan failed (a batch's error is in its run).
    pub last_error: Option<String>,
    pub runs: i64,
    pub last_run: Option<RunSummary>,
}

/// Why a job could not be run on demand.
#[derive(Debug, thiserror::Error)]
pub enum RunNowError {
    #[error("no job is named {0}; `timekeep jobs list` shows them")]
    Unknown(String),
    #[error("a run of {0} is under way; try again when it is done")]
    Leased(&'static str),
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// What one pass did with a job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pass {
    /// No run of it ended in this pass.
    Skipped,
    /// A run ended in this pass (its last batch was this server's).
    Ran(JobOutcome),
}

/// A batch this server holds.
#[derive(Debug, Clone)]
struct Claimed {
    id: i64,
    run_id: i64,
    job: String,
    key: BatchKey,
    day: Option<NaiveDate>,
    attempts: i32,
}

impl Scheduler {
    /// `owner` names this server in the leases and in each run's shares (unique per process).
    pub fn new(db: DatabaseConnection, owner: impl Into<String>) -> Self {
        Self { db, owner: owner.into(), jobs: Arc::new(Vec::new()), lease: LEASE, in_hand: BATCHES_IN_HAND }
    }

    /// The same scheduler with leases of `lease` (at least three seconds), renewed every third
    /// of it while a batch runs.
    pub fn with_lease(mut self, lease: Duration) -> Self {
        self.lease = lease.max(Duration::seconds(3));
        self
    }

    /// The same scheduler holding at most `batches` batches at once (at least one).
    pub fn with_batches_in_hand(mut self, batches: usize) -> Self {
        self.in_hand = batches.max(1);
        self
    }

    pub fn owner(&self) -> &str {
        &self.owner
    }

    /// Adds a job run whole every `every` (the first time at the first tick): one batch a run.
    pub fn add<F, Fut>(&mut self, name: &'static str, every: Duration, run: F)
    where
        F: Fn(DateTime<Utc>) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = JobOutcome> + Send + 'static,
    {
        let run = Arc::new(run);
        let batch: BatchFn = Arc::new(move |_, now| {
            let run = run.clone();
            Box::pin(async move { run(now).await.map(|report| BatchDone::new(0, report)) })
        });
        self.push(Job { name, every, plan: Plan::Whole, batch, finish: None });
    }

    /// Adds a job whose runs are cut by `plan` (as of the run's instant) into batches, each run
    /// by `batch` as of that instant, on whichever instance claims it.
    pub fn add_batched<P, PFut, B, BFut>(&mut self, name: &'static str, every: Duration, plan: P, batch: B)
    where
        P: Fn(DateTime<Utc>) -> PFut + Send + Sync + 'static,
        PFut: Future<Output = Result<Vec<BatchKey>, String>> + Send + 'static,
        B: Fn(BatchKey, DateTime<Utc>) -> BFut + Send + Sync + 'static,
        BFut: Future<Output = BatchOutcome> + Send + 'static,
    {
        let plan: PlanFn = Arc::new(move |now| Box::pin(plan(now)));
        let batch: BatchFn = Arc::new(move |key, now| Box::pin(batch(key, now)));
        self.push(Job { name, every, plan: Plan::Batches(plan), batch, finish: None });
    }

    /// Adds a job done once a day for each company, from `hour` on in the company's own zone:
    /// every `every` the companies whose clock has passed the hour and whose day is not done
    /// yet become a run's batches.
    pub fn add_daily<C, CFut, B, BFut>(
        &mut self,
        name: &'static str,
        every: Duration,
        hour: u32,
        companies: C,
        batch: B,
    ) where
        C: Fn() -> CFut + Send + Sync + 'static,
        CFut: Future<Output = Result<Vec<(CompanyId, Tz)>, String>> + Send + 'static,
        B: Fn(BatchKey, DateTime<Utc>) -> BFut + Send + Sync + 'static,
        BFut: Future<Output = BatchOutcome> + Send + 'static,
    {
        let companies: CompaniesFn = Arc::new(move || Box::pin(companies()));
        let batch: BatchFn = Arc::new(move |key, now| Box::pin(batch(key, now)));
        self.push(Job { name, every, plan: Plan::Daily { hour, companies }, batch, finish: None });
    }

    /// Gives the job `name` a finishing step, run once when a run's last batch has ended (by the
    /// instance that ended it); it must be idempotent, as a run's end may be seen again.
    pub fn on_finish<F, Fut>(&mut self, name: &'static str, finish: F)
    where
        F: Fn(RunSummary) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<(), String>> + Send + 'static,
    {
        let finish: FinishFn = Arc::new(move |run| Box::pin(finish(run)));
        if let Some(job) = Arc::make_mut(&mut self.jobs).iter_mut().find(|job| job.name == name) {
            job.finish = Some(finish);
        }
    }

    fn push(&mut self, job: Job) {
        Arc::make_mut(&mut self.jobs).push(job);
    }

    fn backend(&self) -> DatabaseBackend {
        self.db.get_database_backend()
    }

    /// One pass at `now`: plans each due job this server takes, then works through every batch
    /// claimable now (this server's share of them) until none is left.
    pub async fn run_due(&self, now: DateTime<Utc>) -> Result<Vec<(&'static str, Pass)>, DbErr> {
        self.plan_due(now).await?;
        let mut ended: HashMap<String, JobOutcome> = HashMap::new();
        loop {
            let claimed = self.claim(now, self.in_hand, None).await?;
            if claimed.is_empty() {
                break;
            }
            let runs = futures_util::future::join_all(claimed.into_iter().map(|batch| self.work(batch, now))).await;
            for run in runs {
                if let Some(run) = run? {
                    ended.insert(run.job.clone(), run.outcome());
                }
            }
        }
        Ok(self.jobs.iter().map(|job| (job.name, ended.remove(job.name).map_or(Pass::Skipped, Pass::Ran))).collect())
    }

    /// Plans a run of each due job whose lease this server takes: the jobs it planned, with the
    /// run (none when nothing was due in any company).
    pub async fn plan_due(&self, now: DateTime<Utc>) -> Result<Vec<(&'static str, Option<i64>)>, DbErr> {
        let mut planned = Vec::new();
        for job in self.jobs.iter() {
            if self.take_lease(job.name, now, true).await? {
                let run = self.plan(job, now).await?;
                planned.push((job.name, run));
            }
        }
        Ok(planned)
    }

    /// Runs the job `name` now, as of `now` (`timekeep jobs run`): plans a run whether or not
    /// it is due (refused while one is under way), then works through its batches here, with
    /// any other instance that claims some, until each is done, failed, or waiting to be tried
    /// again. The schedule is left as it was.
    pub async fn run_now(&self, name: &str, now: DateTime<Utc>) -> Result<JobOutcome, RunNowError> {
        let job = self.jobs.iter().find(|job| job.name == name).ok_or_else(|| RunNowError::Unknown(name.to_owned()))?;
        if !self.take_lease(job.name, now, false).await? {
            return Err(RunNowError::Leased(job.name));
        }
        let Some(run) = self.plan_run(job, now, false).await? else {
            return Ok(Ok("nothing was due".to_owned()));
        };
        if self.summary(run).await?.is_some_and(|summary| summary.batches == 0) {
            return Ok(Ok("nothing was due".to_owned()));
        }
        loop {
            let claimed = self.claim(now, self.in_hand, Some(run)).await?;
            if claimed.is_empty() {
                if self.held_by_others(run).await? {
                    tokio::time::sleep(std::time::Duration::from_millis(250)).await;
                    continue;
                }
                break;
            }
            for ended in futures_util::future::join_all(claimed.into_iter().map(|batch| self.work(batch, now))).await {
                ended?;
            }
        }
        let summary = self.summary(run).await?;
        match &summary {
            Some(summary) if summary.finished_at.is_none() => Ok(Err(format!(
                "{} of {} batches done; the others failed and will be tried again: {}",
                summary.done,
                summary.batches,
                summary.error_lines()
            ))),
            Some(summary) => Ok(summary.outcome()),
            None => Ok(Ok("nothing was due".to_owned())),
        }
    }

    /// Plans and claims every `tick` (claims also as batches end) until [`RunningScheduler::stop`].
    pub fn spawn(self, tick: std::time::Duration) -> RunningScheduler {
        let (stop, mut stopped) = tokio::sync::watch::channel(false);
        let task = tokio::spawn(async move {
            let mut plan = tokio::time::interval(tick);
            plan.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            let mut poll = tokio::time::interval(tick.min(std::time::Duration::from_secs(2)));
            poll.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            let mut in_hand = tokio::task::JoinSet::new();
            loop {
                tokio::select! {
                    _ = plan.tick() => {
                        if let Err(err) = self.plan_due(Utc::now()).await {
                            tracing::error!(%err, "the scheduler could not reach the database");
                        }
                    }
                    _ = poll.tick() => {}
                    Some(ended) = in_hand.join_next(), if !in_hand.is_empty() => {
                        if let Err(err) = ended {
                            tracing::error!(%err, "a batch ended badly");
                        }
                    }
                    _ = stopped.changed() => break,
                }
                let room = self.in_hand.saturating_sub(in_hand.len());
                if room == 0 || !self.pool_has_room() {
                    continue;
                }
                match self.claim(Utc::now(), room, None).await {
                    Ok(claimed) => {
                        for batch in claimed {
                            let scheduler = self.clone();
                            in_hand.spawn(async move {
                                if let Err(err) = scheduler.work(batch, Utc::now()).await {
                                    tracing::error!(%err, "a batch's outcome could not be recorded");
                                }
                            });
                        }
                    }
                    Err(err) => tracing::error!(%err, "the scheduler could not claim batches"),
                }
            }
            while in_hand.join_next().await.is_some() {}
        });
        RunningScheduler { stop, task }
    }

    /// Whether the background pool can lend a connection now (PostgreSQL; SQLite's writes wait
    /// their turn in the write gate anyway).
    fn pool_has_room(&self) -> bool {
        if self.backend() != DatabaseBackend::Postgres {
            return true;
        }
        let pool = self.db.get_postgres_connection_pool();
        pool.num_idle() > 0 || pool.size() < pool.options().get_max_connections()
    }

    /// Every job with its row and latest run (`timekeep jobs list`).
    pub async fn list(&self) -> Result<Vec<JobStatus>, DbErr> {
        let select = Query::select()
            .columns([
                ScheduledJobs::Name,
                ScheduledJobs::NextRunAt,
                ScheduledJobs::LastStartedAt,
                ScheduledJobs::LastFinishedAt,
                ScheduledJobs::LastError,
                ScheduledJobs::Runs,
            ])
            .from(ScheduledJobs::Table)
            .to_owned();
        let rows = self.db.query_all(self.backend().build(&select)).await?;
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
                last_run: self.recent_runs(job.name, 1).await?.into_iter().next(),
            };
            for row in &rows {
                if row.try_get::<String>("", "name")? == job.name {
                    status.next_run_at = row.try_get("", "next_run_at")?;
                    status.last_started_at = row.try_get("", "last_started_at")?;
                    status.last_finished_at = row.try_get("", "last_finished_at")?;
                    status.last_error = row.try_get("", "last_error")?;
                    status.runs = row.try_get("", "runs")?;
                }
            }
            statuses.push(status);
        }
        Ok(statuses)
    }

    /// The job's latest `limit` runs, newest first.
    pub async fn recent_runs(&self, job: &str, limit: u64) -> Result<Vec<RunSummary>, DbErr> {
        recent_runs(&self.db, Some(job), limit).await
    }

    /// A run with its batches' errors and each instance's share.
    pub async fn summary(&self, run: i64) -> Result<Option<RunSummary>, DbErr> {
        run_summary(&self.db, run).await
    }

    /// Plans the job's run as of `now` under the lease this server took, then lets the lease
    /// go; `scheduled` moves the schedule on (a run on demand leaves it).
    async fn plan(&self, job: &Job, now: DateTime<Utc>) -> Result<Option<i64>, DbErr> {
        self.plan_run(job, now, true).await
    }

    async fn plan_run(&self, job: &Job, now: DateTime<Utc>, scheduled: bool) -> Result<Option<i64>, DbErr> {
        // On demand as of an instant already run (`jobs run --now` twice): the run is as of the
        // next free microsecond, a new run (its batches are idempotent).
        let mut now = now;
        while !scheduled && self.run_exists(job.name, now).await? {
            now += Duration::microseconds(1);
        }
        let keys = match &job.plan {
            Plan::Whole => Ok(vec![(BatchKey::WHOLE, None)]),
            Plan::Batches(plan) => plan(now).await.map(|keys| keys.into_iter().map(|key| (key, None)).collect()),
            Plan::Daily { hour, companies } => match companies().await {
                Ok(companies) => self.due_today(job.name, *hour, companies, now).await.map_err(|err| err.to_string()),
                Err(err) => Err(err),
            },
        };
        let keys = match keys {
            Ok(keys) => keys,
            Err(error) => {
                tracing::error!(job = job.name, %error, "a job's run could not be planned");
                let next = scheduled.then(|| Utc::now() + job.every.min(RETRY_AFTER));
                self.release(job.name, next, Some(error)).await?;
                return Ok(None);
            }
        };
        let run = self.insert_run(job.name, now, &keys).await?;
        self.release(job.name, scheduled.then(|| now + job.every), None).await?;
        match run {
            // Nothing to do in any company: the run is over as it begins (its finishing step
            // still runs: the accrual run's record is closed).
            Some(run) if keys.is_empty() => {
                if let Some(summary) = self.summary(run).await? {
                    self.after_end(job, summary).await?;
                }
            }
            Some(run) => tracing::info!(job = job.name, run, batches = keys.len(), "job run planned"),
            None => {}
        }
        Ok(run)
    }

    /// A run's end: the job's finishing step, the log, and the job's row.
    async fn after_end(&self, job: &Job, summary: RunSummary) -> Result<(), DbErr> {
        if let Some(finish) = &job.finish {
            if let Err(error) = finish(summary.clone()).await {
                tracing::error!(job = job.name, run = summary.id, %error, "a run's finishing step failed");
            }
        }
        match summary.outcome() {
            Ok(report) => tracing::info!(job = job.name, run = summary.id, %report, "job ran"),
            Err(error) => tracing::error!(job = job.name, run = summary.id, %error, "job ran with failures"),
        }
        self.record_end(job.name, &summary).await
    }

    async fn run_exists(&self, job: &'static str, at: DateTime<Utc>) -> Result<bool, DbErr> {
        let select = Query::select()
            .column(JobRuns::Id)
            .from(JobRuns::Table)
            .and_where(Expr::col(JobRuns::Job).eq(job))
            .and_where(Expr::col(JobRuns::AsOf).eq(at))
            .to_owned();
        Ok(self.db.query_one(self.backend().build(&select)).await?.is_some())
    }

    /// The companies of a daily job due at `now`: their clock has passed `hour` and their day
    /// is not done.
    async fn due_today(
        &self,
        job: &'static str,
        hour: u32,
        companies: Vec<(CompanyId, Tz)>,
        now: DateTime<Utc>,
    ) -> Result<Vec<(BatchKey, Option<NaiveDate>)>, DbErr> {
        let select = Query::select()
            .columns([JobCompanyDays::CompanyId, JobCompanyDays::Day])
            .from(JobCompanyDays::Table)
            .and_where(Expr::col(JobCompanyDays::Job).eq(job))
            .to_owned();
        let mut done: HashMap<i64, NaiveDate> = HashMap::new();
        for row in self.db.query_all(self.backend().build(&select)).await? {
            done.insert(row.try_get("", "company_id")?, row.try_get("", "day")?);
        }
        Ok(companies
            .into_iter()
            .filter_map(|(company, zone)| {
                let local = now.with_timezone(&zone);
                let today = local.date_naive();
                let due = local.hour() >= hour && done.get(&company.0).is_none_or(|day| *day < today);
                due.then_some((BatchKey::company(company), Some(today)))
            })
            .collect())
    }

    /// The run and its batches, in one transaction; `None` when this run exists already (another
    /// scheduler planned the same instant).
    async fn insert_run(
        &self,
        job: &'static str,
        now: DateTime<Utc>,
        keys: &[(BatchKey, Option<NaiveDate>)],
    ) -> Result<Option<i64>, DbErr> {
        let txn = crate::begin_write(&self.db).await?;
        let backend = self.backend();
        let batches = i32::try_from(keys.len()).unwrap_or(i32::MAX);
        let started = Utc::now();
        let finished = keys.is_empty().then_some(started);
        let insert = Query::insert()
            .into_table(JobRuns::Table)
            .columns([
                JobRuns::Job,
                JobRuns::AsOf,
                JobRuns::PlannedBy,
                JobRuns::StartedAt,
                JobRuns::FinishedAt,
                JobRuns::Batches,
            ])
            .values_panic([
                job.into(),
                now.into(),
                self.owner.clone().into(),
                started.into(),
                finished.into(),
                batches.into(),
            ])
            .on_conflict(OnConflict::columns([JobRuns::Job, JobRuns::AsOf]).do_nothing().to_owned())
            .returning_col(JobRuns::Id)
            .to_owned();
        let Some(row) = txn.query_one(backend.build(&insert)).await? else {
            txn.rollback().await?;
            return Ok(None);
        };
        let run: i64 = row.try_get("", "id")?;
        for chunk in keys.chunks(500) {
            let mut insert = Query::insert()
                .into_table(JobBatches::Table)
                .columns([
                    JobBatches::RunId,
                    JobBatches::Job,
                    JobBatches::CompanyId,
                    JobBatches::PersonFrom,
                    JobBatches::PersonTo,
                    JobBatches::Day,
                    JobBatches::Status,
                    JobBatches::NextAttemptAt,
                ])
                .to_owned();
            for (key, day) in chunk {
                insert.values_panic([
                    run.into(),
                    job.into(),
                    key.company.map(|company| company.0).into(),
                    key.people.map(|(first, _)| first.0).into(),
                    key.people.map(|(_, last)| last.0).into(),
                    (*day).into(),
                    BatchStatus::Pending.code().into(),
                    // Claimable at once, by a pass as of any later instant or by the clock.
                    now.min(Utc::now()).into(),
                ]);
            }
            txn.execute(backend.build(&insert)).await?;
        }
        // Runs are kept for 30 days (what `jobs list` and the operator read is the latest).
        let old = Query::select()
            .column(JobRuns::Id)
            .from(JobRuns::Table)
            .and_where(Expr::col(JobRuns::Job).eq(job))
            .and_where(Expr::col(JobRuns::FinishedAt).lt(started - KEEP_RUNS))
            .to_owned();
        let batches = Query::delete()
            .from_table(JobBatches::Table)
            .and_where(Expr::col(JobBatches::RunId).in_subquery(old.clone()))
            .to_owned();
        txn.execute(backend.build(&batches)).await?;
        let runs =
            Query::delete().from_table(JobRuns::Table).and_where(Expr::col(JobRuns::Id).in_subquery(old)).to_owned();
        txn.execute(backend.build(&runs)).await?;
        txn.commit().await?;
        Ok(Some(run))
    }

    /// Claims up to `limit` of this server's jobs' batches that are due at `now` or whose claim
    /// ran out (of one run, or of any), for a lease.
    async fn claim(&self, now: DateTime<Utc>, limit: usize, run: Option<i64>) -> Result<Vec<Claimed>, DbErr> {
        let names: Vec<&'static str> = self.jobs.iter().map(|job| job.name).collect();
        // Leases are judged by the real clock too: a pass as of another instant must not take a
        // batch another server is running now.
        let free_at = now.max(Utc::now());
        let mut claimable = Condition::all().add(Expr::col(JobBatches::Job).is_in(names)).add(
            Condition::any()
                .add(
                    Condition::all()
                        .add(Expr::col(JobBatches::Status).eq(BatchStatus::Pending.code()))
                        .add(Expr::col(JobBatches::NextAttemptAt).lte(now)),
                )
                .add(
                    Condition::all()
                        .add(Expr::col(JobBatches::Status).eq(BatchStatus::Claimed.code()))
                        .add(Expr::col(JobBatches::LeaseUntil).lt(free_at)),
                ),
        );
        if let Some(run) = run {
            claimable = claimable.add(Expr::col(JobBatches::RunId).eq(run));
        }
        let mut due = Query::select()
            .column(JobBatches::Id)
            .from(JobBatches::Table)
            .cond_where(claimable)
            .order_by(JobBatches::NextAttemptAt, Order::Asc)
            .order_by(JobBatches::Id, Order::Asc)
            .limit(limit as u64)
            .to_owned();
        // Most looks find nothing: a plain read first, no lock, no write turn.
        if self.db.query_one(self.backend().build(&due)).await?.is_none() {
            return Ok(Vec::new());
        }
        // The ids under `FOR UPDATE SKIP LOCKED` first, then the update, in one transaction: an
        // `UPDATE … WHERE id IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)` may run its subquery
        // more than once on PostgreSQL and claim more than `n`. On SQLite the transaction is the
        // one writer's, so two claims cannot overlap either.
        due.lock_with_behavior(LockType::Update, LockBehavior::SkipLocked);
        let txn = crate::begin_write(&self.db).await?;
        let mut ids = Vec::new();
        for row in txn.query_all(self.backend().build(&due)).await? {
            ids.push(row.try_get::<i64>("", "id")?);
        }
        if ids.is_empty() {
            txn.commit().await?;
            return Ok(Vec::new());
        }
        let update = Query::update()
            .table(JobBatches::Table)
            .value(JobBatches::Status, BatchStatus::Claimed.code())
            .value(JobBatches::LeaseOwner, self.owner.clone())
            .value(JobBatches::LeaseUntil, free_at + self.lease)
            .value(JobBatches::Attempts, Expr::col(JobBatches::Attempts).add(1))
            .and_where(Expr::col(JobBatches::Id).is_in(ids))
            .returning(Query::returning().columns([
                JobBatches::Id,
                JobBatches::RunId,
                JobBatches::Job,
                JobBatches::CompanyId,
                JobBatches::PersonFrom,
                JobBatches::PersonTo,
                JobBatches::Day,
                JobBatches::Attempts,
            ]))
            .to_owned();
        let rows = txn.query_all(self.backend().build(&update)).await?;
        txn.commit().await?;
        rows.iter().map(claimed).collect()
    }

    /// Whether batches of the run are claimed by another server now.
    async fn held_by_others(&self, run: i64) -> Result<bool, DbErr> {
        let select = Query::select()
            .column(JobBatches::Id)
            .from(JobBatches::Table)
            .and_where(Expr::col(JobBatches::RunId).eq(run))
            .and_where(Expr::col(JobBatches::Status).eq(BatchStatus::Claimed.code()))
            .and_where(Expr::col(JobBatches::LeaseUntil).gte(Utc::now()))
            .limit(1)
            .to_owned();
        Ok(self.db.query_one(self.backend().build(&select)).await?.is_some())
    }

    /// Runs a claimed batch as of its run's instant, renewing the claim while it works, then
    /// records the outcome; the run, when this batch was its last.
    async fn work(&self, batch: Claimed, now: DateTime<Utc>) -> Result<Option<RunSummary>, DbErr> {
        let Some(job) = self.jobs.iter().find(|job| job.name == batch.job) else { return Ok(None) };
        let as_of = self.as_of(batch.run_id).await?.unwrap_or(now);
        // Claimed more often than it may be tried, every claim before ended by its instance
        // stopping (a crash, not an error): failed without running it again, so that it cannot
        // take instance after instance down nor hold the job's later runs back.
        if batch.attempts > MAX_ATTEMPTS {
            let error = format!(
                "{}: its instance stopped while running it {MAX_ATTEMPTS} times",
                batch.key.company.map_or_else(|| "The job".to_owned(), |company| format!("Company {}", company.0))
            );
            tracing::error!(job = job.name, batch = batch.id, %error, "batch failed");
            return self.record(job, &batch, Err(error), now).await;
        }
        let started = std::time::Instant::now();
        let every = (self.lease / 3).to_std().unwrap_or(std::time::Duration::from_secs(1));
        let mut renew = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
        let run = (job.batch)(batch.key, as_of);
        tokio::pin!(run);
        let outcome = loop {
            tokio::select! {
                outcome = &mut run => break outcome,
                _ = renew.tick() => {
                    let ran = Duration::from_std(started.elapsed()).unwrap_or_else(|_| Duration::zero());
                    match self.renew(batch.id, (now + ran).max(Utc::now()) + self.lease).await {
                        Ok(true) => {}
                        Ok(false) => tracing::warn!(job = job.name, batch = batch.id, "a batch's claim was lost; another server may run it too"),
                        Err(err) => tracing::warn!(job = job.name, batch = batch.id, %err, "a batch's claim could not be renewed"),
                    }
                }
            }
        };
        match &outcome {
            Ok(done) => tracing::debug!(job = job.name, batch = batch.id, report = %done.report, "batch done"),
            Err(error) => tracing::error!(job = job.name, batch = batch.id, %error, "batch failed"),
        }
        self.record(job, &batch, outcome, now).await
    }

    /// Records a batch's outcome; the run's summary when this batch ended it.
    async fn record(
        &self,
        job: &Job,
        batch: &Claimed,
        outcome: BatchOutcome,
        now: DateTime<Utc>,
    ) -> Result<Option<RunSummary>, DbErr> {
        if !self.settle(job, batch, outcome, now).await? {
            return Ok(None);
        }
        let Some(summary) = self.end_run(batch.run_id).await? else { return Ok(None) };
        self.after_end(job, summary.clone()).await?;
        Ok(Some(summary))
    }

    async fn as_of(&self, run: i64) -> Result<Option<DateTime<Utc>>, DbErr> {
        let select = Query::select()
            .column(JobRuns::AsOf)
            .from(JobRuns::Table)
            .and_where(Expr::col(JobRuns::Id).eq(run))
            .to_owned();
        match self.db.query_one(self.backend().build(&select)).await? {
            Some(row) => Ok(Some(row.try_get("", "as_of")?)),
            None => Ok(None),
        }
    }

    async fn renew(&self, batch: i64, until: DateTime<Utc>) -> Result<bool, DbErr> {
        let renew = Query::update()
            .table(JobBatches::Table)
            .value(JobBatches::LeaseUntil, until)
            .and_where(Expr::col(JobBatches::Id).eq(batch))
            .and_where(Expr::col(JobBatches::LeaseOwner).eq(self.owner.clone()))
            .and_where(Expr::col(JobBatches::Status).eq(BatchStatus::Claimed.code()))
            .to_owned();
        Ok(self.db.execute(self.backend().build(&renew)).await?.rows_affected() == 1)
    }

    /// Records a batch's outcome while this server still holds it (false when it lost the claim:
    /// the one that holds it now records its own), with the run's counters and, for a daily job,
    /// the company's day, in one transaction.
    async fn settle(
        &self,
        job: &Job,
        batch: &Claimed,
        outcome: BatchOutcome,
        now: DateTime<Utc>,
    ) -> Result<bool, DbErr> {
        let backend = self.backend();
        let finished = Utc::now();
        let txn = crate::begin_write(&self.db).await?;
        let mut update = Query::update();
        update
            .table(JobBatches::Table)
            .value(JobBatches::LeaseOwner, Option::<String>::None)
            .value(JobBatches::LeaseUntil, Option::<DateTime<Utc>>::None)
            .and_where(Expr::col(JobBatches::Id).eq(batch.id))
            .and_where(Expr::col(JobBatches::LeaseOwner).eq(self.owner.clone()))
            .and_where(Expr::col(JobBatches::Status).eq(BatchStatus::Claimed.code()));
        let (done, failed, items) = match &outcome {
            Ok(done) => {
                let items = i64::try_from(done.items).unwrap_or(i64::MAX);
                update
                    .value(JobBatches::Status, BatchStatus::Done.code())
                    .value(JobBatches::Items, items)
                    .value(JobBatches::Report, done.report.clone())
                    .value(JobBatches::LastError, Option::<String>::None)
                    .value(JobBatches::DoneBy, self.owner.clone())
                    .value(JobBatches::FinishedAt, finished);
                (1, 0, items)
            }
            Err(error) if batch.attempts >= MAX_ATTEMPTS => {
                update
                    .value(JobBatches::Status, BatchStatus::Failed.code())
                    .value(JobBatches::LastError, error.clone())
                    .value(JobBatches::FinishedAt, finished);
                (0, 1, 0)
            }
            Err(error) => {
                let step = usize::try_from(batch.attempts - 1).unwrap_or(0);
                let wait = BATCH_RETRIES
                    .get(step)
                    .or(BATCH_RETRIES.last())
                    .copied()
                    .unwrap_or(RETRY_AFTER)
                    .min(job.every)
                    .max(Duration::minutes(1));
                update
                    .value(JobBatches::Status, BatchStatus::Pending.code())
                    .value(JobBatches::LastError, error.clone())
                    .value(JobBatches::NextAttemptAt, now.max(finished) + wait);
                (0, 0, 0)
            }
        };
        if txn.execute(backend.build(&update)).await?.rows_affected() != 1 {
            txn.rollback().await?;
            return Ok(false);
        }
        if done + failed > 0 {
            let counters = Query::update()
                .table(JobRuns::Table)
                .value(JobRuns::BatchesDone, Expr::col(JobRuns::BatchesDone).add(done))
                .value(JobRuns::BatchesFailed, Expr::col(JobRuns::BatchesFailed).add(failed))
                .value(JobRuns::Items, Expr::col(JobRuns::Items).add(items))
                .and_where(Expr::col(JobRuns::Id).eq(batch.run_id))
                .to_owned();
            txn.execute(backend.build(&counters)).await?;
        }
        if let (1, Some(company), Some(day)) = (done, batch.key.company, batch.day) {
            let mark = Query::insert()
                .into_table(JobCompanyDays::Table)
                .columns([JobCompanyDays::Job, JobCompanyDays::CompanyId, JobCompanyDays::Day])
                .values_panic([job.name.into(), company.0.into(), day.into()])
                .on_conflict(
                    OnConflict::columns([JobCompanyDays::Job, JobCompanyDays::CompanyId])
                        .update_column(JobCompanyDays::Day)
                        .to_owned(),
                )
                .to_owned();
            txn.execute(backend.build(&mark)).await?;
        }
        txn.commit().await?;
        Ok(true)
    }

    /// Ends the run if every batch is done or failed; the one call that ends it gets its summary.
    async fn end_run(&self, run: i64) -> Result<Option<RunSummary>, DbErr> {
        let end = Query::update()
            .table(JobRuns::Table)
            .value(JobRuns::FinishedAt, Utc::now())
            .and_where(Expr::col(JobRuns::Id).eq(run))
            .and_where(Expr::col(JobRuns::FinishedAt).is_null())
            .and_where(
                Expr::col(JobRuns::BatchesDone).add(Expr::col(JobRuns::BatchesFailed)).gte(Expr::col(JobRuns::Batches)),
            )
            .to_owned();
        if self.db.execute(self.backend().build(&end)).await?.rows_affected() != 1 {
            return Ok(None);
        }
        self.summary(run).await
    }

    /// The job's row after a run ended: counted, with its end (`jobs list`'s columns).
    async fn record_end(&self, name: &'static str, run: &RunSummary) -> Result<(), DbErr> {
        let update = Query::update()
            .table(ScheduledJobs::Table)
            .value(ScheduledJobs::LastFinishedAt, run.finished_at.unwrap_or_else(Utc::now))
            .value(ScheduledJobs::LastError, run.outcome().err())
            .value(ScheduledJobs::Runs, Expr::col(ScheduledJobs::Runs).add(1))
            .and_where(Expr::col(ScheduledJobs::Name).eq(name))
            .to_owned();
        self.db.execute(self.backend().build(&update)).await?;
        Ok(())
    }

    /// Takes the job's planning lease when nobody holds it and its last run has ended (and, with
    /// `only_due`, when it is due).
    async fn take_lease(&self, name: &'static str, now: DateTime<Utc>, only_due: bool) -> Result<bool, DbErr> {
        let backend = self.backend();
        // A job seen for the first time is due at once.
        let insert = Query::insert()
            .into_table(ScheduledJobs::Table)
            .columns([ScheduledJobs::Name, ScheduledJobs::NextRunAt, ScheduledJobs::Runs])
            .values_panic([name.into(), now.into(), 0i64.into()])
            .on_conflict(OnConflict::column(ScheduledJobs::Name).do_nothing().to_owned())
            .to_owned();
        self.db.execute(backend.build(&insert)).await?;
        let free_at = now.max(Utc::now());
        let under_way = Query::select()
            .column(JobRuns::Id)
            .from(JobRuns::Table)
            .and_where(Expr::col(JobRuns::Job).eq(name))
            .and_where(Expr::col(JobRuns::FinishedAt).is_null())
            .to_owned();
        let mut take = Query::update()
            .table(ScheduledJobs::Table)
            .value(ScheduledJobs::LeaseOwner, self.owner.clone())
            .value(ScheduledJobs::LeaseUntil, free_at + self.lease)
            .value(ScheduledJobs::LastStartedAt, now)
            .and_where(Expr::col(ScheduledJobs::Name).eq(name))
            .and_where(
                Expr::col(ScheduledJobs::LeaseUntil).is_null().or(Expr::col(ScheduledJobs::LeaseUntil).lt(free_at)),
            )
            .and_where(Expr::exists(under_way).not())
            .to_owned();
        if only_due {
            take.and_where(Expr::col(ScheduledJobs::NextRunAt).lte(now));
        }
        Ok(self.db.execute(backend.build(&take)).await?.rows_affected() == 1)
    }

    /// Lets the planning lease go; `next` moves the schedule, `error` is why planning failed.
    async fn release(
        &self,
        name: &'static str,
        next: Option<DateTime<Utc>>,
        error: Option<String>,
    ) -> Result<(), DbErr> {
        let mut release = Query::update()
            .table(ScheduledJobs::Table)
            .value(ScheduledJobs::LeaseOwner, Option::<String>::None)
            .value(ScheduledJobs::LeaseUntil, Option::<DateTime<Utc>>::None)
            .and_where(Expr::col(ScheduledJobs::Name).eq(name))
            .and_where(Expr::col(ScheduledJobs::LeaseOwner).eq(self.owner.clone()))
            .to_owned();
        if let Some(error) = error {
            release.value(ScheduledJobs::LastError, error);
        }
        if let Some(next) = next {
            release.value(ScheduledJobs::NextRunAt, next);
        }
        self.db.execute(self.backend().build(&release)).await?;
        Ok(())
    }
}

/// Erases a closed company's batches and daily marks (`closure`); a run's other batches and its
/// counts stay, the deployment's.
pub async fn purge_company<C: ConnectionTrait>(
    conn: &C,
    company: CompanyId,
) -> Result<Vec<crate::purge::Erased>, DbErr> {
    let backend = conn.get_database_backend();
    let batches = Query::delete()
        .from_table(JobBatches::Table)
        .and_where(Expr::col(JobBatches::CompanyId).eq(company.0))
        .to_owned();
    let days = Query::delete()
        .from_table(JobCompanyDays::Table)
        .and_where(Expr::col(JobCompanyDays::CompanyId).eq(company.0))
        .to_owned();
    Ok(vec![
        crate::purge::Erased {
            table: "job_batches".into(),
            rows: conn.execute(backend.build(&batches)).await?.rows_affected(),
        },
        crate::purge::Erased {
            table: "job_company_days".into(),
            rows: conn.execute(backend.build(&days)).await?.rows_affected(),
        },
    ])
}

/// A job's row: its schedule and how its runs went (what `timekeep jobs list` and the operator
/// read, without the registry of one server's jobs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobRow {
    pub name: String,
    pub next_run_at: Option<DateTime<Utc>>,
    pub last_finished_at: Option<DateTime<Utc>>,
    /// Why the last plan or run failed.
    pub last_error: Option<String>,
    pub runs: i64,
}

/// Every job seen on this database, by name.
pub async fn job_rows(db: &DatabaseConnection) -> Result<Vec<JobRow>, DbErr> {
    let select = Query::select()
        .columns([
            ScheduledJobs::Name,
            ScheduledJobs::NextRunAt,
            ScheduledJobs::LastFinishedAt,
            ScheduledJobs::LastError,
            ScheduledJobs::Runs,
        ])
        .from(ScheduledJobs::Table)
        .order_by(ScheduledJobs::Name, Order::Asc)
        .to_owned();
    let mut rows = Vec::new();
    for row in db.query_all(db.get_database_backend().build(&select)).await? {
        rows.push(JobRow {
            name: row.try_get("", "name")?,
            next_run_at: row.try_get("", "next_run_at")?,
            last_finished_at: row.try_get("", "last_finished_at")?,
            last_error: row.try_get("", "last_error")?,
            runs: row.try_get("", "runs")?,
        });
    }
    Ok(rows)
}

/// The latest `limit` runs (of one job, or of all), newest first: what the operator reads.
pub async fn recent_runs(db: &DatabaseConnection, job: Option<&str>, limit: u64) -> Result<Vec<RunSummary>, DbErr> {
    let mut select = Query::select()
        .column(JobRuns::Id)
        .from(JobRuns::Table)
        .order_by(JobRuns::StartedAt, Order::Desc)
        .order_by(JobRuns::Id, Order::Desc)
        .limit(limit)
        .to_owned();
    if let Some(job) = job {
        select.and_where(Expr::col(JobRuns::Job).eq(job));
    }
    let mut runs = Vec::new();
    for row in db.query_all(db.get_database_backend().build(&select)).await? {
        if let Some(run) = run_summary(db, row.try_get("", "id")?).await? {
            runs.push(run);
        }
    }
    Ok(runs)
}

/// A run with its batches' errors and each instance's share.
pub async fn run_summary(db: &DatabaseConnection, run: i64) -> Result<Option<RunSummary>, DbErr> {
    let select = Query::select()
        .columns([
            JobRuns::Id,
            JobRuns::Job,
            JobRuns::AsOf,
            JobRuns::StartedAt,
            JobRuns::FinishedAt,
            JobRuns::Batches,
            JobRuns::BatchesDone,
            JobRuns::BatchesFailed,
            JobRuns::Items,
        ])
        .from(JobRuns::Table)
        .and_where(Expr::col(JobRuns::Id).eq(run))
        .to_owned();
    let Some(row) = db.query_one(db.get_database_backend().build(&select)).await? else { return Ok(None) };
    let shares_query = Query::select()
        .column(JobBatches::DoneBy)
        .expr_as(Expr::col(JobBatches::Id).count(), Alias::new("batches"))
        .from(JobBatches::Table)
        .and_where(Expr::col(JobBatches::RunId).eq(run))
        .and_where(Expr::col(JobBatches::DoneBy).is_not_null())
        .group_by_col(JobBatches::DoneBy)
        .to_owned();
    let mut shares = BTreeMap::new();
    for share in db.query_all(db.get_database_backend().build(&shares_query)).await? {
        shares.insert(share.try_get::<String>("", "done_by")?, share.try_get::<i64>("", "batches")?);
    }
    let errors_query = Query::select()
        .columns([JobBatches::CompanyId, JobBatches::LastError])
        .from(JobBatches::Table)
        .and_where(Expr::col(JobBatches::RunId).eq(run))
        .and_where(Expr::col(JobBatches::LastError).is_not_null())
        .and_where(Expr::col(JobBatches::Status).ne(BatchStatus::Done.code()))
        .order_by(JobBatches::Id, Order::Asc)
        .limit(20)
        .to_owned();
    let mut errors = Vec::new();
    for error in db.query_all(db.get_database_backend().build(&errors_query)).await? {
        errors.push(BatchError {
            company: error.try_get::<Option<i64>>("", "company_id")?.map(CompanyId),
            message: error.try_get("", "last_error")?,
        });
    }
    let report_query = Query::select()
        .column(JobBatches::Report)
        .from(JobBatches::Table)
        .and_where(Expr::col(JobBatches::RunId).eq(run))
        .and_where(Expr::col(JobBatches::Report).is_not_null())
        .order_by(JobBatches::FinishedAt, Order::Desc)
        .limit(1)
        .to_owned();
    let report = match db.query_one(db.get_database_backend().build(&report_query)).await? {
        Some(row) => row.try_get::<Option<String>>("", "report")?,
        None => None,
    };
    Ok(Some(RunSummary {
        id: row.try_get("", "id")?,
        job: row.try_get("", "job")?,
        as_of: row.try_get("", "as_of")?,
        started_at: row.try_get("", "started_at")?,
        finished_at: row.try_get("", "finished_at")?,
        batches: i64::from(row.try_get::<i32>("", "batches")?),
        done: i64::from(row.try_get::<i32>("", "batches_done")?),
        failed: i64::from(row.try_get::<i32>("", "batches_failed")?),
        items: row.try_get("", "items")?,
        errors,
        shares,
        report,
    }))
}

fn claimed(row: &QueryResult) -> Result<Claimed, DbErr> {
    let company: Option<i64> = row.try_get("", "company_id")?;
    let from: Option<i64> = row.try_get("", "person_from")?;
    let to: Option<i64> = row.try_get("", "person_to")?;
    Ok(Claimed {
        id: row.try_get("", "id")?,
        run_id: row.try_get("", "run_id")?,
        job: row.try_get("", "job")?,
        key: BatchKey {
            company: company.map(CompanyId),
            people: from.zip(to).map(|(from, to)| (UserId(from), UserId(to))),
        },
        day: row.try_get("", "day")?,
        attempts: row.try_get("", "attempts")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_cut_by_people_covers_its_range_only() {
        let key = BatchKey::people(CompanyId(1), UserId(10), UserId(20));
        assert!(key.includes(UserId(10)) && key.includes(UserId(20)));
        assert!(!key.includes(UserId(9)) && !key.includes(UserId(21)));
        assert!(BatchKey::company(CompanyId(1)).includes(UserId(99)));
    }

    #[test]
    fn a_run_with_a_failed_batch_is_an_error_naming_it() {
        let mut run = RunSummary {
            id: 1,
            job: "x".into(),
            as_of: Utc::now(),
            started_at: Utc::now(),
            finished_at: None,
            batches: 3,
            done: 2,
            failed: 1,
            items: 40,
            errors: vec![BatchError { company: Some(CompanyId(7)), message: "Acme: the Sick rule is broken".into() }],
            shares: BTreeMap::new(),
            report: None,
        };
        assert_eq!(run.outcome(), Err("3 batches, 40 people; 1 failed: Acme: the Sick rule is broken".into()));
        run.failed = 0;
        assert_eq!(run.outcome(), Ok("3 batches, 40 people".into()));
    }
}
