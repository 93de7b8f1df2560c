use sea_orm::entity::prelude::*;

/// A change to a plan's rule for one PTO type (see `crate::rules`): the rule's summary before
/// (none: added) and after (none: removed).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pto_rule_changes")]
pub struct Model {
    /// Never addressed: changes are listed by plan.
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: kernel::CompanyId,
    pub plan_id: kernel::ids::PtoPlanId,
    pub pto_type_id: kernel::ids::PtoTypeId,
    pub before_summary: Option<String>,
    pub after_summary: Option<String>,
    pub changed_by: Option<kernel::UserId>,
    pub changed_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
