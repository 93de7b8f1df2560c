//! The accrual job and the checkpoints it posts (issue 18 "Server rules"; ARCHITECTURE.md "One
//! scheduler").
//!
//! Every balance is the engine's ledger from the start of employment. Recomputing three years of
//! worked days for each person on a page is what made balances slow, so the job posts, for each
//! enrolled employee, the engine's [`Checkpoint`] through the company's yesterday, and every read
//! goes on from it ([`pto_engine::resume`]) over the few days since. The engine guarantees that
//! resuming gives exactly the full computation when the inputs dated on or before the checkpoint
//! are unchanged; a checkpoint is used only while that holds, checked on every read:
//! - `inputs_digest`: a hash of everything else the engine reads that is dated on or before the
//!   checkpoint's day — employment dates, plans in force then (with their rules), the job
//!   role's own allowances, starting balances and manual additions. A backdated start date,
//!   plan, rule or addition changes it.
//! - `worked_seq`: where the clock's log of worked-day changes stood when the checkpoint was
//!   computed ([`clock::store::worked_change_mark`]). The database logs every write to a shift
//!   with its day, so a backdated shift, edit or removal on a day the checkpoint covers shows as
//!   a logged change after the mark ([`clock::store::worked_days_changed`]): one small query for
//!   a page, not a scan of anyone's worked days. While a shift of those days is still running
//!   the days are not final and no checkpoint is kept. After a run, the log is forgotten up to
//!   the oldest mark any checkpoint holds.
//!
//! A checkpoint that no longer matches is ignored (the read computes from the start, as before
//! there were checkpoints) and replaced at the job's next run, so a backdated change shows in
//! every later balance at once. The job is idempotent: a second run over the same day writes
//! the same checkpoints; two servers running it at once write the same rows (the scheduler's
//! lease keeps that to one in practice). Downtime needs no catch-up of its own: a checkpoint of
//! any earlier day is resumed from.

use crate::balances::Inputs;
use crate::entities::pto_checkpoints as checkpoints;
use crate::{Pto, PtoError};
use accounts::people::read::{self, PeopleFilter};
use accounts::{Company, Person};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use kernel::time::{local_date, parse_time_zone, DEFAULT_TIME_ZONE};
use kernel::{BatchKey, CompanyId, TenantCtx, UserId};
use pto_engine::{resume_into, Checkpoint, EmployeeInput, Ledger};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

/// The scheduler's name of the job.
pub const ACCRUAL_JOB: &str = "pto-accruals";
/// People read and posted together: bounds the job's memory whatever the company's size (two
/// batches are in flight; each holds its people's worked days, about 800 rows a person for three
/// years, decoded by the database driver before they are summed).
const BATCH: usize = 100;
/// A company with more people than this is cut into scheduler batches of this many (by id), so
/// every instance shares even one large agency's run.
pub const PEOPLE_PER_BATCH: usize = 1000;

/// What one batch of the accrual run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AccrualBatch {
    pub employees: u64,
    pub resumed: u64,
    /// People whose balance could not be computed (recorded with the run).
    pub errors: u64,
}

/// What a run of the job did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AccrualRun {
    pub companies: u64,
    pub employees: u64,
    /// Employees whose ledger went on from their checkpoint.
    pub resumed: u64,
    /// People (or whole companies) it could not compute; each is named in `accrual_run_errors`.
    pub errors: u64,
}

/// A hash of the engine's inputs dated on or before `through`, other than worked days. (The
/// standard hasher is fixed within a build; after an upgrade changes it, checkpoints simply
/// stop matching and are posted again.)
pub(crate) fn inputs_digest(input: &EmployeeInput, through: NaiveDate) -> String {
    let dated = (
        &input.employment,
        input.plans.iter().filter(|assignment| assignment.from <= through).collect::<Vec<_>>(),
        input.starting_balances.iter().filter(|entry| entry.date <= through).collect::<Vec<_>>(),
        input.manual_additions.iter().filter(|entry| entry.date <= through).collect::<Vec<_>>(),
        input.time_off.iter().filter(|entry| entry.date <= through).collect::<Vec<_>>(),
        &input.allowances,
    );
    let text = serde_json::to_string(&dated).unwrap_or_default();
    let mut hasher = std::hash::DefaultHasher::new();
    text.hash(&mut hasher);
    format!("{:016x}{:08x}", hasher.finish(), text.len())
}

/// The context the job reads a company with: no person's request, the whole company in reach.
pub(crate) fn job_ctx(company: &Company) -> TenantCtx {
    let zone = parse_time_zone(&company.time_zone).unwrap_or(DEFAULT_TIME_ZONE);
    TenantCtx::for_job(company.id, zone)
}

/// The ledger through `through` going on from `from`, without its entries (its rows come from
/// the final state).
fn final_state(
    input: &EmployeeInput,
    from: &Checkpoint,
    through: NaiveDate,
    entries: &mut Vec<pto_engine::LedgerEntry>,
) -> Ledger {
    entries.clear();
    let checkpoint = resume_into(input, from, through, entries);
    Ledger { entries: Vec::new(), checkpoint }
}

/// Ledgers through a day (their final states, without entries), and what they were computed from.
pub(crate) struct Ledgers {
    pub ledgers: HashMap<UserId, Ledger>,
    pub inputs: Inputs,
    pub resumed: u64,
    /// People whose computation failed (the engine stopped on their inputs): no ledger.
    pub failed: Vec<UserId>,
}

/// [`final_state`], or `None` when the engine stops on these inputs: one person's broken data
/// must not stop everyone else's balances (the accrual job names them).
fn guarded(
    input: &EmployeeInput,
    from: &Checkpoint,
    through: NaiveDate,
    entries: &mut Vec<pto_engine::LedgerEntry>,
) -> Option<Ledger> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| final_state(input, from, through, entries))).ok()
}

impl Pto {
    /// The ledger of each of `people` through `through`, going on from their checkpoints where
    /// those still match the inputs (see the module's docs), computed from the start elsewhere.
    pub(crate) async fn ledgers(
        &self,
        ctx: &TenantCtx,
        people: &[Person],
        through: NaiveDate,
    ) -> Result<Ledgers, PtoError> {
        let ids: Vec<UserId> = people.iter().map(|person| person.id).collect();
        let stored: Vec<checkpoints::Model> = checkpoints::Entity::find()
            .filter(kernel::tenancy::same_company::<checkpoints::Entity>(ctx.company()))
            .filter(checkpoints::Column::EmployeeId.is_in(ids))
            .filter(checkpoints::Column::Through.lte(through))
            .all(&self.db)
            .await?;
        // The worked days still as they were: no change logged since the checkpoint was taken on
        // a day it covers (one query for the whole page, returning only such changes).
        let after = stored.iter().map(|row| row.worked_seq).min().unwrap_or(0);
        let latest = stored.iter().map(|row| row.through).max().unwrap_or(through);
        let employees: Vec<UserId> = stored.iter().map(|row| row.employee_id).collect();
        let changed = clock::store::worked_days_changed(&self.db, ctx.company(), &employees, after, latest).await?;
        // (Checked from the oldest mark of the page: a change between that and a later
        // checkpoint's own mark only costs that person a computation from the start.)
        let usable: HashMap<UserId, checkpoints::Model> = stored
            .into_iter()
            .filter(|row| changed.get(&row.employee_id).is_none_or(|day| *day > row.through))
            .map(|row| (row.employee_id, row))
            .collect();
        let worked_after: HashMap<UserId, NaiveDate> =
            usable.values().map(|row| (row.employee_id, row.through)).collect();
        let mut inputs = self.inputs_after(ctx, people, through, &worked_after).await?;
        let mut ledgers = HashMap::with_capacity(inputs.0.len());
        let mut stale = Vec::new();
        let mut failed = Vec::new();
        let mut resumed = 0;
        // Callers read the rows, which come from the final state: the entries are not kept, and
        // one buffer serves every computation (a page or a job's batch in little memory).
        let mut entries = Vec::new();
        for (id, input) in &inputs.0 {
            // An assumed week depends on holidays the clock's change log does not follow: those
            // people's inputs hold every day from the start, computed from there
            // (crate::assumed_hours).
            let assumed = input.assumed_day_minutes.is_some();
            let from = usable
                .get(id)
                .filter(|_| !assumed)
                .filter(|row| row.inputs_digest == inputs_digest(input, row.through))
                .and_then(|row| serde_json::from_str::<Checkpoint>(&row.state).ok());
            match from {
                Some(checkpoint) => {
                    resumed += 1;
                    match guarded(input, &checkpoint, through, &mut entries) {
                        Some(ledger) => {
                            ledgers.insert(*id, ledger);
                        }
                        None => failed.push(*id),
                    }
                }
                None if worked_after.contains_key(id) && !assumed => stale.push(*id),
                None => match guarded(input, &Checkpoint::start(input), through, &mut entries) {
                    Some(ledger) => {
                        ledgers.insert(*id, ledger);
                    }
                    None => failed.push(*id),
                },
            }
        }
        // A checkpoint whose other inputs changed: its worked days were read from the
        // checkpoint on; read them all and compute from the start.
        if !stale.is_empty() {
            let again: Vec<Person> = people.iter().filter(|person| stale.contains(&person.id)).cloned().collect();
            let (fresh, _, _) = self.inputs_after(ctx, &again, through, &HashMap::new()).await?;
            for (id, input) in fresh {
                match guarded(&input, &Checkpoint::start(&input), through, &mut entries) {
                    Some(ledger) => {
                        ledgers.insert(id, ledger);
                    }
                    None => failed.push(id),
                }
                inputs.0.insert(id, input);
            }
        }
        Ok(Ledgers { ledgers, inputs, resumed, failed })
    }

    /// The accrual job: posts every enrolled employee's checkpoint through their company's
    /// yesterday, for every company, and records the run (see [`crate::accrual_health`]). A
    /// company or a person it cannot compute is named in the run's errors; the others go on.
    pub async fn post_accruals(&self, now: DateTime<Utc>) -> Result<AccrualRun, PtoError> {
        let mut run = AccrualRun::default();
        let mut failures = Vec::new();
        let mut companies = std::collections::HashSet::new();
        for key in self.plan_accruals(now).await? {
            match self.post_accrual_batch(key, now).await {
                Ok(batch) => {
                    run.employees += batch.employees;
                    run.resumed += batch.resumed;
                    run.errors += batch.errors;
                }
                Err(message) => {
                    run.errors += 1;
                    failures.push((key.company, message));
                }
            }
            companies.insert(key.company);
        }
        run.companies = companies.len() as u64;
        self.finish_accruals(now, &run, &failures).await?;
        Ok(run)
    }

    /// The batches of the accrual run as of `now` (the scheduler's plan): a company each, or a
    /// range of [`PEOPLE_PER_BATCH`] people of a larger one, so that every instance shares even
    /// one large agency's run. The run's record (what the accrual health reads) is made here.
    pub async fn plan_accruals(&self, now: DateTime<Utc>) -> Result<Vec<BatchKey>, PtoError> {
        self.start_accrual_run(now).await?;
        let large: HashMap<CompanyId, Vec<(UserId, UserId)>> =
            read::people_ranges(&self.db, PEOPLE_PER_BATCH).await?.into_iter().collect();
        let mut keys = Vec::new();
        for company in read::companies(&self.db, None).await? {
            match large.get(&company.id) {
                Some(ranges) => {
                    keys.extend(ranges.iter().map(|(first, last)| BatchKey::people(company.id, *first, *last)))
                }
                None => keys.push(BatchKey::company(company.id)),
            }
        }
        Ok(keys)
    }

    /// One batch of the accrual run as of `now`: the checkpoints of its company's people (of its
    /// range of them). Idempotent: a checkpoint already posted through yesterday is left as it
    /// is. People whose balance cannot be computed are recorded with the run and skipped; a
    /// company that cannot be read at all is an error naming it (the batch is tried again).
    pub async fn post_accrual_batch(&self, key: BatchKey, now: DateTime<Utc>) -> Result<AccrualBatch, String> {
        let Some(id) = key.company else { return Ok(AccrualBatch::default()) };
        let company = read::companies(&self.db, Some(&[id]))
            .await
            .map_err(|err| format!("The accruals of company {} could not be computed: {err}", id.0))?;
        let Some(company) = company.into_iter().next() else { return Ok(AccrualBatch::default()) };
        self.post_company_batch(&company, key, now).await.map_err(|err| {
            tracing::error!(company = company.id.0, error = %err, "accruals of a company failed");
            format!("The accruals of {} could not be computed: {err}", company.name)
        })
    }

    async fn post_company_batch(
        &self,
        company: &Company,
        key: BatchKey,
        now: DateTime<Utc>,
    ) -> Result<AccrualBatch, PtoError> {
        let run_id = self.start_accrual_run(now).await?;
        let ctx = job_ctx(company);
        let ((employees, resumed), problems) = self.post_company(&ctx, key, now).await?;
        let errors = problems.len() as u64;
        self.record_accrual_errors(run_id, &ctx, problems, now).await?;
        Ok(AccrualBatch { employees, resumed, errors })
    }

    /// Ends the accrual run as of `now` (once every batch has ended): its counts, the companies
    /// that failed every try, and the worked-day log every checkpoint has seen is forgotten.
    pub async fn finish_accruals(
        &self,
        now: DateTime<Utc>,
        run: &AccrualRun,
        failures: &[(Option<CompanyId>, String)],
    ) -> Result<(), PtoError> {
        let run_id = self.start_accrual_run(now).await?;
        for (company, message) in failures {
            if let Some(company) = company {
                let ctx = TenantCtx::for_job(*company, DEFAULT_TIME_ZONE);
                self.record_accrual_errors(run_id, &ctx, vec![(None, message.clone())], now).await?;
            }
        }
        self.finish_accrual_run(run_id, run, None, Utc::now()).await?;
        // The log of worked-day changes is read only after checkpoints' marks: forget what every
        // checkpoint (of every company) has seen.
        let oldest: Option<Option<i64>> = checkpoints::Entity::find()
            .select_only()
            .column_as(sea_orm::sea_query::Expr::col(checkpoints::Column::WorkedSeq).min(), "oldest")
            .into_tuple()
            .one(&self.db)
            .await?;
        if let Some(Some(oldest)) = oldest {
            let _permit = self.gate.enter().await;
            clock::store::forget_worked_changes(&self.db, oldest).await?;
        }
        Ok(())
    }

    /// One company's checkpoints: ((posted, resumed), the people it could not compute).
    async fn post_company(
        &self,
        ctx: &TenantCtx,
        key: BatchKey,
        now: DateTime<Utc>,
    ) -> Result<((u64, u64), Vec<(Option<UserId>, String)>), PtoError> {
        let through = local_date(ctx.time_zone(), now) - Duration::days(1);
        let mut people = read::people(&self.db, ctx, &PeopleFilter::default()).await?;
        people.retain(|person| key.includes(person.id));
        let broken = self.broken_plans(ctx).await?;
        let mut totals = (0, 0);
        let mut problems = Vec::new();
        // Two batches at a time: one computes while the other reads (the database decodes
        // rows on its own threads), which keeps both cores of a small server busy.
        let mut batches = people.chunks(BATCH);
        while let Some(first) = batches.next() {
            let posted = match batches.next() {
                Some(second) => {
                    let (one, two) = futures_util::future::join(
                        self.post_checkpoints(ctx, first, through, now, &broken),
                        self.post_checkpoints(ctx, second, through, now, &broken),
                    )
                    .await;
                    let (mut one, two) = (one?, two?);
                    one.2.extend(two.2);
                    (one.0 + two.0, one.1 + two.1, one.2)
                }
                None => self.post_checkpoints(ctx, first, through, now, &broken).await?,
            };
            totals.0 += posted.0;
            totals.1 += posted.1;
            problems.extend(posted.2);
        }
        Ok((totals, problems))
    }

    /// The company's plans with a stored rule the job cannot trust, with what is wrong:
    /// "the Sick rule of plan 'Standard' is broken: its method 'WEEKLY' is unknown".
    async fn broken_plans(&self, ctx: &TenantCtx) -> Result<HashMap<pto_engine::PlanId, String>, PtoError> {
        let rows = self.rule_rows(ctx).await?;
        let problems: Vec<(&crate::entities::pto_rules::Model, String)> =
            rows.iter().filter_map(|row| crate::plans::rule_problem(row).map(|problem| (row, problem))).collect();
        if problems.is_empty() {
            return Ok(HashMap::new());
        }
        let types: HashMap<i64, String> =
            self.pto_types(ctx).await?.into_iter().map(|pto_type| (pto_type.id, pto_type.name)).collect();
        let plans: HashMap<i64, String> = self.plans(ctx).await?.into_iter().map(|plan| (plan.id, plan.name)).collect();
        let mut broken = HashMap::new();
        for (row, problem) in problems {
            let type_name = types.get(&row.pto_type_id.0).map_or("a deleted type", String::as_str);
            let plan_name = plans.get(&row.plan_id.0).map_or("", String::as_str);
            broken
                .entry(pto_engine::PlanId(row.plan_id.0))
                .or_insert(format!("the {type_name} rule of plan '{plan_name}' is broken: {problem}"));
        }
        Ok(broken)
    }

    /// Posts the checkpoints of `people` through `through`: (employees posted, resumed, problems).
    /// Also names the people it could not compute: a broken rule in one of their plans, or the
    /// engine stopping on their inputs.
    async fn post_checkpoints(
        &self,
        ctx: &TenantCtx,
        people: &[Person],
        through: NaiveDate,
        now: DateTime<Utc>,
        broken: &HashMap<pto_engine::PlanId, String>,
    ) -> Result<(u64, u64, Vec<(Option<UserId>, String)>), PtoError> {
        // The log's mark first: a shift changed while the ledgers are computed is logged after
        // it, so the checkpoint is not trusted for it. Days with a shift still running are not
        // final: no checkpoint for them.
        let ids: Vec<UserId> = people.iter().map(|person| person.id).collect();
        let mark = clock::store::worked_change_mark(&self.db).await?;
        let running = clock::store::running_through(&self.db, ctx.company(), &ids, through, ctx.time_zone()).await?;
        let computed = self.ledgers(ctx, people, through).await?;
        let mut rows = Vec::new();
        let mut unenrolled = Vec::new();
        let name_of =
            |id: UserId| people.iter().find(|person| person.id == id).map(Person::full_name).unwrap_or_default();
        let mut problems: Vec<(Option<UserId>, String)> = computed
            .failed
            .iter()
            .map(|id| (Some(*id), format!("{}: the balance could not be computed from their records", name_of(*id))))
            .collect();
        for (id, ledger) in &computed.ledgers {
            let Some(input) = computed.inputs.0.get(id) else { continue };
            let broken_plan = input
                .plans
                .iter()
                .filter_map(|assignment| assignment.plan.as_ref())
                .find_map(|plan| broken.get(&plan.id));
            if let Some(problem) = broken_plan {
                problems.push((Some(*id), format!("{}: {problem}", name_of(*id))));
                continue;
            }
            // Nobody enrolled (any more): nothing to go on from, and an old checkpoint would
            // only hold the change log back.
            if input.plans.is_empty() {
                unenrolled.push(*id);
                continue;
            }
            // Days still running: not final yet.
            if running.contains(id) {
                continue;
            }
            let state = serde_json::to_string(&ledger.checkpoint).map_err(|err| PtoError::Internal(err.to_string()))?;
            rows.push(checkpoints::ActiveModel {
                company_id: sea_orm::ActiveValue::Set(ctx.company()),
                employee_id: sea_orm::ActiveValue::Set(*id),
                through: sea_orm::ActiveValue::Set(through),
                inputs_digest: sea_orm::ActiveValue::Set(inputs_digest(input, through)),
                worked_seq: sea_orm::ActiveValue::Set(mark),
                state: sea_orm::ActiveValue::Set(state),
                updated_at: sea_orm::ActiveValue::Set(now),
                ..Default::default()
            });
        }
        let posted = rows.len() as u64;
        if !unenrolled.is_empty() {
            let _permit = self.gate.enter().await;
            checkpoints::Entity::delete_many()
                .filter(kernel::tenancy::same_company::<checkpoints::Entity>(ctx.company()))
                .filter(checkpoints::Column::EmployeeId.is_in(unenrolled))
                .exec(&self.db)
                .await?;
        }
        if !rows.is_empty() {
            let _permit = self.gate.enter().await;
            checkpoints::Entity::insert_many(rows)
                .on_conflict(
                    OnConflict::columns([checkpoints::Column::CompanyId, checkpoints::Column::EmployeeId])
                        .update_columns([
                            checkpoints::Column::Through,
                            checkpoints::Column::InputsDigest,
                            checkpoints::Column::WorkedSeq,
                            checkpoints::Column::State,
                            checkpoints::Column::UpdatedAt,
                        ])
                        .to_owned(),
                )
                .exec(&self.db)
                .await?;
        }
        problems.sort();
        Ok((posted, computed.resumed, problems))
    }
}
