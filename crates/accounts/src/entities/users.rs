use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::UserId,
    pub company_id: Option<kernel::CompanyId>,
    pub email: String,
    pub password_hash: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub role: kernel::Role,
    pub manager_id: Option<kernel::UserId>,
    pub job_role_id: Option<kernel::JobRoleId>,
    pub status: kernel::EmploymentStatus,
    pub email_verified_at: Option<DateTimeUtc>,
    pub avatar: Option<String>,
    pub phone: Option<String>,
    /// "MM/DD".
    pub birthday: Option<String>,
    pub address: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip: Option<String>,
    pub last_start_date: Option<Date>,
    pub last_termination_date: Option<Date>,
    pub joyride_done: bool,
    pub first_time_login: bool,
    pub password_change_required: bool,
    /// The last sign-in of the user themselves (not a support session), for the operator's lists.
    pub last_login_at: Option<DateTimeUtc>,
    /// The person's first sign-in through single sign-on; set, their e-mail is the provider's
    /// and read-only in My Profile.
    pub sso_linked_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::companies::Entity",
        from = "Column::CompanyId",
        to = "super::companies::Column::Id"
    )]
    Company,
    #[sea_orm(
        belongs_to = "super::job_roles::Entity",
        from = "Column::JobRoleId",
        to = "super::job_roles::Column::Id"
    )]
    JobRole,
}

impl Related<super::companies::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Company.def()
    }
}

impl Related<super::job_roles::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::JobRole.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();

/// The fields every new person starts with.
pub struct NewPerson<'a> {
    pub company_id: Option<kernel::CompanyId>,
    pub email: &'a str,
    pub password_hash: Option<String>,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub role: kernel::Role,
    /// Set for people whose address is already proven (the demo, admins' additions).
    pub verified_at: Option<DateTimeUtc>,
    pub now: DateTimeUtc,
}

impl NewPerson<'_> {
    /// An active user with the product's defaults: no manager, no job role, no avatar, the tour
    /// not done, a first login still to come.
    pub fn row(self) -> ActiveModel {
        use sea_orm::ActiveValue::Set;
        ActiveModel {
            company_id: Set(self.company_id),
            email: Set(self.email.to_owned()),
            password_hash: Set(self.password_hash),
            first_name: Set(self.first_name.to_owned()),
            last_name: Set(self.last_name.to_owned()),
            role: Set(self.role),
            manager_id: Set(None),
            job_role_id: Set(None),
            status: Set(kernel::EmploymentStatus::Active),
            email_verified_at: Set(self.verified_at),
            avatar: Set(None),
            phone: Set(None),
            birthday: Set(None),
            address: Set(None),
            city: Set(None),
            state: Set(None),
            zip: Set(None),
            // The UTC date: callers that know the company's zone set its local date instead.
            last_start_date: Set(Some(self.now.date_naive())),
            last_termination_date: Set(None),
            joyride_done: Set(false),
            first_time_login: Set(true),
            password_change_required: Set(false),
            last_login_at: Set(None),
            created_at: Set(self.now),
            updated_at: Set(self.now),
            ..Default::default()
        }
    }
}
