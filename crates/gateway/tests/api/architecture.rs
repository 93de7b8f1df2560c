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
        .filter(|file| std::fs::read_to_string(file).unwrap().contains("TenantCtx::for_job("))
        .map(|file| file.strip_prefix(crates).unwrap().display().to_string())
        .collect();
    jobs.sort();
    assert_eq!(jobs, ["hr/src/celebrations.rs", "hr/src/records/onboarding.rs", "pto/src/accruals.rs"]);
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
