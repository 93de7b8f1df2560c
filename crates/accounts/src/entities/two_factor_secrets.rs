use sea_orm::entity::prelude::*;

/// A person's TOTP secret: pending until a first code confirms it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "two_factor_secrets")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: kernel::UserId,
    /// Base32 (RFC 4648, no padding), as the authenticator app was given it.
    pub secret: String,
    /// When a first code confirmed it; none while the set-up waits for one.
    pub enabled_at: Option<DateTimeUtc>,
    /// The last 30-second step a code was accepted for: a code of it or an earlier step is refused.
    pub last_step: i64,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
