//! Where a request came from, for the company's audit trail (issue 43): the address, the kind of
//! client, and the platform operator behind an impersonation.
//!
//! It travels inside the tenant context ([`crate::TenantCtx::origin`]) so that a service recording
//! an audit entry inside its own transaction knows it without the gateway passing it by hand.
//! The gateway's guards set it from the verified session and the request; it proves nothing
//! (no permission reads it), it only describes.

use crate::{ApiKeyId, UserId};

/// The kind of client a change came through.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Client {
    /// The web app (a person's browser session).
    #[default]
    Web,
    /// A shared kiosk, after a person's PIN.
    Kiosk,
    /// A company API key.
    Api,
    /// A scheduled job: no person acted.
    Job,
}

impl Client {
    /// The code stored and sent on the wire.
    pub fn code(self) -> &'static str {
        match self {
            Client::Web => "web",
            Client::Kiosk => "kiosk",
            Client::Api => "api",
            Client::Job => "job",
        }
    }

    pub fn from_code(code: &str) -> Option<Client> {
        Some(match code {
            "web" => Client::Web,
            "kiosk" => Client::Kiosk,
            "api" => Client::Api,
            "job" => Client::Job,
            _ => return None,
        })
    }
}

/// Where a request came from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Origin {
    /// The client's address as the gateway resolved it (trusted proxies honoured).
    pub ip: Option<String>,
    pub client: Client,
    /// The platform operator acting as the signed-in person, under impersonation.
    pub impersonator: Option<UserId>,
    /// The company API key the request came with (client [`Client::Api`]).
    pub api_key: Option<ApiKeyId>,
}

impl Origin {
    /// A person's browser session (`impersonator`: the operator acting as them).
    pub fn web(ip: Option<String>, impersonator: Option<UserId>) -> Self {
        Origin { ip, client: Client::Web, impersonator, api_key: None }
    }

    /// A request made with a company API key.
    pub fn api(ip: Option<String>, key: ApiKeyId) -> Self {
        Origin { ip, client: Client::Api, impersonator: None, api_key: Some(key) }
    }

    pub fn job() -> Self {
        Origin { ip: None, client: Client::Job, ..Origin::default() }
    }

    pub fn kiosk() -> Self {
        Origin { ip: None, client: Client::Kiosk, ..Origin::default() }
    }
}
