use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "timesheet_edit_requests")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::EditRequestId,
    pub company_id: kernel::CompanyId,
    /// `None`: a request to add a shift that does not exist yet (a held offline clock-in).
    pub entry_id: Option<kernel::EntryId>,
    pub employee_id: kernel::UserId,
    pub requester_id: kernel::UserId,
    /// in, out or inout; from held offline presses also `breaks`, or `add` (a new shift).
    pub change_type: String,
    /// JSON: `{start, end, boptype, breaks}`.
    pub payload: String,
    pub comment: String,
    pub status: kernel::RequestStatus,
    /// The entry while raised (unique): one raised request per entry.
    pub pending_entry_id: Option<kernel::EntryId>,
    pub actor_id: Option<kernel::UserId>,
    pub act_comment: Option<String>,
    pub acted_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    /// 0 a person asked; 1 a held offline press.
    pub origin: i16,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
