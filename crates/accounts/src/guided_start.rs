//! The guided start of a new company (issue 36): its checklist lives on the admin's dashboard
//! until every item is done or the admin dismisses it. What is done is read from each item's own
//! data (the `reports` crate lines them up); accounts keeps the company's profile, which is one
//! of the items, and when the checklist was dismissed.

use crate::people::{read, write, Company};
use crate::{Accounts, AccountsError};
use chrono::Utc;
use kernel::{AdminCtx, TenantCtx};

impl Accounts {
    /// The caller's company.
    pub async fn company_of(&self, ctx: &TenantCtx) -> Result<Company, AccountsError> {
        read::company(&self.db, ctx.company()).await?.ok_or(AccountsError::NotFound)
    }

    /// `POST /dashboard/setup-dismiss`: hides the checklist for the company's admins (`dismissed`
    /// false shows it again). Dismissing again keeps the first time.
    pub async fn dismiss_setup(&self, ctx: &AdminCtx, dismissed: bool) -> Result<Company, AccountsError> {
        let company = self.company_of(ctx).await?;
        let when = match (dismissed, company.setup_dismissed_at) {
            (true, Some(earlier)) => Some(earlier),
            (true, None) => Some(Utc::now()),
            (false, _) => None,
        };
        let change = write::CompanyChange { setup_dismissed_at: Some(when), ..write::CompanyChange::default() };
        Ok(write::change_company(&self.db, ctx.company(), change).await?)
    }
}
