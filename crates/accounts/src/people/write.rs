//! Changing people, companies and job roles: the small write API other crates call (HR's
//! people screens, the company profile, the partner-CRM import). Accounts' own flows (signup,
//! passwords, sessions, the operator's back office) write the rows directly.
//!
//! The callers decide who may change what (the context types prove it) and validate the
//! values; these functions store them, scoped to the company, and answer the stored row.
//! Errors are the database's, so a caller can tell a unique-index race from anything else.

use super::{Company, JobRole, Person};
use crate::entities::{companies, job_roles, users};
use chrono::{DateTime, NaiveDate, Utc};
use kernel::{CompanyId, EmploymentStatus, FileId, JobRoleId, Role, UserId};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

/// A change to a person: each field that is `Some` is set (to `Some(None)` clears a nullable one).
#[derive(Debug, Clone, Default)]
pub struct PersonChange {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub email_verified_at: Option<Option<DateTime<Utc>>>,
    pub role: Option<Role>,
    pub manager_id: Option<Option<UserId>>,
    pub job_role_id: Option<Option<JobRoleId>>,
    pub status: Option<EmploymentStatus>,
    pub phone: Option<Option<String>>,
    pub birthday: Option<Option<String>>,
    pub address: Option<Option<String>>,
    pub city: Option<Option<String>>,
    pub state: Option<Option<String>>,
    pub zip: Option<Option<String>>,
    pub avatar: Option<Option<String>>,
    pub last_start_date: Option<Option<NaiveDate>>,
    pub last_termination_date: Option<Option<NaiveDate>>,
}

impl PersonChange {
    fn apply(self, row: &mut users::ActiveModel) {
        macro_rules! set {
            ($($field:ident),*) => { $( if let Some(value) = self.$field { row.$field = Set(value); } )* };
        }
        set!(first_name, last_name, email, email_verified_at, status, phone, birthday, address, city, state, zip);
        set!(avatar, last_start_date, last_termination_date);
        if let Some(role) = self.role {
            row.role = Set(role);
        }
        if let Some(manager) = self.manager_id {
            row.manager_id = Set(manager);
        }
        if let Some(job_role) = self.job_role_id {
            row.job_role_id = Set(job_role);
        }
    }
}

/// A new person of a company: an invitation (no password), active, the tour still to take.
#[derive(Debug, Clone)]
pub struct NewPerson {
    pub company: CompanyId,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub role: Role,
    /// The company's local date they start.
    pub start_date: NaiveDate,
    /// The rest of their record.
    pub details: PersonChange,
}

/// Adds a person to a company.
pub async fn add_person<C: ConnectionTrait>(db: &C, new: NewPerson, now: DateTime<Utc>) -> Result<Person, DbErr> {
    let mut row = users::NewPerson {
        company_id: Some(new.company),
        email: &new.email,
        password_hash: None,
        first_name: &new.first_name,
        last_name: &new.last_name,
        role: new.role,
        verified_at: None,
        now,
    }
    .row();
    row.last_start_date = Set(Some(new.start_date));
    new.details.apply(&mut row);
    Ok(row.insert(db).await?.into())
}

/// Changes a person of `company` (`RecordNotFound` for anyone else).
pub async fn change_person<C: ConnectionTrait>(
    db: &C,
    company: CompanyId,
    id: UserId,
    change: PersonChange,
    now: DateTime<Utc>,
) -> Result<Person, DbErr> {
    let current = users::Entity::find_by_id(id.0)
        .filter(kernel::tenancy::same_company::<users::Entity>(company))
        .one(db)
        .await?
        .ok_or_else(|| DbErr::RecordNotFound(format!("person {id}")))?;
    let mut row: users::ActiveModel = current.into();
    change.apply(&mut row);
    row.updated_at = Set(now);
    Ok(row.update(db).await?.into())
}

/// A change to a company's profile: each field that is `Some` is set.
#[derive(Debug, Clone, Default)]
pub struct CompanyChange {
    pub name: Option<String>,
    pub facebook: Option<Option<String>>,
    pub linkedin: Option<Option<String>>,
    pub email: Option<Option<String>>,
    pub phone: Option<Option<String>>,
    pub address1: Option<Option<String>>,
    pub city: Option<Option<String>>,
    pub state: Option<Option<String>>,
    pub zip: Option<Option<String>>,
    pub logo: Option<Option<FileId>>,
    pub integrated_with_az: Option<bool>,
    /// When the guided start's checklist was dismissed (`Some(None)`: shown again).
    pub setup_dismissed_at: Option<Option<DateTime<Utc>>>,
}

/// Changes a company's profile.
pub async fn change_company<C: ConnectionTrait>(
    db: &C,
    id: CompanyId,
    change: CompanyChange,
) -> Result<Company, DbErr> {
    let current = companies::Entity::find_by_id(id.0)
        .one(db)
        .await?
        .ok_or_else(|| DbErr::RecordNotFound(format!("company {id}")))?;
    let mut row: companies::ActiveModel = current.into();
    macro_rules! set {
        ($($field:ident),*) => { $( if let Some(value) = change.$field { row.$field = Set(value); } )* };
    }
    set!(name, facebook, linkedin, email, phone, address1, city, state, zip, integrated_with_az, setup_dismissed_at);
    if let Some(logo) = change.logo {
        row.logo = Set(logo);
    }
    Ok(row.update(db).await?.into())
}

/// Adds an active job role to a company. The unique index on the company and name refuses a
/// second one of the same name (a unique-constraint error the caller may turn into a message).
pub async fn add_job_role<C: ConnectionTrait>(db: &C, company: CompanyId, name: &str) -> Result<JobRole, DbErr> {
    Ok(job_roles::ActiveModel {
        company_id: Set(company),
        name: Set(name.to_owned()),
        active: Set(true),
        ..Default::default()
    }
    .insert(db)
    .await?
    .into())
}

/// Renames a job role of `company` (`None` keeps the name) and sets whether it is active.
pub async fn change_job_role<C: ConnectionTrait>(
    db: &C,
    company: CompanyId,
    id: JobRoleId,
    name: Option<String>,
    active: bool,
) -> Result<JobRole, DbErr> {
    let current = job_roles::Entity::find_by_id(id.0)
        .filter(kernel::tenancy::same_company::<job_roles::Entity>(company))
        .one(db)
        .await?
        .ok_or_else(|| DbErr::RecordNotFound(format!("job role {id}")))?;
    let mut row: job_roles::ActiveModel = current.into();
    if let Some(name) = name {
        row.name = Set(name);
    }
    row.active = Set(active);
    Ok(row.update(db).await?.into())
}
