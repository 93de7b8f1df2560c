use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "timesheet_reviews")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::TimesheetReviewId,
    pub company_id: kernel::CompanyId,
    pub employee_id: kernel::UserId,
    /// The period reviewed: a week (Sunday to Saturday) or a pay period, company days.
    pub period_start: Date,
    pub period_end: Date,
    pub reviewed_by: kernel::UserId,
    pub reviewed_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
