use sea_orm::entity::prelude::*;

/// A company's own CE rule for a state (an admin's change to the product's).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "licensing_state_rules")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::StateRuleId,
    pub company_id: kernel::CompanyId,
    pub state: String,
    pub cycle_months: i32,
    pub total_minutes: i32,
    pub ethics_minutes: i32,
    /// JSON: `[{"topic": "flood", "minutes": 180}]`.
    pub topics: String,
    pub carry_over: bool,
    pub citation: String,
    pub effective_from: Date,
    pub updated_by: kernel::UserId,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
