use sea_orm::entity::prelude::*;

/// A person's PIN for kiosks, hashed (issue 40).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "kiosk_pins")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub employee_id: kernel::UserId,
    pub company_id: kernel::CompanyId,
    pub pin_hash: String,
    /// Wrong tries since the last right one (or the last lock).
    pub failures: i32,
    pub locked_until: Option<DateTimeUtc>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
