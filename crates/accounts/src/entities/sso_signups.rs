use sea_orm::entity::prelude::*;

/// A person the provider vouched for who has no account yet, waiting for the signup that
/// redeems its handle (`ssoAccessToken`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sso_signups")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// SHA-256 of the handle given to the browser.
    pub handle_hash: String,
    pub issuer: String,
    pub subject: String,
    /// The provider's verified address, lower-cased.
    pub email: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    pub used_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
