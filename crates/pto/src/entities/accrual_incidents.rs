use sea_orm::entity::prelude::*;

/// An accrual incident the operator was told of, once: unique by `key`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "accrual_incidents")]
pub struct Model {
    /// Never addressed: found by key.
    #[sea_orm(primary_key)]
    pub id: i64,
    pub key: String,
    pub reason: String,
    pub opened_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
