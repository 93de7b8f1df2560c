//! Support acting as a user (spec 000 §4 "Impersonation", 002 §4; issue 23): an operator starts a
//! session *as* a company's user, sees the product exactly as they do, and leaves it back to
//! their own session.
//!
//! The rules kept here:
//! - The session names both people (`user_id` the user, `impersonator_id` the operator) and the
//!   operator's own session it came from (`parent_session_id`); every token of it says
//!   `impersonate: true`.
//! - It is short: [`IMPERSONATION_TTL`], never renewed, and it ends at exit, at expiry, or when
//!   the operator's own session ends (checked on every request by [`Accounts::authenticate`]).
//! - It cannot reach the system area (the gateway's `Operator` guard refuses it), nor change the
//!   user's password or e-mail (the gateway's `OwnCredentials` guard refuses it).
//! - Operators cannot be impersonated, nor can people who may not sign in (terminated).

use crate::entities::{companies, sessions, users};
use crate::{Accounts, AccountsError, RequestMeta, SignedIn};
use chrono::{DateTime, Duration, Utc};
use kernel::{CompanyId, EmploymentStatus, Role, SystemCtx, UserId};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};

/// How long an impersonation session lasts (not renewed by use).
pub const IMPERSONATION_TTL: Duration = Duration::hours(1);

/// Why an impersonation cannot start or end.
pub const OPERATOR_NOT_IMPERSONABLE: &str = "A system operator cannot be impersonated.";
pub const NOT_IMPERSONATING: &str = "You are not impersonating anyone.";

/// Who the operator acts as, for the audit log and the user's timeline.
#[derive(Debug, Clone)]
pub struct ImpersonatedUser {
    pub user: UserId,
    pub email: String,
    pub name: String,
    pub company: CompanyId,
    pub company_name: String,
}

/// An impersonation that just ended.
#[derive(Debug, Clone)]
pub struct ImpersonationEnded {
    /// The operator's own session, renewed.
    pub signed_in: SignedIn,
    pub operator: UserId,
    pub operator_email: String,
    pub user: ImpersonatedUser,
}

impl Accounts {
    /// Starts a session as the user `email` for the operator of `ctx`, whose own session is
    /// `from_session`.
    pub async fn impersonate(
        &self,
        ctx: &SystemCtx,
        from_session: &str,
        email: &str,
        meta: &RequestMeta,
    ) -> Result<(SignedIn, ImpersonatedUser), AccountsError> {
        let now = Utc::now();
        let email = email.trim().to_lowercase();
        let user = users::Entity::find()
            .filter(users::Column::Email.eq(email.as_str()))
            .one(&self.db)
            .await?
            .filter(|user| user.status == EmploymentStatus::Active)
            .ok_or(AccountsError::NotFound)?;
        if user.role == Role::SysAdmin || user.company_id.is_none() {
            return Err(AccountsError::Refused(OPERATOR_NOT_IMPERSONABLE.to_owned()));
        }
        let target = self.impersonated(&user).await?;
        let signed_in = self.start_impersonation(user, ctx.operator(), from_session, meta, now).await?;
        Ok((signed_in, target))
    }

    async fn impersonated(&self, user: &users::Model) -> Result<ImpersonatedUser, AccountsError> {
        let company_id = user.company_id.ok_or(AccountsError::NotFound)?;
        let company = companies::Entity::find_by_id(company_id).one(&self.db).await?.ok_or(AccountsError::NotFound)?;
        Ok(ImpersonatedUser {
            user: user.id,
            email: user.email.clone(),
            name: format!("{} {}", user.first_name, user.last_name),
            company: company.id,
            company_name: company.name,
        })
    }

    async fn start_impersonation(
        &self,
        user: users::Model,
        operator: UserId,
        from_session: &str,
        meta: &RequestMeta,
        now: DateTime<Utc>,
    ) -> Result<SignedIn, AccountsError> {
        let session = sessions::ActiveModel {
            id: Set(crate::tokens::random_token()),
            user_id: Set(user.id),
            impersonator_id: Set(Some(operator)),
            parent_session_id: Set(Some(from_session.to_owned())),
            created_at: Set(now),
            expires_at: Set(now + IMPERSONATION_TTL),
            revoked_at: Set(None),
            ip: Set(meta.ip.clone().map(|ip| ip.chars().take(64).collect())),
            user_agent: Set(meta.user_agent.clone().map(|agent| agent.chars().take(255).collect())),
        }
        .insert(&self.db)
        .await?;
        let company = match user.company_id {
            Some(id) => self.as_billed(companies::Entity::find_by_id(id).one(&self.db).await?),
            None => None,
        };
        self.sign(&session, &user, company.as_ref(), now)
    }

    /// `POST /auth/exit-impersonation-mode`: ends the impersonation session of `auth` and signs
    /// the operator's own session again. That session ended meanwhile: `Unauthenticated`.
    pub async fn exit_impersonation(&self, auth: &crate::Authenticated) -> Result<ImpersonationEnded, AccountsError> {
        let now = Utc::now();
        let operator = auth.impersonated_by.ok_or_else(|| AccountsError::Refused(NOT_IMPERSONATING.to_owned()))?;
        let session = sessions::Entity::find_by_id(auth.session_id.as_str()).one(&self.db).await?;
        let parent = session.and_then(|session| session.parent_session_id);
        sessions::Entity::update_many()
            .col_expr(sessions::Column::RevokedAt, Expr::value(now))
            .filter(sessions::Column::Id.eq(auth.session_id.as_str()))
            .exec(&self.db)
            .await?;
        let user = self.impersonated(&auth.user).await?;
        let parent = match parent {
            Some(id) => sessions::Entity::find_by_id(id).one(&self.db).await?,
            None => None,
        };
        let parent = parent
            .filter(|parent| {
                parent.user_id == operator
                    && parent.revoked_at.is_none()
                    && parent.expires_at > now
                    && parent.created_at + self.config.session_max_age > now
            })
            .ok_or(AccountsError::Unauthenticated)?;
        let operator_user = users::Entity::find_by_id(operator.0)
            .one(&self.db)
            .await?
            .filter(|user| user.status == EmploymentStatus::Active)
            .ok_or(AccountsError::Unauthenticated)?;
        let own = crate::Authenticated {
            session_id: parent.id.clone(),
            session_started_at: parent.created_at,
            time_zone: kernel::time::DEFAULT_TIME_ZONE,
            role: Role::SysAdmin,
            company: None,
            impersonated_by: None,
            refreshed_token: None,
            // The operator's back office is never embedded.
            origin: None,
            user: operator_user.clone(),
        };
        let signed_in = self.extend_session(&own, now).await?;
        Ok(ImpersonationEnded { signed_in, operator, operator_email: operator_user.email, user })
    }

    /// The e-mail address of a user by id (the audit log names the operator behind an
    /// impersonation session by it).
    pub async fn email_of(&self, user: UserId) -> Result<Option<String>, AccountsError> {
        Ok(users::Entity::find_by_id(user.0).one(&self.db).await?.map(|user| user.email))
    }
}

/// What `timekeep system-user add` did.
#[derive(Debug, Clone)]
pub struct OperatorAdded {
    pub operator: UserId,
    pub email: String,
    /// False when the operator existed already (a new link was made).
    pub created: bool,
    /// The one-time link where the operator sets a password (also e-mailed).
    pub link: String,
}

impl Accounts {
    /// Adds a platform operator (`timekeep system-user add EMAIL`), the only way one is made:
    /// signup never makes one. The operator belongs to no company and has no password until
    /// they set one through the link (an hour, as for a reset). Again for the same address: a
    /// new link. An address of a company's user is refused.
    pub async fn add_operator(
        &self,
        email: &str,
        first_name: &str,
        last_name: &str,
    ) -> Result<OperatorAdded, AccountsError> {
        let now = Utc::now();
        let email = crate::commands::normalize_email(email);
        let mut errors = kernel::FieldErrors::new();
        if !kernel::validation::is_valid_email(&email) {
            errors.add("email", "Please input a valid email address");
        }
        for (field, name) in [("firstName", first_name), ("lastName", last_name)] {
            if !kernel::validation::is_valid_person_name(name) {
                errors.add(field, "Please input a valid name");
            }
        }
        if !errors.is_empty() {
            return Err(AccountsError::Validation(errors));
        }
        let existing = users::Entity::find().filter(users::Column::Email.eq(email.as_str())).one(&self.db).await?;
        let (user, created) = match existing {
            Some(user) if user.role == Role::SysAdmin && user.company_id.is_none() => (user, false),
            Some(_) => {
                return Err(AccountsError::Refused(
                    "This address belongs to a user of a company; an operator needs an address of their own."
                        .to_owned(),
                ))
            }
            None => {
                let row = users::NewPerson {
                    company_id: None,
                    email: &email,
                    password_hash: None,
                    first_name: first_name.trim(),
                    last_name: last_name.trim(),
                    role: Role::SysAdmin,
                    verified_at: Some(now),
                    now,
                }
                .row();
                (row.insert(&self.db).await?, true)
            }
        };
        let token =
            self.create_link(&self.db, user.id, crate::signup::PURPOSE_RESET, self.config.reset_link_ttl, now).await?;
        let link = self.link(&format!("/reset-password-now?t={token}"));
        self.queue_mail(crate::mail::templates::reset_password(user.company_id, &user.email, &user.first_name, &link))
            .await;
        Ok(OperatorAdded { operator: user.id, email: user.email, created, link })
    }
}
