//! Request bodies: the one way a handler reads one.
//!
//! [`Body<T>`] (and [`read_form_or_json`] for the few forms whose fields carry JSON) takes JSON,
//! `multipart/form-data` or `application/x-www-form-urlencoded` (the spec posts some forms),
//! bounded in size, and goes through [`decode`]: every text in it is checked for control
//! characters ([`kernel::validation::check_text`]: none at all, but line breaks and tabs in the
//! multi-line fields), then it is read into the typed request, a wrong type answering with the
//! field that has it. Uploads are [`read_upload`]: one file part and a few small text fields,
//! the whole bounded.

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
            if fields.len() >= MAX_FORM_FIELDS {
                return Err(too_large());
            }
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
    } else if content_type.is_empty() || content_type.starts_with("application/json") || content_type.contains("+json")
    {
        let body = read_body(payload, limit).await?;
        serde_json::from_slice(&body)
            .map_err(|err| ApiError::new(ErrorCode::Validation, format!("The request body is not valid JSON: {err}")))?
    } else {
        return Err(ApiError::new(
            ErrorCode::Validation,
            "The request body must be JSON (Content-Type: application/json) or a form.",
        ));
    };
    decode(value)
}

/// The field serde's `deny_unknown_fields` names in its message (``unknown field `x`, expected …``).
fn unknown_field(message: &str) -> Option<&str> {
    message.strip_prefix("unknown field `")?.split('`').next()
}

/// The typed request of a body's JSON: refuses control characters in its texts, and names the
/// field of a wrong type.
pub fn decode<T: DeserializeOwned>(value: Value) -> Result<T, ApiError> {
    let mut errors = kernel::FieldErrors::new();
    check_texts(&value, &mut String::new(), &mut errors);
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    serde_path_to_error::deserialize(ObjectsAsObjects(value)).map_err(|err| {
        // A call that refuses fields it does not know (settings, configuration) names the field.
        if let Some(unknown) = unknown_field(&err.inner().to_string()) {
            let path = err.path().to_string();
            let field = match path.as_str() {
                "." => unknown.to_owned(),
                path if path == unknown || path.ends_with(&format!(".{unknown}")) => path.to_owned(),
                path => format!("{path}.{unknown}"),
            };
            let message = format!("This call does not take the field {unknown}.");
            return ApiError::validation(kernel::FieldErrors::single(&field, message));
        }
        let field = err.path().to_string();
        let message = format!("This field has the wrong type: {}", err.inner());
        let mut api = ApiError::new(ErrorCode::Validation, message.clone());
        if field != "." {
            api.errors = kernel::FieldErrors::single(&field, message);
        }
        api
    })
}

/// Checks every string of `value` (keys too), naming each bad one by its path (`users[2].email`).
fn check_texts(value: &Value, path: &mut String, errors: &mut kernel::FieldErrors) {
    match value {
        Value::String(text) => {
            let field = path.rsplit(['.', ']']).next().unwrap_or_default();
            if let Err(message) = kernel::validation::check_text(field, text) {
                errors.add(if path.is_empty() { "body" } else { path }, message);
            }
        }
        Value::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                let len = path.len();
                path.push_str(&format!("[{index}]"));
                check_texts(item, path, errors);
                path.truncate(len);
            }
        }
        Value::Object(map) => {
            for (key, item) in map {
                if let Err(message) = kernel::validation::check_text("", key) {
                    errors.add("body", message);
                    continue;
                }
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
                check_texts(item, path, errors);
                path.truncate(len);
            }
        }
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

/// Bodies of the API are small forms.
pub const BODY_LIMIT: usize = 256 * 1024;

/// A request body of type `T`, read as [`read_form_or_json`] reads it (at most [`BODY_LIMIT`]).
pub struct Body<T>(pub T);

impl<T> Body<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> std::ops::Deref for Body<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: DeserializeOwned + 'static> actix_web::FromRequest for Body<T> {
    type Error = ApiError;
    type Future = futures_util::future::LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, payload: &mut actix_web::dev::Payload) -> Self::Future {
        let req = req.clone();
        let payload = <web::Payload as actix_web::FromRequest>::from_request(&req, payload);
        Box::pin(async move {
            let payload = payload.await.map_err(|_| unreadable())?;
            read_form_or_json(&req, payload, BODY_LIMIT, &[]).await.map(Body)
        })
    }
}

/// A JSON body that may be left out: an empty body reads as `T::default()` (the presses, whose
/// position is optional and which older clients send bodiless).
pub struct OptionalBody<T>(pub T);

impl<T> OptionalBody<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T: DeserializeOwned + Default + 'static> actix_web::FromRequest for OptionalBody<T> {
    type Error = ApiError;
    type Future = futures_util::future::LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, payload: &mut actix_web::dev::Payload) -> Self::Future {
        let req = req.clone();
        let payload = <web::Payload as actix_web::FromRequest>::from_request(&req, payload);
        Box::pin(async move {
            let payload = payload.await.map_err(|_| unreadable())?;
            let body = read_body(payload, BODY_LIMIT).await?;
            if body.iter().all(u8::is_ascii_whitespace) {
                return Ok(OptionalBody(T::default()));
            }
            let value: Value = serde_json::from_slice(&body).map_err(|err| {
                ApiError::new(ErrorCode::Validation, format!("The request body is not valid JSON: {err}"))
            })?;
            decode(value).map(OptionalBody)
        })
    }
}

pub use kernel::validation::lenient_i64;

/// An image upload as the OpenAPI document describes it: `multipart/form-data` with the file.
#[derive(utoipa::ToSchema)]
pub struct ImageUpload {
    /// PNG, JPEG, GIF or WebP (checked by its bytes), at most 5 MB.
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
}

/// An image for an employee: the file and whose it is.
#[derive(utoipa::ToSchema)]
pub struct EmployeeImageUpload {
    /// PNG, JPEG, GIF or WebP (checked by its bytes), at most 5 MB.
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
    /// The employee's id.
    pub employee: i64,
}

/// More fields than any form of the product has.
const MAX_FORM_FIELDS: usize = 64;
/// All the text fields of an upload together (the file aside).
const UPLOAD_TEXT_LIMIT: usize = 16 * 1024;

/// What a form with a second file hears.
pub const ONE_FILE_MESSAGE: &str = "Please send one file at a time.";

/// A file name as a browser sent it in a form: browsers write `"` as `%22` and line breaks as
/// `%0D`/`%0A` there (the HTML standard's multipart encoding), and nothing else. Stored as sent,
/// the name came back as `a%2522b.pdf` (encoded twice), so the three are read back; the line
/// breaks are then refused with every other control character.
fn browser_file_name(sent: &str) -> String {
    sent.replace("%22", "\"").replace("%0D", "\r").replace("%0A", "\n")
}

/// A `multipart/form-data` upload: the bytes of its `file` part and its other fields as text.
pub struct Upload {
    pub file: Vec<u8>,
    pub fields: std::collections::HashMap<String, String>,
}

/// Reads an upload of at most `file_limit` bytes of file. Bigger is a 413 naming the field;
/// none is a 400.
pub async fn read_upload(req: &HttpRequest, payload: web::Payload, file_limit: usize) -> Result<Upload, ApiError> {
    let form = read_parts(req, payload, "file", file_limit, UPLOAD_TEXT_LIMIT).await?;
    let file = form
        .file
        .filter(|file| !file.bytes.is_empty())
        .ok_or_else(|| ApiError::validation(kernel::FieldErrors::single("file", files::EMPTY_FILE_MESSAGE)))?;
    Ok(Upload { file: file.bytes, fields: form.fields })
}

/// The text fields of a record's form beside its file may carry rich text (an event's comments).
const RECORD_TEXT_LIMIT: usize = 256 * 1024;

/// A `multipart/form-data` form of a record with an optional file (an HR event, an HR
/// document): its text fields and, when one was sent, the file with the name it came under.
pub struct MultipartForm {
    pub file: Option<hr::NamedUpload>,
    pub fields: std::collections::HashMap<String, String>,
}

impl MultipartForm {
    /// The text fields read into the form's typed request (every field a string).
    pub fn fields_as<T: DeserializeOwned>(&self) -> Result<T, ApiError> {
        let object: Map<String, Value> =
            self.fields.iter().map(|(name, value)| (name.clone(), Value::String(value.clone()))).collect();
        serde_json::from_value(Value::Object(object)).map_err(|err| {
            ApiError::validation(kernel::FieldErrors::single("form", format!("The form could not be read: {err}")))
        })
    }
}

/// Reads a record's form: its text fields (each checked for control characters, all together
/// bounded) and the part `file_field`, of at most `file_limit` bytes (bigger is a 413 on
/// `file`). An empty file part counts as none.
pub async fn read_multipart(
    req: &HttpRequest,
    payload: web::Payload,
    file_field: &str,
    file_limit: usize,
) -> Result<MultipartForm, ApiError> {
    let mut form = read_parts(req, payload, file_field, file_limit, RECORD_TEXT_LIMIT).await?;
    form.file = form.file.filter(|file| !file.bytes.is_empty());
    Ok(form)
}

async fn read_parts(
    req: &HttpRequest,
    payload: web::Payload,
    file_field: &str,
    file_limit: usize,
    text_limit: usize,
) -> Result<MultipartForm, ApiError> {
    use kernel::FieldErrors;
    let content_type =
        req.headers().get(CONTENT_TYPE).and_then(|value| value.to_str().ok()).unwrap_or_default().to_ascii_lowercase();
    if !content_type.starts_with("multipart/form-data") {
        return Err(ApiError::validation(FieldErrors::single("file", files::EMPTY_FILE_MESSAGE)));
    }
    let too_big = || {
        let message = format!("The file is too large: the limit is {} MB.", file_limit / (1024 * 1024));
        ApiError {
            errors: FieldErrors::single("file", message.clone()),
            ..ApiError::new(ErrorCode::PayloadTooLarge, message)
        }
    };
    let mut multipart = Multipart::new(req.headers(), payload);
    let mut file: Option<hr::NamedUpload> = None;
    let mut fields = std::collections::HashMap::new();
    // Every part counts: the text fields together are bounded, and so is their number, so no
    // upload holds more than its file and a few kilobytes in memory.
    let mut text_bytes = 0usize;
    let mut parts = 0usize;
    while let Some(field) = multipart.next().await {
        parts += 1;
        if parts > MAX_FORM_FIELDS {
            return Err(too_large());
        }
        let mut field = field.map_err(|_| unreadable())?;
        let name = field.name().unwrap_or_default().to_owned();
        let sent_name =
            field.content_disposition().and_then(|disposition| disposition.get_filename()).map(browser_file_name);
        if name == file_field && file.is_some() {
            return Err(ApiError::validation(FieldErrors::single(file_field, ONE_FILE_MESSAGE)));
        }
        if name != file_field && sent_name.is_some() {
            let message = format!("This form takes its file as the field {file_field}, not {name}.");
            return Err(ApiError::validation(FieldErrors::single(&name, message)));
        }
        let is_file = name == file_field;
        let file_name = sent_name.unwrap_or_default();
        if let Err(message) = kernel::validation::check_text("filename", &file_name) {
            return Err(ApiError::validation(FieldErrors::single(file_field, format!("The file's name: {message}"))));
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(|_| unreadable())?;
            if is_file {
                if bytes.len() + chunk.len() > file_limit {
                    return Err(too_big());
                }
            } else {
                text_bytes += chunk.len();
                if text_bytes > text_limit {
                    return Err(too_large());
                }
            }
            bytes.extend_from_slice(&chunk);
        }
        if is_file {
            file = Some(hr::NamedUpload { bytes, name: file_name });
        } else {
            let text = String::from_utf8(bytes).map_err(|_| unreadable())?;
            if let Err(message) = kernel::validation::check_text(&name, &text) {
                return Err(ApiError::validation(FieldErrors::single(&name, message)));
            }
            fields.insert(name, text);
        }
    }
    Ok(MultipartForm { file, fields })
}

/// A body read into a typed request, except that a request made of named fields must be sent as
/// a JSON object: serde would also fill a struct from an array of its fields in order
/// (`[null, null]`), a form no client sends and the document does not describe. Only the
/// top level is checked (the fields inside keep serde_json's own rules).
struct ObjectsAsObjects(Value);

impl<'de> serde::Deserializer<'de> for ObjectsAsObjects {
    type Error = serde_json::Error;

    fn deserialize_any<V: serde::de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        self.0.deserialize_any(visitor)
    }

    fn deserialize_struct<V: serde::de::Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        if !self.0.is_object() {
            return Err(serde::de::Error::custom("the request body must be a JSON object"));
        }
        self.0.deserialize_struct(name, fields, visitor)
    }

    fn deserialize_option<V: serde::de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        self.0.deserialize_option(visitor)
    }

    fn deserialize_enum<V: serde::de::Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        self.0.deserialize_enum(name, variants, visitor)
    }

    fn deserialize_newtype_struct<V: serde::de::Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        self.0.deserialize_newtype_struct(name, visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf unit
        unit_struct seq tuple tuple_struct map identifier ignored_any
    }
}
