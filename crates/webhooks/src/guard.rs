//! Which addresses a webhook may be sent to: the product must not become a way to reach the
//! deployment's own network (SSRF).
//!
//! By default an endpoint must be `https` and every address its name resolves to must be public:
//! loopback, private (RFC 1918, IPv6 unique local), link-local (cloud metadata lives at
//! 169.254.169.254), shared (100.64/10), unspecified, multicast and documentation ranges are
//! refused. A deployment that must reach such addresses (tests, a private installation)
//! allows them with `--webhooks-allow-private`, which also allows plain `http`.
//!
//! The check runs when an endpoint is saved, and again at every delivery on the addresses the
//! name resolves to at that moment; the delivery then connects to exactly the address checked,
//! so a name that changes its answer between the check and the connection (DNS rebinding)
//! gains nothing.

use reqwest::Url;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

/// The deployment's rule.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AddressPolicy {
    /// Allow `http` and private, loopback and link-local addresses.
    pub allow_private: bool,
}

pub const URL_NOT_VALID: &str = "Please enter a full address, such as https://example.com/hooks/timekeep";
pub const URL_NOT_HTTPS: &str = "The address must start with https://";
pub const URL_REFUSED: &str = "This address is in a private or reserved network range, which webhooks cannot reach";
pub const URL_UNKNOWN_HOST: &str = "This address's host could not be found";
/// The longest a name's lookup may take (a request that saves an endpoint waits for it).
const LOOKUP_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);
pub const URL_TOO_LONG: &str = "The address may have at most 500 characters";

/// Whether an address is in a range a webhook may not reach (without `allow_private`).
pub fn is_refused(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(ip) => refused_v4(ip),
        IpAddr::V6(ip) => match ip.to_ipv4_mapped() {
            Some(v4) => refused_v4(v4),
            None => refused_v6(ip),
        },
    }
}

fn refused_v4(ip: Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    ip.is_private()
        || ip.is_loopback()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0
        || (a == 100 && (64..128).contains(&b))
        || (a == 192 && b == 0)
        || (a == 198 && (18..20).contains(&b))
        || a >= 240
}

fn refused_v6(ip: Ipv6Addr) -> bool {
    let first = ip.segments()[0];
    ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        || (first & 0xfe00) == 0xfc00
        || (first & 0xffc0) == 0xfe80
        || first == 0x2001 && ip.segments()[1] == 0x0db8
        || ip.to_ipv4().is_some_and(|v4| ip.segments()[..6].iter().all(|s| *s == 0) && refused_v4(v4))
}

impl AddressPolicy {
    /// The endpoint's address if its form is acceptable (scheme, host, no credentials, length).
    /// Where it leads is checked by [`AddressPolicy::resolve`].
    pub fn check_url(&self, text: &str) -> Result<Url, &'static str> {
        let text = text.trim();
        if text.chars().count() > 500 {
            return Err(URL_TOO_LONG);
        }
        let url = Url::parse(text).map_err(|_| URL_NOT_VALID)?;
        match url.scheme() {
            "https" => {}
            "http" if self.allow_private => {}
            "http" => return Err(URL_NOT_HTTPS),
            _ => return Err(URL_NOT_VALID),
        }
        if !url.username().is_empty() || url.password().is_some() || url.host_str().is_none_or(str::is_empty) {
            return Err(URL_NOT_VALID);
        }
        Ok(url)
    }

    /// The one address a delivery to `url` connects to: every address the host resolves to now
    /// must be allowed (a mixed answer is refused whole).
    pub async fn resolve(&self, url: &Url) -> Result<SocketAddr, &'static str> {
        let host = url.host_str().ok_or(URL_NOT_VALID)?;
        let port = url.port_or_known_default().ok_or(URL_NOT_VALID)?;
        let bare = host.trim_start_matches('[').trim_end_matches(']');
        let addresses: Vec<SocketAddr> = match bare.parse::<IpAddr>() {
            Ok(ip) => vec![SocketAddr::new(ip, port)],
            Err(_) => tokio::time::timeout(LOOKUP_TIMEOUT, tokio::net::lookup_host((bare, port)))
                .await
                .map_err(|_| URL_UNKNOWN_HOST)?
                .map_err(|_| URL_UNKNOWN_HOST)?
                .collect(),
        };
        let first = *addresses.first().ok_or(URL_UNKNOWN_HOST)?;
        if !self.allow_private && addresses.iter().any(|address| is_refused(address.ip())) {
            return Err(URL_REFUSED);
        }
        Ok(first)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED))
    }

    #[test]
    fn private_loopback_link_local_and_reserved_ranges_are_refused() {
        for refused in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "224.0.0.1",
            "192.0.2.1",
            "::1",
            "::",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "2001:db8::1",
        ] {
            assert!(is_refused(ip(refused)), "{refused}");
        }
        for allowed in ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:93.184.216.34"] {
            assert!(!is_refused(ip(allowed)), "{allowed}");
        }
    }

    #[test]
    fn the_form_of_an_address_is_checked_before_any_lookup() {
        let strict = AddressPolicy::default();
        assert!(strict.check_url("https://hooks.example.com/timekeep").is_ok());
        assert_eq!(strict.check_url("http://hooks.example.com/x").unwrap_err(), URL_NOT_HTTPS);
        assert_eq!(strict.check_url("ftp://hooks.example.com/x").unwrap_err(), URL_NOT_VALID);
        assert_eq!(strict.check_url("not a url").unwrap_err(), URL_NOT_VALID);
        assert_eq!(strict.check_url("https://user:pw@hooks.example.com/").unwrap_err(), URL_NOT_VALID);
        assert_eq!(strict.check_url(&format!("https://a.example.com/{}", "x".repeat(500))).unwrap_err(), URL_TOO_LONG);
        let open = AddressPolicy { allow_private: true };
        assert!(open.check_url("http://127.0.0.1:9000/hook").is_ok());
    }

    #[tokio::test]
    async fn a_delivery_connects_only_to_an_address_that_was_checked() {
        let strict = AddressPolicy::default();
        let loopback = strict.check_url("https://127.0.0.1:9443/hook").unwrap_or_else(|_| unreachable!());
        assert_eq!(strict.resolve(&loopback).await.unwrap_err(), URL_REFUSED);
        let metadata = strict.check_url("https://169.254.169.254/latest").unwrap_or_else(|_| unreachable!());
        assert_eq!(strict.resolve(&metadata).await.unwrap_err(), URL_REFUSED);
        let named = strict.check_url("https://localhost:9443/hook").unwrap_or_else(|_| unreachable!());
        assert_eq!(strict.resolve(&named).await.unwrap_err(), URL_REFUSED);
        let open = AddressPolicy { allow_private: true };
        let local = open.check_url("http://127.0.0.1:9000/hook").unwrap_or_else(|_| unreachable!());
        assert_eq!(open.resolve(&local).await.unwrap(), "127.0.0.1:9000".parse().unwrap());
    }
}
