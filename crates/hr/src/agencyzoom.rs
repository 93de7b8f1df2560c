//! The import from AgencyZoom, the partner CRM (spec 001 §2 `/admin/manage/import-agencyzoom`,
//! §7 `GET`/`POST /manage/import-agencyzoom`). An admin types the e-mail and password of an
//! account admin of the agency's AgencyZoom; the `agencyzoom` crate reads the agency and its
//! staff with them (they go no further: never stored, never logged), and this module brings the
//! company and its people up to date in one transaction:
//!
//! - **Company**: the name, e-mail, phone, address, city, state and zip AgencyZoom has replace
//!   Timekeep's; a value AgencyZoom lacks, or one that fails the company form's checks, leaves
//!   Timekeep's as it is (and is named in `skippedCompanyFields`). The company becomes
//!   *integrated* (`integrated_with_az`): from then on names and e-mail of its people are
//!   AgencyZoom's (read-only in the employee form and My Profile, refused by the server), and
//!   'Add Multiple' is gone (`POST /manage/add-multiple-users` refused): new staff come by
//!   importing again.
//! - **People** are matched by the partner's id of them (kept in `agencyzoom_links`), then by
//!   e-mail (case-insensitive), so a second import updates and never duplicates, and an address
//!   changed in AgencyZoom follows the person. A match gets AgencyZoom's first and last name,
//!   phone (when it is a valid one) and job role; a changed e-mail takes effect at once for
//!   someone who never set a password (and a new invitation goes to it), else it waits for the
//!   link mailed to the new address, like every change of a sign-in address. Nobody else is
//!   matched: a new person is added, active from today, managed by the company admin, and
//!   gets the normal invitation e-mail (sent after the answer, one after the other).
//! - **Roles**: AgencyZoom's `jobTitle` is the job role, by name without case (added when the
//!   company has none of that name, brought back when it was retired). AgencyZoom's user type
//!   gives a *new* person's permission: owner and admin → companyadmin ('Admin Control - Full'),
//!   manager → manager ('Admin Control - Limited'), anyone else → employee ('User'). An existing
//!   person's permission is never changed by an import: permissions are Timekeep's own, and an
//!   import must not demote the admin running it.
//! - **Failures**, each with its reason and nothing changed for that row: no partner id, an
//!   invalid name or e-mail (the employee form's messages), someone listed twice, deactivated in
//!   AgencyZoom, an e-mail that is another company's (or another person's here), a person
//!   terminated in Timekeep (reactivate them first). Nobody is terminated by an import.
//!
//! Admins only (the gateway's `Admin` guard); the network call happens before the write gate
//! is taken, so a slow partner holds up nobody else's writes.

use crate::activities::{record, ActivityType};
use crate::commands::{format_phone, EmployeeCommand, EmployeeInput, EMAIL_TAKEN_MESSAGE, TYPO_MESSAGE};
use crate::entities::agencyzoom_links;
use crate::{Hr, HrError};
use ::agencyzoom::{Agency, Employee, UserType};
use accounts::people::read::{self, PeopleFilter};
use accounts::people::write::{self, CompanyChange, NewPerson, PersonChange};
use accounts::{JobRole, Person};
use chrono::Utc;
use kernel::time::local_date;
use kernel::validation::{check_text, fold_case, is_valid_company_name, is_valid_email};
use kernel::{AdminCtx, EmploymentStatus, FieldErrors, JobRoleId, Role, UserId};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait, QueryFilter};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::fmt;

/// The success text of spec 001 §2.
pub const IMPORTED_MESSAGE: &str = "Your company information has been updated.";
/// Refused changes of names and e-mail in an integrated company (spec 001 §5, 000 §5).
pub const MANAGED_IN_AGENCYZOOM: &str = "Names and e-mail are managed in AgencyZoom";
/// A bulk add in an integrated company.
pub const IMPORT_INSTEAD: &str = "Your staff comes from AgencyZoom: add people there, then import them again.";
/// The server has no partner address configured.
pub const NOT_SET_UP: &str = "The AgencyZoom import is not set up on this server.";
pub const PASSWORD_MISSING: &str = "Please input the Password";
pub const EMAIL_MISSING: &str = "Please input the Email";
pub const LISTED_TWICE: &str = "Listed twice in AgencyZoom";
pub const NO_PARTNER_ID: &str = "AgencyZoom sent this person without an id";
pub const INACTIVE: &str = "Inactive in AgencyZoom";
pub const TERMINATED: &str = "Terminated in Timekeep: reactivate them, then import again";
/// Someone was added with one of the addresses while the import ran.
pub const RACED: &str = "Someone was added with one of these e-mails meanwhile. Please import again.";
const MAX_PASSWORD_CHARS: usize = 200;

pub use ::agencyzoom::AzError;

/// What the admin is told when the partner is the trouble (the import form's 'Error' alert).
pub fn partner_message(err: &AzError) -> &'static str {
    match err {
        AzError::Refused => "AgencyZoom did not accept this e-mail and password.",
        AzError::NotAnAdmin => {
            "This AgencyZoom user is not an account admin. Please sign in with an account admin of your agency's AgencyZoom."
        }
        AzError::Timeout => "AgencyZoom did not answer in time. Please try again in a few minutes.",
        AzError::Unreachable(_) | AzError::Failed(_) => {
            "AgencyZoom could not be reached. Please try again in a few minutes."
        }
        AzError::Malformed(_) => {
            "AgencyZoom sent an answer we could not read. Please try again later, or contact our support staff."
        }
        AzError::Config(_) => NOT_SET_UP,
    }
}

/// `POST /manage/import-agencyzoom`: the partner's sign-in.
#[derive(Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct ImportInput {
    /// The e-mail of an account admin of the agency's AgencyZoom.
    pub email: Option<String>,
    /// Their AgencyZoom password: used for this import only, never stored.
    pub password: Option<String>,
}

/// Never printed whole: the password stays out of every log line.
impl fmt::Debug for ImportInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ImportInput").field("email", &self.email).finish_non_exhaustive()
    }
}

/// A checked [`ImportInput`].
#[derive(Clone)]
pub struct ImportCommand {
    email: String,
    password: String,
}

impl fmt::Debug for ImportCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ImportCommand").field("email", &self.email).finish_non_exhaustive()
    }
}

impl ImportCommand {
    /// The import form's rules (spec 001 §5): 'Please input the Email', 'Oops! Looks like you
    /// have a typo.', 'Please input the Password'. The password is taken as typed (spaces too).
    pub fn parse(input: &ImportInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let email = match input.email.as_deref().map(str::trim).filter(|text| !text.is_empty()) {
            None => {
                errors.add("email", EMAIL_MISSING);
                String::new()
            }
            Some(text) if !is_valid_email(text) => {
                errors.add("email", TYPO_MESSAGE);
                String::new()
            }
            Some(text) => text.to_lowercase(),
        };
        let password = match input.password.as_deref().filter(|text| !text.is_empty()) {
            None => {
                errors.add("password", PASSWORD_MISSING);
                String::new()
            }
            Some(text) if text.chars().count() > MAX_PASSWORD_CHARS => {
                errors.add("password", format!("Please keep it under {MAX_PASSWORD_CHARS} characters"));
                String::new()
            }
            Some(text) => text.to_owned(),
        };
        errors.into_result(ImportCommand { email, password })
    }
}

/// `GET /manage/import-agencyzoom`: what the import screen needs before it starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ImportStatus {
    /// The server knows where AgencyZoom is (the import can run).
    pub available: bool,
    /// The company was imported before (names and e-mails are AgencyZoom's).
    pub integrated: bool,
    /// How many people came from AgencyZoom so far.
    pub imported_people: u64,
}

/// What became of one person AgencyZoom listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum ImportOutcome {
    /// Added, with an invitation e-mail.
    Created,
    /// Matched, and something changed.
    Updated,
    /// Matched, already as AgencyZoom has them.
    Unchanged,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ImportedPerson {
    pub employee_id: i64,
    /// AgencyZoom's id of them.
    pub partner_id: String,
    pub firstname: String,
    pub lastname: String,
    pub email: String,
    pub outcome: ImportOutcome,
    /// A changed sign-in address that waits for the link mailed to it.
    pub email_change_sent_to: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FailedPerson {
    pub partner_id: String,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub email: Option<String>,
    /// Why nothing was done for them.
    pub reason: String,
}

/// `POST /manage/import-agencyzoom`'s answer: the spec's success and failure lists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ImportReport {
    /// 'Your company information has been updated.'
    pub message: String,
    /// People in the success list (created, updated or unchanged).
    pub employees_imported: usize,
    /// Of them, those added (each invited by e-mail).
    pub accounts_created: usize,
    pub success: Vec<ImportedPerson>,
    pub failure: Vec<FailedPerson>,
    /// Company details AgencyZoom sent that did not pass the company form's checks (kept as
    /// they were).
    pub skipped_company_fields: Vec<String>,
}

/// A row AgencyZoom sent that passed the checks.
struct Candidate {
    /// Where AgencyZoom listed them (the lists keep its order).
    position: usize,
    partner_id: String,
    first_name: String,
    last_name: String,
    email: String,
    phone: Option<String>,
    job_title: Option<String>,
    role: Role,
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

/// The permission a new person gets (see the module's docs).
pub fn permission_of(user_type: UserType) -> Role {
    match user_type {
        UserType::Owner | UserType::Admin => Role::Admin,
        UserType::Manager => Role::Manager,
        UserType::User => Role::Employee,
    }
}

/// Splits AgencyZoom's staff into rows to import and rows refused before the database is read.
fn check_rows(employees: &[Employee]) -> (Vec<Candidate>, Vec<(usize, FailedPerson)>) {
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
fn apply_agency(change: &mut CompanyChange, agency: &Agency) -> Vec<String> {
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

impl Hr {
    /// The same service, importing from the AgencyZoom that `client` reaches.
    pub fn with_agencyzoom(mut self, client: ::agencyzoom::Client) -> Self {
        self.agencyzoom = Some(client);
        self
    }

    /// `GET /manage/import-agencyzoom`.
    pub async fn agencyzoom_status(&self, ctx: &AdminCtx) -> Result<ImportStatus, HrError> {
        use sea_orm::PaginatorTrait;
        let company = self.company_row(ctx).await?;
        let imported_people = agencyzoom_links::Entity::find()
            .filter(kernel::tenancy::same_company::<agencyzoom_links::Entity>(ctx.company()))
            .count(&self.db)
            .await?;
        Ok(ImportStatus {
            available: self.agencyzoom.is_some(),
            integrated: company.integrated_with_az,
            imported_people,
        })
    }

    /// `POST /manage/import-agencyzoom`: see the module's docs.
    pub async fn import_from_agencyzoom(
        &self,
        ctx: &AdminCtx,
        command: ImportCommand,
    ) -> Result<ImportReport, HrError> {
        let client = self.agencyzoom.as_ref().ok_or_else(|| HrError::Conflict(NOT_SET_UP.to_owned()))?;
        let snapshot = client.snapshot(&command.email, &command.password).await.map_err(HrError::Partner)?;
        drop(command);
        let (candidates, mut failure) = check_rows(&snapshot.employees);
        let now = Utc::now();
        let today = local_date(ctx.time_zone(), now);
        let permit = self.gate.enter().await;
        // Inside the transaction every read goes through `txn` (a second connection waited for
        // while holding SQLite's write lock can starve the pool).
        let txn = kernel::begin_write(&self.db).await?;
        let mut company_change = CompanyChange::default();
        let skipped_company_fields = apply_agency(&mut company_change, &snapshot.agency);
        company_change.integrated_with_az = Some(true);
        let company =
            write::change_company(&txn, ctx.company(), company_change).await.map_err(HrError::not_found_if_missing)?;

        // By id, the order they were added: of two names alike but for case, the older is used.
        let mut roles = read::job_roles(&txn, ctx).await?;
        roles.sort_by_key(|role| role.id);
        let mut people: HashMap<UserId, Person> = read::people(&txn, ctx, &PeopleFilter::default())
            .await?
            .into_iter()
            .map(|person| (person.id, person))
            .collect();
        let mut by_email: HashMap<String, UserId> =
            people.values().map(|person| (person.email.to_lowercase(), person.id)).collect();
        let links = agencyzoom_links::Entity::find()
            .filter(kernel::tenancy::same_company::<agencyzoom_links::Entity>(ctx.company()))
            .all(&txn)
            .await?;
        let linked_by_partner: HashMap<String, UserId> =
            links.iter().map(|link| (link.partner_id.clone(), link.user_id)).collect();
        let mut link_of_user: HashMap<UserId, agencyzoom_links::Model> =
            links.into_iter().map(|link| (link.user_id, link)).collect();
        // Addresses that sign in someone of another company (or an operator).
        let wanted: Vec<String> = candidates.iter().map(|candidate| candidate.email.clone()).collect();
        let elsewhere: HashSet<String> =
            read::emails_outside(&txn, ctx.company(), &wanted).await?.into_iter().collect();
        let manager = self.default_manager(&txn, ctx).await?;
        let actor = self.actor_row(&txn, ctx).await?;

        let mut success = Vec::new();
        let mut invitations = Vec::new();
        let mut email_changes = Vec::new();
        for candidate in candidates {
            let matched = linked_by_partner
                .get(&candidate.partner_id)
                .or_else(|| by_email.get(&candidate.email))
                .and_then(|id| people.get(id))
                .cloned();
            let refusal = match &matched {
                Some(user) if user.status != EmploymentStatus::Active => Some(TERMINATED),
                Some(user) => {
                    let moved = user.email.to_lowercase() != candidate.email;
                    let taken = elsewhere.contains(&candidate.email)
                        || by_email.get(&candidate.email).is_some_and(|id| *id != user.id);
                    (moved && taken).then_some(EMAIL_TAKEN_MESSAGE)
                }
                None => elsewhere.contains(&candidate.email).then_some(EMAIL_TAKEN_MESSAGE),
            };
            if let Some(reason) = refusal {
                failure.push((candidate.position, candidate.failure(reason)));
                continue;
            }
            let job_role_id = match &candidate.job_title {
                Some(title) => Some(job_role_named(&txn, ctx, &mut roles, title).await?),
                None => None,
            };
            let (saved, outcome, change) = match matched {
                Some(user) => {
                    let new_email = (user.email.to_lowercase() != candidate.email).then(|| candidate.email.clone());
                    let invited_only = !user.has_password;
                    let mut edit = PersonChange::default();
                    let mut changed = false;
                    if user.first_name != candidate.first_name || user.last_name != candidate.last_name {
                        edit.first_name = Some(candidate.first_name.clone());
                        edit.last_name = Some(candidate.last_name.clone());
                        changed = true;
                    }
                    if candidate.phone.is_some() && candidate.phone != user.phone {
                        edit.phone = Some(candidate.phone.clone());
                        changed = true;
                    }
                    if job_role_id.is_some() && job_role_id != user.job_role_id {
                        edit.job_role_id = Some(job_role_id);
                        changed = true;
                    }
                    let mut change = None;
                    let mut reinvite = false;
                    if let Some(email) = new_email {
                        changed = true;
                        if invited_only {
                            // Someone who never signed in: the corrected address takes effect,
                            // and a new invitation goes to it.
                            edit.email = Some(email.clone());
                            by_email.remove(&user.email.to_lowercase());
                            by_email.insert(email, user.id);
                            reinvite = true;
                        } else {
                            change = Some(email);
                        }
                    }
                    let saved = if changed {
                        write::change_person(&txn, ctx.company(), user.id, edit, now).await.map_err(raced)?
                    } else {
                        user
                    };
                    if reinvite {
                        invitations.push(saved.clone());
                    }
                    people.insert(saved.id, saved.clone());
                    (saved, if changed { ImportOutcome::Updated } else { ImportOutcome::Unchanged }, change)
                }
                None => {
                    let new = NewPerson {
                        company: ctx.company(),
                        email: candidate.email.clone(),
                        first_name: candidate.first_name.clone(),
                        last_name: candidate.last_name.clone(),
                        role: candidate.role,
                        start_date: today,
                        details: PersonChange {
                            phone: Some(candidate.phone.clone()),
                            job_role_id: Some(job_role_id),
                            manager_id: Some(manager),
                            ..PersonChange::default()
                        },
                    };
                    let saved = write::add_person(&txn, new, now).await.map_err(raced)?;
                    record(&txn, ctx.company(), &saved, &actor, ActivityType::Start, now).await?;
                    by_email.insert(saved.email.to_lowercase(), saved.id);
                    people.insert(saved.id, saved.clone());
                    invitations.push(saved.clone());
                    (saved, ImportOutcome::Created, None)
                }
            };
            match link_of_user.remove(&saved.id) {
                Some(link) => {
                    let mut link: agencyzoom_links::ActiveModel = link.into();
                    link.partner_id = Set(candidate.partner_id.clone());
                    link.imported_at = Set(now);
                    link.update(&txn).await.map_err(raced)?;
                }
                None => {
                    agencyzoom_links::ActiveModel {
                        company_id: Set(ctx.company()),
                        user_id: Set(saved.id),
                        partner_id: Set(candidate.partner_id.clone()),
                        imported_at: Set(now),
                        ..Default::default()
                    }
                    .insert(&txn)
                    .await
                    .map_err(raced)?;
                }
            }
            if let Some(email) = &change {
                email_changes.push((saved.clone(), email.clone()));
            }
            success.push(ImportedPerson {
                employee_id: saved.id.0,
                partner_id: candidate.partner_id,
                firstname: saved.first_name,
                lastname: saved.last_name,
                email: saved.email,
                outcome,
                email_change_sent_to: change,
            });
        }
        txn.commit().await?;
        drop(permit);
        failure.sort_by_key(|(position, _)| *position);
        let failure: Vec<FailedPerson> = failure.into_iter().map(|(_, person)| person).collect();
        let accounts_created = success.iter().filter(|person| person.outcome == ImportOutcome::Created).count();
        tracing::info!(
            company = company.id.0,
            imported = success.len(),
            created = accounts_created,
            failed = failure.len(),
            "AgencyZoom import"
        );
        self.accounts.invite_all(invitations, company.name.clone());
        for (user, email) in email_changes {
            self.accounts.request_email_change(&user, &email).await?;
        }
        Ok(ImportReport {
            message: IMPORTED_MESSAGE.to_owned(),
            employees_imported: success.len(),
            accounts_created,
            success,
            failure,
            skipped_company_fields,
        })
    }
}

impl Candidate {
    fn failure(&self, reason: &str) -> FailedPerson {
        FailedPerson {
            partner_id: self.partner_id.clone(),
            firstname: Some(self.first_name.clone()),
            lastname: Some(self.last_name.clone()),
            email: Some(self.email.clone()),
            reason: reason.to_owned(),
        }
    }
}

/// The company's job role called `title` (without case): the existing one, brought back if it
/// was retired, or a new one.
async fn job_role_named(
    txn: &impl sea_orm::ConnectionTrait,
    ctx: &AdminCtx,
    roles: &mut Vec<JobRole>,
    title: &str,
) -> Result<JobRoleId, HrError> {
    let folded = fold_case(title);
    if let Some(role) = roles.iter_mut().find(|role| fold_case(&role.name) == folded) {
        if !role.active {
            *role = write::change_job_role(txn, ctx.company(), role.id, None, true).await?;
        }
        return Ok(role.id);
    }
    let role = write::add_job_role(txn, ctx.company(), title).await.map_err(raced)?;
    let id = role.id;
    roles.push(role);
    Ok(id)
}

/// A unique index met while importing: someone wrote the same e-mail (or job role) meanwhile.
fn raced(err: sea_orm::DbErr) -> HrError {
    match err.sql_err() {
        Some(sea_orm::SqlErr::UniqueConstraintViolation(_)) => HrError::Conflict(RACED.to_owned()),
        _ => HrError::Database(err),
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
    fn the_import_form_has_the_spec_messages() {
        let errors = ImportCommand::parse(&ImportInput::default()).unwrap_err();
        assert_eq!(errors.messages("email"), [EMAIL_MISSING]);
        assert_eq!(errors.messages("password"), [PASSWORD_MISSING]);
        let input = ImportInput { email: Some("owner@agency".to_owned()), password: Some("secret".to_owned()) };
        assert_eq!(ImportCommand::parse(&input).unwrap_err().messages("email"), [TYPO_MESSAGE]);
        let input = ImportInput { email: Some(" Owner@Agency.com ".to_owned()), password: Some(" s ".to_owned()) };
        let command = ImportCommand::parse(&input).unwrap();
        assert_eq!((command.email.as_str(), command.password.as_str()), ("owner@agency.com", " s "));
        assert!(!format!("{command:?} {input:?}").contains(" s "), "the password is never printed");
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
