use sea_orm::entity::prelude::*;

/// The agency's errors-and-omissions policy.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "eo_policies")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::EoPolicyId,
    pub company_id: kernel::CompanyId,
    pub carrier: String,
    pub policy_number: String,
    pub per_claim_cents: i64,
    pub aggregate_cents: i64,
    pub expires_on: Date,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
