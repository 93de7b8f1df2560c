//! What billing reads and changes of a company, through this crate (which owns companies and
//! users): its trial and suspension, its admins, and how many active users it pays for.
//!
//! These take a bare [`CompanyId`]: billing's charge job acts for no signed-in person, and its
//! screens pass the company of the admin's verified context.

use crate::entities::{companies, users};
use crate::sessions::company_time_zone;
use crate::{Accounts, AccountsError};
use chrono::NaiveDate;
use chrono_tz::Tz;
use kernel::tenancy::in_company;
use kernel::{CompanyId, EmploymentStatus, Role};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};

/// A company as billing sees it.
#[derive(Debug, Clone)]
pub struct BilledCompany {
    pub id: CompanyId,
    pub name: String,
    pub time_zone: Tz,
    /// The trial's last day; `None` once subscribed.
    pub trial_end: Option<NaiveDate>,
    pub suspended: bool,
}

/// Someone to tell about the company's billing.
#[derive(Debug, Clone)]
pub struct BillingContact {
    pub email: String,
    pub name: String,
}

impl Accounts {
    pub async fn billed_company(&self, company: CompanyId) -> Result<Option<BilledCompany>, AccountsError> {
        Ok(companies::Entity::find_by_id(company.0).one(&self.db).await?.map(|row| BilledCompany {
            id: company,
            time_zone: company_time_zone(Some(&row)),
            name: row.name,
            trial_end: row.trial_end,
            suspended: row.suspended,
        }))
    }

    /// The names of `companies` (those that exist), by id: for the operator's lists of billing
    /// records.
    pub async fn company_names_of(
        &self,
        companies: &[CompanyId],
    ) -> Result<std::collections::HashMap<i64, String>, AccountsError> {
        if companies.is_empty() {
            return Ok(std::collections::HashMap::new());
        }
        Ok(companies::Entity::find()
            .filter(companies::Column::Id.is_in(companies.iter().map(|company| company.0)))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|row| (row.id.0, row.name))
            .collect())
    }

    /// The users a monthly charge counts: the company's people whose status is active (every
    /// role; a system operator belongs to no company).
    pub async fn active_user_count(&self, company: CompanyId) -> Result<i64, AccountsError> {
        let count = in_company::<users::Entity>(company)
            .filter(users::Column::Status.eq(EmploymentStatus::Active))
            .count(&self.db)
            .await?;
        Ok(i64::try_from(count).unwrap_or(i64::MAX))
    }

    /// The company's active admins, who hear about failed payments and suspension.
    pub async fn company_admins(&self, company: CompanyId) -> Result<Vec<BillingContact>, AccountsError> {
        Ok(in_company::<users::Entity>(company)
            .filter(users::Column::Status.eq(EmploymentStatus::Active))
            .filter(users::Column::Role.eq(Role::Admin.code()))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|user| BillingContact { email: user.email, name: format!("{} {}", user.first_name, user.last_name) })
            .collect())
    }

    /// Subscribed: the trial no longer ends.
    pub async fn end_trial(&self, company: CompanyId) -> Result<(), AccountsError> {
        companies::Entity::update_many()
            .col_expr(companies::Column::TrialEnd, Expr::value(Option::<NaiveDate>::None))
            .filter(companies::Column::Id.eq(company.0))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    /// Suspends the company (only Billing works; spec 000 §4) or lifts the suspension. Every
    /// session reads the company on each request, so it takes effect at once.
    pub async fn set_suspended(&self, company: CompanyId, suspended: bool) -> Result<(), AccountsError> {
        companies::Entity::update_many()
            .col_expr(companies::Column::Suspended, Expr::value(suspended))
            .filter(companies::Column::Id.eq(company.0))
            .exec(&self.db)
            .await?;
        Ok(())
    }
}
