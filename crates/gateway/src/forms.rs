//! Bodies that may come as JSON, `multipart/form-data` or `application/x-www-form-urlencoded`
//! (the spec posts some forms), read into one typed request.

use crate::error::{ApiError, ErrorCode};
use actix_multipart::Multipart;
use actix_web::http::header::CONTENT_TYPE;
use actix_web::{web, HttpRequest};
use futures_util::StreamExt;
use serde::de::DeserializeOwned;
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

pub use kernel::validation::lenient_i64;

/// A `multipart/form-data` upload: the bytes of its `file` part and its other fields as text.
pub struct Upload {
    pub file: Vec<u8>,
    pub fields: std::collections::HashMap<String, String>,
}

/// Reads an upload of at most `file_limit` bytes of file. Bigger is a 413 naming the field;
/// none is a 400.
pub async fn read_upload(req: &HttpRequest, payload: web::Payload, file_limit: usize) -> Result<Upload, ApiError> {
    use kernel::FieldErrors;
    let content_type =
        req.headers().get(CONTENT_TYPE).and_then(|value| value.to_str().ok()).unwrap_or_default().to_ascii_lowercase();
    let missing = || ApiError::validation(FieldErrors::single("file", files::EMPTY_FILE_MESSAGE));
    if !content_type.starts_with("multipart/form-data") {
        return Err(missing());
    }
    let too_big = || {
        let message = format!("The file is too large: the limit is {} MB.", file_limit / (1024 * 1024));
        ApiError {
            errors: FieldErrors::single("file", message.clone()),
            ..ApiError::new(ErrorCode::PayloadTooLarge, message)
        }
    };
    let mut multipart = Multipart::new(req.headers(), payload);
    let mut file = None;
    let mut fields = std::collections::HashMap::new();
    while let Some(field) = multipart.next().await {
        let mut field = field.map_err(|_| unreadable())?;
        let name = field.name().unwrap_or_default().to_owned();
        let is_file = name == "file";
        // Text fields are small; only the file may be big.
        let limit = if is_file { file_limit } else { 4096 };
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(|_| unreadable())?;
            if bytes.len() + chunk.len() > limit {
                return Err(if is_file { too_big() } else { too_large() });
            }
            bytes.extend_from_slice(&chunk);
        }
        if is_file {
            file = Some(bytes);
        } else {
            fields.insert(name, String::from_utf8(bytes).map_err(|_| unreadable())?);
        }
    }
    let file = file.filter(|bytes| !bytes.is_empty()).ok_or_else(missing)?;
    Ok(Upload { file, fields })
}
