//! Password hashing: argon2id with the OWASP-recommended parameters (19 MiB, 2 passes, 1 lane),
//! which are argon2's defaults.

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use std::sync::OnceLock;

/// The spec's minimum (000 §9).
pub const MIN_PASSWORD_LENGTH: usize = 8;
/// Bounds the hashing work one request can ask for.
pub const MAX_PASSWORD_LENGTH: usize = 128;

#[derive(Debug, thiserror::Error)]
#[error("password hashing failed: {0}")]
pub struct HashError(String);

/// A PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`) for `plain`.
pub fn hash_password(plain: &str) -> Result<String, HashError> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(plain.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|err| HashError(err.to_string()))
}

/// Whether `plain` matches `stored`. A malformed stored hash never matches.
pub fn verify_password(plain: &str, stored: &str) -> bool {
    PasswordHash::new(stored)
        .map(|parsed| Argon2::default().verify_password(plain.as_bytes(), &parsed).is_ok())
        .unwrap_or(false)
}

/// Spends the same work as a real verification, so that an unknown e-mail answers no faster
/// than a wrong password.
pub fn verify_against_dummy(plain: &str) {
    static DUMMY: OnceLock<Option<String>> = OnceLock::new();
    if let Some(dummy) = DUMMY.get_or_init(|| hash_password("timekeep-dummy-password").ok()) {
        let _ = verify_password(plain, dummy);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_verify_and_are_salted() {
        let first = hash_password("correct horse").unwrap();
        let second = hash_password("correct horse").unwrap();
        assert!(first.starts_with("$argon2id$"));
        assert_ne!(first, second);
        assert!(verify_password("correct horse", &first));
        assert!(!verify_password("correct horsE", &first));
        assert!(!verify_password("correct horse", "not a hash"));
    }
}
