//! The company profile (`/company/*`).

use crate::commands::CompanyCommand;
use crate::views::CompanyView;
use crate::{Hr, HrError};
use accounts::entities::companies;
use files::Purpose;
use kernel::{AdminCtx, FileId, ManagerCtx};
use sea_orm::{ActiveModelTrait, ActiveValue::Set};

impl Hr {
    pub async fn company_profile(&self, ctx: &ManagerCtx) -> Result<CompanyView, HrError> {
        Ok(self.company_row(ctx).await?.into())
    }

    /// `POST /company/update` (admins).
    pub async fn update_company(&self, ctx: &AdminCtx, command: CompanyCommand) -> Result<CompanyView, HrError> {
        let company = self.company_row(ctx).await?;
        let _permit = self.gate.enter().await;
        let mut row: companies::ActiveModel = company.into();
        row.name = Set(command.name);
        row.facebook = Set(command.facebook);
        row.linkedin = Set(command.linkedin);
        row.email = Set(Some(command.email));
        row.phone = Set(command.phone);
        row.address1 = Set(command.address1);
        row.city = Set(command.city);
        row.state = Set(Some(command.state));
        row.zip = Set(command.zip);
        Ok(row.update(&self.db).await?.into())
    }

    /// `POST /company/logo` (admins): returns the new logo's URL.
    pub async fn set_company_logo(&self, ctx: &AdminCtx, bytes: &[u8]) -> Result<String, HrError> {
        let company = self.company_row(ctx).await?;
        let file = self.files.save(ctx, Purpose::Logo, bytes).await?;
        let old = company.logo;
        let _permit = self.gate.enter().await;
        let mut row: companies::ActiveModel = company.into();
        row.logo = Set(Some(file.id));
        row.update(&self.db).await?;
        if let Some(old) = old {
            self.files.discard(&self.db, ctx, FileId(old)).await;
        }
        Ok(files::url_of(file.id))
    }
}
