//! Erasing a company's timeline when its account is closed (called by `closure`).

use crate::entities::activities;
use kernel::purge::{erase_in_company, Erased};
use kernel::CompanyId;
use sea_orm::{ConnectionTrait, DbErr};

/// Deletes every timeline entry of `company`. Nothing refers to them.
pub async fn purge_company<C: ConnectionTrait>(conn: &C, company: CompanyId) -> Result<Vec<Erased>, DbErr> {
    Ok(vec![erase_in_company::<activities::Entity, C>(conn, company).await?])
}
