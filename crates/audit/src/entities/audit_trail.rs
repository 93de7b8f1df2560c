use sea_orm::entity::prelude::*;

/// One entry of a company's audit trail. Never updated (a trigger refuses it); deleted only with
/// the company.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "audit_trail")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::AuditEntryId,
    pub company_id: kernel::CompanyId,
    pub occurred_at: DateTimeUtc,
    /// Who acted (the signed-in person; under impersonation, the person impersonated).
    pub actor_id: Option<kernel::UserId>,
    /// The platform operator behind an impersonation.
    pub impersonator_id: Option<kernel::UserId>,
    /// For whom the actor decided, when they stood in for an approver.
    pub on_behalf_of: Option<kernel::UserId>,
    /// The person the change is about, when it is about one.
    pub subject_id: Option<kernel::UserId>,
    pub entity: String,
    pub entity_id: String,
    pub action: String,
    /// The fields before and after, as JSON: `[{"field", "before", "after"}]`.
    pub changes: String,
    pub ip: Option<String>,
    pub client: String,
    /// The company API key the change came through (client `api`).
    pub api_key_id: Option<kernel::ApiKeyId>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
