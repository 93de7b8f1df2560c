//! Erasing a company's people records, HR records, policies, calendar and celebrations when its
//! account is closed (called by `closure`, before `files` erases the stored files these rows
//! point at and `accounts` erases the people).

use crate::entities::{
    agencyzoom_links, calendar_events, calendar_feeds, celebration_messages, celebration_sends,
    company_celebration_messages, emergency_contacts, hr_doc_requests, hr_documents, hr_events, hr_policies,
    hr_policy_recipients, hr_policy_versions, hr_policy_workflows, hr_types,
};
use kernel::purge::{erase_in_company, Erased};
use kernel::CompanyId;
use sea_orm::{ConnectionTrait, DbErr};

/// Deletes every hr row of `company`, each table before the ones it refers to: a policy's
/// recipients, publications (which restrict versions) and versions before the policy; documents
/// before the requests they fulfilled; events, documents, requests and policies before their
/// types; then contacts, AgencyZoom links, calendar feeds and events, and celebrations. Every table has a company
/// column. The stored files of documents, events and policies are `files`' to erase, after this.
pub async fn purge_company<C: ConnectionTrait>(conn: &C, company: CompanyId) -> Result<Vec<Erased>, DbErr> {
    Ok(vec![
        erase_in_company::<hr_policy_recipients::Entity, C>(conn, company).await?,
        erase_in_company::<hr_policy_workflows::Entity, C>(conn, company).await?,
        erase_in_company::<hr_policy_versions::Entity, C>(conn, company).await?,
        erase_in_company::<hr_policies::Entity, C>(conn, company).await?,
        erase_in_company::<hr_documents::Entity, C>(conn, company).await?,
        erase_in_company::<hr_doc_requests::Entity, C>(conn, company).await?,
        erase_in_company::<hr_events::Entity, C>(conn, company).await?,
        erase_in_company::<hr_types::Entity, C>(conn, company).await?,
        erase_in_company::<emergency_contacts::Entity, C>(conn, company).await?,
        erase_in_company::<agencyzoom_links::Entity, C>(conn, company).await?,
        erase_in_company::<calendar_feeds::Entity, C>(conn, company).await?,
        erase_in_company::<calendar_events::Entity, C>(conn, company).await?,
        erase_in_company::<celebration_sends::Entity, C>(conn, company).await?,
        erase_in_company::<celebration_messages::Entity, C>(conn, company).await?,
        erase_in_company::<company_celebration_messages::Entity, C>(conn, company).await?,
    ])
}
