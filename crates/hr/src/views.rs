//! What the browser receives. Field names are the spec's (001 §3).

use crate::entities::emergency_contacts;
use accounts::{Company, JobRole, Person};
use chrono::{DateTime, NaiveDate, Utc};
use kernel::{EmploymentStatus, JobRoleId, UserId};
use serde::Serialize;
use std::collections::HashMap;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct EmployeeView {
    pub id: i64,
    pub firstname: String,
    pub lastname: String,
    pub email: String,
    /// (XXX) XXX-XXXX.
    pub phone: Option<String>,
    /// The URL of the avatar (signed-in users of the company only).
    pub avatar: Option<String>,
    /// 1 active, 0 terminated.
    pub status: i16,
    /// employee, manager or admin.
    pub role: String,
    /// 'User', 'Admin Control - Limited' or 'Admin Control - Full'.
    pub permission: String,
    pub user_role_name: String,
    pub jobrole_id: Option<i64>,
    pub jobrole_name: Option<String>,
    pub manager_id: Option<i64>,
    pub manager_name: Option<String>,
    /// MM/DD.
    pub birthday: Option<String>,
    pub last_start_date: Option<NaiveDate>,
    pub last_termination_date: Option<NaiveDate>,
    pub address: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip: Option<String>,
    /// Has signed in through single sign-on: the e-mail is the provider's and read-only.
    pub is_sso_user: bool,
}

/// Names that rows refer to by id, loaded once for a whole page of rows.
#[derive(Debug, Default)]
pub(crate) struct Names {
    pub job_roles: HashMap<JobRoleId, String>,
    pub people: HashMap<UserId, (String, String)>,
}

impl EmployeeView {
    pub(crate) fn build(person: Person, names: &Names) -> Self {
        let label = person.role.label().to_owned();
        EmployeeView {
            jobrole_name: person.job_role_id.and_then(|id| names.job_roles.get(&id).cloned()),
            manager_name: person
                .manager_id
                .and_then(|id| names.people.get(&id).map(|(first, last)| format!("{first} {last}"))),
            id: person.id.0,
            firstname: person.first_name,
            lastname: person.last_name,
            email: person.email,
            phone: person.phone,
            avatar: person.avatar,
            status: person.status.code(),
            role: person.role.code().to_owned(),
            permission: label.clone(),
            user_role_name: label,
            jobrole_id: person.job_role_id.map(|id| id.0),
            manager_id: person.manager_id.map(|id| id.0),
            birthday: person.birthday,
            last_start_date: person.last_start_date,
            last_termination_date: person
                .last_termination_date
                .filter(|_| person.status == EmploymentStatus::Terminated),
            address: person.address,
            city: person.city,
            state: person.state,
            zip: person.zip,
            is_sso_user: person.sso_linked_at.is_some(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct JobRoleView {
    pub id: i64,
    pub name: String,
    pub active: bool,
}

impl From<JobRole> for JobRoleView {
    fn from(role: JobRole) -> Self {
        JobRoleView { id: role.id.0, name: role.name, active: role.active }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PersonName {
    pub id: i64,
    pub firstname: String,
    pub lastname: String,
}

/// What the employee form needs (`GET /manage/data`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ManageData {
    pub company_name: String,
    pub integrated_with_az: bool,
    /// Active job roles, by name.
    pub job_roles: Vec<JobRoleView>,
    /// Active admins and managers, who can be someone's manager.
    pub managers: Vec<PersonName>,
    /// The company admin: the default manager of a new employee.
    pub default_manager_id: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ContactView {
    pub id: i64,
    pub eid: i64,
    pub firstname: String,
    pub lastname: String,
    pub relationship: String,
    pub phone: String,
    pub email: Option<String>,
}

impl From<emergency_contacts::Model> for ContactView {
    fn from(contact: emergency_contacts::Model) -> Self {
        ContactView {
            id: contact.id.0,
            eid: contact.employee_id.0,
            firstname: contact.first_name,
            lastname: contact.last_name,
            relationship: contact.relationship,
            phone: contact.phone,
            email: contact.email,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ActivityView {
    pub id: i64,
    /// EMPLOYEE_START, EMPLOYEE_TERNIMATE (the spec's spelling), EMPLOYEE_REACTIVATE,
    /// MANUALLY_ADD_PTO, HR_EVENT, HR_DOC, HR_DOC_REQ, DOC_REQUEST, EVENT_AFFIRMATION or
    /// POLICY_AFFIRMATION (001 §9), or SUPPORT_SESSION (support signed in as the person).
    pub activity_type: String,
    pub activity_date: DateTime<Utc>,
    pub title: String,
    pub activity_desc: String,
    pub employee_id: i64,
    pub target_firstname: String,
    pub target_lastname: String,
    pub actor_firstname: Option<String>,
    pub actor_lastname: Option<String>,
    /// The avatar of the person the entry is about.
    pub avatar: Option<String>,
    /// The event, document or request the entry is about, which its detail opens.
    pub record_id: Option<i64>,
}

impl ActivityView {
    pub(crate) fn build(row: activity::Activity, people: &HashMap<UserId, Person>) -> Self {
        let target = people.get(&UserId(row.employee));
        let actor = row.actor.and_then(|id| people.get(&UserId(id)));
        ActivityView {
            id: row.id,
            activity_type: row.code,
            activity_date: row.at,
            title: row.title,
            activity_desc: row.description,
            employee_id: row.employee,
            target_firstname: target.map(|user| user.first_name.clone()).unwrap_or_default(),
            target_lastname: target.map(|user| user.last_name.clone()).unwrap_or_default(),
            actor_firstname: actor.map(|user| user.first_name.clone()),
            actor_lastname: actor.map(|user| user.last_name.clone()),
            avatar: target.and_then(|user| user.avatar.clone()),
            record_id: row.record,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TeamMember {
    pub id: i64,
    pub firstname: String,
    pub lastname: String,
    pub avatar: Option<String>,
    pub phone: Option<String>,
    pub email: String,
    /// 0 not clocked in today, 1 clocked in, 2 on break, 3 clocked out today.
    pub current_clock_status: i16,
    /// When the current state began (the shift's start, or its end once clocked out).
    pub current_clock_time: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CompanyView {
    pub name: String,
    /// The logo's URL.
    pub logo: Option<String>,
    pub facebook: Option<String>,
    pub linkedin: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub address1: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip: Option<String>,
}

impl From<Company> for CompanyView {
    fn from(company: Company) -> Self {
        CompanyView {
            name: company.name,
            logo: company.logo.map(files::url_of),
            facebook: company.facebook,
            linkedin: company.linkedin,
            email: company.email,
            phone: company.phone,
            address1: company.address1,
            city: company.city,
            state: company.state,
            zip: company.zip,
        }
    }
}
