//! Job roles: a company's list, added, renamed and retired (never deleted: people keep theirs).

use crate::commands::JobRoleCommand;
use crate::views::JobRoleView;
use crate::{Hr, HrError};
use accounts::entities::job_roles;
use kernel::TenantCtx;
use sea_orm::sea_query::{Expr, Func};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

pub const DUPLICATE_ROLE: &str = "There is already a job role with this name";

impl Hr {
    /// All of the company's job roles, active and retired, by name.
    pub async fn job_roles(&self, ctx: &TenantCtx) -> Result<Vec<JobRoleView>, HrError> {
        let rows = job_roles::Entity::find()
            .filter(job_roles::Column::CompanyId.eq(ctx.company().0))
            .order_by_asc(job_roles::Column::Name)
            .all(&self.db)
            .await?;
        Ok(rows.into_iter().map(Into::into).collect())
    }

    async fn job_role_row(&self, ctx: &TenantCtx, id: i64) -> Result<job_roles::Model, HrError> {
        job_roles::Entity::find_by_id(id)
            .filter(job_roles::Column::CompanyId.eq(ctx.company().0))
            .one(&self.db)
            .await?
            .ok_or(HrError::NotFound)
    }

    /// `POST /settings/update-role-type`: adds a role, or renames one (which brings it back if
    /// it was retired).
    pub async fn save_job_role(&self, ctx: &TenantCtx, command: JobRoleCommand) -> Result<JobRoleView, HrError> {
        if !ctx.is_privileged() {
            return Err(HrError::Forbidden);
        }
        let existing = match command.id {
            Some(id) => Some(self.job_role_row(ctx, id).await?),
            None => None,
        };
        let _permit = self.gate.enter().await;
        let mut same_name = job_roles::Entity::find()
            .filter(job_roles::Column::CompanyId.eq(ctx.company().0))
            .filter(Expr::expr(Func::lower(Expr::col(job_roles::Column::Name))).eq(command.name.to_lowercase()));
        if let Some(role) = &existing {
            same_name = same_name.filter(job_roles::Column::Id.ne(role.id));
        }
        if same_name.one(&self.db).await?.is_some() {
            return Err(HrError::field("name", DUPLICATE_ROLE));
        }
        let saved = match existing {
            Some(role) => {
                let mut row: job_roles::ActiveModel = role.into();
                row.name = Set(command.name);
                row.active = Set(true);
                row.update(&self.db).await?
            }
            None => {
                job_roles::ActiveModel {
                    company_id: Set(ctx.company().0),
                    name: Set(command.name),
                    active: Set(true),
                    ..Default::default()
                }
                .insert(&self.db)
                .await?
            }
        };
        Ok(saved.into())
    }

    /// `POST /settings/inactive-role-type`: the role leaves the pickers; people keep it.
    pub async fn retire_job_role(&self, ctx: &TenantCtx, id: i64) -> Result<JobRoleView, HrError> {
        if !ctx.is_privileged() {
            return Err(HrError::Forbidden);
        }
        let role = self.job_role_row(ctx, id).await?;
        let _permit = self.gate.enter().await;
        let mut row: job_roles::ActiveModel = role.into();
        row.active = Set(false);
        Ok(row.update(&self.db).await?.into())
    }
}
