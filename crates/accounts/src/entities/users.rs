use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: Option<i64>,
    pub email: String,
    pub password_hash: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub role: String,
    pub manager_id: Option<i64>,
    pub job_role_id: Option<i64>,
    pub status: i16,
    pub email_verified_at: Option<DateTimeUtc>,
    pub avatar: Option<String>,
    pub joyride_done: bool,
    pub first_time_login: bool,
    pub password_change_required: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// `status` of an employee who works here.
pub const STATUS_ACTIVE: i16 = 1;
