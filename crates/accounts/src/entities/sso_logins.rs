use sea_orm::entity::prelude::*;

/// A sign-in under way at the identity provider: what the callback needs to finish it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sso_logins")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// SHA-256 of the `state` sent to the provider.
    pub state_hash: String,
    /// SHA-256 of the secret in the starting browser's cookie.
    pub browser_hash: String,
    pub nonce: String,
    pub pkce_verifier: String,
    /// `login` or `signup`.
    pub purpose: String,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    pub used_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
