//! Job roles: a company's list, added, renamed and retired (never deleted: people keep theirs).

use crate::commands::JobRoleCommand;
use crate::views::JobRoleView;
use crate::{Hr, HrError};
use accounts::entities::job_roles;
use kernel::{JobRoleId, ManagerCtx, TenantCtx};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait, QueryFilter, QueryOrder};

pub const DUPLICATE_ROLE: &str = "There is already a job role with this name";

impl Hr {
    /// All of the company's job roles, active and retired, by name.
    pub async fn job_roles(&self, ctx: &TenantCtx) -> Result<Vec<JobRoleView>, HrError> {
        let rows = job_roles::Entity::find()
            .filter(kernel::tenancy::same_company::<job_roles::Entity>(ctx.company()))
            .order_by_asc(job_roles::Column::Name)
            .all(&self.db)
            .await?;
        Ok(rows.into_iter().map(Into::into).collect())
    }

    async fn job_role_row(&self, ctx: &TenantCtx, id: JobRoleId) -> Result<job_roles::Model, HrError> {
        job_roles::Entity::find_by_id(id.0)
            .filter(kernel::tenancy::same_company::<job_roles::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .ok_or(HrError::NotFound)
    }

    /// `POST /settings/update-role-type`: adds a role, or renames one (which brings it back if
    /// it was retired).
    pub async fn save_job_role(&self, ctx: &ManagerCtx, command: JobRoleCommand) -> Result<JobRoleView, HrError> {
        let existing = match command.id {
            Some(id) => Some(self.job_role_row(ctx, id).await?),
            None => None,
        };
        let _permit = self.gate.enter().await;
        // Compared case-folded in Rust, the same on both databases (SQLite's `lower()` folds
        // ASCII only); a company has a handful of job roles.
        let folded = kernel::validation::fold_case(&command.name);
        let same_name = job_roles::Entity::find()
            .filter(kernel::tenancy::same_company::<job_roles::Entity>(ctx.company()))
            .all(&self.db)
            .await?
            .into_iter()
            .any(|role| {
                existing.as_ref().is_none_or(|current| current.id != role.id)
                    && kernel::validation::fold_case(&role.name) == folded
            });
        if same_name {
            return Err(HrError::field("name", DUPLICATE_ROLE));
        }
        let saved = match existing {
            Some(role) => {
                let mut row: job_roles::ActiveModel = role.into();
                row.name = Set(command.name);
                row.active = Set(true);
                row.update(&self.db).await.map_err(duplicate_as_field)?
            }
            None => job_roles::ActiveModel {
                company_id: Set(ctx.company().0),
                name: Set(command.name),
                active: Set(true),
                ..Default::default()
            }
            .insert(&self.db)
            .await
            .map_err(duplicate_as_field)?,
        };
        Ok(saved.into())
    }

    /// `POST /settings/inactive-role-type`: the role leaves the pickers; people keep it.
    pub async fn retire_job_role(&self, ctx: &ManagerCtx, id: JobRoleId) -> Result<JobRoleView, HrError> {
        let role = self.job_role_row(ctx, id).await?;
        let _permit = self.gate.enter().await;
        let mut row: job_roles::ActiveModel = role.into();
        row.active = Set(false);
        Ok(row.update(&self.db).await?.into())
    }
}

/// Two saves of one name at once: the database's unique index refuses the second, which hears
/// what the check above would have told it.
fn duplicate_as_field(err: sea_orm::DbErr) -> HrError {
    match err.sql_err() {
        Some(sea_orm::SqlErr::UniqueConstraintViolation(_)) => HrError::field("name", DUPLICATE_ROLE),
        _ => HrError::Database(err),
    }
}
