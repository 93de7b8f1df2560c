//! Emergency contacts. Anyone who can see an employee can read theirs; the employee and admins
//! can change them (spec 001 §6: the Edit link is for admins).

use crate::commands::ContactCommand;
use crate::entities::emergency_contacts;
use crate::views::ContactView;
use crate::{Hr, HrError};
use chrono::Utc;
use kernel::{ContactId, TenantCtx, UserId};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};

/// More than this many is a mistake rather than a family.
pub const MAX_CONTACTS: u64 = 10;

impl Hr {
    async fn contact_owner(&self, ctx: &TenantCtx, employee: UserId, writing: bool) -> Result<UserId, HrError> {
        let user = self.accounts.employee_in_scope(ctx, employee).await?;
        if writing && !ctx.sees_owner_only_records_of(user.id) {
            return Err(HrError::Forbidden);
        }
        Ok(user.id)
    }

    pub async fn contacts(&self, ctx: &TenantCtx, employee: UserId) -> Result<Vec<ContactView>, HrError> {
        let owner = self.contact_owner(ctx, employee, false).await?;
        let rows = emergency_contacts::Entity::find()
            .filter(kernel::tenancy::same_company::<emergency_contacts::Entity>(ctx.company()))
            .filter(emergency_contacts::Column::EmployeeId.eq(owner))
            .order_by_asc(emergency_contacts::Column::Id)
            .all(&self.db)
            .await?;
        Ok(rows.into_iter().map(ContactView::from).collect())
    }

    async fn contact_row(
        &self,
        ctx: &TenantCtx,
        id: ContactId,
        owner: UserId,
    ) -> Result<emergency_contacts::Model, HrError> {
        emergency_contacts::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<emergency_contacts::Entity>(ctx.company()))
            .filter(emergency_contacts::Column::EmployeeId.eq(owner))
            .one(&self.db)
            .await?
            .ok_or(HrError::NotFound)
    }

    pub async fn contact(&self, ctx: &TenantCtx, id: ContactId, employee: UserId) -> Result<ContactView, HrError> {
        let owner = self.contact_owner(ctx, employee, false).await?;
        Ok(self.contact_row(ctx, id, owner).await?.into())
    }

    /// `POST /contacts/add`: adds, or edits when the command has an id.
    pub async fn save_contact(&self, ctx: &TenantCtx, command: ContactCommand) -> Result<ContactView, HrError> {
        let owner = self.contact_owner(ctx, command.employee_id, true).await?;
        let existing = match command.id {
            Some(id) => Some(self.contact_row(ctx, id, owner).await?),
            None => None,
        };
        let _permit = self.gate.enter().await;
        let saved = match existing {
            Some(contact) => {
                let mut row: emergency_contacts::ActiveModel = contact.into();
                row.first_name = Set(command.first_name);
                row.last_name = Set(command.last_name);
                row.relationship = Set(command.relationship.to_owned());
                row.phone = Set(command.phone);
                row.email = Set(command.email);
                row.update(&self.db).await?
            }
            None => {
                let count = emergency_contacts::Entity::find()
                    .filter(kernel::tenancy::same_company::<emergency_contacts::Entity>(ctx.company()))
                    .filter(emergency_contacts::Column::EmployeeId.eq(owner))
                    .count(&self.db)
                    .await?;
                if count >= MAX_CONTACTS {
                    return Err(HrError::Conflict(format!("You can keep up to {MAX_CONTACTS} emergency contacts.")));
                }
                emergency_contacts::ActiveModel {
                    company_id: Set(ctx.company()),
                    employee_id: Set(owner),
                    first_name: Set(command.first_name),
                    last_name: Set(command.last_name),
                    relationship: Set(command.relationship.to_owned()),
                    phone: Set(command.phone),
                    email: Set(command.email),
                    created_at: Set(Utc::now()),
                    ..Default::default()
                }
                .insert(&self.db)
                .await?
            }
        };
        Ok(saved.into())
    }

    pub async fn delete_contact(&self, ctx: &TenantCtx, id: ContactId, employee: UserId) -> Result<(), HrError> {
        let owner = self.contact_owner(ctx, employee, true).await?;
        let contact = self.contact_row(ctx, id, owner).await?;
        let _permit = self.gate.enter().await;
        emergency_contacts::Entity::delete_by_id(contact.id).exec(&self.db).await?;
        Ok(())
    }
}
