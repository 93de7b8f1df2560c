use sea_orm::entity::prelude::*;

/// A person imported from AgencyZoom and the partner's id of them (`hr::agencyzoom`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "agencyzoom_links")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: kernel::CompanyId,
    pub user_id: kernel::UserId,
    pub partner_id: String,
    /// The last import that brought this person.
    pub imported_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
