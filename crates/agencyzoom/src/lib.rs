//! A client of the AgencyZoom API, the partner agency-management CRM of spec 001 §2 ("partner
//! import"). It signs in with the e-mail and password an agency's account admin types into the
//! import form, reads the agency and its staff, signs out, and hands back a [`Snapshot`]; what the
//! product does with it is `hr`'s (`hr::agencyzoom`). The credentials and the partner's token live
//! only for the length of one [`Client::snapshot`] call: nothing here stores or logs them.
//!
//! # The HTTP shape this client relies on
//!
//! All under the configured base URL (production: `https://api.agencyzoom.com`), JSON bodies,
//! field names in camelCase. Login and `employees` are AgencyZoom's public v1 paths; the
//! fields read are the ones below, and nothing else of an answer is looked at (unknown fields
//! are ignored). `e2e/agencyzoom/server.py` speaks exactly this, and the gateway's tests run
//! this client against it.
//!
//! 1. `POST /v1/api/auth/login` with `{"username": "<e-mail>", "password": "<password>"}`
//!    → 200 `{"jwt": "<token>"}`. Wrong credentials: 400, 401 or 403 (any body) →
//!    [`AzError::Refused`].
//! 2. `GET /v1/api/agency` with `Authorization: Bearer <token>` → 200
//!    `{"name", "phone", "email", "address", "city", "state", "zip"}` (every field a string or
//!    null; `address` may also be named `address1`). A user who is not an account admin of the
//!    agency: 403 → [`AzError::NotAnAdmin`].
//! 3. `GET /v1/api/employees?page=<n>&pageSize=100` (n from 1) with the same header → 200
//!    `{"totalCount": <all employees>, "employees": [{"id": <number or string>, "firstName",
//!    "lastName", "email", "phone", "jobTitle", "userType": "owner" | "admin" | "manager" |
//!    "user", "active": <bool, default true>}]}`; pages are read until `totalCount` rows came or
//!    a page is empty. 403 → [`AzError::NotAnAdmin`].
//! 4. `POST /v1/api/auth/logout` with the same header (any answer): the token is given back as
//!    soon as the import has what it needs.
//!
//! Any other status is [`AzError::Failed`]; a 2xx whose body is not that JSON (or is larger than
//! [`MAX_BODY_BYTES`]) is [`AzError::Malformed`]. Each request has its own timeout and the whole
//! call a deadline ([`Config`]), so a partner that stalls gives [`AzError::Timeout`], never a
//! request hanging forever. Redirects are not followed (a login answered by a redirect is not
//! the API this speaks).

use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::fmt;
use std::time::Duration;

/// Rows asked for a page of employees.
pub const PAGE_SIZE: usize = 100;
/// More staff than this is not an insurance agency's: the answer is refused as malformed.
pub const MAX_EMPLOYEES: usize = 5_000;
/// The largest answer read (a page of 100 employees is some 30 kB).
pub const MAX_BODY_BYTES: usize = 4 * 1024 * 1024;

/// Where the partner is and how long it may take.
#[derive(Debug, Clone)]
pub struct Config {
    /// `https://api.agencyzoom.com`, or a server speaking the same API in tests.
    pub base_url: String,
    /// One request's limit, connecting included.
    pub request_timeout: Duration,
    /// The whole [`Client::snapshot`]: sign-in, agency, every page, sign-out.
    pub deadline: Duration,
}

impl Config {
    /// The production API with the default limits (20 s a request, 60 s in all).
    pub fn production() -> Self {
        Self::at("https://api.agencyzoom.com")
    }

    /// `base_url` with the default limits.
    pub fn at(base_url: &str) -> Self {
        Self {
            base_url: base_url.to_owned(),
            request_timeout: Duration::from_secs(20),
            deadline: Duration::from_secs(60),
        }
    }
}

/// What went wrong talking to the partner. No variant carries the credentials.
#[derive(Debug, thiserror::Error)]
pub enum AzError {
    /// The partner did not accept the e-mail and password.
    #[error("AgencyZoom did not accept the e-mail and password")]
    Refused,
    /// Signed in, but the user may not read the agency's staff.
    #[error("the AgencyZoom user is not an account admin")]
    NotAnAdmin,
    /// No answer within a request's timeout or the call's deadline.
    #[error("AgencyZoom did not answer in time")]
    Timeout,
    /// No connection (refused, reset, name not found).
    #[error("AgencyZoom could not be reached: {0}")]
    Unreachable(String),
    /// An unexpected status.
    #[error("AgencyZoom answered with status {0}")]
    Failed(u16),
    /// A 2xx answer that is not the JSON of the shape above.
    #[error("AgencyZoom's answer could not be read: {0}")]
    Malformed(String),
    /// The configured base URL is unusable.
    #[error("the AgencyZoom address is not usable: {0}")]
    Config(String),
}

/// The agency's own details; every field as the partner sent it (validated by the importer).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Agency {
    pub name: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    #[serde(alias = "address1")]
    pub address: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip: Option<String>,
}

/// The partner's kind of user, which decides a new person's permission in Timekeep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UserType {
    Owner,
    Admin,
    Manager,
    /// Everyone else (producers, service staff…), and any type this client does not know.
    User,
}

impl UserType {
    fn parse(text: Option<&str>) -> Self {
        match text.map(|text| text.trim().to_ascii_lowercase()).as_deref() {
            Some("owner") => UserType::Owner,
            Some("admin") => UserType::Admin,
            Some("manager") => UserType::Manager,
            _ => UserType::User,
        }
    }
}

/// One of the agency's staff, as the partner sent it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Employee {
    /// The partner's id of the person (a number or a text there; kept as text). Empty when the
    /// partner sent none.
    pub id: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    /// What they do at the agency ("Producer", "Customer Service"…): Timekeep's job role.
    pub job_title: Option<String>,
    pub user_type: UserType,
    /// False for people the agency has deactivated.
    pub active: bool,
}

/// Everything one import needs.
#[derive(Debug, Clone)]
pub struct Snapshot {
    pub agency: Agency,
    pub employees: Vec<Employee>,
}

/// The partner's API. Cheap to clone (one connection pool).
#[derive(Clone)]
pub struct Client {
    http: reqwest::Client,
    base: String,
    deadline: Duration,
}

impl fmt::Debug for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("agencyzoom::Client").field("base", &self.base).finish()
    }
}

/// The partner's token for one import; not `Debug`, so it cannot end up in a log line.
struct Token(String);

#[derive(Deserialize)]
struct LoginAnswer {
    jwt: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct EmployeesPage {
    total_count: Option<u64>,
    employees: Vec<RawEmployee>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[derive(Default)]
struct RawEmployee {
    id: serde_json::Value,
    first_name: Option<String>,
    last_name: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    job_title: Option<String>,
    user_type: Option<String>,
    active: Option<bool>,
}

impl From<RawEmployee> for Employee {
    fn from(raw: RawEmployee) -> Self {
        let id = match raw.id {
            serde_json::Value::String(text) => text.trim().to_owned(),
            serde_json::Value::Number(number) => number.to_string(),
            _ => String::new(),
        };
        Employee {
            id,
            first_name: raw.first_name,
            last_name: raw.last_name,
            email: raw.email,
            phone: raw.phone,
            job_title: raw.job_title,
            user_type: UserType::parse(raw.user_type.as_deref()),
            active: raw.active.unwrap_or(true),
        }
    }
}

impl Client {
    pub fn new(config: &Config) -> Result<Self, AzError> {
        let base = config.base_url.trim().trim_end_matches('/').to_owned();
        if !(base.starts_with("https://") || base.starts_with("http://")) {
            return Err(AzError::Config(format!("{base:?} is not an http(s) URL")));
        }
        let http = reqwest::Client::builder()
            .timeout(config.request_timeout)
            .connect_timeout(config.request_timeout)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("Timekeep/", env!("CARGO_PKG_VERSION"), " (AgencyZoom import)"))
            .build()
            .map_err(|err| AzError::Config(err.to_string()))?;
        Ok(Self { http, base, deadline: config.deadline })
    }

    /// Where the partner is (for the logs and the import screen).
    pub fn base_url(&self) -> &str {
        &self.base
    }

    /// Signs in as `email`, reads the agency and all of its staff, and signs out, all within
    /// the configured deadline.
    pub async fn snapshot(&self, email: &str, password: &str) -> Result<Snapshot, AzError> {
        tokio::time::timeout(self.deadline, self.fetch(email, password)).await.map_err(|_| AzError::Timeout)?
    }

    async fn fetch(&self, email: &str, password: &str) -> Result<Snapshot, AzError> {
        let token = self.login(email, password).await?;
        let read = self.read_all(&token).await;
        // Given back whatever the reads gave; a failed sign-out changes nothing for the import.
        let _ = self.send(self.http.post(self.url("/v1/api/auth/logout")).bearer_auth(&token.0)).await;
        read
    }

    async fn read_all(&self, token: &Token) -> Result<Snapshot, AzError> {
        let agency: Agency = self.get(token, "/v1/api/agency").await?;
        let mut employees = Vec::new();
        let mut page = 1;
        loop {
            let answer: EmployeesPage =
                self.get(token, &format!("/v1/api/employees?page={page}&pageSize={PAGE_SIZE}")).await?;
            let got = answer.employees.len();
            employees.extend(answer.employees.into_iter().map(Employee::from));
            if employees.len() > MAX_EMPLOYEES {
                return Err(AzError::Malformed(format!("more than {MAX_EMPLOYEES} employees")));
            }
            let total = answer.total_count.unwrap_or(0);
            if got == 0 || u64::try_from(employees.len()).unwrap_or(u64::MAX) >= total {
                break;
            }
            page += 1;
        }
        Ok(Snapshot { agency, employees })
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    async fn login(&self, email: &str, password: &str) -> Result<Token, AzError> {
        let body = serde_json::json!({ "username": email, "password": password });
        let response = self.send(self.http.post(self.url("/v1/api/auth/login")).json(&body)).await?;
        match response.status().as_u16() {
            200..=299 => {}
            400 | 401 | 403 => return Err(AzError::Refused),
            status => return Err(AzError::Failed(status)),
        }
        let answer: LoginAnswer = read_json(response).await?;
        match answer.jwt.filter(|jwt| !jwt.trim().is_empty()) {
            Some(jwt) => Ok(Token(jwt)),
            None => Err(AzError::Malformed("the login answer has no token".to_owned())),
        }
    }

    async fn get<T: DeserializeOwned>(&self, token: &Token, path: &str) -> Result<T, AzError> {
        let response = self.send(self.http.get(self.url(path)).bearer_auth(&token.0)).await?;
        match response.status().as_u16() {
            200..=299 => read_json(response).await,
            403 => Err(AzError::NotAnAdmin),
            status => Err(AzError::Failed(status)),
        }
    }

    async fn send(&self, request: reqwest::RequestBuilder) -> Result<reqwest::Response, AzError> {
        request.send().await.map_err(transport_error)
    }
}

fn transport_error(err: reqwest::Error) -> AzError {
    if err.is_timeout() {
        AzError::Timeout
    } else if err.is_decode() || err.is_body() {
        AzError::Malformed(err.without_url().to_string())
    } else {
        AzError::Unreachable(err.without_url().to_string())
    }
}

/// The body as `T`, read up to [`MAX_BODY_BYTES`].
async fn read_json<T: DeserializeOwned>(mut response: reqwest::Response) -> Result<T, AzError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(transport_error)? {
        if bytes.len() + chunk.len() > MAX_BODY_BYTES {
            return Err(AzError::Malformed(format!("an answer larger than {MAX_BODY_BYTES} bytes")));
        }
        bytes.extend_from_slice(&chunk);
    }
    serde_json::from_slice(&bytes).map_err(|err| AzError::Malformed(err.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn employees_are_read_leniently() {
        let page: EmployeesPage = serde_json::from_str(
            r#"{"totalCount": 2, "employees": [
                {"id": 17, "firstName": "Ann", "lastName": "Lee", "email": "ann@example.com",
                 "jobTitle": "Producer", "userType": "Admin", "extra": [1, 2]},
                {"id": "az-9", "userType": "something new", "active": false}
            ]}"#,
        )
        .unwrap();
        let employees: Vec<Employee> = page.employees.into_iter().map(Employee::from).collect();
        assert_eq!(employees[0].id, "17");
        assert_eq!(employees[0].user_type, UserType::Admin);
        assert!(employees[0].active);
        assert_eq!(employees[1].id, "az-9");
        assert_eq!(employees[1].user_type, UserType::User);
        assert!(!employees[1].active);
        assert_eq!(employees[1].email, None);
    }

    #[test]
    fn only_http_addresses_are_accepted() {
        assert!(matches!(Client::new(&Config::at("ftp://example.com")), Err(AzError::Config(_))));
        assert_eq!(Client::new(&Config::at("http://127.0.0.1:9/")).unwrap().base_url(), "http://127.0.0.1:9");
    }
}
