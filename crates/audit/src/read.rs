//! Reading the trail: newest first, one keyset page at a time, so the first page of any filter
//! reads a bounded slice of an index however long the trail is (issue 43's benchmark: 1 million
//! entries).

use crate::entities::audit_trail;
use crate::{FieldChange, Subject};
use chrono::{DateTime, Utc};
use kernel::{AuditEntryId, CompanyId, UserId};
use sea_orm::sea_query::Condition;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, QueryFilter, QueryOrder, QuerySelect};
use serde_json::Value;

/// Entries per page.
pub const PAGE_SIZE: u64 = 50;

/// One entry as readers see it.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub id: AuditEntryId,
    pub occurred_at: DateTime<Utc>,
    pub actor: Option<UserId>,
    pub impersonator: Option<UserId>,
    pub on_behalf_of: Option<UserId>,
    pub subject: Option<UserId>,
    pub entity: String,
    pub entity_id: String,
    pub action: String,
    pub changes: Vec<FieldChange>,
    pub ip: Option<String>,
    pub client: String,
    /// The API key the change came through.
    pub api_key: Option<kernel::ApiKeyId>,
}

/// Where a page starts: just older than the last entry of the page before.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cursor {
    at: DateTime<Utc>,
    id: AuditEntryId,
}

impl Cursor {
    /// The cursor as the wire carries it (`<microseconds>.<id>`).
    pub fn encode(&self) -> String {
        format!("{}.{}", self.at.timestamp_micros(), self.id.0)
    }

    /// `None` for anything [`Cursor::encode`] did not write.
    pub fn decode(text: &str) -> Option<Cursor> {
        let (micros, id) = text.split_once('.')?;
        let at = DateTime::from_timestamp_micros(micros.parse().ok()?)?;
        Some(Cursor { at, id: AuditEntryId(id.parse().ok()?) })
    }
}

/// What to read. `people` limits the entries to those about these people (a manager's reach);
/// `None` reads the whole company's.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub about: Option<UserId>,
    pub actor: Option<UserId>,
    pub entity: Option<Subject>,
    /// From this instant (inclusive).
    pub from: Option<DateTime<Utc>>,
    /// Before this instant (exclusive).
    pub to: Option<DateTime<Utc>>,
    pub people: Option<Vec<UserId>>,
    pub after: Option<Cursor>,
}

/// A page of entries and where the next one starts (`None`: this was the last).
#[derive(Debug, Clone)]
pub struct Page {
    pub entries: Vec<Entry>,
    pub next: Option<Cursor>,
}

/// The page of `company`'s trail that `filter` chooses, `size` entries at most, newest first.
pub async fn page<C: ConnectionTrait>(conn: &C, company: CompanyId, filter: &Filter, size: u64) -> Result<Page, DbErr> {
    use audit_trail::Column;
    let mut query = kernel::tenancy::in_company::<audit_trail::Entity>(company);
    if let Some(person) = filter.about {
        query = query.filter(Column::SubjectId.eq(person.0));
    }
    if let Some(people) = &filter.people {
        query = query.filter(Column::SubjectId.is_in(people.iter().map(|person| person.0)));
    }
    if let Some(actor) = filter.actor {
        query = query.filter(Column::ActorId.eq(actor.0));
    }
    if let Some(entity) = filter.entity {
        query = query.filter(Column::Entity.eq(entity.code()));
    }
    if let Some(from) = filter.from {
        query = query.filter(Column::OccurredAt.gte(from));
    }
    if let Some(to) = filter.to {
        query = query.filter(Column::OccurredAt.lt(to));
    }
    if let Some(after) = filter.after {
        query = query.filter(
            Condition::any()
                .add(Column::OccurredAt.lt(after.at))
                .add(Condition::all().add(Column::OccurredAt.eq(after.at)).add(Column::Id.lt(after.id.0))),
        );
    }
    let rows = query
        .order_by_desc(Column::OccurredAt)
        .order_by_desc(Column::Id)
        .limit(size.saturating_add(1))
        .all(conn)
        .await?;
    let more = rows.len() as u64 > size;
    let entries: Vec<Entry> = rows.into_iter().take(size as usize).map(Entry::from).collect();
    let next = if more { entries.last().map(|last| Cursor { at: last.occurred_at, id: last.id }) } else { None };
    Ok(Page { entries, next })
}

impl From<audit_trail::Model> for Entry {
    fn from(row: audit_trail::Model) -> Self {
        let changes = match serde_json::from_str::<Value>(&row.changes) {
            Ok(Value::Array(items)) => items
                .into_iter()
                .filter_map(|item| {
                    let field = item.get("field")?.as_str()?.to_owned();
                    let before = item.get("before").cloned().unwrap_or(Value::Null);
                    let after = item.get("after").cloned().unwrap_or(Value::Null);
                    Some(FieldChange { field, before, after })
                })
                .collect(),
            _ => Vec::new(),
        };
        Entry {
            id: row.id,
            occurred_at: row.occurred_at,
            actor: row.actor_id,
            impersonator: row.impersonator_id,
            on_behalf_of: row.on_behalf_of,
            subject: row.subject_id,
            entity: row.entity,
            entity_id: row.entity_id,
            action: row.action,
            changes,
            ip: row.ip,
            client: row.client,
            api_key: row.api_key_id,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_round_trips_and_refuses_anything_else() {
        let at = DateTime::from_timestamp_micros(1_790_000_000_123_456).unwrap_or_default();
        let cursor = Cursor { at, id: AuditEntryId(42) };
        assert_eq!(Cursor::decode(&cursor.encode()), Some(cursor));
        for bad in ["", "12", "a.b", "1.x", "99999999999999999999.1"] {
            assert_eq!(Cursor::decode(bad), None, "{bad}");
        }
    }
}
