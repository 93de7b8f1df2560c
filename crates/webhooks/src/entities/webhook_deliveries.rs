use sea_orm::entity::prelude::*;

/// One event for one endpoint: due (`next_attempt_at`), claimed, delivered or failed.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhook_deliveries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::WebhookDeliveryId,
    pub company_id: kernel::CompanyId,
    pub endpoint_id: kernel::WebhookEndpointId,
    /// The event's id (`evt_…`): the same in every endpoint's delivery of it, and on a resend.
    pub event_id: String,
    pub event: String,
    /// The body, as sent.
    pub payload: String,
    pub created_at: DateTimeUtc,
    pub attempts: i32,
    /// When it is due; none once delivered or failed.
    pub next_attempt_at: Option<DateTimeUtc>,
    pub claimed_by: Option<String>,
    pub claimed_until: Option<DateTimeUtc>,
    pub delivered_at: Option<DateTimeUtc>,
    pub failed_at: Option<DateTimeUtc>,
    /// The HTTP status of the last attempt, if one came back.
    pub last_status: Option<i32>,
    pub last_error: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
