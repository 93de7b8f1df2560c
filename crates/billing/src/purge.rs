//! Erasing a company's billing records when its account is closed (called by `closure`).

use crate::entities::{accounts, attempts, charges, checkouts, redemptions, webhook_events};
use kernel::tenancy::same_company;
use kernel::CompanyId;
use sea_orm::{ConnectionTrait, DbErr, EntityTrait, QueryFilter};

/// Deletes every billing row of `company`, children first. The provider's customer is removed
/// by [`crate::Billing::forget_customer`] after the closing transaction commits.
pub async fn purge_company<C: ConnectionTrait>(conn: &C, company: CompanyId) -> Result<(), DbErr> {
    attempts::Entity::delete_many().filter(same_company::<attempts::Entity>(company)).exec(conn).await?;
    charges::Entity::delete_many().filter(same_company::<charges::Entity>(company)).exec(conn).await?;
    checkouts::Entity::delete_many().filter(same_company::<checkouts::Entity>(company)).exec(conn).await?;
    // Events name a company only through what they settled (the column may be empty).
    webhook_events::Entity::delete_many().filter(same_company::<webhook_events::Entity>(company)).exec(conn).await?;
    // Its promotion (the promotion itself is the platform's, and stays).
    redemptions::Entity::delete_many().filter(same_company::<redemptions::Entity>(company)).exec(conn).await?;
    accounts::Entity::delete_many().filter(same_company::<accounts::Entity>(company)).exec(conn).await?;
    Ok(())
}
