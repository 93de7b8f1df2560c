//! The company's audit trail as its admins and managers read it (issue 43): the `audit` crate's
//! entries, limited to the people a manager reaches, with the names of who acted and whom it was
//! about (from `accounts`), a page at a time or the whole selection for the CSV export.

use crate::{Reports, ReportsError};
use audit::{Cursor, Entry, Filter, Subject};
use chrono::{DateTime, Utc};
use kernel::{FieldErrors, ManagerCtx, UserId};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Entries per batch of the CSV export.
const EXPORT_BATCH: u64 = 1_000;

/// The page's filters as the request gives them.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams))]
#[cfg_attr(feature = "openapi", into_params(parameter_in = Query))]
#[serde(default, rename_all = "camelCase")]
pub struct AuditQuery {
    /// The person the entries are about (an id).
    pub person: Option<String>,
    /// The person who made the changes (an id).
    pub actor: Option<String>,
    /// What changed: `shift`, `edit_request`, `time_off_request`, `pto_balance`, `pto_plan`,
    /// `pto_rule`, `pto_type`, `holiday`, `person`, `hr_record`, `policy`, `company_settings`,
    /// `time_settings`, `location`, `billing`, `sign_in`, `api_key`, `webhook`.
    pub entity: Option<String>,
    /// From this company-local day (`YYYY-MM-DD`, inclusive).
    pub from: Option<String>,
    /// To this company-local day (`YYYY-MM-DD`, inclusive).
    pub to: Option<String>,
    /// The previous page's `next`.
    pub cursor: Option<String>,
}

/// The filters, checked.
#[derive(Debug, Clone, Default)]
pub struct AuditFilter {
    person: Option<UserId>,
    actor: Option<UserId>,
    entity: Option<Subject>,
    from: Option<DateTime<Utc>>,
    to: Option<DateTime<Utc>>,
    cursor: Option<Cursor>,
}

fn present(text: &Option<String>) -> Option<&str> {
    text.as_deref().map(str::trim).filter(|text| !text.is_empty())
}

impl AuditFilter {
    /// Reads the query; days are the company's (`tz`).
    pub fn parse(query: &AuditQuery, tz: chrono_tz::Tz) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut person_of = |field: &str, text: &Option<String>| {
            present(text).and_then(|text| match text.parse::<i64>() {
                Ok(id) if id > 0 => Some(UserId(id)),
                _ => {
                    errors.add(field, "Choose a person.");
                    None
                }
            })
        };
        let person = person_of("person", &query.person);
        let actor = person_of("actor", &query.actor);
        let entity = present(&query.entity).and_then(|code| {
            let subject = Subject::from_code(code);
            if subject.is_none() {
                errors.add("entity", "Choose what changed.");
            }
            subject
        });
        let mut day = |field: &str, text: &Option<String>| {
            present(text).and_then(|text| kernel::validation::date_field(&mut errors, field, text, DATE_MESSAGE))
        };
        let (from_day, to_day) = (day("from", &query.from), day("to", &query.to));
        if let (Some(from), Some(to)) = (from_day, to_day) {
            if to < from {
                errors.add("to", "The end date is before the start date.");
            }
        }
        let cursor = present(&query.cursor).and_then(|text| {
            let cursor = Cursor::decode(text);
            if cursor.is_none() {
                errors.add("cursor", "This page link is not valid.");
            }
            cursor
        });
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(AuditFilter {
            person,
            actor,
            entity,
            from: from_day.map(|day| kernel::time::start_of_day(tz, day)),
            to: to_day.and_then(|day| day.succ_opt()).map(|day| kernel::time::start_of_day(tz, day)),
            cursor,
        })
    }
}

const DATE_MESSAGE: &str = "Enter a date as YYYY-MM-DD.";

/// Someone named in an entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AuditPerson {
    pub id: i64,
    /// `null` when the person was erased.
    pub name: Option<String>,
}

/// One field before and after.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AuditFieldChange {
    pub field: String,
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub before: serde_json::Value,
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub after: serde_json::Value,
}

/// One entry of the trail.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AuditEntryView {
    pub id: i64,
    pub occurred_at: DateTime<Utc>,
    pub actor: Option<AuditPerson>,
    /// The platform's support acted as `actor` (impersonation).
    pub impersonated: bool,
    /// The approver the actor stood in for.
    pub on_behalf_of: Option<AuditPerson>,
    /// The person the change is about.
    pub person: Option<AuditPerson>,
    pub entity: String,
    pub entity_id: String,
    pub action: String,
    pub changes: Vec<AuditFieldChange>,
    pub ip: Option<String>,
    /// `web`, `kiosk` or `api`.
    pub client: String,
    /// The API key the change came through (client `api`).
    pub api_key: Option<AuditApiKey>,
}

/// A company API key as an entry names it (`name`: none once the company no longer has it).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AuditApiKey {
    pub id: i64,
    pub name: Option<String>,
}

/// A page of the trail, newest first.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AuditTrailPage {
    pub entries: Vec<AuditEntryView>,
    /// The next page's cursor; `null` on the last page.
    pub next: Option<String>,
}

impl Reports {
    /// `GET /audit`: a page of the trail. An admin reads the whole company's; a manager the
    /// entries about the people they reach. A person or actor filter the caller does not reach
    /// is a 404, as for an id that does not exist.
    pub async fn audit_page(&self, ctx: &ManagerCtx, filter: &AuditFilter) -> Result<AuditTrailPage, ReportsError> {
        let wanted = self.audit_selection(ctx, filter).await?;
        let page = audit::page(&self.db, ctx.company(), &wanted, audit::PAGE_SIZE).await?;
        let entries = self.audit_views(ctx, page.entries).await?;
        Ok(AuditTrailPage { entries, next: page.next.map(|next| next.encode()) })
    }

    /// One batch of the export: the entries after `after` (`None`: from the newest), and where
    /// the next batch starts (`None`: this was the last).
    pub async fn audit_batch(
        &self,
        ctx: &ManagerCtx,
        filter: &AuditFilter,
        after: Option<String>,
    ) -> Result<(Vec<AuditEntryView>, Option<String>), ReportsError> {
        let mut wanted = self.audit_selection(ctx, filter).await?;
        wanted.after = after.as_deref().and_then(Cursor::decode);
        let page = audit::page(&self.db, ctx.company(), &wanted, EXPORT_BATCH).await?;
        Ok((self.audit_views(ctx, page.entries).await?, page.next.map(|next| next.encode())))
    }

    async fn audit_selection(&self, ctx: &ManagerCtx, filter: &AuditFilter) -> Result<Filter, ReportsError> {
        for person in [filter.person, filter.actor].into_iter().flatten() {
            self.accounts.employee_in_scope(ctx, person).await?;
        }
        Ok(Filter {
            about: filter.person,
            actor: filter.actor,
            entity: filter.entity,
            from: filter.from,
            to: filter.to,
            people: accounts::people::read::reach_filter(&self.db, ctx).await?,
            after: filter.cursor,
        })
    }

    async fn audit_views(&self, ctx: &ManagerCtx, entries: Vec<Entry>) -> Result<Vec<AuditEntryView>, ReportsError> {
        let mut ids: Vec<UserId> =
            entries.iter().flat_map(|entry| [entry.actor, entry.subject, entry.on_behalf_of]).flatten().collect();
        ids.sort_unstable();
        ids.dedup();
        let names: HashMap<UserId, String> = self.accounts.names_in_company(ctx, &ids).await?;
        let mut keys: Vec<kernel::ApiKeyId> = entries.iter().filter_map(|entry| entry.api_key).collect();
        keys.sort_unstable();
        keys.dedup();
        let key_names = self.accounts.api_key_names(ctx, &keys).await?;
        let person = |id: Option<UserId>| id.map(|id| AuditPerson { id: id.0, name: names.get(&id).cloned() });
        Ok(entries
            .into_iter()
            .map(|entry| AuditEntryView {
                id: entry.id.0,
                occurred_at: entry.occurred_at,
                actor: person(entry.actor),
                impersonated: entry.impersonator.is_some(),
                on_behalf_of: person(entry.on_behalf_of),
                person: person(entry.subject),
                entity: entry.entity,
                entity_id: entry.entity_id,
                action: entry.action,
                changes: entry
                    .changes
                    .into_iter()
                    .map(|change| AuditFieldChange { field: change.field, before: change.before, after: change.after })
                    .collect(),
                ip: entry.ip,
                client: entry.client,
                api_key: entry.api_key.map(|key| AuditApiKey { id: key.0, name: key_names.get(&key).cloned() }),
            })
            .collect())
    }
}

/// The export's header.
pub const AUDIT_CSV_HEADER: [&str; 11] = [
    "When (UTC)",
    "Who",
    "As support",
    "On behalf of",
    "About",
    "What",
    "Id",
    "Action",
    "Changes",
    "Address",
    "Client",
];

impl AuditEntryView {
    /// The entry's cells in the export.
    pub fn csv_cells(&self) -> Vec<String> {
        let name = |person: &Option<AuditPerson>| {
            person
                .as_ref()
                .map(|person| person.name.clone().unwrap_or_else(|| format!("#{}", person.id)))
                .unwrap_or_default()
        };
        let value = |value: &serde_json::Value| match value {
            serde_json::Value::Null => "—".to_owned(),
            serde_json::Value::String(text) => text.clone(),
            other => other.to_string(),
        };
        let changes = self
            .changes
            .iter()
            .map(|change| format!("{}: {} → {}", change.field, value(&change.before), value(&change.after)))
            .collect::<Vec<_>>()
            .join("; ");
        vec![
            self.occurred_at.format("%Y-%m-%d %H:%M:%S").to_string(),
            name(&self.actor),
            if self.impersonated { "yes" } else { "" }.to_owned(),
            name(&self.on_behalf_of),
            name(&self.person),
            self.entity.clone(),
            self.entity_id.clone(),
            self.action.clone(),
            changes,
            self.ip.clone().unwrap_or_default(),
            match &self.api_key {
                Some(key) => {
                    format!("{} ({})", self.client, key.name.clone().unwrap_or_else(|| format!("key #{}", key.id)))
                }
                None => self.client.clone(),
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(pairs: &[(&str, &str)]) -> AuditQuery {
        let mut query = AuditQuery::default();
        for (key, value) in pairs {
            let value = Some((*value).to_owned());
            match *key {
                "person" => query.person = value,
                "actor" => query.actor = value,
                "entity" => query.entity = value,
                "from" => query.from = value,
                "to" => query.to = value,
                _ => query.cursor = value,
            }
        }
        query
    }

    #[test]
    fn bad_filters_are_named_by_field() {
        let tz = chrono_tz::America::Chicago;
        let errors = AuditFilter::parse(
            &query(&[
                ("person", "x"),
                ("actor", "-1"),
                ("entity", "everything"),
                ("from", "2026-13-01"),
                ("cursor", "nope"),
            ]),
            tz,
        )
        .err()
        .unwrap_or_default();
        let json = serde_json::to_value(&errors).unwrap_or_default().to_string();
        for field in ["person", "actor", "entity", "from", "cursor"] {
            assert!(json.contains(field), "{field}: {json}");
        }
        let backwards = AuditFilter::parse(&query(&[("from", "2026-11-30"), ("to", "2026-11-01")]), tz);
        assert!(backwards.is_err());
    }

    #[test]
    fn days_are_the_company_s() {
        let tz = chrono_tz::America::Chicago;
        let filter =
            AuditFilter::parse(&query(&[("from", "2026-11-30"), ("to", "2026-11-30")]), tz).unwrap_or_default();
        assert_eq!(filter.from.map(|at| at.to_rfc3339()), Some("2026-11-30T06:00:00+00:00".to_owned()));
        assert_eq!(filter.to.map(|at| at.to_rfc3339()), Some("2026-12-01T06:00:00+00:00".to_owned()));
    }
}
