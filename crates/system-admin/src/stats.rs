//! The operator's statistics (`GET /system/stats`, `GET /system/export-stats`): each company's
//! use of the product, paged and sorted, a chart of the last twelve months, and every company as
//! CSV.
//!
//! The figures of a company (what each crate counts is documented where it is counted):
//! - `employees`: its people, terminated ones included; `activeUsers`: those active (every role)
//!   — `accounts::usage`;
//! - `clockPresses`: presses of the clock's buttons in its shifts' histories — `clock::usage`;
//! - `ptoRequests`: time-off requests filed, whatever became of them — `pto::usage`;
//! - `lastActivity`: the latest sign-in of one of its people themselves (support sessions do not
//!   count), or null.
//!
//! The chart: the last twelve months (UTC) including the current one, oldest first; `signups`
//! are the companies created that month, `activeCompanies` those at least one of whose members
//! signed in that month (`accounts::usage`).
//!
//! **At scale** (10,000 companies, 200,000 users): the list is `accounts`' list of companies (the
//! operator's customer list, its filter and orders), and the figures are read for the page's
//! companies only — one grouped query per crate with the page's ids. The export reads the
//! companies in id order, a page's worth at a time ([`SystemAdmin::stats_after`]), so memory
//! stays flat however many companies there are.

use crate::{SystemAdmin, SystemError};
use accounts::back_office::{CompanyListing, CompanyPhase, CompanySort, CompanySummary, COMPANY_PAGE_SIZE};
use billing::SubscriptionStatus;
use chrono::{DateTime, Utc};
use kernel::{CompanyId, FieldErrors, SystemCtx};
use serde::Serialize;
use std::collections::HashMap;

/// Months the chart shows.
pub const CHART_MONTHS: u32 = 12;

/// The export's columns.
pub const STATS_CSV_HEADER: [&str; 9] = [
    "Company ID",
    "Company",
    "Created",
    "Status",
    "Employees",
    "Active users",
    "Clock presses",
    "PTO requests",
    "Last activity",
];

/// One company's figures.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CompanyStats {
    pub company_id: i64,
    pub name: String,
    pub created_at: DateTime<Utc>,
    /// `trial`, `expired`, `active`, `past_due` or `suspended`.
    pub status: String,
    /// Everyone, terminated people included.
    pub employees: i64,
    /// People whose status is active.
    pub active_users: i64,
    pub clock_presses: i64,
    pub pto_requests: i64,
    /// The latest sign-in of a member (not a support session), or null.
    pub last_activity: Option<DateTime<Utc>>,
}

impl CompanyStats {
    /// The row as the export writes it (texts a spreadsheet would run are defused).
    pub fn csv_cells(&self) -> Vec<String> {
        vec![
            self.company_id.to_string(),
            kernel::spreadsheet::defused(&self.name).into_owned(),
            self.created_at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            self.status.clone(),
            self.employees.to_string(),
            self.active_users.to_string(),
            self.clock_presses.to_string(),
            self.pto_requests.to_string(),
            self.last_activity.map(|at| at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)).unwrap_or_default(),
        ]
    }
}

/// One month of the chart.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChartMonth {
    /// `YYYY-MM`.
    pub month: String,
    /// Companies created that month.
    pub signups: i64,
    /// Companies at least one of whose members signed in that month.
    pub active_companies: i64,
}

/// `GET /system/stats`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct StatsPage {
    pub stats: Vec<CompanyStats>,
    pub stat_count: u64,
    /// The last twelve months, oldest first.
    pub chart: Vec<ChartMonth>,
}

/// The orders of the statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatsSort {
    Name,
    CreatedAt,
    Employees,
    ActiveUsers,
}

/// Which companies, in which order, which page.
#[derive(Debug, Clone)]
pub struct StatsQuery {
    /// Part of the company's name or of an admin's e-mail address, any case (as the customer
    /// list filters).
    pub name: Option<String>,
    pub sort: StatsSort,
    pub descending: bool,
    pub page: u64,
}

impl StatsQuery {
    /// From the request's parameters: `sort` one of `name`, `createdAt` (the default, newest
    /// first), `employees`, `activeUsers`; `order` `asc` or `desc`.
    pub fn parse(
        page: Option<u64>,
        name: Option<&str>,
        sort: Option<&str>,
        order: Option<&str>,
    ) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let page = kernel::validation::page_into(&mut errors, page);
        let name = name.map(str::trim).filter(|name| !name.is_empty());
        if let Some(name) = name {
            if let Err(message) = kernel::validation::check_text("name", name) {
                errors.add("name", message);
            } else if name.chars().count() > 254 {
                errors.add("name", "Please keep the filter under 255 characters");
            }
        }
        let sort = match sort.map(str::trim).filter(|sort| !sort.is_empty()) {
            None | Some("createdAt") => StatsSort::CreatedAt,
            Some("name") => StatsSort::Name,
            Some("employees") => StatsSort::Employees,
            Some("activeUsers") => StatsSort::ActiveUsers,
            Some(_) => {
                errors.add("sort", "Please sort by name, createdAt, employees or activeUsers");
                StatsSort::CreatedAt
            }
        };
        let descending = kernel::validation::descending_into(&mut errors, order, sort == StatsSort::CreatedAt);
        errors.into_result(Self { name: name.map(str::to_owned), sort, descending, page })
    }
}

impl SystemAdmin {
    /// `GET /system/stats`: a page of companies with their figures, how many match, and the
    /// chart.
    pub async fn stats(&self, ctx: &SystemCtx, query: &StatsQuery) -> Result<StatsPage, SystemError> {
        let now = Utc::now();
        let listing = CompanyListing {
            name: query.name.clone(),
            phase: None,
            only: None,
            except: Vec::new(),
            sort: match query.sort {
                StatsSort::Name => CompanySort::Name,
                StatsSort::CreatedAt => CompanySort::CreatedAt,
                StatsSort::Employees => CompanySort::Employees,
                StatsSort::ActiveUsers => CompanySort::Users,
            },
            descending: query.descending,
            page: query.page,
        };
        let (companies, stat_count) = self.accounts.list_companies(ctx, &listing, now).await?;
        let stats = self.figures(ctx, companies).await?;
        let chart = self
            .accounts
            .monthly_figures(ctx, CHART_MONTHS, now)
            .await?
            .into_iter()
            .map(|month| ChartMonth {
                month: month.month.format("%Y-%m").to_string(),
                signups: month.signups,
                active_companies: month.active_companies,
            })
            .collect();
        Ok(StatsPage { stats, stat_count, chart })
    }

    /// The export's next companies after `after` (from the first when `None`), by id: an empty
    /// batch is the end.
    pub async fn stats_after(
        &self,
        ctx: &SystemCtx,
        after: Option<CompanyId>,
    ) -> Result<Vec<CompanyStats>, SystemError> {
        let ids = self.accounts.company_ids_after(ctx, after, COMPANY_PAGE_SIZE).await?;
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let listing = CompanyListing {
            name: None,
            phase: None,
            only: Some(ids),
            except: Vec::new(),
            sort: CompanySort::CreatedAt,
            descending: false,
            page: 1,
        };
        let (mut companies, _) = self.accounts.list_companies(ctx, &listing, Utc::now()).await?;
        companies.sort_by_key(|company| company.id);
        self.figures(ctx, companies).await
    }

    /// The figures of `companies`, in their order: one grouped query per crate for them all.
    async fn figures(&self, ctx: &SystemCtx, companies: Vec<CompanySummary>) -> Result<Vec<CompanyStats>, SystemError> {
        if companies.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<CompanyId> = companies.iter().map(|company| company.id).collect();
        let members = self.accounts.member_figures(ctx, &ids).await?;
        let presses = clock::usage::press_counts(&self.db, ctx, &ids).await?;
        let requests = pto::usage::request_counts(&self.db, ctx, &ids).await?;
        let billing = match &self.billing {
            Some(billing) => billing.subscription_statuses(ctx, &ids).await?,
            None => HashMap::new(),
        };
        Ok(companies
            .into_iter()
            .map(|company| {
                let figures = members.get(&company.id).copied().unwrap_or_default();
                CompanyStats {
                    company_id: company.id.0,
                    status: status(company.phase, billing.get(&company.id.0).copied()).to_owned(),
                    employees: figures.employees,
                    active_users: figures.active_users,
                    clock_presses: presses.get(&company.id).copied().unwrap_or(0),
                    pto_requests: requests.get(&company.id).copied().unwrap_or(0),
                    last_activity: figures.last_sign_in,
                    name: company.name,
                    created_at: company.created_at,
                }
            })
            .collect())
    }
}

/// The contract's status of a company: its phase in `accounts`, a subscribed one split by its
/// subscription's status in billing (`past_due` while a declined charge is retried).
fn status(phase: CompanyPhase, subscription: Option<SubscriptionStatus>) -> &'static str {
    match phase {
        CompanyPhase::Suspended => "suspended",
        CompanyPhase::Trial => "trial",
        CompanyPhase::Expired => "expired",
        CompanyPhase::Subscribed if subscription == Some(SubscriptionStatus::PastDue) => "past_due",
        CompanyPhase::Subscribed => "active",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_query_defaults_to_the_newest_companies_and_refuses_unknown_sorts() {
        let query = StatsQuery::parse(None, Some("  "), None, None).unwrap();
        assert_eq!((query.sort, query.descending, query.page, query.name), (StatsSort::CreatedAt, true, 1, None));
        let query = StatsQuery::parse(Some(2), Some("acme"), Some("activeUsers"), Some("asc")).unwrap();
        assert_eq!((query.sort, query.descending, query.page), (StatsSort::ActiveUsers, false, 2));
        let errors = StatsQuery::parse(Some(0), None, Some("presses"), Some("up")).unwrap_err();
        assert!(errors.has("page") && errors.has("sort") && errors.has("order"));
    }

    #[test]
    fn a_subscribed_company_is_past_due_while_billing_retries_a_charge() {
        assert_eq!(status(CompanyPhase::Subscribed, Some(SubscriptionStatus::PastDue)), "past_due");
        assert_eq!(status(CompanyPhase::Subscribed, Some(SubscriptionStatus::Active)), "active");
        assert_eq!(status(CompanyPhase::Subscribed, None), "active");
        assert_eq!(status(CompanyPhase::Suspended, Some(SubscriptionStatus::PastDue)), "suspended");
        assert_eq!(status(CompanyPhase::Expired, None), "expired");
    }

    #[test]
    fn csv_cells_defuse_formulas() {
        let row = CompanyStats {
            company_id: 7,
            name: "=cmd".into(),
            created_at: DateTime::parse_from_rfc3339("2026-11-01T14:00:00Z").unwrap().with_timezone(&Utc),
            status: "trial".into(),
            employees: 3,
            active_users: 2,
            clock_presses: 10,
            pto_requests: 1,
            last_activity: None,
        };
        assert_eq!(row.csv_cells(), ["7", "'=cmd", "2026-11-01T14:00:00Z", "trial", "3", "2", "10", "1", ""]);
    }
}
