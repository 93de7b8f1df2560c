use sea_orm::entity::prelude::*;

/// One PTO type's rule inside a plan; `pto_engine::Rule` is its typed form.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pto_rules")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::ids::PtoRuleId,
    pub company_id: kernel::CompanyId,
    pub plan_id: kernel::ids::PtoPlanId,
    pub pto_type_id: kernel::ids::PtoTypeId,
    pub active: bool,
    /// The method's wire name (`PER_CALENDAR_YEAR`…).
    pub method: String,
    pub rate_hundredths: i64,
    pub rate_unit: i32,
    pub prorated: bool,
    pub waiting_period_days: Option<i32>,
    pub start_after_waiting_period: bool,
    /// `allowCarryover` or `useItOrLoseIt`.
    pub carryover_policy: String,
    pub max_carryover_hours: Option<i32>,
    pub max_balance_hours: Option<i32>,
    /// Issue 38: the sick-leave laws' limits (all optional).
    pub yearly_accrual_cap_hours: Option<i32>,
    pub yearly_use_cap_hours: Option<i32>,
    pub usable_after_days: Option<i32>,
    /// `fromDay` or `afterDays` (`pto_engine::WaitCounting`).
    pub usable_counting: Option<String>,
    pub min_increment_minutes: Option<i32>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
