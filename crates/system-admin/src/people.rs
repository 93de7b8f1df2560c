//! The operator's people across companies (`/system/employees`, `/system/queryuser`,
//! `/system/update-password`, `/system/export-all-users`): finding anyone, helping them with
//! their password (audited), and everyone as CSV.
//!
//! The search and its indexes are `accounts::people_search`'s; the password rules and the reset
//! link `accounts`' own (see [`accounts::PasswordHelp`]). The export reads people in id order,
//! [`EXPORT_BATCH`] at a time ([`SystemAdmin::people_after`]), so memory stays flat however many
//! there are.

use crate::audit::{Action, Actor, NewEntry};
use crate::{SystemAdmin, SystemError};
use accounts::people_search::{PeopleSearch, PeopleSort, PlatformPerson};
use accounts::PasswordHelp;
use chrono::{DateTime, SecondsFormat, Utc};
use kernel::{CompanyId, EmploymentStatus, FieldErrors, SystemCtx, UserId};
use serde::Serialize;

/// People an export batch.
pub const EXPORT_BATCH: u64 = 1000;

/// The export's columns.
pub const USERS_CSV_HEADER: [&str; 10] =
    ["User ID", "First name", "Last name", "Email", "Role", "Status", "Company ID", "Company", "Created", "Last login"];

/// A person as the operator's lists show them.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EmployeeRow {
    pub id: i64,
    pub firstname: String,
    pub lastname: String,
    pub email: String,
    /// `employee`, `manager`, `admin`, or `sysadmin` (a platform operator, of no company).
    pub role: String,
    /// 1 active, 0 terminated.
    pub status: i16,
    #[serde(rename = "companyId")]
    pub company_id: Option<i64>,
    #[serde(rename = "companyName")]
    pub company_name: Option<String>,
    #[serde(rename = "createdAt")]
    pub created_at: DateTime<Utc>,
    /// Their latest sign-in of their own (support sessions do not count), or null.
    #[serde(rename = "lastLogin")]
    pub last_login: Option<DateTime<Utc>>,
}

impl From<PlatformPerson> for EmployeeRow {
    fn from(person: PlatformPerson) -> Self {
        let (company_id, company_name) = person.company.map(|(id, name)| (id.0, name)).unzip();
        Self {
            id: person.id.0,
            firstname: person.first_name,
            lastname: person.last_name,
            email: person.email,
            role: person.role,
            status: person.status.code(),
            company_id,
            company_name,
            created_at: person.created_at,
            last_login: person.last_login_at,
        }
    }
}

impl EmployeeRow {
    /// The row as the export writes it (texts a spreadsheet would run are defused).
    pub fn csv_cells(&self) -> Vec<String> {
        let text = |value: &str| kernel::spreadsheet::defused(value).into_owned();
        let instant = |at: &DateTime<Utc>| at.to_rfc3339_opts(SecondsFormat::Secs, true);
        vec![
            self.id.to_string(),
            text(&self.firstname),
            text(&self.lastname),
            text(&self.email),
            self.role.clone(),
            if self.status == EmploymentStatus::Active.code() { "Active" } else { "Terminated" }.to_owned(),
            self.company_id.map(|id| id.to_string()).unwrap_or_default(),
            self.company_name.as_deref().map(text).unwrap_or_default(),
            instant(&self.created_at),
            self.last_login.as_ref().map(instant).unwrap_or_default(),
        ]
    }
}

/// `GET /system/employees`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EmployeePage {
    pub employees: Vec<EmployeeRow>,
    #[serde(rename = "empCount")]
    pub emp_count: u64,
}

/// The longest search or e-mail address taken (an address has at most 254 characters).
const MAX_TEXT: usize = 254;

fn check_text(errors: &mut FieldErrors, field: &str, text: &str) {
    if let Err(message) = kernel::validation::check_text(field, text) {
        errors.add(field, message);
    } else if text.chars().count() > MAX_TEXT {
        errors.add(field, format!("Please keep this under {} characters", MAX_TEXT + 1));
    }
}

/// Which people, in which order, which page (`GET /system/employees`).
#[derive(Debug, Clone)]
pub struct EmployeeQuery(PeopleSearch);

impl EmployeeQuery {
    /// From the request's parameters: `sort` one of `email` (the default, A to Z), `lastname`,
    /// `createdAt`; `order` `asc` or `desc`; an empty `q` is ignored.
    pub fn parse(
        page: Option<u64>,
        q: Option<&str>,
        company_id: Option<i64>,
        sort: Option<&str>,
        order: Option<&str>,
    ) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let page = kernel::validation::page_into(&mut errors, page);
        let q = q.map(str::trim).filter(|q| !q.is_empty());
        if let Some(q) = q {
            check_text(&mut errors, "q", q);
        }
        let sort = match sort.map(str::trim).filter(|sort| !sort.is_empty()) {
            None | Some("email") => PeopleSort::Email,
            Some("lastname") => PeopleSort::LastName,
            Some("createdAt") => PeopleSort::CreatedAt,
            Some(_) => {
                errors.add("sort", "Please sort by email, lastname or createdAt");
                PeopleSort::Email
            }
        };
        let descending = kernel::validation::descending_into(&mut errors, order, false);
        errors.into_result(Self(PeopleSearch {
            q: q.map(str::to_owned),
            company: company_id.map(CompanyId),
            sort,
            descending,
            page,
        }))
    }
}

/// What the operator does about a user's password.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasswordMode {
    /// Mail the user the normal reset link (the default, preferred).
    Link,
    /// Set a password the user must change at their next sign-in.
    Set,
}

/// `POST /system/update-password`, validated.
#[derive(Debug, Clone)]
pub struct UpdatePasswordCommand {
    email: String,
    help: PasswordHelp,
}

impl UpdatePasswordCommand {
    /// `mode` `link` (the default) or `set`; `password` is required for `set` (its rules are
    /// checked by `accounts`) and ignored for `link`.
    pub fn parse(email: Option<&str>, mode: Option<&str>, password: Option<&str>) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let email = email.map(str::trim).unwrap_or_default();
        if email.is_empty() {
            errors.add("email", "Please input the email address");
        } else {
            check_text(&mut errors, "email", email);
        }
        let mode = match mode.map(str::trim).filter(|mode| !mode.is_empty()) {
            None | Some("link") => PasswordMode::Link,
            Some("set") => PasswordMode::Set,
            Some(_) => {
                errors.add("mode", "Please choose link or set");
                PasswordMode::Link
            }
        };
        let help = match (mode, password.unwrap_or_default()) {
            (PasswordMode::Link, _) => PasswordHelp::SendLink,
            (PasswordMode::Set, "") => {
                errors.add("password", "Please input the Password");
                PasswordHelp::SendLink
            }
            (PasswordMode::Set, password) => PasswordHelp::Set(password.to_owned()),
        };
        errors.into_result(Self { email: email.to_owned(), help })
    }
}

/// Parses the e-mail address of `GET /system/queryuser`.
pub fn parse_query_email(email: Option<&str>) -> Result<String, FieldErrors> {
    let mut errors = FieldErrors::new();
    let email = email.map(str::trim).unwrap_or_default();
    if email.is_empty() {
        errors.add("email", "Please input the email address");
    } else {
        check_text(&mut errors, "email", email);
    }
    errors.into_result(email.to_owned())
}

impl SystemAdmin {
    /// `GET /system/employees`: a page of people across companies, and how many match.
    pub async fn employees(&self, ctx: &SystemCtx, query: &EmployeeQuery) -> Result<EmployeePage, SystemError> {
        let (people, count) = self.accounts.search_people(ctx, &query.0).await?;
        Ok(EmployeePage { employees: people.into_iter().map(EmployeeRow::from).collect(), emp_count: count })
    }

    /// `GET /system/queryuser`: the person with exactly that e-mail address (any case).
    pub async fn query_user(&self, ctx: &SystemCtx, email: &str) -> Result<EmployeeRow, SystemError> {
        self.accounts.person_by_email(ctx, email).await?.map(EmployeeRow::from).ok_or(SystemError::NotFound)
    }

    /// `POST /system/update-password`: the reset link mailed, or the password set (see
    /// [`accounts::PasswordHelp`]), then written to the audit log. The message for the operator.
    pub async fn update_password(
        &self,
        ctx: &SystemCtx,
        command: UpdatePasswordCommand,
    ) -> Result<String, SystemError> {
        let setting = matches!(command.help, PasswordHelp::Set(_));
        let person = self.accounts.operator_password_help(ctx, &command.email, command.help).await?;
        let name = format!("{} {}", person.first_name, person.last_name);
        let (action, detail, message) = if setting {
            (
                Action::SetPassword,
                format!("Set a new password for {name} ({}), to be changed at the next sign-in", person.email),
                format!("The password was changed. {} must choose a new one at the next sign-in.", person.first_name),
            )
        } else {
            (
                Action::SendResetLink,
                format!("Sent a password reset link to {name} ({})", person.email),
                format!("A password reset link was sent to {}.", person.email),
            )
        };
        // After the change succeeded: the change is `accounts`' own transaction.
        self.log(NewEntry { actor: Actor::of(ctx), company: person.company, action, detail }).await?;
        Ok(message)
    }

    /// The export's next people after `after` (from the first when `None`), by id,
    /// [`EXPORT_BATCH`] at most: an empty batch is the end.
    pub async fn people_after(&self, ctx: &SystemCtx, after: Option<UserId>) -> Result<Vec<EmployeeRow>, SystemError> {
        Ok(self.accounts.people_after(ctx, after, EXPORT_BATCH).await?.into_iter().map(EmployeeRow::from).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_password_command_needs_a_password_only_to_set_one() {
        let link = UpdatePasswordCommand::parse(Some(" ann@acme.example "), None, Some("ignored")).unwrap();
        assert_eq!(link.email, "ann@acme.example");
        assert!(matches!(link.help, PasswordHelp::SendLink));
        let errors = UpdatePasswordCommand::parse(Some("ann@acme.example"), Some("set"), None).unwrap_err();
        assert!(errors.has("password"));
        let errors = UpdatePasswordCommand::parse(None, Some("reset"), None).unwrap_err();
        assert!(errors.has("email") && errors.has("mode"));
        let set = UpdatePasswordCommand::parse(Some("a@b.example"), Some("set"), Some("x")).unwrap();
        assert!(matches!(set.help, PasswordHelp::Set(ref password) if password == "x"));
    }

    #[test]
    fn the_people_query_checks_its_sort_and_text() {
        assert!(EmployeeQuery::parse(None, Some("ann"), Some(7), Some("lastname"), Some("desc")).is_ok());
        let errors = EmployeeQuery::parse(Some(0), Some("a\u{0}"), None, Some("role"), Some("down")).unwrap_err();
        assert!(errors.has("page") && errors.has("q") && errors.has("sort") && errors.has("order"));
    }

    #[test]
    fn csv_cells_defuse_formulas_and_name_the_status() {
        let row = EmployeeRow {
            id: 3,
            firstname: "+Ann".into(),
            lastname: "O'Neil, Jr".into(),
            email: "ann@acme.example".into(),
            role: "admin".into(),
            status: 0,
            company_id: Some(7),
            company_name: Some("@Acme".into()),
            created_at: DateTime::parse_from_rfc3339("2026-11-01T14:00:00Z").unwrap().with_timezone(&Utc),
            last_login: None,
        };
        assert_eq!(
            row.csv_cells(),
            [
                "3",
                "'+Ann",
                "O'Neil, Jr",
                "ann@acme.example",
                "admin",
                "Terminated",
                "7",
                "'@Acme",
                "2026-11-01T14:00:00Z",
                ""
            ]
        );
    }
}
