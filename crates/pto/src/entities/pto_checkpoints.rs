use sea_orm::entity::prelude::*;

/// The accrual job's checkpoint of an employee's ledger (see `crate::accruals`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pto_checkpoints")]
pub struct Model {
    /// Never addressed: a checkpoint is found by its company and employee.
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: kernel::CompanyId,
    pub employee_id: kernel::UserId,
    pub through: Date,
    pub inputs_digest: String,
    /// The last of the clock's worked-day changes the checkpoint has seen.
    pub worked_seq: i64,
    pub state: String,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
