//! The operator's customers (contract: `docs/contracts/system.md`, "Customers"): the companies
//! paged, filtered and sorted, one company's detail, and the operator's actions on it — edit,
//! suspend, activate, delete. Companies are `accounts`' (their list, record and flags), their
//! subscriptions and charges `billing`'s, their deletion `closure`'s; this module composes them
//! and writes every action to the audit log right after it succeeded.
//!
//! **Status** (the contract's "Company states"): `suspended` when the company's flag is set
//! (by the operator or by billing after the last failed retry); else `trial` until the trial's
//! last day in the company's zone, `expired` after it; else `past_due` while billing retries a
//! declined charge, or `active`. Without billing (a self-hosted install) no trial ends, so every
//! company not suspended is `active` ([`accounts::back_office::CompanyPhase`]). Filtering by
//! status pages in SQL: `accounts` filters on its columns, and billing's few past-due companies
//! are a set of ids to keep (`past_due`) or leave out (`active`).
//!
//! **Rules of the actions.**
//! - Edit: the name (required, a company name of at most 100 characters), the contact e-mail and
//!   phone (optional); `trialEnd` only while the company is on trial or expired (it extends or
//!   shortens the trial; a subscribed company has none); `promotCode` when sent: empty removes
//!   the company's code, another must be live (billing's rules), absent keeps it.
//! - Suspend / activate: the flag, whoever set it; activating also resumes a subscription billing
//!   suspended for failed charges (from the charge day's next occurrence; what it owes stays
//!   owed). Doing either twice is harmless (the audit says so).
//! - Delete: the typed confirmation must be the company's name exactly; then `closure` erases
//!   every record and file of it as "Cancel account" does. A company the audit log shows deleted
//!   answers 410 from then on; one that never existed, 404.

use crate::audit::{self, Action, Actor, NewEntry};
use crate::{SystemAdmin, SystemError};
use accounts::back_office::{CompanyEdit, CompanyListing, CompanyPhase, CompanyRecord, CompanySort, CompanySummary};
use billing::operator::{AccountSummary, ChargeQuery, ChargeSort, OperatorCharge};
use billing::SubscriptionStatus;
use chrono::{NaiveDate, Utc};
use kernel::validation::{check_text, is_sane_date, is_valid_company_name, is_valid_email, DATE_RANGE_MESSAGE};
use kernel::{CompanyId, FieldErrors, SystemCtx};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

pub const CONFIRM_NAME_MESSAGE: &str = "Type the company's name exactly to confirm.";
pub const ALREADY_DELETED_MESSAGE: &str = "This company was already deleted.";
pub const TRIAL_ONLY_MESSAGE: &str = "The trial can only be changed while the company is on trial or expired.";
pub const STATUSES: [&str; 5] = ["trial", "expired", "active", "past_due", "suspended"];

/// A row of `GET /system/companies`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CompanyRow {
    pub id: i64,
    pub name: String,
    pub created_at: chrono::DateTime<Utc>,
    /// `trial`, `expired`, `active`, `past_due` or `suspended`.
    pub status: String,
    /// The trial's last day, while on trial or expired (billing on).
    pub trial_end: Option<NaiveDate>,
    /// Active users (what a monthly charge counts).
    pub users: i64,
    /// The first admin's e-mail address.
    pub admin_email: Option<String>,
    /// The company's promotion code, if it has one.
    pub promot_code: Option<String>,
}

/// `GET /system/companies`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CompanyPage {
    pub companies: Vec<CompanyRow>,
    pub comp_count: u64,
}

/// An admin of a company.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CompanyAdminView {
    pub id: i64,
    pub name: String,
    pub email: String,
}

/// One company, in full.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CompanyDetail {
    #[serde(flatten)]
    pub row: CompanyRow,
    pub time_zone: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub suspended: bool,
    /// Everyone, terminated people included.
    pub employees: i64,
    /// The active admins.
    pub admins: Vec<CompanyAdminView>,
    /// Null while billing is off or before the company subscribed.
    pub billing: Option<AccountSummary>,
}

/// `GET /system/company`: the company and the first page of its charges.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CompanyDetailPage {
    pub company: CompanyDetail,
    pub charges: Vec<OperatorCharge>,
    pub charge_count: u64,
}

/// `POST /system/update-company`'s answer.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UpdatedCompany {
    pub company: CompanyDetail,
}

/// `POST /system/suspend-company` and `/system/active-company`'s answer.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CompanyRowReply {
    pub company: CompanyRow,
}

/// `POST /system/delete-company`'s answer.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DeletedCompany {
    pub deleted: bool,
}

/// Which companies, in which order, which page (`GET /system/companies`).
#[derive(Debug, Clone)]
pub struct CompanyQuery {
    pub page: u64,
    pub name: Option<String>,
    /// One of [`STATUSES`].
    pub status: Option<String>,
    pub sort: CompanySort,
    pub descending: bool,
}

impl CompanyQuery {
    /// From the request's parameters: `sort` one of `name` (A to Z unless told), `createdAt`
    /// (the default, newest first), `users` (most first unless told); `order` `asc` or `desc`;
    /// empty filters are ignored.
    pub fn parse(
        page: Option<u64>,
        name: Option<&str>,
        status: Option<&str>,
        sort: Option<&str>,
        order: Option<&str>,
    ) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let page = kernel::validation::page_into(&mut errors, page);
        let name = filter_text(&mut errors, "name", name);
        let status = present(status);
        if status.is_some_and(|status| !STATUSES.contains(&status)) {
            errors.add("status", "Please choose trial, expired, active, past_due or suspended");
        }
        let sort = match present(sort) {
            None | Some("createdAt") => CompanySort::CreatedAt,
            Some("name") => CompanySort::Name,
            Some("users") => CompanySort::Users,
            Some(_) => {
                errors.add("sort", "Please sort by name, createdAt or users");
                CompanySort::CreatedAt
            }
        };
        let descending = kernel::validation::descending_into(&mut errors, order, sort != CompanySort::Name);
        errors.into_result(Self { page, name, status: status.map(str::to_owned), sort, descending })
    }
}

/// A text parameter, trimmed; empty is none.
pub(crate) fn present(text: Option<&str>) -> Option<&str> {
    text.map(str::trim).filter(|text| !text.is_empty())
}

/// A filter's text: no control characters, at most 254 characters.
pub(crate) fn filter_text(errors: &mut FieldErrors, field: &str, text: Option<&str>) -> Option<String> {
    let text = present(text)?;
    if let Err(message) = check_text(field, text) {
        errors.add(field, message);
    } else if text.chars().count() > 254 {
        errors.add(field, "Please keep the filter under 255 characters");
    }
    Some(text.to_owned())
}

/// `POST /system/update-company`, as sent.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct UpdateCompanyInput {
    #[serde(deserialize_with = "kernel::validation::lenient_i64")]
    pub id: Option<i64>,
    pub name: Option<String>,
    /// The company's contact address (empty: none).
    pub email: Option<String>,
    pub phone: Option<String>,
    /// `YYYY-MM-DD`: the trial's new last day (only while on trial or expired).
    pub trial_end: Option<String>,
    /// Empty removes the company's code; absent keeps it.
    pub promot_code: Option<String>,
}

/// An edit that passed the form's checks.
#[derive(Debug, Clone)]
pub struct UpdateCompanyCommand {
    pub id: CompanyId,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub trial_end: Option<NaiveDate>,
    /// `Some("")` removes the code.
    pub promot_code: Option<String>,
}

impl UpdateCompanyCommand {
    pub fn parse(input: &UpdateCompanyInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        if input.id.is_none() {
            errors.add("id", "Choose a company");
        }
        let name = match present(input.name.as_deref()) {
            None => {
                errors.add("name", "Enter Company Name");
                String::new()
            }
            Some(name) => {
                if !is_valid_company_name(name) {
                    errors.add("name", "Please enter valid Company Name");
                }
                name.to_owned()
            }
        };
        let email = present(input.email.as_deref()).map(str::to_owned);
        if email.as_deref().is_some_and(|email| !is_valid_email(email)) {
            errors.add("email", "Invalid Email Address");
        }
        let phone = present(input.phone.as_deref()).map(str::to_owned);
        if phone.as_deref().is_some_and(|phone| !is_valid_phone(phone)) {
            errors.add("phone", "Please input a valid phone number");
        }
        let trial_end =
            present(input.trial_end.as_deref()).and_then(|text| match NaiveDate::parse_from_str(text, "%Y-%m-%d") {
                Ok(day) if is_sane_date(day) => Some(day),
                Ok(_) => {
                    errors.add("trialEnd", DATE_RANGE_MESSAGE);
                    None
                }
                Err(_) => {
                    errors.add("trialEnd", "Please enter a date as YYYY-MM-DD.");
                    None
                }
            });
        let promot_code = input.promot_code.as_deref().map(|code| code.trim().to_owned());
        errors.into_result(Self {
            id: CompanyId(input.id.unwrap_or_default()),
            name,
            email,
            phone,
            trial_end,
            promot_code,
        })
    }
}

/// A phone number as people type it: digits with spaces, `+`, `-`, `.` and parentheses, 7 to
/// 15 digits, at most 25 characters.
fn is_valid_phone(phone: &str) -> bool {
    let digits = phone.chars().filter(char::is_ascii_digit).count();
    phone.chars().count() <= 25
        && (7..=15).contains(&digits)
        && phone.chars().all(|c| c.is_ascii_digit() || matches!(c, ' ' | '+' | '-' | '.' | '(' | ')'))
}

impl SystemAdmin {
    /// `GET /system/companies`.
    pub async fn companies(&self, ctx: &SystemCtx, query: &CompanyQuery) -> Result<CompanyPage, SystemError> {
        let mut listing = CompanyListing {
            name: query.name.clone(),
            phase: query.status.as_deref().and_then(CompanyPhase::of_status),
            only: None,
            except: Vec::new(),
            sort: query.sort,
            descending: query.descending,
            page: query.page,
        };
        match query.status.as_deref() {
            Some("past_due") => listing.only = Some(self.past_due(ctx).await?),
            Some("active") => listing.except = self.past_due(ctx).await?,
            _ => {}
        }
        let (summaries, comp_count) = self.accounts.list_companies(ctx, &listing, Utc::now()).await?;
        let companies = self.rows(ctx, summaries).await?;
        Ok(CompanyPage { companies, comp_count })
    }

    /// `GET /system/company`: the company, its subscription and the first page of its charges.
    pub async fn company(&self, ctx: &SystemCtx, id: CompanyId) -> Result<CompanyDetailPage, SystemError> {
        let company = self.company_detail(ctx, id).await?;
        let (charges, charge_count) = match &self.billing {
            Some(billing) => {
                let query = ChargeQuery {
                    company: Some(id),
                    status: None,
                    sort: ChargeSort::PeriodStart,
                    descending: true,
                    page: 1,
                };
                let page = billing.operator_charges(ctx, &query).await?;
                (page.charges, page.charge_count)
            }
            None => (Vec::new(), 0),
        };
        Ok(CompanyDetailPage { company, charges, charge_count })
    }

    /// `POST /system/update-company` (see the module's docs for the rules).
    pub async fn update_company(
        &self,
        ctx: &SystemCtx,
        command: UpdateCompanyCommand,
    ) -> Result<UpdatedCompany, SystemError> {
        let now = Utc::now();
        let id = command.id;
        let before = self.accounts.company_record(ctx, id, now).await?;
        let on_trial = matches!(before.summary.phase, CompanyPhase::Trial | CompanyPhase::Expired);
        let trial_end = match command.trial_end {
            Some(end) if on_trial => Some(end).filter(|end| before.summary.trial_end != Some(*end)),
            Some(end) if before.summary.trial_end != Some(end) => {
                return Err(SystemError::Validation(FieldErrors::single("trialEnd", TRIAL_ONLY_MESSAGE)));
            }
            _ => None,
        };
        let mut changes = Vec::new();
        if let Some(code) = command.promot_code.as_deref() {
            let code_before = self.promotion_codes(&[id]).await?.remove(&id.0);
            match &self.billing {
                Some(billing) => {
                    let code = (!code.is_empty()).then_some(code);
                    let after =
                        billing.set_company_promotion(ctx, id, code, now).await?.map(|promotion| promotion.code);
                    if after != code_before {
                        changes.push(format!("Promotion {} → {}", shown(&code_before), shown(&after)));
                    }
                }
                None if code.is_empty() => {}
                None => {
                    return Err(SystemError::Validation(FieldErrors::single(
                        accounts::promotions::PROMOTION_CODE_FIELD,
                        accounts::promotions::PROMOTIONS_OFF_MESSAGE,
                    )));
                }
            }
        }
        let summary = &before.summary;
        if summary.name != command.name {
            changes.push(format!("Name {} → {}", summary.name, command.name));
        }
        if before.email != command.email {
            changes.push(format!("E-mail {} → {}", shown(&before.email), shown(&command.email)));
        }
        if before.phone != command.phone {
            changes.push(format!("Phone {} → {}", shown(&before.phone), shown(&command.phone)));
        }
        if let Some(end) = trial_end {
            let was = summary.trial_end.map(|day| day.to_string());
            changes.push(format!("Trial end {} → {end}", shown(&was)));
        }
        let name_before = summary.name.clone();
        let edit = CompanyEdit { name: command.name, email: command.email, phone: command.phone, trial_end };
        {
            let _permit = self.gate.enter().await;
            self.accounts.edit_company(ctx, id, edit).await?;
        }
        let detail = if changes.is_empty() { "No change".to_owned() } else { changes.join("; ") };
        self.log_company(ctx, id, name_before, Action::UpdateCompany, detail).await?;
        Ok(UpdatedCompany { company: self.company_detail(ctx, id).await? })
    }

    /// `POST /system/suspend-company`: the company's writes are refused from now on.
    pub async fn suspend_company(&self, ctx: &SystemCtx, id: CompanyId) -> Result<CompanyRowReply, SystemError> {
        let changed = {
            let _permit = self.gate.enter().await;
            self.accounts.suspend_company(ctx, id, true).await?
        };
        let row = self.company_row(ctx, id).await?;
        let detail = if changed { "Suspended" } else { "Already suspended" };
        self.log_company(ctx, id, row.name.clone(), Action::SuspendCompany, detail.to_owned()).await?;
        Ok(CompanyRowReply { company: row })
    }

    /// `POST /system/active-company`: lifts the suspension, whoever made it, and resumes a
    /// subscription billing suspended.
    pub async fn activate_company(&self, ctx: &SystemCtx, id: CompanyId) -> Result<CompanyRowReply, SystemError> {
        let changed = {
            let _permit = self.gate.enter().await;
            self.accounts.suspend_company(ctx, id, false).await?
        };
        let resumed = match &self.billing {
            Some(billing) => billing.reinstate(ctx, id, Utc::now()).await?,
            None => None,
        };
        let row = self.company_row(ctx, id).await?;
        let mut detail = if changed { "Activated" } else { "Was not suspended" }.to_owned();
        if let Some(next) = resumed {
            detail.push_str(&format!("; the subscription resumes, next charge {next}"));
        }
        self.log_company(ctx, id, row.name.clone(), Action::ActivateCompany, detail).await?;
        Ok(CompanyRowReply { company: row })
    }

    /// `POST /system/delete-company`: `typed` must be the company's name exactly.
    pub async fn delete_company(
        &self,
        ctx: &SystemCtx,
        id: CompanyId,
        typed: &str,
    ) -> Result<DeletedCompany, SystemError> {
        let record = match self.accounts.company_record(ctx, id, Utc::now()).await {
            Ok(record) => record,
            // Gone only when the log shows it deleted (an id is asked about after the company
            // is gone; SQLite may hand a deleted last id to a new company, which is not gone).
            Err(accounts::AccountsError::NotFound) if audit::deleted_at(&self.db, id).await?.is_some() => {
                return Err(SystemError::Gone(ALREADY_DELETED_MESSAGE.to_owned()));
            }
            Err(err) => return Err(err.into()),
        };
        let name = record.summary.name;
        if typed != name {
            return Err(SystemError::Validation(FieldErrors::single("name", CONFIRM_NAME_MESSAGE)));
        }
        let closed = self.closure.close_company_for_operator(ctx, id).await?;
        let rows: u64 = closed.erased.iter().map(|erased| erased.rows).sum();
        let detail = format!(
            "Deleted with every record and file: {rows} rows, {} files, {} people",
            closed.files_removed, record.employees
        );
        self.log_company(ctx, id, name, Action::DeleteCompany, detail).await?;
        Ok(DeletedCompany { deleted: true })
    }

    /// The company as its detail shows it.
    async fn company_detail(&self, ctx: &SystemCtx, id: CompanyId) -> Result<CompanyDetail, SystemError> {
        let record = self.accounts.company_record(ctx, id, Utc::now()).await?;
        let billing = match &self.billing {
            Some(billing) => billing.account_summary(ctx, id).await?,
            None => None,
        };
        let CompanyRecord { summary, time_zone_name, email, phone, employees, admins } = record;
        let suspended = summary.suspended;
        let row = self.rows(ctx, vec![summary]).await?.pop().ok_or(SystemError::NotFound)?;
        Ok(CompanyDetail {
            row,
            time_zone: time_zone_name,
            email,
            phone,
            suspended,
            employees,
            admins: admins
                .into_iter()
                .map(|admin| CompanyAdminView { id: admin.id.0, name: admin.name, email: admin.email })
                .collect(),
            billing,
        })
    }

    async fn company_row(&self, ctx: &SystemCtx, id: CompanyId) -> Result<CompanyRow, SystemError> {
        let summary = self.accounts.company_record(ctx, id, Utc::now()).await?.summary;
        self.rows(ctx, vec![summary]).await?.pop().ok_or(SystemError::NotFound)
    }

    /// The summaries as rows: their subscriptions' statuses and their promotion codes read for
    /// these companies only.
    async fn rows(&self, ctx: &SystemCtx, summaries: Vec<CompanySummary>) -> Result<Vec<CompanyRow>, SystemError> {
        let ids: Vec<CompanyId> = summaries.iter().map(|summary| summary.id).collect();
        let statuses = match &self.billing {
            Some(billing) => billing.subscription_statuses(ctx, &ids).await?,
            None => HashMap::new(),
        };
        let mut codes = self.promotion_codes(&ids).await?;
        Ok(summaries
            .into_iter()
            .map(|summary| CompanyRow {
                id: summary.id.0,
                status: summary
                    .phase
                    .status(statuses.get(&summary.id.0) == Some(&SubscriptionStatus::PastDue))
                    .to_owned(),
                trial_end: summary.trial_end,
                users: summary.users,
                admin_email: summary.admin_email,
                promot_code: codes.remove(&summary.id.0),
                name: summary.name,
                created_at: summary.created_at,
            })
            .collect())
    }

    async fn promotion_codes(&self, ids: &[CompanyId]) -> Result<HashMap<i64, String>, SystemError> {
        Ok(match &self.billing {
            Some(billing) => billing.promotion_codes_of(ids).await?,
            None => HashMap::new(),
        })
    }

    /// Billing's past-due companies (none without billing).
    async fn past_due(&self, ctx: &SystemCtx) -> Result<Vec<CompanyId>, SystemError> {
        Ok(match &self.billing {
            Some(billing) => billing.past_due_companies(ctx).await?,
            None => Vec::new(),
        })
    }

    /// Appends an entry about the company `id` (named `name` when it was done).
    pub(crate) async fn log_company(
        &self,
        ctx: &SystemCtx,
        id: CompanyId,
        name: String,
        action: Action,
        detail: String,
    ) -> Result<(), SystemError> {
        self.log(NewEntry { actor: Actor::of(ctx), company: Some((id, name)), action, detail }).await
    }
}

/// A value for the audit log: itself, or "none".
fn shown(value: &Option<String>) -> &str {
    value.as_deref().unwrap_or("none")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_query_defaults_to_the_newest_companies_and_refuses_what_it_does_not_know() {
        let query = CompanyQuery::parse(None, Some(" "), Some(""), None, None).unwrap();
        assert_eq!((query.page, query.sort, query.descending), (1, CompanySort::CreatedAt, true));
        assert_eq!((query.name, query.status), (None, None));
        let query = CompanyQuery::parse(Some(3), Some("acme"), Some("past_due"), Some("name"), None).unwrap();
        assert_eq!(
            (query.sort, query.descending, query.status.as_deref()),
            (CompanySort::Name, false, Some("past_due"))
        );
        let errors = CompanyQuery::parse(Some(0), Some("a\u{0}"), Some("gone"), Some("email"), Some("up")).unwrap_err();
        for field in ["page", "name", "status", "sort", "order"] {
            assert!(errors.has(field), "{field}");
        }
    }

    #[test]
    fn an_edit_checks_every_field() {
        let input = UpdateCompanyInput {
            id: None,
            name: Some(" ".to_owned()),
            email: Some("not-an-address".to_owned()),
            phone: Some("call me".to_owned()),
            trial_end: Some("2026-13-01".to_owned()),
            promot_code: None,
        };
        let errors = UpdateCompanyCommand::parse(&input).unwrap_err();
        for field in ["id", "name", "email", "phone", "trialEnd"] {
            assert!(errors.has(field), "{field}");
        }
        let input = UpdateCompanyInput {
            id: Some(7),
            name: Some(" Acme Insurance ".to_owned()),
            email: Some("".to_owned()),
            phone: Some("(312) 555-0100".to_owned()),
            trial_end: Some("2026-12-15".to_owned()),
            promot_code: Some(" ".to_owned()),
        };
        let command = UpdateCompanyCommand::parse(&input).unwrap();
        assert_eq!(
            (command.name.as_str(), command.email, command.phone.as_deref()),
            ("Acme Insurance", None, Some("(312) 555-0100"))
        );
        assert_eq!(command.trial_end, NaiveDate::from_ymd_opt(2026, 12, 15));
        assert_eq!(command.promot_code.as_deref(), Some(""));
    }
}
