//! An overtime alert mailed (see the migration `m20261130_000042_overtime_alerts`): one per
//! person, shift and kind, so each goes out once.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "overtime_alerts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: kernel::CompanyId,
    pub employee_id: kernel::UserId,
    /// The running shift's start: the shift the alert is about.
    pub shift_start: DateTimeUtc,
    /// [`crate::overtime_alerts::AlertKind`]'s code.
    pub kind: i16,
    pub sent_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
