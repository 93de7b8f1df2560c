//! The operator's billing follow-up (contract: `docs/contracts/system.md`, "Customers"): the
//! charges, their attempts, and three actions — retry a charge, charge today, charge next. The
//! charges are `billing`'s, which keeps its rules (see `billing::operator`); this module checks
//! what the request names and writes every action to the audit log right after it succeeded,
//! with its outcome ('Charge 41: declined (Your card was declined.)'). Without billing every
//! call here is 404.

use crate::audit::Action;
use crate::companies::present;
use crate::{SystemAdmin, SystemError};
use billing::operator::{
    AttemptOutcome, ChargeAttemptView, ChargeQuery, ChargeSort, CompanyChargeRun, OperatorCharge, OperatorError,
};
use billing::ChargeStatus;
use chrono::Utc;
use kernel::{ChargeId, CompanyId, FieldErrors, SystemCtx};
use serde::Serialize;

impl From<OperatorError> for SystemError {
    fn from(err: OperatorError) -> Self {
        match err {
            OperatorError::NotFound => SystemError::NotFound,
            OperatorError::Refused(message) => SystemError::Refused(message.to_owned()),
            OperatorError::Conflict(message) => SystemError::Conflict(message.to_owned()),
            OperatorError::Billing(err) => SystemError::Billing(err),
        }
    }
}

/// `GET /system/charges`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChargeListPage {
    pub charges: Vec<OperatorCharge>,
    pub charge_count: u64,
}

/// `GET /system/charge-attempts`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ChargeAttempts {
    pub attempts: Vec<ChargeAttemptView>,
}

/// `POST /system/retry-charge`'s answer.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RetriedCharge {
    pub charge: OperatorCharge,
    /// `paid`, `declined`, or `unsettled` (the provider did not answer yet, or there is no card).
    pub outcome: String,
}

/// `POST /system/charge-today` and `/system/charge-next`'s answer.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChargeRunReply {
    /// Charges made (0: nothing was due).
    pub created: usize,
    pub paid: usize,
    pub declined: usize,
    /// The charges made or attempted, newest period first.
    pub charges: Vec<OperatorCharge>,
}

/// Parses `GET /system/charges`' parameters: `status` one of `pending`, `paid`, `retrying`,
/// `failed`; `sort` `periodStart` (the default, newest first) or `total` (largest first unless
/// told); `order` `asc` or `desc`; without `companyId`, every company's charges.
pub fn charge_query(
    company_id: Option<i64>,
    page: Option<u64>,
    status: Option<&str>,
    sort: Option<&str>,
    order: Option<&str>,
) -> Result<ChargeQuery, FieldErrors> {
    let mut errors = FieldErrors::new();
    let page = kernel::validation::page_into(&mut errors, page);
    let status = present(status).and_then(|status| {
        let known = ChargeStatus::from_code(status);
        if known.is_none() {
            errors.add("status", "Please choose pending, paid, retrying or failed");
        }
        known
    });
    let sort = match present(sort) {
        None | Some("periodStart") => ChargeSort::PeriodStart,
        Some("total") => ChargeSort::Total,
        Some(_) => {
            errors.add("sort", "Please sort by periodStart or total");
            ChargeSort::PeriodStart
        }
    };
    let descending = kernel::validation::descending_into(&mut errors, order, true);
    errors.into_result(ChargeQuery { company: company_id.map(CompanyId), status, sort, descending, page })
}

impl SystemAdmin {
    /// `GET /system/charges`: a page of one company's charges (404 if it does not exist), or of
    /// everyone's.
    pub async fn charges(&self, ctx: &SystemCtx, query: &ChargeQuery) -> Result<ChargeListPage, SystemError> {
        let billing = self.billing()?;
        if let Some(company) = query.company {
            self.named_company(company).await?;
        }
        let page = billing.operator_charges(ctx, query).await?;
        Ok(ChargeListPage { charges: page.charges, charge_count: page.charge_count })
    }

    /// `GET /system/charge-attempts`.
    pub async fn charge_attempts(&self, ctx: &SystemCtx, charge: ChargeId) -> Result<ChargeAttempts, SystemError> {
        Ok(ChargeAttempts { attempts: self.billing()?.charge_attempts(ctx, charge).await? })
    }

    /// `POST /system/retry-charge`: one attempt now, which does not count towards suspension.
    pub async fn retry_charge(&self, ctx: &SystemCtx, id: ChargeId) -> Result<RetriedCharge, SystemError> {
        let billing = self.billing()?;
        let retried = billing.retry_charge(ctx, id, Utc::now()).await?;
        let company = CompanyId(retried.charge.company_id);
        let mut detail = format!("Charge {id}: {}", retried.outcome.code());
        if retried.outcome == AttemptOutcome::Declined {
            let error = billing.charge_attempts(ctx, id).await?.pop().and_then(|attempt| attempt.error);
            if let Some(error) = error {
                detail.push_str(&format!(" ({error})"));
            }
        }
        if retried.reactivated {
            detail.push_str("; the company owes nothing and is active again");
        }
        let name = self.named_company(company).await?;
        self.log_company(ctx, company, name, Action::RetryCharge, detail).await?;
        Ok(RetriedCharge { charge: retried.charge, outcome: retried.outcome.code().to_owned() })
    }

    /// `POST /system/charge-today`: the charge job for this company now.
    pub async fn charge_today(&self, ctx: &SystemCtx, company: CompanyId) -> Result<ChargeRunReply, SystemError> {
        let billing = self.billing()?;
        let name = self.named_company(company).await?;
        let run = billing.charge_today(ctx, company, Utc::now()).await?;
        let detail = if run.created == 0 && run.charges.is_empty() {
            "Nothing is due today.".to_owned()
        } else {
            format!("Charge today: {}", run_summary(&run))
        };
        self.log_company(ctx, company, name, Action::ChargeToday, detail).await?;
        Ok(reply(run))
    }

    /// `POST /system/charge-next`: the next monthly charge brought forward, made and attempted
    /// now.
    pub async fn charge_next(&self, ctx: &SystemCtx, company: CompanyId) -> Result<ChargeRunReply, SystemError> {
        let billing = self.billing()?;
        let name = self.named_company(company).await?;
        let run = billing.charge_next(ctx, company, Utc::now()).await?;
        let periods: Vec<String> = run.charges.iter().map(|charge| charge.period_start.to_string()).collect();
        let detail = format!("Charge next: period {}; {}", periods.join(", "), run_summary(&run));
        self.log_company(ctx, company, name, Action::ChargeNext, detail).await?;
        Ok(reply(run))
    }

    /// The name of the company `id`, or `NotFound`.
    async fn named_company(&self, id: CompanyId) -> Result<String, SystemError> {
        Ok(self.accounts.billed_company(id).await?.ok_or(SystemError::NotFound)?.name)
    }
}

/// '1 made, 1 paid, 0 declined', and each charge with its outcome.
fn run_summary(run: &CompanyChargeRun) -> String {
    let charges: Vec<String> =
        run.charges.iter().map(|charge| format!("charge {} {}", charge.id, charge.status.code())).collect();
    let mut text = format!("{} made, {} paid, {} declined", run.created, run.paid, run.declined);
    if run.unsettled > 0 {
        text.push_str(&format!(", {} unsettled", run.unsettled));
    }
    if !charges.is_empty() {
        text.push_str(&format!(" ({})", charges.join(", ")));
    }
    if run.suspended {
        text.push_str("; the company was suspended");
    }
    text
}

fn reply(run: CompanyChargeRun) -> ChargeRunReply {
    ChargeRunReply { created: run.created, paid: run.paid, declined: run.declined, charges: run.charges }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_charge_query_defaults_to_the_newest_period_and_refuses_what_it_does_not_know() {
        let query = charge_query(Some(7), None, Some(" "), None, None).unwrap();
        assert_eq!(
            (query.company, query.status, query.sort, query.descending),
            (Some(CompanyId(7)), None, ChargeSort::PeriodStart, true)
        );
        let query = charge_query(None, Some(2), Some("failed"), Some("total"), Some("asc")).unwrap();
        assert_eq!(
            (query.status, query.sort, query.descending, query.page),
            (Some(ChargeStatus::Failed), ChargeSort::Total, false, 2)
        );
        let errors = charge_query(None, Some(0), Some("owed"), Some("users"), Some("down")).unwrap_err();
        for field in ["page", "status", "sort", "order"] {
            assert!(errors.has(field), "{field}");
        }
    }
}
