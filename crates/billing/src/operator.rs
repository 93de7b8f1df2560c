//! The platform operator's billing follow-up (the system area, issue 23; the HTTP contract is
//! `docs/contracts/system.md`, "Customers"): the companies' subscriptions at a glance, every
//! charge with its attempts, and four actions. Each function takes a [`SystemCtx`], the proof
//! that only the gateway's operator guard builds. They reuse the charge job's own steps
//! (`charging.rs`), so the rules of the crate's docs hold for them too:
//!
//! - **Retry a charge** ([`Billing::retry_charge`]): one attempt now with the card on file, as a
//!   *manual* attempt — like the admin's new card, its decline changes nothing but the history
//!   (it does not count towards suspension, and no mail goes out). A paid charge is refused. When
//!   it pays and the company, suspended for failed charges, then owes nothing, the company is
//!   active again as after a new card (its next charge the charge day's next occurrence).
//! - **Charge today** ([`Billing::charge_today`]): the charge job for one company — its charges
//!   due by its local today made, and those due for an attempt attempted on the schedule. Run
//!   twice, the second run finds nothing to do.
//! - **Charge next** ([`Billing::charge_next`]): the period starting on the next charge date is
//!   made now (the next charge date moves a month on, as the job does it) and attempted on the
//!   schedule. Refused when a charge of the company was made today in its zone — so a double
//!   click never bills two months — and when the company has no subscription, or one suspended
//!   for failed charges (retry what it owes first, or activate it).
//! - **Reinstate** ([`Billing::reinstate`]): the operator lifts a suspension made for failed
//!   charges; the subscription runs again from the charge day's next occurrence (the suspended
//!   months are not charged), and what it owes stays owed (retry it).

use crate::charging::{AttemptKind, AttemptResult, ChargeRun};
use crate::entities::{accounts as billing_accounts, attempts, charges};
use crate::overview::{card_of, CardView};
use crate::promotions::CompanyPromotion;
use crate::status::{AttemptStatus, ChargeStatus, SubscriptionStatus};
use crate::{Billing, BillingError};
use chrono::{DateTime, NaiveDate, Utc};
use kernel::tenancy::in_company;
use kernel::time::{local_date, start_of_day};
use kernel::{ChargeId, CompanyId, SystemCtx};
use sea_orm::{ColumnTrait, EntityTrait, Order, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Select};
use serde::Serialize;
use std::collections::{BTreeSet, HashMap};

/// Charges a page of the operator's list.
pub const OPERATOR_CHARGE_PAGE_SIZE: u64 = 20;

pub const CHARGE_PAID_MESSAGE: &str = "This charge is already paid.";
pub const NO_SUBSCRIPTION_MESSAGE: &str = "This company has no subscription.";
pub const BROUGHT_FORWARD_MESSAGE: &str = "A charge was already brought forward today.";
pub const SUBSCRIPTION_SUSPENDED_MESSAGE: &str =
    "This company's subscription is suspended for failed charges: retry what it owes, or activate it first.";

/// Why an operator's billing action was not done.
#[derive(Debug, thiserror::Error)]
pub enum OperatorError {
    /// No such charge or company.
    #[error("not found")]
    NotFound,
    /// Makes no sense in the current state (400), with the operator's message.
    #[error("{0}")]
    Refused(&'static str),
    /// Forbidden by what was just done (409), with the operator's message.
    #[error("{0}")]
    Conflict(&'static str),
    #[error(transparent)]
    Billing(#[from] BillingError),
}

impl From<sea_orm::DbErr> for OperatorError {
    fn from(err: sea_orm::DbErr) -> Self {
        OperatorError::Billing(BillingError::Database(err))
    }
}

impl From<accounts::AccountsError> for OperatorError {
    fn from(err: accounts::AccountsError) -> Self {
        OperatorError::Billing(BillingError::Accounts(err))
    }
}

/// A company's subscription, for the operator (`billing` of `/system/company`).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AccountSummary {
    /// `active`, `past_due` or `suspended` (for failed charges).
    pub status: SubscriptionStatus,
    pub card: Option<CardView>,
    /// The day of the month it is charged on (1–31; clamped to short months' ends).
    pub recurring_day: Option<i32>,
    pub next_charge_date: Option<NaiveDate>,
    /// What it owes: declined charges, in cents.
    pub amount_due: i64,
    pub promotion: Option<CompanyPromotion>,
}

/// A charge as the operator sees it (cents).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct OperatorCharge {
    pub id: i64,
    pub company_id: i64,
    pub period_start: NaiveDate,
    pub period_end: NaiveDate,
    /// Active users counted when it was made.
    pub users: i32,
    pub base: i64,
    /// The price of one user.
    pub per_user: i64,
    pub discount: i64,
    pub total: i64,
    /// `pending`, `paid`, `retrying` or `failed`.
    pub status: ChargeStatus,
    /// Declined scheduled attempts.
    pub failures: i32,
    pub next_attempt_at: Option<DateTime<Utc>>,
    pub paid_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl From<charges::Model> for OperatorCharge {
    fn from(charge: charges::Model) -> Self {
        Self {
            id: charge.id.0,
            company_id: charge.company_id.0,
            period_start: charge.period_start,
            period_end: charge.period_end,
            users: charge.user_count,
            base: charge.base_cents,
            per_user: charge.per_user_cents,
            discount: charge.discount_cents,
            total: charge.total_cents,
            status: charge.status,
            failures: charge.failures,
            next_attempt_at: charge.next_attempt_at,
            paid_at: charge.paid_at,
            created_at: charge.created_at,
        }
    }
}

/// One attempt at a charge.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChargeAttemptView {
    pub id: i64,
    pub number: i32,
    /// `scheduled`, or `manual` (the admin's new card or the operator's retry).
    pub kind: String,
    /// `started`, `succeeded`, `declined` or `error`.
    pub status: AttemptStatus,
    pub started_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    /// The provider's message, when it failed.
    pub error: Option<String>,
}

/// What the operator's charge list is sorted by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChargeSort {
    PeriodStart,
    Total,
}

/// Which charges: one company's or everyone's, of one status or all, in which order.
#[derive(Debug, Clone)]
pub struct ChargeQuery {
    pub company: Option<CompanyId>,
    /// Only the charges of this status.
    pub status: Option<ChargeStatus>,
    pub sort: ChargeSort,
    pub descending: bool,
    /// From 1.
    pub page: u64,
}

/// A page of charges and how many match.
#[derive(Debug, Clone)]
pub struct OperatorChargePage {
    pub charges: Vec<OperatorCharge>,
    pub charge_count: u64,
}

/// How an attempt ended, for the operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttemptOutcome {
    Paid,
    Declined,
    /// Not known yet (the provider did not answer), or not made (no card on file, or another
    /// server was attempting the charge).
    Unsettled,
}

impl AttemptOutcome {
    pub fn code(self) -> &'static str {
        match self {
            AttemptOutcome::Paid => "paid",
            AttemptOutcome::Declined => "declined",
            AttemptOutcome::Unsettled => "unsettled",
        }
    }
}

/// What retrying a charge did.
#[derive(Debug, Clone)]
pub struct Retried {
    pub charge: OperatorCharge,
    pub outcome: AttemptOutcome,
    /// The company, suspended for failed charges, owes nothing now and is active again.
    pub reactivated: bool,
}

/// What running the charges of one company did (charge today, charge next).
#[derive(Debug, Clone)]
pub struct CompanyChargeRun {
    pub created: usize,
    pub paid: usize,
    pub declined: usize,
    pub unsettled: usize,
    /// Whether a last decline suspended the company.
    pub suspended: bool,
    /// The charges made or attempted, newest period first.
    pub charges: Vec<OperatorCharge>,
}

impl Billing {
    /// The subscription status (`trial`, `active`, `past_due`, `suspended`) of each of
    /// `companies` that has a billing account.
    pub async fn subscription_statuses(
        &self,
        _ctx: &SystemCtx,
        companies: &[CompanyId],
    ) -> Result<HashMap<i64, SubscriptionStatus>, BillingError> {
        if companies.is_empty() {
            return Ok(HashMap::new());
        }
        Ok(billing_accounts::Entity::find()
            .select_only()
            .column(billing_accounts::Column::CompanyId)
            .column(billing_accounts::Column::Status)
            .filter(billing_accounts::Column::CompanyId.is_in(companies.iter().map(|company| company.0)))
            .into_tuple::<(i64, SubscriptionStatus)>()
            .all(&self.db)
            .await?
            .into_iter()
            .collect())
    }

    /// The companies whose subscription is past due (a declined charge being retried): few,
    /// for filtering the operator's company list.
    pub async fn past_due_companies(&self, _ctx: &SystemCtx) -> Result<Vec<CompanyId>, BillingError> {
        Ok(billing_accounts::Entity::find()
            .select_only()
            .column(billing_accounts::Column::CompanyId)
            .filter(billing_accounts::Column::Status.eq(SubscriptionStatus::PastDue))
            .into_tuple::<i64>()
            .all(&self.db)
            .await?
            .into_iter()
            .map(CompanyId)
            .collect())
    }

    /// The company's subscription, or `None` before it subscribed.
    pub async fn account_summary(
        &self,
        _ctx: &SystemCtx,
        company: CompanyId,
    ) -> Result<Option<AccountSummary>, BillingError> {
        let Some(account) = billing_accounts::Entity::find_by_id(company.0).one(&self.db).await? else {
            return Ok(None);
        };
        if account.status == SubscriptionStatus::Trial {
            return Ok(None);
        }
        Ok(Some(AccountSummary {
            card: card_of(&account),
            recurring_day: account.recurring_day,
            next_charge_date: account.next_charge_on,
            amount_due: self.amount_due(company).await?,
            promotion: self.company_promotion(company).await?,
            status: account.status,
        }))
    }

    /// A page of charges ([`OPERATOR_CHARGE_PAGE_SIZE`]), the id breaking ties of the order.
    pub async fn operator_charges(
        &self,
        _ctx: &SystemCtx,
        query: &ChargeQuery,
    ) -> Result<OperatorChargePage, BillingError> {
        let mut select: Select<charges::Entity> = match query.company {
            Some(company) => in_company::<charges::Entity>(company),
            None => charges::Entity::find(),
        };
        if let Some(status) = query.status {
            select = select.filter(charges::Column::Status.eq(status));
        }
        let charge_count = select.clone().count(&self.db).await?;
        let direction = if query.descending { Order::Desc } else { Order::Asc };
        let column = match query.sort {
            ChargeSort::PeriodStart => charges::Column::PeriodStart,
            ChargeSort::Total => charges::Column::TotalCents,
        };
        let charges = select
            .order_by(column, direction.clone())
            .order_by(charges::Column::Id, direction)
            .offset((query.page.max(1) - 1) * OPERATOR_CHARGE_PAGE_SIZE)
            .limit(OPERATOR_CHARGE_PAGE_SIZE)
            .all(&self.db)
            .await?
            .into_iter()
            .map(OperatorCharge::from)
            .collect();
        Ok(OperatorChargePage { charges, charge_count })
    }

    /// The charge `id`.
    pub async fn operator_charge(&self, _ctx: &SystemCtx, id: ChargeId) -> Result<OperatorCharge, OperatorError> {
        Ok(charges::Entity::find_by_id(id.0).one(&self.db).await?.ok_or(OperatorError::NotFound)?.into())
    }

    /// The attempts at the charge `id`, first first.
    pub async fn charge_attempts(
        &self,
        _ctx: &SystemCtx,
        id: ChargeId,
    ) -> Result<Vec<ChargeAttemptView>, OperatorError> {
        charges::Entity::find_by_id(id.0).one(&self.db).await?.ok_or(OperatorError::NotFound)?;
        Ok(attempts::Entity::find()
            .filter(attempts::Column::ChargeId.eq(id.0))
            .order_by_asc(attempts::Column::Number)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|attempt| ChargeAttemptView {
                id: attempt.id,
                number: attempt.number,
                kind: if attempt.manual { "manual" } else { "scheduled" }.to_owned(),
                status: attempt.outcome,
                started_at: attempt.started_at,
                finished_at: attempt.finished_at,
                error: attempt.error_message,
            })
            .collect())
    }

    /// Attempts the unpaid charge `id` now (see the module's docs).
    pub async fn retry_charge(
        &self,
        _ctx: &SystemCtx,
        id: ChargeId,
        now: DateTime<Utc>,
    ) -> Result<Retried, OperatorError> {
        let charge = charges::Entity::find_by_id(id.0).one(&self.db).await?.ok_or(OperatorError::NotFound)?;
        if charge.status == ChargeStatus::Paid {
            return Err(OperatorError::Refused(CHARGE_PAID_MESSAGE));
        }
        let company = charge.company_id;
        let outcome = match self.attempt(id, now, AttemptKind::Manual).await?.0 {
            AttemptResult::Paid => AttemptOutcome::Paid,
            AttemptResult::Declined => AttemptOutcome::Declined,
            AttemptResult::Unsettled => AttemptOutcome::Unsettled,
        };
        let mut reactivated = false;
        if outcome == AttemptOutcome::Paid {
            if let Some(billed) = self.accounts.billed_company(company).await? {
                reactivated = self.reactivate(company, billed.time_zone, now).await?;
            }
        }
        let charge = charges::Entity::find_by_id(id.0).one(&self.db).await?.ok_or(OperatorError::NotFound)?;
        Ok(Retried { charge: charge.into(), outcome, reactivated })
    }

    /// The charge job for one company now (see the module's docs).
    pub async fn charge_today(
        &self,
        _ctx: &SystemCtx,
        company: CompanyId,
        now: DateTime<Utc>,
    ) -> Result<CompanyChargeRun, OperatorError> {
        self.accounts.billed_company(company).await?.ok_or(OperatorError::NotFound)?;
        self.run_for(company, now, None).await
    }

    /// Brings the company's next monthly charge forward (see the module's docs).
    pub async fn charge_next(
        &self,
        _ctx: &SystemCtx,
        company: CompanyId,
        now: DateTime<Utc>,
    ) -> Result<CompanyChargeRun, OperatorError> {
        let billed = self.accounts.billed_company(company).await?.ok_or(OperatorError::NotFound)?;
        let account = billing_accounts::Entity::find_by_id(company.0).one(&self.db).await?;
        let (status, next) = match &account {
            Some(account) if account.status != SubscriptionStatus::Trial => (account.status, account.next_charge_on),
            _ => return Err(OperatorError::Refused(NO_SUBSCRIPTION_MESSAGE)),
        };
        if status == SubscriptionStatus::Suspended {
            return Err(OperatorError::Refused(SUBSCRIPTION_SUSPENDED_MESSAGE));
        }
        let Some(next) = next.filter(|_| SubscriptionStatus::CHARGED.contains(&status)) else {
            return Err(OperatorError::Refused(NO_SUBSCRIPTION_MESSAGE));
        };
        let today = local_date(billed.time_zone, now);
        let made_today = in_company::<charges::Entity>(company)
            .filter(charges::Column::CreatedAt.gte(start_of_day(billed.time_zone, today)))
            .one(&self.db)
            .await?;
        if made_today.is_some() {
            return Err(OperatorError::Conflict(BROUGHT_FORWARD_MESSAGE));
        }
        let run = self.run_for(company, now, Some(next.max(today))).await?;
        if run.created == 0 {
            // Another request made it meanwhile.
            return Err(OperatorError::Conflict(BROUGHT_FORWARD_MESSAGE));
        }
        Ok(run)
    }

    /// Makes the company's charges through `through` (its today when `None`) and attempts those
    /// due, as the charge job does; what it made and attempted.
    async fn run_for(
        &self,
        company: CompanyId,
        now: DateTime<Utc>,
        through: Option<NaiveDate>,
    ) -> Result<CompanyChargeRun, OperatorError> {
        let ids = |rows: Vec<ChargeId>| rows.into_iter().collect::<BTreeSet<ChargeId>>();
        let charge_ids = || in_company::<charges::Entity>(company).select_only().column(charges::Column::Id);
        let before = ids(charge_ids().into_tuple().all(&self.db).await?);
        let mut run =
            ChargeRun { created: self.make_charges_through(company, now, through).await?, ..ChargeRun::default() };
        let attempted = self.attempt_due(Some(company), now, &mut run).await?;
        let mut touched = ids(charge_ids().into_tuple().all(&self.db).await?);
        touched.retain(|id| !before.contains(id));
        touched.extend(attempted);
        let charges = charges::Entity::find()
            .filter(charges::Column::Id.is_in(touched))
            .order_by_desc(charges::Column::PeriodStart)
            .all(&self.db)
            .await?
            .into_iter()
            .map(OperatorCharge::from)
            .collect();
        Ok(CompanyChargeRun {
            created: run.created,
            paid: run.paid,
            declined: run.declined,
            unsettled: run.unsettled,
            suspended: run.suspended > 0,
            charges,
        })
    }

    /// The operator lifts a suspension made for failed charges (see the module's docs): the
    /// next charge date when the subscription was suspended and runs again, `None` when it was
    /// not suspended (nothing changes).
    pub async fn reinstate(
        &self,
        _ctx: &SystemCtx,
        company: CompanyId,
        now: DateTime<Utc>,
    ) -> Result<Option<NaiveDate>, OperatorError> {
        let billed = self.accounts.billed_company(company).await?.ok_or(OperatorError::NotFound)?;
        if !self.resume(company, billed.time_zone, now, false).await? {
            return Ok(None);
        }
        Ok(billing_accounts::Entity::find_by_id(company.0)
            .one(&self.db)
            .await?
            .and_then(|account| account.next_charge_on))
    }
}
