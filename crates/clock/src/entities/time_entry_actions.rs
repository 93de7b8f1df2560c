use sea_orm::entity::prelude::*;

/// One press of a clock button: `start`, `break`, `resume` or `end`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "time_entry_actions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub entry_id: kernel::EntryId,
    pub action_type: String,
    pub action_at: DateTimeUtc,
    pub actor_id: kernel::UserId,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
