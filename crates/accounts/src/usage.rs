//! How companies use the product, as this crate knows it, for the operator's statistics (the
//! system area, issue 23): each company's people and their latest sign-in, the months in which
//! its members signed in, and the companies signed up each month.
//!
//! **Sign-ins.** A sign-in of a person themselves (not a support session) stamps
//! `users.last_login_at` and, at their first sign-in of a month (UTC), marks the month for their
//! company in `sign_in_months` (one row per company and month). The chart's "active companies"
//! of a month counts those rows: counting distinct companies over the sessions of a year read
//! every sign-in of the year (0.6 s for 400,000 sessions on SQLite).
//!
//! **At scale** (10,000 companies, 200,000 users): the figures are read for the companies asked
//! about only (a page's 20, an export's batch), one grouped query with their ids, from the index
//! `users (company_id, last_login_at)`.

use crate::entities::{companies, sign_in_months, users};
use crate::{Accounts, AccountsError};
use chrono::{DateTime, Datelike, Months, NaiveDate, Utc};
use kernel::{CompanyId, EmploymentStatus, SystemCtx};
use sea_orm::sea_query::{Alias, Expr, OnConflict, Query, SimpleExpr};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use std::collections::HashMap;

/// A row of the grouped count: company, people, active people, latest sign-in.
type FiguresRow = (Option<i64>, i64, i64, Option<DateTime<Utc>>);

/// A company's people, as the operator's statistics count them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MemberFigures {
    /// Everyone, terminated people included.
    pub employees: i64,
    /// People whose status is active (every role).
    pub active_users: i64,
    /// The latest sign-in of one of them themselves (support sessions do not count).
    pub last_sign_in: Option<DateTime<Utc>>,
}

/// One month of the operator's chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MonthFigures {
    /// The month's first day (UTC).
    pub month: NaiveDate,
    /// Companies created that month.
    pub signups: i64,
    /// Companies at least one of whose members signed in that month.
    pub active_companies: i64,
}

/// The first day of the month of `at` (UTC).
pub fn month_of(at: DateTime<Utc>) -> NaiveDate {
    let day = at.date_naive();
    day.with_day(1).unwrap_or(day)
}

impl Accounts {
    /// Stamps a person's sign-in of their own: their last sign-in, and their company's month
    /// (once a month per person: a person who signed in earlier this month marked it then).
    pub(crate) async fn record_sign_in(&self, user: &users::Model, now: DateTime<Utc>) -> Result<(), AccountsError> {
        users::Entity::update_many()
            .col_expr(users::Column::LastLoginAt, Expr::value(Some(now)))
            .filter(users::Column::Id.eq(user.id))
            .exec(&self.db)
            .await?;
        let month = month_of(now);
        let marked = user.last_login_at.is_some_and(|last| month_of(last) == month);
        if let (Some(company), false) = (user.company_id, marked) {
            sign_in_months::Entity::insert(sign_in_months::ActiveModel {
                company_id: sea_orm::ActiveValue::Set(company),
                month: sea_orm::ActiveValue::Set(month),
            })
            .on_conflict(
                OnConflict::columns([sign_in_months::Column::CompanyId, sign_in_months::Column::Month])
                    .do_nothing()
                    .to_owned(),
            )
            .exec_without_returning(&self.db)
            .await?;
        }
        Ok(())
    }

    /// The people figures of `companies` (a company without people has none in the map).
    pub async fn member_figures(
        &self,
        _ctx: &SystemCtx,
        companies: &[CompanyId],
    ) -> Result<HashMap<CompanyId, MemberFigures>, AccountsError> {
        let mut figures = HashMap::new();
        for chunk in companies.chunks(1000) {
            // COUNT(CASE WHEN status = active THEN 1 END): NULLs are not counted.
            let active = Expr::expr(SimpleExpr::Case(Box::new(Expr::case(
                users::Column::Status.eq(EmploymentStatus::Active),
                1,
            ))));
            let rows: Vec<FiguresRow> = users::Entity::find()
                .select_only()
                .column(users::Column::CompanyId)
                .column_as(users::Column::Id.count(), "employees")
                .column_as(active.count(), "active_users")
                .column_as(users::Column::LastLoginAt.max(), "last_sign_in")
                .filter(users::Column::CompanyId.is_in(chunk.iter().map(|id| id.0)))
                .group_by(users::Column::CompanyId)
                .into_tuple()
                .all(&self.db)
                .await?;
            for (company, employees, active_users, last_sign_in) in rows {
                if let Some(company) = company {
                    figures.insert(CompanyId(company), MemberFigures { employees, active_users, last_sign_in });
                }
            }
        }
        Ok(figures)
    }

    /// The last `months` months (UTC) up to the one of `now`, oldest first: companies signed up
    /// and companies whose members signed in, each month.
    pub async fn monthly_figures(
        &self,
        _ctx: &SystemCtx,
        months: u32,
        now: DateTime<Utc>,
    ) -> Result<Vec<MonthFigures>, AccountsError> {
        let current = month_of(now);
        let starts: Vec<NaiveDate> = (0..months.max(1))
            .rev()
            .map(|back| current.checked_sub_months(Months::new(back)).unwrap_or(current))
            .collect();
        let first = starts.first().copied().unwrap_or(current);
        let instant = |day: NaiveDate| day.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc();

        // Signups: one row, a count per month, from the index of `companies (created_at, id)`.
        let created = || Expr::col(companies::Column::CreatedAt);
        let mut signups = Query::select();
        for (index, start) in starts.iter().enumerate() {
            let end = start.checked_add_months(Months::new(1)).unwrap_or(*start);
            let within = created().gte(instant(*start)).and(created().lt(instant(end)));
            signups.expr_as(
                Expr::expr(SimpleExpr::Case(Box::new(Expr::case(within, 1)))).count(),
                Alias::new(format!("m{index}")),
            );
        }
        signups.from(companies::Entity).and_where(created().gte(instant(first)));
        let backend = self.db.get_database_backend();
        let row = self.db.query_one(backend.build(&signups)).await?;
        let mut counts = Vec::with_capacity(starts.len());
        for index in 0..starts.len() {
            let count = match &row {
                Some(row) => row.try_get::<Option<i64>>("", &format!("m{index}"))?.unwrap_or(0),
                None => 0,
            };
            counts.push(count);
        }

        // Active companies: the marked months, counted in the index of `(month, company_id)`.
        let active: HashMap<NaiveDate, i64> = sign_in_months::Entity::find()
            .select_only()
            .column(sign_in_months::Column::Month)
            .column_as(sign_in_months::Column::CompanyId.count(), "companies")
            .filter(sign_in_months::Column::Month.gte(first))
            .group_by(sign_in_months::Column::Month)
            .order_by_asc(sign_in_months::Column::Month)
            .into_tuple::<(NaiveDate, i64)>()
            .all(&self.db)
            .await?
            .into_iter()
            .collect();
        Ok(starts
            .into_iter()
            .zip(counts)
            .map(|(month, signups)| MonthFigures {
                month,
                signups,
                active_companies: active.get(&month).copied().unwrap_or(0),
            })
            .collect())
    }

    /// The ids of up to `limit` companies after `after`, by id: an export's next batch (keyset,
    /// so each batch is one index range whatever the number before it).
    pub async fn company_ids_after(
        &self,
        _ctx: &SystemCtx,
        after: Option<CompanyId>,
        limit: u64,
    ) -> Result<Vec<CompanyId>, AccountsError> {
        let mut query = companies::Entity::find().select_only().column(companies::Column::Id);
        if let Some(after) = after {
            query = query.filter(companies::Column::Id.gt(after.0));
        }
        let ids: Vec<i64> = query.order_by_asc(companies::Column::Id).limit(limit).into_tuple().all(&self.db).await?;
        Ok(ids.into_iter().map(CompanyId).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn a_month_is_its_first_day_in_utc() {
        let late = Utc.with_ymd_and_hms(2026, 11, 30, 23, 59, 59).single().unwrap();
        assert_eq!(month_of(late), NaiveDate::from_ymd_opt(2026, 11, 1).unwrap());
        let first = Utc.with_ymd_and_hms(2026, 12, 1, 0, 0, 0).single().unwrap();
        assert_eq!(month_of(first), NaiveDate::from_ymd_opt(2026, 12, 1).unwrap());
    }
}
