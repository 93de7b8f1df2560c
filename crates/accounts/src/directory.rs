//! Looking people up inside a company: the one place where an employee id from a request is
//! turned into a row, scoped by the tenant and by the actor's reach.

use crate::entities::users;
use crate::{Accounts, AccountsError};
use kernel::{Role, TenantCtx, UserId};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

impl Accounts {
    /// The employee `id` if the actor may see them: anyone in the company for an admin; a
    /// manager's reports and the manager; an employee only themselves. Anything else, another
    /// company's employee included, is `NotFound`, exactly like an id that does not exist.
    pub async fn employee_in_scope(
        &self,
        ctx: &TenantCtx,
        id: UserId,
    ) -> Result<users::Model, AccountsError> {
        let employee = users::Entity::find_by_id(id.0)
            .filter(users::Column::CompanyId.eq(ctx.company().0))
            .one(&self.db)
            .await?
            .ok_or(AccountsError::NotFound)?;
        let reachable = match ctx.role() {
            Role::Admin => true,
            Role::Manager => {
                employee.id == ctx.actor().0 || employee.manager_id == Some(ctx.actor().0)
            }
            Role::Employee => employee.id == ctx.actor().0,
            Role::SysAdmin => false,
        };
        if reachable {
            Ok(employee)
        } else {
            Err(AccountsError::NotFound)
        }
    }
}
