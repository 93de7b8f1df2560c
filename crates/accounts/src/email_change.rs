//! Changing a sign-in e-mail. A typo must not lock anyone out, and nobody may move someone's
//! account to an address they do not hold: the new address becomes the sign-in address only when
//! the link mailed to it is followed. The old address is told when the change is asked for and
//! when it is done, and every session of the person ends with it.

use crate::entities::{email_tokens, users};
use crate::mail::templates;
use crate::tokens::{hash_token, random_token};
use crate::{Accounts, AccountsError, Person};
use chrono::Utc;
use kernel::EmploymentStatus;
use sea_orm::sea_query::{Expr, Func};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};

pub(crate) const PURPOSE_EMAIL_CHANGE: &str = "email-change";

/// What the person following a link for an address someone else took meanwhile is told.
pub const EMAIL_CHANGE_TAKEN: &str = "This email address can no longer be used. Please ask for the change again.";

impl Accounts {
    /// Mails a link to `new_email` that makes it `user`'s sign-in address, and tells the current
    /// address. An older change link of the same person stops working.
    pub async fn request_email_change(&self, user: &Person, new_email: &str) -> Result<(), AccountsError> {
        let now = Utc::now();
        let token = random_token();
        let txn = kernel::begin_write(&self.db).await?;
        self.expire_links(&txn, user.id, PURPOSE_EMAIL_CHANGE, now).await?;
        email_tokens::ActiveModel {
            user_id: Set(user.id),
            purpose: Set(PURPOSE_EMAIL_CHANGE.to_owned()),
            token_hash: Set(hash_token(&token)),
            expires_at: Set(now + self.config.security_link_ttl),
            used_at: Set(None),
            created_at: Set(now),
            payload: Set(Some(new_email.to_owned())),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        let link = self.link(&format!("/confirm-email?token={token}"));
        let company = user.company_id;
        let mails = [
            templates::confirm_email_change(company, new_email, &user.first_name, &link),
            templates::email_change_requested(company, &user.email, &user.first_name, new_email),
        ];
        self.enqueue_mail_in(&txn, &mails).await?;
        txn.commit().await?;
        self.wake_mail_sender();
        Ok(())
    }

    /// `POST /account/confirm-email-change`: the link's new address becomes the sign-in address,
    /// verified by this very link; every session of the person ends. Returns the new address.
    pub async fn confirm_email_change(&self, token: &str) -> Result<String, AccountsError> {
        let now = Utc::now();
        let invalid = || AccountsError::InvalidLink { verification: false };
        let (link, user) = self
            .find_live_link(token.trim(), PURPOSE_EMAIL_CHANGE, now)
            .await?
            .filter(|(_, user)| user.status == EmploymentStatus::Active)
            .ok_or_else(invalid)?;
        let new_email = link.payload.clone().ok_or_else(invalid)?;
        let txn = kernel::begin_write(&self.db).await?;
        let taken = users::Entity::find()
            .filter(Expr::expr(Func::lower(Expr::col(users::Column::Email))).eq(new_email.to_lowercase()))
            .filter(users::Column::Id.ne(user.id))
            .one(&txn)
            .await?
            .is_some();
        if taken {
            return Err(AccountsError::Validation(kernel::FieldErrors::single("email", EMAIL_CHANGE_TAKEN)));
        }
        let used = email_tokens::Entity::update_many()
            .col_expr(email_tokens::Column::UsedAt, Expr::value(now))
            .filter(email_tokens::Column::Id.eq(link.id))
            .filter(email_tokens::Column::UsedAt.is_null())
            .exec(&txn)
            .await?;
        if used.rows_affected != 1 {
            return Err(invalid());
        }
        let notice = templates::email_changed(user.company_id, &user.email, &user.first_name, &new_email);
        let mut row: users::ActiveModel = user.into();
        row.email = Set(new_email.clone());
        row.email_verified_at = Set(Some(now));
        row.updated_at = Set(now);
        let saved = row.update(&txn).await?;
        self.revoke_all_sessions(&txn, saved.id).await?;
        self.enqueue_mail_in(&txn, &[notice]).await?;
        txn.commit().await?;
        self.wake_mail_sender();
        Ok(new_email)
    }
}
