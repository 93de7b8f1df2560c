use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "employee_overtime_rules")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::EmployeeOvertimeRuleId,
    pub company_id: kernel::CompanyId,
    pub employee_id: kernel::UserId,
    pub effective_from: Date,
    /// A rule set's id; `None`: the company's rules.
    pub jurisdiction: Option<String>,
    pub under_wage_line: bool,
    pub four_tens: bool,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
