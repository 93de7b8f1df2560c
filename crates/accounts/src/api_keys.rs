//! Company API keys (issue 43): how other systems (payroll, the agency's management system, a
//! spreadsheet robot) reach a company's data without anyone's password.
//!
//! An admin creates a key with a name, its scopes and an optional expiry. The secret is shown
//! once and only its SHA-256 is kept; a short public prefix tells keys apart on screen.
//! A key acts as the admin who created it, within its scopes, and works only while that person
//! is still an active admin of the company. This is how BambooHR's keys work: nobody keeps a
//! door open after their own right to it ends. A key never reaches another company.
//!
//! Which routes a scope opens is the gateway's business: its guards name the scope a route
//! accepts. This crate proves the key itself ([`Accounts::authenticate_api_key`]): known, not
//! revoked, not expired, its admin still an admin. It also counts the key's requests against
//! the per-minute limit, in the key's own row, so every instance counts against one limit.

use crate::entities::{api_keys, companies, users};
use crate::{AccountStanding, Accounts, AccountsError};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use chrono_tz::Tz;
use kernel::{AdminCtx, ApiKeyId, CompanyId, EmploymentStatus, FieldErrors, Role, UserId};
use sea_orm::sea_query::{Expr, Query};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;

/// What a key may do: each opens the routes of one kind of data, for reading or writing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ApiScope {
    PeopleRead,
    TimeRead,
    TimeWrite,
    TimeOffRead,
    TimeOffWrite,
    ReportsRead,
}

impl ApiScope {
    pub const ALL: [ApiScope; 6] = [
        ApiScope::PeopleRead,
        ApiScope::TimeRead,
        ApiScope::TimeWrite,
        ApiScope::TimeOffRead,
        ApiScope::TimeOffWrite,
        ApiScope::ReportsRead,
    ];

    /// The code stored, sent on the wire and named in the OpenAPI document.
    pub const fn code(self) -> &'static str {
        match self {
            ApiScope::PeopleRead => "people:read",
            ApiScope::TimeRead => "time:read",
            ApiScope::TimeWrite => "time:write",
            ApiScope::TimeOffRead => "time_off:read",
            ApiScope::TimeOffWrite => "time_off:write",
            ApiScope::ReportsRead => "reports:read",
        }
    }

    /// What the admin reads beside the checkbox.
    pub const fn label(self) -> &'static str {
        match self {
            ApiScope::PeopleRead => "Read people",
            ApiScope::TimeRead => "Read time",
            ApiScope::TimeWrite => "Write time",
            ApiScope::TimeOffRead => "Read time off",
            ApiScope::TimeOffWrite => "Write time off",
            ApiScope::ReportsRead => "Read reports",
        }
    }

    pub fn from_code(code: &str) -> Option<ApiScope> {
        ApiScope::ALL.into_iter().find(|scope| scope.code() == code)
    }
}

/// How many requests a key may make in a window, shared by every instance.
#[derive(Debug, Clone, Copy)]
pub struct KeyRateLimit {
    pub requests: i32,
    pub window: Duration,
}

impl Default for KeyRateLimit {
    fn default() -> Self {
        KeyRateLimit { requests: 600, window: Duration::minutes(1) }
    }
}

/// The start of every key's secret: tells a key from a session token at a glance.
pub const KEY_PREFIX: &str = "tk_";

/// Whether a bearer credential is an API key (session tokens are JWTs, `eyJ…`).
pub fn is_api_key(credential: &str) -> bool {
    credential.starts_with(KEY_PREFIX)
}

/// The longest name a key may have.
const NAME_MAX: usize = 100;

/// A key to create, as the admin asked for it (checked by [`NewApiKey::new`]).
#[derive(Debug, Clone)]
pub struct NewApiKey {
    name: String,
    scopes: Vec<ApiScope>,
    expires_on: Option<NaiveDate>,
}

impl NewApiKey {
    /// Checks the request's fields: a name, at least one known scope, an expiry after today
    /// (in the company's zone) if there is one.
    pub fn new(
        name: Option<&str>,
        scopes: &[String],
        expires_on: Option<&str>,
        today: NaiveDate,
    ) -> Result<NewApiKey, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = name.unwrap_or_default().trim().to_owned();
        if name.is_empty() {
            errors.add("name", "Please name the key");
        } else if name.chars().count() > NAME_MAX {
            errors.add("name", "The name may have at most 100 characters");
        } else if let Err(message) = kernel::validation::check_text("name", &name) {
            errors.add("name", message);
        }
        let mut chosen = Vec::new();
        for code in scopes {
            match ApiScope::from_code(code.trim()) {
                Some(scope) if !chosen.contains(&scope) => chosen.push(scope),
                Some(_) => {}
                None => {
                    errors.add("scopes", format!("There is no scope \"{}\"", code.chars().take(40).collect::<String>()))
                }
            }
        }
        if scopes.is_empty() {
            errors.add("scopes", "Please choose at least one scope");
        }
        chosen.sort();
        let expires_on = match expires_on.map(str::trim).filter(|text| !text.is_empty()) {
            None => None,
            Some(text) => match NaiveDate::parse_from_str(text, "%Y-%m-%d") {
                Ok(day) if day > today => Some(day),
                Ok(_) => {
                    errors.add("expiresOn", "The expiry must be after today");
                    None
                }
                Err(_) => {
                    errors.add("expiresOn", "Please enter a date as YYYY-MM-DD");
                    None
                }
            },
        };
        errors.into_result(NewApiKey { name, scopes: chosen, expires_on })
    }
}

/// A key as the admins' list shows it (never its secret).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ApiKeyView {
    pub id: i64,
    pub name: String,
    /// The secret's public start, to recognise the key by.
    pub prefix: String,
    /// The scopes' codes.
    pub scopes: Vec<String>,
    pub created_by: i64,
    pub created_by_name: Option<String>,
    pub created_at: DateTime<Utc>,
    /// The last instant it may be used (the end of its expiry day in the company's zone).
    pub expires_at: Option<DateTime<Utc>>,
    pub last_used_at: Option<DateTime<Utc>>,
    pub last_used_ip: Option<String>,
    pub revoked_at: Option<DateTime<Utc>>,
    /// `active`, `expired` or `revoked`.
    pub status: String,
}

/// A key just created: its secret, shown this once.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CreatedApiKey {
    pub key: ApiKeyView,
    /// `Authorization: Bearer <secret>`. It is not stored and cannot be shown again.
    pub secret: String,
}

/// A scope as the screen offers it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ApiScopeView {
    pub code: String,
    pub label: String,
}

/// The company's keys and the scopes a key may have.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ApiKeyList {
    pub keys: Vec<ApiKeyView>,
    pub scopes: Vec<ApiScopeView>,
}

/// A key proven by its secret: whom it acts as, and what it may do.
#[derive(Debug, Clone)]
pub struct KeyAuth {
    pub key: ApiKeyId,
    pub company: CompanyId,
    /// The admin the key acts as.
    pub acts_as: UserId,
    pub role: Role,
    pub time_zone: Tz,
    pub standing: AccountStanding,
    pub scopes: Vec<ApiScope>,
}

impl KeyAuth {
    pub fn allows(&self, scope: ApiScope) -> bool {
        self.scopes.contains(&scope)
    }
}

/// Why a key was refused: an unknown, revoked or expired key, or one whose admin can no longer
/// act (401); too many requests in the window (429).
pub const KEY_NOT_VALID: &str = "This API key is not valid.";
pub const KEY_REVOKED: &str = "This API key has been revoked.";
pub const KEY_EXPIRED: &str = "This API key has expired.";
pub const KEY_OWNER_GONE: &str = "This API key no longer works: the admin who created it is no longer an admin.";

fn parse_scopes(stored: &str) -> Vec<ApiScope> {
    stored.split_whitespace().filter_map(ApiScope::from_code).collect()
}

/// Whether a key may be used now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum KeyStatus {
    Active,
    Expired,
    Revoked,
}

impl KeyStatus {
    fn of(key: &api_keys::Model, now: DateTime<Utc>) -> KeyStatus {
        if key.revoked_at.is_some() {
            KeyStatus::Revoked
        } else if key.expires_at.is_some_and(|end| end <= now) {
            KeyStatus::Expired
        } else {
            KeyStatus::Active
        }
    }

    /// The code the list sends.
    fn code(self) -> &'static str {
        match self {
            KeyStatus::Active => "active",
            KeyStatus::Expired => "expired",
            KeyStatus::Revoked => "revoked",
        }
    }
}

fn view(key: api_keys::Model, names: &std::collections::HashMap<UserId, String>, now: DateTime<Utc>) -> ApiKeyView {
    ApiKeyView {
        id: key.id.0,
        status: KeyStatus::of(&key, now).code().to_owned(),
        prefix: key.prefix.clone(),
        scopes: parse_scopes(&key.scopes).into_iter().map(|scope| scope.code().to_owned()).collect(),
        created_by: key.created_by.0,
        created_by_name: names.get(&key.created_by).cloned(),
        name: key.name,
        created_at: key.created_at,
        expires_at: key.expires_at,
        last_used_at: key.last_used_at,
        last_used_ip: key.last_used_ip,
        revoked_at: key.revoked_at,
    }
}

/// The end of `day` in `zone`: the first instant of the next day.
fn end_of_day(day: NaiveDate, zone: Tz) -> DateTime<Utc> {
    let next = day.succ_opt().unwrap_or(day);
    kernel::time::start_of_day(zone, next)
}

impl Accounts {
    /// `GET /api-keys`: the company's keys, newest first (revoked and expired ones too, marked).
    pub async fn api_keys(&self, ctx: &AdminCtx) -> Result<ApiKeyList, AccountsError> {
        let rows = api_keys::Entity::find()
            .filter(kernel::tenancy::same_company::<api_keys::Entity>(ctx.company()))
            .order_by_desc(api_keys::Column::Id)
            .all(&self.db)
            .await?;
        let mut creators: Vec<UserId> = rows.iter().map(|row| row.created_by).collect();
        creators.sort_unstable();
        creators.dedup();
        let names = self.names_in_company(ctx, &creators).await?;
        let now = Utc::now();
        Ok(ApiKeyList {
            keys: rows.into_iter().map(|row| view(row, &names, now)).collect(),
            scopes: ApiScope::ALL
                .into_iter()
                .map(|scope| ApiScopeView { code: scope.code().to_owned(), label: scope.label().to_owned() })
                .collect(),
        })
    }

    /// The names of the company's keys `ids` (the audit trail names the key a change came
    /// through).
    pub async fn api_key_names(
        &self,
        ctx: &kernel::TenantCtx,
        ids: &[ApiKeyId],
    ) -> Result<std::collections::HashMap<ApiKeyId, String>, AccountsError> {
        if ids.is_empty() {
            return Ok(std::collections::HashMap::new());
        }
        Ok(api_keys::Entity::find()
            .filter(kernel::tenancy::same_company::<api_keys::Entity>(ctx.company()))
            .filter(api_keys::Column::Id.is_in(ids.iter().map(|id| id.0)))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|key| (key.id, key.name))
            .collect())
    }

    /// `POST /api-keys`: creates a key acting as `ctx`'s admin; its secret is in the answer, once.
    pub async fn create_api_key(&self, ctx: &AdminCtx, new: NewApiKey) -> Result<CreatedApiKey, AccountsError> {
        let public = crate::tokens::random_token();
        let prefix = format!("{KEY_PREFIX}{}", &public[..8]);
        let secret = format!("{prefix}_{}", crate::tokens::random_token());
        let now = Utc::now();
        let scopes: Vec<&str> = new.scopes.iter().map(|scope| scope.code()).collect();
        let expires_at = new.expires_on.map(|day| end_of_day(day, ctx.time_zone()));
        let txn = kernel::begin_write(&self.db).await?;
        let row = api_keys::ActiveModel {
            company_id: Set(ctx.company()),
            name: Set(new.name.clone()),
            prefix: Set(prefix.clone()),
            secret_hash: Set(crate::tokens::hash_token(&secret)),
            scopes: Set(scopes.join(" ")),
            created_by: Set(ctx.actor()),
            created_at: Set(now),
            expires_at: Set(expires_at),
            last_used_at: Set(None),
            last_used_ip: Set(None),
            revoked_at: Set(None),
            window_started_at: Set(None),
            window_count: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        let snapshot = audit::Snapshot::new()
            .with("name", new.name.as_str())
            .with("prefix", prefix.as_str())
            .with("scopes", scopes.join(", "))
            .with("expiresOn", new.expires_on.map(|day| day.to_string()));
        audit::record(
            &txn,
            ctx,
            audit::Change::new(audit::Subject::ApiKey, row.id.0, audit::Action::Created).created(&snapshot),
        )
        .await?;
        txn.commit().await?;
        let names = self.names_in_company(ctx, &[ctx.actor()]).await?;
        Ok(CreatedApiKey { key: view(row, &names, now), secret })
    }

    /// `POST /api-keys/revoke`: the key stops working at once, for every instance (each request
    /// reads its row). Revoking a revoked key changes nothing.
    pub async fn revoke_api_key(&self, ctx: &AdminCtx, id: ApiKeyId) -> Result<ApiKeyList, AccountsError> {
        let txn = kernel::begin_write(&self.db).await?;
        let key = api_keys::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<api_keys::Entity>(ctx.company()))
            .one(&txn)
            .await?
            .ok_or(AccountsError::NotFound)?;
        if key.revoked_at.is_none() {
            let now = Utc::now();
            let mut row: api_keys::ActiveModel = key.clone().into();
            row.revoked_at = Set(Some(now));
            row.update(&txn).await?;
            let change = audit::Change::new(audit::Subject::ApiKey, id.0, audit::Action::Deleted).field(
                "revokedAt",
                serde_json::Value::Null,
                audit::instant(now),
            );
            audit::record(&txn, ctx, change).await?;
        }
        txn.commit().await?;
        self.api_keys(ctx).await
    }

    /// The key a request's credential belongs to, if it may be used now; counts the request
    /// against the key's limit and notes its use (when, from where).
    pub async fn authenticate_api_key(&self, secret: &str, ip: Option<&str>) -> Result<KeyAuth, AccountsError> {
        let refused = |message: &str| AccountsError::KeyRefused(message.to_owned());
        let now = Utc::now();
        let key = api_keys::Entity::find()
            .filter(api_keys::Column::SecretHash.eq(crate::tokens::hash_token(secret)))
            .one(&self.db)
            .await?
            .ok_or_else(|| refused(KEY_NOT_VALID))?;
        match KeyStatus::of(&key, now) {
            KeyStatus::Revoked => return Err(refused(KEY_REVOKED)),
            KeyStatus::Expired => return Err(refused(KEY_EXPIRED)),
            KeyStatus::Active => {}
        }
        let owner = users::Entity::find_by_id(key.created_by.0)
            .filter(kernel::tenancy::same_company::<users::Entity>(key.company_id))
            .one(&self.db)
            .await?
            .filter(|owner| owner.role == Role::Admin && owner.status == EmploymentStatus::Active)
            .ok_or_else(|| refused(KEY_OWNER_GONE))?;
        let company = companies::Entity::find_by_id(key.company_id.0).one(&self.db).await?;
        let company = self.as_billed(company).ok_or_else(|| refused(KEY_NOT_VALID))?;
        let time_zone = crate::sessions::company_time_zone(Some(&company));
        let standing = crate::sessions::company_standing(Some(&company), time_zone, now);
        self.count_key_request(&key, ip, now).await?;
        Ok(KeyAuth {
            key: key.id,
            company: key.company_id,
            acts_as: owner.id,
            role: owner.role,
            time_zone,
            standing,
            scopes: parse_scopes(&key.scopes),
        })
    }

    /// Counts one request in the key's current window (one statement, so requests at once on
    /// several instances are all counted) and refuses it past the limit.
    async fn count_key_request(
        &self,
        key: &api_keys::Model,
        ip: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<(), AccountsError> {
        let limit = self.config.api_key_rate;
        let cutoff = now - limit.window;
        let current = Expr::col(api_keys::Column::WindowStartedAt).gt(cutoff);
        let update = Query::update()
            .table(api_keys::Entity)
            .value(
                api_keys::Column::WindowCount,
                Expr::case(current.clone(), Expr::col(api_keys::Column::WindowCount).add(1)).finally(1),
            )
            .value(
                api_keys::Column::WindowStartedAt,
                Expr::case(current, Expr::col(api_keys::Column::WindowStartedAt)).finally(now),
            )
            .value(api_keys::Column::LastUsedAt, now)
            .value(api_keys::Column::LastUsedIp, ip.map(str::to_owned))
            .and_where(api_keys::Column::Id.eq(key.id))
            .returning(Query::returning().columns([api_keys::Column::WindowCount, api_keys::Column::WindowStartedAt]))
            .to_owned();
        let backend = self.db.get_database_backend();
        let row = self.db.query_one(backend.build(&update)).await?.ok_or(AccountsError::NotFound)?;
        let count: i32 = row.try_get("", "window_count")?;
        let started: DateTime<Utc> = row.try_get("", "window_started_at")?;
        if count > limit.requests {
            let retry_after_seconds = ((started + limit.window) - now).num_seconds().max(1);
            return Err(AccountsError::KeyThrottled { retry_after_seconds });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 12, 1).unwrap_or_default()
    }

    #[test]
    fn a_new_key_needs_a_name_a_known_scope_and_a_future_expiry() {
        let scopes = vec!["time:read".to_owned(), "people:read".to_owned(), "time:read".to_owned()];
        let key = NewApiKey::new(Some(" Payroll "), &scopes, Some("2027-01-01"), today()).unwrap();
        assert_eq!(key.name, "Payroll");
        assert_eq!(key.scopes, vec![ApiScope::PeopleRead, ApiScope::TimeRead]);
        assert_eq!(key.expires_on, NaiveDate::from_ymd_opt(2027, 1, 1));

        let errors = NewApiKey::new(Some(""), &["time:delete".to_owned()], Some("2026-12-01"), today()).unwrap_err();
        assert_eq!(errors.messages("name").first().map(String::as_str), Some("Please name the key"));
        assert_eq!(errors.messages("scopes").first().map(String::as_str), Some("There is no scope \"time:delete\""));
        assert_eq!(errors.messages("expiresOn").first().map(String::as_str), Some("The expiry must be after today"));
        let errors = NewApiKey::new(Some("a\u{7}b"), &[], Some("tomorrow"), today()).unwrap_err();
        assert_eq!(
            errors.messages("name").first().map(String::as_str),
            Some(kernel::validation::CONTROL_CHARACTER_MESSAGE)
        );
        assert_eq!(errors.messages("scopes").first().map(String::as_str), Some("Please choose at least one scope"));
        assert_eq!(errors.messages("expiresOn").first().map(String::as_str), Some("Please enter a date as YYYY-MM-DD"));
    }

    #[test]
    fn scope_codes_round_trip_and_keys_are_told_from_session_tokens() {
        for scope in ApiScope::ALL {
            assert_eq!(ApiScope::from_code(scope.code()), Some(scope));
        }
        assert!(is_api_key("tk_1a2b3c4d_00ff"));
        assert!(!is_api_key("eyJhbGciOiJIUzI1NiJ9.e30.x"));
        assert_eq!(parse_scopes("time:read nonsense reports:read"), vec![ApiScope::TimeRead, ApiScope::ReportsRead]);
    }
}
