//! How a delivery is signed, so a receiver can tell it came from this deployment and was not
//! replayed (`docs/contracts/webhooks.md` has a receiver's check in Python).
//!
//! `Timekeep-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: the time
//! the attempt was signed, and the MAC over that time, a dot, and the body's exact bytes. A
//! receiver recomputes the MAC with the endpoint's secret, compares in constant time, and refuses
//! a `t` more than a few minutes old. The event id (`Timekeep-Event-Id`, and `id` in the body)
//! is the same on every attempt and resend, for the receiver to drop what it already handled.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// The header carrying the signature.
pub const SIGNATURE_HEADER: &str = "Timekeep-Signature";
/// The header carrying the event's id.
pub const EVENT_ID_HEADER: &str = "Timekeep-Event-Id";
/// The header carrying the event's type.
pub const EVENT_HEADER: &str = "Timekeep-Event";

/// The signature header's value for `body` signed at `timestamp` with `secret`.
pub fn signature(secret: &str, timestamp: i64, body: &[u8]) -> String {
    // HMAC takes a key of any length: `new_from_slice` cannot fail for it.
    let mut mac = match Hmac::<Sha256>::new_from_slice(secret.as_bytes()) {
        Ok(mac) => mac,
        Err(_) => unreachable!("HMAC accepts keys of any length"),
    };
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    format!("t={timestamp},v1={}", hex::encode(mac.finalize().into_bytes()))
}

/// A new endpoint secret: `whsec_` and 64 random hex digits.
pub fn new_secret() -> String {
    let bytes: [u8; 32] = rand::random();
    format!("whsec_{}", hex::encode(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signature_is_rfc_4231s_hmac_over_time_dot_body() {
        // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?".
        let signed = signature("Jefe", 1, b"what do ya want for nothing?");
        assert!(signed.starts_with("t=1,v1="));
        // Not the RFC's data (ours is prefixed "1."), so computed independently of this code:
        let mut mac = Hmac::<Sha256>::new_from_slice(b"Jefe").unwrap_or_else(|_| unreachable!());
        mac.update(b"1.what do ya want for nothing?");
        assert_eq!(signed, format!("t=1,v1={}", hex::encode(mac.finalize().into_bytes())));
        let mut plain = Hmac::<Sha256>::new_from_slice(b"Jefe").unwrap_or_else(|_| unreachable!());
        plain.update(b"what do ya want for nothing?");
        assert_eq!(
            hex::encode(plain.finalize().into_bytes()),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
        assert!(new_secret().starts_with("whsec_") && new_secret().len() == 70);
    }
}
