//! What AgencyZoom sent, checked before the database is read: its staff as rows to import or
//! refusals with their reasons, and its agency's details as a change of the company.

use super::types::FailedPerson;
use super::{INACTIVE, LISTED_TWICE, NO_PARTNER_ID};
use crate::commands::{format_phone, EmployeeCommand, EmployeeInput, TYPO_MESSAGE};
use ::agencyzoom::{Agency, Employee, UserType};
use accounts::people::write::CompanyChange;
use kernel::validation::{check_text, is_valid_company_name, is_valid_email};
use kernel::Role;
use std::collections::HashSet;

/// A row AgencyZoom sent that passed the checks.
pub(super) struct Candidate {
    /// Where AgencyZoom listed them (the lists keep its order).
    pub(super) position: usize,
    pub(super) partner_id: String,
    pub(super) first_name: String,
    pub(super) last_name: String,
    pub(super) email: String,
    pub(super) phone: Option<String>,
    pub(super) job_title: Option<String>,
    pub(super) role: Role,
}

fn failed(employee: &Employee, reason: impl Into<String>) -> FailedPerson {
    let clean = |text: &Option<String>| {
        text.as_deref()
            .map(str::trim)
            .filter(|text| !text.is_empty() && check_text("name", text).is_ok())
            .map(str::to_owned)
    };
    FailedPerson {
        partner_id: employee.id.clone(),
        firstname: clean(&employee.first_name),
        lastname: clean(&employee.last_name),
        email: clean(&employee.email),
        reason: reason.into(),
    }
}

/// The permission a new person gets (see the `agencyzoom` module's docs).
pub fn permission_of(user_type: UserType) -> Role {
    match user_type {
        UserType::Owner | UserType::Admin => Role::Admin,
        UserType::Manager => Role::Manager,
        UserType::User => Role::Employee,
    }
}

/// Splits AgencyZoom's staff into rows to import and rows refused before the database is read.
pub(super) fn check_rows(employees: &[Employee]) -> (Vec<Candidate>, Vec<(usize, FailedPerson)>) {
    let mut candidates = Vec::new();
    let mut failures = Vec::new();
    let mut seen_ids = HashSet::new();
    let mut seen_emails = HashSet::new();
    for (position, employee) in employees.iter().enumerate() {
        let refuse = |reason: &str| (position, failed(employee, reason));
        let texts = [&employee.first_name, &employee.last_name, &employee.email, &employee.phone, &employee.job_title];
        if let Some(message) =
            texts.iter().find_map(|text| text.as_deref().and_then(|text| check_text("name", text).err()))
        {
            failures.push(refuse(message));
            continue;
        }
        if employee.id.is_empty() || employee.id.chars().count() > 64 {
            failures.push(refuse(NO_PARTNER_ID));
            continue;
        }
        if !employee.active {
            failures.push(refuse(INACTIVE));
            continue;
        }
        let input = EmployeeInput {
            firstname: employee.first_name.clone(),
            lastname: employee.last_name.clone(),
            email: employee.email.clone(),
            ..EmployeeInput::default()
        };
        let command = match EmployeeCommand::parse(&input) {
            Ok(command) => command,
            Err(errors) => {
                failures.push(refuse(errors.first_message().unwrap_or(TYPO_MESSAGE)));
                continue;
            }
        };
        if !seen_ids.insert(employee.id.clone()) || !seen_emails.insert(command.email.clone()) {
            failures.push(refuse(LISTED_TWICE));
            continue;
        }
        let job_title = employee
            .job_title
            .as_deref()
            .map(str::trim)
            .filter(|title| !title.is_empty() && title.chars().count() <= 100)
            .map(str::to_owned);
        candidates.push(Candidate {
            position,
            partner_id: employee.id.clone(),
            first_name: command.first_name,
            last_name: command.last_name,
            email: command.email,
            phone: employee.phone.as_deref().and_then(format_phone),
            job_title,
            role: permission_of(employee.user_type),
        });
    }
    (candidates, failures)
}

/// AgencyZoom's details that pass the company form's checks, as a change of the company; the
/// names of those that did not.
pub(super) fn apply_agency(change: &mut CompanyChange, agency: &Agency) -> Vec<String> {
    let mut skipped = Vec::new();
    let mut take = |field: &str, value: &Option<String>, max: usize, valid: &dyn Fn(&str) -> Option<String>| {
        let text = value.as_deref().map(str::trim).filter(|text| !text.is_empty())?;
        let checked = (text.chars().count() <= max && check_text(field, text).is_ok()).then(|| valid(text)).flatten();
        if checked.is_none() {
            skipped.push(field.to_owned());
        }
        checked
    };
    let as_is = |text: &str| Some(text.to_owned());
    if let Some(name) = take("name", &agency.name, 100, &|text| is_valid_company_name(text).then(|| text.to_owned())) {
        change.name = Some(name);
    }
    if let Some(email) = take("email", &agency.email, 254, &|text| is_valid_email(text).then(|| text.to_lowercase())) {
        change.email = Some(Some(email));
    }
    if let Some(phone) = take("phone", &agency.phone, 40, &format_phone) {
        change.phone = Some(Some(phone));
    }
    if let Some(address) = take("address1", &agency.address, 200, &as_is) {
        change.address1 = Some(Some(address));
    }
    if let Some(city) = take("city", &agency.city, 100, &as_is) {
        change.city = Some(Some(city));
    }
    if let Some(state) = take("state", &agency.state, 100, &as_is) {
        change.state = Some(Some(state));
    }
    if let Some(zip) = take("zip", &agency.zip, 20, &as_is) {
        change.zip = Some(Some(zip));
    }
    skipped
}

impl Candidate {
    pub(super) fn failure(&self, reason: &str) -> FailedPerson {
        FailedPerson {
            partner_id: self.partner_id.clone(),
            firstname: Some(self.first_name.clone()),
            lastname: Some(self.last_name.clone()),
            email: Some(self.email.clone()),
            reason: reason.to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn employee(id: &str, first: &str, last: &str, email: &str) -> Employee {
        Employee {
            id: id.to_owned(),
            first_name: Some(first.to_owned()),
            last_name: Some(last.to_owned()),
            email: Some(email.to_owned()),
            phone: Some("555 123 4567".to_owned()),
            job_title: Some(" Producer ".to_owned()),
            user_type: UserType::Manager,
            active: true,
        }
    }

    #[test]
    fn rows_are_checked_before_the_database_is_read() {
        let mut inactive = employee("3", "Ina", "Active", "ina@agency.com");
        inactive.active = false;
        let rows = [
            employee("1", "Ann", "Lee", "Ann@Agency.com"),
            employee("1", "Ann", "Again", "ann2@agency.com"),
            employee("2", "Bob", "Same", "ann@agency.com"),
            inactive,
            employee("", "No", "Id", "noid@agency.com"),
            employee("4", "", "Lee", "empty@agency.com"),
            employee("5", "Typo", "Mail", "typo@agency"),
            employee("6", "Ctl\u{7}", "Char", "ctl@agency.com"),
        ];
        let (candidates, failures) = check_rows(&rows);
        assert_eq!(candidates.len(), 1);
        let ann = &candidates[0];
        assert_eq!((ann.email.as_str(), ann.role), ("ann@agency.com", Role::Manager));
        assert_eq!(ann.phone.as_deref(), Some("(555) 123-4567"));
        assert_eq!(ann.job_title.as_deref(), Some("Producer"));
        let reasons: Vec<&str> = failures.iter().map(|(_, failure)| failure.reason.as_str()).collect();
        assert_eq!(
            reasons,
            [
                LISTED_TWICE,
                LISTED_TWICE,
                INACTIVE,
                NO_PARTNER_ID,
                "Please input the First name",
                TYPO_MESSAGE,
                kernel::validation::CONTROL_CHARACTER_MESSAGE
            ]
        );
        assert_eq!(failures[6].1.firstname, None, "a name with a control character is not echoed");
        assert_eq!(failures.iter().map(|(position, _)| *position).collect::<Vec<_>>(), [1, 2, 3, 4, 5, 6, 7]);
    }

    #[test]
    fn partner_user_types_map_to_permissions() {
        assert_eq!(permission_of(UserType::Owner), Role::Admin);
        assert_eq!(permission_of(UserType::Admin), Role::Admin);
        assert_eq!(permission_of(UserType::Manager), Role::Manager);
        assert_eq!(permission_of(UserType::User), Role::Employee);
    }

    #[test]
    fn company_details_that_fail_the_form_are_kept() {
        let mut change = CompanyChange::default();
        let agency = Agency {
            name: Some("Zoom Insurance & Co".to_owned()),
            phone: Some("12".to_owned()),
            email: Some("Office@Zoom.example.com".to_owned()),
            address: Some("1 Main St".to_owned()),
            city: None,
            state: Some("NY".to_owned()),
            zip: Some("1234567890123456789012".to_owned()),
        };
        let skipped = apply_agency(&mut change, &agency);
        assert_eq!(skipped, ["phone", "zip"]);
        assert_eq!(change.name.as_deref(), Some("Zoom Insurance & Co"));
        assert_eq!(change.email, Some(Some("office@zoom.example.com".to_owned())));
        assert_eq!(change.phone, None, "the phone is kept as it was");
        assert_eq!(change.city, None);
        assert_eq!(change.state, Some(Some("NY".to_owned())));
        assert_eq!(change.zip, None);
    }
}
