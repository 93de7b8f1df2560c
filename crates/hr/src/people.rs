//! Employees as their admins and managers see them: the list, the folder's profile, adding and
//! editing, terminating and reactivating, the bulk add, avatars.

use crate::activities::{record, ActivityType};
use crate::commands::{BulkRow, EmployeeCommand, ReactivateCommand, EMAIL_TAKEN_MESSAGE};
use crate::entities::emergency_contacts;
use crate::views::{ContactView, EmployeeView, ManageData, Names, PersonName};
use crate::{Hr, HrError};
use accounts::people::read::{self, PeopleFilter, PersonOrder};
use accounts::people::write::{self, NewPerson, PersonChange};
use accounts::{Company, EmployeeFilter, Person};
use chrono::Utc;
use files::Purpose;
use kernel::time::local_date;
use kernel::{AdminCtx, EmploymentStatus, JobRoleId, ManagerCtx, Role, TenantCtx, UserId};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use std::collections::{HashMap, HashSet};

pub const CANNOT_TERMINATE_SELF: &str = "You cannot terminate yourself.";
pub const ALREADY_TERMINATED: &str = "This employee is already terminated.";
pub const ALREADY_ACTIVE: &str = "This employee is already active.";
pub const OWN_PERMISSION: &str = "You cannot change your own permission.";

/// What `POST /manage/add-user` did.
#[derive(Debug, Clone)]
pub struct SavedEmployee {
    pub employee: EmployeeView,
    /// True when the person was added (a login e-mail went out).
    pub created: bool,
    /// Where a link to confirm a changed sign-in e-mail was sent (the change waits for it).
    pub email_change_sent_to: Option<String>,
}

/// The reactivation conflict of spec 001 §8.
pub fn reactivation_conflict(email: &str) -> String {
    format!("{email} has been registered to another user. Please choose a different email address.")
}

/// What the one who is not an admin hears when a field of the employee form is beyond them.
pub const ADMIN_ONLY_FIELD: &str = "Only an admin can change this.";
/// A manager (or anyone but an admin) opening an admin's record for editing.
pub const ADMIN_EDITS_ADMIN: &str = "Only an admin can edit an admin.";

/// Who may change what on `POST /manage/add-user` (an existing person):
///
/// | field | admin | manager (for the people they reach, never an admin) |
/// |---|---|---|
/// | first and last name, phone, birthday, address, city, state, zip, start date | yes | yes |
/// | e-mail (the sign-in address: confirmed by a link, see [`Accounts::request_email_change`]) | yes | no |
/// | permission (role) | yes, not their own | no |
/// | job role | yes | no |
/// | manager | yes | no |
///
/// "No" means a change of that field is refused with a per-field error ([`ADMIN_ONLY_FIELD`]);
/// sending it unchanged is fine (the form sends every field). When adding a person, a manager
/// sets every field but the permission (always 'User') and the manager (themselves, unless they
/// name another).
///
/// [`Accounts::request_email_change`]: accounts::Accounts::request_email_change
fn beyond_a_manager(existing: &Person, command: &EmployeeCommand) -> Vec<&'static str> {
    let mut fields = Vec::new();
    if !existing.email.eq_ignore_ascii_case(&command.email) {
        fields.push("email");
    }
    if command.role.is_some_and(|role| role != existing.role) {
        fields.push("permission");
    }
    if command.job_role_id.is_some() && command.job_role_id != existing.job_role_id {
        fields.push("jobroleId");
    }
    if command.manager_id.is_some() && command.manager_id != existing.manager_id {
        fields.push("managerId");
    }
    fields
}

impl Hr {
    /// Job-role and manager names for some people, in two queries whatever their number.
    pub(crate) async fn names_for(&self, ctx: &TenantCtx, people: &[Person]) -> Result<Names, HrError> {
        let roles = read::job_roles(&self.db, ctx).await?.into_iter().map(|role| (role.id, role.name)).collect();
        Ok(Names { job_roles: roles, people: self.manager_names(ctx, people).await? })
    }

    /// The names of these people's managers, in one query (none when nobody has one).
    async fn manager_names(
        &self,
        ctx: &TenantCtx,
        people: &[Person],
    ) -> Result<HashMap<UserId, (String, String)>, HrError> {
        let mut managers: Vec<UserId> = people.iter().filter_map(|person| person.manager_id).collect();
        managers.sort_unstable();
        managers.dedup();
        if managers.is_empty() {
            return Ok(Default::default());
        }
        Ok(read::people(&self.db, ctx, &PeopleFilter::default().with_ids(managers))
            .await?
            .into_iter()
            .map(|person| (person.id, (person.first_name, person.last_name)))
            .collect())
    }

    pub(crate) async fn view_of(&self, ctx: &TenantCtx, person: Person) -> Result<EmployeeView, HrError> {
        let names = self.names_for(ctx, std::slice::from_ref(&person)).await?;
        Ok(EmployeeView::build(person, &names))
    }

    /// `GET /manage/employees`: a page of the people in the actor's reach.
    pub async fn employees(
        &self,
        ctx: &ManagerCtx,
        filter: &EmployeeFilter,
    ) -> Result<(Vec<EmployeeView>, u64), HrError> {
        // Job roles and managers' names come with the page: one statement in all.
        let (rows, total) = self.accounts.list_employees(ctx, filter).await?;
        let mut names = Names::default();
        for row in &rows {
            if let Some(role) = &row.job_role {
                names.job_roles.insert(role.id, role.name.clone());
            }
            if let (Some(manager), Some(name)) = (row.person.manager_id, &row.manager) {
                names.people.insert(manager, name.clone());
            }
        }
        Ok((rows.into_iter().map(|row| EmployeeView::build(row.person, &names)).collect(), total))
    }

    /// `GET /manage/user-data`.
    pub async fn employee(&self, ctx: &ManagerCtx, id: UserId) -> Result<EmployeeView, HrError> {
        let user = self.accounts.employee_in_scope(ctx, id).await?;
        self.view_of(ctx, user).await
    }

    /// `GET /manage/user-full-data`: the folder's profile and emergency contacts.
    pub async fn employee_folder(
        &self,
        ctx: &ManagerCtx,
        id: UserId,
    ) -> Result<(EmployeeView, Vec<ContactView>), HrError> {
        let user = self.accounts.employee_in_scope(ctx, id).await?;
        let contacts = emergency_contacts::Entity::find()
            .filter(kernel::tenancy::same_company::<emergency_contacts::Entity>(ctx.company()))
            .filter(emergency_contacts::Column::EmployeeId.eq(user.id))
            .order_by_asc(emergency_contacts::Column::Id)
            .all(&self.db)
            .await?;
        Ok((self.view_of(ctx, user).await?, contacts.into_iter().map(ContactView::from).collect()))
    }

    /// `GET /manage/data`: what the employee form and the list's filters need.
    pub async fn manage_data(&self, ctx: &ManagerCtx) -> Result<ManageData, HrError> {
        let company = self.company_row(ctx).await?;
        let job_roles = read::job_roles(&self.db, ctx).await?.into_iter().filter(|role| role.active);
        let managers = read::people(
            &self.db,
            ctx,
            &PeopleFilter::active().with_roles(&[Role::Admin, Role::Manager]).ordered(PersonOrder::LastName),
        )
        .await?;
        let default_manager_id = company_admin(&managers).map(|id| id.0);
        Ok(ManageData {
            company_name: company.name,
            integrated_with_az: company.integrated_with_az,
            job_roles: job_roles.map(Into::into).collect(),
            managers: managers
                .into_iter()
                .map(|person| PersonName { id: person.id.0, firstname: person.first_name, lastname: person.last_name })
                .collect(),
            default_manager_id,
        })
    }

    pub(crate) async fn company_row(&self, ctx: &TenantCtx) -> Result<Company, HrError> {
        read::company(&self.db, ctx.company()).await?.ok_or(HrError::NotFound)
    }

    /// The acting user's own record.
    pub(crate) async fn actor_row(&self, db: &impl ConnectionTrait, ctx: &TenantCtx) -> Result<Person, HrError> {
        read::person(db, ctx, ctx.actor()).await?.ok_or(HrError::NotFound)
    }

    async fn check_job_role(&self, db: &impl ConnectionTrait, ctx: &TenantCtx, id: JobRoleId) -> Result<bool, HrError> {
        Ok(read::job_role(db, ctx, id).await?.is_some_and(|role| role.active))
    }

    async fn check_manager(&self, db: &impl ConnectionTrait, ctx: &TenantCtx, id: UserId) -> Result<bool, HrError> {
        Ok(read::person(db, ctx, id)
            .await?
            .is_some_and(|person| person.is_active() && matches!(person.role, Role::Admin | Role::Manager)))
    }

    /// The manager of a new employee when the form names none: the company admin when an admin
    /// adds them; the acting manager when a manager does, who would otherwise lose sight of the
    /// person they just added.
    pub(crate) async fn default_manager(
        &self,
        db: &impl ConnectionTrait,
        ctx: &ManagerCtx,
    ) -> Result<Option<UserId>, HrError> {
        if !ctx.acts_for_the_company() {
            return Ok(Some(ctx.actor()));
        }
        let admins = read::people(db, ctx, &PeopleFilter::active().with_roles(&[Role::Admin])).await?;
        Ok(company_admin(&admins))
    }

    /// `POST /manage/add-user`: adds a person (and mails them a link to create their password)
    /// or updates one in reach, within the rights of [`beyond_a_manager`]. A changed sign-in
    /// e-mail of someone who has a password is only proposed: it takes effect when the link
    /// mailed to the new address is followed (`email_change_sent_to` says where it went).
    pub async fn save_employee(&self, ctx: &ManagerCtx, command: EmployeeCommand) -> Result<SavedEmployee, HrError> {
        let admin = ctx.acts_for_the_company();
        let existing = match command.id {
            Some(id) => Some(self.accounts.employee_in_scope(ctx, id).await?),
            None => None,
        };
        if let (None, false, Some(role)) = (&existing, admin, command.role) {
            // A manager adds employees; a higher role is the admins' to give, as on an edit.
            if role != Role::Employee {
                return Err(HrError::Validation(kernel::FieldErrors::single("permission", ADMIN_ONLY_FIELD)));
            }
        }
        if let (Some(user), false) = (&existing, admin) {
            if user.role == Role::Admin {
                return Err(HrError::ForbiddenBecause(ADMIN_EDITS_ADMIN));
            }
            let beyond = beyond_a_manager(user, &command);
            if !beyond.is_empty() {
                let mut errors = kernel::FieldErrors::new();
                for field in beyond {
                    errors.add(field, ADMIN_ONLY_FIELD);
                }
                return Err(HrError::Validation(errors));
            }
        }
        let now = Utc::now();
        // Read before the transaction: inside it every read goes through `txn` (a second
        // connection waited for while holding SQLite's write lock can starve the pool).
        let company = self.company_row(ctx).await?;
        let permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let mut errors = kernel::FieldErrors::new();
        if let Some(job) = command.job_role_id {
            let unchanged = existing.as_ref().is_some_and(|user| user.job_role_id == Some(job));
            if !unchanged && !self.check_job_role(&txn, ctx, job).await? {
                errors.add("jobroleId", "Please select a valid job role");
            }
        }
        if let Some(manager) = command.manager_id {
            let unchanged = existing.as_ref().is_some_and(|user| user.manager_id == Some(manager));
            let own = existing.as_ref().is_some_and(|user| user.id == manager);
            if own || (!unchanged && !self.check_manager(&txn, ctx, manager).await?) {
                errors.add("managerId", "Please select a valid manager");
            }
        }
        let role_change = match (&existing, command.role, admin) {
            (_, Some(_), false) => None,
            (Some(user), Some(role), true) if user.role != role => {
                if ctx.is_self(user.id) {
                    errors.add("permission", OWN_PERMISSION);
                }
                Some(role)
            }
            (None, role, true) => role,
            _ => None,
        };
        if !errors.is_empty() {
            return Err(HrError::Validation(errors));
        }
        if company.integrated_with_az {
            if let Some(user) = &existing {
                // Names and e-mail come from the partner tool (spec 001 §5).
                let renamed = user.first_name != command.first_name || user.last_name != command.last_name;
                if renamed || !user.email.eq_ignore_ascii_case(&command.email) {
                    return Err(HrError::field("email", crate::agencyzoom::MANAGED_IN_AGENCYZOOM));
                }
            }
        }
        if let Some(user) = existing.as_ref().filter(|user| user.sso_linked_at.is_some()) {
            // Single sign-on finds the person by this address (spec 000 §5).
            if !user.email.eq_ignore_ascii_case(&command.email) {
                return Err(HrError::field("email", accounts::sso::SSO_EMAIL_LOCKED_MESSAGE));
            }
        }
        if read::email_in_use(&txn, &command.email, existing.as_ref().map(|user| user.id)).await? {
            return Err(HrError::email_taken(EMAIL_TAKEN_MESSAGE));
        }
        let mut email_change = None;
        let before = existing.as_ref().map(Person::audit_snapshot).unwrap_or_default();
        let (saved, created) = match existing {
            Some(user) => {
                let new_email = (!user.email.eq_ignore_ascii_case(&command.email)).then(|| command.email.clone());
                // Someone who never set a password has only an invitation: a corrected address
                // takes effect now, and a new invitation goes to it.
                let invited_only = !user.has_password;
                let mut change = PersonChange {
                    first_name: Some(command.first_name),
                    last_name: Some(command.last_name),
                    phone: Some(command.phone),
                    role: role_change,
                    job_role_id: command.job_role_id.map(Some),
                    manager_id: command.manager_id.map(Some),
                    birthday: Some(command.birthday),
                    address: Some(command.address),
                    city: Some(command.city),
                    state: Some(command.state),
                    zip: Some(command.zip),
                    last_start_date: command.start_date.map(Some),
                    ..PersonChange::default()
                };
                match new_email {
                    Some(email) if invited_only => {
                        change.email = Some(email.clone());
                        email_change = Some((email, true));
                    }
                    Some(email) => email_change = Some((email, false)),
                    None => {}
                }
                (write::change_person(&txn, ctx.company(), user.id, change, now).await?, false)
            }
            None => {
                let manager = match command.manager_id {
                    None => self.default_manager(&txn, ctx).await?,
                    chosen => chosen,
                };
                let new = NewPerson {
                    company: ctx.company(),
                    email: command.email,
                    first_name: command.first_name,
                    last_name: command.last_name,
                    role: role_change.unwrap_or(Role::Employee),
                    start_date: command.start_date.unwrap_or_else(|| local_date(ctx.time_zone(), now)),
                    details: PersonChange {
                        phone: Some(command.phone),
                        job_role_id: Some(command.job_role_id),
                        manager_id: Some(manager),
                        birthday: Some(command.birthday),
                        address: Some(command.address),
                        city: Some(command.city),
                        state: Some(command.state),
                        zip: Some(command.zip),
                        ..PersonChange::default()
                    },
                };
                let saved = write::add_person(&txn, new, now).await?;
                let actor = self.actor_row(&txn, ctx).await?;
                record(&txn, ctx.company(), &saved, &actor, ActivityType::Start, now).await?;
                (saved, true)
            }
        };
        let action = match (created, role_change) {
            (true, _) => audit::Action::Created,
            (false, Some(_)) => audit::Action::RoleChanged,
            (false, None) => audit::Action::Updated,
        };
        let after = saved.audit_snapshot();
        if created {
            webhooks::emit(&txn, ctx.company(), webhooks::Event::EmployeeAdded, person_data(&saved)).await?;
        } else if before != after {
            webhooks::emit(&txn, ctx.company(), webhooks::Event::EmployeeChanged, person_data(&saved)).await?;
        }
        let mut change =
            audit::Change::new(audit::Subject::Person, saved.id.0, action).about(saved.id).diff(&before, &after);
        if let Some((email, _)) = &email_change {
            change = change.field("emailChangeSentTo", None::<String>, email.clone());
        }
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        drop(permit);
        let email_change_sent_to = match email_change {
            Some((email, true)) => {
                self.accounts.send_invitation(&saved, &company.name).await?;
                Some(email)
            }
            Some((email, false)) => {
                self.accounts.request_email_change(&saved, &email).await?;
                Some(email)
            }
            None => None,
        };
        if created {
            self.accounts.send_invitation(&saved, &company.name).await?;
        }
        Ok(SavedEmployee { employee: self.view_of(ctx, saved).await?, created, email_change_sent_to })
    }

    /// `POST /manage/add-multiple-users`: every valid row saved in one transaction, or none.
    /// A company integrated with AgencyZoom has no bulk add (spec 001 §2 hides it): its staff
    /// comes from there.
    pub async fn add_many(&self, ctx: &ManagerCtx, rows: Vec<BulkRow>) -> Result<Vec<EmployeeView>, HrError> {
        let admin = ctx.acts_for_the_company();
        let now = Utc::now();
        let company = self.company_row(ctx).await?;
        if company.integrated_with_az {
            return Err(HrError::Conflict(crate::agencyzoom::IMPORT_INSTEAD.to_owned()));
        }
        let permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let mut errors = kernel::FieldErrors::new();
        let active_roles: HashSet<JobRoleId> =
            read::job_roles(&txn, ctx).await?.into_iter().filter(|role| role.active).map(|role| role.id).collect();
        let emails: Vec<String> = rows.iter().map(|row| row.email.clone()).collect();
        let taken: HashSet<String> = read::emails_in_use(&txn, &emails).await?.into_iter().collect();
        let mut seen = HashSet::new();
        for row in &rows {
            if taken.contains(&row.email) || !seen.insert(row.email.clone()) {
                errors.add(&format!("users[{}].email", row.index), EMAIL_TAKEN_MESSAGE);
            }
            if !active_roles.contains(&row.job_role_id) {
                errors.add(&format!("users[{}].jobrole", row.index), "Please select a role");
            }
            if row.role != Role::Employee && !admin {
                errors.add(&format!("users[{}].permission", row.index), "Only an admin can give this permission");
            }
        }
        if !errors.is_empty() {
            return Err(HrError::Invalid { message: crate::commands::BULK_INVALID_MESSAGE.to_owned(), errors });
        }
        let manager = self.default_manager(&txn, ctx).await?;
        let actor = self.actor_row(&txn, ctx).await?;
        let today = local_date(ctx.time_zone(), now);
        let mut saved = Vec::with_capacity(rows.len());
        for row in rows {
            let new = NewPerson {
                company: ctx.company(),
                email: row.email,
                first_name: row.first_name,
                last_name: row.last_name,
                role: row.role,
                start_date: today,
                details: PersonChange {
                    job_role_id: Some(Some(row.job_role_id)),
                    manager_id: Some(manager),
                    ..PersonChange::default()
                },
            };
            let user = write::add_person(&txn, new, now).await?;
            record(&txn, ctx.company(), &user, &actor, ActivityType::Start, now).await?;
            let change = audit::Change::new(audit::Subject::Person, user.id.0, audit::Action::Created)
                .about(user.id)
                .created(&user.audit_snapshot());
            audit::record(&txn, ctx, change).await?;
            webhooks::emit(&txn, ctx.company(), webhooks::Event::EmployeeAdded, person_data(&user)).await?;
            saved.push(user);
        }
        txn.commit().await?;
        drop(permit);
        for user in &saved {
            self.accounts.send_invitation(user, &company.name).await?;
        }
        let names = self.names_for(ctx, &saved).await?;
        Ok(saved.into_iter().map(|user| EmployeeView::build(user, &names)).collect())
    }

    /// `POST /manage/terminate-employee` (admins): the person can no longer sign in, and every
    /// session they have ends now.
    pub async fn terminate(&self, ctx: &AdminCtx, id: UserId) -> Result<EmployeeView, HrError> {
        let user = self.accounts.employee_in_scope(ctx, id).await?;
        if user.id == ctx.actor() {
            return Err(HrError::Conflict(CANNOT_TERMINATE_SELF.to_owned()));
        }
        if user.status != EmploymentStatus::Active {
            return Err(HrError::Conflict(ALREADY_TERMINATED.to_owned()));
        }
        let now = Utc::now();
        let permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let change = PersonChange {
            status: Some(EmploymentStatus::Terminated),
            last_termination_date: Some(Some(local_date(ctx.time_zone(), now))),
            ..PersonChange::default()
        };
        let saved = write::change_person(&txn, ctx.company(), user.id, change, now).await?;
        self.accounts.revoke_all_sessions(&txn, saved.id).await?;
        let actor = self.actor_row(&txn, ctx).await?;
        record(&txn, ctx.company(), &saved, &actor, ActivityType::Terminate, now).await?;
        let change = audit::Change::new(audit::Subject::Person, saved.id.0, audit::Action::Terminated)
            .about(saved.id)
            .diff(&user.audit_snapshot(), &saved.audit_snapshot());
        audit::record(&txn, ctx, change).await?;
        webhooks::emit(&txn, ctx.company(), webhooks::Event::EmployeeTerminated, person_data(&saved)).await?;
        txn.commit().await?;
        drop(permit);
        self.view_of(ctx, saved).await
    }

    /// `POST /manage/reactivate-account`: back to active, optionally under a new e-mail. A
    /// person without a password (or with a new address) gets a fresh sign-in link.
    pub async fn reactivate(&self, ctx: &ManagerCtx, command: ReactivateCommand) -> Result<EmployeeView, HrError> {
        let user = self.accounts.employee_in_scope(ctx, command.id).await?;
        if user.status == EmploymentStatus::Active {
            return Err(HrError::Conflict(ALREADY_ACTIVE.to_owned()));
        }
        let now = Utc::now();
        let company = self.company_row(ctx).await?;
        let permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let email = command.email.unwrap_or_else(|| user.email.clone());
        if company.integrated_with_az && !email.eq_ignore_ascii_case(&user.email) {
            return Err(HrError::field("email", crate::agencyzoom::MANAGED_IN_AGENCYZOOM));
        }
        if read::email_in_use(&txn, &email, Some(user.id)).await? {
            return Err(HrError::email_taken(reactivation_conflict(&email)));
        }
        let new_address = email != user.email;
        let needs_link = new_address || !user.has_password;
        let change = PersonChange {
            status: Some(EmploymentStatus::Active),
            email: Some(email),
            email_verified_at: new_address.then_some(None),
            last_start_date: Some(Some(local_date(ctx.time_zone(), now))),
            last_termination_date: Some(None),
            ..PersonChange::default()
        };
        let saved = write::change_person(&txn, ctx.company(), user.id, change, now).await?;
        let actor = self.actor_row(&txn, ctx).await?;
        record(&txn, ctx.company(), &saved, &actor, ActivityType::Reactivate, now).await?;
        let change = audit::Change::new(audit::Subject::Person, saved.id.0, audit::Action::Reactivated)
            .about(saved.id)
            .diff(&user.audit_snapshot(), &saved.audit_snapshot());
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        drop(permit);
        if needs_link {
            self.accounts.send_invitation(&saved, &company.name).await?;
        }
        self.view_of(ctx, saved).await
    }

    /// `POST /manage/user-avatar`: a privileged user sets the avatar of someone in reach.
    pub async fn set_employee_avatar(&self, ctx: &ManagerCtx, id: UserId, bytes: &[u8]) -> Result<String, HrError> {
        let user = self.accounts.employee_in_scope(ctx, id).await?;
        self.replace_avatar(ctx, user, Some(bytes)).await.map(Option::unwrap_or_default)
    }

    /// Stores a new avatar (or none) and forgets the old file.
    pub(crate) async fn replace_avatar(
        &self,
        ctx: &TenantCtx,
        user: Person,
        bytes: Option<&[u8]>,
    ) -> Result<Option<String>, HrError> {
        let url = match bytes {
            Some(bytes) => Some(files::url_of(self.files.save(ctx, Purpose::Avatar, bytes).await?.id)),
            None => None,
        };
        let old = user.avatar.as_deref().and_then(files::id_in_url);
        let permit = self.gate.enter().await;
        let change = PersonChange { avatar: Some(url.clone()), ..PersonChange::default() };
        write::change_person(&self.db, ctx.company(), user.id, change, Utc::now()).await?;
        if let Some(old) = old {
            self.files.discard(&self.db, ctx, old).await;
        }
        drop(permit);
        Ok(url)
    }
}

/// The company admin: the first admin added.
fn company_admin(people: &[Person]) -> Option<UserId> {
    people.iter().filter(|person| person.role == Role::Admin).map(|person| person.id).min()
}

/// What a webhook about a person carries (`docs/contracts/webhooks.md`): who they are now.
fn person_data(person: &accounts::Person) -> serde_json::Value {
    serde_json::json!({
        "employeeId": person.id.0,
        "firstName": person.first_name,
        "lastName": person.last_name,
        "email": person.email,
        "role": person.role.code(),
        "status": if person.is_active() { "active" } else { "terminated" },
        "managerId": person.manager_id.map(|id| id.0),
        "startDate": person.last_start_date.map(|day| day.to_string()),
        "terminationDate": person.last_termination_date.map(|day| day.to_string()),
    })
}
