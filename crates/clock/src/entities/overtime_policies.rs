use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "overtime_policies")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::OvertimePolicyId,
    pub company_id: kernel::CompanyId,
    pub effective_from: Date,
    /// A rule set's id (`us-ca`…) or `custom`.
    pub jurisdiction: String,
    /// 0 = Sunday … 6 = Saturday.
    pub workweek_first_day: i16,
    pub workday_start_hour: i16,
    pub weekly_minutes: Option<i32>,
    pub daily_overtime_minutes: Option<i32>,
    pub daily_double_minutes: Option<i32>,
    pub overtime_percent: i32,
    pub double_percent: i32,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
