use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "companies")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::CompanyId,
    pub name: String,
    pub time_zone: String,
    pub trial_end: Option<Date>,
    pub suspended: bool,
    pub has_hr_subscription: bool,
    pub integrated_with_az: bool,
    pub signup_from_az: bool,
    /// The stored file id of the logo.
    pub logo: Option<kernel::FileId>,
    pub facebook: Option<String>,
    pub linkedin: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub address1: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip: Option<String>,
    pub created_at: DateTimeUtc,
    /// When the admin dismissed the guided start's checklist.
    pub setup_dismissed_at: Option<DateTimeUtc>,
    /// "Admins and managers must use two-factor sign-in" (issue 43).
    pub two_factor_required: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// A new company: on trial until `trial_end` (none: subscribed), not suspended, no integrations.
pub fn new_row(name: &str, time_zone: &str, trial_end: Option<Date>, now: DateTimeUtc) -> ActiveModel {
    use sea_orm::ActiveValue::Set;
    ActiveModel {
        name: Set(name.to_owned()),
        time_zone: Set(time_zone.to_owned()),
        trial_end: Set(trial_end),
        suspended: Set(false),
        has_hr_subscription: Set(false),
        integrated_with_az: Set(false),
        signup_from_az: Set(false),
        logo: Set(None),
        facebook: Set(None),
        linkedin: Set(None),
        email: Set(None),
        phone: Set(None),
        address1: Set(None),
        city: Set(None),
        state: Set(None),
        zip: Set(None),
        created_at: Set(now),
        setup_dismissed_at: Set(None),
        two_factor_required: Set(false),
        ..Default::default()
    }
}
