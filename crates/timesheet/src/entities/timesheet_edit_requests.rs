use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "timesheet_edit_requests")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: i64,
    pub entry_id: i64,
    pub employee_id: i64,
    pub requester_id: i64,
    /// in, out or inout.
    pub change_type: String,
    /// JSON: `{start, end, boptype, breaks}`.
    pub payload: String,
    pub comment: String,
    pub status: kernel::RequestStatus,
    /// The entry while raised (unique): one raised request per entry.
    pub pending_entry_id: Option<i64>,
    pub actor_id: Option<i64>,
    pub act_comment: Option<String>,
    pub acted_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
