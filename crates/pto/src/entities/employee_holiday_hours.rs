use sea_orm::entity::prelude::*;

/// An employee's paid minutes for a holiday where they differ from the 8 hours everyone gets.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "employee_holiday_hours")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: i64,
    pub holiday_id: i64,
    pub employee_id: i64,
    pub minutes: i32,
    pub updated_by: Option<i64>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
