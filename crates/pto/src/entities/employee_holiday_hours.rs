use sea_orm::entity::prelude::*;

/// An employee's paid minutes for a holiday where they differ from the 8 hours everyone gets.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "employee_holiday_hours")]
pub struct Model {
    /// Never addressed: the hours are found by their holiday and employee.
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: kernel::CompanyId,
    pub holiday_id: kernel::HolidayId,
    pub employee_id: kernel::UserId,
    pub minutes: i32,
    pub updated_by: Option<kernel::UserId>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
