use sea_orm::entity::prelude::*;

/// A carrier's appointment of a producer in a state.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "carrier_appointments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::AppointmentId,
    pub company_id: kernel::CompanyId,
    pub employee_id: kernel::UserId,
    pub carrier: String,
    pub state: String,
    pub effective_on: Date,
    pub terminated_on: Option<Date>,
    pub reason: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
