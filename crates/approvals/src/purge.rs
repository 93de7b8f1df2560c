//! Erasing a company's approvals when its account is closed (called by `closure`).

use crate::entities::{
    approval_answers, approval_events, approval_flows, approval_links, approval_path_uses, approval_paths,
    approval_settings, approval_stand_ins, approval_waiting,
};
use kernel::purge::{erase_in_company, Erased};
use kernel::CompanyId;
use sea_orm::{ConnectionTrait, DbErr};

/// Deletes every approval row of `company`, each table before the ones it refers to: a flow's
/// links, answers, events and approvers before the flow, the uses before their paths.
pub async fn purge_company<C: ConnectionTrait>(conn: &C, company: CompanyId) -> Result<Vec<Erased>, DbErr> {
    Ok(vec![
        erase_in_company::<approval_links::Entity, C>(conn, company).await?,
        erase_in_company::<approval_answers::Entity, C>(conn, company).await?,
        erase_in_company::<approval_events::Entity, C>(conn, company).await?,
        erase_in_company::<approval_waiting::Entity, C>(conn, company).await?,
        erase_in_company::<approval_flows::Entity, C>(conn, company).await?,
        erase_in_company::<approval_stand_ins::Entity, C>(conn, company).await?,
        erase_in_company::<approval_path_uses::Entity, C>(conn, company).await?,
        erase_in_company::<approval_paths::Entity, C>(conn, company).await?,
        erase_in_company::<approval_settings::Entity, C>(conn, company).await?,
    ])
}
