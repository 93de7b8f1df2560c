use sea_orm::entity::prelude::*;

/// A job role's own yearly allowance of one PTO type, in every plan that includes the type.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pto_type_overrides")]
pub struct Model {
    /// Never addressed: a type's allowances are replaced as a set.
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: kernel::CompanyId,
    pub pto_type_id: kernel::ids::PtoTypeId,
    pub job_role_id: kernel::JobRoleId,
    /// Hours a year, in hundredths (`pto_engine::Hours`).
    pub rate_hundredths: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
