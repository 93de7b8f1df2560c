//! Erasing a company's licensing records when its account is closed (called by `closure`).
//! Their files (licence documents, certificates) are stored files, erased by `files`.

use crate::entities::{
    carrier_appointments, ce_credits, ce_requirements, eo_policies, licences, licensing_producers, licensing_reminders,
    licensing_state_rules,
};
use kernel::purge::{erase_in_company, Erased};
use kernel::CompanyId;
use sea_orm::{ConnectionTrait, DbErr};

/// Deletes every licensing row of `company`, requirements before their licences.
pub async fn purge_company<C: ConnectionTrait>(conn: &C, company: CompanyId) -> Result<Vec<Erased>, DbErr> {
    Ok(vec![
        erase_in_company::<licensing_reminders::Entity, C>(conn, company).await?,
        erase_in_company::<ce_requirements::Entity, C>(conn, company).await?,
        erase_in_company::<licences::Entity, C>(conn, company).await?,
        erase_in_company::<ce_credits::Entity, C>(conn, company).await?,
        erase_in_company::<carrier_appointments::Entity, C>(conn, company).await?,
        erase_in_company::<eo_policies::Entity, C>(conn, company).await?,
        erase_in_company::<licensing_state_rules::Entity, C>(conn, company).await?,
        erase_in_company::<licensing_producers::Entity, C>(conn, company).await?,
    ])
}
