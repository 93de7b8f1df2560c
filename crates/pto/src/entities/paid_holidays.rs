use sea_orm::entity::prelude::*;

/// A company's paid holiday. `year` is the year of `holiday`. Deleting sets `deleted_at` and
/// `deleted_by`: the row stays for the records of past pay.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "paid_holidays")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::HolidayId,
    pub company_id: kernel::CompanyId,
    pub name: String,
    pub holiday: Date,
    pub year: i32,
    pub created_by: Option<kernel::UserId>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub deleted_by: Option<kernel::UserId>,
    pub deleted_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
