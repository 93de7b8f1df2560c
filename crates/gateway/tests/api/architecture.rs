//! Rules of the code's shape that the compiler cannot check.

use std::path::Path;

fn rust_files(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
}

#[test]
fn only_the_guards_build_a_tenant_context() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut files = Vec::new();
    rust_files(crates, &mut files);
    let builders: Vec<_> = files
        .iter()
        .filter(|file| !file.components().any(|part| part.as_os_str() == "tests"))
        .filter(|file| std::fs::read_to_string(file).unwrap().contains("TenantCtx::new("))
        .map(|file| file.strip_prefix(crates).unwrap().display().to_string())
        .collect();
    assert_eq!(builders, ["gateway/src/extractors.rs"]);
    // Scheduled jobs read a company without a person's request: these are all of them.
    let mut jobs: Vec<_> = files
        .iter()
        .filter(|file| !file.components().any(|part| part.as_os_str() == "tests"))
        .filter(|file| {
            let text = std::fs::read_to_string(file).unwrap();
            text.contains("TenantCtx::for_job(") || text.contains("ManagerCtx::for_job(")
        })
        .map(|file| file.strip_prefix(crates).unwrap().display().to_string())
        .collect();
    jobs.sort();
    assert_eq!(
        jobs,
        [
            "approvals/src/job.rs",
            "hr/src/celebrations/job.rs",
            "hr/src/records/onboarding.rs",
            "licensing/src/job.rs",
            "pto/src/accruals.rs",
            "reports/src/closing/job.rs",
            "timesheet/src/missed.rs",
            "timesheet/src/overtime_alerts.rs"
        ]
    );
}

/// A kiosk's proof has one builder, the `KioskDevice` guard; and only the clock's kiosk service
/// turns it into a person's context, after checking their PIN.
#[test]
fn only_the_kiosk_guard_builds_a_kiosk_context_and_only_a_pin_makes_it_a_person() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut files = Vec::new();
    rust_files(crates, &mut files);
    let calls = |needle: &str| -> Vec<String> {
        files
            .iter()
            .filter(|file| !file.components().any(|part| part.as_os_str() == "tests"))
            .filter(|file| std::fs::read_to_string(file).unwrap().contains(needle))
            .map(|file| file.strip_prefix(crates).unwrap().display().to_string())
            .collect()
    };
    assert_eq!(calls("KioskCtx::new("), ["gateway/src/extractors.rs"]);
    assert_eq!(calls(".as_person("), ["clock/src/kiosk/service.rs"]);
}

/// The system area's proof has one builder too: the `Operator` guard.
#[test]
fn only_the_operator_guard_builds_a_system_context() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut files = Vec::new();
    rust_files(crates, &mut files);
    let builders: Vec<_> = files
        .iter()
        .filter(|file| !file.components().any(|part| part.as_os_str() == "tests"))
        .filter(|file| std::fs::read_to_string(file).unwrap().contains("SystemCtx::new("))
        .map(|file| file.strip_prefix(crates).unwrap().display().to_string())
        .collect();
    assert_eq!(builders, ["gateway/src/extractors.rs"]);
}

/// Tenancy has one rule (`kernel::tenancy::same_company`); nobody writes it again by hand.
#[test]
fn every_query_is_scoped_to_the_company_through_the_one_helper() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut files = Vec::new();
    rust_files(crates, &mut files);
    let by_hand: Vec<_> = files
        .iter()
        .filter(|file| file.components().any(|part| part.as_os_str() == "src"))
        .filter(|file| !file.ends_with("kernel/src/tenancy.rs"))
        .filter(|file| std::fs::read_to_string(file).unwrap().contains("Column::CompanyId.eq("))
        .map(|file| file.strip_prefix(crates).unwrap().display().to_string())
        .collect();
    assert!(by_hand.is_empty(), "company filters written by hand in {by_hand:?}");
}

/// Roles decide only in the guards and in kernel's contexts: a service never asks for one.
#[test]
fn no_service_reads_a_role_to_decide() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut files = Vec::new();
    rust_files(crates, &mut files);
    let deciders: Vec<_> = files
        .iter()
        .filter(|file| file.components().any(|part| part.as_os_str() == "src"))
        .filter(|file| {
            let text = std::fs::read_to_string(file).unwrap();
            ["ctx.role()", ".is_admin()", ".is_privileged()"].iter().any(|call| text.contains(call))
        })
        .map(|file| file.strip_prefix(crates).unwrap().display().to_string())
        .collect();
    assert!(deciders.is_empty(), "role checks outside the guards in {deciders:?}");
}

#[actix_web::test]
async fn the_openapi_document_describes_every_route() {
    let app = crate::helpers::spawn_app().await;
    let reply = app.get("/server/v1/openapi.json").await;
    assert_eq!(reply.status, 200);
    let paths = reply.body["paths"].as_object().unwrap();
    for path in [
        "/server/v1/auth/login",
        "/server/v1/auth/logout",
        "/server/v1/auth/login-data",
        "/server/v1/auth/reset-password",
        "/server/v1/auth/reset-password-now",
        "/server/v1/auth/change-my-password",
        "/server/v1/account/signup",
        "/server/v1/account/verify-email",
        "/server/v1/account/signup-data",
        "/server/v1/manage/user-data",
        "/healthz",
        "/readyz",
    ] {
        assert!(paths.contains_key(path), "{path} is missing from the OpenAPI document");
    }
    assert_eq!(app.get("/healthz").await.body["status"], "ok");
    assert_eq!(app.get("/readyz").await.body["status"], "ready");
}

/// The files under a crate's `src` (paths from `crates/`) that `skip` lets through and that hold
/// any of `needles`.
fn sources_containing(needles: &[&str], skip: impl Fn(&Path) -> bool) -> Vec<String> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut files = Vec::new();
    rust_files(crates, &mut files);
    files
        .iter()
        .filter(|file| file.components().any(|part| part.as_os_str() == "src"))
        .filter(|file| !skip(file.strip_prefix(crates).unwrap()))
        .filter(|file| {
            let text = std::fs::read_to_string(file).unwrap();
            needles.iter().any(|needle| text.contains(needle))
        })
        .map(|file| file.strip_prefix(crates).unwrap().display().to_string())
        .collect()
}

/// Every transaction that writes begins as a writer (`kernel::begin_write`): a plain `BEGIN` on
/// SQLite fails at once with "database is locked" when another writer got there first.
#[test]
fn every_write_transaction_begins_as_a_writer() {
    // The migrations' advisory lock (PostgreSQL only) and the helper itself begin plainly.
    let plain = sources_containing(&[".begin()", "TransactionTrait::begin"], |file| {
        file.ends_with("kernel/src/transaction.rs") || file.ends_with("gateway/src/db.rs")
    });
    assert!(plain.is_empty(), "plain transactions (use kernel::begin_write) in {plain:?}");
}

/// The context decides: a domain crate asks kernel's contexts the question a role answers
/// (`answers_for_others`, `acts_for_the_company`, `sees_owner_only_records_of`, `may_decide`) and
/// takes the proof it needs as its parameter; it never asks for a proof to branch on. Only the
/// guards (the gateway) and kernel itself turn one proof into another.
#[test]
fn no_domain_crate_asks_for_a_proof_to_decide() {
    let deciders = sources_containing(&[".admin()", ".manager()"], |file| {
        file.starts_with("gateway") || file.starts_with("kernel")
    });
    assert!(deciders.is_empty(), "proofs asked for in domain crates: {deciders:?}");
}

/// The entity modules of each crate (`crates/<crate>/src/entities/<table>.rs`), by crate.
fn entity_modules() -> std::collections::BTreeMap<String, Vec<String>> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut owners = std::collections::BTreeMap::new();
    for entry in std::fs::read_dir(crates).unwrap().flatten() {
        let dir = entry.path().join("src").join("entities");
        let Ok(files) = std::fs::read_dir(&dir) else { continue };
        let mut tables: Vec<String> = files
            .flatten()
            .filter_map(|file| file.path().file_stem().map(|stem| stem.to_string_lossy().into_owned()))
            .filter(|stem| stem != "mod")
            .collect();
        tables.sort();
        owners.insert(entry.file_name().to_string_lossy().replace('-', "_"), tables);
    }
    owners
}

/// Each table has one writer crate, and the others read it through that crate's read API
/// (`accounts::people::read`, `clock::writes`, …): no crate names another crate's entities, nor
/// builds, inserts, updates or deletes rows of a table another crate owns.
#[test]
fn each_table_has_one_writer_and_its_entities_stay_in_their_crate() {
    let owners = entity_modules();
    assert!(owners["accounts"].contains(&"users".to_owned()), "the entity walk found no tables: {owners:?}");
    let mut broken = Vec::new();
    for owner in owners.keys() {
        let needle = format!("{owner}::entities");
        broken.extend(
            sources_containing(&[&needle], |file| {
                file.starts_with(owner.replace('_', "-")) || file.components().any(|part| part.as_os_str() == "tests")
            })
            .into_iter()
            .map(|file| format!("{file} names {needle}")),
        );
    }
    // A table's name that only one crate uses for an entity, written as a row by any other.
    for (owner, tables) in &owners {
        for table in tables {
            if owners.iter().any(|(other, theirs)| other != owner && theirs.contains(table)) {
                continue;
            }
            let writes: Vec<String> =
                ["ActiveModel", "Entity::insert", "Entity::update", "Entity::delete", "NewPerson"]
                    .iter()
                    .map(|write| format!("{table}::{write}"))
                    .collect();
            let needles: Vec<&str> = writes.iter().map(String::as_str).collect();
            broken.extend(
                sources_containing(&needles, |file| file.starts_with(owner.replace('_', "-")))
                    .into_iter()
                    .map(|file| format!("{file} writes {owner}'s {table}")),
            );
        }
    }
    assert!(broken.is_empty(), "tables used outside their owner's API: {broken:#?}");
}

/// Columns that hold an untyped id, with the reason: bookkeeping rows the API never addresses
/// by id. Every other id column of every entity is a kernel id type (`UserId`, `CompanyId`, …),
/// so an id can never be passed where another is expected, from the API to the table.
const UNTYPED_ID_COLUMNS: &[(&str, &str)] = &[
    ("email_tokens.id", "an e-mailed link is found by its token's hash, never by id"),
    ("two_factor_recovery_codes.id", "a recovery code is found by its hash, never by id"),
    ("mail_outbox.id", "outgoing mail, claimed by whichever server sends it"),
    ("sso_logins.id", "a sign-in handshake, found by its state"),
    ("sso_signups.id", "a sign-up handshake, found by its state"),
    ("activities.record_id", "an event, a document or a request, as the entry's type says: several tables"),
    ("time_entry_actions.id", "a shift's presses, read with their shift (EntryId)"),
    ("clock_press_receipts.id", "a press's receipt is found by its Idempotency-Key"),
    ("time_entry_breaks.id", "a shift's breaks, read and replaced with their shift (EntryId)"),
    ("worked_changes.id", "a position in the log the week totals replay, not a record's id"),
    ("agencyzoom_links.id", "the partner CRM's link of a person, found by the partner's id"),
    ("calendar_feeds.id", "a feed is found by its secret"),
    ("licensing_reminders.subject_id", "a licence or a CE requirement, as the mark's subject says: two tables"),
    ("celebration_sends.id", "the once-only mark of a celebration mail"),
    ("overtime_alerts.id", "the once-only mark of an overtime alert mail"),
    ("hr_policies.current_version_id", "a policy's versions are reached through their policy (PolicyId)"),
    ("hr_policy_versions.id", "reached through their policy (PolicyId)"),
    ("hr_policy_workflows.version_id", "reached through their policy (PolicyId)"),
    ("hr_policy_recipients.id", "a recipient is the workflow and the person (PolicyWorkflowId, UserId)"),
    ("employee_holiday_hours.id", "a person's hours of a holiday: the person and the holiday"),
    ("pto_checkpoints.id", "the accrual engine's resume points, per person"),
    ("accrual_runs.id", "a run of the accrual job, listed with the others"),
    ("accrual_run_errors.id", "what a run could not compute, read by run and company"),
    ("accrual_run_errors.run_id", "the run it belongs to (accrual_runs.id)"),
    ("accrual_incidents.id", "the once-only mark of an incident told to the operator"),
    ("sick_leave_statements.id", "the once-only mark of a person's monthly statement"),
    ("pto_assumed_hours.id", "a person's assumed week: found by the person"),
    ("pay_period_locks.id", "a closed pay period is found by its company and first day"),
    ("pay_period_events.id", "the append-only history of a pay period, read by its first day"),
    ("pay_period_adjustments.id", "a late change carried between two pay periods, read by their first days"),
    ("pto_rule_changes.id", "the history of a plan's rules, listed with the plan"),
    ("pto_type_overrides.id", "a type's allowance per job role: the type and the job role"),
    ("approval_path_uses.id", "what a PTO type or the timesheet edits use: found by its target"),
    ("approval_flows.request_id", "a time-off or a timesheet edit request, as the flow's kind says: two tables"),
    ("approval_waiting.id", "a step's approvers, read with their flow (ApprovalFlowId)"),
    ("approval_answers.id", "the append-only answers of a flow, read with it (ApprovalFlowId)"),
    ("approval_events.id", "the reminders and escalations of a flow, read with it (ApprovalFlowId)"),
    ("attempts.id", "a charge's attempts, listed with their charge (ChargeId)"),
    ("checkouts.id", "a checkout is found by the provider's session id"),
    ("audit.id", "the operator's audit trail, listed and exported, never addressed one by one"),
    ("timesheet_changes.id", "a shift's change history, listed with the shift"),
    ("timesheet_comments.id", "a shift's comments, listed with the shift"),
];

#[test]
fn every_id_column_the_api_addresses_is_typed() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut untyped = Vec::new();
    for (owner, tables) in entity_modules() {
        for table in tables {
            let file = crates.join(owner.replace('_', "-")).join("src/entities").join(format!("{table}.rs"));
            for line in std::fs::read_to_string(&file).unwrap().lines() {
                let Some((name, kind)) = line.trim().strip_prefix("pub ").and_then(|field| field.split_once(':'))
                else {
                    continue;
                };
                let kind = kind.trim().trim_end_matches(',');
                let id = name == "id" || name.ends_with("_id") || name.ends_with("_by");
                if id && (kind == "i64" || kind == "Option<i64>") {
                    let column = format!("{table}.{name}");
                    if !UNTYPED_ID_COLUMNS.iter().any(|(allowed, _)| *allowed == column) {
                        untyped.push(column);
                    }
                }
            }
        }
    }
    assert!(untyped.is_empty(), "id columns without a kernel id type: {untyped:#?}");
}
