//! Requests about people and the company, parsed into validated commands with the spec's
//! messages (001 §5, 000 §5), every field problem collected at once.

use chrono::NaiveDate;
use kernel::validation::{is_valid_email, lenient_i64};
use kernel::{ContactId, FieldErrors, JobRoleId, Role, UserId};
use serde::Deserialize;

pub const TYPO_MESSAGE: &str = "Oops! Looks like you have a typo.";
pub const BIRTHDAY_MESSAGE: &str = "Please input Month(1-12)/Date(1-31). e.g. 03/15";
pub const PHONE_MESSAGE: &str = "Please input a 10-digit phone number";
pub const EMAIL_TAKEN_MESSAGE: &str = "The email has been registered by another user";
pub const BULK_INVALID_MESSAGE: &str =
    "The following records have some input errors. Please correct them and resubmit.";
pub const BULK_EMPTY_MESSAGE: &str = "Please add at least one employee.";
const MAX_NAME_CHARS: usize = 50;
const MAX_TEXT_CHARS: usize = 200;

fn present(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|value| !value.is_empty())
}

/// A required text: `missing` when absent, bounded in length.
fn required(errors: &mut FieldErrors, field: &str, value: &Option<String>, missing: &str, max: usize) -> String {
    match present(value) {
        None => {
            errors.add(field, missing);
            String::new()
        }
        Some(text) if text.chars().count() > max => {
            errors.add(field, format!("Please keep it under {max} characters"));
            String::new()
        }
        Some(text) => text.to_owned(),
    }
}

fn optional(errors: &mut FieldErrors, field: &str, value: &Option<String>, max: usize) -> Option<String> {
    let text = present(value)?;
    if text.chars().count() > max {
        errors.add(field, format!("Please keep it under {max} characters"));
        return None;
    }
    Some(text.to_owned())
}

/// A required e-mail address, lower-cased.
fn email(errors: &mut FieldErrors, field: &str, value: &Option<String>) -> String {
    match present(value) {
        None => {
            errors.add(field, "Please input the Email");
            String::new()
        }
        Some(text) if !is_valid_email(text) => {
            errors.add(field, TYPO_MESSAGE);
            String::new()
        }
        Some(text) => text.to_lowercase(),
    }
}

/// A phone number as (XXX) XXX-XXXX: 10 digits, or 11 with the leading country code 1.
pub fn format_phone(text: &str) -> Option<String> {
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    let digits = match digits.len() {
        11 if digits.starts_with('1') => digits.get(1..)?.to_owned(),
        10 => digits,
        _ => return None,
    };
    let allowed = text.chars().all(|c| c.is_ascii_digit() || matches!(c, ' ' | '(' | ')' | '-' | '.' | '+'));
    if !allowed {
        return None;
    }
    Some(format!("({}) {}-{}", digits.get(..3)?, digits.get(3..6)?, digits.get(6..)?))
}

fn phone(errors: &mut FieldErrors, field: &str, value: &Option<String>, missing: Option<&str>) -> Option<String> {
    match (present(value), missing) {
        (None, Some(message)) => {
            errors.add(field, message);
            None
        }
        (None, None) => None,
        (Some(text), _) => format_phone(text).or_else(|| {
            errors.add(field, PHONE_MESSAGE);
            None
        }),
    }
}

/// A birthday as `MM/DD` (also `M/D` or `MM-DD`); 02/29 is a real birthday.
pub fn parse_birthday(text: &str) -> Option<String> {
    let (month, day) = text.trim().split_once(['/', '-'])?;
    let month: u32 = month.trim().parse().ok()?;
    let day: u32 = day.trim().parse().ok()?;
    // 2000 is a leap year, so every birthday that exists in some year exists in it.
    NaiveDate::from_ymd_opt(2000, month, day)?;
    Some(format!("{month:02}/{day:02}"))
}

fn birthday(errors: &mut FieldErrors, value: &Option<String>) -> Option<String> {
    present(value).and_then(|text| {
        parse_birthday(text).or_else(|| {
            errors.add("birthday", BIRTHDAY_MESSAGE);
            None
        })
    })
}

/// The permission codes of spec 001 §6, and the labels, as the forms send either.
pub fn parse_permission(text: &str) -> Option<Role> {
    match text.trim().to_ascii_lowercase().as_str() {
        "employee" | "user" => Some(Role::Employee),
        "manager" | "admin control - limited" => Some(Role::Manager),
        "companyadmin" | "admin" | "admin control - full" => Some(Role::Admin),
        _ => None,
    }
}

fn permission(errors: &mut FieldErrors, field: &str, value: &Option<String>) -> Option<Role> {
    present(value).and_then(|text| {
        parse_permission(text).or_else(|| {
            errors.add(field, "Please select the Permission");
            None
        })
    })
}

/// `POST /manage/add-user`: creates without `id`, updates with it.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct EmployeeInput {
    #[serde(deserialize_with = "lenient_i64")]
    pub id: Option<i64>,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    /// employee, manager or companyadmin (or their labels). Only admins may set it.
    pub permission: Option<String>,
    #[serde(deserialize_with = "lenient_i64")]
    pub jobrole_id: Option<i64>,
    #[serde(deserialize_with = "lenient_i64")]
    pub manager_id: Option<i64>,
    /// MM/DD.
    pub birthday: Option<String>,
    pub address: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip: Option<String>,
    /// YYYY-MM-DD.
    pub start_date: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmployeeCommand {
    pub id: Option<UserId>,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: Option<String>,
    pub role: Option<Role>,
    pub job_role_id: Option<JobRoleId>,
    pub manager_id: Option<UserId>,
    pub birthday: Option<String>,
    pub address: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip: Option<String>,
    pub start_date: Option<NaiveDate>,
}

impl EmployeeCommand {
    pub fn parse(input: &EmployeeInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let first_name =
            required(&mut errors, "firstname", &input.firstname, "Please input the First name", MAX_NAME_CHARS);
        let last_name =
            required(&mut errors, "lastname", &input.lastname, "Please input the Last name", MAX_NAME_CHARS);
        let email = email(&mut errors, "email", &input.email);
        let phone = phone(&mut errors, "phone", &input.phone, None);
        let role = permission(&mut errors, "permission", &input.permission);
        let birthday = birthday(&mut errors, &input.birthday);
        let start_date = present(&input.start_date).and_then(|text| {
            kernel::validation::date_field(&mut errors, "startDate", text, "Please input the date as YYYY-MM-DD")
        });
        let command = EmployeeCommand {
            id: input.id.map(UserId),
            first_name,
            last_name,
            email,
            phone,
            role,
            job_role_id: input.jobrole_id.map(JobRoleId),
            manager_id: input.manager_id.map(UserId),
            birthday,
            address: optional(&mut errors, "address", &input.address, MAX_TEXT_CHARS),
            city: optional(&mut errors, "city", &input.city, 100),
            state: optional(&mut errors, "state", &input.state, 100),
            zip: optional(&mut errors, "zip", &input.zip, 20),
            start_date,
        };
        errors.into_result(command)
    }
}

/// `POST /manage/reactivate-account`.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct ReactivateInput {
    #[serde(deserialize_with = "lenient_i64")]
    pub id: Option<i64>,
    /// A new address for the person; the old one stays when absent.
    pub email: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReactivateCommand {
    pub id: UserId,
    pub email: Option<String>,
}

impl ReactivateCommand {
    pub fn parse(input: &ReactivateInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        if input.id.is_none() {
            errors.add("id", "Please choose the employee");
        }
        let email = present(&input.email).and_then(|text| {
            if is_valid_email(text) {
                Some(text.to_lowercase())
            } else {
                errors.add("email", TYPO_MESSAGE);
                None
            }
        });
        errors.into_result(ReactivateCommand { id: UserId(input.id.unwrap_or_default()), email })
    }
}

/// One row of `POST /manage/add-multiple-users`.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct BulkRowInput {
    /// First and last name, e.g. "Jane Doe".
    pub name: Option<String>,
    pub email: Option<String>,
    /// The job role id.
    #[serde(deserialize_with = "lenient_i64")]
    pub jobrole: Option<i64>,
    pub permission: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BulkRow {
    /// Position in the list that was sent, for the error keys.
    pub index: usize,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub job_role_id: JobRoleId,
    pub role: Role,
}

/// Validates the rows that are not blank; blank rows (no name and no e-mail) are ignored.
/// Errors are keyed `users[<index>].<field>`.
pub fn parse_bulk(rows: &[BulkRowInput]) -> Result<Vec<BulkRow>, (String, FieldErrors)> {
    let mut errors = FieldErrors::new();
    let mut parsed = Vec::new();
    for (index, row) in rows.iter().enumerate() {
        let name = present(&row.name);
        let email = present(&row.email);
        if name.is_none() && email.is_none() {
            continue;
        }
        let key = |field: &str| format!("users[{index}].{field}");
        let split =
            name.and_then(|name| name.split_once(char::is_whitespace)).map(|(first, last)| (first.trim(), last.trim()));
        let names = match split {
            Some((first, last))
                if !first.is_empty()
                    && !last.is_empty()
                    && first.chars().count() <= MAX_NAME_CHARS
                    && last.chars().count() <= MAX_NAME_CHARS =>
            {
                Some((first.to_owned(), last.to_owned()))
            }
            _ => {
                errors.add(&key("name"), "Name must be a full name");
                None
            }
        };
        let email = match email {
            Some(text) if is_valid_email(text) => Some(text.to_lowercase()),
            _ => {
                errors.add(&key("email"), "The email is invalid");
                None
            }
        };
        if row.jobrole.is_none() {
            errors.add(&key("jobrole"), "Please select a role");
        }
        let role = match present(&row.permission) {
            None => Some(Role::Employee),
            Some(text) => parse_permission(text).or_else(|| {
                errors.add(&key("permission"), "Please select the Permission");
                None
            }),
        };
        if let (Some((first_name, last_name)), Some(email), Some(job_role_id), Some(role)) =
            (names, email, row.jobrole.map(JobRoleId), role)
        {
            parsed.push(BulkRow { index, first_name, last_name, email, job_role_id, role });
        }
    }
    if !errors.is_empty() {
        return Err((BULK_INVALID_MESSAGE.to_owned(), errors));
    }
    if parsed.is_empty() {
        return Err((BULK_EMPTY_MESSAGE.to_owned(), FieldErrors::single("users", BULK_EMPTY_MESSAGE)));
    }
    Ok(parsed)
}

/// `POST /contacts/add`: adds without `id`, edits with it.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct ContactInput {
    #[serde(deserialize_with = "lenient_i64")]
    pub id: Option<i64>,
    /// The employee whose contact it is.
    #[serde(deserialize_with = "lenient_i64")]
    pub eid: Option<i64>,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    /// Relative or Friend.
    pub relationship: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContactCommand {
    pub id: Option<ContactId>,
    pub employee_id: UserId,
    pub first_name: String,
    pub last_name: String,
    pub relationship: &'static str,
    pub phone: String,
    pub email: Option<String>,
}

pub const RELATIONSHIPS: [&str; 2] = ["Relative", "Friend"];

impl ContactCommand {
    pub fn parse(input: &ContactInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        if input.eid.is_none() {
            errors.add("eid", "Please choose the employee");
        }
        let first_name =
            required(&mut errors, "firstname", &input.firstname, "Please input the First name", MAX_NAME_CHARS);
        let last_name =
            required(&mut errors, "lastname", &input.lastname, "Please input the Last name", MAX_NAME_CHARS);
        let relationship = match present(&input.relationship) {
            None => {
                errors.add("relationship", "Please input the Relationship");
                ""
            }
            Some(text) => {
                RELATIONSHIPS.iter().copied().find(|known| known.eq_ignore_ascii_case(text)).unwrap_or_else(|| {
                    errors.add("relationship", "Please choose Relative or Friend");
                    ""
                })
            }
        };
        let phone = phone(&mut errors, "phone", &input.phone, Some("Please input the Phone")).unwrap_or_default();
        let email = present(&input.email).and_then(|text| {
            if is_valid_email(text) {
                Some(text.to_lowercase())
            } else {
                errors.add("email", TYPO_MESSAGE);
                None
            }
        });
        let command = ContactCommand {
            id: input.id.map(ContactId),
            employee_id: UserId(input.eid.unwrap_or_default()),
            first_name,
            last_name,
            relationship,
            phone,
            email,
        };
        errors.into_result(command)
    }
}

/// `POST /profile/update`.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct ProfileInput {
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub birthday: Option<String>,
    pub address: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProfileCommand {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
    pub birthday: Option<String>,
    pub address: String,
    pub city: Option<String>,
    pub state: String,
    pub zip: Option<String>,
}

impl ProfileCommand {
    pub fn parse(input: &ProfileInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let command = ProfileCommand {
            first_name: required(
                &mut errors,
                "firstname",
                &input.firstname,
                "Please input the First name",
                MAX_NAME_CHARS,
            ),
            last_name: required(&mut errors, "lastname", &input.lastname, "Please input the Last name", MAX_NAME_CHARS),
            email: email(&mut errors, "email", &input.email),
            phone: phone(&mut errors, "phone", &input.phone, Some("Please input the Phone")).unwrap_or_default(),
            birthday: birthday(&mut errors, &input.birthday),
            address: required(&mut errors, "address", &input.address, "Please input the Address", MAX_TEXT_CHARS),
            city: optional(&mut errors, "city", &input.city, 100),
            state: required(&mut errors, "state", &input.state, "Please input the State", 100),
            zip: optional(&mut errors, "zip", &input.zip, 20),
        };
        errors.into_result(command)
    }
}

/// `POST /company/update`.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct CompanyInput {
    pub name: Option<String>,
    pub facebook: Option<String>,
    pub linkedin: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub address1: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompanyCommand {
    pub name: String,
    pub facebook: Option<String>,
    pub linkedin: Option<String>,
    pub email: String,
    pub phone: Option<String>,
    pub address1: Option<String>,
    pub city: Option<String>,
    pub state: String,
    pub zip: Option<String>,
}

fn web_link(errors: &mut FieldErrors, field: &str, value: &Option<String>) -> Option<String> {
    let text = optional(errors, field, value, 300)?;
    if text.starts_with("https://") || text.starts_with("http://") {
        Some(text)
    } else if text.contains("://") || text.contains(char::is_whitespace) {
        errors.add(field, "Please input a web address, e.g. https://www.facebook.com/yourpage");
        None
    } else {
        Some(format!("https://{text}"))
    }
}

impl CompanyCommand {
    pub fn parse(input: &CompanyInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = required(&mut errors, "name", &input.name, "Please input the Company Name", 100);
        if !name.is_empty() && !kernel::validation::is_valid_company_name(&name) {
            errors.add("name", "Please use letters, digits and & , ( ) / + @ ! only");
        }
        let command = CompanyCommand {
            name,
            facebook: web_link(&mut errors, "facebook", &input.facebook),
            linkedin: web_link(&mut errors, "linkedin", &input.linkedin),
            email: email(&mut errors, "email", &input.email),
            phone: phone(&mut errors, "phone", &input.phone, None),
            address1: optional(&mut errors, "address1", &input.address1, MAX_TEXT_CHARS),
            city: optional(&mut errors, "city", &input.city, 100),
            state: required(&mut errors, "state", &input.state, "Please input the State", 100),
            zip: optional(&mut errors, "zip", &input.zip, 20),
        };
        errors.into_result(command)
    }
}

/// `POST /settings/update-role-type`: adds without `id`, renames with it.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, deny_unknown_fields)]
pub struct JobRoleInput {
    #[serde(deserialize_with = "lenient_i64")]
    pub id: Option<i64>,
    pub name: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobRoleCommand {
    pub id: Option<JobRoleId>,
    pub name: String,
}

impl JobRoleCommand {
    pub fn parse(input: &JobRoleInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = required(&mut errors, "name", &input.name, "Please input the Name", 100);
        errors.into_result(JobRoleCommand { id: input.id.map(JobRoleId), name })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phones_are_formatted_or_refused() {
        assert_eq!(format_phone("5551234567").as_deref(), Some("(555) 123-4567"));
        assert_eq!(format_phone("+1 (555) 123-4567").as_deref(), Some("(555) 123-4567"));
        assert_eq!(format_phone("555.123.4567").as_deref(), Some("(555) 123-4567"));
        assert_eq!(format_phone("555123456"), None);
        assert_eq!(format_phone("55512345678"), None);
        assert_eq!(format_phone("555-123-456x"), None);
    }

    #[test]
    fn birthdays_are_month_and_day() {
        assert_eq!(parse_birthday("3/15").as_deref(), Some("03/15"));
        assert_eq!(parse_birthday("02/29").as_deref(), Some("02/29"));
        assert_eq!(parse_birthday("13/01"), None);
        assert_eq!(parse_birthday("04/31"), None);
        assert_eq!(parse_birthday("0/10"), None);
        assert_eq!(parse_birthday("March 3"), None);
    }

    #[test]
    fn the_employee_form_speaks_the_specs_messages() {
        let errors = EmployeeCommand::parse(&EmployeeInput {
            email: Some("jane@".into()),
            birthday: Some("13/40".into()),
            permission: Some("owner".into()),
            ..Default::default()
        })
        .unwrap_err();
        assert_eq!(errors.messages("firstname"), ["Please input the First name"]);
        assert_eq!(errors.messages("lastname"), ["Please input the Last name"]);
        assert_eq!(errors.messages("email"), [TYPO_MESSAGE]);
        assert_eq!(errors.messages("birthday"), [BIRTHDAY_MESSAGE]);
        assert_eq!(errors.messages("permission"), ["Please select the Permission"]);
        let missing = EmployeeCommand::parse(&EmployeeInput::default()).unwrap_err();
        assert_eq!(missing.messages("email"), ["Please input the Email"]);
    }

    #[test]
    fn a_valid_employee_form_is_normalised() {
        let command = EmployeeCommand::parse(&EmployeeInput {
            firstname: Some(" Jane ".into()),
            lastname: Some("Doe".into()),
            email: Some("Jane.Doe@Example.com".into()),
            phone: Some("555 123 4567".into()),
            permission: Some("companyadmin".into()),
            birthday: Some("3/5".into()),
            ..Default::default()
        })
        .unwrap();
        assert_eq!(command.first_name, "Jane");
        assert_eq!(command.email, "jane.doe@example.com");
        assert_eq!(command.phone.as_deref(), Some("(555) 123-4567"));
        assert_eq!(command.role, Some(Role::Admin));
        assert_eq!(command.birthday.as_deref(), Some("03/05"));
    }

    #[test]
    fn bulk_rows_are_checked_by_their_position() {
        let row = |name: &str, email: &str, jobrole: Option<i64>| BulkRowInput {
            name: Some(name.into()),
            email: Some(email.into()),
            jobrole,
            permission: None,
        };
        let rows = vec![row("", "", None), row("Madonna", "m@x", None), row("Jane Doe", "jane@example.com", Some(1))];
        let (message, errors) = parse_bulk(&rows).unwrap_err();
        assert_eq!(message, BULK_INVALID_MESSAGE);
        assert_eq!(errors.messages("users[1].name"), ["Name must be a full name"]);
        assert_eq!(errors.messages("users[1].email"), ["The email is invalid"]);
        assert_eq!(errors.messages("users[1].jobrole"), ["Please select a role"]);
        assert!(!errors.has("users[0].name"));
        assert!(!errors.has("users[2].name"));

        let (message, errors) = parse_bulk(&[row(" ", "", None)]).unwrap_err();
        assert_eq!(message, BULK_EMPTY_MESSAGE);
        assert_eq!(errors.messages("users"), [BULK_EMPTY_MESSAGE]);

        let parsed = parse_bulk(&[row("", "", None), row("Mary Ann Lee", "MARY@example.com", Some(4))]).unwrap();
        assert_eq!(parsed.len(), 1);
        let mary = parsed.first().unwrap();
        assert_eq!((mary.index, mary.first_name.as_str(), mary.last_name.as_str()), (1, "Mary", "Ann Lee"));
        assert_eq!(mary.email, "mary@example.com");
        assert_eq!(mary.role, Role::Employee);
    }

    #[test]
    fn contacts_need_names_a_relationship_and_a_phone() {
        let errors = ContactCommand::parse(&ContactInput { eid: Some(1), ..Default::default() }).unwrap_err();
        assert_eq!(errors.messages("firstname"), ["Please input the First name"]);
        assert_eq!(errors.messages("lastname"), ["Please input the Last name"]);
        assert_eq!(errors.messages("relationship"), ["Please input the Relationship"]);
        assert_eq!(errors.messages("phone"), ["Please input the Phone"]);
        let ok = ContactCommand::parse(&ContactInput {
            eid: Some(1),
            firstname: Some("Ann".into()),
            lastname: Some("Lee".into()),
            relationship: Some("friend".into()),
            phone: Some("5551234567".into()),
            ..Default::default()
        })
        .unwrap();
        assert_eq!((ok.relationship, ok.phone.as_str()), ("Friend", "(555) 123-4567"));
    }

    #[test]
    fn profile_and_company_required_fields() {
        let errors = ProfileCommand::parse(&ProfileInput::default()).unwrap_err();
        for (field, message) in [
            ("firstname", "Please input the First name"),
            ("lastname", "Please input the Last name"),
            ("email", "Please input the Email"),
            ("phone", "Please input the Phone"),
            ("address", "Please input the Address"),
            ("state", "Please input the State"),
        ] {
            assert_eq!(errors.messages(field), [message], "{field}");
        }
        let errors =
            CompanyCommand::parse(&CompanyInput { email: Some("x@y".into()), ..Default::default() }).unwrap_err();
        assert_eq!(errors.messages("name"), ["Please input the Company Name"]);
        assert_eq!(errors.messages("email"), [TYPO_MESSAGE]);
        assert_eq!(errors.messages("state"), ["Please input the State"]);
        let company = CompanyCommand::parse(&CompanyInput {
            name: Some("Acme".into()),
            email: Some("a@acme.com".into()),
            state: Some("NY".into()),
            facebook: Some("facebook.com/acme".into()),
            ..Default::default()
        })
        .unwrap();
        assert_eq!(company.facebook.as_deref(), Some("https://facebook.com/acme"));
    }
}
