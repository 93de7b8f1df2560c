//! Bodies that may come as JSON, `multipart/form-data` or `application/x-www-form-urlencoded`
//! (the spec posts some forms), read into one typed request.

use crate::error::{ApiError, ErrorCode};
use actix_multipart::Multipart;
use actix_web::http::header::CONTENT_TYPE;
use actix_web::{web, HttpRequest};
use futures_util::StreamExt;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value};

fn too_large() -> ApiError {
    ApiError::new(ErrorCode::PayloadTooLarge, "The request is too large.")
}

fn unreadable() -> ApiError {
    ApiError::new(ErrorCode::Validation, "The form could not be read.")
}

async fn read_body(mut payload: web::Payload, limit: usize) -> Result<web::BytesMut, ApiError> {
    let mut body = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|_| unreadable())?;
        if body.len() + chunk.len() > limit {
            return Err(too_large());
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// Form fields become strings, except `json_fields`, whose text is parsed as JSON (a list of
/// breaks, say). Numbers sent as text are accepted by [`lenient_i64`].
fn fields_to_value(fields: Vec<(String, String)>, json_fields: &[&str]) -> Result<Value, ApiError> {
    let mut map = Map::new();
    for (name, text) in fields {
        let value = if json_fields.contains(&name.as_str()) {
            if text.trim().is_empty() {
                Value::Null
            } else {
                serde_json::from_str(&text).map_err(|_| unreadable())?
            }
        } else {
            Value::String(text)
        };
        map.insert(name, value);
    }
    Ok(Value::Object(map))
}

/// Reads the body by its content type (JSON when none is given).
pub async fn read_form_or_json<T: DeserializeOwned>(
    req: &HttpRequest,
    payload: web::Payload,
    limit: usize,
    json_fields: &[&str],
) -> Result<T, ApiError> {
    let content_type =
        req.headers().get(CONTENT_TYPE).and_then(|value| value.to_str().ok()).unwrap_or_default().to_ascii_lowercase();
    let value = if content_type.starts_with("multipart/form-data") {
        let mut multipart = Multipart::new(req.headers(), payload);
        let mut fields = Vec::new();
        let mut total = 0usize;
        while let Some(field) = multipart.next().await {
            let mut field = field.map_err(|_| unreadable())?;
            let name = field.name().unwrap_or_default().to_owned();
            let mut bytes = Vec::new();
            while let Some(chunk) = field.next().await {
                let chunk = chunk.map_err(|_| unreadable())?;
                total += chunk.len();
                if total > limit {
                    return Err(too_large());
                }
                bytes.extend_from_slice(&chunk);
            }
            fields.push((name, String::from_utf8(bytes).map_err(|_| unreadable())?));
        }
        fields_to_value(fields, json_fields)?
    } else if content_type.starts_with("application/x-www-form-urlencoded") {
        let body = read_body(payload, limit).await?;
        let fields: Vec<(String, String)> = serde_urlencoded::from_bytes(&body).map_err(|_| unreadable())?;
        fields_to_value(fields, json_fields)?
    } else {
        let body = read_body(payload, limit).await?;
        serde_json::from_slice(&body)
            .map_err(|err| ApiError::new(ErrorCode::Validation, format!("The request body is not valid JSON: {err}")))?
    };
    serde_json::from_value(value).map_err(|err| {
        ApiError::new(ErrorCode::Validation, format!("The request has a field of the wrong type: {err}"))
    })
}

/// An optional whole number given as a JSON number or as text ("12"); empty text is absent.
pub fn lenient_i64<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum NumberOrText {
        Number(i64),
        Text(String),
    }
    match Option::<NumberOrText>::deserialize(deserializer)? {
        None => Ok(None),
        Some(NumberOrText::Number(number)) => Ok(Some(number)),
        Some(NumberOrText::Text(text)) if text.trim().is_empty() => Ok(None),
        Some(NumberOrText::Text(text)) => text.trim().parse().map(Some).map_err(serde::de::Error::custom),
    }
}
