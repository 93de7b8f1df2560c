use sea_orm::entity::prelude::*;

/// A company API key (issue 43): acts as the admin who created it, within its scopes.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "api_keys")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::ApiKeyId,
    pub company_id: kernel::CompanyId,
    pub name: String,
    /// The secret's public start (`tk_1a2b3c4d`), to tell keys apart on screen.
    pub prefix: String,
    /// SHA-256 of the whole secret, hex.
    pub secret_hash: String,
    /// The scopes' codes, space-separated (`people:read time:read`).
    pub scopes: String,
    pub created_by: kernel::UserId,
    pub created_at: DateTimeUtc,
    pub expires_at: Option<DateTimeUtc>,
    pub last_used_at: Option<DateTimeUtc>,
    pub last_used_ip: Option<String>,
    pub revoked_at: Option<DateTimeUtc>,
    /// The start of the current throttle window, and the requests counted in it.
    pub window_started_at: Option<DateTimeUtc>,
    pub window_count: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
