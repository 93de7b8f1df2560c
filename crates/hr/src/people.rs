//! Employees as their admins and managers see them: the list, the folder's profile, adding and
//! editing, terminating and reactivating, the bulk add, avatars.

use crate::activities::{record, ActivityType};
use crate::commands::{BulkRow, EmployeeCommand, ReactivateCommand, EMAIL_TAKEN_MESSAGE};
use crate::entities::emergency_contacts;
use crate::views::{ContactView, EmployeeView, ManageData, Names, PersonName};
use crate::{Hr, HrError};
use accounts::entities::{companies, job_roles, users};
use accounts::EmployeeFilter;
use chrono::Utc;
use files::Purpose;
use kernel::time::local_date;
use kernel::{AdminCtx, EmploymentStatus, FileId, ManagerCtx, Role, TenantCtx, UserId};
use sea_orm::sea_query::{Expr, Func};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use std::collections::HashSet;

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
fn beyond_a_manager(existing: &users::Model, command: &EmployeeCommand) -> Vec<&'static str> {
    let mut fields = Vec::new();
    if !existing.email.eq_ignore_ascii_case(&command.email) {
        fields.push("email");
    }
    if command.role.is_some_and(|role| role.code() != existing.role) {
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
    pub(crate) async fn names_for(&self, ctx: &TenantCtx, people: &[users::Model]) -> Result<Names, HrError> {
        let roles = job_roles::Entity::find()
            .filter(kernel::tenancy::same_company::<job_roles::Entity>(ctx.company()))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|role| (role.id, role.name))
            .collect();
        Ok(Names { job_roles: roles, people: self.manager_names(ctx, people).await? })
    }

    /// The names of these people's managers, in one query (none when nobody has one).
    async fn manager_names(
        &self,
        ctx: &TenantCtx,
        people: &[users::Model],
    ) -> Result<std::collections::HashMap<i64, (String, String)>, HrError> {
        let mut managers: Vec<i64> = people.iter().filter_map(|user| user.manager_id).collect();
        managers.sort_unstable();
        managers.dedup();
        if managers.is_empty() {
            return Ok(Default::default());
        }
        Ok(users::Entity::find()
            .filter(kernel::tenancy::same_company::<users::Entity>(ctx.company()))
            .filter(users::Column::Id.is_in(managers))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|user| (user.id, (user.first_name, user.last_name)))
            .collect())
    }

    pub(crate) async fn view_of(&self, ctx: &TenantCtx, user: users::Model) -> Result<EmployeeView, HrError> {
        let names = self.names_for(ctx, std::slice::from_ref(&user)).await?;
        Ok(EmployeeView::build(user, &names))
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
            if let (Some(manager), Some(name)) = (row.user.manager_id, &row.manager) {
                names.people.insert(manager, name.clone());
            }
        }
        Ok((rows.into_iter().map(|row| EmployeeView::build(row.user, &names)).collect(), total))
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
        let job_roles = job_roles::Entity::find()
            .filter(kernel::tenancy::same_company::<job_roles::Entity>(ctx.company()))
            .filter(job_roles::Column::Active.eq(true))
            .order_by_asc(job_roles::Column::Name)
            .all(&self.db)
            .await?;
        let managers = users::Entity::find()
            .filter(kernel::tenancy::same_company::<users::Entity>(ctx.company()))
            .filter(users::Column::Status.eq(EmploymentStatus::Active))
            .filter(users::Column::Role.is_in([Role::Admin.code(), Role::Manager.code()]))
            .order_by_asc(users::Column::LastName)
            .order_by_asc(users::Column::FirstName)
            .all(&self.db)
            .await?;
        let default_manager_id = company_admin(&managers);
        Ok(ManageData {
            company_name: company.name,
            integrated_with_az: company.integrated_with_az,
            job_roles: job_roles.into_iter().map(Into::into).collect(),
            managers: managers
                .into_iter()
                .map(|user| PersonName { id: user.id, firstname: user.first_name, lastname: user.last_name })
                .collect(),
            default_manager_id,
        })
    }

    pub(crate) async fn company_row(&self, ctx: &TenantCtx) -> Result<companies::Model, HrError> {
        companies::Entity::find_by_id(ctx.company().0).one(&self.db).await?.ok_or(HrError::NotFound)
    }

    /// The acting user's own row.
    pub(crate) async fn actor_row(&self, db: &impl ConnectionTrait, ctx: &TenantCtx) -> Result<users::Model, HrError> {
        users::Entity::find_by_id(ctx.actor().0)
            .filter(kernel::tenancy::same_company::<users::Entity>(ctx.company()))
            .one(db)
            .await?
            .ok_or(HrError::NotFound)
    }

    /// Whether `email` belongs to anyone but `except`, in any company (addresses sign people in,
    /// so they are unique across the deployment).
    pub(crate) async fn email_in_use(
        &self,
        db: &impl ConnectionTrait,
        email: &str,
        except: Option<i64>,
    ) -> Result<bool, HrError> {
        let mut query = users::Entity::find()
            .filter(Expr::expr(Func::lower(Expr::col(users::Column::Email))).eq(email.to_lowercase()));
        if let Some(id) = except {
            query = query.filter(users::Column::Id.ne(id));
        }
        Ok(query.one(db).await?.is_some())
    }

    async fn check_job_role(&self, db: &impl ConnectionTrait, ctx: &TenantCtx, id: i64) -> Result<bool, HrError> {
        Ok(job_roles::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<job_roles::Entity>(ctx.company()))
            .filter(job_roles::Column::Active.eq(true))
            .one(db)
            .await?
            .is_some())
    }

    async fn check_manager(&self, db: &impl ConnectionTrait, ctx: &TenantCtx, id: i64) -> Result<bool, HrError> {
        Ok(users::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<users::Entity>(ctx.company()))
            .filter(users::Column::Status.eq(EmploymentStatus::Active))
            .filter(users::Column::Role.is_in([Role::Admin.code(), Role::Manager.code()]))
            .one(db)
            .await?
            .is_some())
    }

    /// The manager of a new employee when the form names none: the company admin when an admin
    /// adds them; the acting manager when a manager does, who would otherwise lose sight of the
    /// person they just added.
    pub(crate) async fn default_manager(
        &self,
        db: &impl ConnectionTrait,
        ctx: &ManagerCtx,
    ) -> Result<Option<i64>, HrError> {
        if !ctx.acts_for_the_company() {
            return Ok(Some(ctx.actor().0));
        }
        let admins = users::Entity::find()
            .filter(kernel::tenancy::same_company::<users::Entity>(ctx.company()))
            .filter(users::Column::Status.eq(EmploymentStatus::Active))
            .filter(users::Column::Role.eq(Role::Admin.code()))
            .order_by_asc(users::Column::Id)
            .all(db)
            .await?;
        Ok(company_admin(&admins))
    }

    /// `POST /manage/add-user`: adds a person (and mails them a link to create their password)
    /// or updates one in reach, within the rights of [`beyond_a_manager`]. A changed sign-in
    /// e-mail of someone who has a password is only proposed: it takes effect when the link
    /// mailed to the new address is followed (`email_change_sent_to` says where it went).
    pub async fn save_employee(&self, ctx: &ManagerCtx, command: EmployeeCommand) -> Result<SavedEmployee, HrError> {
        let admin = ctx.acts_for_the_company();
        let existing = match command.id {
            Some(id) => Some(self.accounts.employee_in_scope(ctx, UserId(id)).await?),
            None => None,
        };
        if let (None, false, Some(role)) = (&existing, admin, command.role) {
            // A manager adds employees; a higher role is the admins' to give, as on an edit.
            if role != Role::Employee {
                return Err(HrError::Validation(kernel::FieldErrors::single("permission", ADMIN_ONLY_FIELD)));
            }
        }
        if let (Some(user), false) = (&existing, admin) {
            if user.role == Role::Admin.code() {
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
            (Some(user), Some(role), true) if user.role != role.code() => {
                if ctx.is_self(UserId(user.id)) {
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
        if self.email_in_use(&txn, &command.email, existing.as_ref().map(|user| user.id)).await? {
            return Err(HrError::email_taken(EMAIL_TAKEN_MESSAGE));
        }
        let mut email_change = None;
        let (saved, created) = match existing {
            Some(user) => {
                let new_email = (!user.email.eq_ignore_ascii_case(&command.email)).then(|| command.email.clone());
                // Someone who never set a password has only an invitation: a corrected address
                // takes effect now, and a new invitation goes to it.
                let invited_only = user.password_hash.is_none();
                let mut row: users::ActiveModel = user.into();
                row.first_name = Set(command.first_name);
                row.last_name = Set(command.last_name);
                match new_email {
                    Some(email) if invited_only => {
                        row.email = Set(email.clone());
                        email_change = Some((email, true));
                    }
                    Some(email) => email_change = Some((email, false)),
                    None => {}
                }
                row.phone = Set(command.phone);
                if let Some(role) = role_change {
                    row.role = Set(role.code().to_owned());
                }
                if command.job_role_id.is_some() {
                    row.job_role_id = Set(command.job_role_id);
                }
                if command.manager_id.is_some() {
                    row.manager_id = Set(command.manager_id);
                }
                row.birthday = Set(command.birthday);
                row.address = Set(command.address);
                row.city = Set(command.city);
                row.state = Set(command.state);
                row.zip = Set(command.zip);
                if let Some(start) = command.start_date {
                    row.last_start_date = Set(Some(start));
                }
                row.updated_at = Set(now);
                (row.update(&txn).await?, false)
            }
            None => {
                let manager = match command.manager_id {
                    Some(id) => Some(id),
                    None => self.default_manager(&txn, ctx).await?,
                };
                let mut row = users::NewPerson {
                    company_id: Some(ctx.company().0),
                    email: &command.email,
                    password_hash: None,
                    first_name: &command.first_name,
                    last_name: &command.last_name,
                    role: role_change.unwrap_or(Role::Employee),
                    verified_at: None,
                    now,
                }
                .row();
                row.phone = Set(command.phone);
                row.job_role_id = Set(command.job_role_id);
                row.manager_id = Set(manager);
                row.birthday = Set(command.birthday);
                row.address = Set(command.address);
                row.city = Set(command.city);
                row.state = Set(command.state);
                row.zip = Set(command.zip);
                row.last_start_date = Set(Some(command.start_date.unwrap_or_else(|| local_date(ctx.time_zone(), now))));
                let saved = row.insert(&txn).await?;
                let actor = self.actor_row(&txn, ctx).await?;
                record(&txn, ctx.company().0, &saved, &actor, ActivityType::Start, now).await?;
                (saved, true)
            }
        };
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
        let active_roles: HashSet<i64> = job_roles::Entity::find()
            .filter(kernel::tenancy::same_company::<job_roles::Entity>(ctx.company()))
            .filter(job_roles::Column::Active.eq(true))
            .all(&txn)
            .await?
            .into_iter()
            .map(|role| role.id)
            .collect();
        let emails: Vec<String> = rows.iter().map(|row| row.email.clone()).collect();
        let taken: HashSet<String> = users::Entity::find()
            .filter(users::Column::Email.is_in(emails))
            .all(&txn)
            .await?
            .into_iter()
            .map(|user| user.email.to_lowercase())
            .collect();
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
            let mut new = users::NewPerson {
                company_id: Some(ctx.company().0),
                email: &row.email,
                password_hash: None,
                first_name: &row.first_name,
                last_name: &row.last_name,
                role: row.role,
                verified_at: None,
                now,
            }
            .row();
            new.job_role_id = Set(Some(row.job_role_id));
            new.manager_id = Set(manager);
            new.last_start_date = Set(Some(today));
            let user = new.insert(&txn).await?;
            record(&txn, ctx.company().0, &user, &actor, ActivityType::Start, now).await?;
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
        if user.id == ctx.actor().0 {
            return Err(HrError::Conflict(CANNOT_TERMINATE_SELF.to_owned()));
        }
        if user.status != EmploymentStatus::Active {
            return Err(HrError::Conflict(ALREADY_TERMINATED.to_owned()));
        }
        let now = Utc::now();
        let permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let mut row: users::ActiveModel = user.into();
        row.status = Set(EmploymentStatus::Terminated);
        row.last_termination_date = Set(Some(local_date(ctx.time_zone(), now)));
        row.updated_at = Set(now);
        let saved = row.update(&txn).await?;
        self.accounts.revoke_all_sessions(&txn, UserId(saved.id)).await?;
        let actor = self.actor_row(&txn, ctx).await?;
        record(&txn, ctx.company().0, &saved, &actor, ActivityType::Terminate, now).await?;
        txn.commit().await?;
        drop(permit);
        self.view_of(ctx, saved).await
    }

    /// `POST /manage/reactivate-account`: back to active, optionally under a new e-mail. A
    /// person without a password (or with a new address) gets a fresh sign-in link.
    pub async fn reactivate(&self, ctx: &ManagerCtx, command: ReactivateCommand) -> Result<EmployeeView, HrError> {
        let user = self.accounts.employee_in_scope(ctx, UserId(command.id)).await?;
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
        if self.email_in_use(&txn, &email, Some(user.id)).await? {
            return Err(HrError::email_taken(reactivation_conflict(&email)));
        }
        let new_address = email != user.email;
        let needs_link = new_address || user.password_hash.is_none();
        let mut row: users::ActiveModel = user.into();
        row.status = Set(EmploymentStatus::Active);
        row.email = Set(email);
        if new_address {
            row.email_verified_at = Set(None);
        }
        row.last_start_date = Set(Some(local_date(ctx.time_zone(), now)));
        row.last_termination_date = Set(None);
        row.updated_at = Set(now);
        let saved = row.update(&txn).await?;
        let actor = self.actor_row(&txn, ctx).await?;
        record(&txn, ctx.company().0, &saved, &actor, ActivityType::Reactivate, now).await?;
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
        user: users::Model,
        bytes: Option<&[u8]>,
    ) -> Result<Option<String>, HrError> {
        let url = match bytes {
            Some(bytes) => Some(files::url_of(self.files.save(ctx, Purpose::Avatar, bytes).await?.id)),
            None => None,
        };
        let old = user.avatar.as_deref().and_then(files::id_in_url);
        let permit = self.gate.enter().await;
        users::Entity::update_many()
            .col_expr(users::Column::Avatar, Expr::value(url.clone()))
            .col_expr(users::Column::UpdatedAt, Expr::value(Utc::now()))
            .filter(users::Column::Id.eq(user.id))
            .filter(kernel::tenancy::same_company::<users::Entity>(ctx.company()))
            .exec(&self.db)
            .await?;
        if let Some(old) = old {
            self.files.discard(&self.db, ctx, FileId(old)).await;
        }
        drop(permit);
        Ok(url)
    }
}

/// The company admin: the first admin added.
fn company_admin(people: &[users::Model]) -> Option<i64> {
    people.iter().filter(|user| user.role == Role::Admin.code()).map(|user| user.id).min()
}
