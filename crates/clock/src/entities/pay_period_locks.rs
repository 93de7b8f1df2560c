use sea_orm::entity::prelude::*;

/// A closed pay period (issue 40): no shift, break, time off or overtime rule of its days changes
/// while it exists; late changes to it become adjustments of a later period.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pay_period_locks")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: kernel::CompanyId,
    pub start_day: Date,
    pub end_day: Date,
    pub locked_at: DateTimeUtc,
    /// The admin who closed it; `None` when the auto-lock job did.
    pub locked_by: Option<kernel::UserId>,
    /// The payroll file's figures when it closed (the `reports` crate's JSON, unread here).
    pub payroll: Option<String>,
    /// When a late change first touched one of its days after it closed.
    pub late_changes_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
