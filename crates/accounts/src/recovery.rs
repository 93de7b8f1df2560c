//! Forgotten and changed passwords.

use crate::commands::{ChangePasswordCommand, ResetNowCommand};
use crate::entities::{companies, email_tokens, users};
use crate::mail::templates;
use crate::password::{hash_password, verify_password};
use crate::signup::PURPOSE_RESET;
use crate::{throttle, Accounts, AccountsError, Authenticated, RequestMeta, SignedIn};
use chrono::{DateTime, Utc};
use kernel::{EmploymentStatus, FieldErrors, Role, SystemCtx};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};

/// What the operator hears asking to change an operator's password (theirs included).
pub const OPERATOR_PASSWORD_MESSAGE: &str = "An operator's password cannot be changed here.";
/// What the operator hears asking to change a terminated user's password.
pub const TERMINATED_PASSWORD_MESSAGE: &str = "This user is terminated and cannot sign in.";

/// The operator's help with a user's password.
#[derive(Debug, Clone)]
pub enum PasswordHelp {
    /// Mail the user the normal reset link (preferred: only the user learns the new password).
    SendLink,
    /// Set this password (checked by the product's rules); the user must change it at their
    /// next sign-in, and every session of theirs ends.
    Set(String),
}

/// The answer to every reset request, known address or not.
pub const RESET_REQUESTED_MESSAGE: &str =
    "If an account exists for this email, we have sent a link to reset its password.";

impl Accounts {
    /// `POST /auth/reset-password`: mails a one-hour link when the address belongs to an active
    /// user. The caller cannot tell whether it did.
    pub async fn request_password_reset(&self, email: &str) -> Result<(), AccountsError> {
        let now = Utc::now();
        let key = throttle::keys::reset_email(email);
        if throttle::blocked_until(&self.db, &key, now).await?.is_some() {
            // Quietly: answering differently would tell that the address is known.
            return Ok(());
        }
        throttle::record_failure(&self.db, &key, self.config.resets_per_email, now).await?;
        let user = users::Entity::find()
            .filter(users::Column::Email.eq(email))
            .filter(users::Column::Status.eq(EmploymentStatus::Active))
            .one(&self.db)
            .await?;
        if let Some(user) = user {
            self.send_reset_link(&user, now).await?;
        }
        Ok(())
    }

    /// Mails `user` a new one-hour reset link (any earlier one ends).
    async fn send_reset_link(&self, user: &users::Model, now: DateTime<Utc>) -> Result<(), AccountsError> {
        let token = self.create_link(&self.db, user.id, PURPOSE_RESET, self.config.reset_link_ttl, now).await?;
        let link = self.link(&format!("/reset-password-now?t={token}"));
        self.queue_mail(templates::reset_password(user.company_id, &user.email, &user.first_name, &link)).await;
        Ok(())
    }

    /// The operator's password help for the user `email` (`POST /system/update-password`):
    /// mails them the normal reset link, or sets a password they must change at their next
    /// sign-in, ending every session of theirs. Unknown address: `NotFound`; an operator's
    /// address, or a terminated user's (who cannot sign in), is refused.
    ///
    /// The link skips the per-address limit of reset mails (`resets_per_email`), which keeps
    /// anonymous requests from flooding a mailbox: this request is an operator's, signed in and
    /// audited, and is often made because the user's own requests did not help. It does not count
    /// towards that limit either.
    pub async fn operator_password_help(
        &self,
        _ctx: &SystemCtx,
        email: &str,
        help: PasswordHelp,
    ) -> Result<crate::people_search::PlatformPerson, AccountsError> {
        let now = Utc::now();
        let email = crate::commands::normalize_email(email);
        let (user, company) = users::Entity::find()
            .filter(users::Column::Email.eq(email.as_str()))
            .find_also_related(companies::Entity)
            .one(&self.db)
            .await?
            .ok_or(AccountsError::NotFound)?;
        if user.company_id.is_none() || user.role == Role::SysAdmin {
            return Err(AccountsError::Refused(OPERATOR_PASSWORD_MESSAGE.to_owned()));
        }
        if user.status != EmploymentStatus::Active {
            return Err(AccountsError::Refused(TERMINATED_PASSWORD_MESSAGE.to_owned()));
        }
        let user = match help {
            PasswordHelp::SendLink => {
                self.send_reset_link(&user, now).await?;
                user
            }
            PasswordHelp::Set(password) => {
                let mut errors = FieldErrors::new();
                crate::commands::check_new_password(&mut errors, "password", &password);
                if !errors.is_empty() {
                    return Err(AccountsError::Validation(errors));
                }
                let hash = self.hashing.run(move || hash_password(&password)).await??;
                let txn = kernel::begin_write(&self.db).await?;
                let mut update: users::ActiveModel = user.into();
                update.password_hash = Set(Some(hash));
                update.password_change_required = Set(true);
                update.updated_at = Set(now);
                let user = update.update(&txn).await?;
                self.revoke_all_sessions(&txn, user.id).await?;
                txn.commit().await?;
                // Whoever failed to sign in before may try the new password at once.
                throttle::clear(&self.db, &throttle::keys::login_email(&user.email)).await?;
                user
            }
        };
        Ok(crate::people_search::PlatformPerson::of(user, company))
    }

    /// `POST /auth/reset-password-now`: sets the new password, signs out every session, and
    /// counts as proof of the e-mail address.
    pub async fn reset_password_now(&self, command: ResetNowCommand) -> Result<(), AccountsError> {
        let now = Utc::now();
        let (link, user) = self
            .find_live_link(&command.token, PURPOSE_RESET, now)
            .await?
            .filter(|(_, user)| user.status == EmploymentStatus::Active)
            .ok_or(AccountsError::InvalidLink { verification: false })?;
        let password = command.password;
        let hash = self.hashing.run(move || hash_password(&password)).await??;
        self.use_link(&link, now).await?;

        let txn = kernel::begin_write(&self.db).await?;
        // Any other reset link of this user dies with this one.
        email_tokens::Entity::update_many()
            .col_expr(email_tokens::Column::UsedAt, Expr::value(now))
            .filter(email_tokens::Column::UserId.eq(user.id))
            .filter(email_tokens::Column::Purpose.eq(PURPOSE_RESET))
            .filter(email_tokens::Column::UsedAt.is_null())
            .exec(&txn)
            .await?;
        let email = user.email.clone();
        let verified = user.email_verified_at.or(Some(now));
        let mut update: users::ActiveModel = user.into();
        update.password_hash = Set(Some(hash));
        update.password_change_required = Set(false);
        update.email_verified_at = Set(verified);
        update.updated_at = Set(now);
        let user = update.update(&txn).await?;
        self.revoke_all_sessions(&txn, user.id).await?;
        txn.commit().await?;
        throttle::clear(&self.db, &throttle::keys::login_email(&email)).await?;
        Ok(())
    }

    /// `POST /auth/change-my-password` (or the first 'Create Password'). Every session of the
    /// user is revoked, this one included, and a new session is started for the caller.
    pub async fn change_password(
        &self,
        auth: &Authenticated,
        input: &crate::commands::ChangePasswordInput,
        meta: &RequestMeta,
    ) -> Result<SignedIn, AccountsError> {
        let now = Utc::now();
        let command = ChangePasswordCommand::parse(input, auth.user.password_hash.is_some())
            .map_err(AccountsError::Validation)?;
        // Guessing the current password from a signed-in session is throttled like sign-in.
        let throttle_key = throttle::keys::change_password(auth.user.id.0);
        if let Some(until) = throttle::blocked_until(&self.db, &throttle_key, now).await? {
            return Err(AccountsError::TooManyAttempts { retry_after_seconds: (until - now).num_seconds().max(1) });
        }
        let stored = auth.user.password_hash.clone();
        let ChangePasswordCommand { old_password, new_password } = command;
        let hash = self
            .hashing
            .run(move || {
                if let (Some(old), Some(stored)) = (old_password, stored) {
                    if !verify_password(&old, &stored) {
                        return Ok(None);
                    }
                }
                hash_password(&new_password).map(Some)
            })
            .await??;
        let Some(hash) = hash else {
            throttle::record_failure(&self.db, &throttle_key, self.config.login_failures_per_email, now).await?;
            return Err(AccountsError::Validation(FieldErrors::single("oldPassword", "The old password is incorrect")));
        };
        throttle::clear(&self.db, &throttle_key).await?;

        let txn = kernel::begin_write(&self.db).await?;
        let mut update: users::ActiveModel = auth.user.clone().into();
        update.password_hash = Set(Some(hash));
        update.password_change_required = Set(false);
        update.updated_at = Set(now);
        let user = update.update(&txn).await?;
        self.revoke_all_sessions(&txn, user.id).await?;
        txn.commit().await?;
        self.start_session(user, auth.impersonated_by, meta, now).await
    }
}
