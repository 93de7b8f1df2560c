//! Cross-cutting request handling: a request id in logs and responses, an access log line, and
//! the refreshed session token header.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{Error, HttpMessage};
use std::time::Instant;

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
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let request_id = request_id_of(&req);
    let method = req.method().clone();
    let path = req.path().to_owned();
    let started = Instant::now();
    let result = REQUEST_ID.scope(request_id.clone(), next.call(req)).await;
    let mut response = match result {
        Ok(response) => response,
        Err(err) => return Err(err),
    };
    let refreshed = response.request().extensions().get::<RefreshedToken>().cloned();
    let headers = response.headers_mut();
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
