//! The read and write API of the tables accounts owns for the whole product: `users`,
//! `companies` and `job_roles`.
//!
//! Other crates never import [`crate::entities`]: they read people, companies and job roles as
//! the views of this module ([`Person`], [`Company`], [`JobRole`]) through the functions of
//! [`read`], and change them only through [`write`]. The table's columns stay accounts' own
//! business (the architecture test holds every crate to this), so a column can be renamed or a
//! table split without touching the crates that use people.

pub mod read;
pub mod write;

use crate::entities::{companies, job_roles, users};
use chrono::{DateTime, NaiveDate, Utc};
use kernel::{CompanyId, EmploymentStatus, FileId, JobRoleId, Role, UserId};

/// A person of a company (or the platform operator), as other crates see them. No password hash
/// and no sign-in bookkeeping: [`Person::has_password`] says what the rest of the product needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Person {
    pub id: UserId,
    pub company_id: Option<CompanyId>,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub role: Role,
    pub manager_id: Option<UserId>,
    pub job_role_id: Option<JobRoleId>,
    pub status: EmploymentStatus,
    pub email_verified_at: Option<DateTime<Utc>>,
    pub avatar: Option<String>,
    pub phone: Option<String>,
    /// "MM/DD".
    pub birthday: Option<String>,
    pub address: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip: Option<String>,
    pub last_start_date: Option<NaiveDate>,
    pub last_termination_date: Option<NaiveDate>,
    /// Whether the person ever set a password: without one they hold only an invitation.
    pub has_password: bool,
    pub sso_linked_at: Option<DateTime<Utc>>,
    pub last_login_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Person {
    pub fn is_active(&self) -> bool {
        self.status == EmploymentStatus::Active
    }

    /// "Maria Lopez".
    pub fn full_name(&self) -> String {
        format!("{} {}", self.first_name, self.last_name)
    }

    /// The person's record as the company's audit trail shows it (no secret: no password, no
    /// token, no second factor).
    pub fn audit_snapshot(&self) -> audit::Snapshot {
        audit::Snapshot::new()
            .with("firstName", self.first_name.clone())
            .with("lastName", self.last_name.clone())
            .with("email", self.email.clone())
            .with("role", self.role.code())
            .with("status", if self.is_active() { "active" } else { "terminated" })
            .with("managerId", self.manager_id.map(|id| id.0))
            .with("jobRoleId", self.job_role_id.map(|id| id.0))
            .with("phone", self.phone.clone())
            .with("birthday", self.birthday.clone())
            .with("address", self.address.clone())
            .with("city", self.city.clone())
            .with("state", self.state.clone())
            .with("zip", self.zip.clone())
            .with("startDate", self.last_start_date.map(|day| day.to_string()))
            .with("terminationDate", self.last_termination_date.map(|day| day.to_string()))
    }

    /// "Maria L.": how the inboxes and histories name who answered.
    pub fn short_name(&self) -> String {
        let initial = self.last_name.chars().next().map(|c| format!(" {c}.")).unwrap_or_default();
        format!("{}{initial}", self.first_name)
    }
}

impl Company {
    /// The company's profile as its audit trail shows it.
    pub fn audit_snapshot(&self) -> audit::Snapshot {
        audit::Snapshot::new()
            .with("name", self.name.clone())
            .with("email", self.email.clone())
            .with("phone", self.phone.clone())
            .with("address1", self.address1.clone())
            .with("city", self.city.clone())
            .with("state", self.state.clone())
            .with("zip", self.zip.clone())
            .with("facebook", self.facebook.clone())
            .with("linkedin", self.linkedin.clone())
            .with("logo", self.logo.map(|file| file.0))
    }
}

impl From<users::Model> for Person {
    fn from(row: users::Model) -> Self {
        Person {
            id: row.id,
            company_id: row.company_id,
            role: row.role,
            email: row.email,
            first_name: row.first_name,
            last_name: row.last_name,
            manager_id: row.manager_id,
            job_role_id: row.job_role_id,
            status: row.status,
            email_verified_at: row.email_verified_at,
            avatar: row.avatar,
            phone: row.phone,
            birthday: row.birthday,
            address: row.address,
            city: row.city,
            state: row.state,
            zip: row.zip,
            last_start_date: row.last_start_date,
            last_termination_date: row.last_termination_date,
            has_password: row.password_hash.is_some(),
            sso_linked_at: row.sso_linked_at,
            last_login_at: row.last_login_at,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

/// A company as other crates see it: its profile, zone and standing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Company {
    pub id: CompanyId,
    pub name: String,
    /// An IANA zone name; [`Company::zone`] reads it.
    pub time_zone: String,
    pub trial_end: Option<NaiveDate>,
    pub suspended: bool,
    pub has_hr_subscription: bool,
    pub integrated_with_az: bool,
    pub signup_from_az: bool,
    pub logo: Option<FileId>,
    pub facebook: Option<String>,
    pub linkedin: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub address1: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip: Option<String>,
    pub created_at: DateTime<Utc>,
    /// When the admin dismissed the guided start's checklist.
    pub setup_dismissed_at: Option<DateTime<Utc>>,
}

impl Company {
    /// The company's zone (UTC if the stored name were ever unknown: it is checked on the way in).
    pub fn zone(&self) -> chrono_tz::Tz {
        self.time_zone.parse().unwrap_or(chrono_tz::UTC)
    }
}

impl From<companies::Model> for Company {
    fn from(row: companies::Model) -> Self {
        Company {
            id: row.id,
            name: row.name,
            time_zone: row.time_zone,
            trial_end: row.trial_end,
            suspended: row.suspended,
            has_hr_subscription: row.has_hr_subscription,
            integrated_with_az: row.integrated_with_az,
            signup_from_az: row.signup_from_az,
            logo: row.logo,
            facebook: row.facebook,
            linkedin: row.linkedin,
            email: row.email,
            phone: row.phone,
            address1: row.address1,
            city: row.city,
            state: row.state,
            zip: row.zip,
            created_at: row.created_at,
            setup_dismissed_at: row.setup_dismissed_at,
        }
    }
}

/// A job role of a company. Retired roles stay on the people who have them but leave the pickers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobRole {
    pub id: JobRoleId,
    pub company_id: CompanyId,
    pub name: String,
    pub active: bool,
}

impl From<job_roles::Model> for JobRole {
    fn from(row: job_roles::Model) -> Self {
        JobRole { id: row.id, company_id: row.company_id, name: row.name, active: row.active }
    }
}
