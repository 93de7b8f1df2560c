use sea_orm::entity::prelude::*;

/// A shift. Its id is the spec's `trackingNumber`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "time_entries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::EntryId,
    pub company_id: kernel::CompanyId,
    pub employee_id: kernel::UserId,
    pub start_at: DateTimeUtc,
    pub end_at: Option<DateTimeUtc>,
    /// 1 clocked in, 2 on break, 3 clocked out.
    pub state: i16,
    /// The employee while the shift is open (unique), NULL once it ended.
    pub open_employee_id: Option<kernel::UserId>,
    pub created_by: kernel::UserId,
    /// The company day the shift started on (it belongs to that day).
    pub work_day: Option<Date>,
    /// The Sunday starting that day's week.
    pub work_week: Option<Date>,
    /// Worked minutes once the shift has ended; `None` while it runs.
    pub worked_minutes: Option<i32>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// 0, or how the missed-punch job closed it provisionally: 1 a missed clock-out, 2 a break
    /// never ended (issue 40).
    pub missed: i16,
    /// Who corrected or accepted the provisional close, and when.
    pub missed_settled_by: Option<kernel::UserId>,
    pub missed_settled_at: Option<DateTimeUtc>,
    /// When the person was reminded that they are still clocked in past their usual end.
    pub end_reminded_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
