//! The signup bot check.
//!
//! No third-party bot-check service is reachable from where Timekeep runs, so the built-in check
//! is a honeypot: the signup form carries a field humans never see or fill. It sits behind
//! [`BotCheck`] so a real provider (one that verifies the form's `token` with its server) can be
//! plugged in without touching signup. Rate limiting per address is applied separately by the
//! signup service.

use async_trait::async_trait;

/// What the signup form tells the bot check.
#[derive(Debug, Clone, Copy, Default)]
pub struct BotCheckInput<'a> {
    /// The provider's token from the browser (unused by the honeypot).
    pub token: Option<&'a str>,
    /// The hidden field's value: anything but empty means a bot filled the form.
    pub honeypot: Option<&'a str>,
    pub ip: Option<&'a str>,
}

#[async_trait]
pub trait BotCheck: Send + Sync {
    /// `true` when the submission looks like it came from a person.
    async fn is_human(&self, input: BotCheckInput<'_>) -> bool;
}

/// Refuses any submission whose hidden field was filled in.
pub struct HoneypotCheck;

#[async_trait]
impl BotCheck for HoneypotCheck {
    async fn is_human(&self, input: BotCheckInput<'_>) -> bool {
        input.honeypot.is_none_or(|value| value.trim().is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_filled_honeypot_is_a_bot() {
        let check = HoneypotCheck;
        assert!(check.is_human(BotCheckInput::default()).await);
        assert!(check.is_human(BotCheckInput { honeypot: Some(""), ..Default::default() }).await);
        assert!(!check.is_human(BotCheckInput { honeypot: Some("http://spam"), ..Default::default() }).await);
    }
}
