use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "time_entry_breaks")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub entry_id: kernel::EntryId,
    pub start_at: DateTimeUtc,
    pub end_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
