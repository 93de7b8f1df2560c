//! Two-factor sign-in (issue 43; contract `docs/contracts/two-factor.md`): TOTP codes (RFC 6238:
//! SHA-1, 30-second steps, 6 digits, one step either side) from an authenticator app, and ten
//! single-use recovery codes.
//!
//! A password (or an e-mailed link) that would sign in someone with a second factor, or someone
//! who must enrol one, opens no session: it answers a [`TwoFactorChallenge`], a one-time,
//! five-minute token kept hashed in `email_tokens` (its own purpose), which only
//! [`Accounts::complete_two_factor`] turns into a session. Wrong codes are counted per account in
//! the shared throttle table (five in fifteen minutes block it), and each accepted code moves the
//! account's `last_step` forward with one conditional update, so a code is good once, even when
//! two servers are shown it at the same instant.
//!
//! The TOTP secret is stored as the authenticator was given it: the server must compute codes
//! from it, and the key that could encrypt it would live in the same database (as the token
//! signing key does, `deployment_secrets`), so encrypting it would add no protection.
//! Recovery codes are stored as SHA-256 hashes: they are random (50 bits), so a slow hash adds
//! nothing.
//!
//! Single sign-on skips the second factor (the identity provider applies its own), and so does
//! an operator's impersonation session (the operator proved theirs signing in).

use crate::entities::{
    companies, email_tokens, two_factor_recovery_codes as recovery, two_factor_secrets as secrets, users,
};
use crate::password::verify_password;
use crate::tokens::{hash_token, random_token};
use crate::{throttle, Accounts, AccountsError, Authenticated, RequestMeta, SignedIn};
use chrono::{DateTime, Duration, Utc};
use kernel::{AdminCtx, FieldErrors, Role, UserId};
use rand::Rng;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
};
use serde::{Deserialize, Serialize};
use totp_rs::{Algorithm, Secret, TOTP};

/// What a challenge is kept as (`email_tokens.purpose`).
pub(crate) const PURPOSE_CHALLENGE: &str = "two-factor";
/// How long a challenge waits for its code.
pub const CHALLENGE_SECONDS: i64 = 300;
/// The seconds of one TOTP step.
const STEP_SECONDS: i64 = 30;
/// Recovery codes made at a time.
pub const RECOVERY_CODE_COUNT: usize = 10;
/// The name authenticator apps show beside the account.
const ISSUER: &str = "Timekeep";
/// Recovery codes' letters: no 0/o, 1/l/i, so a code copied from paper reads back.
const RECOVERY_ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";

pub const WRONG_CODE: &str = "The code is not correct.";
pub const REUSED_CODE: &str = "This code was already used. Wait for the next one.";
pub const WRONG_RECOVERY_CODE: &str = "This recovery code is not correct or was already used.";
pub const ALREADY_ON: &str = "Two-factor sign-in is already on.";
pub const NOTHING_PENDING: &str = "Set up two-factor sign-in first.";
pub const REQUIRED_FOR_ROLE: &str = "Your company requires two-factor sign-in for your role.";
pub const NOT_ON: &str = "Two-factor sign-in is not on.";

/// Wrong codes per account: five in fifteen minutes block it for fifteen.
const CODE_FAILURES: throttle::ThrottleRule =
    throttle::ThrottleRule { max_failures: 5, window: Duration::minutes(15), block_for: Duration::minutes(15) };

/// Whether a challenge asks for a code (`verify`) or for an authenticator to be set up first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum ChallengeMode {
    Verify,
    Enrol,
}

/// What a password answers when a second factor must follow.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorChallenge {
    pub challenge: String,
    pub mode: ChallengeMode,
    /// Seconds it stays good for.
    pub expires_in: i64,
}

/// A sign-in's first step: a session, or a challenge for the second factor.
#[derive(Debug, Clone)]
pub enum LoginOutcome {
    Session(Box<SignedIn>),
    TwoFactor(TwoFactorChallenge),
}

/// A new authenticator's secret, as text, as an `otpauth://` link and as a QR code of it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorSetup {
    /// Base32, for typing into the app.
    pub secret: String,
    pub otpauth_url: String,
    /// `data:image/svg+xml;base64,…`
    pub qr_code: String,
}

/// A person's second factor, as their profile shows it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorStatus {
    pub enabled: bool,
    /// Their company (or the operator's role) demands it: it cannot be turned off.
    pub required: bool,
    pub enabled_at: Option<DateTime<Utc>>,
    pub recovery_codes_left: u64,
}

/// Fresh recovery codes, shown once.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RecoveryCodes {
    pub recovery_codes: Vec<String>,
}

/// The company's rule.
#[derive(Debug, Clone, Copy, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SecuritySettings {
    pub two_factor_required: bool,
}

/// What proves the second factor.
#[derive(Debug, Clone)]
pub enum SecondFactor {
    Code(String),
    RecoveryCode(String),
}

impl SecondFactor {
    /// `code` or `recoveryCode`, exactly one.
    pub fn parse(code: Option<String>, recovery_code: Option<String>) -> Result<Self, FieldErrors> {
        let present = |value: Option<String>| value.map(|value| value.trim().to_owned()).filter(|v| !v.is_empty());
        match (present(code), present(recovery_code)) {
            (Some(code), None) => Ok(Self::Code(code)),
            (None, Some(recovery)) => Ok(Self::RecoveryCode(recovery)),
            (Some(_), Some(_)) => Err(FieldErrors::single("recoveryCode", "Give a code or a recovery code, not both.")),
            (None, None) => Err(FieldErrors::single("code", "Please enter the code from your authenticator app.")),
        }
    }
}

impl SecondFactor {
    /// What one field holds: six digits (spaces aside) are an authenticator's code, anything else
    /// a recovery code (ten characters, which may all be digits).
    pub fn either(typed: String) -> Self {
        let digits: String = typed.chars().filter(|c| !c.is_whitespace()).collect();
        if digits.len() == 6 && digits.bytes().all(|b| b.is_ascii_digit()) {
            Self::Code(typed)
        } else {
            Self::RecoveryCode(typed)
        }
    }
}

/// A challenge's row payload: what it asks for and the embedding page of the sign-in.
#[derive(Serialize, Deserialize)]
struct ChallengeBinding {
    mode: ChallengeMode,
    origin: Option<String>,
}

/// The TOTP of a base32 secret (one step of skew is checked by [`verify_code`] itself).
fn totp(secret: &str) -> Result<TOTP, AccountsError> {
    let bytes =
        Secret::Encoded(secret.to_owned()).to_bytes().map_err(|err| AccountsError::Internal(format!("{err:?}")))?;
    TOTP::new(Algorithm::SHA1, 6, 1, STEP_SECONDS as u64, bytes).map_err(|err| AccountsError::Internal(err.to_string()))
}

/// The code of a secret at a step (public for the tests, which check it against RFC 6238).
pub fn code_at(secret: &str, step: i64) -> Result<String, AccountsError> {
    Ok(totp(secret)?.generate((step.max(0) * STEP_SECONDS) as u64))
}

fn step_of(now: DateTime<Utc>) -> i64 {
    now.timestamp().div_euclid(STEP_SECONDS)
}

/// Equal strings, compared in time that does not depend on where they differ.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

enum CodeCheck {
    /// Good, for this step.
    Good(i64),
    Wrong,
    Reused,
}

/// Which of the steps around `now` the code is of, if any, and whether it is newer than the last
/// accepted one.
fn check_code(secret: &str, last_step: i64, typed: &str, now: DateTime<Utc>) -> Result<CodeCheck, AccountsError> {
    let typed: String = typed.chars().filter(|c| !c.is_whitespace()).collect();
    if typed.len() != 6 || !typed.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(CodeCheck::Wrong);
    }
    let totp = totp(secret)?;
    let current = step_of(now);
    for step in [current - 1, current, current + 1] {
        if same(&totp.generate((step * STEP_SECONDS) as u64), &typed) {
            return Ok(if step <= last_step { CodeCheck::Reused } else { CodeCheck::Good(step) });
        }
    }
    Ok(CodeCheck::Wrong)
}

/// A new secret: 160 random bits (RFC 4226's recommended length), base32.
fn new_secret() -> String {
    let mut bytes = [0u8; 20];
    rand::thread_rng().fill(&mut bytes);
    Secret::Raw(bytes.to_vec()).to_encoded().to_string().trim_end_matches('=').to_owned()
}

fn setup_of(secret: &str, email: &str) -> Result<TwoFactorSetup, AccountsError> {
    let label = format!("{ISSUER}:{email}");
    let otpauth_url = format!(
        "otpauth://totp/{}?secret={secret}&issuer={ISSUER}&algorithm=SHA1&digits=6&period={STEP_SECONDS}",
        percent_encode(&label)
    );
    let svg = qrcode::QrCode::new(otpauth_url.as_bytes())
        .map_err(|err| AccountsError::Internal(err.to_string()))?
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(200, 200)
        .build();
    use base64::Engine;
    let qr_code = format!("data:image/svg+xml;base64,{}", base64::engine::general_purpose::STANDARD.encode(svg));
    Ok(TwoFactorSetup { secret: secret.to_owned(), otpauth_url, qr_code })
}

/// Percent-encodes everything but RFC 3986's unreserved characters (and the label's colon).
fn percent_encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b':' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// A recovery code as typed: lower case, without spaces and dashes.
fn normalise_recovery(typed: &str) -> String {
    typed.chars().filter(|c| !c.is_whitespace() && *c != '-').flat_map(char::to_lowercase).collect()
}

fn new_recovery_codes() -> Vec<String> {
    let mut rng = rand::thread_rng();
    (0..RECOVERY_CODE_COUNT)
        .map(|_| {
            let mut pick =
                || RECOVERY_ALPHABET.get(rng.gen_range(0..RECOVERY_ALPHABET.len())).copied().map_or('a', char::from);
            let first: String = (0..5).map(|_| pick()).collect();
            let second: String = (0..5).map(|_| pick()).collect();
            format!("{first}-{second}")
        })
        .collect()
}

/// Whether the person must have a second factor: the operator always; admins and managers when
/// their company says so.
fn required_for(role: Role, company: Option<&companies::Model>) -> bool {
    match role {
        Role::SysAdmin => true,
        Role::Admin | Role::Manager => company.is_some_and(|company| company.two_factor_required),
        Role::Employee => false,
    }
}

fn code_error(message: &str) -> AccountsError {
    AccountsError::Validation(FieldErrors::single("code", message))
}

impl Accounts {
    /// After a good password or link: a session, or the challenge of the second factor the
    /// person has or must set up.
    pub(crate) async fn after_first_factor(
        &self,
        user: users::Model,
        meta: &RequestMeta,
        origin: Option<String>,
        now: DateTime<Utc>,
    ) -> Result<LoginOutcome, AccountsError> {
        let enabled =
            secrets::Entity::find_by_id(user.id).one(&self.db).await?.is_some_and(|row| row.enabled_at.is_some());
        let mode = if enabled {
            Some(ChallengeMode::Verify)
        } else {
            let company = match user.company_id {
                Some(id) => companies::Entity::find_by_id(id.0).one(&self.db).await?,
                None => None,
            };
            required_for(user.role, company.as_ref()).then_some(ChallengeMode::Enrol)
        };
        let Some(mode) = mode else {
            let signed = self.start_session(user, None, meta, now).await?;
            return Ok(LoginOutcome::Session(Box::new(self.embedded_in(signed, origin)?)));
        };
        let challenge = random_token();
        let payload = serde_json::to_string(&ChallengeBinding { mode, origin })
            .map_err(|err| AccountsError::Internal(err.to_string()))?;
        email_tokens::ActiveModel {
            user_id: Set(user.id),
            purpose: Set(PURPOSE_CHALLENGE.to_owned()),
            token_hash: Set(hash_token(&challenge)),
            expires_at: Set(now + Duration::seconds(CHALLENGE_SECONDS)),
            used_at: Set(None),
            created_at: Set(now),
            payload: Set(Some(payload)),
            ..Default::default()
        }
        .insert(&self.db)
        .await?;
        Ok(LoginOutcome::TwoFactor(TwoFactorChallenge { challenge, mode, expires_in: CHALLENGE_SECONDS }))
    }

    /// A live challenge, its user (still active) and what it asks. Anything else is the
    /// "sign in again" 401.
    async fn live_challenge(
        &self,
        challenge: &str,
        now: DateTime<Utc>,
    ) -> Result<(email_tokens::Model, users::Model, ChallengeBinding), AccountsError> {
        let (link, user) = self
            .find_live_link(challenge, PURPOSE_CHALLENGE, now)
            .await?
            .filter(|(_, user)| user.status == kernel::EmploymentStatus::Active)
            .ok_or(AccountsError::ChallengeExpired)?;
        let binding: ChallengeBinding = link
            .payload
            .as_deref()
            .and_then(|payload| serde_json::from_str(payload).ok())
            .ok_or(AccountsError::ChallengeExpired)?;
        Ok((link, user, binding))
    }

    /// `POST /auth/two-factor/setup`: a new secret for someone who must enrol before signing in.
    pub async fn challenge_setup(&self, challenge: &str) -> Result<TwoFactorSetup, AccountsError> {
        let now = Utc::now();
        let (_, user, binding) = self.live_challenge(challenge, now).await?;
        if binding.mode != ChallengeMode::Enrol {
            return Err(AccountsError::Refused(ALREADY_ON.to_owned()));
        }
        self.new_pending_secret(&user, now).await
    }

    /// `POST /auth/two-factor`: the second factor of a challenge; the session, and in enrol mode
    /// the new recovery codes.
    pub async fn complete_two_factor(
        &self,
        challenge: &str,
        proof: SecondFactor,
        meta: &RequestMeta,
    ) -> Result<(SignedIn, Option<RecoveryCodes>), AccountsError> {
        let now = Utc::now();
        let (link, user, binding) = self.live_challenge(challenge, now).await?;
        self.refuse_if_throttled(user.id, now).await?;
        let codes = match binding.mode {
            ChallengeMode::Verify => {
                self.prove(user.id, &proof, now).await?;
                None
            }
            ChallengeMode::Enrol => {
                let SecondFactor::Code(code) = &proof else {
                    return Err(AccountsError::Validation(FieldErrors::single(
                        "code",
                        "Enter the code your authenticator app shows to finish setting it up.",
                    )));
                };
                Some(self.confirm_pending(user.id, code, now).await?)
            }
        };
        self.use_link(&link, now).await.map_err(|_| AccountsError::ChallengeExpired)?;
        throttle::clear(&self.db, &throttle::keys::two_factor(user.id.0)).await?;
        let signed = self.start_session(user, None, meta, now).await?;
        Ok((self.embedded_in(signed, binding.origin)?, codes))
    }

    async fn refuse_if_throttled(&self, user: UserId, now: DateTime<Utc>) -> Result<(), AccountsError> {
        if let Some(until) = throttle::blocked_until(&self.db, &throttle::keys::two_factor(user.0), now).await? {
            return Err(AccountsError::TooManyCodes { retry_after_seconds: (until - now).num_seconds().max(1) });
        }
        Ok(())
    }

    /// Counts a wrong code and answers its error (or the block it led to).
    async fn wrong(&self, user: UserId, error: AccountsError, now: DateTime<Utc>) -> Result<(), AccountsError> {
        let failures =
            throttle::record_failure(&self.db, &throttle::keys::two_factor(user.0), CODE_FAILURES, now).await?;
        if failures >= CODE_FAILURES.max_failures {
            return Err(AccountsError::TooManyCodes { retry_after_seconds: CODE_FAILURES.block_for.num_seconds() });
        }
        Err(error)
    }

    /// Checks a code or a recovery code of an enabled second factor, and uses it up.
    async fn prove(&self, user: UserId, proof: &SecondFactor, now: DateTime<Utc>) -> Result<(), AccountsError> {
        match proof {
            SecondFactor::Code(code) => {
                let row = secrets::Entity::find_by_id(user)
                    .one(&self.db)
                    .await?
                    .filter(|row| row.enabled_at.is_some())
                    .ok_or_else(|| AccountsError::Refused(NOT_ON.to_owned()))?;
                self.use_code(&row, code, now).await
            }
            SecondFactor::RecoveryCode(typed) => {
                let used = recovery::Entity::update_many()
                    .col_expr(recovery::Column::UsedAt, Expr::value(now))
                    .filter(recovery::Column::UserId.eq(user))
                    .filter(recovery::Column::CodeHash.eq(hash_token(&normalise_recovery(typed))))
                    .filter(recovery::Column::UsedAt.is_null())
                    .exec(&self.db)
                    .await?;
                if used.rows_affected == 1 {
                    Ok(())
                } else {
                    self.wrong(
                        user,
                        AccountsError::Validation(FieldErrors::single("recoveryCode", WRONG_RECOVERY_CODE)),
                        now,
                    )
                    .await
                }
            }
        }
    }

    /// A TOTP code of `row`'s secret, accepted once: the step moves forward in one conditional
    /// update, which a second use of the same code (here or on another server) cannot pass.
    async fn use_code(&self, row: &secrets::Model, code: &str, now: DateTime<Utc>) -> Result<(), AccountsError> {
        match check_code(&row.secret, row.last_step, code, now)? {
            CodeCheck::Wrong => self.wrong(row.user_id, code_error(WRONG_CODE), now).await,
            CodeCheck::Reused => self.wrong(row.user_id, code_error(REUSED_CODE), now).await,
            CodeCheck::Good(step) => {
                let moved = secrets::Entity::update_many()
                    .col_expr(secrets::Column::LastStep, Expr::value(step))
                    .filter(secrets::Column::UserId.eq(row.user_id))
                    .filter(secrets::Column::Secret.eq(row.secret.clone()))
                    .filter(secrets::Column::LastStep.lt(step))
                    .exec(&self.db)
                    .await?;
                if moved.rows_affected == 1 {
                    Ok(())
                } else {
                    self.wrong(row.user_id, code_error(REUSED_CODE), now).await
                }
            }
        }
    }

    /// Replaces any pending (unconfirmed) secret with a new one.
    async fn new_pending_secret(
        &self,
        user: &users::Model,
        now: DateTime<Utc>,
    ) -> Result<TwoFactorSetup, AccountsError> {
        let secret = new_secret();
        let txn = kernel::begin_write(&self.db).await?;
        let current = secrets::Entity::find_by_id(user.id).one(&txn).await?;
        if current.as_ref().is_some_and(|row| row.enabled_at.is_some()) {
            return Err(AccountsError::Refused(ALREADY_ON.to_owned()));
        }
        if current.is_some() {
            secrets::Entity::delete_many()
                .filter(secrets::Column::UserId.eq(user.id))
                .filter(secrets::Column::EnabledAt.is_null())
                .exec(&txn)
                .await?;
        }
        secrets::ActiveModel {
            user_id: Set(user.id),
            secret: Set(secret.clone()),
            enabled_at: Set(None),
            last_step: Set(0),
            created_at: Set(now),
        }
        .insert(&txn)
        .await?;
        txn.commit().await?;
        setup_of(&secret, &user.email)
    }

    /// Turns the pending secret on with its first code, and makes the recovery codes.
    async fn confirm_pending(
        &self,
        user: UserId,
        code: &str,
        now: DateTime<Utc>,
    ) -> Result<RecoveryCodes, AccountsError> {
        let row = secrets::Entity::find_by_id(user)
            .one(&self.db)
            .await?
            .filter(|row| row.enabled_at.is_none())
            .ok_or_else(|| AccountsError::Refused(NOTHING_PENDING.to_owned()))?;
        self.use_code(&row, code, now).await?;
        let txn = kernel::begin_write(&self.db).await?;
        let enabled = secrets::Entity::update_many()
            .col_expr(secrets::Column::EnabledAt, Expr::value(Some(now)))
            .filter(secrets::Column::UserId.eq(user))
            .filter(secrets::Column::Secret.eq(row.secret.clone()))
            .filter(secrets::Column::EnabledAt.is_null())
            .exec(&txn)
            .await?;
        if enabled.rows_affected != 1 {
            return Err(AccountsError::Refused(NOTHING_PENDING.to_owned()));
        }
        let codes = replace_recovery_codes(&txn, user, now).await?;
        txn.commit().await?;
        Ok(codes)
    }

    /// `GET /account/two-factor`.
    pub async fn two_factor_status(&self, auth: &Authenticated) -> Result<TwoFactorStatus, AccountsError> {
        let row = secrets::Entity::find_by_id(auth.user.id).one(&self.db).await?;
        let enabled_at = row.and_then(|row| row.enabled_at);
        let left = if enabled_at.is_some() {
            recovery::Entity::find()
                .filter(recovery::Column::UserId.eq(auth.user.id))
                .filter(recovery::Column::UsedAt.is_null())
                .count(&self.db)
                .await?
        } else {
            0
        };
        Ok(TwoFactorStatus {
            enabled: enabled_at.is_some(),
            required: required_for(auth.role, auth.company.as_ref()),
            enabled_at,
            recovery_codes_left: left,
        })
    }

    /// `POST /account/two-factor/setup`.
    pub async fn two_factor_setup(&self, auth: &Authenticated) -> Result<TwoFactorSetup, AccountsError> {
        self.new_pending_secret(&auth.user, Utc::now()).await
    }

    /// `POST /account/two-factor/enable`.
    pub async fn two_factor_enable(&self, auth: &Authenticated, code: &str) -> Result<RecoveryCodes, AccountsError> {
        let now = Utc::now();
        self.refuse_if_throttled(auth.user.id, now).await?;
        let codes = self.confirm_pending(auth.user.id, code, now).await?;
        throttle::clear(&self.db, &throttle::keys::two_factor(auth.user.id.0)).await?;
        Ok(codes)
    }

    /// `POST /account/two-factor/disable`: needs the password and a code (or a recovery code).
    pub async fn two_factor_disable(
        &self,
        auth: &Authenticated,
        password: String,
        proof: SecondFactor,
    ) -> Result<(), AccountsError> {
        let now = Utc::now();
        if required_for(auth.role, auth.company.as_ref()) {
            return Err(AccountsError::Forbidden(REQUIRED_FOR_ROLE.to_owned()));
        }
        self.refuse_if_throttled(auth.user.id, now).await?;
        let stored = auth.user.password_hash.clone();
        let matches =
            self.hashing.run(move || stored.is_some_and(|stored| verify_password(&password, &stored))).await?;
        if !matches {
            return self
                .wrong(
                    auth.user.id,
                    AccountsError::Validation(FieldErrors::single("password", "Incorrect password.")),
                    now,
                )
                .await;
        }
        self.prove(auth.user.id, &proof, now).await?;
        let txn = kernel::begin_write(&self.db).await?;
        secrets::Entity::delete_many().filter(secrets::Column::UserId.eq(auth.user.id)).exec(&txn).await?;
        recovery::Entity::delete_many().filter(recovery::Column::UserId.eq(auth.user.id)).exec(&txn).await?;
        txn.commit().await?;
        throttle::clear(&self.db, &throttle::keys::two_factor(auth.user.id.0)).await?;
        Ok(())
    }

    /// `POST /account/two-factor/recovery-codes`: ten new codes for a current TOTP code.
    pub async fn two_factor_new_recovery_codes(
        &self,
        auth: &Authenticated,
        code: &str,
    ) -> Result<RecoveryCodes, AccountsError> {
        let now = Utc::now();
        self.refuse_if_throttled(auth.user.id, now).await?;
        self.prove(auth.user.id, &SecondFactor::Code(code.to_owned()), now).await?;
        let txn = kernel::begin_write(&self.db).await?;
        let codes = replace_recovery_codes(&txn, auth.user.id, now).await?;
        txn.commit().await?;
        throttle::clear(&self.db, &throttle::keys::two_factor(auth.user.id.0)).await?;
        Ok(codes)
    }

    /// `GET /company/security`.
    pub async fn security_settings(&self, ctx: &AdminCtx) -> Result<SecuritySettings, AccountsError> {
        let company =
            companies::Entity::find_by_id(ctx.company().0).one(&self.db).await?.ok_or(AccountsError::NotFound)?;
        Ok(SecuritySettings { two_factor_required: company.two_factor_required })
    }

    /// `POST /company/security`.
    pub async fn save_security_settings(
        &self,
        ctx: &AdminCtx,
        settings: SecuritySettings,
    ) -> Result<SecuritySettings, AccountsError> {
        let txn = kernel::begin_write(&self.db).await?;
        let before = companies::Entity::find_by_id(ctx.company().0).one(&txn).await?.ok_or(AccountsError::NotFound)?;
        companies::Entity::update_many()
            .col_expr(companies::Column::TwoFactorRequired, Expr::value(settings.two_factor_required))
            .filter(companies::Column::Id.eq(ctx.company()))
            .exec(&txn)
            .await?;
        let change = audit::Change::new(audit::Subject::CompanySettings, ctx.company().0, audit::Action::Updated)
            .field("twoFactorRequired", before.two_factor_required, settings.two_factor_required);
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        Ok(settings)
    }
}

/// Voids a person's recovery codes and makes ten new ones.
async fn replace_recovery_codes<C: ConnectionTrait>(
    txn: &C,
    user: UserId,
    now: DateTime<Utc>,
) -> Result<RecoveryCodes, AccountsError> {
    recovery::Entity::delete_many().filter(recovery::Column::UserId.eq(user)).exec(txn).await?;
    let codes = new_recovery_codes();
    recovery::Entity::insert_many(codes.iter().map(|code| recovery::ActiveModel {
        user_id: Set(user),
        code_hash: Set(hash_token(&normalise_recovery(code))),
        used_at: Set(None),
        created_at: Set(now),
        ..Default::default()
    }))
    .exec_without_returning(txn)
    .await?;
    Ok(RecoveryCodes { recovery_codes: codes })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238 appendix B's SHA-1 vectors (the 20-byte ASCII secret "12345678901234567890"),
    /// last six digits.
    #[test]
    fn codes_match_rfc_6238() {
        let secret = Secret::Raw(b"12345678901234567890".to_vec()).to_encoded().to_string();
        for (time, code) in [
            (59, "287082"),
            (1_111_111_109, "081804"),
            (1_111_111_111, "050471"),
            (1_234_567_890, "005924"),
            (2_000_000_000, "279037"),
        ] {
            assert_eq!(code_at(&secret, time / STEP_SECONDS).unwrap(), code, "at {time}");
        }
    }

    #[test]
    fn a_code_is_good_one_step_either_side_and_once() {
        let secret = new_secret();
        let now = DateTime::from_timestamp(1_800_000_000, 0).unwrap();
        let step = step_of(now);
        for offset in [-1, 0, 1] {
            let code = code_at(&secret, step + offset).unwrap();
            assert!(matches!(check_code(&secret, 0, &code, now).unwrap(), CodeCheck::Good(s) if s == step + offset));
            assert!(matches!(check_code(&secret, step + offset, &code, now).unwrap(), CodeCheck::Reused));
        }
        let old = code_at(&secret, step - 2).unwrap();
        assert!(matches!(check_code(&secret, 0, &old, now).unwrap(), CodeCheck::Wrong));
        assert!(matches!(check_code(&secret, 0, "12a456", now).unwrap(), CodeCheck::Wrong));
        let spaced = code_at(&secret, step).unwrap();
        let spaced = format!("{} {}", &spaced[..3], &spaced[3..]);
        assert!(matches!(check_code(&secret, 0, &spaced, now).unwrap(), CodeCheck::Good(_)));
    }

    #[test]
    fn recovery_codes_are_ten_distinct_and_read_back_however_typed() {
        let codes = new_recovery_codes();
        assert_eq!(codes.len(), RECOVERY_CODE_COUNT);
        assert_eq!(codes.iter().collect::<std::collections::BTreeSet<_>>().len(), RECOVERY_CODE_COUNT);
        for code in &codes {
            assert_eq!(code.len(), 11);
            assert_eq!(normalise_recovery(&code.to_uppercase().replace('-', " ")), code.replace('-', ""));
        }
    }

    #[test]
    fn one_field_tells_a_code_from_a_recovery_code() {
        assert!(matches!(SecondFactor::either("123 456".into()), SecondFactor::Code(_)));
        assert!(matches!(SecondFactor::either("23456-78923".into()), SecondFactor::RecoveryCode(_)));
        assert!(matches!(SecondFactor::either("2345678923".into()), SecondFactor::RecoveryCode(_)));
        assert!(matches!(SecondFactor::either("abcde-fghjk".into()), SecondFactor::RecoveryCode(_)));
    }

    #[test]
    fn the_setup_link_names_the_issuer_and_account() {
        let setup = setup_of("JBSWY3DPEHPK3PXP", "ann+x@example.com").unwrap();
        assert!(setup.otpauth_url.starts_with("otpauth://totp/Timekeep:ann%2Bx%40example.com?secret=JBSWY3DPEHPK3PXP"));
        assert!(setup.qr_code.starts_with("data:image/svg+xml;base64,"));
        assert_eq!(new_secret().len(), 32);
    }
}
