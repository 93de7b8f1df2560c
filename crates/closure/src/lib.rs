//! Closing a company's account (issue 22, "Cancel account"; ARCHITECTURE.md floor 4): every
//! record and every file of the company erased, on SQLite and PostgreSQL alike.
//!
//! This crate owns no table. Each crate that owns tables erases its own rows of the company
//! through its `purge_company` (the rule "each crate owns its tables" holds for deleting too), and
//! [`Closure::close_company`] composes them, from the crates at the top of the house down to
//! `accounts`, in one database transaction: a foreign key always points from a higher crate's
//! table to a lower one's (or within a crate, where each purge deletes children first), so every
//! row is deleted before the rows it refers to. Nothing relies on `ON DELETE CASCADE`; the
//! cascades stay as a safety net, and the gateway's `tests/api/closure.rs` proves every table of the
//! database empty of the company afterwards.
//!
//! # What "every record and file" means
//!
//! Every row of every table that holds the company's data, grouped by the crate that owns it,
//! in the order they are deleted:
//!
//! 1. `billing`: `billing_charge_attempts`, `billing_charges`, `billing_checkouts`,
//!    `billing_webhook_events` (those that name the company), `billing_promotion_redemptions`,
//!    `billing_accounts` (the promotion codes themselves, `billing_promotions`, are the platform's).
//! 2. `hr`: `hr_policy_recipients`, `hr_policy_workflows`, `hr_policy_versions`, `hr_policies`,
//!    `hr_documents`, `hr_doc_requests`, `hr_events`, `hr_types`, `emergency_contacts`,
//!    `calendar_feeds`, `calendar_events`, `celebration_sends`, `celebration_messages`,
//!    `company_celebration_messages`.
//! 3. `pto`: `pto_requests`, `employee_holiday_hours`, `paid_holidays`, `pto_checkpoints`,
//!    `pto_balance_entries`, `pto_enrollments`, `pto_rule_changes`, `pto_rules`, `pto_plans`,
//!    `pto_type_overrides`, `pto_types`.
//! 4. `activity`: `activities`; `audit`: `audit_trail` (the one delete the trail allows);
//!    `webhooks`: `webhook_deliveries`, `webhook_endpoints`.
//! 5. `timesheet`: `timesheet_edit_requests`, `timesheet_changes`, `timesheet_comments`.
//! 6. `clock`: `time_entry_breaks` and `time_entry_actions` (through the company's shifts: they
//!    have no company column), `time_entries`, then `weekly_worked_minutes` and
//!    `worked_changes` — the triggers on `time_entries` write those two while the shifts are
//!    deleted, and `worked_changes` has no foreign key at all — and `time_settings`.
//! 7. `files`: `stored_files` (avatars, the logo, HR documents, events' and policies' files).
//! 8. `accounts`: `auth_throttle` rows keyed by one of the company's people (their e-mail
//!    address or id), `email_tokens` and `sessions` of its people (as user or impersonated),
//!    `users`, `job_roles`, and last the `companies` row.
//!
//! Files: the bytes of every `stored_files` row of the company are deleted from the
//! [`files::FileStore`] once the transaction has committed (before, a rollback could not bring
//! them back). A key already missing is not an error; one the store fails to delete is logged and
//! reported in [`ClosedCompany::files_left`] — bytes no row names any more, so nobody can reach
//! them, only disk space to reclaim.
//!
//! Sessions: deleted with the people, in the same transaction. Every request re-reads its
//! session, user and company, so from the commit on every token of the company — the closing
//! admin's too — is refused (401).
//!
//! # What is not deleted, and why
//!
//! - `scheduled_jobs`: the scheduler's leases, one row per named job for the whole deployment
//!   (accruals, celebrations, onboarding…). They belong to no company; a job's next run simply
//!   finds no rows of this one.
//! - `auth_throttle` rows keyed by a network address only (`login-ip:…`, `signup-ip:…`): they
//!   count failures of an address across companies and guard the service, not an account; they
//!   expire with their window (an hour at most).
//! - `seaql_migrations`: the schema's history.
//! - `system_audit`: the platform operator's audit log (`system-admin`), append-only by rule: what
//!   support did to the company (and that it was deleted, by whom) stays readable to the operator.
//!   Its rows hold the company's id and name and the e-mail addresses of the people involved,
//!   nothing of the company's records.
//! - Mail already handed to the mail server, and the server's logs: outside the database.
//! - Backups of the database and of the file folder: outside this process; they age out with
//!   the operator's retention.
//! - At the payment provider: its customer (and so its saved card) is deleted after the commit
//!   by the `billing` crate; the provider keeps its own record of past payments, as payment
//!   providers must.
//!
//! # Writes meanwhile
//!
//! On SQLite the closing transaction holds the [`WriteGate`] (as every write of the product
//! does), so no other write of this process interleaves. On PostgreSQL
//! [`accounts::lock_company`] first locks the company's row and its people's rows: any
//! concurrent write referring to them waits for the commit and then fails its foreign key check,
//! so nothing of the company is written between one crate's purge and the next.

use files::{Files, PurgedFiles};
use kernel::purge::Erased;
use kernel::{AdminCtx, CompanyId, SystemCtx, WriteGate};
use sea_orm::{DatabaseConnection, DatabaseTransaction, DbErr};

#[derive(Debug, thiserror::Error)]
pub enum ClosureError {
    /// The company does not exist (any more): closed already, or by a request that raced this one.
    #[error("not found")]
    NotFound,
    #[error(transparent)]
    Db(#[from] DbErr),
    /// Billing could not say who the company's customer at the provider is.
    #[error("billing: {0}")]
    Billing(String),
}

/// What closing a company erased.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClosedCompany {
    pub company: CompanyId,
    /// Rows deleted per table, in the order they were deleted (tables of the crates whose purge
    /// reports counts; `billing`'s purge does not).
    pub erased: Vec<Erased>,
    /// Stored files whose bytes were removed from the file store (or were already missing).
    pub files_removed: usize,
    /// Storage keys whose bytes the file store failed to delete (logged).
    pub files_left: Vec<String>,
}

impl ClosedCompany {
    /// Rows deleted from `table`.
    pub fn rows_of(&self, table: &str) -> u64 {
        self.erased.iter().filter(|erased| erased.table == table).map(|erased| erased.rows).sum()
    }
}

/// The account-closing service. Cheap to clone.
#[derive(Clone)]
pub struct Closure {
    db: DatabaseConnection,
    files: Files,
    gate: WriteGate,
    /// Billing, when on: its customer at the provider is removed too.
    billing: Option<billing::Billing>,
}

impl Closure {
    pub fn new(db: DatabaseConnection, files: Files, gate: WriteGate) -> Self {
        Self { db, files, gate, billing: None }
    }

    /// With billing on, closing also removes the company's customer (and saved card) at the
    /// payment provider.
    pub fn with_billing(mut self, billing: billing::Billing) -> Self {
        self.billing = Some(billing);
        self
    }

    /// Erases every record and file of the admin's company (see the crate's docs for what that
    /// covers). The [`AdminCtx`] is the proof, built by the gateway's guard, that the caller is
    /// an admin of the company; the company is the context's, never a parameter.
    ///
    /// The database part is one transaction: on any error nothing is deleted. The files are
    /// removed after the commit.
    pub async fn close_company(&self, ctx: &AdminCtx) -> Result<ClosedCompany, ClosureError> {
        self.close(ctx.company()).await
    }

    /// Erases every record and file of `company` for a platform operator (the system area's
    /// "delete company"), exactly as its admin's "Cancel account" does ([`Self::close_company`]).
    /// The [`SystemCtx`] is the proof, built by the gateway's operator guard, that the caller may
    /// name any company. `NotFound` if it does not exist (any more).
    pub async fn close_company_for_operator(
        &self,
        _ctx: &SystemCtx,
        company: CompanyId,
    ) -> Result<ClosedCompany, ClosureError> {
        self.close(company).await
    }

    async fn close(&self, company: CompanyId) -> Result<ClosedCompany, ClosureError> {
        let customer = match &self.billing {
            Some(billing) => {
                billing.customer_of(company).await.map_err(|err| ClosureError::Billing(err.to_string()))?
            }
            None => None,
        };
        let (erased, purged) = {
            let _permit = self.gate.enter().await;
            let txn = kernel::begin_write(&self.db).await?;
            match erase_everything(&txn, company).await {
                Ok(done) => {
                    txn.commit().await?;
                    done
                }
                Err(err) => {
                    txn.rollback().await?;
                    return Err(err);
                }
            }
        };

        // The provider's customer, read before the transaction deleted its id, is removed after
        // the commit (a failure there is logged: the records are gone either way).
        if let (Some(billing), Some(customer)) = (&self.billing, customer) {
            billing.forget_customer(&customer).await;
        }

        let removed = self.files.remove_purged(&purged).await;
        tracing::info!(
            company = company.0,
            rows = erased.iter().map(|erased| erased.rows).sum::<u64>(),
            files = removed.removed,
            files_left = removed.failed.len(),
            "company closed: every record and file erased"
        );
        Ok(ClosedCompany { company, erased, files_removed: removed.removed, files_left: removed.failed })
    }
}

/// Every crate's purge, top of the house first, `accounts` last.
async fn erase_everything(
    txn: &DatabaseTransaction,
    company: CompanyId,
) -> Result<(Vec<Erased>, PurgedFiles), ClosureError> {
    if !accounts::lock_company(txn, company).await? {
        return Err(ClosureError::NotFound);
    }
    let mut erased = Vec::new();
    billing::purge_company(txn, company).await?;
    erased.extend(hr::purge_company(txn, company).await?);
    erased.extend(approvals::purge::purge_company(txn, company).await?);
    erased.extend(licensing::purge::purge_company(txn, company).await?);
    erased.extend(pto::purge_company(txn, company).await?);
    erased.extend(activity::purge_company(txn, company).await?);
    erased.extend(audit::purge_company(txn, company).await?);
    erased.extend(webhooks::purge_company(txn, company).await?);
    erased.extend(kernel::scheduler::purge_company(txn, company).await?);
    erased.extend(timesheet::purge_company(txn, company).await?);
    erased.extend(clock::purge_company(txn, company).await?);
    let files = files::purge_company(txn, company).await?;
    erased.push(files.erased.clone());
    erased.extend(accounts::purge_company(txn, company).await?);
    Ok((erased, files))
}
