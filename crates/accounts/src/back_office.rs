//! The platform operator's view of the companies (the system area's "Customers", issue 23):
//! every company, paged, filtered and sorted on the server, one company's record, and the
//! operator's edits. Each function takes a [`SystemCtx`], the proof that only the gateway's
//! operator guard builds; none is scoped to a tenant, since the operator's are all of them.
//!
//! **Phases.** This crate knows a company's suspension and trial; whether a subscribed company
//! is behind with its payments is billing's to say. So a company is [`CompanyPhase::Suspended`]
//! when its `suspended` flag is set (by the operator or by billing after the last failed
//! retry); else on [`CompanyPhase::Trial`] until its trial's last day (the company's local day,
//! as its sessions count it) and [`CompanyPhase::Expired`] after; else
//! [`CompanyPhase::Subscribed`], which the caller splits into active and past due with billing's
//! help ([`CompanyListing::only`] and [`CompanyListing::except`]). Without billing (a
//! self-hosted install) no trial ends — the sessions ignore the stored trial end — so every
//! company that is not suspended is subscribed.
//!
//! **Pages at scale** (10,000 companies, 200,000 users): filters and the order are SQL; a page's
//! counts and admins are read for the page's companies only (one grouped query each, with the
//! page's ids); the order by users or employees walks an index of the headcounts the database
//! keeps on each company's row (`companies.active_users`, `companies.people`: triggers on
//! `users`, migration 000030, which says why). A trial's end is compared with each company's local day by
//! grouping the zones in use by their local date (at most three dates at any instant).

use crate::entities::{companies, users};
use crate::sessions::company_time_zone;
use crate::{Accounts, AccountsError};
use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;
use kernel::time::{local_date, parse_time_zone, DEFAULT_TIME_ZONE};
use kernel::{CompanyId, EmploymentStatus, Role, SystemCtx, UserId};
use sea_orm::sea_query::{Alias, Expr, Func, LikeExpr, Query, SimpleExpr};
use sea_orm::{ColumnTrait, Condition, EntityTrait, Order, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};
use std::collections::{BTreeMap, HashMap};

/// Companies a page of the operator's list.
pub const COMPANY_PAGE_SIZE: u64 = 20;

/// Where a company stands, as far as this crate can tell (see the module's docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompanyPhase {
    Trial,
    /// The trial ended before the company's today, and it did not subscribe.
    Expired,
    /// Neither suspended nor on a trial: active or past due, as billing says.
    Subscribed,
    Suspended,
}

impl CompanyPhase {
    /// The system area's status of a company in this phase (`docs/contracts/system.md`,
    /// "Company states"): a subscribed one is `past_due` while billing retries a declined charge
    /// of it (`past_due`, from billing), else `active`.
    pub fn status(self, past_due: bool) -> &'static str {
        match self {
            CompanyPhase::Trial => "trial",
            CompanyPhase::Expired => "expired",
            CompanyPhase::Suspended => "suspended",
            CompanyPhase::Subscribed if past_due => "past_due",
            CompanyPhase::Subscribed => "active",
        }
    }

    /// The phase a status of the system area filters on (`past_due` and `active` are both
    /// subscribed: billing tells them apart).
    pub fn of_status(status: &str) -> Option<Self> {
        match status {
            "trial" => Some(CompanyPhase::Trial),
            "expired" => Some(CompanyPhase::Expired),
            "suspended" => Some(CompanyPhase::Suspended),
            "active" | "past_due" => Some(CompanyPhase::Subscribed),
            _ => None,
        }
    }
}

/// The orders of the operator's list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompanySort {
    /// Without regard to case.
    Name,
    CreatedAt,
    /// Active users.
    Users,
    /// Everyone, terminated people included (the operator's statistics).
    Employees,
}

/// Which companies, in which order, which page.
#[derive(Debug, Clone)]
pub struct CompanyListing {
    /// Part of the company's name or of one of its admins' e-mail addresses, any case.
    pub name: Option<String>,
    pub phase: Option<CompanyPhase>,
    /// Only these companies (billing's past-due ones, say).
    pub only: Option<Vec<CompanyId>>,
    /// Not these.
    pub except: Vec<CompanyId>,
    pub sort: CompanySort,
    pub descending: bool,
    /// From 1.
    pub page: u64,
}

/// A company as the operator's list shows it.
#[derive(Debug, Clone)]
pub struct CompanySummary {
    pub id: CompanyId,
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub phase: CompanyPhase,
    /// The trial's last day, while billing is on and the company has not subscribed.
    pub trial_end: Option<NaiveDate>,
    pub suspended: bool,
    pub time_zone: Tz,
    /// Active users (every role): what a monthly charge counts.
    pub users: i64,
    /// The company's first admin (by id; an active one when there is one).
    pub admin_email: Option<String>,
}

/// An admin of a company.
#[derive(Debug, Clone)]
pub struct CompanyAdmin {
    pub id: UserId,
    pub name: String,
    pub email: String,
}

/// One company's record, for the operator.
#[derive(Debug, Clone)]
pub struct CompanyRecord {
    pub summary: CompanySummary,
    /// The zone as stored.
    pub time_zone_name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    /// Everyone, terminated people included.
    pub employees: i64,
    /// The active admins, by id.
    pub admins: Vec<CompanyAdmin>,
}

/// The operator's edit of a company (validated by the caller).
#[derive(Debug, Clone)]
pub struct CompanyEdit {
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    /// A new last day of the trial; `None` keeps it.
    pub trial_end: Option<NaiveDate>,
}

impl Accounts {
    /// A page of companies and how many match (see the module's docs).
    pub async fn list_companies(
        &self,
        _ctx: &SystemCtx,
        listing: &CompanyListing,
        now: DateTime<Utc>,
    ) -> Result<(Vec<CompanySummary>, u64), AccountsError> {
        let Some(condition) = self.listing_condition(listing, now).await? else { return Ok((Vec::new(), 0)) };
        let query = companies::Entity::find().filter(condition);
        let total = query.clone().count(&self.db).await?;
        let direction = if listing.descending { Order::Desc } else { Order::Asc };
        let ordered = match listing.sort {
            CompanySort::Name => {
                query.order_by(SimpleExpr::from(Func::lower(Expr::col(companies::Column::Name))), direction.clone())
            }
            CompanySort::CreatedAt => query.order_by(companies::Column::CreatedAt, direction.clone()),
            // The counts kept on each company's row by the database (migration 000030).
            CompanySort::Users => {
                query.order_by(Expr::col((companies::Entity, Alias::new("active_users"))), direction.clone())
            }
            CompanySort::Employees => {
                query.order_by(Expr::col((companies::Entity, Alias::new("people"))), direction.clone())
            }
        };
        let rows = ordered
            .order_by(companies::Column::Id, direction)
            .offset((listing.page.max(1) - 1) * COMPANY_PAGE_SIZE)
            .limit(COMPANY_PAGE_SIZE)
            .all(&self.db)
            .await?;
        Ok((self.summaries(rows, now).await?, total))
    }

    /// The company `id`, or `NotFound`.
    pub async fn company_record(
        &self,
        _ctx: &SystemCtx,
        id: CompanyId,
        now: DateTime<Utc>,
    ) -> Result<CompanyRecord, AccountsError> {
        let row = companies::Entity::find_by_id(id.0).one(&self.db).await?.ok_or(AccountsError::NotFound)?;
        let (time_zone_name, email, phone) = (row.time_zone.clone(), row.email.clone(), row.phone.clone());
        let summary = self.summaries(vec![row], now).await?.pop().ok_or(AccountsError::NotFound)?;
        let employees = kernel::tenancy::in_company::<users::Entity>(id).count(&self.db).await?;
        let admins = kernel::tenancy::in_company::<users::Entity>(id)
            .filter(users::Column::Role.eq(Role::Admin.code()))
            .filter(users::Column::Status.eq(EmploymentStatus::Active))
            .order_by_asc(users::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|user| CompanyAdmin {
                id: user.id,
                name: format!("{} {}", user.first_name, user.last_name),
                email: user.email,
            })
            .collect();
        Ok(CompanyRecord {
            summary,
            time_zone_name,
            email,
            phone,
            employees: i64::try_from(employees).unwrap_or(i64::MAX),
            admins,
        })
    }

    /// Saves the operator's edit of the company `id` (`NotFound` if it does not exist). The
    /// caller holds the write gate.
    pub async fn edit_company(&self, _ctx: &SystemCtx, id: CompanyId, edit: CompanyEdit) -> Result<(), AccountsError> {
        let mut update = companies::Entity::update_many()
            .col_expr(companies::Column::Name, Expr::value(edit.name))
            .col_expr(companies::Column::Email, Expr::value(edit.email))
            .col_expr(companies::Column::Phone, Expr::value(edit.phone));
        if let Some(end) = edit.trial_end {
            update = update.col_expr(companies::Column::TrialEnd, Expr::value(Some(end)));
        }
        let changed = update.filter(companies::Column::Id.eq(id.0)).exec(&self.db).await?.rows_affected;
        if changed == 0 {
            return Err(AccountsError::NotFound);
        }
        Ok(())
    }

    /// Suspends the company `id` or lifts its suspension, whoever made it (`NotFound` if it does
    /// not exist); whether that changed anything. Every session reads the company on each
    /// request, so it takes effect at once. The caller holds the write gate.
    pub async fn suspend_company(
        &self,
        _ctx: &SystemCtx,
        id: CompanyId,
        suspended: bool,
    ) -> Result<bool, AccountsError> {
        let row = companies::Entity::find_by_id(id.0).one(&self.db).await?.ok_or(AccountsError::NotFound)?;
        if row.suspended == suspended {
            return Ok(false);
        }
        self.set_suspended(id, suspended).await?;
        Ok(true)
    }

    /// The listing's filters as one condition on `companies`; `None` when nothing can match.
    async fn listing_condition(
        &self,
        listing: &CompanyListing,
        now: DateTime<Utc>,
    ) -> Result<Option<Condition>, AccountsError> {
        let mut condition = Condition::all();
        if let Some(text) = listing.name.as_deref().map(str::trim).filter(|text| !text.is_empty()) {
            let pattern =
                format!("%{}%", text.to_lowercase().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"));
            let like = || LikeExpr::new(pattern.clone()).escape('\\');
            let admins = Query::select()
                .column(users::Column::CompanyId)
                .from(users::Entity)
                .and_where(users::Column::Role.eq(Role::Admin.code()))
                .and_where(Expr::col(users::Column::Email).like(like()))
                .to_owned();
            condition = condition.add(
                Condition::any()
                    .add(Expr::expr(Func::lower(Expr::col(companies::Column::Name))).like(like()))
                    .add(companies::Column::Id.in_subquery(admins)),
            );
        }
        if let Some(only) = &listing.only {
            if only.is_empty() {
                return Ok(None);
            }
            condition = condition.add(companies::Column::Id.is_in(only.iter().map(|id| id.0)));
        }
        if !listing.except.is_empty() {
            condition = condition.add(companies::Column::Id.is_not_in(listing.except.iter().map(|id| id.0)));
        }
        let billing = self.config.billing_enabled;
        let running = || companies::Column::Suspended.eq(false);
        condition = match listing.phase {
            None => condition,
            Some(CompanyPhase::Suspended) => condition.add(companies::Column::Suspended.eq(true)),
            Some(CompanyPhase::Subscribed) if !billing => condition.add(running()),
            Some(CompanyPhase::Subscribed) => condition.add(running()).add(companies::Column::TrialEnd.is_null()),
            Some(CompanyPhase::Trial | CompanyPhase::Expired) if !billing => return Ok(None),
            Some(phase) => {
                let on_trial = self.trial_running(now).await?;
                let trial = Condition::all().add(running()).add(companies::Column::TrialEnd.is_not_null());
                condition.add(if phase == CompanyPhase::Trial {
                    trial.add(on_trial)
                } else {
                    trial.add(on_trial.not())
                })
            }
        };
        Ok(Some(condition))
    }

    /// "The trial's last day is the company's local today or later", for every zone in use:
    /// the zones grouped by their local date now (a zone the server does not know counts as the
    /// default, as the sessions count it).
    async fn trial_running(&self, now: DateTime<Utc>) -> Result<Condition, AccountsError> {
        let zones: Vec<String> = companies::Entity::find()
            .select_only()
            .column(companies::Column::TimeZone)
            .distinct()
            .into_tuple()
            .all(&self.db)
            .await?;
        let mut by_day: BTreeMap<NaiveDate, Vec<String>> = BTreeMap::new();
        for zone in zones {
            let tz = parse_time_zone(&zone).unwrap_or(DEFAULT_TIME_ZONE);
            by_day.entry(local_date(tz, now)).or_default().push(zone);
        }
        Ok(by_day.into_iter().fold(Condition::any(), |any, (today, zones)| {
            any.add(
                Condition::all()
                    .add(companies::Column::TimeZone.is_in(zones))
                    .add(companies::Column::TrialEnd.gte(today)),
            )
        }))
    }

    /// The rows as summaries: their active users counted and their first admins read in one
    /// query each, for these companies only.
    async fn summaries(
        &self,
        rows: Vec<companies::Model>,
        now: DateTime<Utc>,
    ) -> Result<Vec<CompanySummary>, AccountsError> {
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<i64> = rows.iter().map(|row| row.id.0).collect();
        let users: HashMap<i64, i64> = users::Entity::find()
            .select_only()
            .column(users::Column::CompanyId)
            .column_as(users::Column::Id.count(), "users")
            .filter(users::Column::CompanyId.is_in(ids.clone()))
            .filter(users::Column::Status.eq(EmploymentStatus::Active))
            .group_by(users::Column::CompanyId)
            .into_tuple::<(i64, i64)>()
            .all(&self.db)
            .await?
            .into_iter()
            .collect();
        let mut admins: HashMap<i64, (bool, String)> = HashMap::new();
        let admin_rows: Vec<(Option<i64>, String, EmploymentStatus)> = users::Entity::find()
            .select_only()
            .column(users::Column::CompanyId)
            .column(users::Column::Email)
            .column(users::Column::Status)
            .filter(users::Column::CompanyId.is_in(ids))
            .filter(users::Column::Role.eq(Role::Admin.code()))
            .order_by_asc(users::Column::Id)
            .into_tuple()
            .all(&self.db)
            .await?;
        for (company, email, status) in admin_rows {
            let Some(company) = company else { continue };
            let active = status == EmploymentStatus::Active;
            // The first active admin, or else the first admin.
            match admins.get(&company) {
                Some((true, _)) => {}
                Some((false, _)) if !active => {}
                _ => {
                    admins.insert(company, (active, email));
                }
            }
        }
        let billing = self.config.billing_enabled;
        Ok(rows
            .into_iter()
            .map(|row| {
                let time_zone = company_time_zone(Some(&row));
                let trial_end = row.trial_end.filter(|_| billing);
                let phase = match trial_end {
                    _ if row.suspended => CompanyPhase::Suspended,
                    Some(end) if end < local_date(time_zone, now) => CompanyPhase::Expired,
                    Some(_) => CompanyPhase::Trial,
                    None => CompanyPhase::Subscribed,
                };
                CompanySummary {
                    id: row.id,
                    users: users.get(&row.id.0).copied().unwrap_or(0),
                    admin_email: admins.remove(&row.id.0).map(|(_, email)| email),
                    name: row.name,
                    created_at: row.created_at,
                    phase,
                    trial_end,
                    suspended: row.suspended,
                    time_zone,
                }
            })
            .collect())
    }
}
