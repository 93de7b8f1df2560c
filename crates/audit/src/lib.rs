//! The company's audit trail (issue 43): who changed what in a company, when, as whom and from
//! where.
//!
//! Why a crate of its own on floor 2, beside `activity`: every domain that changes someone
//! else's records or the company's settings writes here (clock, accounts, timesheet, pto, hr,
//! billing, approvals), so it must sit below them all, and it needs nothing but kernel. It owns
//! the `audit_trail` table. Writers call [`record`] inside their own transaction with the
//! context that proved their right, so an entry exists exactly when the change was saved, and
//! the context's [`kernel::Origin`] says from which address and client, and which platform
//! operator stood behind an impersonation.
//!
//! The trail is append-only: this crate offers no update and no delete but the company's
//! erasure ([`purge_company`]), and the migration adds a trigger that refuses any `UPDATE` of a
//! row on both databases. Readers get [`Entry`] values through [`page`], one keyset page at a
//! time, scoped to the company by kernel's tenancy helper; whom a manager may read about is the
//! caller's business (reports passes the people they reach).
//!
//! Secrets never enter it: a change lists the fields its writer names, and [`record`] drops any
//! field whose name says it holds a secret (a password, a token, a PIN, a hash), whatever the
//! writer passed.

mod entities;
mod read;

pub use read::{page, Cursor, Entry, Filter, Page, PAGE_SIZE};

use chrono::Utc;
use entities::audit_trail;
use kernel::{CompanyId, Origin, TenantCtx, UserId};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ConnectionTrait, DbErr};
use serde_json::Value;

/// What an entry is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject {
    Shift,
    EditRequest,
    TimeOffRequest,
    PtoBalance,
    PtoPlan,
    PtoRule,
    PtoType,
    Holiday,
    Person,
    HrRecord,
    Policy,
    CompanySettings,
    TimeSettings,
    Location,
    Billing,
    SignIn,
    ApiKey,
    Webhook,
}

impl Subject {
    pub const ALL: [Subject; 18] = [
        Subject::Shift,
        Subject::EditRequest,
        Subject::TimeOffRequest,
        Subject::PtoBalance,
        Subject::PtoPlan,
        Subject::PtoRule,
        Subject::PtoType,
        Subject::Holiday,
        Subject::Person,
        Subject::HrRecord,
        Subject::Policy,
        Subject::CompanySettings,
        Subject::TimeSettings,
        Subject::Location,
        Subject::Billing,
        Subject::SignIn,
        Subject::ApiKey,
        Subject::Webhook,
    ];

    /// The code stored and sent on the wire (the page's "what changed" filter).
    pub fn code(self) -> &'static str {
        match self {
            Subject::Shift => "shift",
            Subject::EditRequest => "edit_request",
            Subject::TimeOffRequest => "time_off_request",
            Subject::PtoBalance => "pto_balance",
            Subject::PtoPlan => "pto_plan",
            Subject::PtoRule => "pto_rule",
            Subject::PtoType => "pto_type",
            Subject::Holiday => "holiday",
            Subject::Person => "person",
            Subject::HrRecord => "hr_record",
            Subject::Policy => "policy",
            Subject::CompanySettings => "company_settings",
            Subject::TimeSettings => "time_settings",
            Subject::Location => "location",
            Subject::Billing => "billing",
            Subject::SignIn => "sign_in",
            Subject::ApiKey => "api_key",
            Subject::Webhook => "webhook",
        }
    }

    pub fn from_code(code: &str) -> Option<Subject> {
        Subject::ALL.into_iter().find(|subject| subject.code() == code)
    }
}

/// What was done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Created,
    Updated,
    Deleted,
    Approved,
    Rejected,
    Cancelled,
    Terminated,
    Reactivated,
    RoleChanged,
    SignedIn,
}

impl Action {
    pub fn code(self) -> &'static str {
        match self {
            Action::Created => "created",
            Action::Updated => "updated",
            Action::Deleted => "deleted",
            Action::Approved => "approved",
            Action::Rejected => "rejected",
            Action::Cancelled => "cancelled",
            Action::Terminated => "terminated",
            Action::Reactivated => "reactivated",
            Action::RoleChanged => "role_changed",
            Action::SignedIn => "signed_in",
        }
    }
}

/// One field's value before and after a change (`Null` where it did not exist).
#[derive(Debug, Clone, PartialEq)]
pub struct FieldChange {
    pub field: String,
    pub before: Value,
    pub after: Value,
}

/// A record's fields as the audit trail shows them: a writer builds one before and one after its
/// change, naming only what a reader may see.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Snapshot(Vec<(&'static str, Value)>);

impl Snapshot {
    pub fn new() -> Self {
        Snapshot(Vec::new())
    }

    /// Adds a field.
    pub fn with(mut self, field: &'static str, value: impl Into<Value>) -> Self {
        self.0.push((field, value.into()));
        self
    }

    fn get(&self, field: &str) -> Option<&Value> {
        self.0.iter().find(|(name, _)| *name == field).map(|(_, value)| value)
    }
}

/// A change to record: what, which one, about whom, and its fields.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    subject: Subject,
    id: String,
    action: Action,
    about: Option<UserId>,
    on_behalf_of: Option<UserId>,
    fields: Vec<FieldChange>,
}

impl Change {
    pub fn new(subject: Subject, id: impl ToString, action: Action) -> Self {
        Change { subject, id: id.to_string(), action, about: None, on_behalf_of: None, fields: Vec::new() }
    }

    /// The person the change is about (managers read the entries about the people they reach).
    pub fn about(mut self, person: UserId) -> Self {
        self.about = Some(person);
        self
    }

    /// The approver the actor stood in for.
    pub fn on_behalf_of(mut self, approver: Option<UserId>) -> Self {
        self.on_behalf_of = approver;
        self
    }

    /// One field, when it changed.
    pub fn field(mut self, field: &str, before: impl Into<Value>, after: impl Into<Value>) -> Self {
        let (before, after) = (before.into(), after.into());
        if before != after {
            self.fields.push(FieldChange { field: field.to_owned(), before, after });
        }
        self
    }

    /// The fields that differ between two snapshots (a field missing on one side is `null` there).
    pub fn diff(mut self, before: &Snapshot, after: &Snapshot) -> Self {
        let mut names: Vec<&'static str> = before.0.iter().map(|(name, _)| *name).collect();
        names.extend(after.0.iter().map(|(name, _)| *name).filter(|name| before.get(name).is_none()));
        for name in names {
            let old = before.get(name).cloned().unwrap_or(Value::Null);
            let new = after.get(name).cloned().unwrap_or(Value::Null);
            self = self.field(name, old, new);
        }
        self
    }

    /// Every field of a record that was created (before: nothing).
    pub fn created(self, after: &Snapshot) -> Self {
        self.diff(&Snapshot::new(), after)
    }

    /// Every field of a record that was deleted (after: nothing).
    pub fn deleted(self, before: &Snapshot) -> Self {
        self.diff(before, &Snapshot::new())
    }

    /// Whether an update changed nothing a reader could see (then nothing is recorded).
    fn is_empty_update(&self) -> bool {
        self.action == Action::Updated && self.fields.is_empty()
    }
}

/// An instant as the trail stores it: UTC, to the second, with `Z` (`2026-11-30T15:04:05Z`), the
/// form readers recognise as a time to show on the company's clock.
pub fn instant(at: chrono::DateTime<Utc>) -> Value {
    Value::String(at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
}

/// Whether a field's name says it holds a secret: such a field is never stored, whatever its
/// writer passed.
pub fn is_secret_field(field: &str) -> bool {
    let field = field.to_ascii_lowercase();
    ["password", "secret", "token", "pin", "hash", "recovery", "api_key"].iter().any(|word| field.contains(word))
}

/// Records `change`, made by the context's person, inside the caller's transaction. A scheduled
/// job's context (nobody acted) records nothing, nor does an update that changed no field.
pub async fn record<C: ConnectionTrait>(conn: &C, ctx: &TenantCtx, change: Change) -> Result<(), DbErr> {
    if !ctx.is_person() || change.is_empty_update() || cfg!(feature = "without-trail") {
        return Ok(());
    }
    insert(conn, ctx.company(), Some(ctx.actor()), ctx.origin(), change).await
}

/// Records a person's sign-in to their company (there is no context yet: the session is being
/// made). `origin` carries the address, the client and the operator under impersonation.
pub async fn record_sign_in<C: ConnectionTrait>(
    conn: &C,
    company: CompanyId,
    person: UserId,
    origin: &Origin,
    user_agent: Option<&str>,
) -> Result<(), DbErr> {
    let change = Change::new(Subject::SignIn, person.0, Action::SignedIn).about(person).field(
        "userAgent",
        Value::Null,
        user_agent,
    );
    insert(conn, company, Some(person), origin, change).await
}

async fn insert<C: ConnectionTrait>(
    conn: &C,
    company: CompanyId,
    actor: Option<UserId>,
    origin: &Origin,
    change: Change,
) -> Result<(), DbErr> {
    let fields: Vec<Value> = change
        .fields
        .into_iter()
        .filter(|field| !is_secret_field(&field.field))
        .map(|field| serde_json::json!({"field": field.field, "before": field.before, "after": field.after}))
        .collect();
    audit_trail::ActiveModel {
        company_id: Set(company),
        occurred_at: Set(Utc::now()),
        actor_id: Set(actor),
        impersonator_id: Set(origin.impersonator),
        on_behalf_of: Set(change.on_behalf_of),
        subject_id: Set(change.about),
        entity: Set(change.subject.code().to_owned()),
        entity_id: Set(change.id),
        action: Set(change.action.code().to_owned()),
        changes: Set(Value::Array(fields).to_string()),
        ip: Set(origin.ip.clone()),
        client: Set(origin.client.code().to_owned()),
        api_key_id: Set(origin.api_key),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(())
}

/// Erases the trail of `company` when its account is closed (called by `closure`): the one
/// delete there is.
pub async fn purge_company<C: ConnectionTrait>(
    conn: &C,
    company: CompanyId,
) -> Result<Vec<kernel::purge::Erased>, DbErr> {
    Ok(vec![kernel::purge::erase_in_company::<audit_trail::Entity, C>(conn, company).await?])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diff_lists_only_what_changed() {
        let before = Snapshot::new().with("start", "09:00").with("end", "17:00").with("note", Value::Null);
        let after = Snapshot::new().with("start", "08:30").with("end", "17:00").with("note", "late bus");
        let change = Change::new(Subject::Shift, 7, Action::Updated).diff(&before, &after);
        assert_eq!(
            change.fields,
            vec![
                FieldChange { field: "start".into(), before: "09:00".into(), after: "08:30".into() },
                FieldChange { field: "note".into(), before: Value::Null, after: "late bus".into() },
            ]
        );
        assert!(Change::new(Subject::Shift, 7, Action::Updated).diff(&before, &before).is_empty_update());
        let created = Change::new(Subject::Holiday, 1, Action::Created).created(&after);
        assert_eq!(created.fields.len(), 3);
    }

    #[test]
    fn instants_are_utc_with_z() {
        let at = chrono::DateTime::from_timestamp(1_796_050_000, 0).unwrap_or_default();
        assert_eq!(instant(at), Value::String("2026-11-30T14:46:40Z".to_owned()));
    }

    #[test]
    fn secrets_are_recognised_by_name() {
        for field in ["password", "password_hash", "secret", "webhookSecret", "token", "kiosk_pin", "recovery_codes"] {
            assert!(is_secret_field(field), "{field}");
        }
        for field in ["start", "end", "role", "email", "hours", "name"] {
            assert!(!is_secret_field(field), "{field}");
        }
    }

    #[test]
    fn codes_round_trip() {
        for subject in Subject::ALL {
            assert_eq!(Subject::from_code(subject.code()), Some(subject));
        }
        assert_eq!(Subject::from_code("nothing"), None);
    }
}
