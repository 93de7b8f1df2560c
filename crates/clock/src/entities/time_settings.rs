use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "time_settings")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub company_id: kernel::CompanyId,
    pub day_start_at: Option<String>,
    pub mobile_clock_in_disabled: bool,
    pub pay_cycle: String,
    pub pay_cycle_anchor: Date,
    pub weekly_overtime_minutes: i32,
    /// Managers are mailed when their people are in or near overtime (issue 37).
    pub overtime_alert_emails: bool,
    /// Days a press's position and address are kept (issue 40).
    pub position_retention_days: i32,
    /// A shift still open this long is closed provisionally as a missed punch.
    pub max_shift_minutes: i32,
    /// Close a pay period this many days after its last day; `None`: only by hand.
    pub auto_lock_days: Option<i32>,
    /// Remind a person still clocked in this long after their usual end; `None`: off.
    pub end_reminder_minutes: Option<i32>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
