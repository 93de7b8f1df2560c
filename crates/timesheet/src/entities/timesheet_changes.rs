use sea_orm::entity::prelude::*;

/// One changed value of a shift: `start`, `end`, `break` (a break's start) or `resume` (its end).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "timesheet_changes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: kernel::CompanyId,
    pub entry_id: kernel::EntryId,
    pub actor_id: kernel::UserId,
    pub change_field: String,
    pub original_value: Option<DateTimeUtc>,
    pub change_value: Option<DateTimeUtc>,
    pub changed_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
