//! Signing up a company and verifying the admin's e-mail address.

use crate::bot::BotCheckInput;
use crate::commands::{decode_base64_email, encode_base64_email, signup_time_zone, SignupCommand, SignupInput};
use crate::entities::{companies, email_tokens, users};
use crate::mail::templates;
use crate::password::hash_password;
use crate::promotions::{PromotionCodeError, PROMOTIONS_OFF_MESSAGE, PROMOTION_CODE_FIELD};
use crate::tokens::{hash_token, random_token};
use crate::{throttle, Accounts, AccountsError, Person, RequestMeta, SignedIn};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use chrono_tz::Tz;
use kernel::time::local_date;
use kernel::{CompanyId, FieldErrors, Role, UserId};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter,
    SqlErr,
};

pub(crate) const PURPOSE_VERIFY: &str = "verify";
pub(crate) const PURPOSE_RESET: &str = "reset";
pub(crate) const PURPOSE_SECURITY: &str = "security";

/// A company to found and its owner.
pub(crate) struct NewCompany<'a> {
    pub company_name: &'a str,
    pub time_zone: Tz,
    pub promot_code: Option<&'a str>,
    pub email: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
    /// `None` for an owner who signs in through single sign-on only.
    pub password_hash: Option<String>,
    pub verified_at: Option<DateTime<Utc>>,
    /// Founded through single sign-on: the owner is an SSO user from the start.
    pub through_sso: bool,
}

/// What signup did.
#[derive(Debug, Clone)]
pub struct SignupOutcome {
    pub email: String,
    pub company_id: i64,
    pub user_id: i64,
    /// The owner's session, when signup through single sign-on signed them in at once (a
    /// signup with a password waits for the activation e-mail instead).
    pub signed_in: Option<SignedIn>,
}

impl Accounts {
    /// Creates the company (with its trial), its admin, and mails the verification link.
    /// With an SSO handle (`ssoAccessToken`) it is the SSO signup of [`crate::sso`] instead.
    pub async fn signup(&self, input: &SignupInput, meta: &RequestMeta) -> Result<SignupOutcome, AccountsError> {
        if let Some(handle) = input.sso_access_token.as_deref().map(str::trim).filter(|handle| !handle.is_empty()) {
            return self.sso_signup(input, handle, meta).await;
        }
        let now = Utc::now();
        self.admit_signup(input, meta, now).await?;
        // The form's field errors and the promotion code's come back together.
        let parsed = SignupCommand::parse(input);
        let today = local_date(signup_time_zone(input), now);
        let mut errors = parsed.as_ref().err().cloned().unwrap_or_default();
        self.check_promotion(input, today, &mut errors).await?;
        let command = match parsed {
            Ok(command) if errors.is_empty() => command,
            _ => return Err(AccountsError::Validation(errors)),
        };

        let password = command.password.clone();
        let hash = self.hashing.run(move || hash_password(&password)).await??;

        let txn = kernel::begin_write(&self.db).await?;
        let (company_id, user) = self
            .found_company(
                &txn,
                NewCompany {
                    company_name: &command.company_name,
                    time_zone: command.time_zone,
                    promot_code: command.promot_code.as_deref(),
                    email: &command.email,
                    first_name: &command.first_name,
                    last_name: &command.last_name,
                    password_hash: Some(hash),
                    verified_at: None,
                    through_sso: false,
                },
                today,
                now,
            )
            .await?;
        let token = self.create_link(&txn, user.id, PURPOSE_VERIFY, self.config.verification_link_ttl, now).await?;
        // Queued with the account, so a signup that commits always has its link on the way.
        let mail = templates::verify_email(
            Some(CompanyId(company_id)),
            &user.email,
            &user.first_name,
            &self.verification_link(&user.email, &token),
        );
        self.enqueue_mail_in(&txn, &[mail]).await?;
        txn.commit().await?;
        self.wake_mail_sender();
        Ok(SignupOutcome { email: user.email, company_id, user_id: user.id.0, signed_in: None })
    }

    /// What every signup passes first: the per-address limit (every attempt counts, good or bad)
    /// and the bot check.
    pub(crate) async fn admit_signup(
        &self,
        input: &SignupInput,
        meta: &RequestMeta,
        now: DateTime<Utc>,
    ) -> Result<(), AccountsError> {
        let ip_key = format!("signup-ip:{}", meta.ip_key());
        if let Some(until) = throttle::blocked_until(&self.db, &ip_key, now).await? {
            return Err(AccountsError::TooManyAttempts { retry_after_seconds: (until - now).num_seconds().max(1) });
        }
        let human = self
            .bot_check
            .is_human(BotCheckInput {
                token: input.token.as_deref(),
                honeypot: input.website.as_deref(),
                ip: meta.ip.as_deref(),
            })
            .await;
        throttle::record_failure(&self.db, &ip_key, self.config.signups_per_ip, now).await?;
        if !human {
            return Err(AccountsError::BotCheckFailed);
        }
        Ok(())
    }

    /// Adds the promotion code's problem, if a code was typed and has one, to `errors`.
    pub(crate) async fn check_promotion(
        &self,
        input: &SignupInput,
        today: NaiveDate,
        errors: &mut FieldErrors,
    ) -> Result<(), AccountsError> {
        let code = input.promot_code.as_deref().map(str::trim).filter(|code| !code.is_empty());
        if let Some(code) = code {
            if let Some(message) = self.promotion_problem(code, today).await? {
                errors.add(PROMOTION_CODE_FIELD, message);
            }
        }
        Ok(())
    }

    /// Creates a company on its trial, redeems its promotion code and adds its owner, the
    /// admin, in `txn`: the company's id and the owner. An address already in use is `EmailTaken`.
    pub(crate) async fn found_company(
        &self,
        txn: &DatabaseTransaction,
        new: NewCompany<'_>,
        today: NaiveDate,
        now: DateTime<Utc>,
    ) -> Result<(i64, users::Model), AccountsError> {
        let trial_end = today + Duration::days(self.config.trial_days);
        let company =
            companies::new_row(new.company_name, new.time_zone.name(), Some(trial_end), now).insert(txn).await?;
        // Redeemed in this transaction: a code refused now (deleted or expired since the check)
        // leaves no company behind.
        if let (Some(code), Some(promotions)) = (new.promot_code, &self.promotions) {
            match promotions.redeem(txn, company.id, code, now, today).await {
                Ok(()) => {}
                Err(PromotionCodeError::Refused(message)) => {
                    return Err(AccountsError::Validation(FieldErrors::single(PROMOTION_CODE_FIELD, message)));
                }
                Err(PromotionCodeError::Database(err)) => return Err(err.into()),
            }
        }
        let mut owner = users::NewPerson {
            company_id: Some(company.id),
            email: new.email,
            password_hash: new.password_hash,
            first_name: new.first_name,
            last_name: new.last_name,
            role: Role::Admin,
            verified_at: new.verified_at,
            now,
        }
        .row();
        // The owner starts today in the company's zone (the UTC date is a day ahead every evening
        // in the Americas).
        owner.last_start_date = Set(Some(local_date(new.time_zone, now)));
        if new.through_sso {
            owner.sso_linked_at = Set(Some(now));
        }
        let owner = owner.insert(txn).await.map_err(|err| match err.sql_err() {
            Some(SqlErr::UniqueConstraintViolation(_)) => AccountsError::EmailTaken,
            _ => AccountsError::Database(err),
        })?;
        Ok((company.id.0, owner))
    }

    /// What is wrong with a promotion code entered at signup, if anything.
    async fn promotion_problem(&self, code: &str, today: NaiveDate) -> Result<Option<String>, AccountsError> {
        let Some(promotions) = &self.promotions else { return Ok(Some(PROMOTIONS_OFF_MESSAGE.to_owned())) };
        match promotions.check(code, today).await {
            Ok(()) => Ok(None),
            Err(PromotionCodeError::Refused(message)) => Ok(Some(message)),
            Err(PromotionCodeError::Database(err)) => Err(err.into()),
        }
    }

    fn verification_link(&self, email: &str, token: &str) -> String {
        self.link(&format!("/verify-email?token={token}&me={}", encode_base64_email(email)))
    }

    /// Stores a one-time link token (only its hash) and returns the token itself. The person's
    /// older links of the same purpose stop working: only the newest mail's link counts (an
    /// invitation sent again, say, or a second reset).
    pub(crate) async fn create_link(
        &self,
        db: &impl ConnectionTrait,
        user: UserId,
        purpose: &str,
        ttl: Duration,
        now: DateTime<Utc>,
    ) -> Result<String, AccountsError> {
        let token = random_token();
        self.expire_links(db, user, purpose, now).await?;
        email_tokens::ActiveModel {
            user_id: Set(user),
            purpose: Set(purpose.to_owned()),
            token_hash: Set(hash_token(&token)),
            expires_at: Set(now + ttl),
            used_at: Set(None),
            created_at: Set(now),
            payload: Set(None),
            ..Default::default()
        }
        .insert(db)
        .await?;
        Ok(token)
    }

    /// Ends the person's unused links of `purpose`.
    pub(crate) async fn expire_links(
        &self,
        db: &impl ConnectionTrait,
        user: UserId,
        purpose: &str,
        now: DateTime<Utc>,
    ) -> Result<(), AccountsError> {
        email_tokens::Entity::update_many()
            .col_expr(email_tokens::Column::UsedAt, sea_orm::sea_query::Expr::value(now))
            .filter(email_tokens::Column::UserId.eq(user.0))
            .filter(email_tokens::Column::Purpose.eq(purpose))
            .filter(email_tokens::Column::UsedAt.is_null())
            .exec(db)
            .await?;
        Ok(())
    }

    /// Mails a fresh verification link to a user who has not verified yet.
    pub(crate) async fn send_verification(&self, user: &users::Model, now: DateTime<Utc>) -> Result<(), AccountsError> {
        let token = self.create_link(&self.db, user.id, PURPOSE_VERIFY, self.config.verification_link_ttl, now).await?;
        self.queue_mail(templates::verify_email(
            user.company_id,
            &user.email,
            &user.first_name,
            &self.verification_link(&user.email, &token),
        ))
        .await;
        Ok(())
    }

    /// A one-time link that signs its user in (`base64Email` + `securityToken`), for people an
    /// admin added who have no password yet. Returns the token.
    pub async fn create_security_link(&self, user: UserId) -> Result<String, AccountsError> {
        self.create_link(&self.db, user, PURPOSE_SECURITY, self.config.security_link_ttl, Utc::now()).await
    }

    /// Mails a person an admin just added (or reactivated) a one-time link that signs them in
    /// and asks them to create a password.
    pub async fn send_invitation(&self, user: &Person, company_name: &str) -> Result<(), AccountsError> {
        let token = self.create_security_link(user.id).await?;
        let link = self.link(&format!("/verify-email?me={}&securityToken={token}", encode_base64_email(&user.email)));
        self.queue_mail(templates::invitation(user.company_id, &user.email, &user.first_name, company_name, &link))
            .await;
        Ok(())
    }

    /// Invites many people (an import of hundreds) one after the other on a task of its own, so
    /// the request that added them answers at once; each invitation is the one
    /// [`Accounts::send_invitation`] sends, and a failure is logged and skips only that person.
    pub fn invite_all(&self, users: Vec<Person>, company_name: String) {
        if users.is_empty() {
            return;
        }
        let me = self.clone();
        tokio::spawn(async move {
            for user in users {
                if let Err(err) = me.send_invitation(&user, &company_name).await {
                    tracing::error!(user = user.id.0, error = %err, "invitation not sent");
                }
            }
        });
    }

    /// `POST /account/verify-email`. Following a link twice is fine: the second time finds the
    /// address already verified.
    pub async fn verify_email(&self, token: &str, me: Option<&str>) -> Result<(), AccountsError> {
        let now = Utc::now();
        let invalid = AccountsError::InvalidLink { verification: true };
        let link = email_tokens::Entity::find()
            .filter(email_tokens::Column::TokenHash.eq(hash_token(token.trim())))
            .filter(email_tokens::Column::Purpose.eq(PURPOSE_VERIFY))
            .one(&self.db)
            .await?
            .ok_or(AccountsError::InvalidLink { verification: true })?;
        let user = users::Entity::find_by_id(link.user_id)
            .one(&self.db)
            .await?
            .ok_or(AccountsError::InvalidLink { verification: true })?;
        if let Some(me) = me.filter(|me| !me.trim().is_empty()) {
            if decode_base64_email(me).as_deref() != Some(user.email.as_str()) {
                return Err(invalid);
            }
        }
        if link.used_at.is_some() {
            return if user.email_verified_at.is_some() { Ok(()) } else { Err(invalid) };
        }
        if link.expires_at <= now {
            return Err(invalid);
        }
        let txn = kernel::begin_write(&self.db).await?;
        let mut link_update: email_tokens::ActiveModel = link.into();
        link_update.used_at = Set(Some(now));
        link_update.update(&txn).await?;
        if user.email_verified_at.is_none() {
            let mut user_update: users::ActiveModel = user.into();
            user_update.email_verified_at = Set(Some(now));
            user_update.updated_at = Set(now);
            user_update.update(&txn).await?;
        }
        txn.commit().await?;
        Ok(())
    }
}
