use sea_orm::entity::prelude::*;

/// An address registered for the company's events.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhook_endpoints")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::WebhookEndpointId,
    pub company_id: kernel::CompanyId,
    pub url: String,
    /// The events' codes, space-separated.
    pub events: String,
    /// The signing secret (`whsec_…`): needed as is to sign, so kept as is.
    pub secret: String,
    pub active: bool,
    pub created_by: kernel::UserId,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
