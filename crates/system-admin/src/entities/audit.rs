use sea_orm::entity::prelude::*;

/// One system action: who did it (the operator, and the user they acted as when impersonating),
/// on which company, what. Rows are only ever inserted; names are copied, so a row still reads
/// after the company or the people are gone.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "system_audit")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub at: DateTimeUtc,
    pub operator_id: kernel::UserId,
    pub operator_email: String,
    pub acting_as_id: Option<kernel::UserId>,
    pub acting_as_email: Option<String>,
    pub company_id: Option<kernel::CompanyId>,
    pub company_name: Option<String>,
    pub action: String,
    pub detail: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
kernel::company_owned!();
