use sea_orm::entity::prelude::*;

/// A change to a plan's rule for one PTO type (see `crate::rules`): the rule's summary before
/// (none: added) and after (none: removed).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pto_rule_changes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: i64,
    pub plan_id: i64,
    pub pto_type_id: i64,
    pub before_summary: Option<String>,
    pub after_summary: Option<String>,
    pub changed_by: Option<i64>,
    pub changed_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
