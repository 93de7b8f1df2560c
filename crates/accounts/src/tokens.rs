//! Session tokens (signed JWTs carrying the spec's session identity) and one-time e-mail tokens.

use chrono::{DateTime, Utc};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::RngCore;
use sea_orm::sea_query::{Expr, OnConflict, Query};
use sea_orm::{ConnectionTrait, DbErr, DeriveIden};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The session identity of spec 000 §3, as carried in the token's claims and returned by
/// `login-data`. The browser reads it; the server never trusts it beyond `sid`: every request
/// re-reads the session, user and company rows, so revocation, role changes and terminations
/// take effect at once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Identity {
    /// The server-side session this token belongs to.
    pub sid: String,
    pub email: String,
    /// The employee (user) id.
    pub eid: i64,
    /// Minutes east of UTC in the company's zone when the token was issued.
    pub utc_offset: i32,
    pub timezone: String,
    pub firstname: String,
    pub lastname: String,
    pub avatar: Option<String>,
    pub suspended: bool,
    pub roles: Vec<String>,
    /// The user must change the password before going on.
    pub pwdchg: bool,
    /// `YYYY-MM-DD`; absent once the subscription is active.
    pub trial_end: Option<String>,
    /// The guided tour is completed.
    pub joyride: bool,
    pub impersonate: bool,
    pub first_time_login: bool,
    pub integrated_with_az: bool,
    pub signup_from_az: bool,
    pub has_hr_subscription: bool,
    pub has_hash_password: bool,
    pub add_employee_from_az_url: Option<String>,
    pub origin: Option<String>,
    /// Expiry, seconds since the epoch.
    pub exp: i64,
    /// Issued at, seconds since the epoch.
    pub iat: i64,
}

/// Signs and checks session tokens (HS256 with the deployment's secret).
#[derive(Clone)]
pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    #[error("the token is malformed, forged or expired")]
    Invalid,
    #[error("the token could not be signed: {0}")]
    Signing(String),
}

impl TokenKeys {
    pub fn from_secret(secret: &[u8]) -> Self {
        Self { encoding: EncodingKey::from_secret(secret), decoding: DecodingKey::from_secret(secret) }
    }

    pub fn sign(&self, identity: &Identity) -> Result<String, TokenError> {
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), identity, &self.encoding)
            .map_err(|err| TokenError::Signing(err.to_string()))
    }

    /// The claims of a token signed by us and not yet expired (no leeway).
    pub fn verify(&self, token: &str) -> Result<Identity, TokenError> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp"]);
        jsonwebtoken::decode::<Identity>(token, &self.decoding, &validation)
            .map(|data| data.claims)
            .map_err(|_| TokenError::Invalid)
    }
}

/// The deployment's token-signing secret, shared by every server through the database
/// (`deployment_secrets`, issue 25): the first server to start stores `candidate`, and every
/// server, that one included, then uses whatever is stored. Two servers starting together both
/// insert with "do nothing on conflict" and read back the one that won.
///
/// Why the database rather than a required setting: every instance reaches the database anyway,
/// so a new instance needs nothing copied by hand and cannot start with a secret of its own that
/// would refuse every other instance's tokens. Whoever can read the database could sign a token,
/// but a token alone opens nothing: every request re-reads its session (`sid`), which lives in
/// that same database. A secret given by setting (`--token-secret`) still wins over this.
pub async fn deployment_secret(db: &impl ConnectionTrait, candidate: &str) -> Result<String, DbErr> {
    let backend = db.get_database_backend();
    let insert = Query::insert()
        .into_table(DeploymentSecrets::Table)
        .columns([DeploymentSecrets::Name, DeploymentSecrets::Value, DeploymentSecrets::CreatedAt])
        .values_panic([TOKEN_SECRET_NAME.into(), candidate.into(), Utc::now().into()])
        .on_conflict(OnConflict::column(DeploymentSecrets::Name).do_nothing().to_owned())
        .to_owned();
    db.execute(backend.build(&insert)).await?;
    let select = Query::select()
        .column(DeploymentSecrets::Value)
        .from(DeploymentSecrets::Table)
        .and_where(Expr::col(DeploymentSecrets::Name).eq(TOKEN_SECRET_NAME))
        .to_owned();
    let row = db
        .query_one(backend.build(&select))
        .await?
        .ok_or_else(|| DbErr::RecordNotFound("the token secret was not stored".to_owned()))?;
    row.try_get::<String>("", "value")
}

const TOKEN_SECRET_NAME: &str = "token-signing";

#[derive(DeriveIden)]
enum DeploymentSecrets {
    Table,
    Name,
    Value,
    CreatedAt,
}

/// 256 random bits, hex-encoded: for e-mail links and session ids.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// What is stored for an e-mail token: its SHA-256, hex-encoded.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

pub fn unix_seconds(at: DateTime<Utc>) -> i64 {
    at.timestamp()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn identity(exp: i64) -> Identity {
        Identity {
            sid: "s".into(),
            email: "a@b.co".into(),
            eid: 1,
            utc_offset: -300,
            timezone: "America/New_York".into(),
            firstname: "A".into(),
            lastname: "B".into(),
            avatar: None,
            suspended: false,
            roles: vec!["admin".into()],
            pwdchg: false,
            trial_end: Some("2026-12-21".into()),
            joyride: false,
            impersonate: false,
            first_time_login: true,
            integrated_with_az: false,
            signup_from_az: false,
            has_hr_subscription: false,
            has_hash_password: true,
            add_employee_from_az_url: None,
            origin: None,
            exp,
            iat: 0,
        }
    }

    #[test]
    fn signed_tokens_verify_and_forgeries_do_not() {
        let keys = TokenKeys::from_secret(b"secret-one");
        let future = Utc::now().timestamp() + 3600;
        let token = keys.sign(&identity(future)).unwrap();
        assert_eq!(keys.verify(&token).unwrap(), identity(future));
        assert!(TokenKeys::from_secret(b"secret-two").verify(&token).is_err());
        assert!(keys.verify("garbage").is_err());
    }

    #[test]
    fn expired_tokens_are_refused() {
        let keys = TokenKeys::from_secret(b"k");
        let token = keys.sign(&identity(Utc::now().timestamp() - 1)).unwrap();
        assert!(keys.verify(&token).is_err());
    }

    #[test]
    fn email_tokens_are_random_and_stored_hashed() {
        let a = random_token();
        assert_eq!(a.len(), 64);
        assert_ne!(a, random_token());
        assert_eq!(hash_token(&a), hash_token(&a));
        assert_ne!(hash_token(&a), a);
    }
}
