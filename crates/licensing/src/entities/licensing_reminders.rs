use sea_orm::entity::prelude::*;

/// The once-only mark of a reminder sent.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "licensing_reminders")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::LicensingReminderId,
    pub company_id: kernel::CompanyId,
    pub subject: crate::model::ReminderSubject,
    /// A licence or a CE requirement, as `subject` says.
    pub subject_id: i64,
    pub due_on: Date,
    pub days_before: i32,
    pub sent_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
