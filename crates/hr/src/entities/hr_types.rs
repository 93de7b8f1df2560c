use sea_orm::entity::prelude::*;

/// A company's event, document or policy type (002 §7 "Settings"): retired, never deleted.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "hr_types")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::HrTypeId,
    pub company_id: kernel::CompanyId,
    /// `event`, `document` or `policy` ([`crate::records::TypeKind`]).
    pub kind: String,
    pub name: String,
    /// Document types: new employees are asked for one.
    pub onboarding_doc: bool,
    /// Onboarding document types: due this many days after a new employee's start.
    pub onboarding_days: Option<i32>,
    /// Onboarding document types: asked of people who start on or after this day.
    pub onboarding_since: Option<Date>,
    pub active: bool,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
