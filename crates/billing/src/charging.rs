//! The monthly charges: the scheduled job that makes each due charge once and attempts it, the
//! attempts themselves, and what a decline or a payment changes. See the crate's docs for the
//! rules; this module is how they are kept.

use crate::entities::{accounts as billing_accounts, attempts, charges};
use crate::provider::{PaymentState, ProviderError};
use crate::status::{AttemptStatus, ChargeStatus, SubscriptionStatus};
use crate::{Billing, BillingError, BASE_CENTS, MAX_ATTEMPTS, PER_USER_CENTS, RETRY_GAPS};
use accounts::mail::OutgoingMail;
use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use kernel::tenancy::{in_company, same_company};
use kernel::time::local_date;
use kernel::{ChargeId, CompanyId};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use std::collections::BTreeMap;

/// The charge job's name on the scheduler.
pub const CHARGE_JOB: &str = "billing-charges";

/// How long a server holds a charge it is attempting: longer than the provider's timeout.
const CLAIM: Duration = Duration::minutes(5);
/// When the provider could not be reached, the attempt is tried again after this.
const UNREACHABLE_RETRY: Duration = Duration::minutes(30);

/// What one run of the job did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ChargeRun {
    /// Charges made (one per company and period).
    pub created: usize,
    pub paid: usize,
    pub declined: usize,
    /// Attempts whose outcome is not known yet (the provider did not answer).
    pub unsettled: usize,
    pub suspended: usize,
}

impl std::fmt::Display for ChargeRun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} charges made, {} paid, {} declined, {} unsettled, {} companies suspended",
            self.created, self.paid, self.declined, self.unsettled, self.suspended
        )
    }
}

impl ChargeRun {
    /// Counts another run's (a company's batch) in this one.
    pub fn add(&mut self, other: ChargeRun) {
        self.created += other.created;
        self.paid += other.paid;
        self.declined += other.declined;
        self.unsettled += other.unsettled;
        self.suspended += other.suspended;
    }

    /// Charges this run made or attempted.
    pub fn charges(&self) -> usize {
        self.created + self.paid + self.declined + self.unsettled
    }
}

/// How an attempt ended, for the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AttemptResult {
    Paid,
    Declined,
    /// Not known yet, or not made (the charge is held by another server, or already settled).
    Unsettled,
}

/// Whether an attempt is the schedule's (a decline counts towards suspension) or the admin's
/// with a new card (a decline changes nothing but the history).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AttemptKind {
    Scheduled,
    Manual,
}

impl Billing {
    /// The charge job: makes every due charge, then attempts every charge due for an attempt.
    /// Safe to run on several servers at once and to run again.
    pub async fn run_charges(&self, now: DateTime<Utc>) -> Result<ChargeRun, BillingError> {
        let mut run = ChargeRun::default();
        for company in self.charge_companies(now).await? {
            run.add(self.charge_company(company, now).await?);
        }
        Ok(run)
    }

    /// The companies with a charge to make or to attempt at `now`: the batches of the charge run.
    pub async fn charge_companies(&self, now: DateTime<Utc>) -> Result<Vec<CompanyId>, BillingError> {
        // Due in some zone: the earliest zone's today is at most a day behind UTC's tomorrow.
        let horizon = now.date_naive() + Duration::days(1);
        let mut due: Vec<i64> = billing_accounts::Entity::find()
            .select_only()
            .column(billing_accounts::Column::CompanyId)
            .filter(billing_accounts::Column::Status.is_in(SubscriptionStatus::CHARGED))
            .filter(billing_accounts::Column::NextChargeOn.lte(horizon))
            .into_tuple()
            .all(&self.db)
            .await?;
        let attempts: Vec<CompanyId> = charges::Entity::find()
            .select_only()
            .column(charges::Column::CompanyId)
            .filter(charges::Column::Status.is_in(ChargeStatus::SCHEDULED))
            .filter(charges::Column::NextAttemptAt.lte(now))
            .distinct()
            .into_tuple()
            .all(&self.db)
            .await?;
        due.extend(attempts.into_iter().map(|company| company.0));
        due.sort_unstable();
        due.dedup();
        Ok(due.into_iter().map(CompanyId).collect())
    }

    /// One company's batch of the charge run: its charges due by its local today made (each
    /// once: the charge row is unique per period) and its due attempts made (each attempt moves
    /// the charge on in the transaction that records it, and carries an idempotency key to the
    /// provider, so a batch run twice charges once).
    pub async fn charge_company(&self, company: CompanyId, now: DateTime<Utc>) -> Result<ChargeRun, BillingError> {
        let mut run = ChargeRun { created: self.make_due_charges(company, now).await?, ..ChargeRun::default() };
        self.attempt_due(Some(company), now, &mut run).await?;
        Ok(run)
    }

    /// Attempts every charge due for an attempt (of one company, or of all), as the schedule's
    /// attempts, counting the outcomes in `run`; the charges it attempted.
    pub(crate) async fn attempt_due(
        &self,
        company: Option<CompanyId>,
        now: DateTime<Utc>,
        run: &mut ChargeRun,
    ) -> Result<Vec<ChargeId>, BillingError> {
        let mut due = charges::Entity::find()
            .select_only()
            .column(charges::Column::Id)
            .filter(charges::Column::Status.is_in(ChargeStatus::SCHEDULED))
            .filter(charges::Column::NextAttemptAt.lte(now));
        if let Some(company) = company {
            due = due.filter(same_company::<charges::Entity>(company));
        }
        let attempts: Vec<ChargeId> = due.order_by_asc(charges::Column::Id).into_tuple().all(&self.db).await?;
        for charge in &attempts {
            match self.attempt(*charge, now, AttemptKind::Scheduled).await? {
                (AttemptResult::Paid, _) => run.paid += 1,
                (AttemptResult::Declined, suspended) => {
                    run.declined += 1;
                    run.suspended += usize::from(suspended);
                }
                (AttemptResult::Unsettled, _) => run.unsettled += 1,
            }
        }
        Ok(attempts)
    }

    /// Makes the company's charges that are due by its local today, each once: the charge row
    /// and the subscription's next date move together in one transaction, and the row is unique
    /// per period.
    pub(crate) async fn make_due_charges(&self, company: CompanyId, now: DateTime<Utc>) -> Result<usize, BillingError> {
        self.make_charges_through(company, now, None).await
    }

    /// Makes the company's charges whose periods start by `through` (its local today when
    /// `None`; a later day brings charges forward), each once, as [`Self::make_due_charges`].
    pub(crate) async fn make_charges_through(
        &self,
        company: CompanyId,
        now: DateTime<Utc>,
        through: Option<NaiveDate>,
    ) -> Result<usize, BillingError> {
        let Some(billed) = self.accounts.billed_company(company).await? else { return Ok(0) };
        let today = through.unwrap_or_else(|| local_date(billed.time_zone, now));
        let mut created = 0;
        loop {
            let Some(account) = billing_accounts::Entity::find_by_id(company.0).one(&self.db).await? else {
                return Ok(created);
            };
            let (Some(period_start), Some(day)) = (account.next_charge_on, account.recurring_day) else {
                return Ok(created);
            };
            if period_start > today || !SubscriptionStatus::CHARGED.contains(&account.status) {
                return Ok(created);
            }
            let next = crate::next_charge_date(period_start, u32::try_from(day).unwrap_or(1));
            let users = self.accounts.active_user_count(company).await?;
            let users_i32 = i32::try_from(users).unwrap_or(i32::MAX);
            let gross = BASE_CENTS + PER_USER_CENTS * users;
            let _permit = self.gate.enter().await;
            let txn = kernel::begin_write(&self.db).await?;
            let moved = billing_accounts::Entity::update_many()
                .col_expr(billing_accounts::Column::NextChargeOn, Expr::value(Some(next)))
                .col_expr(billing_accounts::Column::UpdatedAt, Expr::value(now))
                .filter(same_company::<billing_accounts::Entity>(company))
                .filter(billing_accounts::Column::NextChargeOn.eq(period_start))
                .exec(&txn)
                .await?
                .rows_affected;
            if moved == 1 {
                // The promotion is read after the subscription's row is updated: a second run
                // making the same charge waits on that row, then finds it moved on.
                let promotion = crate::promotions::applicable(&txn, company).await?;
                let discount =
                    promotion.as_ref().map_or(0, |(_, promotion)| crate::promotions::discount(promotion, gross));
                let total = gross - discount;
                // Nothing to take: paid as it is made, without the provider (no attempt).
                let free = total == 0;
                let row = charges::ActiveModel {
                    company_id: Set(company),
                    period_start: Set(period_start),
                    period_end: Set(next - Duration::days(1)),
                    user_count: Set(users_i32),
                    base_cents: Set(BASE_CENTS),
                    per_user_cents: Set(PER_USER_CENTS),
                    discount_cents: Set(discount),
                    promotion_code: Set(promotion.as_ref().map(|(_, promotion)| promotion.code.clone())),
                    total_cents: Set(total),
                    status: Set(if free { ChargeStatus::Paid } else { ChargeStatus::Pending }),
                    failures: Set(0),
                    next_attempt_at: Set(if free { None } else { Some(now) }),
                    claimed_until: Set(None),
                    paid_at: Set(free.then_some(now)),
                    created_at: Set(now),
                    updated_at: Set(now),
                    ..Default::default()
                };
                let inserted = charges::Entity::insert(row)
                    .on_conflict(
                        OnConflict::columns([charges::Column::CompanyId, charges::Column::PeriodStart])
                            .do_nothing()
                            .to_owned(),
                    )
                    .exec_without_returning(&txn)
                    .await?;
                // A month of the promotion is used by the charge that was made, only.
                if inserted == 1 && promotion.is_some_and(|(redemption, _)| redemption.months_left.is_some()) {
                    crate::promotions::use_month(&txn, company).await?;
                }
                created += usize::try_from(inserted).unwrap_or(0);
            }
            txn.commit().await?;
        }
    }

    /// One attempt at a charge (or the settling of an earlier attempt whose outcome was not
    /// known). Returns how it ended and whether the company was suspended by it.
    pub(crate) async fn attempt(
        &self,
        charge_id: ChargeId,
        now: DateTime<Utc>,
        kind: AttemptKind,
    ) -> Result<(AttemptResult, bool), BillingError> {
        // Claim the charge: one server at a time attempts it. A claim is about real time (how long
        // an attempt may take), not the instant the run acts as of (a run may act as of another
        // time, or last longer than a claim), so it is stamped and checked with the clock.
        let wall = Utc::now();
        let unpaid: &[ChargeStatus] = match kind {
            AttemptKind::Scheduled => &ChargeStatus::SCHEDULED,
            AttemptKind::Manual => &ChargeStatus::UNPAID,
        };
        let claimed = {
            let _permit = self.gate.enter().await;
            charges::Entity::update_many()
                .col_expr(charges::Column::ClaimedUntil, Expr::value(Some(wall + CLAIM)))
                .filter(charges::Column::Id.eq(charge_id))
                .filter(charges::Column::Status.is_in(unpaid.iter().copied()))
                .filter(
                    Condition::any()
                        .add(charges::Column::ClaimedUntil.is_null())
                        .add(charges::Column::ClaimedUntil.lt(wall)),
                )
                .exec(&self.db)
                .await?
                .rows_affected
                == 1
        };
        if !claimed {
            return Ok((AttemptResult::Unsettled, false));
        }
        let outcome = self.attempt_claimed(charge_id, now, kind).await;
        self.release(charge_id).await?;
        outcome
    }

    async fn release(&self, charge_id: ChargeId) -> Result<(), BillingError> {
        let _permit = self.gate.enter().await;
        charges::Entity::update_many()
            .col_expr(charges::Column::ClaimedUntil, Expr::value(Option::<DateTime<Utc>>::None))
            .filter(charges::Column::Id.eq(charge_id))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    async fn attempt_claimed(
        &self,
        charge_id: ChargeId,
        now: DateTime<Utc>,
        kind: AttemptKind,
    ) -> Result<(AttemptResult, bool), BillingError> {
        let Some(charge) = charges::Entity::find_by_id(charge_id).one(&self.db).await? else {
            return Ok((AttemptResult::Unsettled, false));
        };
        let company = charge.company_id;
        let last = attempts::Entity::find()
            .filter(attempts::Column::ChargeId.eq(charge_id))
            .order_by_desc(attempts::Column::Number)
            .one(&self.db)
            .await?;
        let Some(account) = billing_accounts::Entity::find_by_id(company.0).one(&self.db).await? else {
            return Ok((AttemptResult::Unsettled, false));
        };
        let (Some(customer), Some(method)) = (account.customer_id.clone(), account.payment_method_id.clone()) else {
            return Ok((AttemptResult::Unsettled, false));
        };
        // An earlier attempt whose outcome is not known: ask the provider, never charge again.
        if let Some(last) = last.as_ref().filter(|attempt| attempt.outcome == AttemptStatus::Started) {
            match &last.payment_intent_id {
                None => {
                    // Stopped before the intent existed (or before its id was stored): an
                    // unconfirmed intent, if any, takes no money. This attempt is over.
                    self.finish_attempt(last.id, AttemptStatus::Error, Some("interrupted"), None, now).await?;
                }
                Some(intent) => {
                    let state = match self.provider.payment_state(intent).await {
                        Ok(PaymentState::AwaitingConfirmation) => {
                            self.provider.confirm_payment(intent, &method, &attempt_key(&charge, last.number)).await
                        }
                        other => other,
                    };
                    return self.settle(&charge, last, state, now, kind).await;
                }
            }
        }
        // A new attempt: written before the provider hears of it.
        let number = last.as_ref().map_or(1, |attempt| attempt.number + 1);
        let attempt = {
            let _permit = self.gate.enter().await;
            attempts::ActiveModel {
                charge_id: Set(charge.id),
                company_id: Set(company),
                number: Set(number),
                manual: Set(kind == AttemptKind::Manual),
                payment_intent_id: Set(None),
                outcome: Set(AttemptStatus::Started),
                error_code: Set(None),
                error_message: Set(None),
                started_at: Set(now),
                finished_at: Set(None),
                ..Default::default()
            }
            .insert(&self.db)
            .await?
        };
        let key = attempt_key(&charge, number);
        let metadata = BTreeMap::from([
            ("company_id".to_owned(), company.0.to_string()),
            ("charge_id".to_owned(), charge.id.to_string()),
            ("period_start".to_owned(), charge.period_start.to_string()),
            ("attempt".to_owned(), number.to_string()),
        ]);
        let intent = match self.provider.create_payment(&customer, &method, charge.total_cents, &key, &metadata).await {
            Ok(intent) => intent,
            Err(err) => {
                return self.settle(&charge, &attempt, Err(err), now, kind).await;
            }
        };
        // Stored only while the attempt is still this run's to finish: had another server taken
        // the charge meanwhile (and ended this attempt as interrupted), this intent is left
        // unconfirmed — it takes no money — and the other attempt stands.
        let stored = {
            let _permit = self.gate.enter().await;
            attempts::Entity::update_many()
                .col_expr(attempts::Column::PaymentIntentId, Expr::value(Some(intent.clone())))
                .filter(attempts::Column::Id.eq(attempt.id))
                .filter(attempts::Column::Outcome.eq(AttemptStatus::Started))
                .filter(attempts::Column::PaymentIntentId.is_null())
                .exec(&self.db)
                .await?
                .rows_affected
                == 1
        };
        if !stored {
            tracing::warn!(
                charge = charge.id.0,
                intent,
                "an attempt ended by another server: its intent is left unconfirmed"
            );
            return Ok((AttemptResult::Unsettled, false));
        }
        let state = self.provider.confirm_payment(&intent, &method, &key).await;
        self.settle(&charge, &attempt, state, now, kind).await
    }

    /// Applies the provider's answer about an attempt.
    async fn settle(
        &self,
        charge: &charges::Model,
        attempt: &attempts::Model,
        state: Result<PaymentState, ProviderError>,
        now: DateTime<Utc>,
        kind: AttemptKind,
    ) -> Result<(AttemptResult, bool), BillingError> {
        match state {
            Ok(PaymentState::Succeeded) => {
                self.settle_paid(attempt.id, now).await?;
                Ok((AttemptResult::Paid, false))
            }
            Ok(PaymentState::Declined { code, message }) => {
                let (_, suspended) = self.settle_declined(attempt.id, &code, &message, now, kind).await?;
                Ok((AttemptResult::Declined, suspended))
            }
            // Still with the provider: the next run asks again.
            Ok(PaymentState::Processing | PaymentState::AwaitingConfirmation) => {
                self.postpone(charge.id, now + UNREACHABLE_RETRY).await?;
                Ok((AttemptResult::Unsettled, false))
            }
            Err(ProviderError::Unreachable(error)) => {
                // The outcome is unknown when the intent exists: the attempt stays `started`
                // and the next run asks the provider about it. Without an intent nothing
                // happened: the attempt is over.
                if attempt.payment_intent_id.is_none() && attempt.outcome == AttemptStatus::Started {
                    let stored = attempts::Entity::find_by_id(attempt.id).one(&self.db).await?;
                    if stored.is_some_and(|stored| stored.payment_intent_id.is_none()) {
                        self.finish_attempt(attempt.id, AttemptStatus::Error, Some("unreachable"), Some(&error), now)
                            .await?;
                    }
                }
                tracing::warn!(charge = charge.id.0, %error, "the payment provider did not answer; trying later");
                self.postpone(charge.id, now + UNREACHABLE_RETRY).await?;
                Ok((AttemptResult::Unsettled, false))
            }
            Err(ProviderError::Refused { code, message, .. }) => {
                // Refused as a request (not a card decline): recorded, tried again later.
                self.finish_attempt(attempt.id, AttemptStatus::Error, Some(&code), Some(&message), now).await?;
                tracing::error!(charge = charge.id.0, %code, %message, "the payment provider refused a charge");
                self.postpone(charge.id, now + UNREACHABLE_RETRY).await?;
                Ok((AttemptResult::Unsettled, false))
            }
        }
    }

    async fn postpone(&self, charge_id: ChargeId, at: DateTime<Utc>) -> Result<(), BillingError> {
        let _permit = self.gate.enter().await;
        charges::Entity::update_many()
            .col_expr(charges::Column::NextAttemptAt, Expr::value(Some(at)))
            .filter(charges::Column::Id.eq(charge_id))
            .filter(charges::Column::Status.is_in(ChargeStatus::SCHEDULED))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    /// Ends an attempt with `outcome` if it is still `started`; whether this call ended it.
    async fn finish_attempt(
        &self,
        attempt_id: i64,
        outcome: AttemptStatus,
        code: Option<&str>,
        message: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<bool, BillingError> {
        let _permit = self.gate.enter().await;
        Ok(attempts::Entity::update_many()
            .col_expr(attempts::Column::Outcome, Expr::value(outcome))
            .col_expr(attempts::Column::ErrorCode, Expr::value(code.map(|code| truncate(code, 64))))
            .col_expr(attempts::Column::ErrorMessage, Expr::value(message.map(|message| truncate(message, 500))))
            .col_expr(attempts::Column::FinishedAt, Expr::value(Some(now)))
            .filter(attempts::Column::Id.eq(attempt_id))
            .filter(attempts::Column::Outcome.eq(AttemptStatus::Started))
            .exec(&self.db)
            .await?
            .rows_affected
            == 1)
    }

    /// The attempt took the money: its charge is paid, and a company that owes nothing more is
    /// in good standing. Only the call that ends the attempt applies this.
    pub(crate) async fn settle_paid(&self, attempt_id: i64, now: DateTime<Utc>) -> Result<bool, BillingError> {
        let Some(attempt) = attempts::Entity::find_by_id(attempt_id).one(&self.db).await? else { return Ok(false) };
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let ended = attempts::Entity::update_many()
            .col_expr(attempts::Column::Outcome, Expr::value(AttemptStatus::Succeeded))
            .col_expr(attempts::Column::FinishedAt, Expr::value(Some(now)))
            .filter(attempts::Column::Id.eq(attempt_id))
            .filter(attempts::Column::Outcome.eq(AttemptStatus::Started))
            .exec(&txn)
            .await?
            .rows_affected
            == 1;
        if !ended {
            txn.rollback().await?;
            return Ok(false);
        }
        charges::Entity::update_many()
            .col_expr(charges::Column::Status, Expr::value(ChargeStatus::Paid))
            .col_expr(charges::Column::PaidAt, Expr::value(Some(now)))
            .col_expr(charges::Column::NextAttemptAt, Expr::value(Option::<DateTime<Utc>>::None))
            .col_expr(charges::Column::UpdatedAt, Expr::value(now))
            .filter(charges::Column::Id.eq(attempt.charge_id))
            .exec(&txn)
            .await?;
        let company = attempt.company_id;
        let owing = in_company::<charges::Entity>(company)
            .filter(charges::Column::Status.is_in(ChargeStatus::OWED))
            .one(&txn)
            .await?
            .is_some();
        if !owing {
            billing_accounts::Entity::update_many()
                .col_expr(billing_accounts::Column::Status, Expr::value(SubscriptionStatus::Active))
                .col_expr(billing_accounts::Column::UpdatedAt, Expr::value(now))
                .filter(same_company::<billing_accounts::Entity>(company))
                .filter(billing_accounts::Column::Status.eq(SubscriptionStatus::PastDue))
                .exec(&txn)
                .await?;
        }
        txn.commit().await?;
        Ok(true)
    }

    /// The attempt was declined. A scheduled one counts towards suspension: the charge is
    /// retried on the schedule or, after the last attempt, fails and the company is suspended;
    /// the admins are told either way. Returns whether this call ended the attempt, and
    /// whether it suspended the company.
    pub(crate) async fn settle_declined(
        &self,
        attempt_id: i64,
        code: &str,
        message: &str,
        now: DateTime<Utc>,
        kind: AttemptKind,
    ) -> Result<(bool, bool), BillingError> {
        let Some(attempt) = attempts::Entity::find_by_id(attempt_id).one(&self.db).await? else {
            return Ok((false, false));
        };
        if !self.finish_attempt(attempt_id, AttemptStatus::Declined, Some(code), Some(message), now).await? {
            return Ok((false, false));
        }
        if kind == AttemptKind::Manual {
            return Ok((true, false));
        }
        let Some(charge) = charges::Entity::find_by_id(attempt.charge_id).one(&self.db).await? else {
            return Ok((true, false));
        };
        let failures = charge.failures + 1;
        let company = charge.company_id;
        let last = failures >= MAX_ATTEMPTS;
        let next_attempt = usize::try_from(failures - 1).ok().and_then(|i| RETRY_GAPS.get(i)).map(|gap| now + *gap);
        {
            let _permit = self.gate.enter().await;
            let txn = kernel::begin_write(&self.db).await?;
            charges::Entity::update_many()
                .col_expr(charges::Column::Failures, Expr::value(failures))
                .col_expr(
                    charges::Column::Status,
                    Expr::value(if last { ChargeStatus::Failed } else { ChargeStatus::Retrying }),
                )
                .col_expr(charges::Column::NextAttemptAt, Expr::value(if last { None } else { next_attempt }))
                .col_expr(charges::Column::UpdatedAt, Expr::value(now))
                .filter(charges::Column::Id.eq(charge.id))
                .filter(charges::Column::Status.is_in(ChargeStatus::SCHEDULED))
                .exec(&txn)
                .await?;
            billing_accounts::Entity::update_many()
                .col_expr(
                    billing_accounts::Column::Status,
                    Expr::value(if last { SubscriptionStatus::Suspended } else { SubscriptionStatus::PastDue }),
                )
                .col_expr(billing_accounts::Column::UpdatedAt, Expr::value(now))
                .filter(same_company::<billing_accounts::Entity>(company))
                .filter(billing_accounts::Column::Status.is_in(SubscriptionStatus::CHARGED))
                .exec(&txn)
                .await?;
            txn.commit().await?;
        }
        if last {
            self.accounts.set_suspended(company, true).await?;
        }
        self.tell_admins(company, &charge, last, next_attempt).await?;
        Ok((true, last))
    }

    async fn tell_admins(
        &self,
        company: CompanyId,
        charge: &charges::Model,
        suspended: bool,
        next_attempt: Option<DateTime<Utc>>,
    ) -> Result<(), BillingError> {
        let Some(billed) = self.accounts.billed_company(company).await? else { return Ok(()) };
        let amount = dollars(charge.total_cents);
        let link = self.accounts.screen_link("/admin/manage/my-account");
        let (subject, text) = if suspended {
            (
                "Your Timekeep account has been suspended".to_owned(),
                format!(
                    "We could not charge {amount} for {}'s Timekeep subscription after several attempts, so the account has been suspended.\n\nYour team cannot use Timekeep until the payment method is updated. Update it here: {link}\n",
                    billed.name
                ),
            )
        } else {
            let when = next_attempt
                .map(|at| local_date(billed.time_zone, at).format("%b %d, %Y").to_string())
                .unwrap_or_default();
            (
                "Your Timekeep payment was declined".to_owned(),
                format!(
                    "We could not charge {amount} for {}'s Timekeep subscription: the card was declined.\n\nWe will try again on {when}. To avoid a suspension, update the payment method here: {link}\n",
                    billed.name
                ),
            )
        };
        let mails = self
            .accounts
            .company_admins(company)
            .await?
            .into_iter()
            .map(|admin| OutgoingMail {
                company: Some(company),
                to_email: admin.email,
                to_name: admin.name,
                subject: subject.clone(),
                text: text.clone(),
            })
            .collect();
        self.accounts.notify_all(mails).await;
        Ok(())
    }
}

/// The idempotency key sent with an attempt's requests: one per company, period and attempt.
fn attempt_key(charge: &charges::Model, number: i32) -> String {
    format!("timekeep-{}-{}-{}", charge.company_id, charge.period_start, number)
}

/// `$29.00`.
pub(crate) fn dollars(cents: i64) -> String {
    format!("${}.{:02}", cents / 100, (cents % 100).abs())
}

fn truncate(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

/// The charge day as stored (1–31) for a subscription that starts on `day`.
pub(crate) fn charge_day(day: NaiveDate) -> i32 {
    i32::try_from(day.day()).unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dollars_are_whole_cents() {
        assert_eq!(dollars(2900), "$29.00");
        assert_eq!(dollars(805), "$8.05");
    }
}
