//! The company profile (`/company/*`).

use crate::commands::CompanyCommand;
use crate::views::CompanyView;
use crate::{Hr, HrError};
use accounts::people::write::{self, CompanyChange};
use files::Purpose;
use kernel::{AdminCtx, ManagerCtx};

impl Hr {
    pub async fn company_profile(&self, ctx: &ManagerCtx) -> Result<CompanyView, HrError> {
        Ok(self.company_row(ctx).await?.into())
    }

    /// `POST /company/update` (admins).
    pub async fn update_company(&self, ctx: &AdminCtx, command: CompanyCommand) -> Result<CompanyView, HrError> {
        let before = self.company_row(ctx).await?;
        let _permit = self.gate.enter().await;
        let change = CompanyChange {
            name: Some(command.name),
            facebook: Some(command.facebook),
            linkedin: Some(command.linkedin),
            email: Some(Some(command.email)),
            phone: Some(command.phone),
            address1: Some(command.address1),
            city: Some(command.city),
            state: Some(Some(command.state)),
            zip: Some(command.zip),
            ..CompanyChange::default()
        };
        let txn = kernel::begin_write(&self.db).await?;
        let saved = write::change_company(&txn, ctx.company(), change).await.map_err(HrError::not_found_if_missing)?;
        record_change(&txn, ctx, &before, &saved).await?;
        txn.commit().await?;
        Ok(saved.into())
    }

    /// `POST /company/logo` (admins): returns the new logo's URL.
    pub async fn set_company_logo(&self, ctx: &AdminCtx, bytes: &[u8]) -> Result<String, HrError> {
        let company = self.company_row(ctx).await?;
        let file = self.files.save(ctx, Purpose::Logo, bytes).await?;
        let old = company.logo;
        let _permit = self.gate.enter().await;
        let change = CompanyChange { logo: Some(Some(file.id)), ..CompanyChange::default() };
        let txn = kernel::begin_write(&self.db).await?;
        let saved = write::change_company(&txn, ctx.company(), change).await?;
        record_change(&txn, ctx, &company, &saved).await?;
        txn.commit().await?;
        if let Some(old) = old {
            self.files.discard(&self.db, ctx, old).await;
        }
        Ok(files::url_of(file.id))
    }
}

/// The audit trail's entry for a change of the company's profile.
async fn record_change(
    txn: &impl sea_orm::ConnectionTrait,
    ctx: &AdminCtx,
    before: &accounts::Company,
    after: &accounts::Company,
) -> Result<(), HrError> {
    let change = audit::Change::new(audit::Subject::CompanySettings, ctx.company().0, audit::Action::Updated)
        .diff(&before.audit_snapshot(), &after.audit_snapshot());
    audit::record(txn, ctx, change).await?;
    Ok(())
}
