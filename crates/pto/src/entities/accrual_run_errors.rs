use sea_orm::entity::prelude::*;

/// What a run of the accrual job could not compute for one of a company's people (or the whole
/// company), naming them and the rule.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "accrual_run_errors")]
pub struct Model {
    /// Never addressed: read by run and company.
    #[sea_orm(primary_key)]
    pub id: i64,
    pub run_id: i64,
    pub company_id: kernel::CompanyId,
    pub employee_id: Option<kernel::UserId>,
    pub message: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
