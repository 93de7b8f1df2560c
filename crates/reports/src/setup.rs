//! The guided start of a new company (issue 36): a checklist on the admin's dashboard until every
//! item is done or the admin dismisses it. Each item ticks itself from its own data, read through
//! its owner's API: the company's profile (accounts), the pay period (timesheet), job roles and
//! people (accounts), PTO types, a plan and holidays (pto), a first policy (hr). Nothing is
//! stored for the items themselves, so undoing one (deleting the last holiday) unticks it.

use crate::{Reports, ReportsError};
use kernel::{AdminCtx, EmploymentStatus};
use serde::Serialize;

/// One item of the checklist; the web app names it and links it to its screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SetupItem {
    /// `company`, `payPeriod`, `jobRoles`, `timeOff`, `holidays`, `people` or `policy`.
    pub key: &'static str,
    pub done: bool,
}

/// `GET /dashboard/setup`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SetupChecklist {
    /// In the order a new admin meets them.
    pub items: Vec<SetupItem>,
    /// The admin hid the checklist.
    pub dismissed: bool,
    /// Every item is done.
    pub complete: bool,
}

impl Reports {
    /// `GET /dashboard/setup`: the guided start's checklist of the caller's company.
    pub async fn setup_checklist(&self, ctx: &AdminCtx) -> Result<SetupChecklist, ReportsError> {
        let company = self.accounts.company_of(ctx).await.map_err(hr::HrError::from)?;
        let profile = [&company.address1, &company.phone, &company.email].iter().any(|field| field.is_some());
        let roles = self.accounts.job_roles_of(ctx).await.map_err(hr::HrError::from)?;
        let people = self.accounts.people_of(ctx, None).await.map_err(hr::HrError::from)?;
        let others = people.iter().filter(|person| person.status == EmploymentStatus::Active).count() > 1;
        let types = self.pto.pto_types(ctx).await?;
        let plans = self.pto.plans(ctx).await?;
        let holidays = self.pto.holidays(ctx, None).await?;
        let items = vec![
            SetupItem { key: "company", done: profile },
            SetupItem { key: "payPeriod", done: self.timesheet.pay_cycle_chosen(ctx).await? },
            SetupItem { key: "jobRoles", done: roles.iter().any(|role| role.active) },
            SetupItem { key: "timeOff", done: !types.is_empty() && !plans.is_empty() },
            SetupItem { key: "holidays", done: !holidays.holidays.is_empty() },
            SetupItem { key: "people", done: others },
            SetupItem { key: "policy", done: self.hr.has_policies(ctx).await? },
        ];
        Ok(SetupChecklist {
            complete: items.iter().all(|item| item.done),
            items,
            dismissed: company.setup_dismissed_at.is_some(),
        })
    }
}
