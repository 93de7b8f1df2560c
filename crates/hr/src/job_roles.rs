//! Job roles: a company's list, added, renamed and retired (never deleted: people keep theirs).

use crate::commands::JobRoleCommand;
use crate::views::JobRoleView;
use crate::{Hr, HrError};
use accounts::people::{read, write};
use accounts::JobRole;
use kernel::{JobRoleId, ManagerCtx, TenantCtx};

pub const DUPLICATE_ROLE: &str = "There is already a job role with this name";

impl Hr {
    /// All of the company's job roles, active and retired, by name.
    pub async fn job_roles(&self, ctx: &TenantCtx) -> Result<Vec<JobRoleView>, HrError> {
        Ok(read::job_roles(&self.db, ctx).await?.into_iter().map(Into::into).collect())
    }

    async fn job_role_row(&self, ctx: &TenantCtx, id: JobRoleId) -> Result<JobRole, HrError> {
        read::job_role(&self.db, ctx, id).await?.ok_or(HrError::NotFound)
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
        let same_name = read::job_roles(&self.db, ctx).await?.into_iter().any(|role| {
            existing.as_ref().is_none_or(|current| current.id != role.id)
                && kernel::validation::fold_case(&role.name) == folded
        });
        if same_name {
            return Err(HrError::field("name", DUPLICATE_ROLE));
        }
        // A name taken by a concurrent save fails the statement; the transaction is then dropped
        // unwritten (PostgreSQL aborted it), with the field's message.
        let txn = kernel::begin_write(&self.db).await?;
        let before = existing.as_ref().map(|role| role.name.clone());
        let saved = match existing {
            Some(role) => write::change_job_role(&txn, ctx.company(), role.id, Some(command.name), true)
                .await
                .map_err(duplicate_as_field)?,
            None => write::add_job_role(&txn, ctx.company(), &command.name).await.map_err(duplicate_as_field)?,
        };
        let action = if before.is_some() { audit::Action::Updated } else { audit::Action::Created };
        let change = audit::Change::new(audit::Subject::CompanySettings, format!("job-role-{}", saved.id.0), action)
            .field("jobRole", before, saved.name.clone());
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        Ok(saved.into())
    }

    /// `POST /settings/inactive-role-type`: the role leaves the pickers; people keep it.
    pub async fn retire_job_role(&self, ctx: &ManagerCtx, id: JobRoleId) -> Result<JobRoleView, HrError> {
        let role = self.job_role_row(ctx, id).await?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let saved = write::change_job_role(&txn, ctx.company(), role.id, None, false).await?;
        let change = audit::Change::new(
            audit::Subject::CompanySettings,
            format!("job-role-{}", saved.id.0),
            audit::Action::Deleted,
        )
        .field("jobRole", saved.name.clone(), None::<String>);
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        Ok(saved.into())
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
