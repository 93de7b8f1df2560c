use sea_orm::entity::prelude::*;

/// What late changes to a closed period (`source_*`) added or took away for one person, carried
/// into the payroll file of a later period (`target_*`) when that period closed.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pay_period_adjustments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: kernel::CompanyId,
    pub source_start: Date,
    pub source_end: Date,
    pub target_start: Date,
    pub target_end: Date,
    pub employee_id: kernel::UserId,
    /// The differences, as the `reports` crate writes them (JSON, unread here).
    pub figures: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
