use sea_orm::entity::prelude::*;

/// Time set by hand: a starting balance (`NEW_PTO_PLAN`, with the enrolment it came with) or a
/// manual addition (`MANUALLY_ADDITION`). Removing one is deleting its row; the ledger is
/// recomputed from what remains.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pto_balance_entries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::PtoHistoryEntryId,
    pub company_id: kernel::CompanyId,
    pub employee_id: kernel::UserId,
    pub pto_type_id: kernel::ids::PtoTypeId,
    pub kind: String,
    pub minutes: i64,
    pub effective_on: Date,
    pub year: i32,
    pub enrollment_id: Option<kernel::ids::EnrollmentId>,
    pub created_by: Option<kernel::UserId>,
    pub created_at: DateTimeUtc,
    /// Why an admin added or removed the hours by hand (optional).
    pub reason: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();

/// A starting balance given when someone joins or switches plan.
pub const NEW_PTO_PLAN: &str = "NEW_PTO_PLAN";
/// Time an admin added by hand.
pub const MANUALLY_ADDITION: &str = "MANUALLY_ADDITION";
