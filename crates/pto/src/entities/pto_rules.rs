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
    /// Issue 38: the accrual settings, by the wire names of `pto_engine::schedule`.
    pub accrual_period: String,
    pub rate_basis: String,
    pub period_anchor: String,
    pub credit_on: String,
    pub rounding: String,
    pub carryover_expiry_amount: Option<i32>,
    /// `days` or `months`.
    pub carryover_expiry_unit: Option<String>,
    /// `default`, `hireAnniversary` or `fiscal`.
    pub year_start: String,
    /// `MM-DD`, for a fiscal year.
    pub fiscal_year_start: Option<String>,
    /// JSON `[{"fromYear": 3, "rateHundredths": 12000}]` (see `rows::StoredTier`).
    pub service_tiers: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
