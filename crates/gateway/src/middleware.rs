//! Cross-cutting request handling: a request id in logs and responses, an access log line, the
//! refreshed session token header, the security headers of every answer, the one check of query
//! strings, and a last net under a handler that panics.

use crate::error::ApiError;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{Error, HttpMessage, ResponseError};
use futures_util::FutureExt;
use std::time::Instant;

/// What the browser may do with the app's pages and the API's answers.
#[derive(Debug, Clone)]
pub struct WebPolicy {
    /// The `Content-Security-Policy` of every answer (built by [`WebPolicy::new`]).
    content_security_policy: HeaderValue,
    /// Whether no site may frame the app (then `X-Frame-Options: DENY` for old browsers too).
    no_framing: bool,
    /// The configured framing origins (embedded mode), lower-cased: the browser reads them from
    /// `GET /account/embedding`, and a sign-in may name one as its embedding page.
    frame_ancestors: Vec<String>,
}

/// What a sign-in naming an embedding page that is not configured hears (field `origin`).
pub const EMBED_ORIGIN_REFUSED: &str = "This page may not embed Timekeep.";

impl WebPolicy {
    /// A strict policy: scripts only from the app's own files (none inline), styles from them
    /// and the style attributes the component library sets, images also from `data:`/`blob:`
    /// URLs (avatars being chosen), and framing only by `frame_ancestors` (origins such as
    /// `https://crm.example.com`; none by default). Refuses an origin that is not one.
    pub fn new(frame_ancestors: &[String]) -> Result<Self, String> {
        for origin in frame_ancestors {
            let valid = (origin.starts_with("https://") || origin.starts_with("http://"))
                && origin.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, ':' | '/' | '.' | '-' | '*'))
                && !origin.trim_start_matches("https://").trim_start_matches("http://").contains('/');
            if !valid {
                return Err(format!("frame ancestor {origin:?} is not an origin like https://crm.example.com"));
            }
        }
        let ancestors = if frame_ancestors.is_empty() { "'none'".to_owned() } else { frame_ancestors.join(" ") };
        let policy = format!(
            "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; \
             font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; \
             frame-ancestors {ancestors}"
        );
        Ok(Self {
            content_security_policy: HeaderValue::from_str(&policy).map_err(|err| err.to_string())?,
            no_framing: frame_ancestors.is_empty(),
            frame_ancestors: frame_ancestors.iter().map(|origin| origin.to_ascii_lowercase()).collect(),
        })
    }

    /// The origins that may frame the app, as configured (`*.` standing for any subdomain).
    pub fn embedding_origins(&self) -> &[String] {
        &self.frame_ancestors
    }

    /// `origin` (`scheme://host[:port]`, as a browser's `location.origin` or a `/login?origin=`
    /// names it) when a configured framing origin allows it, by the rule of the CSP's host
    /// sources the browser applies to the same list: the same scheme, host and port, or a
    /// `*.` entry for any subdomain of its host. Anything else is a field error on `origin`.
    pub fn embedding_origin(&self, origin: &str) -> Result<String, kernel::FieldErrors> {
        let origin = origin.trim().trim_end_matches('/').to_ascii_lowercase();
        let well_formed = (origin.starts_with("https://") || origin.starts_with("http://"))
            && origin.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, ':' | '/' | '.' | '-'))
            && !origin.trim_start_matches("https://").trim_start_matches("http://").contains('/');
        if well_formed && self.frame_ancestors.iter().any(|allowed| origin_matches(allowed, &origin)) {
            Ok(origin)
        } else {
            Err(kernel::FieldErrors::single("origin", EMBED_ORIGIN_REFUSED))
        }
    }
}

/// Whether the configured framing origin `allowed` (lower case) covers `origin` (lower case,
/// well formed): equal, or `scheme://*.rest` against `scheme://label(s).rest`.
fn origin_matches(allowed: &str, origin: &str) -> bool {
    if allowed == origin {
        return true;
    }
    let Some((scheme, host)) = allowed.split_once("://") else { return false };
    let Some(suffix) = host.strip_prefix('*') else { return false };
    origin
        .strip_prefix(scheme)
        .and_then(|rest| rest.strip_prefix("://"))
        .and_then(|host| host.strip_suffix(suffix))
        .is_some_and(|label| !label.is_empty() && !label.contains(':') && suffix.starts_with('.'))
}

impl Default for WebPolicy {
    fn default() -> Self {
        Self {
            content_security_policy: HeaderValue::from_static(
                "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; \
                 font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; \
                 frame-ancestors 'none'",
            ),
            no_framing: true,
            frame_ancestors: Vec::new(),
        }
    }
}

fn is_api(path: &str) -> bool {
    path.starts_with(crate::API_BASE) || path == "/healthz" || path == "/readyz"
}

/// Every answer: the policy, no content sniffing, no referrer (links in mails carry tokens in
/// their query); API answers are never stored by a cache (they are one person's data) unless the
/// handler said otherwise.
fn secure(policy: &WebPolicy, path: &str, headers: &mut header::HeaderMap) {
    headers.insert(header::CONTENT_SECURITY_POLICY, policy.content_security_policy.clone());
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    if policy.no_framing {
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }
    // A handler that chose its caching (a stored file: private to the browser) keeps it.
    if is_api(path) && !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
}

/// The query string's texts, decoded, with any control character: the one check of every
/// query parameter (bodies have theirs in [`crate::forms::decode`]).
fn bad_query(query: &str) -> Option<(String, &'static str)> {
    for (name, value) in form_urlencoded_pairs(query) {
        if let Err(message) =
            kernel::validation::check_text(&name, &name).and(kernel::validation::check_text(&name, &value))
        {
            return Some((name, message));
        }
    }
    None
}

fn form_urlencoded_pairs(query: &str) -> Vec<(String, String)> {
    serde_urlencoded::from_str::<Vec<(String, String)>>(query).unwrap_or_default()
}

/// The response header that carries a new session token when the one sent was past half its
/// life. The browser stores it in place of the old one.
pub const REFRESHED_TOKEN_HEADER: &str = "x-refreshed-token";
pub const REQUEST_ID_HEADER: &str = "x-request-id";

tokio::task_local! {
    static REQUEST_ID: String;
}

/// The id of the request being handled (for error bodies).
pub fn current_request_id() -> String {
    REQUEST_ID.try_with(Clone::clone).unwrap_or_default()
}

/// Placed in the request's extensions by the session extractor when it issued a new token.
#[derive(Debug, Clone)]
pub struct RefreshedToken(pub String);

fn request_id_of(req: &ServiceRequest) -> String {
    // A caller's own id is kept when it is short and plain, so logs can be followed across
    // services; anything else is replaced.
    req.headers()
        .get(REQUEST_ID_HEADER)
        .and_then(|value| value.to_str().ok())
        .filter(|value| {
            !value.is_empty() && value.len() <= 64 && value.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
        .map(str::to_owned)
        .unwrap_or_else(|| uuid::Uuid::new_v4().to_string())
}

pub async fn request_context(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let request_id = request_id_of(&req);
    let method = req.method().clone();
    let path = req.path().to_owned();
    let policy = req.app_data::<actix_web::web::Data<crate::state::AppState>>().map(|state| state.web.clone());
    let started = Instant::now();
    let result = match bad_query(req.query_string()) {
        Some((field, message)) => Ok(req.into_response(
            REQUEST_ID
                .sync_scope(request_id.clone(), || {
                    ApiError::validation(kernel::FieldErrors::single(&field, message)).error_response()
                })
                .map_into_boxed_body(),
        )),
        None => {
            // A handler that panics would otherwise close the connection with no answer.
            match std::panic::AssertUnwindSafe(REQUEST_ID.scope(request_id.clone(), next.call(req)))
                .catch_unwind()
                .await
            {
                Ok(result) => result.map(ServiceResponse::map_into_boxed_body),
                Err(_) => {
                    // The request went with the handler; an error is still answered (a 500 with
                    // the one error body) by actix, with this request's id.
                    tracing::error!(request_id = %request_id, method = %method, path = %path, "handler panicked");
                    let error = REQUEST_ID.sync_scope(request_id.clone(), || ApiError::internal("handler panicked"));
                    return Err(error.into());
                }
            }
        }
    };
    let mut response = result?;
    let refreshed = response.request().extensions().get::<RefreshedToken>().cloned();
    let headers = response.headers_mut();
    secure(&policy.unwrap_or_default(), &path, headers);
    if let Ok(value) = HeaderValue::from_str(&request_id) {
        headers.insert(HeaderName::from_static(REQUEST_ID_HEADER), value);
    }
    if let Some(RefreshedToken(token)) = refreshed {
        if let Ok(value) = HeaderValue::from_str(&token) {
            headers.insert(HeaderName::from_static(REFRESHED_TOKEN_HEADER), value);
        }
    }
    tracing::info!(
        request_id = %request_id,
        method = %method,
        path = %path,
        status = response.status().as_u16(),
        elapsed_ms = started.elapsed().as_millis() as u64,
        "request"
    );
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(origins: &[&str]) -> WebPolicy {
        WebPolicy::new(&origins.iter().map(|origin| (*origin).to_owned()).collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn an_embedding_origin_is_one_the_framing_policy_allows() {
        let web = policy(&["https://CRM.example.com", "http://127.0.0.1:5173", "https://*.agency.test"]);
        assert_eq!(web.embedding_origin("https://crm.example.com/").unwrap(), "https://crm.example.com");
        assert_eq!(web.embedding_origin("http://127.0.0.1:5173").unwrap(), "http://127.0.0.1:5173");
        assert_eq!(web.embedding_origin("https://east.agency.test").unwrap(), "https://east.agency.test");
        for refused in [
            "http://crm.example.com",
            "https://crm.example.com:8443",
            "http://127.0.0.1:5174",
            "https://agency.test",
            "https://eastagency.test",
            "https://a:1.agency.test",
            "https://crm.example.com/path",
            "javascript:alert(1)",
            "*",
            "",
        ] {
            let errors = web.embedding_origin(refused).unwrap_err();
            assert_eq!(errors.messages("origin"), [EMBED_ORIGIN_REFUSED], "{refused}");
        }
        assert!(WebPolicy::default().embedding_origin("https://crm.example.com").is_err());
        assert!(WebPolicy::default().embedding_origins().is_empty());
    }
}
