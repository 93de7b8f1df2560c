use sea_orm::entity::prelude::*;

/// A person exempt from overtime who accrues on an assumed week (see `crate::assumed_hours`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pto_assumed_hours")]
pub struct Model {
    /// Never addressed: read by company and person.
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: kernel::CompanyId,
    pub employee_id: kernel::UserId,
    pub weekly_minutes: i32,
    pub updated_by: Option<kernel::UserId>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
